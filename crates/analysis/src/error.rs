//! Why the tree, a question or the editor refused something ([`TreeError`]): the one error of
//! the model, below every module that can refuse.

/// Why the tree refused something; it is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The rules refused the turn or the position: their one-line reason.
    #[error("{0}")]
    Refused(String),
    /// The node was deleted, or belongs to another tree.
    #[error("that move is not in the tree")]
    NoSuchNode,
    /// The start position is no move: it cannot be deleted or promoted.
    #[error("the start position is not a move")]
    Root,
}
