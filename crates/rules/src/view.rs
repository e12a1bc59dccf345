//! What one player knows: the information set the screen and the computer player get
//! (spec/architecture.md, "Hidden information"). Built only by the games, from what the viewer
//! has seen; nothing in it depends on identities the viewer has not seen.

use std::fmt;

use crate::deal::Seed;
use crate::notation::{Notation, write_move};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::setup::Pool;
use crate::types::{Move, Piece, Role, Side, Square};

/// The two variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum VariantKind {
    Xiangqi,
    Jieqi,
}

impl VariantKind {
    pub const ALL: [VariantKind; 2] = [VariantKind::Xiangqi, VariantKind::Jieqi];

    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Xiangqi => "Xiangqi",
            VariantKind::Jieqi => "Jieqi",
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for VariantKind {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xiangqi" | "chinese chess" => Ok(VariantKind::Xiangqi),
            "jieqi" => Ok(VariantKind::Jieqi),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a variant (xiangqi or jieqi)")]
pub struct UnknownVariant(pub String);

/// A captured piece as the viewer knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeenPiece {
    /// A face-up piece, or a hidden one whose identity the viewer knows (they captured it, or
    /// the game is over).
    Known { side: Side, role: Role },
    /// A hidden piece that someone else captured: only its colour is known.
    Unknown { side: Side },
}

impl SeenPiece {
    pub fn side(self) -> Side {
        match self {
            SeenPiece::Known { side, .. } | SeenPiece::Unknown { side } => side,
        }
    }

    pub fn role(self) -> Option<Role> {
        match self {
            SeenPiece::Known { role, .. } => Some(role),
            SeenPiece::Unknown { .. } => None,
        }
    }
}

/// One ply as the viewer saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeenMove {
    pub mv: Move,
    /// The identity a hidden piece showed when it moved (public: both players see a reveal).
    pub revealed: Option<Role>,
    /// The piece taken on this ply, as the viewer knows it.
    pub captured: Option<SeenPiece>,
}

/// Everything, shown to both players when the game is over (rules.md §7, §8).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct FinalReveal {
    /// The deal's seed, when the game came from one.
    pub seed: Option<Seed>,
    /// The identity of every piece still face-down.
    pub hidden: Vec<(Square, Role)>,
}

impl fmt::Debug for FinalReveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FinalReveal")
            .field("seed", &self.seed.map(|s| s.to_string()))
            .field("hidden", &self.hidden)
            .finish()
    }
}

/// One side's information set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub viewer: Side,
    pub variant: VariantKind,
    /// The public start position (hidden pieces face-down).
    pub start: Position,
    /// The public position now.
    pub position: Position,
    /// Every ply so far, as the viewer saw it.
    pub moves: Vec<SeenMove>,
    /// The hash of the position after each ply, oldest first, with the start's first: what
    /// repetition needs, all of it public.
    pub hashes: Vec<u64>,
    /// The legal moves of the side to move; empty when the game is over.
    pub legal_moves: Vec<Move>,
    /// Identities the viewer has not seen: face-down pieces on the board, and those captured by
    /// the other player (rules.md §9: a viewer-relative pool).
    pub pool: Pool,
    /// Identities the viewer learned by capturing face-down pieces.
    pub learned: Pool,
    /// Warnings and hints that hold now (rules.md §6).
    pub notices: Vec<Notice>,
    pub outcome: Option<Outcome>,
    /// Present once the game is over.
    pub reveal: Option<FinalReveal>,
}

impl PlayerView {
    pub fn turn(&self) -> Side {
        self.position.turn()
    }

    /// Whether the viewer is to move in a running game.
    pub fn is_my_turn(&self) -> bool {
        self.outcome.is_none() && self.turn() == self.viewer
    }

    /// The pieces `side` captured, as the viewer knows them, in the order taken.
    pub fn captured_by(&self, side: Side) -> Vec<SeenPiece> {
        self.moves
            .iter()
            .filter_map(|m| m.captured)
            .filter(|p| p.side() != side)
            .collect()
    }

    /// The public position before ply `ply` (0 = the start) and after every ply up to it:
    /// what analysis steps through. `None` past the last ply.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        if ply > self.moves.len() {
            return None;
        }
        let mut pos = self.start.clone();
        for seen in &self.moves[..ply] {
            let piece = pos.piece_at(seen.mv.from)?;
            let arriving = match seen.revealed {
                Some(role) => Piece::new(piece.side(), role),
                None => piece,
            };
            pos.play_unchecked_as(seen.mv, arriving);
        }
        Some(pos)
    }

    /// The move list in `notation`, one string per ply. Built from this view alone, so it
    /// names only what the viewer may know (a reveal, never a captured face-down identity).
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|seen| {
                let text = write_move(&pos, seen.mv, seen.revealed, notation);
                if let Some(piece) = pos.piece_at(seen.mv.from) {
                    let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
                    pos.play_unchecked_as(seen.mv, arriving);
                }
                text
            })
            .collect()
    }

    /// The viewer-relative FEN (rules.md §9): the public placement, side to move, the pool of
    /// identities the viewer has not seen, the identities the viewer learned by capturing
    /// (`-` if none), then half- and full-move numbers. For standard Xiangqi it is the plain
    /// FEN. It can be handed to an engine without leaking anything.
    pub fn to_fen(&self) -> String {
        let mut setup = self.position.to_setup();
        if self.variant == VariantKind::Xiangqi {
            return setup.to_fen();
        }
        setup.pool = Some(self.pool);
        setup.learned = Some(self.learned);
        setup.to_fen()
    }
}
