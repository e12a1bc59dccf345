//! A fixed amount of search work for speed measurements (`jieqi-cli bench`): the start
//! position, middlegames from the verified perft table, and positions after common openings;
//! and for Jieqi, views of dealt games after a few fixed pseudo-random moves. The same searches
//! of several lines (MultiPV) give what `jieqi-cli bench --multipv N` compares with one.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jieqi_rules::{FamilyGame, Jieqi, Move, MoveRules, PlayerView, Position, Seed, Setup};

use crate::{Engine, Limits, SearchResult, search};

/// FENs: the start and middlegames from `data/perft.tsv`.
const FENS: [&str; 5] = [
    jieqi_rules::STANDARD_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
];

/// Openings played from the start (ICCS).
const OPENINGS: [&str; 3] = [
    // Central cannon against screen horses.
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 b7b3",
    // Same-direction cannons.
    "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h6 b9c7",
    // Elephant opening against a soldier advance.
    "c0e2 c6c5 b0c2 b9c7 h0g2 h9g7 i0h0 i9h9 g3g4 b7b3",
];

/// The bench positions (eight).
pub fn bench_positions() -> Vec<Position> {
    let mut v: Vec<Position> = FENS
        .iter()
        .map(|fen| {
            let setup = Setup::parse_fen(fen).expect("bench FEN parses");
            Position::from_setup(&setup, MoveRules::XIANGQI).expect("bench FEN is legal")
        })
        .collect();
    for line in OPENINGS {
        let mut pos = Position::startpos();
        for text in line.split_whitespace() {
            let m = Move::parse_iccs(text).expect("bench move parses");
            assert!(pos.is_legal(m), "bench opening move {m} is legal");
            pos.play_unchecked(m);
        }
        v.push(pos);
    }
    v
}

/// Searches every bench position to `depth` with a fresh table; returns the total nodes and
/// time.
pub fn bench(depth: u32) -> (u64, Duration) {
    let stop = AtomicBool::new(false);
    let positions = bench_positions();
    let start = Instant::now();
    let mut nodes = 0;
    for pos in &positions {
        nodes += search(pos, &[], &Limits::depth(depth), &stop, 0).nodes;
    }
    (nodes, start.elapsed())
}

/// The Jieqi bench views: the start, and the side to move's view after 6, 16 and 30 plies of
/// a fixed pseudo-random game from each of two deals.
pub fn bench_jieqi_views() -> Vec<PlayerView> {
    let mut views = Vec::new();
    for deal in [11u64, 12] {
        let mut game = Jieqi::from_seed(Seed(deal));
        let mut state = deal.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..=30 {
            if matches!(ply, 0 | 6 | 16 | 30) && !(ply == 0 && deal == 12) {
                views.push(game.view(game.turn()));
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play(moves[(state % moves.len() as u64) as usize])
                .expect("a legal move");
            if game.is_over() {
                break;
            }
        }
    }
    views
}

/// Searches every Jieqi bench view to `depth` with a fresh engine; returns the total nodes and
/// time.
pub fn bench_jieqi(depth: u32) -> (u64, Duration) {
    let stop = AtomicBool::new(false);
    let views = bench_jieqi_views();
    let start = Instant::now();
    let mut nodes = 0;
    for view in &views {
        let mut engine = Engine::default();
        nodes += engine
            .think(view, &Limits::depth(depth), &stop, 0, None)
            .nodes;
    }
    (nodes, start.elapsed())
}

/// Every bench position searched to `depth` for `lines` lines (MultiPV; 1 is [`bench()`]'s
/// search), each with a fresh engine: the results, in order.
pub fn bench_lines(depth: u32, lines: usize) -> Vec<SearchResult> {
    let stop = AtomicBool::new(false);
    bench_positions()
        .iter()
        .map(|pos| {
            let mut engine = Engine::default();
            engine.set_multipv(lines);
            engine.search(pos, &[], &Limits::depth(depth), &stop, 0, None)
        })
        .collect()
}

/// Every Jieqi bench view searched to `depth` for `lines` lines (1 is [`bench_jieqi`]'s
/// search), each with a fresh engine: the results, in order.
pub fn bench_jieqi_lines(depth: u32, lines: usize) -> Vec<SearchResult> {
    let stop = AtomicBool::new(false);
    bench_jieqi_views()
        .iter()
        .map(|view| {
            let mut engine = Engine::default();
            engine.set_multipv(lines);
            engine.think(view, &Limits::depth(depth), &stop, 0, None)
        })
        .collect()
}
