//! A playable position: checked on construction, so that every position past this gate has
//! both generals, plausible pieces and a side not to move that is not in check.

use crate::board::{Board, NO_SQUARE};
use crate::movegen::MoveList;
use crate::setup::{START_COUNTS, Setup, start_piece};
use crate::types::{Move, Piece, Role, Side, Square};
use crate::zobrist;

/// How pieces move in a variant: the one difference between standard Xiangqi and Jieqi that
/// move generation needs (rules.md §3 and §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// Revealed advisors and elephants may leave the palace and cross the river (Jieqi).
    pub free_advisors_elephants: bool,
}

impl MoveRules {
    pub const XIANGQI: MoveRules = MoveRules {
        free_advisors_elephants: false,
    };
    pub const JIEQI: MoveRules = MoveRules {
        free_advisors_elephants: true,
    };
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Side,
    rules: MoveRules,
    /// Plies since the last capture (rules.md §6).
    halfmoves: u32,
    fullmoves: u32,
}

/// Why a setup is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{0} has no general")]
    MissingGeneral(Side),
    #[error("{0} has more than one general")]
    TooManyGenerals(Side),
    #[error("{0}'s general at {1} is outside its palace")]
    GeneralOutsidePalace(Side, Square),
    #[error("{side} has more {role}s than a side starts with")]
    TooMany { side: Side, role: Role },
    #[error("{side} has more than 16 pieces")]
    TooManyPieces { side: Side },
    #[error("a {role} of {side} cannot stand on {square}")]
    ImpossiblePoint {
        side: Side,
        role: Role,
        square: Square,
    },
    #[error("a hidden piece of {side} stands on {square}, which is not one of its start points")]
    HiddenOffStart { side: Side, square: Square },
    #[error("{0} is in check although it is not their move")]
    OpponentInCheck(Side),
}

/// Where advisors, elephants and soldiers can ever stand in standard Xiangqi.
fn reachable(side: Side, role: Role, sq: Square) -> bool {
    // Seen from the piece's own side: rank 0 is its baseline.
    let (f, r) = match side {
        Side::Red => (sq.file(), sq.rank()),
        Side::Black => (sq.file(), 9 - sq.rank()),
    };
    match role {
        Role::Advisor => matches!((f, r), (3 | 5, 0 | 2) | (4, 1)),
        Role::Elephant => matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        Role::Soldier => r >= 5 || (r >= 3 && f % 2 == 0),
        _ => true,
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_setup(&Setup::start(Default::default()), MoveRules::XIANGQI)
            .expect("the start position is legal")
    }

    /// Checks a setup and makes it playable under `rules`.
    pub fn from_setup(setup: &Setup, rules: MoveRules) -> Result<Position, PositionError> {
        let mut board = Board::empty();
        let mut counts = [[0u8; 8]; 2];
        let mut totals = [0u8; 2];
        for sq in Square::all() {
            let Some(piece) = setup.piece_at(sq) else {
                continue;
            };
            let (side, role) = (piece.side(), piece.role());
            if piece.is_hidden() {
                if start_piece(sq) != Some((side, role)) || role == Role::General {
                    return Err(PositionError::HiddenOffStart { side, square: sq });
                }
            } else {
                counts[side.index()][role as usize] += 1;
                if role == Role::General {
                    if counts[side.index()][role as usize] > 1 {
                        return Err(PositionError::TooManyGenerals(side));
                    }
                    if !sq.in_palace(side) {
                        return Err(PositionError::GeneralOutsidePalace(side, sq));
                    }
                }
                if counts[side.index()][role as usize] > START_COUNTS[role as usize] {
                    return Err(PositionError::TooMany { side, role });
                }
                if !rules.free_advisors_elephants && !reachable(side, role, sq) {
                    return Err(PositionError::ImpossiblePoint {
                        side,
                        role,
                        square: sq,
                    });
                }
            }
            totals[side.index()] += 1;
            if totals[side.index()] > 16 {
                return Err(PositionError::TooManyPieces { side });
            }
            board.put(sq, piece);
        }
        for side in Side::ALL {
            if board.generals[side.index()] == NO_SQUARE {
                return Err(PositionError::MissingGeneral(side));
            }
        }
        let pos = Position {
            board,
            turn: setup.turn,
            rules,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
        };
        if pos.is_general_attacked(setup.turn.other()) {
            return Err(PositionError::OpponentInCheck(setup.turn.other()));
        }
        Ok(pos)
    }

    /// The setup this position came from (no Jieqi pool: that belongs to the game).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for (sq, piece) in self.board.pieces() {
            setup.board[sq.index()] = Some(piece);
        }
        setup.turn = self.turn;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The FEN of this position (standard form, `- -` in the middle fields).
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }

    #[inline]
    pub fn rules(&self) -> MoveRules {
        self.rules
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// Zobrist hash of placement (hidden state included) and side to move: the identity of a
    /// position for repetition (rules.md §6).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.hash()
            ^ if self.turn == Side::Black {
                zobrist::black_to_move_key()
            } else {
                0
            }
    }

    /// The general of `side`.
    pub fn general(&self, side: Side) -> Square {
        self.board
            .general(side)
            .expect("a position has both generals")
    }

    fn is_general_attacked(&self, side: Side) -> bool {
        self.board.general_attacked(
            self.general(side),
            side.other(),
            self.rules.free_advisors_elephants,
        )
    }

    /// Whether the side to move is in check (rules.md §4).
    pub fn is_check(&self) -> bool {
        self.is_general_attacked(self.turn)
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        self.board
            .legal_moves(self.turn, self.rules.free_advisors_elephants)
    }

    /// The legal moves of the side to move that capture: `legal_moves` without the quiet ones.
    pub fn legal_captures(&self) -> MoveList {
        self.board
            .legal_captures(self.turn, self.rules.free_advisors_elephants)
    }

    /// How many legal moves the side to move has.
    pub fn count_legal(&self) -> u64 {
        self.board
            .count_legal(self.turn, self.rules.free_advisors_elephants)
    }

    /// Pseudo-legal moves of `side` (movement rules only, own general ignored), whoever is to
    /// move: what `side` threatens.
    pub fn pseudo_moves(&self, side: Side) -> MoveList {
        let mut list = MoveList::new();
        self.board
            .for_each_pseudo(side, self.rules.free_advisors_elephants, |f, t, _| {
                list.push(Move::new(
                    Square::from_index_unchecked(f),
                    Square::from_index_unchecked(t),
                ))
            });
        list
    }

    /// The points from which `by` could capture on `sq` by the movement rules, ignoring
    /// whether that exposes `by`'s own general.
    pub fn attackers(&self, sq: Square, by: Side) -> Vec<Square> {
        self.pseudo_moves(by)
            .iter()
            .filter(|m| m.to == sq)
            .map(|m| m.from)
            .collect()
    }

    /// Whether `m` is legal for the side to move.
    pub fn is_legal(&self, m: Move) -> bool {
        let Some(piece) = self.piece_at(m.from) else {
            return false;
        };
        if piece.side() != self.turn {
            return false;
        }
        let free = self.rules.free_advisors_elephants;
        let mut found = false;
        self.board.for_each_pseudo(self.turn, free, |f, t, _| {
            found |= f as usize == m.from.index() && t as usize == m.to.index()
        });
        found
            && self.board.keeps_general_safe(
                &self.board.guard(self.turn, free),
                m.from.index() as u8,
                m.to.index() as u8,
                piece.code() as u8,
            )
    }

    /// Plays `m`, which the caller knows to be legal, with the moving piece arriving as
    /// `arriving` (itself, or its revealed identity in Jieqi). Returns the captured piece.
    pub fn play_unchecked_as(&mut self, m: Move, arriving: Piece) -> Option<Piece> {
        let captured = self.board.shift(m.from, m.to, arriving);
        self.halfmoves = if captured.is_some() {
            0
        } else {
            self.halfmoves + 1
        };
        if self.turn == Side::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        captured
    }

    /// Passes the turn without moving: the "null move" of engine search (null-move pruning).
    /// Not a move in any rule set. The caller must make sure the side to move is not in
    /// check, or the result would have the side not to move in check.
    #[inline]
    pub fn play_null(&mut self) {
        debug_assert!(!self.is_check());
        self.turn = self.turn.other();
    }

    /// Plays `m`, which the caller knows to be legal. Returns the captured piece.
    ///
    /// A hidden Jieqi piece must be revealed when it moves, and a position does not know
    /// identities: here it is revealed as the piece of its start point (the role it moved as).
    /// [`crate::Jieqi`] plays the true identity with [`Position::play_unchecked_as`].
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let piece = self
            .piece_at(m.from)
            .expect("a legal move starts on a piece");
        let arriving = if piece.is_hidden() {
            Piece::new(piece.side(), piece.role())
        } else {
            piece
        };
        self.play_unchecked_as(m, arriving)
    }

    /// Counts the leaves of the legal move tree `depth` plies deep. The last ply is counted
    /// without being played, as engines count.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => self
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut next = self.clone();
                    next.play_unchecked(m);
                    next.perft(depth - 1)
                })
                .sum(),
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
