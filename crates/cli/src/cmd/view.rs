//! `view [--fen FEN | --seed S] [--variant V] --side red|black [--moves M ...]`: what one
//! side (in Banqi one seat: first or second) knows, drawn by the variant. The last line is that
//! side's position text (in Jieqi its viewer-relative FEN).

use jieqi_rules::Notation;

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "view",
    values: &["fen", "seed", "side", "notation", "rules", "variant"],
    switches: &[],
    lists: &["moves"],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let side = super::parse_side(
        args.value("side")
            .ok_or("'view' needs --side red|black (Banqi: first|second)")?,
    )?;
    let notation = super::parse_notation(args.value("notation"), Notation::Wxf)?;
    let mut subject = super::subject(&args)?;
    super::play_moves(subject.as_mut(), &args)?;
    super::outln!("{}", subject.view_text(side, notation).trim_end());
    Ok(())
}
