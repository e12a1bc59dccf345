//! Standard Xiangqi as a [`FamilyGame`]: everything is public.

use crate::game::{Game, GameError};
use crate::kind::Family;
use crate::outcome::Outcome;
use crate::position::{MoveRules, Position, PositionError};
use crate::repetition::Notice;
use crate::rule_set::{RuleSet, RuleSetError};
use crate::setup::{Handicap, Setup};
use crate::types::{Move, Side};
use crate::variant::FamilyGame;
use crate::view::{PlayerView, SeenMove, SeenPiece};

/// A standard Xiangqi game (rules.md §1–§6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xiangqi {
    game: Game,
    rules: RuleSet,
}

impl Default for Xiangqi {
    fn default() -> Self {
        Xiangqi::new(Position::startpos())
    }
}

impl Xiangqi {
    /// A game from `start` under the standard rules.
    pub fn new(start: Position) -> Xiangqi {
        let rules = RuleSet::standard(Family::Xiangqi);
        Xiangqi {
            game: Game::with_rules(start, rules.repetition()),
            rules,
        }
    }

    /// The same game, not yet begun, under `rules` (rules.md §10).
    pub fn under(self, rules: RuleSet) -> Result<Xiangqi, RuleSetError> {
        if rules.variant() != Family::Xiangqi {
            return Err(RuleSetError::WrongVariant {
                wanted: rules.variant(),
                game: Family::Xiangqi,
            });
        }
        if !self.game.moves().is_empty() {
            return Err(RuleSetError::AlreadyStarted);
        }
        Ok(Xiangqi {
            game: Game::with_rules(self.game.start().clone(), rules.repetition()),
            rules,
        })
    }

    /// The standard start less the horses of a handicap (rules.md §2).
    pub fn with_handicap(handicap: Handicap) -> Xiangqi {
        let start = Position::from_setup(&Setup::start(handicap), MoveRules::XIANGQI)
            .expect("handicap starts are legal");
        Xiangqi::new(start)
    }

    /// A game from a FEN's position.
    pub fn from_setup(setup: &Setup) -> Result<Xiangqi, PositionError> {
        Ok(Xiangqi::new(Position::from_setup(
            setup,
            MoveRules::XIANGQI,
        )?))
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        self.game.start()
    }
}

impl FamilyGame for Xiangqi {
    fn kind(&self) -> Family {
        Family::Xiangqi
    }
    fn rules(&self) -> RuleSet {
        self.rules
    }
    fn position(&self) -> &Position {
        self.game.position()
    }
    fn moves(&self) -> &[Move] {
        self.game.moves()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn notices(&self) -> &[Notice] {
        self.game.notices()
    }
    fn play(&mut self, m: Move) -> Result<Vec<Notice>, GameError> {
        self.game.play(m)
    }
    fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }
    fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.game.resign(side)
    }
    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.game.lose_on_time(side)
    }
    fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.game.agree_draw()
    }

    fn view(&self, side: Side) -> PlayerView {
        let moves = self
            .game
            .moves()
            .iter()
            .zip(self.game.captures())
            .map(|(&mv, captured)| SeenMove {
                mv,
                revealed: None,
                captured: captured.map(|p| SeenPiece::Known {
                    side: p.side(),
                    role: p.role(),
                }),
            })
            .collect();
        PlayerView {
            viewer: side,
            variant: Family::Xiangqi,
            rules: self.rules,
            start: self.game.start().clone(),
            position: self.game.position().clone(),
            moves,
            hashes: self.game.hashes(),
            legal_moves: self.legal_moves().to_vec(),
            pool: Default::default(),
            learned: Default::default(),
            notices: self.game.notices().to_vec(),
            outcome: self.game.outcome(),
            reveal: None,
        }
    }
}
