//! The headless tool for people and scripts — perft, legal moves, deals, views, saved games
//! and records, benchmarks — and the engine: a UCI/UCCI loop for GUIs, matches between levels
//! (also as a match runner for JieqiBox, `jai`), and the search benchmark. Two programs run
//! it: `jieqi-cli COMMAND …`, and `jieqi-engine`, the engine alone for GUIs that start an
//! engine without arguments.
//!
//! Every error is one line on stderr naming the problem, with exit status 2. The command line
//! is declared with clap ([`Cli`]): `jieqi-cli --help`, `jieqi-cli COMMAND --help` (or
//! `jieqi-cli help COMMAND`) and `jieqi-cli completions SHELL` come from it.

// An application, not a library others build on: each command's module documents the limits
// and helpers it uses, which stay private to the crate.
#![allow(rustdoc::private_intra_doc_links)]

mod args;
pub mod cmd;
mod files;
mod limits;
mod lines;
mod text;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// What the commands' help shares: the forms of a position, the levels, the engine loops.
const NOTES: &str = "\
POSITION: [--fen FEN | --seed S] [--variant V] [--rules R] [--moves M ...]
  V: xiangqi, jieqi or banqi (Banqi sides are first|second; turns a1 or a1=R flip, a1-a2 move, a1xb1 capture).
  R: the options that differ from the standard rules, e.g. chase=judged,move-limit=off.
  FEN: standard, Banqi (?P hidden), Jieqi public (X/x hidden) or Jieqi full-knowledge (X followed by identity).
     Without --variant, face-down pieces or a pool field (- when empty) make a FEN Jieqi.
  S: a deal seed code (Crockford base 32, e.g. 7 or 1A). Moves: ICCS (h2e2) or WXF (C2=5);
     from a public Jieqi FEN a face-down piece's move names what it turned up (h2h9P).
LEVEL: Beginner, Casual, Club, Advanced, Expert or Master.
uci: the engine on stdin/stdout for GUIs (also the program jieqi-engine): UCI, or UCCI after
  'ucci'; ICCS moves, ranks 1-10 with 'setoption name Ranks value 1-10'; UCI_Variant jieqi
  or banqi: position startpos moves a1=R b1-b2 c1xc2, each flip naming what it turned up).
jai: a Jieqi match runner for JieqiBox's match mode (the JAI protocol: jai, setoption,
  startmatch, stop): two of our levels play rounds of two games on one deal, colours
  swapped; options Engine1Level, Engine2Level, TotalRounds, MoveTimeMs, MainTimeMs,
  IncTimeMs, TimeoutBufferMs, MaxPlies, Seed.
Every error is one line on stderr, with exit status 2.";

/// `jieqi-cli`'s command line: one command and its flags.
#[derive(Debug, Parser)]
#[command(
    name = "jieqi-cli",
    version,
    about = "jieqi-cli: Xiangqi, Jieqi and Banqi from the command line",
    after_help = NOTES,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// Every command of `jieqi-cli`, with its flags (each command's own struct, beside its `run`).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Counts the leaves of the move tree to DEPTH plies from a position
    Perft(cmd::perft::PerftArgs),
    /// Lists the legal moves of a position
    Moves(cmd::moves::MovesArgs),
    /// Prints a seed's deal as a full-knowledge FEN
    Deal(cmd::deal::DealArgs),
    /// Shows one side's view of a position: the board it sees and its FEN
    View(cmd::view::ViewArgs),
    /// Lists the house-rule options of each variant (see --rules)
    Rules(cmd::rules::RulesArgs),
    /// Replays a save or record, every move checked and the game judged by the rules
    ///
    /// A save or record, every move checked and the game judged by the rules: the moves, each
    /// warning of the rules after the move that brought it (notice: ...), and how it ended; a
    /// Result tag the rules contradict is refused.
    Replay(cmd::replay::ReplayArgs),
    /// Judges each move of a record from its mover's view
    ///
    /// Each move of a record (Jieqi: with its Seed) judged from its mover's view: the record
    /// with evaluations and marks (?! ? ??) as comments, a summary on stderr.
    Review(cmd::review::ReviewArgs),
    /// Times perft on fixed positions (the move generator's benchmark)
    BenchPerft(cmd::bench_perft::BenchPerftArgs),
    /// The engine on stdin/stdout for GUIs: UCI, or UCCI after 'ucci'
    ///
    /// The engine on stdin/stdout for GUIs (also the program jieqi-engine): UCI, or UCCI after
    /// 'ucci'; ICCS moves, ranks 1-10 with 'setoption name Ranks value 1-10'; UCI_Variant
    /// jieqi or banqi: position startpos moves a1=R b1-b2 c1xc2, each flip naming what it
    /// turned up.
    Uci,
    /// A Jieqi match runner for JieqiBox's match mode (the JAI protocol)
    ///
    /// A Jieqi match runner for JieqiBox's match mode (the JAI protocol: jai, setoption,
    /// startmatch, stop): two of our levels play rounds of two games on one deal, colours
    /// swapped; options Engine1Level, Engine2Level, TotalRounds, MoveTimeMs, MainTimeMs,
    /// IncTimeMs, TimeoutBufferMs, MaxPlies, Seed.
    Jai,
    /// The engine's best lines for the side to move of a position
    ///
    /// The engine's best lines for the side to move (--multipv N, 1 to 5, each with a
    /// different first move), at full strength for --movetime MS (default 1000) or to --depth
    /// D: one per line, best first, `1. +0.35 d12  C2=5 H8+7 R1=2 ...`, the score in pawns
    /// (#3 mates, #-2 is mated), the moves in --notation (wxf by default). Jieqi: the side to
    /// move's view only; a line ends at its first reveal.
    Analyse(cmd::analyse::AnalyseArgs),
    /// Plays two levels, or a level and another engine, and reports the score
    ///
    /// Plays a match between two levels, or between a level (A) and another UCI engine (B:
    /// --b-engine "PROGRAM ARGS..." [--engine-handshake WORD] [--engine-option NAME=VALUE ...]
    /// [--engine-view public|own]; Jieqi: public for Fairy-Stockfish, which gets the public
    /// position; own for a Jieqi engine such as jieqi-engine, which gets its side's view: FEN
    /// with the unseen pool, moves since), and reports the score with a confidence interval.
    /// Games come in pairs on one opening or deal, colours swapped.
    ///
    /// Banqi: the generic search's levels, a deal per pair, seats swapped (no --opening-plies).
    /// --sprt: a sequential test on the pairs that stops the match at a verdict.
    Match(Box<cmd::matches::MatchArgs>),
    /// Adds up the game lines of match runs into one result
    ///
    /// Adds up the game lines of match runs: the parts of one match, or with --pool separate
    /// matches, e.g. of different seeds, each file's pairs their own; --baseline: A against A
    /// in matches on the same seeds, pair by pair.
    MatchReport(cmd::match_report::MatchReportArgs),
    /// The search's benchmark: nodes and nodes per second over fixed positions
    Bench(cmd::bench::BenchArgs),
    /// Self-play games' quiet positions, each labelled with the game's result (FEN;RESULT)
    TuneData(cmd::tune::TuneDataArgs),
    /// Texel tuning of the evaluation's weights
    ///
    /// Texel tuning of the evaluation's weights; writes a new crates/ai/src/weights.rs
    /// (Xiangqi) or weights_jieqi.rs (Jieqi).
    Tune(cmd::tune::TuneArgs),
    /// A tune-data file's positions labelled by an engine's score
    ///
    /// A tune-data file's positions labelled by an engine's score at depth D (default 8) as a
    /// win probability, for tune (Jieqi: the side to move's view, as match --engine-view own
    /// tells it).
    TuneLabel(cmd::tune_label::TuneLabelArgs),
    /// Lets the engine play one seat of a game on a jieqi-server
    ///
    /// Lets the engine play one seat of a game on a jieqi-server, through the protocol a
    /// person's client speaks, seeing only its seat's frames: --create (prints `game GAME
    /// invite INVITE seat SEAT token TOKEN`), --join GAME INVITE or --resume GAME TOKEN; at the
    /// end prints `result 1-0 reason checkmate`. See docs/online-bot.md.
    Online(cmd::online::OnlineArgs),
    /// Loads a jieqi-server with many games of random movers and measures it
    ///
    /// Loads a jieqi-server with G games at once (two connections each, in this one process)
    /// of random movers thinking T ms on average, and prints the moves per second, each
    /// move's round trip (p50, p99, max), the server's memory and the errors seen. Without
    /// --server it starts jieqi-server itself. See docs/online-bot.md.
    OnlineLoad(cmd::online::OnlineLoadArgs),
    /// Prints a completion script for a shell (bash, zsh, fish, elvish, powershell)
    ///
    /// Prints a completion script for SHELL on stdout, e.g.
    /// `jieqi-cli completions bash > ~/.local/share/bash-completion/completions/jieqi-cli`.
    Completions {
        /// bash, zsh, fish, elvish or powershell
        shell: clap_complete::Shell,
    },
}

/// `jieqi-cli` with its arguments (the program's name left out).
pub fn main_with(args: impl Iterator<Item = OsString>) -> ExitCode {
    let raw = match utf8_args(args) {
        Ok(raw) => raw,
        Err(message) => return fail(&message),
    };
    // A flag given twice takes its last value, as it always did (lists gather every value).
    let parsed = Cli::command()
        .mut_subcommands(|command| command.args_override_self(true))
        .try_get_matches_from(std::iter::once("jieqi-cli".to_string()).chain(raw.clone()))
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) => {
            let command = raw
                .first()
                .filter(|c| !c.starts_with('-'))
                .map_or("jieqi-cli", String::as_str);
            return refused(&error, command);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

/// Runs one command.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft(args) => cmd::perft::run(args),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Deal(args) => cmd::deal::run(args),
        Command::View(args) => cmd::view::run(args),
        Command::Rules(args) => cmd::rules::run(args),
        Command::Replay(args) => cmd::replay::run(args),
        Command::Review(args) => cmd::review::run(args),
        Command::BenchPerft(args) => cmd::bench_perft::run(args),
        Command::Uci => cmd::uci::run(),
        Command::Jai => cmd::jai::run(),
        Command::Match(args) => cmd::matches::run(*args),
        Command::MatchReport(args) => cmd::match_report::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Analyse(args) => cmd::analyse::run(args),
        Command::TuneData(args) => cmd::tune::run_data(args),
        Command::Tune(args) => cmd::tune::run(args),
        Command::TuneLabel(args) => cmd::tune_label::run(args),
        Command::Online(args) => cmd::online::run(args),
        Command::OnlineLoad(args) => cmd::online::run_load(args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "jieqi-cli", &mut script);
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            match out.write_all(&script).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write the output: {e}"))
                }
                _ => Ok(()),
            }
        }
    }
}

/// What clap refused or was asked for: help and the version on stdout (exit status 0); help
/// for a missing command on stderr (2); an error as one line (2).
fn refused(error: &clap::Error, command: &str) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // A closed pipe is not an error worth reporting for help text.
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => fail(&args::one_line(error, command)),
    }
}

/// The arguments as text; one that is not UTF-8 cannot name a flag, a FEN or a file we print.
pub fn utf8_args(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, String> {
    args.enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                format!(
                    "argument {} '{}' is not UTF-8 text",
                    i + 1,
                    text::excerpt(&arg.to_string_lossy())
                )
            })
        })
        .collect()
}

/// Reports `message` as one bounded line on stderr: exit status 2.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("error: {}", text::clip(message, text::MESSAGE_CHARS));
    ExitCode::from(2)
}
