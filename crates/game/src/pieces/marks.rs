//! The marks on the board, redrawn from [`Shown`], the selection and the hint: the picked
//! piece and its targets (a dot on a free point, a red ring on a capture), the last move, a
//! general in check, and the Hint button's suggested move.

use bevy::prelude::*;
use jieqi_rules::platform::Spot;
use jieqi_rules::platform::family::spot;

use super::art::{PieceArt, Z_MARK_HIGH, Z_MARK_LOW, Z_RING};
use crate::input::Selection;
use crate::layout::Layout;
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
    let Some(table) = shown.table.as_ref() else {
        return;
    };
    let r = layout.piece_radius();
    let mut put = |kind: Marker,
                   at: Spot,
                   mesh: &Handle<Mesh>,
                   mat: &Handle<ColorMaterial>,
                   scale: f32,
                   z: f32| {
        commands.spawn((
            kind,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(mat.clone()),
            Transform::from_translation(layout.world(at).extend(z)).with_scale(Vec3::splat(scale)),
        ));
    };
    match table.last {
        Some((from, Some(to))) => {
            put(
                Marker::LastFrom,
                from,
                &art.ring,
                &art.last_move,
                r * 0.35,
                Z_MARK_LOW,
            );
            put(
                Marker::LastTo,
                to,
                &art.ring,
                &art.last_move,
                r * 1.12,
                Z_MARK_LOW,
            );
        }
        // A turn made in place (a Banqi flip): one ring where it happened.
        Some((at, None)) => put(
            Marker::LastTo,
            at,
            &art.ring,
            &art.last_move,
            r * 1.12,
            Z_MARK_LOW,
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
            spot(general),
            &art.circle,
            &art.check,
            r * 1.32,
            Z_MARK_LOW + 0.5,
        );
    }
    if let Some(turn) = suggestion.turn() {
        put(
            Marker::HintFrom,
            turn.from,
            &art.ring,
            &art.target,
            r * 1.2,
            Z_RING,
        );
        if let Some(to) = turn.to {
            put(Marker::HintTo, to, &art.ring, &art.target, r * 1.2, Z_RING);
        }
    }
    if let Some(from) = selection.spot {
        put(
            Marker::Selected,
            from,
            &art.ring,
            &art.selected,
            r * 1.14,
            Z_RING,
        );
        for turn in table.turns_from(from) {
            let Some(to) = turn.to else {
                continue;
            };
            if turn.capture {
                put(
                    Marker::Capture,
                    to,
                    &art.ring,
                    &art.capture,
                    r * 1.12,
                    Z_RING,
                );
            } else {
                put(
                    Marker::Target,
                    to,
                    &art.circle,
                    &art.target,
                    layout.cell * 0.13,
                    Z_MARK_HIGH,
                );
            }
        }
    }
}
