//! The rules of Xiangqi (Chinese chess) and its hidden-piece variant Jieqi.
//!
//! The contract is `spec/rules.md`; tests cite its sections. Nothing here depends on a UI or
//! an engine.

mod board;
mod explain;
mod movegen;
mod notation;
mod position;
mod record;
mod setup;
mod tables;
mod types;
mod zobrist;

pub use board::Board;
pub use explain::{IllegalMove, Refusal};
pub use movegen::MoveList;
pub use notation::{Notation, ParseMoveError, ParsedMove, parse_move, write_move};
pub use position::{MoveRules, Position, PositionError};
pub use record::{Record, RecordError, RecordResult};
pub use setup::{Handicap, ParseFenError, Pool, STANDARD_FEN, Setup, start_piece};
pub use types::{FILES, Move, Piece, RANKS, Role, Side, Square};
