//! The Hint button: a search at the Club level on what the human to move knows
//! ([`Session::hint_request`]: the view [`Shown`] holds, or in Banqi the public position) in a
//! [`SearchJob`] off the frame; the suggested turn is marked on the board until the next
//! move.

use bevy::prelude::*;
use jieqi_ai::Level;

use crate::search_job::SearchJob;
use crate::session::{BoardTurn, Session, Shown, Stamp};
use crate::states::{GameSet, Screen};

/// The level the Hint button thinks at.
pub const HINT_LEVEL: Level = Level::Club;

/// The Hint button asks for a suggestion for the player to move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskHint;

/// The hint's search and the move it suggests, until the next move.
#[derive(Resource, Debug, Default)]
pub struct Suggestion {
    job: Option<SearchJob>,
    found: Option<(BoardTurn, Stamp)>,
}

impl Suggestion {
    /// The suggested turn, for the position on screen.
    pub fn turn(&self) -> Option<BoardTurn> {
        self.found.map(|(t, _)| t)
    }

    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Suggestion>()
        .add_message::<AskHint>()
        .add_systems(
            Update,
            drive_hint
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Game)),
        );
}

/// Runs the hint's search on the player's own knowledge and keeps its turn until the next
/// move.
fn drive_hint(
    mut asks: MessageReader<AskHint>,
    shown: Res<Shown>,
    session: Res<Session>,
    mut suggestion: ResMut<Suggestion>,
) {
    let now = shown.can_move().then(|| shown.stamp());
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
    if asked
        && now.is_some()
        && suggestion.job.is_none()
        && suggestion.found.is_none()
        && let Some(request) = session.hint_request(HINT_LEVEL)
        && Some(request.stamp) == now
    {
        suggestion.job = Some(SearchJob::start(
            request.input,
            HINT_LEVEL,
            None,
            request.stamp,
        ));
        return;
    }
    // Polling is no change; only a finished search is.
    if let Some((best, stamp)) =
        SearchJob::take_finished(&mut suggestion.bypass_change_detection().job)
    {
        suggestion.found = best.map(|m| (m, stamp));
    }
}
