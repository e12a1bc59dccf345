//! What each player sees (rules.md §11): face-down pieces unknown to both alike; the seed and
//! the face-down pieces shown at the end.

mod common;

use common::{playout, setup, turn, twin_game};
use jieqi_banqi::{
    Banqi, BanqiDeal, BanqiView, Cell, Options, PieceCounts, Point, Seat, Seed, piece_letter,
};
use proptest::prelude::*;

/// The view with the viewer field set to the first seat, to compare what two seats see.
fn as_first(mut view: BanqiView) -> BanqiView {
    view.viewer = Seat::First;
    view
}

#[test]
fn both_seats_see_the_same_rules_11() {
    for seed in 0..20 {
        let mut game = Banqi::from_seed(Seed(seed));
        for plies in [0, 1, 10, 40, 150] {
            playout(&mut game, seed + plies, plies as usize);
            let first = game.view(Seat::First);
            let second = game.view(Seat::Second);
            assert_eq!(first.viewer, Seat::First);
            assert_eq!(second.viewer, Seat::Second);
            assert_ne!(first, second);
            assert_eq!(as_first(second), first);
        }
    }
}

#[test]
fn a_view_holds_the_public_game_rules_11() {
    let mut game = setup(
        &[
            ("a1", "R"),
            ("b1", "n"),
            ("h4", "?p"),
            ("h1", "?C"),
            ("d2", "c"),
        ],
        "f r 7 20",
    );
    game.play(turn("a1xb1")).unwrap();
    game.play(turn("h4")).unwrap();
    let view = game.view(Seat::Second);
    assert_eq!(view.turn(), Seat::First);
    assert!(!view.is_my_turn());
    assert_eq!(view.colour(Seat::First), Some(jieqi_banqi::Side::Red));
    assert_eq!(view.cell("h1".parse().unwrap()), Cell::FaceDown);
    let history: Vec<String> = view.history.iter().map(|s| s.to_string()).collect();
    assert_eq!(history, ["a1xb1", "h4=p"]);
    assert_eq!(view.history[0].captured.map(piece_letter), Some('n'));
    assert_eq!(view.captured_by(Seat::First).len(), 1);
    assert!(view.captured_by(Seat::Second).is_empty());
    assert_eq!(view.legal_turns, game.legal_turns());
    assert_eq!(view.face_down.to_string(), "C1");
    assert_eq!(view.position.to_text(), "7p/8/3c4/1R5? f r 0 21");
    assert_eq!(view.start.to_text(), "7?/8/3c4/Rn5? f r 7 20");
    assert_eq!(view.options, Options::default());
    assert_eq!(view.outcome, None);
    assert!(view.reveal.is_none());
}

#[test]
fn the_end_shows_the_face_down_pieces_and_the_seed_rules_11() {
    let seed = Seed(0xB4_7C1);
    let deal = BanqiDeal::from_seed(seed);
    let mut game = Banqi::from_seed(seed);
    game.play(turn("c3")).unwrap();
    let running = game.view(Seat::First);
    assert!(running.reveal.is_none());
    let code = seed.to_string();
    assert!(!format!("{running:?}").contains(&code));
    game.resign(Seat::Second).unwrap();
    let over = game.view(Seat::First);
    let reveal = over.reveal.clone().unwrap();
    assert_eq!(reveal.seed, Some(seed));
    assert_eq!(reveal.face_down.len(), 31);
    for (point, piece) in &reveal.face_down {
        assert_eq!(deal.piece(*point), *piece);
    }
    assert!(format!("{over:?}").contains(&code));
    assert!(over.legal_turns.is_empty());
    // Both seats see the end alike.
    assert_eq!(as_first(game.view(Seat::Second)), over);
    // A game from a deal has no seed to show.
    let mut game = Banqi::from_deal(&deal);
    game.agree_draw().unwrap();
    assert_eq!(game.view(Seat::First).reveal.unwrap().seed, None);
}

#[test]
fn the_face_down_pool_is_the_set_less_what_is_seen_rules_11() {
    let mut game = Banqi::from_seed(Seed(77));
    assert_eq!(game.view(Seat::First).face_down, PieceCounts::full_set());
    playout(&mut game, 3, 120);
    let view = game.view(Seat::First);
    let mut expected = PieceCounts::full_set();
    for p in Point::all() {
        if let Some(piece) = view.cell(p).face_up() {
            assert!(expected.remove(piece));
        }
    }
    for seen in &view.history {
        if let Some(piece) = seen.captured {
            assert!(expected.remove(piece));
        }
    }
    assert_eq!(view.face_down, expected);
    assert_eq!(
        view.face_down.total() as usize,
        view.position.face_down_count()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// rules.md §11: a view is built from public information only. Two deals that differ only
    /// in pieces not yet flipped give identical views, field by field and in Debug, while the
    /// game runs. (Unlike Jieqi, the legal turns never depend on face-down identities either.)
    #[test]
    fn views_do_not_depend_on_face_down_pieces_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        plies in 0usize..160,
        shift in 1usize..31,
        opts in 0usize..16,
    ) {
        let (deal, game) = common::played_deal(seed, opts, x, plies);
        let twin = twin_game(&deal, &game, shift);
        for seat in Seat::BOTH {
            let (a, b) = (game.view(seat), twin.view(seat));
            if game.is_over() {
                // Only the final reveal may differ (it shows the face-down pieces).
                prop_assert_eq!(a.outcome, b.outcome);
                let (mut a, mut b) = (a, b);
                a.reveal = None;
                b.reveal = None;
                prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
                prop_assert_eq!(a, b);
            } else {
                prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
                prop_assert_eq!(a, b);
            }
        }
        prop_assert_eq!(format!("{game:?}"), format!("{twin:?}"));
    }
}
