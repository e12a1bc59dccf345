//! What the players can switch: language, piece set, animations, take-back consent,
//! take-backs after a face-down capture, table mode, coordinates, piece letters, notation. They are read from `settings.json` (see
//! [`crate::storage`]) at start and written back whenever they change.

use bevy::prelude::*;
use jieqi_rules::{Notation, Role, Side};
use serde::{Deserialize, Serialize};

use crate::i18n::{Language, Text};
use crate::storage::{DiskWriter, StorageDirs, StorageNotices, load_json, to_json};

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceSet {
    /// Chinese characters (with an optional small Latin letter, see [`Settings::letters`]).
    #[default]
    Chinese,
    /// Latin letters only (K A E H R C P), for newcomers.
    Letters,
}

impl PieceSet {
    /// The character a piece of `role` and `side` shows in this set: 俥 or R.
    pub fn glyph(self, role: Role, side: Side) -> char {
        match self {
            PieceSet::Chinese => role.chinese(side),
            PieceSet::Letters => role.wxf_char(),
        }
    }
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Every visible string's language.
    pub language: Language,
    pub piece_set: PieceSet,
    /// Pieces glide, captures leave, reveals flip. Off: everything jumps at once.
    pub animations: bool,
    /// The sounds' volume, 0 (silent) to 100.
    pub volume: u8,
    /// Two players: a take-back needs the other player's consent. Off: at once (children).
    pub takeback_consent: bool,
    /// Take-backs that undo something seen face down (the capture of a face-down piece whose
    /// identity the asker learned, or a Jieqi game's final reveal) are allowed, and mark the
    /// game "with take-backs" in the statistics. Off: they are refused.
    pub face_down_takebacks: bool,
    /// The top side's pieces are turned 180° to face a player sitting opposite.
    pub table_mode: bool,
    /// ICCS coordinates (a–i, 0–9) on the board's edges.
    pub coordinates: bool,
    /// A small Latin letter (K A E H R C P) in a corner of each Chinese piece.
    pub letters: bool,
    /// The move list's notation.
    pub notation: Notation,
    /// Jieqi: the side panel shows what each side's face-down pieces may be, as the player
    /// looking knows it (the odds of a reveal).
    pub reveal_odds: bool,
    /// The name this player goes by online.
    pub online_name: String,
    /// The server this player last joined or watched on (as typed).
    pub online_server: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: Language::default(),
            piece_set: PieceSet::default(),
            animations: true,
            volume: 60,
            takeback_consent: true,
            face_down_takebacks: true,
            table_mode: false,
            coordinates: true,
            letters: true,
            notation: Notation::Wxf,
            reveal_odds: false,
            online_name: String::new(),
            online_server: String::new(),
        }
    }
}

/// Settings the command line gave for this run only (`--no-animations`, `--table`, a
/// screenshot's still pieces): they win over the saved ones, and are written back only if
/// the player changes them during the run.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsOverrides {
    pub animations: Option<bool>,
    pub table_mode: Option<bool>,
    pub language: Option<Language>,
    pub piece_set: Option<PieceSet>,
    pub reveal_odds: Option<bool>,
}

impl SettingsOverrides {
    fn apply(&self, settings: &mut Settings) {
        if let Some(on) = self.animations {
            settings.animations = on;
        }
        if let Some(on) = self.table_mode {
            settings.table_mode = on;
        }
        if let Some(language) = self.language {
            settings.language = language;
        }
        if let Some(set) = self.piece_set {
            settings.piece_set = set;
        }
        if let Some(on) = self.reveal_odds {
            settings.reveal_odds = on;
        }
    }

    /// What the file should hold: `current`, except that a field still at its override keeps
    /// its saved value.
    fn worth_keeping(&self, current: &Settings, saved: &Settings) -> Settings {
        let mut keep = current.clone();
        if self.animations == Some(current.animations) {
            keep.animations = saved.animations;
        }
        if self.table_mode == Some(current.table_mode) {
            keep.table_mode = saved.table_mode;
        }
        if self.language == Some(current.language) {
            keep.language = saved.language;
        }
        if self.piece_set == Some(current.piece_set) {
            keep.piece_set = saved.piece_set;
        }
        if self.reveal_odds == Some(current.reveal_odds) {
            keep.reveal_odds = saved.reveal_odds;
        }
        keep
    }
}

/// What `settings.json` holds now.
#[derive(Resource, Default)]
struct SavedSettings(Settings);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<SettingsOverrides>()
        .init_resource::<SavedSettings>()
        .add_systems(Startup, load_settings)
        .add_systems(Update, save_settings);
}

fn load_settings(
    dirs: Res<StorageDirs>,
    overrides: Res<SettingsOverrides>,
    mut notices: ResMut<StorageNotices>,
    mut settings: ResMut<Settings>,
    mut saved: ResMut<SavedSettings>,
) {
    if let Some(path) = dirs.settings_file() {
        *settings = load_json(
            &path,
            &mut notices,
            Text::SettingsFallback,
            |_: &Settings| Ok(()),
        )
        .unwrap_or_default();
    }
    saved.0 = settings.clone();
    overrides.apply(&mut settings);
}

fn save_settings(
    dirs: Res<StorageDirs>,
    overrides: Res<SettingsOverrides>,
    settings: Res<Settings>,
    writer: Res<DiskWriter>,
    mut saved: ResMut<SavedSettings>,
) {
    let Some(path) = dirs.settings_file() else {
        return;
    };
    if !settings.is_changed() {
        return;
    }
    let keep = overrides.worth_keeping(&settings, &saved.0);
    if keep != saved.0 {
        writer.write(path, to_json(&keep));
        saved.0 = keep;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_override_is_not_written_back_unless_changed_again() {
        let overrides = SettingsOverrides {
            animations: Some(false),
            language: Some(Language::German),
            ..SettingsOverrides::default()
        };
        let saved = Settings::default();
        let mut current = saved.clone();
        overrides.apply(&mut current);
        assert!(!current.animations);
        assert_eq!(current.language, Language::German);
        assert_eq!(overrides.worth_keeping(&current, &saved), saved);
        current.coordinates = false;
        assert!(overrides.worth_keeping(&current, &saved).animations);
        assert!(!overrides.worth_keeping(&current, &saved).coordinates);
    }
}
