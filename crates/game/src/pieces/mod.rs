//! The pieces on the board, built from [`Shown`]'s table alone: when it gains one ply,
//! the pieces already there move (with [`Tween`]s); otherwise they are built afresh. Resting
//! pieces sit on their points, a dragged one under the pointer.
//!
//! - [`art`]: how one piece is drawn (faces, glyphs, shadow, drawing order).
//! - [`animation`]: glides, flips and captures leaving; it tells the session when they end.
//! - [`marks`]: the picked piece, its targets, the last move, check and the hint's move.

pub mod animation;
pub mod art;
pub mod marks;

use std::collections::HashMap;

use bevy::prelude::*;
use jieqi_rules::Side;
use jieqi_rules::platform::{Look, Spot, Table};

use crate::input::{Pointer, Selection};
use crate::layout::Layout;
use crate::session::Shown;
use crate::settings::PieceSet;
use crate::states::{GameSet, ViewSync};
use animation::Tween;
use art::{BoardPiece, Face, FacePart, PieceStyle, Z_MOVING, Z_PIECE};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((art::plugin, animation::plugin, marks::plugin))
        .add_systems(
            Update,
            (
                reconcile.in_set(ViewSync).before(marks::mark),
                place.in_set(GameSet::Animate).after(animation::animate),
            ),
        );
}

/// The colour and face each place shows in `table`: face-up pieces, backs (with the colour
/// and the piece they move as where the variant shows them), and at the end of a game the
/// turned-up identities.
pub fn faces(table: &Table) -> HashMap<Spot, (Option<Side>, Face)> {
    table
        .pieces
        .iter()
        .map(|&(spot, look)| {
            let face = match look {
                Look::Up { role, .. } => Face::Up(role),
                Look::Down { moves_as, .. } => Face::Down(moves_as),
            };
            (spot, (look.side(), face))
        })
        .collect()
}

/// What the pieces on screen were built for.
#[derive(Default)]
struct Built {
    key: Option<(u32, Side, Layout, bool, bool, PieceSet)>,
    plies: usize,
}

/// The piece entities on screen, with their running animations and drawn parts.
type OnScreen<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static mut BoardPiece,
        Option<&'static mut Tween>,
        Option<&'static Children>,
    ),
>;

/// Makes the piece entities follow the shown view: one ply on in the same game, seen the
/// same way, moves the pieces there; anything else builds them afresh.
fn reconcile(
    mut commands: Commands,
    shown: Res<Shown>,
    style: PieceStyle,
    mut built: Local<Built>,
    mut pieces: OnScreen,
    parts: Query<(), With<FacePart>>,
) {
    if !(shown.is_changed() || style.is_changed()) {
        return;
    }
    let (layout, settings) = (&*style.layout, &*style.settings);
    let Some(table) = shown.table.as_ref() else {
        // Covered: nothing of any view stays on screen.
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        built.key = None;
        return;
    };
    let key = (
        shown.game_id,
        table.viewer,
        *layout,
        settings.table_mode,
        settings.letters,
        settings.piece_set,
    );
    let plies = table.history.len();
    let wanted = faces(table);
    let incremental = built.key == Some(key) && (plies == built.plies || plies == built.plies + 1);
    if incremental {
        let mut step = Step {
            commands: &mut commands,
            style: &style,
            parts: &parts,
            animate: settings.animations,
            glide: None,
            gliding: None,
            leaving: Vec::new(),
        };
        let mut on_board = step.settle(&mut pieces);
        if plies == built.plies + 1 {
            step.glide(&mut pieces, &mut on_board, table.last);
        }
        for (&spot, &(side, face)) in &wanted {
            let want = BoardPiece { spot, side, face };
            match on_board.remove(&spot) {
                Some(e) => step.show(&mut pieces, e, want),
                None => {
                    step.style.spawn(step.commands, want);
                }
            }
        }
        // What no wanted place claimed has left the board.
        step.leaving.extend(on_board.into_values());
        step.leave();
    } else {
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        for (&spot, &(side, face)) in &wanted {
            style.spawn(&mut commands, BoardPiece { spot, side, face });
        }
        built.key = Some(key);
    }
    built.plies = plies;
}

/// Bringing the pieces on screen to the next position (or back to the same one): what
/// drawing needs, and what the step has found so far.
struct Step<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    style: &'a PieceStyle<'a>,
    parts: &'a Query<'a, 'a, (), With<FacePart>>,
    animate: bool,
    /// The last turn's glide, from and to, once a piece on screen made it.
    glide: Option<(Spot, Spot)>,
    /// The piece that glides: a face it turns up shows after the glide.
    gliding: Option<Entity>,
    /// Pieces that leave the board: captured, or replaced by a piece built anew.
    leaving: Vec<Entity>,
}

impl Step<'_, '_, '_> {
    /// Snaps unfinished animations to their end, so that the step starts from pieces at
    /// rest; answers which piece stands where.
    fn settle(&mut self, pieces: &mut OnScreen) -> HashMap<Spot, Entity> {
        let mut on_board = HashMap::new();
        for (e, piece, tween, children) in pieces {
            if let Some(tween) = tween {
                self.commands.entity(e).remove::<Tween>();
                if tween.leave {
                    self.commands.entity(e).despawn();
                    continue;
                }
                if tween.flip_to.is_some() && !tween.flipped {
                    self.style
                        .swap_face(self.commands, e, children, self.parts, *piece);
                }
            }
            on_board.insert(piece.spot, e);
        }
        on_board
    }

    /// Moves the piece that made the last turn to its new point (gliding it there), and
    /// sends off what it captured. A turn made in place (a Banqi flip) moves nothing: its
    /// new face shows in [`Step::show`].
    fn glide(
        &mut self,
        pieces: &mut OnScreen,
        on_board: &mut HashMap<Spot, Entity>,
        last: Option<(Spot, Option<Spot>)>,
    ) {
        let Some((from, Some(to))) = last else { return };
        let Some(mover) = on_board.remove(&from) else {
            return;
        };
        if let Some(victim) = on_board.remove(&to) {
            self.leaving.push(victim);
        }
        if let Ok((_, mut piece, ..)) = pieces.get_mut(mover) {
            piece.spot = to;
        }
        if self.animate {
            self.commands.entity(mover).insert(Tween::glide(from));
        }
        self.glide = Some((from, to));
        self.gliding = Some(mover);
        on_board.insert(to, mover);
    }

    /// Makes the piece `e`, already on `want.spot`, show `want`'s colour and face: the same
    /// piece turning up, or a piece built anew where it cannot be the same.
    fn show(&mut self, pieces: &mut OnScreen, e: Entity, want: BoardPiece) {
        let Ok((_, mut piece, _, children)) = pieces.get_mut(e) else {
            return;
        };
        let BoardPiece { spot, side, face } = want;
        // A back that showed no colour turns up a coloured piece: the same piece.
        if piece.side != side && piece.side.is_some() {
            self.leaving.push(e);
            self.style.spawn(self.commands, want);
            return;
        }
        // In table mode a Banqi flip that turns up the top player's colour turns the piece
        // round too: built anew, turned, flipping from the back it showed.
        if piece.side != side && self.style.turned(side) != self.style.turned(piece.side) {
            self.commands.entity(e).despawn();
            let drawn = if self.animate { piece.face } else { face };
            let new = self.style.spawn(
                self.commands,
                BoardPiece {
                    face: drawn,
                    ..want
                },
            );
            if drawn != face {
                self.commands.entity(new).insert((want, Tween::flip(face)));
            }
            return;
        }
        piece.side = side;
        if piece.face == face {
            return;
        }
        piece.face = face;
        if !self.animate {
            self.style
                .swap_face(self.commands, e, children, self.parts, *piece);
        } else if self.gliding == Some(e) {
            let from = self.glide.map_or(spot, |(from, _)| from);
            self.commands
                .entity(e)
                .insert(Tween::glide(from).then_flip(face));
        } else {
            self.commands.entity(e).insert(Tween::flip(face));
        }
    }

    /// Sends the leaving pieces off: fading out, or gone at once without animations.
    fn leave(self) {
        for e in self.leaving {
            if self.animate {
                self.commands.entity(e).insert(Tween::leave());
            } else {
                self.commands.entity(e).despawn();
            }
        }
    }
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
        let home = layout.world(piece.spot);
        let target = match (dragged, pointer.0) {
            (Some(d), Some(p)) if d == piece.spot && p.distance(home) > layout.cell * 0.15 => {
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
