//! `bench-perft [--runs N]`: times perft on fixed positions (the start position to depth 5 and
//! two middlegames from the verified table) and prints the median of N runs.

use std::time::{Duration, Instant};

use crate::args::number;
use crate::limits;

/// `bench-perft [--runs N]`.
#[derive(Debug, clap::Args)]
pub struct BenchPerftArgs {
    /// Runs per position, 1 to 1000 (default 5): the median is reported
    #[arg(long, value_name = "N", value_parser = number::<usize>("--runs", limits::BENCH_PERFT_RUNS))]
    pub runs: Option<usize>,
}

/// (name, FEN, depth, expected leaves) — the counts guard against timing a wrong generator.
pub const POSITIONS: &[(&str, &str, u32, u64)] = &[
    ("start", jieqi_rules::STANDARD_FEN, 5, 133_312_995),
    (
        "middlegame-1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
        53_112_976,
    ),
    (
        "middlegame-2",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        5,
        10_369_923,
    ),
];

pub fn run(args: BenchPerftArgs) -> Result<(), String> {
    let runs: usize = args.runs.unwrap_or(5);
    for &(name, fen, depth, expected) in POSITIONS {
        let setup = jieqi_rules::Setup::parse_fen(fen).map_err(|e| e.to_string())?;
        let pos = jieqi_rules::Position::from_setup(&setup, jieqi_rules::MoveRules::XIANGQI)
            .map_err(|e| e.to_string())?;
        let mut times: Vec<Duration> = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let nodes = pos.perft(depth);
            times.push(t.elapsed());
            if nodes != expected {
                return Err(format!(
                    "{name}: perft {depth} gave {nodes}, expected {expected}"
                ));
            }
        }
        times.sort();
        let median = times[runs / 2];
        super::outln!(
            "{name}: perft {depth} = {expected} leaves, median {:.3} s over {runs} runs (min {:.3} s), {:.1} M leaves/s",
            median.as_secs_f64(),
            times[0].as_secs_f64(),
            expected as f64 / median.as_secs_f64() / 1e6
        );
    }
    Ok(())
}
