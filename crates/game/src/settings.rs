//! What the players can switch: language, piece set, animations, take-back consent, table
//! mode, coordinates, piece letters, notation.

use bevy::prelude::*;
use jieqi_rules::Notation;
use serde::{Deserialize, Serialize};

use crate::i18n::Language;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceSet {
    /// Chinese characters (with an optional small Latin letter, see [`Settings::letters`]).
    #[default]
    Chinese,
    /// Latin letters only (K A E H R C P), for newcomers.
    Letters,
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Every visible string's language.
    pub language: Language,
    pub piece_set: PieceSet,
    /// Pieces glide, captures leave, reveals flip. Off: everything jumps at once.
    pub animations: bool,
    /// Two players: a take-back needs the other player's consent. Off: at once (children).
    pub takeback_consent: bool,
    /// The top side's pieces are turned 180° to face a player sitting opposite.
    pub table_mode: bool,
    /// ICCS coordinates (a–i, 0–9) on the board's edges.
    pub coordinates: bool,
    /// A small Latin letter (K A E H R C P) in a corner of each Chinese piece.
    pub letters: bool,
    /// The move list's notation.
    pub notation: Notation,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: Language::default(),
            piece_set: PieceSet::default(),
            animations: true,
            takeback_consent: true,
            table_mode: false,
            coordinates: true,
            letters: true,
            notation: Notation::Wxf,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}
