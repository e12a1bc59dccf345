//! Helpers shared by the integration tests.

#![allow(dead_code)]

use jieqi_banqi::{Banqi, BanqiDeal, Point, Turn};

/// A game from a full-knowledge position given as (square, what) pairs, `what` a FEN letter
/// (face up) or `?` and a letter (face down), and the remaining fields (`f r 0 20`: first
/// player to move, first player red, no quiet plies, move 20).
pub fn setup(pieces: &[(&str, &str)], rest: &str) -> Banqi {
    Banqi::from_full_text(&text(pieces, rest)).unwrap()
}

pub fn text(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid = vec![vec![String::new(); 8]; 4];
    for (sq, what) in pieces {
        let p: Point = sq.parse().unwrap();
        grid[p.row() as usize][p.column() as usize] = (*what).to_string();
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(cell);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

pub fn turn(s: &str) -> Turn {
    s.parse().unwrap()
}

/// Plays a turn the test expects to be refused, checks the game is untouched and returns the
/// refusal's words.
pub fn refused(game: &mut Banqi, s: &str) -> String {
    let before = game.clone();
    let err = game.play(turn(s)).unwrap_err();
    assert_eq!(*game, before, "{s} changed the game");
    let msg = err.to_string();
    assert!(!msg.contains('\n'), "{msg}");
    msg
}

/// A fixed pseudo-random playout of `plies` turns from `game` (stops at the end).
pub fn playout(game: &mut Banqi, mut x: u64, plies: usize) {
    for _ in 0..plies {
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let t = turns[(x >> 33) as usize % turns.len()];
        game.play(t).unwrap();
    }
}

/// The game played on a deal that agrees with `deal` where `game` flipped, with the pieces
/// still face down moved round by `shift` among the face-down squares, and the same turns
/// replayed: everything public is the same, the face-down identities differ.
pub fn twin_game(deal: &BanqiDeal, game: &Banqi, shift: usize) -> Banqi {
    let flipped: Vec<usize> = game
        .history()
        .iter()
        .filter_map(|s| match s.turn {
            Turn::Flip(p) => Some(p.index()),
            _ => None,
        })
        .collect();
    let down: Vec<usize> = (0..32).filter(|i| !flipped.contains(i)).collect();
    let mut pieces = *deal.pieces();
    for (k, &i) in down.iter().enumerate() {
        pieces[i] = deal.pieces()[down[(k + shift) % down.len()]];
    }
    let mut twin = Banqi::from_deal(&BanqiDeal::from_pieces(pieces).unwrap())
        .under(game.options())
        .unwrap();
    for seen in game.history() {
        twin.play(seen.turn).unwrap();
    }
    twin
}

/// One of the 16 combinations of Banqi's options (rules.md §10), by the bits of `n`: the
/// property tests run over every one.
pub fn options_combination(n: usize) -> jieqi_banqi::Options {
    let pick = |bit: usize, values: [&'static str; 2]| values[(n >> bit) & 1];
    let text = format!(
        "chariot={}, soldier-takes-general={}, general-takes-soldier={}, cannon={}",
        pick(0, ["step", "slide"]),
        pick(1, ["on", "off"]),
        pick(2, ["off", "on"]),
        pick(3, ["jump", "also-step"]),
    );
    jieqi_banqi::Options::parse(&text).unwrap()
}

/// A game dealt from `seed` under option combination `opts` ([`options_combination`]) and
/// played `plies` random turns chosen by `x` ([`playout`]), and its deal.
pub fn played_deal(seed: u64, opts: usize, x: u64, plies: usize) -> (BanqiDeal, Banqi) {
    let deal = BanqiDeal::from_seed(jieqi_banqi::Seed(seed));
    let mut game = Banqi::from_deal(&deal)
        .under(options_combination(opts))
        .unwrap();
    playout(&mut game, x, plies);
    (deal, game)
}
