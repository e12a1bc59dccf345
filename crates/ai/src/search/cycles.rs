//! Repetition (rules.md §6) as the game's rule set says (§10): a position that occurred
//! before, in the game or on the search path, ends the line there. This is scored at the first
//! repetition already, as engines score repetitions: the side that could avoid the cycle will.
//!
//! Where the rules judge only perpetual check (standard Xiangqi, chase warned), the cycle is
//! a draw, except that when one side gave check with every one of its moves in the cycle and
//! the other did not, the checking side loses; a cycle that reaches into the game history is
//! judged the same way when the caller says which of those positions were in check, else a
//! draw. Where the rules judge perpetual chase too
//! ([`chase_loses`](jieqi_rules::RepetitionRules::chase_loses): Jieqi, and Xiangqi under
//! chase=judged), the rules' own judge ([`History::judge`], under the game's
//! [`RepetitionRules`](jieqi_rules::RepetitionRules)) decides the cycle as the third
//! occurrence would: the side that kept up perpetual check, or failing that perpetual chase,
//! loses; otherwise a draw. The search replays the cycle to it from the game's positions and
//! the moves of the search path.

use jieqi_rules::{History, Move, Notice, Piece, Position, Side};

use super::Searcher;
use crate::params::DRAW_SCORE;
use crate::score::mated_in;

/// Replays one move of the search path (a null move is a move from a point to itself).
fn play_path_move(pos: &mut Position, m: Move, arriving: Piece) {
    if m.from == m.to {
        pos.play_null();
    } else {
        pos.play_unchecked_as(m, arriving);
    }
}

impl Searcher<'_> {
    /// The repetition score for the node at `ply` (whose key is already pushed), if it repeats.
    pub(super) fn repetition(&self, ply: usize) -> Option<i32> {
        let idx = self.hist_len + ply;
        let back = self.reversible[ply];
        if back < 4 {
            return None;
        }
        let key = self.keys[idx];
        let mut j = idx - 4;
        loop {
            if self.keys[j] == key {
                if self.rules.chase_loses {
                    return Some(self.judge_cycle(j, idx, ply));
                }
                if j < self.hist_len && !self.history_checks {
                    return Some(DRAW_SCORE);
                }
                // Positions j+1, j+3, … follow our moves; j+2, …, idx follow theirs.
                let we_check = (j + 1..idx).step_by(2).all(|k| self.checks[k]);
                let they_check = (j + 2..=idx).step_by(2).all(|k| self.checks[k]);
                return Some(match (we_check, they_check) {
                    (true, false) => mated_in(ply),
                    (false, true) => -mated_in(ply),
                    _ => DRAW_SCORE,
                });
            }
            if j < 2 || idx - j + 2 > back {
                return None;
            }
            j -= 2;
        }
    }

    /// Notes the move that led to `ply + 1` and the piece that arrived, where cycles are
    /// replayed to the rules' judge.
    #[inline]
    pub(super) fn note_path(&mut self, ply: usize, step: (Move, Piece)) {
        if let Some(replay) = self.replay.as_deref_mut() {
            replay.path[ply + 1] = step;
        }
    }

    /// Rules that judge perpetual chase (rules.md §6, §10): the cycle from position `j` to
    /// position `idx` (the node at `ply`) repeats a position. The rules' own judge, under the
    /// game's rules, decides it as the third occurrence would: the side that kept up
    /// perpetual check, or failing that perpetual chase, loses; otherwise a draw. Rare enough
    /// that replaying the path from the root is cheap.
    fn judge_cycle(&self, j: usize, idx: usize, ply: usize) -> i32 {
        let h = self.hist_len;
        let Some(state) = self
            .replay
            .as_deref()
            .filter(|r| r.positions.len() == h + 1 && r.moves.len() == h)
        else {
            debug_assert!(
                false,
                "the rules' judge needs the game's positions and moves"
            );
            return DRAW_SCORE;
        };
        let root = &state.positions[h];
        let position = |k: usize| -> Position {
            if k <= h {
                return state.positions[k].clone();
            }
            let mut cur = root.clone();
            for &(m, arriving) in &state.path[1..=k - h] {
                play_path_move(&mut cur, m, arriving);
            }
            cur
        };
        let mut cur = position(j);
        if cur.hash() != self.keys[j] {
            debug_assert!(false, "the replayed path does not match the search");
            return DRAW_SCORE;
        }
        let mut history = History::new(self.rules, &cur);
        for k in j + 1..=idx {
            let m = if k - 1 < h {
                state.moves[k - 1]
            } else {
                state.path[k - h].0
            };
            let next = if k <= h {
                position(k)
            } else {
                let mut next = cur.clone();
                play_path_move(&mut next, m, state.path[k - h].1);
                next
            };
            if next.hash() != self.keys[k] {
                debug_assert!(false, "the replayed path does not match the search");
                return DRAW_SCORE;
            }
            // The rules' judge needs the position before each move too (a move chases only
            // the attacks it made, rules.md §6).
            history.record(m, &cur, &next);
            cur = next;
        }
        let verdict = history.judge();
        let loser = match verdict.outcome {
            Some(jieqi_rules::Outcome::Win { winner, .. }) => Some(winner.other()),
            Some(jieqi_rules::Outcome::Draw { .. }) => None,
            None => {
                let mut check = None;
                let mut chase: Option<Option<Side>> = None;
                for n in &verdict.notices {
                    // Only rules that judge chase come here: a chase warned now loses later.
                    match *n {
                        Notice::PerpetualCheckWarning { side } => check = Some(side),
                        Notice::PerpetualChaseWarning { side, .. } => {
                            chase = Some(match chase {
                                None => Some(side),
                                Some(Some(s)) if s == side => Some(s),
                                Some(_) => None,
                            })
                        }
                        _ => {}
                    }
                }
                check.or(chase.flatten())
            }
        };
        let to_move = if ply.is_multiple_of(2) {
            root.turn()
        } else {
            root.turn().other()
        };
        match loser {
            Some(side) if side == to_move => mated_in(ply),
            Some(_) => -mated_in(ply),
            None => DRAW_SCORE,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Weakening;
    use crate::limits::Limits;
    use crate::ordering::Heuristics;
    use crate::search::{Context, Memory};
    use crate::tt::TranspositionTable;

    /// A searcher at ply 4 of a path whose positions have `keys` and `checks` (after a game
    /// history of `hist` positions).
    fn judge(hist: &[u64], path: &[u64], checks: &[bool]) -> Option<i32> {
        let mut tt = TranspositionTable::new(1);
        let mut heur = Heuristics::default();
        let stop = AtomicBool::new(false);
        let pos = Position::startpos();
        let memory = Memory {
            tt: &mut tt,
            heur: &mut heur,
            lines_tt: None,
        };
        let mut s = Searcher::new(
            memory,
            &stop,
            &Limits::default(),
            &pos,
            Context {
                history: hist,
                ..Context::default()
            },
            Weakening::NONE,
            0,
        );
        s.keys.truncate(hist.len());
        s.keys.extend_from_slice(path);
        s.checks = [vec![false; hist.len()], checks.to_vec()].concat();
        let ply = path.len() - 1;
        for p in 0..=ply {
            s.reversible[p] = hist.len() + p;
        }
        s.repetition(ply)
    }

    #[test]
    fn repetition_without_checks_is_a_draw() {
        let path = [10, 11, 12, 13, 10];
        assert_eq!(judge(&[], &path, &[false; 5]), Some(DRAW_SCORE));
        assert_eq!(judge(&[], &[10, 11, 12, 13, 14], &[false; 5]), None);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker_rules_6() {
        let path = [10, 11, 12, 13, 10];
        // Positions 1 and 3 follow the moves of the side to move at ply 4: it checked
        // every time, the other side did not. It loses.
        let ours = [false, true, false, true, false];
        assert_eq!(judge(&[], &path, &ours), Some(mated_in(4)));
        // The other side checked every time: it loses.
        let theirs = [false, false, true, false, true];
        assert_eq!(judge(&[], &path, &theirs), Some(-mated_in(4)));
        // Both sides always checking: a draw.
        let both = [false, true, true, true, true];
        assert_eq!(judge(&[], &path, &both), Some(DRAW_SCORE));
        // One check missing: no perpetual.
        let gap = [false, true, false, false, false];
        assert_eq!(judge(&[], &path, &gap), Some(DRAW_SCORE));
    }

    #[test]
    fn cycles_into_the_game_history_are_draws() {
        // The root (ply 0) is preceded by 2 history positions; ply 2 repeats history[0].
        let hist = [10, 11];
        let path = [12, 13, 10];
        assert_eq!(judge(&hist, &path, &[true, true, true]), Some(DRAW_SCORE));
    }
}
