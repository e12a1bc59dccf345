//! The value of each reveal (issue 21, the odds of a reveal): on request, the engine's
//! expected value of every move of the player's face-down pieces, averaged over what each
//! could turn out to be. The engine searches each such move alone from the player's view
//! (a chance node over the identities the player has not seen), off the frame; the values
//! show under the odds until the next move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use jieqi_ai::{Engine, Limits, Score};
use jieqi_rules::{Move, Notation, PlayerView, write_move};

use crate::session::{SearchInput, Session, Shown, Stamp};
use crate::states::{GameSet, Screen};

/// How deep each reveal is searched: a few plies, so that all of them take about a second.
pub const DEPTH: u32 = 3;
const HASH_MIB: usize = 16;

/// One move of a face-down piece and what it is worth to its mover on average.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RevealValue {
    pub mv: Move,
    pub score: Score,
}

/// Every move of the side to move's face-down pieces in `view`, each searched alone to
/// `depth`, best first. The view is all the engine sees: two deals that differ only in what
/// the viewer has not seen give the same values.
pub fn reveal_values(view: &PlayerView, depth: u32, stop: &AtomicBool) -> Vec<RevealValue> {
    let mut values: Vec<RevealValue> = view
        .legal_moves
        .iter()
        .filter(|m| turns_up(view, m))
        .map_while(|&mv| {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut engine = Engine::new(HASH_MIB);
            engine.set_root_moves(Some(vec![mv]));
            let found = engine.think(view, &Limits::depth(depth), stop, 0, None);
            Some(RevealValue {
                mv,
                score: found.score,
            })
        })
        .collect();
    values.sort_by_key(|v| std::cmp::Reverse(order(v.score)));
    values
}

/// Scores in one order: mates to give first, mates to suffer last.
fn order(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

/// Whether `m` moves a face-down piece of `view` (and so turns it up).
pub fn turns_up(view: &PlayerView, m: &Move) -> bool {
    view.position
        .piece_at(m.from)
        .is_some_and(|p| p.is_hidden())
}

/// "C2+7  +0.35": the move in `notation` and its value in soldiers.
pub fn describe(view: &PlayerView, value: &RevealValue, notation: Notation) -> (String, String) {
    let text = write_move(&view.position, value.mv, None, notation);
    let worth = match value.score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) if n > 0 => format!("#{n}"),
        Score::Mate(n) => format!("#-{}", -n),
    };
    (text, worth)
}

/// The player asks for the values of their reveals.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskRevealValues;

/// The values being searched, and those found for the position on screen.
#[derive(Resource, Default)]
pub struct RevealValues {
    job: Option<(Task<Vec<RevealValue>>, Arc<AtomicBool>, Stamp)>,
    found: Option<(Vec<RevealValue>, Stamp)>,
}

impl std::fmt::Debug for RevealValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RevealValues")
            .field("thinking", &self.job.is_some())
            .field("found", &self.found)
            .finish()
    }
}

impl RevealValues {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The values found for the position on screen, best first.
    pub fn found(&self) -> Option<&[RevealValue]> {
        self.found.as_ref().map(|(v, _)| v.as_slice())
    }
}

impl Drop for RevealValues {
    fn drop(&mut self) {
        if let Some((_, stop, _)) = &self.job {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RevealValues>()
        .add_message::<AskRevealValues>()
        .add_systems(
            Update,
            drive.in_set(GameSet::Input).run_if(in_state(Screen::Game)),
        );
}

/// Starts the search when asked, forgets it when the position changes, keeps what it found.
fn drive(
    mut asks: MessageReader<AskRevealValues>,
    shown: Res<Shown>,
    session: Res<Session>,
    mut values: ResMut<RevealValues>,
) {
    let now = shown.can_move().then(|| shown.stamp());
    if values.job.as_ref().is_some_and(|(_, _, s)| Some(*s) != now)
        && let Some((_, stop, _)) = values.job.take()
    {
        stop.store(true, Ordering::Relaxed);
    }
    if values.found.as_ref().is_some_and(|(_, s)| Some(*s) != now) {
        values.found = None;
    }
    let asked = asks.read().count() > 0;
    if asked
        && values.job.is_none()
        && values.found.is_none()
        && let Some(request) = session.hint_request(crate::suggestion::HINT_LEVEL)
        && Some(request.stamp) == now
        && let SearchInput::Family(view) = request.input
    {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task =
            AsyncComputeTaskPool::get().spawn(async move { reveal_values(&view, DEPTH, &flag) });
        values.job = Some((task, stop, request.stamp));
        return;
    }
    // Polling is no change; only a finished search is.
    let finished = values
        .bypass_change_detection()
        .job
        .as_mut()
        .and_then(|(task, _, stamp)| Some((check_ready(task)?, *stamp)));
    if let Some(found) = finished {
        values.job = None;
        values.found = Some(found);
    }
}
