//! What a screen draws of every registered variant (architecture.md, "Variants are
//! plug-ins"): the board each describes, and a player's table, which shows only what that
//! player may know (rules.md §7, §11) and offers exactly the legal turns.

use jieqi_rules::platform::{Look, PlayedGame, Spot, Table};
use jieqi_rules::{Notation, Seed, Side};
use jieqi_variants::VARIANTS;

fn start(id: &str) -> Box<dyn PlayedGame> {
    let v = jieqi_variants::find(id).unwrap();
    let seed = v.deals().then_some(Seed(7));
    v.start(seed, "").unwrap()
}

/// Plays `plies` turns, each the first the table offers.
fn advance(game: &mut Box<dyn PlayedGame>, plies: usize) {
    for _ in 0..plies {
        let table = game.table(game.turn());
        let Some(turn) = table.turns.first() else {
            return;
        };
        game.play_text(&turn.text).unwrap();
    }
}

#[test]
fn every_table_offers_exactly_the_legal_turns_on_its_board() {
    for v in VARIANTS {
        let mut game = start(v.id());
        for _ in 0..12 {
            let table = game.table(game.turn());
            let board = v.board();
            for (spot, _) in &table.pieces {
                assert!(board.contains(*spot), "{}: {spot:?}", v.id());
            }
            let mut offered: Vec<String> = table.turns.iter().map(|t| t.text.clone()).collect();
            let mut legal = game.legal_texts(Notation::Iccs);
            offered.sort();
            legal.sort();
            assert_eq!(offered, legal, "{}", v.id());
            for turn in &table.turns {
                assert!(table.look(turn.from).is_some(), "{}: {turn:?}", v.id());
                let mut tried = game.boxed();
                tried.play_text(&turn.text).unwrap();
            }
            advance(&mut game, 1);
            let after = game.table(game.turn());
            assert_eq!(after.history.len(), table.history.len() + 1, "{}", v.id());
            assert!(after.last.is_some(), "{}", v.id());
        }
    }
}

#[test]
fn boards_are_as_their_variants_describe_them_rules_1_and_11() {
    let xiangqi = jieqi_variants::find("xiangqi").unwrap().board();
    assert_eq!(
        (xiangqi.columns, xiangqi.rows, xiangqi.river),
        (9, 10, Some(5))
    );
    assert_eq!(xiangqi.palaces.len(), 2);
    assert_eq!(xiangqi.name(Spot::new(4, 0)), "e0");
    let banqi = jieqi_variants::find("banqi").unwrap().board();
    assert_eq!((banqi.columns, banqi.rows, banqi.river), (8, 4, None));
    assert!(banqi.palaces.is_empty() && banqi.marks.is_empty());
    assert_eq!(banqi.name(Spot::new(7, 3)), "h4");
    assert_eq!(banqi.spots().count(), 32);
}

fn face_down(table: &Table) -> Vec<(Spot, Look)> {
    table
        .pieces
        .iter()
        .copied()
        .filter(|(_, look)| matches!(look, Look::Down { .. }))
        .collect()
}

/// Two deals that differ only in what lies face down give every player the same table.
#[test]
fn a_table_never_shows_what_its_player_does_not_know_rules_7_and_11() {
    // Jieqi: the chariots' and horses' identities swapped between a0/b0 and i0/h0.
    let jieqi = jieqi_variants::find("jieqi").unwrap();
    let fen = "xaxbxaxpkxnxrxnxr/9/1xp5xp1/xp1xp1xb1xc1xc/9/9/XC1XN1XP1XA1XR/1XP5XP1/9/XRXNXBXCKXAXBXPXP w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";
    let swapped = fen.replacen("XC1XN1XP1XA1XR", "XR1XN1XP1XA1XC", 1);
    let banqi = jieqi_variants::find("banqi").unwrap();
    let deal = "?P?C?N?c?b?p?A?C/?B?r?A?B?p?n?r?p/?a?R?R?P?n?p?b?c/?k?P?p?N?K?P?P?a f - 0 1";
    let other = deal.replacen("?P?C?N?c", "?c?N?C?P", 1);
    for (v, a, b) in [
        (jieqi, fen.to_string(), swapped),
        (banqi, deal.to_string(), other),
    ] {
        let a = v.position(&a, "").unwrap();
        let b = v.position(&b, "").unwrap();
        for viewer in Side::ALL {
            let (ta, tb) = (a.table(viewer), b.table(viewer));
            assert_eq!(ta, tb, "{} {viewer}", v.id());
            assert!(!face_down(&ta).is_empty());
        }
    }
    // Banqi's backs name no colour, Jieqi's name the colour and the piece they move as.
    let table = start("banqi").table(Side::Red);
    assert!(face_down(&table).iter().all(|(_, look)| *look
        == Look::Down {
            side: None,
            moves_as: None
        }));
    let table = start("jieqi").table(Side::Red);
    assert!(face_down(&table).iter().all(|(_, look)| matches!(
        look,
        Look::Down {
            side: Some(_),
            moves_as: Some(_)
        }
    )));
}

/// What the game's session needs of any variant: saves that load back as the same game,
/// take-backs, an earlier table for analysis, resigning.
#[test]
fn every_variant_saves_takes_back_and_shows_earlier_tables() {
    for v in VARIANTS {
        let mut game = start(v.id());
        let first = game.table(Side::Red);
        advance(&mut game, 6);
        assert_eq!(game.plies(), 6, "{}", v.id());
        let json = game.save_json(Default::default()).unwrap();
        let (loaded, _) = v.load_save(&json).unwrap();
        for viewer in Side::ALL {
            assert_eq!(loaded.table(viewer), game.table(viewer), "{}", v.id());
        }
        assert_eq!(
            game.table_at(Side::Red, 0),
            Some(first.clone()),
            "{}",
            v.id()
        );
        assert_eq!(game.table_at(Side::Red, 7), None, "{}", v.id());
        assert_eq!(
            game.table_at(Side::Black, 6),
            Some(game.table(Side::Black)),
            "{}",
            v.id()
        );
        assert!(game.undo(), "{}", v.id());
        assert_eq!(game.plies(), 5, "{}", v.id());
        let mover = game.turn();
        game.resign(mover).unwrap();
        assert!(game.outcome().is_some(), "{}", v.id());
        assert!(game.resign(mover).is_err(), "{}", v.id());
        // The record keeps the seed once the game is over.
        let record = game.record_text(Side::Red, Notation::Iccs);
        assert_eq!(record.contains("[Seed"), v.deals(), "{}: {record}", v.id());
        assert!(game.undo(), "{}", v.id());
        assert!(game.outcome().is_none(), "{}", v.id());
    }
}
