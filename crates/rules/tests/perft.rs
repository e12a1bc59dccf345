//! Perft counts from `data/perft.tsv` (a copy of the project's verified table): every move
//! generator must match them (rules.md §3, §4).

use jieqi_rules::{MoveRules, Position, Setup};

struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    include_str!("data/perft.tsv")
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                fen: f[0].to_string(),
                depth: f[1].parse().unwrap(),
                nodes: f[2].parse().unwrap(),
            }
        })
        .collect()
}

fn run(max_depth: u32, min_depth: u32) {
    let rows = rows();
    assert!(rows.len() >= 18, "the table lost rows");
    for row in rows
        .iter()
        .filter(|r| r.depth <= max_depth && r.depth >= min_depth)
    {
        let pos =
            Position::from_setup(&Setup::parse_fen(&row.fen).unwrap(), MoveRules::XIANGQI).unwrap();
        assert_eq!(
            pos.perft(row.depth),
            row.nodes,
            "perft {} of {}",
            row.depth,
            row.fen
        );
    }
}

#[test]
fn perft_up_to_depth_5_matches_table() {
    run(5, 1);
}

/// Depth 6 of the start position (5,392,831,844 leaves) takes about a minute:
/// `cargo test --release -p jieqi-rules --test perft -- --ignored`.
#[test]
#[ignore]
fn perft_depth_6() {
    run(6, 6);
}

/// The copy in the repository is the project's table (when the shared folder is beside us).
#[test]
fn table_is_the_shared_one() {
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/perft.tsv"
    );
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(text, include_str!("data/perft.tsv"));
    }
}
