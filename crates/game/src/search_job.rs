//! One engine search on Bevy's `AsyncComputeTaskPool`, so that no frame ever waits for the
//! engine: the computer opponent's and the Hint button's. Dropping a job stops its search.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use jieqi_ai::{Engine, Level};
use jieqi_rules::{Move, PlayerView};

use crate::session::{Stamp, random_seed};

/// Table size of one search, in MiB.
const HASH_MIB: usize = 16;

/// One search running in the background, for the moment `stamp`.
pub(crate) struct SearchJob {
    task: Task<Option<Move>>,
    stop: Arc<AtomicBool>,
    pub(crate) stamp: Stamp,
}

impl SearchJob {
    /// Starts searching `view` (the side to move's own view: never the game) at `level`.
    pub(crate) fn start(view: PlayerView, level: Level, stamp: Stamp) -> SearchJob {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let seed = random_seed().0;
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let mut engine = Engine::for_level(level, HASH_MIB);
            let limits = level.limits_for(view.variant, None);
            engine.think(&view, &limits, &flag, seed, None).best
        });
        SearchJob { task, stop, stamp }
    }

    /// Takes the job out of `slot` once its search is done: the best move it found (if any)
    /// and the moment it was for. A job still running stays.
    pub(crate) fn take_finished(slot: &mut Option<SearchJob>) -> Option<(Option<Move>, Stamp)> {
        let best = check_ready(&mut slot.as_mut()?.task)?;
        let job = slot.take()?;
        Some((best, job.stamp))
    }
}

impl Drop for SearchJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl fmt::Debug for SearchJob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchJob")
            .field("stamp", &self.stamp)
            .finish()
    }
}
