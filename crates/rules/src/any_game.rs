//! [`AnyGame`], the enum over every [`FamilyGame`] that the app and saved games hold. Adding a
//! variant = one type + one arm.

use crate::deal::Seed;
use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::kind::Family;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::rule_set::{RuleSet, RuleSetError};
use crate::types::{Move, Side};
use crate::variant::FamilyGame;
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
    /// A new game from `view`'s position, to play on from there: Xiangqi as it stands, Jieqi
    /// with its face-down pieces dealt again from `seed` from what `view`'s player had not
    /// seen ([`Jieqi::redealt`]); under the view's rule set. The history before the position
    /// is not carried: repetitions count from it.
    pub fn from_view(view: &PlayerView, seed: Seed) -> Result<AnyGame, String> {
        Ok(match view.variant {
            Family::Jieqi => Jieqi::redealt(view, seed)
                .map_err(|e| e.to_string())?
                .into(),
            _ => Xiangqi::from_setup(&view.position.to_setup())
                .map_err(|e| e.to_string())?
                .under(view.rules)
                .map_err(|e| e.to_string())?
                .into(),
        })
    }

    /// What `side` knew after `ply` plies, as the game stood then (the game taken back to
    /// it): never what a later capture or the end showed. `None` past the last ply.
    pub fn view_then(&self, side: Side, ply: usize) -> Option<PlayerView> {
        let mut game = self.clone();
        while game.moves().len() > ply {
            game.undo();
        }
        (game.moves().len() == ply).then(|| game.view(side))
    }

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

impl FamilyGame for AnyGame {
    fn kind(&self) -> Family {
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
    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, GameError> {
        dispatch!(self, g => g.lose_on_time(side))
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
