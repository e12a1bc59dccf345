//! The engine plays by the game's rule set (rules.md §10): the 400-ply limit only where it is
//! on (§5), the no-capture draw where the rules make it one and at their limit (§6), and a
//! perpetual chase judged where the rules judge it (§6). Each position is searched under the
//! rule set and under the standard rules, which score it differently, so every test fails for
//! an engine that plays by the standard rules whatever the game's.

mod common;

use std::sync::atomic::AtomicBool;

use common::move_wins_within;
use jieqi_ai::{Engine, Limits, Score, SearchResult};
use jieqi_rules::{Family, Move, Outcome, PlayerView, RuleSet, Side, WinReason};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

/// The view of the side to move after `moves` from `fen`, under `variant`'s `options` (the
/// game still running).
fn view(variant: Family, options: &str, fen: &str, moves: &[&str]) -> PlayerView {
    let rules = RuleSet::parse(variant, options).unwrap();
    let v = PlayerView::from_text_with(fen, moves, Some(rules)).unwrap();
    assert_eq!((v.rules, v.outcome), (rules, None), "{options}");
    v
}

fn think(view: &PlayerView, depth: u32) -> SearchResult {
    let stop = AtomicBool::new(false);
    Engine::new(4).think(view, &Limits::depth(depth), &stop, 0, None)
}

/// Two red chariots against the bare general: Red mates in two (a0a8, then b2b9), and no
/// sooner.
const MATE_IN_TWO: &str = "4k4/9/9/9/9/9/9/1R7/9/R2K5 w - - 0 1";

/// The search found the mate in two and plays a move that keeps it.
fn mates_in_two(view: &PlayerView, r: &SearchResult) {
    assert_eq!(r.score, Score::Mate(2), "{}: {r:?}", view.rules);
    let best = r.best.expect("a move");
    assert!(move_wins_within(&view.position, best, 2), "{best}: {r:?}");
}

#[test]
fn move_limit_off_lets_the_search_see_past_ply_400_rules_5_10() {
    // The generals step out and back for 398 plies (no checks, no chases: Xiangqi only hints
    // at a draw by agreement), ending in the mate in two. With the 400-ply limit on, the game
    // is drawn before the mate lands (ply 401): every line scores a draw. With it off (rules.md
    // §10) the mate stands.
    let fen = "9/4k4/9/9/9/9/9/1R7/3K5/R8 w - - 0 1";
    let mut moves = vec!["d1d0", "e8e9"];
    for _ in 0..99 {
        moves.extend(["d0d1", "e9e8", "d1d0", "e8e9"]);
    }
    assert_eq!(moves.len(), 398);
    let on = view(Family::Xiangqi, "", fen, &moves);
    assert_eq!(
        on.position.to_fen(),
        MATE_IN_TWO.replace(" 0 1", " 398 200")
    );
    assert_eq!(think(&on, 5).score, Score::Cp(0));
    let off = view(Family::Xiangqi, "move-limit=off", fen, &moves);
    mates_in_two(&off, &think(&off, 5));
}

#[test]
fn xiangqi_no_capture_draw_ends_every_quiet_line_rules_6_10() {
    // 119 plies without a capture and nothing left to capture: every move is the 120th quiet
    // ply. Under no-capture=draw (rules.md §10) each ends the game in a draw, so the mate in
    // two is out of reach; under the standard rules the 60 moves only bring a hint.
    let fen = MATE_IN_TWO.replace(" 0 1", " 119 80");
    let standard = view(Family::Xiangqi, "", &fen, &[]);
    mates_in_two(&standard, &think(&standard, 5));
    let draw = view(Family::Xiangqi, "no-capture=draw", &fen, &[]);
    assert_eq!(think(&draw, 5).score, Score::Cp(0));
}

#[test]
fn jieqi_no_capture_draw_at_the_rule_sets_limit_rules_6_10() {
    // The same in Jieqi, whose no-capture draw comes at 120 plies unless the rule set names
    // another limit (rules.md §10): 39 quiet plies are a draw next move under
    // no-capture-draw=40, not under the default; 119 are under the default.
    let fen = |halfmoves: u32| format!("4k4/9/9/9/9/9/9/1R7/9/R2K5 w - {halfmoves} 80");
    let standard = view(Family::Jieqi, "", &fen(39), &[]);
    mates_in_two(&standard, &think(&standard, 5));
    let forty = view(Family::Jieqi, "no-capture-draw=40", &fen(39), &[]);
    assert_eq!(think(&forty, 5).score, Score::Cp(0));
    let late = view(Family::Jieqi, "", &fen(119), &[]);
    assert_eq!(think(&late, 5).score, Score::Cp(0));
}

#[test]
fn xiangqi_judged_chase_is_avoided_rules_6_10() {
    // Red's lone chariot against a black cannon, horse, advisors and elephants: Red is lost on
    // material, and has chased the unprotected cannon c7 up and down once (a6a7 c7c6 a7a6
    // c6c7), so the position stands on the board for the second time. Under the standard rules
    // a chase is only warned: chasing on (a6a7) repeats the position and the engine takes that
    // draw. Under chase=judged (rules.md §10) chasing on into the third occurrence loses
    // (§6), and the engine plays on a piece down instead.
    let fen = "2bakab2/9/2c3n2/R8/9/9/9/9/9/3K5 w - - 0 1";
    let chase = ["a6a7", "c7c6", "a7a6", "c6c7"];
    let warned = view(Family::Xiangqi, "", fen, &chase);
    let r = think(&warned, 6);
    assert_eq!((r.best, r.score), (Some(mv("a6a7")), Score::Cp(0)), "{r:?}");

    let judged = view(Family::Xiangqi, "chase=judged", fen, &chase);
    let r = think(&judged, 6);
    assert_ne!(r.best, Some(mv("a6a7")), "{r:?}");
    assert!(
        matches!(r.score, Score::Cp(cp) if cp < 0),
        "a piece down, not lost by rule: {r:?}"
    );
    // What the engine avoided: the rules' judge gives the game to Black.
    let twice = [chase, chase].concat();
    let rules = RuleSet::parse(Family::Xiangqi, "chase=judged").unwrap();
    let lost = PlayerView::from_text_with(fen, &twice, Some(rules)).unwrap();
    assert_eq!(
        lost.outcome,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::PerpetualChase
        })
    );
}
