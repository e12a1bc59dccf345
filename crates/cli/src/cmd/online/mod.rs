//! `online` and `online-load`: clients of `jieqi-server` (spec/online.md), speaking its
//! protocol with the server crate's own message types.
//!
//! - `online` ([`bot`]): the engine plays one seat, seeing only what that seat's frames say
//!   ([`knowledge`]), and thinks on a blocking thread ([`think`]) while the socket keeps
//!   answering.
//! - `online-load` ([`load`]): many games of random movers over loopback, in one process, to
//!   measure the server's round trips and memory ([`report`]); it can start the server itself
//!   ([`server`]).
//!
//! `docs/online-bot.md` describes both.

pub mod bot;
pub mod knowledge;
pub mod load;
pub mod report;
pub mod server;
pub mod think;

/// The WebSocket client the bot and the load command share with the game.
pub use jieqi_server::client as conn;

use jieqi_ai::Level;
use jieqi_rules::clock::TimeControl;

use crate::args::number;
use crate::text::excerpt;

/// `online --server URL --level L (--create [OPTIONS] | --join GAME INVITE | --resume GAME
/// TOKEN) [--name N]`.
#[derive(Debug, clap::Args)]
pub struct OnlineArgs {
    /// The server: ws://HOST:PORT/ws (http://HOST:PORT and HOST:PORT mean the same)
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// The engine's level: Beginner, Casual, Club, Advanced, Expert or Master
    #[arg(long, value_name = "L")]
    pub level: Option<String>,
    /// Creates a game (then prints `game GAME invite INVITE seat SEAT token TOKEN`)
    #[arg(long)]
    pub create: bool,
    /// Joins a game by its id and invite
    #[arg(long, num_args = 2, value_names = ["GAME", "INVITE"])]
    pub join: Option<Vec<String>>,
    /// Takes back a seat by the game's id and the seat's token
    #[arg(long, num_args = 2, value_names = ["GAME", "TOKEN"])]
    pub resume: Option<Vec<String>>,
    /// With --create: xiangqi, jieqi (default) or banqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// With --create: the options that differ from the standard rules, e.g. captured=both
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// With --create: the time control, MINUTES+SECONDS a move (e.g. 5+2); untimed without
    #[arg(long, value_name = "MIN+SEC")]
    pub clock: Option<String>,
    /// With --create: the bot's seat, red, black, first, second or random (default)
    #[arg(long, value_name = "SEAT")]
    pub colour: Option<String>,
    /// The name the other player sees (default: the level's, e.g. "Beginner bot")
    #[arg(long, value_name = "N")]
    pub name: Option<String>,
}

/// `online-load --games G --think-ms T [--plies N] [--seconds S] [--server URL --server-pid
/// PID | --server-bin PATH] [--variant V] [--json]`.
#[derive(Debug, clap::Args)]
pub struct OnlineLoadArgs {
    /// Games played at once (two connections each)
    #[arg(long, value_name = "G", value_parser = number::<usize>("--games", 1..=10_000))]
    pub games: Option<usize>,
    /// Each bot's mean thinking time per move, ms (uniform in 0..2T; 0: at once)
    #[arg(long, value_name = "T", value_parser = number::<u64>("--think-ms", 0..=60_000))]
    pub think_ms: Option<u64>,
    /// Plies after which a game ends by resignation and a new one starts (default 60)
    #[arg(long, value_name = "N", value_parser = number::<u64>("--plies", 1..=1000))]
    pub plies: Option<u64>,
    /// How long the load runs after every connection is up (default 30)
    #[arg(long, value_name = "S", value_parser = number::<u64>("--seconds", 1..=86_400))]
    pub seconds: Option<u64>,
    /// A running server to load (default: start jieqi-server on a free loopback port)
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// With --server: its process id, to read its memory from /proc
    #[arg(long, value_name = "PID", value_parser = number::<u32>("--server-pid", 1..=4_194_304))]
    pub server_pid: Option<u32>,
    /// The server program to start (default: jieqi-server beside jieqi-cli)
    #[arg(long, value_name = "PATH")]
    pub server_bin: Option<String>,
    /// The variant played (default jieqi)
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// The figures as one JSON object instead of a table
    #[arg(long)]
    pub json: bool,
}

/// `online`.
pub fn run(args: OnlineArgs) -> Result<(), String> {
    bot::run(args)
}

/// `online-load`.
pub fn run_load(args: OnlineLoadArgs) -> Result<(), String> {
    load::run(args)
}

/// A level by name, or why not.
pub(crate) fn parse_level(name: &str) -> Result<Level, String> {
    Level::parse(name).ok_or_else(|| {
        format!(
            "level '{}' is not one of Beginner, Casual, Club, Advanced, Expert, Master",
            excerpt(name)
        )
    })
}

/// `--clock MINUTES+SECONDS` as players write a time control (`5+3`: five minutes, three
/// seconds a move), the game's form.
pub(crate) fn parse_clock(text: &str) -> Result<TimeControl, String> {
    text.parse()
        .map_err(|e| format!("--clock '{}': {e}", excerpt(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_plus_seconds() {
        let c = parse_clock("5+2").unwrap();
        assert_eq!((c.initial_ms, c.increment_ms), (300_000, 2000));
        let c = parse_clock("0.5+0").unwrap();
        assert_eq!((c.initial_ms, c.increment_ms), (30_000, 0));
        assert!(parse_clock("0+1").is_err());
        assert!(parse_clock("x+1").is_err());
        assert!(parse_clock("1+-1").is_err());
        assert!(
            parse_clock("99999999999+0")
                .unwrap_err()
                .contains("--clock")
        );
    }

    #[test]
    fn levels_read_by_name() {
        assert_eq!(parse_level("beginner").unwrap(), Level::Beginner);
        assert!(parse_level("grandmaster").unwrap_err().contains("Beginner"));
    }
}
