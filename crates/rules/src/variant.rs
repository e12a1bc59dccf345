//! The `FamilyGame` trait that standard Xiangqi and Jieqi implement. It names neither of them, so
//! both can build on it; `AnyGame`, the enum over both, is in `any_game`.

use crate::game::GameError;
use crate::kind::Family;
use crate::movegen::MoveList;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::rule_set::RuleSet;
use crate::types::{Move, Side};
use crate::view::PlayerView;

/// A game of one variant, from its start to its end.
pub trait FamilyGame {
    fn kind(&self) -> Family;
    /// The rule set the game is played under (rules.md §10).
    fn rules(&self) -> RuleSet;
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
    /// `side`'s clock ran out: it loses.
    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, GameError>;
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
