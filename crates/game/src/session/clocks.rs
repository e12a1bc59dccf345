//! The table's clocks (game.md, "Clocks"): a game started with a time control has one clock a
//! side, the rules crate's [`Clocks`]. Whose clock runs is one rule, answered here: the side
//! to move's, while the game runs and that side can move — not while the handoff cover is up
//! or the mover still reads what a move turned up (at one screen the clock pauses while the
//! device changes hands). A fallen flag loses. Online the server's clock is the truth: the
//! screen counts down from its last reading while it runs, and the server ends the game.

use std::time::Instant;

use jieqi_rules::Side;
use jieqi_rules::clock::Clocks;

use super::owner::Session;
use crate::states::Phase;

impl Session {
    /// The clocks of a game with a time control.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The side whose clock should run in `phase`, if any.
    pub fn clock_side(&self, phase: Phase) -> Option<Side> {
        let running = self.clocks.is_some()
            && self.game.outcome().is_none()
            && self.cover.is_none()
            && self.online.as_ref().is_none_or(|t| t.clock_runs)
            && matches!(phase, Phase::AwaitInput | Phase::Animating);
        running.then(|| self.game.turn())
    }

    /// Whether the clocks run as [`Session::clock_side`] says in `phase`.
    pub fn clocks_in_step(&self, phase: Phase) -> bool {
        self.clocks
            .as_ref()
            .is_none_or(|c| c.running() == self.clock_side(phase))
    }

    /// Starts or stops the clocks as [`Session::clock_side`] says, at `now`.
    pub(crate) fn step_clocks(&mut self, phase: Phase, now: Instant) {
        let side = self.clock_side(phase);
        let Some(clocks) = self.clocks.as_mut() else {
            return;
        };
        if clocks.running() == side {
            return;
        }
        match side {
            Some(side) => clocks.start(side, now),
            None => clocks.stop(now),
        }
    }

    /// `mover` has just moved at `now`: its clock stops and gains the increment.
    pub(super) fn clock_moved(&mut self, mover: Side, now: Instant) {
        if let Some(clocks) = self.clocks.as_mut() {
            // A clock already at zero has flagged: the flag is read before the move.
            let _ = clocks.moved(mover, now);
        }
    }

    /// The side whose running clock has reached zero at `now`.
    pub fn flag_fallen(&self, now: Instant) -> Option<Side> {
        let (side, at) = self.clocks.as_ref()?.deadline()?;
        (at <= now && self.game.outcome().is_none()).then_some(side)
    }

    /// Ends the game if a flag has fallen at `now`: its side loses. Whether it did.
    pub(super) fn fall_flag(&mut self, now: Instant) -> bool {
        let Some(side) = self.flag_fallen(now) else {
            return false;
        };
        let lost = self.game.lose_on_time(side).is_ok();
        if let Some(clocks) = self.clocks.as_mut() {
            // Stopped either way: a flag the rules cannot score (Banqi before its first flip,
            // no colours to name a winner by) falls once, and the game goes on untimed.
            clocks.stop(now);
        }
        if !lost {
            self.clocks = None;
            return false;
        }
        self.draw_offer = None;
        self.takeback_request = None;
        true
    }
}
