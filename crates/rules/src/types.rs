//! Sides, roles, pieces, squares and moves (rules.md §1).

use std::fmt;

/// The two players. Red moves first (rules.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    Red = 0,
    Black = 1,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Red, Side::Black];

    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name, as the CLI and records write it.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Red => "Red",
            Side::Black => "Black",
        })
    }
}

/// What a piece is (or, for a hidden Jieqi piece, what it moves as).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    General = 1,
    Advisor = 2,
    Elephant = 3,
    Horse = 4,
    Chariot = 5,
    Cannon = 6,
    Soldier = 7,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    #[inline]
    pub const fn from_index(i: u8) -> Option<Role> {
        Some(match i {
            1 => Role::General,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Chariot,
            6 => Role::Cannon,
            7 => Role::Soldier,
            _ => return None,
        })
    }

    /// FEN letter (lower case), as Pikafish and Fairy-Stockfish write it.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// Reads a FEN letter of either case; `h` and `e` are accepted for horse and elephant.
    pub fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// WXF letter (upper case): K A E H R C P.
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    pub fn from_wxf_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'E' | 'B' => Role::Elephant,
            'H' | 'N' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    /// English name for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// The traditional character for this role on `side`'s pieces.
    pub const fn chinese(self, side: Side) -> char {
        match (side, self) {
            (Side::Red, Role::General) => '帥',
            (Side::Red, Role::Advisor) => '仕',
            (Side::Red, Role::Elephant) => '相',
            (Side::Red, Role::Horse) => '傌',
            (Side::Red, Role::Chariot) => '俥',
            (Side::Red, Role::Cannon) => '炮',
            (Side::Red, Role::Soldier) => '兵',
            (Side::Black, Role::General) => '將',
            (Side::Black, Role::Advisor) => '士',
            (Side::Black, Role::Elephant) => '象',
            (Side::Black, Role::Horse) => '馬',
            (Side::Black, Role::Chariot) => '車',
            (Side::Black, Role::Cannon) => '砲',
            (Side::Black, Role::Soldier) => '卒',
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: a side, the role it moves as, and whether it is still face-down
/// (Jieqi). A hidden piece's role is the role of its start point (rules.md §7); its identity
/// is not part of the board.
///
/// Packed into one byte so that the board is a plain byte array: bits 0–2 role, bit 3 side,
/// bit 4 hidden. Zero is never a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    const SIDE_BIT: u8 = 8;
    const HIDDEN_BIT: u8 = 16;
    /// Number of distinct codes (for tables indexed by [`Piece::code`]).
    pub const CODES: usize = 32;

    #[inline]
    pub const fn new(side: Side, role: Role) -> Piece {
        Piece(role as u8 | ((side as u8) * Self::SIDE_BIT))
    }

    /// A face-down piece on a start point whose standard piece is `moves_as`.
    #[inline]
    pub const fn hidden(side: Side, moves_as: Role) -> Piece {
        Piece(Self::new(side, moves_as).0 | Self::HIDDEN_BIT)
    }

    #[inline]
    pub const fn side(self) -> Side {
        if self.0 & Self::SIDE_BIT == 0 {
            Side::Red
        } else {
            Side::Black
        }
    }

    /// The role the piece moves as: its identity if revealed, its start point's role if hidden.
    #[inline]
    pub const fn role(self) -> Role {
        match Role::from_index(self.0 & 7) {
            Some(r) => r,
            None => Role::General, // unreachable: every constructor sets a role
        }
    }

    #[inline]
    pub const fn is_hidden(self) -> bool {
        self.0 & Self::HIDDEN_BIT != 0
    }

    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code & 7 == 0 || code >= 32 {
            None
        } else {
            Some(Piece(code))
        }
    }

    /// FEN character: upper case for Red; `X`/`x` for a hidden piece.
    pub const fn fen_char(self) -> char {
        let c = if self.is_hidden() {
            'x'
        } else {
            self.role().fen_char()
        };
        match self.side() {
            Side::Red => c.to_ascii_uppercase(),
            Side::Black => c,
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} {:?}{}",
            self.side(),
            self.role(),
            if self.is_hidden() { " (hidden)" } else { "" }
        )
    }
}

pub const FILES: u8 = 9;
pub const RANKS: u8 = 10;

/// One of the 90 points: `rank * 9 + file`, file `a`–`i` = 0–8 from Red's left, rank 0–9 from
/// Red's baseline (ICCS, rules.md §1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 90;

    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Self::COUNT {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Caller guarantees `i < 90`.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: u8) -> Square {
        debug_assert!(i < 90);
        Square(i)
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            Square::new(f as u8, r as u8)
        }
    }

    /// The same point seen from the other side (180° rotation).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// Mirror left-right.
    #[inline]
    pub const fn mirror(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// Whether this point lies in `side`'s half (rules.md §1: Red ranks 0–4).
    #[inline]
    pub const fn on_side(self, side: Side) -> bool {
        match side {
            Side::Red => self.rank() <= 4,
            Side::Black => self.rank() >= 5,
        }
    }

    /// Whether this point lies in `side`'s palace (files d–f, ranks 0–2 or 7–9).
    #[inline]
    pub const fn in_palace(self, side: Side) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match side {
                Side::Red => r <= 2,
                Side::Black => r >= 7,
            }
    }

    /// Points strictly between this point and `other` on one file or rank (none otherwise).
    pub fn between(self, other: Square) -> impl Iterator<Item = Square> {
        let df = (other.file() as i8 - self.file() as i8).signum();
        let dr = (other.rank() as i8 - self.rank() as i8).signum();
        let steps = if df == 0 || dr == 0 {
            self.file()
                .abs_diff(other.file())
                .max(self.rank().abs_diff(other.rank()))
        } else {
            0
        };
        (1..steps as i8).filter_map(move |i| self.offset(df * i, dr * i))
    }

    /// Parses an ICCS square such as `h2` (case-insensitive file letter).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'0')?;
        Square::new(file, rank)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move from one point to another. Whether it captures or reveals follows from the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses ICCS coordinates such as `h2e2` (also `h2-e2`). Legality is not checked.
    pub fn parse_iccs(s: &str) -> Option<Move> {
        let s = s.trim();
        if !s.is_ascii() {
            return None;
        }
        let (a, b) = match s.len() {
            4 => (&s[0..2], &s[2..4]),
            5 if s.as_bytes()[2] == b'-' => (&s[0..2], &s[3..5]),
            _ => return None,
        };
        Some(Move::new(Square::parse(a)?, Square::parse(b)?))
    }

    /// Packs into 16 bits (from * 90 + to), for transposition tables and hashing.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.from.0 as u16 * 90 + self.to.0 as u16
    }

    #[inline]
    pub const fn from_u16(v: u16) -> Option<Move> {
        if v >= 8100 {
            return None;
        }
        Some(Move::new(Square((v / 90) as u8), Square((v % 90) as u8)))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_follow_iccs_rules_1() {
        let h2 = Square::parse("h2").unwrap();
        assert_eq!((h2.file(), h2.rank()), (7, 2));
        assert_eq!(h2.to_string(), "h2");
        assert!(Square::parse("j0").is_none());
        assert!(Square::parse("a10").is_none());
        assert!(Square::new(4, 0).unwrap().in_palace(Side::Red));
        assert!(!Square::new(2, 0).unwrap().in_palace(Side::Red));
        assert!(Square::new(5, 9).unwrap().in_palace(Side::Black));
        assert!(Square::new(0, 4).unwrap().on_side(Side::Red));
        assert!(Square::new(0, 5).unwrap().on_side(Side::Black));
        assert_eq!(
            Square::parse("a0").unwrap().flip(),
            Square::parse("i9").unwrap()
        );
    }

    #[test]
    fn moves_parse_and_pack() {
        let m = Move::parse_iccs("h2e2").unwrap();
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(Move::parse_iccs("h2-e2"), Some(m));
        assert_eq!(Move::from_u16(m.to_u16()), Some(m));
        assert!(Move::parse_iccs("h2e").is_none());
        assert!(Move::parse_iccs("h2éé").is_none());
    }

    #[test]
    fn piece_codes_round_trip() {
        for side in Side::ALL {
            for role in Role::ALL {
                let p = Piece::new(side, role);
                assert_eq!((p.side(), p.role(), p.is_hidden()), (side, role, false));
                let h = Piece::hidden(side, role);
                assert_eq!((h.side(), h.role(), h.is_hidden()), (side, role, true));
                assert_eq!(Piece::from_code(p.code() as u8), Some(p));
            }
        }
    }
}
