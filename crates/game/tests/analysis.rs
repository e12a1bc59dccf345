//! The analysis board's logic, headless (issue 59): moves and variations by click, the tree's
//! steps, reveals told as they happened, pastes, the editor's refusals, the engine's lines.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use common::{at, xiangqi};
use jieqi_ai::Score;
use jieqi_analysis::EditorPiece;
use jieqi_game::analysis::editor_tray::EditCommand;
use jieqi_game::analysis::engine_lines::{EngineCommand, EngineLines};
use jieqi_game::analysis::model::{AnalysisBoard, BoardCommand, Note, TrayPick};
use jieqi_game::analysis::transfer::ImportPaste;
use jieqi_game::analysis::tree_panel::{MoveLabels, TreeCommand};
use jieqi_game::settings::Settings;
use jieqi_rules::platform::Look;
use jieqi_rules::{Family, Notation, Role, Side};

fn board(app: &App) -> &AnalysisBoard {
    app.world().resource::<AnalysisBoard>()
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
}

/// Clicks `from`, then `to`, on the analysis board.
fn play(app: &mut App, from: &str, to: &str) {
    send(app, BoardCommand::Click(at(from)));
    send(app, BoardCommand::Click(at(to)));
}

/// A Xiangqi app with the analysis screen open on the (unplayed) game on the table.
fn opened() -> App {
    let mut app = xiangqi(false);
    send(&mut app, BoardCommand::Toggle);
    assert!(app.world().resource::<jieqi_game::hud::AnalysisOpen>().0);
    app
}

/// Scores in one order: mates to give first, mates to suffer last.
fn order(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

fn position(app: &App) -> String {
    board(app).tree().position_text()
}

#[test]
fn a_variation_is_played_promoted_and_deleted() {
    let mut app = opened();
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    let tree = board(&app).tree();
    assert_eq!(tree.main_line().len(), 2);
    let first = tree.main_line()[0];
    // The move list speaks the chosen notation.
    assert_eq!(app.world().resource::<Settings>().notation, Notation::Wxf);
    assert_eq!(
        app.world().resource::<MoveLabels>().label(first),
        Some("C2=5")
    );

    // One step back, another answer: a variation beside the main line.
    send(&mut app, TreeCommand::Back);
    play(&mut app, "b9", "c7");
    let tree = board(&app).tree();
    let variation = tree.current();
    assert_eq!(tree.children(first).len(), 2);
    assert!(!tree.is_main_line(variation));
    assert_eq!(tree.main_line().len(), 2, "the main line is kept");

    send(&mut app, TreeCommand::Promote(variation));
    assert!(board(&app).tree().is_main_line(variation));
    send(&mut app, TreeCommand::Promote(variation));
    assert!(board(&app).tree().is_main_line(variation), "first already");

    send(&mut app, TreeCommand::Delete(variation));
    let tree = board(&app).tree();
    assert_eq!(tree.children(first).len(), 1);
    assert_eq!(tree.current(), first, "the deleted move's parent is shown");
    assert!(!tree.contains(variation));

    send(&mut app, TreeCommand::End);
    send(&mut app, TreeCommand::Start);
    assert_eq!(board(&app).tree().current(), board(&app).tree().root());
}

#[test]
fn a_refused_click_says_the_rules_reason_and_plays_nothing() {
    let mut app = opened();
    let before = position(&app);
    // The horse on b0 cannot step to b1.
    play(&mut app, "b0", "b1");
    assert_eq!(position(&app), before);
    assert!(board(&app).note().is_some(), "the refusal is said");
    assert!(board(&app).selected().is_none());
}

#[test]
fn a_bad_paste_leaves_the_board_as_it_was() {
    let mut app = opened();
    play(&mut app, "h2", "e2");
    let (before, current) = (position(&app), board(&app).tree().current());
    send(&mut app, ImportPaste("h2e2 h9g7 z9z9".into()));
    assert_eq!(position(&app), before);
    assert_eq!(board(&app).tree().current(), current);
    let Some(Note::Refused(why)) = board(&app).note() else {
        panic!("a one-line reason: {:?}", board(&app).note());
    };
    assert!(!why.contains('\n'), "{why}");

    // A good paste replaces the tree.
    send(&mut app, ImportPaste("h2e2 h9g7 h0g2".into()));
    assert_eq!(board(&app).tree().main_line().len(), 3);
}

#[test]
fn an_editor_refusal_keeps_the_last_valid_position() {
    let mut app = opened();
    send(&mut app, EditCommand::Open);
    let editor = |app: &App| {
        board(app)
            .editor()
            .expect("the editor is open")
            .editor
            .clone()
    };
    let start = editor(&app).position();

    // A general outside its palace: refused, the position kept.
    let general = EditorPiece::Up {
        side: Side::Red,
        role: Role::General,
    };
    send(&mut app, EditCommand::Pick(Some(TrayPick::Piece(general))));
    send(&mut app, BoardCommand::Click(at("a4")));
    assert_eq!(editor(&app).position(), start);
    assert!(matches!(board(&app).note(), Some(Note::Refused(_))));

    // Erase a chariot: taken; Black to move: taken.
    send(&mut app, EditCommand::Pick(Some(TrayPick::Eraser)));
    send(&mut app, BoardCommand::Click(at("a0")));
    send(&mut app, EditCommand::SetTurn(Side::Black));
    let edited = editor(&app).position();
    assert_ne!(edited, start);
    assert!(board(&app).note().is_none());

    // Done: the board starts there, Black to move.
    send(&mut app, EditCommand::Done);
    assert!(board(&app).editor().is_none());
    assert_eq!(board(&app).tree().start(), Some(edited.as_str()));
    assert_eq!(board(&app).tree().game().turn(), Side::Black);
}

#[test]
fn a_face_down_piece_asks_what_it_turned_up_and_what_it_took() {
    let mut app = opened();
    send(
        &mut app,
        BoardCommand::NewBoard(jieqi_variants::of_kind(Family::Jieqi)),
    );
    // Red's face-down piece on h2 (moving as a cannon) goes up.
    play(&mut app, "h2", "h5");
    let pending = board(&app).pending().expect("a reveal is asked").clone();
    assert!(pending.asks_reveal());
    assert!(pending.question.captures.is_none());
    // Only what Red's pool holds: no general, nothing of Black's.
    let offered: Vec<_> = pending.question.reveals.iter().map(|(i, _)| *i).collect();
    assert!(
        offered
            .iter()
            .all(|i| i.side == Side::Red && i.role != Role::General)
    );
    assert!(offered.iter().any(|i| i.role == Role::Chariot));
    let chariot = *offered.iter().find(|i| i.role == Role::Chariot).unwrap();
    send(&mut app, BoardCommand::Reveal(chariot));
    assert!(board(&app).pending().is_none());
    let table = board(&app).tree().game().table(Side::Red);
    let h5 = table
        .pieces
        .iter()
        .find(|(s, _)| *s == at("h5"))
        .map(|(_, l)| *l);
    assert_eq!(
        h5,
        Some(Look::Up {
            side: Side::Red,
            role: Role::Chariot
        })
    );

    // Black's face-down piece on b7 takes nothing; then the chariot takes the one on h7:
    // asked what it was, "not known" is an answer.
    play(&mut app, "b7", "b6");
    let soldier = board(&app).pending().unwrap().question.reveals[0].0;
    send(&mut app, BoardCommand::Reveal(soldier));
    play(&mut app, "h5", "h7");
    let pending = board(&app).pending().expect("the capture is asked").clone();
    assert!(!pending.asks_reveal());
    assert!(
        pending
            .question
            .captures
            .as_ref()
            .is_some_and(|c| !c.is_empty())
    );
    send(&mut app, BoardCommand::Captured(None));
    assert!(board(&app).pending().is_none());
    assert_eq!(board(&app).tree().main_line().len(), 3);
    // Nothing was told of the piece taken: the tree keeps no identity for it.
    let tree = board(&app).tree();
    assert_eq!(tree.turn(tree.current()).unwrap().captured, None);
}

#[test]
fn the_engine_gives_three_distinct_lines_for_a_middle_game() {
    let mut app = opened();
    // A middle game of Xiangqi.
    send(
        &mut app,
        ImportPaste("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 c6c5 b2b6 g6g5 b6c6 b7b3".into()),
    );
    assert_eq!(board(&app).tree().main_line().len(), 14);
    send(&mut app, EngineCommand::Lines(3));
    send(&mut app, EngineCommand::Start);
    let mut waited = 0;
    loop {
        app.update();
        let engine = app.world().resource::<EngineLines>();
        let lines = engine.lines();
        if lines.len() == 3 && lines.iter().all(|l| l.depth >= 5) {
            break;
        }
        waited += 1;
        assert!(waited < 3000, "no three lines: {lines:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
    let engine = app.world().resource::<EngineLines>();
    let lines = engine.lines().to_vec();
    let firsts: Vec<_> = lines.iter().map(|l| l.first).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let scores: Vec<i64> = lines.iter().map(|l| order(l.score)).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    for line in &lines {
        assert!(!engine.moves_text(line, Notation::Wxf).is_empty());
    }
    assert!(engine.red_share().is_some());
    assert_eq!(engine.side_to_move(), Some(Side::Red));

    // A new position: the search starts again for it.
    send(&mut app, TreeCommand::Back);
    let engine = app.world().resource::<EngineLines>();
    assert_eq!(engine.side_to_move(), Some(Side::Black));
    send(&mut app, EngineCommand::Stop);
    assert!(!app.world().resource::<EngineLines>().is_thinking());
}

/// The value of each reveal, on request (issue 59, item 4): every move of the side to move's
/// face-down pieces, valued; forgotten once the board moves on.
#[test]
fn the_value_of_each_reveal_is_given_on_request() {
    use jieqi_game::analysis::reveal_worth::{AskRevealWorth, RevealWorth};
    let mut app = opened();
    send(
        &mut app,
        BoardCommand::NewBoard(jieqi_variants::of_kind(Family::Jieqi)),
    );
    send(&mut app, AskRevealWorth);
    let mut waited = 0;
    while app.world().resource::<RevealWorth>().is_thinking() {
        app.update();
        waited += 1;
        assert!(waited < 3000, "the values never came");
        std::thread::sleep(Duration::from_millis(10));
    }
    let view = app
        .world()
        .resource::<RevealWorth>()
        .view()
        .unwrap()
        .clone();
    let settings = Settings {
        notation: Notation::Iccs,
        ..Settings::default()
    };
    let lines = app.world().resource::<RevealWorth>().lines(&settings);
    // Red's face-down pieces at the start: each has its moves (the chariots, horses, …).
    assert!(lines.len() >= 10, "{lines:?}");
    for (text, value) in &lines {
        let from = jieqi_rules::Square::parse(&text[..2]).unwrap();
        assert!(view.position.piece_at(from).unwrap().is_hidden(), "{text}");
        assert!(value.starts_with(['+', '-', '#']), "{value}");
    }
    // A move later (the general, face up from the start) the values are gone.
    play(&mut app, "e0", "e1");
    assert_eq!(board(&app).tree().main_line().len(), 1);
    assert!(
        app.world()
            .resource::<RevealWorth>()
            .lines(&settings)
            .is_empty()
    );
}
