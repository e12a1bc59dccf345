//! Perft (rules.md §11): leaves of the legal turn tree, a flip one node that turns up what the
//! deal holds, a finished game without turns. Every count is written here as a number and is
//! also recomputed by the second generator in `slow/` (written from §11's text, sharing no
//! code with the crate's generator), so a change to either shows.

mod slow;

use jieqi_banqi::{Banqi, DrawReason, Options, Outcome, Seed, Side, Turn, WinReason};
use proptest::prelude::*;
use slow::{Rules, Slow};

fn check(label: &str, game: &Banqi, slow: &Slow, golden: &[u64]) {
    for (i, &want) in golden.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(game.perft(depth), want, "{label}: crate, depth {depth}");
        assert_eq!(slow.perft(depth), want, "{label}: slow, depth {depth}");
    }
}

/// Seeded starts (rules.md §8, §11): 32 flips, then 31, then flips, moves and captures.
#[test]
fn perft_from_seeded_deals_rules_11() {
    let cases: [(u64, [u64; 4]); 4] = [
        (0, [32, 992, 29_796, 867_360]),
        (1, [32, 992, 29_795, 867_240]),
        (42, [32, 992, 29_793, 867_000]),
        (u64::MAX, [32, 992, 29_800, 867_840]),
    ];
    for (seed, golden) in cases {
        let game = Banqi::from_seed(Seed(seed));
        let slow = Slow::from_full_text(&game.to_full_text(), Rules::PLAIN);
        check(&format!("seed {seed}"), &game, &slow, &golden);
    }
}

/// Depth 5 is too slow for the second generator in a test run: the crate's count only.
#[test]
fn perft_depth_5_from_seeded_deals_rules_11() {
    assert_eq!(Banqi::from_seed(Seed(0)).perft(5), 24_479_668);
    assert_eq!(Banqi::from_seed(Seed(42)).perft(5), 24_453_269);
}

/// Positions reached from seeded deals by a fixed sequence of turns (flips first, then
/// anything), written in the full-knowledge text form.
const MIDGAMES: [(&str, [u64; 4]); 5] = [
    // seed 0 after 24 plies
    (
        "pB1pCncr/?c?P?pbANPp/?P?rRKB?aR?P/bPA?CapN?k f r 0 13",
        [17, 292, 5_182, 91_324],
    ),
    // seed 7 after 40 plies
    (
        "PCN2A1c/1rA1bnr1/B?RRNnp?bp/ap2K?PPa f r 1 21",
        [17, 285, 4_961, 83_028],
    ),
    // seed 11 after 60 plies
    (
        "KPP1C2N/4rap1/1P2c2c/?Ra?b2B2 f r 5 31",
        [17, 295, 4_854, 82_837],
    ),
    // seed 5 after 70 plies: every piece face up
    ("1pA3k1/4N1R1/1r3A2/1b5a f r 1 36", [14, 168, 2_106, 26_512]),
    // seed 9 after 90 plies
    ("1P1B4/7C/3k4/P5np f r 0 46", [11, 76, 799, 6_188]),
];

#[test]
fn perft_from_midgames_rules_11() {
    for (text, golden) in MIDGAMES {
        let game = Banqi::from_full_text(text).unwrap();
        assert_eq!(game.to_full_text(), text);
        check(
            text,
            &game,
            &Slow::from_full_text(text, Rules::PLAIN),
            &golden,
        );
    }
}

/// rules.md §10: each option, and all of them, change the counts where they apply.
#[test]
fn perft_under_each_option_rules_10() {
    let cases: [(usize, &str, [u64; 4]); 15] = [
        (0, "chariot=slide", [17, 292, 5_200, 91_747]),
        (0, "soldier-takes-general=off", [17, 291, 5_160, 90_355]),
        (0, "general-takes-soldier=on", [17, 292, 5_199, 91_696]),
        (0, "cannon=also-step", [18, 325, 6_070, 111_495]),
        (
            0,
            "chariot=slide, soldier-takes-general=off, general-takes-soldier=on, cannon=also-step",
            [18, 324, 6_084, 111_346],
        ),
        (2, "chariot=slide", [17, 341, 5_622, 111_804]),
        (2, "soldier-takes-general=off", [17, 295, 4_854, 82_837]),
        (2, "general-takes-soldier=on", [17, 295, 4_854, 82_837]),
        (2, "cannon=also-step", [17, 295, 4_855, 82_965]),
        (
            2,
            "chariot=slide, soldier-takes-general=off, general-takes-soldier=on, cannon=also-step",
            [17, 341, 5_623, 111_975],
        ),
        (4, "chariot=slide", [11, 76, 799, 6_188]),
        (4, "soldier-takes-general=off", [11, 76, 799, 6_188]),
        (4, "general-takes-soldier=on", [11, 76, 799, 6_197]),
        (4, "cannon=also-step", [11, 76, 813, 6_286]),
        (
            4,
            "chariot=slide, soldier-takes-general=off, general-takes-soldier=on, cannon=also-step",
            [11, 76, 813, 6_295],
        ),
    ];
    for (i, options, golden) in cases {
        let text = MIDGAMES[i].0;
        let game = Banqi::from_full_text(text)
            .unwrap()
            .under(Options::parse(options).unwrap())
            .unwrap();
        let slow = Slow::from_full_text(text, Rules::from_text(options));
        check(&format!("{text} [{options}]"), &game, &slow, &golden);
    }
}

/// rules.md §11: after 60 plies without a flip or a capture the game is drawn and has no turns.
#[test]
fn perft_stops_at_the_60_ply_draw_rules_11() {
    let text = "1pA3k1/4N1R1/1r3A2/1b5a f r 58 36";
    let game = Banqi::from_full_text(text).unwrap();
    let golden = [14, 168, 237, 2_796];
    check(
        text,
        &game,
        &Slow::from_full_text(text, Rules::PLAIN),
        &golden,
    );
    // Without the counter the same position has many more leaves (MIDGAMES[3]).
    assert!(golden[2] < MIDGAMES[3].1[2]);
}

/// rules.md §11: the third occurrence of a position is a draw with no turns; the history
/// before the counted position matters.
#[test]
fn perft_stops_at_the_third_occurrence_rules_11() {
    let text = MIDGAMES[4].0;
    let turns = ["d4-e4", "d2-d3", "e4-d4", "d3-d2", "d4-e4"];
    let mut game = Banqi::from_full_text(text).unwrap();
    let mut slow = Slow::from_full_text(text, Rules::PLAIN);
    for t in turns {
        game.play(t.parse().unwrap()).unwrap();
        slow.play(t);
    }
    let golden = [7, 76, 592, 6_396];
    check("after the back and forth", &game, &slow, &golden);
    // The same position without its history repeats nothing yet.
    let fresh = Banqi::from_full_text(&game.to_full_text()).unwrap();
    assert_eq!(fresh.perft(4), 6_473);
}

/// rules.md §11: taking the last piece ends the game, unless the loser still has a face-down
/// piece somewhere.
#[test]
fn perft_stops_when_a_player_has_no_piece_rules_11() {
    for (text, golden) in [
        ("8/8/8/Rc5K f r 3 30", [4, 7, 35, 99]),
        ("?p7/8/8/Rc5K f r 3 30", [5, 15, 78, 317]),
    ] {
        let game = Banqi::from_full_text(text).unwrap();
        check(
            text,
            &game,
            &Slow::from_full_text(text, Rules::PLAIN),
            &golden,
        );
    }
}

/// The crate's result in the slow generator's words.
fn describe(outcome: Option<Outcome>) -> Option<String> {
    let colour = |s: Side| if s == Side::Red { "red" } else { "black" };
    Some(match outcome? {
        Outcome::Win {
            winner,
            reason: WinReason::NoPiecesLeft,
        } => format!("{} wins: no piece left", colour(winner)),
        Outcome::Win {
            winner,
            reason: WinReason::Stalemate,
        } => format!("{} wins: no legal turn", colour(winner)),
        Outcome::Draw {
            reason: DrawReason::NoFlipOrCapture,
        } => "draw: 60 plies".into(),
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => "draw: repetition".into(),
        other => format!("unexpected {other:?}"),
    })
}

const OPTION_SETS: [&str; 6] = [
    "",
    "chariot=slide",
    "soldier-takes-general=off",
    "general-takes-soldier=on",
    "cannon=also-step",
    "chariot=slide, soldier-takes-general=off, general-takes-soldier=on, cannon=also-step",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whole random games: at every ply both generators list the same turns and judge the
    /// position the same way (rules.md §10, §11).
    #[test]
    fn both_generators_agree_on_random_games_rules_11(
        seed in any::<u64>(),
        options in 0..OPTION_SETS.len(),
        choices in prop::collection::vec(any::<u32>(), 1..300),
    ) {
        let text = OPTION_SETS[options];
        let mut game = Banqi::from_seed(Seed(seed)).under(Options::parse(text).unwrap()).unwrap();
        let mut slow = Slow::from_full_text(&game.to_full_text(), Rules::from_text(text));
        for c in choices {
            let mut ours: Vec<String> = game.legal_turns().iter().map(Turn::to_string).collect();
            ours.sort();
            let theirs = if slow.result().is_some() { Vec::new() } else { slow.turns() };
            prop_assert_eq!(&ours, &theirs, "{}", game.to_full_text());
            prop_assert_eq!(describe(game.outcome()), slow.result(), "{}", game.to_full_text());
            if ours.is_empty() {
                break;
            }
            // Flips are a third of the choices at most, so games reach the endings.
            let moves: Vec<&String> = ours.iter().filter(|t| t.len() > 2).collect();
            let pick = if !moves.is_empty() && c % 3 != 0 {
                moves[c as usize / 3 % moves.len()].clone()
            } else {
                ours[c as usize % ours.len()].clone()
            };
            game.play(pick.parse().unwrap()).unwrap();
            slow.play(&pick);
        }
    }
}
