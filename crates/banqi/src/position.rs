//! A Banqi position as everyone sees it: the 32 cells, the seat to move, the colours and the
//! counters. Face-down identities are not part of it (the game holds them), so the position
//! is public, and so is everything computed from it: the legal turns never depend on what a
//! face-down piece is (rules.md §11).

use jieqi_rules::Side;

use crate::board::{Cell, PieceCounts, Point, SQUARES, Seat};
use crate::turn::Turn;

/// 60 plies in a row without a flip or a capture draw the game (rules.md §11).
pub const NO_FLIP_OR_CAPTURE_PLIES: u32 = 60;

/// The public state of a Banqi game. Made by [`BanqiPosition::start`], read from text
/// ([`BanqiPosition::parse`], format in the crate docs), or taken from a game or a view.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BanqiPosition {
    pub(crate) cells: [Cell; SQUARES],
    pub(crate) turn: Seat,
    /// The first player's colour, fixed by the first flip; `None` before it.
    pub(crate) first_colour: Option<Side>,
    /// Plies since the last flip or capture.
    pub(crate) quiet_plies: u32,
    /// 1 at the start; one more after each of the second player's turns.
    pub(crate) move_number: u32,
}

/// The text form: short, and all of it public.
impl std::fmt::Debug for BanqiPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position(\"{}\")", self.to_text())
    }
}

impl Default for BanqiPosition {
    fn default() -> Self {
        BanqiPosition::start()
    }
}

impl BanqiPosition {
    /// The start: all 32 pieces face down, the first player to move, no colours yet.
    pub fn start() -> BanqiPosition {
        BanqiPosition {
            cells: [Cell::FaceDown; SQUARES],
            turn: Seat::First,
            first_colour: None,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    pub fn cell(&self, point: Point) -> Cell {
        self.cells[point.index()]
    }

    /// All 32 cells in [`Point::index`] order.
    pub fn cells(&self) -> &[Cell; SQUARES] {
        &self.cells
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The colour `seat` plays: fixed by the first flip (the first player plays the colour
    /// turned up, rules.md §11), `None` before it.
    pub fn colour(&self, seat: Seat) -> Option<Side> {
        let first = self.first_colour?;
        Some(match seat {
            Seat::First => first,
            Seat::Second => first.other(),
        })
    }

    /// The colour of the seat to move (`None` before the first flip).
    pub fn colour_to_move(&self) -> Option<Side> {
        self.colour(self.turn)
    }

    /// The seat that plays `side`, once colours are fixed.
    pub fn seat_of(&self, side: Side) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&s| self.colour(s) == Some(side))
    }

    /// Plies in a row without a flip or a capture (60 draw, rules.md §11).
    pub fn plies_without_flip_or_capture(&self) -> u32 {
        self.quiet_plies
    }

    /// 1 at the start; one more after each of the second player's turns.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Plies played since the start of the game: `2 * (move number - 1)`, plus one when the
    /// second player is to move.
    pub fn ply(&self) -> u64 {
        2 * u64::from(self.move_number.saturating_sub(1)) + self.turn.index() as u64
    }

    /// Face-down cells.
    pub fn face_down_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_face_down()).count()
    }

    /// The face-down pool (how many of each piece lie face down) where the position alone
    /// tells it: the full set less the face-up pieces is what lies face down or was
    /// captured, and the split is known when nothing was captured (32 pieces on the board),
    /// when nothing lies face down, or when all of those pieces are of one kind. `None`
    /// otherwise: a capture of a piece whose kind the position does not show.
    pub fn known_pool(&self) -> Option<PieceCounts> {
        let mut unseen = PieceCounts::full_set();
        for piece in self.cells.iter().filter_map(|c| c.face_up()) {
            // A position read from text has no more of a kind than the set.
            unseen.remove(piece);
        }
        let face_down = self.face_down_count() as u32;
        if face_down == 0 {
            return Some(PieceCounts::default());
        }
        if face_down == unseen.total() {
            return Some(unseen);
        }
        let mut kinds = unseen.iter();
        match (kinds.next(), kinds.next()) {
            (Some((piece, n)), None) if u32::from(n) >= face_down => {
                let mut pool = PieceCounts::default();
                for _ in 0..face_down {
                    pool.add(piece);
                }
                Some(pool)
            }
            _ => None,
        }
    }

    /// Plays a turn that [`BanqiPosition::check`] accepted; `revealed` is what a flip turns up.
    pub(crate) fn apply(&mut self, turn: Turn, revealed: Option<jieqi_rules::Piece>) {
        match turn {
            Turn::Flip(p) => {
                if let Some(piece) = revealed {
                    self.cells[p.index()] = Cell::FaceUp(piece);
                    if self.first_colour.is_none() {
                        // The first flip fixes colours: the flipper plays what they turned up.
                        self.first_colour = Some(match self.turn {
                            Seat::First => piece.side(),
                            Seat::Second => piece.side().other(),
                        });
                    }
                }
                self.quiet_plies = 0;
            }
            Turn::Move { from, to } => {
                self.cells[to.index()] = self.cells[from.index()];
                self.cells[from.index()] = Cell::Empty;
                self.quiet_plies = self.quiet_plies.saturating_add(1);
            }
            Turn::Capture { from, to } => {
                self.cells[to.index()] = self.cells[from.index()];
                self.cells[from.index()] = Cell::Empty;
                self.quiet_plies = 0;
            }
        }
        if self.turn == Seat::Second {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.turn = self.turn.other();
    }
}
