//! Helpers shared by the integration tests: positions from FENs and their colour-flipped
//! twins, an exhaustive mate prover that knows nothing of the engine, a small deterministic
//! random generator, and the harness that times how fast a search obeys its stop flag.

#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use jieqi_rules::{Move, MoveRules, Piece, Position, Setup, Square};

pub fn pos(fen: &str) -> Position {
    let setup = Setup::parse_fen(fen).expect("FEN parses");
    Position::from_setup(&setup, MoveRules::XIANGQI).expect("position is legal")
}

/// The same position with colours swapped and the board turned half round.
pub fn colour_flipped(p: &Position) -> Position {
    transformed(p, Square::flip, true)
}

/// `p` moved square by square through `to`, colours swapped if `swap`; face-down pieces stay
/// face down (a start point maps to a start point of the same role).
pub fn transformed(p: &Position, to: fn(Square) -> Square, swap: bool) -> Position {
    let mut s = Setup::empty();
    for (sq, piece) in p.board().pieces() {
        let side = if swap {
            piece.side().other()
        } else {
            piece.side()
        };
        s.board[to(sq).index()] = Some(if piece.is_hidden() {
            Piece::hidden(side, piece.role())
        } else {
            Piece::new(side, piece.role())
        });
    }
    s.turn = if swap { p.turn().other() } else { p.turn() };
    Position::from_setup(&s, p.rules()).unwrap()
}

/// Runs `search` on a thread of its own with a fresh stop flag, raises the flag after 300 ms
/// and checks that the search returned within 50 ms of that; gives back what it returned.
pub fn stopped_after_300_ms<R: Send + 'static>(
    search: impl FnOnce(&AtomicBool) -> R + Send + 'static,
) -> R {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let r = search(&flag);
        tx.send(Instant::now()).unwrap();
        r
    });
    std::thread::sleep(Duration::from_millis(300));
    let set_at = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let done_at = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("search ends");
    let r = worker.join().unwrap();
    let latency = done_at.saturating_duration_since(set_at);
    assert!(latency <= Duration::from_millis(50), "{latency:?}");
    r
}

/// Whether the side to move can force a win (the opponent without a legal move: mate or
/// stalemate, rules.md §5) within `moves` of its own moves, by plain exhaustive search.
pub fn wins_within(pos: &Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let replies = next.legal_moves();
        replies.is_empty()
            || (moves > 1
                && replies.iter().all(|&r| {
                    let mut after = next.clone();
                    after.play_unchecked(r);
                    wins_within(&after, moves - 1)
                }))
    })
}

/// The shortest forced win in at most `max` moves, if any.
pub fn shortest_win(pos: &Position, max: u32) -> Option<u32> {
    (1..=max).find(|&n| wins_within(pos, n))
}

/// Whether `m` keeps a forced win in `n` moves (it is the first of them).
pub fn move_wins_within(pos: &Position, m: Move, n: u32) -> bool {
    let mut next = pos.clone();
    next.play_unchecked(m);
    let replies = next.legal_moves();
    replies.is_empty()
        || (n > 1
            && replies.iter().all(|&r| {
                let mut after = next.clone();
                after.play_unchecked(r);
                wins_within(&after, n - 1)
            }))
}

/// SplitMix64.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
