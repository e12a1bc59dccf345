//! One `go` on its own thread: the search, its `info` lines and its one answer, which waits
//! for `stop` under `go infinite` and for `ponderhit` or `stop` under `go ponder`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use jieqi_ai::generic::GenericEngine;
use jieqi_ai::{Engine, Info, Limits, TimeBudget};
use jieqi_rules::platform::{SearchNode, Verdict};
use jieqi_rules::{Move, PlayerView, Side};

use super::output::Output;
use super::{OUTPUT_CLOSED, send};

/// A search on its thread: it prints its `info` lines and `bestmove`, and hands the engine
/// back when it ends.
pub struct Running {
    pub stop: Arc<AtomicBool>,
    /// Set once the answer is out: the thread is only returning the engine.
    pub answered: Arc<AtomicBool>,
    /// Set while `go ponder` waits for `ponderhit`.
    pub pondering: Arc<AtomicBool>,
    /// The time the `go` gave, which starts counting at `ponderhit`.
    pub after_hit: Limits,
    pub turn: Side,
    pub handle: JoinHandle<Parked>,
}

impl Running {
    /// `ponderhit`: the expected reply came; the search goes on as a timed one from now.
    pub fn ponderhit(&self) {
        if !self.pondering.swap(false, Ordering::AcqRel) {
            return;
        }
        let budget = TimeBudget::new(&self.after_hit, self.turn);
        if let Some(time) = budget.soft.or(budget.hard) {
            let stop = Arc::clone(&self.stop);
            // A flag of this search only: a late timer cannot stop a later one.
            std::thread::spawn(move || {
                std::thread::sleep(time);
                stop.store(true, Ordering::Relaxed);
            });
        }
    }
}

/// The engine a search thread hands back.
pub enum Parked {
    Family(Engine),
    Generic(GenericEngine),
}

/// One search, ready to run on its thread.
pub enum Job {
    Family {
        engine: Engine,
        view: Box<PlayerView>,
        limits: Limits,
        seed: u64,
    },
    Generic {
        engine: GenericEngine,
        node: Box<dyn SearchNode>,
        limits: Limits,
        seed: u64,
    },
}

/// What ends a finished search's wait for the GUI.
pub struct Waits {
    pub stop: Arc<AtomicBool>,
    /// `go infinite`: the answer waits for `stop`.
    pub infinite: bool,
    /// `go ponder`: the answer waits for `ponderhit` or `stop`.
    pub pondering: Arc<AtomicBool>,
}

impl Job {
    /// Searches, printing the `info` lines; the engine back, and the answer line, which is
    /// sent only when the GUI may have it (`stop`, or `ponderhit`, as UCI asks).
    pub fn run(self, out: Output, waits: &Waits) -> (Parked, String) {
        let stop = &*waits.stop;
        let (parked, answer) = match self {
            Job::Family {
                mut engine,
                view,
                limits,
                seed,
            } => {
                let answer = match search(&mut engine, &view, &limits, stop, seed, out) {
                    Some((best, ponder)) => out.best(&out.ranks.write(best), ponder),
                    None => out.no_move().to_string(),
                };
                (Parked::Family(engine), answer)
            }
            Job::Generic {
                mut engine,
                node,
                limits,
                seed,
            } => {
                let answer = match search_generic(&mut engine, &*node, &limits, stop, seed, out) {
                    Some(turn) => out.best(&turn, None),
                    None => out.no_move().to_string(),
                };
                (Parked::Generic(engine), answer)
            }
        };
        while (waits.infinite || waits.pondering.load(Ordering::Acquire))
            && !stop.load(Ordering::Relaxed)
            && !OUTPUT_CLOSED.load(Ordering::Relaxed)
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        (parked, answer)
    }
}

/// Xiangqi and Jieqi's search: `info` lines from each completed iteration; the move to
/// answer and the reply to ponder on.
fn search(
    engine: &mut Engine,
    view: &PlayerView,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    out: Output,
) -> Option<(Move, Option<Move>)> {
    if view.legal_moves.is_empty() {
        // No legal move: lost (checkmate, stalemate) or the game is over by the rules.
        let score = match view.outcome {
            Some(o) if o.is_draw() => jieqi_ai::Score::Cp(0),
            _ => jieqi_ai::Score::Mate(0),
        };
        send(&format!("info depth 0 score {}", out.score(score)));
        return None;
    }
    let mut printed = false;
    let mut on_info = |info: &Info| {
        printed = true;
        if !send(&out.info(info)) {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let result = engine.think(view, limits, stop, seed, Some(&mut on_info));
    if !printed {
        send(&out.info(&Info {
            depth: result.depth,
            seldepth: result.seldepth,
            multipv: None,
            score: result.score,
            nodes: result.nodes,
            time: result.time,
            hashfull: 0,
            pv: result.pv.clone(),
        }));
    }
    // Never a move the rules refuse: fall back to the first legal move.
    let best = result
        .best
        .filter(|m| view.legal_moves.contains(m))
        .or_else(|| view.legal_moves.first().copied())?;
    let ponder = result
        .pv
        .get(1)
        .copied()
        .filter(|_| result.pv.first() == Some(&best))
        .filter(|&reply| ponder_move_is_sound(view, best, reply));
    Some((best, ponder))
}

/// A reply the GUI can ponder on: legal after `best`, and, in Jieqi, neither move turns a
/// piece up (the GUI could not write the position after an unknown reveal).
fn ponder_move_is_sound(view: &PlayerView, best: Move, reply: Move) -> bool {
    let face_down =
        |pos: &jieqi_rules::Position, m: Move| pos.piece_at(m.from).is_none_or(|p| p.is_hidden());
    if face_down(&view.position, best) {
        return false;
    }
    let mut after = view.position.clone();
    after.play_unchecked(best);
    !face_down(&after, reply) && after.legal_moves().iter().any(|&m| m == reply)
}

/// Any other variant's search, on what the side to move knows: one `info` line; the turn to
/// answer, as the variant's game reads it.
fn search_generic(
    engine: &mut GenericEngine,
    node: &dyn SearchNode,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    out: Output,
) -> Option<String> {
    let mut turns = Vec::new();
    node.turns(&mut turns);
    if turns.is_empty() {
        // The game is over (or the side to move has no turn, which loses).
        let score = match node.verdict() {
            Some(Verdict::Draw) => jieqi_ai::Score::Cp(0),
            _ => jieqi_ai::Score::Mate(0),
        };
        send(&format!("info depth 0 score {}", out.score(score)));
        return None;
    }
    let found = engine.think(node, limits, stop, seed);
    send(&out.generic_info(
        found.depth,
        found.score,
        found.nodes,
        found.time,
        &found.text,
    ));
    // Never a turn the node did not list: fall back to the first.
    let turn = found.turn.filter(|t| turns.contains(t)).unwrap_or(turns[0]);
    Some(node.turn_text(turn))
}
