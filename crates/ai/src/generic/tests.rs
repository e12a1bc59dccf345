//! The generic search on games defined here (so the ai crate's tests need no variant): a
//! hand-made tree of turns and chance outcomes, and a seeded random game of unbounded depth.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jieqi_rules::Side;
use jieqi_rules::platform::{Chance, SearchNode, TurnCode, Verdict};

use super::*;
use crate::rng::mix;
use crate::score::{MATE, MATE_BOUND};

// ------------------------------------------------------------------------ a hand-made tree

/// A node of a hand-made game: its turns (each a capture or not, with its weighted
/// outcomes), a leaf worth a fixed value to its mover at any depth, or an end.
/// A turn of the hand-made game: whether it captures, and its outcomes with their weights.
type SpecTurn = (bool, Vec<(u32, Arc<Spec>)>);

#[derive(Debug)]
enum Spec {
    Node {
        eval: i32,
        turns: Vec<SpecTurn>,
    },
    /// Worth this to its mover; its one turn passes to a leaf worth the opposite.
    Leaf(i32),
    End(Verdict),
}

fn leaf(v: i32) -> Arc<Spec> {
    Arc::new(Spec::Leaf(v))
}

fn end(v: Verdict) -> Arc<Spec> {
    Arc::new(Spec::End(v))
}

/// A node whose turns each have one certain outcome.
fn node(eval: i32, children: Vec<Arc<Spec>>) -> Arc<Spec> {
    Arc::new(Spec::Node {
        eval,
        turns: children
            .into_iter()
            .map(|c| (false, vec![(1, c)]))
            .collect(),
    })
}

#[derive(Clone, Debug)]
struct Tree {
    spec: Arc<Spec>,
    mover: Side,
    key: u64,
}

impl Tree {
    fn root(spec: Arc<Spec>) -> Tree {
        Tree {
            spec,
            mover: Side::Red,
            key: 1,
        }
    }

    fn child(&self, spec: Arc<Spec>, turn: u32, outcome: usize) -> Tree {
        Tree {
            spec,
            mover: self.mover.other(),
            key: mix(self.key ^ mix(u64::from(turn) + 1) ^ (outcome as u64 + 1) << 40),
        }
    }
}

impl SearchNode for Tree {
    fn boxed(&self) -> Box<dyn SearchNode> {
        Box::new(self.clone())
    }
    fn mover(&self) -> Side {
        self.mover
    }
    fn verdict(&self) -> Option<Verdict> {
        match *self.spec {
            Spec::End(v) => Some(v),
            _ => None,
        }
    }
    fn turns(&self, out: &mut Vec<TurnCode>) {
        out.clear();
        match &*self.spec {
            Spec::Node { turns, .. } => out.extend((0..turns.len() as u32).map(TurnCode)),
            Spec::Leaf(_) => out.push(TurnCode(0)),
            Spec::End(_) => {}
        }
    }
    fn play(&self, turn: TurnCode, out: &mut Vec<Chance>) {
        out.clear();
        match &*self.spec {
            Spec::Node { turns, .. } => {
                for (i, (w, spec)) in turns[turn.0 as usize].1.iter().enumerate() {
                    out.push(Chance {
                        weight: *w,
                        node: Box::new(self.child(spec.clone(), turn.0, i)),
                    });
                }
            }
            Spec::Leaf(v) => out.push(Chance {
                weight: 1,
                node: Box::new(self.child(leaf(-v), 0, 0)),
            }),
            Spec::End(_) => {}
        }
    }
    fn is_capture(&self, turn: TurnCode) -> bool {
        match &*self.spec {
            Spec::Node { turns, .. } => turns[turn.0 as usize].0,
            _ => false,
        }
    }
    fn evaluate(&self) -> i32 {
        match *self.spec {
            Spec::Node { eval, .. } => eval,
            Spec::Leaf(v) => v,
            Spec::End(_) => 0,
        }
    }
    fn key(&self) -> u64 {
        self.key
    }
    fn turn_text(&self, turn: TurnCode) -> String {
        format!("t{}", turn.0)
    }
}

/// Root turns: a chance averaging 0 (but with the best single outcome), one averaging 37.5,
/// a sure 20, and one whose best outcome is 1000 but whose mean is −80.
fn gamble() -> Tree {
    let chance = |outcomes: Vec<(u32, i32)>| {
        (
            false,
            outcomes
                .into_iter()
                // A leaf is worth its value to its own mover, the opponent.
                .map(|(w, v)| (w, leaf(-v)))
                .collect::<Vec<_>>(),
        )
    };
    Tree::root(Arc::new(Spec::Node {
        eval: 0,
        turns: vec![
            chance(vec![(1, -100), (1, 100)]),
            chance(vec![(1, 300), (3, -50)]),
            chance(vec![(1, 20)]),
            chance(vec![(1, 1000), (9, -200)]),
        ],
    }))
}

fn think_with(mode: ChanceMode, node: &dyn SearchNode, limits: &Limits) -> GenericResult {
    let mut e = GenericEngine::default();
    e.set_chance_mode(mode);
    e.think(node, limits, &AtomicBool::new(false), 0)
}

const MODES: [ChanceMode; 2] = [ChanceMode::Shifted, ChanceMode::Star1];

#[test]
fn expectation_picks_the_better_average() {
    let root = gamble();
    for mode in MODES {
        for depth in [1, 2, 3, 4] {
            let r = think_with(mode, &root, &Limits::depth(depth));
            assert_eq!(r.turn, Some(TurnCode(1)), "{mode:?} depth {depth}: {r:?}");
            assert_eq!(r.text, "t1");
            // (300 + 3 × −50) / 4 = 37.5, rounded.
            assert_eq!(r.score, Score::Cp(38), "{mode:?} depth {depth}");
            assert_eq!(r.depth, depth);
        }
    }
}

#[test]
fn a_forced_win_is_found_and_counted_in_moves() {
    // Turn 1: every reply lets the root player end the game (the opponent, to move, lost).
    let finish = node(0, vec![end(Verdict::MoverLoses), leaf(0)]);
    let reply = node(0, vec![finish.clone(), finish]);
    let root = Tree::root(node(0, vec![leaf(-30), reply]));
    for mode in MODES {
        let r = think_with(mode, &root, &Limits::depth(5));
        assert_eq!(r.turn, Some(TurnCode(1)), "{r:?}");
        assert_eq!(r.score, Score::Mate(2), "{r:?}");
        // Found within the depth searched: no deeper iteration is needed.
        assert!(r.depth <= 4, "{r:?}");
        // Too shallow to see it: the sure 30.
        let r = think_with(mode, &root, &Limits::depth(2));
        assert_eq!((r.turn, r.score), (Some(TurnCode(0)), Score::Cp(30)));
    }
    // A loss is avoided, and a lost node says so.
    let lost = Tree::root(end(Verdict::MoverLoses));
    let r = think(&lost, &Limits::depth(3), 0);
    assert_eq!(
        (r.turn, r.score, r.text.as_str()),
        (None, Score::Mate(0), "")
    );
    // Turn 0 lets the opponent end the game (the root player, to move, lost).
    let trap = node(0, vec![leaf(0), end(Verdict::MoverLoses)]);
    let root = Tree::root(node(0, vec![trap, leaf(50)]));
    let r = think(&root, &Limits::depth(3), 0);
    assert_eq!((r.turn, r.score), (Some(TurnCode(1)), Score::Cp(-50)));
}

#[test]
fn a_chance_of_losing_is_weighed_against_a_sure_thing() {
    // Turn 0 wins outright one time in four and otherwise leaves the opponent a sure 100:
    // as a mean that is far above a sure 50, the mate counted as its score.
    let root = Tree::root(Arc::new(Spec::Node {
        eval: 0,
        turns: vec![
            (false, vec![(1, end(Verdict::MoverLoses)), (3, leaf(100))]),
            (false, vec![(1, leaf(-50))]),
        ],
    }));
    for mode in MODES {
        let r = think_with(mode, &root, &Limits::depth(2));
        assert_eq!(r.turn, Some(TurnCode(0)), "{mode:?}");
        let Score::Cp(cp) = r.score else {
            panic!("{r:?}")
        };
        assert_eq!(cp, ((MATE - 1) as f64 / 4.0 - 75.0).round() as i32);
        assert!(cp < MATE_BOUND);
    }
}

#[test]
fn quiescence_sees_a_capture_past_the_horizon() {
    // Turn 0 looks good (the opponent's position evaluates at −200 for it), but the opponent
    // then captures for +500. Turn 1 is a quiet 10.
    let capture = Arc::new(Spec::Node {
        eval: -200,
        turns: vec![(true, vec![(1, leaf(-500))]), (false, vec![(1, leaf(200))])],
    });
    let root = Tree::root(node(0, vec![capture, leaf(-10)]));
    let r = think(&root, &Limits::depth(1), 0);
    assert_eq!(
        (r.turn, r.score),
        (Some(TurnCode(1)), Score::Cp(10)),
        "{r:?}"
    );
}

// ----------------------------------------------------------------- a seeded random game

/// A game of unbounded depth: a node is a hash; its turns, their chances, captures, its
/// evaluation and its end all follow from the hash. Captures take from a stock of material,
/// so a line of captures ends (as in a real game).
#[derive(Clone, Debug)]
struct Random {
    h: u64,
    mover: Side,
    material: u8,
}

impl Random {
    fn new(seed: u64) -> Random {
        Random {
            h: mix(seed),
            mover: Side::Red,
            material: 8,
        }
    }
    fn outcomes(&self, turn: u32) -> Vec<(u32, u64)> {
        let t = mix(self.h ^ mix(u64::from(turn) + 7));
        if t.is_multiple_of(3) {
            let n = 2 + (t >> 8) % 4;
            (0..n)
                .map(|o| (1 + ((t >> (16 + 4 * o)) % 4) as u32, mix(t ^ (o + 1))))
                .collect()
        } else {
            vec![(1, mix(t ^ 0xFF))]
        }
    }
}

impl SearchNode for Random {
    fn boxed(&self) -> Box<dyn SearchNode> {
        Box::new(self.clone())
    }
    fn mover(&self) -> Side {
        self.mover
    }
    fn verdict(&self) -> Option<Verdict> {
        match mix(self.h ^ 0x5E) % 71 {
            0 => Some(Verdict::MoverLoses),
            1 => Some(Verdict::Draw),
            _ => None,
        }
    }
    fn turns(&self, out: &mut Vec<TurnCode>) {
        out.clear();
        if self.verdict().is_none() {
            out.extend((0..2 + (mix(self.h ^ 1) % 4) as u32).map(TurnCode));
        }
    }
    fn play(&self, turn: TurnCode, out: &mut Vec<Chance>) {
        out.clear();
        let material = self.material - u8::from(self.is_capture(turn));
        for (weight, h) in self.outcomes(turn.0) {
            out.push(Chance {
                weight,
                node: Box::new(Random {
                    h,
                    mover: self.mover.other(),
                    material,
                }),
            });
        }
    }
    fn is_capture(&self, turn: TurnCode) -> bool {
        self.material > 0 && mix(self.h ^ mix(u64::from(turn.0) + 99)).is_multiple_of(4)
    }
    fn order_hint(&self, turn: TurnCode) -> i32 {
        (mix(self.h ^ u64::from(turn.0)) % 50) as i32
    }
    fn evaluate(&self) -> i32 {
        (mix(self.h ^ 0x77) % 601) as i32 - 300
    }
    fn key(&self) -> u64 {
        self.h
    }
    fn turn_text(&self, turn: TurnCode) -> String {
        format!("r{}", turn.0)
    }
}

/// Full-width expectimax with the search's own rules (verdict scores by ply, quiescence over
/// captures standing pat, the mean of a chance rounded to the nearest).
fn brute(n: &dyn SearchNode, depth: i32, ply: i32) -> i32 {
    if depth <= 0 {
        return brute_quiet(n, ply);
    }
    if let Some(v) = n.verdict() {
        return score_of(v, ply);
    }
    let mut turns = Vec::new();
    n.turns(&mut turns);
    turns
        .iter()
        .map(|&t| mean(n, t, |c| -brute(c, depth - 1, ply + 1)))
        .max()
        .unwrap()
}

fn brute_quiet(n: &dyn SearchNode, ply: i32) -> i32 {
    if let Some(v) = n.verdict() {
        return score_of(v, ply);
    }
    let mut turns = Vec::new();
    n.turns(&mut turns);
    turns
        .iter()
        .filter(|&&t| n.is_capture(t))
        .map(|&t| mean(n, t, |c| -brute_quiet(c, ply + 1)))
        .fold(n.evaluate(), i32::max)
}

fn score_of(v: Verdict, ply: i32) -> i32 {
    match v {
        Verdict::MoverWins => MATE - ply,
        Verdict::MoverLoses => -MATE + ply,
        Verdict::Draw => 0,
    }
}

fn mean(n: &dyn SearchNode, t: TurnCode, value: impl Fn(&dyn SearchNode) -> i32) -> i32 {
    let mut chances = Vec::new();
    n.play(t, &mut chances);
    let total: i64 = chances.iter().map(|c| i64::from(c.weight)).sum();
    let sum: i64 = chances
        .iter()
        .map(|c| i64::from(c.weight) * i64::from(value(c.node.as_ref())))
        .sum();
    (sum as f64 / total as f64).round() as i32
}

#[test]
fn star1_is_exact_expectimax() {
    for seed in 0..40 {
        let root = Random::new(seed);
        if root.verdict().is_some() {
            continue;
        }
        for depth in 1..=3 {
            let mut e = GenericEngine::default().unpruned();
            e.set_chance_mode(ChanceMode::Star1);
            let r = e.think(&root, &Limits::depth(depth), &AtomicBool::new(false), 0);
            let want = Score::from_internal(brute(&root, depth as i32, 0));
            assert_eq!(r.score, want, "seed {seed} depth {depth}");
        }
    }
}

#[test]
fn the_shifted_windows_are_exact_at_the_root_of_a_shallow_search() {
    // At depth 1 every chance node is the root's own turn, searched as a PV node: exact.
    for seed in 0..40 {
        let root = Random::new(seed);
        if root.verdict().is_some() {
            continue;
        }
        let r = think(&root, &Limits::depth(1), 0);
        assert_eq!(
            r.score,
            Score::from_internal(brute(&root, 1, 0)),
            "seed {seed}"
        );
    }
}

#[test]
fn node_limits_are_obeyed_and_give_the_same_result_every_time() {
    for seed in 0..10 {
        let root = Random::new(seed);
        if root.verdict().is_some() {
            continue;
        }
        let r = think(&root, &Limits::nodes(3_000), seed);
        assert!(r.nodes <= 3_000, "{r:?}");
        assert!(r.depth >= 2, "{r:?}");
        let mut legal = Vec::new();
        root.turns(&mut legal);
        assert!(legal.contains(&r.turn.unwrap()));
        assert_eq!(r.text, format!("r{}", r.turn.unwrap().0));
        let again = think(&root, &Limits::nodes(3_000), seed);
        assert_eq!(
            (again.turn, again.score, again.nodes),
            (r.turn, r.score, r.nodes)
        );
        // A deeper search goes further, and depth limits are kept.
        let deep = think(&root, &Limits::depth(4), seed);
        assert_eq!(deep.depth, 4);
        assert!(deep.nodes > 0);
        let again = think(&root, &Limits::depth(4), seed);
        assert_eq!(
            (again.turn, again.score, again.nodes),
            (deep.turn, deep.score, deep.nodes)
        );
    }
}

#[test]
fn time_limits_and_the_stop_flag_end_a_search() {
    let root = Random::new(3);
    let started = Instant::now();
    let r = think(&root, &Limits::movetime(Duration::from_millis(40)), 0);
    assert!(started.elapsed() < Duration::from_secs(2), "{r:?}");
    assert!(r.turn.is_some() && r.depth >= 1, "{r:?}");
    let stop = AtomicBool::new(true);
    let r = GenericEngine::default().think(&root, &Limits::infinite(), &stop, 0);
    assert!(r.turn.is_some());
    assert!(r.nodes <= 1024, "{r:?}");
}

#[test]
fn weakened_levels_vary_their_choice_within_their_tolerated_loss() {
    let root = gamble();
    // Root scores: t0 0, t1 38, t2 20, t3 −80.
    let scores = [0, 38, 20, -80];
    let mut picked = [0; 4];
    let beginner = GenericLevel::of(Level::Beginner);
    for seed in 0..200 {
        let mut e = GenericEngine::for_level(Level::Beginner, 1);
        let r = e.think(&root, &Limits::depth(2), &AtomicBool::new(false), seed);
        let t = r.turn.unwrap().0 as usize;
        picked[t] += 1;
        assert!(38 - scores[t] <= beginner.weakening.max_loss_cp);
        // The same seed, the same choice.
        let mut again = GenericEngine::for_level(Level::Beginner, 1);
        let r2 = again.think(&root, &Limits::depth(2), &AtomicBool::new(false), seed);
        assert_eq!(r2.turn, r.turn);
    }
    assert!(picked.iter().filter(|&&n| n > 0).count() >= 3, "{picked:?}");
    assert!(picked[1] > picked[3], "{picked:?}");
    // Full strength always takes the best.
    for seed in 0..20 {
        let mut e = GenericEngine::for_level(Level::Master, 1);
        let r = e.think(&root, &Limits::depth(2), &AtomicBool::new(false), seed);
        assert_eq!(r.turn, Some(TurnCode(1)));
    }
}

#[test]
fn the_table_is_kept_between_moves_and_cleared_on_request() {
    let root = Random::new(11);
    let mut e = GenericEngine::default();
    let cold = e.think(&root, &Limits::depth(5), &AtomicBool::new(false), 0);
    let warm = e.think(&root, &Limits::depth(5), &AtomicBool::new(false), 0);
    assert!(warm.nodes < cold.nodes, "{} vs {}", warm.nodes, cold.nodes);
    e.clear();
    let again = e.think(&root, &Limits::depth(5), &AtomicBool::new(false), 0);
    assert_eq!(again.nodes, cold.nodes);
}
