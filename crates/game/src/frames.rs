//! When the app draws. A board game has nothing to draw while nobody moves, so a normal run
//! updates on input only ([`reactive`]: Bevy's reactive mode with a long wait) and asks
//! for frames itself while something changes on screen without input:
//!
//! - every frame while a piece moves (a [`Tween`], the `Animating` phase) or the mover reads
//!   a reveal (the `Reveal` phase, which ends by itself), while the
//!   computer, the Hint button or the review searches (its answer is polled each frame), while the disk
//!   writer has writes pending (a failure becomes a notice), and while the app starts (the
//!   `Loading` screen, `--select`);
//! - one frame more after a frame that left work for the next: a message written (a panel's
//!   command is applied in the next frame's
//!   [`GameSet::Apply`](crate::states::GameSet::Apply)), a state change pending;
//! - one frame at a time: when the hint line is due to go, and when a running clock's reading
//!   changes (timed wake-ups, nothing drawn in between).
//!
//! egui asks for its own frames (its spinner, its animations) through bevy_egui, once it is
//! no longer told of the modifier keys every frame ([`render_plugin`]). Time after a long
//! wait: the clock reads when a frame starts (not when the last one was drawn, long ago);
//! a tween starts on the frame after the one it appears in, so that the wait before it is
//! not part of its glide ([`crate::pieces::animation`]); timed things count in real time,
//! which Bevy does not clamp as it clamps the game's (virtual) time.
//!
//! `--screenshot` and `--bench-frames` update continuously instead (see [`crate::build_app`]).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::time::{TimeSystems, TimeUpdateStrategy};
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::autosave::AnswerResume;
use crate::clocks::ClockTick;
use crate::computer::Computer;
use crate::input::{BoardInput, Preselect};
use crate::online::OnlineCommand;
use crate::pieces::animation::Tween;
use crate::records::RecordFile;
use crate::reveal_values::{AskRevealValues, RevealValues};
use crate::review::{Review, ReviewCommand};
use crate::session::{AnimationsDone, GameCommand, Hint, LoadAnswer};
use crate::states::{Phase, Screen};
use crate::stats::ResetStats;
use crate::storage::DiskWriter;
use crate::suggestion::{AskHint, Suggestion};

/// How long an idle app with its window focused waits before it updates anyway (a safety
/// net: whatever changes asks for frames).
pub const FOCUSED_WAIT: Duration = Duration::from_secs(5);
/// The same with the window in the background.
pub const UNFOCUSED_WAIT: Duration = Duration::from_secs(60);

/// A normal run's update mode: on input only (window events: the pointer over the window,
/// keys, resizing; not the mouse moving elsewhere on the desktop), else after a long wait.
pub fn reactive() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(FOCUSED_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    }
}

/// Why the next frame is needed now (for tests and logs); `None`: nothing changes by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameNeed {
    Starting,
    Animating,
    Searching,
    Writing,
    /// A message or a state change waits for the next frame.
    FollowUp,
}

/// The last frame's answer: why it asked for the next one.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameRequest(pub Option<FrameNeed>);

pub(super) fn plugin(app: &mut App) {
    // `WindowPlugin` registers it in a real run; headless tests have none.
    app.add_message::<RequestRedraw>()
        .init_resource::<FrameRequest>()
        .add_systems(Last, (request_frames, wake_for_hint, wake_for_clock));
}

/// The part for a real run: its clock, and egui's input.
pub(super) fn render_plugin(app: &mut App) {
    app.add_systems(First, clock_at_frame_start.before(TimeSystems))
        .add_systems(
            PreUpdate,
            tell_only_changed_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        );
}

/// Bevy's clock reads, by default, the moment the render world finished the frame before:
/// after a long wait that is the moment the wait began, so the first frame after it would
/// think no time had passed (a hint due would not go) and the second that all of it had (a
/// glide would end at once). The clock reads the moment the frame starts instead.
fn clock_at_frame_start(mut strategy: ResMut<TimeUpdateStrategy>) {
    *strategy = TimeUpdateStrategy::ManualInstant(Instant::now());
}

/// bevy_egui 0.42 tells egui the state of the modifier keys every frame, as an event, and
/// any event makes egui ask for the next frame: an idle window would draw for ever. Only a
/// change is told (egui keeps the state between frames, and forgets it when the window
/// loses focus).
fn tell_only_changed_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut told: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (context, mut input) in &mut inputs {
        let known = told.entry(context).or_default();
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) if now == known => false,
            egui::Event::ModifiersChanged(now) => {
                *known = *now;
                true
            }
            egui::Event::WindowFocused(false) => {
                *known = egui::Modifiers::default();
                true
            }
            _ => true,
        });
    }
}

/// What is moving or working now.
#[derive(bevy::ecs::system::SystemParam)]
struct Busy<'w, 's> {
    screen: Option<Res<'w, State<Screen>>>,
    phase: Option<Res<'w, State<Phase>>>,
    tweens: Query<'w, 's, (), With<Tween>>,
    computer: Res<'w, Computer>,
    suggestion: Res<'w, Suggestion>,
    values: Res<'w, RevealValues>,
    review: Res<'w, Review>,
    writer: Option<Res<'w, DiskWriter>>,
    preselect: Option<Res<'w, Preselect>>,
}

impl Busy<'_, '_> {
    fn need(&self) -> Option<FrameNeed> {
        let loading = self
            .screen
            .as_ref()
            .is_none_or(|s| *s.get() == Screen::Loading);
        if loading || self.preselect.is_some() {
            Some(FrameNeed::Starting)
        } else if !self.tweens.is_empty()
            || self
                .phase
                .as_ref()
                // The reveal's time runs out by itself.
                .is_some_and(|p| matches!(p.get(), Phase::Animating | Phase::Reveal))
        {
            Some(FrameNeed::Animating)
        } else if self.computer.is_thinking()
            || self.suggestion.is_thinking()
            || self.values.is_thinking()
            || self.review.is_running()
        {
            Some(FrameNeed::Searching)
        } else if self.writer.as_ref().is_some_and(|w| w.is_busy()) {
            Some(FrameNeed::Writing)
        } else {
            None
        }
    }
}

/// Work this frame left for the next one: messages read in an earlier set than the one
/// that wrote them, and state changes, which take effect at the start of the next frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Pending<'w> {
    next_screen: Option<Res<'w, NextState<Screen>>>,
    next_phase: Option<Res<'w, NextState<Phase>>>,
    commands: Res<'w, Messages<GameCommand>>,
    done: Res<'w, Messages<AnimationsDone>>,
    inputs: Res<'w, Messages<BoardInput>>,
    hints: Res<'w, Messages<AskHint>>,
    values: Res<'w, Messages<AskRevealValues>>,
    reviews: Res<'w, Messages<ReviewCommand>>,
    answers: Res<'w, Messages<LoadAnswer>>,
    files: Res<'w, Messages<RecordFile>>,
    resume: Res<'w, Messages<AnswerResume>>,
    resets: Res<'w, Messages<ResetStats>>,
    online: Res<'w, Messages<OnlineCommand>>,
}

impl Pending<'_> {
    fn any(&self) -> bool {
        fn written<M: Message>(messages: &Messages<M>) -> bool {
            messages.iter_current_update_messages().len() > 0
        }
        let screen = self
            .next_screen
            .as_ref()
            .is_some_and(|n| !matches!(**n, NextState::Unchanged));
        let phase = self
            .next_phase
            .as_ref()
            .is_some_and(|n| !matches!(**n, NextState::Unchanged));
        screen
            || phase
            || written(&self.commands)
            || written(&self.done)
            || written(&self.inputs)
            || written(&self.hints)
            || written(&self.values)
            || written(&self.reviews)
            || written(&self.answers)
            || written(&self.files)
            || written(&self.resume)
            || written(&self.resets)
            || written(&self.online)
    }
}

/// Asks for the next frame while something changes by itself (see the module's text).
/// `RUST_LOG=jieqi_game::frames=debug` logs each change of need with the frame's number.
fn request_frames(
    busy: Busy,
    pending: Pending,
    frame: Res<FrameCount>,
    mut request: ResMut<FrameRequest>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let need = busy
        .need()
        .or_else(|| pending.any().then_some(FrameNeed::FollowUp));
    if need.is_some() {
        redraw.write(RequestRedraw);
    }
    if request.0 != need {
        debug!("frame {}: next frame needed for {need:?}", frame.0);
        request.0 = need;
    }
}

/// Wakes the app when the hint line is due to go: one frame then, none in between. (Only a
/// real run has an event loop to wake.)
fn wake_for_hint(
    hint: Res<Hint>,
    time: Res<Time<Real>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut woken_for: Local<Option<f32>>,
) {
    let Some(due) = hint.due() else {
        *woken_for = None;
        return;
    };
    if *woken_for == Some(due) {
        return;
    }
    *woken_for = Some(due);
    let Some(proxy) = proxy else { return };
    // A little after, so that the frame woken finds it due.
    let after = Duration::from_secs_f32((due - time.elapsed_secs()).max(0.0) + 0.05);
    wake_after(&proxy, after);
}

/// Wakes the app when a running clock's reading is due to change (or its flag to fall): one
/// frame then, none in between.
fn wake_for_clock(tick: Option<Res<ClockTick>>, proxy: Option<Res<EventLoopProxyWrapper>>) {
    let Some(tick) = tick.filter(|t| t.is_changed()) else {
        return;
    };
    if let (Some(after), Some(proxy)) = (tick.next_change, proxy) {
        wake_after(&proxy, after);
    }
}

/// Wakes the app's event loop after `after` (a sleeping thread; a stale wake-up costs one
/// frame).
pub fn wake_after(proxy: &EventLoopProxyWrapper, after: Duration) {
    let proxy = (**proxy).clone();
    let spawned = std::thread::Builder::new()
        .name("jieqi-wake".into())
        .spawn(move || {
            std::thread::sleep(after);
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        });
    if let Err(e) = spawned {
        warn!("cannot schedule a wake-up: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_normal_run_waits_long_and_ignores_the_desktops_mouse() {
        let settings = reactive();
        for (mode, wait) in [
            (settings.focused_mode, FOCUSED_WAIT),
            (settings.unfocused_mode, UNFOCUSED_WAIT),
        ] {
            assert_eq!(mode, UpdateMode::reactive_low_power(wait));
        }
        assert!(FOCUSED_WAIT >= Duration::from_secs(1));
    }
}
