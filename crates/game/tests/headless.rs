//! The game's logic without a window or GPU: `MinimalPlugins` + the game's logic plugins,
//! driven by `app.update()`. Pieces are picked and moved with the same `BoardInput`
//! messages the mouse sends.

mod common;
use common::*;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_game::computer::Computer;
use jieqi_game::hud::model::{HudModel, TrayItem};
use jieqi_game::input::{BoardInput, Selection};
use jieqi_game::pieces::animation::Tween;
use jieqi_game::pieces::art::{BoardPiece, Face, PieceText};
use jieqi_game::pieces::marks::Marker;
use jieqi_game::session::{
    AnimationsDone, BoardTurn, GameCommand, GameConfig, Hint, Session, Shown,
};
use jieqi_game::states::Phase;
use jieqi_game::suggestion::Suggestion;
use jieqi_rules::{
    AnyGame, Deal, Family, FamilyGame, Handicap, Jieqi, Move, Outcome, Refusal, Role, Seed, Side,
    WinReason, Xiangqi,
};

#[test]
fn the_app_starts_on_a_board_with_red_to_move() {
    let mut app = xiangqi(false);
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert_eq!(pieces(&mut app).len(), 32);
    let hud = app.world().resource::<HudModel>();
    assert_eq!(hud.status, "Red to move");
    assert_eq!(hud.actor, Some(Side::Red));
}

#[test]
fn a_click_picks_a_piece_and_marks_its_targets() {
    let mut app = xiangqi(false);
    click(&mut app, "h2");
    assert_eq!(app.world().resource::<Selection>().spot, Some(at("h2")));
    assert_eq!(markers(&mut app, Marker::Selected), 1);
    // The cannon on h2: six free points up to h6 and along rank 2, and one capture (h9).
    let legal = shown(&app)
        .view()
        .unwrap()
        .legal_moves
        .iter()
        .filter(|m| m.from == sq("h2"))
        .count();
    assert_eq!(markers(&mut app, Marker::Capture), 1);
    assert_eq!(markers(&mut app, Marker::Target), legal - 1);
    // A second click on it drops it.
    click(&mut app, "h2");
    assert_eq!(app.world().resource::<Selection>().spot, None);
    assert_eq!(markers(&mut app, Marker::Target), 0);
}

#[test]
fn click_then_target_plays_the_move() {
    let mut app = xiangqi(false);
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle(&mut app);
    assert_eq!(view_plies(&app), 1);
    assert!(piece_at(&mut app, "h2").is_none());
    assert_eq!(
        piece_at(&mut app, "e2"),
        Some(BoardPiece {
            spot: at("e2"),
            side: Some(Side::Red),
            face: Face::Up(Role::Cannon)
        })
    );
    assert_eq!(markers(&mut app, Marker::LastFrom), 1);
    assert_eq!(markers(&mut app, Marker::LastTo), 1);
    assert_eq!(app.world().resource::<Selection>().spot, None);
    let hud = app.world().resource::<HudModel>();
    assert_eq!(hud.status, "Black to move");
    assert_eq!(hud.moves, vec!["1. C2=5"]);
}

#[test]
fn dragging_a_piece_plays_the_move() {
    let mut app = xiangqi(false);
    send(&mut app, BoardInput::Press(Some(at("b0"))));
    send(&mut app, BoardInput::Release(Some(at("c2"))));
    settle(&mut app);
    assert_eq!(view_plies(&app), 1);
    assert_eq!(
        piece_at(&mut app, "c2").map(|p| p.face),
        Some(Face::Up(Role::Horse))
    );
}

#[test]
fn a_refused_target_keeps_the_turn_and_says_why() {
    let mut app = xiangqi(false);
    click(&mut app, "b0");
    click(&mut app, "d1"); // the horse's leg on c0 is blocked
    settle(&mut app);
    assert_eq!(view_plies(&app), 0);
    assert_eq!(shown(&app).view().unwrap().turn(), Side::Red);
    assert_eq!(
        app.world().resource::<Hint>().text.as_deref(),
        Some(Refusal::LegBlocked.message())
    );
    assert_eq!(
        app.world().resource::<HudModel>().hint.as_deref(),
        Some(Refusal::LegBlocked.message())
    );
    // The piece stays picked; a good target then plays.
    assert_eq!(app.world().resource::<Selection>().spot, Some(at("b0")));
    click(&mut app, "c2");
    settle(&mut app);
    assert_eq!(view_plies(&app), 1);
}

#[test]
fn the_other_sides_pieces_cannot_be_picked() {
    let mut app = xiangqi(false);
    click(&mut app, "h9");
    assert_eq!(app.world().resource::<Selection>().spot, None);
    assert_eq!(view_plies(&app), 0);
}

#[test]
fn a_general_in_check_is_marked() {
    // The chariot on e1 checks the black general on e9; it can step aside to f9.
    let setup = jieqi_rules::Setup::parse_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
    let game = Xiangqi::from_setup(&setup).unwrap();
    let mut app = app_with(AnyGame::from(game), xiangqi_config(), false);
    assert_eq!(markers(&mut app, Marker::Check), 1);
    let hud = app.world().resource::<HudModel>();
    assert!(hud.players[1].in_check);
    assert_eq!(hud.status, "Black to move — check!");
}

#[test]
fn moves_glide_captures_leave_and_the_phase_waits_for_them() {
    let mut app = xiangqi(true);
    // Cannon h2 takes the horse on h9.
    click(&mut app, "h2");
    click(&mut app, "h9");
    assert_eq!(phase(&app), Phase::Animating);
    assert!(
        tweens(&mut app) >= 2,
        "the cannon glides and the horse leaves"
    );
    let pieces_now = pieces(&mut app).len();
    assert_eq!(pieces_now, 32, "the captured horse is still leaving");
    settle_long(&mut app);
    assert_eq!(tweens(&mut app), 0);
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert_eq!(pieces(&mut app).len(), 31);
    assert_eq!(
        piece_at(&mut app, "h9").map(|p| p.face),
        Some(Face::Up(Role::Cannon))
    );
}

#[test]
fn the_phase_moves_on_only_at_the_renderers_word_for_this_moment() {
    let mut app = xiangqi(true);
    // Cannon h2 takes the horse on h9: the horse takes a third of a second to leave.
    click(&mut app, "h2");
    click(&mut app, "h9");
    assert_eq!(phase(&app), Phase::Animating);
    // A word about another moment (the position before the move) is stale.
    let mut stale = shown(&app).stamp();
    stale.plies -= 1;
    app.world_mut().write_message(AnimationsDone(stale));
    app.update();
    app.update();
    assert!(tweens(&mut app) > 0, "still moving");
    assert_eq!(phase(&app), Phase::Animating);
    settle_long(&mut app);
    assert_eq!(phase(&app), Phase::AwaitInput);
}

#[test]
fn a_revealed_piece_flips_over() {
    let mut app = jieqi(true);
    // Seed 7: the face-down piece on b2 (a cannon's point) is a soldier.
    assert_eq!(
        piece_at(&mut app, "b2").map(|p| p.face),
        Some(Face::Down(Some(Role::Cannon)))
    );
    click(&mut app, "b2");
    click(&mut app, "b5");
    assert_eq!(phase(&app), Phase::Animating);
    let mut q = app.world_mut().query::<&Tween>();
    assert!(
        q.iter(app.world())
            .any(|t| t.flip_to == Some(Face::Up(Role::Soldier)))
    );
    settle_long(&mut app);
    // After the animation, the mover reads the reveal; then comes the handoff.
    read_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    assert_eq!(
        piece_at(&mut app, "b5").map(|p| p.face),
        Some(Face::Up(Role::Soldier))
    );
    let mut texts = app.world_mut().query::<&PieceText>();
    assert!(texts.iter(app.world()).any(|t| t.0 == "兵"));
}

#[test]
fn without_animations_everything_jumps_at_once() {
    let mut app = xiangqi(false);
    click(&mut app, "h2");
    click(&mut app, "h9");
    app.update();
    assert_eq!(tweens(&mut app), 0);
    assert_eq!(pieces(&mut app).len(), 31);
    assert_eq!(phase(&app), Phase::AwaitInput);
}

#[test]
fn jieqi_hands_the_device_over_after_every_move() {
    let mut app = jieqi(false);
    assert_eq!(shown(&app).bottom, Side::Red);
    click(&mut app, "h0");
    click(&mut app, "g2");
    settle(&mut app);
    read_the_reveal(&mut app);
    // The cover is up: no view, no pieces, no marks, only the cover's words.
    assert_eq!(phase(&app), Phase::Handoff);
    assert!(shown(&app).view().is_none());
    assert_eq!(shown(&app).pass_to, Some(Side::Black));
    assert!(pieces(&mut app).is_empty());
    assert_eq!(markers(&mut app, Marker::LastTo), 0);
    let hud = app.world().resource::<HudModel>().clone();
    assert_eq!(
        hud.cover.as_deref(),
        Some("Pass to Black (Player 2) — click when ready")
    );
    assert!(hud.moves.is_empty() && hud.players.is_empty() && hud.result.is_none());
    // Clicks on the covered board do nothing.
    click(&mut app, "h9");
    assert_eq!(phase(&app), Phase::Handoff);
    // Black takes the device.
    command(&mut app, GameCommand::Ready);
    assert_eq!(phase(&app), Phase::AwaitInput);
    let s = shown(&app);
    assert_eq!(s.view().unwrap().viewer, Side::Black);
    assert_eq!(
        s.bottom,
        Side::Black,
        "the player holding the device sits at the bottom"
    );
    assert_eq!(pieces(&mut app).len(), 32);
    // Black moves; the cover comes back for Red.
    click(&mut app, "h9");
    click(&mut app, "g7");
    settle(&mut app);
    read_the_reveal(&mut app);
    assert_eq!(shown(&app).pass_to, Some(Side::Red));
    command(&mut app, GameCommand::Ready);
    assert_eq!(shown(&app).view().unwrap().viewer, Side::Red);
    assert_eq!(view_plies(&app), 2);
}

#[test]
fn ready_means_nothing_outside_a_handoff() {
    let mut app = jieqi(false);
    command(&mut app, GameCommand::Ready);
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert_eq!(shown(&app).view().unwrap().viewer, Side::Red);
}

/// Everything on screen that could name a piece: every text entity, every piece, mark and
/// tween, the panels' model, and every public resource the screen is built from.
fn screen_snapshot(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let mut out = Vec::new();
    let mut texts = world.query::<&Text2d>();
    out.extend(texts.iter(world).map(|t| format!("text {}", t.0)));
    let mut piece_texts = world.query::<&PieceText>();
    out.extend(
        piece_texts
            .iter(world)
            .map(|t| format!("piece text {}", t.0)),
    );
    let mut pieces = world.query::<(&BoardPiece, &Transform)>();
    out.extend(
        pieces
            .iter(world)
            .map(|(p, tf)| format!("{p:?} at {:?}", tf.translation)),
    );
    let mut marks = world.query::<(&Marker, &Transform)>();
    out.extend(
        marks
            .iter(world)
            .map(|(m, tf)| format!("{m:?} at {:?}", tf.translation)),
    );
    let mut tweens = world.query::<&Tween>();
    out.extend(tweens.iter(world).map(|t| format!("{t:?}")));
    out.extend(world.resource::<HudModel>().texts());
    out.push(format!("{:?}", world.resource::<HudModel>()));
    out.push(format!("{:?}", world.resource::<Shown>()));
    out.push(format!("{:?}", world.resource::<Hint>()));
    out.push(format!("{:?}", world.resource::<Selection>()));
    out.push(format!("entities {}", world.entities().count_spawned()));
    out.sort();
    out
}

/// Seed 7's deal, and the same deal with the identities of Black's b9 and a9 swapped. Red's
/// cannon takes the face-down piece on b9 first: the two games then differ only in what Red
/// learned.
fn twin_games() -> (AnyGame, AnyGame, Role, Role) {
    let deal = Deal::from_seed(Seed(7));
    let points = Deal::start_points(Side::Black);
    let (b9, a9) = (
        points.iter().position(|&p| p == sq("b9")).unwrap(),
        points.iter().position(|&p| p == sq("a9")).unwrap(),
    );
    let mut black = *deal.identities(Side::Black);
    assert_ne!(
        black[b9], black[a9],
        "the test needs two different identities"
    );
    let (first, second) = (black[b9], black[a9]);
    black.swap(b9, a9);
    let twin = Deal::from_identities(*deal.identities(Side::Red), black).unwrap();
    (
        Jieqi::from_deal(&deal).into(),
        Jieqi::from_deal(&twin).into(),
        first,
        second,
    )
}

/// Red captures the face-down piece on b9, hands over; Black looks.
fn capture_then_hand_over(game: AnyGame, animations: bool) -> App {
    let mut app = app_with(game, jieqi_config(), animations);
    click(&mut app, "b2");
    click(&mut app, "b9");
    settle_long(&mut app);
    read_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    assert_eq!(shown(&app).view().unwrap().viewer, Side::Black);
    app
}

#[test]
fn blacks_screen_holds_nothing_of_what_red_learned_by_capturing() {
    for animations in [false, true] {
        let (game, twin, first, second) = twin_games();
        // Red does know it.
        let mut red_view = game.clone();
        red_view
            .play(jieqi_rules::Move::parse_iccs("b2b9").unwrap())
            .unwrap();
        assert_eq!(
            red_view.view(Side::Red).learned.count(Side::Black, first),
            1
        );

        let mut a = capture_then_hand_over(game, animations);
        let mut b = capture_then_hand_over(twin, animations);
        // Black's screens after the two deals are the same in every text, entity and
        // resource: nothing on them depends on the identity Red saw.
        assert_eq!(screen_snapshot(&mut a), screen_snapshot(&mut b));
        let hud = a.world().resource::<HudModel>();
        assert_eq!(
            hud.players[0].tray,
            vec![TrayItem {
                side: Side::Black,
                role: None
            }]
        );

        // The check can fail: Red's own screen shows the identity, so after Black moves and
        // hands back, the two deals give different screens, each naming its own identity.
        for app in [&mut a, &mut b] {
            click(app, "h9");
            click(app, "g7");
            settle_long(app);
            read_the_reveal(app);
            command(app, GameCommand::Ready);
            assert_eq!(shown(app).view().unwrap().viewer, Side::Red);
        }
        let (sa, sb) = (screen_snapshot(&mut a), screen_snapshot(&mut b));
        assert_ne!(sa, sb);
        let tray = |app: &App| app.world().resource::<HudModel>().players[0].tray.clone();
        assert_eq!(tray(&a)[0].role, Some(first));
        assert_eq!(tray(&b)[0].role, Some(second));
        let named = |s: &[String], role: Role| {
            s.iter()
                .any(|t| t.contains(&role.chinese(Side::Black).to_string()))
        };
        assert!(named(&sa, first) || first == Role::Soldier);
        assert!(named(&sb, second) || second == Role::Soldier);
    }
}

#[test]
fn the_session_never_prints_the_deal() {
    let session = Session::from_game(AnyGame::from(Jieqi::from_seed(Seed(7))), jieqi_config());
    let text = format!("{session:?}");
    assert!(
        !text.contains("Seed(7") && !text.contains("identities"),
        "{text}"
    );
    let config = format!("{:?}", jieqi_config());
    assert!(!config.contains('7'), "{config}");
}

#[test]
fn resigning_ends_the_game_with_a_result_card_and_again_swaps_colours() {
    let mut app = jieqi(false);
    command(&mut app, GameCommand::Resign(Side::Red));
    assert_eq!(phase(&app), Phase::GameOver);
    let hud = app.world().resource::<HudModel>().clone();
    let card = hud.result.expect("a result card");
    assert_eq!(card.headline, "Black wins: Red resigned");
    assert_eq!(card.seed.as_deref(), Some("7"));
    assert_eq!(card.reveal.len(), 2, "every hidden piece of both sides");
    assert_eq!(card.players, "Player 1 played Red, Player 2 played Black");
    // At the end every piece shows its face.
    assert!(
        pieces(&mut app)
            .iter()
            .all(|p| matches!(p.face, Face::Up(_)))
    );
    let view = shown(&app).view().cloned().unwrap();
    assert_eq!(
        view.outcome,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );

    command(&mut app, GameCommand::Again);
    assert_eq!(phase(&app), Phase::AwaitInput);
    let s = shown(&app);
    assert_eq!(s.player_one, Side::Black, "player 1 now plays Black");
    assert_eq!(s.player_name(Side::Red), "Player 2");
    assert_eq!(view_plies(&app), 0);
    assert!(
        pieces(&mut app)
            .iter()
            .any(|p| matches!(p.face, Face::Down(_)))
    );
}

#[test]
fn a_draw_offer_is_answered_by_the_other_side() {
    let mut app = xiangqi(false);
    command(&mut app, GameCommand::OfferDraw(Side::Red));
    let offer = app.world().resource::<HudModel>().draw_offer.clone();
    assert_eq!(
        offer.as_deref(),
        Some("Red offers a draw — Black, do you accept?")
    );
    command(&mut app, GameCommand::AnswerDraw { accept: false });
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert!(app.world().resource::<HudModel>().draw_offer.is_none());
    command(&mut app, GameCommand::OfferDraw(Side::Red));
    command(&mut app, GameCommand::AnswerDraw { accept: true });
    assert_eq!(phase(&app), Phase::GameOver);
    assert_eq!(
        app.world().resource::<HudModel>().status,
        "Draw: agreed by both players"
    );
}

#[test]
fn in_jieqi_the_offer_waits_for_the_other_player_to_hold_the_device() {
    let mut app = jieqi(false);
    command(&mut app, GameCommand::OfferDraw(Side::Red));
    assert!(app.world().resource::<HudModel>().draw_offer.is_none());
    click(&mut app, "h0");
    click(&mut app, "g2");
    settle(&mut app);
    read_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    assert!(app.world().resource::<HudModel>().draw_offer.is_some());
}

#[test]
fn a_new_game_from_the_mode_selector_replaces_the_old_one() {
    let mut app = xiangqi(false);
    click(&mut app, "h2");
    click(&mut app, "e2");
    settle(&mut app);
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    // A move was played: the players are asked first (tests/abandon_takebacks.rs).
    assert_eq!(shown(&app).variant.kind(), Some(Family::Xiangqi));
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert_eq!(shown(&app).variant.kind(), Some(Family::Jieqi));
    assert_eq!(view_plies(&app), 0);
    assert_eq!(
        pieces(&mut app)
            .iter()
            .filter(|p| matches!(p.face, Face::Down(_)))
            .count(),
        30
    );
    // A handicap game: Red gives both horses.
    command(
        &mut app,
        GameCommand::NewGame(GameConfig {
            handicap: Handicap::BothHorses { giver: Side::Red },
            ..xiangqi_config()
        }),
    );
    assert_eq!(pieces(&mut app).len(), 30);
    assert!(piece_at(&mut app, "b0").is_none() && piece_at(&mut app, "h0").is_none());
}

#[test]
fn moves_from_the_command_line_are_checked_and_a_bad_one_loses_nothing() {
    let mut session = Session::new(jieqi_config());
    session.play_texts(["b2b9"]).unwrap();
    let before = format!("{:?}", session.shown());
    let err = session.play_texts(["h9g7", "a0a5"]).unwrap_err();
    assert!(err.starts_with("move 2 (a0a5)"), "{err}");
    assert_eq!(
        format!("{:?}", session.shown()),
        before,
        "the game is as it was"
    );
}

// --- Against the computer ---

/// The first legal move of the human's own view.
fn human_move(app: &mut App) {
    let view = shown(app)
        .view()
        .cloned()
        .expect("the human sees the board");
    assert!(view.is_my_turn());
    let mv = view.legal_moves[0];
    command(app, GameCommand::Move(mv.into()));
}

#[test]
fn the_computer_answers_a_human_move_without_a_handoff() {
    for variant in [Family::Xiangqi, Family::Jieqi] {
        let mut app = vs_computer(variant, Level::Beginner, Side::Red);
        assert_eq!(shown(&app).bottom, Side::Red);
        human_move(&mut app);
        // The human's move is in; a fast level may already have answered it.
        assert!(view_plies(&app) >= 1);
        wait_for_plies(&mut app, 2);
        let view = shown(&app)
            .view()
            .cloned()
            .expect("no cover against the computer");
        assert_eq!(view.moves.len(), 2, "{variant:?}");
        assert_eq!(view.turn(), Side::Red);
        assert_eq!(
            view.viewer,
            Side::Red,
            "the human always sees their own view"
        );
        assert_eq!(phase(&app), Phase::AwaitInput);
        assert_eq!(shown(&app).pass_to, None);
        let computer = app.world().resource::<Computer>();
        assert!(!computer.is_thinking());
        // The search was given the computer's own view, never the human's or the game.
        assert_eq!(computer.last_viewer, Some(Side::Black));
        assert_eq!(computer.searches, 1);
    }
}

#[test]
fn as_black_the_computer_opens_as_red() {
    let mut app = vs_computer(Family::Jieqi, Level::Beginner, Side::Black);
    assert_eq!(shown(&app).bottom, Side::Black);
    wait_for_plies(&mut app, 1);
    let view = shown(&app).view().cloned().unwrap();
    assert_eq!(view.viewer, Side::Black);
    assert_eq!(view.turn(), Side::Black);
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert_eq!(
        app.world().resource::<Computer>().last_viewer,
        Some(Side::Red)
    );
    human_move(&mut app);
    wait_for_plies(&mut app, 3);
    assert_eq!(shown(&app).view().unwrap().turn(), Side::Black);
}

#[test]
fn while_the_computer_thinks_the_board_ignores_input_and_the_bar_says_so() {
    // Master thinks for seconds: long enough to look.
    let mut app = vs_computer(Family::Xiangqi, Level::Master, Side::Red);
    human_move(&mut app);
    assert!(app.world().resource::<Computer>().is_thinking());
    let hud = app.world().resource::<HudModel>();
    assert_eq!(hud.thinking.as_deref(), Some("Computer is thinking…"));
    assert_eq!(hud.actor, Some(Side::Red));
    assert!(!hud.can_hint);
    assert!(!shown(&app).can_move());
    // Clicks and a move for Black typed in by hand change nothing.
    click(&mut app, "h9");
    assert_eq!(app.world().resource::<Selection>().spot, None);
    let black = Move::new(sq("h9"), sq("g7"));
    command(&mut app, GameCommand::Move(black.into()));
    assert_eq!(view_plies(&app), 1);
    // Resigning stops the search and drops it; the computer never moves.
    command(&mut app, GameCommand::Resign(Side::Red));
    assert_eq!(phase(&app), Phase::GameOver);
    assert!(!app.world().resource::<Computer>().is_thinking());
    assert_eq!(app.world().resource::<HudModel>().thinking, None);
    settle_long(&mut app);
    assert_eq!(view_plies(&app), 1);
    // A new game starts cleanly; the computer (Black) waits for the human.
    command(&mut app, GameCommand::Again);
    assert_eq!(shown(&app).bottom, Side::Black, "Again swaps colours");
    wait_for_plies(&mut app, 1);
    command(&mut app, GameCommand::NewGame(xiangqi_config()));
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert!(!app.world().resource::<Computer>().is_thinking());
    assert_eq!(shown(&app).computer, None);
}

#[test]
fn the_hint_marks_a_legal_move_until_the_next_move() {
    let mut app = vs_computer(Family::Jieqi, Level::Beginner, Side::Red);
    assert!(app.world().resource::<HudModel>().can_hint);
    let turn = ask_hint(&mut app);
    settle(&mut app);
    let legal = &shown(&app).view().unwrap().legal_moves;
    assert!(legal.iter().any(|&m| BoardTurn::from(m) == turn));
    assert_eq!(markers(&mut app, Marker::HintFrom), 1);
    assert_eq!(markers(&mut app, Marker::HintTo), 1);
    command(&mut app, GameCommand::Move(turn));
    assert_eq!(app.world().resource::<Suggestion>().turn(), None);
    assert_eq!(markers(&mut app, Marker::HintFrom), 0);
    wait_for_plies(&mut app, 2);
}

/// rules.md §10: a game started under house rules is played under them: with captured pieces
/// shown to both, Black's tray names what Red's cannon took face-down.
#[test]
fn a_new_game_is_played_under_its_house_rules() {
    let mut app = jieqi(false);
    let rules = jieqi_rules::RuleSet::parse(Family::Jieqi, "captured=both").unwrap();
    command(
        &mut app,
        GameCommand::NewGame(GameConfig {
            rules: rules.values(),
            ..common::jieqi_config()
        }),
    );
    assert_eq!(shown(&app).view().unwrap().rules, rules);
    click(&mut app, "b2");
    click(&mut app, "b9");
    settle(&mut app);
    read_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    assert_eq!(shown(&app).view().unwrap().viewer, Side::Black);
    let hud = app.world().resource::<HudModel>();
    assert!(hud.players[0].tray[0].role.is_some(), "Black sees it too");
    assert!(hud.rules.is_some());
}

/// rules.md §10, `captured=nobody`: a face-up piece that takes a face-down one shows its mover
/// nothing, so the cover comes at once; by default the mover reads what they took first.
#[test]
fn under_captured_nobody_a_capture_shows_the_mover_nothing() {
    for (options, mover_learns) in [("", true), ("captured=nobody", false)] {
        let mut app = jieqi(false);
        let rules = jieqi_rules::RuleSet::parse(Family::Jieqi, options).unwrap();
        command(
            &mut app,
            GameCommand::NewGame(GameConfig {
                rules: rules.values(),
                ..common::jieqi_config()
            }),
        );
        // Seed 7: Red's cannon-point piece turns up a soldier taking b9; Black's a6 steps up.
        for (from, to) in [("b2", "b9"), ("a6", "a5")] {
            click(&mut app, from);
            click(&mut app, to);
            settle(&mut app);
            read_the_reveal(&mut app);
            command(&mut app, GameCommand::Ready);
        }
        // Red's soldier, face up on b9, takes the face-down piece on a9.
        click(&mut app, "b9");
        click(&mut app, "a9");
        settle(&mut app);
        let expected = if mover_learns {
            Phase::Reveal
        } else {
            Phase::Handoff
        };
        assert_eq!(phase(&app), expected, "{options:?}");
        if mover_learns {
            // Red reads on the board what the piece on a9 was.
            let red = shown(&app).view().expect("the mover's view stays up");
            assert!(red.moves[2].captured.unwrap().role().is_some());
        } else {
            assert!(shown(&app).view().is_none(), "the cover is up at once");
        }
    }
}

/// The reveal moment (issue 20): after Red's face-down cannon-point piece takes the face-down
/// piece on b9, Red reads on the board what both were — its own piece face up, the taken one
/// in Red's tray — for the reveal's time, with the board never emptied; then the cover comes
/// at once, and no screen Black is shown ever names what Red took.
#[test]
fn the_mover_reads_the_reveal_for_its_time_and_the_other_player_never_sees_it() {
    for animations in [false, true] {
        let (game, _, taken, _) = twin_games();
        let mut app = app_with(game, jieqi_config(), animations);
        click(&mut app, "b2");
        click(&mut app, "b9");
        let mut shown_to_red = 0.0;
        let mut black_views = Vec::new();
        for _ in 0..60 {
            app.update();
            let s = shown(&app).clone();
            // The state follows the session a frame later: the frame the cover comes in is
            // still called Reveal, and shows the cover.
            let covered = s.pass_to.is_some();
            match phase(&app) {
                Phase::Reveal if !covered => {
                    shown_to_red += 0.05;
                    let view = s.view().expect("the mover's view stays up");
                    assert_eq!(view.viewer, Side::Red);
                    assert!(
                        view.captured_by(Side::Red)
                            .iter()
                            .any(|p| p.role() == Some(taken)),
                        "Red's tray names what Red took"
                    );
                    assert_eq!(
                        piece_at(&mut app, "b9").map(|p| p.face),
                        Some(Face::Up(Role::Soldier)),
                        "the piece that moved, face up where it took"
                    );
                    assert!(pieces(&mut app).len() > 20, "never an emptied board");
                }
                Phase::Reveal | Phase::Handoff => {
                    assert!(s.view().is_none() && pieces(&mut app).is_empty());
                    app.update();
                    break;
                }
                Phase::Animating => {}
                other => panic!("{other:?} after the move"),
            }
        }
        assert_eq!(phase(&app), Phase::Handoff);
        let held = jieqi_game::reveal::REVEAL_SECONDS;
        assert!(
            shown_to_red >= held - 0.05 && shown_to_red <= held + 0.15,
            "shown for {shown_to_red} s, not about {held} s"
        );
        // Black takes the device: Black's screens name no identity of the taken piece.
        command(&mut app, GameCommand::Ready);
        for _ in 0..5 {
            black_views.push(shown(&app).view().cloned().unwrap());
            app.update();
        }
        for view in black_views {
            assert_eq!(view.viewer, Side::Black);
            assert!(
                view.captured_by(Side::Red)
                    .iter()
                    .all(|p| p.role().is_none()),
                "Black never sees what Red took"
            );
        }
    }
}

/// A click (after a moment) ends the reveal sooner; a move that turns nothing up has no
/// reveal to read: the cover comes straight after it.
#[test]
fn a_click_ends_the_reveal_and_a_plain_move_has_none() {
    let mut app = jieqi(false);
    click(&mut app, "b2");
    click(&mut app, "b5");
    settle(&mut app);
    assert_eq!(phase(&app), Phase::Reveal);
    click(&mut app, "e4");
    app.update();
    assert_eq!(phase(&app), Phase::Handoff, "a click hands over");
    command(&mut app, GameCommand::Ready);
    // Black turns its horse point's piece up: a reveal again.
    click(&mut app, "h9");
    click(&mut app, "g7");
    settle(&mut app);
    read_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    // Red's soldier, face up since b2b5, steps on: nothing to read, the cover at once.
    click(&mut app, "b5");
    click(&mut app, "b6");
    settle(&mut app);
    assert_eq!(phase(&app), Phase::Handoff);
}

/// The Hint's search shows a thinking sign (issue 20), and the sign goes with its answer.
#[test]
fn the_hint_search_shows_that_it_thinks() {
    use jieqi_game::suggestion::{AskHint, Suggestion};
    let mut app = xiangqi(false);
    app.world_mut().write_message(AskHint);
    let mut seen = false;
    for _ in 0..2000 {
        app.update();
        let thinking = app.world().resource::<Suggestion>().is_thinking();
        let sign = app.world().resource::<HudModel>().thinking.clone();
        if thinking {
            assert_eq!(sign.as_deref(), Some("Looking for a move…"));
            seen = true;
        } else if app.world().resource::<Suggestion>().turn().is_some() {
            assert_eq!(sign, None, "the sign goes with the answer");
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(seen, "the search was never seen thinking");
}

#[test]
fn the_result_card_shows_the_final_position_with_the_deal_and_what_each_side_took() {
    let mut app = jieqi(false);
    command(&mut app, GameCommand::Resign(Side::Red));
    let card = app.world().resource::<HudModel>().clone().result.unwrap();
    assert_eq!(card.winner, Some(Side::Black));
    assert_eq!(card.length, "0 moves");
    // Every piece of the big board, with the face it shows now the deal is public; every
    // piece but the generals was still face down.
    let big = pieces(&mut app);
    assert_eq!(card.board.pieces.len(), 32);
    for piece in &card.board.pieces {
        let on_board = big.iter().find(|p| p.spot == piece.spot).unwrap();
        assert_eq!(Face::Up(piece.role.unwrap()), on_board.face, "{piece:?}");
        assert_eq!(piece.side, on_board.side);
        assert_eq!(
            piece.was_down,
            piece.role != Some(Role::General),
            "{piece:?}"
        );
    }
    let took: Vec<&str> = card.took.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(took, ["Red took", "Black took"]);
    assert!(card.took.iter().all(|(_, items)| items.is_empty()));

    // A capture shows in the taker's tray, and the length counts moves, not plies.
    let mut app = xiangqi(false);
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("e2", "e6")] {
        click(&mut app, from);
        click(&mut app, to);
        settle(&mut app);
    }
    command(&mut app, GameCommand::Resign(Side::Black));
    let card = app.world().resource::<HudModel>().clone().result.unwrap();
    assert_eq!(card.length, "2 moves");
    assert_eq!(card.winner, Some(Side::Red));
    assert_eq!(
        card.took[0].1,
        [TrayItem {
            side: Side::Black,
            role: Some(Role::Soldier)
        }]
    );
    assert!(card.board.pieces.iter().all(|p| !p.was_down));
    assert_eq!(card.board.pieces.len(), 31);
}
