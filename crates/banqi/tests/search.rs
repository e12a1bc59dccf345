//! Banqi's search node (rules.md §11 as a search sees it): it judges as the game does, names
//! its turns as the notation reads them, and never depends on the deal.

mod common;

use common::{playout, setup, twin_game};
use jieqi_banqi::{
    Banqi, BanqiNode, DrawReason, Outcome, Seat, Seed, Side, Turn, WinReason, parse_turn,
};
use jieqi_rules::platform::{Chance, SearchNode, TurnCode, Verdict};
use proptest::prelude::*;

/// The node of the seat to move, built from its view.
fn node(game: &Banqi) -> BanqiNode {
    BanqiNode::from_view(&game.view(game.turn()))
}

/// The game's outcome as a verdict for the seat to move.
fn verdict_of(game: &Banqi) -> Option<Verdict> {
    let outcome = game.outcome()?;
    Some(match outcome {
        Outcome::Draw { .. } => Verdict::Draw,
        Outcome::Win { winner, .. } if Some(winner) == game.position().colour_to_move() => {
            Verdict::MoverWins
        }
        Outcome::Win { .. } => Verdict::MoverLoses,
    })
}

/// The child of `node` that `turn` led to in `game` (for a flip, the chance that turned up
/// what the game's flip did: the one with the game's position).
fn follow(node: &BanqiNode, game: &Banqi, turn: Turn) -> Box<dyn SearchNode> {
    let mut chances: Vec<Chance> = Vec::new();
    node.play(BanqiNode::code_of(turn), &mut chances);
    let want = self::node(game).key();
    chances
        .into_iter()
        .find(|c| c.node.key() == want)
        .expect("what the turn led to is one of its chances")
        .node
}

/// Counts of what the games ended by, to show the test met every way.
#[derive(Default, Debug)]
struct Seen {
    no_pieces: u32,
    stalemate: u32,
    sixty: u32,
    repetition: u32,
}

/// Plays `game` on with a seeded random playout, checking at every ply that the node built
/// from the view and the node reached by playing the search's own turns agree with the game.
fn check_along(mut game: Banqi, mut x: u64, plies: usize, seen: &mut Seen) {
    let mut walked: Box<dyn SearchNode> = Box::new(node(&game));
    for _ in 0..plies {
        let fresh = node(&game);
        assert_eq!(fresh.verdict(), verdict_of(&game), "{game:?}");
        assert_eq!(walked.verdict(), verdict_of(&game), "{game:?}");
        assert_eq!(walked.key(), fresh.key(), "{game:?}");
        assert_eq!(
            fresh.mover(),
            if game.turn() == Seat::First {
                Side::Red
            } else {
                Side::Black
            }
        );
        match game.outcome() {
            Some(Outcome::Win {
                reason: WinReason::NoPiecesLeft,
                ..
            }) => seen.no_pieces += 1,
            Some(Outcome::Win {
                reason: WinReason::Stalemate,
                ..
            }) => seen.stalemate += 1,
            Some(Outcome::Draw {
                reason: DrawReason::NoFlipOrCapture,
            }) => seen.sixty += 1,
            Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            }) => seen.repetition += 1,
            _ => {}
        }
        let mut codes = Vec::new();
        fresh.turns(&mut codes);
        let turns: Vec<Turn> = codes.iter().map(|&c| BanqiNode::turn_of(c)).collect();
        assert_eq!(turns, game.legal_turns());
        if turns.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        // Prefer moves (repetitions and the 60-ply rule need quiet play) two times in three.
        let moves: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| matches!(t, Turn::Move { .. }))
            .collect();
        let pick = if !moves.is_empty() && !(x >> 20).is_multiple_of(3) {
            moves[(x >> 33) as usize % moves.len()]
        } else {
            turns[(x >> 33) as usize % turns.len()]
        };
        let before = fresh.clone();
        game.play(pick).unwrap();
        walked = follow(&before, &game, pick);
    }
}

#[test]
fn the_verdict_judges_as_the_game_does_rules_11() {
    let mut seen = Seen::default();
    for seed in 0..60 {
        let game = Banqi::from_seed(Seed(seed));
        check_along(game, seed, 400, &mut seen);
    }
    // Sparse endings: few pieces, many quiet plies, so repetitions and the 60-ply draw come.
    let endings: &[(&[(&str, &str)], &str)] = &[
        (&[("a1", "R"), ("h4", "r"), ("d2", "?p")], "f r 0 40"),
        (&[("a1", "K"), ("h4", "k"), ("c3", "A")], "f r 30 40"),
        (
            &[("a1", "N"), ("h4", "n"), ("d2", "C"), ("e3", "c")],
            "s b 0 40",
        ),
        (
            &[("a1", "p"), ("a2", "A"), ("c1", "B"), ("h4", "?P")],
            "f r 10 40",
        ),
        (&[("a1", "P"), ("b1", "k"), ("h4", "?a")], "f r 0 20"),
    ];
    for (i, (pieces, rest)) in endings.iter().enumerate() {
        for x in 0..30 {
            let game = setup(pieces, rest);
            check_along(game, x * 7 + i as u64, 300, &mut seen);
        }
    }
    assert!(seen.no_pieces > 0, "{seen:?}");
    assert!(seen.stalemate > 0, "{seen:?}");
    assert!(seen.sixty > 0, "{seen:?}");
    assert!(seen.repetition > 0, "{seen:?}");
}

#[test]
fn a_flip_is_a_chance_over_the_face_down_kinds_rules_11() {
    let game = Banqi::from_seed(Seed(5));
    let start = node(&game);
    let mut chances = Vec::new();
    start.play(BanqiNode::code_of("c2".parse().unwrap()), &mut chances);
    // 14 kinds, weighted by how many of each the set has.
    assert_eq!(chances.len(), 14);
    let weights: u32 = chances.iter().map(|c| c.weight).sum();
    assert_eq!(weights, 32);
    assert!(
        chances
            .iter()
            .all(|c| c.weight == 1 || c.weight == 2 || c.weight == 5)
    );
    // A move or a capture has one certain outcome.
    let game = setup(&[("a1", "R"), ("b1", "n"), ("h4", "?p")], "f r 0 20");
    let n = node(&game);
    for t in ["a1xb1", "a1-a2"] {
        n.play(BanqiNode::code_of(t.parse().unwrap()), &mut chances);
        assert_eq!(chances.len(), 1);
        assert_eq!(chances[0].weight, 1);
    }
    assert!(n.is_capture(BanqiNode::code_of("a1xb1".parse().unwrap())));
    assert!(!n.is_capture(BanqiNode::code_of("a1-a2".parse().unwrap())));
    assert!(n.order_hint(BanqiNode::code_of("a1xb1".parse().unwrap())) > 0);
}

#[test]
fn turn_texts_are_what_the_notation_reads_rules_11() {
    for seed in 0..20 {
        let mut game = Banqi::from_seed(Seed(seed));
        playout(&mut game, seed, 30 + seed as usize * 3);
        let view = game.view(game.turn());
        let n = BanqiNode::from_view(&view);
        let mut codes: Vec<TurnCode> = Vec::new();
        n.turns(&mut codes);
        for code in codes {
            let text = n.turn_text(code);
            assert_eq!(
                parse_turn(&view, &text),
                Ok(BanqiNode::turn_of(code)),
                "{text}"
            );
        }
    }
}

#[test]
fn the_platform_gives_the_node_of_the_seat_to_move() {
    let def = &jieqi_banqi::BANQI;
    let mut game = jieqi_rules::platform::Variant::start(def, Some(Seed(9)), "").unwrap();
    let mut banqi = Banqi::from_seed(Seed(9));
    for t in ["a1", "b2", "c3"] {
        game.play_text(t).unwrap();
        banqi.play(t.parse().unwrap()).unwrap();
    }
    let from_platform = game.search_node().unwrap();
    assert_eq!(from_platform.key(), node(&banqi).key());
    assert_eq!(from_platform.mover(), Side::Black);
    assert_eq!(from_platform.evaluate(), node(&banqi).evaluate());
}

#[test]
fn the_evaluation_counts_material_for_the_side_to_move() {
    // Red (first, to move) has an extra chariot: better for Red, worse for Black to move.
    let red = setup(
        &[("a1", "R"), ("a3", "R"), ("h4", "r"), ("e2", "?p")],
        "f r 0 20",
    );
    let black = setup(
        &[("a1", "R"), ("a3", "R"), ("h4", "r"), ("e2", "?p")],
        "s r 0 20",
    );
    assert!(node(&red).evaluate() > 200, "{}", node(&red).evaluate());
    assert!(
        node(&black).evaluate() < -200,
        "{}",
        node(&black).evaluate()
    );
    // Before the first flip everything is even.
    assert_eq!(node(&Banqi::from_seed(Seed(1))).evaluate(), 0);
    // Face-down pieces count for their colour.
    let more_down = setup(
        &[("a1", "R"), ("h4", "r"), ("e2", "?P"), ("f2", "?P")],
        "f r 0 20",
    );
    let less_down = setup(
        &[("a1", "R"), ("h4", "r"), ("e2", "?P"), ("f2", "?p")],
        "f r 0 20",
    );
    assert!(node(&more_down).evaluate() > node(&less_down).evaluate());
}

/// One turn as a search reads it: its code, its ordering hint, whether it captures, and its
/// outcomes (weight, key, evaluation).
type TurnPrint = (u32, i32, bool, Vec<(u32, u64, i32)>);

/// Everything a search can read of a node and its children, one level deep.
fn fingerprint(n: &dyn SearchNode) -> Vec<TurnPrint> {
    let mut codes = Vec::new();
    n.turns(&mut codes);
    let mut chances = Vec::new();
    codes
        .iter()
        .map(|&c| {
            n.play(c, &mut chances);
            let kids = chances
                .iter()
                .map(|ch| (ch.weight, ch.node.key(), ch.node.evaluate()))
                .collect();
            (c.0, n.order_hint(c), n.is_capture(c), kids)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// rules.md §11: a node is built from what the side to move knows. Two deals with the same
    /// public history give nodes with the same key, turns, evaluation, verdict and chances.
    #[test]
    fn the_node_never_depends_on_the_deal_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        plies in 0usize..160,
        shift in 1usize..31,
        opts in 0usize..16,
    ) {
        let (deal, game) = common::played_deal(seed, opts, x, plies);
        let twin = twin_game(&deal, &game, shift);
        let (a, b) = (node(&game), node(&twin));
        prop_assert_eq!(a.key(), b.key());
        prop_assert_eq!(a.verdict(), b.verdict());
        prop_assert_eq!(a.mover(), b.mover());
        prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
        if a.verdict().is_none() {
            prop_assert_eq!(a.evaluate(), b.evaluate());
        }
        prop_assert_eq!(fingerprint(&a), fingerprint(&b));
    }
}
