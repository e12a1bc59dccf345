//! The search: iterative deepening over a principal-variation alpha-beta (negamax) with
//! aspiration windows, a quiescence search over the captures that do not lose material by
//! exchange evaluation ([`crate::see`]; all evasions when in check), null-move pruning,
//! razoring, reverse futility, futility (at the depth a move's reduction would leave it),
//! late-move and history pruning, late move reductions (also for losing captures, and one
//! ply more where a cut is expected), check and singular extensions, mate-distance pruning,
//! and repetitions, the move limit and the no-capture limit as the game's rule set judges them
//! (rules.md §5, §6, §10: [`Context::rules`]). Moves are ordered by the table move, captures
//! by victim and attacker then capture history, killers, then quiet moves by history and
//! continuation histories ([`crate::ordering`]). What prunes on the static evaluation reads it
//! corrected by the correction history ([`crate::correction`]).
//!
//! Each of these was kept because it won against the build without it, measured with
//! `jieqi-cli match --a Master --b-engine "OLD_BUILD uci" --movetime 100 --games 100`; two that
//! lost were dropped: extending only checks that keep the checker (48%) and quiet checks in
//! quiescence (37.5%). The correction and capture histories came later, accepted together by
//! an SPRT against the build without them, and the cut-node reduction by another
//! (docs/engine-strength.md, the log of issue 22).
//!
//! Scores are centipawns from the side to move's point of view; a mate in `n` plies is
//! `MATE - n` ([`crate::score`]). Having no legal move loses, in check or not (rules.md §5:
//! stalemate loses).
//!
//! By concern: repetition on the search path in [`cycles`], Jieqi reveals as chance nodes in
//! [`reveal`], the low levels' deliberate weakening in [`weakening`], several lines (MultiPV)
//! in [`multipv`].

mod cycles;
mod multipv;
mod reveal;
mod weakening;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use jieqi_rules::{MOVE_LIMIT_PLIES, Move, MoveList, Piece, Position, RepetitionRules, Role};

use crate::chance::Unseen;
use crate::eval::{evaluate, evaluate_with, order_value};
use crate::limits::{Limits, TimeBudget};
use crate::ordering::{Heuristics, MovePicker, Previous, cont_key};
use crate::params::*;
use crate::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, mated_in};
use crate::see::loses_material;
use crate::tt::{Bound, TranspositionTable, TtEntry};
use crate::{Info, Line, Score, SearchResult, Weakening};

/// Deepest iteration.
pub const MAX_DEPTH: i32 = 100;

/// Nodes between looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 2048;

/// Which search a child gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The main search (quiescence once out of depth).
    Main,
    /// Quiescence.
    Quiesce,
}

/// A root move and what the last iterations said about it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    /// Score in the iteration under way (or `-INFINITY` when not searched yet).
    score: i32,
    /// Score of the last completed iteration.
    prev_score: i32,
}

/// A node of the main search as its parent asks for it: its distance from the root, the
/// depth left to search, and the window (`alpha`, `beta`) its score is wanted in.
#[derive(Clone, Copy, Debug)]
struct Node {
    ply: usize,
    depth: i32,
    alpha: i32,
    beta: i32,
}

impl Node {
    /// The node after a move from this one, searched to `depth`: a ply deeper, the window
    /// seen from the other side.
    #[inline]
    fn child(self, depth: i32) -> Node {
        Node {
            ply: self.ply + 1,
            depth,
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }
}

/// A move as the search plays it.
#[derive(Clone, Copy, Debug)]
struct Played<'p> {
    mv: Move,
    /// The position after it (a face-down piece arriving as its start point's role).
    child: &'p Position,
    gives_check: bool,
    /// Plies since the last capture after it (repetition lookback).
    reversible: usize,
}

/// What the phases of one node of the main search share ([`Searcher::negamax`]).
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The node: its window narrowed by mate distance (the move loop raises alpha), its depth
    /// less the internal iterative reduction once that is decided.
    node: Node,
    in_check: bool,
    /// Searched with a full window (as the parent asked, before mate distance).
    pv_node: bool,
    /// Expected to fail high, as its parent searched it, and no PV node.
    cut_node: bool,
    key: u64,
    tt: Option<TtEntry>,
    tt_move: Option<Move>,
    /// The move a singular-extension search leaves out here.
    excluded: Option<Move>,
    /// The static evaluation as the table or the evaluation gave it (0 in check).
    raw_eval: i32,
    /// Corrected by the correction history (`-INFINITY` in check).
    eval: i32,
    /// Better than the side's evaluation two plies up.
    improving: bool,
    /// The move the singular-extension test found singular.
    singular: Option<Move>,
}

/// A move of the move loop, with what ordering and playing it told.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    mv: Move,
    piece: Piece,
    victim: Option<Piece>,
    /// The picker's score (for a quiet move its histories).
    order: i32,
    /// A capture that loses material by exchange.
    bad_capture: bool,
    gives_check: bool,
    killer: bool,
}

impl Candidate {
    #[inline]
    fn quiet(&self) -> bool {
        self.victim.is_none()
    }
}

/// What the move loop has found at a node so far.
#[derive(Debug)]
struct Tried {
    best: i32,
    /// The move that last raised alpha (`None`: none did).
    best_move: Option<Move>,
    searched: usize,
    /// Whether a weakened player overlooked a move here.
    skipped: bool,
    /// The first quiet moves and captures searched without a cut: their histories fall when
    /// a later move cuts.
    quiets: [Option<Move>; 64],
    n_quiets: usize,
    captures: [Option<Move>; 32],
    n_captures: usize,
}

impl Tried {
    #[inline]
    fn new() -> Tried {
        Tried {
            best: -INFINITY,
            best_move: None,
            searched: 0,
            skipped: false,
            quiets: [None; 64],
            n_quiets: 0,
            captures: [None; 32],
            n_captures: 0,
        }
    }

    /// Notes a move searched without a cut.
    #[inline]
    fn remember(&mut self, c: &Candidate) {
        if c.quiet() && self.n_quiets < self.quiets.len() {
            self.quiets[self.n_quiets] = Some(c.mv);
            self.n_quiets += 1;
        } else if !c.quiet() && self.n_captures < self.captures.len() {
            self.captures[self.n_captures] = Some(c.mv);
            self.n_captures += 1;
        }
    }
}

/// What a search knows of the game besides the position: the rules it plays by, its history
/// and, for Jieqi, what the searching player has not seen.
#[derive(Clone, Debug, Default)]
pub(crate) struct Context<'c> {
    /// The game's rules for repeated positions and long games (rules.md §5, §6, §10): the one
    /// place that says when the search scores the move limit and the no-capture limit as a
    /// draw, and whether the rules' own judge decides a cycle ([`cycles`]).
    pub rules: RepetitionRules,
    /// The hashes of the game's earlier positions, oldest first.
    pub history: &'c [u64],
    /// Whether the side to move was in check in each of those positions, when known.
    pub history_checks: Option<Vec<bool>>,
    /// The game's earlier positions, parallel to `history`: what the rules' judge replays when
    /// a cycle reaches into the game (needed only where [`RepetitionRules::chase_loses`]).
    pub positions: Vec<Position>,
    /// `moves[k]` led from `positions[k]` to the next position (the root after the last).
    pub moves: Vec<Move>,
    pub jieqi: Option<JieqiContext>,
}

/// A Jieqi search's knowledge for its chance nodes: the pool, and the knobs.
#[derive(Clone, Debug)]
pub(crate) struct JieqiContext {
    pub unseen: Unseen,
    pub tuning: JieqiTuning,
    /// Hindsight: what each face-down piece is, by its point (see [`KnownDeal`]).
    pub deal: Option<KnownDeal>,
}

/// Hindsight (a review's line of what the deal held): the identity of the face-down piece on
/// each point, by [`Square::index`](jieqi_rules::Square::index). A face-down piece never leaves its point unrevealed, so
/// a reveal in the search shows this identity, a single outcome, instead of a chance over
/// the pool. Never used to play: a player cannot know it.
pub type KnownDeal = Box<[Option<Role>; 90]>;

/// What an engine keeps from one search to the next: the table and the move-ordering (and
/// correction) histories.
pub(crate) struct Memory<'a> {
    pub tt: &'a mut TranspositionTable,
    pub heur: &'a mut Heuristics,
    /// The table of the lines after the first (MultiPV, [`multipv`]); `None` for one line.
    pub lines_tt: Option<&'a mut TranspositionTable>,
}

/// Everything one search owns.
pub(crate) struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    heur: &'a mut Heuristics,
    /// The lines after the first store here, not in `tt` ([`multipv`]).
    lines_tt: Option<&'a mut TranspositionTable>,
    stop: &'a AtomicBool,
    start: Instant,
    budget: TimeBudget,
    max_nodes: u64,
    pub(crate) nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Hashes: the game history, then one per ply of the current path.
    keys: Vec<u64>,
    /// Whether the side to move was in check, parallel to `keys` (false for the history).
    checks: Vec<bool>,
    hist_len: usize,
    /// Plies since the last capture or null move, per ply of the path (repetition lookback).
    reversible: [usize; MAX_PLY + 1],
    /// Static evaluation per ply (for "improving").
    evals: [i32; MAX_PLY + 1],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    lmr: [[u8; 64]; 64],
    root_depth: i32,
    weak: Weakening,
    seed: u64,
    /// Whether `checks` is known for the game history (else cycles into it are draws).
    history_checks: bool,
    /// The game's rules for repeated positions and long games (from [`Context::rules`]).
    rules: RepetitionRules,
    /// What the rules' judge needs to decide a cycle: present where the rules judge chase.
    replay: Option<Box<Replay>>,
    /// Jieqi: chance nodes and the pool per ply.
    jieqi: Option<Box<JieqiState>>,
    /// The move a singular-extension search leaves out, per ply.
    excluded: [Option<Move>; MAX_PLY + 1],
    /// Whether each ply's node is expected to fail high (a cut node), as its parent searched
    /// it: set by the parent before each child's search.
    cut: [bool; MAX_PLY + 2],
    /// The continuation key of the move that led to each ply (None: a null move, or the root).
    cont: [Option<u16>; MAX_PLY + 2],
    /// A move-ordering buffer per ply, reused from node to node.
    buffers: Vec<Vec<(i32, Move)>>,
    /// Static evaluations by node key: the key's upper 48 bits, the score in the low 16.
    eval_cache: Vec<u64>,
    /// The root moves to choose among (UCI's `go searchmoves`); `None`: every legal move.
    pub(crate) root_moves: Option<Vec<Move>>,
    /// How many lines to find (MultiPV, [`multipv`]).
    pub(crate) multipv: usize,
    /// The line under way (0 the best): the root moves of the lines before it are left out.
    line: usize,
    /// The later lines' root moves, in the order of the last depth's lines ([`multipv`]).
    other_lines: Vec<RootMove>,
    /// Whether the root move searched last is a reveal whose value neither of its bounds
    /// decided under a null window: an estimate, not a bound ([`reveal`]).
    root_estimate: bool,
}

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// A Jieqi search's per-ply knowledge.
struct JieqiState {
    /// The identities not seen, per ply of the path.
    know: [Unseen; MAX_PLY + 2],
    tuning: JieqiTuning,
    /// Hindsight only: the deal.
    deal: Option<KnownDeal>,
}

/// The game and the search path, for replaying a cycle to the rules' judge ([`cycles`]).
struct Replay {
    /// The move that led to each ply of the path, with the piece that arrived.
    path: [(Move, Piece); MAX_PLY + 2],
    /// The game's positions before the root, then the root.
    positions: Vec<Position>,
    /// `moves[k]` led from `positions[k]` to the next position.
    moves: Vec<Move>,
}

/// A null move as the path records it: a move of the general from its point to itself.
fn null_path_move(pos: &Position) -> (Move, Piece) {
    let g = pos.general(pos.turn());
    (Move::new(g, g), Piece::new(pos.turn(), Role::General))
}

/// Whether the side to move has a piece other than the general, advisors, elephants and
/// soldiers: where it has not, zugzwang is real and null-move pruning is unsound.
fn has_big_pieces(pos: &Position) -> bool {
    let board = pos.board();
    let mut bits = board.occupied_by(pos.turn());
    let mut big = 0;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(p) = jieqi_rules::Square::from_index(sq).and_then(|s| board.piece_at(s)) {
            big += match p.role() {
                Role::Chariot => 2,
                Role::Horse | Role::Cannon => 1,
                _ => 0,
            };
        }
    }
    big >= 2
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        memory: Memory<'a>,
        stop: &'a AtomicBool,
        limits: &Limits,
        pos: &Position,
        ctx: Context<'_>,
        weak: Weakening,
        seed: u64,
    ) -> Searcher<'a> {
        let history = ctx.history;
        let start = Instant::now();
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIV;
                *r = v.max(0.0) as u8;
            }
        }
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        let history_checks = ctx
            .history_checks
            .as_ref()
            .is_some_and(|c| c.len() == history.len());
        let mut checks = match ctx.history_checks {
            Some(c) if history_checks => c,
            _ => vec![false; history.len()],
        };
        checks.reserve(MAX_PLY + 2);
        let rules = ctx.rules;
        debug_assert_eq!(ctx.positions.len(), ctx.moves.len());
        let replay = rules.chase_loses.then(|| {
            let mut positions = ctx.positions;
            positions.push(pos.clone());
            Box::new(Replay {
                path: [null_path_move(pos); MAX_PLY + 2],
                positions,
                moves: ctx.moves,
            })
        });
        let jieqi = ctx.jieqi.map(|j| {
            Box::new(JieqiState {
                know: [j.unseen; MAX_PLY + 2],
                tuning: j.tuning,
                deal: j.deal,
            })
        });
        keys.push(pos.hash());
        checks.push(pos.is_check());
        let mut reversible = [0; MAX_PLY + 1];
        reversible[0] = (pos.halfmoves() as usize).min(history.len());
        Searcher {
            tt: memory.tt,
            heur: memory.heur,
            lines_tt: memory.lines_tt,
            stop,
            start,
            budget: TimeBudget::new(limits, pos.turn()),
            max_nodes: limits.nodes.unwrap_or(u64::MAX).max(1),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            hist_len: history.len(),
            keys,
            checks,
            reversible,
            evals: [0; MAX_PLY + 1],
            pv: vec![
                [Move::new(pos.general(pos.turn()), pos.general(pos.turn())); MAX_PLY];
                MAX_PLY + 1
            ],
            pv_len: [0; MAX_PLY + 1],
            lmr,
            root_depth: 1,
            weak,
            seed,
            history_checks,
            rules,
            replay,
            jieqi,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            cont: [None; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 1],
            cut: [false; MAX_PLY + 2],
            eval_cache: vec![0; EVAL_CACHE_SIZE],
            root_moves: None,
            multipv: 1,
            line: 0,
            other_lines: Vec::new(),
            root_estimate: false,
        }
    }

    /// The table key of a node: the placement, and for Jieqi the pool.
    #[inline]
    fn node_key(&self, pos: &Position, ply: usize) -> u64 {
        match &self.jieqi {
            None => pos.hash(),
            Some(j) => pos.hash() ^ j.know[ply].key,
        }
    }

    /// The table's entry for `key` at `ply`. A later line of several (MultiPV) reads its own
    /// table and the first line's, the deeper entry where both have one.
    #[inline]
    fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        if self.line > 0
            && let Some(lines) = self.lines_tt.as_deref()
        {
            return match (lines.probe(key, ply), self.tt.probe(key, ply)) {
                (Some(own), Some(first)) if first.depth > own.depth => Some(first),
                (Some(own), _) => Some(own),
                (None, first) => first,
            };
        }
        self.tt.probe(key, ply)
    }

    /// Stores a node's result: a later line of several in its own table, so that the first
    /// line searches as a search of one line would ([`multipv`]).
    #[inline]
    fn store(&mut self, key: u64, ply: usize, entry: TtEntry) {
        if self.line > 0
            && let Some(lines) = self.lines_tt.as_deref_mut()
        {
            lines.store(key, ply, entry);
            return;
        }
        self.tt.store(key, ply, entry);
    }

    /// The static evaluation at `ply`, from the evaluation cache when it has the node.
    #[inline]
    fn eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let key = self.node_key(pos, ply);
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if *slot >> 16 == key >> 16 && *slot != 0 {
            return *slot as u16 as i16 as i32;
        }
        let score = match &self.jieqi {
            None => evaluate(pos),
            Some(j) => evaluate_with(pos, &j.know[ply].values),
        };
        *slot = (key & !0xFFFF) | score as i16 as u16 as u64;
        score
    }

    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts a node; every `CHECK_INTERVAL` nodes looks at the stop flag and the clock.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if let Some(hard) = self.budget.hard
                && self.elapsed() >= hard
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The continuation keys of the moves one and two plies before `ply`.
    #[inline]
    fn previous(&self, ply: usize) -> Previous {
        [
            self.cont[ply],
            if ply >= 1 { self.cont[ply - 1] } else { None },
        ]
    }

    #[inline]
    fn push_child(&mut self, ply: usize, child: &Position, in_check: bool, reversible: usize) {
        let idx = self.hist_len + ply + 1;
        self.keys.truncate(idx);
        self.checks.truncate(idx);
        self.keys.push(child.hash());
        self.checks.push(in_check);
        self.reversible[ply + 1] = reversible;
    }

    /// The child's search: the main search (quiescence once out of depth) or quiescence.
    #[inline]
    fn child_search(&mut self, child: &Position, node: Node, in_check: bool, mode: Mode) -> i32 {
        match mode {
            Mode::Main => self.negamax(child, node, in_check, true),
            Mode::Quiesce => self.qsearch(child, node.alpha, node.beta, node.ply, in_check),
        }
    }

    /// The score of the `played` move for the side to move at `at` (its ply and window; its
    /// depth is the child's). The child is searched to that depth, plus one when it gives
    /// check and `extend` (in quiescence depth means nothing). A Jieqi move of a face-down
    /// piece is a chance node ([`crate::chance`]).
    fn search_move(
        &mut self,
        pos: &Position,
        played: &Played,
        at: Node,
        extend: bool,
        mode: Mode,
    ) -> i32 {
        let (m, ply) = (played.mv, at.ply);
        let piece = pos
            .piece_at(m.from)
            .expect("a legal move starts on a piece");
        self.cont[ply + 1] = Some(cont_key(piece, m));
        let mut child = played.child;
        let mut gives_check = played.gives_check;
        let mut reversible = played.reversible;
        let unrevealed;
        if let Some(state) = self.jieqi.as_deref_mut() {
            if piece.is_hidden() {
                if mode == Mode::Main && (ply == 0 || at.depth >= state.tuning.chance_min_depth) {
                    return self.chance(pos, m, piece.side(), at, extend, mode);
                }
                // Near the horizon: the piece arrives still face-down, worth its side's mean
                // unseen identity and moving on as its start point's piece (see `chance`).
                let mut c = pos.clone();
                c.play_unchecked_as(m, piece);
                gives_check = c.is_check();
                unrevealed = c;
                child = &unrevealed;
                reversible = 0;
            }
            state.know[ply + 1] = state.know[ply];
        }
        // The piece arrives as it left (a face-down one stays face-down here).
        self.note_path(ply, (m, piece));
        if mode == Mode::Main {
            self.push_child(ply, child, gives_check, reversible);
        }
        let d = at.depth + (gives_check && extend) as i32;
        let score = -self.child_search(child, at.child(d), gives_check, mode);
        if reversible == 0 && child.piece_at(m.to).is_some_and(|p| p.is_hidden()) {
            // The PV stops at a reveal (here one the search left face-down).
            self.pv_len[ply + 1] = ply + 1;
        }
        score
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = m;
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Quiescence: stand pat, then captures that do not lose material (every evasion when in
    /// check).
    fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval(pos, ply) };
        }
        let key = self.node_key(pos, ply);
        let tt = self.probe(key, ply);
        if let Some(hit) = tt.filter(|h| h.cuts(alpha, beta)) {
            return hit.score;
        }
        let (raw_eval, stand) = self.static_eval(pos, ply, in_check, tt);
        if stand >= beta {
            return stand;
        }
        let mut best = stand;
        if stand > alpha {
            alpha = stand;
        }
        // Out of check only captures are generated, so a side left without any legal move
        // here stands pat (the main search scores such a loss; quiescence misses it).
        let moves = if in_check {
            pos.legal_moves()
        } else {
            pos.legal_captures()
        };
        if in_check && moves.is_empty() {
            return mated_in(ply);
        }
        let buffer = std::mem::take(&mut self.buffers[ply]);
        let mut picker = MovePicker::captures_in(
            buffer,
            pos,
            &moves,
            tt.and_then(|h| h.mv),
            self.heur,
            in_check,
        );
        let orig_alpha = alpha;
        let mut best_move = None;
        while let Some(m) = picker.next_move() {
            if !in_check && self.futile_capture(pos, m, stand, alpha, ply, key) {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.is_check();
            let played = Played {
                mv: m,
                child: &child,
                gives_check,
                reversible: 0,
            };
            let at = Node {
                ply,
                depth: 0,
                alpha,
                beta,
            };
            let score = self.search_move(pos, &played, at, false, Mode::Quiesce);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && best == -INFINITY {
            // Every evasion was pruned (cannot happen: nothing is pruned in check).
            best = mated_in(ply);
        }
        let bound = Bound::of(best, beta, alpha > orig_alpha);
        self.buffers[ply] = picker.into_buffer();
        self.store(
            key,
            ply,
            TtEntry {
                mv: best_move,
                score: best,
                eval: raw_eval,
                depth: 0,
                bound,
            },
        );
        best
    }

    /// Whether quiescence out of check leaves the capture `m` out: its victim cannot lift the
    /// stand-pat score `stand` to `alpha` (delta pruning), a weakened player overlooks it, or
    /// it loses material by exchange (then it cannot raise the stand-pat score either).
    #[inline(always)]
    fn futile_capture(
        &self,
        pos: &Position,
        m: Move,
        stand: i32,
        alpha: i32,
        ply: usize,
        key: u64,
    ) -> bool {
        if let Some(v) = pos.piece_at(m.to)
            && stand + order_value(v) + DELTA_MARGIN <= alpha
        {
            return true;
        }
        self.overlooks(ply, key, m) || loses_material(pos, m)
    }

    /// Principal-variation search below the root, in phases: what ends the node before any
    /// move (the rules, the deepest ply, mate distance, the table), the static evaluation,
    /// pruning on it ([`Self::prune_node`]), the singular-extension test
    /// ([`Self::singular`]), the move loop ([`Self::search_moves`]) and what its result
    /// teaches ([`Self::record`]).
    fn negamax(&mut self, pos: &Position, node: Node, in_check: bool, null_ok: bool) -> i32 {
        let ply = node.ply;
        if node.depth <= 0 {
            return self.qsearch(pos, node.alpha, node.beta, ply, in_check);
        }
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        // Of the window as the parent gave it, before mate distance narrows it.
        let pv_node = node.beta - node.alpha > 1;
        let cut_node = self.cut[ply] && !pv_node;
        if let Some(score) = self.rule_end(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval(pos, ply) };
        }
        // Mate-distance pruning: no score here can beat a shorter mate already found.
        let mut node = node;
        node.alpha = node.alpha.max(mated_in(ply));
        node.beta = node.beta.min(-mated_in(ply + 1));
        if node.alpha >= node.beta {
            return node.alpha;
        }

        let excluded = self.excluded[ply];
        // A search that leaves a move out is not this node's search: no table cut or store.
        let key = self.node_key(pos, ply);
        let tt = match excluded {
            None => self.probe(key, ply),
            Some(_) => None,
        };
        if let Some(hit) = tt
            && !pv_node
            && hit.depth >= node.depth
            && hit.cuts(node.alpha, node.beta)
        {
            return hit.score;
        }

        let (raw_eval, eval) = self.static_eval(pos, ply, in_check, tt);
        self.evals[ply] = eval;
        let mut f = Frame {
            node,
            in_check,
            pv_node,
            cut_node,
            key,
            tt,
            tt_move: tt.and_then(|h| h.mv),
            excluded,
            raw_eval,
            eval,
            improving: !in_check && ply >= 2 && eval > self.evals[ply - 2],
            singular: None,
        };
        if let Some(score) = self.prune_node(pos, &f, null_ok) {
            return score;
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return mated_in(ply);
        }
        // Internal iterative reduction: without a hash move this node is probably not worth
        // the full depth.
        if f.tt_move.is_none() && f.node.depth >= 4 {
            f.node.depth -= 1;
        }
        f.singular = match self.singular(pos, &f) {
            ControlFlow::Continue(m) => m,
            ControlFlow::Break(score) => return score,
        };
        let mut tried = Tried::new();
        if self
            .search_moves(pos, &moves, &mut f, &mut tried)
            .is_break()
        {
            return 0;
        }
        self.record(pos, &f, &tried)
    }

    /// The end the game's rule set puts to a node below the root: a repetition (as the rules
    /// judge it), the move limit or the no-capture limit.
    #[inline(always)]
    fn rule_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        if let Some(score) = self.repetition(ply) {
            return Some(score);
        }
        if ply > 0 && self.rules.move_limit && self.hist_len + ply >= MOVE_LIMIT_PLIES {
            // 400 plies end the game, unless the rule set turns the limit off (rules.md §5, §10).
            return Some(DRAW_SCORE);
        }
        if ply > 0 && self.rules.no_capture_draws && pos.halfmoves() >= self.rules.no_capture_plies
        {
            // So many plies without a capture end the game where the rule set says so: Jieqi
            // (120 plies, or its own limit), Xiangqi under no-capture=draw (rules.md §6, §10).
            return Some(DRAW_SCORE);
        }
        None
    }

    /// Pruning before any move, at null-window nodes out of check and away from mate scores:
    /// reverse futility, razoring and the null move. `Some`: the node's score.
    #[inline(always)]
    fn prune_node(&mut self, pos: &Position, f: &Frame, null_ok: bool) -> Option<i32> {
        let Node {
            ply,
            depth,
            alpha,
            beta,
        } = f.node;
        if f.pv_node || f.in_check || beta.abs() >= MATE_BOUND || f.excluded.is_some() {
            return None;
        }
        let eval = f.eval;
        // Reverse futility: far above beta with little depth left.
        if depth <= RFP_DEPTH && eval - RFP_MARGIN * (depth - f.improving as i32) >= beta {
            return Some(eval);
        }
        // Razoring: far below alpha near the horizon, only captures could help.
        if depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < alpha {
            let score = self.qsearch(pos, alpha, beta, ply, false);
            if score < alpha {
                return Some(score);
            }
        }
        if null_ok && depth >= NULL_MIN_DEPTH && eval >= beta && has_big_pieces(pos) {
            return self.null_move(pos, f);
        }
        None
    }

    /// Null move: if passing still holds beta, a real move will too. `Some`: the node's score.
    #[inline(always)]
    fn null_move(&mut self, pos: &Position, f: &Frame) -> Option<i32> {
        let Node {
            ply, depth, beta, ..
        } = f.node;
        let r = NULL_BASE_REDUCTION
            + depth / NULL_DEPTH_DIV
            + ((f.eval - beta) / NULL_EVAL_DIV).min(NULL_EVAL_MAX);
        let mut child = pos.clone();
        child.play_null();
        if let Some(state) = self.jieqi.as_deref_mut() {
            state.know[ply + 1] = state.know[ply];
        }
        if self.replay.is_some() {
            self.note_path(ply, null_path_move(pos));
        }
        self.push_child(ply, &child, false, 0);
        self.cont[ply + 1] = None;
        self.cut[ply + 1] = !f.cut_node;
        let null_window = Node {
            ply: ply + 1,
            depth: depth - 1 - r,
            alpha: -beta,
            beta: -beta + 1,
        };
        let score = -self.negamax(&child, null_window, false, false);
        if self.stopped {
            return Some(0);
        }
        if score >= beta {
            return Some(if score >= MATE_BOUND { beta } else { score });
        }
        None
    }

    /// Singular extension: when the table's move holds far better than every other move
    /// searched shallower, it is searched a ply deeper (`Continue(Some(it))`); when even the
    /// others hold beta, the node is cut (multi-cut: `Break(score)`).
    #[inline(always)]
    fn singular(&mut self, pos: &Position, f: &Frame) -> ControlFlow<i32, Option<Move>> {
        let Node {
            ply, depth, beta, ..
        } = f.node;
        if let (Some(hit), Some(tm)) = (f.tt, f.tt_move)
            && ply > 0
            && depth >= SINGULAR_MIN_DEPTH
            && hit.depth >= depth - 3
            && hit.bound != Bound::Upper
            && hit.score.abs() < MATE_BOUND
            && (ply as i32) < 2 * self.root_depth
        {
            let singular_beta = hit.score - SINGULAR_MARGIN * depth / 8;
            self.excluded[ply] = Some(tm);
            let without = Node {
                ply,
                depth: (depth - 1) / 2,
                alpha: singular_beta - 1,
                beta: singular_beta,
            };
            let score = self.negamax(pos, without, f.in_check, false);
            self.excluded[ply] = None;
            if self.stopped {
                return ControlFlow::Break(0);
            }
            if score < singular_beta {
                return ControlFlow::Continue(Some(tm));
            } else if singular_beta >= beta {
                return ControlFlow::Break(singular_beta);
            }
        }
        ControlFlow::Continue(None)
    }

    /// The move loop: every move in the picker's order, pruned or searched
    /// ([`Self::score_move`]) until one reaches beta; it raises `f`'s alpha and fills `tried`.
    /// `Break`: the search was stopped.
    #[inline(always)]
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        f: &mut Frame,
        tried: &mut Tried,
    ) -> ControlFlow<()> {
        let ply = f.node.ply;
        self.heur.clear_killers(ply + 1);
        let buffer = std::mem::take(&mut self.buffers[ply]);
        let prev = self.previous(ply);
        let mut picker = MovePicker::new_in(buffer, pos, moves, f.tt_move, self.heur, ply);
        while let Some((order, m)) = picker.next_scored(pos, self.heur, prev) {
            if Some(m) == f.excluded {
                continue;
            }
            let piece = pos
                .piece_at(m.from)
                .expect("a legal move starts on a piece");
            let victim = pos.piece_at(m.to);
            if victim.is_some() && !f.in_check && self.overlooks(ply, f.key, m) {
                tried.skipped = true;
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let c = Candidate {
                mv: m,
                piece,
                victim,
                order,
                bad_capture: victim.is_some() && MovePicker::is_bad_capture(order),
                gives_check: child.is_check(),
                killer: self.heur.is_killer(ply, m),
            };
            if self.prunes(f, &c, tried) {
                continue;
            }
            let score = self.score_move(pos, f, &c, &child, tried.searched);
            if self.stopped {
                return ControlFlow::Break(());
            }
            tried.searched += 1;
            if score > tried.best {
                tried.best = score;
                if score > f.node.alpha {
                    f.node.alpha = score;
                    tried.best_move = Some(m);
                    if f.pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= f.node.beta {
                        self.reward_cut(pos, f, &c, tried, prev);
                        break;
                    }
                }
            }
            tried.remember(&c);
        }
        self.buffers[ply] = picker.into_buffer();
        ControlFlow::Continue(())
    }

    /// Whether the move loop skips `c` unsearched: near the horizon at a null-window node out
    /// of check, once a move has scored above a mate, a quiet move or a losing capture that
    /// does not give check and looks hopeless.
    #[inline(always)]
    fn prunes(&self, f: &Frame, c: &Candidate, tried: &Tried) -> bool {
        if f.in_check || c.gives_check || tried.best <= -MATE_BOUND || f.pv_node {
            return false;
        }
        let depth = f.node.depth;
        if c.bad_capture {
            // A losing capture this close to the horizon: quiescence would not try it.
            return depth <= BAD_CAPTURE_PRUNE_DEPTH;
        }
        if !c.quiet() {
            return false;
        }
        // Late move pruning: enough quiet moves tried this near the horizon.
        let lmp = (LMP_BASE + LMP_FACTOR * (depth * depth) as usize) << f.improving as usize;
        if depth <= LMP_DEPTH && tried.n_quiets >= lmp {
            return true;
        }
        // Futility pruning, at the depth late move reductions would leave this move: a late
        // move gets the margin of the shallower search it would get.
        let lmr_depth = depth - self.base_reduction(depth, tried.searched);
        if lmr_depth <= FUTILITY_DEPTH
            && !c.killer
            && f.eval + FUTILITY_MARGIN * lmr_depth.max(1) <= f.node.alpha
        {
            return true;
        }
        // History pruning: a quiet move that has kept failing elsewhere.
        depth <= HISTORY_PRUNE_DEPTH && !c.killer && c.order < -HISTORY_PRUNE * depth
    }

    /// The score of `c` (leading to `child`), the move after `searched` others, by
    /// principal-variation search: the first with the node's window; a later one with a null
    /// window, reduced if late, then again unreduced and with the full window while it beats
    /// alpha.
    #[inline(always)]
    fn score_move(
        &mut self,
        pos: &Position,
        f: &Frame,
        c: &Candidate,
        child: &Position,
        searched: usize,
    ) -> i32 {
        let Node {
            ply,
            depth,
            alpha,
            beta,
        } = f.node;
        let extend = (ply as i32) < 2 * self.root_depth;
        let new_depth = depth - 1 + (f.singular == Some(c.mv) && !c.gives_check) as i32;
        let played = Played {
            mv: c.mv,
            child,
            gives_check: c.gives_check,
            reversible: if c.quiet() {
                self.reversible[ply] + 1
            } else {
                0
            },
        };
        let at = |depth: i32, alpha: i32, beta: i32| Node {
            ply,
            depth,
            alpha,
            beta,
        };
        if searched == 0 {
            let cut = !f.pv_node && !f.cut_node;
            return self.search_main(pos, &played, at(new_depth, alpha, beta), extend, cut);
        }
        let r = if depth >= LMR_MIN_DEPTH
            && (c.quiet() || c.bad_capture)
            && !f.in_check
            && !c.gives_check
        {
            self.reduction(f, c, searched, new_depth)
        } else {
            0
        };
        let null_window = at(new_depth - r, alpha, alpha + 1);
        let mut s = self.search_main(pos, &played, null_window, extend, r > 0 || !f.cut_node);
        if s > alpha && r > 0 && !self.stopped {
            let unreduced = at(new_depth, alpha, alpha + 1);
            s = self.search_main(pos, &played, unreduced, extend, !f.cut_node);
        }
        if s > alpha && s < beta && !self.stopped {
            s = self.search_main(pos, &played, at(new_depth, alpha, beta), extend, false);
        }
        s
    }

    /// [`Self::search_move`] in the main search, the child told whether it is expected to
    /// fail high (`cut`).
    #[inline(always)]
    fn search_main(
        &mut self,
        pos: &Position,
        played: &Played,
        at: Node,
        extend: bool,
        cut: bool,
    ) -> i32 {
        self.cut[at.ply + 1] = cut;
        self.search_move(pos, played, at, extend, Mode::Main)
    }

    /// The late move reduction of `c`, the move after `searched` others, whose unreduced
    /// depth would be `new_depth`.
    #[inline(always)]
    fn reduction(&self, f: &Frame, c: &Candidate, searched: usize, new_depth: i32) -> i32 {
        let mut r = self.base_reduction(f.node.depth, searched);
        r -= f.pv_node as i32 + c.killer as i32;
        r += !f.improving as i32;
        // Where a cut is expected, a late move is unlikely to be the one.
        r += f.cut_node as i32;
        if c.quiet() && !c.killer {
            r -= c.order / LMR_HISTORY_DIV;
        }
        r.clamp(0, new_depth - 1)
    }

    /// A cut by `c`: its history rises (a quiet one becomes a killer); the histories of the
    /// captures tried before it fall, and after a quiet cut those of the quiet moves too.
    #[inline(always)]
    fn reward_cut(
        &mut self,
        pos: &Position,
        f: &Frame,
        c: &Candidate,
        tried: &Tried,
        prev: Previous,
    ) {
        let bonus = f.node.depth * f.node.depth;
        if let Some(v) = c.victim {
            self.heur.update_capture(c.piece, c.mv, v, bonus);
        } else {
            self.heur.add_killer(f.node.ply, c.mv);
            self.heur.update_quiet(c.piece, c.mv, prev, bonus);
            for q in tried.quiets[..tried.n_quiets].iter().flatten() {
                let p = pos.piece_at(q.from).expect("quiet move's piece");
                self.heur.update_quiet(p, *q, prev, -bonus);
            }
        }
        // The captures tried before did not cut.
        for m in tried.captures[..tried.n_captures].iter().flatten() {
            let p = pos.piece_at(m.from).expect("capture's piece");
            let v = pos.piece_at(m.to).expect("capture's victim");
            self.heur.update_capture(p, *m, v, -bonus);
        }
    }

    /// The node's result after the move loop: its score, and what it teaches the correction
    /// history and the table.
    #[inline(always)]
    fn record(&mut self, pos: &Position, f: &Frame, tried: &Tried) -> i32 {
        let best = tried.best;
        if f.excluded.is_some() {
            // Left out the only move worth anything (or the only move): fail low.
            return if tried.searched == 0 {
                f.node.alpha
            } else {
                best
            };
        }
        if tried.searched == 0 {
            // Only a weakened player gets here: it overlooked every move (captures, never in
            // check; pruning always leaves the first move). It sees no more than the board.
            debug_assert!(tried.skipped && !f.in_check);
            return f.eval;
        }
        // A best move is recorded only where it raised alpha.
        let bound = Bound::of(best, f.node.beta, tried.best_move.is_some());
        // The evaluation erred where the search's result lies outside it on the side its bound
        // allows (a quiet best move: a capture's gain is no error of the static evaluation).
        if !f.in_check
            && tried.best_move.is_none_or(|m| pos.piece_at(m.to).is_none())
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= f.eval)
            && !(bound == Bound::Upper && best >= f.eval)
        {
            self.heur
                .correction
                .update(pos, f.node.depth, best, f.raw_eval, self.jieqi.is_none());
        }
        let entry = TtEntry {
            mv: tried.best_move,
            score: best,
            eval: f.raw_eval,
            depth: f.node.depth,
            bound,
        };
        self.store(f.key, f.node.ply, entry);
        best
    }

    /// The static evaluation at `ply`, raw (the table's when it has the node) and corrected
    /// ([`Self::corrected`]); in check 0 and `-INFINITY`, for there is no standing still.
    #[inline(always)]
    fn static_eval(
        &mut self,
        pos: &Position,
        ply: usize,
        in_check: bool,
        tt: Option<TtEntry>,
    ) -> (i32, i32) {
        if in_check {
            return (0, -INFINITY);
        }
        let raw = tt.map_or_else(|| self.eval(pos, ply), |h| h.eval);
        (raw, self.corrected(pos, raw))
    }

    /// The late move reduction's table value for the move after `searched` others at `depth`.
    #[inline]
    fn base_reduction(&self, depth: i32, searched: usize) -> i32 {
        self.lmr[(depth as usize).min(63)][searched.min(63)] as i32
    }

    /// The static evaluation `raw` of `pos` corrected by what the search has learned of its
    /// structure ([`crate::correction`]).
    #[inline]
    fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        self.heur
            .correction
            .corrected(pos, raw, self.jieqi.is_none())
    }

    /// One iteration at the root: every root move, best first.
    fn root(
        &mut self,
        pos: &Position,
        moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        let key = self.node_key(pos, 0);
        let in_check = self.checks[self.hist_len];
        let exact_all = self.weak.is_weakened();
        // Overlooking must leave something to play.
        let may_overlook = !in_check
            && moves
                .iter()
                .any(|r| pos.piece_at(r.mv.to).is_none() || !self.overlooks(0, key, r.mv));
        let mut best = -INFINITY;
        let orig_alpha = alpha;
        for i in 0..moves.len() {
            let m = moves[i].mv;
            let quiet = pos.piece_at(m.to).is_none();
            if !quiet && may_overlook && self.overlooks(0, key, m) {
                moves[i].score = -INFINITY;
                continue;
            }
            let a = if exact_all { -INFINITY } else { alpha };
            let score = self.root_move(pos, m, depth, a, beta, i == 0 || exact_all);
            if self.stopped {
                break;
            }
            moves[i].score = score;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, m);
                    // Best first for the next iteration (and for a stop in this one).
                    moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // A later line's search leaves the better root moves out: not the root's own result.
        if !self.stopped && best > -INFINITY && self.line == 0 {
            let bound = Bound::of(best, beta, best > orig_alpha);
            let best_move = if best > orig_alpha {
                Some(moves[0].mv)
            } else {
                None
            };
            let eval = if in_check { 0 } else { self.eval(pos, 0) };
            self.tt.store(
                key,
                0,
                TtEntry {
                    mv: best_move,
                    score: best,
                    eval,
                    depth,
                    bound,
                },
            );
        }
        best
    }

    /// The score of the root move `m` searched to `depth` in the window (`alpha`, `beta`):
    /// with that window where `full`, else first with a null window at `alpha` and again with
    /// the window only where the move beats `alpha`. In a later line of several (MultiPV) a
    /// reveal whose null-window value is an estimate keeps that estimate, as the reveals off
    /// the principal variation do everywhere in the tree ([`multipv`]).
    fn root_move(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        full: bool,
    ) -> i32 {
        let quiet = pos.piece_at(m.to).is_none();
        let mut child = pos.clone();
        child.play_unchecked(m);
        let gives_check = child.is_check();
        let reversible = if quiet { self.reversible[0] + 1 } else { 0 };
        let played = Played {
            mv: m,
            child: &child,
            gives_check,
            reversible,
        };
        let value = |s: &mut Self, alpha: i32, beta: i32| {
            // The first move's child and full windows are PV nodes; the null-window searches
            // of the others expect to fail high.
            let at = Node {
                ply: 0,
                depth: depth - 1,
                alpha,
                beta,
            };
            s.search_main(pos, &played, at, true, beta - alpha == 1)
        };
        if full {
            return value(self, alpha, beta);
        }
        self.root_estimate = false;
        let mut s = value(self, alpha, alpha + 1);
        let estimate = self.line > 0 && self.root_estimate;
        if s > alpha && s < beta && !self.stopped && !estimate {
            s = value(self, alpha, beta);
        }
        s
    }

    /// The root moves to search, in the order the picker gives them (hash move, captures,
    /// history): the legal moves, or those of them the GUI named where it named any.
    fn root_move_list(&mut self, pos: &Position) -> Vec<RootMove> {
        let mut legal = pos.legal_moves();
        if let Some(only) = &self.root_moves {
            // Moves the GUI named that are not legal here are no choice at all; if none is,
            // every legal move stays (a search must answer with a legal move).
            if legal.iter().any(|m| only.contains(m)) {
                legal.retain(|m| only.contains(&m));
            }
        }
        if legal.is_empty() {
            return Vec::new();
        }
        let tt_move = self.tt.probe(self.node_key(pos, 0), 0).and_then(|h| h.mv);
        let mut picker = MovePicker::new(pos, &legal, tt_move, self.heur, 0);
        std::iter::from_fn(|| picker.next_move())
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
            })
            .collect()
    }

    /// One iteration's score, searched in an aspiration window around the last one's
    /// `prev_score`: a score outside the window widens it on that side, twice as far each
    /// time, until it is the full window.
    fn aspiration(
        &mut self,
        pos: &Position,
        moves: &mut [RootMove],
        depth: i32,
        prev_score: i32,
    ) -> i32 {
        let mut window = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH
            && prev_score.abs() < MATE_BOUND
            && !self.weak.is_weakened()
        {
            (prev_score - window, prev_score + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let s = self.root(pos, moves, depth, alpha, beta);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - window).max(-INFINITY);
            } else if s >= beta {
                beta = (s + window).min(INFINITY);
            } else {
                return s;
            }
            window *= 2;
            if window > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Takes a completed iteration's verdict into `result`: the best move first, the rest by
    /// score for the next iteration.
    fn complete_iteration(
        &mut self,
        moves: &mut [RootMove],
        depth: i32,
        score: i32,
        result: &mut SearchResult,
    ) {
        for m in moves.iter_mut() {
            m.prev_score = m.score;
        }
        // Best first (it is already), then by score; stable, so ties keep their order.
        moves[1..].sort_by_key(|m| std::cmp::Reverse(m.score));
        result.best = Some(moves[0].mv);
        result.pv = self.pv[0][..self.pv_len[0].max(1)].to_vec();
        if result.pv[0] != moves[0].mv {
            result.pv = vec![moves[0].mv];
        }
        result.score = Score::from_internal(score);
        result.depth = depth as u32;
        result.seldepth = self.seldepth as u32;
        result.nodes = self.nodes;
        result.time = self.elapsed();
        let first = Line {
            score: result.score,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            pv: result.pv.clone(),
        };
        // The later lines stay the depth before's until they are searched at this one.
        let best = moves[0].mv;
        let mut lines = std::mem::take(&mut result.lines);
        lines.retain(|l| l.pv.first() != Some(&best));
        lines.insert(0, first);
        lines.truncate(self.multipv);
        result.lines = lines;
    }

    /// A search stopped in the iteration under way: a root move completed in it with a
    /// better score than the previous best is trusted (it stands first already, its line the
    /// root's PV); otherwise the previous iteration's choice, which also stands first, stays.
    fn trust_unfinished(&self, moves: &[RootMove], result: &mut SearchResult) {
        if self.pv_len[0] > 0 && moves[0].score > -INFINITY {
            result.best = Some(moves[0].mv);
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(line) = result.lines.first_mut() {
                line.pv.clone_from(&result.pv);
            }
            // Each line its own root move.
            let mut k = 1;
            while k < result.lines.len() {
                if result.lines[k].pv.first() == Some(&moves[0].mv) {
                    result.lines.remove(k);
                } else {
                    k += 1;
                }
            }
        }
    }

    /// One iteration of a one-line search: its score, or `None` when the search stopped in it.
    fn one_line(
        &mut self,
        pos: &Position,
        moves: &mut [RootMove],
        depth: i32,
        prev_score: i32,
        result: &mut SearchResult,
    ) -> Option<i32> {
        let score = self.aspiration(pos, moves, depth, prev_score);
        if self.stopped {
            self.trust_unfinished(moves, result);
            return None;
        }
        self.complete_iteration(moves, depth, score, result);
        Some(score)
    }

    /// Tells `on_info` about the completed iteration's lines (an [`Info`] each).
    fn report(&self, result: &SearchResult, on_info: &mut Option<&mut dyn FnMut(&Info)>) {
        let Some(f) = on_info.as_deref_mut() else {
            return;
        };
        let several = self.multipv > 1;
        for (k, line) in result.lines.iter().enumerate() {
            f(&Info {
                depth: line.depth,
                seldepth: line.seldepth,
                multipv: several.then_some(k as u32 + 1),
                score: line.score,
                nodes: self.nodes,
                time: result.time,
                hashfull: self.tt.hashfull(),
                pv: line.pv.clone(),
            });
        }
    }

    /// Whether iterative deepening stops after a completed iteration at `depth` with `score`.
    fn deep_enough(&self, limits: &Limits, depth: i32, score: i32) -> bool {
        if !limits.infinite && !self.budget.may_start_iteration(self.elapsed()) {
            return true;
        }
        // A mate found with twice its plies searched: pruning can hide a shorter mate for
        // an iteration or two past its length (the mate-in-3 of `tests/search.rs`).
        score.abs() >= MATE_BOUND && 2 * (MATE - score.abs()) < depth && !limits.infinite
    }

    /// Iterative deepening. `on_info` hears about every completed iteration.
    pub(crate) fn run(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut on_info: Option<&mut dyn FnMut(&Info)>,
    ) -> SearchResult {
        let mut result = SearchResult {
            best: None,
            score: Score::Cp(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            time: Duration::ZERO,
            lines: Vec::new(),
        };
        let mut moves = self.root_move_list(pos);
        let Some(first) = moves.first() else {
            result.score = Score::from_internal(mated_in(0));
            return result;
        };
        result.best = Some(first.mv);
        result.pv = vec![first.mv];
        result.lines = vec![Line {
            score: result.score,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: result.pv.clone(),
        }];

        let max_depth = limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let mut prev_score: i32 = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            for m in moves.iter_mut() {
                m.score = -INFINITY;
            }
            let Some(score) = self.one_line(pos, &mut moves, depth, prev_score, &mut result) else {
                break;
            };
            if self.multipv > 1 && !self.later_lines(pos, &moves, depth, &mut result) {
                break;
            }
            prev_score = score;
            self.report(&result, &mut on_info);
            if self.deep_enough(limits, depth, score) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.elapsed();
        if self.weak.is_weakened()
            && let Some(m) = self.choose_weakened(pos, &moves)
            && result.best != Some(m)
        {
            result.best = Some(m);
            result.pv = vec![m];
            let s = moves.iter().find(|r| r.mv == m).map_or(0, |r| r.prev_score);
            result.score = Score::from_internal(s);
        }
        result
    }
}
