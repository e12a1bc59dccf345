//! The engine thinking about the position on the analysis board: its best lines (1–5), each
//! with its score, depth and moves in the chosen notation, arrows for their first moves and
//! an evaluation bar.
//!
//! The search runs on a thread of its own until stopped, never in a frame, and is given what
//! the side to move knows (`Tree::position_text`: in Jieqi the pool of the unseen, searched
//! as chance nodes), never more. A new position (a move, a step, an edit) stops it and
//! starts one for the new position. Each finished iteration wakes the app for one frame: a
//! board with the engine on draws only when its lines change.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};
use jieqi_ai::generic::GenericEngine;
use jieqi_ai::{Engine, Info, Limits, Score};
use jieqi_rules::platform::family::spot;
use jieqi_rules::platform::{PlayedGame, Spot};
use jieqi_rules::{Move, Notation, PlayerView, RuleSet, Side, write_move};

use super::model::{AnalysisBoard, AnalysisSet};
use crate::hud::AnalysisOpen;
use crate::session::Session;

/// The most lines the engine is asked for.
pub const MAX_LINES: usize = 5;
/// Table size of the analysis search, in MiB.
const HASH_MIB: usize = 32;
/// The generic search (variants without an engine of their own) goes no deeper.
const GENERIC_MAX_DEPTH: u32 = 64;

/// Start, stop, or how many lines.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    Start,
    Stop,
    Lines(usize),
}

/// One line as the search found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundLine {
    /// For the side to move.
    pub score: Score,
    pub depth: u32,
    /// Where its first move goes (`None`: a turn in place).
    pub first: (Spot, Option<Spot>),
    moves: LineMoves,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum LineMoves {
    /// Xiangqi, Jieqi: moves to be written in the chosen notation.
    Family(Vec<Move>),
    /// Any other variant: its first turn in its own notation.
    Text(String),
}

/// What the engine's thread has found so far.
#[derive(Debug, Default)]
struct Progress {
    lines: Vec<FoundLine>,
    finished: bool,
}

/// The running search; dropping it stops the search.
#[derive(Debug)]
struct LinesJob {
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Progress>>,
}

impl Drop for LinesJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The engine of the analysis board.
#[derive(Resource, Debug)]
pub struct EngineLines {
    /// How many lines, 1 to [`MAX_LINES`].
    pub wanted: usize,
    on: bool,
    job: Option<LinesJob>,
    /// The position searched: its revision of the board, side to move and (Xiangqi,
    /// Jieqi) view, which the lines' moves are written from.
    searched: Option<(u64, Side, Option<Box<PlayerView>>)>,
    /// The lines found, best first.
    lines: Vec<FoundLine>,
    finished: bool,
    /// The engine may not help now: this screen's player plays a person online.
    barred: bool,
}

impl Default for EngineLines {
    fn default() -> Self {
        EngineLines {
            wanted: 3,
            on: false,
            job: None,
            searched: None,
            lines: Vec::new(),
            finished: false,
            barred: false,
        }
    }
}

impl EngineLines {
    /// The engine on, with the default number of lines.
    pub fn thinking() -> EngineLines {
        EngineLines {
            on: true,
            ..default()
        }
    }

    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Whether the engine may not help now ([`Session::engine_may_help`]).
    pub fn is_barred(&self) -> bool {
        self.barred
    }

    /// Whether its thread is searching now.
    pub fn is_thinking(&self) -> bool {
        self.job.is_some() && !self.finished
    }

    pub fn lines(&self) -> &[FoundLine] {
        &self.lines
    }

    /// The view searched (Xiangqi, Jieqi): the side to move's knowledge of the position
    /// shown.
    pub fn view(&self) -> Option<&PlayerView> {
        self.searched.as_ref()?.2.as_deref()
    }

    /// Who the scores are for.
    pub fn side_to_move(&self) -> Option<Side> {
        self.searched.as_ref().map(|(_, side, _)| *side)
    }

    /// A line's moves in `notation`, each written from the position it is played in; a
    /// Jieqi line ends at its first reveal (what turns up is not known).
    pub fn moves_text(&self, line: &FoundLine, notation: Notation) -> String {
        match &line.moves {
            LineMoves::Text(text) => text.clone(),
            LineMoves::Family(moves) => {
                let Some((_, _, Some(view))) = &self.searched else {
                    return String::new();
                };
                let mut position = view.position.clone();
                let mut texts = Vec::with_capacity(moves.len());
                for &m in moves {
                    if !position.is_legal(m) {
                        break;
                    }
                    texts.push(write_move(&position, m, None, notation));
                    if position.piece_at(m.from).is_some_and(|p| p.is_hidden()) {
                        break;
                    }
                    position.play_unchecked(m);
                }
                texts.join(" ")
            }
        }
    }

    /// Red's share of the evaluation bar, 0 to 1, from the best line.
    pub fn red_share(&self) -> Option<f32> {
        let line = self.lines.first()?;
        let for_mover = match line.score {
            Score::Cp(cp) => (cp as f32 / 400.0).tanh(),
            Score::Mate(n) if n > 0 => 1.0,
            Score::Mate(_) => -1.0,
        };
        let for_red = match self.side_to_move()? {
            Side::Red => for_mover,
            Side::Black => -for_mover,
        };
        Some(0.5 + 0.5 * for_red)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineLines>()
        .add_message::<EngineCommand>()
        .add_systems(Update, apply_commands.in_set(AnalysisSet::Change))
        .add_systems(
            Update,
            (follow_the_board, read_progress)
                .chain()
                .in_set(AnalysisSet::Follow),
        );
}

fn apply_commands(mut commands: MessageReader<EngineCommand>, mut engine: ResMut<EngineLines>) {
    for &command in commands.read() {
        match command {
            EngineCommand::Start => {
                engine.on = true;
                engine.searched = None;
            }
            // The lines found stay on screen.
            EngineCommand::Stop => {
                engine.on = false;
                engine.job = None;
                engine.finished = true;
            }
            EngineCommand::Lines(n) => {
                let n = n.clamp(1, MAX_LINES);
                if n != engine.wanted {
                    engine.wanted = n;
                    // The search restarts for the new count.
                    engine.searched = None;
                }
            }
        }
    }
}

/// Starts a search for the position shown when the engine is on and the position moved on;
/// stops it when the engine is off or the board closed.
fn follow_the_board(
    board: Res<AnalysisBoard>,
    (open, session): (Res<AnalysisOpen>, Res<Session>),
    mut engine: ResMut<EngineLines>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let barred = !session.engine_may_help();
    if engine.barred != barred {
        engine.barred = barred;
        engine.searched = None;
    }
    if barred {
        // Nothing searches, and nothing found before stays on screen.
        if engine.job.is_some() || !engine.lines.is_empty() {
            engine.job = None;
            engine.lines.clear();
        }
        return;
    }
    if !open.0 && engine.searched.is_some() {
        // Closed: nothing searches; opened again, the search starts afresh.
        engine.job = None;
        engine.searched = None;
        engine.lines.clear();
    }
    if !engine.on || !open.0 {
        return;
    }
    let revision = board.revision();
    if engine
        .searched
        .as_ref()
        .is_some_and(|(r, _, _)| *r == revision)
    {
        return;
    }
    engine.job = None;
    engine.lines.clear();
    engine.finished = false;
    let wake = proxy.map(|p| (**p).clone());
    let game = match board.editor() {
        Some(state) => state.editor.tree().map(|t| t.game().boxed()),
        None => Ok(board.tree().game().boxed()),
    };
    let position = shown_position(&board);
    let Ok(game) = game else {
        engine.searched = Some((revision, Side::Red, None));
        engine.finished = true;
        return;
    };
    let side = game.turn();
    let rules = board.tree().rules().to_string();
    let (view, job) = start(game, &position, &rules, engine.wanted, wake);
    engine.searched = Some((revision, side, view));
    engine.finished = job.is_none();
    engine.job = job;
}

/// The position the board shows, as its variant writes it: the editor's while it is open.
fn shown_position(board: &AnalysisBoard) -> String {
    match board.editor() {
        Some(state) => state.editor.position(),
        None => board.tree().position_text(),
    }
}

/// The side to move's knowledge of the position the board shows (Xiangqi, Jieqi), as the
/// engine is given it: the position's text read as a player's view.
pub fn family_view(board: &AnalysisBoard) -> Option<PlayerView> {
    let position = shown_position(board);
    let family = board.tree().game().variant().kind()?;
    let rules = RuleSet::parse(family, board.tree().rules()).ok();
    PlayerView::from_text_with(&position, &[], rules).ok()
}

/// Copies what the thread found; a finished search's job is kept until the position moves.
fn read_progress(mut engine: ResMut<EngineLines>) {
    let Some(job) = &engine.job else {
        return;
    };
    let (lines, finished) = {
        let progress = job.progress.lock().unwrap_or_else(PoisonError::into_inner);
        (progress.lines.clone(), progress.finished)
    };
    // Only a change is one (the screen redraws on a change only).
    if lines != engine.lines || finished != engine.finished {
        engine.lines = lines;
        engine.finished = finished;
    }
}

/// Starts the thread for `game` (whose side to move's knowledge is `position`); `None` for
/// a game without a move to search.
fn start(
    game: Box<dyn PlayedGame>,
    position: &str,
    rules: &str,
    wanted: usize,
    wake: Option<EventLoopProxy<WinitUserEvent>>,
) -> (Option<Box<PlayerView>>, Option<LinesJob>) {
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Mutex::new(Progress::default()));
    let job = LinesJob {
        stop: stop.clone(),
        progress: progress.clone(),
    };
    let publish = move |lines: Option<Vec<FoundLine>>, finished: bool| {
        let mut p = progress.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(lines) = lines {
            p.lines = lines;
        }
        p.finished |= finished;
        drop(p);
        if let Some(wake) = &wake {
            let _ = wake.send_event(WinitUserEvent::WakeUp);
        }
    };
    match game.variant().kind() {
        Some(family) => {
            let rules = RuleSet::parse(family, rules).ok();
            let Ok(view) = PlayerView::from_text_with(position, &[], rules) else {
                return (None, None);
            };
            if view.legal_moves.is_empty() {
                return (Some(Box::new(view)), None);
            }
            let searched = view.clone();
            spawn(move || think_family(&searched, wanted, &stop, publish));
            (Some(Box::new(view)), Some(job))
        }
        None => {
            let turns = game.table(game.turn()).turns;
            let Some(node) = game.search_node().filter(|_| !turns.is_empty()) else {
                return (None, None);
            };
            let places: Vec<(String, (Spot, Option<Spot>))> = turns
                .into_iter()
                .map(|t| (t.text, (t.from, t.to)))
                .collect();
            spawn(move || think_generic(&*node, &places, &stop, publish));
            (None, Some(job))
        }
    }
}

fn spawn(work: impl FnOnce() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("jieqi-analysis".into())
        .spawn(work);
    if let Err(e) = spawned {
        warn!("cannot start the analysis: {e}");
    }
}

/// Xiangqi, Jieqi: the engine's own search, several lines, until stopped.
fn think_family(
    view: &PlayerView,
    wanted: usize,
    stop: &AtomicBool,
    publish: impl Fn(Option<Vec<FoundLine>>, bool),
) {
    let mut engine = Engine::new(HASH_MIB);
    engine.set_multipv(wanted);
    let mut lines: Vec<FoundLine> = Vec::new();
    let mut on_info = |info: &Info| {
        let Some(&first) = info.pv.first() else {
            return;
        };
        let rank = info.multipv.map_or(1, |k| k as usize).max(1);
        let line = FoundLine {
            score: info.score,
            depth: info.depth,
            first: (spot(first.from), Some(spot(first.to))),
            moves: LineMoves::Family(info.pv.clone()),
        };
        // A new iteration starts again from its best line.
        if rank == 1 {
            lines.truncate(1);
        }
        match lines.get_mut(rank - 1) {
            Some(slot) => *slot = line,
            None => lines.push(line),
        }
        publish(Some(lines.clone()), false);
    };
    engine.think(view, &Limits::infinite(), stop, 0, Some(&mut on_info));
    publish(None, true);
}

/// Any other variant: the generic search's one line, deeper and deeper until stopped.
fn think_generic(
    node: &dyn jieqi_rules::platform::SearchNode,
    places: &[(String, (Spot, Option<Spot>))],
    stop: &AtomicBool,
    publish: impl Fn(Option<Vec<FoundLine>>, bool),
) {
    let mut engine = GenericEngine::default();
    for depth in 1..=GENERIC_MAX_DEPTH {
        let found = engine.think(node, &Limits::depth(depth), stop, 0);
        if stop.load(Ordering::Relaxed) || found.depth < depth {
            break;
        }
        let Some((_, first)) = places.iter().find(|(text, _)| *text == found.text) else {
            break;
        };
        let line = FoundLine {
            score: found.score,
            depth: found.depth,
            first: *first,
            moves: LineMoves::Text(found.text),
        };
        publish(Some(vec![line]), false);
    }
    publish(None, true);
}
