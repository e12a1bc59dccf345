//! The clocks at the table (game.md, "Clocks"): each frame the session's clocks are kept in
//! step with whose clock should run ([`Session::clock_side`]); a flag that falls ends the game
//! at once ([`GameCommand::TimeUp`]), not at the next click; the panels are told when a clock's
//! reading changes ([`ClockTick`]), which also wakes the app, which draws nothing while nobody
//! moves, for the next change and for the flag ([`crate::frames`]) — one frame a second, ten
//! in the last ten seconds. Low time is heard once, as the ten seconds begin.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::session::{GameCommand, Session, Stamp};
use crate::sound::{Cue, SoundCue};
use crate::states::{GameSet, Phase, Screen};

/// Below this a clock is low: shown in tenths, marked, heard.
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// The running clock's reading as shown (its whole seconds, or tenths when low, with that
/// step): the panels rebuild when it changes, and the app is woken for the next change
/// ([`crate::frames`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockTick {
    pub reading: Option<(u64, u64)>,
    /// How long until the reading changes (or the flag falls), from when it was taken.
    pub next_change: Option<Duration>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClockTick>().add_systems(
        Update,
        (keep_in_step, watch_flag, tick)
            .chain()
            .after(GameSet::Apply)
            .before(GameSet::View)
            .run_if(in_state(Screen::Game)),
    );
}

/// Starts and stops the clocks as the table's rule says (a move, the cover, the end).
fn keep_in_step(mut session: ResMut<Session>, phase: Res<State<Phase>>) {
    // Read first: a session in step is not marked changed.
    if !session.clocks_in_step(*phase.get()) {
        session.step_clocks(*phase.get(), Instant::now());
    }
}

/// A fallen flag ends the game now: one command for the moment it fell in.
fn watch_flag(
    session: Res<Session>,
    mut out: MessageWriter<GameCommand>,
    mut told: Local<Option<Stamp>>,
) {
    if session.flag_fallen(Instant::now()).is_some() && *told != Some(session.stamp()) {
        *told = Some(session.stamp());
        out.write(GameCommand::TimeUp);
    }
}

/// Publishes the running clock's reading when it changes, and sounds low time once.
fn tick(
    session: Res<Session>,
    mut shown_tick: ResMut<ClockTick>,
    mut sounds: MessageWriter<SoundCue>,
) {
    let now = Instant::now();
    let reading = session.clocks().and_then(|clocks| {
        let side = clocks.running()?;
        Some(clocks.left_ms(now)[side.index()])
    });
    let Some(left) = reading else {
        shown_tick.set_if_neq(ClockTick::default());
        return;
    };
    let (step, low) = step_of(left);
    let now_shown = Some((left / step, step));
    if shown_tick.reading == now_shown {
        return;
    }
    let was_low = shown_tick.reading.is_some_and(|(_, step)| step < 1000);
    if low && !was_low && shown_tick.reading.is_some() {
        sounds.write(SoundCue(Cue::LowTime));
    }
    *shown_tick = ClockTick {
        reading: now_shown,
        // Just after the reading changes (or the flag falls, at zero).
        next_change: Some(Duration::from_millis(left % step + 1)),
    };
}

/// Whether a clock showing `left_ms` is low.
pub fn is_low(left_ms: u64) -> bool {
    Duration::from_millis(left_ms) < LOW_TIME
}

/// How often a clock showing `left_ms` changes its reading, and whether it is low.
fn step_of(left_ms: u64) -> (u64, bool) {
    if is_low(left_ms) {
        (100, true)
    } else {
        (1000, false)
    }
}

/// A clock's reading as the panels write it: `4:59`, `1:02:03` past an hour, `9.4` when low.
pub fn reading(left_ms: u64) -> String {
    if is_low(left_ms) {
        return format!("{}.{}", left_ms / 1000, left_ms % 1000 / 100);
    }
    let seconds = left_ms / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_are_minutes_and_seconds_then_tenths() {
        assert_eq!(reading(299_999), "4:59");
        assert_eq!(reading(3_723_000), "1:02:03");
        assert_eq!(reading(10_000), "0:10");
        assert_eq!(reading(9_499), "9.4");
        assert_eq!(reading(0), "0.0");
    }
}
