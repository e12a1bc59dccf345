//! The engine in Jieqi (rules.md §6, §7): it thinks from its own side's view only — legal moves
//! over random games, results independent of identities it has not seen, determinism, simple
//! tactics with face-down pieces, and the stop flag.

mod common;

use std::sync::atomic::AtomicBool;

use common::{Rng, stopped_after_300_ms};
use jieqi_ai::{Engine, Level, Limits, Score, SearchResult};
use jieqi_rules::{Deal, FamilyGame, Jieqi, Move, PlayerView, Seed, Side, Square};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn think(view: &PlayerView, limits: &Limits, seed: u64) -> SearchResult {
    let stop = AtomicBool::new(false);
    Engine::new(4).think(view, limits, &stop, seed, None)
}

/// A game from `seed` after up to `plies` random moves (stopping before the game ends).
fn random_game(seed: u64, plies: usize, rng: &mut Rng) -> Jieqi {
    let mut game = Jieqi::from_seed(Seed(seed));
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
        if game.is_over() {
            game.undo();
            break;
        }
    }
    game
}

fn assert_legal(view: &PlayerView, r: &SearchResult) {
    let best = r.best.expect("a move while the game runs");
    assert!(
        view.legal_moves.contains(&best),
        "{best} is illegal in {}",
        view.to_fen()
    );
    assert_eq!(r.pv.first(), Some(&best), "{r:?}");
    // The PV is public-legal move by move up to its end (it stops after a reveal).
    let mut pos = view.position.clone();
    for (i, &m) in r.pv.iter().enumerate() {
        assert!(pos.legal_moves().contains(m), "pv move {i} {m}: {r:?}");
        let hidden = pos.piece_at(m.from).is_some_and(|p| p.is_hidden());
        pos.play_unchecked(m);
        assert!(
            !hidden || i + 1 == r.pv.len(),
            "the pv goes on after a reveal: {r:?}"
        );
    }
}

#[test]
fn never_returns_an_illegal_move_over_random_games() {
    let mut rng = Rng(0x5EED);
    for seed in 0..24u64 {
        let plies = rng.below(70);
        let game = random_game(seed, plies, &mut rng);
        if game.legal_moves().is_empty() {
            continue;
        }
        let view = game.view(game.turn());
        let limits = match seed % 4 {
            0 => Limits::depth(1 + (seed % 3) as u32),
            1 => Limits::nodes(300 + rng.below(3000) as u64),
            2 => Limits {
                depth: Some(3),
                nodes: Some(4000),
                ..Limits::default()
            },
            _ => Level::ALL[rng.below(3)].limits_for(view.variant, None),
        };
        let mut engine = match seed % 4 {
            3 => Engine::for_level(Level::ALL[(seed as usize / 4) % 3], view.variant, 4),
            _ => Engine::new(4),
        };
        let stop = AtomicBool::new(false);
        let r = engine.think(&view, &limits, &stop, seed, None);
        assert_legal(&view, &r);
    }
}

/// The points whose identities `viewer` has not seen: face-down pieces on the board, and
/// face-down pieces the other side captured (as in the rules crate's own leak test).
fn unseen_points(game: &Jieqi, deal: &Deal, viewer: Side) -> Vec<Square> {
    let public = game.view(viewer.other());
    let mut unseen: Vec<Square> = game
        .position()
        .board()
        .pieces()
        .filter(|(_, p)| p.is_hidden())
        .map(|(s, _)| s)
        .collect();
    for (i, m) in game.moves().iter().enumerate() {
        let before = public.position_at(i).unwrap();
        if before.piece_at(m.to).is_some_and(|p| p.is_hidden()) && before.turn() != viewer {
            unseen.push(m.to);
        }
    }
    unseen.retain(|s| deal.identity(*s).is_some());
    unseen
}

/// architecture.md, "Hidden information": two games whose deals differ only in identities the
/// side to move has not seen give the same search, node for node.
#[test]
fn unseen_identities_do_not_change_the_search() {
    let mut rng = Rng(77);
    let mut differing = 0;
    for seed in 0..10u64 {
        let deal = Deal::from_seed(Seed(seed * 7919));
        let mut game = Jieqi::from_deal(&deal);
        for _ in 0..rng.below(40) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]).unwrap();
            if game.is_over() {
                game.undo();
                break;
            }
        }
        if game.legal_moves().is_empty() {
            continue;
        }
        let viewer = game.turn();
        let unseen = unseen_points(&game, &deal, viewer);
        let mut ids = [*deal.identities(Side::Red), *deal.identities(Side::Black)];
        for side in Side::ALL {
            let points: Vec<usize> = Deal::start_points(side)
                .iter()
                .enumerate()
                .filter(|(_, s)| unseen.contains(s))
                .map(|(k, _)| k)
                .collect();
            for i in (1..points.len()).rev() {
                let j = rng.below(i + 1);
                ids[side.index()].swap(points[i], points[j]);
            }
        }
        let other_deal = Deal::from_identities(ids[0], ids[1]).unwrap();
        differing += (other_deal != deal) as u32;
        let mut other = Jieqi::from_deal(&other_deal);
        for &m in game.moves() {
            other.play(m).unwrap();
        }
        let (a, b) = (game.view(viewer), other.view(viewer));
        assert_eq!(a, b, "the rules crate's views leak");
        let limits = Limits {
            depth: Some(4),
            nodes: Some(6000),
            ..Limits::default()
        };
        let (x, y) = (think(&a, &limits, seed), think(&b, &limits, seed));
        assert_eq!(
            (x.best, x.score, x.nodes, x.depth, &x.pv),
            (y.best, y.score, y.nodes, y.depth, &y.pv)
        );
    }
    assert!(differing >= 5, "the test swapped too few identities");
}

#[test]
fn deterministic_for_a_seed() {
    let mut rng = Rng(3);
    let game = random_game(11, 12, &mut rng);
    let view = game.view(game.turn());
    let limits = Limits::nodes(5000);
    let a = think(&view, &limits, 9);
    let b = think(&view, &limits, 9);
    assert_eq!(
        a,
        SearchResult {
            time: a.time,
            ..b.clone()
        }
    );
    assert_eq!(a.nodes, 5000);
    // A weakened level too: its choices come from the seed alone (under the level's depth
    // and node caps; its time per move would let the machine's load decide the depth).
    let level = Level::Casual;
    let mut limits = level.limits_for(view.variant, None);
    limits.movetime = None;
    let run = |seed| {
        let stop = AtomicBool::new(false);
        Engine::for_level(level, view.variant, 4)
            .think(&view, &limits, &stop, seed, None)
            .best
    };
    for seed in 0..3 {
        assert_eq!(run(seed), run(seed));
    }
}

fn full(fen: &str) -> PlayerView {
    let game = Jieqi::from_full_fen(fen).expect("full FEN");
    game.view(game.turn())
}

#[test]
fn captures_a_hanging_revealed_chariot() {
    // Black's revealed chariot on a5 is unprotected; Red's chariot on a0 takes it. Face-down
    // pieces stand around (a face-down black horse on b9, red soldiers on c3 and g3).
    let view = full("1xn2k4/9/9/9/r8/9/2XP3XP2/9/9/R2K5 w - 0 1");
    let r = think(&view, &Limits::depth(4), 0);
    assert_eq!(r.best, Some(mv("a0a5")), "{r:?}");
    assert!(matches!(r.score, Score::Cp(s) if s > 500), "{r:?}");
}

#[test]
fn trades_an_average_face_down_piece_for_a_cannon() {
    // Red's face-down piece on a0 moves as a chariot and can take the black cannon on a6,
    // which the black chariot on a9 defends. Red's pool holds all fifteen identities (the
    // others were taken face-down earlier), so the piece is worth about 320 on average (less
    // while it stays face-down), not a chariot's 900: giving it for the cannon (450) gains. The start point's piece would say
    // otherwise — that is what the engine must not assume.
    let view = full("r4k3/9/9/c8/9/9/9/9/9/XP3K3N w R2A2C2P5N1B2 0 1");
    let r = think(&view, &Limits::depth(4), 0);
    assert_eq!(r.best, Some(mv("a0a6")), "{r:?}");
}

#[test]
fn does_not_give_a_chariot_for_a_face_down_piece() {
    // Red's chariot on e5 is attacked by the face-down soldier on e6 and could take it, but the
    // black chariot on e8 defends it: a chariot for one face-down piece. Red retreats instead
    // (or reveals), keeping its material.
    let view = full("5k3/4r4/9/4xp4/4R4/9/XP3XP4/9/9/XR2K5 w - 0 1");
    let r = think(&view, &Limits::depth(5), 0);
    let best = r.best.expect("a move");
    assert_ne!(best, mv("e5e6"), "{r:?}");
    assert!(matches!(r.score, Score::Cp(s) if s > 0), "{r:?}");
}

#[test]
fn stop_flag_ends_a_jieqi_search_within_50_ms() {
    let view = Jieqi::from_seed(Seed(42)).view(Side::Red);
    let v = view.clone();
    let r = stopped_after_300_ms(move |flag| {
        Engine::new(4).think(&v, &Limits::infinite(), flag, 0, None)
    });
    assert!(view.legal_moves.contains(&r.best.unwrap()));
    assert!(r.depth >= 2, "{r:?}");
}

/// rules.md §6: in Jieqi the side that keeps up perpetual check loses on the third
/// occurrence. Red, two chariots down, could repeat the position by checking again: in
/// Xiangqi that would only be hinted at as a draw; here it loses, so Red plays on instead.
#[test]
fn perpetual_check_loses_in_jieqi_so_it_is_avoided() {
    let mut game = Jieqi::from_full_fen("3k5/R8/9/9/7rr/9/9/9/9/4K4 w - 0 1").unwrap();
    for m in ["a8a9", "d9d8", "a9a8", "d8d9"] {
        game.play(mv(m)).unwrap();
    }
    assert!(!game.is_over());
    let view = game.view(Side::Red);
    let r = think(&view, &Limits::depth(4), 0);
    assert_ne!(r.best, Some(mv("a8a9")), "{r:?}");
    // The repetition is judged as the rules judge it: after a8a9 Black may repeat, and the
    // third occurrence would end the game with Red's loss.
    let mut after = game.clone();
    after.play(mv("a8a9")).unwrap();
    let black = think(&after.view(Side::Black), &Limits::depth(3), 0);
    assert_eq!(black.best, Some(mv("d9d8")), "{black:?}");
    assert!(matches!(black.score, Score::Mate(n) if n > 0), "{black:?}");
}

/// Repetitions met inside the search (after null moves and reveals on the path) are judged
/// on positions replayed from the root; a replay that went wrong would trip a debug check.
#[test]
fn repetitions_deep_in_the_search_replay_the_path() {
    for fen in [
        "3k5/R8/9/9/7rr/9/9/9/9/4K4 w - 0 1",
        "2bak4/9/4b4/9/2r6/6R2/9/4B4/4A4/3AK4 b - 0 1",
        "3k5/9/9/9/r8/9/9/R8/9/4K4 w - 0 1",
        "3k5/4a4/9/9/2r6/9/4R4/9/4A4/4K4 b - 0 1",
        "xrxnxbxak1xbxnxr/9/1xc5xc1/xp1xp1xp1xp1xp/9/9/XP1XP1XP1XP1XP/1XC5XC1/9/XRXNXBXAK1XBXNXR w - 0 1",
    ] {
        let game = Jieqi::from_full_fen(fen).unwrap();
        let limits = Limits {
            depth: Some(14),
            nodes: Some(150_000),
            ..Limits::default()
        };
        let r = think(&game.view(game.turn()), &limits, 0);
        assert!(r.best.is_some(), "{fen}");
    }
}

// --- Perpetual chase as the rules judge it (rules.md §6: a move chases only the attacks it
// made). The engine replays a cycle to the rules' own judge, so its scores follow the same
// definition. Each case is written with Red as the chaser and also played in its twin with
// Black as the chaser (board upside down, colours swapped). ---

/// `fen` (a Jieqi full FEN) or its twin with the board upside down and colours swapped.
fn twin_fen(fen: &str, flip: bool) -> String {
    if !flip {
        return fen.to_string();
    }
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let rows: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    fields[0] = rows.join("/");
    fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
    fields.join(" ")
}

/// An ICCS move, or its twin's.
fn twin_mv(s: &str, flip: bool) -> Move {
    if !flip {
        return mv(s);
    }
    let b = s.as_bytes();
    let rank = |c: u8| (b'9' - (c - b'0')) as char;
    mv(&format!(
        "{}{}{}{}",
        b[0] as char,
        rank(b[1]),
        b[2] as char,
        rank(b[3])
    ))
}

/// The Jieqi game from `fen` after `moves` (the case as written, or its twin), still running.
fn twin_game(fen: &str, moves: &[&str], flip: bool) -> Jieqi {
    let mut game = Jieqi::from_full_fen(&twin_fen(fen, flip)).unwrap();
    for m in moves {
        game.play(twin_mv(m, flip)).unwrap();
    }
    assert!(!game.is_over());
    game
}

/// The engine's score, for the side to move, of playing `m` now: the search restricted to
/// that move at the root.
fn score_of(view: &PlayerView, m: Move, depth: u32) -> Score {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    engine.set_root_moves(Some(vec![m]));
    let r = engine.think(view, &Limits::depth(depth), &stop, 0, None);
    assert_eq!(r.best, Some(m), "{r:?}");
    r.score
}

#[test]
fn repeating_a_perpetual_chase_is_scored_a_loss_for_the_chaser_rules_6() {
    // rules.md §6: Red's chariot has chased the unprotected cannon up and down once (each
    // move attacks it anew where it ran), so the position stands for the second time. Chasing
    // on (a6a7) repeats a position with a cycle in which every red move chased the same
    // cannon: a loss for Red in Jieqi, and the engine scores that line so and plays on.
    let fen = "2bakab2/9/2c3n2/R8/9/9/9/9/9/3K5 w - 0 1";
    let chase = ["a6a7", "c7c6", "a7a6", "c6c7"];
    for flip in [false, true] {
        let game = twin_game(fen, &chase, flip);
        let view = game.view(game.turn());
        let again = twin_mv("a6a7", flip);
        let score = score_of(&view, again, 4);
        // A loss for the side to move (mated, or lost by rule, right after this move).
        assert!(
            matches!(score, Score::Mate(n) if n <= 0),
            "{flip}: {score:?}"
        );
        let r = think(&view, &Limits::depth(4), 0);
        assert_ne!(r.best, Some(again), "{flip}: {r:?}");
        assert!(!matches!(r.score, Score::Mate(_)), "{flip}: {r:?}");
        // Halfway round, the side chased takes the repetition: a win by rule.
        let game = twin_game(fen, &chase[..3], flip);
        let r = think(&game.view(game.turn()), &Limits::depth(3), 0);
        assert_eq!(r.best, Some(twin_mv("c6c7", flip)), "{flip}: {r:?}");
        assert!(matches!(r.score, Score::Mate(n) if n > 0), "{flip}: {r:?}");
    }
}

#[test]
fn standing_attack_shuffle_is_scored_a_draw_rules_6() {
    // rules.md §6: "a piece merely left attacked while the side moves something else is not
    // chased". Red's chariot a7 keeps the lone cannon c7 attacked while the generals step out
    // and back (first case), or slides a3-a4-a3 along the line of its attack on the cannon a7
    // (second case): no red move made an attack, so repeating is a plain draw in Jieqi (the
    // earlier wording made it Red's loss). Red, far ahead, would rather play on; Black, far
    // behind, takes the draw.
    let cases = [
        (
            "4k4/9/R1c6/9/9/9/9/9/9/3K4R w - 0 1",
            ["d0d1", "e9e8", "d1d0", "e8e9"],
        ),
        (
            "4k4/9/c8/9/9/9/R8/9/9/3K4R w - 0 1",
            ["a3a4", "e9e8", "a4a3", "e8e9"],
        ),
    ];
    for (fen, cycle) in cases {
        for flip in [false, true] {
            let game = twin_game(fen, &cycle, flip);
            let view = game.view(game.turn());
            let score = score_of(&view, twin_mv(cycle[0], flip), 4);
            assert_eq!(score, Score::Cp(0), "{fen} {flip}");
            let game = twin_game(fen, &cycle[..3], flip);
            let r = think(&game.view(game.turn()), &Limits::depth(3), 0);
            assert_eq!(
                (r.best, r.score),
                (Some(twin_mv(cycle[3], flip)), Score::Cp(0)),
                "{fen} {flip}: {r:?}"
            );
        }
    }
}
