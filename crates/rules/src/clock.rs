//! Chess clocks (game.md, "Clocks"; online.md §4): an initial time and an increment per move
//! for each side; the mover's clock runs until its move, then gains the increment, and the
//! other's starts. A flag falls when a running clock reaches zero. One model for the server's
//! clocks and the game's at one table; time comes from a monotonic clock, readings are in
//! milliseconds.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::types::Side;

/// A time control: each side's initial time and its increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// The longest initial time or increment: a day.
pub const MAX_CLOCK_MS: u64 = 24 * 60 * 60 * 1000;

impl TimeControl {
    /// `minutes` + `seconds` a move, as players say it ("5+3").
    pub const fn minutes(minutes: u64, increment_s: u64) -> TimeControl {
        TimeControl {
            initial_ms: minutes * 60_000,
            increment_ms: increment_s * 1000,
        }
    }

    /// The control, if it is one a game may have: more than no time, neither part over a day.
    pub fn checked(self) -> Result<TimeControl, BadTimeControl> {
        let fits = |ms| ms <= MAX_CLOCK_MS;
        if self.initial_ms == 0 || !fits(self.initial_ms) || !fits(self.increment_ms) {
            return Err(BadTimeControl);
        }
        Ok(self)
    }

    /// The controls a screen offers: 3+2, 5+3, 10+5, 15+10.
    pub const USUAL: [TimeControl; 4] = [
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
    ];
}

/// `5+3`: minutes (with a fraction where needed, `0.5+1`) plus seconds a move.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.initial_ms as f64 / 60_000.0;
        let increment = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{increment}")
    }
}

/// Why a text is not a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a time control is minutes + seconds a move (5+3), up to a day each, more than no time")]
pub struct BadTimeControl;

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    fn from_str(text: &str) -> Result<TimeControl, BadTimeControl> {
        let (minutes, seconds) = text.trim().split_once('+').ok_or(BadTimeControl)?;
        let number = |t: &str, unit: f64| {
            let value: f64 = t.trim().parse().map_err(|_| BadTimeControl)?;
            let ms = value * unit;
            if !ms.is_finite() || ms < 0.0 || ms > MAX_CLOCK_MS as f64 {
                return Err(BadTimeControl);
            }
            Ok(ms.round() as u64)
        };
        TimeControl {
            initial_ms: number(minutes, 60_000.0)?,
            increment_ms: number(seconds, 1000.0)?,
        }
        .checked()
    }
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Time left per side (by [`Side::index`]) when its clock last stopped.
    left_ms: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, Instant)>,
}

/// A side whose time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Side);

impl Clocks {
    /// Both clocks at the control's initial time, stopped.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left_ms: [control.initial_ms; 2],
            running: None,
        }
    }

    /// Clocks as they were kept (a save, a database), stopped: the time they were away is
    /// charged to no one.
    pub fn restored(control: TimeControl, left_ms: [u64; 2]) -> Clocks {
        Clocks {
            control,
            left_ms,
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Each side's time left at `now`, by [`Side::index`].
    pub fn left_ms(&self, now: Instant) -> [u64; 2] {
        let mut left = self.left_ms;
        if let Some((side, since)) = self.running {
            let spent = now.saturating_duration_since(since).as_millis();
            let spent = u64::try_from(spent).unwrap_or(u64::MAX);
            left[side.index()] = left[side.index()].saturating_sub(spent);
        }
        left
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s clock at `now`, stopping the other's.
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now` (a pause: the handoff cover, the end).
    pub fn stop(&mut self, now: Instant) {
        self.left_ms = self.left_ms(now);
        self.running = None;
    }

    /// `side` moved at `now`: its clock stops and gains the increment, and the other's
    /// starts. `Err` if its time had run out first (the move does not count).
    pub fn moved(&mut self, side: Side, now: Instant) -> Result<(), Flagged> {
        if self.left_ms(now)[side.index()] == 0 {
            return Err(Flagged(side));
        }
        self.stop(now);
        self.left_ms[side.index()] += self.control.increment_ms;
        self.running = Some((side.other(), now));
        Ok(())
    }

    /// The running clock starts again at `now`, charging nothing for the time since it was
    /// started (a server's: its `moved` went out after the commit).
    pub fn restart_running(&mut self, now: Instant) {
        if let Some((_, since)) = self.running.as_mut() {
            *since = now;
        }
    }

    /// When the running clock reaches zero, and whose it is.
    pub fn deadline(&self) -> Option<(Side, Instant)> {
        let (side, since) = self.running?;
        Some((
            side,
            since + Duration::from_millis(self.left_ms[side.index()]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control() -> TimeControl {
        TimeControl {
            initial_ms: 1000,
            increment_ms: 100,
        }
    }

    /// game.md, "Clocks": the mover pays its time and gains the increment.
    #[test]
    fn the_mover_pays_its_time_and_gains_the_increment() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(control());
        clocks.start(Side::Red, t0);
        let t1 = t0 + Duration::from_millis(300);
        assert_eq!(clocks.left_ms(t1), [700, 1000]);
        clocks.moved(Side::Red, t1).unwrap();
        assert_eq!(clocks.left_ms(t1), [800, 1000]);
        assert_eq!(clocks.running(), Some(Side::Black));
        assert_eq!(
            clocks.deadline(),
            Some((Side::Black, t1 + Duration::from_millis(1000)))
        );
        let t2 = t1 + Duration::from_millis(1000);
        assert_eq!(clocks.moved(Side::Black, t2), Err(Flagged(Side::Black)));
        let t3 = t1 + Duration::from_millis(5);
        clocks.restart_running(t3);
        assert_eq!(clocks.left_ms(t3), [800, 1000]);
    }

    /// game.md, "Clocks": at one screen the clock pauses (under the handoff cover).
    #[test]
    fn a_stopped_clock_loses_no_time() {
        let t0 = Instant::now();
        let mut clocks = Clocks::restored(control(), [400, 900]);
        assert_eq!(clocks.left_ms(t0 + Duration::from_secs(60)), [400, 900]);
        clocks.start(Side::Black, t0);
        clocks.stop(t0 + Duration::from_millis(50));
        assert_eq!(clocks.left_ms(t0 + Duration::from_secs(60)), [400, 850]);
        assert_eq!(clocks.deadline(), None);
    }

    #[test]
    fn time_controls_read_as_players_write_them() {
        assert_eq!("5+3".parse(), Ok(TimeControl::minutes(5, 3)));
        assert_eq!(
            " 0.5 + 1 ".parse::<TimeControl>().unwrap().initial_ms,
            30_000
        );
        for bad in ["", "5", "0+0", "-1+2", "5+x", "99999+0", "NaN+1", "inf+1"] {
            assert_eq!(bad.parse::<TimeControl>(), Err(BadTimeControl), "{bad}");
        }
        for control in TimeControl::USUAL {
            assert_eq!(control.to_string().parse(), Ok(control));
        }
    }
}
