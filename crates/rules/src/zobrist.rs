//! Zobrist keys for incremental position hashing. Fixed, generated at compile time by
//! SplitMix64 from a constant, so hashes are the same on every machine and in every release.

use crate::types::{Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 90]; Piece::CODES], u64) {
    let mut keys = [[0u64; 90]; Piece::CODES];
    let mut state = 0x4A49_4551_495F_5A42; // "JIEQI_ZB"
    let mut p = 0;
    while p < Piece::CODES {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix64(state);
            state = ns;
            keys[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

static KEYS: ([[u64; 90]; Piece::CODES], u64) = build();

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.0[piece.code()][sq.index()]
}

/// XORed in when Black is to move.
#[inline]
pub(crate) fn black_to_move_key() -> u64 {
    KEYS.1
}
