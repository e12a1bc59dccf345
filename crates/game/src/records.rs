//! Game records and positions in and out (rules.md §9): the Record window's text box, what
//! it exports and what it loads.
//!
//! Export is built from the shown view alone, so in Jieqi it is the viewer's public record
//! (moves with their reveals, never the deal) and the viewer's FEN; the deal's seed joins the
//! record only once the game is over, when the result card shows it anyway. Loading checks
//! everything first: a bad text gives a one-line message and leaves the game on screen alone.
//! The message is a [`Phrase`], said in the language of the moment; the rules crate's parse
//! errors (a malformed tag, an unreadable FEN) are technical detail it words in English only,
//! so they stand inside a translated frame ("Record: …").

use bevy::prelude::*;

use crate::i18n::{self, Phrase, Text, Word};
use crate::layout::ViewSync;
use crate::session::Shown;
use crate::states::GameSet;
use crate::storage;
use jieqi_rules::{
    AnyGame, Jieqi, MoveRules, Notation, Outcome, ParseMoveError, ParsedMove, PlayerView, Record,
    RecordError, RecordResult, Seed, Setup, Side, Variant, Xiangqi,
};
use std::path::Path;

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
                forget_under_cover.in_set(ViewSync),
            ),
        );
}

/// Saves the box to its file or fills it from one; the game on screen is never touched (a
/// loaded text goes through the Load buttons and their checks).
fn files(mut requests: MessageReader<RecordFile>, mut record_box: ResMut<RecordBox>) {
    for request in requests.read() {
        let typed = record_box.path.trim().to_string();
        let path = expand_home(&typed);
        let message = if typed.is_empty() {
            Phrase::new(Text::FileNoPath)
        } else {
            match request {
                RecordFile::Save if record_box.text.trim().is_empty() => {
                    Phrase::new(Text::FileEmptyBox)
                }
                RecordFile::Save => match storage::write_atomic(Path::new(&path), &record_box.text)
                {
                    Ok(()) => Phrase::new(Text::FileSaved).with("path", path),
                    Err(e) => Phrase::new(Text::FileWriteError)
                        .with("path", path)
                        .with("error", e.to_string()),
                },
                RecordFile::Open => match read_small_text(&path) {
                    Ok(text) => {
                        record_box.text = text;
                        Phrase::new(Text::FileOpened).with("path", path)
                    }
                    Err(why) => Phrase::new(Text::FileReadError)
                        .with("path", path)
                        .with("error", why),
                },
            }
        };
        record_box.message = Some(message);
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
    if shown.view.is_none() {
        record_box.set_if_neq(RecordBox::default());
    }
}

/// The game record of `view` (the whole game as the viewer saw it) in `notation`.
pub fn record_text(view: &PlayerView, notation: Notation) -> String {
    let mut record = Record::new(&view.start);
    record.moves = view
        .moves
        .iter()
        .map(|m| ParsedMove {
            mv: m.mv,
            revealed: m.revealed,
        })
        .collect();
    record.result = result_of(view.outcome);
    // Only a finished game's view holds the seed.
    if let Some(seed) = view.reveal.as_ref().and_then(|r| r.seed) {
        record.set_tag("Seed", &seed.to_string());
    }
    record.write(notation)
}

fn result_of(outcome: Option<Outcome>) -> RecordResult {
    match outcome {
        None => RecordResult::Unfinished,
        Some(Outcome::Win {
            winner: Side::Red, ..
        }) => RecordResult::RedWon,
        Some(Outcome::Win { .. }) => RecordResult::BlackWon,
        Some(Outcome::Draw { .. }) => RecordResult::Draw,
    }
}

/// The game a record describes, every move checked; an ending the moves do not reach (a
/// resignation, an agreed draw) is taken from the result.
pub fn game_from_record(text: &str) -> Result<AnyGame, Phrase> {
    let bad = |why: Word| Phrase::new(Text::RecordError).with("error", why);
    let detail = |e: RecordError| bad(record_error(e));
    let record = Record::parse(text).map_err(detail)?;
    let start = record.start().map_err(detail)?;
    let mut game: AnyGame = if record.rules().map_err(detail)? == MoveRules::JIEQI {
        let seed: Seed = record
            .tag("Seed")
            .ok_or_else(|| bad(Text::RecordNoSeed.into()))?
            .parse()
            .map_err(|e| {
                bad(Phrase::new(Text::RecordSeedTag)
                    .with("error", i18n::seed_problem(&e))
                    .into())
            })?;
        let game = Jieqi::from_seed(seed);
        if game.start().to_fen() != start.to_fen() {
            return Err(bad(Text::RecordSeedStart.into()));
        }
        game.into()
    } else {
        Xiangqi::new(start).into()
    };
    for pm in &record.moves {
        let (number, side) = (game.position().fullmoves(), game.turn());
        game.play(pm.mv)
            .map_err(|e| bad(at_move(number, side, i18n::game_error(&e)).into()))?;
        let revealed = game.view(side).moves.last().and_then(|m| m.revealed);
        if revealed != pm.revealed {
            return Err(bad(at_move(number, side, Text::RecordWrongReveal).into()));
        }
    }
    match (game.outcome(), record.result) {
        (_, RecordResult::Unfinished) => {}
        (Some(outcome), result) if result_of(Some(outcome)) != result => {
            return Err(bad(Phrase::new(Text::RecordResultMismatch)
                .with("result", result.to_string())
                .with("outcome", i18n::outcome(outcome))
                .into()));
        }
        (Some(_), _) => {}
        (None, RecordResult::RedWon) => drop(game.resign(Side::Black)),
        (None, RecordResult::BlackWon) => drop(game.resign(Side::Red)),
        (None, RecordResult::Draw) => drop(game.agree_draw()),
    }
    Ok(game)
}

/// "move 3 for Black: …".
fn at_move(number: impl ToString, side: Side, why: impl Into<Word>) -> Phrase {
    Phrase::new(Text::RecordMove)
        .with("number", number.to_string())
        .with("side", side)
        .with("error", why)
}

/// Why the rules crate could not read a record: an illegal move says its reason in the
/// player's language; the rest (tags, notation syntax) is technical detail in English.
fn record_error(error: RecordError) -> Word {
    match error {
        RecordError::BadMove {
            number,
            side,
            source: ParseMoveError::Illegal { text, source },
            ..
        } => at_move(
            number,
            side,
            Phrase::new(Text::QuotedMove)
                .with("text", text)
                .with("reason", i18n::refusal(source.reason)),
        )
        .into(),
        other => other.to_string().into(),
    }
}

/// A Xiangqi game from a FEN.
pub fn game_from_fen(text: &str) -> Result<AnyGame, Phrase> {
    let bad = |why: Word| Phrase::new(Text::FenError).with("error", why);
    let setup = Setup::parse_fen(text.trim()).map_err(|e| bad(e.to_string().into()))?;
    if setup.pool.is_some() || setup.board.iter().flatten().any(|p| p.is_hidden()) {
        return Err(bad(Text::FenHidden.into()));
    }
    Xiangqi::from_setup(&setup)
        .map(AnyGame::from)
        .map_err(|e| bad(e.to_string().into()))
}
