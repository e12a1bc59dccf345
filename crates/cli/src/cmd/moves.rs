//! `moves [--fen FEN] [--notation iccs|wxf|chinese]`: the legal moves, one per line, in the
//! order of their ICCS strings sorted as text.

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "moves",
    values: &["fen", "notation"],
    switches: &[],
    lists: &["moves"],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let notation = args.value("notation").unwrap_or("iccs");
    if notation != "iccs" {
        return Err(format!("notation '{notation}' is not one of iccs"));
    }
    let pos = super::position_after_moves(&args)?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    for m in moves {
        println!("{m}");
    }
    Ok(())
}
