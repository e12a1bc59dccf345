//! The rules of Xiangqi (Chinese chess) and its hidden-piece variant Jieqi.
//!
//! The contract is `spec/rules.md`; tests cite its sections. Nothing here depends on a UI or
//! an engine.

mod board;
mod deal;
mod explain;
mod movegen;
mod position;
mod setup;
mod tables;
mod types;
mod zobrist;

pub use board::Board;
pub use deal::{DEAL_KEY_TAG, Deal, DealError, ParseSeedError, Seed};
pub use explain::{IllegalMove, Refusal};
pub use movegen::MoveList;
pub use position::{MoveRules, Position, PositionError};
pub use setup::{Handicap, ParseFenError, Pool, STANDARD_FEN, Setup, start_piece};
pub use types::{FILES, Move, Piece, RANKS, Role, Side, Square};
