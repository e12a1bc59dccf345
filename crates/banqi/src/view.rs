//! What a player knows (rules.md §11). Face-down pieces are unknown to both players alike, so
//! the two seats' views hold the same public information and differ only in who looks. A view
//! is built by [`crate::Banqi::view`] from public information only: nothing in it depends on a
//! face-down identity until the game is over.

use std::fmt;

use jieqi_rules::{Outcome, Piece, Seed, Side};

use crate::board::{Cell, PieceCounts, Point, Seat};
use crate::notation::{TurnContext, write_turn};
use crate::options::Options;
use crate::position::BanqiPosition;
use crate::rules::Turn;

/// One turn as both players saw it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeenTurn {
    pub turn: Turn,
    /// What a flip turned up (both players see it).
    pub revealed: Option<Piece>,
    /// What a capture took (always a face-up piece, so public).
    pub captured: Option<Piece>,
}

/// `a1=R`, `a1-a2`, `a1xb1` (rules.md §11).
impl fmt::Display for SeenTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_turn(self.turn, self.revealed))
    }
}

impl fmt::Debug for SeenTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.captured {
            Some(piece) => write!(f, "{self}({})", crate::board::piece_letter(piece)),
            None => write!(f, "{self}"),
        }
    }
}

/// Everything, shown to both players when the game is over (rules.md §11, as §8 for Jieqi).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BanqiReveal {
    /// The deal's seed, when the game came from one.
    pub seed: Option<Seed>,
    /// The piece on every square still face down.
    pub face_down: Vec<(Point, Piece)>,
}

/// The game is over when this exists, so the seed may be printed.
impl fmt::Debug for BanqiReveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FinalReveal")
            .field("seed", &self.seed.map(|s| s.to_string()))
            .field("face_down", &self.face_down)
            .finish()
    }
}

/// One seat's information set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BanqiView {
    pub viewer: Seat,
    /// The options the game is played under (public, rules.md §10).
    pub options: Options,
    /// The public position the game started from.
    pub start: BanqiPosition,
    /// The public position now: cells, seat to move, colours, counters.
    pub position: BanqiPosition,
    /// Every turn so far, with each flip's piece and each capture's piece.
    pub history: Vec<SeenTurn>,
    /// How many of each piece lie face down (everyone can count it).
    pub face_down: PieceCounts,
    /// The legal turns of the seat to move; empty once the game is over.
    pub legal_turns: Vec<Turn>,
    pub outcome: Option<Outcome>,
    /// Present once the game is over.
    pub reveal: Option<BanqiReveal>,
}

impl BanqiView {
    pub fn turn(&self) -> Seat {
        self.position.turn()
    }

    pub fn cell(&self, point: Point) -> Cell {
        self.position.cell(point)
    }

    /// The colour `seat` plays (`None` before the first flip).
    pub fn colour(&self, seat: Seat) -> Option<Side> {
        self.position.colour(seat)
    }

    /// Whether the viewer is to move in a running game.
    pub fn is_my_turn(&self) -> bool {
        self.outcome.is_none() && self.turn() == self.viewer
    }

    /// The pieces `seat` captured, in the order taken.
    pub fn captured_by(&self, seat: Seat) -> Vec<Piece> {
        // Turns alternate from the start position's seat to move.
        let mut mover = self.start.turn();
        let mut out = Vec::new();
        for seen in &self.history {
            if mover == seat
                && let Some(piece) = seen.captured
            {
                out.push(piece);
            }
            mover = mover.other();
        }
        out
    }
}

/// A view as the notation reader reads a player's turn against it: what they know only.
impl<'a> From<&'a BanqiView> for TurnContext<'a> {
    fn from(view: &'a BanqiView) -> Self {
        TurnContext {
            position: &view.position,
            options: view.options,
            outcome: view.outcome,
            face_down: view.face_down,
            deal: None,
        }
    }
}
