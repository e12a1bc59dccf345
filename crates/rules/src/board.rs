//! The placement of pieces: a byte per point plus redundant occupancy (bit-ranks, bit-files,
//! per-side bitboards), the generals' points and incremental Zobrist hashes (of the whole
//! placement, and of the soldiers and of the palaces' defenders alone, for engines that key
//! what they learn by structure).

use crate::tables::{
    ADVISOR_FREE, ELEPHANT_FREE, FILE_LINES, HORSE_ATTACKERS, RANK_LINES, SOLDIER_ATTACKERS,
};
use crate::types::{Piece, Role, Side, Square};
use crate::zobrist;

/// Marks "no point" in the compact `u8` square fields below.
pub(crate) const NO_SQUARE: u8 = 255;

#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// Piece code per point, 0 = empty.
    pub(crate) squares: [u8; 90],
    /// Bit f of `rank_occ[r]` is set when (f, r) is occupied.
    pub(crate) rank_occ: [u16; 10],
    /// Bit r of `file_occ[f]` is set when (f, r) is occupied.
    pub(crate) file_occ: [u16; 9],
    pub(crate) by_side: [u128; 2],
    /// Each side's general, or `NO_SQUARE` while a setup lacks it.
    pub(crate) generals: [u8; 2],
    pub(crate) hash: u64,
    /// The part of `hash` that comes from pieces moving as soldiers.
    pub(crate) soldier_hash: u64,
    /// The part of `hash` that comes from pieces moving as generals, advisors and elephants.
    pub(crate) defence_hash: u64,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some(p) => write!(f, "{}", p.fen_char())?,
                    None => write!(f, ".")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::empty()
    }
}

const SIDE_BIT: u8 = 8;

impl Board {
    pub fn empty() -> Board {
        Board {
            squares: [0; 90],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            by_side: [0; 2],
            generals: [NO_SQUARE; 2],
            hash: 0,
            soldier_hash: 0,
            defence_hash: 0,
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.squares[sq.index()])
    }

    /// Zobrist hash of the placement (without the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Zobrist hash of the pieces that move as soldiers (a face-down one as its start point's
    /// piece, with its own keys): the soldiers' structure.
    #[inline]
    pub fn soldier_hash(&self) -> u64 {
        self.soldier_hash
    }

    /// Zobrist hash of the pieces that move as generals, advisors and elephants (a face-down
    /// one as its start point's piece, with its own keys): both palaces' defence.
    #[inline]
    pub fn defence_hash(&self) -> u64 {
        self.defence_hash
    }

    pub fn general(&self, side: Side) -> Option<Square> {
        Square::from_index(self.generals[side.index()] as usize)
    }

    /// Points occupied by `side`, as a bitboard (bit = square index).
    #[inline]
    pub fn occupied_by(&self, side: Side) -> u128 {
        self.by_side[side.index()]
    }

    /// Every occupied point with its piece, from a0 upwards.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// Puts `piece` on an empty point.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.squares[sq.index()], 0);
        let i = sq.index();
        self.squares[i] = piece.code() as u8;
        self.rank_occ[sq.rank() as usize] |= 1 << sq.file();
        self.file_occ[sq.file() as usize] |= 1 << sq.rank();
        self.by_side[piece.side().index()] |= 1u128 << i;
        if piece.role() == Role::General && !piece.is_hidden() {
            self.generals[piece.side().index()] = i as u8;
        }
        let key = zobrist::piece_key(piece, sq);
        self.hash ^= key;
        self.toggle_structure(piece, key);
    }

    /// Adds or removes `piece`'s key in the structure hash its role belongs to, if any.
    #[inline]
    fn toggle_structure(&mut self, piece: Piece, key: u64) {
        match piece.role() {
            Role::Soldier => self.soldier_hash ^= key,
            Role::General | Role::Advisor | Role::Elephant => self.defence_hash ^= key,
            _ => {}
        }
    }

    /// Removes and returns the piece on `sq`.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let i = sq.index();
        self.squares[i] = 0;
        self.rank_occ[sq.rank() as usize] &= !(1 << sq.file());
        self.file_occ[sq.file() as usize] &= !(1 << sq.rank());
        self.by_side[piece.side().index()] &= !(1u128 << i);
        if self.generals[piece.side().index()] == i as u8 {
            self.generals[piece.side().index()] = NO_SQUARE;
        }
        let key = zobrist::piece_key(piece, sq);
        self.hash ^= key;
        self.toggle_structure(piece, key);
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, where it becomes `arriving` (the same piece, or its
    /// revealed identity in Jieqi). Returns what stood on `to`.
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square, arriving: Piece) -> Option<Piece> {
        let captured = self.take(to);
        self.take(from);
        self.put(to, arriving);
        captured
    }

    /// Whether `by` attacks the general standing on `target` on this board — or, when
    /// `from`/`to` are real points, on the board after the piece on `from` has moved to `to` as
    /// `moved` (the board itself is not touched). `free` gives revealed advisors and elephants
    /// their Jieqi freedom (rules.md §7).
    ///
    /// Only valid for a point inside `target`'s own palace, which is where a general stands:
    /// that is what lets it skip pieces that can never reach an enemy palace (confined
    /// advisors and elephants, which step only onto their own palace and half, rules.md §3,
    /// §10; hidden ones in Jieqi; the other general except along the file). It is the hot path
    /// of legality; `Position::attackers` answers for any point.
    #[inline]
    pub(crate) fn general_attacked_after(
        &self,
        target: u8,
        by: Side,
        from: u8,
        to: u8,
        moved: u8,
        free: bool,
    ) -> bool {
        let at = |s: u8| -> u8 {
            if s == to {
                moved
            } else if s == from {
                0
            } else {
                self.squares[s as usize]
            }
        };
        let enemy = |code: u8, role: Role| -> bool {
            code != 0 && code & 7 == role as u8 && (code & SIDE_BIT != 0) == (by == Side::Black)
        };
        let tf = target % 9;
        let tr = target / 9;

        // Lines: chariots (and the general, on its file) hit the first piece, cannons the second.
        let mut rocc = self.rank_occ[tr as usize];
        let mut focc = self.file_occ[tf as usize];
        if from != NO_SQUARE {
            if from / 9 == tr {
                rocc &= !(1 << (from % 9));
            }
            if from % 9 == tf {
                focc &= !(1 << (from / 9));
            }
        }
        if to != NO_SQUARE {
            if to / 9 == tr {
                rocc |= 1 << (to % 9);
            }
            if to % 9 == tf {
                focc |= 1 << (to / 9);
            }
        }
        let rv = RANK_LINES[tf as usize][rocc as usize];
        let fv = FILE_LINES[tr as usize][focc as usize];
        let mut bits = rv.first;
        while bits != 0 {
            let s = tr * 9 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if enemy(at(s), Role::Chariot) {
                return true;
            }
        }
        let mut bits = fv.first;
        while bits != 0 {
            let s = bits.trailing_zeros() as u8 * 9 + tf;
            bits &= bits - 1;
            let c = at(s);
            if enemy(c, Role::Chariot) || (enemy(c, Role::General) && c & 16 == 0) {
                return true;
            }
        }
        let mut bits = rv.second;
        while bits != 0 {
            let s = tr * 9 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if enemy(at(s), Role::Cannon) {
                return true;
            }
        }
        let mut bits = fv.second;
        while bits != 0 {
            let s = bits.trailing_zeros() as u8 * 9 + tf;
            bits &= bits - 1;
            if enemy(at(s), Role::Cannon) {
                return true;
            }
        }

        // Horses, unless their leg is blocked.
        for (h, leg) in HORSE_ATTACKERS[target as usize].iter() {
            if enemy(at(h), Role::Horse) && at(leg) == 0 {
                return true;
            }
        }
        for (s, _) in SOLDIER_ATTACKERS[by.index()][target as usize].iter() {
            if enemy(at(s), Role::Soldier) {
                return true;
            }
        }
        if free {
            // A revealed advisor or elephant anywhere (a hidden one stays on its start point,
            // where it never reaches an enemy general or anything across the river).
            for (s, _) in ADVISOR_FREE[target as usize].iter() {
                let c = at(s);
                if enemy(c, Role::Advisor) && c & 16 == 0 {
                    return true;
                }
            }
            for (s, eye) in ELEPHANT_FREE[target as usize].iter() {
                let c = at(s);
                if enemy(c, Role::Elephant) && c & 16 == 0 && at(eye) == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `by` attacks a general standing on `sq` as the board stands.
    pub(crate) fn general_attacked(&self, sq: Square, by: Side, free: bool) -> bool {
        self.general_attacked_after(sq.index() as u8, by, NO_SQUARE, NO_SQUARE, 0, free)
    }
}
