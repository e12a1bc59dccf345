//! Where the board sits in the window: the size of a cell, the centre, which side is at the
//! bottom. Everything drawn on the board asks this resource for positions.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use jieqi_rules::{Side, Square};

use crate::session::Shown;
use crate::states::{GameSet, ViewSync};

/// The board's frame around the outer lines, in cells (room for pieces and coordinates).
pub const MARGIN_CELLS: f32 = 0.8;
/// Board width and height in cells, frame included.
pub const BOARD_W: f32 = 8.0 + 2.0 * MARGIN_CELLS;
pub const BOARD_H: f32 = 9.0 + 2.0 * MARGIN_CELLS;

/// The wooden frame around the panel, in cells.
pub const FRAME_CELLS: f32 = 0.2;

/// The window's size when there is no window (headless tests).
const FALLBACK_WINDOW: Vec2 = Vec2::new(1280.0, 800.0);

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Distance between two neighbouring points, in logical pixels (whole pixels, so that
    /// lines stay crisp).
    pub cell: f32,
    /// World position of the board's centre (between ranks 4 and 5, on file e).
    pub center: Vec2,
    /// The side whose home rank is drawn at the bottom.
    pub bottom: Side,
}

impl Default for Layout {
    fn default() -> Self {
        Layout::fit(FALLBACK_WINDOW, Margins::default(), Side::Red)
    }
}

impl Layout {
    /// The largest board that fits `window` (logical size) less the panels' `margins`.
    pub fn fit(window: Vec2, margins: Margins, bottom: Side) -> Layout {
        let avail = Vec2::new(
            (window.x - margins.left - margins.right).max(90.0),
            (window.y - margins.top - margins.bottom).max(100.0),
        );
        // Even, so that the river's middle falls on a whole pixel too.
        let (w, h) = (BOARD_W + 2.0 * FRAME_CELLS, BOARD_H + 2.0 * FRAME_CELLS);
        let cell = ((avail.x / w).min(avail.y / h) / 2.0).floor().max(4.0) * 2.0;
        // Centre of the free area, in window coordinates (y down), on whole pixels.
        let cx = (margins.left + (window.x - margins.right)) / 2.0;
        let cy = (margins.top + (window.y - margins.bottom)) / 2.0;
        // World: origin at the window's centre, y up.
        let center = Vec2::new(cx.round() - window.x / 2.0, window.y / 2.0 - cy.round());
        Layout {
            cell,
            center,
            bottom,
        }
    }

    /// Board coordinates (file 0–8, rank 0–9, fractions allowed) → world position.
    pub fn point(&self, file: f32, rank: f32) -> Vec2 {
        let (x, y) = match self.bottom {
            Side::Red => (file - 4.0, rank - 4.5),
            Side::Black => (4.0 - file, 4.5 - rank),
        };
        self.center + Vec2::new(x, y) * self.cell
    }

    pub fn world(&self, sq: Square) -> Vec2 {
        self.point(f32::from(sq.file()), f32::from(sq.rank()))
    }

    /// The point nearest to `world`, if it lies within half a cell of it.
    pub fn square_at(&self, world: Vec2) -> Option<Square> {
        let d = (world - self.center) / self.cell;
        let (file, rank) = match self.bottom {
            Side::Red => (d.x + 4.0, d.y + 4.5),
            Side::Black => (4.0 - d.x, 4.5 - d.y),
        };
        let (f, r) = (file.round(), rank.round());
        if (file - f).abs() > 0.5 || (rank - r).abs() > 0.5 || f < 0.0 || r < 0.0 {
            return None;
        }
        Square::new(f as u8, r as u8)
    }

    pub fn piece_radius(&self) -> f32 {
        self.cell * crate::theme::PIECE_RADIUS
    }

    /// Whether `side`'s pieces are at the top (turned round in table mode).
    pub fn is_top(&self, side: Side) -> bool {
        side != self.bottom
    }
}

/// Room the panels take at each edge of the window, in logical pixels (set by the panels).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Margins {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Layout>()
        .init_resource::<Margins>()
        .add_systems(Update, fit_layout.in_set(GameSet::View).before(ViewSync));
}

fn fit_layout(
    windows: Query<&Window, With<PrimaryWindow>>,
    margins: Res<Margins>,
    shown: Res<Shown>,
    mut layout: ResMut<Layout>,
) {
    let size = windows
        .single()
        .map(|w| Vec2::new(w.width(), w.height()))
        .unwrap_or(FALLBACK_WINDOW);
    let next = Layout::fit(size, *margins, shown.bottom);
    layout.set_if_neq(next);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_world_positions_both_ways_up() {
        for bottom in Side::ALL {
            let layout = Layout::fit(Vec2::new(1000.0, 900.0), Margins::default(), bottom);
            for sq in Square::all() {
                assert_eq!(layout.square_at(layout.world(sq)), Some(sq));
                let near = layout.world(sq) + Vec2::splat(layout.cell * 0.3);
                assert_eq!(layout.square_at(near), Some(sq));
            }
            let off = layout.point(-1.0, 0.0);
            assert_eq!(layout.square_at(off), None);
        }
    }

    #[test]
    fn red_is_at_the_bottom_unless_black_is() {
        let a0 = Square::parse("a0").unwrap();
        let red = Layout::fit(Vec2::new(800.0, 800.0), Margins::default(), Side::Red);
        let black = Layout {
            bottom: Side::Black,
            ..red
        };
        assert!(red.world(a0).y < red.center.y && red.world(a0).x < red.center.x);
        assert!(black.world(a0).y > black.center.y && black.world(a0).x > black.center.x);
    }

    #[test]
    fn the_board_fits_the_free_area() {
        let m = Margins {
            right: 300.0,
            top: 40.0,
            ..default()
        };
        let l = Layout::fit(Vec2::new(1280.0, 800.0), m, Side::Red);
        assert!(l.cell * (BOARD_H + 0.4) <= 760.0 && l.cell * (BOARD_W + 0.4) <= 980.0);
        assert_eq!(l.cell, l.cell.floor());
        // Centred in the free area: left of the window's centre, below the top panel.
        assert!(l.center.x < 0.0 && l.center.y < 0.0);
    }
}
