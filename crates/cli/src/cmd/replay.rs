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

use crate::files::read_text_file;
use crate::limits::TEXT_FILE_BYTES;

/// `replay FILE [--notation iccs|wxf|chinese]`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// A saved game or a record (PGN)
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// wxf (default), iccs or chinese
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
}

pub fn run(args: ReplayArgs) -> Result<(), String> {
    let path = args
        .file
        .as_ref()
        .ok_or("'replay' needs a file: a saved game or a record")?;
    let notation = super::parse_notation(args.notation.as_deref(), Notation::Wxf)?;
    let text = read_text_file(path, TEXT_FILE_BYTES)?;
    let replay = jieqi_variants::replay(&text, notation).map_err(|e| format!("'{path}': {e}"))?;
    for line in replay.lines() {
        super::outln!("{line}");
    }
    Ok(())
}
