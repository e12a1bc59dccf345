//! A Xiangqi or Jieqi game told from public text, as a GUI tells its engine and as a player
//! enters a game played elsewhere: a position (standard, public Jieqi, or one player's view)
//! and then moves, each move of a face-down piece naming what it turned up (`a0a1R`). There is
//! no deal behind it: a told reveal is checked against the pool of what nobody has seen yet.
//! Each move is played once, where it is told; [`PlayerView::from_text`] is this, all at once.

use crate::game::Game;
use crate::kind::Family;
use crate::position::Position;
use crate::repetition::{Notice, note_arising};
use crate::rule_set::RuleSet;
use crate::setup::{Pool, START_COUNTS, Setup};
use crate::types::{Piece, Role, Side};
use crate::view::{PlayerView, SeenMove, SeenPiece};

/// A game told move by move; what it knows is what both players saw.
#[derive(Clone, Debug)]
pub(crate) struct ToldGame {
    rules: RuleSet,
    start: Position,
    game: Game,
    seen: Vec<SeenMove>,
    /// What nobody has seen turned up yet (the start's pool less each told reveal).
    pool: Pool,
    learned: Pool,
}

impl ToldGame {
    /// The game at `fen` under `rules` (by default the standard rules of the variant the FEN
    /// is: Jieqi with face-down pieces or a pool). A Jieqi FEN without a pool gets the full
    /// one less the face-up pieces on the board.
    pub(crate) fn new(fen: &str, rules: Option<RuleSet>) -> Result<ToldGame, ViewTextError> {
        let setup = Setup::parse_fen(fen)?;
        setup.check_pool()?;
        let hidden = setup.board.iter().flatten().any(|p| p.is_hidden());
        let rules = rules.unwrap_or_else(|| {
            RuleSet::standard(if hidden || setup.pool.is_some() {
                Family::Jieqi
            } else {
                Family::Xiangqi
            })
        });
        if hidden && rules.variant() != Family::Jieqi {
            return Err(ViewTextError::HiddenOutsideJieqi(rules.variant()));
        }
        let start = Position::from_setup(&setup, rules.move_rules())?;
        let pool = setup.pool.unwrap_or_else(|| full_pool_less_face_up(&setup));
        Ok(ToldGame {
            game: Game::with_rules(start.clone(), rules.repetition()),
            rules,
            start,
            seen: Vec::new(),
            pool,
            learned: setup.learned.unwrap_or_default(),
        })
    }

    /// Plays one move given as text (ICCS or WXF; a face-down piece's move names what it
    /// turned up), checked; nothing changes when it is refused.
    pub(crate) fn play(&mut self, text: &str) -> Result<(), ViewTextError> {
        self.play_knowing(text, None)
    }

    /// The same, told what the face-down piece it took was (`taken`, FEN case: upper for
    /// Red), as its capturer learns it (rules.md §10: the capturer; both under
    /// `captured=both`). The identity leaves the pool of the unseen; unless the rules show it
    /// to both, it is something learned — by the one this told game's knowledge belongs to,
    /// the only one who could have been told it. A taken identity for a move that took no
    /// face-down piece, or one the pool no longer holds, is refused.
    pub(crate) fn play_knowing(
        &mut self,
        text: &str,
        taken: Option<char>,
    ) -> Result<(), ViewTextError> {
        let ply = self.seen.len() + 1;
        let quoted = || crate::quote::quote(text.trim());
        let position = self.game.position();
        let parsed = crate::notation::parse_move(position, text)
            .map_err(|source| ViewTextError::Move { ply, source })?;
        let piece = position
            .piece_at(parsed.mv.from)
            .expect("a parsed move starts on a piece");
        let revealed = match (piece.is_hidden(), parsed.revealed) {
            (false, _) => None,
            (true, None) => {
                return Err(ViewTextError::MissingReveal {
                    ply,
                    text: quoted(),
                });
            }
            (true, Some(role)) if self.pool.count(piece.side(), role) == 0 => {
                return Err(ViewTextError::NotInPool {
                    ply,
                    text: quoted(),
                });
            }
            (true, Some(role)) => Some(role),
        };
        let taken = match taken {
            None => None,
            Some(letter) => Some(self.told_capture(ply, text, parsed.mv.to, letter)?),
        };
        let captured = self
            .game
            .play_as(parsed.mv, |p| {
                revealed.map_or(p, |role| Piece::new(p.side(), role))
            })
            .map_err(|source| ViewTextError::Refused {
                ply,
                text: quoted(),
                source,
            })?;
        if let Some(role) = revealed {
            let left = self.pool.count(piece.side(), role);
            self.pool.set(piece.side(), role, left - 1);
        }
        if let Some(taken) = taken {
            self.learn(taken, 1);
        }
        self.seen.push(SeenMove {
            mv: parsed.mv,
            revealed,
            captured: captured.map(|c| match (c.is_hidden(), taken) {
                (true, Some(taken)) => SeenPiece::Known {
                    side: taken.side(),
                    role: taken.role(),
                },
                (true, None) => SeenPiece::Unknown { side: c.side() },
                (false, _) => SeenPiece::Known {
                    side: c.side(),
                    role: c.role(),
                },
            }),
        });
        Ok(())
    }

    /// A told capture's identity, checked: the move takes a face-down piece of that side, and
    /// the pool of the unseen still holds one.
    fn told_capture(
        &self,
        ply: usize,
        text: &str,
        to: crate::types::Square,
        letter: char,
    ) -> Result<Piece, ViewTextError> {
        let refused = |why: &str| ViewTextError::BadCapture {
            ply,
            text: crate::quote::quote(text.trim()),
            why: why.to_string(),
        };
        let Some(target) = self.game.position().piece_at(to).filter(|p| p.is_hidden()) else {
            return Err(refused("it takes no face-down piece"));
        };
        let side = if letter.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        let Some(taken) = Role::from_fen_char(letter)
            .filter(|role| *role != Role::General)
            .map(|role| Piece::new(side, role))
        else {
            return Err(refused("that is no piece a face-down piece can be"));
        };
        if taken.side() != target.side() {
            return Err(refused("the piece taken is of the other side"));
        }
        if self.pool.count(taken.side(), taken.role()) == 0 {
            return Err(refused("the pool no longer holds that piece"));
        }
        Ok(taken)
    }

    /// `taken` leaves the pool of the unseen (`step` 1) or goes back to it (`step` -1): known
    /// to everyone where the rules show a captured piece to both, else learned.
    fn learn(&mut self, taken: Piece, step: i8) {
        let (side, role) = (taken.side(), taken.role());
        let shift = |pool: &mut Pool, by: i8| {
            pool.set(side, role, pool.count(side, role).saturating_add_signed(by));
        };
        shift(&mut self.pool, -step);
        if !self.rules.captured_shown_to_both() {
            shift(&mut self.learned, step);
        }
    }

    /// Takes back the last move (its reveal goes back into the pool); `false` when there is
    /// none.
    pub(crate) fn undo(&mut self) -> bool {
        let Some(last) = self.seen.pop() else {
            return false;
        };
        self.game.undo();
        // A face-down piece taken, whose identity was told, goes back to the unseen.
        let took_face_down = self
            .game
            .position()
            .piece_at(last.mv.to)
            .is_some_and(|p| p.is_hidden());
        if let (true, Some(SeenPiece::Known { side, role })) = (took_face_down, last.captured) {
            self.learn(Piece::new(side, role), -1);
        }
        if let Some(role) = last.revealed {
            // The mover's piece turned up: it is the side to move again now.
            let side = self.game.position().turn();
            self.pool.set(side, role, self.pool.count(side, role) + 1);
        }
        true
    }

    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    pub(crate) fn plies(&self) -> usize {
        self.seen.len()
    }

    /// What the side to move knows: everything told.
    pub(crate) fn view(&self) -> PlayerView {
        let position = self.game.position().clone();
        let jieqi = self.rules.variant() == Family::Jieqi;
        PlayerView {
            viewer: position.turn(),
            variant: self.rules.variant(),
            rules: self.rules,
            start: self.start.clone(),
            hashes: self.game.hashes(),
            legal_moves: if self.game.is_over() {
                Vec::new()
            } else {
                position.legal_moves().to_vec()
            },
            position,
            moves: self.seen.clone(),
            pool: if jieqi { self.pool } else { Pool::default() },
            learned: self.learned,
            notices: self.game.notices().to_vec(),
            outcome: self.game.outcome(),
            reveal: None,
        }
    }

    /// The game, to resign or agree to a draw in.
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

/// Every identity of a full set but the generals, less the face-up pieces on the board.
fn full_pool_less_face_up(setup: &Setup) -> Pool {
    let mut pool = Pool::default();
    for side in Side::ALL {
        for role in Role::ALL.into_iter().filter(|r| *r != Role::General) {
            let face_up = setup
                .board
                .iter()
                .flatten()
                .filter(|p| !p.is_hidden() && p.side() == side && p.role() == role)
                .count() as u8;
            pool.set(
                side,
                role,
                START_COUNTS[role as usize].saturating_sub(face_up),
            );
        }
    }
    pool
}

/// Why a view could not be built from text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewTextError {
    #[error("bad FEN: {0}")]
    Fen(#[from] crate::setup::ParseFenError),
    #[error("illegal position: {0}")]
    Position(#[from] crate::position::PositionError),
    #[error("impossible pool: {0}")]
    Pool(#[from] crate::setup::PoolError),
    #[error("a FEN with face-down pieces is Jieqi, not {0}")]
    HiddenOutsideJieqi(Family),
    #[error("move {ply}: {source}")]
    Move {
        ply: usize,
        source: crate::notation::ParseMoveError,
    },
    #[error("move {ply} '{text}' moves a hidden piece: add its identity as a fifth letter (a0a1R)")]
    MissingReveal { ply: usize, text: String },
    #[error("move {ply} '{text}' reveals a piece the pool does not have")]
    NotInPool { ply: usize, text: String },
    #[error("move {ply} '{text}' cannot have taken that face-down piece: {why}")]
    BadCapture {
        ply: usize,
        text: String,
        why: String,
    },
    #[error("move {ply} '{text}': {source}")]
    Refused {
        ply: usize,
        text: String,
        source: crate::game::GameError,
    },
}

impl PlayerView {
    /// The view of the side to move after `moves`, from text as a GUI sends it to an engine:
    /// a FEN (standard, public Jieqi, or viewer-relative Jieqi) and moves in ICCS or WXF, each
    /// move of a hidden piece naming the identity it showed (`a0a1R`). A Jieqi FEN without a
    /// pool gets the full one less the face-up pieces on the board. Captured face-down pieces
    /// stay unseen, as they would for a player who did not capture them.
    pub fn from_text(fen: &str, moves: &[&str]) -> Result<PlayerView, ViewTextError> {
        PlayerView::from_text_with(fen, moves, None)
    }

    /// [`PlayerView::from_text`] under a rule set (its variant decides how the FEN is read);
    /// `None`: the variant the FEN shows (face-down pieces or a pool: Jieqi), under its
    /// standard rules.
    pub fn from_text_with(
        fen: &str,
        moves: &[&str],
        rules: Option<RuleSet>,
    ) -> Result<PlayerView, ViewTextError> {
        PlayerView::from_text_noting(fen, moves, rules, &mut Vec::new())
    }

    /// [`PlayerView::from_text_with`], adding to `notices` each warning or hint of the rules
    /// at the ply that brought it (0 = the start), as [`crate::Judgement`] keeps them.
    pub(crate) fn from_text_noting(
        fen: &str,
        moves: &[&str],
        rules: Option<RuleSet>,
        notices: &mut Vec<(usize, Notice)>,
    ) -> Result<PlayerView, ViewTextError> {
        let mut told = ToldGame::new(fen, rules)?;
        let mut before = Vec::new();
        note_arising(notices, 0, &mut before, told.game().notices());
        for (i, text) in moves.iter().enumerate() {
            told.play(text)?;
            note_arising(notices, i + 1, &mut before, told.game().notices());
        }
        Ok(told.view())
    }
}
