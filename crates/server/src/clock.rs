//! The server's clocks (online.md §4): an initial time and an increment per move for each
//! seat; the mover's time runs from the moment the previous `moved` is sent until its move
//! arrives. Readings are in milliseconds; time comes from a monotonic clock.

use std::time::{Duration, Instant};

use crate::protocol::ClockSetting;

/// Both seats' clocks, seat 0 moving first.
#[derive(Clone, Debug)]
pub struct Clocks {
    setting: ClockSetting,
    /// Time left per seat when its clock last stopped (or at the start).
    left_ms: [u64; 2],
    /// The seat whose clock runs, and since when.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    pub fn new(setting: ClockSetting) -> Clocks {
        Clocks {
            setting,
            left_ms: [setting.initial_ms; 2],
            running: None,
        }
    }

    /// Clocks as they were stored: time the server was down is charged to no one.
    pub fn restored(setting: ClockSetting, left_ms: [u64; 2]) -> Clocks {
        Clocks {
            setting,
            left_ms,
            running: None,
        }
    }

    pub fn setting(&self) -> ClockSetting {
        self.setting
    }

    /// Each seat's time left at `now`.
    pub fn left_ms(&self, now: Instant) -> [u64; 2] {
        let mut left = self.left_ms;
        if let Some((seat, since)) = self.running {
            left[seat] = left[seat].saturating_sub(elapsed_ms(since, now));
        }
        left
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(seat, _)| seat)
    }

    /// Starts `seat`'s clock at `now` (stopping the other's).
    pub fn start(&mut self, seat: usize, now: Instant) {
        self.stop(now);
        self.running = Some((seat, now));
    }

    /// Stops the running clock at `now`.
    pub fn stop(&mut self, now: Instant) {
        self.left_ms = self.left_ms(now);
        self.running = None;
    }

    /// `seat` moved at `now`: its clock stops, gains the increment, and the other's starts.
    /// `Err` if its time had run out first (the move does not count).
    pub fn moved(&mut self, seat: usize, now: Instant) -> Result<(), Flagged> {
        if self.left_ms(now)[seat] == 0 {
            return Err(Flagged(seat));
        }
        self.stop(now);
        self.left_ms[seat] += self.setting.increment_ms;
        self.running = Some((1 - seat, now));
        Ok(())
    }

    /// The running clock starts again at `now`, charging nothing for the time since it was
    /// started: a move's clock starts when its `moved` is sent, after the commit.
    pub fn restart_running(&mut self, now: Instant) {
        if let Some((_, since)) = self.running.as_mut() {
            *since = now;
        }
    }

    /// When the running clock reaches zero, and whose it is.
    pub fn deadline(&self) -> Option<(usize, Instant)> {
        let (seat, since) = self.running?;
        Some((seat, since + Duration::from_millis(self.left_ms[seat])))
    }
}

/// A seat whose time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub usize);

fn elapsed_ms(since: Instant, now: Instant) -> u64 {
    u64::try_from(now.saturating_duration_since(since).as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting() -> ClockSetting {
        ClockSetting {
            initial_ms: 1000,
            increment_ms: 100,
        }
    }

    #[test]
    fn the_mover_pays_its_time_and_gains_the_increment() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(setting());
        clocks.start(0, t0);
        let t1 = t0 + Duration::from_millis(300);
        assert_eq!(clocks.left_ms(t1), [700, 1000]);
        clocks.moved(0, t1).unwrap();
        assert_eq!(clocks.left_ms(t1), [800, 1000]);
        assert_eq!(clocks.running(), Some(1));
        let t2 = t1 + Duration::from_millis(1000);
        assert_eq!(clocks.moved(1, t2), Err(Flagged(1)));
        assert_eq!(
            clocks.deadline(),
            Some((1, t1 + Duration::from_millis(1000)))
        );
        // Its clock starts again when the move is announced: the commit is charged to no one.
        let t3 = t1 + Duration::from_millis(5);
        clocks.restart_running(t3);
        assert_eq!(clocks.left_ms(t3), [800, 1000]);
    }

    #[test]
    fn restored_clocks_run_from_what_was_stored() {
        let t0 = Instant::now();
        let mut clocks = Clocks::restored(setting(), [400, 900]);
        assert_eq!(clocks.left_ms(t0 + Duration::from_secs(60)), [400, 900]);
        clocks.start(1, t0);
        assert_eq!(clocks.left_ms(t0 + Duration::from_millis(50)), [400, 850]);
    }
}
