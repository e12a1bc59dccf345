//! When to stop: depth, node and time limits, a game clock, or "until told" (infinite), and the
//! time budget a search derives from them.

use std::time::Duration;

use jieqi_rules::Side;

/// The game clock as UCI sends it: `w` is Red, `b` is Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub wtime: Duration,
    pub btime: Duration,
    pub winc: Duration,
    pub binc: Duration,
    /// Moves until the next time control, if the control has one.
    pub movestogo: Option<u32>,
}

impl Clock {
    /// The same time and increment for both sides.
    pub fn symmetric(time: Duration, inc: Duration) -> Clock {
        Clock {
            wtime: time,
            btime: time,
            winc: inc,
            binc: inc,
            movestogo: None,
        }
    }

    pub fn remaining(&self, side: Side) -> (Duration, Duration) {
        match side {
            Side::Red => (self.wtime, self.winc),
            Side::Black => (self.btime, self.binc),
        }
    }
}

/// What bounds a search. Every limit that is set applies (the first reached stops the
/// search); with none set, or `infinite`, only the stop flag (and the maximum depth) ends it.
/// `infinite` overrides the time limits (`movetime`, `clock`), not `depth` or `nodes`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Nodes (main search and quiescence). Checked at every node, so node-limited searches
    /// are deterministic.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The game clock: the search budgets its own time from it.
    pub clock: Option<Clock>,
    /// Search until the stop flag is set.
    pub infinite: bool,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }
}

/// Time a search may use, derived from [`Limits`] for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this much time.
    pub soft: Option<Duration>,
    /// Abort the search at this much time.
    pub hard: Option<Duration>,
}

/// Kept in hand against the time it takes to send a move.
const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

impl TimeBudget {
    pub fn new(limits: &Limits, side: Side) -> TimeBudget {
        if limits.infinite {
            return TimeBudget::default();
        }
        let mut budget = TimeBudget::default();
        if let Some(t) = limits.movetime {
            // The whole time is this move's: keep deepening until it is up (a move that
            // completes in an unfinished iteration with a better score is still used).
            budget.hard = Some(t);
        }
        if let Some(clock) = limits.clock {
            let (time, inc) = clock.remaining(side);
            let usable = time.saturating_sub(MOVE_OVERHEAD);
            let moves = clock.movestogo.unwrap_or(30).clamp(1, 50);
            let soft = (usable / moves + inc * 3 / 4).min(usable / 2);
            let hard = (soft * 4).min(usable * 2 / 5).max(soft);
            let hard = budget.hard.map_or(hard, |h| h.min(hard));
            budget.hard = Some(hard);
            budget.soft = Some(soft.min(hard));
        }
        budget
    }

    /// Whether to begin another iteration after `elapsed`: the next one typically costs
    /// more than all before it together, so stop at half the soft budget.
    pub fn may_start_iteration(&self, elapsed: Duration) -> bool {
        match self.soft {
            Some(soft) => elapsed < soft / 2,
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_uses_a_fraction_of_the_time() {
        let clock = Clock::symmetric(Duration::from_secs(60), Duration::from_secs(1));
        let b = TimeBudget::new(&Limits::clock(clock), Side::Red);
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(
            soft > Duration::from_secs(2) && soft < Duration::from_secs(4),
            "{soft:?}"
        );
        assert!(hard >= soft && hard <= Duration::from_secs(24), "{hard:?}");
    }

    #[test]
    fn low_clock_never_oversteps() {
        let clock = Clock::symmetric(Duration::from_millis(50), Duration::ZERO);
        let b = TimeBudget::new(&Limits::clock(clock), Side::Black);
        assert!(b.hard.unwrap() <= Duration::from_millis(20));
    }

    #[test]
    fn movetime_caps_the_clock() {
        let clock = Clock::symmetric(Duration::from_secs(600), Duration::ZERO);
        let mut l = Limits::clock(clock);
        l.movetime = Some(Duration::from_millis(300));
        let b = TimeBudget::new(&l, Side::Red);
        assert_eq!(b.hard, Some(Duration::from_millis(300)));
        assert!(b.soft.unwrap() <= b.hard.unwrap());
        let b = TimeBudget::new(&Limits::movetime(Duration::from_millis(300)), Side::Red);
        assert_eq!((b.soft, b.hard), (None, Some(Duration::from_millis(300))));
    }

    #[test]
    fn infinite_has_no_budget() {
        let mut l = Limits::infinite();
        l.movetime = Some(Duration::from_millis(5));
        assert_eq!(TimeBudget::new(&l, Side::Red), TimeBudget::default());
    }
}
