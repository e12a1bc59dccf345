//! The marks on the board, redrawn from [`Shown`], the selection and the hint: the picked
//! piece and its targets (a dot on a free point, a red ring on a capture), the last move, a
//! general in check, the Hint button's suggested move and a review's better move.

use bevy::prelude::*;
use jieqi_rules::platform::{Spot, Table};

use super::art::{PieceArt, Z_MARK_HIGH, Z_MARK_LOW, Z_RING};
use crate::input::Selection;
use crate::layout::Layout;
use crate::review::Review;
use crate::session::{BoardTurn, Shown};
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
    let mut pen = Pen {
        commands: &mut commands,
        layout: &layout,
        art: &art,
    };
    pen.last_move(table.last);
    pen.check(&shown);
    // The Hint's suggestion, and a review's better move for the marked move that led to the
    // position shown, each an arrow in its own colour.
    let shown_ply = shown.browsed_ply.unwrap_or(shown.plies);
    if let Some(turn) = suggestion.turn() {
        pen.arrow(turn, &art.hint, Marker::HintFrom, Marker::HintTo);
    }
    if let Some(turn) = review.better_arrow(shown_ply) {
        pen.arrow(turn, &art.better, Marker::BetterFrom, Marker::BetterTo);
    }
    if let Some(from) = selection.spot {
        pen.selection(table, from);
    }
}

/// Draws marks on the board: where they go (the layout) and with what (the art). Every mark
/// it spawns is a [`Marker`], so the next redraw finds and removes it.
struct Pen<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    layout: &'a Layout,
    art: &'a PieceArt,
}

impl Pen<'_, '_, '_> {
    /// A mark `scale` wide (in world units) on `at`, at height `z`.
    fn place(&self, at: Spot, scale: f32, z: f32) -> Transform {
        Transform::from_translation(self.layout.world(at).extend(z)).with_scale(Vec3::splat(scale))
    }

    fn put(
        &mut self,
        kind: Marker,
        mesh: &Handle<Mesh>,
        material: &Handle<ColorMaterial>,
        tf: Transform,
    ) {
        self.commands.spawn((
            kind,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material.clone()),
            tf,
        ));
    }

    /// The last move: a small ring where it started, a full one where it ended.
    fn last_move(&mut self, last: Option<(Spot, Option<Spot>)>) {
        let r = self.layout.piece_radius();
        let art = self.art;
        let (ring, colour) = (&art.ring, &art.last_move);
        match last {
            Some((from, Some(to))) => {
                self.put(
                    Marker::LastFrom,
                    ring,
                    colour,
                    self.place(from, r * 0.35, Z_MARK_LOW),
                );
                self.put(
                    Marker::LastTo,
                    ring,
                    colour,
                    self.place(to, r * 1.12, Z_MARK_LOW),
                );
            }
            // A turn made in place (a Banqi flip): one ring where it happened.
            Some((at, None)) => self.put(
                Marker::LastTo,
                ring,
                colour,
                self.place(at, r * 1.12, Z_MARK_LOW),
            ),
            None => {}
        }
    }

    /// A general in check, where the table of the position the board shows says it stands.
    fn check(&mut self, shown: &Shown) {
        let Some(general) = shown.table.as_ref().and_then(|t| t.check) else {
            return;
        };
        let (r, art) = (self.layout.piece_radius(), self.art);
        self.put(
            Marker::Check,
            &art.circle,
            &art.check,
            self.place(general, r * 1.32, Z_MARK_LOW + 0.5),
        );
    }

    /// A suggested move: an arrow from the piece to its target, in its own colour (never
    /// mistaken for the selection's ring); a turn made in place (a Banqi flip) a ring.
    fn arrow(
        &mut self,
        turn: BoardTurn,
        material: &Handle<ColorMaterial>,
        tail: Marker,
        tip_marker: Marker,
    ) {
        let (r, art) = (self.layout.piece_radius(), self.art);
        let Some(to) = turn.to else {
            let ring = self.place(turn.from, r * 1.2, Z_RING);
            self.put(tail, &art.ring, material, ring);
            return;
        };
        let (from, to) = (self.layout.world(turn.from), self.layout.world(to));
        let along = to - from;
        let head = r * 0.75;
        // From the piece's edge to the head's base, the tip at the target's edge.
        let (start, tip) = (r * 0.55, (along.length() - r * 0.45).max(head));
        let shaft = (tip - head - start).max(0.0);
        let dir = along.normalize_or_zero();
        let rotation = Quat::from_rotation_z(along.y.atan2(along.x));
        self.put(
            tail,
            &art.arrow_shaft,
            material,
            Transform::from_translation((from + dir * (start + shaft / 2.0)).extend(Z_MARK_HIGH))
                .with_rotation(rotation)
                .with_scale(Vec3::new(shaft, r * 0.28, 1.0)),
        );
        self.put(
            tip_marker,
            &art.arrow_head,
            material,
            Transform::from_translation((from + dir * tip).extend(Z_MARK_HIGH))
                .with_rotation(rotation)
                .with_scale(Vec3::new(head, head * 0.9, 1.0)),
        );
    }

    /// The picked piece, and where it may go: a dot on a free point, a red ring on a capture.
    fn selection(&mut self, table: &Table, from: Spot) {
        let (r, art) = (self.layout.piece_radius(), self.art);
        self.put(
            Marker::Selected,
            &art.ring,
            &art.selected,
            self.place(from, r * 1.14, Z_RING),
        );
        for turn in table.turns_from(from) {
            let Some(to) = turn.to else {
                continue;
            };
            if turn.capture {
                self.put(
                    Marker::Capture,
                    &art.ring,
                    &art.capture,
                    self.place(to, r * 1.12, Z_RING),
                );
            } else {
                let dot = self.place(to, self.layout.cell * 0.13, Z_MARK_HIGH);
                self.put(Marker::Target, &art.circle, &art.target, dot);
            }
        }
    }
}
