//! Take-backs, analysis and records, headless.

mod common;
use common::*;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_game::computer::Computer;
use jieqi_game::hud::model::{HudModel, TrayItem};
use jieqi_game::i18n::Language;
use jieqi_game::input::Selection;
use jieqi_game::pieces::marks::Marker;
use jieqi_game::records::{RecordBox, RecordFile, record_text};
use jieqi_game::session::{BrowseTo, GameCommand, Hint, Session};
use jieqi_game::settings::Settings;
use jieqi_game::states::Phase;
use jieqi_rules::{Family, Move, Notation, PlayerView, Role, Side};

fn play(app: &mut App, from: &str, to: &str) {
    command(app, GameCommand::Move(Move::new(sq(from), sq(to)).into()));
}

fn live(app: &App) -> PlayerView {
    shown(app).view().cloned().expect("the board is shown")
}

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

/// The Record window's message, in English.
fn record_message(app: &App) -> Option<String> {
    let record_box = app.world().resource::<RecordBox>();
    record_box
        .message
        .as_ref()
        .map(|m| m.say(Language::English))
}

fn no_consent(app: &mut App) {
    app.world_mut().resource_mut::<Settings>().takeback_consent = false;
}

#[test]
fn two_players_take_back_with_consent_one_ply_or_two() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    play(&mut app, "h0", "g2");
    assert_eq!(view_plies(&app), 3);
    // Red just moved: Red's own move only.
    assert!(
        hud(&app)
            .take_back
            .contains(&(Side::Red, "Take back (Red, 1 move)".into()))
    );
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 3, "nothing happens before Black agrees");
    assert_eq!(
        hud(&app).takeback_request.as_deref(),
        Some("Red asks to take back 1 move — Black, do you agree?")
    );
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    assert_eq!(view_plies(&app), 2);
    assert_eq!(live(&app).turn(), Side::Red);
    assert_eq!(hud(&app).takeback_request, None);
    // Red to move asks: Black's move and Red's own go.
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    command(&mut app, GameCommand::AnswerTakeBack { accept: false });
    assert_eq!(view_plies(&app), 2, "a refusal leaves the game");
    assert_eq!(
        app.world().resource::<Hint>().text.as_deref(),
        Some("Black declined the take-back")
    );
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    assert_eq!(view_plies(&app), 0);
    assert_eq!(live(&app).turn(), Side::Red);
    // Nothing left of Red's to take back.
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(shown(&app).takeback_request, None);
    assert_eq!(phase(&app), Phase::AwaitInput);
}

#[test]
fn a_move_lets_a_request_lapse_and_consent_off_takes_back_at_once() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    command(&mut app, GameCommand::OfferDraw(Side::Black));
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    play(&mut app, "h9", "g7");
    assert_eq!(shown(&app).takeback_request, None);
    assert_eq!(view_plies(&app), 2);
    no_consent(&mut app);
    command(&mut app, GameCommand::RequestTakeBack(Side::Black));
    assert_eq!(view_plies(&app), 1, "at once, without an answer");
    assert_eq!(shown(&app).draw_offer, None);
}

#[test]
fn a_resignation_is_not_taken_back() {
    let mut app = xiangqi(false);
    for (from, to) in [("h2", "e2"), ("b9", "c7"), ("e2", "e6"), ("h9", "g7")] {
        play(&mut app, from, to);
    }
    let before = view_plies(&app);
    command(&mut app, GameCommand::Resign(Side::Black));
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), before);
    assert_eq!(shown(&app).takeback_request, None);
    assert!(hud(&app).take_back.is_empty());
}

#[test]
fn against_the_computer_a_take_back_returns_to_the_humans_move_at_once() {
    let mut app = vs_computer(Family::Jieqi, Level::Beginner, Side::Red);
    let first = live(&app).legal_moves[0];
    command(&mut app, GameCommand::Move(first.into()));
    wait_for_plies(&mut app, 2);
    let second = live(&app).legal_moves[0];
    command(&mut app, GameCommand::Move(second.into()));
    wait_for_plies(&mut app, 4);
    let at_two = {
        let mut app2 = vs_computer(Family::Jieqi, Level::Beginner, Side::Red);
        command(&mut app2, GameCommand::Move(first.into()));
        wait_for_plies(&mut app2, 2);
        live(&app2).at_ply(0).unwrap().position
    };
    // Back over the computer's reply and the human's move: the human's turn again.
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 2);
    assert_eq!(live(&app).turn(), Side::Red);
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 0);
    assert_eq!(live(&app).position, at_two);
    assert_eq!(phase(&app), Phase::AwaitInput);
    // The computer's side never asks.
    command(&mut app, GameCommand::RequestTakeBack(Side::Black));
    assert_eq!(view_plies(&app), 0);
}

#[test]
fn a_stale_computer_move_is_dropped_after_a_take_back() {
    // Master thinks for seconds: the test answers for it by hand.
    let mut app = vs_computer(Family::Xiangqi, Level::Master, Side::Red);
    play(&mut app, "h2", "e2");
    assert!(app.world().resource::<Computer>().is_thinking());
    let stale = app.world().resource::<Session>().stamp();
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 0);
    assert!(
        !app.world().resource::<Computer>().is_thinking(),
        "the search for the old position is dropped"
    );
    play(&mut app, "b2", "e2");
    assert_eq!(view_plies(&app), 1);
    let now = app.world().resource::<Session>().stamp();
    assert_eq!(now.plies, stale.plies, "same ply, another position");
    let reply = Move::new(sq("h9"), sq("g7"));
    command(
        &mut app,
        GameCommand::ComputerMove {
            mv: reply.into(),
            stamp: stale,
        },
    );
    assert_eq!(view_plies(&app), 1, "the stale result is dropped");
    command(
        &mut app,
        GameCommand::ComputerMove {
            mv: reply.into(),
            stamp: now,
        },
    );
    assert_eq!(
        view_plies(&app),
        2,
        "the same move for the moment now plays"
    );
}

/// Jieqi on one screen: plays the first legal move of the side holding the device and
/// hands over.
fn jieqi_move(app: &mut App) {
    let mv = live(app).legal_moves[0];
    command(app, GameCommand::Move(mv.into()));
    skip_the_reveal(app);
    command(app, GameCommand::Ready);
}

#[test]
fn jieqi_take_back_hands_over_under_the_cover_and_shows_no_more_than_before() {
    let mut app = jieqi(false);
    jieqi_move(&mut app); // Red
    jieqi_move(&mut app); // Black
    let red_view_before = live(&app);
    assert_eq!(red_view_before.viewer, Side::Red);
    let mv = red_view_before.legal_moves[0];
    command(&mut app, GameCommand::Move(mv.into()));
    skip_the_reveal(&mut app);
    // Under the cover Red (who just moved) asks to take it back; Black must agree.
    assert_eq!(phase(&app), Phase::Handoff);
    assert!(
        hud(&app)
            .take_back
            .contains(&(Side::Red, "Take back (Red, 1 move)".into()))
    );
    command(&mut app, GameCommand::RequestTakeBack(Side::Black));
    assert_eq!(
        shown(&app).takeback_request,
        None,
        "Black does not hold the device"
    );
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(shown(&app).view(), None, "still covered");
    assert_eq!(shown(&app).pass_to, Some(Side::Black));
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    assert_eq!(shown(&app).plies, 3, "no answer from under the cover");
    command(&mut app, GameCommand::Ready);
    assert_eq!(live(&app).viewer, Side::Black);
    assert_eq!(
        hud(&app).takeback_request.as_deref(),
        Some("Red asks to take back 1 move — Black, do you agree?")
    );
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    // The device goes to Red under the cover; Red then sees exactly the view before the move.
    assert_eq!(shown(&app).view(), None);
    assert_eq!(shown(&app).pass_to, Some(Side::Red));
    command(&mut app, GameCommand::Ready);
    assert_eq!(live(&app), red_view_before);
}

#[test]
fn jieqi_take_back_without_consent_keeps_the_view_of_the_holder() {
    let mut app = jieqi(false);
    no_consent(&mut app);
    jieqi_move(&mut app);
    jieqi_move(&mut app);
    jieqi_move(&mut app);
    // Black holds the device, to move: Red's move and Black's own go.
    let black_now = live(&app);
    assert_eq!(black_now.viewer, Side::Black);
    let black_then = black_now.at_ply(1).unwrap();
    command(&mut app, GameCommand::RequestTakeBack(Side::Black));
    let after = live(&app);
    assert_eq!(after.moves.len(), 1);
    assert_eq!(
        after.viewer,
        Side::Black,
        "no handoff: Black holds it and is to move"
    );
    assert_eq!(after.moves, black_then.moves);
    assert_eq!(after.position, black_then.position);
    assert_eq!(after.pool, black_then.pool);
    assert_eq!(after.learned, black_then.learned);
}

#[test]
fn analysis_steps_through_the_game_and_the_board_takes_no_moves() {
    let mut app = xiangqi(false);
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2"), ("i9", "h9")] {
        play(&mut app, from, to);
    }
    let full = live(&app);
    let board_at = |app: &App| shown(app).board_view().unwrap().position.clone();
    command(&mut app, GameCommand::Browse(BrowseTo::First));
    assert_eq!(board_at(&app), full.position_at(0).unwrap());
    assert_eq!(hud(&app).shown_ply, 0);
    assert_eq!(pieces(&mut app).len(), 32);
    assert!(
        piece_at(&mut app, "h2").is_some(),
        "the pieces show the start"
    );
    command(&mut app, GameCommand::Browse(BrowseTo::Forward));
    command(&mut app, GameCommand::Browse(BrowseTo::Forward));
    assert_eq!(board_at(&app), full.position_at(2).unwrap());
    command(&mut app, GameCommand::Browse(BrowseTo::Back));
    assert_eq!(board_at(&app), full.position_at(1).unwrap());
    assert!(hud(&app).browsing.is_some());
    // A clicked move shows the position after it, highlighted in the list.
    let third = hud(&app).move_rows[1].red.clone().unwrap();
    assert_eq!(third.text, "H2+3");
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(third.ply)));
    assert_eq!(board_at(&app), full.position_at(3).unwrap());
    assert_eq!(hud(&app).shown_ply, 3);
    // No moves while an earlier position is shown.
    assert!(!shown(&app).can_move());
    click(&mut app, "b0");
    click(&mut app, "c2");
    play(&mut app, "b0", "c2");
    assert_eq!(view_plies(&app), 4);
    // Last: live again, moves allowed.
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    assert_eq!(shown(&app).browsed_view(), None);
    assert_eq!(hud(&app).shown_ply, 4);
    assert_eq!(board_at(&app), full.position);
    play(&mut app, "b0", "c2");
    assert_eq!(view_plies(&app), 5);
}

#[test]
fn analysis_in_jieqi_shows_the_viewers_own_earlier_view() {
    let mut app = jieqi(false);
    for _ in 0..4 {
        jieqi_move(&mut app);
    }
    let now = live(&app);
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(2)));
    let then = shown(&app).board_view().unwrap().clone();
    assert_eq!(then, now.at_ply(2).unwrap());
    assert_eq!(then.viewer, now.viewer);
    // A move hands over the cover; the next player starts live.
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    jieqi_move(&mut app);
    assert_eq!(shown(&app).browsed_view(), None);
}

#[test]
fn records_and_fens_go_out_and_come_back() {
    let mut app = xiangqi(false);
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2")] {
        play(&mut app, from, to);
    }
    let view = live(&app);
    for notation in [Notation::Wxf, Notation::Iccs, Notation::Chinese] {
        let text = record_text(&view, notation);
        let mut other = xiangqi(false);
        command(&mut other, GameCommand::LoadRecord(text));
        let loaded = live(&other);
        assert_eq!(loaded.moves, view.moves, "{notation:?}");
        assert_eq!(loaded.position, view.position, "{notation:?}");
    }
    let fen = view.to_fen();
    let mut other = xiangqi(false);
    command(&mut other, GameCommand::LoadFen(fen.clone()));
    assert_eq!(live(&other).position, view.position);
    assert_eq!(live(&other).to_fen(), fen);
    assert_eq!(
        shown(&other).computer,
        None,
        "a loaded game is for two players"
    );
    assert_eq!(
        record_message(&other).as_deref(),
        Some("Loaded: a new game for two players")
    );
}

#[test]
fn a_finished_jieqi_record_carries_its_seed_and_a_running_one_never_does() {
    let mut app = jieqi(false);
    for _ in 0..3 {
        jieqi_move(&mut app);
    }
    let running = record_text(&live(&app), Notation::Wxf);
    assert!(!running.contains("Seed"), "{running}");
    let mut other = xiangqi(false);
    command(&mut other, GameCommand::LoadRecord(running));
    let message = record_message(&other).unwrap();
    assert!(
        message.starts_with("Record: a Jieqi record needs its Seed tag"),
        "{message}"
    );
    command(&mut app, GameCommand::Resign(Side::Black));
    let finished = live(&app);
    let text = record_text(&finished, Notation::Wxf);
    assert!(text.contains("[Seed \""), "{text}");
    command(&mut other, GameCommand::LoadRecord(text));
    let loaded = live(&other);
    assert_eq!(loaded.variant, Family::Jieqi);
    assert_eq!(loaded.moves, finished.moves);
    assert_eq!(loaded.outcome, finished.outcome);
}

#[test]
fn a_bad_record_or_fen_leaves_the_game_alone_with_a_message() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    let before = shown(&app).clone();
    let cases = [
        (
            GameCommand::LoadRecord("1. h2e2 h2e2".into()),
            "Record: move 1 for Black",
        ),
        (
            GameCommand::LoadRecord("[Variant \"Shogi\"]\n1. C2=5".into()),
            "Record: tag Variant",
        ),
        (GameCommand::LoadFen("not a fen".into()), "FEN: "),
        (
            GameCommand::LoadFen(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w".into(),
            ),
            "FEN: ",
        ),
    ];
    for (load, start) in cases {
        command(&mut app, load);
        let message = record_message(&app).unwrap();
        assert!(message.starts_with(start), "{message}");
        assert!(!message.contains('\n'), "one line: {message}");
        assert_eq!(shown(&app), &before, "the game on screen is untouched");
        assert_eq!(phase(&app), Phase::AwaitInput);
    }
}

#[test]
fn the_record_box_is_emptied_under_the_cover() {
    let mut app = jieqi(false);
    jieqi_move(&mut app);
    let fen = live(&app).to_fen();
    app.world_mut().resource_mut::<RecordBox>().text = fen;
    let mv = live(&app).legal_moves[0];
    command(&mut app, GameCommand::Move(mv.into()));
    skip_the_reveal(&mut app);
    assert_eq!(shown(&app).view(), None);
    assert_eq!(app.world().resource::<RecordBox>().text, "");
}

fn box_file(app: &mut App, path: &std::path::Path, request: RecordFile) {
    app.world_mut().resource_mut::<RecordBox>().path = path.to_string_lossy().into_owned();
    app.world_mut().write_message(request);
    settle(app);
}

#[test]
fn a_record_goes_to_a_file_and_comes_back_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    let text = record_text(&live(&app), Notation::Wxf);
    app.world_mut().resource_mut::<RecordBox>().text = text.clone();
    box_file(&mut app, &path, RecordFile::Save);
    assert!(record_message(&app).unwrap().starts_with("Saved to "));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    let mut other = xiangqi(false);
    box_file(&mut other, &path, RecordFile::Open);
    assert_eq!(other.world().resource::<RecordBox>().text, text);
    let loaded = other.world().resource::<RecordBox>().text.clone();
    command(&mut other, GameCommand::LoadRecord(loaded));
    assert_eq!(live(&other).moves, live(&app).moves);
}

#[test]
fn bad_files_give_a_message_and_leave_the_game_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    let before = shown(&app).clone();
    let binary = dir.path().join("binary.bin");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x81]).unwrap();
    let huge = dir.path().join("huge.txt");
    std::fs::write(&huge, vec![b'a'; 2 << 20]).unwrap();
    let cases = [
        (
            dir.path().join("missing.txt"),
            RecordFile::Open,
            "Could not read ",
        ),
        (binary, RecordFile::Open, "Could not read "),
        (huge, RecordFile::Open, "Could not read "),
        (
            dir.path().join("no-such-dir").join("x.txt"),
            RecordFile::Save,
            "Could not write ",
        ),
    ];
    app.world_mut().resource_mut::<RecordBox>().text = "kept".into();
    for (path, request, start) in cases {
        box_file(&mut app, &path, request);
        let message = record_message(&app).unwrap();
        assert!(message.starts_with(start), "{message}");
        assert_eq!(app.world().resource::<RecordBox>().text, "kept");
        assert_eq!(shown(&app), &before, "the game on screen is untouched");
    }
    box_file(&mut app, std::path::Path::new(""), RecordFile::Open);
    assert_eq!(record_message(&app).unwrap(), "Type a file path first");
    app.world_mut().resource_mut::<RecordBox>().text = " ".into();
    box_file(&mut app, &dir.path().join("y.txt"), RecordFile::Save);
    assert!(record_message(&app).unwrap().starts_with("Nothing to save"));
}

#[test]
fn a_resignation_lets_a_waiting_take_back_request_lapse() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert!(shown(&app).takeback_request.is_some());
    command(&mut app, GameCommand::Resign(Side::Black));
    assert_eq!(shown(&app).takeback_request, None);
    assert_eq!(hud(&app).takeback_request, None);
    // An answer now finds nothing to answer: the resignation stands.
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    assert_eq!(view_plies(&app), 1);
    assert_eq!(phase(&app), Phase::GameOver);
}

#[test]
fn stepping_into_analysis_or_resigning_drops_the_picked_piece() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    let picked = |app: &App| app.world().resource::<Selection>().spot;
    click(&mut app, "b0");
    assert_eq!(picked(&app), Some(at("b0")));
    assert_eq!(markers(&mut app, Marker::Selected), 1);
    command(&mut app, GameCommand::Browse(BrowseTo::Back));
    assert_eq!(picked(&app), None, "the board shows another moment");
    assert_eq!(markers(&mut app, Marker::Selected), 0);
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    click(&mut app, "b0");
    assert_eq!(picked(&app), Some(at("b0")));
    command(&mut app, GameCommand::Resign(Side::Red));
    assert_eq!(picked(&app), None, "nothing moves after the end");
    assert_eq!(markers(&mut app, Marker::Selected), 0);
}

/// A headless app started as `jieqi ARGS` would start it.
fn app_from_command_line(args: &[&str]) -> App {
    let options = jieqi_game::LaunchOptions::parse(args.iter().map(|a| a.to_string())).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.insert_resource(options.session().unwrap());
    app.insert_resource(jieqi_game::session::StartCommands(options.start_commands()));
    app.add_plugins(jieqi_game::logic_plugin);
    settle(&mut app);
    app
}

#[test]
fn the_game_screen_opens_as_the_command_line_set_the_game() {
    let app = app_from_command_line(&["--moves", "h2e2", "--resign", "black"]);
    assert_eq!(phase(&app), Phase::GameOver);
    let app = app_from_command_line(&[
        "--variant",
        "jieqi",
        "--seed",
        "7",
        "--moves",
        "b2b9",
        "--cover",
    ]);
    assert_eq!(phase(&app), Phase::Handoff);
    assert_eq!(shown(&app).pass_to, Some(Side::Black));
    let app = app_from_command_line(&["--moves", "h2e2 h9g7 h0g2", "--browse", "1"]);
    assert_eq!(shown(&app).browsed_ply, Some(1));
    assert!(shown(&app).browsed_view().is_some());
    let app = app_from_command_line(&["--moves", "h2e2 h9g7 h0g2", "--ask-takeback", "red"]);
    assert_eq!(
        hud(&app).takeback_request.as_deref(),
        Some("Red asks to take back 1 move — Black, do you agree?")
    );
}

/// The trays of Red's line and Black's: what each side took, as the panel shows it.
fn trays(app: &App) -> [Vec<TrayItem>; 2] {
    let players = &hud(app).players;
    [players[0].tray.clone(), players[1].tray.clone()]
}

fn to_move(app: &App) -> Vec<Side> {
    hud(app)
        .players
        .iter()
        .filter(|p| p.to_move)
        .map(|p| p.side)
        .collect()
}

#[test]
fn analysis_shows_the_browsed_positions_side_to_move_captures_and_move_number() {
    let mut app = xiangqi(false);
    // 1. The cannon takes the horse on h9, 1… the chariot takes it back, 2. a horse out.
    for (from, to) in [("h2", "h9"), ("i9", "h9"), ("h0", "g2")] {
        play(&mut app, from, to);
    }
    let horse = TrayItem {
        side: Side::Black,
        role: Some(Role::Horse),
    };
    let cannon = TrayItem {
        side: Side::Red,
        role: Some(Role::Cannon),
    };
    let live_status = hud(&app).status.clone();
    assert_eq!(live_status, "Black to move");
    assert_eq!(trays(&app), [vec![horse], vec![cannon]]);
    let rows = hud(&app).move_rows.clone();
    let (first, second) = (
        rows[0].red.clone().unwrap().text,
        rows[0].black.clone().unwrap().text,
    );

    command(&mut app, GameCommand::Browse(BrowseTo::First));
    assert_eq!(hud(&app).status, "Red to move");
    assert_eq!(to_move(&app), vec![Side::Red]);
    assert_eq!(trays(&app), [vec![], vec![]], "nothing taken yet");
    assert_eq!(
        hud(&app).browsing.as_deref(),
        Some("Starting position (ply 0 of 3) — End returns to the game")
    );

    command(&mut app, GameCommand::Browse(BrowseTo::Forward));
    assert_eq!(hud(&app).status, "Black to move");
    assert_eq!(to_move(&app), vec![Side::Black]);
    assert_eq!(trays(&app), [vec![horse], vec![]]);
    assert_eq!(
        hud(&app).browsing,
        Some(format!(
            "Position after 1. {first} (ply 1 of 3) — End returns to the game"
        ))
    );

    command(&mut app, GameCommand::Browse(BrowseTo::Forward));
    assert_eq!(hud(&app).status, "Red to move");
    assert_eq!(trays(&app), [vec![horse], vec![cannon]]);
    assert_eq!(
        hud(&app).browsing,
        Some(format!(
            "Position after 1… {second} (ply 2 of 3) — End returns to the game"
        ))
    );
    // The buttons still act for the live game: Black, to move there.
    assert_eq!(hud(&app).actor, Some(Side::Black));

    // Leaving analysis: the live game's context again.
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    assert_eq!(hud(&app).browsing, None);
    assert_eq!(hud(&app).status, live_status);
    assert_eq!(to_move(&app), vec![Side::Black]);
    assert_eq!(trays(&app), [vec![horse], vec![cannon]]);
}

#[test]
fn analysis_of_a_finished_game_shows_the_position_and_the_live_result_returns() {
    let mut app = xiangqi(false);
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    command(&mut app, GameCommand::Resign(Side::Black));
    let over = hud(&app).status.clone();
    assert!(over.contains("resign"), "{over}");
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(1)));
    assert_eq!(hud(&app).status, "Black to move");
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    assert_eq!(hud(&app).status, over);
}

#[test]
fn analysis_in_jieqi_shows_the_captures_as_the_viewer_knew_them_then() {
    let mut app = jieqi(false);
    // Seed 7: Red's face-down piece on b2 takes the face-down piece on b9; Red sees what it
    // took, Black never does.
    play(&mut app, "b2", "b9");
    skip_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    let taken = live(&app).captured_by(Side::Red);
    assert_eq!(taken.len(), 1);
    jieqi_move(&mut app); // Black
    assert_eq!(live(&app).viewer, Side::Red);
    let red_knows = trays(&app)[0].clone();
    assert_eq!(red_knows.len(), 1);
    assert!(red_knows[0].role.is_some(), "Red saw what it took");

    command(&mut app, GameCommand::Browse(BrowseTo::First));
    assert_eq!(trays(&app), [vec![], vec![]]);
    assert_eq!(hud(&app).status, "Red to move");
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(1)));
    assert_eq!(trays(&app)[0], red_knows);
    assert_eq!(hud(&app).status, "Black to move");
    command(&mut app, GameCommand::Browse(BrowseTo::Last));

    jieqi_move(&mut app); // Red; Black holds the device now
    assert_eq!(live(&app).viewer, Side::Black);
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(1)));
    assert_eq!(
        trays(&app)[0],
        vec![TrayItem {
            side: Side::Black,
            role: None
        }],
        "Black never saw what Red took"
    );
    assert_eq!(hud(&app).status, "Black to move");
    assert!(
        hud(&app)
            .browsing
            .as_deref()
            .is_some_and(|b| b.starts_with("Position after 1. ") && b.contains("(ply 1 of 3)")),
        "{:?}",
        hud(&app).browsing
    );
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    assert_eq!(hud(&app).browsing, None);
    assert_eq!(to_move(&app), vec![Side::Black]);
}

#[test]
fn analysis_speaks_every_language_and_counts_as_the_move_list() {
    let mut app = xiangqi(false);
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2"), ("i9", "h9")] {
        play(&mut app, from, to);
    }
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(4)));
    assert_eq!(hud(&app).browsing, None, "the last ply is the live game");
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(3)));
    let third = hud(&app).move_rows[1].red.clone().unwrap().text;
    app.world_mut().resource_mut::<Settings>().language = Language::German;
    settle(&mut app);
    assert_eq!(
        hud(&app).browsing,
        Some(format!(
            "Stellung nach 2. {third} (Halbzug 3 von 4) — Ende kehrt zur Partie zurück"
        ))
    );
    assert_eq!(hud(&app).status, "Schwarz am Zug");
    app.world_mut().resource_mut::<Settings>().language = Language::Chinese;
    settle(&mut app);
    let chinese = hud(&app).browsing.clone().unwrap();
    assert!(
        chinese.starts_with("第2回合 ") && chinese.contains("(第3步，共4步)"),
        "{chinese}"
    );
}
