//! Banqi on the table (rules.md §11), as a new user meets it: picked from the registry's
//! list, played hot-seat with clicks (a click on a face-down piece flips it), no handoff
//! cover (nobody knows what lies face down), the panels naming players by seat until the
//! first flip gives colours, the result card with the seed, the autosave and statistics.

mod common;

use bevy::prelude::*;
use common::*;
use jieqi_ai::Level;
use jieqi_game::autosave;
use jieqi_game::computer::Computer;
use jieqi_game::hud::model::HudModel;
use jieqi_game::input::BoardInput;
use jieqi_game::pieces::marks::Marker;
use jieqi_game::session::{
    BoardTurn, DealChoice, GameCommand, GameConfig, Opponent, Secrecy, Session,
};
use jieqi_game::states::Phase;
use jieqi_game::stats::Stats;
use jieqi_game::suggestion::Suggestion;
use jieqi_rules::platform::{Look, Spot, VariantRef};
use jieqi_rules::{Seed, Side};

fn banqi() -> VariantRef {
    VariantRef(jieqi_variants::find("banqi").unwrap())
}

fn banqi_config() -> GameConfig {
    GameConfig {
        variant: banqi(),
        deal: DealChoice::Seed(Seed(7)),
        rules: jieqi_game::session::standard_options(banqi()),
        ..GameConfig::default()
    }
}

fn banqi_app() -> App {
    let config = banqi_config();
    app_with(config.new_game(), config, false)
}

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

fn press(app: &mut App, spot: Spot) {
    send(app, BoardInput::Press(Some(spot)));
    send(app, BoardInput::Release(Some(spot)));
    settle(app);
}

fn plies(app: &App) -> usize {
    view_plies(app)
}

#[test]
fn the_form_lists_banqi_and_starts_it_face_down() {
    assert!(jieqi_variants::all().any(|v| v == banqi()));
    let mut app = xiangqi(false);
    command(&mut app, GameCommand::NewGame(banqi_config()));
    let shown = shown(&app);
    assert_eq!(shown.variant, banqi());
    assert_eq!((shown.board.columns, shown.board.rows), (8, 4));
    // Face-down pieces are unknown to both players alike: no cover, nothing private.
    assert_eq!(shown.secrecy, Secrecy::Open);
    let table = shown.table.as_ref().unwrap();
    assert_eq!(table.pieces.len(), 32);
    assert!(table.pieces.iter().all(|(_, look)| *look
        == Look::Down {
            side: None,
            moves_as: None
        }));
    assert_eq!(pieces(&mut app).len(), 32);
    let h = hud(&app);
    assert_eq!(h.title, "Banqi 暗棋");
    assert_eq!(h.status, "Player 1 to move");
    assert_eq!(h.players[0].name, "Player 1 — colour not yet decided");
}

#[test]
fn a_click_flips_and_the_first_flip_gives_colours() {
    let mut app = banqi_app();
    press(&mut app, Spot::new(0, 0));
    assert_eq!(plies(&app), 1);
    assert_eq!(phase(&app), Phase::AwaitInput, "no handoff cover in Banqi");
    let table = shown(&app).live.clone().unwrap();
    let Some(Look::Up { side: colour, .. }) = table.look(Spot::new(0, 0)) else {
        panic!("a1 is face up: {table:?}");
    };
    // The first player plays the colour they turned up.
    assert_eq!(table.colours, [Some(colour), Some(colour.other())]);
    let h = hud(&app);
    assert_eq!(h.status, "Player 2 to move");
    assert!(
        h.players[0].name.starts_with("Player 1 — "),
        "{}",
        h.players[0].name
    );
    assert_eq!(h.players[0].colour, Some(colour));
    assert_eq!(h.moves.len(), 1);
    assert!(h.moves[0].starts_with("1. a1="), "{:?}", h.moves);
    // Seats are named by player, not by the colour a seat stood for before the flip.
    assert_eq!(h.actor_label.as_deref(), Some("Player 2"));
    assert!(
        h.take_back
            .iter()
            .any(|(_, label)| label == "Take back (Player 1, 1 move)"),
        "{:?}",
        h.take_back
    );
}

#[test]
fn pieces_move_and_capture_by_clicks() {
    let mut app = banqi_app();
    // Flip until the side to move has a face-up piece with a step or capture to make.
    for _ in 0..40 {
        let table = shown(&app).live.clone().unwrap();
        if let Some(turn) = table.turns.iter().find(|t| t.to.is_some()) {
            let before = plies(&app);
            press(&mut app, turn.from);
            press(&mut app, turn.to.unwrap());
            assert_eq!(plies(&app), before + 1, "{turn:?}");
            let after = shown(&app).live.clone().unwrap();
            assert_eq!(after.last, Some((turn.from, turn.to)));
            assert!(after.look(turn.to.unwrap()).is_some());
            assert!(after.look(turn.from).is_none());
            return;
        }
        let flip = table.turns.iter().find(|t| t.to.is_none()).unwrap();
        press(&mut app, flip.from);
    }
    panic!("no piece ever had a move");
}

#[test]
fn a_resigned_game_shows_the_seed_and_is_counted() {
    let mut app = banqi_app();
    press(&mut app, Spot::new(0, 0));
    command(&mut app, GameCommand::Resign(Side::Black));
    settle(&mut app);
    assert_eq!(phase(&app), Phase::GameOver);
    let card = hud(&app).result.clone().unwrap();
    assert_eq!(card.seed.as_deref(), Some("7"));
    assert!(card.headline.contains("resigned"), "{}", card.headline);
    let kind = (banqi(), None);
    let tally = app.world().resource::<Stats>().tally(kind);
    assert_eq!(tally.red_wins + tally.black_wins, 1);
}

#[test]
fn the_autosave_keeps_a_banqi_game() {
    let config = banqi_config();
    let mut session = Session::new(config);
    session.play_texts(["a1", "b1", "c1"]).unwrap();
    let saved = autosave::record(&session).unwrap();
    assert!(saved.contains("\"variant\": \"banqi\""), "{saved}");
    let (resumed, preview) = autosave::read(&saved).unwrap();
    assert!(!resumed.is_over());
    assert_eq!(
        preview.say(jieqi_game::i18n::Language::English),
        "Banqi 暗棋 — two players — 3 moves played"
    );
    let mut app = xiangqi(false);
    command(&mut app, GameCommand::Resume(Box::new(resumed)));
    assert_eq!(shown(&app).variant, banqi());
    assert_eq!(plies(&app), 3);
}

fn vs_computer_banqi(human: Side) -> App {
    let config = GameConfig {
        opponent: Opponent::Computer {
            level: Level::Beginner,
            human,
        },
        ..banqi_config()
    };
    app_with(config.new_game(), config, false)
}

#[test]
fn the_computer_plays_banqi_from_what_both_players_know() {
    // The human is the second player: the computer opens with a flip.
    let mut app = vs_computer_banqi(Side::Black);
    wait_for_plies(&mut app, 1);
    let table = shown(&app).live.clone().unwrap();
    assert!(
        table.history[0].contains('='),
        "a flip: {:?}",
        table.history
    );
    assert_eq!(table.turn, Side::Black);
    assert_eq!(phase(&app), Phase::AwaitInput);
    let computer = app.world().resource::<Computer>();
    assert_eq!(computer.last_viewer, Some(Side::Red));
    assert_eq!(computer.searches, 1);
    // The human flips; the computer answers, and so on for a few turns.
    for plies in [3, 5, 7] {
        let table = shown(&app).live.clone().unwrap();
        let turn = &table.turns[0];
        command(
            &mut app,
            GameCommand::Move(BoardTurn {
                from: turn.from,
                to: turn.to,
            }),
        );
        wait_for_plies(&mut app, plies);
        assert_eq!(shown(&app).live.as_ref().unwrap().turn, Side::Black);
    }
    assert_eq!(app.world().resource::<Computer>().searches, 4);
}

#[test]
fn the_hint_suggests_a_legal_banqi_turn() {
    let mut app = vs_computer_banqi(Side::Red);
    assert!(hud(&app).can_hint);
    let turn = ask_hint(&mut app);
    settle(&mut app);
    let table = shown(&app).live.clone().unwrap();
    assert!(
        table
            .turns
            .iter()
            .any(|t| t.from == turn.from && t.to == turn.to),
        "{turn:?}"
    );
    // The first turn of Banqi is a flip: marked where it stands, with no target.
    assert_eq!(turn.to, None);
    assert_eq!(markers(&mut app, Marker::HintFrom), 1);
    assert_eq!(markers(&mut app, Marker::HintTo), 0);
    command(&mut app, GameCommand::Move(turn));
    assert_eq!(app.world().resource::<Suggestion>().turn(), None);
    wait_for_plies(&mut app, 2);
}

#[test]
fn the_record_window_exports_banqi_in_its_own_forms_without_the_seed_until_the_end() {
    let mut app = banqi_app();
    press(&mut app, Spot::new(0, 0));
    press(&mut app, Spot::new(1, 0));
    let texts = shown(&app).own_texts.clone().expect("Banqi's own texts");
    assert!(texts.record.contains("Banqi"), "{}", texts.record);
    assert!(texts.record.contains("1. a1="), "{}", texts.record);
    // The seed deals every face-down piece: not in a record while the game goes on.
    assert!(!texts.record.contains("Seed"), "{}", texts.record);
    assert!(texts.position.ends_with(" 0 2"), "{}", texts.position);
    jieqi_banqi::BanqiPosition::parse(&texts.position).expect("a public Banqi position");
    command(&mut app, GameCommand::Resign(Side::Red));
    settle(&mut app);
    let texts = shown(&app).own_texts.clone().unwrap();
    assert!(texts.record.contains("Seed"), "{}", texts.record);
}

/// Table mode turns round the pieces of the player at the top: in Banqi the seat at the top,
/// whatever colour the first flip gave it (none are turned before).
#[test]
fn table_mode_turns_the_top_seats_pieces_once_colours_are_known() {
    for animations in [false, true] {
        let config = banqi_config();
        let app = app_with(config.new_game(), config, animations);
        check_table_mode(app);
    }
}

fn check_table_mode(mut app: App) {
    app.world_mut()
        .resource_mut::<jieqi_game::settings::Settings>()
        .table_mode = true;
    settle(&mut app);
    for _ in 0..4 {
        let table = shown(&app).live.clone().unwrap();
        let flip = table.turns.iter().find(|t| t.to.is_none()).unwrap().from;
        press(&mut app, flip);
        settle_long(&mut app);
    }
    let colours = shown(&app).live.as_ref().unwrap().colours;
    let (bottom, top) = (colours[0].unwrap(), colours[1].unwrap());
    let mut q = app
        .world_mut()
        .query::<(&jieqi_game::pieces::art::BoardPiece, &Transform)>();
    let (mut turned, mut upright) = (0, 0);
    for (piece, transform) in q.iter(app.world()) {
        let is_turned = transform.rotation != Quat::IDENTITY;
        match piece.side {
            Some(side) if side == top => {
                assert!(is_turned, "{piece:?}");
                turned += 1;
            }
            Some(side) if side == bottom => {
                assert!(!is_turned, "{piece:?}");
                upright += 1;
            }
            _ => assert!(!is_turned, "a back is never turned: {piece:?}"),
        }
    }
    assert!(turned + upright >= 4 - 1, "{turned} + {upright}");
}

/// rules.md §11: a Banqi record loads through the Record window as a Banqi game, every turn
/// checked; one without its seed (a game still running) is refused with a message, and the
/// game on screen stays.
#[test]
fn a_banqi_record_loads_with_its_seed_and_is_refused_without() {
    let mut app = banqi_app();
    for spot in [Spot::new(0, 0), Spot::new(1, 0), Spot::new(2, 1)] {
        press(&mut app, spot);
    }
    let running = shown(&app).own_texts.clone().unwrap().record;
    let mut other = xiangqi(false);
    command(&mut other, GameCommand::LoadRecord(running));
    let message = app_message(&other);
    assert!(message.contains("needs its Seed tag"), "{message}");
    assert_eq!(shown(&other).variant.0.id(), "xiangqi");
    command(&mut app, GameCommand::Resign(Side::Black));
    settle(&mut app);
    let finished = shown(&app).own_texts.clone().unwrap().record;
    command(&mut other, GameCommand::LoadRecord(finished));
    assert_eq!(app_message(&other), "Loaded: a new game for two players");
    assert_eq!(shown(&other).variant, banqi());
    let (a, b) = (shown(&app).live.clone(), shown(&other).live.clone());
    assert_eq!(b.as_ref().unwrap().history, a.as_ref().unwrap().history);
    assert_eq!(b.unwrap().outcome, a.unwrap().outcome);
}

fn app_message(app: &App) -> String {
    let record_box = app.world().resource::<jieqi_game::records::RecordBox>();
    record_box
        .message
        .as_ref()
        .map(|m| m.say(jieqi_game::i18n::Language::English))
        .unwrap_or_default()
}

#[test]
fn analysis_names_the_browsed_moment_before_the_first_flip_gave_colours() {
    let mut app = banqi_app();
    press(&mut app, Spot::new(0, 0));
    press(&mut app, Spot::new(1, 0));
    assert_eq!(plies(&app), 2);
    command(
        &mut app,
        GameCommand::Browse(jieqi_game::session::BrowseTo::First),
    );
    let h = hud(&app);
    assert_eq!(shown(&app).browsed_ply, Some(0));
    assert_eq!(h.shown_ply, 0);
    assert_eq!(
        h.browsing.as_deref(),
        Some("Starting position (ply 0 of 2) — End returns to the game")
    );
    // As it stood then: the first player to move, no colours yet.
    assert_eq!(h.status, "Player 1 to move");
    assert_eq!(h.players[0].name, "Player 1 — colour not yet decided");
    command(
        &mut app,
        GameCommand::Browse(jieqi_game::session::BrowseTo::Last),
    );
    let h = hud(&app);
    assert_eq!(h.browsing, None);
    assert_eq!(
        h.status, "Player 1 to move",
        "two flips: the first player again"
    );
    assert!(h.players[0].colour.is_some());
}
