//! One engine search on Bevy's `AsyncComputeTaskPool`, so that no frame ever waits for the
//! engine: the computer opponent's, the Hint button's, the value of each reveal. Dropping a
//! job stops its search.
//!
//! Xiangqi and Jieqi are searched by their own engine on a [`PlayerView`](jieqi_rules::PlayerView); any other variant
//! by the generic search on its search node (`PlayedGame::search_node`). Either way the
//! search is given one side's own knowledge, never the game.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use jieqi_ai::generic::{GenericEngine, GenericLevel};
use jieqi_ai::{Clock, Engine, Level};

use crate::session::{BoardTurn, SearchInput, Stamp, random_seed};

/// Table size of one search, in MiB.
const HASH_MIB: usize = 16;

/// Searches `input` at `level` until done or `stop`; the turn found, as the board makes it.
fn search(
    input: SearchInput,
    level: Level,
    clock: Option<Clock>,
    stop: &AtomicBool,
    seed: u64,
) -> Option<BoardTurn> {
    match input {
        SearchInput::Family(view) => {
            let mut engine = Engine::for_level(level, view.variant, HASH_MIB);
            // On a clock the level's limits are kept to the time it gives the move.
            let limits = level.limits_for(view.variant, clock);
            let best = engine.think(&view, &limits, stop, seed, None).best?;
            Some(best.into())
        }
        SearchInput::Generic { node, turns } => {
            let mut engine = GenericEngine::for_level(level, HASH_MIB);
            let limits = GenericLevel::of(level).limits();
            let found = engine.think(&*node, &limits, stop, seed);
            turns
                .into_iter()
                .find(|(text, _)| *text == found.text)
                .map(|(_, turn)| turn)
        }
    }
}

/// One search running in the background, for the moment `stamp` (by default the session's;
/// the analysis board's is its own); by default a search for the turn to play.
pub(crate) struct SearchJob<T = Option<BoardTurn>, K = Stamp> {
    task: Task<T>,
    stop: Arc<AtomicBool>,
    pub(crate) stamp: K,
}

impl SearchJob {
    /// Starts searching `input` (the side to move's own knowledge: never the game) at
    /// `level`, on `clock` if the game has one.
    pub(crate) fn start(
        input: SearchInput,
        level: Level,
        clock: Option<Clock>,
        stamp: Stamp,
    ) -> SearchJob {
        let seed = random_seed().0;
        SearchJob::spawn(stamp, move |stop| search(input, level, clock, stop, seed))
    }
}

impl<T: Send + 'static, K: Copy> SearchJob<T, K> {
    /// Runs `work` in the background for the moment `stamp`; `work` ends early once the
    /// flag it is given is set (the job dropped).
    pub(crate) fn spawn(
        stamp: K,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> SearchJob<T, K> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { work(&flag) });
        SearchJob { task, stop, stamp }
    }

    /// Takes the job out of `slot` once its search is done: what it found and the moment it
    /// was for. A job still running stays.
    pub(crate) fn take_finished(slot: &mut Option<SearchJob<T, K>>) -> Option<(T, K)> {
        let found = check_ready(&mut slot.as_mut()?.task)?;
        let job = slot.take()?;
        Some((found, job.stamp))
    }
}

impl<T, K> Drop for SearchJob<T, K> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<T, K: fmt::Debug> fmt::Debug for SearchJob<T, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchJob")
            .field("stamp", &self.stamp)
            .finish()
    }
}
