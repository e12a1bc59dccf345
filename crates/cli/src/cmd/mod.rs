//! One module per command; each `run` takes the arguments after the command name and returns
//! a one-line error message on failure.

pub mod bench;
pub mod moves;
pub mod perft;

use jieqi_rules::{Move, MoveRules, Position, Setup};

use crate::args::Args;

/// Reads `--fen` (or the start position) into a playable position.
pub fn position(fen: Option<&str>) -> Result<Position, String> {
    let Some(fen) = fen else {
        return Ok(Position::startpos());
    };
    let setup = Setup::parse_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    Position::from_setup(&setup, MoveRules::XIANGQI).map_err(|e| format!("illegal position: {e}"))
}

/// The position after `--fen` (or the start) and the ICCS moves of `--moves`, each checked.
pub fn position_after_moves(args: &Args) -> Result<Position, String> {
    let mut pos = position(args.value("fen"))?;
    for (i, text) in args.list("moves").iter().enumerate() {
        let m = Move::parse_iccs(text)
            .ok_or_else(|| format!("move {} '{text}' is not a move like h2e2", i + 1))?;
        pos.check_move(m)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}
