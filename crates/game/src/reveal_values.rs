//! The value of each reveal (issue 21, the odds of a reveal): on request, the engine's
//! expected value of every move of the player's face-down pieces, averaged over what each
//! could turn out to be. The engine searches each such move alone from the player's view
//! (a chance node over the identities the player has not seen), off the frame; the values
//! show under the odds until the next move.

use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use jieqi_ai::{Engine, Limits, Score};
use jieqi_rules::{Move, Notation, PlayerView, write_move};

use crate::search_job::SearchJob;
use crate::session::{SearchInput, Session, Shown, Stamp};
use crate::states::{GameSet, Screen};

/// How deep each reveal is searched: a few plies, so that all of them take well under a second.
pub const DEPTH: u32 = 3;
/// Each reveal gets a fresh table (its search must not lean on another's): a small one, as
/// a 3-ply search fills little, and forty-odd tables of the usual 16 MiB would be allocated
/// and cleared for nothing.
const HASH_MIB: usize = 1;

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
#[derive(Resource, Debug, Default)]
pub struct RevealValues {
    job: Option<SearchJob<Vec<RevealValue>>>,
    found: Option<(Vec<RevealValue>, Stamp)>,
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
    // Dropping a job stops its search.
    if values.job.as_ref().is_some_and(|j| Some(j.stamp) != now) {
        values.job = None;
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
        let job = SearchJob::spawn(request.stamp, move |stop| reveal_values(&view, DEPTH, stop));
        values.job = Some(job);
        return;
    }
    // Polling is no change; only a finished search is.
    if let Some(found) = SearchJob::take_finished(&mut values.bypass_change_detection().job) {
        values.found = Some(found);
    }
}
