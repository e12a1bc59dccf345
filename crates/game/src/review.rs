//! Game review (issue 21): the engine judges every move of the game in the background, one
//! ply at a time in a [`SearchJob`] off the frame, each from the view its player had when
//! they made it ([`Session::review_request`]; in Jieqi never with hindsight — a finished
//! game's hindsight line, searched knowing the deal, is drawn beside it, labelled, and marks
//! nothing). Progress shows
//! as it goes; Cancel, a new game or a take-back stops it. The panel draws the graph, the
//! marks in the move list and the turning point from [`Review`]; the board draws the better
//! move of a marked move as an arrow.

use std::collections::VecDeque;

use bevy::prelude::*;
use jieqi_ai::KnownDeal;
use jieqi_ai::review::{self, PlyReview};
use jieqi_rules::platform::family::spot;
use jieqi_rules::{Move, PlayerView};

use crate::search_job::SearchJob;
use crate::session::{BoardTurn, Session, Stamp};
use crate::states::{GameSet, Screen};

/// What the players ask of the review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    Start,
    Cancel,
}

/// One ply judged from its mover's view, and Red's chances there with hindsight (a finished
/// Jieqi game).
type Judged = (PlyReview, Option<f64>);

/// The review of the game on screen: the plies judged so far, and the next one's search.
#[derive(Resource, Debug, Default)]
pub struct Review {
    /// The moment reviewed: a new game, a take-back or (in Xiangqi) a move ends the review.
    stamp: Option<Stamp>,
    /// The plies still to judge: their mover's view before them, and the move played.
    queue: VecDeque<(PlayerView, Move)>,
    total: usize,
    depth: u32,
    plies: Vec<PlyReview>,
    /// Red's winning chances at the end of a finished game.
    end: Option<f64>,
    /// A finished Jieqi game's deal, as its end showed it: the hindsight line's.
    deal: Option<KnownDeal>,
    /// Hindsight: Red's chances before each judged ply, the deal known.
    hindsight: Vec<f64>,
    job: Option<SearchJob<Option<Judged>>>,
    /// The finished review of a game put aside while one of its positions is played on.
    stashed: Option<Box<Review>>,
}

impl Review {
    /// Judging: the plies done and the plies in all.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.is_running().then_some((self.plies.len(), self.total))
    }

    pub fn is_running(&self) -> bool {
        self.job.is_some() || !self.queue.is_empty()
    }

    /// Every ply has been judged.
    pub fn is_done(&self) -> bool {
        self.stamp.is_some() && !self.is_running()
    }

    /// The plies judged so far, in order from the first.
    pub fn plies(&self) -> &[PlyReview] {
        &self.plies
    }

    /// Hindsight (a finished Jieqi game): Red's chances before each judged ply, searched
    /// knowing the deal — what the position was worth, not what its player could know.
    pub fn hindsight(&self) -> &[f64] {
        &self.hindsight
    }

    /// Red's winning chances at the end of the game (+1 won, −1 lost, 0 drawn), once over.
    pub fn end(&self) -> Option<f64> {
        self.end
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The ply after which the board shows where the game turned, once all are judged.
    pub fn turning_point(&self) -> Option<usize> {
        self.is_done()
            .then(|| review::turning_point(&self.plies, self.end))
            .flatten()
    }

    /// The judged move that leads to the position after `ply` plies.
    pub fn move_to(&self, ply: usize) -> Option<&PlyReview> {
        self.plies.get(ply.checked_sub(1)?)
    }

    /// The better move for a marked move that leads to the position after `ply`, as the
    /// board draws it.
    pub fn better_arrow(&self, ply: usize) -> Option<BoardTurn> {
        let better = self.move_to(ply)?.better()?;
        Some(BoardTurn {
            from: spot(better.from),
            to: Some(spot(better.to)),
        })
    }

    fn reset(&mut self) {
        let stashed = self.stashed.take();
        *self = Review {
            stashed,
            ..Review::default()
        };
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .add_message::<ReviewCommand>()
        .add_systems(
            Update,
            drive.in_set(GameSet::Input).run_if(in_state(Screen::Game)),
        );
}

/// Starts and cancels the review, forgets it when the game moves on, and judges the plies one
/// after another.
fn drive(
    mut commands: MessageReader<ReviewCommand>,
    session: Res<Session>,
    mut review: ResMut<Review>,
) {
    let now = session.stamp();
    if review.stamp.is_some_and(|s| s != now) {
        if review.stamp == session.stashed_stamp() && review.is_done() {
            // Its game is put aside to play on from it: the review waits with it.
            let done = std::mem::take(&mut *review);
            review.stashed = Some(Box::new(done));
        } else {
            // Dropping the job stops its search.
            review.reset();
        }
    }
    let stashed_for = review.stashed.as_ref().and_then(|r| r.stamp);
    if review.stamp.is_none() && stashed_for == Some(now) {
        // Back to the game put aside: its review with it.
        let back = review.stashed.take().expect("a stashed review");
        *review = *back;
    } else if stashed_for.is_some() && stashed_for != session.stashed_stamp() {
        // The game put aside was let go.
        review.stashed = None;
    }
    for command in commands.read() {
        match command {
            ReviewCommand::Cancel => review.reset(),
            ReviewCommand::Start if review.stamp.is_none() => {
                if let Some(request) = session.review_request() {
                    *review = Review {
                        stamp: Some(request.stamp),
                        total: request.plies.len(),
                        queue: request.plies.into(),
                        depth: request.depth,
                        end: request.end,
                        deal: request.deal,
                        ..Review::default()
                    };
                }
            }
            ReviewCommand::Start => {}
        }
    }
    // Polling is no change; only a judged ply is.
    let polled = review.bypass_change_detection();
    if let Some((judged, stamp)) = SearchJob::take_finished(&mut polled.job) {
        match judged {
            Some((ply, hindsight)) if Some(stamp) == review.stamp => {
                review.plies.push(ply);
                review.hindsight.extend(hindsight);
            }
            // Not judged (stopped, or a move its view does not allow): no review.
            _ => review.reset(),
        }
    }
    if review.job.is_none()
        && let Some(stamp) = review.stamp
        && let Some((view, played)) = review.queue.pop_front()
    {
        let depth = review.depth;
        let deal = review.deal.clone();
        review.job = Some(SearchJob::spawn(stamp, move |stop| {
            let judged = review::judge(&view, played, depth, stop)?;
            // Beside it, with hindsight: the same position, the deal known.
            let hindsight = match &deal {
                Some(deal) => Some(review::hindsight(&view, deal, depth, stop)?),
                None => None,
            };
            Some((judged, hindsight))
        }));
    }
}
