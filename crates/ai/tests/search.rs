//! The engine against positions whose answers are known independently of it: mates proved by
//! exhaustive search, legal moves from the rules crate, and clocks.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::{
    Rng, colour_flipped, move_wins_within, pos, shortest_win, stopped_after_300_ms, transformed,
};
use jieqi_ai::{
    Engine, HiddenValues, Info, Level, Limits, Score, evaluate, evaluate_with, search,
    search_with_info,
};
use jieqi_rules::{Family, FamilyGame, Jieqi, Move, MoveRules, Position, Seed, Square};

fn assert_pv_legal(p: &Position, pv: &[Move]) {
    let mut cur = p.clone();
    for &m in pv {
        assert!(
            cur.legal_moves().contains(m),
            "pv move {m} illegal in {}",
            cur.to_fen()
        );
        cur.play_unchecked(m);
    }
}

/// Checks that the engine finds the mate in `n` (and plays a move that keeps it), for the
/// position and its colour-flipped twin (so both sides are tested).
fn solves(fen: &str, n: u32) {
    let stop = AtomicBool::new(false);
    let original = pos(fen);
    for p in [original.clone(), colour_flipped(&original)] {
        assert_eq!(
            shortest_win(&p, n),
            Some(n),
            "{} is a mate in {n}",
            p.to_fen()
        );
        // Pruning and reductions may hide the shortest mate for a few iterations past its
        // length; the search goes on to twice its plies (search/mod.rs).
        let r = search(&p, &[], &Limits::depth(2 * n + 5), &stop, 0);
        let best = r.best.expect("a move");
        assert_eq!(r.score, Score::Mate(n as i32), "{}: {r:?}", p.to_fen());
        assert!(
            move_wins_within(&p, best, n),
            "{}: {best} does not mate in {n}",
            p.to_fen()
        );
        assert_pv_legal(&p, &r.pv);
    }
}

#[test]
fn mate_in_one_two_chariots() {
    // Ra1-a9: the chariot on rank 8 shuts the general in.
    solves("4k4/8R/9/9/9/9/9/9/R8/3K5 w - - 0 1", 1);
}

#[test]
fn mate_in_two_chariot_ladder() {
    // Ra1-a8, then Rb2-b9.
    solves("4k4/9/9/9/9/9/9/1R7/9/R2K5 w - - 0 1", 2);
}

#[test]
fn mate_in_three_chariot_and_horse_against_advisor() {
    solves("9/4k4/1R1a5/9/9/9/9/1N7/9/3K5 w - - 0 1", 3);
}

#[test]
fn mate_in_three() {
    for fen in [
        "R2a1a3/5k3/9/9/6N2/9/9/9/9/3K5 w - - 0 1",
        "4ka3/9/9/9/4r4/9/9/9/2C1R4/5K3 w - - 0 1",
        "r4a3/5k3/5a3/9/4R4/3N5/9/3K5/9/9 w - - 0 1",
        "5N3/4a3R/5k2r/9/9/9/9/9/9/4K4 w - - 0 1",
    ] {
        solves(fen, 3);
    }
}

#[test]
fn no_legal_move_loses_and_returns_none() {
    let stop = AtomicBool::new(false);
    // Black is mated (Ra9 of the mate-in-one above, played).
    let mated = pos("R3k4/8R/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(mated.legal_moves().is_empty());
    let r = search(&mated, &[], &Limits::depth(3), &stop, 0);
    assert_eq!((r.best, r.score), (None, Score::Mate(0)));
}

/// Plays random legal moves from the start; every few plies, searches with an assortment of
/// limits and checks that the answer is a legal move and the PV a legal line.
#[test]
fn never_returns_an_illegal_move() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng(2024);
    let mut searched = 0;
    for game in 0..24 {
        let mut p = Position::startpos();
        let mut history = Vec::new();
        for ply in 0..160 {
            let legal = p.legal_moves();
            if ply % 7 == game % 7 {
                let limits = match rng.below(4) {
                    0 => Limits::depth(1 + rng.below(4) as u32),
                    1 => Limits::nodes(1 + rng.below(3000) as u64),
                    2 => Limits::nodes(1 + rng.below(20) as u64),
                    _ => Limits {
                        depth: Some(3),
                        nodes: Some(500),
                        ..Limits::default()
                    },
                };
                let r = search(&p, &history, &limits, &stop, rng.next());
                searched += 1;
                match r.best {
                    None => assert!(legal.is_empty(), "no move in {}", p.to_fen()),
                    Some(m) => {
                        assert!(legal.contains(m), "{m} illegal in {}", p.to_fen());
                        assert_eq!(r.pv.first(), Some(&m));
                        assert_pv_legal(&p, &r.pv);
                    }
                }
            }
            if legal.is_empty() {
                break;
            }
            history.push(p.hash());
            p.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(searched > 300, "{searched}");
}

#[test]
fn returns_a_legal_move_when_stopped_before_starting() {
    let stop = AtomicBool::new(true);
    for fen in [
        jieqi_rules::STANDARD_FEN,
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    ] {
        let p = pos(fen);
        let r = search(&p, &[], &Limits::infinite(), &stop, 0);
        assert!(p.legal_moves().contains(r.best.expect("a move")));
        let r = search(&p, &[], &Limits::nodes(1), &AtomicBool::new(false), 0);
        assert!(p.legal_moves().contains(r.best.expect("a move")));
    }
}

#[test]
fn stop_flag_ends_an_infinite_search_within_50_ms() {
    let r = stopped_after_300_ms(|flag| {
        search(&Position::startpos(), &[], &Limits::infinite(), flag, 0)
    });
    assert!(Position::startpos().legal_moves().contains(r.best.unwrap()));
    assert!(r.depth >= 3, "{r:?}");
}

#[test]
fn movetime_is_respected() {
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let r = search(
        &Position::startpos(),
        &[],
        &Limits::movetime(Duration::from_millis(150)),
        &stop,
        0,
    );
    let spent = t.elapsed();
    assert!(spent <= Duration::from_millis(300), "{spent:?}");
    assert!(r.best.is_some());
}

#[test]
fn deterministic_for_seed_and_fixed_limits() {
    let stop = AtomicBool::new(false);
    let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    for limits in [Limits::depth(6), Limits::nodes(30_000)] {
        let a = search(&p, &[], &limits, &stop, 5);
        let b = search(&p, &[], &limits, &stop, 5);
        assert_eq!(
            (a.best, a.nodes, a.score, &a.pv),
            (b.best, b.nodes, b.score, &b.pv)
        );
    }
    // A weakened level too: the seed decides its choices.
    let play = |seed| {
        let mut e = Engine::for_level(Level::Beginner, Family::Xiangqi, 1);
        e.search(&p, &[], &Level::Beginner.limits(None), &stop, seed, None)
            .best
    };
    assert_eq!(play(9), play(9));
}

#[test]
fn node_limit_is_exact_and_counts_everything() {
    let stop = AtomicBool::new(false);
    let r = search(&Position::startpos(), &[], &Limits::nodes(5000), &stop, 0);
    assert_eq!(r.nodes, 5000);
}

#[test]
fn info_reports_each_iteration() {
    let stop = AtomicBool::new(false);
    let mut infos: Vec<Info> = Vec::new();
    let r = search_with_info(
        &Position::startpos(),
        &[],
        &Limits::depth(6),
        &stop,
        0,
        &mut |i| infos.push(i.clone()),
    );
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    let last = infos.last().unwrap();
    assert_eq!((last.score, &last.pv), (r.score, &r.pv));
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let line = last.to_string();
    assert!(line.starts_with("info depth 6 seldepth "), "{line}");
    assert!(
        line.contains(" score cp ") && line.contains(" pv "),
        "{line}"
    );
}

/// Red is a chariot down; the game history holds the position after Ra0-a1, so that move
/// repeats it: a draw, better than anything else.
#[test]
fn repetition_is_a_draw() {
    let stop = AtomicBool::new(false);
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1");
    let a0a1 = Move::parse_iccs("a0a1").unwrap();
    let mut after = p.clone();
    after.play_unchecked(a0a1);
    // Earlier in the game (oldest first; 1, 2 and 3 stand for other positions): the position
    // after a0a1 four plies before it would occur again.
    let history = vec![1, after.hash(), 2, 3];
    let mut p_with_clock = p.to_setup();
    p_with_clock.halfmoves = 4;
    let p = Position::from_setup(&p_with_clock, MoveRules::XIANGQI).unwrap();
    let r = search(&p, &history, &Limits::depth(4), &stop, 0);
    assert_eq!((r.best, r.score), (Some(a0a1), Score::Cp(0)), "{r:?}");
    // Without that history the engine sees only the lost chariot.
    let r = search(&p, &[], &Limits::depth(4), &stop, 0);
    assert!(matches!(r.score, Score::Cp(s) if s < -500), "{r:?}");
}

/// The beginner overlooks a free chariot now and then; full strength never does.
#[test]
fn beginner_sometimes_misses_a_capture() {
    let stop = AtomicBool::new(false);
    // Black's chariot on d5 hangs to Red's chariot on d1.
    let p = pos("rnbakabn1/9/1c5c1/p1p1p1p1p/3r5/9/P1P1P1P1P/1C5C1/3R5/RNBAKABN1 w - - 0 1");
    let take = Move::parse_iccs("d1d5").unwrap();
    assert!(p.legal_moves().contains(take));
    let r = search(&p, &[], &Limits::depth(4), &stop, 0);
    assert_eq!(r.best, Some(take));
    let mut taken = 0;
    for seed in 0..40 {
        let mut e = Engine::for_level(Level::Beginner, Family::Xiangqi, 1);
        let r = e.search(&p, &[], &Level::Beginner.limits(None), &stop, seed, None);
        let m = r.best.unwrap();
        assert!(p.legal_moves().contains(m));
        taken += (m == take) as u32;
    }
    assert!(
        (20..40).contains(&taken),
        "took the chariot {taken} times of 40"
    );
}

#[test]
fn every_level_plays_legal_moves() {
    let stop = AtomicBool::new(false);
    let p = pos("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1");
    for level in Level::ALL {
        let mut e = Engine::for_level(level, Family::Xiangqi, 1);
        let mut limits = level.limits(None);
        // Keep the test quick: the strong levels' time is not what is tested here.
        limits.movetime = Some(Duration::from_millis(100));
        let r = e.search(&p, &[], &limits, &stop, 1, None);
        assert!(p.legal_moves().contains(r.best.unwrap()), "{level}");
    }
}

/// The evaluation is symmetric: the same position with colours swapped and the board turned
/// half round gets the same score.
#[test]
fn symmetric_under_colour_flip() {
    for fen in [
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    ] {
        let a = pos(fen);
        let b = colour_flipped(&a);
        assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    /// The evaluation knows no colour and no left or right, under both variants' weights and
    /// with face-down pieces: a position reached by random moves, its twin with colours
    /// swapped and the board turned half round, and its mirror image all score the same for
    /// the side to move. A term written for one side only would play one colour worse.
    #[test]
    fn the_evaluation_is_the_same_for_either_colour(seed in 0u64..u64::MAX, plies in 0usize..120, jieqi: bool) {
        let mut p = if jieqi {
            Jieqi::from_seed(Seed(seed)).position().clone()
        } else {
            Position::startpos()
        };
        let mut rng = Rng(seed);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
        let hidden = HiddenValues::default();
        for q in [transformed(&p, Square::flip, true), transformed(&p, Square::mirror, false)] {
            proptest::prop_assert_eq!(evaluate(&p), evaluate(&q), "{} / {}", p.to_fen(), q.to_fen());
            proptest::prop_assert_eq!(
                evaluate_with(&p, &hidden),
                evaluate_with(&q, &hidden),
                "{} / {}", p.to_fen(), q.to_fen()
            );
        }
    }
}
