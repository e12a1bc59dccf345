//! Jieqi games between two ways of thinking, refereed by the rules crate:
//! `cargo run --release -p jieqi-ai --example jieqi_selfplay -- [A] [B] [games] [nodes]`,
//! where A and B are `chance` (the engine: `Engine::think` on the player's view) or `public`
//! (the old stub: the public position searched as if every face-down piece were the piece of
//! its start point). Each deal is played twice, colours swapped; `nodes` per move (20000).
//! `chance:d=3,b=0,x=1` varies the Jieqi knobs ([`jieqi_ai::JieqiTuning`]: chance minimum
//! depth, hidden bonus, exact null windows); `level:Club` plays that level's Jieqi row
//! (its depth and node columns and weakening; no time limit, so games repeat exactly).

use std::sync::atomic::AtomicBool;

use jieqi_ai::{Engine, JieqiTuning, Level, Limits};
use jieqi_rules::Family;
use jieqi_rules::{FamilyGame, Jieqi, Outcome, Seed, Side};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = args.first().cloned().unwrap_or_else(|| "chance".into());
    let b = args.get(1).cloned().unwrap_or_else(|| "public".into());
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let stop = AtomicBool::new(false);
    let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
    for g in 0..games {
        let mut game = Jieqi::from_seed(Seed(1000 + g / 2));
        let a_is_red = g % 2 == 0;
        let mut engines = [engine(&a), engine(&b)];
        let modes = [a.as_str(), b.as_str()];
        while !game.is_over() {
            let who = usize::from((game.turn() == Side::Red) != a_is_red);
            let view = game.view(game.turn());
            let limits = match modes[who].strip_prefix("level:") {
                Some(name) => {
                    let level = Level::parse(name).expect("a level name");
                    let mut l = level.limits_for(Family::Jieqi, None);
                    l.movetime = None;
                    l
                }
                None => Limits::nodes(nodes),
            };
            let seed = g * 1000 + view.moves.len() as u64;
            let r = match modes[who] {
                m if m.starts_with("public") => {
                    let earlier = &view.hashes[..view.hashes.len() - 1];
                    engines[who].search(&view.position, earlier, &limits, &stop, seed, None)
                }
                _ => engines[who].think(&view, &limits, &stop, seed, None),
            };
            game.play(r.best.expect("a legal move")).expect("legal");
        }
        let outcome = game.outcome().expect("over");
        let text = match outcome {
            Outcome::Draw { .. } => {
                draws += 1;
                "draw"
            }
            Outcome::Win { winner, .. } if (winner == Side::Red) == a_is_red => {
                wins_a += 1;
                "A wins"
            }
            Outcome::Win { .. } => {
                wins_b += 1;
                "B wins"
            }
        };
        println!(
            "game {g}: A={a} ({}) {text} after {} plies ({outcome:?})",
            if a_is_red { "red" } else { "black" },
            game.moves().len()
        );
    }
    println!("A {a}: {wins_a} wins, B {b}: {wins_b} wins, {draws} draws");
}

fn engine(mode: &str) -> Engine {
    if let Some(name) = mode.strip_prefix("level:") {
        return Engine::for_level(Level::parse(name).expect("a level name"), Family::Jieqi, 16);
    }
    let mut e = Engine::new(16);
    let knobs = mode.split_once(':').map_or("", |(_, k)| k);
    let t = JieqiTuning::from_knobs(knobs).expect("knobs");
    e.set_jieqi_tuning(t);
    e
}
