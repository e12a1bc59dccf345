//! What a screen draws of a variant it does not know: the board as the variant describes it
//! ([`BoardShape`]: size, points or squares, river, palaces, marks) and one player's picture
//! of a game on it ([`Table`]: each piece's [`Look`], the legal turns as clicks, the last turn,
//! the turns so far). A table is made from a player's view, so it holds only what that player
//! may know.

use crate::deal::Seed;
use crate::outcome::Outcome;
use crate::repetition::Notice;
use crate::types::{Role, Side};
use crate::view::PlayerView;

/// A place on a board: its column from the left and its row from the bottom, as seen by the
/// player of Red (in Banqi the first player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// From the left, 0 first.
    pub column: u8,
    /// From the bottom, 0 first.
    pub row: u8,
}

impl Spot {
    /// The place in `column`, `row`.
    pub const fn new(column: u8, row: u8) -> Spot {
        Spot { column, row }
    }
}

/// Where pieces stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grid {
    /// On the crossings of the lines (Xiangqi, Jieqi).
    Intersections,
    /// Inside the squares (Banqi).
    Squares,
}

/// A rectangle of places, corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The lower left corner.
    pub from: Spot,
    /// The upper right corner.
    pub to: Spot,
}

/// A board, as its variant describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardShape {
    /// How many columns of places.
    pub columns: u8,
    /// How many rows of places.
    pub rows: u8,
    /// Whether pieces stand on the lines' crossings or in the squares.
    pub grid: Grid,
    /// A river below this row (Xiangqi: 5, between rows 4 and 5), where the inner columns'
    /// lines stop.
    pub river: Option<u8>,
    /// Palaces, drawn with their diagonals.
    pub palaces: &'static [Zone],
    /// Places marked with small corners (Xiangqi's cannon and soldier points).
    pub marks: &'static [Spot],
    /// How the notation names the first row (Xiangqi's ICCS 0, Banqi 1); columns are `a`, `b`, ….
    pub first_row: u8,
}

impl BoardShape {
    /// Every place, row by row from the bottom.
    pub fn spots(&self) -> impl Iterator<Item = Spot> + '_ {
        (0..self.rows)
            .flat_map(move |row| (0..self.columns).map(move |column| Spot { column, row }))
    }

    /// Whether the place is on this board.
    pub fn contains(&self, spot: Spot) -> bool {
        spot.column < self.columns && spot.row < self.rows
    }

    /// The name of a place in the notation (`e2`, `a1`).
    pub fn name(&self, spot: Spot) -> String {
        format!(
            "{}{}",
            char::from(b'a' + spot.column),
            u32::from(spot.row) + u32::from(self.first_row)
        )
    }
}

/// What a piece shows a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    /// Face up: whose it is and what it is.
    Up {
        /// Whose piece.
        side: Side,
        /// What piece.
        role: Role,
    },
    /// Face down: the colour of its back where the back shows it (Jieqi) and the piece it
    /// moves as where that is public (a Jieqi piece moves as its start point's).
    Down {
        /// The colour of its back, where the back shows one.
        side: Option<Side>,
        /// The piece it moves as, where that is public.
        moves_as: Option<Role>,
    },
}

impl Look {
    /// Whose piece it shows it is, if it shows.
    pub fn side(self) -> Option<Side> {
        match self {
            Look::Up { side, .. } => Some(side),
            Look::Down { side, .. } => side,
        }
    }
}

/// A turn as a click makes it: a piece picked on `from`, put on `to`; a turn made where the
/// piece stands (a Banqi flip) has no `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableTurn {
    /// Where the piece is picked.
    pub from: Spot,
    /// Where it is put; `None` for a turn made in place.
    pub to: Option<Spot>,
    /// The turn in the variant's notation, as its game reads it.
    pub text: String,
    /// Whether it takes a piece.
    pub capture: bool,
}

/// One player's picture of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Whose picture it is.
    pub viewer: Side,
    /// Who is to move (in Banqi the seat).
    pub turn: Side,
    /// The colour of the pieces they play (in Banqi `None` before the first flip).
    pub colour_to_move: Option<Side>,
    /// Every piece on the board, as this player sees it.
    pub pieces: Vec<(Spot, Look)>,
    /// The legal turns of the side to move; none once the game is over.
    pub turns: Vec<TableTurn>,
    /// The last turn played: where it came from and went.
    pub last: Option<(Spot, Option<Spot>)>,
    /// The turns so far, as everyone saw them, in the variant's own notation.
    pub history: Vec<String>,
    /// Who made the first of them.
    pub first: Side,
    /// How the game ended; `None` while it runs.
    pub outcome: Option<Outcome>,
    /// Where the general of the side to move stands when it is in check (a variant without
    /// check: never).
    pub check: Option<Spot>,
    /// The rules' warnings and hints that hold now (rules.md §6; a variant without them:
    /// none).
    pub notices: Vec<Notice>,
    /// What each side (in Banqi each seat) took, as this player knows it, by
    /// [`Side::index`]: a face-down capture this player never saw is a back.
    pub captured: [Vec<Look>; 2],
    /// The colour each side (seat) plays, by [`Side::index`]: in Xiangqi its own; in Banqi
    /// `None` until the first flip decides.
    pub colours: [Option<Side>; 2],
    /// The deal's seed, once the game is over (a variant that deals).
    pub seed: Option<Seed>,
    /// The Xiangqi family's view this picture was drawn from — for what only that family's
    /// notations and engine do (the move list in WXF or Chinese, the odds of a reveal, a
    /// review) — so that a screen reads one channel; `None` for any other variant.
    pub view: Option<Box<PlayerView>>,
}

impl Table {
    /// The piece on a place.
    pub fn look(&self, spot: Spot) -> Option<Look> {
        self.pieces
            .iter()
            .find(|(s, _)| *s == spot)
            .map(|&(_, look)| look)
    }

    /// The turns that start on `from`.
    pub fn turns_from(&self, from: Spot) -> impl Iterator<Item = &TableTurn> {
        self.turns.iter().filter(move |t| t.from == from)
    }
}
