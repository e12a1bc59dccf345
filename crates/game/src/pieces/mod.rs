//! The pieces on the board and the marks around them (picked piece, targets, last move,
//! check), built from [`Shown`] alone. When the shown view gains one ply, the pieces that
//! are already there move (with [`Tween`]s); otherwise they are built afresh.

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{FontSize, FontSource};
use jieqi_rules::{PlayerView, Role, Side, Square};

use crate::animation::Tween;
use crate::computer::Suggestion;
use crate::input::{Pointer, Selection};
use crate::layout::{Layout, ViewSync};
use crate::session::Shown;
use crate::settings::{PieceSet, Settings};
use crate::states::GameSet;
use crate::theme;

/// What a piece shows: its character, or its back (with the role it moves as, which is
/// public: the start point's piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Up(Role),
    Down(Role),
}

/// A piece on the board, as the shown view has it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    pub square: Square,
    pub side: Side,
    /// The face it shows (or will show once a flip ends).
    pub face: Face,
}

/// The parts of a piece that a flip replaces.
#[derive(Component, Clone, Copy, Debug)]
pub struct FacePart;

/// The text on a piece (its character, letter, or the faint mark on its back).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct PieceText(pub String);

/// A mark on the board: picked piece, target, last move, check.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Selected,
    Target,
    Capture,
    LastFrom,
    LastTo,
    Check,
    /// The Hint button's suggested move.
    HintFrom,
    HintTo,
}

/// Meshes, materials and the font the pieces are drawn with. Empty handles without a
/// renderer (tests): the entities are the same, only nothing draws them.
#[derive(Resource, Clone, Debug, Default)]
pub struct PieceArt {
    pub font: Handle<Font>,
    pub circle: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub thin_ring: Handle<Mesh>,
    pub disc: Handle<ColorMaterial>,
    pub disc_edge: Handle<ColorMaterial>,
    pub shadow: Handle<ColorMaterial>,
    /// Indexed by `Side::index()`.
    pub ink: [Handle<ColorMaterial>; 2],
    pub back: [Handle<ColorMaterial>; 2],
    pub back_ring: [Handle<ColorMaterial>; 2],
    pub selected: Handle<ColorMaterial>,
    pub target: Handle<ColorMaterial>,
    pub capture: Handle<ColorMaterial>,
    pub last_move: Handle<ColorMaterial>,
    pub check: Handle<ColorMaterial>,
}

/// Drawing order.
pub const Z_MARK_LOW: f32 = 5.0;
pub const Z_PIECE: f32 = 10.0;
/// Rings around pieces: above their shadows, below their tags.
pub const Z_RING: f32 = Z_PIECE - 0.3;
pub const Z_MARK_HIGH: f32 = 18.0;
pub const Z_MOVING: f32 = 20.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceArt>().add_systems(
        Update,
        (
            (reconcile, mark).chain().in_set(ViewSync),
            place
                .in_set(GameSet::Animate)
                .after(crate::animation::animate),
        ),
    );
}

/// Meshes and materials for a real renderer.
pub(super) fn art_plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

fn make_art(
    mut art: ResMut<PieceArt>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    font: Res<crate::font::GameFont>,
) {
    let mut m = |c: Color| materials.add(ColorMaterial::from_color(c));
    *art = PieceArt {
        font: font.bevy.clone(),
        circle: meshes.add(Circle::new(1.0).mesh().resolution(96)),
        ring: meshes.add(Annulus::new(0.90, 1.0).mesh().resolution(96)),
        thin_ring: meshes.add(Annulus::new(0.94, 1.0).mesh().resolution(96)),
        disc: m(theme::DISC),
        disc_edge: m(theme::DISC_EDGE),
        shadow: m(theme::SHADOW),
        ink: [m(theme::RED_INK), m(theme::BLACK_INK)],
        back: [m(theme::RED_BACK), m(theme::BLACK_BACK)],
        back_ring: [m(theme::RED_BACK_RING), m(theme::BLACK_BACK_RING)],
        selected: m(theme::SELECTED),
        target: m(theme::TARGET_DOT),
        capture: m(theme::CAPTURE_RING),
        last_move: m(theme::LAST_MOVE),
        check: m(theme::CHECK_GLOW),
    };
}

/// The face each point shows in `view`: face-up pieces, backs, and at the end of a Jieqi
/// game the revealed identities.
pub fn faces(view: &PlayerView) -> HashMap<Square, (Side, Face)> {
    let revealed: HashMap<Square, Role> = view
        .reveal
        .as_ref()
        .map(|r| r.hidden.iter().copied().collect())
        .unwrap_or_default();
    Square::all()
        .filter_map(|sq| {
            let piece = view.position.piece_at(sq)?;
            let face = if piece.is_hidden() {
                match revealed.get(&sq) {
                    Some(&role) => Face::Up(role),
                    None => Face::Down(piece.role()),
                }
            } else {
                Face::Up(piece.role())
            };
            Some((sq, (piece.side(), face)))
        })
        .collect()
}

/// The character a piece of `role` and `side` shows in the piece set `set`: 俥 or R.
pub fn face_char(set: PieceSet, role: Role, side: Side) -> char {
    match set {
        PieceSet::Chinese => role.chinese(side),
        PieceSet::Letters => role.wxf_char(),
    }
}

/// What the pieces on screen were built for.
#[derive(Default)]
struct Built {
    key: Option<(u32, Side, Layout, bool, bool, PieceSet)>,
    plies: usize,
}

fn font(art: &PieceArt, px: f32) -> TextFont {
    TextFont {
        font: FontSource::Handle(art.font.clone()),
        font_size: FontSize::Px(px),
        ..default()
    }
}

/// A text part of a piece's face: its character, letter tag or back mark.
fn face_text(
    text: String,
    font: TextFont,
    color: Color,
    at: Transform,
) -> (
    FacePart,
    PieceText,
    Text2d,
    TextFont,
    TextColor,
    Anchor,
    Transform,
) {
    (
        FacePart,
        PieceText(text.clone()),
        Text2d::new(text),
        font,
        TextColor(color),
        Anchor::CENTER,
        at,
    )
}

/// Spawns one piece: a root at its point (turned round for the top side in table mode), a
/// shadow, and its face.
pub fn spawn_piece(
    commands: &mut Commands,
    art: &PieceArt,
    layout: &Layout,
    settings: &Settings,
    piece: BoardPiece,
) -> Entity {
    let r = layout.piece_radius();
    let turned = settings.table_mode && layout.is_top(piece.side);
    let rotation = if turned {
        Quat::from_rotation_z(PI)
    } else {
        Quat::IDENTITY
    };
    // The shadow falls down and to the right on screen, however the piece is turned.
    let shadow = rotation.inverse() * Vec3::new(0.05 * r, -0.09 * r, -0.5);
    let root = commands
        .spawn((
            piece,
            Transform {
                translation: layout.world(piece.square).extend(Z_PIECE),
                rotation,
                ..default()
            },
            Visibility::default(),
        ))
        .with_children(|p| {
            p.spawn((
                Mesh2d(art.circle.clone()),
                MeshMaterial2d(art.shadow.clone()),
                Transform::from_translation(shadow).with_scale(Vec3::splat(r * 1.01)),
            ));
        })
        .id();
    spawn_face(
        commands, root, art, layout, settings, piece.side, piece.face,
    );
    root
}

/// Spawns the parts of a face under `root`.
pub fn spawn_face(
    commands: &mut Commands,
    root: Entity,
    art: &PieceArt,
    layout: &Layout,
    settings: &Settings,
    side: Side,
    face: Face,
) {
    let r = layout.piece_radius();
    let cell = layout.cell;
    let s = side.index();
    commands.entity(root).with_children(|p| {
        let mut disc = |material: Handle<ColorMaterial>, mesh: Handle<Mesh>, scale: f32, z: f32| {
            p.spawn((
                FacePart,
                Mesh2d(mesh),
                MeshMaterial2d(material),
                Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::splat(r * scale)),
            ));
        };
        match face {
            Face::Up(_) => {
                disc(art.disc_edge.clone(), art.circle.clone(), 1.0, 0.0);
                disc(art.disc.clone(), art.circle.clone(), 0.91, 0.1);
                disc(art.ink[s].clone(), art.ring.clone(), 0.80, 0.2);
            }
            Face::Down(_) => {
                disc(art.back_ring[s].clone(), art.circle.clone(), 1.0, 0.0);
                disc(art.back[s].clone(), art.circle.clone(), 0.91, 0.1);
                disc(art.back_ring[s].clone(), art.thin_ring.clone(), 0.72, 0.2);
                disc(art.back_ring[s].clone(), art.thin_ring.clone(), 0.52, 0.2);
            }
        }
        match face {
            Face::Up(role) => {
                p.spawn(face_text(
                    face_char(settings.piece_set, role, side).to_string(),
                    font(art, (cell * theme::PIECE_FONT).round()),
                    theme::ink(side),
                    Transform::from_xyz(0.0, -0.02 * r, 0.3),
                ));
                if settings.letters && settings.piece_set == PieceSet::Chinese {
                    // A small tag on the rim, lower right: K A E H R C P for newcomers.
                    let at = Vec2::new(0.74 * r, -0.74 * r);
                    p.spawn((
                        FacePart,
                        Mesh2d(art.circle.clone()),
                        MeshMaterial2d(art.ink[s].clone()),
                        Transform::from_translation(at.extend(0.32))
                            .with_scale(Vec3::splat(0.29 * r)),
                    ));
                    p.spawn(face_text(
                        role.wxf_char().to_string(),
                        font(art, (cell * 0.17).round().max(8.0)),
                        theme::DISC,
                        Transform::from_translation(at.extend(0.35)),
                    ));
                }
            }
            Face::Down(moves_as) => {
                // The faint mark of the start point's piece: public (rules.md §7).
                p.spawn(face_text(
                    face_char(settings.piece_set, moves_as, side).to_string(),
                    font(art, (cell * 0.30).round()),
                    theme::BACK_MARK,
                    Transform::from_xyz(0.0, -0.01 * r, 0.3),
                ));
            }
        }
    });
}

/// Replaces the face of the piece `root` now.
pub fn swap_face(
    commands: &mut Commands,
    root: Entity,
    children: Option<&Children>,
    parts: &Query<(), With<FacePart>>,
    ctx: (&PieceArt, &Layout, &Settings),
    piece: BoardPiece,
) {
    for child in children.into_iter().flatten() {
        if parts.contains(*child) {
            commands.entity(*child).despawn();
        }
    }
    spawn_face(commands, root, ctx.0, ctx.1, ctx.2, piece.side, piece.face);
}

/// Makes the piece entities follow the shown view.
#[allow(clippy::too_many_arguments)]
fn reconcile(
    mut commands: Commands,
    shown: Res<Shown>,
    layout: Res<Layout>,
    settings: Res<Settings>,
    art: Res<PieceArt>,
    mut built: Local<Built>,
    mut pieces: Query<(
        Entity,
        &mut BoardPiece,
        Option<&mut Tween>,
        Option<&Children>,
    )>,
    parts: Query<(), With<FacePart>>,
) {
    if !(shown.is_changed() || layout.is_changed() || settings.is_changed() || art.is_changed()) {
        return;
    }
    let Some(view) = shown.board_view() else {
        // Covered: nothing of any view stays on screen.
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        built.key = None;
        return;
    };
    let key = (
        shown.game_id,
        view.viewer,
        *layout,
        settings.table_mode,
        settings.letters,
        settings.piece_set,
    );
    let plies = view.moves.len();
    let wanted = faces(view);
    let ctx = (&*art, &*layout, &*settings);
    let incremental = built.key == Some(key) && (plies == built.plies || plies == built.plies + 1);
    if !incremental {
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        for (&square, &(side, face)) in &wanted {
            let piece = BoardPiece { square, side, face };
            spawn_piece(&mut commands, &art, &layout, &settings, piece);
        }
        built.key = Some(key);
        built.plies = plies;
        return;
    }

    // Snap unfinished animations to their end first.
    let mut on_board: HashMap<Square, Entity> = HashMap::new();
    for (e, piece, tween, children) in &mut pieces {
        if let Some(tween) = tween {
            commands.entity(e).remove::<Tween>();
            if tween.leave {
                commands.entity(e).despawn();
                continue;
            }
            if tween.flip_to.is_some() && !tween.flipped {
                swap_face(&mut commands, e, children, &parts, ctx, *piece);
            }
        }
        on_board.insert(piece.square, e);
    }

    let animate = settings.animations;
    let mut gliding: Option<Entity> = None;
    let mut leaving: Vec<Entity> = Vec::new();
    if plies == built.plies + 1
        && let Some(last) = view.moves.last()
        && let Some(mover) = on_board.remove(&last.mv.from)
    {
        if let Some(victim) = on_board.remove(&last.mv.to) {
            leaving.push(victim);
        }
        if let Ok((_, mut piece, ..)) = pieces.get_mut(mover) {
            piece.square = last.mv.to;
        }
        if animate {
            commands.entity(mover).insert(Tween::glide(last.mv.from));
        }
        gliding = Some(mover);
        on_board.insert(last.mv.to, mover);
    }

    for (&square, &(side, face)) in &wanted {
        match on_board.remove(&square) {
            Some(e) => {
                let Ok((_, mut piece, _, children)) = pieces.get_mut(e) else {
                    continue;
                };
                if piece.side != side {
                    leaving.push(e);
                    spawn_piece(
                        &mut commands,
                        &art,
                        &layout,
                        &settings,
                        BoardPiece { square, side, face },
                    );
                    continue;
                }
                if piece.face != face {
                    piece.face = face;
                    let flipped = *piece;
                    if animate {
                        let after_glide = gliding == Some(e);
                        let tween = if after_glide {
                            Tween::glide(view.moves.last().map_or(square, |m| m.mv.from))
                                .then_flip(face)
                        } else {
                            Tween::flip(face)
                        };
                        commands.entity(e).insert(tween);
                    } else {
                        swap_face(&mut commands, e, children, &parts, ctx, flipped);
                    }
                }
            }
            None => {
                spawn_piece(
                    &mut commands,
                    &art,
                    &layout,
                    &settings,
                    BoardPiece { square, side, face },
                );
            }
        }
    }
    leaving.extend(on_board.into_values());
    for e in leaving {
        if animate {
            commands.entity(e).insert(Tween::leave());
        } else {
            commands.entity(e).despawn();
        }
    }
    built.plies = plies;
}

/// Puts resting pieces on their points, and a dragged piece under the pointer.
fn place(
    layout: Res<Layout>,
    selection: Res<Selection>,
    pointer: Res<Pointer>,
    mut pieces: Query<(&BoardPiece, &mut Transform), Without<Tween>>,
) {
    let dragged = selection.dragged();
    for (piece, mut tf) in &mut pieces {
        let home = layout.world(piece.square);
        let target = match (dragged, pointer.0) {
            (Some(d), Some(p)) if d == piece.square && p.distance(home) > layout.cell * 0.15 => {
                p.extend(Z_MOVING)
            }
            _ => home.extend(Z_PIECE),
        };
        if tf.translation != target {
            tf.translation = target;
        }
        if tf.scale != Vec3::ONE {
            tf.scale = Vec3::ONE;
        }
    }
}

/// Redraws the marks: picked piece, its targets (a dot on a free point, a red ring on a
/// capture), the last move, and a general in check.
fn mark(
    mut commands: Commands,
    shown: Res<Shown>,
    layout: Res<Layout>,
    selection: Res<Selection>,
    art: Res<PieceArt>,
    suggestion: Res<Suggestion>,
    marks: Query<Entity, With<Marker>>,
) {
    if !(shown.is_changed()
        || layout.is_changed()
        || selection.is_changed()
        || art.is_changed()
        || suggestion.is_changed())
    {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(view) = shown.board_view() else {
        return;
    };
    let r = layout.piece_radius();
    let mut put = |kind: Marker,
                   sq: Square,
                   mesh: &Handle<Mesh>,
                   mat: &Handle<ColorMaterial>,
                   scale: f32,
                   z: f32| {
        commands.spawn((
            kind,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(mat.clone()),
            Transform::from_translation(layout.world(sq).extend(z)).with_scale(Vec3::splat(scale)),
        ));
    };
    if let Some(last) = view.moves.last() {
        put(
            Marker::LastFrom,
            last.mv.from,
            &art.ring,
            &art.last_move,
            r * 0.35,
            Z_MARK_LOW,
        );
        put(
            Marker::LastTo,
            last.mv.to,
            &art.ring,
            &art.last_move,
            r * 1.12,
            Z_MARK_LOW,
        );
    }
    if view.outcome.is_none() && view.position.is_check() {
        let general = view.position.general(view.turn());
        put(
            Marker::Check,
            general,
            &art.circle,
            &art.check,
            r * 1.32,
            Z_MARK_LOW + 0.5,
        );
    }
    if let Some(m) = suggestion.mv() {
        put(
            Marker::HintFrom,
            m.from,
            &art.ring,
            &art.target,
            r * 1.2,
            Z_RING,
        );
        put(
            Marker::HintTo,
            m.to,
            &art.ring,
            &art.target,
            r * 1.2,
            Z_RING,
        );
    }
    if let Some(from) = selection.square {
        put(
            Marker::Selected,
            from,
            &art.ring,
            &art.selected,
            r * 1.14,
            Z_RING,
        );
        for m in view.legal_moves.iter().filter(|m| m.from == from) {
            if view.position.piece_at(m.to).is_some() {
                put(
                    Marker::Capture,
                    m.to,
                    &art.ring,
                    &art.capture,
                    r * 1.12,
                    Z_RING,
                );
            } else {
                put(
                    Marker::Target,
                    m.to,
                    &art.circle,
                    &art.target,
                    layout.cell * 0.13,
                    Z_MARK_HIGH,
                );
            }
        }
    }
}
