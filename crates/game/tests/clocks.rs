//! Clocks at the table (game.md, "Clocks"; issue 58): the flag falls by itself and loses,
//! the increment, the hot-seat pause under the handoff cover, the computer on its clock, and
//! a save that keeps the clocks. Real time runs (the clocks are the rules crate's, on
//! `Instant`), so the controls are short.

mod common;

use std::time::{Duration, Instant};

use common::*;
use jieqi_game::hud::model::HudModel;
use jieqi_game::session::{GameCommand, GameConfig, Opponent, Session};
use jieqi_game::states::Phase;
use jieqi_rules::clock::TimeControl;
use jieqi_rules::{AnyGame, Jieqi, Outcome, Seed, Side, WinReason, Xiangqi};

fn control(initial_ms: u64, increment_ms: u64) -> TimeControl {
    TimeControl {
        initial_ms,
        increment_ms,
    }
}

fn timed(config: GameConfig, clock: TimeControl) -> GameConfig {
    GameConfig {
        clock: Some(clock),
        ..config
    }
}

fn left(app: &bevy::prelude::App) -> [u64; 2] {
    let session = app.world().resource::<Session>();
    session.clocks().unwrap().left_ms(Instant::now())
}

fn running(app: &bevy::prelude::App) -> Option<Side> {
    app.world()
        .resource::<Session>()
        .clocks()
        .unwrap()
        .running()
}

#[test]
fn a_fallen_flag_ends_the_game_by_itself() {
    let config = timed(xiangqi_config(), control(300, 0));
    let mut app = app_with(AnyGame::from(Xiangqi::default()), config, false);
    assert_eq!(running(&app), Some(Side::Red));
    // Nobody clicks: the frames alone end it once Red's 300 ms are gone.
    let until = Instant::now() + Duration::from_secs(5);
    while phase(&app) != Phase::GameOver && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
    assert_eq!(phase(&app), Phase::GameOver);
    let outcome = shown(&app).live.as_ref().unwrap().outcome;
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Time
        })
    );
    assert_eq!(running(&app), None, "the clocks stop at the end");
    // A move after the flag is not played.
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle(&mut app);
    assert_eq!(shown(&app).plies, 0);
}

#[test]
fn a_move_stops_the_movers_clock_adds_the_increment_and_starts_the_other() {
    let config = timed(xiangqi_config(), control(60_000, 2_000));
    let mut app = app_with(AnyGame::from(Xiangqi::default()), config, false);
    assert_eq!(running(&app), Some(Side::Red));
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle(&mut app);
    assert_eq!(shown(&app).plies, 1);
    assert_eq!(running(&app), Some(Side::Black));
    let [red, black] = left(&app);
    // Red paid the few milliseconds it thought and gained 2 s.
    assert!((61_000..=62_000).contains(&red), "{red}");
    assert!((59_000..=60_000).contains(&black), "{black}");
    // The player bar shows both clocks, Black's running.
    let hud = app.world().resource::<HudModel>();
    let clocks: Vec<_> = hud
        .players
        .iter()
        .map(|p| p.clock.clone().unwrap())
        .collect();
    assert_eq!(clocks[0].reading, "1:01");
    assert!(!clocks[0].running && clocks[1].running);
}

#[test]
fn at_one_screen_the_clock_pauses_under_the_handoff_cover() {
    let config = timed(jieqi_config(), control(60_000, 0));
    let mut app = app_with(AnyGame::from(Jieqi::from_seed(Seed(7))), config, false);
    assert_eq!(running(&app), Some(Side::Red));
    // Red plays a soldier (a reveal: Red reads it, then the cover comes up for Black).
    click(&mut app, "e3");
    click(&mut app, "e4");
    settle(&mut app);
    read_the_reveal(&mut app);
    assert_eq!(phase(&app), Phase::Handoff);
    assert_eq!(
        running(&app),
        None,
        "no clock runs while the device changes hands"
    );
    let before = left(&app);
    std::thread::sleep(Duration::from_millis(200));
    settle(&mut app);
    assert_eq!(left(&app), before, "the cover's time is charged to no one");
    command(&mut app, GameCommand::Ready);
    settle(&mut app);
    assert_eq!(running(&app), Some(Side::Black));
}

#[test]
fn the_computer_plays_on_its_clock() {
    let config = GameConfig {
        opponent: Opponent::Computer {
            level: jieqi_ai::Level::Master,
            human: Side::Black,
        },
        clock: Some(control(3_000, 100)),
        ..xiangqi_config()
    };
    let session = Session::new(config);
    let request = session.think_request().expect("the computer moves first");
    let clock = request.clock.expect("the search is told the clocks");
    assert_eq!(clock.wtime, Duration::from_millis(3_000));
    assert_eq!(clock.winc, Duration::from_millis(100));
    // Master's own limits would think seconds; on a 3 s clock it moves well inside it.
    let mut app = app_with_session(session, false);
    let started = Instant::now();
    while shown(&app).plies == 0 && started.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(10));
        app.update();
    }
    assert_eq!(shown(&app).plies, 1, "moved before its flag");
    assert!(left(&app)[0] > 100, "{:?}", left(&app));
}

#[test]
fn a_save_keeps_the_clocks() {
    let config = timed(xiangqi_config(), control(60_000, 0));
    let mut app = app_with(AnyGame::from(Xiangqi::default()), config, false);
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle(&mut app);
    std::thread::sleep(Duration::from_millis(300));
    let saved = {
        let session = app.world().resource::<Session>();
        jieqi_game::autosave::record(session).unwrap()
    };
    let left_when_saved = left(&app);
    let (resumed, _) = jieqi_game::autosave::read(&saved).unwrap();
    let mut again = app_with_session(Session::default(), false);
    command(&mut again, GameCommand::Resume(Box::new(resumed)));
    settle(&mut again);
    let session = again.world().resource::<Session>();
    assert_eq!(session.config().clock, Some(control(60_000, 0)));
    let now = session.clocks().unwrap().left_ms(Instant::now());
    // Black's clock runs again from what was saved (less the frames since).
    assert_eq!(now[0], left_when_saved[0]);
    assert!(now[1] <= left_when_saved[1] + 5 && now[1] + 1_000 > left_when_saved[1]);
}
