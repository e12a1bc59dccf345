//! `bench [--depth D] [--verbose] [--multipv N]`: the engine's fixed search work (`jieqi_ai::bench`: its bench
//! positions, each searched to depth D with a fresh table). The last line is always
//! `nodes N nps M`; N is the same on every run and machine for one build, so it tells whether a
//! change altered the search, and M measures speed. `--verbose` first prints one line per
//! position (a separate search of each, not timed). `--multipv N` (2 to 5) instead compares
//! N lines with one ([`super::bench_lines`]).

use std::sync::atomic::AtomicBool;

use jieqi_ai::{Limits, bench, bench_positions, search};

use crate::args::number;
use crate::limits;

/// `bench [--depth D] [--verbose] [--multipv N]`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// The search depth, 1 to 20 (default 12)
    #[arg(long, value_name = "D", value_parser = number::<u32>("--depth", limits::FIXED_DEPTH))]
    pub depth: Option<u32>,
    /// A line per position: its FEN, best move, score, depth and nodes
    #[arg(long)]
    pub verbose: bool,
    /// Compare N lines (MultiPV, 1 to 5) with one: line 1's agreement, the node ratio
    #[arg(long, value_name = "N", value_parser = number::<usize>("--multipv", limits::MULTIPV))]
    pub multipv: Option<usize>,
}

/// The depth of `bench` without `--depth`.
pub const DEFAULT_DEPTH: u32 = 12;

pub fn run(args: BenchArgs) -> Result<(), String> {
    let depth: u32 = args.depth.unwrap_or(DEFAULT_DEPTH);
    if let Some(lines) = args.multipv.filter(|&n| n > 1) {
        return super::bench_lines::run(depth, lines);
    }
    if args.verbose {
        let stop = AtomicBool::new(false);
        for (i, pos) in bench_positions().iter().enumerate() {
            let r = search(pos, &[], &Limits::depth(depth), &stop, 0);
            let best = r.best.map_or("(none)".to_string(), |m| m.to_string());
            super::outln!(
                "position {}: {} | bestmove {best} score {} depth {} nodes {}",
                i + 1,
                pos.to_setup().to_fen(),
                r.score,
                r.depth,
                r.nodes
            );
        }
    }
    let (nodes, time) = bench(depth);
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    super::outln!("depth {depth} time {} ms", time.as_millis());
    super::outln!("nodes {nodes} nps {nps}");
    Ok(())
}
