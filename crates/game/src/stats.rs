//! Statistics: wins for Red, wins for Black and draws, per variant and opponent (two players,
//! or the computer at each level), counted once when a game ends on the table (a finished
//! game shown again is not counted again), kept in `stats.json` (see [`crate::storage`]).
//! [`StatsModel`] is what the Statistics window shows, in the language of the settings.
//!
//! - A game abandoned for another one (the players agreed, see [`crate::session::Abandoned`])
//!   counts as a resignation: against the computer the human's, between two players the side
//!   to move's.
//! - A game in which a take-back undid something its asker had seen face down (allowed by
//!   `Settings::face_down_takebacks`) is counted apart, on its own line "… — with take-backs",
//!   so that the other lines hold only games played without that knowledge.
//! - A duplicate match (one Jieqi deal played twice, colours swapped) is counted once it is
//!   decided, as a match won by player 1 (you, against the computer), by player 2 (the
//!   computer) or even, in a table of its own; its two games are not counted as games. A
//!   match abandoned counts as lost by the player who left it (see [`crate::session`]).

use std::collections::BTreeMap;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Outcome, Side};
use serde::{Deserialize, Serialize};

use crate::i18n::{self, Language, Phrase, Text};
use crate::session::{Abandoned, CountedAs, MatchResult, Session, Shown};
use crate::settings::Settings;
use crate::states::GameSet;
use crate::storage::{DiskWriter, LevelName, StorageDirs, StorageNotices, load_json, to_json};

const STATS_VERSION: u32 = 1;

/// The results of one kind of game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub red_wins: u32,
    pub black_wins: u32,
    pub draws: u32,
}

impl Tally {
    /// Adds `other`'s counts. A count stops at `u32::MAX` rather than wrap round to a small
    /// number: a file claiming that many games is believed as far as it can be, and the
    /// player's other counts are kept.
    fn add(&mut self, other: Tally) {
        self.red_wins = self.red_wins.saturating_add(other.red_wins);
        self.black_wins = self.black_wins.saturating_add(other.black_wins);
        self.draws = self.draws.saturating_add(other.draws);
    }
}

/// Duplicate matches of one kind, by who scored more over the two games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchTally {
    /// Won by player 1 (the human against the computer).
    pub player_one: u32,
    /// Won by player 2 (the computer).
    pub player_two: u32,
    pub even: u32,
}

/// What kind of game: the variant and the computer's level (`None`: two players).
pub type GameKind = (VariantRef, Option<Level>);

/// A kind of game, and whether a take-back in it undid something seen face down ("with
/// take-backs"): such games are counted apart.
type Key = (GameKind, bool);

/// Finished games, and decided duplicate matches, by kind.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    tallies: BTreeMap<Key, Tally>,
    matches: BTreeMap<Key, MatchTally>,
}

impl Stats {
    /// The games of `kind` played without a take-back of something seen face down.
    pub fn tally(&self, kind: GameKind) -> Tally {
        self.tallies
            .get(&(kind, false))
            .copied()
            .unwrap_or_default()
    }

    /// The games of `kind` in which a take-back undid something seen face down.
    pub fn tally_with_takebacks(&self, kind: GameKind) -> Tally {
        self.tallies.get(&(kind, true)).copied().unwrap_or_default()
    }

    /// The duplicate matches of `kind` played without a take-back of something seen face
    /// down.
    pub fn matches(&self, kind: GameKind) -> MatchTally {
        self.matches
            .get(&(kind, false))
            .copied()
            .unwrap_or_default()
    }

    /// Adds (`by` = 1) or takes back (`by` = −1) one game's or match's result.
    fn count_as(&mut self, key: Key, counted: CountedAs, by: i32) {
        match counted {
            CountedAs::Game(outcome) => self.count(key, outcome, by),
            CountedAs::Match(result) => {
                let tally = self.matches.entry(key).or_default();
                let field = match result {
                    MatchResult::PlayerOne => &mut tally.player_one,
                    MatchResult::PlayerTwo => &mut tally.player_two,
                    MatchResult::Even => &mut tally.even,
                };
                *field = field.saturating_add_signed(by);
            }
        }
    }

    /// Adds (`by` = 1) or takes back (`by` = −1) one result.
    fn count(&mut self, key: Key, outcome: Outcome, by: i32) {
        let tally = self.tallies.entry(key).or_default();
        let field = match outcome.winner() {
            Some(Side::Red) => &mut tally.red_wins,
            Some(Side::Black) => &mut tally.black_wins,
            None => &mut tally.draws,
        };
        *field = field.saturating_add_signed(by);
    }
}

/// `stats.json`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsFile {
    version: u32,
    rows: Vec<Row>,
    /// Duplicate matches (absent: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    matches: Vec<MatchRow>,
}

/// A kind of duplicate match and its results.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchRow {
    variant: String,
    computer: Option<LevelName>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    with_takebacks: bool,
    #[serde(flatten)]
    tally: MatchTally,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    /// The variant's id (`xiangqi`, `jieqi`, `banqi`).
    variant: String,
    /// `None`: two players.
    computer: Option<LevelName>,
    /// Games in which a take-back undid something seen face down (absent: none).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    with_takebacks: bool,
    red_wins: u32,
    black_wins: u32,
    draws: u32,
}

impl From<&Stats> for StatsFile {
    fn from(stats: &Stats) -> StatsFile {
        let rows = stats
            .tallies
            .iter()
            .map(|(&((variant, computer), with_takebacks), t)| Row {
                variant: variant.id().to_string(),
                computer: computer.map(LevelName),
                with_takebacks,
                red_wins: t.red_wins,
                black_wins: t.black_wins,
                draws: t.draws,
            })
            .collect();
        let matches = stats
            .matches
            .iter()
            .map(
                |(&((variant, computer), with_takebacks), &tally)| MatchRow {
                    variant: variant.id().to_string(),
                    computer: computer.map(LevelName),
                    with_takebacks,
                    tally,
                },
            )
            .collect();
        StatsFile {
            version: STATS_VERSION,
            rows,
            matches,
        }
    }
}

impl From<StatsFile> for Stats {
    fn from(file: StatsFile) -> Stats {
        let mut stats = Stats::default();
        for row in file.rows {
            if let Some(key) = key_of(&row.variant, row.computer, row.with_takebacks) {
                stats.tallies.entry(key).or_default().add(Tally {
                    red_wins: row.red_wins,
                    black_wins: row.black_wins,
                    draws: row.draws,
                });
            }
        }
        for row in file.matches {
            if let Some(key) = key_of(&row.variant, row.computer, row.with_takebacks) {
                let tally = stats.matches.entry(key).or_default();
                tally.player_one = tally.player_one.saturating_add(row.tally.player_one);
                tally.player_two = tally.player_two.saturating_add(row.tally.player_two);
                tally.even = tally.even.saturating_add(row.tally.even);
            }
        }
        stats
    }
}

/// A row's kind of game; `None` for a variant this build does not have (its row is left
/// out).
fn key_of(variant: &str, computer: Option<LevelName>, with_takebacks: bool) -> Option<Key> {
    let variant = jieqi_variants::find(variant).ok()?;
    Some(((VariantRef(variant), computer.map(|l| l.0)), with_takebacks))
}

/// Clears every count (the window's Reset button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResetStats;

/// Whether the Statistics window is open (the top bar's button).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatsPanel {
    pub open: bool,
}

/// One line of the Statistics window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsLine {
    /// "Jieqi 揭棋 — computer (Club)"
    pub label: String,
    pub tally: Tally,
}

/// One line of the Statistics window's table of duplicate matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLine {
    /// "Jieqi 揭棋 — computer (Club)"
    pub label: String,
    pub tally: MatchTally,
}

/// What the Statistics window shows.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsModel {
    /// The column heads: kind of game, Red wins, Black wins, draws.
    pub columns: [&'static str; 4],
    pub lines: Vec<StatsLine>,
    /// The duplicate matches' table: its heads (kind of match, won by player 1 or you, won by
    /// player 2 or the computer, even) and lines; no lines when none was decided.
    pub match_columns: [&'static str; 4],
    pub match_lines: Vec<MatchLine>,
    /// When no game has finished yet.
    pub empty: Option<&'static str>,
    /// What is counted how: abandoned games, and the lines "with take-backs" when there are
    /// any.
    pub notes: Vec<&'static str>,
}

impl StatsModel {
    pub fn of(stats: &Stats, lang: Language) -> StatsModel {
        let lines: Vec<StatsLine> = labelled(&stats.tallies, lang)
            .into_iter()
            .map(|(label, tally)| StatsLine { label, tally })
            .collect();
        let match_lines: Vec<MatchLine> = labelled(&stats.matches, lang)
            .into_iter()
            .map(|(label, tally)| MatchLine { label, tally })
            .collect();
        let mut notes = vec![Text::StatsAbandonedNote.get(lang)];
        if !match_lines.is_empty() {
            notes.push(Text::StatsMatchesNote.get(lang));
        }
        if stats
            .tallies
            .keys()
            .chain(stats.matches.keys())
            .any(|(_, marked)| *marked)
        {
            notes.push(Text::StatsTakeBacksNote.get(lang));
        }
        StatsModel {
            columns: [Text::StatsGame, Text::RedWins, Text::BlackWins, Text::Draws]
                .map(|t| t.get(lang)),
            empty: (lines.is_empty() && match_lines.is_empty())
                .then_some(Text::NoGameFinished.get(lang)),
            lines,
            match_columns: [
                Text::StatsMatch,
                Text::MatchWonByOne,
                Text::MatchWonByTwo,
                Text::MatchEven,
            ]
            .map(|t| t.get(lang)),
            match_lines,
            notes,
        }
    }
}

/// Each kind's counts with its label, in the registry's order of variants, two players
/// before the levels, and each kind's games with take-backs right after its other games.
fn labelled<T: Copy>(counts: &BTreeMap<Key, T>, lang: Language) -> Vec<(String, T)> {
    let order = |v: VariantRef| jieqi_variants::all().position(|r| r == v);
    let mut kinds: Vec<(&Key, &T)> = counts.iter().collect();
    kinds.sort_by_key(|(((variant, level), marked), _)| (order(*variant), *level, *marked));
    kinds
        .into_iter()
        .map(|(&(kind, marked), &count)| {
            let label = match marked {
                false => kind_label(kind),
                true => Phrase::new(Text::StatsWithTakeBacks).with("kind", kind_label(kind)),
            };
            (label.say(lang), count)
        })
        .collect()
}

/// "Jieqi 揭棋 — computer (Club)".
fn kind_label((variant, computer): GameKind) -> Phrase {
    let variant = i18n::variant_title(variant);
    match computer {
        None => Phrase::new(Text::StatsTwoPlayers).with("variant", variant),
        Some(level) => Phrase::new(Text::StatsComputer)
            .with("variant", variant)
            .with("level", i18n::level_name(level)),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ResetStats>()
        .init_resource::<Stats>()
        .init_resource::<StatsPanel>()
        .init_resource::<StatsModel>()
        .add_systems(Startup, load)
        .add_systems(
            Update,
            (
                reset.in_set(GameSet::Input),
                count_finished.in_set(GameSet::View),
                count_abandoned.in_set(GameSet::View),
                (save, build_model)
                    .after(count_finished)
                    .after(count_abandoned)
                    .after(reset),
            ),
        );
}

fn load(dirs: Res<StorageDirs>, mut notices: ResMut<StorageNotices>, mut stats: ResMut<Stats>) {
    let Some(path) = dirs.stats_file() else {
        return;
    };
    let check = |file: &StatsFile| {
        (file.version == STATS_VERSION)
            .then_some(())
            .ok_or_else(|| format!("version {}, this build reads {STATS_VERSION}", file.version))
    };
    *stats = load_json(&path, &mut notices, Text::StatsFallback, check)
        .map(Stats::from)
        .unwrap_or_default();
}

fn reset(mut resets: MessageReader<ResetStats>, mut stats: ResMut<Stats>) {
    if resets.read().count() > 0 {
        stats.set_if_neq(Stats::default());
    }
}

/// Counts a game when it ends on the table: the last look at this game showed it running.
/// A game already over when it appears (a finished game shown again) is not counted.
/// The game last counted: its id, kind (and mark) and result (a game's, or at the end of a
/// duplicate match's second game the match's).
type Counted = (u32, Key, CountedAs);

fn count_finished(
    shown: Res<Shown>,
    session: Res<Session>,
    mut stats: ResMut<Stats>,
    mut running: Local<Option<u32>>,
    mut counted: Local<Option<Counted>>,
) {
    if !shown.is_changed() {
        return;
    }
    match shown.live.as_ref().and_then(|table| table.outcome) {
        Some(outcome) => {
            // Playing on from a review is practice, and a game watched online is nobody's
            // here: neither is counted.
            let played = !session.practice() && !shown.watching;
            if running.take() == Some(shown.game_id) && played {
                let kind = (shown.variant, session.computer().map(|(_, level)| level));
                // A duplicate match counts once decided, as a match; its first game not at all.
                let (peeked, result) = match session.in_duplicate() {
                    false => (session.peeked(), Some(CountedAs::Game(outcome))),
                    true => (
                        session.match_peeked(),
                        session.match_result().map(CountedAs::Match),
                    ),
                };
                if let Some(result) = result {
                    let key = (kind, peeked);
                    stats.count_as(key, result, 1);
                    *counted = Some((shown.game_id, key, result));
                }
            }
        }
        // Running, or covered (only a running game is ever covered).
        None => {
            // A take-back reopened the game just counted: its result is not final after all.
            if let Some((id, key, result)) = *counted
                && id == shown.game_id
            {
                stats.count_as(key, result, -1);
                *counted = None;
            }
            *running = Some(shown.game_id);
        }
    }
}

/// Counts a game abandoned for another one as the resignation it stands for.
fn count_abandoned(mut abandoned: MessageReader<Abandoned>, mut stats: ResMut<Stats>) {
    for game in abandoned.read() {
        let key = ((game.variant, game.computer), game.peeked);
        stats.count_as(key, game.counted_as, 1);
    }
}

fn save(dirs: Res<StorageDirs>, stats: Res<Stats>, writer: Res<DiskWriter>) {
    // The counts just loaded are already in the file.
    if !stats.is_changed() || stats.is_added() {
        return;
    }
    if let Some(path) = dirs.stats_file() {
        writer.write(path, to_json(&StatsFile::from(stats.as_ref())));
    }
}

fn build_model(stats: Res<Stats>, settings: Res<Settings>, mut model: ResMut<StatsModel>) {
    if stats.is_changed() || settings.is_changed() {
        model.set_if_neq(StatsModel::of(&stats, settings.language));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{DrawReason, Family, WinReason};

    #[test]
    fn the_file_round_trips_and_the_model_reads_it() {
        let mut stats = Stats::default();
        let kind = (jieqi_variants::of_kind(Family::Jieqi), Some(Level::Club));
        stats.count(
            (kind, false),
            Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Resignation,
            },
            1,
        );
        stats.count(
            ((jieqi_variants::of_kind(Family::Xiangqi), None), false),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            },
            1,
        );
        let text = to_json(&StatsFile::from(&stats));
        let back = Stats::from(serde_json::from_str::<StatsFile>(&text).unwrap());
        assert_eq!(back, stats);
        let model = StatsModel::of(&back, Language::English);
        assert_eq!(model.empty, None);
        let club = model
            .lines
            .iter()
            .find(|l| l.label == "Jieqi 揭棋 — computer (Club)")
            .unwrap();
        assert_eq!(club.tally.black_wins, 1);
        assert_eq!(
            StatsModel::of(&Stats::default(), Language::English).empty,
            Some("No game has finished yet.")
        );
        let german = StatsModel::of(&back, Language::German);
        assert_eq!(german.columns[1], "Siege Rot");
        assert!(
            german
                .lines
                .iter()
                .any(|l| l.label == "Jieqi 揭棋 — Computer (Vereinsspieler)")
        );
        assert_eq!(model.notes.len(), 1, "no line with take-backs yet");
        assert!(!text.contains("with_takebacks"), "{text}");
    }

    #[test]
    fn games_with_take_backs_are_counted_on_their_own_line() {
        let mut stats = Stats::default();
        let kind = (jieqi_variants::of_kind(Family::Jieqi), Some(Level::Club));
        let red_won = Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation,
        };
        stats.count((kind, false), red_won, 1);
        stats.count((kind, true), red_won, 1);
        stats.count((kind, true), red_won, 1);
        assert_eq!(stats.tally(kind).red_wins, 1);
        assert_eq!(stats.tally_with_takebacks(kind).red_wins, 2);
        // The mark goes into the file only where it is set, and comes back.
        let text = to_json(&StatsFile::from(&stats));
        assert_eq!(text.matches("with_takebacks").count(), 1, "{text}");
        let back = Stats::from(serde_json::from_str::<StatsFile>(&text).unwrap());
        assert_eq!(back, stats);
        let model = StatsModel::of(&back, Language::English);
        let labels: Vec<&str> = model.lines.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Jieqi 揭棋 — computer (Club)",
                "Jieqi 揭棋 — computer (Club) — with take-backs"
            ]
        );
        assert_eq!(model.lines[1].tally.red_wins, 2);
        assert_eq!(model.notes.len(), 2);
        assert!(model.notes[1].contains("face-down"), "{:?}", model.notes);
    }

    #[test]
    fn duplicate_matches_have_their_own_table_and_round_trip() {
        let mut stats = Stats::default();
        let kind = (jieqi_variants::of_kind(Family::Jieqi), None);
        stats.count_as((kind, false), CountedAs::Match(MatchResult::PlayerOne), 1);
        stats.count_as((kind, false), CountedAs::Match(MatchResult::Even), 1);
        stats.count_as((kind, false), CountedAs::Match(MatchResult::Even), -1);
        assert_eq!(
            stats.matches(kind),
            MatchTally {
                player_one: 1,
                ..Default::default()
            }
        );
        assert_eq!(stats.tally(kind), Tally::default());
        let text = to_json(&StatsFile::from(&stats));
        assert!(text.contains("\"player_one\": 1"), "{text}");
        let back = Stats::from(serde_json::from_str::<StatsFile>(&text).unwrap());
        assert_eq!(back, stats);
        let model = StatsModel::of(&back, Language::German);
        assert_eq!(model.empty, None);
        assert!(model.lines.is_empty());
        assert_eq!(model.match_lines[0].label, "Jieqi 揭棋 — zwei Spieler");
        assert_eq!(model.match_columns[0], "Duplikat-Wettkampf");
        // A file without matches is the file an older build wrote.
        assert!(!to_json(&StatsFile::from(&Stats::default())).contains("matches"));
    }
}
