//! `bench --multipv N`: what N lines (MultiPV) cost and whether their first agrees with the
//! one-line search. Each bench position (`jieqi_ai::bench_lines`) and each Jieqi bench view
//! (`jieqi_ai::bench_jieqi_lines`, at most depth 5: a Jieqi depth costs many Xiangqi ones) is
//! searched to the same depth for one line and for N, each with a fresh engine; one line per
//! position, then three summary lines: how often line 1's move is the one-line search's best
//! move, the nodes of N lines over those of one, and how many positions' lines are distinct
//! root moves in non-increasing score.

use jieqi_ai::{SearchResult, bench_jieqi_lines, bench_lines};

/// The Jieqi views' depth (the engine's Jieqi bench), or the `--depth` if lower.
pub const JIEQI_DEPTH: u32 = 5;

/// What one set of positions gave: agreeing line 1s, nodes of one line and of N, and
/// positions whose lines are distinct and ordered.
#[derive(Default)]
struct Tally {
    positions: usize,
    agree: usize,
    nodes_one: u64,
    nodes_many: u64,
    sound: usize,
}

impl Tally {
    fn ratio(&self) -> f64 {
        self.nodes_many as f64 / self.nodes_one.max(1) as f64
    }
}

/// The comparison of `lines` lines with one at `depth`.
pub fn run(depth: u32, lines: usize) -> Result<(), String> {
    let jieqi_depth = depth.min(JIEQI_DEPTH);
    super::outln!("multipv {lines} against 1: xiangqi depth {depth}, jieqi depth {jieqi_depth}");
    let sets = [
        ("xiangqi", bench_lines(depth, 1), bench_lines(depth, lines)),
        (
            "jieqi",
            bench_jieqi_lines(jieqi_depth, 1),
            bench_jieqi_lines(jieqi_depth, lines),
        ),
    ];
    let mut all = Tally::default();
    let mut ratios = Vec::new();
    for (name, one, many) in &sets {
        let mut tally = Tally::default();
        for (i, (one, many)) in one.iter().zip(many).enumerate() {
            let agree = one.best == many.best;
            let sound = distinct_and_ordered(many);
            super::outln!(
                "{name} {}: best {} | {} | nodes {} / {}{}{}",
                i + 1,
                one.best.map_or("(none)".to_string(), |m| m.to_string()),
                describe(many),
                one.nodes,
                many.nodes,
                if agree { "" } else { " | line 1 differs" },
                if sound {
                    ""
                } else {
                    " | lines not distinct and ordered"
                },
            );
            tally.positions += 1;
            tally.agree += usize::from(agree);
            tally.sound += usize::from(sound);
            tally.nodes_one += one.nodes;
            tally.nodes_many += many.nodes;
        }
        ratios.push(format!("{name} x{:.2}", tally.ratio()));
        all.positions += tally.positions;
        all.agree += tally.agree;
        all.sound += tally.sound;
        all.nodes_one += tally.nodes_one;
        all.nodes_many += tally.nodes_many;
    }
    super::outln!(
        "line 1 agrees {}/{} ({:.1}%)",
        all.agree,
        all.positions,
        100.0 * all.agree as f64 / all.positions.max(1) as f64
    );
    super::outln!(
        "nodes {} / {} (x{:.2}; {})",
        all.nodes_one,
        all.nodes_many,
        all.ratio(),
        ratios.join(", ")
    );
    super::outln!("lines distinct and ordered {}/{}", all.sound, all.positions);
    Ok(())
}

/// The lines' first moves and scores: `h2e2 cp 35, b2e2 cp 30`.
fn describe(r: &SearchResult) -> String {
    let lines: Vec<String> = r
        .lines
        .iter()
        .map(|l| {
            let first = l.pv.first().map_or("(none)".to_string(), |m| m.to_string());
            format!("{first} {}", l.score)
        })
        .collect();
    lines.join(", ")
}

/// Whether the lines start with different root moves, in non-increasing score.
fn distinct_and_ordered(r: &SearchResult) -> bool {
    let firsts: Vec<_> = r.lines.iter().filter_map(|l| l.pv.first()).collect();
    let distinct = firsts.len() == r.lines.len()
        && firsts
            .iter()
            .enumerate()
            .all(|(i, m)| !firsts[..i].contains(m));
    let ordered = r.lines.windows(2).all(|w| w[0].score >= w[1].score);
    distinct && ordered
}
