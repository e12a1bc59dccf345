//! The marks on the board, redrawn from [`Shown`], the selection and the hint: the picked
//! piece and its targets (a dot on a free point, a red ring on a capture), the last move, a
//! general in check, and the Hint button's suggested move.

use bevy::prelude::*;
use jieqi_rules::Square;

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
