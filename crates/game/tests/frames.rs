//! When the app asks for frames (a normal run draws only then), headless: every update here
//! is one frame, and [`FrameRequest`] says whether it asked for the next.

mod common;
use common::*;

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::RequestRedraw;
use jieqi_ai::Level;
use jieqi_game::frames::{FrameNeed, FrameRequest};
use jieqi_game::pieces::animation::{GLIDE_SECONDS, Tween};
use jieqi_game::session::{BrowseTo, GameCommand, Hint};
use jieqi_game::states::{GameSet, Phase};
use jieqi_game::suggestion::{AskHint, Suggestion};
use jieqi_rules::{Family, Move, Side};

/// Why the last update asked for the next frame; `None`: it asked for nothing.
fn asked(app: &App) -> Option<FrameNeed> {
    let need = app.world().resource::<FrameRequest>().0;
    let redraws = app
        .world()
        .resource::<Messages<RequestRedraw>>()
        .iter_current_update_messages()
        .len();
    assert_eq!(
        redraws > 0,
        need.is_some(),
        "the message says what the resource says"
    );
    need
}

fn play(app: &mut App, from: &str, to: &str) {
    app.world_mut()
        .write_message(GameCommand::Move(Move::new(sq(from), sq(to)).into()));
}

#[test]
fn an_idle_board_asks_for_no_frame() {
    let mut app = xiangqi(true);
    settle_long(&mut app);
    assert_eq!(asked(&app), None);
    for _ in 0..5 {
        app.update();
        assert_eq!(asked(&app), None);
    }
}

/// A running clock asks for no frame of its own: it wakes the app when its reading changes
/// (a timed wake-up), so an idle timed game costs one frame a second, not sixty.
#[test]
fn a_running_clock_asks_for_no_frame() {
    use jieqi_game::clocks::ClockTick;
    let config = jieqi_game::session::GameConfig {
        clock: Some(jieqi_rules::clock::TimeControl::minutes(5, 3)),
        ..xiangqi_config()
    };
    let mut app = app_with(
        jieqi_rules::AnyGame::from(jieqi_rules::Xiangqi::default()),
        config,
        true,
    );
    settle_long(&mut app);
    let tick = *app.world().resource::<ClockTick>();
    assert_eq!(
        tick.reading.map(|(_, step)| step),
        Some(1000),
        "Red's clock runs"
    );
    assert!(
        tick.next_change
            .is_some_and(|d| d <= Duration::from_millis(1000))
    );
    for _ in 0..5 {
        app.update();
        assert_eq!(asked(&app), None);
    }
}

#[test]
fn frames_come_while_a_piece_glides_and_stop_when_it_rests() {
    let mut app = xiangqi(true);
    settle_long(&mut app);
    play(&mut app, "h2", "e2");
    app.update();
    assert!(tweens(&mut app) > 0);
    assert_eq!(asked(&app), Some(FrameNeed::Animating));
    let mut frames = 1;
    while asked(&app).is_some() {
        app.update();
        frames += 1;
        assert!(frames < 40, "frames never stop");
    }
    assert_eq!(tweens(&mut app), 0);
    assert_eq!(phase(&app), Phase::AwaitInput);
    // Then nothing more.
    app.update();
    assert_eq!(asked(&app), None);
}

#[test]
fn a_glide_after_a_long_wait_starts_at_its_beginning() {
    let mut app = xiangqi(true);
    settle_long(&mut app);
    // An idle app's next frame comes long after the last one.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(30)));
    play(&mut app, "h2", "e2");
    app.update();
    let mut q = app.world_mut().query::<&Tween>();
    let elapsed: Vec<f32> = q.iter(app.world()).map(|t| t.elapsed).collect();
    assert_eq!(
        elapsed,
        vec![0.0],
        "the wait before the move is not the glide's"
    );
    // Then frames come quickly, and the glide takes its time.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.update();
    assert_eq!(tweens(&mut app), 1);
    let frames = (GLIDE_SECONDS / 0.016) as usize;
    for _ in 0..frames + 4 {
        app.update();
    }
    assert_eq!(tweens(&mut app), 0);
}

#[test]
fn the_computers_search_asks_for_frames_until_its_move() {
    let mut app = vs_computer(Family::Xiangqi, Level::Beginner, Side::Black);
    // The computer plays Red and opens.
    wait_for_plies(&mut app, 1);
    settle_long(&mut app);
    assert_eq!(asked(&app), None, "the human's turn: nothing moves");
    let mv = shown(&app).view().unwrap().legal_moves[0];
    app.world_mut().write_message(GameCommand::Move(mv.into()));
    // From the human's move to the computer's answer no frame goes without asking for the
    // next: an app that fell asleep would never show the answer.
    let mut asked_for = Vec::new();
    for _ in 0..2000 {
        app.update();
        asked_for.push(asked(&app));
        if view_plies(&app) == 3 {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(view_plies(&app), 3, "the computer answered");
    assert!(asked_for.contains(&Some(FrameNeed::Searching)));
    assert!(asked_for.iter().all(Option::is_some), "{asked_for:?}");
    settle_long(&mut app);
    assert_eq!(asked(&app), None);
}

#[test]
fn the_hint_search_asks_for_frames_and_its_answer_needs_none() {
    let mut app = xiangqi(false);
    settle(&mut app);
    app.world_mut().write_message(AskHint);
    app.update();
    assert!(app.world().resource::<Suggestion>().is_thinking());
    assert_eq!(asked(&app), Some(FrameNeed::Searching));
    // The answer is polled frame by frame, and then marked: nothing more to draw.
    ask_hint(&mut app);
    app.update();
    assert_eq!(asked(&app), None);
}

#[test]
fn a_hint_line_goes_at_its_time_without_frames_in_between() {
    let mut app = xiangqi(false);
    click(&mut app, "b0");
    click(&mut app, "d1"); // the horse's leg is blocked: refused, said on the hint line
    settle(&mut app);
    let hint = app.world().resource::<Hint>().clone();
    assert!(hint.text.is_some());
    let due = hint.due().unwrap();
    assert!(due > hint.since, "it stays a while");
    // Nothing drawn while it waits: its going is a timed wake-up.
    assert_eq!(asked(&app), None);
    // It goes by real time: a long wait of an idle app (no clamp) ends it at once.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(10)));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Hint>().text, None);
}

/// Writes `Browse(First)` once, after the session has applied this frame's commands (as an
/// egui panel does).
fn late_browse(mut out: MessageWriter<GameCommand>, mut sent: Local<bool>) {
    if !*sent {
        *sent = true;
        out.write(GameCommand::Browse(BrowseTo::First));
    }
}

#[test]
fn a_command_written_after_the_session_ran_gets_the_frame_that_applies_it() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    settle(&mut app);
    assert_eq!(asked(&app), None);
    app.add_systems(Update, late_browse.in_set(GameSet::Ui));
    app.update();
    assert_eq!(
        shown(&app).browsed_ply,
        None,
        "not applied in its own frame"
    );
    assert_eq!(asked(&app), Some(FrameNeed::FollowUp));
    app.update();
    assert_eq!(
        shown(&app).browsed_ply,
        Some(0),
        "applied in the frame asked for"
    );
    app.update();
    app.update();
    assert_eq!(asked(&app), None);
}

/// Hot-seat Jieqi: the mover's reveal ends by itself, so it asks for frames until the cover
/// comes; then none.
#[test]
fn the_reveal_asks_for_frames_until_the_cover_comes() {
    let mut app = jieqi(false);
    settle_long(&mut app);
    play(&mut app, "b2", "b5");
    // The move, then the phase it asked for.
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Reveal);
    assert_eq!(asked(&app), Some(FrameNeed::Animating));
    read_the_reveal(&mut app);
    app.update();
    app.update();
    assert_eq!(asked(&app), None);
}
