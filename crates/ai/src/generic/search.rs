//! The generic search itself: iterative deepening, fail-soft negamax alpha-beta with PVS and
//! late-move reductions, chance turns by expectation, quiescence over captures, move ordering
//! (table turn, captures by the variant's hint, killers, history), and the low levels'
//! weakening at the root. The module docs of [`super`] say what each part does and why.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use jieqi_rules::platform::{Chance, SearchNode, TurnCode, Verdict};

use super::table::{Bound, Table};
use super::{ChanceMode, GenericResult};
use crate::Score;
use crate::level::Weakening;
use crate::limits::{Limits, TimeBudget};
use crate::rng::mix;
use crate::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY};

/// Deepest iteration.
pub const MAX_DEPTH: i32 = 64;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;
/// Quiescence looks at most this many plies past the horizon (a variant's captures end by
/// themselves; this only guards against one whose do not).
const QUIESCENCE_PLIES: usize = 32;
/// Futility pruning and its reverse apply this many plies from the horizon …
const FUTILITY_DEPTH: i32 = 2;
/// … with this margin per ply.
const FUTILITY_MARGIN: i32 = 150;
/// History scores are kept per code modulo this.
const HISTORY_SLOTS: usize = 4096;

/// A root turn and its scores in this and the last completed iteration.
#[derive(Clone, Copy, Debug)]
struct RootTurn {
    turn: TurnCode,
    score: i32,
    prev_score: i32,
}

pub(super) struct Searcher<'a> {
    tt: &'a mut Table,
    stop: &'a AtomicBool,
    nodes: u64,
    max_nodes: u64,
    budget: TimeBudget,
    start: Instant,
    pub(super) stopped: bool,
    seed: u64,
    weak: Weakening,
    mode: ChanceMode,
    /// Late-move reductions and futility pruning (off only for tests that compare with a
    /// full-width search).
    pub(super) selective: bool,
    killers: [[Option<TurnCode>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Draw verdicts met so far: a node whose subtree met one has a value that depends on the
    /// path (repetition, a counter), which the table must not hand to another path.
    draws: u64,
    seldepth: usize,
}

fn verdict_score(v: Verdict, ply: usize) -> i32 {
    match v {
        Verdict::MoverWins => MATE - ply as i32,
        Verdict::MoverLoses => -MATE + ply as i32,
        Verdict::Draw => 0,
    }
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
        tt: &'a mut Table,
        stop: &'a AtomicBool,
        limits: &Limits,
        mover: jieqi_rules::Side,
        seed: u64,
        weak: Weakening,
        mode: ChanceMode,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            stop,
            nodes: 0,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            budget: TimeBudget::new(limits, mover),
            start: Instant::now(),
            stopped: false,
            seed,
            weak,
            mode,
            selective: true,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SLOTS],
            draws: 0,
            seldepth: 0,
        }
    }

    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts a node; `true` when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
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

    /// Whether the weakened player overlooks the capture `turn` at `ply` (the same answer
    /// every time for one node, turn and seed).
    fn overlooks(&self, ply: usize, key: u64, turn: TurnCode) -> bool {
        self.weak.overlook_permille > 0
            && ply <= 1
            && mix(self.seed ^ key ^ u64::from(turn.0).wrapping_mul(0x2545_F491_4F6C_DD1D)) % 1000
                < u64::from(self.weak.overlook_permille)
    }

    fn terminal(&mut self, v: Verdict, ply: usize) -> i32 {
        if v == Verdict::Draw {
            self.draws += 1;
        }
        verdict_score(v, ply)
    }

    /// Orders `turns` best first: the table's turn, captures by the variant's hint, killers,
    /// then quiet turns by history and hint.
    fn order(
        &self,
        node: &dyn SearchNode,
        turns: &mut [TurnCode],
        tt_turn: Option<TurnCode>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut keyed: Vec<(i64, TurnCode)> = turns
            .iter()
            .map(|&t| {
                let hint = i64::from(node.order_hint(t).clamp(-100_000, 100_000));
                let score = if Some(t) == tt_turn {
                    1 << 40
                } else if node.is_capture(t) {
                    (1 << 30) + hint
                } else if Some(t) == killers[0] {
                    1 << 29
                } else if Some(t) == killers[1] {
                    (1 << 29) - 1
                } else {
                    i64::from(self.history[t.0 as usize % HISTORY_SLOTS]) * 4 + hint
                };
                (score, t)
            })
            .collect();
        // Stable: equal scores keep the node's own order.
        keyed.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (slot, (_, t)) in turns.iter_mut().zip(keyed) {
            *slot = t;
        }
    }

    fn reward(&mut self, turn: TurnCode, depth: i32, ply: usize) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(turn) {
            k[1] = k[0];
            k[0] = Some(turn);
        }
        let h = &mut self.history[turn.0 as usize % HISTORY_SLOTS];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// The value of a turn's outcomes for the player making it (one certain outcome or a
    /// chance turn's expectation), its children searched `depth` deep in (`alpha`, `beta`).
    fn outcomes(
        &mut self,
        chances: &[Chance],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        if let [only] = chances {
            return -self.search(only.node.as_ref(), depth, -beta, -alpha, ply + 1);
        }
        match self.mode {
            ChanceMode::Shifted => self.expect_shifted(chances, depth, alpha, beta, ply, pv),
            ChanceMode::Star1 => self.expect_star1(chances, depth, alpha, beta, ply),
        }
    }

    /// Expectation with each child's window shifted by how much better or worse than the mean
    /// it looks statically (module docs of [`super`]).
    fn expect_shifted(
        &mut self,
        chances: &[Chance],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        let total: i64 = chances.iter().map(|c| i64::from(c.weight.max(1))).sum();
        let statics: Vec<i32> = chances
            .iter()
            .map(|c| match c.node.verdict() {
                Some(v) => -verdict_score(v, ply + 1),
                None => -c.node.evaluate(),
            })
            .map(|s| s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
            .collect();
        let mean = weighted_mean(chances, &statics, total);
        let mut values = Vec::with_capacity(chances.len());
        let (mut high, mut low, mut inside) = (0, 0, 0);
        let mut windows = Vec::with_capacity(chances.len());
        for (c, &s) in chances.iter().zip(&statics) {
            let shift = s - mean;
            let a = (alpha.saturating_add(shift)).clamp(-INFINITY, INFINITY - 1);
            let b = (beta.saturating_add(shift)).clamp(a + 1, INFINITY);
            let v = -self.search(c.node.as_ref(), depth, -b, -a, ply + 1);
            if self.stopped {
                return 0;
            }
            if v >= b {
                high += 1;
            } else if v <= a {
                low += 1;
            } else {
                inside += 1;
            }
            values.push(v);
            windows.push((a, b));
        }
        let n = chances.len();
        let agreed = high == n || low == n || inside == n;
        if !agreed && pv {
            // At a PV node the mean must be exact: search the undecided children again.
            for (i, c) in chances.iter().enumerate() {
                let (a, b) = windows[i];
                if values[i] >= b || values[i] <= a {
                    values[i] = -self.search(c.node.as_ref(), depth, -INFINITY, INFINITY, ply + 1);
                    if self.stopped {
                        return 0;
                    }
                }
            }
        }
        weighted_mean(chances, &values, total)
    }

    /// Ballard's Star1: each child's window is what keeps the mean inside (`alpha`, `beta`)
    /// given the children searched so far and the score bounds for the rest.
    fn expect_star1(
        &mut self,
        chances: &[Chance],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let (lo, hi) = (i64::from(-MATE), i64::from(MATE));
        let total: i64 = chances.iter().map(|c| i64::from(c.weight.max(1))).sum();
        let mut sum: i64 = 0;
        let mut rest = total;
        for c in chances {
            let w = i64::from(c.weight.max(1));
            rest -= w;
            let a_exact = i64::from(alpha) * total - sum - hi * rest;
            let b_exact = i64::from(beta) * total - sum - lo * rest;
            let a_i = a_exact.div_euclid(w);
            let b_i = -((-b_exact).div_euclid(w));
            let a = a_i.clamp(i64::from(-INFINITY), i64::from(INFINITY) - 1) as i32;
            let b = b_i.clamp(i64::from(a) + 1, i64::from(INFINITY)) as i32;
            let v = -self.search(c.node.as_ref(), depth, -b, -a, ply + 1);
            if self.stopped {
                return 0;
            }
            let v64 = i64::from(v);
            if v64 <= a_i && a > -INFINITY {
                // The mean is at most this, at most alpha.
                return ((sum + v64 * w + hi * rest) as f64 / total as f64).round() as i32;
            }
            if v64 >= b_i && b < INFINITY {
                return ((sum + v64 * w + lo * rest) as f64 / total as f64).round() as i32;
            }
            sum += v64 * w;
        }
        (sum as f64 / total as f64).round() as i32
    }

    pub(super) fn search(
        &mut self,
        node: &dyn SearchNode,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth <= 0 {
            return self.quiesce(node, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = node.verdict() {
            return self.terminal(v, ply);
        }
        if ply >= MAX_PLY - 1 {
            return node.evaluate();
        }
        let pv = beta - alpha > 1;
        let key = node.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit
            && !pv
            && h.cuts(depth, alpha, beta)
        {
            return h.value;
        }
        let tt_turn = hit.and_then(|h| h.turn);
        let futile = match self.futility(node, depth, alpha, beta, pv) {
            ControlFlow::Continue(futile) => futile,
            ControlFlow::Break(eval) => return eval,
        };
        let mut turns = Vec::with_capacity(48);
        node.turns(&mut turns);
        if turns.is_empty() {
            // A variant whose verdict missed the end: nothing to search.
            return node.evaluate();
        }
        self.order(node, &mut turns, tt_turn, ply);
        let draws_before = self.draws;
        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_turn = None;
        let mut chances = Vec::new();
        let mut searched = 0;
        for (i, &t) in turns.iter().enumerate() {
            let capture = node.is_capture(t);
            if capture && self.overlooks(ply, key, t) && i + 1 < turns.len() {
                continue;
            }
            if futile && !capture && searched > 0 {
                continue;
            }
            node.play(t, &mut chances);
            let v = if searched == 0 {
                self.outcomes(&chances, depth - 1, alpha, beta, ply, pv)
            } else {
                let r = self.late_reduction(t, capture, depth, searched, tt_turn, ply);
                let mut v = self.outcomes(&chances, depth - 1 - r, alpha, alpha + 1, ply, false);
                if v > alpha && r > 0 && !self.stopped {
                    v = self.outcomes(&chances, depth - 1, alpha, alpha + 1, ply, false);
                }
                if v > alpha && v < beta && pv && !self.stopped {
                    v = self.outcomes(&chances, depth - 1, alpha, beta, ply, true);
                }
                v
            };
            searched += 1;
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_turn = Some(t);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        if !capture {
                            self.reward(t, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = self.bound(best, orig_alpha, beta, draws_before);
        let keep = if best > orig_alpha { best_turn } else { None };
        self.tt.store(key, ply, keep, best, depth, bound);
        best
    }

    /// How a node's `best` in the window (`orig_alpha`, `beta`) may be stored: not at all
    /// where its subtree met a draw since the count was `draws_before` (the value depends on
    /// the path: the table keeps the turn only), else as the window says.
    fn bound(&self, best: i32, orig_alpha: i32, beta: i32, draws_before: u64) -> Bound {
        if self.draws != draws_before {
            Bound::None
        } else if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Near the horizon, at a null-window node, the static evaluation decides what is worth
    /// searching: far above beta, the node fails high on it (`Break`: the side to move is
    /// assumed to have a turn that keeps it); far below alpha, only captures can help
    /// (`Continue(true)`: the node is futile).
    fn futility(
        &self,
        node: &dyn SearchNode,
        depth: i32,
        alpha: i32,
        beta: i32,
        pv: bool,
    ) -> ControlFlow<i32, bool> {
        if self.selective
            && !pv
            && depth <= FUTILITY_DEPTH
            && alpha.abs() < MATE_BOUND
            && beta.abs() < MATE_BOUND
        {
            let eval = node.evaluate();
            if eval - FUTILITY_MARGIN * depth >= beta {
                return ControlFlow::Break(eval);
            }
            return ControlFlow::Continue(eval + FUTILITY_MARGIN * depth <= alpha);
        }
        ControlFlow::Continue(false)
    }

    /// The late-move reduction of turn `t`, searched after `searched` others: none for a
    /// capture, the table's turn or a killer, or early or shallow; one ply, two very late and
    /// deep.
    fn late_reduction(
        &self,
        t: TurnCode,
        capture: bool,
        depth: i32,
        searched: usize,
        tt_turn: Option<TurnCode>,
        ply: usize,
    ) -> i32 {
        let quiet_late = self.selective
            && !capture
            && depth >= 3
            && searched >= 3
            && Some(t) != tt_turn
            && !self.killers[ply].contains(&Some(t));
        if quiet_late {
            1 + i32::from(searched >= 10 && depth >= 5)
        } else {
            0
        }
    }

    /// Captures only, until the position is quiet; the side to move may stand pat.
    fn quiesce(
        &mut self,
        node: &dyn SearchNode,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        past: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = node.verdict() {
            return self.terminal(v, ply);
        }
        let stand = node.evaluate();
        if stand >= beta || ply >= MAX_PLY - 1 || past >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut turns = Vec::with_capacity(48);
        node.turns(&mut turns);
        turns.retain(|&t| node.is_capture(t));
        if turns.is_empty() {
            return stand;
        }
        let key = if self.weak.overlook_permille > 0 && ply <= 1 {
            node.key()
        } else {
            0
        };
        let mut keyed: Vec<(i32, TurnCode)> =
            turns.iter().map(|&t| (node.order_hint(t), t)).collect();
        keyed.sort_by_key(|&(h, _)| std::cmp::Reverse(h));
        let mut chances = Vec::new();
        for (_, t) in keyed {
            if key != 0 && self.overlooks(ply, key, t) {
                continue;
            }
            node.play(t, &mut chances);
            let v = if let [only] = chances.as_slice() {
                -self.quiesce(only.node.as_ref(), -beta, -alpha, ply + 1, past + 1)
            } else {
                // A capture of chance (none in Banqi): the plain expectation.
                let total: i64 = chances.iter().map(|c| i64::from(c.weight.max(1))).sum();
                let mut values = Vec::with_capacity(chances.len());
                for c in &chances {
                    values.push(-self.quiesce(
                        c.node.as_ref(),
                        -INFINITY,
                        INFINITY,
                        ply + 1,
                        past + 1,
                    ));
                }
                weighted_mean(&chances, &values, total)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The root's turns, ordered as any node's are ([`Self::order`]).
    fn root_turns(&self, root: &dyn SearchNode) -> Vec<RootTurn> {
        let mut codes = Vec::new();
        root.turns(&mut codes);
        if codes.is_empty() {
            return Vec::new();
        }
        let tt_turn = self.tt.probe(root.key(), 0).and_then(|h| h.turn);
        self.order(root, &mut codes, tt_turn, 0);
        codes
            .iter()
            .map(|&turn| RootTurn {
                turn,
                score: -INFINITY,
                prev_score: -INFINITY,
            })
            .collect()
    }

    /// One iteration at the root, full window: every turn's score (exact for all of them when
    /// weakened, else a null window first for all but the first), the best moved to the front.
    /// Returns the best score.
    fn root_iteration(
        &mut self,
        root: &dyn SearchNode,
        turns: &mut [RootTurn],
        depth: i32,
        may_overlook: bool,
        chances: &mut Vec<Chance>,
    ) -> i32 {
        let exact_all = self.weak.is_weakened();
        let key = root.key();
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = -INFINITY;
        for r in turns.iter_mut() {
            r.score = -INFINITY;
        }
        for i in 0..turns.len() {
            let t = turns[i].turn;
            if may_overlook && root.is_capture(t) && self.overlooks(0, key, t) {
                continue;
            }
            root.play(t, chances);
            let v = if i == 0 || exact_all {
                let a = if exact_all { -INFINITY } else { alpha };
                self.outcomes(chances, depth - 1, a, beta, 0, true)
            } else {
                let mut v = self.outcomes(chances, depth - 1, alpha, alpha + 1, 0, false);
                if v > alpha && !self.stopped {
                    v = self.outcomes(chances, depth - 1, alpha, beta, 0, true);
                }
                v
            };
            if self.stopped {
                break;
            }
            turns[i].score = v;
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    // Best first, for the next iteration and for a stop in this one.
                    turns[..=i].rotate_right(1);
                }
            }
        }
        best
    }

    /// Whether iterative deepening stops after a completed iteration at `depth` whose best
    /// score is `best`, with `n_turns` turns at the root.
    fn deep_enough(&self, limits: &Limits, depth: i32, best: i32, n_turns: usize) -> bool {
        // The next iteration costs more than all before it together: with a time per move
        // only, none starts after half of it (it would rarely finish).
        let elapsed = self.elapsed();
        let late = match (self.budget.soft, self.budget.hard) {
            (None, Some(hard)) => elapsed >= hard / 2,
            _ => !self.budget.may_start_iteration(elapsed),
        };
        if !limits.infinite && late {
            return true;
        }
        // A win or loss found within the depth searched will not change.
        if best.abs() >= MATE_BOUND && (MATE - best.abs()) < depth {
            return true;
        }
        n_turns == 1
    }

    /// Iterative deepening from the root.
    pub(super) fn run(&mut self, root: &dyn SearchNode, limits: &Limits) -> GenericResult {
        let mut result = GenericResult {
            turn: None,
            text: String::new(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        if let Some(v) = root.verdict() {
            result.score = Score::from_internal(verdict_score(v, 0));
            return result;
        }
        let mut turns = self.root_turns(root);
        let Some(first) = turns.first() else {
            return result;
        };
        result.turn = Some(first.turn);
        let max_depth = limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let key = root.key();
        // Overlooking must leave something to play.
        let may_overlook = turns
            .iter()
            .any(|r| !root.is_capture(r.turn) || !self.overlooks(0, key, r.turn));
        let mut chances = Vec::new();
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let best = self.root_iteration(root, &mut turns, depth, may_overlook, &mut chances);
            if self.stopped {
                // A turn searched fully in this iteration that beat the last best stands
                // first already and is trusted; otherwise the last iteration's best does.
                if turns[0].score > -INFINITY && depth > 1 {
                    result.turn = Some(turns[0].turn);
                }
                break;
            }
            for r in turns.iter_mut() {
                r.prev_score = r.score;
            }
            // Best first (it is already), then by score; stable, ties keep their order.
            turns[1..].sort_by_key(|r| std::cmp::Reverse(r.score));
            result.turn = Some(turns[0].turn);
            result.score = Score::from_internal(best);
            result.depth = depth as u32;
            // The root's turn only: its value is never asked for again.
            self.tt
                .store(key, 0, Some(turns[0].turn), 0, depth, Bound::None);
            if self.deep_enough(limits, depth, best, turns.len()) {
                break;
            }
        }
        if self.weak.is_weakened()
            && let Some((t, s)) = self.choose_weakened(&turns, key)
        {
            result.turn = Some(t);
            result.score = Score::from_internal(s);
        }
        result.nodes = self.nodes;
        result.time = self.elapsed();
        if let Some(t) = result.turn {
            result.text = root.turn_text(t);
        }
        result
    }

    /// The weakened player's choice: the last completed iteration's scores plus noise, then a
    /// soft-max with the level's temperature, never a turn worse than the best by more than
    /// the level's tolerated loss.
    fn choose_weakened(&self, turns: &[RootTurn], key: u64) -> Option<(TurnCode, i32)> {
        let scored: Vec<(TurnCode, i32)> = turns
            .iter()
            .filter(|r| r.prev_score > -INFINITY)
            .map(|r| (r.turn, r.prev_score.clamp(-3000, 3000)))
            .collect();
        if scored.is_empty() {
            return None;
        }
        let mut rng = self.seed ^ key.rotate_left(17);
        let mut next = || {
            rng = mix(rng);
            rng
        };
        let best_true = scored.iter().map(|x| x.1).max().unwrap_or(0);
        let noisy: Vec<(TurnCode, i32, f64)> = scored
            .iter()
            .map(|&(t, s)| {
                let noise = if self.weak.noise_cp > 0 {
                    let span = 2 * self.weak.noise_cp as u64 + 1;
                    (next() % span) as i32 - self.weak.noise_cp
                } else {
                    0
                };
                (t, s, f64::from(s + noise))
            })
            .filter(|&(_, s, _)| best_true - s <= self.weak.max_loss_cp)
            .collect();
        let top = noisy.iter().map(|x| x.2).fold(f64::MIN, f64::max);
        let temperature = f64::from(self.weak.temperature_cp.max(1));
        let weights: Vec<f64> = noisy
            .iter()
            .map(|&(_, _, v)| ((v - top) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = (next() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some((noisy[i].0, noisy[i].1));
            }
            x -= w;
        }
        noisy.last().map(|n| (n.0, n.1))
    }
}

/// The weighted mean of `values` (rounded to the nearest centipawn).
fn weighted_mean(chances: &[Chance], values: &[i32], total: i64) -> i32 {
    let sum: i64 = chances
        .iter()
        .zip(values)
        .map(|(c, &v)| i64::from(c.weight.max(1)) * i64::from(v))
        .sum();
    (sum as f64 / total as f64).round() as i32
}
