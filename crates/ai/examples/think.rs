//! Searches one position and prints UCI-style progress:
//! `cargo run --release -p jieqi-ai --example think -- [movetime_ms] [FEN]`.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::{Limits, search_with_info};
use jieqi_rules::{MoveRules, Position, Setup};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let pos = match args.get(1) {
        Some(fen) => Position::from_setup(
            &Setup::parse_fen(fen).expect("FEN parses"),
            MoveRules::XIANGQI,
        )
        .expect("legal position"),
        None => Position::startpos(),
    };
    let stop = AtomicBool::new(false);
    let r = search_with_info(
        &pos,
        &[],
        &Limits::movetime(Duration::from_millis(ms)),
        &stop,
        0,
        &mut |info| println!("{info}"),
    );
    match r.best {
        Some(m) => println!("bestmove {m}"),
        None => println!("bestmove (none)"),
    }
}
