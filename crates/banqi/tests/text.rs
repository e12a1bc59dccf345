//! The text form of a position (crate docs), options (rules.md §10) and seeds (§8): round
//! trips and typed one-line errors for bad input.

mod common;

use common::playout;
use jieqi_banqi::{
    Banqi, BanqiPosition, OPTIONS, Options, OptionsError, Point, Seat, Seed, TextError,
};
use proptest::prelude::*;

const START: &str = "????????/????????/????????/???????? f - 0 1";

#[test]
fn the_start_is_32_face_down_pieces_rules_11() {
    assert_eq!(BanqiPosition::start().to_text(), START);
    assert_eq!(BanqiPosition::parse(START), Ok(BanqiPosition::start()));
    assert_eq!(Banqi::from_seed(Seed(9)).position().to_string(), START);
}

#[test]
fn positions_round_trip_in_both_forms_rules_11() {
    for seed in 0..40 {
        let mut game = Banqi::from_seed(Seed(seed));
        playout(&mut game, seed * 31, (seed as usize * 13) % 200);
        let public = game.position().to_text();
        assert_eq!(BanqiPosition::parse(&public).as_ref(), Ok(game.position()));
        let full = game.to_full_text();
        let again = Banqi::from_full_text(&full).unwrap();
        assert_eq!(again.to_full_text(), full);
        assert_eq!(again.position(), game.position());
        assert_eq!(again.face_down_pool(), game.face_down_pool());
        if !game.is_over() {
            assert_eq!(again.legal_turns(), game.legal_turns());
        }
        // Deleting the letter after each `?` gives the public form back.
        let mut stripped = String::new();
        let mut skip = false;
        for c in full.chars() {
            if !skip {
                stripped.push(c);
            }
            skip = !skip && c == '?';
        }
        assert_eq!(stripped, public);
        // Each reader refuses the other form rather than misread it.
        if full.contains('?') {
            assert!(BanqiPosition::parse(&full).is_err(), "{full}");
            assert!(Banqi::from_full_text(&public).is_err(), "{public}");
        }
    }
}

#[test]
fn bad_positions_give_typed_errors_rules_11() {
    let cases: Vec<(&str, TextError)> = vec![
        ("", TextError::Empty),
        ("8/8/8/8 f r 0", TextError::FieldCount(4)),
        ("8/8/8 f r 0 9", TextError::RowCount(3)),
        ("8/8/8/9 f r 0 9", TextError::BadChar("9".into())),
        ("8/8/8/0R7 f r 0 9", TextError::BadChar("0".into())),
        ("8/8/8/R8 f r 0 9", TextError::RowWidth { row: 1 }),
        ("8/8/7/R7 f r 0 9", TextError::RowWidth { row: 2 }),
        ("8/8/8/X7 f r 0 9", TextError::BadChar("X".into())),
        ("8/8/8/R6k x r 0 9", TextError::BadSeat("x".into())),
        ("8/8/8/R6k f w 0 9", TextError::BadColour("w".into())),
        ("8/8/8/R6k f r -1 9", TextError::BadQuiet("-1".into())),
        ("8/8/8/R6k f r +1 9", TextError::BadQuiet("+1".into())),
        ("8/8/8/R6k f r 0 0", TextError::BadMoveNumber("0".into())),
        (
            "8/8/8/R6k f r 0 99999999999",
            TextError::BadMoveNumber("99999999999".into()),
        ),
        (
            "8/8/8/RRR4k f r 0 9",
            TextError::TooMany {
                piece: 'R',
                found: 3,
                most: 2,
            },
        ),
        (
            "8/8/8/KK5k f r 0 9",
            TextError::TooMany {
                piece: 'K',
                found: 2,
                most: 1,
            },
        ),
        ("8/8/8/R6k f - 0 9", TextError::BeforeFirstFlip),
        (
            "????????/????????/????????/??????? f - 0 1",
            TextError::RowWidth { row: 1 },
        ),
        (
            "????????/????????/????????/???????1 f - 0 1",
            TextError::BeforeFirstFlip,
        ),
        (
            "????????/????????/????????/???????? s - 0 1",
            TextError::BeforeFirstFlip,
        ),
        (
            "????????/????????/????????/???????? f r 0 2",
            TextError::NoFlipYet,
        ),
        ("8/8/8/R6k f r 0 1", TextError::NoFlipYet),
        (
            "8/8/8/R6k f r 61 99",
            TextError::Quiet {
                found: 61,
                most: 60,
            },
        ),
        ("8/8/8/R6k s r 3 2", TextError::Quiet { found: 3, most: 2 }),
    ];
    for (text, err) in &cases {
        assert_eq!(BanqiPosition::parse(text).as_ref(), Err(err), "{text}");
        let msg = err.to_string();
        assert!(!msg.contains('\n'), "{msg}");
    }
    assert_eq!(
        BanqiPosition::parse("8/8/8/R6k f r 0 9").unwrap().to_text(),
        "8/8/8/R6k f r 0 9"
    );
    assert_eq!(
        TextError::TooMany {
            piece: 'R',
            found: 3,
            most: 2
        }
        .to_string(),
        "the position has 3 of R, but the set has 2"
    );
}

#[test]
fn bad_full_positions_give_typed_errors_rules_11() {
    let cases: Vec<(&str, TextError)> = vec![
        (
            "8/8/8/R6? f r 0 9",
            TextError::MissingIdentity("h1".parse().unwrap()),
        ),
        (
            "8/8/8/R5?x f r 0 9",
            TextError::BadIdentity {
                point: "g1".parse().unwrap(),
                letter: "x".into(),
            },
        ),
        (
            "8/8/8/R5?\u{7} f r 0 9",
            TextError::BadIdentity {
                point: "g1".parse().unwrap(),
                letter: "\\u{7}".into(),
            },
        ),
        (
            "8/8/8/R?R?R5 f r 0 9",
            TextError::TooMany {
                piece: 'R',
                found: 3,
                most: 2,
            },
        ),
        // Black just moved, so black had a piece: this cannot be reached.
        ("8/8/8/R7 f r 0 9", TextError::Unreachable(Seat::Second)),
        ("8/8/8/R7 s b 0 9", TextError::Unreachable(Seat::First)),
    ];
    for (text, err) in &cases {
        assert_eq!(
            Banqi::from_full_text(text).map(|_| ()).as_ref(),
            Err(err),
            "{text}"
        );
        assert!(!err.to_string().contains('\n'));
    }
    // Black to move with nothing left is simply lost.
    let game = Banqi::from_full_text("8/8/8/R7 s r 0 9").unwrap();
    assert_eq!(
        game.outcome().map(|o| o.to_string()).as_deref(),
        Some("Red wins: Black has no piece left")
    );
}

// ------------------------------------------------------------------- options (§10)

#[test]
fn options_read_and_write_only_what_differs_rules_10() {
    assert_eq!(Options::parse(""), Ok(Options::default()));
    assert_eq!(Options::default().to_string(), "");
    assert!(Options::default().is_standard());
    let o = Options::parse("cannon=also-step chariot=SLIDE").unwrap();
    assert_eq!(o.to_string(), "chariot=slide, cannon=also-step");
    assert_eq!("chariot=slide, cannon=also-step".parse(), Ok(o));
    assert_eq!(o.get("cannon").as_deref(), Some("also-step"));
    // Setting a default value writes nothing.
    assert_eq!(Options::parse("chariot=step").unwrap().to_string(), "");
    let keys: Vec<&str> = OPTIONS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys,
        [
            "chariot",
            "soldier-takes-general",
            "general-takes-soldier",
            "cannon"
        ]
    );
    for spec in OPTIONS {
        assert_eq!(Options::default().get(spec.key), Some(spec.default_text()));
        assert!(!spec.about.english.is_empty());
    }
}

#[test]
fn bad_options_name_the_key_the_value_and_what_is_allowed_rules_10() {
    let cases = [
        (
            "chariot=fly",
            OptionsError::BadValue {
                key: "chariot",
                value: "fly".into(),
                allowed: "step or slide".into(),
            },
            "option chariot takes step or slide, not 'fly'",
        ),
        (
            "cannon=",
            OptionsError::BadValue {
                key: "cannon",
                value: String::new(),
                allowed: "jump or also-step".into(),
            },
            "option cannon takes jump or also-step, not ''",
        ),
        (
            "horse=jump",
            OptionsError::UnknownOption {
                variant: "Banqi",
                key: "horse".into(),
                known: "chariot, soldier-takes-general, general-takes-soldier, cannon".into(),
            },
            "Banqi has no option 'horse' (it has: chariot, soldier-takes-general, \
             general-takes-soldier, cannon)",
        ),
        (
            "slide",
            OptionsError::Malformed {
                setting: "slide".into(),
                example: "chariot=slide".into(),
            },
            "'slide' is not an option setting; write key=value, e.g. chariot=slide",
        ),
    ];
    for (text, err, msg) in cases {
        assert_eq!(Options::parse(text), Err(err.clone()), "{text}");
        assert_eq!(err.to_string(), msg);
    }
}

// ------------------------------------------------------------------- fuzz

proptest! {
    #[test]
    fn any_text_is_a_position_or_a_typed_error_rules_11(text in "\\PC{0,80}") {
        for r in [BanqiPosition::parse(&text).map(|_| ()), Banqi::from_full_text(&text).map(|_| ())] {
            if let Err(e) = r {
                let msg = e.to_string();
                prop_assert!(!msg.contains('\n') && msg.chars().count() < 200, "{}", msg);
            }
        }
    }

    #[test]
    fn near_miss_positions_are_positions_or_typed_errors_rules_11(
        rows in "([?KABRNCPkabrncp1-9]{0,9}/){3}[?KABRNCPkabrncp1-9]{0,9}",
        seat in "[fsx]",
        colour in "[rb-]",
        quiet in 0u32..70,
        number in 0u32..50,
    ) {
        let text = format!("{rows} {seat} {colour} {quiet} {number}");
        for r in [BanqiPosition::parse(&text).map(|_| ()), Banqi::from_full_text(&text).map(|_| ())] {
            if let Err(e) = r {
                prop_assert!(!e.to_string().contains('\n'));
            }
        }
        if let Ok(pos) = BanqiPosition::parse(&text) {
            prop_assert_eq!(BanqiPosition::parse(&pos.to_text()), Ok(pos));
        }
        if let Ok(game) = Banqi::from_full_text(&text) {
            let full = game.to_full_text();
            prop_assert_eq!(Banqi::from_full_text(&full).map(|g| g.to_full_text()), Ok(full));
            // A game from any accepted text runs: its turns play, perft counts.
            let _ = game.perft(2);
        }
    }

    #[test]
    fn any_text_is_options_or_a_typed_error_rules_10(text in "\\PC{0,60}") {
        match Options::parse(&text) {
            Ok(o) => prop_assert_eq!(Options::parse(&o.to_string()), Ok(o)),
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }

    #[test]
    fn any_text_is_a_seed_or_a_typed_error_rules_8(text in "\\PC{0,30}") {
        match text.parse::<Seed>() {
            Ok(seed) => prop_assert_eq!(seed.to_string().parse::<Seed>(), Ok(seed)),
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }

    #[test]
    fn any_text_is_a_square_or_a_typed_error_rules_11(text in "\\PC{0,10}") {
        match text.parse::<Point>() {
            Ok(p) => prop_assert_eq!(p.to_string(), text.to_ascii_lowercase()),
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }
}
