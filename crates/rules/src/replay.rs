//! Games from records (rules.md §9): the one loader behind every front end that reads a
//! record — the game's import, the command line's `replay` — so each makes the same checks.
//!
//! [`Record::parse`] reads the text (tags, each move legal in turn, at most a game's length);
//! here the record becomes a game under the rules. A Jieqi record's `Seed` tag deals the game,
//! its start must be that deal's, and every reveal the record names must be the deal's. A game
//! that has ended takes no further move. A `Result` tag must agree with how the moves end; an
//! ending the moves do not reach (a resignation, an agreed draw) is taken from it.
//!
//! A Jieqi record without its seed (the record of a running game, which keeps the deal
//! secret) cannot become the game, but it can be replayed as its players saw it
//! ([`Record::replay_seen`]): each reveal must then be an identity the pool still holds, so a
//! record can never show a third chariot or a sixth soldier.

use crate::any_game::AnyGame;
use crate::deal::{ParseSeedError, Seed};
use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::notation::write_coordinates;
use crate::outcome::Outcome;
use crate::position::MoveRules;
use crate::quote::quote;
use crate::record::{Record, RecordError, RecordResult};
use crate::rule_set::RuleSetError;
use crate::setup::STANDARD_FEN;
use crate::types::Side;
use crate::variant::Variant;
use crate::view::{PlayerView, ViewTextError};
use crate::xiangqi::Xiangqi;

/// Why a record does not describe a game these rules can replay. Each names the first real
/// problem, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(
        "a Jieqi record needs its Seed tag to deal the game (a running game's record keeps it secret)"
    )]
    NoSeed,
    #[error("tag Seed '{text}': {source}")]
    BadSeed {
        text: String,
        source: ParseSeedError,
    },
    #[error("the FEN tag is not the start of the deal the Seed tag names")]
    NotTheDeal,
    #[error("move {number} for {side}: {source}")]
    Move {
        number: u32,
        side: Side,
        source: GameError,
    },
    #[error("move {number} for {side} names a reveal the deal does not make")]
    WrongReveal { number: u32, side: Side },
    #[error("the Result tag says {result}, but the game ended: {outcome}")]
    ResultMismatch {
        result: RecordResult,
        outcome: Outcome,
    },
    #[error(transparent)]
    Seen(#[from] ViewTextError),
    #[error("tag Rules: {0}")]
    Rules(RuleSetError),
}

impl Record {
    /// The game the record describes, every move checked; a Jieqi record's reveals checked
    /// against the deal of its seed.
    pub fn game(&self) -> Result<AnyGame, ReplayError> {
        let start = self.start()?;
        let game: AnyGame = if self.rules()? == MoveRules::JIEQI {
            let text = self.tag("Seed").ok_or(ReplayError::NoSeed)?;
            let seed: Seed = text.parse().map_err(|source| ReplayError::BadSeed {
                text: quote(text),
                source,
            })?;
            let game = Jieqi::from_seed(seed);
            if game.start().to_fen() != start.to_fen() {
                return Err(ReplayError::NotTheDeal);
            }
            game.into()
        } else {
            Xiangqi::new(start).into()
        };
        let mut game = game.under(self.rule_set()?).map_err(ReplayError::Rules)?;
        for pm in &self.moves {
            let (number, side) = (game.position().fullmoves(), game.turn());
            game.play(pm.mv).map_err(|source| ReplayError::Move {
                number,
                side,
                source,
            })?;
            let revealed = game.view(side).moves.last().and_then(|m| m.revealed);
            if revealed != pm.revealed {
                return Err(ReplayError::WrongReveal { number, side });
            }
        }
        match (game.outcome(), self.result) {
            (_, RecordResult::Unfinished) => {}
            (Some(outcome), result) => agree(result, outcome)?,
            // Errors cannot happen here: the game runs.
            (None, RecordResult::RedWon) => drop(game.resign(Side::Black)),
            (None, RecordResult::BlackWon) => drop(game.resign(Side::Red)),
            (None, RecordResult::Draw) => drop(game.agree_draw()),
        }
        Ok(game)
    }

    /// The game as its players saw it, without the deal: the view of the side to move after
    /// the last move, each reveal taken from the record and checked against the pool. For a
    /// Xiangqi record it is the game's own view.
    pub fn replay_seen(&self) -> Result<PlayerView, ReplayError> {
        let start = self.start()?;
        let fen = match self.tag("FEN") {
            Some(fen) => fen.to_string(),
            None if self.rules()? == MoveRules::JIEQI => start.to_fen(),
            None => STANDARD_FEN.to_string(),
        };
        let mut side = start.turn();
        let texts: Vec<String> = self
            .moves
            .iter()
            .map(|pm| {
                let text = write_coordinates(pm.mv, side, pm.revealed);
                side = side.other();
                text
            })
            .collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let view = PlayerView::from_text_with(&fen, &texts, Some(self.rule_set()?))?;
        if let (Some(outcome), result) = (view.outcome, self.result)
            && result != RecordResult::Unfinished
        {
            agree(result, outcome)?;
        }
        Ok(view)
    }
}

/// A result tag must say what the moves say.
fn agree(result: RecordResult, outcome: Outcome) -> Result<(), ReplayError> {
    if RecordResult::of(Some(outcome)) == result {
        Ok(())
    } else {
        Err(ReplayError::ResultMismatch { result, outcome })
    }
}
