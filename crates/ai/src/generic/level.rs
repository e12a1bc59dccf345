//! The six levels for variants played through the generic search: how deep and how long each
//! looks, and how the low ones are weakened (the same [`Weakening`] as Xiangqi's levels:
//! noise and a soft-max over the root scores, a tolerated loss, overlooked captures).
//!
//! The lookahead grows one ply a level from Beginner (1) to Advanced (4), Expert looks 6
//! plies ahead, and Master searches as deep as its time allows. Node budgets cap each level's work where chance turns make a ply
//! expensive (a Banqi flip is up to 14 outcomes), and the weakening fades out by Advanced.

use std::time::Duration;

use crate::level::{Level, Weakening};
use crate::limits::Limits;

/// One row of the generic level table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenericLevel {
    pub level: Level,
    /// Deepest iteration (None: as deep as time allows).
    pub depth: Option<u32>,
    /// Node budget per move (None: unlimited).
    pub nodes: Option<u64>,
    /// Time per move.
    pub movetime: Duration,
    pub weakening: Weakening,
}

const fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The table, weakest first. Every column moves one way: depth, nodes and time grow, noise,
/// temperature, tolerated loss and overlooking shrink.
pub const GENERIC_LEVELS: [GenericLevel; 6] = [
    GenericLevel {
        level: Level::Beginner,
        depth: Some(1),
        nodes: Some(5_000),
        movetime: ms(300),
        weakening: Weakening {
            noise_cp: 120,
            temperature_cp: 120,
            max_loss_cp: 400,
            overlook_permille: 300,
        },
    },
    GenericLevel {
        level: Level::Casual,
        depth: Some(2),
        nodes: Some(20_000),
        movetime: ms(500),
        weakening: Weakening {
            noise_cp: 60,
            temperature_cp: 60,
            max_loss_cp: 200,
            overlook_permille: 100,
        },
    },
    GenericLevel {
        level: Level::Club,
        depth: Some(3),
        nodes: Some(100_000),
        movetime: ms(800),
        weakening: Weakening {
            noise_cp: 25,
            temperature_cp: 25,
            max_loss_cp: 100,
            overlook_permille: 20,
        },
    },
    GenericLevel {
        level: Level::Advanced,
        depth: Some(4),
        nodes: Some(400_000),
        movetime: ms(1_000),
        weakening: Weakening::NONE,
    },
    GenericLevel {
        level: Level::Expert,
        depth: Some(6),
        nodes: Some(1_200_000),
        movetime: ms(2_000),
        weakening: Weakening::NONE,
    },
    GenericLevel {
        level: Level::Master,
        depth: None,
        nodes: None,
        movetime: ms(5_000),
        weakening: Weakening::NONE,
    },
];

impl GenericLevel {
    /// The row of `level`.
    pub fn of(level: Level) -> &'static GenericLevel {
        &GENERIC_LEVELS[level as usize]
    }

    /// The limits for one move: the level's depth, nodes and time per move.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: Some(self.movetime),
            clock: None,
            infinite: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_their_levels_and_grow_one_way() {
        for (i, l) in Level::ALL.into_iter().enumerate() {
            assert_eq!(GENERIC_LEVELS[i].level, l);
            assert_eq!(GenericLevel::of(l).level, l);
        }
        let unlimited = |o: Option<u64>| o.unwrap_or(u64::MAX);
        for w in GENERIC_LEVELS.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let name = b.level.name();
            assert!(
                unlimited(a.depth.map(u64::from)) < unlimited(b.depth.map(u64::from)),
                "{name}"
            );
            assert!(unlimited(a.nodes) < unlimited(b.nodes), "{name}");
            assert!(a.movetime < b.movetime, "{name}");
            let (x, y) = (a.weakening, b.weakening);
            assert!(x.noise_cp >= y.noise_cp, "{name}");
            assert!(x.temperature_cp >= y.temperature_cp, "{name}");
            assert!(x.overlook_permille >= y.overlook_permille, "{name}");
            if y.is_weakened() {
                assert!(x.max_loss_cp >= y.max_loss_cp, "{name}");
            }
        }
        assert!(GENERIC_LEVELS[0].weakening.is_weakened());
        let master = GenericLevel::of(Level::Master).limits();
        assert_eq!((master.depth, master.nodes), (None, None));
        assert_eq!(master.movetime, Some(ms(5_000)));
    }
}
