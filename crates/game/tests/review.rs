//! Game review (issue 21): every move judged in the background from what its player knew,
//! the graph, the marks, the better move's arrow, the turning point, cancelling, and the
//! reviewed record.

mod common;
use common::*;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::review::{Mark, judge, parse_eval_tag};
use jieqi_game::hud::model::HudModel;
use jieqi_game::pieces::marks::Marker;
use jieqi_game::records::{record_text, reviewed_record_text};
use jieqi_game::review::{Review, ReviewCommand};
use jieqi_game::session::{BrowseTo, GameCommand, Session};
use jieqi_rules::{AnyGame, Deal, FamilyGame, Jieqi, Move, Notation, Record, Seed, Side, Xiangqi};

/// A Jieqi game of deal 7 after `moves`, resigned by Black, and the same game from a deal that
/// differs only in pieces still face down at the end — which neither player had seen when
/// they moved, and which the end shows to both.
fn finished_deals_alike(moves: &[&str]) -> (AnyGame, AnyGame) {
    let deal = Deal::from_seed(Seed(7));
    let mut ids = [*deal.identities(Side::Red), *deal.identities(Side::Black)];
    for (side, a, b) in [(Side::Red, "a0", "i0"), (Side::Black, "a9", "i9")] {
        let points = Deal::start_points(side);
        let at = |name: &str| points.iter().position(|p| *p == sq(name)).unwrap();
        assert_ne!(ids[side.index()][at(a)], ids[side.index()][at(b)]);
        ids[side.index()].swap(at(a), at(b));
    }
    let other = Deal::from_identities(ids[0], ids[1]).unwrap();
    let play = |deal: &Deal| {
        let mut game = Jieqi::from_deal(deal);
        for m in moves {
            game.play(Move::parse_iccs(m).unwrap()).unwrap();
        }
        game.resign(Side::Black).unwrap();
        AnyGame::from(game)
    };
    (play(&deal), play(&other))
}

#[test]
fn a_jieqi_ply_is_judged_alike_for_deals_that_differ_only_in_what_its_mover_had_not_seen() {
    let moves = ["b2b9", "h9g7", "h2h6", "b7b3", "e3e4", "c6c5"];
    let (game, other) = finished_deals_alike(&moves);
    // The end shows both players every face-down piece: hindsight would tell the deals apart.
    assert_ne!(game.view(Side::Red), other.view(Side::Red));
    let request = |game: &AnyGame| {
        Session::from_game(game.clone(), jieqi_config())
            .review_request()
            .expect("a finished game may be reviewed")
    };
    let (a, b) = (request(&game), request(&other));
    assert_eq!(a.plies.len(), moves.len());
    assert_eq!(a.end, Some(1.0), "Red won");
    let stop = AtomicBool::new(false);
    for (i, ((view_a, played_a), (view_b, played_b))) in a.plies.iter().zip(&b.plies).enumerate() {
        assert_eq!(view_a, view_b, "ply {i}: the mover's view");
        assert_eq!(played_a, played_b);
        assert_eq!(view_a.viewer, view_a.turn(), "ply {i}: seen by its mover");
        assert!(
            view_a.reveal.is_none(),
            "ply {i}: never the end's knowledge"
        );
        assert_eq!(
            judge(view_a, *played_a, 2, &stop),
            judge(view_b, *played_b, 2, &stop),
            "ply {i}"
        );
    }
}

#[test]
fn a_running_jieqi_game_is_not_reviewed_but_xiangqi_is() {
    let mut app = jieqi(false);
    click(&mut app, "b2");
    click(&mut app, "b9");
    settle_long(&mut app);
    assert!(!shown(&app).can_review);
    app.world_mut().write_message(ReviewCommand::Start);
    settle(&mut app);
    assert!(app.world().resource::<Review>().plies().is_empty());
    assert!(!app.world().resource::<Review>().is_running());
    assert!(app.world().resource::<HudModel>().review.is_none());

    let mut app = xiangqi(false);
    assert!(!shown(&app).can_review, "nothing to review before a move");
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle_long(&mut app);
    assert!(shown(&app).can_review);
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    assert!(panel.can_start);
}

/// Starts the review and updates until every ply is judged (the searches run on other
/// threads), checking the progress the panel shows on the way.
fn review_to_the_end(app: &mut bevy::prelude::App) {
    app.world_mut().write_message(ReviewCommand::Start);
    let mut saw_progress = false;
    for _ in 0..6000 {
        app.update();
        let review = app.world().resource::<Review>();
        if review.is_done() {
            settle(app);
            assert!(saw_progress, "the progress showed while it ran");
            return;
        }
        let panel = app.world().resource::<HudModel>().review.clone();
        if let Some((text, _)) = panel.and_then(|p| p.progress) {
            assert!(text.starts_with("Reviewing: "), "{text}");
            saw_progress = true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the review did not finish");
}

#[test]
fn a_hung_horse_is_marked_with_its_better_move_and_the_graph_covers_the_game() {
    // 1. R9+1?? leaves the horse on b0 to Black's cannon: C8+7 takes it over Red's cannon.
    let mut game = Xiangqi::default();
    for m in ["a0a1", "b7b0", "h2e2"] {
        game.play(Move::parse_iccs(m).unwrap()).unwrap();
    }
    let mut app = app_with(AnyGame::from(game), xiangqi_config(), false);
    review_to_the_end(&mut app);
    let review = app.world().resource::<Review>();
    let plies = review.plies().to_vec();
    assert_eq!(plies.len(), 3);
    let first = plies[0];
    assert!(first.mark() >= Some(Mark::Mistake), "{first:?}");
    let better = first.better().expect("a better move");
    assert_ne!(better, Move::parse_iccs("a0a1").unwrap());
    assert!(review.turning_point().is_some());
    assert!(review.hindsight().is_empty(), "Xiangqi hides nothing");

    let hud = app.world().resource::<HudModel>().clone();
    let panel = hud.review.clone().unwrap();
    assert!(!panel.can_start && panel.progress.is_none());
    assert_eq!(
        panel.points.len(),
        3,
        "one point before each move; no end yet"
    );
    assert_eq!(panel.marks.len(), 2);
    assert!(panel.marks[0].starts_with("Red: "), "{:?}", panel.marks);
    // The move list carries the marks.
    let red_first = hud.move_rows[0].red.clone().unwrap();
    assert_eq!(red_first.mark, first.mark());

    // Showing the position after the marked move: its verdict, and the better move's arrow.
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(1)));
    settle(&mut app);
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    let (mark, verdict) = panel.verdict.clone().expect("a verdict on the move shown");
    assert_eq!(Some(mark), first.mark());
    assert!(
        verdict.contains("R9+1") && verdict.contains("Better: "),
        "{verdict}"
    );
    assert_eq!(markers(&mut app, Marker::BetterFrom), 1);
    assert_eq!(markers(&mut app, Marker::BetterTo), 1);
    // The position before it has no verdict and no arrow.
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(0)));
    settle(&mut app);
    assert_eq!(markers(&mut app, Marker::BetterFrom), 0);
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    assert!(panel.verdict.is_none());

    // A move played ends the review: it was of another game.
    command(&mut app, GameCommand::Browse(BrowseTo::Last));
    settle(&mut app);
    click(&mut app, "h9");
    click(&mut app, "g7");
    settle_long(&mut app);
    assert_eq!(view_plies(&app), 4);
    let review = app.world().resource::<Review>();
    assert!(review.plies().is_empty() && !review.is_running());
}

#[test]
fn a_new_game_cancels_the_review_cleanly() {
    let mut game = Xiangqi::default();
    for m in [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9",
    ] {
        game.play(Move::parse_iccs(m).unwrap()).unwrap();
    }
    game.resign(Side::Black).unwrap();
    let mut app = app_with(AnyGame::from(game), xiangqi_config(), false);
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.update();
    assert!(app.world().resource::<Review>().is_running());
    command(&mut app, GameCommand::NewGame(xiangqi_config()));
    settle(&mut app);
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let review = app.world().resource::<Review>();
    assert!(!review.is_running() && review.plies().is_empty());
    assert_eq!(shown(&app).plies, 0, "the new game");
    assert!(app.world().resource::<HudModel>().review.is_none());

    // Cancel stops it as well, and it may be started again.
    let mut game = Xiangqi::default();
    game.play(Move::parse_iccs("h2e2").unwrap()).unwrap();
    let mut app = app_with(AnyGame::from(game), xiangqi_config(), false);
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.world_mut().write_message(ReviewCommand::Cancel);
    settle(&mut app);
    assert!(!app.world().resource::<Review>().is_running());
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    assert!(panel.can_start, "Review the game again");
}

#[test]
fn a_reviewed_record_reads_back_to_the_same_moves_with_its_marks() {
    let moves = ["b2b9", "h9g7", "h2h6", "b7b3", "e3e4", "c6c5"];
    let (game, _) = finished_deals_alike(&moves);
    let mut app = app_with(game, jieqi_config(), false);
    review_to_the_end(&mut app);
    let plies = app.world().resource::<Review>().plies().to_vec();
    let view = shown(&app).view().cloned().unwrap();
    for (notation, lang) in [
        (Notation::Wxf, jieqi_game::i18n::Language::English),
        (Notation::Chinese, jieqi_game::i18n::Language::Chinese),
        (Notation::Iccs, jieqi_game::i18n::Language::German),
    ] {
        let text = reviewed_record_text(&view, &plies, notation, lang);
        let back = Record::parse(&text).unwrap();
        let plain = Record::parse(&record_text(&view, notation)).unwrap();
        assert_eq!(back.moves, plain.moves);
        assert_eq!(back.tags, plain.tags);
        assert_eq!(back.result, plain.result);
        assert_eq!(back.moves.len(), moves.len());
        assert_eq!(back.notes.len(), moves.len());
        for (note, ply) in back.notes.iter().zip(&plies) {
            assert_eq!(
                parse_eval_tag(&note.comment),
                Some(ply.played_for_red()),
                "{text}"
            );
            assert_eq!(Mark::from_glyph(&note.glyph), ply.mark(), "{text}");
        }
        // The game loads it again: the same moves.
        command(&mut app, GameCommand::LoadRecord(text));
        settle(&mut app);
        assert_eq!(view_plies(&app), moves.len());
    }
}

#[test]
fn play_on_from_a_reviewed_position_and_back() {
    use jieqi_ai::Level;
    use jieqi_game::stats::Stats;
    let moves = ["b2b9", "h9g7", "h2h6", "b7b3", "e3e4", "c6c5"];
    let (game, _) = finished_deals_alike(&moves);
    let then = game.view_then(Side::Red, 2).unwrap();
    let mut app = app_with(game, jieqi_config(), false);
    review_to_the_end(&mut app);
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    assert!(panel.can_play_on);
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(2)));
    command(&mut app, GameCommand::PlayOn(Level::Beginner));
    settle(&mut app);

    // A new game from what Red knew after two plies, Red against the computer.
    let now = shown(&app).clone();
    assert_eq!(now.plies, 0);
    assert_eq!(now.computer, Some(Side::Black));
    assert!(now.can_return && !now.can_review);
    let view = now.view().cloned().unwrap();
    assert_eq!(view.position.to_fen(), then.position.to_fen());
    assert_eq!(view.pool, then.pool, "Red's unseen identities, dealt again");
    assert!(app.world().resource::<Session>().practice());
    let hud = app.world().resource::<HudModel>().clone();
    assert!(hud.back_to_review && hud.review.is_none());

    // Practice is not counted: resign it, and the statistics stay as they were.
    let before = format!("{:?}", app.world().resource::<Stats>());
    command(&mut app, GameCommand::Resign(Side::Red));
    settle(&mut app);
    assert_eq!(format!("{:?}", app.world().resource::<Stats>()), before);

    // Back: the reviewed game as it was, with its review and the position shown.
    command(&mut app, GameCommand::BackToReview);
    settle(&mut app);
    let back = shown(&app).clone();
    assert_eq!(back.plies, moves.len());
    assert_eq!(back.browsed_ply, Some(2));
    assert!(!back.can_return && back.can_play_on);
    let review = app.world().resource::<Review>();
    assert!(review.is_done() && review.plies().len() == moves.len());
    assert!(!app.world().resource::<Session>().practice());

    // A new game lets the reviewed one go.
    command(&mut app, GameCommand::Browse(BrowseTo::Ply(2)));
    command(&mut app, GameCommand::PlayOn(Level::Beginner));
    settle(&mut app);
    command(&mut app, GameCommand::Resign(Side::Red));
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    settle(&mut app);
    assert!(!shown(&app).can_return);
    command(&mut app, GameCommand::BackToReview);
    settle(&mut app);
    assert_eq!(shown(&app).plies, 0, "nothing to go back to");
}

#[test]
fn against_the_computer_the_human_plays_on_with_their_own_colour() {
    use jieqi_ai::Level;
    use jieqi_game::session::Opponent;
    let mut game = Xiangqi::default();
    for m in ["h2e2", "h9g7", "h0g2"] {
        game.play(Move::parse_iccs(m).unwrap()).unwrap();
    }
    game.resign(Side::Black).unwrap();
    let config = jieqi_game::session::GameConfig {
        opponent: Opponent::Computer {
            level: Level::Club,
            human: Side::Black,
        },
        ..xiangqi_config()
    };
    let mut app = app_with(AnyGame::from(game), config, false);
    // After Red's second move Black is to move; after Black's first, Red is — Black plays on
    // either way.
    for ply in [1, 2] {
        command(&mut app, GameCommand::Browse(BrowseTo::Ply(ply)));
        command(&mut app, GameCommand::PlayOn(Level::Beginner));
        settle(&mut app);
        assert_eq!(shown(&app).computer, Some(Side::Red), "ply {ply}");
        command(&mut app, GameCommand::BackToReview);
        settle(&mut app);
        assert_eq!(shown(&app).plies, 3);
    }
}

/// A finished Jieqi game gets a hindsight line beside its players' lines: each position
/// searched knowing the deal as the end showed it, labelled, marking nothing.
#[test]
fn a_finished_jieqi_game_has_a_labelled_hindsight_line() {
    use jieqi_ai::review::{JIEQI_DEPTH, hindsight, known_deal};
    let moves = ["b2b9", "h9g7", "h2h6", "b7b3", "e3e4", "c6c5"];
    let (game, _) = finished_deals_alike(&moves);
    let deal = known_deal(&game.view(Side::Red)).expect("the end shows the deal");
    let first = game.movers_views()[0].clone();
    let mut app = app_with(game, jieqi_config(), false);
    review_to_the_end(&mut app);
    let review = app.world().resource::<Review>();
    assert_eq!(review.hindsight().len(), moves.len());
    let stop = AtomicBool::new(false);
    assert_eq!(
        Some(review.hindsight()[0]),
        hindsight(&first, &deal, JIEQI_DEPTH, &stop),
        "the first position, searched knowing the deal"
    );
    let panel = app.world().resource::<HudModel>().review.clone().unwrap();
    assert_eq!(
        panel.hindsight.len(),
        moves.len() + 1,
        "each ply, then the end"
    );
    let legend = panel.hindsight_legend.clone().unwrap();
    assert!(legend.starts_with("Dashed, green: hindsight"), "{legend}");
}
