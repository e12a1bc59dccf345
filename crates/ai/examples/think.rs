//! Searches one position and prints UCI-style progress:
//! `cargo run --release -p jieqi-ai --example think -- [movetime_ms | dDEPTH] [FEN | jieqi:SEED]
//! [KNOBS]`. `jieqi:SEED` searches the start of the Jieqi game dealt by that seed, from Red's
//! view (the engine sees only the view, never the deal); KNOBS vary the Jieqi search
//! ([`jieqi_ai::JieqiTuning::from_knobs`], e.g. `d=3`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::{Engine, JieqiTuning, Limits};
use jieqi_rules::{Jieqi, PlayerView, Seed, Side, Variant, Xiangqi};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let limits = match args.first() {
        Some(a) if a.starts_with('d') => Limits::depth(a[1..].parse().expect("a depth")),
        a => Limits::movetime(Duration::from_millis(
            a.and_then(|a| a.parse().ok()).unwrap_or(1000),
        )),
    };
    let tuning = JieqiTuning::from_knobs(args.get(2).map_or("", String::as_str)).expect("knobs");
    let view: PlayerView = match args.get(1) {
        Some(arg) if arg.starts_with("jieqi:") => {
            let seed: u64 = arg["jieqi:".len()..].parse().expect("a seed number");
            Jieqi::from_seed(Seed(seed)).view(Side::Red)
        }
        Some(fen) => PlayerView::from_text(fen, &[]).expect("FEN parses"),
        None => Xiangqi::default().view(Side::Red),
    };
    let stop = AtomicBool::new(false);
    let mut engine = Engine::default();
    engine.set_jieqi_tuning(tuning);
    let r = engine.think(
        &view,
        &limits,
        &stop,
        0,
        Some(&mut |info| println!("{info}")),
    );
    match r.best {
        Some(m) => println!("bestmove {m}"),
        None => println!("bestmove (none)"),
    }
}
