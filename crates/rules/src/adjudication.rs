//! Judging a position after each move, for every game type (rules.md §5, §6): checkmate or
//! stalemate with the kind of the mate, then the history's repetition and no-capture rules,
//! then the move limit.

use crate::outcome::{DrawReason, MOVE_LIMIT_PLIES, MateKind, Outcome, WinReason};
use crate::position::Position;
use crate::repetition::{History, RepetitionVerdict};
use crate::types::{Role, Square};

impl Position {
    /// The points of the pieces that give check to the side to move (rules.md §4), in board
    /// order. Empty when the side to move is not in check.
    pub fn checkers(&self) -> Vec<Square> {
        let us = self.turn();
        let general = self.general(us);
        let mut checkers = self.attackers(general, us.other());
        // The flying general is a check too; a playable position never shows it (the mover
        // would have been in check), but a caller's classification should not break on it.
        let theirs = self.general(us.other());
        if theirs.file() == general.file() {
            let (lo, hi) = (
                general.rank().min(theirs.rank()),
                general.rank().max(theirs.rank()),
            );
            let open = (lo + 1..hi)
                .filter_map(|r| Square::new(general.file(), r))
                .all(|s| self.piece_at(s).is_none());
            if open {
                checkers.push(theirs);
            }
        }
        checkers.sort();
        checkers.dedup();
        checkers
    }
}

impl MateKind {
    /// Classifies the check on the side to move of `position` (normally a mated position) by
    /// the pieces that give it (rules.md §5): two checkers make a double check, which takes
    /// precedence; a cannon screened by its side's other cannon or by one of its side's horses
    /// makes a double-cannon or horse–cannon mate; otherwise the mate is named after the one
    /// checking piece. A hidden Jieqi piece counts as the role it moves as when it gives check,
    /// but a hidden screen is no known cannon or horse, so it gives a plain cannon mate.
    /// `None` when the side to move is not in check.
    pub fn classify(position: &Position) -> Option<MateKind> {
        let checkers = position.checkers();
        match checkers.as_slice() {
            [] => None,
            [one] => {
                let piece = position.piece_at(*one)?;
                if piece.role() != Role::Cannon {
                    return Some(MateKind::By(piece.role()));
                }
                let general = position.general(position.turn());
                let screen = one.between(general).find_map(|s| position.piece_at(s));
                Some(match screen {
                    Some(s) if s.side() == piece.side() && !s.is_hidden() => match s.role() {
                        Role::Cannon => MateKind::DoubleCannon,
                        Role::Horse => MateKind::HorseCannon,
                        _ => MateKind::By(Role::Cannon),
                    },
                    _ => MateKind::By(Role::Cannon),
                })
            }
            _ => Some(MateKind::DoubleCheck),
        }
    }
}

/// The result when the side to move has no legal move: checkmate (with its kind) or
/// stalemate, and in both cases the side to move loses (rules.md §5). `None` while it has a
/// legal move.
pub fn no_move_outcome(position: &Position) -> Option<Outcome> {
    if position.count_legal() > 0 {
        return None;
    }
    let reason = match MateKind::classify(position) {
        Some(kind) => WinReason::Checkmate(kind),
        None => WinReason::Stalemate,
    };
    Some(Outcome::Win {
        winner: position.turn().other(),
        reason,
    })
}

/// Everything decided after a move, for any game type: `position` is the position now on the
/// board and `history` has recorded the move that led to it (or is fresh for a start
/// position).
///
/// In order of precedence: checkmate or stalemate (rules.md §5); the repetition and
/// no-capture rules of the history's variant (rules.md §6, see [`History::judge`]); the
/// [`MOVE_LIMIT_PLIES`] draw (rules.md §5), counted over the plies of this game. The notices
/// are dropped once the game is decided by mate.
pub fn adjudicate(position: &Position, history: &History) -> RepetitionVerdict {
    if let Some(outcome) = no_move_outcome(position) {
        return RepetitionVerdict {
            outcome: Some(outcome),
            notices: Vec::new(),
        };
    }
    let mut verdict = history.judge();
    if verdict.outcome.is_none() && history.rules().move_limit && history.len() >= MOVE_LIMIT_PLIES
    {
        verdict.outcome = Some(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        });
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveRules, Setup, Side};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    fn mated(fen: &str) -> MateKind {
        let p = pos(fen);
        assert!(p.is_check(), "{fen} is not check");
        assert_eq!(
            p.count_legal(),
            0,
            "{fen} is not mate: {:?}",
            p.legal_moves()
        );
        match no_move_outcome(&p) {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Checkmate(kind),
            }) => {
                assert_eq!(winner, p.turn().other());
                kind
            }
            other => panic!("{fen}: {other:?}"),
        }
    }

    #[test]
    fn mate_by_chariot_rules_5() {
        // Chariot i9 checks along rank 9; a8 guards rank 8; d9 would face the red general.
        assert_eq!(
            mated("4k3R/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"),
            MateKind::By(Role::Chariot)
        );
    }

    #[test]
    fn mate_by_horse_rules_5() {
        // Horse d7 checks e9 over the free leg d8; e8 is guarded, f9 faces the red general.
        assert_eq!(
            mated("3ak4/R8/3N5/9/9/9/9/9/9/5K3 b - - 0 1"),
            MateKind::By(Role::Horse)
        );
    }

    #[test]
    fn mate_by_cannon_over_other_screen_rules_5() {
        // Cannon e5 over the red soldier e7; the soldier guards e8, the chariots fill d9/f9.
        assert_eq!(
            mated("3rkr3/9/4P4/9/4C4/9/9/9/9/4K4 b - - 0 1"),
            MateKind::By(Role::Cannon)
        );
    }

    #[test]
    fn mate_by_soldier_rules_5() {
        // Soldier e8 checks, d8 protects it and guards d9; f9 faces the red general.
        assert_eq!(
            mated("4k4/3PP4/9/9/9/9/9/9/9/5K3 b - - 0 1"),
            MateKind::By(Role::Soldier)
        );
    }

    #[test]
    fn double_cannon_mate_rules_5() {
        // Rear cannon e4 over front cannon e5; an advisor stepping to e8 lets e5 check.
        assert_eq!(
            mated("3aka3/9/9/9/4C4/4C4/9/9/9/3K5 b - - 0 1"),
            MateKind::DoubleCannon
        );
    }

    #[test]
    fn horse_cannon_mate_rules_5() {
        // Cannon e3 over its own horse e7, which guards d9 and f9.
        assert_eq!(
            mated("4k4/9/4N4/9/9/9/4C4/9/9/3K5 b - - 0 1"),
            MateKind::HorseCannon
        );
    }

    #[test]
    fn double_check_rules_5() {
        // Horse d7 and chariot e5 both check; blocking one line leaves the other.
        let p = pos("3ak4/9/3N5/9/4R4/9/9/9/9/5K3 b - - 0 1");
        assert_eq!(p.checkers().len(), 2);
        assert_eq!(
            mated("3ak4/9/3N5/9/4R4/9/9/9/9/5K3 b - - 0 1"),
            MateKind::DoubleCheck
        );
    }

    #[test]
    fn stalemate_loses_rules_5() {
        let p = pos("4k4/9/2N6/9/5R3/9/9/9/9/3K5 b - - 0 1");
        assert!(!p.is_check());
        assert_eq!(MateKind::classify(&p), None);
        let outcome = no_move_outcome(&p).unwrap();
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Stalemate
            }
        );
        assert_eq!(
            outcome.to_string(),
            "Red wins: stalemate (Black has no legal move)"
        );
        assert_eq!(outcome.result_code(), "1-0");
        assert_eq!(no_move_outcome(&Position::startpos()), None);
    }
}
