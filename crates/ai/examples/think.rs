//! Searches one position and prints UCI-style progress:
//! `cargo run --release -p jieqi-ai --example think -- [movetime_ms] [FEN | jieqi:SEED]`.
//! `jieqi:SEED` searches the start of the Jieqi game dealt by that seed, from Red's view (the
//! engine sees only the view, never the deal).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::{Engine, Limits};
use jieqi_rules::{Jieqi, PlayerView, Seed, Side, Variant, Xiangqi};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let view: PlayerView = match args.get(1) {
        Some(arg) if arg.starts_with("jieqi:") => {
            let seed: u64 = arg["jieqi:".len()..].parse().expect("a seed number");
            Jieqi::from_seed(Seed(seed)).view(Side::Red)
        }
        Some(fen) => PlayerView::from_text(fen, &[]).expect("FEN parses"),
        None => Xiangqi::default().view(Side::Red),
    };
    let stop = AtomicBool::new(false);
    let r = Engine::default().think(
        &view,
        &Limits::movetime(Duration::from_millis(ms)),
        &stop,
        0,
        Some(&mut |info| println!("{info}")),
    );
    match r.best {
        Some(m) => println!("bestmove {m}"),
        None => println!("bestmove (none)"),
    }
}
