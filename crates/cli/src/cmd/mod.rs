//! One module per command; each `run` takes the arguments after the command name and returns
//! a one-line error message on failure.

pub mod bench;
pub mod bench_perft;
pub mod deal;
pub mod external;
pub mod match_report;
pub mod match_stats;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod replay;
pub mod rules;
pub mod uci;
pub mod view;

use jieqi_rules::{
    Jieqi, Notation, Position, RuleSet, Seed, Setup, Side, Variant, VariantKind, parse_move,
};

use crate::args::Args;
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

/// What a command works on: a position, and — for a full-knowledge Jieqi FEN or a seed — the
/// Jieqi game that knows the identities, so that reveals follow the deal.
#[derive(Clone)]
pub struct Subject {
    pub position: Position,
    pub jieqi: Option<Jieqi>,
}

impl Subject {
    /// Reads `--fen`, `--seed` and `--variant`. A FEN with `X`/`x` pieces is Jieqi; with an
    /// identity letter after each `X` it is a full-knowledge FEN whose deal moves follow.
    pub fn from_args(args: &Args) -> Result<Subject, String> {
        let variant: Option<VariantKind> = args
            .value("variant")
            .map(|v| {
                v.parse()
                    .map_err(|e: jieqi_rules::UnknownVariant| e.to_string())
            })
            .transpose()?;
        if let Some(code) = args.value("seed") {
            if args.value("fen").is_some() {
                return Err("give either --seed or --fen, not both".into());
            }
            if variant == Some(VariantKind::Xiangqi) {
                return Err(
                    "a seed deals a Jieqi game; it cannot go with --variant xiangqi".into(),
                );
            }
            let rules = rule_set(args, VariantKind::Jieqi)?;
            return Subject::jieqi(Jieqi::from_seed(parse_seed(code)?), rules);
        }
        let Some(fen) = args.value("fen") else {
            let rules = rule_set(args, VariantKind::Xiangqi)?;
            return Ok(Subject {
                position: Position::from_setup(
                    &Setup::start(Default::default()),
                    rules.move_rules(),
                )
                .map_err(|e| e.to_string())?,
                jieqi: None,
            })
            .and_then(|s| s.check_variant(variant));
        };
        let placement = fen.split_whitespace().next().unwrap_or("");
        let hidden = placement.contains(['x', 'X']);
        let public = Setup::parse_fen(fen);
        if hidden {
            // A full-knowledge FEN writes an identity after each X: it is one when it reads as
            // one, and what went wrong with it is the error when it reads as neither.
            match Jieqi::from_full_fen(fen) {
                Ok(game) => return Subject::jieqi(game, rule_set(args, VariantKind::Jieqi)?),
                Err(e) if public.is_err() => return Err(e.to_string()),
                Err(_) => {}
            }
        }
        let setup = public.map_err(|e| format!("bad FEN: {e}"))?;
        setup
            .check_pool()
            .map_err(|e| format!("impossible pool: {e}"))?;
        let rules = rule_set(
            args,
            if hidden || variant == Some(VariantKind::Jieqi) {
                VariantKind::Jieqi
            } else {
                VariantKind::Xiangqi
            },
        )?
        .move_rules();
        if hidden && variant == Some(VariantKind::Xiangqi) {
            return Err("a FEN with hidden pieces is Jieqi, not Xiangqi".into());
        }
        let position =
            Position::from_setup(&setup, rules).map_err(|e| format!("illegal position: {e}"))?;
        Ok(Subject {
            position,
            jieqi: None,
        })
    }

    fn jieqi(game: Jieqi, rules: RuleSet) -> Result<Subject, String> {
        let game = game.under(rules).map_err(|e| format!("--rules: {e}"))?;
        Ok(Subject {
            position: game.position().clone(),
            jieqi: Some(game),
        })
    }

    fn check_variant(self, variant: Option<VariantKind>) -> Result<Subject, String> {
        match variant {
            Some(VariantKind::Jieqi) => Err("for Jieqi give --seed S or a Jieqi --fen".into()),
            _ => Ok(self),
        }
    }

    /// Plays one move given as ICCS or WXF text, checked.
    pub fn play_text(&mut self, ply: usize, text: &str) -> Result<(), String> {
        let parsed = parse_move(&self.position, text).map_err(|e| format!("move {ply}: {e}"))?;
        match &mut self.jieqi {
            Some(game) => {
                game.play(parsed.mv)
                    .map_err(|e| format!("move {ply}: {e}"))?;
                let shown = game.view(Side::Red).moves.last().and_then(|m| m.revealed);
                if parsed.revealed.is_some() && parsed.revealed != shown {
                    return Err(format!(
                        "move {ply} '{}' names a reveal the deal does not make",
                        excerpt(text)
                    ));
                }
                self.position = game.position().clone();
            }
            None => {
                self.position.play_unchecked(parsed.mv);
            }
        }
        Ok(())
    }

    /// Plays every `--moves` entry.
    pub fn play_moves(&mut self, args: &Args) -> Result<(), String> {
        for (i, text) in args.list("moves").iter().enumerate() {
            self.play_text(i + 1, text)?;
        }
        Ok(())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        match &self.jieqi {
            Some(game) => game.perft(depth),
            None => self.position.perft(depth),
        }
    }
}

/// `--rules`: the options of `variant` that differ from its standard rules (rules.md §10).
pub fn rule_set(args: &Args, variant: VariantKind) -> Result<RuleSet, String> {
    RuleSet::parse(variant, args.value("rules").unwrap_or("")).map_err(|e| format!("--rules: {e}"))
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

pub fn parse_side(value: &str) -> Result<Side, String> {
    match value.to_ascii_lowercase().as_str() {
        "red" | "r" | "w" => Ok(Side::Red),
        "black" | "b" => Ok(Side::Black),
        _ => Err(format!("side '{}' is not red or black", excerpt(value))),
    }
}
