//! Test modes: render the position to a PNG and exit (`--screenshot`), measure startup
//! and frame times while pieces move (`--bench-frames`), and count what idling costs
//! (`--idle-report`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::winit::{EventLoopProxyWrapper, WinitSettings};

use crate::computer::Computer;
use crate::pieces::art::BoardPiece;
use crate::reveal_values::{AskRevealValues, RevealValues};
use crate::review::{Review, ReviewCommand};
use crate::session::{GameCommand, Shown};
use crate::states::{GameSet, Phase};
use crate::suggestion::{AskHint, Suggestion};

/// When the process started (set by `main`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ProcessStart(pub Instant);

/// `--hint`, `--reveal-values`, `--review`, `--play-on`: press the button (Hint, Value of
/// each reveal, Review the game, Play on from here) once the board is up.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AskAtStart<M: Message + Clone>(pub M);

/// `--screenshot`: capture the window after it has settled, save, exit.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    pub path: PathBuf,
    frames: u32,
    requested: bool,
}

impl ScreenshotPlan {
    pub fn new(path: PathBuf) -> Self {
        ScreenshotPlan {
            path,
            frames: 0,
            requested: false,
        }
    }
}

/// Frames to wait before capturing: fonts, glyph atlases and egui's textures are ready by
/// then (pipelines compile synchronously in these modes).
const SETTLE_FRAMES: u32 = 12;
/// Give up if no capture came back after this many frames.
const GIVE_UP_FRAMES: u32 = 600;

/// `--bench-frames`: startup time and frame times.
#[derive(Resource, Clone, Debug)]
pub struct BenchPlan {
    pub frames: u32,
    interactive: Option<Duration>,
    seen_pieces: u32,
    last: Option<Instant>,
    times_ms: Vec<f64>,
    /// The frames that ended while the computer was thinking (a subset of `times_ms`).
    thinking_ms: Vec<f64>,
    moves_played: u32,
}

impl BenchPlan {
    pub fn new(frames: u32) -> Self {
        BenchPlan {
            frames,
            interactive: None,
            seen_pieces: 0,
            last: None,
            times_ms: Vec::new(),
            thinking_ms: Vec::new(),
            moves_played: 0,
        }
    }
}

/// `--idle-report`: the app runs in its normal update mode; from the first frame the board
/// is up, the frames drawn and the CPU time used are counted for `seconds`.
#[derive(Resource, Clone, Debug)]
pub struct IdlePlan {
    pub seconds: u32,
    from: Option<IdleStart>,
}

#[derive(Clone, Copy, Debug)]
struct IdleStart {
    at: Instant,
    frame: u32,
    cpu: Option<Duration>,
}

impl IdlePlan {
    pub fn new(seconds: u32) -> Self {
        IdlePlan {
            seconds,
            from: None,
        }
    }
}

/// The CPU time this process has used, all threads (Linux: `/proc/self/stat`, whose
/// `utime` and `stime` count in USER_HZ, 100 a second); `None` elsewhere.
pub fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the file; the state (field 3) comes first here.
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            idle_report.run_if(resource_exists::<IdlePlan>),
            capture.run_if(resource_exists::<ScreenshotPlan>),
            ask_at_start::<AskHint>
                .in_set(GameSet::Input)
                .run_if(resource_exists::<AskAtStart<AskHint>>),
            ask_at_start::<AskRevealValues>
                .in_set(GameSet::Input)
                .run_if(resource_exists::<AskAtStart<AskRevealValues>>),
            ask_at_start::<ReviewCommand>
                .in_set(GameSet::Input)
                .run_if(resource_exists::<AskAtStart<ReviewCommand>>),
            ask_at_start::<GameCommand>
                .in_set(GameSet::Input)
                .run_if(resource_exists::<AskAtStart<GameCommand>>),
            ask_at_start::<crate::online::OnlineCommand>
                .in_set(GameSet::Input)
                .run_if(resource_exists::<AskAtStart<crate::online::OnlineCommand>>),
            (bench_measure, bench_drive)
                .chain()
                .in_set(GameSet::Input)
                .run_if(resource_exists::<BenchPlan>),
        ),
    );
}

fn capture(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    (suggestion, values, review): (Res<Suggestion>, Res<RevealValues>, Res<Review>),
    mut exit: MessageWriter<AppExit>,
) {
    plan.frames += 1;
    // A Hint asked for shows its arrow first, the values of the reveals their list, a
    // review its graph.
    let searching = suggestion.is_thinking() || values.is_thinking() || review.is_running();
    // A few frames after the search: the text it brought needs its glyphs drawn into egui's
    // font atlas and the atlas sent to the GPU before the capture.
    if searching && plan.frames < GIVE_UP_FRAMES {
        plan.frames = plan.frames.min(SETTLE_FRAMES - 4);
    }
    if !plan.requested && plan.frames >= SETTLE_FRAMES {
        plan.requested = true;
        let path = plan.path.clone();
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                let saved = captured
                    .image
                    .clone()
                    .try_into_dynamic()
                    .map_err(|e| e.to_string())
                    .and_then(|img| img.to_rgb8().save(&path).map_err(|e| e.to_string()));
                match saved {
                    Ok(()) => {
                        info!("screenshot saved to {}", path.display());
                        exit.write(AppExit::Success);
                    }
                    Err(e) => {
                        error!("cannot save the screenshot to {}: {e}", path.display());
                        exit.write(AppExit::error());
                    }
                }
            },
        );
    }
    if plan.frames > GIVE_UP_FRAMES {
        error!("no screenshot came back after {GIVE_UP_FRAMES} frames");
        exit.write(AppExit::error());
    }
}

/// Presses the button on the third frame of the game screen, as a click would.
fn ask_at_start<M: Message + Clone>(
    mut commands: Commands,
    mut frames: Local<u32>,
    phase: Option<Res<State<Phase>>>,
    ask: Res<AskAtStart<M>>,
    mut out: MessageWriter<M>,
) {
    if phase.is_none() {
        return;
    }
    *frames += 1;
    if *frames == 3 {
        out.write(ask.0.clone());
        commands.remove_resource::<AskAtStart<M>>();
    }
}

/// Starts counting once the board is up, and wakes the app when the time is over (an idle
/// app draws nothing by itself); then prints one line and exits.
fn idle_report(
    mut plan: ResMut<IdlePlan>,
    frames: Res<FrameCount>,
    pieces: Query<(), With<BoardPiece>>,
    phase: Option<Res<State<Phase>>>,
    (windows, winit): (Query<&Window>, Option<Res<WinitSettings>>),
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    let Some(from) = plan.from else {
        if phase.is_some() && !pieces.is_empty() {
            plan.from = Some(IdleStart {
                at: now,
                frame: frames.0,
                cpu: process_cpu_time(),
            });
            if let Some(proxy) = proxy {
                crate::frames::wake_after(&proxy, Duration::from_secs(plan.seconds.into()));
            }
        }
        return;
    };
    let elapsed = now - from.at;
    if elapsed.as_secs_f64() < plan.seconds as f64 {
        return;
    }
    // Not counted: this frame, which the report's own wake-up asked for.
    let drawn = frames.0.wrapping_sub(from.frame).saturating_sub(1);
    let seconds = elapsed.as_secs_f64();
    let cpu = match (from.cpu, process_cpu_time()) {
        (Some(a), Some(b)) => {
            let ms = b.saturating_sub(a).as_secs_f64() * 1000.0;
            format!("cpu_ms={ms:.0} cpu_percent={:.1}", ms / 10.0 / seconds)
        }
        _ => "cpu_ms=unknown".to_string(),
    };
    let focused = windows.iter().any(|w| w.focused);
    let mode = winit.map(|w| format!("{:?}", w.update_mode(focused)));
    // Printed on stdout, one line, for scripts and docs/measurements.md.
    println!(
        "idle: seconds={seconds:.1} frames={drawn} fps={:.2} {cpu} focused={focused} mode={}",
        drawn as f64 / seconds,
        mode.as_deref().unwrap_or("unknown"),
    );
    exit.write(AppExit::Success);
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn bench_measure(
    mut plan: ResMut<BenchPlan>,
    start: Res<ProcessStart>,
    pieces: Query<(), With<BoardPiece>>,
    phase: Option<Res<State<Phase>>>,
    (computer, review): (Res<Computer>, Res<Review>),
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    if plan.interactive.is_none() {
        let ready = !pieces.is_empty() && phase.is_some_and(|p| *p.get() == Phase::AwaitInput);
        if ready {
            plan.seen_pieces += 1;
        }
        // Two frames after the pieces exist, the first of them has been drawn.
        if plan.seen_pieces >= 2 {
            plan.interactive = Some(now - start.0);
            plan.last = Some(now);
        }
        return;
    }
    if let Some(last) = plan.last {
        let ms = (now - last).as_secs_f64() * 1000.0;
        plan.times_ms.push(ms);
        if computer.is_thinking() || review.is_running() {
            plan.thinking_ms.push(ms);
        }
    }
    plan.last = Some(now);
    if plan.times_ms.len() as u32 >= plan.frames {
        let mut sorted = plan.times_ms.clone();
        sorted.sort_by(f64::total_cmp);
        let mut thinking = plan.thinking_ms.clone();
        thinking.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
        let interactive = plan.interactive.unwrap_or_default().as_secs_f64() * 1000.0;
        // Printed on stdout, one line, for scripts and docs/measurements.md.
        println!(
            "bench: startup_to_interactive_ms={interactive:.0} frames={} moves={} \
             frame_ms_median={:.2} frame_ms_p99={:.2} frame_ms_max={:.2} mean_fps={:.1} \
             thinking_frames={} thinking_frame_ms_median={:.2} thinking_frame_ms_p99={:.2}",
            sorted.len(),
            plan.moves_played,
            percentile(&sorted, 0.5),
            percentile(&sorted, 0.99),
            sorted.last().copied().unwrap_or(0.0),
            1000.0 / mean,
            thinking.len(),
            percentile(&thinking, 0.5),
            percentile(&thinking, 0.99),
        );
        exit.write(AppExit::Success);
    }
}

/// Keeps pieces moving: plays a legal move whenever the board waits, lifts handoff covers,
/// starts again after a game ends.
fn bench_drive(
    mut plan: ResMut<BenchPlan>,
    (shown, review): (Res<Shown>, Res<Review>),
    phase: Option<Res<State<Phase>>>,
    mut out: MessageWriter<GameCommand>,
) {
    // A review asked for at start runs to its end: a move would end it.
    if plan.interactive.is_none() || review.is_running() {
        return;
    }
    let Some(phase) = phase else { return };
    match phase.get() {
        Phase::AwaitInput => {
            // Only a move the screen would take (not the computer's turn).
            if let Some(table) = &shown.live
                && shown.can_move()
                && !table.turns.is_empty()
            {
                let n = plan.moves_played as usize;
                // Walk through the list so that different pieces move.
                let turn = &table.turns[(n * 7 + 3) % table.turns.len()];
                out.write(GameCommand::Move(crate::session::BoardTurn {
                    from: turn.from,
                    to: turn.to,
                }));
                plan.moves_played += 1;
            }
        }
        Phase::Reveal => {
            out.write(GameCommand::HandOver);
        }
        Phase::Handoff => {
            out.write(GameCommand::Ready);
        }
        Phase::GameOver => {
            out.write(GameCommand::Again);
        }
        Phase::Animating => {}
    }
}
