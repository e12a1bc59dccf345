//! The runner's options: how the answer to `jai` declares them, and what `setoption` does
//! with each, including the names JieqiBox's help text describes for runners that this one
//! hears but does not implement.

use jieqi_ai::Level;
use jieqi_rules::Seed;

use crate::cmd::parse_seed;
use crate::limits;
use crate::text::excerpt;

/// What the next `startmatch` plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Settings {
    /// Engine1's level, then Engine2's.
    pub levels: [Level; 2],
    /// Pairs of games on one deal with colours swapped.
    pub rounds: usize,
    /// Time per move; 0: each level's own.
    pub movetime_ms: u64,
    /// Each side's game clock and increment; both 0: no clock.
    pub main_time_ms: u64,
    pub inc_ms: u64,
    /// How far below zero a clock may fall before its side loses on time.
    pub timeout_buffer_ms: u64,
    /// Plies after which a game still running is adjudicated a draw; 0: only the rules end it.
    pub max_plies: usize,
    /// `None`: a new seed for every match, reported as it starts.
    pub seed: Option<Seed>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            levels: [Level::Master, Level::Club],
            rounds: DEFAULT_ROUNDS,
            movetime_ms: 0,
            main_time_ms: 0,
            inc_ms: 0,
            timeout_buffer_ms: DEFAULT_TIMEOUT_BUFFER_MS,
            max_plies: 0,
            seed: None,
        }
    }
}

impl Settings {
    /// Whether the players play on a game clock.
    pub fn has_clock(&self) -> bool {
        self.main_time_ms > 0 || self.inc_ms > 0
    }
}

const DEFAULT_ROUNDS: usize = 5;
const DEFAULT_TIMEOUT_BUFFER_MS: u64 = 1000;
/// The `Seed` value (the default) that asks for a new seed every match.
const RANDOM_SEED: &str = "random";

/// JieqiBox's runner options that this runner does not implement, and why.
const NOT_HERE: &[(&str, &str)] = &[
    (
        "Engine1Path",
        "this runner plays its own levels (Engine1Level, Engine2Level), not other programs",
    ),
    (
        "Engine2Path",
        "this runner plays its own levels (Engine1Level, Engine2Level), not other programs",
    ),
    ("Engine1Options", "Engine1Level sets Engine1's strength"),
    ("Engine2Options", "Engine2Level sets Engine2's strength"),
    (
        "Concurrency",
        "games are played one at a time, the one the GUI shows",
    ),
    (
        "BookFile",
        "every round is a deal of its own from Seed, not a book position",
    ),
    ("Logging", "there are no engine processes to log"),
    (
        "SaveNotation",
        "the GUI records the games; the runner saves none",
    ),
    (
        "SaveNotationDir",
        "the GUI records the games; the runner saves none",
    ),
    ("TimeControl", "set MainTimeMs and IncTimeMs, or MoveTimeMs"),
    (
        "AdjudicationRule",
        "games end by the rules, or as draws at MaxPlies",
    ),
];

/// The answer to `jai`: the runner's name and options, then `jaiok`. Every spin names its
/// range (JieqiBox takes 0–100 for a spin without one).
pub(super) fn identify() -> Vec<String> {
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("var {}", l.name()))
        .collect();
    let levels = levels.join(" ");
    let defaults = Settings::default();
    let spin = |name: &str, default: u64, range: &limits::Range| {
        format!(
            "option name {name} type spin default {default} min {} max {}",
            range.start(),
            range.end()
        )
    };
    vec![
        format!("id name Jieqi JAI {}", env!("CARGO_PKG_VERSION")),
        "id author the Jieqi authors".to_string(),
        format!(
            "option name Engine1Level type combo default {} {levels}",
            defaults.levels[0]
        ),
        format!(
            "option name Engine2Level type combo default {} {levels}",
            defaults.levels[1]
        ),
        spin("TotalRounds", defaults.rounds as u64, &limits::JAI_ROUNDS),
        spin("MoveTimeMs", defaults.movetime_ms, &limits::JAI_MOVETIME_MS),
        spin("MainTimeMs", defaults.main_time_ms, &limits::JAI_CLOCK_MS),
        spin("IncTimeMs", defaults.inc_ms, &limits::JAI_CLOCK_MS),
        spin(
            "TimeoutBufferMs",
            defaults.timeout_buffer_ms,
            &limits::JAI_CLOCK_MS,
        ),
        spin(
            "MaxPlies",
            defaults.max_plies as u64,
            &limits::JAI_MAX_PLIES,
        ),
        format!("option name Seed type string default {RANDOM_SEED}"),
        "jaiok".to_string(),
    ]
}

/// What `setoption name <name> [value <value>]` does: `Ok(None)` when the setting took,
/// `Ok(Some(note))` when it was heard but does nothing here (a JieqiBox option this runner
/// does not implement, with a value that asks for something), `Err` when it is refused. A
/// refused value leaves the setting as it was.
pub(super) fn apply(
    settings: &mut Settings,
    name: &str,
    value: Option<&str>,
) -> Result<Option<String>, String> {
    let key = name.to_ascii_lowercase();
    if let Some((known, why)) = NOT_HERE.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        // An empty path or a switched-off switch asks for nothing.
        let asks = value.is_some_and(|v| {
            let v = v.trim().to_ascii_lowercase();
            !(v.is_empty() || v == "false" || v == "off" || (key == "concurrency" && v == "1"))
        });
        return Ok(asks.then(|| format!("{known} is not implemented here: {why}")));
    }
    let Some(value) = value else {
        return Err(if known_option(&key) {
            format!("option '{}' needs a value", excerpt(name))
        } else {
            format!("no option named '{}'", excerpt(name))
        });
    };
    let value = value.trim();
    let number = |range: &limits::Range| limits::parse::<u64>(name, value, range);
    match key.as_str() {
        "engine1level" | "engine2level" => {
            let level = Level::parse(value).ok_or_else(|| {
                format!(
                    "{name} must be one of Beginner, Casual, Club, Advanced, Expert, Master, not '{}'",
                    excerpt(value)
                )
            })?;
            settings.levels[usize::from(key == "engine2level")] = level;
        }
        "totalrounds" => settings.rounds = limits::parse(name, value, &limits::JAI_ROUNDS)?,
        "movetimems" => settings.movetime_ms = number(&limits::JAI_MOVETIME_MS)?,
        "maintimems" => settings.main_time_ms = number(&limits::JAI_CLOCK_MS)?,
        "inctimems" => settings.inc_ms = number(&limits::JAI_CLOCK_MS)?,
        "timeoutbufferms" => settings.timeout_buffer_ms = number(&limits::JAI_CLOCK_MS)?,
        "maxplies" => settings.max_plies = limits::parse(name, value, &limits::JAI_MAX_PLIES)?,
        "seed" => {
            settings.seed = if value.eq_ignore_ascii_case(RANDOM_SEED) || value.is_empty() {
                None
            } else {
                Some(parse_seed(value)?)
            };
        }
        _ => return Err(format!("no option named '{}'", excerpt(name))),
    }
    Ok(None)
}

/// Whether `key` (lower case) names one of the runner's own options.
fn known_option(key: &str) -> bool {
    matches!(
        key,
        "engine1level"
            | "engine2level"
            | "totalrounds"
            | "movetimems"
            | "maintimems"
            | "inctimems"
            | "timeoutbufferms"
            | "maxplies"
            | "seed"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_option_is_accepted_with_its_default() {
        for line in identify() {
            let Some(rest) = line.strip_prefix("option name ") else {
                continue;
            };
            let (name, rest) = rest.split_once(" type ").unwrap();
            let default = rest
                .split_once(" default ")
                .map(|(_, d)| {
                    d.split(" min ")
                        .next()
                        .unwrap()
                        .split(" var ")
                        .next()
                        .unwrap()
                })
                .unwrap();
            let mut settings = Settings::default();
            assert_eq!(
                apply(&mut settings, name, Some(default)),
                Ok(None),
                "{line}"
            );
            assert_eq!(settings, Settings::default(), "{line}");
        }
    }

    #[test]
    fn values_are_checked_and_a_refusal_changes_nothing() {
        let mut s = Settings::default();
        assert_eq!(apply(&mut s, "engine2level", Some("beginner")), Ok(None));
        assert_eq!(s.levels, [Level::Master, Level::Beginner]);
        assert_eq!(apply(&mut s, "TotalRounds", Some(" 3 ")), Ok(None));
        assert_eq!(s.rounds, 3);
        assert_eq!(apply(&mut s, "Seed", Some("1A")), Ok(None));
        assert_eq!(s.seed, Some(Seed(42)));
        let before = s.clone();
        for (name, value) in [
            ("Engine1Level", Some("Grandmaster")),
            ("TotalRounds", Some("0")),
            ("MoveTimeMs", Some("-5")),
            ("Seed", Some("not a seed!")),
            ("MaxPlies", None),
            ("Hash", Some("16")),
        ] {
            let err = apply(&mut s, name, value).unwrap_err();
            assert!(err.to_lowercase().contains(&name.to_lowercase()), "{err}");
        }
        assert_eq!(s, before);
    }

    #[test]
    fn jieqibox_options_not_implemented_say_so_only_when_they_ask_for_something() {
        let mut s = Settings::default();
        assert_eq!(apply(&mut s, "Engine1Path", Some("")), Ok(None));
        assert_eq!(apply(&mut s, "Logging", Some("false")), Ok(None));
        assert_eq!(apply(&mut s, "Concurrency", Some("1")), Ok(None));
        let note = apply(&mut s, "engine1path", Some("/opt/pikafish"))
            .unwrap()
            .unwrap();
        assert!(note.starts_with("Engine1Path is not implemented"), "{note}");
        assert!(apply(&mut s, "Concurrency", Some("4")).unwrap().is_some());
        assert_eq!(s, Settings::default());
    }
}
