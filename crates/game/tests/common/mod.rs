//! The harness the headless tests share: `MinimalPlugins` + the game's logic plugins, driven
//! by `app.update()`, with the same `BoardInput` messages the mouse sends.
#![allow(dead_code)] // each test file uses a part

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use jieqi_ai::Level;
use jieqi_game::input::BoardInput;
use jieqi_game::pieces::animation::Tween;
use jieqi_game::pieces::art::BoardPiece;
use jieqi_game::pieces::marks::Marker;
use jieqi_game::session::{DealChoice, GameCommand, GameConfig, Opponent, Session, Shown};
use jieqi_game::settings::Settings;
use jieqi_game::states::Phase;
use jieqi_game::storage::StorageDirs;
use jieqi_rules::platform::family::spot;
use jieqi_rules::platform::{PlayedGame, Spot};
use jieqi_rules::{AnyGame, Family, Handicap, Jieqi, RuleSet, Seed, Side, Square, Xiangqi};

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The place of a Xiangqi point, by its name.
pub fn at(name: &str) -> Spot {
    spot(sq(name))
}

pub fn xiangqi_config() -> GameConfig {
    GameConfig::default()
}

pub fn jieqi_config() -> GameConfig {
    GameConfig {
        variant: jieqi_variants::of_kind(Family::Jieqi),
        handicap: Handicap::None,
        deal: DealChoice::Seed(Seed(7)),
        opponent: Opponent::TwoPlayers,
        rules: RuleSet::standard(Family::Jieqi).values(),
        clock: None,
    }
}

/// A headless app around `game`. Each update advances time by 50 ms.
pub fn app_with(game: impl Into<Box<dyn PlayedGame>>, config: GameConfig, animations: bool) -> App {
    app_with_session(Session::from_game(game, config), animations)
}

/// A headless app around `session`. Each update advances time by 50 ms.
pub fn app_with_session(session: Session, animations: bool) -> App {
    app_keeping_files(session, animations, StorageDirs::default())
}

/// The same, keeping its files (settings, autosave, online seat) in `dirs`.
pub fn app_keeping_files(session: Session, animations: bool, dirs: StorageDirs) -> App {
    let mut app = App::new();
    app.insert_resource(dirs);
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.insert_resource(session);
    app.insert_resource(Settings {
        animations,
        ..default()
    });
    app.add_plugins(jieqi_game::logic_plugin);
    settle(&mut app);
    app
}

pub fn xiangqi(animations: bool) -> App {
    app_with(
        AnyGame::from(Xiangqi::default()),
        xiangqi_config(),
        animations,
    )
}

pub fn jieqi(animations: bool) -> App {
    app_with(
        AnyGame::from(Jieqi::from_seed(Seed(7))),
        jieqi_config(),
        animations,
    )
}

pub fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

/// Long enough for every animation to end (each update is 50 ms).
pub fn settle_long(app: &mut App) {
    for _ in 0..20 {
        app.update();
    }
}

/// Hot-seat Jieqi after a move that turned something up: the mover's time to read it runs
/// out (each update is 50 ms) and the cover comes.
pub fn read_the_reveal(app: &mut App) {
    for _ in 0..40 {
        if phase(app) != Phase::Reveal {
            break;
        }
        app.update();
    }
    assert_eq!(phase(app), Phase::Handoff);
}

/// Hot-seat Jieqi after a move: the mover skips reading what it turned up, if anything.
pub fn skip_the_reveal(app: &mut App) {
    if phase(app) == Phase::Reveal {
        command(app, GameCommand::HandOver);
    }
}

pub fn send(app: &mut App, input: BoardInput) {
    app.world_mut().write_message(input);
    app.update();
}

pub fn click(app: &mut App, name: &str) {
    send(app, BoardInput::Press(Some(at(name))));
    send(app, BoardInput::Release(Some(at(name))));
}

pub fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

pub fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

pub fn shown(app: &App) -> &Shown {
    app.world().resource::<Shown>()
}

/// Turns played, as the live table shows them (any variant; 0 while covered).
pub fn view_plies(app: &App) -> usize {
    shown(app).live.as_ref().map_or(0, |t| t.history.len())
}

pub fn pieces(app: &mut App) -> Vec<BoardPiece> {
    let mut q = app.world_mut().query::<&BoardPiece>();
    let mut v: Vec<BoardPiece> = q.iter(app.world()).copied().collect();
    v.sort_by_key(|p| p.spot);
    v
}

pub fn piece_at(app: &mut App, name: &str) -> Option<BoardPiece> {
    pieces(app).into_iter().find(|p| p.spot == at(name))
}

pub fn markers(app: &mut App, kind: Marker) -> usize {
    let mut q = app.world_mut().query::<&Marker>();
    q.iter(app.world()).filter(|m| **m == kind).count()
}

pub fn tweens(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&Tween>();
    q.iter(app.world()).count()
}

pub fn vs_computer(variant: Family, level: Level, human: Side) -> App {
    let config = GameConfig {
        variant: jieqi_variants::of_kind(variant),
        deal: DealChoice::Seed(Seed(7)),
        opponent: Opponent::Computer { level, human },
        ..xiangqi_config()
    };
    app_with(config.new_game(), config, false)
}

/// Updates (with short sleeps: the search runs on another thread) until the view has
/// `plies` moves; panics after 2000 updates.
pub fn wait_for_plies(app: &mut App, plies: usize) {
    for _ in 0..2000 {
        if view_plies(app) >= plies {
            settle(app);
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the computer did not move (plies {})", view_plies(app));
}

/// Asks for a hint and updates (with short sleeps: the search runs on another thread) until
/// it comes; panics after 2000 updates.
pub fn ask_hint(app: &mut App) -> jieqi_game::session::BoardTurn {
    use jieqi_game::suggestion::{AskHint, Suggestion};
    app.world_mut().write_message(AskHint);
    for _ in 0..2000 {
        app.update();
        if let Some(turn) = app.world().resource::<Suggestion>().turn() {
            return turn;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no hint came");
}
