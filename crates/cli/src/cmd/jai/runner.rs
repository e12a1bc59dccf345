//! The match: its games one after another on a background thread, so that the command loop
//! answers `isready`, `stop` and `quit` while they play. Per game it reports `info game`,
//! `info engine` (Red's name, then Black's), the game's lines ([`referee`]), `info result`,
//! `info wld` (Engine1's wins, losses and draws so far, counted with `match`'s
//! [`summarize`]) and the seed of the game's deal (an `info string`, once the game is over
//! and the deal is no secret). A stop aborts the game in play, which does not count.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{SystemTime, UNIX_EPOCH};

use jieqi_ai::Level;
use jieqi_rules::{Seed, Side};

use super::options::Settings;
use super::referee::{self, GameEnd};
use crate::cmd::match_stats::{GameScore, summarize};
use crate::cmd::matches::a_moves_first;
use crate::cmd::uci::send;
use crate::text::{MESSAGE_CHARS, clip};

/// A match being played.
pub(super) struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Running {
    /// Starts a match of `settings`.
    pub fn start(settings: Settings) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || play_match(&settings, &flag));
        Running { stop, thread }
    }

    /// Whether its games are still being played.
    pub fn is_playing(&self) -> bool {
        !self.thread.is_finished()
    }

    /// Stops it (aborting the game in play) and waits until it has reported.
    pub fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        // A panic in the match thread has been reported on stderr already.
        let _ = self.thread.join();
    }
}

/// The names `info engine` gives Engine1 and Engine2 (no spaces): `Jieqi-Master`; when both
/// play the same level, numbered so that the GUI tells them apart.
pub(super) fn names(levels: [Level; 2]) -> [String; 2] {
    let [a, b] = levels;
    if a == b {
        [format!("Jieqi-{a}-1"), format!("Jieqi-{b}-2")]
    } else {
        [format!("Jieqi-{a}"), format!("Jieqi-{b}")]
    }
}

/// Plays the match to its end or to the stop.
fn play_match(settings: &Settings, stop: &AtomicBool) {
    // The GUI gone (stdout closed): the match stops at the next line it would have seen.
    let mut say = |line: &str| {
        if !send(line) {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let seed = settings.seed.unwrap_or_else(fresh_seed);
    let names = names(settings.levels);
    let games = 2 * settings.rounds;
    say(&format!(
        "info string match: {} vs {}, {games} games, seed {seed} (Seed {seed} deals them again)",
        names[0], names[1]
    ));
    let mut scores: Vec<GameScore> = Vec::with_capacity(games);
    for index in 0..games {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let engine1_red = a_moves_first(index);
        let (red, black) = if engine1_red {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        say(&format!("info game {}/{games}", index + 1));
        say(&format!("info engine {red} {black}"));
        let end = match referee::play_game(settings, seed.0, index, stop, &mut say) {
            Ok(end) => end,
            Err(e) => {
                say(&format!(
                    "info string game {} failed: {}",
                    index + 1,
                    clip(&e, MESSAGE_CHARS)
                ));
                break;
            }
        };
        let GameEnd {
            result: Some((outcome, how)),
            deal,
        } = end
        else {
            say("info result * stopped: the game was not finished and does not count");
            say(&wld_line(&scores));
            break;
        };
        let engine1 = if engine1_red { Side::Red } else { Side::Black };
        scores.push(GameScore {
            index,
            points: match outcome.winner() {
                None => 0.5,
                Some(w) if w == engine1 => 1.0,
                Some(_) => 0.0,
            },
        });
        say(&format!("info result {} {how}", outcome.result_code()));
        say(&wld_line(&scores));
        if let Some(deal) = deal {
            say(&format!(
                "info string game {} was dealt from seed {deal} (jieqi-cli deal --seed {deal})",
                index + 1
            ));
        }
    }
    let how = if scores.len() == games {
        "over".to_string()
    } else {
        format!("stopped after {} of {games} games", scores.len())
    };
    let score = if scores.is_empty() {
        "no game finished".to_string()
    } else {
        format!("W-D-L {}", summarize(&scores).games_line())
    };
    say(&format!(
        "info string match {how}: {} vs {}: {score}",
        names[0], names[1]
    ));
}

/// `info wld W-L-D`: Engine1's wins, losses and draws so far.
fn wld_line(scores: &[GameScore]) -> String {
    let s = summarize(scores).all;
    format!("info wld {}-{}-{}", s.wins, s.losses, s.draws)
}

/// A seed for a match given none: from the clock, 40 bits (an 8-symbol code).
fn fresh_seed() -> Seed {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mixed = (nanos ^ u64::from(std::process::id()) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Seed(mixed >> 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_have_no_spaces_and_differ() {
        assert_eq!(
            names([Level::Master, Level::Club]),
            ["Jieqi-Master", "Jieqi-Club"]
        );
        let same = names([Level::Beginner, Level::Beginner]);
        assert_ne!(same[0], same[1]);
        assert!(same.iter().all(|n| !n.contains(' ')));
    }

    #[test]
    fn wld_counts_engine1_s_games() {
        let scores: Vec<GameScore> = [1.0, 0.5, 0.0, 1.0]
            .iter()
            .enumerate()
            .map(|(index, &points)| GameScore { index, points })
            .collect();
        assert_eq!(wld_line(&scores), "info wld 2-1-1");
        assert_eq!(wld_line(&[]), "info wld 0-0-0");
        assert!(fresh_seed().0 < 1 << 40);
    }
}
