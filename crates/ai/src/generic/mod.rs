//! The generic search: plays any variant that shows the rules crate's search face
//! ([`jieqi_rules::platform::SearchNode`], given by `PlayedGame::search_node`) without knowing
//! the variant (Banqi is the first). It depends on nothing but that trait.
//!
//! # What it does
//!
//! - **Iterative deepening, negamax alpha-beta** (fail-soft) over `&dyn SearchNode`, with a
//!   principal-variation search (null windows after the first turn), late-move reductions
//!   (one ply, two very late, for quiet turns from depth 3 at non-PV nodes; re-searched when
//!   they beat alpha) and, in the last two plies of null-window nodes, futility pruning by the
//!   variant's evaluation (150 a ply: far above beta the node fails high on it, far below
//!   alpha only captures are searched).
//! - **Chance turns** (a Banqi flip) by expectation: the value of the turn is the weighted
//!   mean of its outcomes' values, each searched to the same depth. How the window is passed
//!   to the outcomes is [`ChanceMode`]: the default, [`ChanceMode::Shifted`], gives each
//!   outcome the parent's window shifted by how much better or worse than the mean it looks
//!   statically (its evaluation), so a null-window parent gives null windows to every outcome.
//!   If all outcomes fail high (or all fail low) against their shifted windows, the mean fails
//!   the same way — as sound as plain alpha-beta, since the shifts average to zero; if all land
//!   inside, the mean is exact; if they disagree, a PV node searches the undecided ones again
//!   with a full window, and a null-window node returns the mean as an estimate.
//!   [`ChanceMode::Star1`] is Ballard's sound Star1 with the score bounds ±MATE; measured on
//!   Banqi it gains nothing over full windows (the bounds are too wide for any outcome but the
//!   last to get a useful window) and costs several times the nodes of the shifted windows for
//!   the same depth, so it stays only for comparison and tests.
//! - **Quiescence** over captures (`is_capture`) past the horizon, standing pat on the
//!   variant's evaluation.
//! - **Ordering**: the table's turn, captures by the variant's `order_hint` (MVV-LVA-like),
//!   two killers per ply, a history score per turn code, then the hint.
//! - **Transposition table** keyed by `key()` (16-byte entries, a few MiB, mate scores stored
//!   relative to the node). A draw verdict depends on the path (repetition, a no-progress
//!   counter), not on the key, so a node whose subtree met any draw verdict stores its best
//!   turn only, never its value: no stored value carries a draw from one path to another.
//! - **Scores** from the verdict: a win or loss `n` plies from the root is `±(MATE − n)`
//!   (reported as [`Score::Mate`] in moves), a draw 0.
//! - **Limits** ([`Limits`]): depth, nodes (counted at every node, so a node-limited search is
//!   deterministic), time per move or a clock, and a stop flag read every 1024 nodes. A search
//!   stopped in an iteration keeps the last completed iteration's turn unless a turn finished
//!   in the stopped one beat it.
//! - **Weakening** ([`Weakening`], the level's): scores of every root turn (full windows), then
//!   noise, a soft-max with a temperature and a tolerated loss, and captures overlooked at the
//!   root and in the reply, decided by a hash of the seed, the node and the turn.
//!
//! With depth or node limits the same node, seed and table give the same result every time.

mod level;
mod search;
mod table;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_rules::platform::{SearchNode, TurnCode};

pub use level::{GENERIC_LEVELS, GenericLevel};
pub use search::MAX_DEPTH;

use crate::Score;
use crate::level::{Level, Weakening};
use crate::limits::Limits;
use search::Searcher;
use table::Table;

/// How a chance turn passes its window to its outcomes (module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChanceMode {
    /// The parent's window, shifted per outcome by its static deviation from the mean.
    #[default]
    Shifted,
    /// Ballard's Star1 with the score bounds ±MATE (sound, and here about full windows).
    Star1,
}

/// What a generic search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenericResult {
    /// The turn to play; `None` only when the node has none (the game is over).
    pub turn: Option<TurnCode>,
    /// The turn in the variant's notation (`turn_text`), empty without a turn.
    pub text: String,
    /// From the side to move's point of view.
    pub score: Score,
    /// Deepest completed iteration (0 if stopped before the first completed).
    pub depth: u32,
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
    pub time: Duration,
}

/// Table size of [`think`] and `GenericEngine::default()`.
pub const GENERIC_HASH_MIB: usize = 4;

/// A player for variants without an engine of their own: keeps its transposition table from
/// move to move.
#[derive(Debug)]
pub struct GenericEngine {
    tt: Table,
    weakening: Weakening,
    mode: ChanceMode,
    selective: bool,
}

impl Default for GenericEngine {
    fn default() -> Self {
        GenericEngine::new(GENERIC_HASH_MIB)
    }
}

impl GenericEngine {
    /// A full-strength engine with a table of about `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> GenericEngine {
        GenericEngine {
            tt: Table::new(hash_mib),
            weakening: Weakening::NONE,
            mode: ChanceMode::default(),
            selective: true,
        }
    }

    /// An engine weakened as `level` is (its limits: [`GenericLevel::limits`]).
    pub fn for_level(level: Level, hash_mib: usize) -> GenericEngine {
        let mut e = GenericEngine::new(hash_mib);
        e.weakening = GenericLevel::of(level).weakening;
        e
    }

    pub fn set_weakening(&mut self, w: Weakening) {
        self.weakening = w;
    }

    pub fn weakening(&self) -> Weakening {
        self.weakening
    }

    pub fn set_chance_mode(&mut self, mode: ChanceMode) {
        self.mode = mode;
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// No late-move reductions and no futility pruning: every turn is searched to the full
    /// depth (for tests that compare with a full-width search).
    #[cfg(test)]
    pub(crate) fn unpruned(mut self) -> GenericEngine {
        self.selective = false;
        self
    }

    /// Searches `node` for its side to move within `limits`; `stop` ends the search early.
    /// `seed` drives the weakening's choices (at full strength it changes nothing).
    pub fn think(
        &mut self,
        node: &dyn SearchNode,
        limits: &Limits,
        stop: &AtomicBool,
        seed: u64,
    ) -> GenericResult {
        self.tt.new_search();
        let mut s = Searcher::new(
            &mut self.tt,
            stop,
            limits,
            node.mover(),
            seed,
            self.weakening,
            self.mode,
        );
        s.selective = self.selective;
        s.run(node, limits)
    }
}

/// One full-strength search with a fresh table of [`GENERIC_HASH_MIB`] and no stop flag: the
/// same node, seed and depth or node limits give the same result every time.
pub fn think(node: &dyn SearchNode, limits: &Limits, seed: u64) -> GenericResult {
    GenericEngine::default().think(node, limits, &AtomicBool::new(false), seed)
}
