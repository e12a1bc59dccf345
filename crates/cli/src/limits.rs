//! Every number the command line and the UCI loop accept, with its allowed range, and the one
//! parser that reads them. A value outside its range is refused with one line that names the
//! flag, the value and the range: no count may allocate without bound, overflow, or start
//! work that cannot finish.
//!
//! | where | number | range |
//! |---|---|---|
//! | `perft` | depth | 0–8 (a progress line per root move on stderr from depth 6) |
//! | `bench-perft` | `--runs` | 1–1000 |
//! | `bench` | `--depth` | 1–20 |
//! | `match` | `--games` | 1–1,000,000 |
//! | `match` | `--first-pair` | 1–1,000,000 |
//! | `match` | `--threads` | 1–64 (every game holds two 16 MiB tables) |
//! | `match` | `--movetime` | 1–3,600,000 ms |
//! | `match` | `--nodes` | 1–1,000,000,000 |
//! | `match` | `--depth` | 1–20 |
//! | `match` | `--time-scale` | 1–100 (percent) |
//! | `match` | `--opening-plies` | 0–40 |
//! | `match` | `--adjudicate` | 100–10,000 (centipawns) |
//! | `match`, `match-report` | `--sprt ELO0,ELO1`, `--alpha`, `--beta` | −2000–2000 Elo, ELO0 < ELO1; error rates in (0, 1), together under 1 (read in `cmd::sprt`) |
//! | `uci` | `go depth` | 1–100 (`jieqi_ai::MAX_DEPTH`; more reads as 100; `stop` ends it) |
//! | `uci` | `go mate` | 1–50 (moves) |
//! | `uci` | `go nodes` | 1–1,000,000,000 |
//! | `uci` | `go movetime`, `wtime`, `btime`, `winc`, `binc`; UCCI's `time`, `increment`, `opptime`, `oppincrement` | 0–1,000,000,000 ms (UCCI: seconds under `usemillisec false`; a negative clock reads as 0) |
//! | `uci` | `go movestogo` | 0–1000 (0 reads as 1) |
//! | `uci` | `setoption name Hash` | 1–1024 (MiB) |
//! | `uci` | `setoption name Skill Level` | 0–20 |
//! | `uci` | an input line | at most 64 KiB (longer: one `info string`, ignored); 16 MiB without a newline ends the engine (exit 2) |
//! | `jai` | `TotalRounds` | 1–100,000 (two games each) |
//! | `jai` | `MoveTimeMs` | 0–3,600,000 ms (0: each level's own time per move) |
//! | `jai` | `MainTimeMs`, `IncTimeMs`, `TimeoutBufferMs` | 0–86,400,000 ms (a day) |
//! | `jai` | `MaxPlies` | 0–1000 (0: only the rules end a game) |
//! | `jai` | an input line | as `uci` |
//! | `tune-label` | `--depth` | 1–20 (the other engine's `go depth`) |
//! | `tune-label` | `--every` | 1–1,000,000 |
//! | `tune-label` | `--threads` | 1–64 (one engine process each) |
//! | `online` | `--clock MINUTES+SECONDS` | initial above 0 up to a day, increment 0 to a day (`jieqi_rules::clock::TimeControl`) |
//! | `online-load` | `--games` / `--think-ms` / `--plies` / `--seconds` | 1–10,000 / 0–60,000 ms / 1–1000 / 1–86,400 |
//! | `replay`, `match-report` | a file | a regular file of at most 16 MiB of UTF-8 text, not empty |
//!
//! A fixed depth without a time limit (`bench --depth`, `match --depth`) grows about 1.5 times
//! per ply: depth 20 is about 40 s for `bench` on a 2-core machine, depth 24 minutes.

use std::ops::RangeInclusive;

use crate::text::excerpt;

/// An allowed range. Every one fits the type its number is read into.
pub type Range = RangeInclusive<u64>;

/// Plies of `perft`: depth 6 from the start is 5.4 billion leaves (under a minute), each
/// further ply about 40 times more.
pub const PERFT_DEPTH: Range = 0..=8;
/// `perft` from this depth prints a progress line per root move on stderr.
pub const PERFT_PROGRESS_DEPTH: u32 = 6;
pub const BENCH_PERFT_RUNS: Range = 1..=1000;
/// `bench --depth` and `match --depth`: a fixed-depth search that no clock stops.
pub const FIXED_DEPTH: Range = 1..=20;
/// Lines of a search (MultiPV: `bench --multipv`, `analyse --multipv`, UCI's `MultiPV`): each
/// costs about another search of the moves left.
pub const MULTIPV: Range = 1..=5;
/// `match --games` and `--first-pair`.
pub const GAMES: Range = 1..=1_000_000;
pub const THREADS: Range = 1..=64;
pub const MATCH_MOVETIME_MS: Range = 1..=3_600_000;
/// `match --nodes` and `go nodes`: about a quarter of an hour of search at a million nodes a
/// second.
pub const NODES: Range = 1..=1_000_000_000;
pub const TIME_SCALE_PERCENT: Range = 1..=100;
pub const OPENING_PLIES: Range = 0..=40;
pub const ADJUDICATE_CP: Range = 100..=10_000;
/// `go depth`: the engine's own limit (a GUI ends a long search with `stop`).
pub const GO_DEPTH: Range = 1..=jieqi_ai::MAX_DEPTH.unsigned_abs() as u64;
/// `go mate N` searches 2N − 1 plies.
pub const GO_MATE: Range = 1..=50;
/// `go movetime`, `wtime`, `btime`, `winc`, `binc` (ms; about eleven days).
pub const GO_MILLIS: Range = 0..=1_000_000_000;
pub const GO_MOVESTOGO: Range = 0..=1000;
pub const HASH_MIB: Range = 1..=1024;
pub const SKILL_LEVEL: Range = 0..=20;

/// `jai`'s `TotalRounds`: pairs of games.
pub const JAI_ROUNDS: Range = 1..=100_000;
/// `jai`'s `MoveTimeMs` (0: each level's own time per move).
pub const JAI_MOVETIME_MS: Range = 0..=3_600_000;
/// `jai`'s `MainTimeMs`, `IncTimeMs` and `TimeoutBufferMs`.
pub const JAI_CLOCK_MS: Range = 0..=86_400_000;
/// `jai`'s `MaxPlies` (0: none; the rules end every game by 400 plies).
pub const JAI_MAX_PLIES: Range = 0..=1000;

/// The longest UCI line read; a `position startpos moves …` of 1,000 plies is about 5 KiB.
pub const UCI_LINE_BYTES: usize = 64 * 1024;
/// Input without a newline for this long is not a GUI talking: the engine ends.
pub const UCI_RUNAWAY_BYTES: u64 = 16 * 1024 * 1024;
/// The largest file `replay` and `match-report` read.
pub const TEXT_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `value` as a whole number in `range`; `name` (a flag like `--runs`, or `depth`)
/// names it in the message.
pub fn parse<T: TryFrom<u64>>(name: &str, value: &str, range: &Range) -> Result<T, String> {
    let allowed = format!("allowed: {} to {}", range.start(), range.end());
    let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    let n = match value.parse::<u64>() {
        Ok(n) => Some(n),
        // Too many digits for any counter: out of range, not malformed.
        Err(_) if digits => None,
        Err(_) => {
            return Err(format!(
                "{name} '{}' is not a whole number ({allowed})",
                excerpt(value)
            ));
        }
    };
    n.filter(|n| range.contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| format!("{name} {} is out of range ({allowed})", excerpt(value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_the_range_name_flag_value_and_range() {
        assert_eq!(parse::<u32>("--runs", "7", &BENCH_PERFT_RUNS), Ok(7));
        assert_eq!(
            parse::<usize>("--runs", "18446744073709551615", &BENCH_PERFT_RUNS),
            Err("--runs 18446744073709551615 is out of range (allowed: 1 to 1000)".into())
        );
        assert_eq!(
            parse::<u32>("depth", "99999999999999999999999", &PERFT_DEPTH),
            Err("depth 99999999999999999999999 is out of range (allowed: 0 to 8)".into())
        );
        assert_eq!(
            parse::<u32>("--runs", "-1", &BENCH_PERFT_RUNS),
            Err("--runs '-1' is not a whole number (allowed: 1 to 1000)".into())
        );
        let huge = parse::<u32>("--runs", &"9".repeat(100_000), &BENCH_PERFT_RUNS).unwrap_err();
        assert!(huge.len() < 200, "{huge}");
    }
}
