//! The engine's options: how `uci` and `ucci` list them, and what `setoption` does with each,
//! whichever dialect named it.

use jieqi_ai::Level;
use jieqi_rules::platform::VariantRef;

use super::output::Protocol;
use super::position::start_of;
use super::ranks::Ranks;
use super::{Session, problem, send};
use crate::limits;
use crate::text::excerpt;

pub const DEFAULT_HASH_MIB: usize = 16;
pub const DEFAULT_SKILL: u32 = 20;

/// The level of a skill (0–20): four skills per level, 20 alone is Master.
pub fn level_of_skill(skill: u32) -> Level {
    match skill {
        0..=3 => Level::Beginner,
        4..=7 => Level::Casual,
        8..=11 => Level::Club,
        12..=15 => Level::Advanced,
        16..=19 => Level::Expert,
        _ => Level::Master,
    }
}

/// ElephantEye's options this engine hears and has nothing to do with: no opening book, no
/// endgame tables, one thread, and the GUI decides about pondering.
const UCCI_IGNORED: &[&str] = &[
    "batch",
    "debug",
    "usebook",
    "useegtb",
    "bookfiles",
    "egtbpaths",
    "evalapi",
    "idle",
    "promotion",
    "pruning",
    "knowledge",
    "randomness",
    "style",
];

/// The UCI name a UCCI option stands for (`hashsize` is `Hash`); others as they are.
pub fn ucci_name(name: &str) -> &str {
    match name.to_ascii_lowercase().as_str() {
        "hashsize" => "Hash",
        "newgame" => "Clear Hash",
        "variant" => "UCI_Variant",
        _ => name,
    }
}

/// `uci` or `ucci`: the engine's name and options, then `uciok` / `ucciok`.
pub fn identify(protocol: Protocol) {
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("var {}", l.name()))
        .collect();
    let variants: Vec<String> = jieqi_variants::all()
        .map(|v| format!("var {}", v.id()))
        .collect();
    let ranks: Vec<String> = Ranks::NAMES.iter().map(|r| format!("var {r}")).collect();
    let (hash, skill) = (&limits::HASH_MIB, &limits::SKILL_LEVEL);
    let name = format!("id name Jieqi {}", env!("CARGO_PKG_VERSION"));
    let author = "id author the Jieqi authors".to_string();
    let lines = match protocol {
        Protocol::Uci => vec![
            name,
            author,
            format!(
                "option name Hash type spin default {DEFAULT_HASH_MIB} min {} max {}",
                hash.start(),
                hash.end()
            ),
            "option name Clear Hash type button".to_string(),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name MultiPV type spin default 1 min {} max {}",
                limits::MULTIPV.start(),
                limits::MULTIPV.end()
            ),
            format!(
                "option name Skill Level type spin default {DEFAULT_SKILL} min {} max {}",
                skill.start(),
                skill.end()
            ),
            format!(
                "option name Level type combo default {} {}",
                level_of_skill(DEFAULT_SKILL).name(),
                levels.join(" ")
            ),
            format!(
                "option name UCI_Variant type combo default {} {}",
                jieqi_variants::default_variant().id(),
                variants.join(" ")
            ),
            format!(
                "option name Ranks type combo default {} {}",
                Ranks::default().name(),
                ranks.join(" ")
            ),
            "uciok".to_string(),
        ],
        // ElephantEye's form: `option <name> type <type> [min/max/var…] default <value>`.
        Protocol::Ucci => vec![
            name,
            author,
            "option usemillisec type check default true".to_string(),
            format!(
                "option hashsize type spin min {} max {} default {DEFAULT_HASH_MIB}",
                hash.start(),
                hash.end()
            ),
            "option newgame type button".to_string(),
            "option ponder type check default false".to_string(),
            format!(
                "option level type combo {} default {}",
                levels.join(" "),
                level_of_skill(DEFAULT_SKILL).name()
            ),
            format!(
                "option variant type combo {} default {}",
                variants.join(" "),
                jieqi_variants::default_variant().id()
            ),
            format!(
                "option ranks type combo {} default {}",
                ranks.join(" "),
                Ranks::default().name()
            ),
            "ucciok".to_string(),
        ],
    };
    for line in lines {
        if !send(&line) {
            return;
        }
    }
}

/// What `setoption` does with option `name` (either dialect's name, any case) set to `value`.
pub fn apply(session: &mut Session, name: &str, value: Option<&str>) {
    let key = name.to_ascii_lowercase();
    match (key.as_str(), value) {
        ("hash", Some(v)) => match limits::parse("Hash", v, &limits::HASH_MIB) {
            Ok(n) => session.hash_mib = n,
            Err(e) => problem(&e),
        },
        ("clear hash", _) => session.clear_pending = true,
        // Heard, nothing to do: the GUI tells whether it will ponder (the engine ponders
        // whenever asked); the search has one thread; it plays and analyses alike, and no
        // Chess960 (fairyfishnet sets these for every engine).
        ("ponder" | "threads" | "uci_analysemode" | "uci_chess960", _) => {}
        ("multipv", Some(v)) => match limits::parse("MultiPV", v, &limits::MULTIPV) {
            Ok(n) => session.multipv = n,
            Err(e) => problem(&e),
        },
        ("skill level", Some(v)) => match limits::parse("Skill Level", v, &limits::SKILL_LEVEL) {
            Ok(n) => session.level = level_of_skill(n),
            Err(e) => problem(&e),
        },
        ("level", Some(v)) => match Level::parse(v) {
            Some(level) => session.level = level,
            None => problem(&format!(
                "Level must be one of Beginner, Casual, Club, Advanced, Expert, Master, not '{}'",
                excerpt(v)
            )),
        },
        ("uci_variant", Some(v)) => match jieqi_variants::find(v) {
            Ok(variant) => {
                let variant = VariantRef(variant);
                if variant != session.variant {
                    match start_of(variant) {
                        Ok(subject) => {
                            session.variant = variant;
                            session.subject = subject;
                            session.banned.clear();
                            session.jieqi_game = false;
                        }
                        Err(e) => problem(&e),
                    }
                }
            }
            Err(e) => problem(&e.to_string()),
        },
        ("ranks", Some(v)) => match Ranks::parse(v) {
            Some(ranks) => session.out.ranks = ranks,
            None => problem(&format!(
                "Ranks must be 0-9 (ICCS) or 1-10 (Fairy-Stockfish's UCI), not '{}'",
                excerpt(v)
            )),
        },
        ("usemillisec", Some(v)) => match v.to_ascii_lowercase().as_str() {
            "true" | "on" => session.millis = true,
            "false" | "off" => session.millis = false,
            _ => problem(&format!(
                "usemillisec is true or false, not '{}'",
                excerpt(v)
            )),
        },
        (k, _) if session.out.protocol == Protocol::Ucci && UCCI_IGNORED.contains(&k) => {}
        (
            "hash" | "multipv" | "skill level" | "level" | "uci_variant" | "ranks" | "usemillisec",
            None,
        ) => problem(&format!("option '{}' needs a value", excerpt(name))),
        _ => problem(&format!("no option named '{}'", excerpt(name))),
    }
}
