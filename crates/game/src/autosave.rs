//! Never lose a game: the game in progress is written to `autosave.json` whenever it changes
//! (a move, a new game, a take-back), atomically and off the frame (see [`crate::storage`]),
//! and offered again at the next start with a public preview (variant, opponent, number of
//! moves — never anything from the deal). A finished game stays in the file with its end
//! and is not offered — unless it is game 1 of a duplicate match, whose game 2 is still to
//! come (the match, game 1 with it once game 2 has begun, is kept in the table). A damaged file is set aside and the player told; the app starts on
//! a fresh board.
//!
//! An unfinished saved game is only replaced once the player has made a move in another
//! game: a command line that names a game, declining the offer, or a fresh board left
//! untouched all keep it, so it is offered again next time. A move on the fresh board while
//! the offer is still open declines it.
//!
//! The save is the variant's own (the JSON envelope every variant's save shares, see the rules
//! crate's `read_envelope`), found again through the registry; what the table needs besides
//! the game (the opponent and level, player one's colour, the handicap, whether "Again"
//! replays the deal) goes in its `settings` under [`TABLE_KEY`], versioned.
//!
//! Why a save cannot be read (the rules crate's `SaveError`, or the table's fault below) is
//! technical detail and stays in English inside the translated damaged-file notice, see
//! [`crate::storage`].

use bevy::prelude::*;
use jieqi_rules::clock::TimeControl;
use jieqi_rules::platform::{PlayedGame, SaveSettings, VariantRef};
use jieqi_rules::{Handicap, OptionValues, Seed, Side};
use serde::{Deserialize, Serialize};

use crate::i18n::{self, Phrase, Text};
use crate::session::{
    DealChoice, DuplicateMatch, FirstGame, GameCommand, GameConfig, Opponent, Resumed, Session,
    standard_options,
};
use crate::states::GameSet;
use crate::storage::{DiskWriter, LevelName, StorageDirs, StorageNotices, load_with};

/// The key of the table's record in a save's `settings`.
pub const TABLE_KEY: &str = "table";
const TABLE_VERSION: u32 = 1;

/// What the session needs besides the game to set the table again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    version: u32,
    /// The computer's level; `None`: two players on one screen.
    computer: Option<LevelName>,
    /// Against the computer: the human's colour.
    human: Side,
    player_one: Side,
    /// Xiangqi: the handicap "Again" gives again.
    handicap: Handicap,
    /// Jieqi: "Again" deals the same seed again.
    replay_deal: bool,
    /// A take-back undid something face-down its asker had seen: the statistics count the
    /// game apart ("with take-backs"). Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    with_takebacks: bool,
    /// The game is one of a duplicate match (its deal is the save's `seed`). Written only
    /// then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    duplicate: Option<MatchTable>,
    /// The time control and each side's time left when the game was saved (a game with a
    /// clock only): the clocks start again from there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<SavedClock>,
}

/// Clocks in a save.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedClock {
    control: TimeControl,
    /// By side: Red's, then Black's.
    left_ms: [u64; 2],
}

/// A duplicate match in a save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchTable {
    /// Game 1, once game 2 (the game saved) has begun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first: Option<FirstTable>,
}

/// Game 1 of a duplicate match in a save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FirstTable {
    /// Its own save, the variant's JSON.
    save: serde_json::Value,
    /// Player 1's colour in it.
    player_one: Side,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    with_takebacks: bool,
}

impl MatchTable {
    /// `None` for a match whose deal the server keeps (online).
    fn of(m: &DuplicateMatch) -> Option<MatchTable> {
        m.seed?;
        let first = match &m.first {
            None => None,
            Some(first) => Some(FirstTable {
                save: serde_json::from_str(&first.game.save_json(SaveSettings::new())?).ok()?,
                player_one: first.player_one,
                with_takebacks: first.peeked,
            }),
        };
        Some(MatchTable { first })
    }

    /// The match again: its deal is the saved game's `seed`.
    fn read(&self, fields: &serde_json::Value) -> Result<DuplicateMatch, String> {
        let seed = fields
            .get("seed")
            .and_then(|s| s.as_str())
            .and_then(|code| code.parse::<Seed>().ok())
            .ok_or("its duplicate match has no deal's seed")?;
        let first = match &self.first {
            None => None,
            Some(first) => {
                let (game, _) = jieqi_variants::load_save(&first.save.to_string())
                    .map_err(|e| format!("its match's game 1: {e}"))?;
                Some(FirstGame {
                    game,
                    player_one: first.player_one,
                    peeked: first.with_takebacks,
                })
            }
        };
        Ok(DuplicateMatch {
            seed: Some(seed),
            first,
        })
    }
}

impl Table {
    fn of(config: GameConfig, player_one: Side) -> Table {
        let (computer, human) = match config.opponent {
            // A finished online game is kept as a game for two.
            Opponent::TwoPlayers | Opponent::Online { .. } => (None, player_one),
            Opponent::Computer { level, human } => (Some(LevelName(level)), human),
        };
        Table {
            version: TABLE_VERSION,
            computer,
            human,
            player_one,
            handicap: config.handicap,
            replay_deal: matches!(config.deal, DealChoice::Seed(_)),
            with_takebacks: false,
            duplicate: None,
            clock: config.clock.map(|control| SavedClock {
                control,
                left_ms: [control.initial_ms; 2],
            }),
        }
    }

    fn read(settings: &SaveSettings) -> Result<Table, String> {
        let value = settings
            .get(TABLE_KEY)
            .ok_or("it does not say who played")?;
        let table: Table =
            serde_json::from_value(value.clone()).map_err(|e| format!("its table: {e}"))?;
        if table.version != TABLE_VERSION {
            return Err(format!(
                "its table has version {}; this build reads {TABLE_VERSION}",
                table.version
            ));
        }
        Ok(table)
    }

    /// The config of the saved `game`; `fields` is the save itself, for its `seed` and
    /// `rules` (every variant's save names them so).
    fn config(
        &self,
        game: &dyn PlayedGame,
        fields: &serde_json::Value,
    ) -> Result<GameConfig, String> {
        let variant = VariantRef(game.variant());
        let seed = fields.get("seed").and_then(|s| s.as_str());
        let deal = match (seed, self.replay_deal) {
            (Some(code), true) => DealChoice::Seed(
                code.parse::<Seed>()
                    .map_err(|_| "its seed is not a seed code".to_string())?,
            ),
            _ => DealChoice::Random,
        };
        // The save's own field (the game restored under it); absent: the standard rules.
        let rules = fields.get("rules").and_then(|r| r.as_str()).unwrap_or("");
        Ok(GameConfig {
            variant,
            handicap: self.handicap,
            deal,
            opponent: match self.computer {
                None => Opponent::TwoPlayers,
                Some(LevelName(level)) => Opponent::Computer {
                    level,
                    human: self.human,
                },
            },
            rules: OptionValues::parse(variant.name(), variant.options(), rules)
                .map_err(|e| e.to_string())?,
            clock: self.clock.map(|c| c.control),
        })
    }

    /// The offer's preview: public facts only (no seed, no start, no move): "Jieqi 揭棋 —
    /// against the computer (Club), you play Black — 12 moves played".
    fn preview(&self, variant: VariantRef, plies: usize) -> Phrase {
        let opponent = match self.computer {
            None => Phrase::new(Text::PreviewTwoPlayers),
            Some(LevelName(level)) => Phrase::new(Text::PreviewComputer)
                .with("level", i18n::level_name(level))
                .with("side", self.human),
        };
        let moves = match plies {
            1 => Phrase::new(Text::OneMovePlayed),
            n => Phrase::new(Text::SomeMovesPlayed).with("n", n.to_string()),
        };
        let preview = Phrase::new(Text::ResumePreview)
            .with("variant", i18n::variant_title(variant))
            .with("opponent", opponent)
            .with("moves", moves);
        match &self.duplicate {
            None => preview,
            Some(m) => Phrase::new(Text::ResumeMatch)
                .with("preview", preview)
                .with(
                    "round",
                    if m.first.is_some() { "2" } else { "1" }.to_string(),
                ),
        }
    }
}

/// The session's game and table, as the autosave writes it (JSON).
pub fn record(session: &Session) -> Option<String> {
    let table = Table {
        with_takebacks: session.peeked(),
        duplicate: session.duplicate_match().and_then(MatchTable::of),
        clock: session.clocks().map(|clocks| SavedClock {
            control: clocks.control(),
            left_ms: clocks.left_ms(std::time::Instant::now()),
        }),
        ..Table::of(session.config(), session.player_one())
    };
    let mut settings = SaveSettings::new();
    settings.insert(
        TABLE_KEY.to_string(),
        serde_json::to_value(table).expect("a table always serialises"),
    );
    session.save_json(settings)
}

/// Reads an autosave of any variant: the game (every turn replayed and checked), its table,
/// and the preview to offer it with.
pub fn read(text: &str) -> Result<(Resumed, Phrase), String> {
    let (game, settings) = jieqi_variants::load_save(text).map_err(|e| e.to_string())?;
    let fields: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let table = Table::read(&settings)?;
    let config = table.config(game.as_ref(), &fields)?;
    let preview = table.preview(config.variant, game.plies());
    let duplicate = match &table.duplicate {
        Some(m) => Some(m.read(&fields)?),
        None => None,
    };
    let resumed = Resumed::new(game, config, table.player_one)
        .peeked(table.with_takebacks)
        .in_match(duplicate)
        .clocks_left(table.clock.map(|c| c.left_ms));
    Ok((resumed, preview))
}

/// The game a start that names none opens (spec/game.md: Jieqi-first): on a first start (no
/// autosave) the first variant the registry deals — Jieqi — with a random deal; later, the
/// last game's variant, house rules, time control and opponent, on a new deal (its game
/// itself is offered to resume when unfinished).
pub fn fresh_config(dirs: &StorageDirs) -> GameConfig {
    let last = dirs
        .autosave_file()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| read(&text).ok())
        .map(|(resumed, _)| GameConfig {
            deal: DealChoice::Random,
            ..resumed.config()
        });
    last.unwrap_or_else(|| {
        let variant = VariantRef(jieqi_variants::dealing());
        GameConfig {
            variant,
            rules: standard_options(variant),
            ..GameConfig::default()
        }
    })
}

/// An unfinished saved game waiting for the player's answer.
#[derive(Resource, Default)]
pub struct ResumeOffer {
    offer: Option<(Phrase, Resumed)>,
}

impl ResumeOffer {
    /// What the offer shows: "Jieqi 揭棋 — two players — 12 moves played".
    pub fn preview(&self) -> Option<&Phrase> {
        self.offer.as_ref().map(|(preview, _)| preview)
    }
}

impl std::fmt::Debug for ResumeOffer {
    // The preview only: the game holds the deal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResumeOffer")
            .field("preview", &self.preview())
            .finish()
    }
}

/// Whether a saved game may be offered at start; `false` when the command line named a
/// game to start.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferResume(pub bool);

impl Default for OfferResume {
    fn default() -> Self {
        OfferResume(true)
    }
}

/// The player's answer to the offer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerResume {
    pub resume: bool,
}

/// What was last written, and whether an unfinished saved game is kept until a move.
#[derive(Resource, Default)]
struct Autosaved {
    last: Option<String>,
    keep_until_move: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AnswerResume>()
        .init_resource::<ResumeOffer>()
        .init_resource::<OfferResume>()
        .init_resource::<Autosaved>()
        .add_systems(Startup, load)
        .add_systems(
            Update,
            (answer.in_set(GameSet::Input), save.in_set(GameSet::View)),
        );
}

fn load(
    dirs: Res<StorageDirs>,
    allowed: Res<OfferResume>,
    session: Res<Session>,
    mut notices: ResMut<StorageNotices>,
    mut offer: ResMut<ResumeOffer>,
    mut state: ResMut<Autosaved>,
) {
    // The game on the table at start is not news: only a change is written.
    state.last = record(&session);
    let Some(path) = dirs.autosave_file() else {
        return;
    };
    match load_with(&path, &mut notices, Text::SaveFallback, read) {
        None => {}
        Some((resumed, _)) if !resumed.is_worth_offering() => {}
        Some((resumed, preview)) => {
            state.keep_until_move = true;
            if allowed.0 {
                offer.offer = Some((preview, resumed));
            }
        }
    }
}

fn answer(
    mut answers: MessageReader<AnswerResume>,
    mut offer: ResMut<ResumeOffer>,
    mut commands: MessageWriter<GameCommand>,
) {
    for answer in answers.read() {
        if let Some((_, resumed)) = offer.offer.take()
            && answer.resume
        {
            commands.write(GameCommand::Resume(Box::new(resumed)));
        }
    }
}

fn save(
    dirs: Res<StorageDirs>,
    session: Res<Session>,
    writer: Res<DiskWriter>,
    mut offer: ResMut<ResumeOffer>,
    mut state: ResMut<Autosaved>,
) {
    if !session.is_changed() {
        return;
    }
    let Some(path) = dirs.autosave_file() else {
        return;
    };
    let Some(saved) = record(&session) else {
        return;
    };
    let untouched = session.is_untouched();
    if state.last.as_ref() == Some(&saved) || (state.keep_until_move && untouched) {
        return;
    }
    state.keep_until_move = false;
    // Played on the fresh board instead of answering: the offer is declined.
    offer.offer = None;
    writer.write(path, saved.clone() + "\n");
    state.last = Some(saved);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use jieqi_ai::Level;
    use jieqi_rules::{Family, RuleSet};

    #[test]
    fn a_record_reads_back_to_the_same_table() {
        let config = GameConfig {
            variant: jieqi_variants::of_kind(Family::Jieqi),
            handicap: Handicap::None,
            deal: DealChoice::Seed(Seed(7)),
            opponent: Opponent::Computer {
                level: Level::Club,
                human: Side::Black,
            },
            rules: RuleSet::parse(Family::Jieqi, "captured=both")
                .unwrap()
                .values(),
            clock: None,
        };
        let mut session = Session::new(config);
        session.play_texts(["h2e2"]).unwrap();
        let saved = record(&session).unwrap();
        let (resumed, preview) = read(&saved).unwrap();
        assert!(!resumed.is_over());
        assert_eq!(
            preview.say(Language::English),
            "Jieqi 揭棋 — against the computer (Club), you play Black — 1 move played"
        );
        assert_eq!(
            preview.say(Language::Chinese),
            "揭棋——對電腦(業餘)，你執黑方——已走一步"
        );
        let (game, settings) = jieqi_variants::load_save(&saved).unwrap();
        let table = Table::read(&settings).unwrap();
        let fields = serde_json::from_str(&saved).unwrap();
        assert_eq!(table.config(game.as_ref(), &fields).unwrap(), config);
    }

    #[test]
    fn a_game_with_take_backs_stays_marked_in_its_save() {
        let mut session = Session::default();
        session.play_texts(["h2e2"]).unwrap();
        let clean = record(&session).unwrap();
        assert!(!clean.contains("with_takebacks"), "{clean}");
        session.set_peeked(true);
        let marked = record(&session).unwrap();
        let (resumed, _) = read(&marked).unwrap();
        let (unmarked, _) = read(&clean).unwrap();
        assert_eq!(resumed, unmarked.clone().peeked(true));
        assert_ne!(resumed, unmarked);
    }

    #[test]
    fn a_save_without_a_readable_table_is_refused_in_words() {
        let session = Session::default();
        let mut saved: serde_json::Value =
            serde_json::from_str(&record(&session).unwrap()).unwrap();
        saved["settings"] = serde_json::json!({});
        assert_eq!(
            read(&saved.to_string()).unwrap_err(),
            "it does not say who played"
        );
        let mut table = Table::of(session.config(), Side::Red);
        table.version = 9;
        saved["settings"][TABLE_KEY] = serde_json::to_value(table).unwrap();
        assert!(read(&saved.to_string()).unwrap_err().contains("version 9"));
    }

    #[test]
    fn a_duplicate_match_is_kept_in_the_save_and_offered_between_its_games() {
        let config = GameConfig {
            variant: jieqi_variants::of_kind(Family::Jieqi),
            ..GameConfig::default()
        };
        let mut session = Session::duplicate(config);
        session.play_texts(["h2e2"]).unwrap();
        session.resign_now(Side::Black).unwrap();
        // Game 1 is over: still offered, as game 1 of the match.
        let saved = record(&session).unwrap();
        let (resumed, preview) = read(&saved).unwrap();
        assert!(resumed.is_over() && resumed.is_worth_offering());
        assert!(
            preview
                .say(Language::English)
                .ends_with("1 move played — duplicate match, game 1 of 2"),
            "{}",
            preview.say(Language::English)
        );
    }

    /// spec/game.md, Jieqi-first: a first start opens Jieqi on a random deal; a later one the
    /// last game's table (variant, rules, time control) on a new deal.
    #[test]
    fn a_first_start_opens_jieqi_and_a_later_one_the_last_table() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = StorageDirs::in_dir(dir.path());
        let first = fresh_config(&dirs);
        assert_eq!(first.variant.kind(), Some(Family::Jieqi));
        assert_eq!(first.deal, DealChoice::Random);
        let last = GameConfig {
            clock: Some(jieqi_rules::clock::TimeControl::minutes(5, 3)),
            rules: RuleSet::parse(Family::Xiangqi, "chase=judged")
                .unwrap()
                .values(),
            ..GameConfig::default()
        };
        let mut session = Session::new(last);
        session.play_texts(["h2e2"]).unwrap();
        session.resign_now(Side::Red).unwrap();
        std::fs::write(dirs.autosave_file().unwrap(), record(&session).unwrap()).unwrap();
        let again = fresh_config(&dirs);
        assert_eq!(again.variant.kind(), Some(Family::Xiangqi));
        assert_eq!(again.clock, last.clock);
        assert_eq!(again.rules, last.rules);
    }
}
