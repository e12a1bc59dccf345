//! A second, slow Soldiers written from the rules' text alone (the crate's docs), calling
//! nothing of the crate: its own board (a map of named squares), its own turns and text. The
//! tests compare the crate with it. Also a small seeded random source for random games.
#![allow(dead_code)] // each test file uses a part

use std::collections::BTreeMap;

/// Squares named `a1`…`c3`, each holding 'R' (Red) or 'B' (Black); and who moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cells: BTreeMap<(i32, i32), char>,
    pub mover: char,
}

impl Board {
    /// "Red has a soldier on each square of row 1, Black on each of row 3, and Red moves
    /// first."
    pub fn start() -> Board {
        let mut cells = BTreeMap::new();
        for column in 0..3 {
            cells.insert((column, 0), 'R');
            cells.insert((column, 2), 'B');
        }
        Board { cells, mover: 'R' }
    }

    fn name((column, row): (i32, i32)) -> String {
        format!("{}{}", (b'a' + column as u8) as char, row + 1)
    }

    /// "A soldier steps one square straight forward onto an empty square (`a1-a2`), or one
    /// square diagonally forward onto a soldier of the other side, taking it (`a2xb3`)." The
    /// texts sorted.
    pub fn turn_texts(&self) -> Vec<String> {
        let forward = if self.mover == 'R' { 1 } else { -1 };
        let on_board = |(c, r): (i32, i32)| (0..3).contains(&c) && (0..3).contains(&r);
        let mut texts = Vec::new();
        for (&(c, r), &who) in &self.cells {
            if who != self.mover {
                continue;
            }
            let ahead = (c, r + forward);
            if on_board(ahead) && !self.cells.contains_key(&ahead) {
                texts.push(format!("{}-{}", Board::name((c, r)), Board::name(ahead)));
            }
            for side in [-1, 1] {
                let diagonal = (c + side, r + forward);
                if on_board(diagonal) && self.cells.get(&diagonal).is_some_and(|&o| o != who) {
                    texts.push(format!("{}x{}", Board::name((c, r)), Board::name(diagonal)));
                }
            }
        }
        texts.sort();
        texts
    }

    /// "The side to move without a soldier loses."
    pub fn no_soldier(&self) -> bool {
        !self.cells.values().any(|&who| who == self.mover)
    }

    /// The board after one of [`Self::turn_texts`].
    pub fn after(&self, text: &str) -> Option<Board> {
        if !self.turn_texts().iter().any(|t| t == text) {
            return None;
        }
        let square = |s: &str| {
            let b = s.as_bytes();
            (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
        };
        let mut next = self.clone();
        let who = next.cells.remove(&square(&text[..2]))?;
        next.cells.insert(square(&text[3..]), who);
        next.mover = if self.mover == 'R' { 'B' } else { 'R' };
        Some(next)
    }

    /// The leaves `depth` plies deep: "the side to move without a soldier, or without a
    /// legal turn, loses", so an ended game has none below it.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    /// Whether the side to move wins with best play by both: the whole game tree, searched
    /// (no game is longer than 12 plies).
    pub fn mover_wins(&self) -> bool {
        self.turn_texts()
            .iter()
            .any(|t| !self.after(t).expect("listed").mover_wins())
    }

    pub fn text(&self) -> String {
        format!("{:?} {} to move", self.cells, self.mover)
    }
}

pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .turn_texts()
        .iter()
        .map(|t| perft(&board.after(t).expect("listed"), depth - 1))
        .sum()
}

/// xorshift64: seeded, the same games every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
