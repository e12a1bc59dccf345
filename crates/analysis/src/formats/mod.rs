//! Import and export of positions and games with their variations.
//!
//! Read ([`import`], the format guessed by [`detect`]):
//! - [`Format::Record`]: our records (rules.md §9, `jieqi_rules::Record`; what `jieqi-cli
//!   record` writes), with variations in `()` and a face-down capture's identity, where its
//!   player knew it, in the move's comment as `[%captured r]`.
//! - [`Format::JieqiBox`]: JieqiBox's JSON game notation ([`jieqibox`]).
//! - [`Format::Pychess`]: a Jieqi game as pychess-variants exports it ([`pychess`]).
//! - [`Format::Uci`]: `position startpos|fen … moves …` with reveal letters ([`uci`]).
//! - [`Format::Fen`]: a position alone (ours, or JieqiBox's FEN forms with the pool).
//! - [`Format::Moves`]: a bare move list (`a3a4C b9c7 …`, numbered or not), read as the
//!   first registered variant whose rules take every move.
//!
//! Written ([`export_record`], [`export_jieqibox`]): the tree with its variations in our
//! record format and in JieqiBox's. A paste that does not read gives a one-line reason
//! ([`ImportError`]) and no tree.

pub mod jieqibox;
mod pgn;
pub mod pychess;
pub mod record;
pub mod uci;

use jieqi_rules::platform::{KnownTurn, VariantRef};
use jieqi_rules::quote::quote;

use crate::tree::{NodeId, Tree, TreeError};

pub use jieqibox::export_jieqibox;
pub use record::export_record;

/// The formats a paste may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Our PGN-like records.
    Record,
    /// JieqiBox's JSON game notation.
    JieqiBox,
    /// pychess-variants' PGN export.
    Pychess,
    /// A UCI `position` command.
    Uci,
    /// A position's FEN (ours or JieqiBox's).
    Fen,
    /// A bare list of moves.
    Moves,
}

/// Why a paste gave no tree: one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// Nothing but white space.
    #[error("the paste is empty")]
    Empty,
    /// The text is not the format it looks like.
    #[error("{0}")]
    Syntax(String),
    /// A variant no registered one is called.
    #[error("{0}")]
    Variant(String),
    /// The rules refused the start position.
    #[error("the start position: {0}")]
    Start(String),
    /// The rules refused a move (numbered by its ply from the start).
    #[error("move {ply} '{text}': {reason}")]
    Turn {
        /// Its ply from the start, 1 first.
        ply: usize,
        /// The move as written, quoted short.
        text: String,
        /// The rules' reason.
        reason: String,
    },
}

/// Why a tree could not be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// The format cannot hold this variant's games.
    #[error("{0}")]
    Unsupported(String),
    /// A node's game could not be rebuilt (it always can for a tree the rules built).
    #[error("{0}")]
    Tree(#[from] TreeError),
}

/// The format `text` looks like.
pub fn detect(text: &str) -> Format {
    let text = text.trim_start();
    let first = text.split_whitespace().next().unwrap_or("");
    if text.starts_with('{') && text[1..].trim_start().starts_with(['"', '}']) {
        Format::JieqiBox
    } else if text.starts_with('[') {
        if pychess::looks_like(text) {
            Format::Pychess
        } else {
            Format::Record
        }
    } else if first.eq_ignore_ascii_case("position") {
        Format::Uci
    } else if first.contains('/') {
        Format::Fen
    } else {
        Format::Moves
    }
}

/// Reads a paste in the format it looks like ([`detect`]) into a tree, every move checked
/// by the rules; the current node is the main line's end.
pub fn import(text: &str) -> Result<Tree, ImportError> {
    import_as(detect(text), text)
}

/// Reads a paste in `format`.
pub fn import_as(format: Format, text: &str) -> Result<Tree, ImportError> {
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let mut tree = match format {
        Format::Record => record::import(text)?,
        Format::JieqiBox => jieqibox::import(text)?,
        Format::Pychess => pychess::import(text)?,
        Format::Uci => uci::import(text)?,
        Format::Fen => {
            let fen = text.trim();
            new_tree(VariantRef(jieqi_variants::reading(fen)), Some(fen), "")?
        }
        Format::Moves => {
            let pgn = pgn::parse(text)?;
            let mut tree = first_variant_reading(None, |tree| {
                apply_line(tree, tree.root(), &pgn.line, &read_told)
            })?;
            tree.set_comment(tree.root(), &pgn.intro)?;
            tree
        }
    };
    tree.go_to_start();
    tree.go_to_end();
    Ok(tree)
}

impl From<TreeError> for ImportError {
    fn from(e: TreeError) -> Self {
        ImportError::Syntax(e.to_string())
    }
}

/// A tree of `variant` from `start`, its refusal as the start's.
pub(crate) fn new_tree(
    variant: VariantRef,
    start: Option<&str>,
    rules: &str,
) -> Result<Tree, ImportError> {
    Tree::new(variant, start, rules).map_err(|e| ImportError::Start(e.to_string()))
}

/// The first registered variant whose rules read the start and every move (`read`); when
/// none does, the refusal of the one that read the most.
pub(crate) fn first_variant_reading(
    start: Option<&str>,
    read: impl Fn(&mut Tree) -> Result<(), ImportError>,
) -> Result<Tree, ImportError> {
    let mut best: Option<(usize, ImportError)> = None;
    for variant in jieqi_variants::all() {
        let attempt = new_tree(variant, start, "").and_then(|mut tree| {
            read(&mut tree)?;
            Ok(tree)
        });
        match attempt {
            Ok(tree) => return Ok(tree),
            Err(e) => {
                let got = match &e {
                    ImportError::Turn { ply, .. } => *ply,
                    _ => 0,
                };
                if best.as_ref().is_none_or(|(b, _)| got > *b) {
                    best = Some((got, e));
                }
            }
        }
    }
    Err(best.map_or(ImportError::Empty, |(_, e)| e))
}

/// How a format turns a written move and its comment into a told turn and the comment
/// kept, given the tree at the node it is played from.
pub(crate) type ReadMove<'a> =
    dyn Fn(&Tree, &str, &str) -> Result<(KnownTurn, String), ImportError> + 'a;

/// Plays `items` from `from`, each variation from the node before the move it is an
/// alternative to.
pub(crate) fn apply_line(
    tree: &mut Tree,
    from: NodeId,
    items: &[pgn::Item],
    read: &ReadMove<'_>,
) -> Result<(), ImportError> {
    let mut at = from;
    let mut before: Option<NodeId> = None;
    for item in items {
        match item {
            pgn::Item::Move { text, comment } => {
                if tree.current() != at {
                    tree.go_to(at)?;
                }
                let (turn, comment) = read(tree, text, comment)?;
                let ply = tree.game().plies() + 1;
                let id = tree.play_known(&turn).map_err(|e| ImportError::Turn {
                    ply,
                    text: quote(text),
                    reason: e.to_string(),
                })?;
                if !comment.is_empty() {
                    tree.set_comment(id, &comment)?;
                }
                before = Some(at);
                at = id;
            }
            pgn::Item::Variation(line) => {
                let Some(start) = before else {
                    return Err(ImportError::Syntax(
                        "a variation stands before any move it could be an alternative to".into(),
                    ));
                };
                apply_line(tree, start, line, read)?;
            }
        }
    }
    Ok(())
}

/// The comment's `[%captured x]`: the identity of the face-down piece the move took, as its
/// player knew it; the rest of the comment.
pub(crate) fn captured_in(comment: &str) -> (Option<char>, String) {
    let Some(at) = comment.find("[%captured ") else {
        return (None, comment.to_string());
    };
    let rest = &comment[at + "[%captured ".len()..];
    let Some(end) = rest.find(']') else {
        return (None, comment.to_string());
    };
    let mut letters = rest[..end].trim().chars();
    let letter = match (letters.next(), letters.next()) {
        (Some(c), None) => Some(c),
        _ => return (None, comment.to_string()),
    };
    let left = format!("{}{}", &comment[..at], &rest[end + 1..]);
    (letter, left.trim().to_string())
}

/// A move as our records and bare lists write it: any notation the rules read, an ICCS
/// move with JieqiBox's letters split ([`uci::extended`]), the captured identity from the
/// comment's `[%captured x]`.
pub(crate) fn read_told(
    tree: &Tree,
    text: &str,
    comment: &str,
) -> Result<(KnownTurn, String), ImportError> {
    let (captured, comment) = captured_in(comment);
    let mut turn = uci::extended(tree, text);
    if captured.is_some() {
        turn.captured = captured;
    }
    Ok((turn, comment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_format() {
        assert_eq!(detect("{\"metadata\": {}}"), Format::JieqiBox);
        assert_eq!(detect("[Variant \"Jieqi\"]\n1. a3a4C"), Format::Record);
        assert_eq!(
            detect("[Site \"https://www.pychess.org/abc\"]\n[Variant \"Jieqi\"]"),
            Format::Pychess
        );
        assert_eq!(detect("position startpos moves h2e2"), Format::Uci);
        assert_eq!(
            detect("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
            Format::Fen
        );
        assert_eq!(detect("1. h2e2 h9g7"), Format::Moves);
        assert_eq!(detect("{a comment} 1. h2e2"), Format::Moves);
    }

    #[test]
    fn a_bare_list_is_read_as_the_first_variant_that_takes_it() {
        let tree = import("h2e2 h9g7").unwrap();
        assert_eq!(tree.variant().id(), "xiangqi");
        let tree = import("a3a4C a6a5p").unwrap();
        assert_eq!(tree.variant().id(), "jieqi");
        assert_eq!(tree.game().plies(), 2);
        let err = import("h2e2 h9g7 a0a5").unwrap_err();
        assert!(matches!(&err, ImportError::Turn { ply: 3, .. }), "{err}");
    }

    #[test]
    fn the_captured_mark_is_read_from_a_comment() {
        assert_eq!(
            captured_in("[%captured r] nice"),
            (Some('r'), "nice".into())
        );
        assert_eq!(captured_in("plain"), (None, "plain".into()));
        assert_eq!(
            captured_in("[%captured rr]"),
            (None, "[%captured rr]".into())
        );
    }

    #[test]
    fn bad_pastes_never_panic_and_say_why_in_one_line() {
        for bad in [
            "",
            "   ",
            "{\"metadata\": 3}",
            "{\"moves\": [1, 2]}",
            "[Variant \"Chess\"]\n1. e4",
            "position fen nonsense moves a",
            "position",
            "x/y w",
            "1. h2e2 (",
            "[Variant \"Jieqi\"]\n1. a3a4",
        ] {
            let err = import(bad).unwrap_err().to_string();
            assert!(!err.contains('\n') && !err.is_empty(), "{bad}: {err}");
        }
    }
}
