//! One game of a JAI match, refereed by the rules crate as `match` referees its Jieqi games
//! (and with its functions: [`GameSeeds`], [`new_game`], [`level_engine`], [`play_checked`]):
//! the game is the deal of its round's seed, held by the referee alone; each player thinks
//! from its own `game.view(side)`, never the deal; the rules end the game. What the GUI is
//! shown: the public start FEN, each engine's analysis as it thinks (`info depth …`, passed
//! through as a runner passes its engines' lines), and each ply with its letters
//! ([`move_text`]) and the time it took.
//!
//! Beyond the rules, the referee ends a game on time (a clock below −TimeoutBufferMs loses;
//! the rules crate records it as that side's resignation), at `MaxPlies` (a draw, recorded as
//! agreed) and at `match`'s safety cap (likewise), each with its own reason in the result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use jieqi_ai::{Clock, Engine, Info};
use jieqi_rules::{Family, FamilyGame, Outcome, RuleSet, Seed, Side};

use super::move_text::move_text;
use super::options::Settings;
use crate::cmd::matches::{
    GameSeeds, SAFETY_CAP_PLIES, a_moves_first, level_engine, new_game, play_checked,
};

/// How a game ended.
#[derive(Clone, Debug)]
pub(super) struct GameEnd {
    /// The result and its reason in words; `None`: the stop aborted the game.
    pub result: Option<(Outcome, String)>,
    /// The deal's seed, from the final reveal (shown once a game is over).
    pub deal: Option<Seed>,
}

/// Plays game `index` (0-based; even: a round's first game, Engine1 Red) of a match seeded
/// `seed`, writing its lines to `out`; returns when the game ends or `stop` is set.
pub(super) fn play_game(
    settings: &Settings,
    seed: u64,
    index: usize,
    stop: &AtomicBool,
    out: &mut dyn FnMut(&str),
) -> Result<GameEnd, String> {
    let seeds = GameSeeds::of(seed, index);
    let engine1_red = a_moves_first(index);
    let kind = Family::Jieqi;
    let mut game = new_game(kind, RuleSet::standard(kind), seeds.pair)?;
    // Nothing is seen yet, so Red's view is the public start: every face-down identity in the
    // pool, nothing captured.
    out(&format!("info fen {}", game.view(Side::Red).to_fen()));
    // Engine1, then Engine2.
    let mut engines: [Engine; 2] = settings.levels.map(|level| level_engine(level, kind));
    let limits = settings.levels.map(|level| {
        let mut l = level.limits_for(kind, None);
        if settings.movetime_ms > 0 {
            l.movetime = Some(Duration::from_millis(settings.movetime_ms));
        }
        l
    });
    let mut clock = GameClock::new(settings);
    let mut ending = None;
    while !game.is_over() {
        let ply = game.moves().len();
        let cap = if settings.max_plies > 0 && ply >= settings.max_plies {
            Some((settings.max_plies, "MaxPlies"))
        } else if ply >= SAFETY_CAP_PLIES {
            Some((SAFETY_CAP_PLIES, "the safety cap"))
        } else {
            None
        };
        if let Some((n, what)) = cap {
            game.agree_draw().map_err(|e| e.to_string())?;
            ending = Some(format!("Draw: adjudicated after {n} plies ({what})"));
            break;
        }
        let side = game.turn();
        let who = usize::from((side == Side::Red) != engine1_red);
        let view = game.view(side);
        let mut limits = limits[who];
        limits.clock = clock.as_ref().map(GameClock::now);
        let started = Instant::now();
        let mut show = |info: &Info| out(&info.to_string());
        let result = engines[who].think(&view, &limits, stop, seeds.of_move(ply), Some(&mut show));
        let took = started.elapsed();
        if stop.load(Ordering::Relaxed) {
            return Ok(GameEnd {
                result: None,
                deal: None,
            });
        }
        let before = game.position().clone();
        if !play_checked(&mut game, &view, result.best) {
            return Err(format!(
                "no move could be played at ply {} of a running game",
                ply + 1
            ));
        }
        let seen = game.view(side).moves[ply];
        out(&format!(
            "info move {} time {}",
            move_text(&before, &seen),
            took.as_millis()
        ));
        if let Some(c) = clock.as_mut()
            && !c.spend(side, took)
            && !game.is_over()
        {
            game.resign(side).map_err(|e| e.to_string())?;
            ending = Some(format!("{} wins: {side} lost on time", side.other()));
        }
    }
    let outcome = game
        .outcome()
        .ok_or("the game stopped before it was over")?;
    Ok(GameEnd {
        result: Some((outcome, ending.unwrap_or_else(|| outcome.to_string()))),
        deal: game.view(Side::Red).reveal.and_then(|r| r.seed),
    })
}

/// Both sides' clocks, in milliseconds (below zero once a side overspends).
struct GameClock {
    left: [i64; 2],
    inc: i64,
    grace: i64,
}

impl GameClock {
    /// The clocks `settings` give, if any.
    fn new(settings: &Settings) -> Option<GameClock> {
        settings.has_clock().then_some(GameClock {
            left: [settings.main_time_ms as i64; 2],
            inc: settings.inc_ms as i64,
            grace: settings.timeout_buffer_ms as i64,
        })
    }

    /// The clock as the side to move's search reads it.
    fn now(&self) -> Clock {
        let time = |ms: i64| Duration::from_millis(ms.max(0) as u64);
        let inc = time(self.inc);
        Clock {
            wtime: time(self.left[0]),
            btime: time(self.left[1]),
            winc: inc,
            binc: inc,
            movestogo: None,
        }
    }

    /// Charges `side` for a move that took `took`, then adds the increment; `false` when its
    /// clock had fallen below −grace: it lost on time.
    fn spend(&mut self, side: Side, took: Duration) -> bool {
        let left = &mut self.left[side.index()];
        *left -= i64::try_from(took.as_millis()).unwrap_or(i64::MAX);
        if *left < -self.grace {
            return false;
        }
        *left += self.inc;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_ai::Level;
    use jieqi_rules::Jieqi;

    fn quick() -> Settings {
        Settings {
            levels: [Level::Beginner, Level::Beginner],
            movetime_ms: 10,
            max_plies: 30,
            ..Settings::default()
        }
    }

    #[test]
    fn a_game_replays_from_its_lines_and_its_letters_are_the_deal_s() {
        let stop = AtomicBool::new(false);
        let mut lines = Vec::new();
        let end = play_game(&quick(), 7, 1, &stop, &mut |l| lines.push(l.to_string())).unwrap();
        let (outcome, how) = end.result.unwrap();
        assert!(outcome.is_draw() || how.contains("wins"), "{how}");
        let fen = lines[0].strip_prefix("info fen ").unwrap();
        let moves: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info move "))
            .map(|l| l.split(' ').next().unwrap())
            .collect();
        assert!(!moves.is_empty() && moves.len() <= 30);
        // The referee's game, played again from the deal the final reveal names.
        let mut truth = Jieqi::from_seed(end.deal.unwrap());
        assert_eq!(truth.view(Side::Red).to_fen(), fen);
        for text in &moves {
            let before = truth.position().clone();
            let parsed = jieqi_rules::parse_move(&before, &text[..4]).unwrap();
            let mover = before.turn();
            truth.play(parsed.mv).unwrap();
            let seen = truth.view(mover).moves.last().copied().unwrap();
            assert_eq!(move_text(&before, &seen), *text);
        }
    }

    #[test]
    fn a_stop_aborts_the_game() {
        let stop = AtomicBool::new(true);
        let end = play_game(&quick(), 7, 0, &stop, &mut |_| {}).unwrap();
        assert!(end.result.is_none() && end.deal.is_none());
    }

    #[test]
    fn the_clock_charges_adds_the_increment_and_flags_past_the_grace() {
        let settings = Settings {
            main_time_ms: 100,
            inc_ms: 10,
            timeout_buffer_ms: 50,
            ..Settings::default()
        };
        let mut c = GameClock::new(&settings).unwrap();
        assert!(c.spend(Side::Red, Duration::from_millis(40)));
        assert_eq!(c.now().wtime, Duration::from_millis(70));
        assert_eq!(c.now().btime, Duration::from_millis(100));
        // Below zero but within the grace: still playing, with the clock shown as empty.
        assert!(c.spend(Side::Red, Duration::from_millis(100)));
        assert_eq!(c.left[0], -20);
        assert_eq!(c.now().wtime, Duration::ZERO);
        assert!(!c.spend(Side::Red, Duration::from_millis(41)));
        assert!(GameClock::new(&Settings::default()).is_none());
    }
}
