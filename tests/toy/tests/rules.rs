//! Soldiers through the platform's traits only (`Variant`, `PlayedGame`), as the front ends
//! see it: counts checked against a second generator written here from the rules' text, every
//! turn a table offers played by a click and every other click refused with a typed error, the
//! setup and end refusals, the save and the record, and the registry finding the toy.

mod slow;

use jieqi_rules::platform::{
    EndError, LoadError, Look, PlayedGame, SetupError, Spot, TurnError, Variant,
};
use jieqi_rules::{DrawReason, Notation, Outcome, Role, Seed, Side, WinReason};
use jieqi_toy::{REASONS, TITLE, TOY};

fn start() -> Box<dyn PlayedGame> {
    TOY.start(None, "").unwrap()
}

/// Perft from the start, 0 to 12 plies: the numbers, and the same counted by the slow
/// generator (`slow.rs`, its own board and rules). No game is longer than 12 plies (six
/// soldiers, two steps each), and the tree is empty before: the last turns are at ply 10.
#[test]
fn perft_from_the_start_matches_a_count_written_from_the_rules() {
    const PERFT: [u64; 13] = [1, 3, 10, 28, 62, 110, 176, 116, 82, 16, 4, 0, 0];
    let game = start();
    for (depth, &count) in PERFT.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(game.perft(depth), count, "perft {depth}");
        assert_eq!(
            slow::perft(&slow::Board::start(), depth),
            count,
            "slow {depth}"
        );
    }
}

/// Random games: at every ply the table's turns are the slow generator's, `legal_texts` the
/// same texts, each played by a click (`play_turn`) answers its text and moves the piece, and
/// every other click from a square to a square is refused and changes nothing.
#[test]
fn every_offered_table_turn_is_played_by_a_click_and_every_other_refused() {
    let mut rng = slow::Rng(0x50_1D1E25);
    for _ in 0..200 {
        let mut game = start();
        let mut board = slow::Board::start();
        while game.outcome().is_none() {
            let table = game.table(game.turn());
            let mut offered: Vec<String> = table.turns.iter().map(|t| t.text.clone()).collect();
            assert_eq!(offered, game.legal_texts(Notation::Iccs));
            offered.sort();
            assert_eq!(offered, board.turn_texts(), "{}", board.text());
            for from in TOY.board().spots() {
                for to in TOY.board().spots() {
                    let mut copy = game.boxed();
                    let offer = table.turns_from(from).find(|t| t.to == Some(to));
                    match (copy.play_turn(from, Some(to)), offer) {
                        (Ok(text), Some(offer)) => {
                            assert_eq!(text, offer.text);
                            let after = copy.table(Side::Red);
                            assert_eq!(after.look(from), None);
                            assert_eq!(after.look(to), table.look(from));
                            assert_eq!(after.last, Some((from, Some(to))));
                        }
                        (Err(e), None) => {
                            assert!(matches!(e, TurnError::Refused { .. }), "{e}");
                            assert_eq!(copy.plies(), game.plies());
                            assert_eq!(copy.table(Side::Red), game.table(Side::Red));
                        }
                        (answer, offer) => panic!("{from:?}-{to:?}: {answer:?} but {offer:?}"),
                    }
                }
            }
            let turn = &table.turns[rng.below(table.turns.len())];
            game.play_turn(turn.from, turn.to).unwrap();
            board = board.after(&turn.text).unwrap();
        }
        assert!(board.turn_texts().is_empty() || board.no_soldier());
        assert!(game.table(Side::Red).turns.is_empty());
    }
}

/// The table shows soldiers face up, whose they are, who took what, and the history; a
/// past table shows the game as it stood.
#[test]
fn the_table_shows_the_soldiers_and_the_game_so_far() {
    let mut game = start();
    let table = game.table(Side::Black);
    assert_eq!(table.pieces.len(), 6);
    assert_eq!(
        table.look(Spot::new(0, 0)),
        Some(Look::Up {
            side: Side::Red,
            role: Role::Soldier
        })
    );
    assert_eq!(table.colours, [Some(Side::Red), Some(Side::Black)]);
    for text in ["b1-b2", "a3xb2", "c1-c2", "b2xa1"] {
        game.play_text(text).unwrap();
    }
    let table = game.table(Side::Red);
    assert_eq!(table.history, ["b1-b2", "a3xb2", "c1-c2", "b2xa1"]);
    assert_eq!(table.captured[Side::Black.index()].len(), 2);
    assert!(table.captured[Side::Red.index()].is_empty());
    assert_eq!(table.last, Some((Spot::new(1, 1), Some(Spot::new(0, 0)))));
    let then = game.table_at(Side::Red, 1).unwrap();
    assert_eq!(then.history, ["b1-b2"]);
    assert_eq!(then.turn, Side::Black);
    assert_eq!(then.pieces.len(), 6);
    assert!(game.table_at(Side::Red, 5).is_none());
    assert!(
        game.view_text(Side::Red, Notation::Iccs)
            .ends_with("1pp/2P/p2 r\n")
    );
}

/// Each refusal is typed (`docs/adding-a-variant.md`, section 2): the rules' with the
/// variant's words, unreadable text, the end of the game; setting up and ending the game too.
#[test]
fn refusals_are_typed_and_worded() {
    let mut game = start();
    let refused = |game: &mut Box<dyn PlayedGame>, from: Spot, to: Spot| {
        let plies = game.plies();
        let error = game.play_turn(from, Some(to)).unwrap_err();
        assert_eq!(game.plies(), plies, "a refused turn changes nothing");
        match error {
            TurnError::Refused { reason, detail } => (reason, detail),
            other => panic!("{other:?}"),
        }
    };
    let (a1, a2, a3, b2) = (
        Spot::new(0, 0),
        Spot::new(0, 1),
        Spot::new(0, 2),
        Spot::new(1, 1),
    );
    assert_eq!(
        refused(&mut game, a2, a3),
        (REASONS[0], "there is no piece on a2".into())
    );
    assert_eq!(
        refused(&mut game, a3, a2),
        (REASONS[1], "the soldier on a3 is not yours".into())
    );
    assert_eq!(
        refused(&mut game, a1, a3),
        (REASONS[2], "a1 to a3 is not one square forward".into())
    );
    assert_eq!(
        refused(&mut game, a1, b2),
        (
            REASONS[4],
            "there is no soldier of the other side on b2 to capture".into()
        )
    );
    game.play_text("a1-a2").unwrap();
    game.play_text("b3-b2").unwrap();
    assert_eq!(
        refused(&mut game, a2, a3),
        (
            REASONS[3],
            "a3 is not empty: a soldier steps straight only onto an empty square".into()
        )
    );
    assert!(matches!(
        game.play_text("b1-b2"),
        Err(TurnError::Refused { reason, .. }) if reason == REASONS[3]
    ));
    // Text: what is no turn, and a sign that says the wrong thing.
    for text in ["", "a1", "a1-a4", "d1-d2", "a1a2", "a1–a2", "\u{0}"] {
        assert!(
            matches!(game.play_text(text), Err(TurnError::Unreadable(_))),
            "{text:?}"
        );
    }
    assert_eq!(
        game.play_text("c1-b2").unwrap_err().to_string(),
        "'c1-b2' is a capture: write c1xb2"
    );
    assert!(matches!(
        game.play_turn(a2, None),
        Err(TurnError::Unreadable(_))
    ));
    assert!(matches!(
        game.play_turn(Spot::new(7, 7), Some(a2)),
        Err(TurnError::Unreadable(_))
    ));
    // The end: no further turn, resignation or draw.
    game.play_text("c1xb2").unwrap();
    let over = game.resign(Side::Black).unwrap();
    assert_eq!(
        over,
        Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation
        }
    );
    assert!(matches!(
        game.play_text("c3-c2"),
        Err(TurnError::GameOver(o)) if o == over
    ));
    assert_eq!(game.agree_draw(), Err(EndError::GameOver(over)));
    assert!(game.undo(), "the resignation goes with the turn");
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.agree_draw(),
        Ok(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    // Setting up.
    assert!(matches!(
        TOY.start(Some(Seed(1)), ""),
        Err(SetupError::NoDeal("Soldiers"))
    ));
    assert!(matches!(
        TOY.start(None, "speed=fast"),
        Err(SetupError::Rules(_))
    ));
    for bad in [
        "",
        "ppp/3/PPP",
        "ppp/3/PPP w",
        "ppp/3 r",
        "pppp/2/PPP r",
        "ppp/3/PPx r",
    ] {
        let error = TOY.position(bad, "").err().unwrap();
        assert!(matches!(error, SetupError::Unreadable(_)), "{bad:?}");
        assert!(!error.to_string().contains('\n'));
    }
}

/// The side to move without a soldier, or without a turn, has lost.
#[test]
fn the_side_to_move_without_a_soldier_or_a_turn_loses() {
    let mut game = TOY.position("1p1/P2/3 r", "").unwrap();
    game.play_text("a2xb3").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::NoPiecesLeft
        })
    );
    // Black's soldier on a2 faces Red's on a1, and nothing to take: Black cannot move.
    let game = TOY.position("3/p2/P2 b", "").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Stalemate
        })
    );
    assert_eq!(game.perft(1), 0);
    assert!(game.legal_texts(Notation::Iccs).is_empty());
}

/// A save (the shared envelope) and a record bring the game back through the registry, every
/// turn checked; a bad one is a typed `LoadError`.
#[test]
fn a_save_and_a_record_bring_the_game_back() {
    jieqi_toy::register();
    let mut game = TOY.position("p1p/1p1/P1P b", "").unwrap();
    for text in ["b2-b1", "a1-a2"] {
        game.play_text(text).unwrap();
    }
    game.resign(Side::Black).unwrap();
    let mut settings = jieqi_rules::platform::SaveSettings::new();
    settings.insert("opponent".into(), "human".into());
    let json = game.save_json(settings.clone()).unwrap();
    let (back, kept) = jieqi_variants::load_save(&json).unwrap();
    assert_eq!(back.variant().id(), "toy");
    assert_eq!(kept, settings);
    assert_eq!(back.table(Side::Red), game.table(Side::Red));
    assert_eq!(back.outcome(), game.outcome());

    let record = game.record_text(Side::Red, Notation::Iccs);
    assert!(record.starts_with("[Variant \"Soldiers\"]\n[FEN \"p1p/1p1/P1P b\"]\n"));
    assert!(record.ends_with("1... b2-b1 2. a1-a2 1-0\n"), "{record}");
    let back = TOY.record_game(&record).unwrap();
    assert_eq!(back.table(Side::Red), game.table(Side::Red));
    let replay = jieqi_variants::replay(&record, Notation::Iccs).unwrap();
    assert_eq!(replay.lines(), ["1... b2-b1", "2. a1-a2", "result 1-0"]);
    let replay = jieqi_variants::replay(&json, Notation::Iccs).unwrap();
    assert_eq!(replay.end, "Red wins: Black resigned");

    assert!(matches!(
        TOY.load_save(&json.replace("a1-a2", "a1-a3")),
        Err(LoadError::Save(_))
    ));
    assert!(matches!(
        TOY.record_game("1. a1-a2 b3-b2 2. a2xb3 1-0"),
        Err(LoadError::Record(_))
    ));
    assert!(matches!(
        TOY.record_game("[Variant \"Banqi\"]\n1. a1-a2"),
        Err(LoadError::Record(_))
    ));
}

/// The registry knows the toy once registered, by id, name and text, after the product's own
/// variants, which it leaves as they are.
#[test]
fn the_registry_finds_the_toy_once_registered() {
    jieqi_toy::register();
    jieqi_toy::register();
    assert_eq!(jieqi_variants::find("toy").unwrap().id(), "toy");
    assert_eq!(jieqi_variants::find("SOLDIERS").unwrap().id(), "toy");
    assert_eq!(jieqi_variants::reading("ppp/3/PPP r").id(), "toy");
    assert_eq!(jieqi_variants::dealing().id(), "jieqi");
    assert_eq!(jieqi_variants::default_variant().id(), "xiangqi");
    let ids: Vec<&str> = jieqi_variants::all().map(|v| v.id()).collect();
    assert_eq!(ids, ["xiangqi", "jieqi", "banqi", "toy"]);
    assert!(jieqi_variants::VARIANTS.iter().all(|v| v.id() != "toy"));
    assert_eq!(
        jieqi_variants::register(&TOY),
        Err(jieqi_variants::IdTaken("toy"))
    );
}

/// Its words are in every language, one line each, and every character is in the game's font
/// (the subset is made from the product's sources, which do not include this crate).
#[test]
fn the_words_are_in_every_language_and_in_the_games_font() {
    use skrifa::{FontRef, MetadataProvider};
    let font = FontRef::new(jieqi_game::font::FONT_BYTES).unwrap();
    let charmap = font.charmap();
    let words = TOY.words();
    assert_eq!(words[0], TITLE);
    assert_eq!(words.len(), 1 + REASONS.len());
    for w in words {
        assert_ne!(w.chinese, w.english);
        for text in w.all() {
            assert!(!text.trim().is_empty() && !text.contains('\n'), "{w:?}");
            for c in text.chars() {
                assert!(
                    charmap.map(c).is_some(),
                    "{c:?} of {text:?} is not in the font"
                );
            }
        }
    }
}
