//! `perft <depth> [--fen FEN | --seed S] [--variant V] [--moves M ...] [--divide]`: counts the
//! leaves of the legal move tree. In Jieqi each reveal is one node; with a deal (a seed or a
//! full-knowledge FEN) a revealed piece then moves as what it is, and from a public FEN as the
//! piece of its start point.

use crate::args::{Args, Spec, number};

const SPEC: Spec = Spec {
    command: "perft",
    values: &["fen", "seed", "variant"],
    switches: &["divide"],
    lists: &["moves"],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(1).map_err(|e| e.to_string())?;
    let depth = args
        .positional
        .first()
        .ok_or("'perft' needs a depth, e.g. 'perft 4'")?;
    let depth: u32 = number("depth", depth).map_err(|e| e.to_string())?;
    if depth > 12 {
        return Err(format!("depth {depth} is too deep (at most 12)"));
    }
    let mut subject = super::Subject::from_args(&args)?;
    subject.play_moves(&args)?;
    if args.switch("divide") && depth > 0 {
        let mut lines: Vec<(String, u64)> = Vec::new();
        for m in subject.position.legal_moves().iter() {
            let mut next = subject.clone();
            next.play_text(1, &m.to_string())?;
            lines.push((m.to_string(), next.perft(depth - 1)));
        }
        lines.sort();
        let mut total = 0;
        for (m, n) in lines {
            super::outln!("{m}: {n}");
            total += n;
        }
        super::outln!("nodes {total}");
    } else {
        super::outln!("nodes {}", subject.perft(depth));
    }
    Ok(())
}
