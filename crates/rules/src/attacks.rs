//! Attack sets as bitboards: the points a piece could capture on, were an enemy standing
//! there, and the empty points a chariot or cannon slides over. Evaluation reads them (king
//! zones, threats, mobility); move generation keeps its own emit-per-move path.
//!
//! Pins are ignored, as in every engine's attack maps; a point held by the piece's own side
//! counts as attacked (defended). Lines come from the bit-rank/bit-file views of `tables`.

use crate::board::Board;
use crate::tables::{
    ADVISOR, ADVISOR_FREE, ELEPHANT, ELEPHANT_FREE, FILE_LINES, FILE_SPREAD, GENERAL, HORSE,
    LineView, RANK_LINES, SOLDIER, Steps,
};
use crate::types::{Role, Square};

impl Board {
    /// The points the piece on `sq` attacks (empty if `sq` is empty). A face-down Jieqi piece
    /// attacks as its start point's piece; `free` gives revealed advisors and elephants their
    /// Jieqi freedom (rules.md §7). The general's flying capture along an open file is left
    /// out: it is a legality matter, not an attack on the board.
    #[inline]
    pub fn attacks_from(&self, sq: Square, free: bool) -> u128 {
        let Some(piece) = self.piece_at(sq) else {
            return 0;
        };
        let from = sq.index();
        let roams = free && !piece.is_hidden();
        match piece.role() {
            Role::General => steps(&GENERAL[from]),
            Role::Advisor if roams => steps(&ADVISOR_FREE[from]),
            Role::Advisor => steps(&ADVISOR[piece.side().index()][from]),
            Role::Elephant if roams => self.blockable(&ELEPHANT_FREE[from]),
            Role::Elephant => self.blockable(&ELEPHANT[piece.side().index()][from]),
            Role::Horse => self.blockable(&HORSE[from]),
            Role::Chariot => self.line_bits(sq, |v| v.slide | v.first),
            Role::Cannon => self.line_bits(sq, |v| v.beyond),
            Role::Soldier => steps(&SOLDIER[piece.side().index()][from]),
        }
    }

    /// The empty points a chariot or cannon on `sq` could move to without capturing.
    #[inline]
    pub fn slides_from(&self, sq: Square) -> u128 {
        self.line_bits(sq, |v| v.slide)
    }

    #[inline]
    fn blockable(&self, t: &Steps) -> u128 {
        let mut a = 0;
        for i in 0..t.len as usize {
            if self.squares[t.block[i] as usize] == 0 {
                a |= 1u128 << t.to[i];
            }
        }
        a
    }

    /// The points selected by `pick` from the rank and file views of `sq`.
    #[inline]
    fn line_bits(&self, sq: Square, pick: impl Fn(LineView) -> u16) -> u128 {
        let (f, r) = (sq.file() as usize, sq.rank() as usize);
        let rank = pick(RANK_LINES[f][self.rank_occ[r] as usize]);
        let file = pick(FILE_LINES[r][self.file_occ[f] as usize]);
        ((rank as u128) << (r * 9)) | (FILE_SPREAD[file as usize] << f)
    }
}

#[inline]
fn steps(t: &Steps) -> u128 {
    let mut a = 0;
    for i in 0..t.len as usize {
        a |= 1u128 << t.to[i];
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Piece, Side};

    fn points(names: &[&str]) -> u128 {
        names
            .iter()
            .map(|n| 1u128 << Square::parse(n).expect("a point").index())
            .sum()
    }

    fn board(pieces: &[(&str, Piece)]) -> Board {
        let mut b = Board::empty();
        for (name, piece) in pieces {
            b.put(Square::parse(name).expect("a point"), *piece);
        }
        b
    }

    /// rules.md §7: a revealed advisor roams one step diagonally anywhere; a face-down one,
    /// or any advisor in Xiangqi, only inside its palace.
    #[test]
    fn a_freed_advisor_attacks_outside_the_palace() {
        let e4 = Square::parse("e4").unwrap();
        let revealed = board(&[("e4", Piece::new(Side::Red, Role::Advisor))]);
        assert_eq!(
            revealed.attacks_from(e4, true),
            points(&["d3", "f3", "d5", "f5"])
        );
        assert_eq!(revealed.attacks_from(e4, false), 0);
        let hidden = board(&[("e4", Piece::hidden(Side::Red, Role::Advisor))]);
        assert_eq!(hidden.attacks_from(e4, true), 0);
    }

    /// A cannon attacks every point past its screen up to and including the next piece, and
    /// nothing before the screen; it slides over the points before it.
    #[test]
    fn a_cannon_attacks_past_its_screen() {
        let b2 = Square::parse("b2").unwrap();
        let b = board(&[
            ("b2", Piece::new(Side::Red, Role::Cannon)),
            ("b5", Piece::new(Side::Red, Role::Soldier)),
            ("b8", Piece::new(Side::Black, Role::Horse)),
        ]);
        assert_eq!(b.attacks_from(b2, false), points(&["b6", "b7", "b8"]));
        assert_eq!(
            b.slides_from(b2),
            points(&[
                "b3", "b4", "b1", "b0", "a2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"
            ])
        );
    }
}
