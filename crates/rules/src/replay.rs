//! Games from records (rules.md §9): the one loader behind every front end that reads a
//! record — the game's import, the command line's `replay` — so each makes the same checks.
//!
//! [`Record::parse`] reads the text (tags, each move legal in turn, at most a game's length);
//! here the record becomes a game under the rules. A Jieqi record's `Seed` tag deals the game,
//! its start must be that deal's, and every reveal the record names must be the deal's. A game
//! that has ended takes no further move.
//!
//! # Judging a record (rules.md §5, §6)
//!
//! [`Record::judge`] plays the record through the rules' own game, which judges every ply as
//! play does (mate and its kind, stalemate, perpetual check and chase, Jieqi's third
//! occurrence, the no-capture and move limits): its [`Judgement`] keeps each warning or hint at
//! the ply that brought it, and how the game ends ([`RecordEnd`]). The `Result` tag is then
//! checked against that ending:
//!
//! | the rules … | `*` | `1-0` / `0-1` | `1/2-1/2` |
//! |---|---|---|---|
//! | ended the game | accepted (`*` is "not known"): the rules' result | only the rules' result | only the rules' result |
//! | did not end it | the game is running | accepted: the loser resigned (or lost on time) | accepted: an agreed draw |
//!
//! Anything else is refused ([`ReplayError::ResultMismatch`]): `1-0` when Red is mated, a
//! decisive result for a game the rules drew, a draw for a game the rules decided. An ending
//! the rules do not reach is taken from the tag: the game then ends by resignation or agreement.
//!
//! A Jieqi record without its seed (the record of a running game, which keeps the deal
//! secret) cannot become the game, but it can be replayed as its players saw it
//! ([`Record::replay_seen`]): each reveal must then be an identity the pool still holds, so a
//! record can never show a third chariot or a sixth soldier.

use std::fmt;

use crate::any_game::AnyGame;
use crate::deal::{ParseSeedError, Seed};
use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::notation::write_coordinates;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::MoveRules;
use crate::quote::quote;
use crate::record::{Record, RecordError, RecordResult};
use crate::repetition::{Notice, note_arising};
use crate::rule_set::RuleSetError;
use crate::setup::STANDARD_FEN;
use crate::told::ViewTextError;
use crate::types::Side;
use crate::variant::FamilyGame;
use crate::view::PlayerView;
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

/// How a judged record ends (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordEnd {
    /// The rules ended the game: mate (with its kind), stalemate, perpetual check or chase,
    /// the third occurrence (Jieqi), the no-capture or the move limit. The `Result` tag was
    /// this outcome's, or `*`.
    Rules(Outcome),
    /// The rules did not end the game; the `Result` tag ends it off the board: a resignation
    /// (or a loss on time) for `1-0` and `0-1`, an agreed draw for `1/2-1/2`.
    Tag(Outcome),
    /// Neither the rules nor the tag (`*`) ended the game: `to_move` is to move.
    Running { to_move: Side },
}

impl RecordEnd {
    /// The outcome, if the game has one.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            RecordEnd::Rules(outcome) | RecordEnd::Tag(outcome) => Some(outcome),
            RecordEnd::Running { .. } => None,
        }
    }

    /// The result a record writes for it.
    pub fn result(self) -> RecordResult {
        RecordResult::of(self.outcome())
    }

    /// The end of a game by the rules (`outcome`, if they ended it) and the record's tag, or
    /// why the two disagree.
    fn of(
        outcome: Option<Outcome>,
        result: RecordResult,
        to_move: Side,
    ) -> Result<RecordEnd, ReplayError> {
        match (outcome, result) {
            (Some(outcome), RecordResult::Unfinished) => Ok(RecordEnd::Rules(outcome)),
            (Some(outcome), result) => agree(result, outcome).map(|()| RecordEnd::Rules(outcome)),
            (None, RecordResult::Unfinished) => Ok(RecordEnd::Running { to_move }),
            (None, RecordResult::RedWon) => Ok(RecordEnd::Tag(resigned(Side::Black))),
            (None, RecordResult::BlackWon) => Ok(RecordEnd::Tag(resigned(Side::Red))),
            (None, RecordResult::Draw) => Ok(RecordEnd::Tag(Outcome::Draw {
                reason: DrawReason::Agreement,
            })),
        }
    }
}

/// `loser` resigned.
fn resigned(loser: Side) -> Outcome {
    Outcome::Win {
        winner: loser.other(),
        reason: WinReason::Resignation,
    }
}

/// `result 1-0: Red wins: checkmate (horse–cannon mate)`, `result 0-1: Black wins; the rules
/// did not end the game (Red resigned or lost on time)`, `result *: game in progress, Red to
/// move`.
impl fmt::Display for RecordEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self.result();
        match *self {
            RecordEnd::Rules(outcome) => write!(f, "result {result}: {outcome}"),
            RecordEnd::Tag(Outcome::Win { winner, .. }) => write!(
                f,
                "result {result}: {winner} wins; the rules did not end the game ({} resigned or lost on time)",
                winner.other()
            ),
            RecordEnd::Tag(Outcome::Draw { .. }) => write!(
                f,
                "result {result}: draw; the rules did not end the game (a draw by agreement)"
            ),
            RecordEnd::Running { to_move } => {
                write!(f, "result {result}: game in progress, {to_move} to move")
            }
        }
    }
}

/// A record judged by the rules: the warnings and hints its plies brought, and its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Each notice at the ply that brought it (1 = after the first move, 0 = at the start),
    /// in order. A notice that already held after the ply before is not repeated (a perpetual
    /// check warning stands until the cycle moves on; the no-capture hint from its ply on).
    pub notices: Vec<(usize, Notice)>,
    pub end: RecordEnd,
}

impl Record {
    /// The game the record describes, every move checked; a Jieqi record's reveals checked
    /// against the deal of its seed; the `Result` tag checked against the rules' judgement
    /// ([`Record::judge`]), and an ending the rules do not reach taken from it.
    pub fn game(&self) -> Result<AnyGame, ReplayError> {
        self.judge().map(|(game, _)| game)
    }

    /// [`Record::game`] with the rules' judgement: the notices each ply brought and how the
    /// game ends (see the module documentation).
    pub fn judge(&self) -> Result<(AnyGame, Judgement), ReplayError> {
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
        let mut notices = Vec::new();
        let mut before = Vec::new();
        note_arising(&mut notices, 0, &mut before, game.notices());
        for (i, pm) in self.moves.iter().enumerate() {
            let (number, side) = (game.position().fullmoves(), game.turn());
            let now = game.play(pm.mv).map_err(|source| ReplayError::Move {
                number,
                side,
                source,
            })?;
            let revealed = game.view(side).moves.last().and_then(|m| m.revealed);
            if revealed != pm.revealed {
                return Err(ReplayError::WrongReveal { number, side });
            }
            note_arising(&mut notices, i + 1, &mut before, &now);
        }
        let end = RecordEnd::of(game.outcome(), self.result, game.turn())?;
        match end {
            // Errors cannot happen here: the game runs.
            RecordEnd::Tag(Outcome::Win { winner, .. }) => drop(game.resign(winner.other())),
            RecordEnd::Tag(Outcome::Draw { .. }) => drop(game.agree_draw()),
            RecordEnd::Rules(_) | RecordEnd::Running { .. } => {}
        }
        Ok((game, Judgement { notices, end }))
    }

    /// The game as its players saw it, without the deal: the view of the side to move after
    /// the last move, each reveal taken from the record and checked against the pool. For a
    /// Xiangqi record it is the game's own view.
    pub fn replay_seen(&self) -> Result<PlayerView, ReplayError> {
        self.judge_seen().map(|(view, _)| view)
    }

    /// [`Record::replay_seen`] with the rules' judgement, as [`Record::judge`] gives it. The
    /// view keeps the rules' outcome only: an ending the tag adds is in the judgement.
    pub fn judge_seen(&self) -> Result<(PlayerView, Judgement), ReplayError> {
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
        let mut notices = Vec::new();
        let view =
            PlayerView::from_text_noting(&fen, &texts, Some(self.rule_set()?), &mut notices)?;
        let end = RecordEnd::of(view.outcome, self.result, view.turn())?;
        Ok((view, Judgement { notices, end }))
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
