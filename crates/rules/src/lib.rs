//! The rules of Xiangqi (Chinese chess) and its hidden-piece variant Jieqi.
//!
//! The contract is `spec/rules.md`; tests cite its sections. Nothing here depends on a UI or
//! an engine.

mod adjudication;
mod any_game;
mod attacks;
mod board;
pub mod clock;
mod deal;
mod explain;
mod game;
mod jieqi;
mod kind;
mod movegen;
mod notation;
pub mod numbering;
mod outcome;
// The platform face reads and writes saves, which need serde.
#[cfg(feature = "serde")]
pub mod platform;
mod position;
pub mod quote;
mod record;
mod repetition;
mod replay;
mod rule_set;
#[cfg(feature = "serde")]
mod save;
mod setup;
mod tables;
mod told;
mod types;
mod variant;
mod view;
mod words;
mod xiangqi;
mod zobrist;

pub use adjudication::{adjudicate, no_move_outcome};
pub use any_game::AnyGame;
pub use board::Board;
pub use deal::{DEAL_KEY_TAG, Deal, DealError, DealStream, ParseSeedError, Seed};
pub use explain::{IllegalMove, Refusal};
pub use game::GameError;
pub use jieqi::{Jieqi, JieqiError};
pub use kind::{Family, UnknownFamily};
pub use movegen::MoveList;
pub use notation::{Notation, ParseMoveError, ParsedMove, parse_move, write_move};
pub use outcome::{DrawReason, MOVE_LIMIT_PLIES, MateKind, Outcome, WinReason};
#[cfg(feature = "serde")]
pub use platform::{Information, PlayedGame, Variant};
pub use position::{MoveRules, Position, PositionError};
pub use record::{MoveNote, Record, RecordError, RecordResult, RecordText, read_tag, read_word};
pub use repetition::{
    History, NO_CAPTURE_PLIES, Notice, PlyRecord, RepetitionRules, RepetitionVerdict,
    chase_targets, chases,
};
pub use replay::{Judgement, RecordEnd, ReplayError};
pub use rule_set::{
    Choice, MAX_OPTIONS, ON_OFF, OptionKind, OptionSpec, OptionValues, RuleSet, RuleSetError,
};
#[cfg(feature = "serde")]
pub use save::{Ending, SAVE_FORMAT, SAVE_VERSION, SaveError, SavedGame, read_envelope};
pub use setup::{Handicap, ParseFenError, Pool, PoolError, STANDARD_FEN, Setup, start_piece};
pub use told::ViewTextError;
pub use types::{FILES, Move, Piece, RANKS, Role, Side, Square};
pub use variant::FamilyGame;
pub use view::{FinalReveal, PlayerView, SeenMove, SeenPiece};
pub use words::Words;
pub use xiangqi::Xiangqi;
