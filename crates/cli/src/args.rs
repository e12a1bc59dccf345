//! The flags several commands share, declared for clap, and the one-line rendering of clap's
//! errors: every command lists the flags it knows, and anything else is an error that names
//! the problem on one line (the CLI never guesses).

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::limits::{self, Range};
use crate::text::excerpt;

/// What a command works on (see [`crate::cmd::subject`]): `[--fen FEN | --seed S]
/// [--variant V] [--rules R] [--moves M …]`.
#[derive(Debug, Default, clap::Args)]
pub struct PositionArgs {
    /// A position: standard, Banqi, Jieqi public or Jieqi full-knowledge FEN
    #[arg(long)]
    pub fen: Option<String>,
    /// A deal seed code (Crockford base 32, e.g. 7 or 1A): that deal's start
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// xiangqi, jieqi or banqi (default: what the FEN or seed says, else xiangqi)
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// The options that differ from the standard rules, e.g. chase=judged,move-limit=off
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Moves played first, each checked: ICCS (h2e2) or WXF (C2=5); several, or one quoted list
    #[arg(long, value_name = "M", num_args = 0..)]
    pub moves: Vec<String>,
}

/// `--sprt ELO0,ELO1 [--alpha A] [--beta B]`, read by [`crate::cmd::sprt::Sprt::from_args`].
#[derive(Debug, Default, clap::Args)]
pub struct SprtArgs {
    /// A sequential probability ratio test of H0: ELO0 against H1: ELO1 (logistic Elo)
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// The test's false positive rate (default 0.05)
    #[arg(long, value_name = "A", allow_hyphen_values = true)]
    pub alpha: Option<String>,
    /// The test's false negative rate (default 0.05)
    #[arg(long, value_name = "B", allow_hyphen_values = true)]
    pub beta: Option<String>,
}

/// How another engine is started, read by [`crate::cmd::external::spec_from_args`].
#[derive(Debug, Default, clap::Args)]
pub struct EngineArgs {
    /// The engine's first command: uci (default), ucicyclone or ucci
    #[arg(long, value_name = "WORD")]
    pub engine_handshake: Option<String>,
    /// Options set on the engine, each NAME=VALUE (names without spaces)
    #[arg(long, value_name = "NAME=VALUE", num_args = 0..)]
    pub engine_option: Vec<String>,
}

/// The words of a list flag's values: `--moves "h2e2 h9g7" b0c2` is three moves.
pub fn words(values: &[String]) -> Vec<String> {
    values
        .iter()
        .flat_map(|v| v.split_whitespace())
        .map(str::to_string)
        .collect()
}

/// A clap value parser for a whole number of `range`: the message of a bad one names `name`
/// (a flag like `--runs`, or `depth`), the value and the range ([`limits::parse`]).
pub fn number<T>(
    name: &'static str,
    range: Range,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |value| limits::parse(name, value, &range)
}

/// Why clap refused the command line, as one line without the `error: ` clap puts first.
/// `command` is the command the arguments were for, to name in an unknown flag's message.
pub fn one_line(error: &clap::Error, command: &str) -> String {
    // The values clap names for `kind`, each quoted short, joined by `or`.
    let context = |kind, or: &str| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(excerpt(s)),
        Some(ContextValue::Strings(s)) if !s.is_empty() => {
            Some(s.iter().map(|s| excerpt(s)).collect::<Vec<_>>().join(or))
        }
        _ => None,
    };
    let suggestion = context(ContextKind::SuggestedArg, "' or '")
        .or_else(|| context(ContextKind::SuggestedSubcommand, "' or '"))
        .map(|s| format!(" (did you mean '{s}'?)"))
        .unwrap_or_default();
    match (error.kind(), context(ContextKind::InvalidArg, " ")) {
        // A value parser's own message names the flag, the value and what it should be.
        (ErrorKind::ValueValidation, _) if std::error::Error::source(error).is_some() => {
            std::error::Error::source(error)
                .map(ToString::to_string)
                .unwrap_or_default()
        }
        (ErrorKind::InvalidSubcommand, _) => format!(
            "unknown command '{}' (try 'jieqi-cli help'){suggestion}",
            context(ContextKind::InvalidSubcommand, " ").unwrap_or_default()
        ),
        (ErrorKind::UnknownArgument, Some(arg)) if arg.starts_with('-') => format!(
            "unknown flag '{arg}' for '{}'{suggestion}",
            excerpt(command)
        ),
        (ErrorKind::UnknownArgument, Some(arg)) => format!("unexpected argument '{arg}'"),
        _ => {
            let rendered = error.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            let first = first.strip_prefix("error: ").unwrap_or(first);
            match context(ContextKind::ValidValue, ", ") {
                Some(valid) => format!("{first} (possible values: {valid})"),
                None => first.to_string(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    #[command(name = "perft")]
    struct Perft {
        #[command(flatten)]
        position: PositionArgs,
        #[arg(long)]
        divide: bool,
        #[arg(long, value_parser = number::<usize>("--runs", 1..=1000))]
        runs: Option<usize>,
    }

    fn parse(args: &[&str]) -> Result<Perft, clap::Error> {
        Perft::try_parse_from(std::iter::once("perft").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_line_is_declared_consistently() {
        use clap::CommandFactory;
        crate::Cli::command().debug_assert();
    }

    #[test]
    fn reads_values_switches_and_lists() {
        let a = parse(&[
            "--fen",
            "x y",
            "--divide",
            "--moves",
            "h2e2 h9g7",
            "b0c2",
            "--seed=7",
        ])
        .unwrap();
        assert_eq!(a.position.fen.as_deref(), Some("x y"));
        assert_eq!(a.position.seed.as_deref(), Some("7"));
        assert!(a.divide);
        assert_eq!(words(&a.position.moves), ["h2e2", "h9g7", "b0c2"]);
    }

    #[test]
    fn numbers_are_checked_against_their_range() {
        let runs = |v: &str| parse(&["--runs", v]).map(|a| a.runs);
        assert_eq!(runs("5").unwrap(), Some(5));
        let err = runs("0").unwrap_err();
        assert_eq!(
            one_line(&err, "perft"),
            "--runs 0 is out of range (allowed: 1 to 1000)"
        );
        assert!(runs("x").is_err());
        assert_eq!(parse(&[]).unwrap().runs, None);
    }

    #[test]
    fn rejects_unknown_and_incomplete_flags_in_one_line() {
        let err = parse(&["--depth"]).unwrap_err();
        assert_eq!(
            one_line(&err, "perft"),
            "unknown flag '--depth' for 'perft'"
        );
        let err = parse(&["--divid"]).unwrap_err();
        assert_eq!(
            one_line(&err, "perft"),
            "unknown flag '--divid' for 'perft' (did you mean '--divide'?)"
        );
        let err = parse(&["3"]).unwrap_err();
        assert_eq!(one_line(&err, "perft"), "unexpected argument '3'");
        let err = parse(&["--fen"]).unwrap_err();
        assert!(one_line(&err, "perft").contains("--fen"), "{err}");
        assert!(!one_line(&err, "perft").contains('\n'));
        let long = format!("--{}", "x".repeat(100_000));
        let err = parse(&[&long]).unwrap_err();
        assert!(one_line(&err, "perft").len() < 200);
    }
}
