//! Jieqi's hidden pieces in the search: what the searcher does not know, and how a reveal is
//! searched as a chance event.
//!
//! # What the search knows
//!
//! The search starts from a [`jieqi_rules::PlayerView`] and nothing else: its [`Unseen`] is the
//! view's pool — per side and role, the identities the searching player has not seen (the
//! face-down pieces on the board and the face-down pieces the *other* player captured). From the
//! searcher's point of view every face-down piece of a side is equally likely to be any of that
//! side's unseen identities, so a move of a face-down piece reveals identity `r` with
//! probability `count(r) / total`. Down the search path each reveal removes its identity from
//! the pool, so the probabilities deeper in the tree are conditioned on the reveals above.
//! Captures of face-down pieces do not branch: the taken piece is as likely to be any unseen
//! identity as the rest, so leaving the pool as it is keeps every later reveal's marginal
//! probability exact (what is lost is only the correlation a capturer would learn).
//!
//! The evaluation values a face-down piece at the pool-weighted mean of its side's unseen
//! identities plus the Jieqi weights' `HIDDEN_BONUS` (negative, measured: a face-down
//! piece is stuck on its start point, a revealed one develops); the transposition table keys
//! positions by placement *and* pool, since the same placement reached through different
//! reveals has a different future.
//!
//! # How a reveal is searched: expectation with shifted windows
//!
//! A move of a face-down piece is a chance node: its value is the probability-weighted mean
//! of one child per distinct identity (at most six: advisor, elephant, horse, chariot,
//! cannon, soldier), each searched to the same depth. The textbook sound pruning for such
//! nodes (Ballard's Star1) needs the children's window scaled by `1 / p`, which with mate
//! scores as the value bounds leaves every child but the last with an infinite window: full
//! searches of every outcome, a tree that explodes. Instead each child `i` is searched with
//! the parent's window shifted by `shift_i`, the evaluation change that identity brings
//! relative to the mean (its piece-square value at the destination, and what it does to the
//! value of the side's other face-down pieces); the shifts average to zero, so:
//!
//! - if every child fails high (or every child fails low) against its shifted window, the
//!   weighted mean fails the same way — a proven bound, as sound as plain alpha-beta;
//! - if every child lands inside its window, the mean is exact;
//! - if the children disagree, the sound bounds (`-MATE`/`MATE` for the unknown side of each
//!   child, capped as below) usually decide nothing. At a PV node the undecided children are
//!   searched again with a full window and the mean is exact. At a null-window node the mean
//!   of the fail-soft values is returned as an estimate: it is close to the window (the
//!   children straddle it), and if it passes, the PV node above searches the move again
//!   exactly.
//!
//! The mean weighs each identity's score capped at
//! [`CHANCE_VALUE_CAP`](crate::params::CHANCE_VALUE_CAP) (15 soldiers) either way, unless every
//! identity mates or every one is mated: a mate is a won game, not 310 soldiers, so a reveal
//! that mates in one identity of ten is worth a tenth of a decisive lead and no more. Plain
//! means made such gambles look 25-30 soldiers up and the search paid material for them. The
//! capped mean never falls when one identity's score rises, so the bounds above still hold.
//!
//! Near the horizon — when the child would have less than
//! [`CHANCE_MIN_DEPTH`](crate::params::CHANCE_MIN_DEPTH) plies left — and in quiescence, a
//! reveal is not branched: the piece arrives on its destination *still face-down*, worth its
//! side's mean unseen identity and moving on as its start point's piece. That is a fiction
//! (in the game it would be revealed), but an unbiased one for material, and it costs one
//! child instead of six. Without it the opening tree is six times wider at every ply and
//! quiescence explodes (every cannon capture of a face-down piece branching six ways at each
//! step: 40 million nodes for a depth-1 search of the start); with it the Jieqi start
//! reaches depth 5 in about 0.3 M nodes.
//!
//! Trade-offs: one reveal above the horizon costs as many child searches as it has distinct
//! identities (about five in the opening), which is what an exact expectation must pay; the
//! depth reached in the opening is therefore a few plies less than in Xiangqi for the same
//! nodes. In exchange the search never assumes what a face-down piece is — the weakness of
//! determinization (searching sampled deals as if they were known), which lets each side pick
//! exactly the reveal that happens to be a chariot in the sample, and of the old public-
//! position search, for which a corner piece was a chariot — and the result depends on the
//! view alone, deterministically. The estimate at disagreeing null-window nodes and the
//! face-down fiction at the horizon are the two places where the search is not exact
//! expectimax (besides the pruning it shares with the Xiangqi search); the root always
//! branches every reveal, and a PV node never keeps an estimate.
//!
//! The principal variation stops after a reveal: what follows depends on the identity.

use jieqi_rules::{Pool, Position, Role, Side, Square};

use crate::eval::{HiddenValues, table_mg};
use crate::params::JIEQI;
use crate::rng::mix;

/// The roles a face-down piece can turn out to be.
pub(crate) const HIDDEN_ROLES: [Role; 6] = [
    Role::Chariot,
    Role::Cannon,
    Role::Horse,
    Role::Advisor,
    Role::Elephant,
    Role::Soldier,
];

/// Identities the searcher has not seen, at one node of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unseen {
    counts: [[u8; 8]; 2],
    total: [u32; 2],
    /// Zobrist-style key of the counts (0 for an empty pool), mixed into the table key.
    pub key: u64,
    /// What one face-down piece of each side is worth to the evaluation.
    pub values: HiddenValues,
    /// Added to the mean identity's value for keeping a piece face-down.
    bonus: i32,
}

impl Default for Unseen {
    fn default() -> Self {
        Unseen::from_counts([[0; 8]; 2], 0)
    }
}

/// One identity a reveal may show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub role: Role,
    /// How many unseen pieces have this identity (the probability is `weight / total`).
    pub weight: u32,
    /// Centipawns this identity is expected to be worth to the mover relative to the
    /// probability-weighted mean of all outcomes (the shifts average to zero).
    pub shift: i32,
}

#[inline]
fn count_key(side: usize, role: usize, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        mix(0x6A09_E667_F3BC_C908 ^ ((side as u64) << 16 | (role as u64) << 8 | n as u64))
    }
}

impl Unseen {
    /// The view's pool (the general, which is never face-down, is ignored); a face-down
    /// piece is worth its side's mean unseen identity plus `bonus`.
    pub fn from_pool(pool: &Pool, bonus: i32) -> Unseen {
        let mut counts = [[0u8; 8]; 2];
        for side in Side::ALL {
            for role in HIDDEN_ROLES {
                counts[side.index()][role as usize] = pool.count(side, role);
            }
        }
        Unseen::from_counts(counts, bonus)
    }

    fn from_counts(counts: [[u8; 8]; 2], bonus: i32) -> Unseen {
        let mut u = Unseen {
            counts,
            total: [0; 2],
            key: 0,
            values: HiddenValues::default(),
            bonus,
        };
        for (s, side) in counts.iter().enumerate() {
            for role in HIDDEN_ROLES {
                u.key ^= count_key(s, role as usize, side[role as usize]);
            }
            u.update_values(s);
        }
        u
    }

    fn update_values(&mut self, s: usize) {
        let c = &self.counts[s];
        let total: u32 = HIDDEN_ROLES.iter().map(|&r| c[r as usize] as u32).sum();
        self.total[s] = total;
        let (mg, eg) = if total == 0 {
            (JIEQI.hidden_value, JIEQI.hidden_value)
        } else {
            let sum = |table: &[i32; 8]| -> i32 {
                let v: i32 = HIDDEN_ROLES
                    .iter()
                    .map(|&r| c[r as usize] as i32 * table[r as usize])
                    .sum();
                (v + total as i32 / 2) / total as i32
            };
            (sum(&JIEQI.material_mg), sum(&JIEQI.material_eg))
        };
        self.values.mg[s] = mg + self.bonus;
        self.values.eg[s] = eg + self.bonus;
    }

    #[cfg(test)]
    pub fn count(&self, side: Side, role: Role) -> u8 {
        self.counts[side.index()][role as usize]
    }

    #[cfg(test)]
    pub fn total(&self, side: Side) -> u32 {
        self.total[side.index()]
    }

    /// The pool after a face-down piece of `side` showed `role`.
    pub fn without(&self, side: Side, role: Role) -> Unseen {
        let mut u = *self;
        let (s, r) = (side.index(), role as usize);
        let n = u.counts[s][r];
        if n == 0 {
            return u;
        }
        u.key ^= count_key(s, r, n) ^ count_key(s, r, n - 1);
        u.counts[s][r] = n - 1;
        u.update_values(s);
        u
    }

    /// The identities a face-down piece of `side` moving to `to` may show, most likely first,
    /// into `out`; returns how many (0 when the pool has none: an inconsistent view).
    pub fn outcomes(
        &self,
        pos: &Position,
        side: Side,
        to: Square,
        out: &mut [Outcome; 6],
    ) -> usize {
        let s = side.index();
        let total = self.total[s];
        let mut n = 0;
        for role in HIDDEN_ROLES {
            let w = self.counts[s][role as usize] as u32;
            if w > 0 {
                out[n] = Outcome {
                    role,
                    weight: w,
                    shift: 0,
                };
                n += 1;
            }
        }
        if n <= 1 {
            return n;
        }
        out[..n].sort_by_key(|o| std::cmp::Reverse(o.weight));
        // Face-down pieces of `side` on the board besides the one moving.
        let others = hidden_count(pos, side).saturating_sub(1) as i64;
        let t = total as i64;
        let mean_material: i64 = out[..n]
            .iter()
            .map(|o| o.weight as i64 * JIEQI.material_mg[o.role as usize] as i64)
            .sum::<i64>();
        let mean_table: i64 = out[..n]
            .iter()
            .map(|o| o.weight as i64 * table_mg(side, o.role, to) as i64)
            .sum::<i64>();
        for o in out[..n].iter_mut() {
            let table = table_mg(side, o.role, to) as i64 * t - mean_table;
            // Taking `role` out of the pool changes the mean value of the side's other
            // face-down pieces: others * (E - v) / (t - 1).
            let material = JIEQI.material_mg[o.role as usize] as i64 * t - mean_material;
            let pool_effect = if t > 1 {
                others * material / (t - 1)
            } else {
                0
            };
            o.shift = ((table - pool_effect) / t) as i32;
        }
        n
    }
}

/// Face-down pieces of `side` on the board.
fn hidden_count(pos: &Position, side: Side) -> u32 {
    let board = pos.board();
    let mut bits = board.occupied_by(side);
    let mut n = 0;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if Square::from_index(sq)
            .and_then(|q| board.piece_at(q))
            .is_some_and(|p| p.is_hidden())
        {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{FamilyGame, Jieqi, Seed};

    #[test]
    fn start_pool_values_a_hidden_piece_at_the_mean() {
        let view = Jieqi::from_seed(Seed(1)).view(Side::Red);
        let u = Unseen::from_pool(&view.pool, 10);
        assert_eq!(u.total(Side::Red), 15);
        assert_eq!(u.count(Side::Black, Role::Soldier), 5);
        // The mean of the 15 identities, rounded, plus the bonus of 10.
        let m = &JIEQI.material_mg;
        let sum: i32 = [
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Chariot,
            Role::Cannon,
        ]
        .iter()
        .map(|&r| 2 * m[r as usize])
        .sum::<i32>()
            + 5 * m[Role::Soldier as usize];
        assert_eq!(u.values.mg[0], (sum + 7) / 15 + 10);
    }

    #[test]
    fn reveals_update_pool_key_and_values() {
        let view = Jieqi::from_seed(Seed(1)).view(Side::Red);
        let u = Unseen::from_pool(&view.pool, 0);
        let a = u.without(Side::Red, Role::Chariot);
        assert_eq!(a.count(Side::Red, Role::Chariot), 1);
        assert_eq!(a.total(Side::Red), 14);
        assert!(a.values.mg[0] < u.values.mg[0]);
        assert_ne!(a.key, u.key);
        // Order of reveals does not matter to the key.
        let b = u
            .without(Side::Red, Role::Soldier)
            .without(Side::Red, Role::Chariot);
        let c = a.without(Side::Red, Role::Soldier);
        assert_eq!(b, c);
        assert_eq!(Unseen::default().key, 0);
    }

    #[test]
    fn outcome_shifts_average_to_zero() {
        let view = Jieqi::from_seed(Seed(5)).view(Side::Red);
        let u = Unseen::from_pool(&view.pool, 0).without(Side::Red, Role::Chariot);
        let pos = &view.position;
        let mut out = [Outcome {
            role: Role::Soldier,
            weight: 0,
            shift: 0,
        }; 6];
        let to = Square::parse("a1").unwrap();
        let n = u.outcomes(pos, Side::Red, to, &mut out);
        assert_eq!(n, 6);
        assert_eq!(out[0].role, Role::Soldier);
        let total: u32 = out[..n].iter().map(|o| o.weight).sum();
        assert_eq!(total, 14);
        let mean: i64 = out[..n]
            .iter()
            .map(|o| o.weight as i64 * o.shift as i64)
            .sum::<i64>()
            / total as i64;
        assert!(mean.abs() <= 1, "{mean}");
    }
}
