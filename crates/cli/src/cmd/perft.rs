//! `perft <depth> [--fen FEN] [--divide]`: counts the leaves of the legal move tree.

use crate::args::{Args, Spec, number};

const SPEC: Spec = Spec {
    command: "perft",
    values: &["fen"],
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
    let pos = super::position_after_moves(&args)?;
    if args.switch("divide") && depth > 0 {
        let mut lines: Vec<(String, u64)> = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                (m.to_string(), next.perft(depth - 1))
            })
            .collect();
        lines.sort();
        let mut total = 0;
        for (m, n) in lines {
            println!("{m}: {n}");
            total += n;
        }
        println!("nodes {total}");
    } else {
        println!("nodes {}", pos.perft(depth));
    }
    Ok(())
}
