//! `moves [--fen FEN | --seed S] [--variant V] [--moves M ...] [--notation iccs|wxf|chinese]`:
//! the legal moves, one per line, in the order of their ICCS strings sorted as text.

use jieqi_rules::{Notation, write_move};

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "moves",
    values: &["fen", "seed", "variant", "notation", "rules"],
    switches: &[],
    lists: &["moves"],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let notation = super::parse_notation(args.value("notation"), Notation::Iccs)?;
    let mut subject = super::Subject::from_args(&args)?;
    subject.play_moves(&args)?;
    let pos = &subject.position;
    let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|m| m.to_string());
    for m in moves {
        // A reveal is not known before the move: the list names none.
        super::outln!("{}", write_move(pos, m, None, notation));
    }
    Ok(())
}
