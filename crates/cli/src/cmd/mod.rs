//! One module per command; each `run` takes the command's arguments as clap read them (a
//! struct beside it) and returns a one-line error message on failure.

pub mod analyse;
pub mod bench;
pub mod bench_lines;
pub mod bench_perft;
pub mod deal;
pub mod external;
pub mod jai;
pub mod match_report;
pub mod match_stats;
pub mod matches;
pub mod moves;
pub mod online;
pub mod perft;
pub mod replay;
pub mod review;
pub mod rules;
pub mod sprt;
pub mod tune;
pub mod tune_label;
pub mod uci;
pub mod view;

use jieqi_rules::{Family, Notation, PlayedGame, RuleSet, Seed, Side};

use crate::args::{PositionArgs, words};
use crate::text::excerpt;

/// Prints a line to stdout. A closed pipe (`jieqi-cli moves | head`) ends the program quietly
/// instead of panicking; any other write error becomes the command's error.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            return Err(format!("cannot write the output: {e}"));
        }
    }};
}
pub(crate) use outln;

/// What a command works on: a game or position of the variant the arguments name — a seed's
/// deal, a position's text, or the variant's start — under `--rules`. Without `--variant`, a
/// seed names the first variant that deals (Jieqi), a text the variant whose form it is (a
/// Jieqi FEN has face-down pieces or a pool, a Banqi position four rows), else Xiangqi.
pub fn subject(args: &PositionArgs) -> Result<Box<dyn PlayedGame>, String> {
    let named = args
        .variant
        .as_deref()
        .map(jieqi_variants::find)
        .transpose()
        .map_err(|e| e.to_string())?;
    let rules = args.rules.as_deref().unwrap_or("");
    let game = match (args.seed.as_deref(), args.fen.as_deref()) {
        (Some(_), Some(_)) => return Err("give either --seed or --fen, not both".into()),
        (Some(code), None) => {
            let variant = named.unwrap_or_else(jieqi_variants::dealing);
            if !variant.deals() {
                return Err(format!(
                    "a seed deals a game, and {} is not dealt (try --variant jieqi or banqi)",
                    variant.name()
                ));
            }
            variant.start(Some(parse_seed(code)?), rules)
        }
        (None, Some(text)) => named
            .unwrap_or_else(|| jieqi_variants::reading(text))
            .position(text, rules),
        (None, None) => named
            .unwrap_or_else(jieqi_variants::default_variant)
            .start(None, rules),
    };
    game.map_err(|e| e.to_string())
}

/// Plays every `--moves` entry (in any notation the variant reads), each checked.
pub fn play_moves(game: &mut dyn PlayedGame, args: &PositionArgs) -> Result<(), String> {
    for (i, text) in words(&args.moves).iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(())
}

/// `--rules`: the options of `variant` that differ from its standard rules (rules.md §10).
pub fn rule_set(rules: Option<&str>, variant: Family) -> Result<RuleSet, String> {
    RuleSet::parse(variant, rules.unwrap_or("")).map_err(|e| format!("--rules: {e}"))
}

pub fn parse_seed(code: &str) -> Result<Seed, String> {
    code.parse()
        .map_err(|e| format!("bad seed '{}': {e}", excerpt(code)))
}

pub fn parse_notation(value: Option<&str>, default: Notation) -> Result<Notation, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default),
        Some("iccs") => Ok(Notation::Iccs),
        Some("wxf") => Ok(Notation::Wxf),
        Some("chinese") => Ok(Notation::Chinese),
        Some(other) => Err(format!(
            "notation '{}' is not one of iccs, wxf, chinese",
            excerpt(other)
        )),
    }
}

/// A side, or in Banqi a seat: red or first, black or second.
pub fn parse_side(value: &str) -> Result<Side, String> {
    match value.to_ascii_lowercase().as_str() {
        "red" | "r" | "w" | "first" => Ok(Side::Red),
        "black" | "b" | "second" => Ok(Side::Black),
        _ => Err(format!(
            "side '{}' is not red or black (in Banqi: first or second)",
            excerpt(value)
        )),
    }
}
