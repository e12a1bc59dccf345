//! Playing levels: each a row of data — how far it looks (limits) and how it is deliberately
//! weakened. The weak levels err like people: they look shallow, pick among moves that seem
//! about as good (noise plus a soft-max with a temperature), and now and then overlook a
//! capture — one of their own, or one the opponent threatens right after their move — so they
//! hang pieces, but they do not play moves that are bad for no reason they could see.
//!
//! Jieqi uses the same rows with its own depth and node columns. Every move of a face-down
//! piece is a chance node over up to six identities, so a ply costs many times the nodes it
//! costs in Xiangqi (from the start, depth 5 takes 22 times depth 4's nodes), and the deal's
//! luck decides many games whoever plays better (in a pair of games on one deal with colours
//! swapped, many pairs end one win each). Small strength gaps hardly show in the score: with
//! time alone between them, Master against Expert scored 56% in Jieqi (79% in Xiangqi). Master's
//! strength is what the machine gives in 5 s, so the levels below it must be clearly weaker:
//! the Jieqi columns cap the lookahead one ply a level — Beginner 1, Casual 2, Club 3,
//! Advanced 4, Expert 5 — and only Master searches as deep as its time allows (5–6 plies at
//! the start, 8–9 twenty plies in, 15 and more once most pieces are shown). Time is the same as
//! in Xiangqi, and so is the weakening but for Advanced: a Jieqi evaluation tuned on its own
//! search's scores made one ply less worth little (Expert scored 56.5% over 100 pairs against
//! Advanced, undecided by SPRT), so Jieqi's Advanced errs more — halfway to Club.

use std::time::Duration;

use jieqi_rules::Family;

use crate::limits::{Clock, Limits};

/// How a level plays below full strength. All zero: full strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weakening {
    /// Uniform noise, ± this many centipawns, added to each root move's score.
    pub noise_cp: i32,
    /// Soft-max temperature over root scores (0: always the best).
    pub temperature_cp: i32,
    /// Never choose a move that scored worse than the best by more than this.
    pub max_loss_cp: i32,
    /// Per mille chance to overlook each capture, at the root and in the reply right after.
    pub overlook_permille: u32,
}

impl Weakening {
    pub const NONE: Weakening = Weakening {
        noise_cp: 0,
        temperature_cp: 0,
        max_loss_cp: 0,
        overlook_permille: 0,
    };

    pub fn is_weakened(&self) -> bool {
        self.noise_cp > 0 || self.temperature_cp > 0 || self.overlook_permille > 0
    }
}

/// The named levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Casual,
    Club,
    Advanced,
    Expert,
    Master,
}

/// One row of the level table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    pub level: Level,
    pub name: &'static str,
    /// Deepest iteration (None: as deep as time allows).
    pub depth: Option<u32>,
    /// Node budget per move (None: unlimited).
    pub nodes: Option<u64>,
    /// Time per move when the game has no clock; with a clock, the most it may spend.
    pub movetime: Duration,
    pub weakening: Weakening,
    /// Jieqi's deepest iteration (None: as deep as time allows).
    pub jieqi_depth: Option<u32>,
    /// Jieqi's node budget per move (None: unlimited).
    pub jieqi_nodes: Option<u64>,
    /// How the level plays below full strength in Jieqi.
    pub jieqi_weakening: Weakening,
}

const fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

// The weakenings of the levels below Expert (Expert and Master play at full strength).
const BEGINNER_ERRS: Weakening = Weakening {
    noise_cp: 90,
    temperature_cp: 120,
    max_loss_cp: 350,
    overlook_permille: 250,
};
const CASUAL_ERRS: Weakening = Weakening {
    noise_cp: 60,
    temperature_cp: 70,
    max_loss_cp: 220,
    overlook_permille: 120,
};
const CLUB_ERRS: Weakening = Weakening {
    noise_cp: 30,
    temperature_cp: 35,
    max_loss_cp: 120,
    overlook_permille: 40,
};
const ADVANCED_ERRS: Weakening = Weakening {
    noise_cp: 12,
    temperature_cp: 12,
    max_loss_cp: 50,
    overlook_permille: 8,
};
const ADVANCED_JIEQI_ERRS: Weakening = Weakening {
    noise_cp: 25,
    temperature_cp: 25,
    max_loss_cp: 90,
    overlook_permille: 20,
};

/// The level table, weakest first. Every column moves one way: depth, nodes and time grow,
/// noise, temperature, tolerated loss and overlooking shrink.
pub const LEVELS: [LevelSpec; 6] = [
    LevelSpec {
        level: Level::Beginner,
        name: "Beginner",
        depth: Some(2),
        nodes: Some(3_000),
        movetime: ms(300),
        weakening: BEGINNER_ERRS,
        jieqi_depth: Some(1),
        jieqi_nodes: Some(6_000),
        jieqi_weakening: BEGINNER_ERRS,
    },
    LevelSpec {
        level: Level::Casual,
        name: "Casual",
        depth: Some(3),
        nodes: Some(15_000),
        movetime: ms(500),
        weakening: CASUAL_ERRS,
        jieqi_depth: Some(2),
        jieqi_nodes: Some(30_000),
        jieqi_weakening: CASUAL_ERRS,
    },
    LevelSpec {
        level: Level::Club,
        name: "Club",
        depth: Some(5),
        nodes: Some(80_000),
        movetime: ms(800),
        weakening: CLUB_ERRS,
        jieqi_depth: Some(3),
        jieqi_nodes: Some(200_000),
        jieqi_weakening: CLUB_ERRS,
    },
    LevelSpec {
        level: Level::Advanced,
        name: "Advanced",
        depth: Some(8),
        nodes: Some(600_000),
        movetime: ms(1_000),
        weakening: ADVANCED_ERRS,
        jieqi_depth: Some(4),
        jieqi_nodes: Some(1_500_000),
        jieqi_weakening: ADVANCED_JIEQI_ERRS,
    },
    LevelSpec {
        level: Level::Expert,
        name: "Expert",
        depth: None,
        nodes: Some(3_000_000),
        movetime: ms(2_000),
        weakening: Weakening::NONE,
        jieqi_depth: Some(5),
        jieqi_nodes: Some(6_000_000),
        jieqi_weakening: Weakening::NONE,
    },
    LevelSpec {
        level: Level::Master,
        name: "Master",
        depth: None,
        nodes: None,
        movetime: ms(5_000),
        weakening: Weakening::NONE,
        jieqi_depth: None,
        jieqi_nodes: None,
        jieqi_weakening: Weakening::NONE,
    },
];

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Expert,
        Level::Master,
    ];

    pub fn spec(self) -> &'static LevelSpec {
        &LEVELS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Reads a level name, case-insensitively.
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }

    /// How the level weakens its play in `variant` (Jieqi has its own column).
    pub fn weakening_for(self, variant: Family) -> Weakening {
        let spec = self.spec();
        match variant {
            Family::Xiangqi => spec.weakening,
            Family::Jieqi => spec.jieqi_weakening,
        }
    }

    /// The limits for one Xiangqi move: the level's depth and nodes, and its time per move —
    /// with a game clock, the clock's budget capped by that time.
    pub fn limits(self, clock: Option<Clock>) -> Limits {
        self.limits_for(Family::Xiangqi, clock)
    }

    /// The limits for one move of `variant` (Jieqi has its own depth and node columns).
    pub fn limits_for(self, variant: Family, clock: Option<Clock>) -> Limits {
        let spec = self.spec();
        let (depth, nodes) = match variant {
            Family::Xiangqi => (spec.depth, spec.nodes),
            Family::Jieqi => (spec.jieqi_depth, spec.jieqi_nodes),
        };
        Limits {
            depth,
            nodes,
            movetime: Some(spec.movetime),
            clock,
            infinite: false,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_match_their_levels() {
        for (i, l) in Level::ALL.into_iter().enumerate() {
            assert_eq!(LEVELS[i].level, l);
            assert_eq!(Level::parse(l.name()), Some(l));
            assert_eq!(Level::parse(&l.name().to_uppercase()), Some(l));
        }
        assert_eq!(Level::parse("grandmaster"), None);
    }

    #[test]
    fn levels_are_monotone() {
        let unlimited = |o: Option<u64>| o.unwrap_or(u64::MAX);
        for w in LEVELS.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert!(
                unlimited(a.depth.map(u64::from)) <= unlimited(b.depth.map(u64::from)),
                "{}",
                b.name
            );
            assert!(unlimited(a.nodes) <= unlimited(b.nodes), "{}", b.name);
            assert!(
                unlimited(a.jieqi_depth.map(u64::from)) <= unlimited(b.jieqi_depth.map(u64::from)),
                "{}",
                b.name
            );
            assert!(
                unlimited(a.jieqi_nodes) <= unlimited(b.jieqi_nodes),
                "{}",
                b.name
            );
            assert!(a.movetime <= b.movetime, "{}", b.name);
            for (x, y) in [
                (a.weakening, b.weakening),
                (a.jieqi_weakening, b.jieqi_weakening),
            ] {
                assert!(x.noise_cp >= y.noise_cp, "{}", b.name);
                assert!(x.temperature_cp >= y.temperature_cp, "{}", b.name);
                assert!(x.overlook_permille >= y.overlook_permille, "{}", b.name);
                // A tolerated loss only matters while the level is weakened.
                if y.is_weakened() {
                    assert!(x.max_loss_cp >= y.max_loss_cp, "{}", b.name);
                }
            }
        }
        for kind in [Family::Xiangqi, Family::Jieqi] {
            assert!(Level::Beginner.weakening_for(kind).is_weakened());
            assert_eq!(Level::Master.weakening_for(kind), Weakening::NONE);
        }
        assert_eq!((LEVELS[5].depth, LEVELS[5].nodes), (None, None));
        assert_eq!((LEVELS[5].jieqi_depth, LEVELS[5].jieqi_nodes), (None, None));
    }

    #[test]
    fn an_engine_for_a_level_errs_by_its_variants_column() {
        for level in Level::ALL {
            for kind in [Family::Xiangqi, Family::Jieqi] {
                let engine = crate::Engine::for_level(level, kind, 1);
                assert_eq!(engine.weakening(), level.weakening_for(kind), "{level}");
            }
        }
        // Jieqi's Advanced errs more: one ply less is worth little to its tuned evaluation.
        let (x, j) = (
            Level::Advanced.weakening_for(Family::Xiangqi),
            Level::Advanced.weakening_for(Family::Jieqi),
        );
        assert!(j.noise_cp > x.noise_cp && j.overlook_permille > x.overlook_permille);
    }

    #[test]
    fn jieqi_levels_look_no_further_with_more_nodes() {
        for spec in &LEVELS {
            let (x, j) = (spec.depth.unwrap_or(99), spec.jieqi_depth.unwrap_or(99));
            assert!(j <= x, "{}", spec.name);
            let (x, j) = (
                spec.nodes.unwrap_or(u64::MAX),
                spec.jieqi_nodes.unwrap_or(u64::MAX),
            );
            assert!(j >= x, "{}", spec.name);
            let l = spec.level.limits_for(Family::Jieqi, None);
            assert_eq!((l.depth, l.nodes), (spec.jieqi_depth, spec.jieqi_nodes));
        }
    }
}
