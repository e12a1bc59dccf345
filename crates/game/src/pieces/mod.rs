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
    if !incremental {
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
        for (&spot, &(side, face)) in &wanted {
            let piece = BoardPiece { spot, side, face };
            style.spawn(&mut commands, piece);
        }
        built.key = Some(key);
        built.plies = plies;
        return;
    }

    // Snap unfinished animations to their end first.
    let mut on_board: HashMap<Spot, Entity> = HashMap::new();
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
        on_board.insert(piece.spot, e);
    }

    let animate = settings.animations;
    let mut gliding: Option<Entity> = None;
    let mut leaving: Vec<Entity> = Vec::new();
    // A turn that moved a piece glides it; one made in place (a Banqi flip) only changes
    // the face below.
    let glide = table.last.and_then(|(from, to)| Some((from, to?)));
    if plies == built.plies + 1
        && let Some((from, to)) = glide
        && let Some(mover) = on_board.remove(&from)
    {
        if let Some(victim) = on_board.remove(&to) {
            leaving.push(victim);
        }
        if let Ok((_, mut piece, ..)) = pieces.get_mut(mover) {
            piece.spot = to;
        }
        if animate {
            commands.entity(mover).insert(Tween::glide(from));
        }
        gliding = Some(mover);
        on_board.insert(to, mover);
    }

    for (&spot, &(side, face)) in &wanted {
        match on_board.remove(&spot) {
            Some(e) => {
                let Ok((_, mut piece, _, children)) = pieces.get_mut(e) else {
                    continue;
                };
                // A back that showed no colour turns up a coloured piece: the same piece.
                if piece.side != side && piece.side.is_some() {
                    leaving.push(e);
                    style.spawn(&mut commands, BoardPiece { spot, side, face });
                    continue;
                }
                // In table mode a Banqi flip that turns up the top player's colour turns the
                // piece round too: built anew, turned, flipping from the back it showed.
                if piece.side != side && style.turned(side) != style.turned(piece.side) {
                    commands.entity(e).despawn();
                    let drawn = if animate { piece.face } else { face };
                    let new = style.spawn(
                        &mut commands,
                        BoardPiece {
                            spot,
                            side,
                            face: drawn,
                        },
                    );
                    if drawn != face {
                        let up = BoardPiece { spot, side, face };
                        commands.entity(new).insert((up, Tween::flip(face)));
                    }
                    continue;
                }
                piece.side = side;
                if piece.face != face {
                    piece.face = face;
                    let flipped = *piece;
                    if animate {
                        let after_glide = gliding == Some(e);
                        let tween = if after_glide {
                            Tween::glide(glide.map_or(spot, |(from, _)| from)).then_flip(face)
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
                style.spawn(&mut commands, BoardPiece { spot, side, face });
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
