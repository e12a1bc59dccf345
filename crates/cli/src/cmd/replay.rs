//! `replay FILE [--notation iccs|wxf|chinese]`: checks a saved game (JSON) or a game record
//! (PGN-like text) of any registered variant turn by turn, with the same checks as the game's
//! own import, and prints its turns and result. A Jieqi record without its seed replays as its
//! players saw it; so does a Banqi record without its seed, from the flips it names.

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
    for (i, pair) in replay.turns.chunks(2).enumerate() {
        super::outln!("{}. {}", i + 1, pair.join(" "));
    }
    super::outln!("{}", replay.end);
    Ok(())
}
