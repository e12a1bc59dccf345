//! The half board (rules.md §11): 32 squares in 4 rows of 8 columns, the two seats, what a
//! square holds, and counts of pieces by kind.

use std::fmt;
use std::str::FromStr;

use jieqi_rules::{Piece, Role, Side};

use jieqi_rules::quote::quote;

/// Columns `a`–`h`, from the first player's left.
pub const COLUMNS: u8 = 8;
/// Rows `1`–`4`, from the first player's side.
pub const ROWS: u8 = 4;
/// Squares on the board, and pieces in the set.
pub const SQUARES: usize = 32;

/// One of the 32 squares: index `row * 8 + column`, `a1` = 0, `h1` = 7, `a2` = 8, …, `h4` = 31
/// (rules.md §11: columns a–h from the first player's left, rows 1–4 from their side).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The square in `column` 0–7 (`a`–`h`) and `row` 0–3 (`1`–`4`).
    pub const fn new(column: u8, row: u8) -> Option<Point> {
        if column < COLUMNS && row < ROWS {
            Some(Point(row * COLUMNS + column))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Option<Point> {
        if index < SQUARES {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// 0–31, in the order of [`Point::all`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0–7 for `a`–`h`.
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// 0–3 for `1`–`4`.
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// The square `dc` columns and `dr` rows away, if on the board.
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Point> {
        let c = self.column() as i8 + dc;
        let r = self.row() as i8 + dr;
        if c < 0 || r < 0 {
            None
        } else {
            Point::new(c as u8, r as u8)
        }
    }

    /// All 32 squares, `a1` first, row by row.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> + Clone {
        (0..SQUARES as u8).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: write a column a-h and a row 1-4, e.g. c3")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads `a1`–`h4`; the column letter may be upper case.
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let bad = || ParsePointError(quote(s));
        let &[c, r] = s.as_bytes() else {
            return Err(bad());
        };
        let column = c.to_ascii_lowercase().checked_sub(b'a').ok_or_else(bad)?;
        let row = r.checked_sub(b'1').ok_or_else(bad)?;
        Point::new(column, row).ok_or_else(bad)
    }
}

/// The two players, by who moves first. Colours come later: the first flip decides them
/// (rules.md §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    First = 0,
    Second = 1,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name: `first`, `second`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} player", self.name())
    }
}

/// What a square holds, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    #[default]
    Empty,
    /// A face-down piece: nobody knows what it is (rules.md §11).
    FaceDown,
    /// A face-up piece (never [`Piece::hidden`]: Banqi has no Jieqi-style hidden movers).
    FaceUp(Piece),
}

impl Cell {
    pub const fn is_empty(self) -> bool {
        matches!(self, Cell::Empty)
    }

    pub const fn is_face_down(self) -> bool {
        matches!(self, Cell::FaceDown)
    }

    /// The face-up piece, if any.
    pub const fn face_up(self) -> Option<Piece> {
        match self {
            Cell::FaceUp(piece) => Some(piece),
            _ => None,
        }
    }
}

/// How many pieces of each kind the full set has: one general, five soldiers, two of the rest.
pub const fn set_count(role: Role) -> u8 {
    match role {
        Role::General => 1,
        Role::Soldier => 5,
        _ => 2,
    }
}

/// The FEN letter of a piece: upper case red, lower case black (`R` a red chariot, `p` a black
/// soldier), as the Xiangqi FEN writes them.
pub const fn piece_letter(piece: Piece) -> char {
    let c = piece.role().fen_char();
    match piece.side() {
        Side::Red => c.to_ascii_uppercase(),
        Side::Black => c,
    }
}

/// Reads a FEN letter (`K A B R N C P`, `E`/`H` for elephant/horse accepted); the case gives the
/// colour.
pub fn piece_from_letter(c: char) -> Option<Piece> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let role = Role::from_fen_char(c)?;
    let side = if c.is_ascii_uppercase() {
        Side::Red
    } else {
        Side::Black
    };
    Some(Piece::new(side, role))
}

/// A number of pieces of each kind (colour and role): the face-down pool, a deal's contents.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PieceCounts([[u8; 7]; 2]);

impl PieceCounts {
    /// The full set: each colour's 16 pieces.
    pub fn full_set() -> PieceCounts {
        let mut counts = PieceCounts::default();
        for side in Side::ALL {
            for role in Role::ALL {
                counts.0[side.index()][role as usize - 1] = set_count(role);
            }
        }
        counts
    }

    pub fn get(&self, piece: Piece) -> u8 {
        self.0[piece.side().index()][piece.role() as usize - 1]
    }

    pub fn add(&mut self, piece: Piece) {
        let n = &mut self.0[piece.side().index()][piece.role() as usize - 1];
        *n = n.saturating_add(1);
    }

    /// Takes one away; `false` (and no change) when there is none.
    pub fn remove(&mut self, piece: Piece) -> bool {
        let n = &mut self.0[piece.side().index()][piece.role() as usize - 1];
        match n.checked_sub(1) {
            Some(less) => {
                *n = less;
                true
            }
            None => false,
        }
    }

    /// All pieces of `side`.
    pub fn of_side(&self, side: Side) -> u32 {
        self.0[side.index()].iter().map(|&n| u32::from(n)).sum()
    }

    pub fn total(&self) -> u32 {
        Side::ALL.iter().map(|&s| self.of_side(s)).sum()
    }

    /// The kinds with a count above zero, red first, in [`Role::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Piece, u8)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            Role::ALL.into_iter().filter_map(move |role| {
                let piece = Piece::new(side, role);
                let n = self.get(piece);
                (n > 0).then_some((piece, n))
            })
        })
    }
}

/// `K1A2…` style: each kind with its count, red first (`-` when empty).
impl fmt::Display for PieceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for (piece, n) in self.iter() {
            write!(f, "{}{n}", piece_letter(piece))?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl fmt::Debug for PieceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PieceCounts({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_a1_to_h4_rules_11() {
        let names: Vec<String> = Point::all().map(|p| p.to_string()).collect();
        assert_eq!(names.len(), 32);
        assert_eq!(names[0], "a1");
        assert_eq!(names[7], "h1");
        assert_eq!(names[8], "a2");
        assert_eq!(names[31], "h4");
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            assert_eq!(Point::from_index(p.index()), Some(p));
            assert_eq!(Point::new(p.column(), p.row()), Some(p));
        }
        assert_eq!("C3".parse::<Point>(), Ok(Point::new(2, 2).unwrap()));
        for bad in ["", "a", "a0", "a5", "i1", "1a", "a10", "é1", "a1 "] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        assert_eq!(
            "z9".parse::<Point>().unwrap_err().to_string(),
            "'z9' is not a square: write a column a-h and a row 1-4, e.g. c3"
        );
        let a1 = Point::new(0, 0).unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(0, 1), Point::new(0, 1));
        assert_eq!(Point::new(7, 3).unwrap().offset(1, 0), None);
        assert_eq!(Point::new(8, 0), None);
        assert_eq!(Point::from_index(32), None);
    }

    #[test]
    fn the_set_has_32_pieces_rules_11() {
        let full = PieceCounts::full_set();
        assert_eq!(full.total(), 32);
        assert_eq!(full.of_side(Side::Red), 16);
        assert_eq!(full.to_string(), "K1A2B2N2R2C2P5k1a2b2n2r2c2p5");
        assert_eq!(PieceCounts::default().to_string(), "-");
        let mut c = PieceCounts::default();
        let p = Piece::new(Side::Black, Role::Cannon);
        assert!(!c.remove(p));
        c.add(p);
        assert_eq!(c.get(p), 1);
        assert!(c.remove(p));
        assert_eq!(c, PieceCounts::default());
    }

    #[test]
    fn letters_give_colour_by_case_rules_11() {
        for side in Side::ALL {
            for role in Role::ALL {
                let p = Piece::new(side, role);
                assert_eq!(piece_from_letter(piece_letter(p)), Some(p));
            }
        }
        assert_eq!(piece_letter(Piece::new(Side::Red, Role::Chariot)), 'R');
        assert_eq!(piece_letter(Piece::new(Side::Black, Role::Soldier)), 'p');
        assert_eq!(
            piece_from_letter('H'),
            Some(Piece::new(Side::Red, Role::Horse))
        );
        assert_eq!(piece_from_letter('x'), None);
        assert_eq!(piece_from_letter('?'), None);
        assert_eq!(Seat::First.other(), Seat::Second);
        assert_eq!(Seat::Second.to_string(), "the second player");
    }
}
