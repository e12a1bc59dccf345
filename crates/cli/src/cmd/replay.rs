//! `replay FILE [--notation iccs|wxf|chinese]`: checks a saved game (JSON) or a game record
//! (PGN-like text) move by move, and prints its moves and result.

use jieqi_rules::{Notation, Record, SavedGame, Side, Variant, write_move};

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
        let record = Record::parse(&text).map_err(|e| format!("'{path}': {e}"))?;
        let mut pos = record.start().map_err(|e| format!("'{path}': {e}"))?;
        let mut texts = Vec::new();
        for parsed in &record.moves {
            texts.push(write_move(&pos, parsed.mv, parsed.revealed, notation));
            let piece = pos
                .piece_at(parsed.mv.from)
                .ok_or("record move from an empty point")?;
            let arriving = parsed
                .revealed
                .map_or(piece, |r| jieqi_rules::Piece::new(piece.side(), r));
            pos.play_unchecked_as(parsed.mv, arriving);
        }
        (
            texts,
            format!("result {}", record.tag("Result").unwrap_or("*")),
        )
    };
    for (i, pair) in moves.chunks(2).enumerate() {
        super::outln!("{}. {}", i + 1, pair.join(" "));
    }
    super::outln!("{result}");
    Ok(())
}
