//! `moves [--fen FEN | --seed S] [--variant V] [--rules R] [--moves M ...] [--notation …]`: the
//! legal moves (turns) of any registered variant, one per line: Xiangqi and Jieqi in the order
//! of their ICCS strings sorted as text, Banqi in its own order.

use jieqi_rules::Notation;

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
    let mut subject = super::subject(&args)?;
    super::play_moves(subject.as_mut(), &args)?;
    // A reveal is not known before the move: the list names none.
    for text in subject.legal_texts(notation) {
        super::outln!("{text}");
    }
    Ok(())
}
