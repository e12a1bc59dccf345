//! [`AnyGame`], the enum over every [`Variant`] that the app and saved games hold. Adding a
//! variant = one type + one arm.

use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::kind::VariantKind;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::rule_set::{RuleSet, RuleSetError};
use crate::types::{Move, Side};
use crate::variant::Variant;
use crate::view::PlayerView;
use crate::xiangqi::Xiangqi;

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

impl AnyGame {
    /// The same game, not yet begun, under `rules` (rules.md §10).
    pub fn under(self, rules: RuleSet) -> Result<AnyGame, RuleSetError> {
        Ok(match self {
            AnyGame::Xiangqi(g) => g.under(rules)?.into(),
            AnyGame::Jieqi(g) => g.under(rules)?.into(),
        })
    }
}

impl AnyGame {
    /// What each mover knew as they moved: for every ply, the view of its mover in the
    /// position before it, as the game stood then. Built by taking the game back ply by ply,
    /// never from what the end showed (the final reveal, a capture's identity learned later),
    /// so a review can judge each move from its player's knowledge alone.
    pub fn movers_views(&self) -> Vec<PlayerView> {
        let mut game = self.clone();
        let mut views = Vec::with_capacity(self.moves().len());
        while game.undo().is_some() {
            views.push(game.view(game.position().turn()));
        }
        views.reverse();
        views
    }
}

impl Variant for AnyGame {
    fn kind(&self) -> VariantKind {
        dispatch!(self, g => g.kind())
    }
    fn rules(&self) -> RuleSet {
        dispatch!(self, g => g.rules())
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
