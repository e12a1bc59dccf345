//! One module per command; each `run` takes the arguments after the command name and returns
//! a one-line error message on failure.

pub mod bench;
pub mod moves;
pub mod perft;

use jieqi_rules::{MoveRules, Position, Setup};

/// Reads `--fen` (or the start position) into a playable position.
pub fn position(fen: Option<&str>) -> Result<Position, String> {
    let Some(fen) = fen else { return Ok(Position::startpos()) };
    let setup = Setup::parse_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    Position::from_setup(&setup, MoveRules::XIANGQI).map_err(|e| format!("illegal position: {e}"))
}
