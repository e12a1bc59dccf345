//! The face a variant shows a search that does not know it (the `jieqi-ai` crate's generic
//! search): what the side to move may know of a position, its turns, what each turn may lead
//! to, and the variant's own evaluation. Xiangqi and Jieqi have an engine of their own and
//! show no such face; a variant without one (Banqi) is played through this.
//!
//! A node is a *player's* knowledge, never a deal: a turn whose result nobody knows in advance
//! (a Banqi flip) is a chance node, one outcome per thing it may turn up, weighted by how many
//! of it may lie there. So a search over nodes cannot see what its side does not know.

use crate::types::Side;

/// A turn as a node names it: a code the variant assigns, meaningful only with the node that
/// listed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TurnCode(pub u32);

/// A finished game, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move has won.
    MoverWins,
    /// The side to move has lost.
    MoverLoses,
    /// Neither has.
    Draw,
}

/// One way a turn can fall out.
pub struct Chance {
    /// How likely, relative to the turn's other outcomes (e.g. how many pieces of a kind a
    /// flip may turn up); at least 1.
    pub weight: u32,
    /// The position that outcome leads to.
    pub node: Box<dyn SearchNode>,
}

impl std::fmt::Debug for Chance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chance")
            .field("weight", &self.weight)
            .field("key", &self.node.key())
            .finish()
    }
}

/// A position as the side to move knows it, for a search.
pub trait SearchNode: Send {
    /// An independent copy.
    fn boxed(&self) -> Box<dyn SearchNode>;
    /// The side to move (in Banqi the seat: Red stands for the first player).
    fn mover(&self) -> Side;
    /// Whether the game has ended here, and for whom; `None` while it goes on.
    fn verdict(&self) -> Option<Verdict>;
    /// The legal turns, into `out` (cleared first) in a fixed order; none once the game has
    /// ended.
    fn turns(&self, out: &mut Vec<TurnCode>);
    /// What `turn` (one [`Self::turns`] listed) leads to, into `out` (cleared first): one
    /// outcome of weight 1 for a turn whose result is certain; one per possibility for a turn
    /// of chance.
    fn play(&self, turn: TurnCode, out: &mut Vec<Chance>);
    /// Whether `turn` takes material: the turns a search follows past its horizon until the
    /// position is quiet, and tries early.
    fn is_capture(&self, turn: TurnCode) -> bool;
    /// A rough gain for trying `turn` early (e.g. the value taken, less a small share of the
    /// taker's); 0 when the variant has no opinion.
    fn order_hint(&self, _turn: TurnCode) -> i32 {
        0
    }
    /// The variant's evaluation for the side to move, in centipawns (a soldier is about
    /// 100), of a position where the game goes on.
    fn evaluate(&self) -> i32;
    /// A hash of the position as the search may treat it (two nodes with the same key are
    /// the same for it): its transposition key.
    fn key(&self) -> u64;
    /// `turn` in the variant's notation, as [`super::PlayedGame::play_text`] reads it.
    fn turn_text(&self, turn: TurnCode) -> String;
}
