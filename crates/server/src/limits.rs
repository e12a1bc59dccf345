//! The limits of online.md §7 that are counted: messages per connection, connections per
//! address.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// At most this many messages in any one-second window.
pub const MESSAGES_PER_SECOND: usize = 20;
/// Over the limit in this many seconds running closes the connection.
pub const FLOOD_SECONDS: u64 = 3;

/// One connection's message rate.
#[derive(Debug)]
pub struct Rate {
    /// When the last accepted messages arrived, oldest first.
    recent: VecDeque<Instant>,
    /// When the present run of refusals began (each within a second of the one before),
    /// and the last refusal.
    flood_since: Option<Instant>,
    last_refused: Option<Instant>,
}

/// What to do with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    /// Over the limit: answer `rate_limited`.
    Refuse,
    /// Over the limit for [`FLOOD_SECONDS`] running: close (1008).
    Close,
}

impl Default for Rate {
    fn default() -> Rate {
        Rate::new()
    }
}

impl Rate {
    pub fn new() -> Rate {
        Rate {
            recent: VecDeque::with_capacity(MESSAGES_PER_SECOND),
            flood_since: None,
            last_refused: None,
        }
    }

    /// Counts a message arriving at `now`.
    pub fn check(&mut self, now: Instant) -> Verdict {
        let window = Duration::from_secs(1);
        while self
            .recent
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= window)
        {
            self.recent.pop_front();
        }
        if self.recent.len() < MESSAGES_PER_SECOND {
            self.recent.push_back(now);
            return Verdict::Accept;
        }
        let run_goes_on = self
            .last_refused
            .is_some_and(|last| now.saturating_duration_since(last) < window);
        if !run_goes_on {
            self.flood_since = Some(now);
        }
        self.last_refused = Some(now);
        let flooding = self
            .flood_since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since));
        if flooding >= Duration::from_secs(FLOOD_SECONDS) {
            Verdict::Close
        } else {
            Verdict::Refuse
        }
    }
}

/// Open connections per address.
#[derive(Debug, Default)]
pub struct PerAddress {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted against its address, until dropped.
#[derive(Debug)]
pub struct Counted {
    counter: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    /// Counts a new connection from `address`, unless it already has `max`.
    pub fn admit(self: &Arc<Self>, address: IpAddr, max: usize) -> Option<Counted> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(address).or_default();
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(Counted {
            counter: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self
            .counter
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_a_second_pass_the_twenty_first_is_refused() {
        let t0 = Instant::now();
        let mut rate = Rate::new();
        for i in 0..20 {
            assert_eq!(rate.check(t0 + Duration::from_millis(i)), Verdict::Accept);
        }
        assert_eq!(rate.check(t0 + Duration::from_millis(30)), Verdict::Refuse);
        // A second after the first, its slot is free again.
        assert_eq!(
            rate.check(t0 + Duration::from_millis(1000)),
            Verdict::Accept
        );
    }

    #[test]
    fn a_flood_three_seconds_running_closes() {
        let t0 = Instant::now();
        let mut rate = Rate::new();
        let mut closed_at = None;
        for ms in (0..4000).step_by(5) {
            if rate.check(t0 + Duration::from_millis(ms)) == Verdict::Close {
                closed_at = Some(ms);
                break;
            }
        }
        // The first refusal is the 21st message (at 100 ms); the run it starts closes the
        // connection once it has lasted 3 s.
        let closed_at = closed_at.expect("a flood closes");
        assert!((3000..3200).contains(&closed_at), "{closed_at}");
    }

    #[test]
    fn an_address_has_at_most_its_connections() {
        let per = Arc::new(PerAddress::default());
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let a = per.admit(ip, 2).unwrap();
        let _b = per.admit(ip, 2).unwrap();
        assert!(per.admit(ip, 2).is_none());
        drop(a);
        assert!(per.admit(ip, 2).is_some());
    }
}
