//! What `online-load` measured, and its two forms: a short table, or one JSON object.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

/// What one game slot (two connections) measured.
#[derive(Debug, Default)]
pub struct Tally {
    /// Moves announced back to their mover within the measured window.
    pub moves: u64,
    /// Games played to their end (resignation at `--plies`, or the rules' end).
    pub games: u64,
    /// Each move's round trip, `move` sent to its mover's `moved`, in microseconds.
    pub round_trips_us: Vec<u32>,
    /// Errors by code: the server's (`illegal`) and the connection's (`closed`, `timeout`).
    pub errors: BTreeMap<String, u64>,
}

impl Tally {
    pub fn error(&mut self, code: &str) {
        *self.errors.entry(code.to_string()).or_default() += 1;
    }

    pub fn add(&mut self, other: Tally) {
        self.moves += other.moves;
        self.games += other.games;
        self.round_trips_us.extend(other.round_trips_us);
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
    }
}

/// The server's memory in KiB: idle (before the load), at the end, and its peak (`VmHWM`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    pub idle_rss_kib: u64,
    pub end_rss_kib: u64,
    pub peak_rss_kib: u64,
}

/// The whole report.
#[derive(Debug)]
pub struct Report {
    pub games: usize,
    pub think_ms: u64,
    pub plies: u64,
    /// The measured window (from the last connection up to the end).
    pub window: Duration,
    pub connect_time: Duration,
    pub tally: Tally,
    pub memory: Option<Memory>,
}

/// The `p`th percentile (nearest rank) of sorted values; 0 without values.
pub fn percentile(sorted: &[u32], p: u32) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (u64::from(p) * sorted.len() as u64).div_ceil(100).max(1);
    sorted[(rank as usize - 1).min(sorted.len() - 1)]
}

fn ms(us: u32) -> f64 {
    f64::from(us) / 1000.0
}

impl Report {
    fn moves_per_second(&self) -> f64 {
        self.tally.moves as f64 / self.window.as_secs_f64().max(1e-9)
    }

    /// (p50, p99, max) of the round trips, in microseconds.
    fn round_trips(&self) -> (u32, u32, u32) {
        let mut sorted = self.tally.round_trips_us.clone();
        sorted.sort_unstable();
        (
            percentile(&sorted, 50),
            percentile(&sorted, 99),
            sorted.last().copied().unwrap_or(0),
        )
    }

    /// The peak memory less the idle server's, per game played at once.
    fn per_game_kib(&self, memory: &Memory) -> f64 {
        memory.peak_rss_kib.saturating_sub(memory.idle_rss_kib) as f64 / self.games as f64
    }

    fn errors_text(&self) -> String {
        if self.tally.errors.is_empty() {
            return "none".into();
        }
        self.tally
            .errors
            .iter()
            .map(|(code, n)| format!("{code} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The table, one figure a line.
    pub fn table(&self) -> Vec<String> {
        let (p50, p99, max) = self.round_trips();
        let mut rows = vec![
            ("games".to_string(), self.games.to_string()),
            ("think ms".into(), self.think_ms.to_string()),
            ("plies per game".into(), self.plies.to_string()),
            (
                "connect s".into(),
                format!("{:.1}", self.connect_time.as_secs_f64()),
            ),
            (
                "measured s".into(),
                format!("{:.1}", self.window.as_secs_f64()),
            ),
            ("games finished".into(), self.tally.games.to_string()),
            ("moves played".into(), self.tally.moves.to_string()),
            (
                "moves/second".into(),
                format!("{:.1}", self.moves_per_second()),
            ),
            ("round trip p50 ms".into(), format!("{:.2}", ms(p50))),
            ("round trip p99 ms".into(), format!("{:.2}", ms(p99))),
            ("round trip max ms".into(), format!("{:.2}", ms(max))),
        ];
        match &self.memory {
            Some(m) => rows.extend([
                ("server idle RSS MiB".into(), mib(m.idle_rss_kib)),
                ("server peak RSS MiB".into(), mib(m.peak_rss_kib)),
                ("server end RSS MiB".into(), mib(m.end_rss_kib)),
                (
                    "per live game KiB".into(),
                    format!("{:.1}", self.per_game_kib(m)),
                ),
            ]),
            None => rows.push(("server memory".into(), "unknown (no --server-pid)".into())),
        }
        rows.push(("errors".into(), self.errors_text()));
        let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
        rows.into_iter()
            .map(|(k, v)| format!("{k:<width$}  {v}"))
            .collect()
    }

    /// The same figures as one JSON object.
    pub fn json(&self) -> String {
        let (p50, p99, max) = self.round_trips();
        let memory = self.memory.map(|m| {
            json!({
                "idle_rss_kib": m.idle_rss_kib,
                "peak_rss_kib": m.peak_rss_kib,
                "end_rss_kib": m.end_rss_kib,
                "per_game_kib": self.per_game_kib(&m),
            })
        });
        json!({
            "games": self.games,
            "think_ms": self.think_ms,
            "plies": self.plies,
            "connect_s": self.connect_time.as_secs_f64(),
            "measured_s": self.window.as_secs_f64(),
            "games_finished": self.tally.games,
            "moves": self.tally.moves,
            "moves_per_second": self.moves_per_second(),
            "round_trip_ms": { "p50": ms(p50), "p99": ms(p99), "max": ms(max) },
            "server_memory": memory,
            "errors": self.tally.errors,
        })
        .to_string()
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&v, 50), 50);
        assert_eq!(percentile(&v, 99), 99);
        assert_eq!(percentile(&v, 100), 100);
        assert_eq!(percentile(&[7], 99), 7);
        assert_eq!(percentile(&[], 50), 0);
    }

    #[test]
    fn the_report_reads_as_a_table_and_as_json() {
        let mut tally = Tally {
            moves: 100,
            games: 2,
            round_trips_us: vec![1000, 2000, 3000],
            ..Tally::default()
        };
        tally.error("illegal");
        tally.error("illegal");
        let report = Report {
            games: 4,
            think_ms: 0,
            plies: 60,
            window: Duration::from_secs(10),
            connect_time: Duration::from_millis(300),
            tally,
            memory: Some(Memory {
                idle_rss_kib: 1024,
                end_rss_kib: 2048,
                peak_rss_kib: 3072,
            }),
        };
        let table = report.table().join("\n");
        assert!(table.contains("moves/second"), "{table}");
        assert!(table.contains("10.0"), "{table}");
        assert!(table.contains("per live game KiB    512.0"), "{table}");
        assert!(table.contains("errors               illegal 2"), "{table}");
        let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
        assert_eq!(json["moves"], 100);
        assert_eq!(json["round_trip_ms"]["p50"], 2.0);
        assert_eq!(json["server_memory"]["per_game_kib"], 512.0);
        assert_eq!(json["errors"]["illegal"], 2);
    }
}
