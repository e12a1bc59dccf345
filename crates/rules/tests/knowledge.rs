//! What each receiver may know of a game across a network (spec/online.md §3; rules.md §7, §9,
//! §10): `PlayedGame::knowledge`, the only thing a server sends.

use jieqi_rules::platform::{JIEQI, Knowledge, PlayedGame, Receiver, Variant, XIANGQI};
use jieqi_rules::{Seed, Side};

/// Plays Jieqi from `seed` under `rules`, preferring a capture of a face-down piece, until one
/// has been taken; returns the game and who took it.
fn after_a_face_down_capture(seed: u64, rules: &str) -> Option<(Box<dyn PlayedGame>, Side)> {
    let mut game = JIEQI.start(Some(Seed(seed)), rules).unwrap();
    for _ in 0..120 {
        let before = game.knowledge(Receiver::Spectator).position;
        let moves = game.legal_texts(jieqi_rules::Notation::Iccs);
        let pick = moves
            .iter()
            .find(|m| hidden_square(&before, &m[2..4]))
            .or(moves.first())?
            .clone();
        let mover = game.turn();
        game.play_text(&pick).unwrap();
        let took = game.knowledge(Receiver::Player(mover));
        if took.turns.last().unwrap().captured.is_some() {
            return Some((game, mover));
        }
    }
    None
}

/// Whether the ICCS square `square` holds a face-down piece in the FEN `fen`.
fn hidden_square(fen: &str, square: &str) -> bool {
    let bytes = square.as_bytes();
    let file = usize::from(bytes[0] - b'a');
    let rank = usize::from(bytes[1] - b'0');
    let placement = fen.split_whitespace().next().unwrap();
    let row = placement.split('/').nth(9 - rank).unwrap();
    let mut at = 0;
    for c in row.chars() {
        if let Some(skip) = c.to_digit(10) {
            at += skip as usize;
        } else {
            if at == file {
                return c == 'x' || c == 'X';
            }
            at += 1;
        }
    }
    false
}

fn letters(knowledge: &Knowledge) -> Vec<Option<char>> {
    knowledge.turns.iter().map(|t| t.captured).collect()
}

#[test]
fn a_face_down_capture_is_told_to_its_capturer_only_by_default() {
    let (game, capturer) = after_a_face_down_capture(7, "").expect("a capture in 120 plies");
    let mine = game.knowledge(Receiver::Player(capturer));
    let theirs = game.knowledge(Receiver::Player(capturer.other()));
    let watching = game.knowledge(Receiver::Spectator);
    assert!(mine.turns.last().unwrap().captured.is_some());
    assert_eq!(theirs.turns.last().unwrap().captured, None);
    assert_eq!(watching.turns.last().unwrap().captured, None);
    // The texts are public: the same for all three.
    let texts = |k: &Knowledge| k.turns.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&mine), texts(&theirs));
    assert_eq!(texts(&mine), texts(&watching));
    // The spectator knows what both players know: the loser of the piece's view less nothing.
    assert_ne!(mine.position, theirs.position);
}

#[test]
fn captured_both_tells_both_players_and_spectators() {
    let (game, capturer) =
        after_a_face_down_capture(7, "captured=both").expect("a capture in 120 plies");
    let all = [
        game.knowledge(Receiver::Player(capturer)),
        game.knowledge(Receiver::Player(capturer.other())),
        game.knowledge(Receiver::Spectator),
    ];
    assert!(all[0].turns.last().unwrap().captured.is_some());
    assert_eq!(letters(&all[0]), letters(&all[1]));
    assert_eq!(letters(&all[0]), letters(&all[2]));
}

#[test]
fn captured_nobody_tells_no_one_until_the_end() {
    let mut game = JIEQI.start(Some(Seed(7)), "captured=nobody").unwrap();
    let mut took_face_down = false;
    for _ in 0..120 {
        let before = game.knowledge(Receiver::Spectator).position;
        let moves = game.legal_texts(jieqi_rules::Notation::Iccs);
        let Some(pick) = moves
            .iter()
            .find(|m| hidden_square(&before, &m[2..4]))
            .or(moves.first())
            .cloned()
        else {
            break;
        };
        took_face_down |= hidden_square(&before, &pick[2..4]);
        game.play_text(&pick).unwrap();
        for receiver in [
            Receiver::Player(Side::Red),
            Receiver::Player(Side::Black),
            Receiver::Spectator,
        ] {
            assert!(
                letters(&game.knowledge(receiver))
                    .iter()
                    .all(Option::is_none)
            );
        }
        if took_face_down {
            break;
        }
    }
    assert!(took_face_down);
    // Once over, everyone knows everything.
    game.resign(Side::Red).unwrap();
    let end = game.knowledge(Receiver::Spectator);
    assert!(letters(&end).iter().any(Option::is_some));
    assert!(end.position.contains("X") || end.position.contains("x"));
    assert_eq!(end, game.knowledge(Receiver::Player(Side::Black)));
}

#[test]
fn once_over_everyone_gets_the_full_knowledge_position() {
    let mut game = JIEQI.start(Some(Seed(3)), "").unwrap();
    game.play_text("a3a4").unwrap();
    let red = game.knowledge(Receiver::Player(Side::Red));
    // A reveal is public, written with its letter.
    assert_eq!(red.turns[0].text.len(), 5);
    // The full FEN writes an identity after every face-down piece; a player's does not.
    assert!(!red.position.contains("XR") && !red.position.contains("XN"));
    game.resign(Side::Black).unwrap();
    let full = JIEQI
        .position(&game.knowledge(Receiver::Spectator).position, "")
        .expect("the full-knowledge FEN reads back as a dealt game");
    assert_eq!(full.plies(), 0);
}

#[test]
fn xiangqi_knowledge_is_the_same_for_everyone() {
    let mut game = XIANGQI.start(None, "").unwrap();
    game.play_text("h2e2").unwrap();
    let red = game.knowledge(Receiver::Player(Side::Red));
    assert_eq!(red, game.knowledge(Receiver::Spectator));
    assert_eq!(red.turns[0].text, "h2e2");
}

/// A Jieqi game told from what a spectator saw (the public start, then each move with its
/// reveal's letter) is the dealt game as the spectator knows it: the same public position and
/// moves — what a watching client or a game entered from another site builds on.
#[test]
fn a_told_jieqi_game_is_the_dealt_one_as_a_spectator_knows_it() {
    let mut dealt = JIEQI.start(Some(Seed(11)), "").unwrap();
    for _ in 0..30 {
        let Some(turn) = dealt
            .legal_texts(jieqi_rules::Notation::Iccs)
            .last()
            .cloned()
        else {
            break;
        };
        dealt.play_text(&turn).unwrap();
    }
    let seen = dealt.knowledge(Receiver::Spectator);
    let turns: Vec<&str> = seen.turns.iter().map(|t| t.text.as_str()).collect();
    let told = JIEQI.told_game(None, &turns, "").unwrap();
    let again = told.knowledge(Receiver::Spectator);
    assert_eq!(again.position, seen.position);
    assert_eq!(again.turns, seen.turns);
    assert_eq!(
        told.legal_texts(jieqi_rules::Notation::Iccs),
        dealt.legal_texts(jieqi_rules::Notation::Iccs)
    );
    // A move of a face-down piece that does not say what it turned up cannot be told.
    let Err(untold) = JIEQI.told_game(None, &["a3a4"], "") else {
        panic!("a face-down move without its reveal is refused")
    };
    let untold = untold.to_string();
    assert!(untold.contains("turn 1 'a3a4'"), "{untold}");
}

#[test]
fn a_told_xiangqi_game_starts_from_its_start_or_a_fen() {
    let told = XIANGQI.told_game(None, &["h2e2", "h9g7"], "").unwrap();
    assert_eq!(told.plies(), 2);
    let fen = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
    assert_eq!(XIANGQI.told_game(Some(fen), &[], "").unwrap().plies(), 0);
    assert!(XIANGQI.told_game(None, &["a0a5"], "").is_err());
    let hidden = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";
    assert!(XIANGQI.told_game(Some(hidden), &[], "").is_err());
}

/// A player's client builds the game from the turns as it knows them (`play_known`): with the
/// identity of each face-down piece it took, it is the dealt game as that player knows it —
/// the same viewer-relative position (pool and what was learned), for the capturer and the
/// other player, under each rule for captured pieces.
#[test]
fn a_told_jieqi_game_with_known_captures_is_the_dealt_one_as_each_player_knows_it() {
    let (played, capturer) = after_a_face_down_capture(7, "").expect("a capture");
    let seen = played.knowledge(Receiver::Spectator);
    for rules in ["", "captured=both", "captured=nobody"] {
        // The same deal and turns under each rule.
        let mut dealt = JIEQI.start(Some(Seed(7)), rules).unwrap();
        for turn in &seen.turns {
            dealt.play_text(&turn.text).unwrap();
        }
        for receiver in [
            Receiver::Player(capturer),
            Receiver::Player(capturer.other()),
            Receiver::Spectator,
        ] {
            let known = dealt.knowledge(receiver);
            let mut told = JIEQI.told_game(None, &[], rules).unwrap();
            for turn in &known.turns {
                told.play_known(turn).unwrap();
            }
            let again = told.knowledge(receiver);
            assert_eq!(again.position, known.position, "{rules} {receiver:?}");
            assert_eq!(again.turns, known.turns, "{rules} {receiver:?}");
            // Taken back, the capture's identity is unseen again.
            let mut undone = told.boxed();
            assert!(undone.undo());
            let mut before = JIEQI.told_game(None, &[], rules).unwrap();
            for turn in &known.turns[..known.turns.len() - 1] {
                before.play_known(turn).unwrap();
            }
            assert_eq!(
                undone.knowledge(receiver).position,
                before.knowledge(receiver).position
            );
        }
    }
}

/// A told capture that cannot be so is refused, and the game is as it was.
#[test]
fn a_told_capture_is_checked() {
    let (dealt, capturer) = after_a_face_down_capture(7, "").expect("a capture");
    let known = dealt.knowledge(Receiver::Player(capturer));
    let (last, earlier) = known.turns.split_last().unwrap();
    let mut told = JIEQI.told_game(None, &[], "").unwrap();
    for turn in earlier {
        told.play_known(turn).unwrap();
    }
    let wrong_side = last.captured.map(|c| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    });
    for captured in [Some('k'), Some('z'), wrong_side] {
        let turn = jieqi_rules::platform::KnownTurn {
            text: last.text.clone(),
            captured,
        };
        let refused = told.play_known(&turn).unwrap_err().to_string();
        assert!(refused.contains("face-down"), "{refused}");
        assert_eq!(told.plies(), earlier.len());
    }
    // A capture told for the first move, which takes nothing.
    let mut fresh = JIEQI.told_game(None, &[], "").unwrap();
    let first = jieqi_rules::platform::KnownTurn {
        text: known.turns[0].text.clone(),
        captured: Some('R'),
    };
    assert!(fresh.play_known(&first).is_err());
    assert_eq!(fresh.plies(), 0);
}

/// Game 1 of a duplicate match ends sealed (docs/protocol.md): each receiver keeps what it
/// knew while the game ran — the capturer its capture, the other player and a spectator not,
/// no full-knowledge position — while the open end shows everything.
#[test]
fn a_sealed_end_shows_each_receiver_only_what_it_knew_in_play() {
    let (mut game, capturer) = after_a_face_down_capture(7, "").expect("a capture in 120 plies");
    let receivers = [
        Receiver::Player(capturer),
        Receiver::Player(capturer.other()),
        Receiver::Spectator,
    ];
    let in_play = receivers.map(|r| game.knowledge(r));
    for (r, known) in receivers.iter().zip(&in_play) {
        assert_eq!(&game.sealed_knowledge(*r), known, "{r:?} in play");
    }
    game.resign(capturer.other()).unwrap();
    for (r, known) in receivers.iter().zip(&in_play) {
        assert_eq!(&game.sealed_knowledge(*r), known, "{r:?} after the end");
    }
    assert_ne!(game.knowledge(Receiver::Spectator), in_play[2]);
    let opened = game.knowledge(Receiver::Player(capturer.other()));
    assert!(opened.turns.last().unwrap().captured.is_some());
    let sealed = game.sealed_knowledge(Receiver::Player(capturer.other()));
    assert_eq!(sealed.turns.last().unwrap().captured, None);
    assert_ne!(sealed.position, opened.position);
}
