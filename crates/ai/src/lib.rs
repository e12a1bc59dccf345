//! The computer player for Xiangqi and Jieqi: an alpha-beta searcher with a hand-written
//! evaluation, and playing levels from Beginner to Master.
//!
//! Entry points: [`Engine::think`] (the computer player: it is given a [`PlayerView`], never
//! the game, so in Jieqi it knows only what its side has seen; it plays by the view's rule
//! set, rules.md §10), [`search`] (one Xiangqi search of a position under the standard rules
//! with a fresh table, deterministic for a seed and depth/node limits),
//! [`search_with_info`] (the same, reporting each completed iteration), and [`Engine`], which
//! keeps its transposition table from move to move and can play at a [`Level`], and finds
//! several lines when asked ([`Engine::set_multipv`], [`SearchResult::lines`]). [`bench()`] and
//! [`bench_jieqi`] search fixed sets of positions for speed measurements.
//!
//! Jieqi: a move of a face-down piece is a chance event over the identities the viewer has not
//! seen, weighted by the view's pool; the `chance` module documents the method (expectation
//! with shifted windows, and a face-down fiction near the horizon) and its trade-offs.

mod bench;
mod chance;
mod correction;
mod eval;
pub mod generic;
mod level;
mod limits;
mod ordering;
mod params;
pub mod review;
mod rng;
mod score;
mod search;
mod see;
mod tt;
pub mod tune;
mod weights;
mod weights_jieqi;

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_rules::{Family, Move, Piece, PlayerView, Position, RepetitionRules};

pub use bench::{
    bench, bench_jieqi, bench_jieqi_lines, bench_jieqi_views, bench_lines, bench_positions,
};
pub use eval::{HiddenValues, evaluate, evaluate_with};
pub use level::{LEVELS, Level, LevelSpec, Weakening};
pub use limits::{Clock, Limits, TimeBudget};
pub use params::JieqiTuning;
pub use score::{MATE, MAX_PLY};
pub use search::{KnownDeal, MAX_DEPTH};

use chance::Unseen;
use ordering::Heuristics;
use score::MATE_BOUND;
use search::{Context, JieqiContext, Memory, Searcher};
use tt::TranspositionTable;

/// A search's verdict, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (an uncrossed soldier is 100).
    Cp(i32),
    /// Mate in this many moves (own moves, as UCI counts); negative: being mated.
    /// `Mate(0)`: the side to move has no legal move and has lost.
    Mate(i32),
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl Score {
    /// Better scores for the side to move are greater: a mate given (the sooner the greater),
    /// then centipawns, then a mate suffered (the later the greater).
    fn rank(self) -> i64 {
        const MATES: i64 = 1 << 40;
        match self {
            Score::Mate(n) if n > 0 => MATES - i64::from(n),
            Score::Mate(n) => -MATES - i64::from(n),
            Score::Cp(cp) => i64::from(cp),
        }
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Score {
    /// As UCI writes it: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always legal, and present whenever a legal move exists.
    pub best: Option<Move>,
    pub score: Score,
    /// Deepest completed iteration (0 if stopped before the first completed).
    pub depth: u32,
    /// Deepest ply reached in that iteration.
    pub seldepth: u32,
    /// Positions visited (main search and quiescence).
    pub nodes: u64,
    /// Principal variation, starting with `best` (legal move by move).
    pub pv: Vec<Move>,
    pub time: Duration,
    /// The lines of the deepest search, best first: one, or with [`Engine::set_multipv`] up
    /// to that many, each starting with a different root move. The first is the line of
    /// `best` (a weakened level may yet play another move; a search stopped in a later line
    /// keeps the last depth's line for the moves it did not reach).
    pub lines: Vec<Line>,
}

/// One line of a search ([`SearchResult::lines`], and an [`Info`] per line): a root move's
/// score and principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    /// The iteration that searched it.
    pub depth: u32,
    /// Deepest ply reached in that iteration when the line was done.
    pub seldepth: u32,
    /// Positions the whole search had visited when the line was done.
    pub nodes: u64,
    /// Starting with the line's root move (legal move by move; a Jieqi line ends at its first
    /// reveal).
    pub pv: Vec<Move>,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// The line's rank (1 the best) in a search of several lines ([`Engine::set_multipv`]);
    /// `None` in a search of one.
    pub multipv: Option<u32>,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    /// Permille of the table written in this search (sampled).
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / us
    }
}

impl fmt::Display for Info {
    /// A UCI `info` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {} seldepth {}", self.depth, self.seldepth)?;
        if let Some(k) = self.multipv {
            write!(f, " multipv {k}")?;
        }
        write!(
            f,
            " score {} nodes {} nps {} time {} hashfull {} pv",
            self.score,
            self.nodes,
            self.nps(),
            self.time.as_millis(),
            self.hashfull
        )?;
        for m in &self.pv {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

/// Table size of [`search`] and of `Engine::default()`.
pub const DEFAULT_HASH_MIB: usize = 16;

/// A player that remembers between moves: its transposition table and history heuristic.
#[derive(Debug)]
pub struct Engine {
    tt: TranspositionTable,
    heur: Box<Heuristics>,
    weakening: Weakening,
    tuning: JieqiTuning,
    /// [`Engine::set_root_moves`].
    root_moves: Option<Vec<Move>>,
    /// [`Engine::set_hindsight`].
    hindsight: Option<KnownDeal>,
    /// [`Engine::set_multipv`].
    multipv: usize,
    /// The table of the lines after the first, made with the first line's size once more
    /// than one line is asked for.
    lines_tt: Option<TranspositionTable>,
    hash_mib: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MIB)
    }
}

impl Engine {
    /// A full-strength engine with a table of about `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(hash_mib),
            heur: Box::default(),
            weakening: Weakening::NONE,
            tuning: JieqiTuning::default(),
            root_moves: None,
            hindsight: None,
            multipv: 1,
            lines_tt: None,
            hash_mib,
        }
    }

    /// An engine that plays `variant` at `level` (use `level.limits_for(variant, clock)` for
    /// its searches).
    pub fn for_level(level: Level, variant: Family, hash_mib: usize) -> Engine {
        let mut e = Engine::new(hash_mib);
        e.weakening = level.weakening_for(variant);
        e
    }

    pub fn set_weakening(&mut self, w: Weakening) {
        self.weakening = w;
    }

    pub fn weakening(&self) -> Weakening {
        self.weakening
    }

    /// Limits the next searches' choice at the root to `moves` (UCI's `go searchmoves`;
    /// those not legal in the position searched are ignored, and if none is, every legal move
    /// is searched); `None` for every legal move.
    pub fn set_root_moves(&mut self, moves: Option<Vec<Move>>) {
        self.root_moves = moves;
    }

    /// How many lines the next searches find (MultiPV; at least 1, the default): at each
    /// depth the best root move's line, then the best of the other root moves', and so on,
    /// each in its own aspiration window ([`SearchResult::lines`]). One line searches as the
    /// engine always has; each further line costs about another search of the moves left.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// Hindsight, for a review of a finished game only: the next Jieqi searches know what
    /// each face-down piece is (`deal`, by point) and reveal it as it is instead of as a
    /// chance over the view's pool; `None` for a player's search. A player never knows the
    /// deal: nothing that plays sets it.
    pub fn set_hindsight(&mut self, deal: Option<KnownDeal>) {
        self.hindsight = deal;
    }

    /// Varies the Jieqi knobs (for selfplay experiments; the default is what plays).
    pub fn set_jieqi_tuning(&mut self, tuning: JieqiTuning) {
        self.tuning = tuning;
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        if let Some(t) = &mut self.lines_tt {
            t.clear();
        }
        *self.heur = Heuristics::default();
    }

    /// Searches `pos` under the standard Xiangqi rules (rules.md §5, §6; [`Engine::think`]
    /// plays by a game's rule set). `history` holds the hashes ([`Position::hash`]) of the
    /// game's earlier positions, oldest first, for repetition. `stop` ends the search early
    /// (checked every 2048 nodes). `seed` drives the weakened levels' choices; at full strength
    /// it changes nothing. `on_info` hears about every completed iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        seed: u64,
        on_info: Option<&mut dyn FnMut(&Info)>,
    ) -> SearchResult {
        // A bare position: the standard Xiangqi rules (no Jieqi state either).
        let ctx = Context {
            rules: RepetitionRules::XIANGQI,
            history,
            ..Context::default()
        };
        self.run(pos, ctx, limits, stop, seed, on_info)
    }

    fn run(
        &mut self,
        pos: &Position,
        ctx: Context<'_>,
        limits: &Limits,
        stop: &AtomicBool,
        seed: u64,
        on_info: Option<&mut dyn FnMut(&Info)>,
    ) -> SearchResult {
        self.tt.new_search();
        self.heur.age();
        if self.multipv > 1 {
            let hash_mib = self.hash_mib;
            self.lines_tt
                .get_or_insert_with(|| TranspositionTable::new(hash_mib))
                .new_search();
        }
        let memory = Memory {
            tt: &mut self.tt,
            heur: &mut self.heur,
            lines_tt: self.lines_tt.as_mut().filter(|_| self.multipv > 1),
        };
        let mut s = Searcher::new(memory, stop, limits, pos, ctx, self.weakening, seed);
        s.root_moves = self.root_moves.clone();
        s.multipv = self.multipv;
        s.run(pos, limits, on_info)
    }

    /// Thinks for the side to move of `view`: the computer player's entry point. A view holds
    /// only what its player knows, so the engine cannot see a Jieqi deal: for Jieqi it searches
    /// every move of a face-down piece as a chance event over the identities the viewer has
    /// not seen ([`chance`](crate) module docs: expectation with shifted windows). The search
    /// plays by the view's rule set (rules.md §10): the game's moves so far let it judge
    /// repetitions as those rules do (§6), and the move limit and the no-capture limit draw
    /// where they say so (§5, §6).
    pub fn think(
        &mut self,
        view: &PlayerView,
        limits: &Limits,
        stop: &AtomicBool,
        seed: u64,
        on_info: Option<&mut dyn FnMut(&Info)>,
    ) -> SearchResult {
        let earlier = &view.hashes[..view.hashes.len().saturating_sub(1)];
        // Replay the game: whether each earlier position was check, and the positions (for
        // rules that judge a cycle by the rules' judge).
        let mut positions = Vec::with_capacity(earlier.len());
        let mut checks = Vec::with_capacity(earlier.len());
        let mut cur = view.start.clone();
        let mut consistent = view.moves.len() == earlier.len();
        for (seen, &hash) in view.moves.iter().zip(earlier) {
            consistent &= cur.hash() == hash;
            checks.push(cur.is_check());
            positions.push(cur.clone());
            let Some(piece) = cur.piece_at(seen.mv.from) else {
                consistent = false;
                break;
            };
            let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
            cur.play_unchecked_as(seen.mv, arriving);
        }
        consistent &= cur.hash() == view.position.hash();
        let history: &[u64] = if consistent { earlier } else { &[] };
        let moves = if consistent {
            view.moves.iter().map(|s| s.mv).collect()
        } else {
            positions.clear();
            checks.clear();
            Vec::new()
        };
        let ctx = Context {
            rules: view.rules.repetition(),
            history,
            history_checks: Some(checks),
            positions,
            moves,
            jieqi: (view.variant == Family::Jieqi).then(|| JieqiContext {
                unseen: Unseen::from_pool(&view.pool, self.tuning.hidden_bonus),
                tuning: self.tuning,
                deal: self.hindsight.clone(),
            }),
        };
        self.run(&view.position, ctx, limits, stop, seed, on_info)
    }
}

/// One full-strength search with a fresh table of [`DEFAULT_HASH_MIB`]: the same seed and
/// depth or node limits give the same move and node count every time.
pub fn search(
    pos: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
) -> SearchResult {
    Engine::default().search(pos, history, limits, stop, seed, None)
}

/// [`search`], reporting each completed iteration to `on_info`.
pub fn search_with_info(
    pos: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    Engine::default().search(pos, history, limits, stop, seed, Some(on_info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
        assert_eq!(Score::from_internal(57), Score::Cp(57));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
    }

    #[test]
    fn scores_order_as_the_side_to_move_prefers_them() {
        let best_first = [
            Score::Mate(1),
            Score::Mate(4),
            Score::Cp(900),
            Score::Cp(0),
            Score::Cp(-900),
            Score::Mate(-5),
            Score::Mate(-1),
            Score::Mate(0),
        ];
        assert!(best_first.windows(2).all(|w| w[0] > w[1]), "{best_first:?}");
    }
}
