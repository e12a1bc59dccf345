//! Searches one position and prints UCI-style progress:
//! `cargo run --release -p jieqi-ai --example think -- [movetime_ms | dDEPTH] [FEN | jieqi:SEED]
//! [KNOBS]`. `jieqi:SEED` searches the start of the Jieqi game dealt by that seed, from Red's
//! view (the engine sees only the view, never the deal); `jieqi:SEED:PLIES` first plays that
//! many plies of the game, each side searching its own view to depth 3, and searches the view
//! of the side then to move. KNOBS vary the Jieqi search
//! ([`jieqi_ai::JieqiTuning::from_knobs`], e.g. `d=3`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::{Engine, JieqiTuning, Limits};
use jieqi_rules::{FamilyGame, Jieqi, PlayerView, Seed, Side, Xiangqi};

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
            let (seed, plies) = arg["jieqi:".len()..]
                .split_once(':')
                .unwrap_or((&arg["jieqi:".len()..], "0"));
            let seed: u64 = seed.parse().expect("a seed number");
            let plies: u64 = plies.parse().expect("a number of plies");
            let mut game = Jieqi::from_seed(Seed(seed));
            let mut player = Engine::new(16);
            let stop = AtomicBool::new(false);
            for ply in 0..plies {
                if game.is_over() {
                    break;
                }
                let view = game.view(game.turn());
                let r = player.think(&view, &Limits::depth(3), &stop, ply, None);
                game.play(r.best.expect("a legal move")).expect("legal");
            }
            game.view(game.turn())
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
