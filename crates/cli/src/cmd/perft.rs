//! `perft <depth> [--fen FEN | --seed S] [--variant V] [--moves M ...] [--divide]`: counts the
//! leaves of the legal move tree. In Jieqi each reveal is one node; with a deal (a seed or a
//! full-knowledge FEN) a revealed piece then moves as what it is, and from a public FEN as the
//! piece of its start point.
//!
//! Depth is at most [`limits::PERFT_DEPTH`]'s end; from [`limits::PERFT_PROGRESS_DEPTH`] each
//! root move prints a progress line on stderr, since such a count takes minutes to days.
//! Stdout is written only once the count is complete, so an interrupted run (Ctrl-C) leaves
//! no partial answer behind.

use std::io::Write as _;
use std::time::Instant;

use super::Subject;
use crate::args::{Args, Spec};
use crate::limits;

const SPEC: Spec = Spec {
    command: "perft",
    values: &["fen", "seed", "variant", "rules"],
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
    let depth: u32 = limits::parse("depth", depth, &limits::PERFT_DEPTH)?;
    let mut subject = Subject::from_args(&args)?;
    subject.play_moves(&args)?;
    let divide = args.switch("divide");
    let progress = depth >= limits::PERFT_PROGRESS_DEPTH;
    if depth == 0 || !(divide || progress) {
        super::outln!("nodes {}", subject.perft(depth));
        return Ok(());
    }
    let mut lines = per_root_move(&subject, depth, progress)?;
    if divide {
        lines.sort();
        for (m, n) in &lines {
            super::outln!("{m}: {n}");
        }
    }
    super::outln!("nodes {}", lines.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

/// Each legal move (ICCS) with the leaves below it, in move generation order; with `progress`
/// a line on stderr as each one is counted.
fn per_root_move(
    subject: &Subject,
    depth: u32,
    progress: bool,
) -> Result<Vec<(String, u64)>, String> {
    let started = Instant::now();
    let moves = subject.position.legal_moves();
    let report = |line: String| {
        if progress {
            // One write per line: an interrupt never leaves half a line.
            let _ = std::io::stderr().write_all(format!("perft {depth}: {line}\n").as_bytes());
        }
    };
    report(format!(
        "{} moves to count, a line as each is done",
        moves.len()
    ));
    let mut lines = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let text = m.to_string();
        let mut next = subject.clone();
        next.play_text(1, &text)?;
        let leaves = next.perft(depth - 1);
        report(format!(
            "move {} of {} ({text}) {leaves} leaves, {:.1} s",
            i + 1,
            moves.len(),
            started.elapsed().as_secs_f64()
        ));
        lines.push((text, leaves));
    }
    Ok(lines)
}
