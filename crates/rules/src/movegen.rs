//! Move generation: pseudo-legal moves from the step and line tables, and a cheap legality
//! filter that only replays the moves that could expose the mover's general.

use crate::board::{Board, NO_SQUARE};
use crate::tables::{
    ADVISOR, ADVISOR_FREE, ELEPHANT, ELEPHANT_FREE, FILE_LINES, FILE_MASKS, GENERAL, HORSE,
    HORSE_ATTACKERS, LineView, RANK_LINES, SOLDIER, Steps, rank_mask,
};
use crate::types::{Move, Role, Side, Square};

const SIDE_BIT: u8 = 8;
const HIDDEN_BIT: u8 = 16;

/// A list of moves on the stack; no position has more than a few hundred pseudo-legal moves.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MoveList::CAPACITY],
}

impl MoveList {
    pub const CAPACITY: usize = 256;

    pub fn new() -> MoveList {
        let zero = Square::from_index_unchecked(0);
        MoveList {
            len: 0,
            moves: [Move::new(zero, zero); Self::CAPACITY],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if self.len < Self::CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Keeps only the moves `keep` accepts, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What one position's legality filter needs to know, computed once per generation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Guard {
    general: u8,
    them: Side,
    free: bool,
    in_check: bool,
    /// Points whose vacating could open a line or a horse leg onto the general.
    from_danger: u128,
    /// Points whose filling could give an enemy cannon its screen.
    to_danger: u128,
}

#[inline(always)]
fn is_enemy_or_empty(code: u8, us_bit: u8) -> bool {
    code == 0 || code & SIDE_BIT != us_bit
}

#[inline(always)]
fn is_enemy(code: u8, us_bit: u8) -> bool {
    code != 0 && code & SIDE_BIT != us_bit
}

impl Board {
    /// Calls `emit(from, to, piece_code)` for every pseudo-legal move of `us`: every move that
    /// follows the pieces' movement rules (rules.md §3, and §7 when `free`) without regard to
    /// the mover's general.
    #[inline(always)]
    pub(crate) fn for_each_pseudo(&self, us: Side, free: bool, mut emit: impl FnMut(u8, u8, u8)) {
        let us_bit = if us == Side::Black { SIDE_BIT } else { 0 };
        let mut pieces = self.by_side[us.index()];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let code = self.squares[from as usize];
            let hidden = code & HIDDEN_BIT != 0;
            match code & 7 {
                1 => self.steps(&GENERAL[from as usize], from, code, us_bit, &mut emit),
                2 => {
                    let t = if free && !hidden {
                        &ADVISOR_FREE
                    } else {
                        &ADVISOR[us.index()]
                    };
                    self.steps(&t[from as usize], from, code, us_bit, &mut emit)
                }
                3 => {
                    let t = if free && !hidden {
                        &ELEPHANT_FREE
                    } else {
                        &ELEPHANT[us.index()]
                    };
                    self.blockable_steps(&t[from as usize], from, code, us_bit, &mut emit)
                }
                4 => self.blockable_steps(&HORSE[from as usize], from, code, us_bit, &mut emit),
                5 => self.lines(from, code, us_bit, false, &mut emit),
                6 => self.lines(from, code, us_bit, true, &mut emit),
                _ => self.steps(
                    &SOLDIER[us.index()][from as usize],
                    from,
                    code,
                    us_bit,
                    &mut emit,
                ),
            }
        }
    }

    #[inline(always)]
    fn steps(&self, t: &Steps, from: u8, code: u8, us_bit: u8, emit: &mut impl FnMut(u8, u8, u8)) {
        for i in 0..t.len as usize {
            let to = t.to[i];
            if is_enemy_or_empty(self.squares[to as usize], us_bit) {
                emit(from, to, code);
            }
        }
    }

    #[inline(always)]
    fn blockable_steps(
        &self,
        t: &Steps,
        from: u8,
        code: u8,
        us_bit: u8,
        emit: &mut impl FnMut(u8, u8, u8),
    ) {
        for i in 0..t.len as usize {
            let to = t.to[i];
            if self.squares[t.block[i] as usize] == 0
                && is_enemy_or_empty(self.squares[to as usize], us_bit)
            {
                emit(from, to, code);
            }
        }
    }

    #[inline(always)]
    fn lines(
        &self,
        from: u8,
        code: u8,
        us_bit: u8,
        cannon: bool,
        emit: &mut impl FnMut(u8, u8, u8),
    ) {
        let (f, r) = (from % 9, from / 9);
        let rv: LineView = RANK_LINES[f as usize][self.rank_occ[r as usize] as usize];
        let fv: LineView = FILE_LINES[r as usize][self.file_occ[f as usize] as usize];
        let (rcap, fcap) = if cannon {
            (rv.second, fv.second)
        } else {
            (rv.first, fv.first)
        };
        let mut bits = rv.slide;
        while bits != 0 {
            emit(from, r * 9 + bits.trailing_zeros() as u8, code);
            bits &= bits - 1;
        }
        let mut bits = fv.slide;
        while bits != 0 {
            emit(from, bits.trailing_zeros() as u8 * 9 + f, code);
            bits &= bits - 1;
        }
        let mut bits = rcap;
        while bits != 0 {
            let to = r * 9 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if is_enemy(self.squares[to as usize], us_bit) {
                emit(from, to, code);
            }
        }
        let mut bits = fcap;
        while bits != 0 {
            let to = bits.trailing_zeros() as u8 * 9 + f;
            bits &= bits - 1;
            if is_enemy(self.squares[to as usize], us_bit) {
                emit(from, to, code);
            }
        }
    }

    /// Prepares the legality filter for `us`. The board must have `us`'s general.
    pub(crate) fn guard(&self, us: Side, free: bool) -> Guard {
        let them = us.other();
        let them_bit = if them == Side::Black { SIDE_BIT } else { 0 };
        let general = self.generals[us.index()];
        debug_assert_ne!(general, NO_SQUARE);
        let (gf, gr) = (general % 9, general / 9);
        let enemy_role = |s: u8| -> u8 {
            let c = self.squares[s as usize];
            if c != 0 && c & SIDE_BIT == them_bit {
                c & 7
            } else {
                0
            }
        };
        let mut from_danger = 0u128;
        let mut to_danger = 0u128;

        let (mut slider, mut cannon) = (false, false);
        let mut bits = self.rank_occ[gr as usize];
        while bits != 0 {
            let role = enemy_role(gr * 9 + bits.trailing_zeros() as u8);
            bits &= bits - 1;
            slider |= role == Role::Chariot as u8 || role == Role::Cannon as u8;
            cannon |= role == Role::Cannon as u8;
        }
        if slider {
            from_danger |= rank_mask(gr);
        }
        if cannon {
            to_danger |= rank_mask(gr);
        }
        let (mut slider, mut cannon) = (false, false);
        let mut bits = self.file_occ[gf as usize];
        while bits != 0 {
            let role = enemy_role(bits.trailing_zeros() as u8 * 9 + gf);
            bits &= bits - 1;
            slider |= role == Role::Chariot as u8
                || role == Role::Cannon as u8
                || role == Role::General as u8;
            cannon |= role == Role::Cannon as u8;
        }
        if slider {
            from_danger |= FILE_MASKS[gf as usize];
        }
        if cannon {
            to_danger |= FILE_MASKS[gf as usize];
        }
        for (h, leg) in HORSE_ATTACKERS[general as usize].iter() {
            if enemy_role(h) == Role::Horse as u8 {
                from_danger |= 1u128 << leg;
            }
        }
        if free {
            for (e, eye) in ELEPHANT_FREE[general as usize].iter() {
                if enemy_role(e) == Role::Elephant as u8 {
                    from_danger |= 1u128 << eye;
                }
            }
        }
        Guard {
            general,
            them,
            free,
            in_check: self.general_attacked_after(general, them, NO_SQUARE, NO_SQUARE, 0, free),
            from_danger,
            to_danger,
        }
    }

    /// Whether a pseudo-legal move keeps the mover's general safe (rules.md §4).
    #[inline(always)]
    pub(crate) fn keeps_general_safe(&self, g: &Guard, from: u8, to: u8, code: u8) -> bool {
        if from == g.general {
            return !self.general_attacked_after(to, g.them, from, to, code, g.free);
        }
        if !g.in_check && (g.from_danger >> from) & 1 == 0 && (g.to_danger >> to) & 1 == 0 {
            return true;
        }
        !self.general_attacked_after(g.general, g.them, from, to, code, g.free)
    }

    /// Every legal move of `us`, in generation order.
    pub(crate) fn legal_moves(&self, us: Side, free: bool) -> MoveList {
        self.legal_moves_to(us, free, |_| true)
    }

    /// Every legal capture of `us`, in generation order (quiescence searches only these).
    pub(crate) fn legal_captures(&self, us: Side, free: bool) -> MoveList {
        self.legal_moves_to(us, free, |to| self.squares[to as usize] != 0)
    }

    /// The legal moves of `us` whose destination passes `wanted` (asked before legality,
    /// which is the costly part).
    #[inline(always)]
    fn legal_moves_to(&self, us: Side, free: bool, wanted: impl Fn(u8) -> bool) -> MoveList {
        let g = self.guard(us, free);
        let mut list = MoveList::new();
        self.for_each_pseudo(us, free, |from, to, code| {
            if wanted(to) && self.keeps_general_safe(&g, from, to, code) {
                list.push(Move::new(
                    Square::from_index_unchecked(from),
                    Square::from_index_unchecked(to),
                ));
            }
        });
        list
    }

    /// The number of legal moves of `us`, without building a list (perft's leaves).
    pub(crate) fn count_legal(&self, us: Side, free: bool) -> u64 {
        let g = self.guard(us, free);
        let mut n = 0;
        self.for_each_pseudo(us, free, |from, to, code| {
            n += self.keeps_general_safe(&g, from, to, code) as u64;
        });
        n
    }
}
