//! Games from records (rules.md §9): the one loader every front end uses, and the impossible
//! records it refuses with the first real problem named (issue 23).

use jieqi_rules::{
    AnyGame, Jieqi, Move, Notation, Outcome, PlayerView, PoolError, Record, RecordError,
    RecordResult, ReplayError, Seed, Setup, Side, Variant, ViewTextError, WinReason, Xiangqi,
};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

/// The record a player exports: the viewer's moves with their reveals; the seed only once
/// the game is over.
fn record_of(game: &AnyGame) -> Record {
    let view = game.view(Side::Red);
    let mut record = Record::new(&view.start);
    record.moves = view
        .moves
        .iter()
        .map(|m| jieqi_rules::ParsedMove {
            mv: m.mv,
            revealed: m.revealed,
        })
        .collect();
    record.result = RecordResult::of(game.outcome());
    record
}

fn seeded(seed: u64, moves: &[&str]) -> (AnyGame, Record) {
    let mut game: AnyGame = Jieqi::from_seed(Seed(seed)).into();
    for m in moves {
        game.play(mv(m)).unwrap();
    }
    let mut record = record_of(&game);
    record.set_tag("Seed", &Seed(seed).to_string());
    (game, record)
}

fn reread(record: &Record) -> Record {
    Record::parse(&record.write(Notation::Wxf)).unwrap()
}

#[test]
fn a_seeded_jieqi_record_deals_its_game_again_rules_8_9() {
    let (game, record) = seeded(7, &["b2b9", "h9g7", "h2e2"]);
    assert_eq!(reread(&record).game().unwrap(), game);
}

#[test]
fn a_reveal_the_deal_does_not_make_is_refused_rules_7() {
    let (game, record) = seeded(7, &["b0c2"]);
    let dealt = game.view(Side::Red).moves[0].revealed.unwrap();
    let other = jieqi_rules::Role::ALL
        .into_iter()
        .find(|&r| r != dealt && r != jieqi_rules::Role::General)
        .unwrap();
    let text = reread(&record).write(Notation::Iccs).replace(
        &format!("b0c2{}", dealt.fen_char().to_ascii_uppercase()),
        &format!("b0c2{}", other.fen_char().to_ascii_uppercase()),
    );
    let forged = Record::parse(&text).unwrap();
    assert_eq!(
        forged.game(),
        Err(ReplayError::WrongReveal {
            number: 1,
            side: Side::Red
        })
    );
}

#[test]
fn a_jieqi_record_without_its_seed_replays_as_the_players_saw_it_rules_7_9() {
    let (game, mut record) = seeded(7, &["b2b9", "h9g7", "h2e2", "c6c5"]);
    record.tags.retain(|(name, _)| name != "Seed");
    let record = reread(&record);
    assert_eq!(record.game(), Err(ReplayError::NoSeed));
    let seen = record.replay_seen().unwrap();
    let view = game.view(seen.viewer);
    assert_eq!(seen.position, view.position);
    assert_eq!(seen.moves.len(), 4);
}

#[test]
fn a_record_that_reveals_more_pieces_of_a_kind_than_a_side_has_is_refused_rules_7() {
    // Red reveals a chariot on each of three hidden pieces: a side has two.
    let text = "[Variant \"Jieqi\"]\n1. a0a1R a9a8r 2. i0i1R i9i8r 3. b2b3R";
    let record = Record::parse(text).unwrap();
    match record.replay_seen() {
        Err(ReplayError::Seen(ViewTextError::NotInPool { ply: 5, .. })) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn nothing_follows_the_move_limit_rules_5() {
    // Horses out and back, for ever: 404 plies of a game that ends at 400.
    let cycle = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(404).collect();
    let text = moves.join(" ");
    // Repetition ends the game long before: the record stops being playable there.
    let err = Record::parse(&text)
        .map(|r| r.game())
        .expect_err("the record must be refused");
    assert!(
        matches!(err, RecordError::TooManyMoves { limit: 400 }),
        "{err}"
    );
    // Millions of moves are refused at once, not read.
    let huge = "h2e2 e2h2 ".repeat(1_000_000);
    assert_eq!(
        Record::parse(&huge).map(|_| ()),
        Err(RecordError::TooManyMoves { limit: 400 })
    );
}

#[test]
fn a_game_that_ended_takes_no_more_moves_rules_6() {
    // Red checks with every move of the cycle: at the third occurrence Red has lost
    // (perpetual check); the record's syntax alone would take the next move.
    let checks = "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8";
    let text = format!("[FEN \"3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1\"]\n{checks}");
    match Record::parse(&text).unwrap().game() {
        Err(ReplayError::Move {
            number: 5,
            side: Side::Black,
            source,
        }) => assert!(source.to_string().contains("over"), "{source}"),
        other => panic!("{other:?}"),
    }
    // Jieqi without its seed: the third occurrence ends the game as well.
    let shuffle = "d0d1 e9e8 d1d0 e8e9 d0d1 e9e8 d1d0 e8e9 d0d1";
    let text =
        format!("[Variant \"Jieqi\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w R1 0 1\"]\n{shuffle}");
    match Record::parse(&text).unwrap().replay_seen() {
        Err(ReplayError::Seen(ViewTextError::Refused { ply: 9, .. })) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_result_tag_must_say_what_the_moves_say_rules_9() {
    let start = Setup::parse_fen("4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1").unwrap();
    let mut game: AnyGame = Xiangqi::from_setup(&start).unwrap().into();
    game.play(mv("d5e7")).unwrap(); // mate
    let mut record = record_of(&game);
    assert_eq!(reread(&record).game().unwrap(), game);
    record.result = RecordResult::BlackWon;
    let err = reread(&record).game().unwrap_err();
    assert!(
        matches!(
            err,
            ReplayError::ResultMismatch {
                result: RecordResult::BlackWon,
                outcome: Outcome::Win {
                    winner: Side::Red,
                    ..
                }
            }
        ),
        "{err}"
    );
    // An ending the moves do not reach is taken from the tag.
    let mut running: AnyGame = Xiangqi::default().into();
    running.play(mv("h2e2")).unwrap();
    let mut record = record_of(&running);
    record.result = RecordResult::RedWon;
    let resigned = reread(&record).game().unwrap();
    assert_eq!(
        resigned.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation
        })
    );
}

#[test]
fn an_impossible_pool_is_refused_rules_9() {
    // 30 face-down pieces and an empty pool; 15 red face-down pieces and a pool of one.
    let all_hidden = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w";
    for (pool, side) in [("- r1", Side::Red), ("R1r2a2c2p5n2b2", Side::Red)] {
        let fen = format!("{all_hidden} {pool} 0 1");
        let setup = Setup::parse_fen(&fen);
        let err = match setup {
            Ok(setup) => setup.check_pool().unwrap_err(),
            Err(e) => panic!("{fen}: {e}"),
        };
        assert!(
            matches!(err, PoolError::HiddenBeyondPool { side: s, .. } if s == side),
            "{fen}: {err}"
        );
        assert!(matches!(
            PlayerView::from_text(&fen, &[]),
            Err(ViewTextError::Pool(_))
        ));
    }
    // Two face-up red chariots and one more in the pool.
    let fen = "4k4/9/9/9/9/9/9/9/9/RR2K4 w R1 0 1";
    assert!(matches!(
        Setup::parse_fen(fen).unwrap().check_pool(),
        Err(PoolError::TooMany {
            side: Side::Red,
            ..
        })
    ));
    // The open engines' start is fine.
    let start = format!("{all_hidden} R2A2C2P5N2B2r2a2c2p5n2b2 0 1");
    assert!(PlayerView::from_text(&start, &[]).is_ok());
}

#[test]
fn errors_quote_hostile_text_in_one_short_line_rules_9() {
    let cases = [
        format!("1. {}", "h".repeat(5_000_000)),
        format!("1. C2=5 R1+1({}", "=".repeat(2_000_000)),
        format!("[Variant \"{}\"]", "v".repeat(1_000_000)),
        format!("1. C2=5 1-0 {}", "x\n".repeat(1_000_000)),
    ];
    for text in cases {
        let err = Record::parse(&text).unwrap_err().to_string();
        assert!(!err.contains('\n'), "{err}");
        assert!(
            err.chars().count() < 300,
            "{} chars: {}",
            err.len(),
            &err[..200]
        );
    }
}
