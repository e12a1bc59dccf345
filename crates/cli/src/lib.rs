//! The headless tool for people and scripts — perft, legal moves, deals, views, saved games
//! and records, benchmarks — and the engine: a UCI/UCCI loop for GUIs, matches between levels
//! (also as a match runner for JieqiBox, `jai`), and the search benchmark. Two programs run
//! it: `jieqi-cli COMMAND …`, and `jieqi-engine`, the engine alone for GUIs that start an
//! engine without arguments.
//!
//! Every error is one line on stderr naming the problem, with exit status 2.

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

pub const USAGE: &str = "\
jieqi-cli: Xiangqi, Jieqi and Banqi from the command line

USAGE:
  jieqi-cli perft <depth> [POSITION] [--divide]
  jieqi-cli moves [POSITION] [--notation iccs|wxf|chinese]
  jieqi-cli deal --seed S [--variant jieqi|banqi]
  jieqi-cli view [--seed S | --fen FEN] --side red|black [--variant V] [--moves M ...] [--rules R]
  jieqi-cli rules [--variant V]   (the house-rule options, see --rules)
  jieqi-cli replay FILE [--notation iccs|wxf|chinese]
            a save or record, every move checked and the game judged by the rules: the
            moves, each warning of the rules after the move that brought it (notice: ...),
            and how it ended; a Result tag the rules contradict is refused
  jieqi-cli review FILE [--depth D] [--notation iccs|wxf|chinese]
            each move of a record (Jieqi: with its Seed) judged from its mover's view: the
            record with evaluations and marks (?! ? ??) as comments, a summary on stderr
  jieqi-cli bench-perft [--runs N]
  jieqi-cli uci
  jieqi-cli jai
  jieqi-cli match --a LEVEL --b LEVEL --games N [--variant V] [--rules R] [--seed S]
                  [--threads T] [--movetime MS | --nodes N | --depth D | --time-scale PCT]
                  [--opening-plies K] [--openings search|random] [--adjudicate CP]
                  [--first-pair P] [--pgnout FILE] [--quiet]
                  [--sprt ELO0,ELO1 [--alpha A] [--beta B] [--prior FILE ...]]
            B may be another UCI engine: --b-engine \"PROGRAM [ARGS]\"
                  [--engine-handshake WORD] [--engine-option NAME=VALUE ...]
                  [--engine-view public|own]   (Jieqi: public for Fairy-Stockfish, which
                  gets the public position; own for a Jieqi engine such as jieqi-engine,
                  which gets its side's view: FEN with the unseen pool, moves since)
            Banqi: the generic search's levels, a deal per pair, seats swapped (no --opening-plies)
            --sprt: a sequential test on the pairs that stops the match at a verdict
  jieqi-cli match-report [--sprt ELO0,ELO1 [--alpha A] [--beta B] | --pool] FILE ...
                       [--baseline FILE ...]
            (adds up the game lines of match runs: the parts of one match, or with --pool
            separate matches, e.g. of different seeds, each file's pairs their own;
            --baseline: A against A in matches on the same seeds, pair by pair)
  jieqi-cli bench [--depth D] [--verbose]
  jieqi-cli tune-data --variant xiangqi|jieqi --games N --out FILE [--nodes N] [--seed S]
                  [--opening-plies K] [--openings random|search] [--threads T]
            self-play games' quiet positions, each labelled with the game's result (FEN;RESULT)
  jieqi-cli tune --data FILE --variant xiangqi|jieqi --out FILE [--iterations N] [--rate R]
                 [--k K] [--groups material,pst,mobility,king,threats,tempo,hidden,pins,defence,loose]
            Texel tuning of the evaluation's weights; writes a new crates/ai/src/weights.rs
            (Xiangqi) or weights_jieqi.rs (Jieqi)
  jieqi-cli tune-label --data FILE --engine \"PROGRAM [ARGS]\" --out FILE [--variant xiangqi|jieqi]
                       [--depth D] [--every K] [--blend L] [--threads T]
                       [--engine-handshake WORD] [--engine-option NAME=VALUE ...]
            a tune-data file's positions labelled by an engine's score at depth D (default 8)
            as a win probability, for tune (Jieqi: the side to move's view, as match
            --engine-view own tells it)
  jieqi-cli help

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
";

/// `jieqi-cli` with its arguments (the program's name left out).
pub fn main_with(args: impl Iterator<Item = OsString>) -> ExitCode {
    let raw = match utf8_args(args) {
        Ok(raw) => raw,
        Err(message) => return fail(&message),
    };
    let Some((command, rest)) = raw.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => cmd::perft::run(rest),
        "moves" => cmd::moves::run(rest),
        "bench-perft" => cmd::bench_perft::run(rest),
        "bench" => cmd::bench::run(rest),
        "tune-data" => cmd::tune::run_data(rest),
        "tune" => cmd::tune::run(rest),
        "tune-label" => cmd::tune_label::run(rest),
        "uci" => cmd::uci::run(rest),
        "jai" => cmd::jai::run(rest),
        "match" => cmd::matches::run(rest),
        "match-report" => cmd::match_report::run(rest),
        "deal" => cmd::deal::run(rest),
        "view" => cmd::view::run(rest),
        "replay" => cmd::replay::run(rest),
        "review" => cmd::review::run(rest),
        "rules" => cmd::rules::run(rest),
        "help" | "--help" | "-h" => {
            use std::io::Write as _;
            // A closed pipe is not an error worth reporting for help text.
            let _ = std::io::stdout().write_all(USAGE.as_bytes());
            Ok(())
        }
        other => Err(format!(
            "unknown command '{}' (try 'jieqi-cli help')",
            text::excerpt(other)
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
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
