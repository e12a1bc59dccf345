//! Correction history: how far the static evaluation has been off, learned from the search's
//! own results and keyed by two structures — the soldiers', and both palaces' defence (the
//! generals, advisors and elephants) — and the side to move.
//!
//! A hand-written evaluation errs the same way in positions that share a structure (a soldier
//! chain it overrates, a crossed soldier it underrates, a palace whose defenders stand worse
//! than its safety terms see); the search keeps finding that error at every node with that
//! structure. After a node's search the difference between its result and its raw evaluation
//! moves each structure's entry (more for deeper searches), and the next static evaluations
//! with those structures are corrected by the mean of the two entries (each learns the whole
//! error, so where both structures predict it the mean does too). Jieqi's search uses the
//! soldiers' table alone until a test decides the defence table there. What prunes on the
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

/// The learned corrections, by side to move and structure key: one table per structure.
#[derive(Clone)]
pub struct CorrectionHistory {
    soldiers: Vec<i32>,
    defence: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            soldiers: vec![0; 2 * SIZE],
            defence: vec![0; 2 * SIZE],
        }
    }
}

/// The key of a position's soldier structure: every piece that moves as a soldier (in Jieqi a
/// face-down one too, under its own keys), by point.
#[inline]
fn structure_key(pos: &Position) -> u64 {
    pos.board().soldier_hash()
}

/// The key of both palaces' defence: every piece that moves as a general, advisor or elephant
/// (in Jieqi a face-down one too), by point.
#[inline]
fn defence_key(pos: &Position) -> u64 {
    pos.board().defence_hash()
}

/// Moves one entry toward `diff` by `weight`.
#[inline]
fn learn(entry: &mut i32, diff: i32, weight: i32) {
    *entry = (*entry * (WEIGHT_SCALE - weight) + diff * GRAIN * weight) / WEIGHT_SCALE;
}

impl CorrectionHistory {
    #[inline]
    fn slot(pos: &Position, key: u64) -> usize {
        pos.turn().index() * SIZE + (key as usize & (SIZE - 1))
    }

    /// `eval`, the raw static evaluation of `pos`, corrected. `with_defence`: whether the
    /// defence table counts (the mean of both entries) or the soldiers' alone; only Xiangqi's
    /// search uses it so far (accepted there, undecided in Jieqi).
    #[inline]
    pub fn corrected(&self, pos: &Position, eval: i32, with_defence: bool) -> i32 {
        let soldiers = self.soldiers[Self::slot(pos, structure_key(pos))];
        let c = if with_defence {
            (soldiers + self.defence[Self::slot(pos, defence_key(pos))]) / (2 * GRAIN)
        } else {
            soldiers / GRAIN
        };
        (eval + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A search of `pos` to `depth` found `score` where the raw evaluation said `eval`.
    #[inline]
    pub fn update(
        &mut self,
        pos: &Position,
        depth: i32,
        score: i32,
        eval: i32,
        with_defence: bool,
    ) {
        let diff = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION);
        let weight = (depth + 1).min(MAX_WEIGHT);
        learn(
            &mut self.soldiers[Self::slot(pos, structure_key(pos))],
            diff,
            weight,
        );
        if with_defence {
            learn(
                &mut self.defence[Self::slot(pos, defence_key(pos))],
                diff,
                weight,
            );
        }
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
        for with_defence in [false, true] {
            let mut c = CorrectionHistory::default();
            assert_eq!(
                c.corrected(&start, 10, with_defence),
                10,
                "nothing learned yet"
            );
            for _ in 0..200 {
                c.update(&start, 10, 40, 10, with_defence);
            }
            let learned = c.corrected(&start, 10, with_defence);
            assert!((35..=40).contains(&learned), "{learned}");
            for _ in 0..500 {
                c.update(&start, 20, 5000, 0, with_defence);
            }
            assert!(c.corrected(&start, 0, with_defence) <= MAX_CORRECTION);
        }
    }

    #[test]
    fn the_defence_table_shares_what_one_palace_structure_learned() {
        // Two positions with the same palaces and different soldiers: what the first
        // taught the defence table corrects the second half as much (the mean of the two
        // entries), and nothing without the defence table.
        let a = pos("3ak4/9/4b4/9/p8/9/P8/9/9/3K5 w");
        let b = pos("3ak4/9/4b4/p8/9/9/P8/9/9/3K5 w");
        let mut c = CorrectionHistory::default();
        for _ in 0..300 {
            c.update(&a, 10, 60, 0, true);
        }
        assert!(
            (28..=30).contains(&c.corrected(&b, 0, true)),
            "{}",
            c.corrected(&b, 0, true)
        );
        assert_eq!(c.corrected(&b, 0, false), 0);
    }

    #[test]
    fn the_defence_key_sees_generals_advisors_and_elephants_only() {
        let a = pos("3ak4/9/4b4/9/p8/9/P8/9/9/3K5 w");
        let moved_soldier = pos("3ak4/9/4b4/p8/9/9/P8/9/9/3K5 w");
        let moved_general = pos("3a1k3/9/4b4/9/p8/9/P8/9/9/3K5 w");
        let moved_elephant = pos("2bak4/9/9/9/p8/9/P8/9/9/3K5 w");
        assert_eq!(defence_key(&a), defence_key(&moved_soldier));
        assert_ne!(defence_key(&a), defence_key(&moved_general));
        assert_ne!(defence_key(&a), defence_key(&moved_elephant));
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
