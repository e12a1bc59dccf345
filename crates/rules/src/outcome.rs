//! How a game ends (rules.md §5, §6): the result with its reason and the kind of a mate. These
//! are plain values, so the repetition rules and the adjudication can both name them.

use std::fmt;

use crate::types::{Role, Side};

/// 400 plies (200 moves by each side) end the game in a draw (rules.md §5).
pub const MOVE_LIMIT_PLIES: usize = 400;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

/// Why a side won. The loser is the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser was in check with no legal move (rules.md §5).
    Checkmate(MateKind),
    /// The loser had no legal move without being in check: in Xiangqi that **loses**
    /// (rules.md §5).
    Stalemate,
    Resignation,
    /// The loser kept up perpetual check (rules.md §6).
    PerpetualCheck,
    /// The loser kept up perpetual chase (rules.md §6, Jieqi).
    PerpetualChase,
    /// Banqi: the loser has no piece left, face up or face down (rules.md §11).
    NoPiecesLeft,
    /// The loser's clock ran out (game.md, "Clocks"; online.md §4).
    Time,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// Both players agreed (rules.md §5).
    Agreement,
    /// [`MOVE_LIMIT_PLIES`] plies were played (rules.md §5).
    MoveLimit,
    /// Jieqi: 60 moves by each side (120 plies) without a capture (rules.md §6).
    NoCapture,
    /// Jieqi: a position stood on the board for the third time and nobody kept up perpetual
    /// check or chase (rules.md §6).
    Repetition,
    /// Banqi: 60 plies in a row without a flip or a capture (rules.md §11).
    NoFlipOrCapture,
}

/// The kind of a checkmate (rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MateKind {
    /// Two pieces give check at once.
    DoubleCheck,
    /// A cannon gives check over the other cannon of its side as the screen.
    DoubleCannon,
    /// A cannon gives check over a horse of its own side as the screen.
    HorseCannon,
    /// One piece gives check: mate by chariot, horse, cannon, soldier, …
    By(Role),
}

impl Outcome {
    /// The winner, if the game was not drawn.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    pub fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// The result as game records write it: `1-0` (Red wins), `0-1`, `1/2-1/2`.
    pub fn result_code(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::Red, ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = winner.other();
                write!(f, "{winner} wins: ")?;
                match reason {
                    WinReason::Checkmate(kind) => write!(f, "checkmate ({kind})"),
                    WinReason::Stalemate => write!(f, "stalemate ({loser} has no legal move)"),
                    WinReason::Resignation => write!(f, "{loser} resigned"),
                    WinReason::PerpetualCheck => write!(f, "{loser} gave perpetual check"),
                    WinReason::PerpetualChase => write!(f, "{loser} kept up a perpetual chase"),
                    WinReason::NoPiecesLeft => write!(f, "{loser} has no piece left"),
                    WinReason::Time => write!(f, "{loser} lost on time"),
                }
            }
            Outcome::Draw { reason } => write!(f, "Draw: {reason}"),
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinReason::Checkmate(kind) => write!(f, "checkmate ({kind})"),
            WinReason::Stalemate => f.write_str("stalemate (no legal move)"),
            WinReason::Resignation => f.write_str("resignation"),
            WinReason::PerpetualCheck => f.write_str("perpetual check"),
            WinReason::PerpetualChase => f.write_str("perpetual chase"),
            WinReason::NoPiecesLeft => f.write_str("no piece left"),
            WinReason::Time => f.write_str("time"),
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Agreement => "agreed by both players",
            DrawReason::MoveLimit => "the limit of 200 moves by each side was reached",
            DrawReason::NoCapture => "60 moves by each side without a capture",
            DrawReason::Repetition => "the position occurred three times",
            DrawReason::NoFlipOrCapture => "60 plies without a flip or a capture",
        })
    }
}

impl fmt::Display for MateKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MateKind::DoubleCheck => f.write_str("double check"),
            MateKind::DoubleCannon => f.write_str("double-cannon mate"),
            MateKind::HorseCannon => f.write_str("horse–cannon mate"),
            MateKind::By(role) => write!(f, "mate by {role}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_words_rules_5() {
        let win = |winner, reason| Outcome::Win { winner, reason };
        let cases = [
            (
                win(Side::Red, WinReason::Checkmate(MateKind::HorseCannon)),
                "Red wins: checkmate (horse–cannon mate)",
            ),
            (
                win(
                    Side::Black,
                    WinReason::Checkmate(MateKind::By(Role::Chariot)),
                ),
                "Black wins: checkmate (mate by chariot)",
            ),
            (
                win(Side::Red, WinReason::Checkmate(MateKind::DoubleCannon)),
                "Red wins: checkmate (double-cannon mate)",
            ),
            (
                win(Side::Red, WinReason::Checkmate(MateKind::DoubleCheck)),
                "Red wins: checkmate (double check)",
            ),
            (
                win(Side::Black, WinReason::Resignation),
                "Black wins: Red resigned",
            ),
            (
                win(Side::Black, WinReason::PerpetualCheck),
                "Black wins: Red gave perpetual check",
            ),
            (
                win(Side::Red, WinReason::PerpetualChase),
                "Red wins: Black kept up a perpetual chase",
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::Agreement,
                },
                "Draw: agreed by both players",
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::NoCapture,
                },
                "Draw: 60 moves by each side without a capture",
            ),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text);
        }
        assert_eq!(
            WinReason::Checkmate(MateKind::By(Role::Soldier)).to_string(),
            "checkmate (mate by soldier)"
        );
        assert_eq!(
            Outcome::Draw {
                reason: DrawReason::Repetition
            }
            .result_code(),
            "1/2-1/2"
        );
    }
}
