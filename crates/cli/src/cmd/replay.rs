//! `replay FILE [--notation iccs|wxf|chinese]`: checks a saved game (JSON) or a game record
//! (PGN-like text) of any registered variant turn by turn, with the same checks as the game's
//! own import, and prints its turns and how it ends. A Jieqi record without its seed replays as
//! its players saw it; so does a Banqi record without its seed, from the flips it names.
//!
//! A Xiangqi or Jieqi record is judged by the rules (`Record::judge`, rules.md §5, §6): the
//! output numbers the moves as records do (`1... C9=8` when Black moves first), prints each
//! warning or hint of the rules on a line of its own (`notice: …`) right after the move that
//! brought it, and ends with the result and how the game ended: by the rules (`result 1-0:
//! Red wins: checkmate (mate by chariot)`), by the `Result` tag where the rules did not end it
//! (a resignation or a loss on time for `1-0`/`0-1`, an agreed draw for `1/2-1/2`), or still
//! running (`*`). A `Result` tag that contradicts the rules' ending is refused (exit status 2),
//! as is a move after the rules ended the game; `*` is accepted for any game.

use jieqi_rules::Notation;

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
    let replay = jieqi_variants::replay(&text, notation).map_err(|e| format!("'{path}': {e}"))?;
    for line in replay.lines() {
        super::outln!("{line}");
    }
    Ok(())
}
