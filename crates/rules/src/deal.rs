//! Seeded Jieqi deals (rules.md §7, §8).
//!
//! A [`Deal`] says which piece lies face-down on each of the 15 non-general start points of
//! each side. It is a pure function of a [`Seed`]: the same seed gives the same deal on every
//! machine and in every release. The algorithm is written out here, step by step, so that it
//! can be re-implemented from this page alone and does not depend on any library's shuffle:
//!
//! 1. **Key.** A 32-byte ChaCha20 key: bytes 0–7 are the seed's `u64` in little-endian order,
//!    bytes 8–31 are the 24 ASCII bytes `JIEQI DEAL KEY VERSION 1` ([`DEAL_KEY_TAG`]).
//! 2. **Stream.** ChaCha20 (20 rounds, D. J. Bernstein's original layout) with that key, a
//!    64-bit block counter starting at 0 and a 64-bit nonce of 0. The keystream is read as
//!    consecutive little-endian `u32` words: words 0–15 of block 0, then block 1, and so on.
//!    This is exactly what `rand_chacha::ChaCha20Rng::from_seed(key)` followed by `next_u32`
//!    calls yields; a test checks it against a plain implementation of ChaCha20 and against the
//!    all-zero-key test vector of RFC 8439 / Bernstein.
//! 3. **Bounded integers.** A uniform integer in `0..n` (here `2 <= n <= 15`) is drawn by
//!    rejection with a zone, as OpenBSD's `arc4random_uniform` does: let
//!    `t = 2^32 mod n` (computed as `n.wrapping_neg() % n`); draw words `x` until `x >= t`;
//!    the result is `x mod n`. The accepted range holds `2^32 - t` values, a multiple of `n`,
//!    so every result is equally likely. (A rejection happens with probability below
//!    `15 / 2^32`, so in practice one word is one draw.)
//! 4. **Shuffle.** Each side's 15 identities start in start-point order (see below) as the
//!    pieces that normally stand there. Fisher–Yates from the last index down: for
//!    `i = 14, 13, …, 1`, draw `j` uniform in `0..=i` (step 3 with `n = i + 1`) and swap
//!    entries `i` and `j`. Red is shuffled first, then Black, continuing the same stream.
//!
//! **Start-point order.** A side's 15 non-general start points in ascending square index
//! (`rank * 9 + file`, ICCS: `a0` = 0, `i9` = 89). Red: `a0 b0 c0 d0 f0 g0 h0 i0 b2 h2 a3 c3
//! e3 g3 i3` (standard pieces `R N B A A B N R C C P P P P P`). Black: `a6 c6 e6 g6 i6 b7 h7 a9
//! b9 c9 d9 f9 g9 h9 i9` (`p p p p p c c r n b a a b n r`). After the shuffle, entry `k` is
//! the identity of the hidden piece on start point `k`.
//!
//! Seeds are written as short codes that people can type and read aloud: see [`Seed`].

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

use crate::setup::{Handicap, Pool, START_COUNTS, Setup, start_piece, write_placement};
use crate::types::{FILES, Piece, RANKS, Role, Side, Square};

/// Bytes 8–31 of every deal key (step 1 of the algorithm in the module docs). Part of the
/// deal algorithm: changing it changes every deal.
pub const DEAL_KEY_TAG: [u8; 24] = *b"JIEQI DEAL KEY VERSION 1";

/// How many face-down pieces a side starts with in Jieqi (rules.md §7).
const HIDDEN_PER_SIDE: usize = 15;

/// Crockford's base-32 alphabet: digits, then letters without I, L, O and U.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A side's non-general start points in ascending square index, and their standard pieces.
static START: ([[Square; HIDDEN_PER_SIDE]; 2], [[Role; HIDDEN_PER_SIDE]; 2]) = {
    let mut points = [[Square::from_index_unchecked(0); HIDDEN_PER_SIDE]; 2];
    let mut roles = [[Role::General; HIDDEN_PER_SIDE]; 2];
    let mut filled = [0usize; 2];
    let mut i = 0;
    while i < Square::COUNT {
        let sq = Square::from_index_unchecked(i as u8);
        if let Some((side, role)) = start_piece(sq)
            && !matches!(role, Role::General)
        {
            let s = side.index();
            points[s][filled[s]] = sq;
            roles[s][filled[s]] = role;
            filled[s] += 1;
        }
        i += 1;
    }
    assert!(filled[0] == HIDDEN_PER_SIDE && filled[1] == HIDDEN_PER_SIDE);
    (points, roles)
};

/// The seed of a Jieqi deal (rules.md §8): any `u64`.
///
/// **Code form.** [`Display`](fmt::Display) writes the number in Crockford base 32 (digits and
/// the letters `A`–`Z` without `I L O U`), most significant symbol first, without leading zeros,
/// in groups of four symbols counted from the right and joined by hyphens: `0`, `1A` (= 42),
/// `F-ZZZZ-ZZZZ-ZZZZ` (= `u64::MAX`). A random seed takes 13 symbols 15 times in 16.
///
/// [`FromStr`] reads that form leniently: surrounding whitespace is ignored, hyphens anywhere are
/// ignored, letters may be of either case, `I`/`L` read as `1` and `O` as `0`, leading zeros are
/// allowed. It does **not** accept a plain decimal number: every decimal string is also a valid
/// code (`42` is the code for 130), so accepting both would make the same text name two deals.
/// The number itself is the public field, for callers that want decimal.
///
/// `Debug` does not print the number: the seed gives away the deal, which must stay hidden until
/// the game ends (rules.md §7, §8). Use `Display` deliberately to show it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seed(pub u64);

impl Seed {
    /// The value of one code symbol, with Crockford's aliases (`I`/`L` → 1, `O` → 0).
    fn symbol_value(c: char) -> Option<u8> {
        let c = c.to_ascii_uppercase();
        match c {
            'O' => Some(0),
            'I' | 'L' => Some(1),
            _ if c.is_ascii_alphanumeric() => {
                ALPHABET.iter().position(|&a| a == c as u8).map(|v| v as u8)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Least significant symbol first.
        let mut symbols = [0u8; 13];
        let mut n = 0;
        let mut v = self.0;
        loop {
            symbols[n] = ALPHABET[(v & 31) as usize];
            n += 1;
            v >>= 5;
            if v == 0 {
                break;
            }
        }
        let mut s = String::with_capacity(16);
        for i in (0..n).rev() {
            s.push(char::from(symbols[i]));
            if i > 0 && i % 4 == 0 {
                s.push('-');
            }
        }
        f.pad(&s)
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(..)")
    }
}

impl FromStr for Seed {
    type Err = ParseSeedError;

    fn from_str(s: &str) -> Result<Seed, ParseSeedError> {
        let code = s.trim();
        let mut value: u64 = 0;
        let mut symbols = 0usize;
        for (i, c) in code.chars().enumerate() {
            if c == '-' {
                continue;
            }
            let digit = Seed::symbol_value(c).ok_or(ParseSeedError::BadSymbol {
                symbol: c,
                position: i + 1,
            })?;
            value = value
                .checked_mul(32)
                .and_then(|v| v.checked_add(u64::from(digit)))
                .ok_or(ParseSeedError::TooLarge)?;
            symbols += 1;
        }
        if symbols == 0 {
            return Err(ParseSeedError::Empty);
        }
        Ok(Seed(value))
    }
}

/// Why a text is not a seed code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSeedError {
    #[error("the seed code is empty")]
    Empty,
    /// `position` counts characters from 1, after surrounding whitespace is removed.
    #[error(
        "{symbol:?} (character {position}) cannot be part of a seed code, which uses the digits \
         and the letters A-Z except U"
    )]
    BadSymbol { symbol: char, position: usize },
    #[error("the seed code is too large: the largest is F-ZZZZ-ZZZZ-ZZZZ")]
    TooLarge,
}

/// The hidden identities of a Jieqi game (rules.md §7): for each side, the piece lying
/// face-down on each of its 15 non-general start points.
///
/// Made by [`Deal::from_seed`] (the algorithm is in the module docs), or read back from a
/// full-knowledge FEN ([`Deal::from_full_fen`]) or a list of identities
/// ([`Deal::from_identities`]).
///
/// **Full-knowledge FEN.** The public Jieqi FEN (rules.md §9) writes a hidden piece as `X`
/// (Red) or `x` (Black). The full-knowledge form is the same FEN with each hidden piece's
/// identity written right after its `X`/`x`, as a FEN letter of the same case: `XN` is a hidden
/// Red piece that is really a horse, `xc` a hidden Black piece that is really a cannon. The pair
/// counts as one point. The letter after `X` is never read as a piece of its own, so the form is
/// unambiguous; deleting every letter that follows an `X`/`x` gives back the public FEN; and
/// readers of the public FEN reject it (a rank would be wider than 9 points) rather than
/// misread it. The letters are `A B N R C P` (`E`/`H` accepted on input for `B`/`N`, as in
/// rules.md §2). The remaining fields are those of the public FEN. Seed 0's deal, for example:
///
/// ```text
/// xaxcxrxbkxnxpxpxr/9/1xa5xp1/xb1xp1xp1xc1xn/9/9/XP1XR1XP1XN1XP/1XC5XP1/9/XRXAXNXAKXBXCXBXP w R2A2C2P5N2B2r2a2c2p5n2b2 0 1
/// ```
///
/// (the hidden Red piece on the chariot corner `a0` is a chariot, the one on `b0` an advisor).
///
/// `Debug` does not print the identities (they are secret until the game ends, rules.md §7);
/// use [`Deal::to_full_fen`] deliberately.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// `identities[side][k]`: the identity on `side`'s start point `k` (start-point order).
    identities: [[Role; HIDDEN_PER_SIDE]; 2],
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Deal { .. }")
    }
}

/// The keystream a seeded deal draws from (module docs, steps 1–3): ChaCha20 keyed by the
/// seed's `u64` little-endian and a variant's 24-byte tag, read as `u32` words. Every variant
/// that deals (Jieqi here, Banqi in its own crate) shuffles with it, under its own tag, so one
/// seed gives unrelated deals in different variants.
#[derive(Debug)]
pub struct DealStream {
    rng: ChaCha20Rng,
}

impl DealStream {
    pub fn new(seed: Seed, tag: &[u8; 24]) -> DealStream {
        DealStream {
            rng: ChaCha20Rng::from_seed(deal_key(seed, tag)),
        }
    }

    /// A uniform integer in `0..n` for `n >= 1` (step 3).
    pub fn below(&mut self, n: u32) -> u32 {
        below(&mut self.rng, n)
    }

    /// Fisher–Yates from the last index down (step 4): for `i` from the last index down to 1,
    /// draw `j` in `0..=i` and swap entries `i` and `j`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle(items, &mut self.rng);
    }
}

/// Fisher–Yates from the last index down (module docs, step 4).
fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// The 32-byte ChaCha20 key of a seed: its `u64` little-endian, then the variant's tag.
fn deal_key(seed: Seed, tag: &[u8; 24]) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.0.to_le_bytes());
    key[8..].copy_from_slice(tag);
    key
}

/// A uniform integer in `0..n` for `n >= 1`: rejection with a zone (module docs, step 3).
fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n >= 1);
    let n = n.max(1);
    let zone_start = n.wrapping_neg() % n; // 2^32 mod n
    loop {
        let x = rng.next_u32();
        if x >= zone_start {
            return x % n;
        }
    }
}

impl Deal {
    /// The deal of `seed` (rules.md §8). Pure and fixed forever: the algorithm is in the module
    /// docs and the tests hold golden vectors.
    ///
    /// ```
    /// use jieqi_rules::{Deal, Role, Seed, Square};
    ///
    /// let seed: Seed = "1a".parse().unwrap();
    /// assert_eq!(seed, Seed(42));
    /// assert_eq!(seed.to_string(), "1A");
    /// let deal = Deal::from_seed(seed);
    /// assert_eq!(deal.identity(Square::parse("a0").unwrap()), Some(Role::Advisor));
    /// assert_eq!(deal, Deal::from_full_fen(&deal.to_full_fen()).unwrap());
    /// ```
    pub fn from_seed(seed: Seed) -> Deal {
        let mut stream = DealStream::new(seed, &DEAL_KEY_TAG);
        let mut identities = START.1;
        for side in Side::ALL {
            stream.shuffle(&mut identities[side.index()]);
        }
        Deal { identities }
    }

    /// A deal from each side's identities in start-point order ([`Deal::start_points`]). Each
    /// list must hold exactly a side's 15 non-general pieces: 2 advisors, 2 elephants,
    /// 2 horses, 2 chariots, 2 cannons, 5 soldiers.
    pub fn from_identities(
        red: [Role; HIDDEN_PER_SIDE],
        black: [Role; HIDDEN_PER_SIDE],
    ) -> Result<Deal, DealError> {
        let identities = [red, black];
        for side in Side::ALL {
            for role in Role::ALL {
                let found = identities[side.index()]
                    .iter()
                    .filter(|&&r| r == role)
                    .count();
                let expected = if role == Role::General {
                    0
                } else {
                    START_COUNTS[role as usize] as usize
                };
                if found != expected {
                    return Err(DealError::WrongCount {
                        side,
                        role,
                        found,
                        expected,
                    });
                }
            }
        }
        Ok(Deal { identities })
    }

    /// `side`'s 15 non-general start points in ascending square index: the order of
    /// [`Deal::identities`] and of the shuffle.
    pub fn start_points(side: Side) -> &'static [Square; HIDDEN_PER_SIDE] {
        &START.0[side.index()]
    }

    /// `side`'s identities in start-point order ([`Deal::start_points`]).
    pub fn identities(&self, side: Side) -> &[Role; HIDDEN_PER_SIDE] {
        &self.identities[side.index()]
    }

    /// The identity of the piece dealt face-down on `sq`, or `None` when `sq` is not a
    /// non-general start point (generals are never hidden, rules.md §7).
    pub fn identity(&self, sq: Square) -> Option<Role> {
        let (side, _) = start_piece(sq)?;
        let k = Deal::start_points(side).iter().position(|&p| p == sq)?;
        Some(self.identities[side.index()][k])
    }

    /// The public start of a Jieqi game (rules.md §7): generals face-up, every other piece
    /// face-down on its start point (moving as the piece that normally starts there), the full
    /// pool `R2A2C2P5N2B2r2a2c2p5n2b2`, Red to move. It is the same for every deal, which is
    /// the point: the identities are not part of a setup.
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::start(Handicap::None);
        let mut pool = Pool::default();
        for side in Side::ALL {
            for (&sq, &role) in Deal::start_points(side).iter().zip(&START.1[side.index()]) {
                setup.board[sq.index()] = Some(Piece::hidden(side, role));
                pool.set(side, role, START_COUNTS[role as usize]);
            }
        }
        setup.pool = Some(pool);
        setup
    }

    /// The full-knowledge FEN of the game's start (format in the [`Deal`] docs): the public
    /// FEN of [`Deal::setup`] with each hidden piece's identity after its `X`/`x`.
    pub fn to_full_fen(&self) -> String {
        let setup = self.setup();
        let public = setup.to_fen();
        let rest = public.split_once(' ').map_or("", |(_, rest)| rest);
        let placement = write_placement(|sq| {
            let piece = setup.piece_at(sq)?;
            let identity = self.identity(sq).filter(|_| piece.is_hidden());
            Some((
                piece.fen_char(),
                identity.map(|id| side_case(piece.side(), id.fen_char())),
            ))
        });
        format!("{placement} {rest}")
    }

    /// Reads a deal back from a full-knowledge FEN of a game's start (format in the [`Deal`]
    /// docs). Only the placement field is read; any further fields are not (a deal's start
    /// fixes them). Every start point must hold its side's face-up general or a hidden piece
    /// of its side with an identity, every other point must be empty, and each side's
    /// identities must be its 15 non-general pieces.
    pub fn from_full_fen(fen: &str) -> Result<Deal, DealError> {
        let placement = fen.split_whitespace().next().ok_or(DealError::Empty)?;
        let cells = parse_full_placement(placement)?;
        let mut identities = [[Role::General; HIDDEN_PER_SIDE]; 2];
        let mut filled = [0usize; 2];
        for sq in Square::all() {
            let cell = cells[sq.index()];
            match start_piece(sq) {
                None if cell == Cell::Empty => {}
                None => return Err(DealError::UnexpectedPiece(sq)),
                Some((side, Role::General)) => {
                    if cell != Cell::FaceUp(side, Role::General) {
                        return Err(DealError::ExpectedGeneral { side, square: sq });
                    }
                }
                Some((side, _)) => match cell {
                    Cell::Hidden(s, id) if s == side => {
                        // Squares are visited in ascending order: the start-point order.
                        identities[side.index()][filled[side.index()]] = id;
                        filled[side.index()] += 1;
                    }
                    _ => return Err(DealError::ExpectedHidden { side, square: sq }),
                },
            }
        }
        let [red, black] = identities;
        Deal::from_identities(red, black)
    }
}

/// `c` in upper case for Red, lower case for Black.
fn side_case(side: Side, c: char) -> char {
    match side {
        Side::Red => c.to_ascii_uppercase(),
        Side::Black => c.to_ascii_lowercase(),
    }
}

/// One point of a full-knowledge placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    FaceUp(Side, Role),
    /// A face-down piece of a side, and its identity.
    Hidden(Side, Role),
}

/// Reads the placement field of a full-knowledge FEN (rank 9 first), checking only its form.
fn parse_full_placement(placement: &str) -> Result<[Cell; Square::COUNT], DealError> {
    let mut cells = [Cell::Empty; Square::COUNT];
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(DealError::RankCount(rows.len()));
    }
    for (rank, row) in (0..RANKS).rev().zip(&rows) {
        let mut file: u32 = 0;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(DealError::BadChar(c));
                }
                file += d;
                if file > u32::from(FILES) {
                    return Err(DealError::RankWidth { rank });
                }
                continue;
            }
            if file >= u32::from(FILES) {
                return Err(DealError::RankWidth { rank });
            }
            let sq = Square::from_index_unchecked(rank * FILES + file as u8);
            let side = if c.is_ascii_uppercase() {
                Side::Red
            } else {
                Side::Black
            };
            cells[sq.index()] = if c == 'X' || c == 'x' {
                let letter = chars.next().ok_or(DealError::MissingIdentity(sq))?;
                let id = Role::from_fen_char(letter)
                    .filter(|&r| r != Role::General)
                    .filter(|_| letter.is_ascii_uppercase() == c.is_ascii_uppercase())
                    .ok_or(DealError::BadIdentity { square: sq, letter })?;
                Cell::Hidden(side, id)
            } else {
                Cell::FaceUp(side, Role::from_fen_char(c).ok_or(DealError::BadChar(c))?)
            };
            file += 1;
        }
        if file != u32::from(FILES) {
            return Err(DealError::RankWidth { rank });
        }
    }
    Ok(cells)
}

/// Splits a full-knowledge FEN of any Jieqi position into its public FEN (identity letters
/// removed, other fields kept) and the identity of the hidden piece on each point.
pub(crate) fn split_full_fen(fen: &str) -> Result<(String, [Option<Role>; 90]), DealError> {
    let (placement, rest) = fen.trim().split_once(' ').unwrap_or((fen.trim(), ""));
    let cells = parse_full_placement(placement)?;
    let mut identities = [None; 90];
    let mut public = write_placement(|sq| match cells[sq.index()] {
        Cell::Empty => None,
        Cell::FaceUp(side, role) => Some((side_case(side, role.fen_char()), None)),
        Cell::Hidden(side, _) => Some((side_case(side, 'x'), None)),
    });
    for sq in Square::all() {
        if let Cell::Hidden(_, id) = cells[sq.index()] {
            identities[sq.index()] = Some(id);
        }
    }
    if !rest.is_empty() {
        public.push(' ');
        public.push_str(rest.trim());
    }
    Ok((public, identities))
}

/// Why a full-knowledge FEN or a list of identities is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("the FEN is empty")]
    Empty,
    #[error("the FEN has {0} ranks; a Xiangqi board has 10, separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} of the FEN does not have exactly 9 points")]
    RankWidth { rank: u8 },
    #[error(
        "{0:?} is not a piece letter (K A B N R C P, or X/x followed by an identity) or a count 1-9"
    )]
    BadChar(char),
    #[error("the hidden piece at {0} has no identity letter after its X")]
    MissingIdentity(Square),
    #[error(
        "{letter:?} after the hidden piece at {square} is not an identity: write A B N R C P in \
         the same case as the X"
    )]
    BadIdentity { square: Square, letter: char },
    #[error("{0} is empty at the start of a Jieqi game, but the FEN puts a piece there")]
    UnexpectedPiece(Square),
    #[error("{side}'s general must stand face-up on {square} at the start of a Jieqi game")]
    ExpectedGeneral { side: Side, square: Square },
    #[error(
        "{square} must hold a hidden {side} piece with its identity (X or x followed by a letter)"
    )]
    ExpectedHidden { side: Side, square: Square },
    #[error("{side}'s deal has {found} {role}s, but a side has {expected}")]
    WrongCount {
        side: Side,
        role: Role,
        found: usize,
        expected: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::convert::Infallible;

    /// Red's 15 letters, `/`, Black's 15 letters, each in start-point order.
    fn letters(deal: &Deal) -> String {
        let side_letters = |side: Side| -> String {
            deal.identities(side)
                .iter()
                .map(|r| side_case(side, r.fen_char()))
                .collect()
        };
        format!("{}/{}", side_letters(Side::Red), side_letters(Side::Black))
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    // ---------------------------------------------------------------- golden vectors (§8)

    /// rules.md §8: the same seed gives the same deal in every release. These strings were
    /// computed once and cross-checked with an independent Python reading of the module docs;
    /// any change to the key, the stream, the bounded draw, the shuffle or the start-point
    /// order breaks this test. Never update them to make a change pass.
    const GOLDEN: [(u64, &str, &str); 5] = [
        (0, "0", "RANABCBPCPPRPNP/bppcnapacrbnppr"),
        (1, "1", "PRCBRAPPCAPPBNN/pbpparcanrnppcb"),
        (7, "7", "RNBCABPPPPCNPAR/ppbccppabapnrnr"),
        (42, "1A", "ARPNPBPRBNCPCAP/nrarppbbnpacpcp"),
        (
            u64::MAX,
            "F-ZZZZ-ZZZZ-ZZZZ",
            "NCPPBARBRPCPNPA/bprnbnpcrpppaac",
        ),
    ];

    #[test]
    fn golden_deals_rules_8() {
        for (seed, code, deal) in GOLDEN {
            assert_eq!(letters(&Deal::from_seed(Seed(seed))), deal, "seed {seed}");
            assert_eq!(Seed(seed).to_string(), code);
            assert_eq!(code.parse::<Seed>(), Ok(Seed(seed)));
        }
    }

    #[test]
    fn golden_full_fen_rules_8() {
        assert_eq!(
            Deal::from_seed(Seed(0)).to_full_fen(),
            "xaxcxrxbkxnxpxpxr/9/1xa5xp1/xb1xp1xp1xc1xn/9/9/XP1XR1XP1XN1XP/1XC5XP1/9/\
             XRXAXNXAKXBXCXBXP w R2A2C2P5N2B2r2a2c2p5n2b2 0 1"
        );
    }

    // ---------------------------------------------------------------- the stream (§8)

    /// ChaCha20 block function written from Bernstein's description (RFC 8439 §2.3, with the
    /// original 64-bit counter in words 12–13 and a 64-bit nonce in words 14–15).
    fn chacha20_block(key: &[u8; 32], counter: u64) -> [u32; 16] {
        fn qr(s: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
            s[a] = s[a].wrapping_add(s[b]);
            s[d] = (s[d] ^ s[a]).rotate_left(16);
            s[c] = s[c].wrapping_add(s[d]);
            s[b] = (s[b] ^ s[c]).rotate_left(12);
            s[a] = s[a].wrapping_add(s[b]);
            s[d] = (s[d] ^ s[a]).rotate_left(8);
            s[c] = s[c].wrapping_add(s[d]);
            s[b] = (s[b] ^ s[c]).rotate_left(7);
        }
        let mut input = [0u32; 16];
        input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
        for (i, chunk) in key.chunks_exact(4).enumerate() {
            input[4 + i] = u32::from_le_bytes(chunk.try_into().unwrap());
        }
        input[12] = counter as u32;
        input[13] = (counter >> 32) as u32;
        let mut s = input;
        for _ in 0..10 {
            qr(&mut s, 0, 4, 8, 12);
            qr(&mut s, 1, 5, 9, 13);
            qr(&mut s, 2, 6, 10, 14);
            qr(&mut s, 3, 7, 11, 15);
            qr(&mut s, 0, 5, 10, 15);
            qr(&mut s, 1, 6, 11, 12);
            qr(&mut s, 2, 7, 8, 13);
            qr(&mut s, 3, 4, 9, 14);
        }
        for (w, i) in s.iter_mut().zip(input) {
            *w = w.wrapping_add(i);
        }
        s
    }

    #[test]
    fn stream_is_plain_chacha20_rules_8() {
        // Test vector: all-zero key and nonce, block 0 (RFC 8439 A.1 #1).
        let mut zero = ChaCha20Rng::from_seed([0; 32]);
        let first: Vec<u32> = (0..4).map(|_| zero.next_u32()).collect();
        assert_eq!(first, [0xade0_b876, 0x903d_f1a0, 0xe56a_5d40, 0x28bd_8653]);
        assert_eq!(chacha20_block(&[0; 32], 0)[..4], first[..]);
        // The library's words for our keys are the keystream, block after block.
        for (seed, _, _) in GOLDEN {
            let key = deal_key(Seed(seed), &DEAL_KEY_TAG);
            let mut rng = ChaCha20Rng::from_seed(key);
            for block in 0..5 {
                let words: Vec<u32> = (0..16).map(|_| rng.next_u32()).collect();
                assert_eq!(
                    words[..],
                    chacha20_block(&key, block)[..],
                    "seed {seed} block {block}"
                );
            }
        }
    }

    #[test]
    fn key_layout_rules_8() {
        let key = deal_key(Seed(0x0102_0304_0506_0708), &DEAL_KEY_TAG);
        assert_eq!(key[..8], [8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(&key[8..], b"JIEQI DEAL KEY VERSION 1");
    }

    /// Words given in advance, to drive the bounded draw into its rejection zone.
    struct Words(Vec<u32>);

    impl rand_core::TryRng for Words {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            Ok(self.0.remove(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            unreachable!("the deal draws only u32 words")
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
            unreachable!("the deal draws only u32 words")
        }
    }

    #[test]
    fn bounded_draw_rejects_below_the_zone_rules_8() {
        // 2^32 mod 14 = 4: words 0..=3 are rejected, 4 is the first accepted.
        let mut w = Words(vec![0, 3, 4, 99]);
        assert_eq!(below(&mut w, 14), 4);
        assert_eq!(w.0, [99]);
        // 2^32 mod 15 = 1: only 0 is rejected.
        let mut w = Words(vec![0, 1, u32::MAX]);
        assert_eq!(below(&mut w, 15), 1);
        assert_eq!(below(&mut w, 15), u32::MAX % 15);
        // 2^32 mod 2 = 0: nothing is rejected.
        let mut w = Words(vec![0, 7]);
        assert_eq!((below(&mut w, 2), below(&mut w, 2)), (0, 1));
    }

    #[test]
    fn shuffle_swaps_from_the_last_index_down_rules_8() {
        // The word 1000 n + j (above every zone) draws j from 0..n; n runs 15, 14, …, 2.
        let words = |j: fn(u32) -> u32| Words((2..=15u32).rev().map(|n| 1000 * n + j(n)).collect());
        let show = |items: [Role; 15]| -> String { items.iter().map(|r| r.fen_char()).collect() };
        assert_eq!(show(START.1[0]), "rnbaabnrccppppp");
        // j = 0 every time: entry i swaps with entry 0, i = 14 down to 1: a rotation left.
        let mut items = START.1[0];
        shuffle(&mut items, &mut words(|_| 0));
        assert_eq!(show(items), "nbaabnrccpppppr");
        // j = i every time: every entry stays.
        let mut items = START.1[0];
        shuffle(&mut items, &mut words(|n| n - 1));
        assert_eq!(show(items), "rnbaabnrccppppp");
        // j = 1 every time: index 1 takes each later entry in turn, from the last down, and
        // hands the previous one on; the horse first at index 1 ends at the end.
        let mut items = START.1[0];
        shuffle(&mut items, &mut words(|_| 1));
        assert_eq!(show(items), "rbaabnrccpppppn");
    }

    // ---------------------------------------------------------------- the deal (§7)

    #[test]
    fn start_points_in_ascending_order_rules_7() {
        let names = |side| {
            Deal::start_points(side)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(Side::Red).join(" "),
            "a0 b0 c0 d0 f0 g0 h0 i0 b2 h2 a3 c3 e3 g3 i3"
        );
        assert_eq!(
            names(Side::Black).join(" "),
            "a6 c6 e6 g6 i6 b7 h7 a9 b9 c9 d9 f9 g9 h9 i9"
        );
        let standard = Deal {
            identities: START.1,
        };
        assert_eq!(letters(&standard), "RNBAABNRCCPPPPP/pppppccrnbaabnr");
    }

    #[test]
    fn setup_is_the_public_jieqi_start_rules_7() {
        let setup = Deal::from_seed(Seed(42)).setup();
        assert_eq!(
            setup.to_fen(),
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1"
        );
        assert_eq!(
            setup.piece_at(sq("e0")),
            Some(Piece::new(Side::Red, Role::General))
        );
        assert_eq!(
            setup.piece_at(sq("a9")),
            Some(Piece::hidden(Side::Black, Role::Chariot))
        );
        assert_eq!(
            setup.piece_at(sq("h2")),
            Some(Piece::hidden(Side::Red, Role::Cannon))
        );
        assert_eq!(setup.turn, Side::Red);
        // The setup does not depend on the deal: the identities are not part of it.
        assert_eq!(setup, Deal::from_seed(Seed(7)).setup());
        assert!(crate::Position::from_setup(&setup, crate::MoveRules::JIEQI).is_ok());
    }

    #[test]
    fn identity_of_each_start_point_rules_7() {
        let deal = Deal::from_seed(Seed(42));
        // Red "ARPNPBPRBNCPCAP" on a0 b0 c0 d0 f0 g0 h0 i0 b2 h2 a3 c3 e3 g3 i3,
        // Black "nrarppbbnpacpcp" on a6 c6 e6 g6 i6 b7 h7 a9 b9 c9 d9 f9 g9 h9 i9.
        assert_eq!(deal.identity(sq("a0")), Some(Role::Advisor));
        assert_eq!(deal.identity(sq("b2")), Some(Role::Elephant));
        assert_eq!(deal.identity(sq("a3")), Some(Role::Cannon));
        assert_eq!(deal.identity(sq("i3")), Some(Role::Soldier));
        assert_eq!(deal.identity(sq("a6")), Some(Role::Horse));
        assert_eq!(deal.identity(sq("h7")), Some(Role::Elephant));
        assert_eq!(deal.identity(sq("i9")), Some(Role::Soldier));
        // Generals are never hidden; other points hold nothing at the start.
        assert_eq!(deal.identity(sq("e0")), None);
        assert_eq!(deal.identity(sq("e9")), None);
        assert_eq!(deal.identity(sq("e5")), None);
        for side in Side::ALL {
            for (k, &p) in Deal::start_points(side).iter().enumerate() {
                assert_eq!(deal.identity(p), Some(deal.identities(side)[k]));
            }
        }
    }

    #[test]
    fn from_identities_checks_the_multiset_rules_7() {
        let [red, black] = START.1;
        assert!(Deal::from_identities(red, black).is_ok());
        let mut bad = red;
        bad[1] = Role::Chariot; // a horse becomes a third chariot
        assert_eq!(
            Deal::from_identities(bad, black),
            Err(DealError::WrongCount {
                side: Side::Red,
                role: Role::Horse,
                found: 1,
                expected: 2
            })
        );
        let mut bad = black;
        bad[0] = Role::General;
        assert_eq!(
            Deal::from_identities(red, bad),
            Err(DealError::WrongCount {
                side: Side::Black,
                role: Role::General,
                found: 1,
                expected: 0
            })
        );
    }

    #[test]
    fn debug_does_not_leak_the_deal_rules_7() {
        assert_eq!(format!("{:?}", Deal::from_seed(Seed(1))), "Deal { .. }");
        assert_eq!(format!("{:?}", Seed(1)), "Seed(..)");
    }

    proptest! {
        /// rules.md §7: each side's 15 hidden pieces are exactly its non-general pieces.
        #[test]
        fn every_deal_is_a_permutation_of_the_start_pieces_rules_7(seed in any::<u64>()) {
            let deal = Deal::from_seed(Seed(seed));
            for side in Side::ALL {
                let mut got = *deal.identities(side);
                let mut want = START.1[side.index()];
                got.sort();
                want.sort();
                prop_assert_eq!(got, want);
            }
            let [red, black] = deal.identities;
            prop_assert_eq!(Deal::from_identities(red, black), Ok(deal));
        }

        #[test]
        fn deals_are_pure_rules_8(seed in any::<u64>()) {
            prop_assert_eq!(Deal::from_seed(Seed(seed)), Deal::from_seed(Seed(seed)));
        }
    }

    // ---------------------------------------------------------------- uniformity (§8)

    const SEEDS: u64 = 20_000;
    /// Start pieces of a side by kind (A E H R C P), and how many of each.
    const KINDS: [Role; 6] = [
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];
    const KIND_COUNTS: [f64; 6] = [2.0, 2.0, 2.0, 2.0, 2.0, 5.0];

    fn kind(role: Role) -> usize {
        KINDS.iter().position(|&k| k == role).unwrap()
    }

    /// Pearson's statistic: sum of (observed - expected)^2 / expected.
    fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
        observed
            .iter()
            .zip(expected)
            .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
            .sum()
    }

    /// Per start point: how often each kind was dealt there, over seeds 0..SEEDS.
    fn point_counts(deals: &[[[Role; 15]; 2]]) -> [[[u64; 6]; 15]; 2] {
        let mut counts = [[[0u64; 6]; 15]; 2];
        for d in deals {
            for s in 0..2 {
                for k in 0..15 {
                    counts[s][k][kind(d[s][k])] += 1;
                }
            }
        }
        counts
    }

    /// The largest per-point statistic. For one start point, the kind dealt there is, over
    /// independent seeds, multinomial with probabilities (2,2,2,2,2,5)/15 under a uniform
    /// shuffle: 6 cells with fixed probabilities, so 5 degrees of freedom.
    fn worst_point(deals: &[[[Role; 15]; 2]]) -> f64 {
        let n = deals.len() as f64;
        let expected: Vec<f64> = KIND_COUNTS.iter().map(|c| n * c / 15.0).collect();
        let counts = point_counts(deals);
        counts
            .iter()
            .flatten()
            .map(|c| chi_square(c, &expected))
            .fold(0.0, f64::max)
    }

    /// Critical value of chi-square with 5 degrees of freedom at p = 1e-6 (35.888). With 30
    /// points tested, a uniform shuffle would exceed it somewhere with probability < 3e-5; the
    /// seeds are fixed, so the test is deterministic either way.
    const CRITICAL_5_DF: f64 = 35.89;
    /// Critical value of chi-square with 35 degrees of freedom at p = 1e-6 (89.947).
    const CRITICAL_35_DF: f64 = 89.95;

    fn deals(range: std::ops::Range<u64>) -> Vec<[[Role; 15]; 2]> {
        range.map(|s| Deal::from_seed(Seed(s)).identities).collect()
    }

    #[test]
    fn identities_are_uniform_on_every_start_point_rules_8() {
        let all = deals(0..SEEDS);
        let worst = worst_point(&all);
        assert!(
            worst < CRITICAL_5_DF,
            "chi-square {worst} >= {CRITICAL_5_DF} (5 df)"
        );
    }

    /// rules.md §7 shuffles each side's pieces on its own, so Red's deal must tell nothing
    /// about Black's (both come from one stream, §8). For the pair (Red's point k, Black's
    /// point k), the joint kind is multinomial over 36 cells with known probabilities
    /// p_i * p_j under independence: 35 degrees of freedom.
    #[test]
    fn red_and_black_deals_are_independent_rules_8() {
        let all = deals(0..SEEDS);
        let n = all.len() as f64;
        let mut expected = Vec::with_capacity(36);
        for a in KIND_COUNTS {
            for b in KIND_COUNTS {
                expected.push(n * a / 15.0 * b / 15.0);
            }
        }
        for k in 0..15 {
            let mut joint = vec![0u64; 36];
            for d in &all {
                joint[kind(d[0][k]) * 6 + kind(d[1][k])] += 1;
            }
            let stat = chi_square(&joint, &expected);
            assert!(
                stat < CRITICAL_35_DF,
                "point {k}: chi-square {stat} (35 df)"
            );
        }
        // Under independence two equal lists have probability 1/340,540,200 per seed.
        assert!(all.iter().all(|d| d[0] != d[1]));
    }

    /// The uniformity test has teeth: the classic wrong shuffle (swap each entry with any
    /// entry, j in 0..15 at every step) fails it on the same stream and the same seeds.
    #[test]
    fn uniformity_test_rejects_a_biased_shuffle_rules_8() {
        let biased: Vec<[[Role; 15]; 2]> = (0..SEEDS)
            .map(|s| {
                let mut rng = ChaCha20Rng::from_seed(deal_key(Seed(s), &DEAL_KEY_TAG));
                let mut ids = START.1;
                for side in &mut ids {
                    for i in (0..15).rev() {
                        side.swap(i, below(&mut rng, 15) as usize);
                    }
                }
                ids
            })
            .collect();
        let worst = worst_point(&biased);
        // It scores about 512 at its worst point, over 14 times the critical value.
        assert!(
            worst >= CRITICAL_5_DF,
            "biased shuffle went unnoticed: {worst}"
        );
    }

    // ---------------------------------------------------------------- seed codes (§8)

    #[test]
    fn seed_codes_are_crockford_base32_rules_8() {
        let cases: &[(u64, &str)] = &[
            (0, "0"),
            (31, "Z"),
            (32, "10"),
            (1 << 20, "1-0000"),
            ((1 << 20) - 1, "ZZZZ"),
            (0x0123_4567_89AB_CDEF, "28T5-CY4T-QKFF"),
            (u64::MAX, "F-ZZZZ-ZZZZ-ZZZZ"),
        ];
        for &(v, code) in cases {
            assert_eq!(Seed(v).to_string(), code);
            assert_eq!(code.parse::<Seed>(), Ok(Seed(v)));
        }
        // Lenient input: case, hyphens, whitespace, I/L/O aliases, leading zeros.
        for text in [
            "28t5-cy4t-qkff",
            "28T5CY4TQKFF",
            " 28T5-CY4T-QKFF\n",
            "0002-8T5C-Y4TQ-KFF",
            "-2-8t5cY4TqKFF-",
        ] {
            assert_eq!(
                text.parse::<Seed>(),
                Ok(Seed(0x0123_4567_89AB_CDEF)),
                "{text}"
            );
        }
        assert_eq!("O".parse::<Seed>(), Ok(Seed(0)));
        assert_eq!("i0".parse::<Seed>(), Ok(Seed(32)));
        assert_eq!("L-oO".parse::<Seed>(), Ok(Seed(1024)));
        assert_eq!(format!("{:>6}", Seed(42)), "    1A");
    }

    #[test]
    fn bad_seed_codes_give_typed_errors_rules_8() {
        let cases: &[(&str, ParseSeedError)] = &[
            ("", ParseSeedError::Empty),
            ("  ", ParseSeedError::Empty),
            ("---", ParseSeedError::Empty),
            (
                "12U4",
                ParseSeedError::BadSymbol {
                    symbol: 'U',
                    position: 3,
                },
            ),
            (
                "ab cd",
                ParseSeedError::BadSymbol {
                    symbol: ' ',
                    position: 3,
                },
            ),
            (
                "1*",
                ParseSeedError::BadSymbol {
                    symbol: '*',
                    position: 2,
                },
            ),
            (
                "+42",
                ParseSeedError::BadSymbol {
                    symbol: '+',
                    position: 1,
                },
            ),
            (
                "ÄB",
                ParseSeedError::BadSymbol {
                    symbol: 'Ä',
                    position: 1,
                },
            ),
            ("G-0000-0000-0000", ParseSeedError::TooLarge),
            ("ZZZZ-ZZZZ-ZZZZ-Z", ParseSeedError::TooLarge),
        ];
        for (text, err) in cases {
            assert_eq!(text.parse::<Seed>().as_ref(), Err(err), "{text:?}");
        }
        // Decimal is not read as decimal (documented on `Seed`): "42" is the code for 130.
        assert_eq!("42".parse::<Seed>(), Ok(Seed(130)));
        assert!(
            ParseSeedError::BadSymbol {
                symbol: 'U',
                position: 3
            }
            .to_string()
            .contains("'U'")
        );
    }

    proptest! {
        #[test]
        fn seed_codes_round_trip_rules_8(v in any::<u64>()) {
            let code = Seed(v).to_string();
            prop_assert!(code.len() <= 16);
            prop_assert_eq!(code.parse::<Seed>(), Ok(Seed(v)));
        }

        /// Whatever a person does that Crockford allows (case, hyphens, I/L for 1, O for 0),
        /// the code still reads as the same seed.
        #[test]
        fn lenient_seed_codes_read_the_same_rules_8(
            v in any::<u64>(),
            choices in proptest::collection::vec(any::<u8>(), 16),
        ) {
            let mut text = String::new();
            for (c, &r) in Seed(v).to_string().chars().filter(|&c| c != '-').zip(&choices) {
                let c = match (c, r % 4) {
                    ('1', 1) => 'I',
                    ('1', 2) => 'l',
                    ('0', 1) => 'o',
                    (c, 3) => c.to_ascii_lowercase(),
                    (c, _) => c,
                };
                text.push(c);
                if r >= 200 {
                    text.push('-');
                }
            }
            prop_assert_eq!(text.parse::<Seed>(), Ok(Seed(v)));
        }

        #[test]
        fn any_text_parses_or_gives_a_typed_error(text in "\\PC{0,24}") {
            let _ = text.parse::<Seed>();
        }
    }

    // ---------------------------------------------------------------- full-knowledge FEN

    /// Deletes the identity letter after each `X`/`x`.
    fn strip_identities(fen: &str) -> String {
        let mut out = String::new();
        let mut skip = false;
        for c in fen.chars() {
            if !skip {
                out.push(c);
            }
            skip = !skip && (c == 'X' || c == 'x');
        }
        out
    }

    proptest! {
        #[test]
        fn full_fen_round_trips_rules_7(seed in any::<u64>()) {
            let deal = Deal::from_seed(Seed(seed));
            let fen = deal.to_full_fen();
            prop_assert_eq!(Deal::from_full_fen(&fen), Ok(deal.clone()));
            prop_assert_eq!(strip_identities(&fen), deal.setup().to_fen());
            // Readers of the public FEN refuse it rather than misread it.
            prop_assert!(Setup::parse_fen(&fen).is_err());
        }

        #[test]
        fn any_text_gives_a_deal_or_a_typed_error(text in "[XxKkAaBbNnRrCcPpEeHh0-9/ ]{0,80}") {
            let _ = Deal::from_full_fen(&text);
        }
    }

    #[test]
    fn full_fen_accepts_aliases_and_just_the_placement() {
        let deal = Deal::from_seed(Seed(7));
        let fen = deal.to_full_fen();
        let placement = fen.split(' ').next().unwrap();
        assert_eq!(Deal::from_full_fen(placement), Ok(deal.clone()));
        let aliased = placement.replace("XN", "XH").replace("xb", "xe");
        assert_ne!(aliased, placement);
        assert_eq!(Deal::from_full_fen(&aliased), Ok(deal));
    }

    /// Seed 0's deal as a placement, the FEN's first field; its rank 9 is
    /// "xaxcxrxbkxnxpxpxr". Each bad case below changes one thing of it.
    fn seed_zero() -> String {
        let full = Deal::from_seed(Seed(0)).to_full_fen();
        let good = full.split(' ').next().unwrap().to_string();
        assert!(good.starts_with("xaxcxrxbkxnxpxpxr/"), "{good}");
        good
    }

    /// Seed 0's placement with rank 9 replaced by `r9`.
    fn with_rank9(r9: &str) -> String {
        let good = seed_zero();
        format!("{r9}{}", &good[good.find('/').unwrap()..])
    }

    fn assert_refused(cases: &[(String, DealError)]) {
        for (fen, err) in cases {
            assert_eq!(Deal::from_full_fen(fen).as_ref(), Err(err), "{fen}");
        }
    }

    #[test]
    fn bad_full_fens_give_typed_errors_for_their_shape() {
        let good = seed_zero();
        assert_refused(&[
            (String::new(), DealError::Empty),
            (" \t".into(), DealError::Empty),
            ("9/9/9".into(), DealError::RankCount(3)),
            (
                with_rank9("xaxcxrxbkxnxpxpxrx"),
                DealError::RankWidth { rank: 9 },
            ),
            (
                with_rank9("xaxcxrxbkxnxpxpxr1"),
                DealError::RankWidth { rank: 9 },
            ),
            (
                with_rank9("xaxcxrxbkxnxpxp"),
                DealError::RankWidth { rank: 9 },
            ),
            (
                good.replacen("/9/", "/8x/", 1),
                DealError::MissingIdentity(sq("i8")),
            ),
        ]);
    }

    #[test]
    fn bad_full_fens_name_the_letter_that_is_no_identity() {
        let bad_identity = |letter| DealError::BadIdentity {
            square: sq("a9"),
            letter,
        };
        assert_refused(&[
            (with_rank9("xAxcxrxbkxnxpxpxr"), bad_identity('A')),
            (with_rank9("xkxcxrxbkxnxpxpxr"), bad_identity('k')),
            (with_rank9("x9xcxrxbkxnxpxpxr"), bad_identity('9')),
            (with_rank9("xxxcxrxbkxnxpxpxr"), bad_identity('x')),
            (with_rank9("qxcxrxbkxnxpxpxr"), DealError::BadChar('q')),
            (
                with_rank9("\u{00e4}xcxrxbkxnxpxpxr"),
                DealError::BadChar('\u{00e4}'),
            ),
            (format!("0{}", seed_zero()), DealError::BadChar('0')),
        ]);
    }

    #[test]
    fn bad_full_fens_name_what_is_not_the_start_position() {
        // A face-up piece, a Red hidden piece or nothing on Black's start point a9.
        let not_hidden = DealError::ExpectedHidden {
            side: Side::Black,
            square: sq("a9"),
        };
        let no_general = DealError::ExpectedGeneral {
            side: Side::Black,
            square: sq("e9"),
        };
        assert_refused(&[
            (with_rank9("axcxrxbkxnxpxpxr"), not_hidden.clone()),
            (with_rank9("XAxcxrxbkxnxpxpxr"), not_hidden.clone()),
            (with_rank9("1xcxrxbkxnxpxpxr"), not_hidden),
            (with_rank9("xaxcxrxbxaxnxpxpxr"), no_general.clone()),
            (with_rank9("xaxcxrxbKxnxpxpxr"), no_general),
            (
                seed_zero().replacen("/9/", "/4p4/", 1),
                DealError::UnexpectedPiece(sq("e8")),
            ),
            // The advisor on a9 becomes a third horse.
            (
                with_rank9("xnxcxrxbkxnxpxpxr"),
                DealError::WrongCount {
                    side: Side::Black,
                    role: Role::Advisor,
                    found: 1,
                    expected: 2,
                },
            ),
        ]);
    }

    #[test]
    fn a_wrong_count_says_what_a_side_should_have() {
        let msg = DealError::WrongCount {
            side: Side::Red,
            role: Role::Horse,
            found: 3,
            expected: 2,
        };
        assert_eq!(msg.to_string(), "Red's deal has 3 horses, but a side has 2");
    }
}
