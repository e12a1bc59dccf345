//! The `Variant` trait that standard Xiangqi and Jieqi implement, and [`AnyGame`], the enum
//! over both that the app and saved games hold. Adding a variant = one type + one arm.

use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::movegen::MoveList;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::types::{Move, Side};
use crate::view::{PlayerView, VariantKind};
use crate::xiangqi::Xiangqi;

/// A game of one variant, from its start to its end.
pub trait Variant {
    fn kind(&self) -> VariantKind;
    /// The public position (hidden Jieqi pieces face-down).
    fn position(&self) -> &Position;
    /// The moves played from the start.
    fn moves(&self) -> &[Move];
    fn outcome(&self) -> Option<Outcome>;
    /// The warnings and hints that hold now (rules.md §6).
    fn notices(&self) -> &[Notice];
    /// Plays `m` for the side to move, or says why not (rules.md §4); the game is untouched by a
    /// refused move.
    fn play(&mut self, m: Move) -> Result<Vec<Notice>, GameError>;
    /// Takes back the last ply; `None` when there is none.
    fn undo(&mut self) -> Option<Move>;
    fn resign(&mut self, side: Side) -> Result<Outcome, GameError>;
    fn agree_draw(&mut self) -> Result<Outcome, GameError>;
    /// What `side` knows (rules.md §7): the only thing a screen or a computer player may see.
    fn view(&self, side: Side) -> PlayerView;

    // Provided methods; implementors do not override them.

    fn turn(&self) -> Side {
        self.position().turn()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves now: none once the game is over.
    fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    fn is_legal(&self, m: Move) -> bool {
        !self.is_over() && self.position().is_legal(m)
    }

    /// Plays a list of moves, stopping at the first refused one (earlier ones stay played).
    fn play_all(&mut self, moves: &[Move]) -> Result<(), (usize, GameError)> {
        for (i, &m) in moves.iter().enumerate() {
            self.play(m).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

/// A game of either variant.
// A game is held once per session, so the deal's extra bytes in the Jieqi arm cost nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Xiangqi(Xiangqi),
    Jieqi(Jieqi),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Xiangqi($g) => $e,
            AnyGame::Jieqi($g) => $e,
        }
    };
}

impl Variant for AnyGame {
    fn kind(&self) -> VariantKind {
        dispatch!(self, g => g.kind())
    }
    fn position(&self) -> &Position {
        dispatch!(self, g => g.position())
    }
    fn moves(&self) -> &[Move] {
        dispatch!(self, g => g.moves())
    }
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }
    fn notices(&self) -> &[Notice] {
        dispatch!(self, g => g.notices())
    }
    fn play(&mut self, m: Move) -> Result<Vec<Notice>, GameError> {
        dispatch!(self, g => g.play(m))
    }
    fn undo(&mut self) -> Option<Move> {
        dispatch!(self, g => g.undo())
    }
    fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        dispatch!(self, g => g.resign(side))
    }
    fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        dispatch!(self, g => g.agree_draw())
    }
    fn view(&self, side: Side) -> PlayerView {
        dispatch!(self, g => g.view(side))
    }
}

impl From<Xiangqi> for AnyGame {
    fn from(g: Xiangqi) -> Self {
        AnyGame::Xiangqi(g)
    }
}

impl From<Jieqi> for AnyGame {
    fn from(g: Jieqi) -> Self {
        AnyGame::Jieqi(g)
    }
}
