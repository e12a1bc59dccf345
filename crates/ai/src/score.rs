//! The search's score scale and the ply bound it rests on, below everything that reads scores
//! (search, transposition table, move ordering). Scores are centipawns from the side to move's
//! point of view; a mate in `n` plies is `MATE - n`, so every mate score lies within
//! [`MAX_PLY`] of [`MATE`]. [`crate::Score`] is how a search reports them.

/// Deepest ply the search reaches (main search, extensions and quiescence together).
pub const MAX_PLY: usize = 128;
pub const INFINITY: i32 = 32_000;
pub const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of the side to move when it is mated `ply` plies from the root.
#[inline]
pub(crate) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}
