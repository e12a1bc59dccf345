//! Games from records (rules.md §9): the one loader every front end uses, and the impossible
//! records it refuses with the first real problem named (issue 23).

use jieqi_rules::{
    AnyGame, DrawReason, FamilyGame, Jieqi, MateKind, Move, Notation, Notice, Outcome, PlayerView,
    PoolError, Record, RecordEnd, RecordError, RecordResult, ReplayError, Seed, Setup, Side,
    ViewTextError, WinReason, Xiangqi,
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

/// A record from `fen` with `moves` (ICCS, one string) and a `Result` tag.
fn record(fen: &str, moves: &str, result: &str) -> Record {
    Record::parse(&format!(
        "[FEN \"{fen}\"]\n[Result \"{result}\"]\n\n{moves}"
    ))
    .unwrap()
}

const HORSE_CANNON: &str = "4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1";
/// Red's chariot checks from i9 and i8 in turn; Black's general steps between e9 and e8.
const RED_CHECKS: &str = "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1";
const RED_CHECKS_MOVES: &str = "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9";

#[test]
fn a_mated_record_is_judged_with_the_kind_of_mate_rules_5() {
    let red_wins = |reason| Outcome::Win {
        winner: Side::Red,
        reason,
    };
    for result in ["1-0", "*"] {
        let (game, judgement) = record(HORSE_CANNON, "d5e7", result).judge().unwrap();
        let mate = red_wins(WinReason::Checkmate(MateKind::HorseCannon));
        assert_eq!(judgement.end, RecordEnd::Rules(mate), "{result}");
        assert_eq!(game.outcome(), Some(mate));
        assert!(judgement.notices.is_empty());
        assert_eq!(
            judgement.end.to_string(),
            "result 1-0: Red wins: checkmate (horse–cannon mate)"
        );
    }
    // No legal move without check: stalemate, and it loses (rules.md §5).
    let (_, judgement) = record("4k4/N8/9/9/5R3/9/9/9/9/3K5 w - - 0 1", "a8c7", "1-0")
        .judge()
        .unwrap();
    assert_eq!(
        judgement.end,
        RecordEnd::Rules(red_wins(WinReason::Stalemate))
    );
    assert_eq!(
        judgement.end.to_string(),
        "result 1-0: Red wins: stalemate (Black has no legal move)"
    );
}

#[test]
fn a_perpetual_check_record_is_judged_with_its_warning_at_its_ply_rules_6() {
    let (game, judgement) = record(RED_CHECKS, RED_CHECKS_MOVES, "0-1").judge().unwrap();
    // The warning comes when the start stands on the board for the second time (after the
    // fourth ply) and is not repeated while it holds; the third time Red has lost.
    assert_eq!(
        judgement.notices,
        [(4, Notice::PerpetualCheckWarning { side: Side::Red })]
    );
    let lost = Outcome::Win {
        winner: Side::Black,
        reason: WinReason::PerpetualCheck,
    };
    assert_eq!(judgement.end, RecordEnd::Rules(lost));
    assert_eq!(game.outcome(), Some(lost));
    assert_eq!(
        judgement.end.to_string(),
        "result 0-1: Black wins: Red gave perpetual check"
    );
    // Before the end, the warning is all there is.
    let four = RED_CHECKS_MOVES
        .split(' ')
        .take(6)
        .collect::<Vec<_>>()
        .join(" ");
    let (_, judgement) = record(RED_CHECKS, &four, "*").judge().unwrap();
    assert_eq!(judgement.notices.len(), 1);
    assert_eq!(judgement.end, RecordEnd::Running { to_move: Side::Red });
}

#[test]
fn the_no_capture_hint_comes_once_at_its_ply_rules_6() {
    // Xiangqi: 60 moves by each side without a capture bring a hint, never the end.
    let cycle = ["a0a1", "e9e8", "a1a0", "e8e9"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(124).collect();
    let (_, judgement) = record("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", &moves.join(" "), "*")
        .judge()
        .unwrap();
    let hints: Vec<_> = judgement
        .notices
        .iter()
        .filter(|(_, n)| *n == Notice::NoCaptureHint)
        .collect();
    assert_eq!(hints, [&(120, Notice::NoCaptureHint)]);
    // Nobody checks: the repetitions only hint at a draw by agreement, from the third time.
    assert!(
        judgement
            .notices
            .iter()
            .all(|(ply, n)| *ply >= 8
                && matches!(n, Notice::NoCaptureHint | Notice::RepetitionDrawHint)),
        "{:?}",
        judgement.notices
    );
    assert_eq!(judgement.end, RecordEnd::Running { to_move: Side::Red });
}

#[test]
fn jieqi_ends_at_the_third_occurrence_and_at_the_no_capture_limit_rules_6() {
    let jieqi = |fen: &str, moves: &str, result: &str| {
        Record::parse(&format!(
            "[Variant \"Jieqi\"]\n[FEN \"{fen}\"]\n[Result \"{result}\"]\n{moves}"
        ))
        .unwrap()
    };
    let shuffle = "d0d1 e9e8 d1d0 e8e9 d0d1 e9e8 d1d0 e8e9";
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w R1 0 1";
    let repetition = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    for result in ["1/2-1/2", "*"] {
        let (view, judgement) = jieqi(fen, shuffle, result).judge_seen().unwrap();
        assert_eq!(judgement.end, RecordEnd::Rules(repetition), "{result}");
        assert_eq!(view.outcome, Some(repetition));
    }
    for result in ["1-0", "0-1"] {
        assert!(
            matches!(
                jieqi(fen, shuffle, result).judge_seen(),
                Err(ReplayError::ResultMismatch { outcome, .. }) if outcome == repetition
            ),
            "{result}"
        );
    }
    // 120 plies without a capture draw: two more from a FEN that counts 118.
    let (_, judgement) = jieqi("4k4/9/9/9/9/9/9/9/9/3K5 w R1 118 1", "d0d1 e9e8", "*")
        .judge_seen()
        .unwrap();
    assert_eq!(
        judgement.end,
        RecordEnd::Rules(Outcome::Draw {
            reason: DrawReason::NoCapture
        })
    );
}

#[test]
fn a_result_tag_the_rules_contradict_is_refused_rules_5_9() {
    let mismatch = |fen: &str, moves: &str, result: &str| {
        let err = record(fen, moves, result).judge().unwrap_err();
        assert!(
            matches!(err, ReplayError::ResultMismatch { .. }),
            "{result}: {err}"
        );
        err.to_string()
    };
    // Red mates: a Black win or a draw is refused.
    assert_eq!(
        mismatch(HORSE_CANNON, "d5e7", "0-1"),
        "the Result tag says 0-1, but the game ended: Red wins: checkmate (horse–cannon mate)"
    );
    mismatch(HORSE_CANNON, "d5e7", "1/2-1/2");
    // Red lost by perpetual check: Red's win or a draw is refused.
    mismatch(RED_CHECKS, RED_CHECKS_MOVES, "1-0");
    mismatch(RED_CHECKS, RED_CHECKS_MOVES, "1/2-1/2");
    // A move after the end is refused too, whatever the tag.
    let more = format!("{RED_CHECKS_MOVES} i8i9");
    let err = record(RED_CHECKS, &more, "*").judge().unwrap_err();
    assert!(
        matches!(
            err,
            ReplayError::Move {
                number: 5,
                side: Side::Red,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("the game is over"), "{err}");
}

#[test]
fn a_result_the_rules_did_not_reach_is_taken_from_the_tag_rules_5_9() {
    let moves = "h2e2 h9g7 h0g2";
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let end = |result: &str| {
        let (game, judgement) = record(start, moves, result).judge().unwrap();
        assert_eq!(game.outcome(), judgement.end.outcome(), "{result}");
        assert_eq!(judgement.end.result().as_str(), result);
        judgement.end
    };
    assert_eq!(
        end("1-0"),
        RecordEnd::Tag(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(
        end("1-0").to_string(),
        "result 1-0: Red wins; the rules did not end the game (Black resigned or lost on time)"
    );
    assert_eq!(
        end("0-1").to_string(),
        "result 0-1: Black wins; the rules did not end the game (Red resigned or lost on time)"
    );
    assert_eq!(
        end("1/2-1/2"),
        RecordEnd::Tag(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    assert_eq!(
        end("*"),
        RecordEnd::Running {
            to_move: Side::Black
        }
    );
    assert_eq!(
        end("*").to_string(),
        "result *: game in progress, Black to move"
    );
}

/// rules.md §6, §9: a Black-first game is numbered `1...`, and the warning stands right
/// after the ply that brought it, the move pair split there.
#[cfg(feature = "serde")]
#[test]
fn a_replay_numbers_black_first_and_places_each_notice_at_its_ply_rules_6_9() {
    use jieqi_rules::platform::{Variant, XIANGQI};
    // Black's chariot checks from a0 and a1 in turn; Red's general steps between e0 and e1.
    let text = "[FEN \"3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1\"]\n\
                a1a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1 e1e0 1-0";
    let replay = XIANGQI.replay(text, Notation::Wxf).unwrap();
    assert_eq!(
        replay.lines(),
        [
            "1... R1+1",
            "2. K5+1 R1-1",
            "3. K5-1",
            "notice: Black is giving perpetual check: one more perpetual check loses",
            "3... R1+1",
            "4. K5+1 R1-1",
            "5. K5-1",
            "result 1-0: Red wins: Black gave perpetual check",
        ]
    );
    // The record's own writer numbers the same way.
    let written = Record::parse(text).unwrap().write(Notation::Wxf);
    assert!(
        written.ends_with("\n1... R1+1 2. K5+1 R1-1 3. K5-1 R1+1 4. K5+1 R1-1 5. K5-1 1-0\n"),
        "{written}"
    );
    // A FEN's move number is kept.
    let later = XIANGQI
        .replay(
            "[FEN \"3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 12\"]\na1a0 e0e1 a0a1",
            Notation::Iccs,
        )
        .unwrap();
    assert_eq!(
        later.lines(),
        [
            "12... a1a0",
            "13. e0e1 a0a1",
            "result *: game in progress, Red to move"
        ]
    );
}

#[test]
fn bad_records_name_their_first_problem_in_one_line_rules_9() {
    // Garbage, and an illegal move, each refused with one short line.
    for (text, expected) in [
        ("[Event \"x\"\nC2=5", "a tag must be written"),
        ("1. C2=5 H8+7 2. C5+3", "move 2 for Red: 'C5+3'"),
        ("1. K5+2", "move 1 for Red"),
        ("1. ?!?? zz", "'zz' is not a move"),
    ] {
        let err = Record::parse(text)
            .map_err(ReplayError::from)
            .and_then(|r| r.judge())
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
}
