//! Plays levels against each other from a few short random openings, colours alternating:
//! `cargo run --release -p jieqi-ai --example selfplay -- LEVEL_A LEVEL_B [games] [movetime_ms]`.
//! A side without a legal move loses (rules.md §5); a threefold repetition or 200 plies is
//! scored a draw here (a rough referee: perpetual check is not judged).

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::{Engine, Level};
use jieqi_rules::{Family, Position, Side};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = Level::parse(args.first().map_or("Master", String::as_str)).expect("level A");
    let b = Level::parse(args.get(1).map_or("Beginner", String::as_str)).expect("level B");
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let movetime: Option<u64> = args.get(3).and_then(|s| s.parse().ok());
    let stop = AtomicBool::new(false);
    let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
    for g in 0..games {
        let mut pos = Position::startpos();
        let mut history: Vec<u64> = Vec::new();
        let mut seen: HashMap<u64, u32> = HashMap::new();
        // Two random plies each side for variety (the same opening for each pair of games).
        let mut rng = 0x1234_5678_u64 ^ (g / 2);
        for _ in 0..4 {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = pos.legal_moves();
            history.push(pos.hash());
            pos.play_unchecked(legal[(rng >> 33) as usize % legal.len()]);
        }
        let a_is_red = g % 2 == 0;
        let mut engines = [a, b].map(|l| Engine::for_level(l, Family::Xiangqi, 16));
        let levels = [a, b];
        let result = loop {
            if pos.legal_moves().is_empty() {
                break Some(pos.turn().other());
            }
            let count = seen.entry(pos.hash()).or_insert(0);
            *count += 1;
            if *count >= 3 || history.len() >= 200 {
                break None;
            }
            let who = usize::from((pos.turn() == Side::Red) != a_is_red);
            let mut limits = levels[who].limits(None);
            if let Some(ms) = movetime {
                limits.movetime = Some(Duration::from_millis(ms));
            }
            let r = engines[who].search(
                &pos,
                &history,
                &limits,
                &stop,
                g * 1000 + history.len() as u64,
                None,
            );
            history.push(pos.hash());
            pos.play_unchecked(r.best.expect("a legal move"));
        };
        let outcome = match result {
            None => {
                draws += 1;
                "draw"
            }
            Some(winner) if (winner == Side::Red) == a_is_red => {
                wins_a += 1;
                "A wins"
            }
            Some(_) => {
                wins_b += 1;
                "B wins"
            }
        };
        println!(
            "game {g}: A={a} ({}) {outcome} after {} plies",
            if a_is_red { "red" } else { "black" },
            history.len()
        );
    }
    println!("{a} vs {b}: +{wins_a} -{wins_b} ={draws}");
}
