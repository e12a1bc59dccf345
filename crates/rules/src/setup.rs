//! A setup is a placement that may be illegal: what a FEN says, or what an editor holds.
//! `Position::from_setup` is the gate to a playable position.

use std::fmt;

use crate::quote::quote;
use crate::types::{Piece, Role, Side, Square};

/// The standard start position (rules.md §2).
pub const STANDARD_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The piece that stands on `sq` in the standard start position, if any (rules.md §2). In
/// Jieqi a hidden piece moves as this piece (rules.md §7).
pub const fn start_piece(sq: Square) -> Option<(Side, Role)> {
    let (side, rank) = if sq.rank() <= 4 {
        (Side::Red, sq.rank())
    } else {
        (Side::Black, 9 - sq.rank())
    };
    let f = sq.file();
    let role = match (rank, f) {
        (0, 0 | 8) => Role::Chariot,
        (0, 1 | 7) => Role::Horse,
        (0, 2 | 6) => Role::Elephant,
        (0, 3 | 5) => Role::Advisor,
        (0, 4) => Role::General,
        (2, 1 | 7) => Role::Cannon,
        (3, 0 | 2 | 4 | 6 | 8) => Role::Soldier,
        _ => return None,
    };
    Some((side, role))
}

/// How many pieces of each role a side starts with (index = `Role as usize`).
pub(crate) const START_COUNTS: [u8; 8] = [0, 1, 2, 2, 2, 2, 2, 5];

/// Identities not everyone has seen in a Jieqi game: counts per side and role (rules.md §9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pool {
    counts: [[u8; 8]; 2],
}

impl Pool {
    pub fn count(&self, side: Side, role: Role) -> u8 {
        self.counts[side.index()][role as usize]
    }

    pub fn set(&mut self, side: Side, role: Role, n: u8) {
        self.counts[side.index()][role as usize] = n;
    }

    pub fn total(&self, side: Side) -> u32 {
        self.counts[side.index()].iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total(Side::Red) == 0 && self.total(Side::Black) == 0
    }

    /// Every identity in the pool, once per piece.
    pub fn iter(&self) -> impl Iterator<Item = (Side, Role)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            Role::ALL.into_iter().flat_map(move |role| {
                std::iter::repeat_n((side, role), self.count(side, role) as usize)
            })
        })
    }

    /// The pool field order used by the open Jieqi engines: R A C P N B.
    const ORDER: [Role; 6] = [
        Role::Chariot,
        Role::Advisor,
        Role::Cannon,
        Role::Soldier,
        Role::Horse,
        Role::Elephant,
    ];

    /// Parses e.g. `R2A2C2P5N2B2r2a2c2p5n2b2`, or `-` for empty.
    pub fn parse(s: &str) -> Result<Pool, ParseFenError> {
        let mut pool = Pool::default();
        if s == "-" {
            return Ok(pool);
        }
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            let role = Role::from_fen_char(c)
                .filter(|r| *r != Role::General)
                .ok_or_else(|| ParseFenError::BadPool(quote(s)))?;
            let side = if c.is_ascii_uppercase() {
                Side::Red
            } else {
                Side::Black
            };
            let mut n: u32 = 0;
            let mut digits = 0;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n * 10 + d;
                digits += 1;
                chars.next();
                if n > START_COUNTS[role as usize] as u32 {
                    return Err(ParseFenError::BadPool(quote(s)));
                }
            }
            if digits == 0 {
                n = 1;
            }
            pool.counts[side.index()][role as usize] += n as u8;
            if pool.counts[side.index()][role as usize] > START_COUNTS[role as usize] {
                return Err(ParseFenError::BadPool(quote(s)));
            }
        }
        Ok(pool)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for side in Side::ALL {
            for role in Self::ORDER {
                let n = self.count(side, role);
                if n > 0 {
                    let c = role.fen_char();
                    let c = if side == Side::Red {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    };
                    write!(f, "{c}{n}")?;
                }
            }
        }
        Ok(())
    }
}

/// A placement that has not been checked for playability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 90],
    pub turn: Side,
    /// Jieqi's pool of unseen identities, when the FEN has one.
    pub pool: Option<Pool>,
    /// In a viewer-relative Jieqi FEN: the identities that viewer learned by capturing.
    pub learned: Option<Pool>,
    /// Plies since the last capture.
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// Which side gives odds and how (rules.md §2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Handicap {
    #[default]
    None,
    /// `giver` starts without the horse on its left (b-file for Red, h-file for Black, as seen
    /// by that player) or its right.
    OneHorse {
        giver: Side,
        left: bool,
    },
    BothHorses {
        giver: Side,
    },
}

impl Setup {
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Side::Red,
            pool: None,
            learned: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard start position, less the horses a handicap removes. Red moves first.
    pub fn start(handicap: Handicap) -> Setup {
        let mut s = Setup::empty();
        for sq in Square::all() {
            if let Some((side, role)) = start_piece(sq) {
                s.board[sq.index()] = Some(Piece::new(side, role));
            }
        }
        let remove = |s: &mut Setup, side: Side, left: bool| {
            // A player's left is file b for Red and file h for Black.
            let file = if (side == Side::Red) == left { 1 } else { 7 };
            let rank = if side == Side::Red { 0 } else { 9 };
            s.board[Square::new(file, rank).expect("on board").index()] = None;
        };
        match handicap {
            Handicap::None => {}
            Handicap::OneHorse { giver, left } => remove(&mut s, giver, left),
            Handicap::BothHorses { giver } => {
                remove(&mut s, giver, true);
                remove(&mut s, giver, false);
            }
        }
        s
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Parses a FEN: placement (rank 9 first), side to move (`w`/`r` Red, `b` Black), then
    /// optionally `- -` (standard engines) or a Jieqi pool (and, in a viewer-relative FEN, the
    /// identities the viewer learned, or `-`), then half- and full-move numbers. JieqiBox's
    /// older form with the pool before the side to move (`board pool w - - 0 1`) reads too.
    pub fn parse_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let mut setup = Setup::empty();
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 10 {
            return Err(ParseFenError::RankCount(rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file: u32 = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(ParseFenError::BadChar(c));
                    }
                    file += d;
                } else {
                    let side = if c.is_ascii_uppercase() {
                        Side::Red
                    } else {
                        Side::Black
                    };
                    if file >= 9 {
                        return Err(ParseFenError::RankWidth { rank });
                    }
                    let sq = Square::new(file as u8, rank).expect("on board");
                    let piece = if c.eq_ignore_ascii_case(&'x') {
                        let (start_side, role) = start_piece(sq)
                            .filter(|(s, r)| *s == side && *r != Role::General)
                            .ok_or(ParseFenError::HiddenOffStart(sq))?;
                        Piece::hidden(start_side, role)
                    } else {
                        Piece::new(
                            side,
                            Role::from_fen_char(c).ok_or(ParseFenError::BadChar(c))?,
                        )
                    };
                    setup.board[sq.index()] = Some(piece);
                    file += 1;
                }
                if file > 9 {
                    return Err(ParseFenError::RankWidth { rank });
                }
            }
            if file != 9 {
                return Err(ParseFenError::RankWidth { rank });
            }
        }
        let mut rest: Vec<&str> = fields.collect();
        let is_turn = |t: &str| matches!(t, "w" | "r" | "W" | "R" | "b" | "B");
        // JieqiBox's older Jieqi FEN puts the pool before the side to move:
        // `board pool side - - halfmove fullmove`.
        let pool_first = match rest.as_slice() {
            [pool, turn, ..] if !is_turn(pool) && is_turn(turn) => Some(Pool::parse(pool)?),
            _ => None,
        };
        if pool_first.is_some() {
            rest.remove(0);
        }
        let mut rest = rest.into_iter();
        setup.turn = match rest.next() {
            None => Side::Red,
            Some("w" | "r" | "W" | "R") => Side::Red,
            Some("b" | "B") => Side::Black,
            Some(other) => return Err(ParseFenError::BadTurn(quote(other))),
        };
        let rest: Vec<&str> = rest.collect();
        let numbers = rest
            .iter()
            .rev()
            .take_while(|t| t.parse::<u32>().is_ok())
            .count();
        if numbers > 2 {
            return Err(ParseFenError::TrailingFields);
        }
        let (words, nums) = rest.split_at(rest.len() - numbers);
        match words {
            // `- -` is standard engines' empty castling and en-passant fields: no pool.
            [] | ["-", "-"] => {}
            // One field where standard engines write two is a Jieqi pool, `-` when empty.
            [pool] => setup.pool = Some(Pool::parse(pool)?),
            [pool, learned] => {
                setup.pool = Some(Pool::parse(pool)?);
                setup.learned = Some(Pool::parse(learned)?);
            }
            _ => return Err(ParseFenError::TrailingFields),
        }
        if let Some(pool) = pool_first {
            if setup.pool.is_some() {
                return Err(ParseFenError::TrailingFields);
            }
            setup.pool = Some(pool);
        }
        if let Some(h) = nums.first() {
            setup.halfmoves = h.parse().map_err(|_| ParseFenError::BadNumber(quote(h)))?;
        }
        if let Some(f) = nums.get(1) {
            setup.fullmoves = f.parse().map_err(|_| ParseFenError::BadNumber(quote(f)))?;
            setup.fullmoves = setup.fullmoves.max(1);
        }
        Ok(setup)
    }

    /// Writes the FEN; a pool (if any) stands where standard engines write `- -`.
    pub fn to_fen(&self) -> String {
        let mut s = write_placement(|sq| self.board[sq.index()].map(|p| (p.fen_char(), None)));
        s.push_str(if self.turn == Side::Red { " w " } else { " b " });
        match &self.pool {
            None => s.push_str("- -"),
            Some(pool) => s.push_str(&pool.to_string()),
        }
        // An empty pool with nothing learned is one `-`: `- -` would read as no pool.
        let both_empty =
            self.pool.is_some_and(|p| p.is_empty()) && self.learned.is_some_and(|l| l.is_empty());
        if let Some(learned) = self.learned.filter(|_| !both_empty) {
            s.push(' ');
            s.push_str(&learned.to_string());
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }
}

impl std::str::FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::parse_fen(s)
    }
}

/// Writes a FEN placement (rank 9 first, runs of empty points as digits). `cell` gives each
/// point's letter and, for full-knowledge Jieqi FENs, an identity letter written after it.
pub(crate) fn write_placement(cell: impl Fn(Square) -> Option<(char, Option<char>)>) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match cell(Square::new(file, rank).expect("on board")) {
                None => empty += 1,
                Some((letter, identity)) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(letter);
                    s.extend(identity);
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Why a Jieqi pool cannot go with its board: it names more pieces than a side has, or fewer
/// identities than there are face-down pieces (rules.md §7, §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("{side} has {hidden} face-down pieces, but the pool holds identities for only {pool}")]
    HiddenBeyondPool { side: Side, hidden: u32, pool: u32 },
    #[error(
        "the board and the pool hold {count} pieces of {side} that are {role}s; a side has {max}"
    )]
    TooMany {
        side: Side,
        role: Role,
        count: u32,
        max: u8,
    },
}

impl Setup {
    /// Checks a Jieqi pool against the board: every face-down piece's identity is among the
    /// pool's, and no identity counts more often, with the face-up pieces and what the viewer
    /// learned by capturing, than a side has that piece. (A face-down piece captured by the
    /// other side stays in the pool, so the pool may hold more than the board's face-down
    /// pieces.) A setup without a pool passes.
    pub fn check_pool(&self) -> Result<(), PoolError> {
        let Some(pool) = self.pool else {
            return Ok(());
        };
        let learned = self.learned.unwrap_or_default();
        let pieces = || self.board.iter().flatten();
        for side in Side::ALL {
            let hidden = pieces()
                .filter(|p| p.is_hidden() && p.side() == side)
                .count() as u32;
            if hidden > pool.total(side) {
                return Err(PoolError::HiddenBeyondPool {
                    side,
                    hidden,
                    pool: pool.total(side),
                });
            }
            for role in Role::ALL.into_iter().filter(|r| *r != Role::General) {
                let face_up = pieces()
                    .filter(|p| !p.is_hidden() && p.side() == side && p.role() == role)
                    .count() as u32;
                let count = face_up
                    + u32::from(pool.count(side, role))
                    + u32::from(learned.count(side, role));
                let max = START_COUNTS[role as usize];
                if count > u32::from(max) {
                    return Err(PoolError::TooMany {
                        side,
                        role,
                        count,
                        max,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("the FEN has {0} ranks; a Xiangqi board has 10, separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} of the FEN does not have exactly 9 points")]
    RankWidth { rank: u8 },
    #[error("{0:?} is not a piece letter (K A B N R C P, X for hidden) or a count 1-9")]
    BadChar(char),
    #[error("a hidden piece at {0} is not on a start point of its side")]
    HiddenOffStart(Square),
    #[error("side to move '{0}' is not 'w' (Red) or 'b' (Black)")]
    BadTurn(String),
    #[error(
        "Jieqi pool '{0}' is not a list such as R2A2C2P5N2B2r2a2c2p5n2b2 within the start counts"
    )]
    BadPool(String),
    #[error("'{0}' is not a move number")]
    BadNumber(String),
    #[error("the FEN has unexpected fields after the side to move")]
    TrailingFields,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_fen_round_trips_rules_2() {
        let s = Setup::parse_fen(STANDARD_FEN).unwrap();
        assert_eq!(s.to_fen(), STANDARD_FEN);
        assert_eq!(Setup::start(Handicap::None), s);
    }

    #[test]
    fn aliases_h_and_e_rules_2() {
        let s = Setup::parse_fen(
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
        )
        .unwrap();
        assert_eq!(s.to_fen(), STANDARD_FEN);
    }

    #[test]
    fn handicaps_remove_horses_rules_2() {
        let one = Setup::start(Handicap::OneHorse {
            giver: Side::Red,
            left: true,
        });
        assert_eq!(one.piece_at(Square::parse("b0").unwrap()), None);
        assert!(one.piece_at(Square::parse("h0").unwrap()).is_some());
        let black = Setup::start(Handicap::OneHorse {
            giver: Side::Black,
            left: true,
        });
        assert_eq!(black.piece_at(Square::parse("h9").unwrap()), None);
        let both = Setup::start(Handicap::BothHorses { giver: Side::Red });
        assert_eq!(
            both.to_fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1"
        );
        assert_eq!(both.turn, Side::Red);
    }

    #[test]
    fn malformed_fens_give_typed_errors() {
        let cases: &[(&str, ParseFenError)] = &[
            ("", ParseFenError::Empty),
            ("9/9/9 w", ParseFenError::RankCount(3)),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
                ParseFenError::RankWidth { rank: 0 },
            ),
            (
                "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                ParseFenError::RankWidth { rank: 9 },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w",
                ParseFenError::BadChar('Q'),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                ParseFenError::BadTurn("x".into()),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9",
                ParseFenError::TrailingFields,
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4X4/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                ParseFenError::HiddenOffStart(Square::parse("e4").unwrap()),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w R9 0 1",
                ParseFenError::BadPool("R9".into()),
            ),
        ];
        for (fen, err) in cases {
            assert_eq!(Setup::parse_fen(fen).as_ref(), Err(err), "{fen}");
        }
    }

    #[test]
    fn jieqibox_fen_forms_read_as_the_same_position_rules_9() {
        let ours = Setup::parse_fen(
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1",
        )
        .unwrap();
        // JieqiBox's pool in its own letter order, with its captured field.
        let new_form = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1";
        // Its older form: the pool before the side to move.
        let old_form = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1";
        for fen in [new_form, old_form] {
            let s = Setup::parse_fen(fen).unwrap();
            assert_eq!(
                (s.board, s.turn, s.pool),
                (ours.board, ours.turn, ours.pool),
                "{fen}"
            );
        }
        let black = Setup::parse_fen(&old_form.replace(" w ", " b ")).unwrap();
        assert_eq!(black.turn, Side::Black);
        // A pool in both places is refused.
        assert!(Setup::parse_fen(&old_form.replace("- -", "R1 -")).is_err());
    }

    #[test]
    fn jieqi_pool_field() {
        let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";
        let s = Setup::parse_fen(fen).unwrap();
        let pool = s.pool.unwrap();
        assert_eq!(pool.count(Side::Red, Role::Soldier), 5);
        assert_eq!(pool.total(Side::Black), 15);
        assert_eq!(s.to_fen(), fen);
        assert!(
            s.piece_at(Square::parse("a0").unwrap())
                .unwrap()
                .is_hidden()
        );
    }
}
