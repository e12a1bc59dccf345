//! The pieces on the board, built from [`Shown`] alone: when the shown view gains one ply,
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
use jieqi_rules::{PlayerView, Role, Side, Square};

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

/// What the pieces on screen were built for.
#[derive(Default)]
struct Built {
    key: Option<(u32, Side, Layout, bool, bool, PieceSet)>,
    plies: usize,
}

/// Makes the piece entities follow the shown view.
fn reconcile(
    mut commands: Commands,
    shown: Res<Shown>,
    style: PieceStyle,
    mut built: Local<Built>,
    mut pieces: Query<(
        Entity,
        &mut BoardPiece,
        Option<&mut Tween>,
        Option<&Children>,
    )>,
    parts: Query<(), With<FacePart>>,
) {
    if !(shown.is_changed() || style.is_changed()) {
        return;
    }
    let (layout, settings) = (&*style.layout, &*style.settings);
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
    let incremental = built.key == Some(key) && (plies == built.plies || plies == built.plies + 1);
    if !incremental {
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        for (&square, &(side, face)) in &wanted {
            let piece = BoardPiece { square, side, face };
            style.spawn(&mut commands, piece);
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
                style.swap_face(&mut commands, e, children, &parts, *piece);
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
                    style.spawn(&mut commands, BoardPiece { square, side, face });
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
                        style.swap_face(&mut commands, e, children, &parts, flipped);
                    }
                }
            }
            None => {
                style.spawn(&mut commands, BoardPiece { square, side, face });
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
