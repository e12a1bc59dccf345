//! Rule sets (rules.md §10): each option changes the rule it names, and a game keeps its rule
//! set through views, saves and records.

use jieqi_rules::{
    AnyGame, DrawReason, Family, FamilyGame, Jieqi, Move, Notation, Notice, Outcome, Record,
    RuleSet, SavedGame, Seed, SeenPiece, Setup, Side, WinReason, Xiangqi,
};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn rules(variant: Family, text: &str) -> RuleSet {
    RuleSet::parse(variant, text).unwrap()
}

fn xiangqi(fen: &str, options: &str) -> AnyGame {
    let start = Xiangqi::from_setup(&Setup::parse_fen(fen).unwrap()).unwrap();
    start.under(rules(Family::Xiangqi, options)).unwrap().into()
}

fn play_all(game: &mut AnyGame, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(mv(m)).unwrap();
    }
}

#[test]
fn xiangqi_perpetual_chase_is_warned_or_judged_rules_6_10() {
    // Red's chariot chases the unprotected cannon up and down the a/c files.
    let fen = "4k4/9/2c6/R8/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "a6a7 c7c6 a7a6 c6c7 a6a7 c7c6 a7a6 c6c7";
    let mut warned = xiangqi(fen, "");
    play_all(&mut warned, cycle);
    assert_eq!(warned.outcome(), None);
    assert!(warned.notices().iter().any(|n| matches!(
        n,
        Notice::PerpetualChaseWarning {
            side: Side::Red,
            ..
        }
    )));
    let mut judged = xiangqi(fen, "chase=judged");
    play_all(&mut judged, cycle);
    assert_eq!(
        judged.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::PerpetualChase
        })
    );
}

#[test]
fn xiangqi_sixty_quiet_moves_hint_or_draw_rules_6_10() {
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 80";
    let mut hint = xiangqi(fen, "");
    hint.play(mv("a0a1")).unwrap();
    assert_eq!(hint.outcome(), None);
    assert!(hint.notices().contains(&Notice::NoCaptureHint));
    let mut draw = xiangqi(fen, "no-capture=draw");
    draw.play(mv("a0a1")).unwrap();
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCapture
        })
    );
}

#[test]
fn xiangqi_move_limit_on_or_off_rules_5_10() {
    // Horses out and back: no checks, so Xiangqi only hints at the repetition draw.
    let cycle = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let play_400 = |options: &str| {
        let mut game = xiangqi(jieqi_rules::STANDARD_FEN, options);
        for m in cycle.iter().cycle().take(400) {
            game.play(mv(m)).unwrap();
        }
        game
    };
    assert_eq!(
        play_400("").outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    let mut on = play_400("move-limit=off");
    assert_eq!(on.outcome(), None);
    on.play(mv("b0c2")).unwrap();
}

#[test]
fn jieqi_captured_pieces_shown_to_the_capturer_or_both_rules_7_10() {
    // Seed 3: Red's cannon takes the face-down piece on b9.
    for (options, black_knows) in [("", false), ("captured=both", true)] {
        let mut game: AnyGame = Jieqi::from_seed(Seed(3))
            .under(rules(Family::Jieqi, options))
            .unwrap()
            .into();
        game.play(mv("b2b9")).unwrap();
        let red = game.view(Side::Red);
        let black = game.view(Side::Black);
        let taken = |v: &jieqi_rules::PlayerView| v.moves[0].captured.unwrap();
        assert!(matches!(taken(&red), SeenPiece::Known { .. }));
        assert_eq!(
            matches!(taken(&black), SeenPiece::Known { .. }),
            black_knows,
            "{options}"
        );
        if black_knows {
            assert_eq!(taken(&black), taken(&red));
            // Nobody's secret: in neither pool, nothing "learned".
            assert_eq!(red.pool, black.pool);
            assert!(red.learned.is_empty() && black.learned.is_empty());
        }
        assert_eq!(black.rules, red.rules, "the rule set is public");
    }
}

#[test]
fn jieqi_captured_pieces_shown_to_nobody_until_the_end_rules_7_10() {
    // Seed 3: Red's cannon takes the face-down piece on b9; nobody learns what it was.
    let mut game: AnyGame = Jieqi::from_seed(Seed(3))
        .under(rules(Family::Jieqi, "captured=nobody"))
        .unwrap()
        .into();
    game.play(mv("b2b9")).unwrap();
    let taken = |v: &jieqi_rules::PlayerView| v.moves[0].captured.unwrap();
    let (red, black) = (game.view(Side::Red), game.view(Side::Black));
    for view in [&red, &black] {
        assert!(
            matches!(taken(view), SeenPiece::Unknown { side: Side::Black }),
            "{:?} learned the capture",
            view.viewer
        );
        assert!(view.learned.is_empty());
    }
    // Still unseen by both: the same pool, the taken identity in it.
    assert_eq!(red.pool, black.pool);
    let under_capturer = Jieqi::from_seed(Seed(3))
        .under(rules(Family::Jieqi, ""))
        .unwrap();
    let mut capturer: AnyGame = under_capturer.into();
    capturer.play(mv("b2b9")).unwrap();
    assert_eq!(red.pool, capturer.view(Side::Black).pool);
    // The end shows it to both.
    game.resign(Side::Black).unwrap();
    for side in Side::ALL {
        assert!(matches!(taken(&game.view(side)), SeenPiece::Known { .. }));
    }
}

#[test]
fn jieqi_advisors_free_or_confined_rules_7_10() {
    let fen = "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    let targets = |options: &str| -> Vec<String> {
        let game = Jieqi::from_full_fen(fen)
            .unwrap()
            .under(rules(Family::Jieqi, options))
            .unwrap();
        let mut t: Vec<String> = game
            .view(Side::Red)
            .legal_moves
            .iter()
            .filter(|m| m.from.to_string() == "d0")
            .map(|m| m.to.to_string())
            .collect();
        t.sort();
        t
    };
    assert_eq!(targets(""), ["c1", "e1"]);
    assert_eq!(targets("advisors=confined"), ["e1"]);
    // A revealed advisor outside the palace cannot start a game that confines it.
    let outside = Jieqi::from_full_fen("3k5/9/9/9/9/4A4/9/9/9/4K4 w - - 0 1").unwrap();
    assert!(
        outside
            .under(rules(Family::Jieqi, "advisors=confined"))
            .is_err()
    );
}

/// rules.md §10: under `advisors=confined` an elephant revealed across the river keeps to its
/// own side: it may only step back home, so it never threatens the enemy general. (A random
/// game in CI once found a confined elephant that could capture a general whose side had not
/// been told it was in check.)
#[test]
fn jieqi_confined_elephant_revealed_across_the_river_rules_7_10() {
    // A face-down Red cannon on b2 that is an elephant; Black's general on d9.
    let fen = "3k5/9/9/9/9/9/9/1XB7/9/4K4 w - - 0 1";
    let after = |options: &str, first: &str| -> Jieqi {
        let mut game = Jieqi::from_full_fen(fen)
            .unwrap()
            .under(rules(Family::Jieqi, options))
            .unwrap();
        game.play(mv(first)).unwrap();
        game
    };
    let targets = |game: &Jieqi, from: &str| -> Vec<String> {
        let mut t: Vec<String> = game
            .legal_moves()
            .iter()
            .filter(|m| m.from.to_string() == from)
            .map(|m| m.to.to_string())
            .collect();
        t.sort();
        t
    };
    // Free: revealed on b7 it checks the general over the empty eye c8.
    assert!(after("", "b2b7").position().is_check());
    // Confined: no check, and after Black's reply no move at all (d9 and d5 are Black's side).
    let mut game = after("advisors=confined", "b2b7");
    assert!(!game.position().is_check());
    game.play(mv("d9d8")).unwrap();
    assert_eq!(targets(&game, "b7"), Vec::<String>::new());
    // Revealed on b5 it may step back across to d3, but not on to d7.
    let mut game = after("", "b2b5");
    game.play(mv("d9d8")).unwrap();
    assert_eq!(targets(&game, "b5"), ["d3", "d7"]);
    let mut game = after("advisors=confined", "b2b5");
    game.play(mv("d9d8")).unwrap();
    assert_eq!(targets(&game, "b5"), ["d3"]);
    // The refusal says why.
    let err = game.play(mv("b5d7")).unwrap_err().to_string();
    assert!(err.contains("river"), "{err}");
}

#[test]
fn jieqi_no_capture_draw_limit_rules_6_10() {
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - 39 80";
    for (options, drawn) in [("", false), ("no-capture-draw=40", true)] {
        let mut game = Jieqi::from_full_fen(fen)
            .unwrap()
            .under(rules(Family::Jieqi, options))
            .unwrap();
        game.play(mv("a0a1")).unwrap();
        assert_eq!(game.outcome().is_some(), drawn, "{options}");
    }
}

#[test]
fn the_rules_are_chosen_before_the_first_move_rules_10() {
    let mut game = Xiangqi::default();
    game.play(mv("h2e2")).unwrap();
    assert!(game.under(rules(Family::Xiangqi, "chase=judged")).is_err());
    assert!(
        Xiangqi::default()
            .under(RuleSet::standard(Family::Jieqi))
            .is_err()
    );
}

#[test]
fn saves_and_records_keep_the_rule_set_rules_9_10() {
    let options = rules(Family::Jieqi, "captured=both, advisors=confined");
    let mut game: AnyGame = Jieqi::from_seed(Seed(7)).under(options).unwrap().into();
    game.play(mv("b2b9")).unwrap();
    game.resign(Side::Black).unwrap();
    // Save.
    let saved = SavedGame::of(&game, Default::default());
    assert_eq!(saved.rules, "captured=both, advisors=confined");
    let back = SavedGame::from_json(&saved.to_json())
        .unwrap()
        .restore()
        .unwrap();
    assert_eq!(back, game);
    assert_eq!(back.rules(), options);
    // Record: the viewer's record carries the tag, and replays under it.
    let record = Record::of_view(&game.view(Side::Black));
    let text = record.write(Notation::Wxf);
    assert!(
        text.contains("[Rules \"captured=both, advisors=confined\"]"),
        "{text}"
    );
    let replayed = Record::parse(&text).unwrap().game().unwrap();
    assert_eq!(replayed.rules(), options);
    // No tag, no field: the standard rules.
    let mut plain = saved.clone();
    plain.rules.clear();
    assert!(plain.restore().unwrap().rules().is_standard());
    let bad = text.replace("advisors=confined", "advisors=sometimes");
    let err = Record::parse(&bad).unwrap_err().to_string();
    assert!(
        err.starts_with("tag Rules: option advisors takes free or confined"),
        "{err}"
    );
}
