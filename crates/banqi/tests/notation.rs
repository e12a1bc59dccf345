//! Notation (rules.md §11): `a1=R` a flip, `a1-a2` a move, `a1xb1` a capture.

mod common;

use common::{playout, setup, turn};
use jieqi_banqi::{
    Banqi, BanqiRefusal, ParseTurnError, Piece, Point, Role, Seat, Seed, Side, Turn, parse_turn,
    parse_turn_text, write_turn,
};
use proptest::prelude::*;

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn turns_are_written_as_rules_11_says() {
    let red_chariot = Piece::new(Side::Red, Role::Chariot);
    let black_soldier = Piece::new(Side::Black, Role::Soldier);
    assert_eq!(write_turn(Turn::Flip(p("a1")), Some(red_chariot)), "a1=R");
    assert_eq!(write_turn(Turn::Flip(p("h4")), Some(black_soldier)), "h4=p");
    assert_eq!(write_turn(Turn::Flip(p("h4")), None), "h4");
    let mv = Turn::Move {
        from: p("a1"),
        to: p("a2"),
    };
    assert_eq!(write_turn(mv, None), "a1-a2");
    let cap = Turn::Capture {
        from: p("a1"),
        to: p("b1"),
    };
    assert_eq!(write_turn(cap, Some(red_chariot)), "a1xb1");
    assert_eq!(format!("{cap:?}"), "a1xb1");
}

#[test]
fn turns_are_read_in_every_form_rules_11() {
    let cases = [
        ("a1", Turn::Flip(p("a1")), None),
        (
            " h4=p ",
            Turn::Flip(p("h4")),
            Some(Piece::new(Side::Black, Role::Soldier)),
        ),
        (
            "c2=H",
            Turn::Flip(p("c2")),
            Some(Piece::new(Side::Red, Role::Horse)),
        ),
        (
            "a1-a2",
            Turn::Move {
                from: p("a1"),
                to: p("a2"),
            },
            None,
        ),
        (
            "A1Xb1",
            Turn::Capture {
                from: p("a1"),
                to: p("b1"),
            },
            None,
        ),
    ];
    for (text, t, letter) in cases {
        assert_eq!(parse_turn_text(text), Ok((t, letter)), "{text}");
        assert_eq!(text.parse::<Turn>(), Ok(t));
    }
}

#[test]
fn bad_turn_texts_give_typed_errors_rules_11() {
    let cases: [(&str, ParseTurnError, &str); 6] = [
        ("", ParseTurnError::Empty, "the turn is empty"),
        (
            "a1a2",
            ParseTurnError::Malformed("a1a2".into()),
            "'a1a2' is not a Banqi turn: write a1 or a1=R (flip), a1-a2 (move), a1xb1 (capture)",
        ),
        (
            "a1+a2",
            ParseTurnError::Malformed("a1+a2".into()),
            "'a1+a2' is not a Banqi turn: write a1 or a1=R (flip), a1-a2 (move), a1xb1 (capture)",
        ),
        (
            "a5",
            ParseTurnError::BadPoint(jieqi_banqi::ParsePointError("a5".into())),
            "'a5' is not a square: write a column a-h and a row 1-4, e.g. c3",
        ),
        (
            "a1=Q",
            ParseTurnError::BadLetter("Q".into()),
            "'Q' is not a piece letter (K A B R N C P, upper case red, lower case black)",
        ),
        (
            "i1-a1",
            ParseTurnError::BadPoint(jieqi_banqi::ParsePointError("i1".into())),
            "'i1' is not a square: write a column a-h and a row 1-4, e.g. c3",
        ),
    ];
    for (text, err, msg) in cases {
        assert_eq!(parse_turn_text(text), Err(err.clone()), "{text}");
        assert_eq!(err.to_string(), msg);
    }
    // Long or many-lined input is quoted as one short line.
    let long = format!("{}\nmore", "a".repeat(500));
    let msg = parse_turn_text(&long).unwrap_err().to_string();
    assert!(!msg.contains('\n'));
    assert!(msg.chars().count() < 120, "{msg}");
}

#[test]
fn turns_are_checked_against_the_game_and_the_view_rules_11() {
    let mut game = setup(
        &[("a1", "R"), ("b1", "?n"), ("h4", "k"), ("h1", "?p")],
        "f r 0 20",
    );
    let view = game.view(Seat::First);
    assert_eq!(parse_turn(&game, "b1"), Ok(turn("b1")));
    assert_eq!(parse_turn(&view, "b1=n"), Ok(turn("b1")));
    assert_eq!(parse_turn(&game, "b1=n"), Ok(turn("b1")));
    // The view cannot tell b1 from h1: a face-down black soldier is possible there too.
    assert_eq!(parse_turn(&view, "b1=p"), Ok(turn("b1")));
    // The game can, and says so without naming what b1 holds.
    let err = parse_turn(&game, "b1=p").unwrap_err();
    assert_eq!(
        err,
        ParseTurnError::WrongReveal {
            point: p("b1"),
            letter: 'p'
        }
    );
    assert_eq!(err.to_string(), "b1 does not turn up p");
    // No red horse lies face down anywhere: both refuse.
    for e in [
        parse_turn(&view, "b1=N").unwrap_err(),
        parse_turn(&game, "b1=N").unwrap_err(),
    ] {
        assert_eq!(e.to_string(), "no face-down red horse is left to turn up");
    }
    // Illegal turns give the rules' reason.
    assert_eq!(
        parse_turn(&game, "a1xb1"),
        Err(ParseTurnError::Illegal(BanqiRefusal::CaptureFaceDown(p(
            "b1"
        ))))
    );
    assert_eq!(
        parse_turn(&view, "a1-b1").unwrap_err().to_string(),
        "b1 is not empty: a piece moves only to an empty square"
    );
    game.agree_draw().unwrap();
    assert_eq!(
        parse_turn(&game, "b1").unwrap_err().to_string(),
        "the game is over: Draw: agreed by both players"
    );
}

#[test]
fn every_legal_turn_round_trips_rules_11() {
    for seed in 0..30 {
        let mut game = Banqi::from_seed(Seed(seed));
        playout(&mut game, seed, (seed as usize * 7) % 90);
        let view = game.view(game.turn());
        for t in game.legal_turns() {
            let mut after = game.clone();
            after.play(t).unwrap();
            let seen = *after.history().last().unwrap();
            let text = seen.to_string();
            assert_eq!(text, write_turn(t, seen.revealed));
            assert_eq!(parse_turn(&game, &text), Ok(t), "{text}");
            assert_eq!(parse_turn(&view, &text), Ok(t), "{text}");
            assert_eq!(parse_turn(&game, &t.to_string()), Ok(t));
        }
    }
}

proptest! {
    /// Any text gives a turn or a typed one-line error, against the game and a view alike.
    #[test]
    fn any_text_is_a_turn_or_a_typed_error_rules_11(text in "\\PC{0,60}", seed in 0u64..8) {
        let mut game = Banqi::from_seed(Seed(seed));
        playout(&mut game, seed, 20);
        let view = game.view(Seat::Second);
        for result in [parse_turn(&game, &text), parse_turn(&view, &text)] {
            if let Err(e) = result {
                let msg = e.to_string();
                prop_assert!(!msg.contains('\n') && msg.chars().count() < 160, "{}", msg);
            }
        }
    }

    /// Texts near the real forms, which reach the deeper checks.
    #[test]
    fn near_miss_texts_are_turns_or_typed_errors_rules_11(
        text in "[a-j][0-5][-xX=]?[a-jKABRNCPkabrncp?]?[0-5]?",
    ) {
        let mut game = Banqi::from_seed(Seed(3));
        playout(&mut game, 3, 25);
        if let Err(e) = parse_turn(&game, &text) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}
