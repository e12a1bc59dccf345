//! The deliberate weakening of the low levels: captures overlooked near the root, and a
//! noisy, soft-max choice among the root moves (the level's [`crate::Weakening`]).

use jieqi_rules::{Move, Position};

use super::{RootMove, Searcher};
use crate::rng::mix;
use crate::score::INFINITY;

impl Searcher<'_> {
    /// Whether the weakened player overlooks the capture `m` here (the same answer every
    /// time for one position, move and seed).
    #[inline]
    pub(super) fn overlooks(&self, ply: usize, key: u64, m: Move) -> bool {
        self.weak.overlook_permille > 0
            && ply <= 1
            && mix(self.seed ^ key ^ (m.to_u16() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)) % 1000
                < self.weak.overlook_permille as u64
    }

    /// The weakened player's choice among root moves: scores of the last completed iteration
    /// plus noise, then a soft-max with the level's temperature, never a move worse than the
    /// best by more than the level's `max_loss`.
    pub(super) fn choose_weakened(&self, pos: &Position, moves: &[RootMove]) -> Option<Move> {
        let scored: Vec<(Move, i32)> = moves
            .iter()
            .filter(|r| r.prev_score > -INFINITY)
            .map(|r| (r.mv, r.prev_score.clamp(-3000, 3000)))
            .collect();
        if scored.is_empty() {
            return None;
        }
        let mut rng = self.seed ^ pos.hash().rotate_left(17);
        let mut next = || {
            rng = mix(rng);
            rng
        };
        let noisy: Vec<(Move, f64)> = scored
            .iter()
            .map(|&(m, s)| {
                let noise = if self.weak.noise_cp > 0 {
                    let span = 2 * self.weak.noise_cp as u64 + 1;
                    (next() % span) as i32 - self.weak.noise_cp
                } else {
                    0
                };
                (m, (s + noise) as f64)
            })
            .collect();
        let best = noisy.iter().map(|x| x.1).fold(f64::MIN, f64::max);
        let best_true = scored.iter().map(|x| x.1).max().unwrap_or(0);
        let candidates: Vec<(Move, f64)> = noisy
            .iter()
            .zip(&scored)
            .filter(|(_, (_, s))| best_true - s <= self.weak.max_loss_cp)
            .map(|(n, _)| *n)
            .collect();
        if candidates.is_empty() {
            return Some(scored[0].0);
        }
        let t = self.weak.temperature_cp.max(1) as f64;
        let weights: Vec<f64> = candidates
            .iter()
            .map(|&(_, s)| ((s - best) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = (next() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some(candidates[i].0);
            }
            x -= w;
        }
        candidates.last().map(|c| c.0)
    }
}
