//! The session: the one owner of the game (and so of a Jieqi deal) and of the table around it,
//! and the one place that answers the table's rules — who may move, who may take back how
//! much, when the handoff cover goes up.
//!
//! It knows nothing of input, records, animation or panels. They talk to it in messages:
//! [`GameCommand`]s and [`AnimationsDone`] come in ([`commands`]); [`Shown`] goes out — one
//! player's view (or nothing, while the cover is up) and public facts about the table
//! ([`shown`]) — with a [`LoadAnswer`] for a load request and the [`Hint`] line. Outside this
//! folder only the computer and the Hint button (one side's own knowledge, through
//! [`Session::think_request`] and [`Session::hint_request`]), the
//! autosave (the whole game, deal included, for the disk only), the statistics (the
//! opponent's level) and the command line (the game to start) use its narrow public methods.
//!
//! - [`config`]: what game to start and who sits at the table ([`GameConfig`], [`Secrecy`]).
//! - [`commands`]: one function per command, each returning its effect.
//! - [`shown`]: the projection every renderer reads.
//! - [`hint`], [`takeback`], [`load`]: the hint line, the take-back rule and its words, games
//!   from records and FENs.
//! - [`abandon`]: a command that would throw away the game in progress asks first.
//! - [`duplicate`]: a duplicate match, one deal played twice with the colours swapped.
//! - [`think`]: what a search is given (one side's knowledge) and the turn it answers.
//! - [`clocks`]: whose clock runs, and a fallen flag.
//! - [`remote`]: the online table — the game told from the server's frames, moves sent and
//!   played when the server plays them back.

mod abandon;
mod clocks;
mod command;
mod commands;
mod config;
mod duplicate;
mod duplicate_match;
mod effect;
mod hint;
mod load;
mod moment;
mod owner;
mod pending;
mod remote;
mod remote_messages;
mod shown;
pub mod takeback;
mod think;

use bevy::prelude::*;

pub use command::{AnimationsDone, BrowseTo, GameCommand, LoadAnswer, Resumed, StartCommands};
pub(crate) use config::random_seed;
pub use config::{DealChoice, GameConfig, Opponent, Secrecy, SideNames, standard_options};
pub use duplicate_match::{
    DuplicateMatch, FirstGame, MatchResult, MatchShown, half_points, points_text,
};
pub use hint::Hint;
pub use load::{game_from_fen, game_from_record};
pub use moment::Stamp;
pub use owner::{ReviewRequest, Session, ThinkRequest};
pub use pending::{AbandonQuestion, Abandoned, CountedAs};
pub use remote::{settle, whole_game};
pub use remote_messages::{DrawStep, EndedBy, Remote, RemoteEnding, RemoteTable, ToServer};
pub use shown::{LastTurn, OwnTexts, Shown};
pub use takeback::TakeBackRequest;
pub use think::{BoardTurn, SearchInput};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToServer>().add_plugins((
        owner::plugin,
        shown::plugin,
        commands::plugin,
        hint::plugin,
        abandon::plugin,
    ));
}
