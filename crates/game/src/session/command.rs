//! What the players ask for, and what the session answers: the messages between the table and
//! the session ([`GameCommand`], [`AnimationsDone`], [`LoadAnswer`]), and the saved game a
//! resume brings ([`Resumed`]). The session acts on them in [`super::commands`].

use std::fmt;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::Side;
use jieqi_rules::platform::PlayedGame;

use super::config::GameConfig;
use super::duplicate_match::DuplicateMatch;
use super::moment::Stamp;
use super::remote_messages::Remote;
use super::think::BoardTurn;
use crate::i18n::Phrase;

/// What the players ask for. Input systems and panels write these; only the session acts
/// on them.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GameCommand {
    /// The side to move plays the turn made on the board (checked; a refusal becomes a
    /// [`Hint`](super::Hint)).
    Move(BoardTurn),
    /// The computer's move, for the moment `stamp` (a stale one is dropped).
    ComputerMove {
        mv: BoardTurn,
        stamp: Stamp,
    },
    Resign(Side),
    OfferDraw(Side),
    AnswerDraw {
        accept: bool,
    },
    /// The mover has read what the move turned up: the device goes to the next player.
    HandOver,
    /// The next player has the device: lift the handoff cover.
    Ready,
    NewGame(GameConfig),
    /// A duplicate match (Jieqi): the config's deal played twice, the colours swapped for
    /// the second game (see [`super::duplicate`]). A variant without secrets starts one game.
    NewDuplicate(GameConfig),
    /// The next game with the same settings and the colours swapped: in a duplicate match
    /// whose first game is over, its second game on the same deal; after a decided match, a
    /// new match on a new deal.
    Again,
    /// `side` asks to take back to their previous move (see [`takeback`](super::takeback)).
    RequestTakeBack(Side),
    /// The other player answers a take-back request.
    AnswerTakeBack {
        accept: bool,
    },
    /// Analysis: show an earlier position, or the live one again.
    Browse(BrowseTo),
    /// Start a two-player game from a game record (every move checked).
    LoadRecord(String),
    /// Start a two-player Xiangqi game from a FEN.
    LoadFen(String),
    /// Take up the autosaved game again.
    Resume(Box<Resumed>),
    /// The players answer whether to abandon the game in progress for the command waiting
    /// (see `abandon`).
    AnswerAbandon {
        abandon: bool,
    },
    /// Play on from the position shown of a finished game, against the computer at this
    /// level: the human of a game against the computer (keeping their colour), else the
    /// player to move there, plays on with what they knew then; in Jieqi what they had not
    /// seen is dealt again from a new seed. The game is put aside to go back to.
    PlayOn(Level),
    /// Back from playing on to the game put aside, as it was.
    BackToReview,
    /// A running clock reached zero: its side loses (game.md, "Clocks"). Online the
    /// server's clock decides, and this is not sent.
    TimeUp,
    /// Online: what the server told this screen (see [`super::remote`]).
    Remote(Remote),
    /// Online: claim the win over an opponent gone longer than the server's grace period.
    ClaimWin,
}

/// The pieces have finished moving for the moment `0` (the renderer's word; a stale one is
/// dropped).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationsDone(pub Stamp);

/// The session's answer to [`GameCommand::LoadRecord`] / [`GameCommand::LoadFen`]: "Loaded…",
/// or why the text was refused (the game on screen then stays as it was).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LoadAnswer(pub Phrase);

/// Analysis: where to step through the moves already played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseTo {
    First,
    Back,
    Forward,
    /// The live position.
    Last,
    /// The position after this many plies (a move clicked in the list).
    Ply(usize),
}

impl BrowseTo {
    /// The ply to show after this step from `at` (`None` = live) in a game of `live` plies;
    /// `None` again once the step reaches the live position.
    pub fn from(self, at: Option<usize>, live: usize) -> Option<usize> {
        let at = at.unwrap_or(live);
        let next = match self {
            BrowseTo::First => 0,
            BrowseTo::Back => at.saturating_sub(1),
            BrowseTo::Forward => at + 1,
            BrowseTo::Last => live,
            BrowseTo::Ply(ply) => ply,
        };
        (next < live).then_some(next)
    }
}

/// A saved game and its table, to be taken up again. Its `Debug` shows no deal.
pub struct Resumed {
    pub(super) game: Box<dyn PlayedGame>,
    pub(super) config: GameConfig,
    pub(super) player_one: Side,
    /// A take-back in the saved game undid something face-down its asker had seen.
    pub(super) peeked: bool,
    /// The duplicate match the saved game belongs to.
    pub(super) duplicate: Option<DuplicateMatch>,
    /// Each side's time left when it was saved (a game with a time control).
    pub(super) clocks_left: Option<[u64; 2]>,
}

impl Resumed {
    pub fn new(
        game: impl Into<Box<dyn PlayedGame>>,
        config: GameConfig,
        player_one: Side,
    ) -> Resumed {
        Resumed {
            game: game.into(),
            config,
            player_one,
            peeked: false,
            duplicate: None,
            clocks_left: None,
        }
    }

    /// The same, its clocks at these times left (Red's, Black's).
    pub fn clocks_left(self, clocks_left: Option<[u64; 2]>) -> Resumed {
        Resumed {
            clocks_left,
            ..self
        }
    }

    /// The same, a game of this duplicate match.
    pub fn in_match(self, duplicate: Option<DuplicateMatch>) -> Resumed {
        Resumed { duplicate, ..self }
    }

    /// Whether it is worth offering: a game running, or a duplicate match whose game 1 is
    /// over and whose game 2 has not begun.
    /// The table the saved game was played at.
    pub fn config(&self) -> GameConfig {
        self.config
    }

    pub fn is_worth_offering(&self) -> bool {
        !self.is_over() || self.duplicate.as_ref().is_some_and(|m| m.first.is_none())
    }

    /// The same, marked as a game with a take-back of something seen face down.
    pub fn peeked(self, peeked: bool) -> Resumed {
        Resumed { peeked, ..self }
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }
}

impl Clone for Resumed {
    fn clone(&self) -> Self {
        Resumed {
            game: self.game.boxed(),
            duplicate: self.duplicate.clone(),
            ..*self
        }
    }
}

/// The same game (its save, deal and turns) at the same table.
impl PartialEq for Resumed {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.player_one == other.player_one
            && self.peeked == other.peeked
            && self.duplicate == other.duplicate
            && self.game.variant().id() == other.game.variant().id()
            && self.game.save_json(Default::default()) == other.game.save_json(Default::default())
    }
}

impl fmt::Debug for Resumed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resumed")
            .field("variant", &self.game.variant().name())
            .field("plies", &self.game.plies())
            .finish_non_exhaustive()
    }
}

/// Commands given on the command line, sent once when the game screen opens.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartCommands(pub Vec<GameCommand>);
