//! A command that waits for the players to agree to abandon the game in progress, the
//! question they are asked, and the game they abandoned (see [`super::abandon`]).

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Outcome, Side};

use super::command::GameCommand;
use super::config::SideNames;
use super::duplicate_match::MatchResult;
use crate::i18n::{Phrase, Text};

/// A command that waits for the players to agree to abandon the game in progress.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PendingStart {
    pub(super) command: Box<GameCommand>,
    /// The side the abandoned game counts as resigned by.
    pub(super) loser: Side,
}

/// The question on screen: whose loss an abandoned game counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbandonQuestion {
    /// The side the game counts as resigned by.
    pub loser: Side,
    /// Against the computer: the human (the dialog says "you").
    pub by_human: bool,
    /// A duplicate match is abandoned, not only a game; `false` in `counted`: between its
    /// games, by two players, and so not counted.
    pub duplicate: Option<bool>,
}

impl AbandonQuestion {
    /// "Abandon the game in progress? It counts as a resignation by you in the statistics."
    pub fn text(self, names: SideNames) -> Phrase {
        match (self.duplicate, self.by_human) {
            (None, true) => Phrase::new(Text::AbandonQuestionYou),
            (None, false) => {
                Phrase::new(Text::AbandonQuestion).with("side", names.word(self.loser))
            }
            (Some(true), true) => Phrase::new(Text::AbandonMatchYou),
            (Some(true), false) => {
                Phrase::new(Text::AbandonMatch).with("player", names.player(self.loser))
            }
            (Some(false), _) => Phrase::new(Text::AbandonMatchUncounted),
        }
    }
}

/// What an abandoned game counts as in the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountedAs {
    /// A game: a resignation.
    Game(Outcome),
    /// A duplicate match, lost by the player who abandoned it.
    Match(MatchResult),
}

/// A game abandoned for another one, counted as a resignation: what the statistics need of
/// it, since the session already holds the next game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abandoned {
    pub variant: VariantRef,
    /// The computer's level, when it played.
    pub computer: Option<Level>,
    /// Whether a take-back in it undid something face-down its asker had seen.
    pub peeked: bool,
    pub counted_as: CountedAs,
}
