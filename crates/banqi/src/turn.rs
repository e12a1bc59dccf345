//! A Banqi turn (rules.md §11) and its notation without a flip's letter.

use std::fmt;

use crate::board::Point;

/// One turn (rules.md §11).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// Turn a face-down piece face up where it stands.
    Flip(Point),
    /// A face-up piece of the mover's colour to an empty square.
    Move { from: Point, to: Point },
    /// A face-up piece of the mover's colour takes a face-up enemy piece.
    Capture { from: Point, to: Point },
}

impl Turn {
    /// The square the turn starts from (the flipped square for a flip).
    pub const fn from(self) -> Point {
        match self {
            Turn::Flip(p) | Turn::Move { from: p, .. } | Turn::Capture { from: p, .. } => p,
        }
    }

    /// Where the piece goes (`None` for a flip).
    pub const fn to(self) -> Option<Point> {
        match self {
            Turn::Flip(_) => None,
            Turn::Move { to, .. } | Turn::Capture { to, .. } => Some(to),
        }
    }

    pub const fn is_flip(self) -> bool {
        matches!(self, Turn::Flip(_))
    }

    pub const fn is_capture(self) -> bool {
        matches!(self, Turn::Capture { .. })
    }
}

/// The notation of rules.md §11 without a flip's letter: `a1`, `a1-a2`, `a1xb1`
/// ([`crate::write_turn`] adds the letter).
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Turn::Flip(p) => write!(f, "{p}"),
            Turn::Move { from, to } => write!(f, "{from}-{to}"),
            Turn::Capture { from, to } => write!(f, "{from}x{to}"),
        }
    }
}

impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
