//! Saved Banqi games: the envelope every variant's save shares (the rules crate's
//! [`read_envelope`]: `format`, `version`), with Banqi's fields. Loading replays every turn
//! and re-checks it, so a hand-edited file cannot smuggle in an impossible game.
//!
//! ```json
//! {
//!   "format": "jieqi-save",
//!   "version": 1,
//!   "variant": "banqi",
//!   "seed": "1A",
//!   "rules": "chariot=slide",
//!   "moves": ["a1", "b1", "a1-a2"],
//!   "ending": null,
//!   "settings": { "opponent": "human" }
//! }
//! ```
//!
//! A save holds the deal (its seed, or `start`, the full-knowledge text of a game set up from
//! one): it is the app's private file, never shown to a player while the game runs.

use std::collections::BTreeMap;

use jieqi_rules::quote::{quote, shorten};
use jieqi_rules::{
    DrawReason, Ending, Outcome, SAVE_FORMAT, SAVE_VERSION, SaveError, Seed, WinReason,
    read_envelope,
};
use serde::{Deserialize, Serialize};

use crate::game::Banqi;
use crate::notation::{parse_turn, write_turn};
use crate::options::Options;

/// The value of a Banqi save's `variant` field.
pub const SAVE_VARIANT: &str = "banqi";

/// A saved Banqi game, as written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BanqiSave {
    pub format: String,
    pub version: u32,
    pub variant: String,
    /// The deal's seed (a short code), when the game came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The full-knowledge text of the start, for a game not dealt from a seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The options that differ from the standard rules (rules.md §10).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// The turns from the start (`a1`, `a1-a2`, `a1xb1`; a flip turns up what the deal holds).
    pub moves: Vec<String>,
    #[serde(default)]
    pub ending: Option<Ending>,
    /// The app's settings for this game, kept as they were written.
    #[serde(default)]
    pub settings: BTreeMap<String, serde_json::Value>,
}

impl BanqiSave {
    /// The save of `game`, with the app's `settings`.
    pub fn of(game: &Banqi, settings: BTreeMap<String, serde_json::Value>) -> BanqiSave {
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
        BanqiSave {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            variant: SAVE_VARIANT.to_string(),
            seed: game.seed().map(|s| s.to_string()),
            start: game.seed().is_none().then(|| game.start_full_text()),
            rules: game.options().to_string(),
            moves: game
                .history()
                .iter()
                .map(|seen| write_turn(seen.turn, None))
                .collect(),
            ending,
            settings,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a saved game always serialises")
    }

    /// Reads a save, checking its form, version and variant (not yet its turns: see
    /// [`Self::restore`]).
    pub fn from_json(text: &str) -> Result<BanqiSave, SaveError> {
        let value = read_envelope(text)?;
        let save: BanqiSave = serde_json::from_value(value)
            .map_err(|e| SaveError::BadField(shorten(&e.to_string(), 160)))?;
        if save.variant != SAVE_VARIANT {
            return Err(SaveError::BadField(format!(
                "variant '{}' is not banqi",
                quote(&save.variant)
            )));
        }
        Ok(save)
    }

    /// Rebuilds the game by replaying and re-checking every turn.
    pub fn restore(&self) -> Result<Banqi, SaveError> {
        let game = match (&self.seed, &self.start) {
            (Some(_), Some(_)) => return Err(SaveError::SeedAndStart),
            (Some(code), None) => {
                let seed: Seed = code.parse().map_err(|_| SaveError::BadSeed(quote(code)))?;
                Banqi::from_seed(seed)
            }
            (None, Some(text)) => {
                Banqi::from_full_text(text).map_err(|e| SaveError::BadStart(e.to_string()))?
            }
            (None, None) => {
                return Err(SaveError::BadField(
                    "a Banqi save needs a seed or a start".into(),
                ));
            }
        };
        let options: Options = self
            .rules
            .parse()
            .map_err(|e: crate::OptionsError| SaveError::BadRules(e.to_string()))?;
        let mut game = game
            .under(options)
            .map_err(|e| SaveError::BadRules(e.to_string()))?;
        for (i, text) in self.moves.iter().enumerate() {
            let illegal = |reason: String| SaveError::IllegalMove {
                ply: i + 1,
                text: quote(text),
                reason,
            };
            let turn = parse_turn(&game, text).map_err(|e| illegal(e.to_string()))?;
            game.play(turn).map_err(|e| illegal(e.to_string()))?;
        }
        match self.ending {
            None => {}
            Some(Ending::Resigned(colour)) => {
                let seat = game
                    .position()
                    .seat_of(colour)
                    .ok_or(SaveError::BadEnding)?;
                game.resign(seat).map_err(|_| SaveError::BadEnding)?;
            }
            Some(Ending::LostOnTime(colour)) => {
                let seat = game
                    .position()
                    .seat_of(colour)
                    .ok_or(SaveError::BadEnding)?;
                game.lose_on_time(seat).map_err(|_| SaveError::BadEnding)?;
            }
            Some(Ending::DrawAgreed) => {
                game.agree_draw().map_err(|_| SaveError::BadEnding)?;
            }
        }
        Ok(game)
    }
}
