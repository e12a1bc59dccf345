//! Jieqi reveals in the search: a chance node over the identities a face-down piece may show
//! (the model is [`crate::chance`]'s).

use jieqi_rules::{Move, Piece, Position, Role, Side};

use super::{Mode, Node, Searcher};
use crate::chance::Outcome;
use crate::params::CHANCE_VALUE_CAP;
use crate::score::{INFINITY, MATE, MATE_BOUND};

/// The mean of `value(i)` over `outs` weighted by their weights (rounded down).
fn weighted_mean(outs: &[Outcome], value: impl Fn(usize) -> i32) -> i32 {
    let total: i64 = outs.iter().map(|o| o.weight as i64).sum();
    let sum: i64 = (0..outs.len())
        .map(|i| outs[i].weight as i64 * value(i) as i64)
        .sum();
    sum.div_euclid(total.max(1)) as i32
}

/// The chance node's value from its identities' values `value(i)`: their weighted mean, each
/// capped at [`CHANCE_VALUE_CAP`] unless all of them are mates for the same side. It never
/// decreases when one identity's value increases, so bounds on the identities give bounds on
/// it.
fn chance_value(outs: &[Outcome], value: impl Fn(usize) -> i32) -> i32 {
    let all_won = (0..outs.len()).all(|i| value(i) >= MATE_BOUND);
    let all_lost = (0..outs.len()).all(|i| value(i) <= -MATE_BOUND);
    if all_won || all_lost {
        weighted_mean(outs, value)
    } else {
        weighted_mean(outs, |i| {
            value(i).clamp(-CHANCE_VALUE_CAP, CHANCE_VALUE_CAP)
        })
    }
}

impl Searcher<'_> {
    /// A reveal: the probability-weighted mean (capped, see [`chance_value`]) over the
    /// identities the piece may show, each child searched with the window shifted by what that
    /// identity is expected to be worth (see the module documentation of [`crate::chance`] for
    /// why and when it is exact). `at` is as [`Searcher::search_move`] has it.
    pub(super) fn chance(
        &mut self,
        pos: &Position,
        m: Move,
        side: Side,
        at: Node,
        extend: bool,
        mode: Mode,
    ) -> i32 {
        let Node {
            ply, alpha, beta, ..
        } = at;
        if ply == 0 {
            self.root_estimate = false;
        }
        let (outs, n) = self.identities(pos, m, side, ply);
        let mut vals = [0i32; 6];
        // -1: at most the value (failed low), 0: exact, 1: at least the value (failed high).
        let mut kinds = [0i8; 6];
        for i in 0..n {
            let o = outs[i];
            let a = (alpha.saturating_add(o.shift)).clamp(-INFINITY, INFINITY - 1);
            let b = (beta.saturating_add(o.shift)).clamp(a + 1, INFINITY);
            let a = if alpha <= -INFINITY { -INFINITY } else { a };
            let b = if beta >= INFINITY { INFINITY } else { b };
            let shifted = Node {
                alpha: a,
                beta: b,
                ..at
            };
            let v = self.outcome(pos, m, Piece::new(side, o.role), shifted, extend, mode);
            if self.stopped {
                return 0;
            }
            vals[i] = v;
            kinds[i] = if v <= a {
                -1
            } else if v >= b {
                1
            } else {
                0
            };
        }
        // The PV stops at a reveal.
        self.pv_len[ply + 1] = ply + 1;
        if n == 1 {
            return vals[0];
        }
        let outs = &outs[..n];
        let lower = chance_value(outs, |i| if kinds[i] >= 0 { vals[i] } else { -MATE });
        if lower >= beta {
            return lower;
        }
        let upper = chance_value(outs, |i| if kinds[i] <= 0 { vals[i] } else { MATE });
        if upper <= alpha {
            return upper;
        }
        let exact = beta - alpha > 1
            || self
                .jieqi
                .as_deref()
                .is_some_and(|j| j.tuning.exact_null_windows);
        if ply == 0 {
            // Neither bound decides: under a null window the value is an estimate.
            self.root_estimate = !exact;
        }
        if exact {
            // A PV node: settle the undecided children exactly.
            for i in 0..n {
                if kinds[i] != 0 {
                    let o = outs[i];
                    let full = Node {
                        alpha: -INFINITY,
                        beta: INFINITY,
                        ..at
                    };
                    let v = self.outcome(pos, m, Piece::new(side, o.role), full, extend, mode);
                    if self.stopped {
                        return 0;
                    }
                    vals[i] = v;
                }
            }
            self.pv_len[ply + 1] = ply + 1;
        }
        chance_value(outs, |i| vals[i])
    }

    /// The identities the face-down piece moving by `m` may show at `ply`, with their weights
    /// and window shifts, and how many there are (at least one).
    fn identities(&self, pos: &Position, m: Move, side: Side, ply: usize) -> ([Outcome; 6], usize) {
        let mut outs = [Outcome {
            role: Role::Soldier,
            weight: 0,
            shift: 0,
        }; 6];
        let state = self.jieqi.as_deref().expect("chance nodes are Jieqi's");
        let know = state.know[ply];
        // Hindsight: the identity the deal put there, and nothing else.
        let dealt = state.deal.as_ref().and_then(|deal| deal[m.from.index()]);
        let n = match dealt {
            Some(role) => {
                outs[0] = Outcome {
                    role,
                    weight: 1,
                    shift: 0,
                };
                1
            }
            None => know.outcomes(pos, side, m.to, &mut outs),
        };
        if n == 0 {
            // The pool has nothing for this piece (an inconsistent view): it moves on as the
            // piece of its start point, as the public position plays it.
            let role = pos.piece_at(m.from).map_or(Role::Soldier, |p| p.role());
            outs[0] = Outcome {
                role,
                weight: 1,
                shift: 0,
            };
        }
        (outs, n.max(1))
    }

    /// One identity of a reveal: the piece `arriving` as it; plays it and searches the child
    /// as `at` says.
    fn outcome(
        &mut self,
        pos: &Position,
        m: Move,
        arriving: Piece,
        at: Node,
        extend: bool,
        mode: Mode,
    ) -> i32 {
        let ply = at.ply;
        let mut child = pos.clone();
        child.play_unchecked_as(m, arriving);
        let check = child.is_check();
        if let Some(state) = self.jieqi.as_deref_mut() {
            state.know[ply + 1] = state.know[ply].without(arriving.side(), arriving.role());
        }
        self.note_path(ply, (m, arriving));
        if mode == Mode::Main {
            // A reveal can never be undone: no repetition reaches back past it.
            self.push_child(ply, &child, check, 0);
        }
        let d = at.depth + (check && extend) as i32;
        -self.child_search(&child, at.child(d), check, mode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcomes(weights: &[u32]) -> Vec<Outcome> {
        weights
            .iter()
            .map(|&weight| Outcome {
                role: Role::Soldier,
                weight,
                shift: 0,
            })
            .collect()
    }

    #[test]
    fn a_mate_in_one_identity_of_ten_does_not_outweigh_the_material_a_gamble_loses() {
        // One identity in ten mates; the other nine leave the mover a horse down.
        let outs = outcomes(&[1, 9]);
        let vals = [MATE - 3, -400];
        let plain = weighted_mean(&outs, |i| vals[i]);
        assert!(plain > 2_000, "uncapped, the gamble looks won: {plain}");
        let v = chance_value(&outs, |i| vals[i]);
        assert_eq!(v, (CHANCE_VALUE_CAP - 9 * 400).div_euclid(10));
        assert!(v < 0, "{v}");
    }

    #[test]
    fn a_mate_in_every_identity_is_still_a_mate() {
        let outs = outcomes(&[2, 5, 8]);
        let won = [MATE - 5, MATE - 3, MATE - 7];
        assert!(chance_value(&outs, |i| won[i]) >= MATE_BOUND);
        let lost = [-MATE + 4, -MATE + 6, -MATE + 2];
        assert!(chance_value(&outs, |i| lost[i]) <= -MATE_BOUND);
    }

    #[test]
    fn the_value_never_falls_when_one_identity_rises() {
        // What makes bounds on the identities bounds on the node (the window logic of
        // `chance`): every step of one identity's value, from mated to mating.
        let outs = outcomes(&[1, 3, 2]);
        let steps = [
            -MATE,
            -MATE + 9,
            -MATE_BOUND,
            -3_000,
            -1_500,
            -20,
            0,
            700,
            1_500,
            3_000,
            MATE_BOUND,
            MATE - 9,
            MATE,
        ];
        for &a in &steps {
            for &b in &steps {
                let mut last = i32::MIN;
                for &c in &steps {
                    let vals = [a, b, c];
                    let v = chance_value(&outs, |i| vals[i]);
                    assert!(v >= last, "{vals:?}: {v} < {last}");
                    last = v;
                }
            }
        }
    }
}
