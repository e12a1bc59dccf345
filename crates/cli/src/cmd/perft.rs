//! `perft <depth> [--fen FEN | --seed S] [--variant V] [--rules R] [--moves M ...] [--divide]`:
//! counts the leaves of the legal move tree of any registered variant. In Jieqi each reveal is
//! one node; with a deal (a seed or a full-knowledge FEN) a revealed piece then moves as what
//! it is, and from a public FEN as the piece of its start point. In Banqi a flip is one node
//! and turns up what the deal holds.
//!
//! Depth is at most [`limits::PERFT_DEPTH`]'s end; from [`limits::PERFT_PROGRESS_DEPTH`] each
//! root move prints a progress line on stderr, since such a count takes minutes to days.
//! Stdout is written only once the count is complete, so an interrupted run (Ctrl-C) leaves
//! no partial answer behind.

use std::io::Write as _;
use std::time::Instant;

use jieqi_rules::{Notation, PlayedGame};

use crate::args::{PositionArgs, number};
use crate::limits;

/// `perft <depth> [POSITION] [--divide]`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Plies to count: 0 to 8 (from 6 a progress line per root move on stderr)
    #[arg(
        value_name = "DEPTH",
        allow_negative_numbers = true,
        value_parser = number::<u32>("depth", limits::PERFT_DEPTH)
    )]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Each legal move (ICCS) with the leaves below it
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let depth = args.depth.ok_or("'perft' needs a depth, e.g. 'perft 4'")?;
    let mut subject = super::subject(&args.position)?;
    super::play_moves(subject.as_mut(), &args.position)?;
    let divide = args.divide;
    let progress = depth >= limits::PERFT_PROGRESS_DEPTH;
    if depth == 0 || !(divide || progress) {
        super::outln!("nodes {}", subject.perft(depth));
        return Ok(());
    }
    let mut lines = per_root_move(subject.as_ref(), depth, progress)?;
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
    subject: &dyn PlayedGame,
    depth: u32,
    progress: bool,
) -> Result<Vec<(String, u64)>, String> {
    let started = Instant::now();
    let moves = subject.legal_texts(Notation::Iccs);
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
    for (i, text) in moves.iter().enumerate() {
        let text = text.clone();
        let mut next = subject.boxed();
        next.play_text(&text).map_err(|e| e.to_string())?;
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
