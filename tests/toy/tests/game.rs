//! The desktop game plays Soldiers, which its sources never name: the toy is registered, then
//! the game's headless app (`MinimalPlugins` and the game's logic, driven by `app.update()`,
//! the few lines of `crates/game/tests/common/mod.rs` this needs, copied) starts it from the
//! new-game command, takes turns by clicks (the same `BoardInput` the mouse sends), says why
//! a click is refused in the toy's words, and the computer answers at level Beginner.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use jieqi_ai::Level;
use jieqi_game::computer::Computer;
use jieqi_game::hud::model::HudModel;
use jieqi_game::input::BoardInput;
use jieqi_game::pieces::art::BoardPiece;
use jieqi_game::session::{
    BoardTurn, DealChoice, GameCommand, GameConfig, Opponent, Secrecy, Session, Shown,
    standard_options,
};
use jieqi_game::settings::Settings;
use jieqi_game::states::Phase;
use jieqi_rules::platform::{Spot, Variant, VariantRef};
use jieqi_rules::{Handicap, Side};
use jieqi_toy::TOY;

fn toy() -> VariantRef {
    jieqi_toy::register();
    VariantRef(jieqi_variants::find("toy").expect("registered"))
}

fn toy_config(opponent: Opponent) -> GameConfig {
    GameConfig {
        variant: toy(),
        handicap: Handicap::None,
        deal: DealChoice::Random,
        opponent,
        rules: standard_options(toy()),
        clock: None,
    }
}

/// A headless app around `session`; each update advances time by 50 ms.
fn app_with(session: Session) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.insert_resource(session);
    app.insert_resource(Settings {
        animations: false,
        ..default()
    });
    app.add_plugins(jieqi_game::logic_plugin);
    settle(&mut app);
    app
}

fn toy_app(opponent: Opponent) -> App {
    let config = toy_config(opponent);
    app_with(Session::from_game(TOY.start(None, "").unwrap(), config))
}

fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

fn send(app: &mut App, input: BoardInput) {
    app.world_mut().write_message(input);
    app.update();
}

/// A click on a square, as the mouse makes it: press and release.
fn click(app: &mut App, spot: Spot) {
    send(app, BoardInput::Press(Some(spot)));
    send(app, BoardInput::Release(Some(spot)));
    settle(app);
}

fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

fn shown(app: &App) -> &Shown {
    app.world().resource::<Shown>()
}

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn plies(app: &App) -> usize {
    shown(app).live.as_ref().map_or(0, |t| t.history.len())
}

fn pieces(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&BoardPiece>();
    q.iter(app.world()).count()
}

/// Updates (with short sleeps: the search runs on another thread) until the game has
/// `plies` turns; panics after 2000 updates.
fn wait_for_plies(app: &mut App, n: usize) {
    for _ in 0..2000 {
        if plies(app) >= n {
            settle(app);
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the computer did not move (plies {})", plies(app));
}

const A1: Spot = Spot::new(0, 0);
const A2: Spot = Spot::new(0, 1);
const B1: Spot = Spot::new(1, 0);
const B3: Spot = Spot::new(1, 2);

/// The new-game command starts the toy from the registry: its 3 × 3 board, its six soldiers
/// drawn, its title, and no cover (everything is open).
#[test]
fn the_game_starts_the_registered_toy_from_its_new_game_command() {
    assert!(jieqi_variants::all().any(|v| v == toy()), "the form's list");
    let xiangqi = jieqi_variants::default_variant();
    let config = GameConfig::default();
    let mut app = app_with(Session::from_game(xiangqi.start(None, "").unwrap(), config));
    command(
        &mut app,
        GameCommand::NewGame(toy_config(Opponent::TwoPlayers)),
    );
    let shown = shown(&app);
    assert_eq!(shown.variant, toy());
    assert_eq!((shown.board.columns, shown.board.rows), (3, 3));
    assert_eq!(shown.secrecy, Secrecy::Open);
    assert_eq!(shown.table.as_ref().unwrap().turns.len(), 3);
    assert_eq!(pieces(&mut app), 6);
    assert_eq!(hud(&app).title, "Soldiers 兵卒");
    assert_eq!(hud(&app).status, "Red to move");
}

/// Two players on one screen: a click on a soldier and one on the square ahead steps it; a
/// click that breaks the rules is refused, and the hint says why in the toy's words.
#[test]
fn clicks_play_a_turn_and_a_refused_click_says_why() {
    let mut app = toy_app(Opponent::TwoPlayers);
    click(&mut app, A1);
    click(&mut app, A2);
    assert_eq!(plies(&app), 1);
    assert_eq!(
        phase(&app),
        Phase::AwaitInput,
        "no cover: nothing is hidden"
    );
    let table = shown(&app).live.clone().unwrap();
    assert_eq!(table.history, ["a1-a2"]);
    assert_eq!(table.turn, Side::Black);
    assert_eq!(hud(&app).status, "Black to move");
    // Black's soldier on b3 cannot go two squares.
    click(&mut app, B3);
    click(&mut app, B1);
    assert_eq!(plies(&app), 1);
    assert_eq!(
        hud(&app).hint.as_deref(),
        Some("a soldier goes one square forward")
    );
}

/// Against the computer at level Beginner: the human (Red) clicks a turn, the computer
/// (Black) answers through the generic search; so on to the end, which the game shows.
#[test]
fn the_computer_answers_and_the_game_ends_on_the_board() {
    let mut app = toy_app(Opponent::Computer {
        level: Level::Beginner,
        human: Side::Red,
    });
    click(&mut app, A1);
    click(&mut app, A2);
    wait_for_plies(&mut app, 2);
    let computer = app.world().resource::<Computer>();
    assert_eq!(computer.last_viewer, Some(Side::Black));
    assert_eq!(computer.searches, 1);
    // The human plays the first turn offered each time, the computer answers, to the end.
    while phase(&app) != Phase::GameOver {
        let table = shown(&app).live.clone().unwrap();
        assert_eq!(table.turn, Side::Red, "{table:?}");
        let turn = &table.turns[0];
        command(
            &mut app,
            GameCommand::Move(BoardTurn {
                from: turn.from,
                to: turn.to,
            }),
        );
        let n = table.history.len() + 1;
        if shown(&app).live.as_ref().unwrap().outcome.is_some() {
            break;
        }
        wait_for_plies(&mut app, n + 1);
        settle(&mut app);
    }
    settle(&mut app);
    let table = shown(&app).live.clone().unwrap();
    let outcome = table.outcome.expect("the game ended");
    assert!(table.history.len() <= jieqi_toy::game::MAX_TURNS);
    assert_eq!(phase(&app), Phase::GameOver);
    assert!(
        hud(&app).status.contains("wins"),
        "{} ({outcome})",
        hud(&app).status
    );
}
