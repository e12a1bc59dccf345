//! The analysis board's model (issue 59), without graphics: what a board for any registered
//! variant builds on.
//!
//! - [`tree`]: a move tree with variations, every turn told as it was seen (a reveal's
//!   letter, a face-down capture's identity where its player knew it) and checked by the
//!   rules; back, forward, promote, delete.
//! - [`reveal`]: what to ask when a click moves or takes a face-down piece in a game without
//!   a deal.
//! - [`editor`]: a position editor whose every edit the rules check.
//! - [`formats`]: import (auto-detected) and export: our records, JieqiBox, pychess-variants,
//!   UCI move lists.
//!
//! `docs/analysis.md` describes the formats and their sources.

#![warn(missing_docs)]

pub mod editor;
mod error;
pub mod formats;
pub mod reveal;
pub mod tree;

pub use editor::{Editor, EditorPiece};
pub use formats::{
    ExportError, Format, ImportError, detect, export_jieqibox, export_record, import,
};
pub use reveal::{Identity, Question};
pub use tree::{NodeId, Tree, TreeError};

/// A point by its ICCS name (`h2`), for the tests.
#[cfg(test)]
fn test_spot(name: &str) -> jieqi_rules::platform::Spot {
    let b = name.as_bytes();
    jieqi_rules::platform::Spot::new(b[0] - b'a', b[1] - b'0')
}
