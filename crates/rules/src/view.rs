//! What one player knows: the information set the screen and the computer player get
//! (spec/architecture.md, "Hidden information"). Built only by the games, from what the viewer
//! has seen; nothing in it depends on identities the viewer has not seen.

use std::fmt;

use crate::deal::Seed;
use crate::kind::Family;
use crate::notation::{Notation, write_move};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::repetition::Notice;
use crate::rule_set::RuleSet;
use crate::setup::Pool;
use crate::types::{Move, Piece, Role, Side, Square};

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
    pub variant: Family,
    /// The rule set the game is played under (public, rules.md §10).
    pub rules: RuleSet,
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

    /// The view as it stood after `ply` plies (0 = the start): what analysis shows. Built
    /// from this view alone, so it never holds more than this view does: identities seen
    /// after that ply (reveals, face-down pieces the viewer captured) go back to the unseen
    /// pool. The notices (they need the whole history) and the final reveal are left out;
    /// the last ply gives the view itself, and `None` is past it.
    pub fn at_ply(&self, ply: usize) -> Option<PlayerView> {
        if ply >= self.moves.len() {
            return (ply == self.moves.len()).then(|| self.clone());
        }
        let mut pool = self.pool;
        let mut learned = self.learned;
        let mut pos = self.start.clone();
        let mut then = None;
        for (i, seen) in self.moves.iter().enumerate() {
            if i == ply {
                then = Some(pos.clone());
            }
            let piece = pos.piece_at(seen.mv.from)?;
            if i >= ply {
                if let Some(role) = seen.revealed {
                    pool.set(piece.side(), role, pool.count(piece.side(), role) + 1);
                }
                // A face-down piece captured after that ply was unseen then: back to the pool,
                // and out of what the viewer learned if it was their own capture's secret.
                let hidden_taken = pos.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden());
                if let (true, Some(SeenPiece::Known { side, role })) = (hidden_taken, seen.captured)
                {
                    let shown_to_both = self.rules.captured_shown_to_both();
                    if piece.side() == self.viewer && !shown_to_both {
                        learned.set(side, role, learned.count(side, role).saturating_sub(1));
                        pool.set(side, role, pool.count(side, role) + 1);
                    } else if shown_to_both {
                        pool.set(side, role, pool.count(side, role) + 1);
                    }
                }
            }
            let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
            pos.play_unchecked_as(seen.mv, arriving);
        }
        let position = then?;
        Some(PlayerView {
            viewer: self.viewer,
            variant: self.variant,
            rules: self.rules,
            start: self.start.clone(),
            legal_moves: position.legal_moves().to_vec(),
            position,
            moves: self.moves[..ply].to_vec(),
            hashes: self.hashes[..=ply].to_vec(),
            pool,
            learned,
            notices: Vec::new(),
            outcome: None,
            reveal: None,
        })
    }

    /// What every player at the table saw: this view without what only its viewer knows
    /// (the identities of the face-down pieces they took, unless the rules show those to
    /// both, rules.md §10) and without what the end showed (the final reveal and the seed,
    /// §8). The same whichever side's view it comes from, so it may be shown to both players
    /// at once — between the two games of a duplicate match, which share the deal.
    pub fn public(&self) -> PlayerView {
        let shown_to_both = self.rules.captured_shown_to_both();
        let mut moves = Vec::with_capacity(self.moves.len());
        self.each_ply(|pos, seen| {
            let mut public = *seen;
            let took_face_down = pos.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden());
            if let (true, false, Some(taken)) = (took_face_down, shown_to_both, seen.captured) {
                public.captured = Some(SeenPiece::Unknown { side: taken.side() });
            }
            moves.push(public);
        });
        let mut pool = self.pool;
        for side in Side::ALL {
            for role in Role::ALL {
                let unseen = pool.count(side, role) + self.learned.count(side, role);
                pool.set(side, role, unseen);
            }
        }
        PlayerView {
            moves,
            pool,
            learned: Pool::default(),
            reveal: None,
            ..self.clone()
        }
    }

    /// The move list in `notation`, one string per ply. Built from this view alone, so it
    /// names only what the viewer may know (a reveal, never a captured face-down identity).
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        let mut texts = Vec::with_capacity(self.moves.len());
        self.each_ply(|pos, seen| texts.push(write_move(pos, seen.mv, seen.revealed, notation)));
        texts
    }

    /// Each ply with the identity letter (FEN case) of a face-down piece it took, where this
    /// view knows it (`None` for a ply that took no face-down piece): what a server tells
    /// this viewer of each ply (spec/online.md §2, `moved`'s `captured`).
    pub fn face_down_captures(&self) -> Vec<Option<char>> {
        let mut letters = Vec::with_capacity(self.moves.len());
        self.each_ply(|pos, seen| {
            let took_face_down = pos.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden());
            letters.push(match seen.captured {
                Some(SeenPiece::Known { side, role }) if took_face_down => {
                    Some(Piece::new(side, role).fen_char())
                }
                _ => None,
            });
        });
        letters
    }

    /// Calls `visit` with each ply and the public position it was played in, oldest first.
    fn each_ply(&self, mut visit: impl FnMut(&Position, &SeenMove)) {
        let mut pos = self.start.clone();
        for seen in &self.moves {
            visit(&pos, seen);
            if let Some(piece) = pos.piece_at(seen.mv.from) {
                let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
                pos.play_unchecked_as(seen.mv, arriving);
            }
        }
    }

    /// The viewer-relative FEN (rules.md §9): the public placement, side to move, the pool of
    /// identities the viewer has not seen, the identities the viewer learned by capturing
    /// (`-` if none), then half- and full-move numbers. For standard Xiangqi it is the plain
    /// FEN. It can be handed to an engine without leaking anything.
    pub fn to_fen(&self) -> String {
        let mut setup = self.position.to_setup();
        if self.variant == Family::Xiangqi {
            return setup.to_fen();
        }
        setup.pool = Some(self.pool);
        setup.learned = Some(self.learned);
        setup.to_fen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyGame, FamilyGame, Jieqi, Seed, Xiangqi};

    /// Plays `plies` moves, preferring captures so that face-down pieces get taken.
    fn played(mut game: AnyGame, plies: usize) -> AnyGame {
        for _ in 0..plies {
            let pos = game.position().clone();
            let moves = game.legal_moves();
            let Some(&m) = moves
                .iter()
                .find(|m| pos.piece_at(m.to).is_some())
                .or(moves.first())
            else {
                break;
            };
            game.play(m).unwrap();
        }
        game
    }

    #[test]
    fn a_view_at_an_earlier_ply_is_what_the_viewer_saw_then() {
        for start in [
            AnyGame::from(Jieqi::from_seed(Seed(7))),
            AnyGame::from(Jieqi::from_seed(Seed(42))),
            AnyGame::from(Xiangqi::default()),
        ] {
            let game = played(start, 40);
            let plies = game.moves().len();
            assert!(plies > 10);
            for viewer in Side::ALL {
                let now = game.view(viewer);
                let captured_hidden = now
                    .moves
                    .iter()
                    .filter(|m| m.captured.is_some_and(|c| c.role().is_some()))
                    .count();
                assert!(captured_hidden > 0 || now.variant == Family::Xiangqi);
                let mut earlier = game.clone();
                for ply in (0..=plies).rev() {
                    let mut then = earlier.view(viewer);
                    then.notices.clear();
                    if ply < plies {
                        assert_eq!(now.at_ply(ply), Some(then), "{viewer} at ply {ply}");
                    }
                    assert_eq!(
                        now.at_ply(ply).unwrap().position,
                        now.position_at(ply).unwrap()
                    );
                    earlier.undo();
                }
                assert_eq!(now.at_ply(plies + 1), None);
                assert_eq!(now.at_ply(plies).as_ref(), Some(&now));
            }
        }
    }
}
