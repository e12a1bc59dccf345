//! Several lines (MultiPV, `Engine::set_multipv`): one line is the search as it always was;
//! N lines start with N different root moves, best first, each a legal line, in Xiangqi and
//! from a Jieqi player's view; a line is the search of the position with the better lines'
//! moves left out.

mod common;

use std::sync::atomic::AtomicBool;

use common::{Rng, pos};
use jieqi_ai::{Engine, Info, Limits, SearchResult, bench_positions};
use jieqi_rules::{FamilyGame, Jieqi, Move, PlayerView, Position, Seed};

fn search(p: &Position, lines: usize, limits: &Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    engine.set_multipv(lines);
    engine.search(p, &[], limits, &stop, 0, None)
}

fn think(view: &PlayerView, lines: usize, limits: &Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    engine.set_multipv(lines);
    engine.think(view, limits, &stop, 0, None)
}

/// Each line is legal move by move from `p`, they start with different moves, best first, and
/// the first is the result's best move and PV.
fn assert_sound(p: &Position, r: &SearchResult, lines: usize) {
    let legal = p.legal_moves().len();
    assert_eq!(r.lines.len(), lines.min(legal), "{r:?}");
    let firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    for (i, m) in firsts.iter().enumerate() {
        assert!(!firsts[..i].contains(m), "{m} twice in {firsts:?}");
    }
    assert!(
        r.lines.windows(2).all(|w| w[0].score >= w[1].score),
        "{:?}",
        r.lines
    );
    assert_eq!(r.best, Some(firsts[0]));
    assert_eq!(r.pv, r.lines[0].pv);
    assert_eq!(r.score, r.lines[0].score);
    for line in &r.lines {
        let mut cur = p.clone();
        for &m in &line.pv {
            assert!(cur.legal_moves().contains(m), "{m} in {}", cur.to_fen());
            if cur.piece_at(m.from).is_some_and(|x| x.is_hidden()) {
                break;
            }
            cur.play_unchecked(m);
        }
    }
}

#[test]
fn one_line_is_the_search_as_it_was() {
    let p = &bench_positions()[1];
    let limits = Limits::depth(6);
    let default = {
        let stop = AtomicBool::new(false);
        Engine::new(4).search(p, &[], &limits, &stop, 0, None)
    };
    let one = search(p, 1, &limits);
    assert_eq!(
        SearchResult {
            time: one.time,
            ..default.clone()
        },
        one
    );
    assert_eq!(one.lines.len(), 1);
    assert_eq!(one.lines[0].pv, one.pv);
    assert_eq!(one.lines[0].depth, 6);
}

#[test]
fn several_lines_in_xiangqi() {
    for p in bench_positions() {
        for lines in [2, 3, 5] {
            let r = search(&p, lines, &Limits::depth(5));
            assert_sound(&p, &r, lines);
            assert!(r.lines.iter().all(|l| l.depth == 5), "{:?}", r.lines);
        }
    }
}

#[test]
fn no_more_lines_than_moves() {
    // Red's general alone has two moves.
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let r = search(&p, 5, &Limits::depth(4));
    assert_sound(&p, &r, 5);
    assert_eq!(r.lines.len(), p.legal_moves().len());
}

#[test]
fn a_later_line_is_the_search_without_the_better_moves() {
    // Line 2 scores what the best of the other moves scores when line 1's move is left out.
    let p = &bench_positions()[0];
    let limits = Limits::depth(4);
    let two = search(p, 2, &limits);
    let others: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != two.lines[0].pv[0])
        .collect();
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    engine.set_root_moves(Some(others));
    let without = engine.search(p, &[], &limits, &stop, 0, None);
    assert_eq!(without.best, Some(two.lines[1].pv[0]));
}

#[test]
fn several_lines_from_a_jieqi_view() {
    let mut rng = Rng(5);
    for (deal, plies) in [(1, 0), (2, 8), (3, 20)] {
        let mut game = Jieqi::from_seed(Seed(deal));
        for _ in 0..plies {
            let moves = game.legal_moves();
            game.play(moves[rng.below(moves.len())]).unwrap();
            if game.is_over() {
                game.undo();
                break;
            }
        }
        let view = game.view(game.turn());
        let r = think(&view, 3, &Limits::depth(3));
        assert_sound(&view.position, &r, 3);
        for line in &r.lines {
            // A line ends at its first reveal: what turns up is not known.
            let mut cur = view.position.clone();
            for (i, &m) in line.pv.iter().enumerate() {
                if cur.piece_at(m.from).is_some_and(|x| x.is_hidden()) {
                    assert_eq!(i + 1, line.pv.len(), "{:?}", line.pv);
                }
                cur.play_unchecked(m);
            }
        }
    }
}

#[test]
fn each_depth_reports_every_line() {
    let p = Position::startpos();
    let mut infos: Vec<Info> = Vec::new();
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    engine.set_multipv(3);
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(4),
        &stop,
        0,
        Some(&mut |i: &Info| infos.push(i.clone())),
    );
    assert_eq!(infos.len(), 4 * 3);
    for (i, info) in infos.iter().enumerate() {
        assert_eq!(info.depth, i as u32 / 3 + 1);
        assert_eq!(info.multipv, Some(i as u32 % 3 + 1));
        assert!(
            info.to_string()
                .contains(&format!(" multipv {} ", i % 3 + 1))
        );
    }
    assert_eq!(infos[9].pv, r.lines[0].pv);
}

#[test]
fn a_stopped_search_keeps_distinct_lines() {
    // Stopped by nodes at every point of a few iterations: still one line per root move,
    // the first the move played.
    let p = &bench_positions()[2];
    for nodes in (500..20_000).step_by(1_500) {
        let r = search(p, 3, &Limits::nodes(nodes));
        let firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
        for (i, m) in firsts.iter().enumerate() {
            assert!(!firsts[..i].contains(m), "{nodes}: {m} twice in {firsts:?}");
        }
        assert_eq!(r.best, Some(firsts[0]), "{nodes}");
        assert!(p.legal_moves().contains(r.best.unwrap()));
    }
}
