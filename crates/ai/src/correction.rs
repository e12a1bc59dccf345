//! Correction history: how far the static evaluation has been off, learned from the search's
//! own results and keyed by the soldiers' structure and the side to move.
//!
//! A hand-written evaluation errs the same way in positions that share a structure (a soldier
//! chain it overrates, a crossed soldier it underrates); the search keeps finding that error at
//! every node with that structure. After a node's search the difference between its result and
//! its raw evaluation moves the structure's entry (more for deeper searches), and the next
//! static evaluations with that structure are corrected by the entry. What prunes on the
//! evaluation (reverse futility, razoring, null move, futility, quiescence's stand-pat) then
//! errs less. The idea is Stockfish's and Ethereal's; the numbers here are this engine's.

use jieqi_rules::Position;

use crate::score::MATE_BOUND;

/// Entries per side to move (a power of two).
const SIZE: usize = 1 << 14;
/// An entry counts in 1/`GRAIN` centipawns, so that small updates are not rounded away.
const GRAIN: i32 = 256;
/// Updates are weighted in 1/`WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
/// The largest weight one update gets (at depth 15 and deeper).
const MAX_WEIGHT: i32 = 16;
/// No correction is larger than this many centipawns.
const MAX_CORRECTION: i32 = 64;

/// The learned corrections, by side to move and structure key.
#[derive(Clone)]
pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            entries: vec![0; 2 * SIZE],
        }
    }
}

/// The key of a position's soldier structure: every piece that moves as a soldier (in Jieqi a
/// face-down one too, under its own keys), by point.
#[inline]
fn structure_key(pos: &Position) -> u64 {
    pos.board().soldier_hash()
}

impl CorrectionHistory {
    #[inline]
    fn slot(pos: &Position) -> usize {
        pos.turn().index() * SIZE + (structure_key(pos) as usize & (SIZE - 1))
    }

    /// `eval`, the raw static evaluation of `pos`, corrected.
    #[inline]
    pub fn corrected(&self, pos: &Position, eval: i32) -> i32 {
        let c = self.entries[Self::slot(pos)] / GRAIN;
        (eval + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A search of `pos` to `depth` found `score` where the raw evaluation said `eval`.
    #[inline]
    pub fn update(&mut self, pos: &Position, depth: i32, score: i32, eval: i32) {
        let diff = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION);
        let weight = (depth + 1).min(MAX_WEIGHT);
        let e = &mut self.entries[Self::slot(pos)];
        *e = (*e * (WEIGHT_SCALE - weight) + diff * GRAIN * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    #[test]
    fn the_correction_learns_the_error_and_stays_bounded() {
        let start = Position::startpos();
        let mut c = CorrectionHistory::default();
        assert_eq!(c.corrected(&start, 10), 10, "nothing learned yet");
        for _ in 0..200 {
            c.update(&start, 10, 40, 10);
        }
        let learned = c.corrected(&start, 10);
        assert!((35..=40).contains(&learned), "{learned}");
        for _ in 0..500 {
            c.update(&start, 20, 5000, 0);
        }
        assert!(c.corrected(&start, 0) <= MAX_CORRECTION);
    }

    #[test]
    fn the_structure_key_sees_soldiers_only() {
        let a = pos("4k4/9/9/9/p8/9/P8/9/9/5K3 w");
        let b = pos("3k5/9/9/9/p8/9/P8/9/9/5K3 w");
        let c = pos("4k4/9/9/p8/9/9/P8/9/9/5K3 w");
        assert_eq!(structure_key(&a), structure_key(&b));
        assert_ne!(structure_key(&a), structure_key(&c));
    }
}
