//! What a search is given and what it answers: one side's knowledge, never the game; a
//! turn as the board makes it.

use std::fmt;

use jieqi_rules::platform::family::spot;
use jieqi_rules::platform::{SearchNode, Spot};
use jieqi_rules::{Move, PlayerView};

/// A turn as the board makes it: the piece on `from` put on `to`, or turned where it stands
/// (`to` is `None`: a Banqi flip).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardTurn {
    pub from: Spot,
    pub to: Option<Spot>,
}

impl From<Move> for BoardTurn {
    fn from(m: Move) -> BoardTurn {
        BoardTurn {
            from: spot(m.from),
            to: Some(spot(m.to)),
        }
    }
}

/// What a search is given: what one side knows.
pub enum SearchInput {
    /// Xiangqi or Jieqi: the side's own view, for their engine.
    Family(Box<PlayerView>),
    /// Any other variant: the side to move's search node, and its legal turns as the board
    /// makes them, by the text the search answers with.
    Generic {
        node: Box<dyn SearchNode>,
        turns: Vec<(String, BoardTurn)>,
    },
}

impl fmt::Debug for SearchInput {
    // Only public facts: what a side knows is not for logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchInput::Family(view) => write!(f, "Family({} view)", view.viewer),
            SearchInput::Generic { turns, .. } => write!(f, "Generic({} turns)", turns.len()),
        }
    }
}
