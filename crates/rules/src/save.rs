//! Saved games: human-readable, versioned JSON holding the variant, how the game started (a
//! seed or a FEN), its moves, how it ended if by resignation or agreement, and the app's
//! settings for it. Loading replays every move and re-checks it, so a hand-edited file can
//! never smuggle in an illegal game. Every kind of damage gives a typed error.
//!
//! ```json
//! {
//!   "format": "jieqi-save",
//!   "version": 1,
//!   "variant": "jieqi",
//!   "seed": "1A",
//!   "rules": "captured=both",
//!   "moves": ["h2e2", "h9g7"],
//!   "ending": null,
//!   "settings": { "opponent": "human" }
//! }
//! ```
//!
//! A save holds the deal (its seed): it is the app's private record, never shown to a player
//! while the game runs.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::any_game::AnyGame;
use crate::deal::Seed;
use crate::jieqi::Jieqi;
use crate::kind::Family;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::quote::{quote, shorten};
use crate::repetition::{Notice, note_arising};
use crate::rule_set::RuleSet;
use crate::setup::Setup;
use crate::types::{Move, Side};
use crate::variant::FamilyGame;
use crate::xiangqi::Xiangqi;

/// The value of the `format` field.
pub const SAVE_FORMAT: &str = "jieqi-save";
/// The newest version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// How a game ended, when the moves alone do not say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Resigned(Side),
    /// This side's clock ran out.
    LostOnTime(Side),
    DrawAgreed,
}

/// A saved game, as written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub format: String,
    pub version: u32,
    pub variant: Family,
    /// The Jieqi deal's seed (Crockford code), when the game came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The start position when it is not the standard one (Xiangqi) or not from a seed (a
    /// full-knowledge Jieqi FEN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The options that differ from the variant's standard rules (rules.md §10), as a
    /// record's `Rules` tag writes them; absent in older saves: the standard rules.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// ICCS moves from the start.
    pub moves: Vec<String>,
    #[serde(default)]
    pub ending: Option<Ending>,
    /// The app's settings for this game (opponent, level, …), kept as they were written.
    #[serde(default)]
    pub settings: BTreeMap<String, serde_json::Value>,
}

/// Why a saved game could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("could not read the save file: {0}")]
    Io(#[from] std::io::Error),
    #[error("the save file is empty")]
    Empty,
    #[error("the save file ends too early (truncated?)")]
    Truncated,
    #[error("the save file is not valid JSON (line {line}, column {column})")]
    NotJson { line: usize, column: usize },
    #[error("this file is not a Jieqi saved game")]
    NotASave,
    #[error(
        "the save was written by a newer version (format {found}; this build reads up to {supported})"
    )]
    FutureVersion { found: u64, supported: u32 },
    #[error("the save has a bad field: {0}")]
    BadField(String),
    #[error("the save's seed '{0}' is not a seed code")]
    BadSeed(String),
    #[error("the save's start position is not valid: {0}")]
    BadStart(String),
    #[error("the save gives both a seed and a start; a seed deals its own start")]
    SeedAndStart,
    #[error("the save says {0} but gives a seed, which only Jieqi has")]
    SeedWithoutJieqi(Family),
    #[error("move {ply} '{text}' in the save is not a move like h2e2")]
    BadMove { ply: usize, text: String },
    #[error("move {ply} '{text}' in the save is not allowed: {reason}")]
    IllegalMove {
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("the save records an ending after a game that was already over")]
    BadEnding,
    #[error("the save's rules: {0}")]
    BadRules(String),
}

/// Reads the part every variant's save shares: JSON, an object, the `format` field, a
/// `version` this build reads. The object is returned for the variant's own fields (its
/// `variant` field names it).
pub fn read_envelope(text: &str) -> Result<serde_json::Value, SaveError> {
    if text.trim().is_empty() {
        return Err(SaveError::Empty);
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            SaveError::Truncated
        } else {
            SaveError::NotJson {
                line: e.line(),
                column: e.column(),
            }
        }
    })?;
    let obj = value.as_object().ok_or(SaveError::NotASave)?;
    if obj.get("format").and_then(|f| f.as_str()) != Some(SAVE_FORMAT) {
        return Err(SaveError::NotASave);
    }
    match obj.get("version").and_then(|v| v.as_u64()) {
        None => return Err(SaveError::BadField("version must be a whole number".into())),
        Some(0) => {
            return Err(SaveError::BadField(
                "version 0 was never written; versions start at 1".into(),
            ));
        }
        Some(v) if v > u64::from(SAVE_VERSION) => {
            return Err(SaveError::FutureVersion {
                found: v,
                supported: SAVE_VERSION,
            });
        }
        Some(_) => {}
    }
    Ok(value)
}

impl SavedGame {
    /// The record of `game`, with the app's `settings`.
    pub fn of(game: &AnyGame, settings: BTreeMap<String, serde_json::Value>) -> SavedGame {
        let (seed, start) = match game {
            AnyGame::Xiangqi(g) => {
                let fen = g.start().to_fen();
                (None, (g.start() != &Position::startpos()).then_some(fen))
            }
            AnyGame::Jieqi(g) => match g.seed() {
                Some(seed) => (Some(seed.to_string()), None),
                None => (None, Some(g.start_full_fen())),
            },
        };
        let ending = match game.outcome() {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }) => Some(Ending::Resigned(winner.other())),
            Some(Outcome::Win {
                winner,
                reason: WinReason::Time,
            }) => Some(Ending::LostOnTime(winner.other())),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            }) => Some(Ending::DrawAgreed),
            _ => None,
        };
        SavedGame {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            variant: game.kind(),
            seed,
            start,
            rules: game.rules().to_string(),
            moves: game.moves().iter().map(Move::to_string).collect(),
            ending,
            settings,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a saved game always serialises")
    }

    /// Reads a save, checking its form and version (not yet its moves: see [`Self::restore`]).
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        let value = read_envelope(text)?;
        serde_json::from_value(value).map_err(|e| SaveError::BadField(shorten(&e.to_string(), 160)))
    }

    /// Rebuilds the game by replaying and re-checking every move.
    pub fn restore(&self) -> Result<AnyGame, SaveError> {
        self.restore_noting().map(|(game, _)| game)
    }

    /// [`SavedGame::restore`] with each warning or hint of the rules at the ply that brought
    /// it (0 = the start), as [`crate::Judgement`] keeps them for a record.
    pub fn restore_noting(&self) -> Result<(AnyGame, Vec<(usize, Notice)>), SaveError> {
        let game: AnyGame = match (self.variant, &self.seed, &self.start) {
            (Family::Jieqi, Some(_), Some(_)) => return Err(SaveError::SeedAndStart),
            (Family::Jieqi, Some(code), None) => {
                let seed: Seed = code.parse().map_err(|_| SaveError::BadSeed(quote(code)))?;
                Jieqi::from_seed(seed).into()
            }
            (Family::Jieqi, None, Some(fen)) => Jieqi::from_full_fen(fen)
                .map_err(|e| SaveError::BadStart(e.to_string()))?
                .into(),
            (Family::Jieqi, None, None) => {
                return Err(SaveError::BadField(
                    "a Jieqi save needs a seed or a start".into(),
                ));
            }
            (kind, Some(_), _) => return Err(SaveError::SeedWithoutJieqi(kind)),
            (Family::Xiangqi, None, start) => {
                let setup = match start {
                    Some(fen) => {
                        Setup::parse_fen(fen).map_err(|e| SaveError::BadStart(e.to_string()))?
                    }
                    None => Setup::start(Default::default()),
                };
                Xiangqi::from_setup(&setup)
                    .map_err(|e| SaveError::BadStart(e.to_string()))?
                    .into()
            }
        };
        let rules = RuleSet::parse(self.variant, &self.rules)
            .map_err(|e| SaveError::BadRules(e.to_string()))?;
        let mut game = game
            .under(rules)
            .map_err(|e| SaveError::BadRules(e.to_string()))?;
        let mut notices = Vec::new();
        let mut before = Vec::new();
        note_arising(&mut notices, 0, &mut before, game.notices());
        for (i, text) in self.moves.iter().enumerate() {
            let ply = i + 1;
            let m = Move::parse_iccs(text).ok_or_else(|| SaveError::BadMove {
                ply,
                text: quote(text),
            })?;
            let now = game.play(m).map_err(|e| SaveError::IllegalMove {
                ply,
                text: quote(text),
                reason: e.to_string(),
            })?;
            note_arising(&mut notices, ply, &mut before, &now);
        }
        match self.ending {
            None => {}
            Some(Ending::Resigned(side)) => {
                game.resign(side).map_err(|_| SaveError::BadEnding)?;
            }
            Some(Ending::LostOnTime(side)) => {
                game.lose_on_time(side).map_err(|_| SaveError::BadEnding)?;
            }
            Some(Ending::DrawAgreed) => {
                game.agree_draw().map_err(|_| SaveError::BadEnding)?;
            }
        }
        Ok((game, notices))
    }

    /// Writes the save atomically: a temporary file beside `path`, flushed to disk, then
    /// renamed over it, so a crash leaves either the old save or the new one, never half.
    pub fn write_atomic(&self, path: &Path) -> std::io::Result<()> {
        let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
        tmp_name.push(".tmp");
        let tmp = path.with_file_name(tmp_name);
        {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(self.to_json().as_bytes())?;
            file.write_all(b"\n")?;
            file.sync_all()?;
        }
        std::fs::rename(&tmp, path)
    }

    /// Reads and restores a save file.
    pub fn load(path: &Path) -> Result<(SavedGame, AnyGame), SaveError> {
        let bytes = std::fs::read(path)?;
        let text = String::from_utf8(bytes).map_err(|_| SaveError::NotASave)?;
        let saved = SavedGame::from_json(&text)?;
        let game = saved.restore()?;
        Ok((saved, game))
    }
}
