//! A toy variant kept as a test fixture (issue 56): what a newcomer writes by following
//! `docs/adding-a-variant.md`, and the proof that the game, the command line and the engine
//! play a variant they have never heard of. It is registered at run time
//! ([`register`], through `jieqi_variants::register`), never in the product's list.
//!
//! # Soldiers, the rules
//!
//! - A board of 3 × 3 squares (`a1`–`c3`); Red has a soldier on each square of row 1, Black
//!   on each of row 3, and Red moves first.
//! - A soldier steps one square straight forward onto an empty square (`a1-a2`), or one
//!   square diagonally forward onto a soldier of the other side, taking it (`a2xb3`).
//! - The side to move without a soldier loses (`WinReason::NoPiecesLeft`), and so does the
//!   side to move without a legal turn (`WinReason::Stalemate`). A game lasts at most
//!   [`game::MAX_TURNS`] turns, since each turn takes a soldier a row forward.
//!
//! # Modules
//!
//! | module | what |
//! |---|---|
//! | [`game`] | squares, positions, legal turns, refusals, text forms, the game and perft |
//! | [`platform`] | its words, its board, [`TOY`] (`Variant`), the game as the platform drives it (`PlayedGame`), its table, save and record |
//! | [`search`] | the node the generic search plays (`SearchNode`) |

pub mod game;
pub mod platform;
pub mod search;

pub use game::{Point, Position, Refusal, Soldiers, Turn};
pub use platform::{REASONS, TITLE, TOY, ToyDef, refusal_words};
pub use search::SoldiersNode;

/// Registers [`TOY`] with `jieqi_variants` once for the process (each test calls it first):
/// from then on `jieqi_variants::find("toy")`, `all()`, `load_save` … know it.
pub fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| jieqi_variants::register(&TOY).expect("no other variant is called toy"));
}
