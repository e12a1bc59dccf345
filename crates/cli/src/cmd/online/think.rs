//! The bot's move: the level's engine asked as the game (`search_job`) and `match` ask it —
//! `Engine::for_level` on the seat's `PlayerView` with `Level::limits_for` (the game's clock
//! when it has one), or `GenericEngine::for_level` on the told game's search node — never a
//! move the server already refused at this ply. Runs on a blocking thread; the engines keep
//! their tables from move to move.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::generic::{GenericEngine, GenericLevel};
use jieqi_ai::{Clock, Engine, Level};
use jieqi_rules::Family;
use jieqi_server::protocol::ClockReading;

use super::knowledge::Subject;
use crate::cmd::matches::{HASH_MIB, level_engine};

/// A level's engines, made when first needed.
#[derive(Debug)]
pub struct Engines {
    level: Level,
    family: Option<(Family, Engine)>,
    generic: Option<GenericEngine>,
}

impl Engines {
    pub fn new(level: Level) -> Engines {
        Engines {
            level,
            family: None,
            generic: None,
        }
    }

    /// The move to send for `subject`: the engine's choice among the legal moves not in
    /// `refused`, or the first of those should the engine name none of them; `None` when no
    /// move is left. Stops early once `stop` is set.
    pub fn choose(
        &mut self,
        subject: Subject,
        clock: Option<Clock>,
        refused: &[String],
        stop: &AtomicBool,
        seed: u64,
    ) -> Option<String> {
        let level = self.level;
        match subject {
            Subject::Family(mut view) => {
                view.legal_moves
                    .retain(|m| !refused.iter().any(|r| *r == m.to_string()));
                let first = *view.legal_moves.first()?;
                let engine = match &mut self.family {
                    Some((family, engine)) if *family == view.variant => engine,
                    slot => {
                        &mut slot
                            .insert((view.variant, level_engine(level, view.variant)))
                            .1
                    }
                };
                let limits = level.limits_for(view.variant, clock);
                let best = engine
                    .think(&view, &limits, stop, seed, None)
                    .best
                    .filter(|m| view.legal_moves.contains(m))
                    .unwrap_or(first);
                Some(best.to_string())
            }
            Subject::Generic(game) => {
                let node = game.search_node()?;
                let mut turns = Vec::new();
                node.turns(&mut turns);
                let texts: Vec<String> = turns
                    .iter()
                    .map(|&t| node.turn_text(t))
                    .filter(|t| !refused.contains(t))
                    .collect();
                let first = texts.first()?.clone();
                let engine = self
                    .generic
                    .get_or_insert_with(|| GenericEngine::for_level(level, HASH_MIB));
                let mut limits = GenericLevel::of(level).limits();
                limits.clock = clock;
                let found = engine.think(&*node, &limits, stop, seed);
                Some(if texts.contains(&found.text) {
                    found.text
                } else {
                    first
                })
            }
        }
    }
}

/// The engine's clock from the server's reading, `age` after it came: the running side's time
/// less `age`, each side's less a margin for the way to the server and back (a fifth of it,
/// at most 300 ms). `names`: the seats, first mover first (its time is `wtime`).
pub fn engine_clock(
    reading: &ClockReading,
    names: [&str; 2],
    age: Duration,
    increment: Duration,
) -> Clock {
    let left = |name: &str| {
        let ms = reading
            .left_ms
            .get(&format!("{name}_ms"))
            .copied()
            .unwrap_or(0);
        let mut left = Duration::from_millis(ms);
        if reading.running.as_deref() == Some(name) {
            left = left.saturating_sub(age);
        }
        left.saturating_sub((left / 5).min(Duration::from_millis(300)))
    };
    Clock {
        wtime: left(names[0]),
        btime: left(names[1]),
        winc: increment,
        binc: increment,
        movestogo: None,
    }
}

/// A seed for the engine's choices (weak levels pick among moves at random).
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    // A hasher's keys come from the operating system: a different seed each run.
    RandomState::new().hash_one(std::time::Instant::now())
}

/// Shares the engines with the blocking thread that thinks.
pub type Shared = std::sync::Arc<Mutex<Engines>>;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use jieqi_rules::{PlayerView, Side};

    use super::*;

    #[test]
    fn the_clock_is_the_reading_less_its_age_and_a_margin() {
        let reading = ClockReading {
            left_ms: BTreeMap::from([("red_ms".into(), 10_000), ("black_ms".into(), 1_000)]),
            running: Some("red".into()),
        };
        let c = engine_clock(
            &reading,
            ["red", "black"],
            Duration::from_millis(2_000),
            Duration::from_millis(500),
        );
        assert_eq!(c.wtime, Duration::from_millis(8_000 - 300));
        assert_eq!(c.btime, Duration::from_millis(800));
        assert_eq!(c.winc, Duration::from_millis(500));
        assert_eq!(c.remaining(Side::Black).0, Duration::from_millis(800));
    }

    #[test]
    fn a_refused_move_is_not_chosen_again() {
        let mut engines = Engines::new(Level::Beginner);
        let stop = AtomicBool::new(false);
        let view = || {
            Subject::Family(Box::new(
                PlayerView::from_text(jieqi_rules::STANDARD_FEN, &[]).unwrap(),
            ))
        };
        let first = engines.choose(view(), None, &[], &stop, 1).unwrap();
        let all = PlayerView::from_text(jieqi_rules::STANDARD_FEN, &[])
            .unwrap()
            .legal_moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>();
        assert!(all.contains(&first));
        let second = engines
            .choose(view(), None, std::slice::from_ref(&first), &stop, 1)
            .unwrap();
        assert_ne!(second, first);
        assert_eq!(engines.choose(view(), None, &all, &stop, 1), None);
    }
}
