//! The value of each reveal on the analysis board (issue 59, item 4): on request, the
//! game's own feature ([`crate::reveal_values`]) for the position shown — every move of the
//! side to move's face-down pieces searched alone from that side's view, averaged over what
//! each could turn out to be — off the frame, and forgotten once the position moves.

use bevy::prelude::*;
use jieqi_rules::PlayerView;

use super::engine_lines::family_view;
use super::model::{AnalysisBoard, AnalysisSet};
use crate::reveal_values::{DEPTH, RevealValue, describe, reveal_values, turns_up};
use crate::search_job::SearchJob;
use crate::session::Session;
use crate::settings::Settings;

/// The player asks for the value of each reveal of the position shown.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskRevealWorth;

/// The values being searched, and those found, for one revision of the board.
#[derive(Resource, Debug, Default)]
pub struct RevealWorth {
    job: Option<SearchJob<Vec<RevealValue>, u64>>,
    found: Option<(Vec<RevealValue>, u64)>,
    /// The side to move's view of the position shown, when it has a face-down piece to move
    /// (the values may be asked), read once for each revision of the board.
    view: Option<(u64, Option<Box<PlayerView>>)>,
}

impl RevealWorth {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The view the values are of, when they may be asked for.
    pub fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()?.1.as_deref()
    }

    /// Each reveal, best first: the move in the notation chosen and its value.
    pub fn lines(&self, settings: &Settings) -> Vec<(String, String)> {
        let (Some((values, _)), Some(view)) = (&self.found, self.view()) else {
            return Vec::new();
        };
        values
            .iter()
            .map(|v| describe(view, v, settings.notation))
            .collect()
    }
}

/// Whether the side to move in `view` has a face-down piece to move: the values may be asked.
pub fn may_ask(view: &PlayerView) -> bool {
    view.legal_moves.iter().any(|m| turns_up(view, m))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RevealWorth>()
        .add_message::<AskRevealWorth>()
        .add_systems(Update, drive.in_set(AnalysisSet::Follow));
}

/// Starts the search when asked, forgets it when the board moves on, keeps what it found.
fn drive(
    mut asks: MessageReader<AskRevealWorth>,
    (board, session): (Res<AnalysisBoard>, Res<Session>),
    mut worth: ResMut<RevealWorth>,
) {
    if !session.engine_may_help() {
        // This screen plays a person online: nothing searches (the screen says why).
        asks.clear();
        if worth.job.is_some() || worth.found.is_some() {
            worth.job = None;
            worth.found = None;
        }
        return;
    }
    let now = board.revision();
    if worth.view.as_ref().is_none_or(|(r, _)| *r != now) {
        let view = family_view(&board).filter(may_ask).map(Box::new);
        worth.view = Some((now, view));
    }
    // Dropping a job stops its search.
    if worth.job.as_ref().is_some_and(|j| j.stamp != now) {
        worth.job = None;
    }
    if worth.found.as_ref().is_some_and(|(_, r)| *r != now) {
        worth.found = None;
    }
    let asked = asks.read().count() > 0;
    if asked
        && worth.job.is_none()
        && worth.found.is_none()
        && let Some(view) = worth.view().cloned()
    {
        worth.job = Some(SearchJob::spawn(now, move |stop| {
            reveal_values(&view, DEPTH, stop)
        }));
        return;
    }
    // Polling is no change; only a finished search is.
    if let Some(found) = SearchJob::take_finished(&mut worth.bypass_change_detection().job) {
        worth.found = Some(found);
    }
}
