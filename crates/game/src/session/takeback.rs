//! Take-backs (spec/game.md, "Taking back"): who may take back how many plies, and the words
//! for it. The session applies them (`GameCommand::RequestTakeBack` / `AnswerTakeBack`) and
//! publishes who may ask from the screen now ([`super::Shown::take_back`]).
//!
//! - Two players: the player who just moved takes back one ply, the player to move two (their
//!   opponent's move and their own); the other player must agree unless
//!   `Settings::takeback_consent` is off. A move instead of an answer lets the request lapse.
//! - Against the computer: at once, back to the human's previous move, as often as wanted.
//! - After the end: not after a resignation or an agreed draw (nobody lost a position to
//!   mend). After a mate and the like: yes, against the computer and in Xiangqi (with
//!   consent). Not in two-player Jieqi: the result card has shown both players the whole
//!   deal, so a reopened game would be one without hidden pieces.
//! - Jieqi on one screen: only the player holding the device asks (under the cover: the one
//!   who just moved, for their own move). Asking for consent hands the device, under the
//!   cover, to the other player; after the answer it goes, under the cover, to the side to
//!   move unless that player already holds it. A view at an earlier ply never holds more than
//!   the view before it.
//! - What was seen face down (`Settings::face_down_takebacks`): a take-back that would undo
//!   the capture of a face-down piece whose identity the asker learned, or reopen a game with
//!   secrets whose final reveal showed every hidden piece, is refused when the setting says
//!   "not allowed"; when allowed, it marks the game, and the statistics count it apart
//!   ("with take-backs").

use super::config::SideNames;
use jieqi_rules::{DrawReason, Outcome, PlayerView, SeenPiece, Side, WinReason};

use crate::i18n::{Phrase, Text};

/// A take-back request waiting for the other player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeBackRequest {
    pub by: Side,
    /// The plies it takes back.
    pub plies: usize,
}

/// The game as far as a take-back needs it.
#[derive(Clone, Copy, Debug)]
pub(super) struct TakeBackCase {
    pub(super) outcome: Option<Outcome>,
    pub(super) turn: Side,
    pub(super) plies: usize,
    /// Two players sharing a Jieqi game on one screen.
    pub(super) secret_hot_seat: bool,
}

/// How many plies `side`'s take-back undoes, or why it cannot.
pub(super) fn plies_for(case: TakeBackCase, side: Side) -> Result<usize, Text> {
    match case.outcome {
        Some(
            Outcome::Win {
                reason: WinReason::Resignation,
                ..
            }
            | Outcome::Draw {
                reason: DrawReason::Agreement,
            },
        ) => return Err(Text::TakeBackAfterAgreement),
        Some(_) if case.secret_hot_seat => return Err(Text::TakeBackDealShown),
        _ => {}
    }
    // Back to `side`'s previous move: theirs was the last ply, or the one before it.
    let plies = if case.turn == side { 2 } else { 1 };
    if case.plies < plies {
        Err(Text::NothingToTakeBack)
    } else {
        Ok(plies)
    }
}

/// Whether taking back the last `plies` plies of `view`'s game undoes the capture of a
/// face-down piece whose identity `view`'s player knows (their own capture, or any under the
/// house rule that shows captures to both).
pub(super) fn undoes_a_seen_capture(view: &PlayerView, plies: usize) -> bool {
    let played = view.moves.len();
    (played.saturating_sub(plies)..played).any(|ply| {
        let seen = view.moves[ply];
        let known = matches!(seen.captured, Some(SeenPiece::Known { .. }));
        // The piece taken was face down on the position before the ply.
        let face_down = view
            .position_at(ply)
            .and_then(|before| before.piece_at(seen.mv.to))
            .is_some_and(|piece| piece.is_hidden());
        known && face_down
    })
}

/// Why a take-back of something seen face down is refused (the settings do not allow it): a
/// finished game has shown the whole deal; a running one would undo a capture.
pub(super) fn face_down_refusal(outcome: Option<Outcome>) -> Text {
    match outcome {
        Some(_) => Text::TakeBackDealShown,
        None => Text::TakeBackFaceDown,
    }
}

/// "Take back (Red, 1 move)": the button for `side`.
pub fn button_label(names: SideNames, side: Side, plies: usize) -> Phrase {
    Phrase::new(Text::TakeBackButton)
        .with("side", names.word(side))
        .with("moves", moves(plies))
}

/// "Red asks to take back 2 moves — Black, do you agree?"
pub fn request_text(names: SideNames, by: Side, plies: usize) -> Phrase {
    Phrase::new(Text::TakeBackRequest)
        .with("by", names.word(by))
        .with("moves", moves(plies))
        .with("answerer", names.word(by.other()))
}

pub fn declined_text(names: SideNames, by: Side) -> Phrase {
    Phrase::new(Text::TakeBackDeclined).with("side", names.word(by.other()))
}

pub fn lapsed_text(names: SideNames, mover: Side) -> Phrase {
    Phrase::new(Text::TakeBackLapsed).with("side", names.word(mover))
}

fn moves(plies: usize) -> Phrase {
    if plies == 1 {
        Phrase::new(Text::OneMove)
    } else {
        Phrase::new(Text::SomeMoves).with("n", plies.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{MateKind, Role};

    fn case(outcome: Option<Outcome>, turn: Side, plies: usize, hot_seat: bool) -> TakeBackCase {
        TakeBackCase {
            outcome,
            turn,
            plies,
            secret_hot_seat: hot_seat,
        }
    }

    #[test]
    fn back_to_the_askers_previous_move() {
        // Black to move after three plies: Black takes back Red's move and its own.
        assert_eq!(
            plies_for(case(None, Side::Black, 3, false), Side::Black),
            Ok(2)
        );
        assert_eq!(
            plies_for(case(None, Side::Black, 3, false), Side::Red),
            Ok(1)
        );
        assert_eq!(
            plies_for(case(None, Side::Red, 1, false), Side::Red),
            Err(Text::NothingToTakeBack)
        );
    }

    #[test]
    fn endings_by_agreement_stay_and_a_shown_deal_is_not_reopened() {
        let resigned = Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation,
        };
        let mate = Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Checkmate(MateKind::By(Role::Chariot)),
        };
        assert_eq!(
            plies_for(case(Some(resigned), Side::Black, 4, false), Side::Black),
            Err(Text::TakeBackAfterAgreement)
        );
        assert_eq!(
            plies_for(case(Some(mate), Side::Black, 5, false), Side::Red),
            Ok(1)
        );
        assert_eq!(
            plies_for(case(Some(mate), Side::Black, 5, true), Side::Red),
            Err(Text::TakeBackDealShown)
        );
    }
}
