//! A game told from its public turns (`Banqi::from_public_turns`, for an engine never dealt
//! the game): what its players may know is the dealt game's, whatever the deal.

mod common;

use common::playout;
use jieqi_banqi::{Banqi, BanqiNode, BanqiPosition, Options, Seat, Seed};
use jieqi_rules::platform::SearchNode;
use proptest::prelude::*;

/// The dealt game's turns as both players saw them (`a1=R`, `a1-a2`, `a1xb1`).
fn public_turns(game: &Banqi) -> Vec<String> {
    game.history().iter().map(|seen| seen.to_string()).collect()
}

fn told(start: Option<&BanqiPosition>, turns: &[String], options: Options) -> Banqi {
    let turns: Vec<&str> = turns.iter().map(String::as_str).collect();
    Banqi::from_public_turns(start, &turns, options).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// rules.md §11: the told game's views are the dealt game's after the same turns, field by
    /// field, for random deals, playouts and options; so is the search node built from them.
    /// Only the final reveal differs: the told game's face-down pieces are placed, not dealt.
    #[test]
    fn a_told_game_is_the_dealt_game_to_its_players_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        plies in 0usize..200,
        opts in 0usize..16,
    ) {
        let (_, dealt) = common::played_deal(seed, opts, x, plies);
        let options = dealt.options();
        let turns = public_turns(&dealt);
        let game = told(None, &turns, options);
        prop_assert_eq!(game.seed(), None);
        for seat in Seat::BOTH {
            let (mut a, mut b) = (dealt.view(seat), game.view(seat));
            prop_assert_eq!(a.outcome, b.outcome);
            prop_assert_eq!(a.reveal.is_some(), b.reveal.is_some());
            a.reveal = None;
            b.reveal = None;
            prop_assert_eq!(&a, &b);
        }
        let (a, b) = (
            BanqiNode::from_view(&dealt.view(dealt.turn())),
            BanqiNode::from_view(&game.view(game.turn())),
        );
        prop_assert_eq!(a.key(), b.key());
        prop_assert_eq!(a.verdict(), b.verdict());
        if a.verdict().is_none() {
            prop_assert_eq!(a.evaluate(), b.evaluate());
        }
    }

    /// The same from a public position that tells its pool (no capture yet): the turns after
    /// it told, the views agree with the dealt game's.
    #[test]
    fn a_told_game_from_a_position_is_the_dealt_game_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        y in any::<u64>(),
        flips in 1usize..20,
        plies in 0usize..60,
    ) {
        let mut dealt = Banqi::from_seed(Seed(seed));
        // Flips only, so nothing is captured before the position is taken.
        for _ in 0..flips {
            let turns: Vec<_> = dealt.legal_turns().into_iter().filter(|t| t.is_flip()).collect();
            let pick = (x as usize).wrapping_add(dealt.history().len() * 7) % turns.len();
            dealt.play(turns[pick]).unwrap();
            if dealt.is_over() {
                break;
            }
        }
        let at = dealt.history().len();
        let position: BanqiPosition = dealt.position().to_text().parse().unwrap();
        prop_assert_eq!(position.known_pool(), Some(dealt.face_down_pool()));
        playout(&mut dealt, y, plies);
        let turns = public_turns(&dealt)[at..].to_vec();
        let game = told(Some(&position), &turns, Options::default());
        prop_assert_eq!(game.position(), dealt.position());
        prop_assert_eq!(game.face_down_pool(), dealt.face_down_pool());
        prop_assert_eq!(game.legal_turns(), dealt.legal_turns());
        prop_assert_eq!(game.outcome(), dealt.outcome());
    }
}

#[test]
fn a_told_game_plays_on_through_the_platform_rules_11() {
    use jieqi_banqi::BANQI;
    use jieqi_rules::platform::Variant;
    let mut game = BANQI
        .told_game(None, &["a1=R", "b1=p"], "chariot=slide")
        .unwrap();
    assert_eq!(game.plies(), 2);
    // Its pieces were placed, not dealt: no save.
    assert!(game.save_json(Default::default()).is_none());
    // A flip must name its piece, and one still face down.
    assert!(
        game.play_text("c1")
            .unwrap_err()
            .to_string()
            .contains("must say what it turned up")
    );
    game.play_text("c1=K").unwrap();
    assert!(game.play_text("d1=K").is_err(), "one black general");
    game.play_text("d1=k").unwrap();
    assert_eq!(game.plies(), 4);
    let node = game.search_node().unwrap();
    let mut turns = Vec::new();
    node.turns(&mut turns);
    let texts: Vec<String> = turns.iter().map(|&t| node.turn_text(t)).collect();
    assert_eq!(texts, game.legal_texts(jieqi_rules::Notation::Iccs));
    // Bad input: one line each, naming the problem.
    for (position, turns) in [
        (None, &["a1"][..]),
        (None, &["a1-a2"][..]),
        (None, &["i1=R"][..]),
        (Some("?7/8/8/R7 s r 0 20"), &[][..]),
        (Some("garbage"), &[][..]),
    ] {
        let err = BANQI.told_game(position, turns, "").err().unwrap();
        assert!(!err.to_string().contains('\n'), "{err}");
    }
    assert!(
        BANQI
            .told_game(None, &[], "chariot=fly")
            .err()
            .unwrap()
            .to_string()
            .starts_with("--rules: ")
    );
}
