//! The rules of Banqi, one test per rule (rules.md §11) and per option (§10).

mod common;

use common::{playout, refused, setup, turn};
use jieqi_banqi::{
    Banqi, BanqiDeal, BanqiError, BanqiRefusal, Cell, DrawReason, Options, Outcome, Point, Role,
    Seat, Seed, Side, Turn, WinReason, piece_letter,
};
use proptest::prelude::*;

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn options(text: &str) -> Options {
    Options::parse(text).unwrap()
}

// ------------------------------------------------------------------- flips and colours

#[test]
fn the_first_turn_is_a_flip_of_any_of_the_32_rules_11() {
    let game = Banqi::from_seed(Seed(0));
    let turns = game.legal_turns();
    assert_eq!(turns.len(), 32);
    assert!(turns.iter().all(|t| t.is_flip()));
    assert_eq!(game.colour(Seat::First), None);
    assert_eq!(game.colour(Seat::Second), None);
    assert_eq!(game.turn(), Seat::First);
    assert_eq!(game.outcome(), None);
}

#[test]
fn colours_are_fixed_by_the_first_flip_rules_11() {
    for seed in 0..20 {
        let deal = BanqiDeal::from_seed(Seed(seed));
        for sq in ["a1", "h4", "d2"] {
            let mut game = Banqi::from_deal(&deal);
            game.play(turn(sq)).unwrap();
            let shown = deal.piece(p(sq));
            // The first player plays the colour turned up, the second the other.
            assert_eq!(game.colour(Seat::First), Some(shown.side()));
            assert_eq!(game.colour(Seat::Second), Some(shown.side().other()));
            assert_eq!(game.cell(p(sq)), Cell::FaceUp(shown));
            assert_eq!(game.history()[0].revealed, Some(shown));
            assert_eq!(game.turn(), Seat::Second);
            // Later flips do not change them.
            game.play(turn("e3")).unwrap();
            assert_eq!(game.colour(Seat::First), Some(shown.side()));
        }
    }
}

#[test]
fn a_flip_turns_up_what_the_deal_holds_and_anyone_may_flip_rules_11() {
    let deal = BanqiDeal::from_seed(Seed(42));
    let mut game = Banqi::from_deal(&deal);
    for (i, sq) in ["a1", "b1", "c1", "d1", "e1"].into_iter().enumerate() {
        game.play(turn(sq)).unwrap();
        assert_eq!(game.history()[i].revealed, Some(deal.piece(p(sq))));
        assert_eq!(game.cell(p(sq)), Cell::FaceUp(deal.piece(p(sq))));
    }
}

#[test]
fn only_face_down_pieces_flip_rules_11() {
    let mut game = setup(&[("a1", "R"), ("b1", "?k"), ("c1", "n")], "f r 0 20");
    assert_eq!(
        refused(&mut game, "a1"),
        "the red chariot on a1 is already face up"
    );
    assert_eq!(refused(&mut game, "h4"), "there is no piece on h4 to flip");
    game.play(turn("b1")).unwrap();
}

// ------------------------------------------------------------------- moves

#[test]
fn pieces_move_one_square_orthogonally_to_an_empty_square_rules_11() {
    let mut game = setup(
        &[("b2", "N"), ("b3", "?a"), ("h4", "n"), ("a1", "k")],
        "f r 0 20",
    );
    let moves: Vec<String> = game
        .legal_turns()
        .iter()
        .filter(|t| !t.is_flip())
        .map(|t| t.to_string())
        .collect();
    // Up is face down, so down, left, right; the horse does not jump like a Xiangqi horse.
    assert_eq!(moves, ["b2-b1", "b2-a2", "b2-c2"]);
    assert_eq!(
        refused(&mut game, "b2-c3"),
        "c3 is not in line with b2: pieces go along rows and columns"
    );
    assert_eq!(
        refused(&mut game, "b2-d2"),
        "a horse goes one square at a time, and d2 is not next to b2"
    );
    assert_eq!(
        refused(&mut game, "b2-b3"),
        "b3 is not empty: a piece moves only to an empty square"
    );
    assert_eq!(
        refused(&mut game, "b2-b2"),
        "a piece cannot go to the square it stands on (b2)"
    );
    assert_eq!(refused(&mut game, "c1-c2"), "there is no piece on c1");
    assert_eq!(
        refused(&mut game, "b3-b4"),
        "the piece on b3 is face down: flip it before it can move"
    );
    assert_eq!(
        refused(&mut game, "h4-h3"),
        "the black horse on h4 is not yours"
    );
    game.play(turn("b2-c2")).unwrap();
    assert_eq!(game.cell(p("c2")).face_up().map(piece_letter), Some('N'));
    assert_eq!(game.cell(p("b2")), Cell::Empty);
    // Now the second player, black, moves; red's pieces are not theirs.
    assert_eq!(
        refused(&mut game, "c2-c1"),
        "the red horse on c2 is not yours"
    );
    game.play(turn("h4-g4")).unwrap();
}

// ------------------------------------------------------------------- captures by rank

/// rules.md §11 as a table: row = attacker (red, on a1), column = target (black, on b1), in
/// the order K A B R N C P; `1` = the step capture is legal. The cannon never captures by a
/// step; the soldier takes the general; the general does not take the soldier.
const TABLE: [(char, &str); 7] = [
    ('K', "1111110"),
    ('A', "0111111"),
    ('B', "0011111"),
    ('R', "0001111"),
    ('N', "0000111"),
    ('C', "0000000"),
    ('P', "1000001"),
];

fn capture_table(opts: Options) -> Vec<(char, String)> {
    TABLE
        .iter()
        .map(|&(attacker, _)| {
            let row: String = "kabrncp"
                .chars()
                .map(|target| {
                    let game = setup(
                        &[("a1", &attacker.to_string()), ("b1", &target.to_string())],
                        "f r 0 20",
                    )
                    .under(opts)
                    .unwrap();
                    if game.check(turn("a1xb1")).is_ok() {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            (attacker, row)
        })
        .collect()
}

#[test]
fn captures_go_by_rank_equal_or_lower_rules_11() {
    let want: Vec<(char, String)> = TABLE.iter().map(|&(a, r)| (a, r.to_string())).collect();
    assert_eq!(capture_table(Options::default()), want);
    let mut game = setup(&[("a1", "N"), ("b1", "r")], "f r 0 20");
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "a horse cannot take a chariot, which ranks higher"
    );
    // The chariot outranks the horse in Banqi (not the Role enum's order).
    let mut game = setup(&[("a1", "R"), ("b1", "n")], "f r 0 20");
    game.play(turn("a1xb1")).unwrap();
    assert_eq!(game.history()[0].captured.map(piece_letter), Some('n'));
    assert_eq!(game.position().plies_without_flip_or_capture(), 0);
}

#[test]
fn a_soldier_takes_the_general_rules_11() {
    let mut game = setup(&[("a1", "P"), ("b1", "k"), ("c1", "a")], "f r 0 20");
    game.play(turn("a1xb1")).unwrap();
    assert_eq!(
        game.history()[0].captured,
        Some(jieqi_banqi::Piece::new(Side::Black, Role::General))
    );
}

#[test]
fn the_general_does_not_take_a_soldier_rules_11() {
    let mut game = setup(&[("a1", "K"), ("b1", "p")], "f r 0 20");
    assert!(!game.legal_turns().contains(&turn("a1xb1")));
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "the general does not capture soldiers (unless general-takes-soldier=on)"
    );
}

#[test]
fn with_general_takes_soldier_on_it_does_rules_10() {
    let mut game = setup(&[("a1", "K"), ("b1", "p")], "f r 0 20")
        .under(options("general-takes-soldier=on"))
        .unwrap();
    game.play(turn("a1xb1")).unwrap();
    let mut table = TABLE.map(|(a, r)| (a, r.to_string())).to_vec();
    table[0].1 = "1111111".into();
    assert_eq!(capture_table(options("general-takes-soldier=on")), table);
}

#[test]
fn with_soldier_takes_general_off_soldiers_take_only_soldiers_rules_10() {
    let opts = options("soldier-takes-general=off");
    let mut game = setup(&[("a1", "P"), ("b1", "k")], "f r 0 20")
        .under(opts)
        .unwrap();
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "a soldier cannot take the general under soldier-takes-general=off"
    );
    let mut table = TABLE.map(|(a, r)| (a, r.to_string())).to_vec();
    table[6].1 = "0000001".into();
    assert_eq!(capture_table(opts), table);
}

#[test]
fn face_down_pieces_cannot_be_captured_rules_11() {
    // By a step, by a sliding chariot and by a cannon's jump.
    let mut game = setup(
        &[
            ("a1", "K"),
            ("b1", "?p"),
            ("a3", "C"),
            ("a4", "?r"),
            ("h1", "R"),
            ("h4", "?k"),
        ],
        "f r 0 20",
    )
    .under(options("chariot=slide"))
    .unwrap();
    for t in ["a1xb1", "a3xa4", "h1xh4"] {
        assert!(!game.legal_turns().contains(&turn(t)));
    }
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "face-down pieces cannot be captured (b1 is face down)"
    );
    let mut game = setup(
        &[("a1", "C"), ("a2", "?p"), ("a3", "?a"), ("h4", "k")],
        "f r 0 20",
    );
    assert_eq!(
        refused(&mut game, "a1xa3"),
        "face-down pieces cannot be captured (a3 is face down)"
    );
}

#[test]
fn own_pieces_and_empty_squares_cannot_be_captured_rules_11() {
    let mut game = setup(&[("a1", "K"), ("b1", "P"), ("h4", "k")], "f r 0 20");
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "you cannot capture your own soldier on b1"
    );
    assert_eq!(
        refused(&mut game, "a1xa2"),
        "there is nothing to capture on a2"
    );
}

// ------------------------------------------------------------------- the cannon

#[test]
fn the_cannon_jumps_exactly_one_piece_at_any_distance_rules_11() {
    // The screen may be face down, or face up of either colour; the target any rank.
    for screen in ["?p", "A", "b"] {
        for (target_sq, screen_sq) in [("h1", "d1"), ("c1", "b1"), ("a4", "a2"), ("a4", "a3")] {
            let mut game = setup(
                &[
                    ("a1", "C"),
                    (screen_sq, screen),
                    (target_sq, "k"),
                    ("h4", "?P"),
                ],
                "f r 0 20",
            );
            let t = format!("a1x{target_sq}");
            assert!(game.legal_turns().contains(&turn(&t)), "{screen} {t}");
            game.play(turn(&t)).unwrap();
            assert_eq!(
                game.cell(p(target_sq)).face_up().map(piece_letter),
                Some('C')
            );
        }
    }
}

#[test]
fn a_cannon_must_jump_exactly_one_piece_rules_11() {
    let mut game = setup(
        &[
            ("a1", "C"),
            ("b1", "n"),
            ("c1", "P"),
            ("d1", "?a"),
            ("e1", "r"),
            ("a4", "p"),
            ("h4", "k"),
        ],
        "f r 0 20",
    );
    // Not adjacent: b1 is next to it.
    assert_eq!(
        refused(&mut game, "a1xb1"),
        "a cannon captures only by jumping over exactly one piece, and b1 is next to a1"
    );
    // Two pieces between (b1, c1) for d1 (face down anyway) and three for e1.
    assert_eq!(
        refused(&mut game, "a1xe1"),
        "a cannon must jump exactly one piece to capture, but 3 stand between"
    );
    // None between: a4 with a2 and a3 empty.
    assert_eq!(
        refused(&mut game, "a1xa4"),
        "a cannon must jump exactly one piece to capture, but 0 stand between"
    );
    // Over b1 onto c1: its own piece.
    assert_eq!(
        refused(&mut game, "a1xc1"),
        "you cannot capture your own soldier on c1"
    );
    let captures: Vec<Turn> = game
        .legal_turns()
        .into_iter()
        .filter(|t| t.is_capture())
        .collect();
    assert!(captures.is_empty(), "{captures:?}");
}

#[test]
fn the_cannon_moves_like_the_others_rules_11() {
    let mut game = setup(&[("a1", "C"), ("h4", "k")], "f r 0 20");
    assert_eq!(
        refused(&mut game, "a1-a3"),
        "a cannon goes one square at a time, and a3 is not next to a1"
    );
    let moves: Vec<String> = game.legal_turns().iter().map(|t| t.to_string()).collect();
    assert_eq!(moves, ["a1-a2", "a1-b1"]);
}

#[test]
fn with_cannon_also_step_it_captures_next_to_it_by_rank_rules_10() {
    let opts = options("cannon=also-step");
    for (target, ok) in [("p", true), ("c", true), ("n", false), ("k", false)] {
        let mut game = setup(&[("a1", "C"), ("b1", target), ("h4", "?p")], "f r 0 20")
            .under(opts)
            .unwrap();
        assert_eq!(game.check(turn("a1xb1")).is_ok(), ok, "{target}");
        if !ok {
            let msg = refused(&mut game, "a1xb1");
            assert!(msg.starts_with("a cannon cannot take a "), "{msg}");
        }
    }
    // The jump stays: over b1 onto the general on c1.
    let mut game = setup(&[("a1", "C"), ("b1", "n"), ("c1", "k")], "f r 0 20")
        .under(opts)
        .unwrap();
    game.play(turn("a1xc1")).unwrap();
    let mut table = TABLE.map(|(a, r)| (a, r.to_string())).to_vec();
    table[5].1 = "0000011".into();
    assert_eq!(capture_table(opts), table);
}

// ------------------------------------------------------------------- the chariot

#[test]
fn the_chariot_steps_one_square_by_default_rules_11() {
    let mut game = setup(&[("a1", "R"), ("a4", "n"), ("h1", "k")], "f r 0 20");
    assert_eq!(
        refused(&mut game, "a1-a3"),
        "a chariot goes one square at a time, and a3 is not next to a1"
    );
    assert_eq!(
        refused(&mut game, "a1xa4"),
        "a chariot goes one square at a time, and a4 is not next to a1"
    );
}

#[test]
fn with_chariot_slide_it_goes_any_distance_and_takes_the_first_piece_by_rank_rules_10() {
    let opts = options("chariot=slide");
    let mut game = setup(
        &[
            ("a1", "R"),
            ("a4", "n"),
            ("e1", "a"),
            ("h1", "?k"),
            ("h4", "p"),
        ],
        "f r 0 20",
    )
    .under(opts)
    .unwrap();
    let turns: Vec<String> = game
        .legal_turns()
        .iter()
        .filter(|t| t.from() == p("a1"))
        .map(|t| t.to_string())
        .collect();
    // Up to a3 and the horse on a4; right to d1, not the advisor on e1 (it ranks higher).
    assert_eq!(
        turns,
        ["a1-a2", "a1-a3", "a1xa4", "a1-b1", "a1-c1", "a1-d1"]
    );
    assert_eq!(
        refused(&mut game, "a1xe1"),
        "a chariot cannot take an advisor, which ranks higher"
    );
    assert_eq!(
        refused(&mut game, "a1-g1"),
        "the chariot's way from a1 to g1 is blocked at e1"
    );
    game.play(turn("a1xa4")).unwrap();
    // The way to the soldier on h4 is open now that a4 is taken: black moves, then red.
    game.play(turn("h1")).unwrap();
    game.play(turn("a4xh4")).unwrap();
}

// ------------------------------------------------------------------- the end of the game

#[test]
fn a_player_with_no_piece_left_loses_rules_11() {
    let mut game = setup(&[("a1", "R"), ("b1", "c"), ("h1", "K")], "f r 3 30");
    game.play(turn("a1xb1")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::NoPiecesLeft
        })
    );
    assert!(game.legal_turns().is_empty());
    assert_eq!(
        game.play(turn("h1-h2")).unwrap_err().to_string(),
        "the game is over: Red wins: Black has no piece left"
    );
    // The winner is a colour: with the first player black, black wins the same way.
    let mut game = setup(&[("a1", "r"), ("b1", "C")], "f b 3 30");
    game.play(turn("a1xb1")).unwrap();
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Side::Black));
}

#[test]
fn face_down_pieces_count_as_pieces_left_rules_11() {
    // Black's last face-up piece goes, but a black piece still lies face down on h4.
    let mut game = setup(
        &[("a1", "R"), ("b1", "c"), ("h1", "K"), ("h4", "?p")],
        "f r 3 30",
    );
    game.play(turn("a1xb1")).unwrap();
    assert_eq!(game.outcome(), None);
    // Black can still flip (any face-down piece, of either colour).
    assert_eq!(game.legal_turns(), [turn("h4")]);
    game.play(turn("h4")).unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_player_with_no_legal_turn_loses_rules_11() {
    // Black's soldier on a1 can take neither the advisor on a2 nor the elephant red brings.
    let mut game = setup(&[("a1", "p"), ("a2", "A"), ("c1", "B")], "f r 10 40");
    game.play(turn("c1-b1")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Stalemate
        })
    );
    // A position set up that way is over at once.
    let game = setup(&[("a1", "p"), ("a2", "A"), ("b1", "B")], "s r 10 40");
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Side::Red));
    assert!(game.legal_turns().is_empty());
    assert_eq!(game.perft(1), 0);
}

#[test]
fn losing_outranks_the_draws_rules_11() {
    // The 60th ply without flip or capture also leaves black without a legal turn.
    let mut game = setup(&[("a1", "p"), ("a2", "A"), ("c1", "B")], "f r 59 40");
    game.play(turn("c1-b1")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Stalemate
        })
    );
}

#[test]
fn sixty_plies_without_a_flip_or_a_capture_draw_rules_11() {
    let pieces = [("a1", "R"), ("b1", "n"), ("h4", "r"), ("d2", "?p")];
    let mut game = setup(&pieces, "f r 59 40");
    game.play(turn("a1-a2")).unwrap();
    assert_eq!(game.position().plies_without_flip_or_capture(), 60);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoFlipOrCapture
        })
    );
    // A flip or a capture on the 60th ply resets the count instead.
    for t in ["d2", "a1xb1"] {
        let mut game = setup(&pieces, "f r 59 40");
        game.play(turn(t)).unwrap();
        assert_eq!(game.outcome(), None, "{t}");
        assert_eq!(game.position().plies_without_flip_or_capture(), 0);
    }
}

#[test]
fn the_third_occurrence_of_a_position_draws_rules_11() {
    let mut game = setup(&[("a1", "R"), ("h4", "r"), ("d2", "?p")], "f r 0 40");
    let cycle = ["a1-a2", "h4-h3", "a2-a1", "h3-h4"];
    for t in cycle {
        game.play(turn(t)).unwrap();
    }
    assert_eq!(game.outcome(), None, "second occurrence");
    for (i, t) in cycle.into_iter().enumerate() {
        game.play(turn(t)).unwrap();
        let want = (i == 3).then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        assert_eq!(game.outcome(), want, "after {t}");
    }
}

#[test]
fn resign_and_draws_by_agreement_rules_11() {
    let mut game = Banqi::from_seed(Seed(5));
    assert_eq!(game.resign(Seat::First), Err(BanqiError::NoColoursYet));
    assert_eq!(
        BanqiError::NoColoursYet.to_string(),
        "nobody has a colour before the first flip, so nobody can resign yet"
    );
    game.play(turn("a1")).unwrap();
    let first = game.colour(Seat::First).unwrap();
    // Either seat may resign, on its turn or not.
    let mut g = game.clone();
    assert_eq!(
        g.resign(Seat::First),
        Ok(Outcome::Win {
            winner: first.other(),
            reason: WinReason::Resignation
        })
    );
    assert!(matches!(
        g.resign(Seat::Second),
        Err(BanqiError::GameOver(_))
    ));
    assert!(matches!(g.agree_draw(), Err(BanqiError::GameOver(_))));
    let mut g = game.clone();
    assert_eq!(g.resign(Seat::Second).unwrap().winner(), Some(first));
    // A fallen flag (game.md, "Clocks") ends it as a resignation would, for that reason.
    let mut g = game.clone();
    assert_eq!(
        g.lose_on_time(Seat::First),
        Ok(Outcome::Win {
            winner: first.other(),
            reason: WinReason::Time
        })
    );
    assert_eq!(
        Banqi::from_seed(Seed(5)).lose_on_time(Seat::First),
        Err(BanqiError::NoColoursYet)
    );
    let mut g = game.clone();
    assert_eq!(
        g.agree_draw(),
        Ok(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    assert!(g.legal_turns().is_empty());
    assert_eq!(
        g.play(turn("b1")).unwrap_err().to_string(),
        "the game is over: Draw: agreed by both players"
    );
    // A draw may be agreed before the first flip.
    assert!(Banqi::from_seed(Seed(5)).agree_draw().is_ok());
}

#[test]
fn options_are_chosen_before_the_first_turn_rules_10() {
    let mut game = Banqi::from_seed(Seed(1));
    let slide = options("chariot=slide");
    game = game.under(slide).unwrap();
    assert_eq!(game.options(), slide);
    game.play(turn("a1")).unwrap();
    assert_eq!(
        game.clone().under(Options::default()).unwrap_err(),
        BanqiError::AlreadyStarted
    );
    // Undoing back to the start allows it again.
    game.undo();
    assert!(game.under(Options::default()).is_ok());
}

// ------------------------------------------------------------------- undo

#[test]
fn undo_of_nothing_changes_nothing_rules_11() {
    let mut game = Banqi::from_seed(Seed(2));
    let before = game.clone();
    assert_eq!(game.undo(), None);
    assert_eq!(game, before);
}

#[test]
fn undo_clears_a_resignation_and_a_drawn_end_rules_11() {
    let mut game = Banqi::from_seed(Seed(2));
    game.play(turn("c2")).unwrap();
    let before = game.clone();
    game.play(turn("d2")).unwrap();
    game.resign(Seat::Second).unwrap();
    assert_eq!(game.undo(), Some(turn("d2")));
    assert_eq!(game, before);
    // And a draw by the rules.
    let mut game = setup(&[("a1", "R"), ("h4", "r"), ("d2", "?p")], "f r 59 40");
    let before = game.clone();
    game.play(turn("a1-a2")).unwrap();
    assert!(game.is_over());
    game.undo();
    assert_eq!(game, before);
    assert!(!game.is_over());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Undo restores everything: the position, the identities, the history, the colours, the
    /// counters and the outcome, ply after ply back to the start (rules.md §11).
    #[test]
    fn undo_restores_everything_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        plies in 0usize..200,
    ) {
        let mut game = Banqi::from_seed(Seed(seed));
        let mut states = vec![game.clone()];
        let mut y = x;
        for _ in 0..plies {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            y = y.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            game.play(turns[(y >> 33) as usize % turns.len()]).unwrap();
            states.push(game.clone());
        }
        states.pop();
        while let Some(state) = states.pop() {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(&game, &state);
            prop_assert_eq!(game.to_full_text(), state.to_full_text());
        }
        prop_assert_eq!(game, Banqi::from_seed(Seed(seed)));
    }

    /// A refused turn leaves the game untouched, and the reasons agree with the list of legal
    /// turns: a turn is accepted exactly when it is listed.
    #[test]
    fn check_agrees_with_the_legal_turns_rules_11(
        seed in any::<u64>(),
        x in any::<u64>(),
        plies in 0usize..120,
        opts in 0usize..16,
    ) {
        let o = Options::parse(&[
            if opts & 1 != 0 { "chariot=slide" } else { "" },
            if opts & 2 != 0 { "soldier-takes-general=off" } else { "" },
            if opts & 4 != 0 { "general-takes-soldier=on" } else { "" },
            if opts & 8 != 0 { "cannon=also-step" } else { "" },
        ].join(",")).unwrap();
        let mut game = Banqi::from_seed(Seed(seed)).under(o).unwrap();
        playout(&mut game, x, plies);
        let legal = game.legal_turns();
        let mut candidates: Vec<Turn> = Point::all().map(Turn::Flip).collect();
        for from in Point::all() {
            for to in Point::all() {
                candidates.push(Turn::Move { from, to });
                candidates.push(Turn::Capture { from, to });
            }
        }
        for (i, t) in candidates.into_iter().enumerate() {
            let verdict = game.check(t);
            prop_assert_eq!(verdict.is_ok(), legal.contains(&t), "{} {:?}", t, verdict);
            if let Err(e) = verdict {
                prop_assert!(!e.to_string().contains('\n'));
                // Playing it changes nothing (tried on some, as each try copies the game).
                if i % 97 == 0 {
                    let mut g = game.clone();
                    prop_assert!(g.play(t).is_err());
                    prop_assert_eq!(&g, &game);
                }
            }
        }
    }
}

#[test]
fn refusals_read_as_one_line_each_rules_11() {
    let all = [
        BanqiRefusal::NothingToFlip(p("a1")),
        BanqiRefusal::NoPiece(p("a1")),
        BanqiRefusal::FaceDown(p("a1")),
        BanqiRefusal::SameSquare(p("a1")),
        BanqiRefusal::NotInLine {
            from: p("a1"),
            to: p("b2"),
        },
        BanqiRefusal::Occupied(p("a1")),
        BanqiRefusal::NothingToCapture(p("a1")),
        BanqiRefusal::CaptureFaceDown(p("a1")),
        BanqiRefusal::SoldierSparesGeneral,
        BanqiRefusal::GeneralSparesSoldiers,
        BanqiRefusal::CannonScreens { count: 2 },
    ];
    for r in all {
        let msg = r.to_string();
        assert!(
            !msg.is_empty() && !msg.contains('\n') && msg.len() < 100,
            "{msg}"
        );
    }
}

// ------------------------------------------------------------------- secrecy

#[test]
fn debug_never_shows_face_down_pieces_or_the_seed_rules_11() {
    let a = Banqi::from_seed(Seed(123_456_789));
    let b = Banqi::from_seed(Seed(987_654_321));
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    let text = format!("{a:?}");
    assert!(!text.contains(&Seed(123_456_789).to_string()), "{text}");
    assert!(!text.contains("123456789"), "{text}");
    assert!(
        text.contains("????????/????????/????????/???????? f - 0 1"),
        "{text}"
    );
    // After some turns, a game whose face-down pieces are others prints the same.
    let deal = BanqiDeal::from_seed(Seed(123_456_789));
    let mut game = Banqi::from_deal(&deal);
    playout(&mut game, 7, 30);
    let twin = common::twin_game(&deal, &game, 5);
    assert_ne!(twin.to_full_text(), game.to_full_text());
    assert_eq!(format!("{twin:?}"), format!("{game:?}"));
    let full = game.to_full_text();
    let placement = full.split(' ').next().unwrap();
    assert!(!format!("{game:?}").contains(placement));
}
