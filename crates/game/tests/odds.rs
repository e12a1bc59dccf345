//! The odds of a reveal (issue 21): what each face-down piece may be, read from the player's
//! view alone.

mod common;
use common::*;

use std::sync::atomic::AtomicBool;

use jieqi_ai::Score;
use jieqi_game::hud::model::{HudModel, reveal_odds};
use jieqi_game::i18n::Language;
use jieqi_game::reveal_values::{AskRevealValues, reveal_values};
use jieqi_game::settings::Settings;
use jieqi_rules::{Deal, FamilyGame, Jieqi, Move, Role, Seed, Side};

/// Deal 7, then two deals that differ from it only where `viewer` has not looked: two of
/// Red's and two of Black's pieces still face down after `moves`, their identities swapped.
fn deals_alike_to(moves: &[&str]) -> (Jieqi, Jieqi) {
    let deal = Deal::from_seed(Seed(7));
    let mut ids = [*deal.identities(Side::Red), *deal.identities(Side::Black)];
    let untouched = |side: Side, a: &str, b: &str| {
        let points = Deal::start_points(side);
        let at = |name: &str| points.iter().position(|p| *p == sq(name)).unwrap();
        (at(a), at(b))
    };
    for (side, a, b) in [(Side::Red, "a0", "i0"), (Side::Black, "a9", "i9")] {
        let (i, j) = untouched(side, a, b);
        assert_ne!(
            ids[side.index()][i],
            ids[side.index()][j],
            "a swap that changes the deal"
        );
        ids[side.index()].swap(i, j);
    }
    let other = Deal::from_identities(ids[0], ids[1]).unwrap();
    let play = |deal: &Deal| {
        let mut game = Jieqi::from_deal(deal);
        for m in moves {
            game.play(Move::parse_iccs(m).unwrap()).unwrap();
        }
        game
    };
    (play(&deal), play(&other))
}

#[test]
fn the_odds_never_depend_on_what_the_player_has_not_seen() {
    let moves = ["b2b9", "h9g7", "h2h6", "b7b3"];
    let (game, other) = deals_alike_to(&moves);
    for viewer in Side::ALL {
        let a = reveal_odds(&game.view(viewer), Language::English);
        let b = reveal_odds(&other.view(viewer), Language::English);
        assert_eq!(a, b, "{viewer:?}");
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].side, viewer, "the viewer's own pieces first");
        for odds in &a {
            let total: u32 = odds.chances.iter().map(|&(_, n)| u32::from(n)).sum();
            assert_eq!(total, odds.unseen, "{odds:?}");
            assert!(odds.face_down <= odds.unseen);
        }
    }
    // Black has 12 pieces face down (b9 was taken, h9 and b7 turned up). Red took the one on
    // b9 and saw it; Black did not, so for Black it is one more that may be anywhere.
    let red = reveal_odds(&game.view(Side::Red), Language::English);
    let black = reveal_odds(&game.view(Side::Black), Language::English);
    let black_pieces = |odds: &[jieqi_game::hud::model::RevealOdds]| {
        odds.iter().find(|o| o.side == Side::Black).unwrap().clone()
    };
    assert_eq!(black_pieces(&red).face_down, 12);
    assert_eq!(black_pieces(&red).unseen, 12);
    assert_eq!(black_pieces(&black).face_down, 12);
    assert_eq!(black_pieces(&black).unseen, 13);
    assert_eq!(
        black_pieces(&black).line,
        "Black: 12 face down, each one of these 13:"
    );
}

#[test]
fn the_side_panel_shows_the_odds_when_asked_and_only_in_jieqi() {
    let mut app = jieqi(false);
    let hud = app.world().resource::<HudModel>().clone();
    assert!(hud.can_show_odds && hud.odds.is_empty(), "off until asked");
    app.world_mut().resource_mut::<Settings>().reveal_odds = true;
    settle(&mut app);
    let hud = app.world().resource::<HudModel>().clone();
    assert_eq!(hud.odds.len(), 2);
    // At the start every identity is unseen: 15 pieces, 2 chariots in 15.
    assert_eq!(hud.odds[0].unseen, 15);
    assert_eq!(hud.odds[0].chances[0], (Role::Chariot, 2));
    assert!(
        hud.texts()
            .contains(&"Red: 15 face down, each one of these 15:".to_string())
    );

    let mut app = xiangqi(false);
    app.world_mut().resource_mut::<Settings>().reveal_odds = true;
    settle(&mut app);
    let hud = app.world().resource::<HudModel>().clone();
    assert!(!hud.can_show_odds && hud.odds.is_empty());
}

#[test]
fn the_value_of_each_reveal_never_depends_on_what_the_player_has_not_seen() {
    let (game, other) = deals_alike_to(&["b2b9", "h9g7", "h2h6", "b7b3"]);
    let stop = AtomicBool::new(false);
    let view = game.view(Side::Red);
    let a = reveal_values(&view, 2, &stop);
    let b = reveal_values(&other.view(Side::Red), 2, &stop);
    assert_eq!(a, b);
    // Every move of a face-down piece, and only those (counted here on their own), best first.
    let reveals = view
        .legal_moves
        .iter()
        .filter(|m| {
            view.position
                .piece_at(m.from)
                .is_some_and(|p| p.is_hidden())
        })
        .count();
    assert!(reveals > 10);
    assert_eq!(a.len(), reveals);
    let cp = |s: Score| match s {
        Score::Cp(cp) => cp,
        Score::Mate(n) => n.signum() * 100_000,
    };
    assert!(
        a.windows(2).all(|w| cp(w[0].score) >= cp(w[1].score)),
        "{a:?}"
    );
}

#[test]
fn the_values_come_on_request_for_the_player_to_move_and_go_with_the_next_move() {
    let mut app = jieqi(false);
    app.world_mut().resource_mut::<Settings>().reveal_odds = true;
    settle(&mut app);
    let hud = app.world().resource::<HudModel>().clone();
    assert!(hud.can_value_reveals && hud.reveal_values.is_empty());
    app.world_mut().write_message(AskRevealValues);
    let mut found = Vec::new();
    for _ in 0..4000 {
        app.update();
        found = app.world().resource::<HudModel>().reveal_values.clone();
        if !found.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // At the start every move but the generals' turns a piece up.
    let view = shown(&app).view().cloned().unwrap();
    let reveals = view
        .legal_moves
        .iter()
        .filter(|m| m.from != view.position.general(Side::Red))
        .count();
    assert_eq!(found.len(), reveals, "{found:?}");
    assert!(
        found
            .iter()
            .all(|(text, worth)| !text.is_empty() && worth.starts_with(['+', '-', '#']))
    );
    click(&mut app, "b2");
    click(&mut app, "b9");
    settle(&mut app);
    assert!(app.world().resource::<HudModel>().reveal_values.is_empty());
}
