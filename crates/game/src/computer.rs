//! The computer opponent: on its turn it searches its own side's knowledge
//! ([`Session::think_request`], built once when the turn starts: in Jieqi it never sees the
//! deal or the human's knowledge, in Banqi what lies face down) in a [`SearchJob`] off the
//! frame. Its move comes back as a
//! [`GameCommand::ComputerMove`] and goes through the same checks and animation as a human
//! move. A new game, "Again", a resignation or a take-back changes the moment: the running
//! search is stopped and dropped.

use bevy::prelude::*;
use jieqi_rules::Side;

use crate::search_job::SearchJob;
use crate::session::{GameCommand, Session};
use crate::states::{GameSet, Phase, Screen};

/// The computer opponent's search.
#[derive(Resource, Debug, Default)]
pub struct Computer {
    job: Option<SearchJob>,
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computer>().add_systems(
        Update,
        drive_computer
            .in_set(GameSet::Input)
            .run_if(in_state(Screen::Game)),
    );
}

/// Starts the computer's search when its turn starts, drops a stale one, and sends the move
/// once the search is done and the last move has finished animating.
fn drive_computer(
    session: Res<Session>,
    phase: Res<State<Phase>>,
    mut computer: ResMut<Computer>,
    mut out: MessageWriter<GameCommand>,
) {
    let now = session.computer_turn();
    if computer
        .job
        .as_ref()
        .is_some_and(|job| Some(job.stamp) != now)
    {
        // New game, "Again", resignation, take-back: stop and drop.
        computer.job = None;
    }
    if now.is_none() {
        return;
    }
    if computer.job.is_none() {
        let Some(request) = session.think_request() else {
            return;
        };
        computer.last_viewer = Some(request.viewer);
        computer.searches += 1;
        computer.job = Some(SearchJob::start(
            request.input,
            request.level,
            request.clock,
            request.stamp,
        ));
        return;
    }
    if *phase.get() != Phase::AwaitInput {
        return;
    }
    // Polling is no change; only a finished search is.
    let Some((best, stamp)) = SearchJob::take_finished(&mut computer.bypass_change_detection().job)
    else {
        return;
    };
    computer.set_changed();
    match best {
        Some(mv) => {
            out.write(GameCommand::ComputerMove { mv, stamp });
        }
        None => warn!("the computer found no move"),
    }
}
