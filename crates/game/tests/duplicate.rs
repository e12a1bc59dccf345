//! Headless: duplicate Jieqi (issue 21) — one deal played twice with the colours swapped.
//! The two games share the deal and swap colours; between them the table shows only what
//! both players saw; the two results make one score; the records tie the games together;
//! the statistics count the match, not its games; leaving a match asks first.

mod common;
use common::*;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_game::hud::model::HudModel;
use jieqi_game::records::{DUPLICATE_EVENT, reviewed_record, tie_to_match};
use jieqi_game::session::{DealChoice, GameCommand, GameConfig, MatchResult, Opponent, Session};
use jieqi_game::states::Phase;
use jieqi_game::stats::{MatchTally, Stats, StatsModel, Tally};
use jieqi_rules::{Family, Notation, Record, Role, SeenPiece, Side};

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

fn stats(app: &App) -> &Stats {
    app.world().resource::<Stats>()
}

fn random_jieqi(opponent: Opponent) -> GameConfig {
    GameConfig {
        deal: DealChoice::Random,
        opponent,
        ..jieqi_config()
    }
}

/// Hot-seat: the side to move plays `from`-`to`, reads what it turned up, and hands the
/// device over; the next player takes it.
fn hot_seat_move(app: &mut App, from: &str, to: &str) {
    click(app, from);
    click(app, to);
    settle(app);
    skip_the_reveal(app);
    command(app, GameCommand::Ready);
    assert_eq!(phase(app), Phase::AwaitInput);
}

/// What the first ply's piece turned up as, as everyone saw it.
fn first_reveal(app: &App) -> Role {
    shown(app).view().unwrap().moves[0]
        .revealed
        .expect("the first move turned a piece up")
}

/// The record the Record window exports for the game on the table.
fn exported(app: &App) -> Record {
    let shown = shown(app);
    let view = shown.view().unwrap();
    let mut record = reviewed_record(view, &[], Notation::Iccs, Default::default());
    let m = shown.duplicate.as_ref().unwrap();
    tie_to_match(&mut record, m, m.round, shown.names);
    record
}

#[test]
fn a_duplicate_matchs_two_games_share_the_deal_and_swap_colours() {
    let config = random_jieqi(Opponent::TwoPlayers);
    let mut app = app_with_session(Session::duplicate(config), false);
    let kind = (jieqi_variants::of_kind(Family::Jieqi), None);
    let m = shown(&app).duplicate.clone().expect("a match");
    assert_eq!((m.round, m.decided), (1, false));
    assert_eq!(shown(&app).player_one, Side::Red);
    assert_eq!(
        hud(&app).match_line.as_deref(),
        Some("Duplicate match, game 1 of 2")
    );

    // Game 1: player 1's cannon takes a face-down piece over another; player 2 resigns.
    hot_seat_move(&mut app, "b2", "b9");
    let revealed = first_reveal(&app);
    command(&mut app, GameCommand::Resign(Side::Black));
    assert_eq!(phase(&app), Phase::GameOver);

    // Between the games: only what both saw — no final reveal, no seed, the face-down
    // piece taken unnamed, no review, no playing on.
    let between = shown(&app);
    let view = between.view().unwrap();
    assert!(view.reveal.is_none());
    assert!(matches!(
        view.moves[0].captured,
        Some(SeenPiece::Unknown { .. })
    ));
    assert_eq!(between.live.as_ref().unwrap().seed, None);
    assert!(!between.can_review && !between.can_play_on);
    let card = hud(&app).result.clone().unwrap();
    assert!(card.reveal.is_empty() && card.seed.is_none(), "{card:?}");
    assert_eq!(card.match_lines[0], "Player 1 1 – 0 Player 2");
    assert!(card.match_lines[1].starts_with("Game 2 deals the same pieces again"));
    assert_eq!(card.again.as_deref(), Some("Play game 2 — swap colours"));
    let record1 = exported(&app);
    assert_eq!(record1.tag("Event"), Some(DUPLICATE_EVENT));
    assert_eq!(record1.tag("Round"), Some("1"));
    assert_eq!(record1.tag("Seed"), None, "the deal is still to be played");
    // Game 1 is not counted as a game, and the match is not decided.
    assert_eq!(*stats(&app), Stats::default());

    // "Again" is game 2, without asking: the same deal, the colours swapped.
    command(&mut app, GameCommand::Again);
    assert_eq!(hud(&app).abandon, None);
    let m = shown(&app).duplicate.clone().unwrap();
    assert_eq!((m.round, m.half_points), (2, [2, 0]));
    assert_eq!(
        shown(&app).player_one,
        Side::Black,
        "player 1 now plays Black"
    );
    assert_eq!(view_plies(&app), 0);
    assert_eq!(
        hud(&app).match_line.as_deref(),
        Some("Duplicate match, game 2 of 2\nPlayer 1 1 – 0 Player 2")
    );
    hot_seat_move(&mut app, "b2", "b9");
    assert_eq!(
        first_reveal(&app),
        revealed,
        "the same piece under the same point"
    );
    // Player 1, Black now, wins game 2 as well.
    command(&mut app, GameCommand::Resign(Side::Red));
    assert_eq!(phase(&app), Phase::GameOver);

    // The match is decided: everything shown, one score, one match counted.
    let end = shown(&app);
    let m = end.duplicate.clone().unwrap();
    assert!(m.decided);
    assert_eq!(m.result(), Some(MatchResult::PlayerOne));
    let seed = end.view().unwrap().reveal.as_ref().unwrap().seed;
    assert!(seed.is_some());
    let first = m.first_view.as_ref().unwrap();
    assert_eq!(first.reveal.as_ref().unwrap().seed, seed, "one deal");
    assert!(end.can_review);
    let card = hud(&app).result.clone().unwrap();
    assert_eq!(card.match_lines[0], "Player 1 2 – 0 Player 2");
    assert_eq!(card.match_lines[1], "Player 1 wins the match.");
    assert_eq!(card.again.as_deref(), Some("New match — swap colours"));
    assert_eq!(
        stats(&app).matches(kind),
        MatchTally {
            player_one: 1,
            ..Default::default()
        }
    );
    assert_eq!(stats(&app).tally(kind), Tally::default(), "not as games");
    let model = app.world().resource::<StatsModel>();
    assert_eq!(model.match_lines.len(), 1);
    assert!(model.lines.is_empty());

    // Both records carry the match and the deal's seed.
    let record2 = exported(&app);
    let seed_text = seed.unwrap().to_string();
    assert_eq!(record2.tag("Round"), Some("2"));
    assert_eq!(record2.tag("Seed"), Some(seed_text.as_str()));
    assert_eq!(record2.tag("Red"), Some("Player 2"));
    assert_eq!(record2.tag("Match"), Some("Player 1 2 - 0 Player 2"));
    let mut record1 = Record::of_view(first);
    tie_to_match(&mut record1, &m, 1, end.names);
    assert_eq!(record1.tag("Seed"), Some(seed_text.as_str()));
    assert_eq!(record1.tag("Red"), Some("Player 1"));
    // Read back: the same moves.
    let text = record1.write(Notation::Wxf);
    assert_eq!(Record::parse(&text).unwrap().moves, record1.moves);

    // "Again" after a decided match: a new match, colours swapped again.
    command(&mut app, GameCommand::Again);
    let m = shown(&app).duplicate.clone().unwrap();
    assert_eq!((m.round, m.half_points, m.decided), (1, [0, 0], false));
    assert_eq!(shown(&app).player_one, Side::Red);
}

#[test]
fn against_the_computer_the_human_swaps_colours_and_leaving_the_match_loses_it() {
    let config = random_jieqi(Opponent::Computer {
        level: Level::Beginner,
        human: Side::Red,
    });
    let mut app = app_with_session(Session::duplicate(config), false);
    let kind = (
        jieqi_variants::of_kind(Family::Jieqi),
        Some(Level::Beginner),
    );
    click(&mut app, "h2");
    click(&mut app, "e2");
    wait_for_plies(&mut app, 2);
    command(&mut app, GameCommand::Resign(Side::Red));
    assert_eq!(
        hud(&app).result.as_ref().unwrap().match_lines[0],
        "You 0 – 1 Computer"
    );
    command(&mut app, GameCommand::Again);
    assert_eq!(
        shown(&app).computer,
        Some(Side::Red),
        "the human plays Black now"
    );
    assert_eq!(shown(&app).duplicate.as_ref().unwrap().round, 2);
    // The computer opens game 2; then the human leaves the match for a single game.
    wait_for_plies(&mut app, 1);
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    assert_eq!(
        hud(&app).abandon.as_deref(),
        Some("Abandon the duplicate match? It counts as a match lost by you in the statistics.")
    );
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert!(shown(&app).duplicate.is_none());
    assert_eq!(
        stats(&app).matches(kind),
        MatchTally {
            player_two: 1,
            ..Default::default()
        }
    );
    assert_eq!(stats(&app).tally(kind), Tally::default());
}

#[test]
fn two_players_leaving_between_the_games_is_not_counted() {
    let mut app = app_with_session(
        Session::duplicate(random_jieqi(Opponent::TwoPlayers)),
        false,
    );
    hot_seat_move(&mut app, "h2", "e2");
    command(&mut app, GameCommand::Resign(Side::Black));
    // A new game between the games asks, and says the match is not counted.
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    assert_eq!(
        hud(&app).abandon.as_deref(),
        Some("Abandon the duplicate match between its games? It is not counted in the statistics.")
    );
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert!(shown(&app).duplicate.is_none());
    assert_eq!(*stats(&app), Stats::default());
    // A match not begun is left without asking.
    command(
        &mut app,
        GameCommand::NewDuplicate(random_jieqi(Opponent::TwoPlayers)),
    );
    assert!(shown(&app).duplicate.is_some());
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    assert_eq!(hud(&app).abandon, None);
    assert!(shown(&app).duplicate.is_none());
}

#[test]
fn xiangqi_has_no_duplicate_match() {
    let mut app = xiangqi(false);
    command(&mut app, GameCommand::NewDuplicate(xiangqi_config()));
    assert!(shown(&app).duplicate.is_none());
    assert!(
        Session::duplicate(xiangqi_config())
            .shown()
            .duplicate
            .is_none()
    );
}

/// The autosave keeps the match: game 2 resumed after a restart is still game 2 of the same
/// match, game 1 with it; game 1 over is offered again (its game 2 is still to come).
#[test]
fn the_autosave_keeps_the_match_across_a_restart() {
    use jieqi_game::autosave::{read, record};
    let mut app = app_with_session(
        Session::duplicate(random_jieqi(Opponent::TwoPlayers)),
        false,
    );
    hot_seat_move(&mut app, "b2", "b9");
    let revealed = first_reveal(&app);
    command(&mut app, GameCommand::Resign(Side::Black));
    // Closed between the games: game 1 is offered, as the match's, and the deal stays hidden.
    let saved = record(app.world().resource::<Session>()).unwrap();
    let (resumed, _) = read(&saved).unwrap();
    assert!(resumed.is_worth_offering());
    let mut again = app_with_session(Session::default(), false);
    command(&mut again, GameCommand::Resume(Box::new(resumed)));
    let m = shown(&again).duplicate.clone().unwrap();
    assert_eq!((m.round, m.half_points), (1, [2, 0]));
    assert!(shown(&again).view().unwrap().reveal.is_none());
    // Game 2 begun, then closed and resumed: the same match, the same deal.
    command(&mut again, GameCommand::Again);
    hot_seat_move(&mut again, "h2", "e2");
    let saved = record(again.world().resource::<Session>()).unwrap();
    let (resumed, _) = read(&saved).unwrap();
    let mut third = app_with_session(Session::default(), false);
    command(&mut third, GameCommand::Resume(Box::new(resumed)));
    settle(&mut third);
    command(&mut third, GameCommand::Ready);
    let m = shown(&third).duplicate.clone().unwrap();
    assert_eq!((m.round, m.half_points), (2, [2, 0]));
    assert_eq!(shown(&third).player_one, Side::Black);
    command(&mut third, GameCommand::Resign(Side::Black));
    let end = shown(&third).duplicate.clone().unwrap();
    assert_eq!(end.result(), Some(MatchResult::Even), "1 – 1");
    let first = end.first_view.unwrap();
    assert_eq!(first.moves[0].revealed, Some(revealed));
    assert_eq!(
        first.reveal.unwrap().seed,
        shown(&third).view().unwrap().reveal.as_ref().unwrap().seed
    );
}
