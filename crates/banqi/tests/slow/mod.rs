//! A second, slow Banqi move generator, written from the text of rules.md §11 (and §10 for the
//! options) without calling the crate's generator, board or rules: squares are an array of
//! its own, turns are notation strings, lines are found by testing every pair of squares
//! rather than by walking rays, and the end of the game is judged on its own. It reads the
//! crate's full-knowledge text with its own parser, so the crate only provides start texts.

#![allow(dead_code)]

/// What a square holds: nothing, a face-down piece (with what it really is), a face-up piece.
/// Pieces are FEN letters: upper case red, lower case black.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sq {
    Empty,
    Down(char),
    Up(char),
}

/// §10's options, by what they say.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub chariot_slides: bool,
    pub soldier_takes_general: bool,
    pub general_takes_soldier: bool,
    pub cannon_steps: bool,
}

impl Rules {
    /// §11 as written.
    pub const PLAIN: Rules = Rules {
        chariot_slides: false,
        soldier_takes_general: true,
        general_takes_soldier: false,
        cannon_steps: false,
    };

    /// Reads the options text the way §10 names them (`chariot=slide, …`).
    pub fn from_text(text: &str) -> Rules {
        let mut r = Rules::PLAIN;
        for s in text.split([',', ' ']).filter(|s| !s.is_empty()) {
            match s {
                "chariot=slide" => r.chariot_slides = true,
                "soldier-takes-general=off" => r.soldier_takes_general = false,
                "general-takes-soldier=on" => r.general_takes_soldier = true,
                "cannon=also-step" => r.cannon_steps = true,
                other => panic!("unknown option {other}"),
            }
        }
        r
    }
}

#[derive(Clone, Debug)]
pub struct Slow {
    /// `board[row][column]`, row 0 = row 1 (the first player's side), column 0 = `a`.
    board: [[Sq; 8]; 4],
    second_to_move: bool,
    /// Whether the first player plays red; `None` before the first flip.
    first_is_red: Option<bool>,
    quiet: u32,
    /// Every position so far (board and who is to move), the start first.
    seen: Vec<([[Sq; 8]; 4], bool)>,
    rules: Rules,
}

fn is_red(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// general > advisor > elephant > chariot > horse > cannon > soldier.
fn rank(c: char) -> u32 {
    "pcnrbak"
        .find(c.to_ascii_lowercase())
        .map(|i| i as u32 + 1)
        .unwrap_or_else(|| panic!("not a piece: {c}"))
}

fn name(row: usize, column: usize) -> String {
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

fn square(name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    ((b[1] - b'1') as usize, (b[0] - b'a') as usize)
}

impl Slow {
    /// Reads the full-knowledge text: rows 4 to 1, `?X` a face-down X, letters face up, digits
    /// empty runs; then seat (`f`/`s`), first player's colour (`r`/`b`/`-`), quiet plies, move.
    pub fn from_full_text(text: &str, rules: Rules) -> Slow {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut board = [[Sq::Empty; 8]; 4];
        for (i, row_text) in fields[0].split('/').enumerate() {
            let row = 3 - i;
            let mut column = 0;
            let mut chars = row_text.chars();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    column += d as usize;
                } else if c == '?' {
                    board[row][column] = Sq::Down(chars.next().unwrap());
                    column += 1;
                } else {
                    board[row][column] = Sq::Up(c);
                    column += 1;
                }
            }
            assert_eq!(column, 8);
        }
        let second_to_move = fields[1] == "s";
        let first_is_red = match fields[2] {
            "r" => Some(true),
            "b" => Some(false),
            _ => None,
        };
        Slow {
            board,
            second_to_move,
            first_is_red,
            quiet: fields[3].parse().unwrap(),
            seen: vec![(board, second_to_move)],
            rules,
        }
    }

    /// The colour to move (red = true), once the first flip has fixed colours.
    fn red_to_move(&self) -> Option<bool> {
        self.first_is_red.map(|f| f != self.second_to_move)
    }

    fn beats(&self, a: char, b: char) -> bool {
        let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
        if a == 'p' && b == 'k' {
            return self.rules.soldier_takes_general;
        }
        if a == 'k' && b == 'p' {
            return self.rules.general_takes_soldier;
        }
        rank(a) >= rank(b)
    }

    /// Every legal turn as notation, sorted.
    pub fn turns(&self) -> Vec<String> {
        let mut out = Vec::new();
        let cells: Vec<(usize, usize)> = (0..4).flat_map(|r| (0..8).map(move |c| (r, c))).collect();
        for &(r, c) in &cells {
            if let Sq::Down(_) = self.board[r][c] {
                out.push(name(r, c));
            }
        }
        let Some(me) = self.red_to_move() else {
            out.sort();
            return out;
        };
        for &(fr, fc) in &cells {
            let Sq::Up(a) = self.board[fr][fc] else {
                continue;
            };
            if is_red(a) != me {
                continue;
            }
            for &(tr, tc) in &cells {
                if (fr, fc) == (tr, tc) || (fr != tr && fc != tc) {
                    continue;
                }
                let distance = fr.abs_diff(tr) + fc.abs_diff(tc);
                // Pieces strictly between, found by testing every square.
                let between = cells
                    .iter()
                    .filter(|&&(r, c)| {
                        let inside = |x: usize, p: usize, q: usize| p.min(q) < x && x < p.max(q);
                        (fr == tr && r == fr && inside(c, fc, tc))
                            || (fc == tc && c == fc && inside(r, fr, tr))
                    })
                    .filter(|&&(r, c)| self.board[r][c] != Sq::Empty)
                    .count();
                let lower = a.to_ascii_lowercase();
                let reaches =
                    distance == 1 || (lower == 'r' && self.rules.chariot_slides && between == 0);
                let from = name(fr, fc);
                let to = name(tr, tc);
                match self.board[tr][tc] {
                    Sq::Empty if reaches => out.push(format!("{from}-{to}")),
                    Sq::Up(b) if is_red(b) != me => {
                        let takes = if lower == 'c' {
                            between == 1
                                || (self.rules.cannon_steps && distance == 1 && self.beats(a, b))
                        } else {
                            reaches && self.beats(a, b)
                        };
                        if takes {
                            out.push(format!("{from}x{to}"));
                        }
                    }
                    _ => {}
                }
            }
        }
        out.sort();
        out
    }

    /// Plays a turn given as notation (assumed legal).
    pub fn play(&mut self, turn: &str) {
        if turn.len() == 2 {
            let (r, c) = square(turn);
            let Sq::Down(p) = self.board[r][c] else {
                panic!("{turn} is not face down")
            };
            self.board[r][c] = Sq::Up(p);
            if self.first_is_red.is_none() {
                self.first_is_red = Some(is_red(p) != self.second_to_move);
            }
            self.quiet = 0;
        } else {
            let (fr, fc) = square(&turn[..2]);
            let (tr, tc) = square(&turn[3..]);
            if &turn[2..3] == "x" {
                self.quiet = 0;
            } else {
                self.quiet += 1;
            }
            self.board[tr][tc] = self.board[fr][fc];
            self.board[fr][fc] = Sq::Empty;
        }
        self.second_to_move = !self.second_to_move;
        self.seen.push((self.board, self.second_to_move));
    }

    /// How the game stands, in words: `None` while it runs.
    pub fn result(&self) -> Option<String> {
        let me = self.red_to_move()?;
        let colour = |red: bool| if red { "red" } else { "black" };
        let mine = self.board.iter().flatten().any(|s| match s {
            Sq::Up(p) | Sq::Down(p) => is_red(*p) == me,
            Sq::Empty => false,
        });
        if !mine {
            return Some(format!("{} wins: no piece left", colour(!me)));
        }
        // A face-down piece can always be flipped, so only a board without one can be stuck.
        let any_down = self
            .board
            .iter()
            .flatten()
            .any(|s| matches!(s, Sq::Down(_)));
        if !any_down && self.turns().is_empty() {
            return Some(format!("{} wins: no legal turn", colour(!me)));
        }
        if self.quiet >= 60 {
            return Some("draw: 60 plies".into());
        }
        let now = (self.board, self.second_to_move);
        if self.seen.iter().filter(|p| **p == now).count() >= 3 {
            return Some("draw: repetition".into());
        }
        None
    }

    /// Leaves of the legal turn tree; a finished game has no turns.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.result().is_some() {
            return 0;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .iter()
            .map(|t| {
                let mut next = self.clone();
                next.play(t);
                next.perft(depth - 1)
            })
            .sum()
    }
}
