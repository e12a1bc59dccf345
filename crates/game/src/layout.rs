//! Where the board sits in the window: the size of a cell, the centre, which side is at the
//! bottom, and the board the variant describes. Everything drawn on the board asks this
//! resource for positions.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use jieqi_rules::Side;
use jieqi_rules::platform::family::XIANGQI_BOARD;
use jieqi_rules::platform::{BoardShape, Grid, Spot};

use crate::session::Shown;
use crate::states::{GameSet, ViewSync};

/// The board's frame around the outer lines of a board of points, in cells (room for pieces
/// and coordinates).
pub const MARGIN_CELLS: f32 = 0.8;
/// Around a board of squares, beyond the squares themselves (room for coordinates).
pub const SQUARES_MARGIN_CELLS: f32 = 0.35;

/// The wooden frame around the panel, in cells.
pub const FRAME_CELLS: f32 = 0.2;

/// The window's size when there is no window (headless tests).
const FALLBACK_WINDOW: Vec2 = Vec2::new(1280.0, 800.0);

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Distance between two neighbouring places, in logical pixels (whole pixels, so that
    /// lines stay crisp).
    pub cell: f32,
    /// World position of the board's centre (in Xiangqi between ranks 4 and 5, on file e).
    pub center: Vec2,
    /// The side whose home row is drawn at the bottom (in Banqi the seat).
    pub bottom: Side,
    /// The colour the player at the top plays (turned round in table mode): the other
    /// colour, except in Banqi, where it is `None` until the first flip decides it.
    pub top_colour: Option<Side>,
    /// The board, as its variant describes it.
    pub board: &'static BoardShape,
}

impl Default for Layout {
    fn default() -> Self {
        Layout::fit(
            FALLBACK_WINDOW,
            Margins::default(),
            Side::Red,
            &XIANGQI_BOARD,
        )
    }
}

/// The wooden panel's size in cells, frame excluded: the places' span and a margin (half a
/// square more on a board of squares).
pub fn panel_cells(board: &BoardShape) -> Vec2 {
    let span = Vec2::new(
        f32::from(board.columns.saturating_sub(1)),
        f32::from(board.rows.saturating_sub(1)),
    );
    match board.grid {
        Grid::Intersections => span + Vec2::splat(2.0 * MARGIN_CELLS),
        Grid::Squares => span + Vec2::splat(1.0 + 2.0 * SQUARES_MARGIN_CELLS),
    }
}

impl Layout {
    /// The largest board that fits `window` (logical size) less the panels' `margins`.
    pub fn fit(window: Vec2, margins: Margins, bottom: Side, board: &'static BoardShape) -> Layout {
        let avail = Vec2::new(
            (window.x - margins.left - margins.right).max(90.0),
            (window.y - margins.top - margins.bottom).max(100.0),
        );
        // Even, so that a middle between two places (Xiangqi's river) falls on a whole pixel.
        let size = panel_cells(board) + Vec2::splat(2.0 * FRAME_CELLS);
        let cell = ((avail.x / size.x).min(avail.y / size.y) / 2.0)
            .floor()
            .max(4.0)
            * 2.0;
        // Centre of the free area, in window coordinates (y down), on whole pixels.
        let cx = (margins.left + (window.x - margins.right)) / 2.0;
        let cy = (margins.top + (window.y - margins.bottom)) / 2.0;
        // World: origin at the window's centre, y up.
        let center = Vec2::new(cx.round() - window.x / 2.0, window.y / 2.0 - cy.round());
        Layout {
            cell,
            center,
            bottom,
            top_colour: Some(bottom.other()),
            board,
        }
    }

    /// The same, with the top player playing `colour` (Banqi: what the first flip decided).
    pub fn with_top_colour(self, colour: Option<Side>) -> Layout {
        Layout {
            top_colour: colour,
            ..self
        }
    }

    /// The board's middle, in places (Xiangqi: file 4, between ranks 4 and 5).
    fn middle(&self) -> Vec2 {
        Vec2::new(
            f32::from(self.board.columns.saturating_sub(1)) / 2.0,
            f32::from(self.board.rows.saturating_sub(1)) / 2.0,
        )
    }

    /// Board coordinates (column and row, fractions allowed) → world position.
    pub fn point(&self, column: f32, row: f32) -> Vec2 {
        let d = Vec2::new(column, row) - self.middle();
        let d = match self.bottom {
            Side::Red => d,
            Side::Black => -d,
        };
        self.center + d * self.cell
    }

    pub fn world(&self, spot: Spot) -> Vec2 {
        self.point(f32::from(spot.column), f32::from(spot.row))
    }

    /// The place nearest to `world`, if it lies within half a cell of it.
    pub fn spot_at(&self, world: Vec2) -> Option<Spot> {
        let d = (world - self.center) / self.cell;
        let d = match self.bottom {
            Side::Red => d,
            Side::Black => -d,
        };
        let at = d + self.middle();
        let rounded = at.round();
        if (at - rounded).abs().max_element() > 0.5 || rounded.min_element() < 0.0 {
            return None;
        }
        let spot = Spot::new(rounded.x as u8, rounded.y as u8);
        self.board.contains(spot).then_some(spot)
    }

    pub fn piece_radius(&self) -> f32 {
        self.cell * crate::theme::PIECE_RADIUS
    }

    /// Whether pieces of `colour` belong to the player at the top (turned round in table
    /// mode).
    pub fn is_top(&self, colour: Side) -> bool {
        self.top_colour == Some(colour)
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
    let top = shown.bottom.other();
    let top_colour = match &shown.live {
        Some(table) => table.colours[top.index()],
        None => Some(top),
    };
    let next = Layout::fit(size, *margins, shown.bottom, shown.board).with_top_colour(top_colour);
    layout.set_if_neq(next);
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_banqi::BANQI_BOARD;

    #[test]
    fn places_round_trip_through_world_positions_both_ways_up() {
        for board in [&XIANGQI_BOARD, &BANQI_BOARD] {
            for bottom in Side::ALL {
                let layout =
                    Layout::fit(Vec2::new(1000.0, 900.0), Margins::default(), bottom, board);
                for spot in board.spots() {
                    assert_eq!(layout.spot_at(layout.world(spot)), Some(spot));
                    let near = layout.world(spot) + Vec2::splat(layout.cell * 0.3);
                    assert_eq!(layout.spot_at(near), Some(spot));
                }
                assert_eq!(layout.spot_at(layout.point(-1.0, 0.0)), None);
                let past = f32::from(board.columns);
                assert_eq!(layout.spot_at(layout.point(past, 0.0)), None);
            }
        }
    }

    #[test]
    fn red_is_at_the_bottom_unless_black_is() {
        let a0 = Spot::new(0, 0);
        let red = Layout::fit(
            Vec2::new(800.0, 800.0),
            Margins::default(),
            Side::Red,
            &XIANGQI_BOARD,
        );
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
        for board in [&XIANGQI_BOARD, &BANQI_BOARD] {
            let l = Layout::fit(Vec2::new(1280.0, 800.0), m, Side::Red, board);
            let size = (panel_cells(board) + Vec2::splat(0.4)) * l.cell;
            assert!(size.y <= 760.0 && size.x <= 980.0, "{size}");
            assert_eq!(l.cell, l.cell.floor());
            // Centred in the free area: left of the window's centre, below the top panel.
            assert!(l.center.x < 0.0 && l.center.y < 0.0);
        }
    }
}
