//! Seeded Banqi deals (rules.md §8, §11): the algorithm is on [`BanqiDeal`].

use std::fmt;

use jieqi_rules::{DealStream, Piece, Role, Seed, Side};

use crate::board::{PieceCounts, Point, SQUARES, piece_from_letter, piece_letter};
use jieqi_rules::quote::quote_char;

/// Bytes 8–31 of every Banqi deal key (step 1 in the [`BanqiDeal`] docs). Changing it changes every
/// deal.
pub const DEAL_KEY_TAG: [u8; 24] = *b"BANQI DEAL KEY VERSION 1";

/// The order the 32 pieces have before the shuffle (step 4 in the [`BanqiDeal`] docs).
pub const SHUFFLE_ORDER: [Piece; SQUARES] = {
    const ROLES: [Role; 16] = [
        Role::General,
        Role::Advisor,
        Role::Advisor,
        Role::Elephant,
        Role::Elephant,
        Role::Chariot,
        Role::Chariot,
        Role::Horse,
        Role::Horse,
        Role::Cannon,
        Role::Cannon,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
    ];
    let mut out = [Piece::new(Side::Red, Role::General); SQUARES];
    let mut i = 0;
    while i < 16 {
        out[i] = Piece::new(Side::Red, ROLES[i]);
        out[16 + i] = Piece::new(Side::Black, ROLES[i]);
        i += 1;
    }
    out
};

/// The 32 pieces of a Banqi game by the square each starts on, face down.
///
/// A deal is a pure function of a [`Seed`]: the same seed gives the same deal on every machine
/// and in every release. The algorithm is Banqi's own (not the Jieqi deal's), written out here
/// so that it can be re-implemented from this page alone:
///
/// 1. **Key.** A 32-byte ChaCha20 key: bytes 0–7 are the seed's `u64` in little-endian order,
///    bytes 8–31 are the 24 ASCII bytes `BANQI DEAL KEY VERSION 1` ([`DEAL_KEY_TAG`]). The tag
///    differs from Jieqi's, so one seed gives unrelated Jieqi and Banqi deals.
/// 2. **Stream.** ChaCha20 (20 rounds, D. J. Bernstein's original layout: 64-bit block counter
///    from 0, 64-bit nonce 0), read as consecutive little-endian `u32` words, block after block:
///    what `rand_chacha::ChaCha20Rng::from_seed(key)` and `next_u32` give (a test checks it
///    against a plain ChaCha20).
/// 3. **Bounded integers.** A uniform integer in `0..n` (`2 <= n <= 32`) by rejection with a
///    zone: `t = 2^32 mod n` (`n.wrapping_neg() % n`); draw words `x` until `x >= t`; the result
///    is `x mod n`.
/// 4. **Shuffle.** The 32 pieces start in the [`SHUFFLE_ORDER`]: red general, advisors,
///    elephants, chariots, horses, cannons, soldiers (by rank, rules.md §11), then black in the
///    same order. Fisher–Yates from the last index down: for `i = 31, 30, …, 1` draw `j` uniform
///    in `0..=i` (step 3 with `n = i + 1`) and swap entries `i` and `j`. Entry `k` is then the
///    piece on square `k` ([`Point::index`]: `a1` = 0, `h1` = 7, `a2` = 8, …, `h4` = 31).
///
/// Seeds are written as the rules crate's short codes ([`Seed`]'s `Display`/`FromStr`).
///
/// `Debug` does not print them (they are secret until flipped); use [`BanqiDeal::to_letters`]
/// deliberately.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BanqiDeal {
    pieces: [Piece; SQUARES],
}

impl fmt::Debug for BanqiDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Deal { .. }")
    }
}

/// Why a list of pieces is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BanqiDealError {
    #[error("a deal lists 32 pieces, one per square a1..h4; this one has {0}")]
    Length(usize),
    #[error("'{0}' is not a piece letter (K A B R N C P, upper case red, lower case black)")]
    BadLetter(String),
    #[error("the deal has {found} of {piece}, but the set has {expected}")]
    WrongCount {
        /// The piece's letter (`R`, `p`, …).
        piece: char,
        found: u8,
        expected: u8,
    },
}

impl BanqiDeal {
    /// The deal of `seed` (rules.md §8, §11). Pure and fixed forever: the algorithm is above and
    /// the tests hold golden vectors.
    pub fn from_seed(seed: Seed) -> BanqiDeal {
        // The rules crate's deal stream (steps 1–4), under Banqi's own tag.
        let mut pieces = SHUFFLE_ORDER;
        DealStream::new(seed, &DEAL_KEY_TAG).shuffle(&mut pieces);
        BanqiDeal { pieces }
    }

    /// A deal from the piece on each square in [`Point::index`] order. It must be exactly the
    /// full set (each colour: 1 general, 2 advisors, 2 elephants, 2 chariots, 2 horses,
    /// 2 cannons, 5 soldiers).
    pub fn from_pieces(pieces: [Piece; SQUARES]) -> Result<BanqiDeal, BanqiDealError> {
        let mut counts = PieceCounts::default();
        for &piece in &pieces {
            counts.add(piece);
        }
        let full = PieceCounts::full_set();
        for &piece in &SHUFFLE_ORDER {
            if counts.get(piece) != full.get(piece) {
                return Err(BanqiDealError::WrongCount {
                    piece: piece_letter(piece),
                    found: counts.get(piece),
                    expected: full.get(piece),
                });
            }
        }
        Ok(BanqiDeal { pieces })
    }

    /// The 32 FEN letters in square order (`a1` … `h1`, `a2` …, `h4`): the form of the golden
    /// vectors. Secret until the game ends.
    pub fn to_letters(&self) -> String {
        self.pieces.iter().map(|&p| piece_letter(p)).collect()
    }

    /// Reads [`BanqiDeal::to_letters`]'s form back (whitespace and `/` between letters ignored).
    pub fn from_letters(text: &str) -> Result<BanqiDeal, BanqiDealError> {
        let letters: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if letters.len() != SQUARES {
            return Err(BanqiDealError::Length(letters.len()));
        }
        let mut pieces = SHUFFLE_ORDER;
        for (slot, &c) in pieces.iter_mut().zip(&letters) {
            *slot = piece_from_letter(c).ok_or_else(|| BanqiDealError::BadLetter(quote_char(c)))?;
        }
        BanqiDeal::from_pieces(pieces)
    }

    /// The piece dealt face down on `point`.
    pub fn piece(&self, point: Point) -> Piece {
        self.pieces[point.index()]
    }

    /// All 32, in [`Point::index`] order.
    pub fn pieces(&self) -> &[Piece; SQUARES] {
        &self.pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_pieces_checks_the_set_rules_11() {
        assert!(BanqiDeal::from_pieces(SHUFFLE_ORDER).is_ok());
        let mut bad = SHUFFLE_ORDER;
        bad[1] = Piece::new(Side::Red, Role::General);
        assert_eq!(
            BanqiDeal::from_pieces(bad),
            Err(BanqiDealError::WrongCount {
                piece: 'K',
                found: 2,
                expected: 1
            })
        );
    }

    #[test]
    fn debug_does_not_leak_the_deal_rules_11() {
        assert_eq!(
            format!("{:?}", BanqiDeal::from_seed(Seed(1))),
            "Deal { .. }"
        );
    }
}
