//! Abandoning a game (spec: "a running game is never thrown away unasked"): a command that
//! would replace a running game with a move played — a new game from the form, "Again", a
//! loaded record or position, a resumed save — first asks the players. The session keeps the
//! command and publishes the question ([`super::Shown::abandon`]); the panels ask it in a
//! dialog and answer with [`GameCommand::AnswerAbandon`](super::GameCommand::AnswerAbandon).
//!
//! On "Abandon" the game counts as a resignation in the statistics: against the computer the
//! human's, between two players the side to move's (the side that would resign from the side
//! panel now). The session says so in an [`Abandoned`] message, since the game itself is
//! gone before any screen shows it ended. On "Keep playing" nothing changes.
//!
//! Nothing is asked before the first move (nothing is lost), after the end (the result is
//! counted already), or for a load that fails (the game on screen stays anyway).

use bevy::prelude::*;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Outcome, Side, WinReason};

use super::command::GameCommand;
use super::duplicate_match::MatchResult;
use super::load;
use super::owner::Session;
use super::pending::{AbandonQuestion, Abandoned, CountedAs, PendingStart};

impl Session {
    /// Whether a game is in progress that a new one would throw away: running, with a move
    /// played.
    pub fn game_in_progress(&self) -> bool {
        self.game.plies() > 0 && self.game.outcome().is_none()
    }

    /// The question waiting for an answer, if any.
    pub(super) fn abandon_question(&self) -> Option<AbandonQuestion> {
        let pending = self.pending_start.as_ref()?;
        Some(AbandonQuestion {
            loser: pending.loser,
            by_human: self.config.opponent.human().is_some(),
            duplicate: self
                .match_at_stake()
                .then(|| self.abandoned(pending.loser).is_some()),
        })
    }

    /// The side an abandoned game counts as resigned by: the human against the computer,
    /// else the side to move.
    pub(super) fn abandoning_side(&self) -> Side {
        self.config
            .opponent
            .human()
            .unwrap_or_else(|| self.game.turn())
    }

    /// The abandoned game's record for the statistics: a resignation by `loser`, or in a
    /// duplicate match the match lost by `loser`'s player — except, between two players, when
    /// none of its games is under way (both agreed to stop): not counted (`None`).
    pub(super) fn abandoned(&self, loser: Side) -> Option<Abandoned> {
        let counted_as = if self.match_at_stake() {
            if self.computer().is_none() && !self.game_in_progress() {
                return None;
            }
            CountedAs::Match(if loser == self.player_one {
                MatchResult::PlayerTwo
            } else {
                MatchResult::PlayerOne
            })
        } else {
            CountedAs::Game(Outcome::Win {
                winner: loser.other(),
                reason: WinReason::Resignation,
            })
        };
        Some(Abandoned {
            variant: VariantRef(self.game.variant()),
            computer: self.computer().map(|(_, level)| level),
            peeked: self.match_peeked(),
            counted_as,
        })
    }
}

/// Whether `command` would throw the game in progress away, and so must ask first. A load
/// whose text is no game is not asked about: it is refused and the game stays.
pub(super) fn must_ask(s: &Session, command: &GameCommand) -> bool {
    let starts_a_game = match command {
        GameCommand::NewGame(_)
        | GameCommand::NewDuplicate(_)
        | GameCommand::Again
        | GameCommand::Resume(_) => true,
        GameCommand::LoadRecord(text) => load::game_from_record(text).is_ok(),
        GameCommand::LoadFen(text) => load::game_from_fen(text).is_ok(),
        _ => false,
    };
    // Game 2 of a duplicate match is what "Again" plays once game 1 is over.
    let next_of_match = *command == GameCommand::Again && s.between_match_games();
    starts_a_game && !next_of_match && (s.game_in_progress() || s.match_at_stake())
}

/// Keeps `command` until the players answer; a later one replaces it.
pub(super) fn ask(s: &mut Session, command: &GameCommand) {
    s.pending_start = Some(PendingStart {
        command: Box::new(command.clone()),
        loser: s.abandoning_side(),
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Abandoned>();
}
