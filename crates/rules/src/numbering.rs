//! Move numbers, as records, replays and the game's move list write them: the plies go in
//! pairs, the first side's move and the second side's answer under one number (`1. C2=5
//! H8+7`). A game whose second side moves first (a Xiangqi or Jieqi game from a FEN with
//! Black to move) opens with a pair that has no first move (`1... C9=8`); a game from a FEN
//! counts on from that position's move number.
//!
//! The one place that counts: each front end only lays the numbers out its own way.

use std::fmt;

use crate::position::Position;
use crate::types::Side;

/// How a game's plies are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// The number of the game's first pair.
    pub first_number: u32,
    /// The side that normally moves second made the game's first move.
    pub second_moves_first: bool,
}

/// The number a ply goes under, and which move of its pair it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    /// The move of the side that normally moves second (Black in Xiangqi and Jieqi).
    pub second: bool,
}

/// One numbered pair of plies, by their indices in the game (0: its first move). Only the
/// game's first pair may lack its first move, and only its last its second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub number: u32,
    pub first: Option<usize>,
    pub second: Option<usize>,
}

impl Numbering {
    /// A game from its variant's own start: numbered from 1, the first side first.
    pub const FROM_START: Numbering = Numbering {
        first_number: 1,
        second_moves_first: false,
    };

    pub const fn new(first_number: u32, second_moves_first: bool) -> Numbering {
        Numbering {
            first_number,
            second_moves_first,
        }
    }

    /// A Xiangqi or Jieqi game from `start`: its move number, and Black to move or not.
    pub fn from_position(start: &Position) -> Numbering {
        Numbering::new(start.fullmoves(), start.turn() == Side::Black)
    }

    /// The ply at `index` (0: the game's first move).
    pub fn ply(self, index: usize) -> MoveNumber {
        // Counted as if the missing first move of an opening pair had been played.
        let k = index + usize::from(self.second_moves_first);
        MoveNumber {
            number: self.first_number + (k / 2) as u32,
            second: k % 2 == 1,
        }
    }

    /// Every ply's number, from the game's first move on (endless: zip it with the moves).
    pub fn plies(self) -> impl Iterator<Item = MoveNumber> {
        (0..).map(move |index| self.ply(index))
    }

    /// The numbered pairs of a game of `plies` plies, in order.
    pub fn pairs(self, plies: usize) -> impl Iterator<Item = Pair> {
        let mut index = 0;
        std::iter::from_fn(move || {
            if index >= plies {
                return None;
            }
            let MoveNumber { number, second } = self.ply(index);
            let first = (!second).then_some(index);
            index += usize::from(!second);
            let second = (index < plies).then_some(index);
            index += 1;
            Some(Pair {
                number,
                first,
                second,
            })
        })
    }
}

impl MoveNumber {
    /// The side that makes this move in Xiangqi and Jieqi, where Red moves first.
    pub fn side(self) -> Side {
        if self.second { Side::Black } else { Side::Red }
    }
}

/// The number as written in front of the move: `3.` before a first move, `3...` before a
/// second move that opens a line (the game's first move, or a pair split by a comment).
impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.second { "..." } else { "." };
        write!(f, "{}{dots}", self.number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::MoveRules;
    use crate::setup::Setup;

    fn written(numbering: Numbering, plies: usize) -> Vec<String> {
        numbering
            .plies()
            .take(plies)
            .map(|n| n.to_string())
            .collect()
    }

    #[test]
    fn plies_go_in_pairs_from_the_first_number() {
        assert_eq!(
            written(Numbering::FROM_START, 4),
            ["1.", "1...", "2.", "2..."]
        );
        assert_eq!(
            written(Numbering::new(12, false), 3),
            ["12.", "12...", "13."]
        );
    }

    #[test]
    fn a_game_the_second_side_starts_opens_with_half_a_pair() {
        assert_eq!(
            written(Numbering::new(1, true), 4),
            ["1...", "2.", "2...", "3."]
        );
        assert_eq!(Numbering::new(7, true).ply(0).side(), Side::Black);
        assert_eq!(Numbering::new(7, true).ply(1).side(), Side::Red);
    }

    #[test]
    fn a_position_gives_its_move_number_and_side() {
        let setup = Setup::parse_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 14").unwrap();
        let black = Position::from_setup(&setup, MoveRules::XIANGQI).unwrap();
        assert_eq!(Numbering::from_position(&black), Numbering::new(14, true));
        assert_eq!(
            Numbering::from_position(&Position::startpos()),
            Numbering::FROM_START
        );
    }

    #[test]
    fn pairs_hold_the_plies_numbered_alike() {
        for numbering in [Numbering::FROM_START, Numbering::new(5, true)] {
            for plies in 0..7 {
                let pairs: Vec<Pair> = numbering.pairs(plies).collect();
                let indices: Vec<usize> = pairs
                    .iter()
                    .flat_map(|p| p.first.into_iter().chain(p.second))
                    .collect();
                assert_eq!(indices, (0..plies).collect::<Vec<_>>());
                for pair in &pairs {
                    for (index, second) in [(pair.first, false), (pair.second, true)] {
                        if let Some(index) = index {
                            let n = numbering.ply(index);
                            assert_eq!((n.number, n.second), (pair.number, second));
                        }
                    }
                }
            }
        }
        let opening: Vec<Pair> = Numbering::new(1, true).pairs(2).collect();
        assert_eq!(
            opening,
            [
                Pair {
                    number: 1,
                    first: None,
                    second: Some(0)
                },
                Pair {
                    number: 2,
                    first: Some(1),
                    second: None
                },
            ]
        );
    }
}
