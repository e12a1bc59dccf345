//! Picking pieces and targets, and the keys. The mouse (and tests) send [`BoardInput`]
//! presses and releases on points; [`pick`] turns them into a selection and
//! [`GameCommand::Move`]s. A click is a press and a release on the same point; a drag is a
//! press on a piece and a release elsewhere. The selection is this module's own: it is
//! dropped whenever the screen stops taking moves for the moment it was made in.
//! `--select` clicks a piece once the board is up ([`Preselect`]), as the mouse would.
//!
//! Keys: Escape drops the picked piece; Left / Right / Home / End step through the game
//! (analysis, [`GameCommand::Browse`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use jieqi_rules::Side;
use jieqi_rules::platform::Spot;

use crate::layout::{Layout, Margins};
use crate::session::{BoardTurn, BrowseTo, GameCommand, Shown, Stamp};
use crate::states::{GameSet, Phase, ViewSync};

/// A press or release of the pointer: on a place of the board, or off it (`None`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    Press(Option<Spot>),
    Release(Option<Spot>),
    /// Drop the selection (Escape).
    Cancel,
}

/// `--select`: pick this piece once the board is up, as a click would.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Preselect(pub Spot);

/// Where the pointer is, in world coordinates (for a dragged piece to follow). Kept apart
/// from [`Selection`] so that moving the mouse does not count as a new selection.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer(pub Option<Vec2>);

/// The picked piece, and a drag in progress.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub spot: Option<Spot>,
    /// The place where a drag started (the pointer is still down).
    pub drag_from: Option<Spot>,
    /// The press landed on the piece that was already selected: releasing there drops it.
    pressed_selected: bool,
    /// The moment and viewer this selection was made for; `None` while nothing may move.
    owner: Option<(Stamp, Side)>,
}

impl Selection {
    pub fn clear(&mut self) {
        self.spot = None;
        self.drag_from = None;
        self.pressed_selected = false;
    }

    /// The piece being dragged, if the pointer has left its point.
    pub fn dragged(&self) -> Option<Spot> {
        self.drag_from
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardInput>()
        .init_resource::<Selection>()
        .init_resource::<Pointer>()
        .add_systems(
            Update,
            (
                pick.in_set(GameSet::Input),
                preselect
                    .in_set(GameSet::Input)
                    .run_if(resource_exists::<Preselect>),
                forget_stale_selection
                    .in_set(GameSet::View)
                    .before(ViewSync),
            ),
        );
}

/// The mouse and keyboard (needs a window).
pub(super) fn pointer_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mouse_to_board, escape, browse_keys)
            .in_set(GameSet::Input)
            .before(pick),
    );
}

/// Clicks the preselected piece on the third frame of the game screen, as the mouse would.
fn preselect(
    mut commands: Commands,
    at: Res<Preselect>,
    mut frames: Local<u32>,
    phase: Option<Res<State<Phase>>>,
    mut out: MessageWriter<BoardInput>,
) {
    if phase.is_none() {
        return;
    }
    *frames += 1;
    if *frames == 3 {
        out.write(BoardInput::Press(Some(at.0)));
        out.write(BoardInput::Release(Some(at.0)));
        commands.remove_resource::<Preselect>();
    }
}

/// Where the pointer is in the world, through the one camera.
#[derive(SystemParam)]
struct Cursor<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
}

impl Cursor<'_, '_> {
    fn world(&self) -> Option<Vec2> {
        let (Ok(window), Ok((camera, camera_tf))) = (self.windows.single(), self.cameras.single())
        else {
            return None;
        };
        window
            .cursor_position()
            .and_then(|c| camera.viewport_to_world_2d(camera_tf, c).ok())
    }
}

/// Presses and releases of the left button on the board; the right button drops the pick.
fn mouse_to_board(
    buttons: Res<ButtonInput<MouseButton>>,
    cursor: Cursor,
    layout: Res<Layout>,
    mut panels: Panels,
    selection: Res<Selection>,
    mut pointer: ResMut<Pointer>,
    mut out: MessageWriter<BoardInput>,
) {
    let world = cursor.world();
    pointer.set_if_neq(Pointer(world));
    let at = world.and_then(|p| layout.spot_at(p));
    let pressed = buttons.just_pressed(MouseButton::Left);
    if pressed && !panels.take_press(&cursor) {
        out.write(BoardInput::Press(at));
    }
    if buttons.just_released(MouseButton::Left) && selection.drag_from.is_some() {
        out.write(BoardInput::Release(at));
    }
    if buttons.just_pressed(MouseButton::Right) {
        out.write(BoardInput::Cancel);
    }
}

/// The panels and windows around and over the board, asked whether a press is theirs: egui
/// is using the pointer (a slider, a window being moved), or at the pointer's position *now*
/// there is a window, a modal dialog, or a panel. egui's own answer (`EguiWantsInput`) is
/// about where it last saw the pointer: a tap that jumps from a panel onto the board (a touch
/// screen; xdotool in a real-window run, right after clicking a cover away) arrives before
/// egui has seen the pointer move, and the board lost it.
#[derive(SystemParam)]
struct Panels<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    margins: Res<'w, Margins>,
}

impl Panels<'_, '_> {
    fn take_press(&mut self, cursor: &Cursor) -> bool {
        let margins = *self.margins;
        let (Ok(ctx), Ok(window)) = (self.contexts.ctx_mut(), cursor.windows.single()) else {
            return false;
        };
        let Some(at) = window.cursor_position() else {
            return true;
        };
        let board_area = Rect::new(
            margins.left,
            margins.top,
            window.width() - margins.right,
            window.height() - margins.bottom,
        );
        // The panels are drawn on egui's background layer, which covers the whole window.
        let over_panels = !board_area.contains(at);
        let layer = ctx.layer_id_at(egui::pos2(at.x, at.y));
        ctx.egui_is_using_pointer()
            || over_panels
            || layer.is_some_and(|l| l.order != egui::Order::Background)
    }
}

fn escape(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<BoardInput>) {
    if keys.just_pressed(KeyCode::Escape) {
        out.write(BoardInput::Cancel);
    }
}

/// Left / Right / Home / End step through the game.
fn browse_keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut out: MessageWriter<GameCommand>,
) {
    // Arrows in a text box move its cursor.
    if wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    for (key, to) in [
        (KeyCode::ArrowLeft, BrowseTo::Back),
        (KeyCode::ArrowRight, BrowseTo::Forward),
        (KeyCode::Home, BrowseTo::First),
        (KeyCode::End, BrowseTo::Last),
    ] {
        if keys.just_pressed(key) {
            out.write(GameCommand::Browse(to));
        }
    }
}

/// What pressing on `spot` does, when the screen takes moves.
enum PressOn {
    /// A piece of the side to move, or one with a turn from it: pick it.
    Pick,
    /// A turn made where the piece stands (a Banqi flip), the only one from there: play it.
    PlayInPlace,
    /// Anything else: the target of the picked piece, if any.
    Target,
}

fn press_on(shown: &Shown, spot: Spot) -> PressOn {
    let Some(table) = shown.table.as_ref() else {
        return PressOn::Target;
    };
    let in_place = table.turns_from(spot).any(|t| t.to.is_none());
    if in_place && table.turns_from(spot).all(|t| t.to.is_none()) {
        return PressOn::PlayInPlace;
    }
    let own = table
        .look(spot)
        .and_then(|look| look.side())
        .is_some_and(|side| Some(side) == table.colour_to_move);
    if own || table.turns_from(spot).next().is_some() {
        PressOn::Pick
    } else {
        PressOn::Target
    }
}

/// Selection rules: press on one of your pieces picks it (and starts a drag); with a piece
/// picked, press on another place tries the move; release elsewhere after a drag tries the
/// move; a click on the picked piece drops it. A piece turned where it stands (a Banqi flip)
/// is played by one press.
fn pick(
    mut inputs: MessageReader<BoardInput>,
    mut selection: ResMut<Selection>,
    mut moves: MessageWriter<GameCommand>,
    shown: Res<Shown>,
    phase: Option<Res<State<Phase>>>,
) {
    let active = phase.is_some_and(|p| p.get().accepts_moves()) && shown.can_move();
    for input in inputs.read() {
        if !active {
            selection.clear();
            continue;
        }
        match *input {
            BoardInput::Press(None) | BoardInput::Cancel => selection.clear(),
            BoardInput::Press(Some(spot)) => match press_on(&shown, spot) {
                PressOn::PlayInPlace => {
                    selection.clear();
                    moves.write(GameCommand::Move(BoardTurn {
                        from: spot,
                        to: None,
                    }));
                }
                PressOn::Pick => {
                    selection.pressed_selected = selection.spot == Some(spot);
                    selection.spot = Some(spot);
                    selection.drag_from = Some(spot);
                }
                PressOn::Target => {
                    if let Some(from) = selection.spot {
                        moves.write(GameCommand::Move(BoardTurn {
                            from,
                            to: Some(spot),
                        }));
                        selection.drag_from = None;
                    }
                }
            },
            BoardInput::Release(at) => {
                let Some(from) = selection.drag_from.take() else {
                    continue;
                };
                match at {
                    Some(to) if to != from => {
                        moves.write(GameCommand::Move(BoardTurn { from, to: Some(to) }));
                    }
                    Some(_) if selection.pressed_selected => selection.clear(),
                    _ => {}
                }
                selection.pressed_selected = false;
            }
        }
    }
}

/// A selection belongs to one moment and viewer, while the screen takes moves: after a move,
/// a take-back, a new game, a handoff, the end or a step into analysis it is dropped.
fn forget_stale_selection(shown: Res<Shown>, mut selection: ResMut<Selection>) {
    let owner = shown
        .view()
        .filter(|_| shown.can_move())
        .map(|v| (shown.stamp(), v.viewer));
    if selection.owner != owner {
        selection.clear();
        selection.owner = owner;
    }
}
