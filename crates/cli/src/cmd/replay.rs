//! `replay FILE [--notation iccs|wxf|chinese]`: checks a saved game (JSON) or a game record
//! (PGN-like text) move by move, with the same checks as the game's own import, and prints
//! its moves and result. A Jieqi record without its seed replays as its players saw it.

use jieqi_rules::{MoveRules, Notation, Record, RecordResult, SavedGame, Side, Variant};

use crate::args::{Args, Spec};
use crate::files::read_text_file;
use crate::limits::TEXT_FILE_BYTES;

const SPEC: Spec = Spec {
    command: "replay",
    values: &["notation"],
    switches: &[],
    lists: &[],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(1).map_err(|e| e.to_string())?;
    let path = args
        .positional
        .first()
        .ok_or("'replay' needs a file: a saved game or a record")?;
    let notation = super::parse_notation(args.value("notation"), Notation::Wxf)?;
    let text = read_text_file(path, TEXT_FILE_BYTES)?;
    let (moves, result) = if text.trim_start().starts_with('{') {
        let game = SavedGame::from_json(&text)
            .and_then(|saved| saved.restore())
            .map_err(|e| format!("'{path}': {e}"))?;
        // The owner's own file: the move list is still the public one.
        let texts = game.view(Side::Red).move_texts(notation);
        let result = match game.outcome() {
            Some(outcome) => outcome.to_string(),
            None => format!("game in progress, {} to move", game.turn()),
        };
        (texts, result)
    } else {
        // The rules crate's one loader: the deal's reveals for a seeded Jieqi record, the
        // pool's arithmetic for one without its seed, the game's end, the Result tag.
        let at = |e: &dyn std::fmt::Display| format!("'{path}': {e}");
        let record = Record::parse(&text).map_err(|e| at(&e))?;
        let seedless_jieqi =
            record.rules().map_err(|e| at(&e))? == MoveRules::JIEQI && record.tag("Seed").is_none();
        let (texts, result) = if seedless_jieqi {
            let seen = record.replay_seen().map_err(|e| at(&e))?;
            let result = seen
                .outcome
                .map_or(record.result, |o| RecordResult::of(Some(o)));
            (seen.move_texts(notation), result)
        } else {
            let game = record.game().map_err(|e| at(&e))?;
            let texts = game.view(Side::Red).move_texts(notation);
            (texts, RecordResult::of(game.outcome()))
        };
        (texts, format!("result {result}"))
    };
    for (i, pair) in moves.chunks(2).enumerate() {
        super::outln!("{}. {}", i + 1, pair.join(" "));
    }
    super::outln!("{result}");
    Ok(())
}
