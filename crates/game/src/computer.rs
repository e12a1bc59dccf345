//! The computer opponent and the Hint button: searches on Bevy's `AsyncComputeTaskPool`, so
//! that no frame ever waits for the engine.
//!
//! The computer's search gets only [`Session::think_request`]: the computer side's own
//! `PlayerView` (in Jieqi it never sees the deal or the human's knowledge). Its move comes
//! back as a [`GameCommand::ComputerMove`] and goes through the same checks and animation as
//! a human move. A new game, "Again", a resignation or a take-back makes the running search
//! stale: its stop flag is set and the task dropped.
//!
//! The hint searches at the Club level on the human's own view (what [`Shown`] holds) and
//! marks the suggested move on the board until the next move.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use jieqi_ai::{Engine, Level};
use jieqi_rules::{Move, PlayerView, Side};

use crate::session::{GameCommand, Session, Shown, Stamp, random_seed};
use crate::states::{GameSet, Phase, Screen};

/// Table size of one search, in MiB.
const HASH_MIB: usize = 16;

/// The level the Hint button thinks at.
pub const HINT_LEVEL: Level = Level::Club;

/// One search running in the background. Dropping it stops the search.
struct Job {
    task: Task<Option<Move>>,
    stop: Arc<AtomicBool>,
    stamp: Stamp,
}

impl Job {
    /// Starts searching `view` (the side to move's own view) at `level`.
    fn start(view: PlayerView, level: Level, stamp: Stamp) -> Job {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let seed = random_seed().0;
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let mut engine = Engine::for_level(level, HASH_MIB);
            let limits = level.limits_for(view.variant, None);
            engine.think(&view, &limits, &flag, seed, None).best
        });
        Job { task, stop, stamp }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Job").field("stamp", &self.stamp).finish()
    }
}

/// The computer opponent's search.
#[derive(Resource, Debug, Default)]
pub struct Computer {
    job: Option<Job>,
    /// Whose view the last search was given (always the computer's own side).
    pub last_viewer: Option<Side>,
    /// Searches started so far.
    pub searches: u32,
}

impl Computer {
    /// Whether the computer is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }
}

/// The Hint button asks for a suggestion for the player to move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskHint;

/// The hint's search and the move it suggests, until the next move.
#[derive(Resource, Debug, Default)]
pub struct Suggestion {
    job: Option<Job>,
    found: Option<(Move, Stamp)>,
}

impl Suggestion {
    /// The suggested move, for the position on screen.
    pub fn mv(&self) -> Option<Move> {
        self.found.map(|(m, _)| m)
    }

    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computer>()
        .init_resource::<Suggestion>()
        .add_message::<AskHint>()
        .add_systems(
            Update,
            (drive_computer, drive_hint)
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Game)),
        );
}

/// Starts the computer's search on its turn, drops a stale one, and sends the move once the
/// search is done and the last move has finished animating.
fn drive_computer(
    session: Res<Session>,
    phase: Res<State<Phase>>,
    mut computer: ResMut<Computer>,
    mut out: MessageWriter<GameCommand>,
) {
    let request = session.think_request();
    let now = request.as_ref().map(|r| r.stamp);
    if computer
        .job
        .as_ref()
        .is_some_and(|job| Some(job.stamp) != now)
    {
        // New game, "Again", resignation: stop and drop.
        computer.job = None;
    }
    let Some(request) = request else {
        return;
    };
    if computer.job.is_none() {
        let viewer = request.view.viewer;
        computer.last_viewer = Some(viewer);
        computer.searches += 1;
        computer.job = Some(Job::start(request.view, request.level, request.stamp));
        return;
    }
    if *phase.get() != Phase::AwaitInput {
        return;
    }
    let ready = computer
        .bypass_change_detection()
        .job
        .as_mut()
        .and_then(|job| check_ready(&mut job.task));
    if let Some(best) = ready {
        let stamp = request.stamp;
        computer.job = None;
        match best {
            Some(mv) => {
                out.write(GameCommand::ComputerMove { mv, stamp });
            }
            None => warn!("the computer found no move"),
        }
    }
}

fn shown_stamp(shown: &Shown) -> Option<Stamp> {
    shown.view.as_ref().map(|v| Stamp {
        game_id: shown.game_id,
        takebacks: shown.takebacks,
        plies: v.moves.len(),
    })
}

/// Runs the hint's search on the player's own view and keeps its move until the next move.
fn drive_hint(
    mut asks: MessageReader<AskHint>,
    shown: Res<Shown>,
    mut suggestion: ResMut<Suggestion>,
) {
    let now = shown_stamp(&shown).filter(|_| shown.can_move());
    if suggestion
        .job
        .as_ref()
        .is_some_and(|j| Some(j.stamp) != now)
    {
        suggestion.job = None;
    }
    if suggestion.found.is_some_and(|(_, s)| Some(s) != now) {
        suggestion.found = None;
    }
    let asked = asks.read().count() > 0;
    if let (true, Some(stamp), Some(view)) = (asked, now, shown.view.as_ref())
        && suggestion.job.is_none()
        && suggestion.found.is_none()
    {
        suggestion.job = Some(Job::start(view.clone(), HINT_LEVEL, stamp));
        return;
    }
    let ready = suggestion
        .bypass_change_detection()
        .job
        .as_mut()
        .and_then(|job| check_ready(&mut job.task));
    if let Some(best) = ready {
        let stamp = suggestion.job.take().map(|j| j.stamp);
        suggestion.found = best.zip(stamp);
    }
}
