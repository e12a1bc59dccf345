//! The marks on the board, redrawn from [`Shown`], the selection and the hint: the picked
//! piece and its targets (a dot on a free point, a red ring on a capture), the last move, a
//! general in check, the Hint button's suggested move and a review's better move.

use bevy::prelude::*;
use jieqi_rules::platform::Spot;
use jieqi_rules::platform::family::spot;

use super::art::{PieceArt, Z_MARK_HIGH, Z_MARK_LOW, Z_RING};
use crate::input::Selection;
use crate::layout::Layout;
use crate::review::Review;
use crate::session::Shown;
use crate::states::ViewSync;
use crate::suggestion::Suggestion;

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
    /// A review's better move for the marked move shown.
    BetterFrom,
    BetterTo,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mark.in_set(ViewSync));
}

/// Redraws the marks: picked piece, its targets (a dot on a free point, a red ring on a
/// capture), the last move, and a general in check.
pub(super) fn mark(
    mut commands: Commands,
    shown: Res<Shown>,
    layout: Res<Layout>,
    selection: Res<Selection>,
    art: Res<PieceArt>,
    (suggestion, review): (Res<Suggestion>, Res<Review>),
    marks: Query<Entity, With<Marker>>,
) {
    if !(shown.is_changed()
        || layout.is_changed()
        || selection.is_changed()
        || art.is_changed()
        || suggestion.is_changed()
        || review.is_changed())
    {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(table) = shown.table.as_ref() else {
        return;
    };
    let r = layout.piece_radius();
    let place = |at: Spot, scale: f32, z: f32| {
        Transform::from_translation(layout.world(at).extend(z)).with_scale(Vec3::splat(scale))
    };
    let mut put =
        |kind: Marker, mesh: &Handle<Mesh>, mat: &Handle<ColorMaterial>, tf: Transform| {
            commands.spawn((kind, Mesh2d(mesh.clone()), MeshMaterial2d(mat.clone()), tf));
        };
    match table.last {
        Some((from, Some(to))) => {
            put(
                Marker::LastFrom,
                &art.ring,
                &art.last_move,
                place(from, r * 0.35, Z_MARK_LOW),
            );
            put(
                Marker::LastTo,
                &art.ring,
                &art.last_move,
                place(to, r * 1.12, Z_MARK_LOW),
            );
        }
        // A turn made in place (a Banqi flip): one ring where it happened.
        Some((at, None)) => put(
            Marker::LastTo,
            &art.ring,
            &art.last_move,
            place(at, r * 1.12, Z_MARK_LOW),
        ),
        None => {}
    }
    // Check is Xiangqi's: a general attacked in the view the board shows.
    if let Some(view) = shown.board_view()
        && view.outcome.is_none()
        && view.position.is_check()
    {
        let general = view.position.general(view.turn());
        put(
            Marker::Check,
            &art.circle,
            &art.check,
            place(spot(general), r * 1.32, Z_MARK_LOW + 0.5),
        );
    }
    // The Hint's suggestion, and a review's better move for the marked move that led to the
    // position shown, each an arrow in its own colour.
    let shown_ply = shown.browsed_ply.unwrap_or(shown.plies);
    let arrows = [
        (
            suggestion.turn(),
            &art.hint,
            Marker::HintFrom,
            Marker::HintTo,
        ),
        (
            review.better_arrow(shown_ply),
            &art.better,
            Marker::BetterFrom,
            Marker::BetterTo,
        ),
    ];
    for (turn, material, tail, tip_marker) in arrows {
        let Some(turn) = turn else { continue };
        match turn.to {
            // An arrow from the piece to its target, in its own colour: never mistaken for
            // the selection's ring.
            Some(to) => {
                let (from, to) = (layout.world(turn.from), layout.world(to));
                let along = to - from;
                let angle = along.y.atan2(along.x);
                let head = r * 0.75;
                // From the piece's edge to the head's base, the tip at the target's edge.
                let (start, tip) = (r * 0.55, (along.length() - r * 0.45).max(head));
                let shaft = (tip - head - start).max(0.0);
                let dir = along.normalize_or_zero();
                let rotation = Quat::from_rotation_z(angle);
                put(
                    tail,
                    &art.arrow_shaft,
                    material,
                    Transform::from_translation(
                        (from + dir * (start + shaft / 2.0)).extend(Z_MARK_HIGH),
                    )
                    .with_rotation(rotation)
                    .with_scale(Vec3::new(shaft, r * 0.28, 1.0)),
                );
                put(
                    tip_marker,
                    &art.arrow_head,
                    material,
                    Transform::from_translation((from + dir * tip).extend(Z_MARK_HIGH))
                        .with_rotation(rotation)
                        .with_scale(Vec3::new(head, head * 0.9, 1.0)),
                );
            }
            // A turn made in place (a Banqi flip): a ring in the arrow's colour.
            None => put(tail, &art.ring, material, place(turn.from, r * 1.2, Z_RING)),
        }
    }
    if let Some(from) = selection.spot {
        put(
            Marker::Selected,
            &art.ring,
            &art.selected,
            place(from, r * 1.14, Z_RING),
        );
        for turn in table.turns_from(from) {
            let Some(to) = turn.to else {
                continue;
            };
            if turn.capture {
                put(
                    Marker::Capture,
                    &art.ring,
                    &art.capture,
                    place(to, r * 1.12, Z_RING),
                );
            } else {
                put(
                    Marker::Target,
                    &art.circle,
                    &art.target,
                    place(to, layout.cell * 0.13, Z_MARK_HIGH),
                );
            }
        }
    }
}
