//! The words between the session and the server's go-between, online (see [`super::remote`]):
//! what the server told this screen ([`Remote`], carried in
//! [`GameCommand::Remote`](super::GameCommand::Remote)) and what this screen asks the server
//! ([`ToServer`]).

use std::fmt;

use bevy::prelude::*;
use jieqi_rules::platform::{KnownTurn, PlayedGame, Receiver};
use jieqi_rules::{Seed, Side};

use super::config::GameConfig;

/// What the server told this screen, as the session takes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Remote {
    /// The table as the server knows it for this screen (its snapshot): the first one of a
    /// game, or again after a reconnect.
    Table(Box<RemoteTable>),
    /// A turn, by either side, as this screen may know it; `ply` is the plies before it. The
    /// clocks as the server read them after it (Red's, Black's, in ms).
    Moved {
        ply: usize,
        turn: KnownTurn,
        clocks_left: Option<[u64; 2]>,
    },
    /// The game is over.
    Ended(RemoteEnding),
    /// Game 1 of the duplicate match whose game 2 is on the table, as a spectator may know
    /// it: sealed (the public view) until game 2 ends, then everything.
    FirstGame(Box<RemoteTable>),
    /// `by` offers a draw.
    DrawOffered(Side),
    /// `by` declined this screen's offer.
    DrawDeclined(Side),
    /// The server refused what this screen sent last (its one line): a move waiting for its
    /// answer may be made again.
    Refused(String),
}

/// A server's game as one screen may know it.
pub struct RemoteTable {
    /// The server's id of the game.
    pub id: String,
    /// The game told from the seat's frames (or, once over, the whole game).
    pub game: Box<dyn PlayedGame>,
    /// Variant, rules and time control as the server plays them; the opponent is
    /// [`Opponent::Online`](super::Opponent::Online) with this screen's seat.
    pub config: GameConfig,
    /// The clocks as the server read them (Red's, Black's, in ms).
    pub clocks_left: Option<[u64; 2]>,
    /// Whether the server's clock runs (not before the second player is seated).
    pub clock_runs: bool,
    /// Game 1 or 2 of a duplicate match; `None` for a game of its own.
    pub match_round: Option<u8>,
}

impl Clone for RemoteTable {
    fn clone(&self) -> Self {
        RemoteTable {
            id: self.id.clone(),
            game: self.game.boxed(),
            config: self.config,
            clocks_left: self.clocks_left,
            clock_runs: self.clock_runs,
            match_round: self.match_round,
        }
    }
}

/// The same game as the seat knows it, at the same table.
impl PartialEq for RemoteTable {
    fn eq(&self, other: &Self) -> bool {
        let seen = |t: &RemoteTable| {
            let receiver = t
                .config
                .opponent
                .human()
                .map_or(Receiver::Spectator, Receiver::Player);
            t.game.knowledge(receiver)
        };
        self.id == other.id
            && self.config == other.config
            && self.clocks_left == other.clocks_left
            && self.clock_runs == other.clock_runs
            && self.match_round == other.match_round
            && seen(self) == seen(other)
    }
}

impl fmt::Debug for RemoteTable {
    // Public facts only: a finished game's table holds the deal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RemoteTable")
            .field("id", &self.id)
            .field("variant", &self.game.variant().name())
            .field("plies", &self.game.plies())
            .field("opponent", &self.config.opponent)
            .finish_non_exhaustive()
    }
}

/// How a server's game ended, and what the end makes public.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RemoteEnding {
    /// The winner; `None`: a draw.
    pub winner: Option<Side>,
    pub by: EndedBy,
    /// The deal's seed, now public (a dealt variant): the whole game is played again from it
    /// for the result card and the review.
    pub seed: Option<Seed>,
}

impl fmt::Debug for RemoteEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RemoteEnding")
            .field("winner", &self.winner)
            .field("by", &self.by)
            .finish_non_exhaustive()
    }
}

/// What ended a server's game, as far as the table must act on it: the rules' own endings
/// are already on the table (the last move brought them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndedBy {
    Rules,
    Resignation,
    Time,
    Agreement,
    /// The winner claimed it after the other player had been gone for the grace period.
    Abandoned,
}

/// What this screen asks the server, online: the online plugin sends it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ToServer {
    /// A turn in the variant's engine notation, without what a reveal turns up (the server
    /// supplies it); `ply`: the plies before it.
    Move {
        ply: usize,
        text: String,
    },
    Resign,
    Draw(DrawStep),
    /// The win over an opponent gone longer than the server's grace period.
    Claim,
    /// The table lost step with the server (a turn that does not follow): ask for the
    /// table again.
    Resync,
}

/// A step of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawStep {
    Offer,
    Accept,
    Decline,
}
