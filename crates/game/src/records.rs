//! Game records and positions in and out (rules.md §9): the Record window's text box, its
//! files, and what it exports.
//!
//! Export is built from the shown view alone, so in Jieqi it is the viewer's public record
//! (moves with their reveals, never the deal) and the viewer's FEN; the deal's seed joins the
//! record only once the game is over, when the result card shows it anyway. Loading is the
//! session's ([`GameCommand::LoadRecord`](crate::session::GameCommand::LoadRecord)), which
//! checks everything first and answers with a [`LoadAnswer`] that the box shows: a bad text
//! gives a one-line message and leaves the game on screen alone. Messages are [`Phrase`]s,
//! said in the language of the moment.

use std::path::Path;

use bevy::prelude::*;
use jieqi_ai::review::{NoteWords, PlyReview, move_note};
use jieqi_rules::{Notation, PlayerView, Record, Side};

use crate::i18n::{self, Language, Phrase, Text, Word};
use crate::session::{LoadAnswer, MatchShown, Shown, SideNames};
use crate::states::{GameSet, ViewSync};
use crate::storage;

/// The Record window: its text, the file path typed and the last load's or file's message.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordBox {
    pub open: bool,
    pub text: String,
    /// A file to save the text to or open it from (typed: there is no system file dialog
    /// without system libraries).
    pub path: String,
    pub message: Option<Phrase>,
}

/// The box's text to or from [`RecordBox::path`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFile {
    Save,
    Open,
}

/// No record is this large; a bigger file is something else, and is not read into the box.
const MAX_FILE_BYTES: u64 = 1 << 20;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordBox>()
        .add_message::<RecordFile>()
        .add_systems(
            Update,
            (
                files.in_set(GameSet::Input),
                (forget_under_cover, show_load_answers)
                    .chain()
                    .in_set(ViewSync),
            ),
        );
}

/// Saves the box to its file or fills it from one; the game on screen is never touched (a
/// loaded text goes through the Load buttons and their checks).
fn files(mut requests: MessageReader<RecordFile>, mut record_box: ResMut<RecordBox>) {
    for &request in requests.read() {
        let RecordBox { path, text, .. } = record_box.as_mut();
        let message = box_file(request, path, text);
        record_box.message = Some(message);
    }
}

/// A text box's file (the Record window's, the analysis board's): `text` saved to the file
/// `typed` names, or filled from it; what happened, to show.
pub fn box_file(request: RecordFile, typed: &str, text: &mut String) -> Phrase {
    let typed = typed.trim();
    let path = expand_home(typed);
    if typed.is_empty() {
        return Phrase::new(Text::FileNoPath);
    }
    match request {
        RecordFile::Save if text.trim().is_empty() => Phrase::new(Text::FileEmptyBox),
        RecordFile::Save => match storage::write_atomic(Path::new(&path), text) {
            Ok(()) => Phrase::new(Text::FileSaved).with("path", path),
            Err(e) => Phrase::new(Text::FileWriteError)
                .with("path", path)
                .with("error", e.to_string()),
        },
        RecordFile::Open => match read_small_text(&path) {
            Ok(read) => {
                *text = read;
                Phrase::new(Text::FileOpened).with("path", path)
            }
            Err(why) => Phrase::new(Text::FileReadError)
                .with("path", path)
                .with("error", why),
        },
    }
}

/// `~/x` is `x` in the home folder, as a shell would read it.
fn expand_home(typed: &str) -> String {
    match (typed.strip_prefix("~/"), directories::BaseDirs::new()) {
        (Some(rest), Some(dirs)) => dirs.home_dir().join(rest).to_string_lossy().into_owned(),
        _ => typed.to_string(),
    }
}

/// A small UTF-8 file's text, or why not (an I/O error's words are the system's).
fn read_small_text(path: &str) -> Result<String, Word> {
    let size = std::fs::metadata(path)
        .map_err(|e| Word::from(e.to_string()))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(Phrase::new(Text::FileTooLarge)
            .with("size", size.to_string())
            .into());
    }
    match storage::read_text(Path::new(path)) {
        Ok(Some(text)) => Ok(text),
        Ok(None) => Err(Word::from(
            std::io::Error::from(std::io::ErrorKind::NotFound).to_string(),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(Text::FileNotText.into()),
        Err(e) => Err(Word::from(e.to_string())),
    }
}

/// A Jieqi FEN holds what its viewer learned: once the cover is up, the box is emptied so
/// that the next player never finds the last one's text.
fn forget_under_cover(shown: Res<Shown>, mut record_box: ResMut<RecordBox>) {
    if shown.live.is_none() {
        record_box.set_if_neq(RecordBox::default());
    }
}

/// The session's answer to a load: "Loaded…" or why not.
fn show_load_answers(mut answers: MessageReader<LoadAnswer>, mut record_box: ResMut<RecordBox>) {
    for LoadAnswer(answer) in answers.read() {
        record_box.message = Some(answer.clone());
    }
}

/// The game record of `view` (the whole game as the viewer saw it) in `notation`: the rules
/// crate's viewer record (moves with reveals, the rule set, the seed once the game is over).
pub fn record_text(view: &PlayerView, notation: Notation) -> String {
    Record::of_view(view).write(notation)
}

/// [`record_text`] with a review's verdicts on the moves judged so far: each one's
/// evaluation as a `[%eval]` comment, a marked move's glyph (`?!`, `?`, `??`) and its mark and
/// better move in `lang` — what other tools read of a review, and this game's reader keeps.
pub fn reviewed_record_text(
    view: &PlayerView,
    plies: &[PlyReview],
    notation: Notation,
    lang: Language,
) -> String {
    reviewed_record(view, plies, notation, lang).write(notation)
}

/// The record of [`reviewed_record_text`], to add tags to.
pub fn reviewed_record(
    view: &PlayerView,
    plies: &[PlyReview],
    notation: Notation,
    lang: Language,
) -> Record {
    let mut record = Record::of_view(view);
    let mark = |mark| i18n::review_mark(mark).get(lang).to_string();
    let better = |text: &str| {
        Phrase::new(Text::ReviewBetter)
            .with("move", text.to_string())
            .say(lang)
    };
    let words = NoteWords {
        mark: &mark,
        better: &better,
    };
    record.notes = plies
        .iter()
        .enumerate()
        .filter_map(|(i, ply)| Some(move_note(ply, &view.position_at(i)?, notation, &words)))
        .collect();
    record
}

/// The tag a duplicate match's records carry as their `Event`.
pub const DUPLICATE_EVENT: &str = "Duplicate Jieqi";

/// Ties a game's record to its duplicate match: `Event` "Duplicate Jieqi", `Round` 1 or 2,
/// who played which colour (`Red`, `Black`), and the match's score so far (`Match`: player
/// 1's points first). The deal's `Seed` is in both games' records once the match is
/// decided (before, the deal still has to be played, and no record names it). In English,
/// like every tag.
pub fn tie_to_match(record: &mut Record, m: &MatchShown, round: u8, names: SideNames) {
    // Player 1's (the human's) colour in this record's game: game 1's is kept, the game on
    // the table's is the table's.
    let player_one = match m.first {
        Some((_, colour)) if round == 1 => colour,
        _ => names.player_one,
    };
    let game_names = SideNames {
        player_one,
        computer: names.computer.map(|_| player_one.other()),
        ..names
    };
    let english = |side: Side| game_names.player(side).get(Language::English).to_string();
    record.set_tag("Event", DUPLICATE_EVENT);
    record.set_tag("Round", &round.to_string());
    record.set_tag("Red", &english(Side::Red));
    record.set_tag("Black", &english(Side::Black));
    let [one, two] = m.half_points;
    let points = |half: u8| match half % 2 {
        0 => (half / 2).to_string(),
        _ => format!("{}.5", half / 2),
    };
    record.set_tag(
        "Match",
        &format!(
            "{} {} - {} {}",
            english(player_one),
            points(one),
            points(two),
            english(player_one.other())
        ),
    );
}
