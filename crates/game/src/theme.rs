//! Colours and proportions of the board and pieces.

use bevy::prelude::*;

pub const TABLE: Color = Color::srgb(0.17, 0.13, 0.10);
pub const FRAME: Color = Color::srgb(0.45, 0.27, 0.12);
pub const FRAME_EDGE: Color = Color::srgb(0.30, 0.17, 0.07);
pub const WOOD: Color = Color::srgb(0.91, 0.76, 0.52);
pub const GRAIN: Color = Color::srgba(0.55, 0.33, 0.12, 0.07);
pub const LINE: Color = Color::srgb(0.33, 0.19, 0.07);
pub const RIVER_TEXT: Color = Color::srgb(0.38, 0.22, 0.08);
pub const COORD_TEXT: Color = Color::srgb(0.45, 0.28, 0.12);

pub const DISC: Color = Color::srgb(0.96, 0.89, 0.72);
pub const DISC_EDGE: Color = Color::srgb(0.72, 0.52, 0.27);
pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.28);
pub const RED_INK: Color = Color::srgb(0.72, 0.10, 0.08);
pub const BLACK_INK: Color = Color::srgb(0.10, 0.10, 0.10);
pub const RED_BACK: Color = Color::srgb(0.62, 0.16, 0.13);
pub const RED_BACK_RING: Color = Color::srgb(0.82, 0.40, 0.32);
pub const BLACK_BACK: Color = Color::srgb(0.17, 0.20, 0.22);
pub const BLACK_BACK_RING: Color = Color::srgb(0.40, 0.45, 0.49);
/// A back that shows no colour (Banqi): dark wood.
pub const BLANK_BACK: Color = Color::srgb(0.40, 0.25, 0.13);
pub const BLANK_BACK_RING: Color = Color::srgb(0.66, 0.47, 0.27);
pub const BACK_MARK: Color = Color::srgba(1.0, 0.93, 0.80, 0.22);

pub const SELECTED: Color = Color::srgba(0.10, 0.55, 0.25, 0.85);
pub const TARGET_DOT: Color = Color::srgba(0.10, 0.45, 0.20, 0.75);
pub const CAPTURE_RING: Color = Color::srgba(0.85, 0.08, 0.05, 0.90);
pub const LAST_MOVE: Color = Color::srgba(0.15, 0.40, 0.85, 0.75);
pub const CHECK_GLOW: Color = Color::srgba(0.95, 0.10, 0.05, 0.55);
/// The Hint's arrow: amber, apart from the green of a selection and the blue of the last
/// move.
pub const HINT_ARROW: Color = Color::srgba(0.95, 0.62, 0.05, 0.80);
/// A review's better move: teal, apart from the Hint's amber.
pub const BETTER_ARROW: Color = Color::srgba(0.05, 0.55, 0.62, 0.85);

/// Piece radius as a share of the distance between two points.
pub const PIECE_RADIUS: f32 = 0.45;
/// Piece character size as a share of the distance between two points.
pub const PIECE_FONT: f32 = 0.56;

pub fn ink(side: jieqi_rules::Side) -> Color {
    match side {
        jieqi_rules::Side::Red => RED_INK,
        jieqi_rules::Side::Black => BLACK_INK,
    }
}

pub fn back(side: jieqi_rules::Side) -> (Color, Color) {
    match side {
        jieqi_rules::Side::Red => (RED_BACK, RED_BACK_RING),
        jieqi_rules::Side::Black => (BLACK_BACK, BLACK_BACK_RING),
    }
}
