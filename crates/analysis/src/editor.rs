//! A position editor for the Xiangqi board (Xiangqi and Jieqi, the variants whose positions
//! are FENs): place, move and remove pieces, the side to move, a flipped view, and in Jieqi
//! the pool of identities not yet seen, kept consistent.
//!
//! Every edit is checked by the rules: the edited position is written as the FEN the
//! variant's [`Variant::position`] reads, and what it refuses is refused with its own
//! one-line reason, the editor keeping the last position it took. The editor knows no rule
//! of its own: a face-down piece off its start point, a missing general, a general in the
//! other's view, too many chariots are all the rules' refusals.
//!
//! In Jieqi the pool is never edited directly: it is always what the set has left after the
//! face-up pieces and the identities known to have been taken (`learned`, rules.md §9), so
//! placing a face-up chariot takes one out of the pool and removing it puts it back.
//!
//! [`Variant::position`]: jieqi_rules::platform::Variant::position

use jieqi_rules::platform::{Receiver, Spot, VariantRef};
use jieqi_rules::{Family, Handicap, Pool, Role, Setup, Side, Square};

use crate::tree::{Tree, TreeError};

/// A piece as the editor places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EditorPiece {
    /// Face up: its side and what it is.
    Up {
        /// Its colour.
        side: Side,
        /// What it is.
        role: Role,
    },
    /// Face down (Jieqi): only its colour is seen; it stands on a start point of its side.
    Down {
        /// Its colour.
        side: Side,
    },
}

/// The position being edited; always one the rules take.
#[derive(Clone, Debug)]
pub struct Editor {
    variant: VariantRef,
    rules: String,
    board: [Option<EditorPiece>; 90],
    turn: Side,
    learned: Pool,
    flipped: bool,
}

impl Editor {
    /// The editor at the variant's start (for Jieqi its public start), under `rules`.
    pub fn new(variant: VariantRef, rules: &str) -> Result<Editor, TreeError> {
        let start = variant
            .told_game(None, &[], rules)
            .map_err(|e| TreeError::Refused(e.to_string()))?
            .knowledge(Receiver::Spectator)
            .position;
        Editor::from_text(variant, &start, rules)
    }

    /// The editor at a position's FEN (ours or JieqiBox's). Its pool is made consistent:
    /// what the set has left after the face-up pieces and the identities learned.
    pub fn from_text(variant: VariantRef, fen: &str, rules: &str) -> Result<Editor, TreeError> {
        if variant.kind().is_none() {
            return Err(TreeError::Refused(format!(
                "the editor sets up positions on the Xiangqi board, not {}'s",
                variant.name()
            )));
        }
        let setup = Setup::parse_fen(fen).map_err(|e| TreeError::Refused(e.to_string()))?;
        let mut board = [None; 90];
        for sq in Square::all() {
            board[sq.index()] = setup.piece_at(sq).map(|p| match p.is_hidden() {
                true => EditorPiece::Down { side: p.side() },
                false => EditorPiece::Up {
                    side: p.side(),
                    role: p.role(),
                },
            });
        }
        let editor = Editor {
            variant,
            rules: rules.to_string(),
            board,
            turn: setup.turn,
            learned: setup.learned.unwrap_or_default(),
            flipped: false,
        };
        editor.check()?;
        Ok(editor)
    }

    fn jieqi(&self) -> bool {
        self.variant.kind() == Some(Family::Jieqi)
    }

    /// The rules' verdict on the position as it stands.
    fn check(&self) -> Result<(), TreeError> {
        let fen = self.position();
        // The FEN reader's reason first: `position` would also try the text as a deal's.
        Setup::parse_fen(&fen).map_err(|e| TreeError::Refused(format!("bad FEN: {e}")))?;
        self.variant
            .position(&fen, &self.rules)
            .map(drop)
            .map_err(|e| TreeError::Refused(e.to_string()))
    }

    /// Applies `edit` if the rules take the position it makes; else changes nothing.
    fn edit(&mut self, edit: impl FnOnce(&mut Editor)) -> Result<(), TreeError> {
        let mut next = self.clone();
        edit(&mut next);
        next.check()?;
        *self = next;
        Ok(())
    }

    /// The variant.
    pub fn variant(&self) -> VariantRef {
        self.variant
    }

    /// The piece on `spot`.
    pub fn piece_at(&self, spot: Spot) -> Option<EditorPiece> {
        let sq = Square::new(spot.column, spot.row)?;
        self.board[sq.index()]
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Whether the board is shown from Black's side (a view flag: the position is the same).
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Shows the board from the other side.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// Puts `piece` on `spot` (replacing what stands there).
    pub fn place(&mut self, spot: Spot, piece: EditorPiece) -> Result<(), TreeError> {
        let sq = on_board(spot)?;
        self.edit(|e| e.board[sq.index()] = Some(piece))
    }

    /// Takes the piece off `spot`.
    pub fn remove(&mut self, spot: Spot) -> Result<(), TreeError> {
        let sq = on_board(spot)?;
        self.edit(|e| e.board[sq.index()] = None)
    }

    /// Moves the piece on `from` to `to` (replacing what stands there).
    pub fn move_piece(&mut self, from: Spot, to: Spot) -> Result<(), TreeError> {
        let (from, to) = (on_board(from)?, on_board(to)?);
        let Some(piece) = self.board[from.index()] else {
            return Err(TreeError::Refused(format!("there is no piece on {from}")));
        };
        self.edit(|e| {
            e.board[from.index()] = None;
            e.board[to.index()] = Some(piece);
        })
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, side: Side) -> Result<(), TreeError> {
        self.edit(|e| e.turn = side)
    }

    /// Leaves only the generals: Red's on e0, Black's on d9 (not on one file, where they
    /// would face each other, which the rules refuse); Red to move.
    pub fn clear(&mut self) -> Result<(), TreeError> {
        self.edit(|e| {
            e.learned = Pool::default();
            e.board = [None; 90];
            e.turn = Side::Red;
            for (side, file, rank) in [(Side::Red, 4, 0), (Side::Black, 3, 9)] {
                let sq = Square::new(file, rank).expect("on the board");
                e.board[sq.index()] = Some(EditorPiece::Up {
                    side,
                    role: Role::General,
                });
            }
        })
    }

    /// Jieqi: the identities known to have been taken face down (what the position's
    /// teller learned), out of the pool.
    pub fn learned(&self) -> Pool {
        self.learned
    }

    /// Jieqi: one more `side` `role` known to have been taken face down (it leaves the
    /// pool), or one fewer (`known` false: it goes back).
    pub fn set_learned(&mut self, side: Side, role: Role, known: bool) -> Result<(), TreeError> {
        if !self.jieqi() {
            return Err(TreeError::Refused(format!(
                "{} has no face-down pieces to have taken",
                self.variant.name()
            )));
        }
        let n = self.learned.count(side, role);
        let n = match known {
            true => n.saturating_add(1),
            false => n
                .checked_sub(1)
                .ok_or_else(|| TreeError::Refused("none is known to have been taken".into()))?,
        };
        self.edit(|e| e.learned.set(side, role, n))
    }

    /// Jieqi: the identities not yet seen — what the set has left after the face-up pieces
    /// and the identities learned (empty for Xiangqi).
    pub fn pool(&self) -> Pool {
        let mut pool = Pool::default();
        if !self.jieqi() {
            return pool;
        }
        let start = Setup::start(Handicap::None);
        for side in Side::ALL {
            for role in Role::ALL.into_iter().filter(|r| *r != Role::General) {
                let count = |board: &mut dyn Iterator<Item = (Side, Role)>| {
                    board.filter(|&(s, r)| s == side && r == role).count()
                };
                let set = count(&mut start.board.iter().flatten().map(|p| (p.side(), p.role())));
                let up = count(&mut self.board.iter().flatten().filter_map(|p| match *p {
                    EditorPiece::Up { side, role } => Some((side, role)),
                    EditorPiece::Down { .. } => None,
                }));
                let left = set
                    .saturating_sub(up)
                    .saturating_sub(usize::from(self.learned.count(side, role)));
                pool.set(side, role, u8::try_from(left).unwrap_or(0));
            }
        }
        pool
    }

    /// The position as the FEN the variant's `position` reads: placement, side to move, in
    /// Jieqi the pool and what was learned, then `0 1`.
    pub fn position(&self) -> String {
        let mut fen = String::with_capacity(100);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::new(file, rank).expect("on the board");
                let letter = self.board[sq.index()].map(|p| match p {
                    EditorPiece::Up { side, role } => side_case(side, role.fen_char()),
                    EditorPiece::Down { side } => side_case(side, 'x'),
                });
                match letter {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.turn == Side::Red { " w " } else { " b " });
        if self.jieqi() {
            fen.push_str(&format!("{} {} 0 1", self.pool(), self.learned));
        } else {
            fen.push_str("- - 0 1");
        }
        fen
    }

    /// A move tree from the position, under the editor's rules.
    pub fn tree(&self) -> Result<Tree, TreeError> {
        Tree::new(self.variant, Some(&self.position()), &self.rules)
    }
}

fn side_case(side: Side, c: char) -> char {
    match side {
        Side::Red => c.to_ascii_uppercase(),
        Side::Black => c.to_ascii_lowercase(),
    }
}

fn on_board(spot: Spot) -> Result<Square, TreeError> {
    Square::new(spot.column, spot.row)
        .ok_or_else(|| TreeError::Refused("that point is off the board".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::platform::{JIEQI, Variant, XIANGQI};
    use proptest::prelude::*;

    use crate::test_spot as spot;

    #[test]
    fn starts_at_the_variants_start_and_writes_its_fen() {
        let editor = Editor::new(VariantRef(&XIANGQI), "").unwrap();
        assert_eq!(editor.position(), jieqi_rules::STANDARD_FEN);
        let jieqi = Editor::new(VariantRef(&JIEQI), "").unwrap();
        assert!(
            jieqi
                .position()
                .ends_with(" w R2A2C2P5N2B2r2a2c2p5n2b2 - 0 1"),
            "{}",
            jieqi.position()
        );
    }

    #[test]
    fn the_pool_follows_the_face_up_pieces_rules_9() {
        let mut editor = Editor::new(VariantRef(&JIEQI), "").unwrap();
        // A face-down piece off the board; a face-up chariot in its place.
        editor.remove(spot("a0")).unwrap();
        let red_chariot = EditorPiece::Up {
            side: Side::Red,
            role: Role::Chariot,
        };
        editor.place(spot("a4"), red_chariot).unwrap();
        assert_eq!(editor.pool().count(Side::Red, Role::Chariot), 1);
        editor.remove(spot("a4")).unwrap();
        assert_eq!(editor.pool().count(Side::Red, Role::Chariot), 2);
        // Known to have been taken: out of the pool.
        editor.set_learned(Side::Red, Role::Chariot, true).unwrap();
        assert_eq!(editor.pool().count(Side::Red, Role::Chariot), 1);
        assert!(editor.position().contains(" R1"), "{}", editor.position());
    }

    #[test]
    fn the_rules_refuse_and_the_last_position_stays() {
        let mut editor = Editor::new(VariantRef(&JIEQI), "").unwrap();
        let before = editor.position();
        // Face down off a start point.
        let down = EditorPiece::Down { side: Side::Red };
        let err = editor.place(spot("e4"), down).unwrap_err();
        assert!(err.to_string().contains("start point"), "{err}");
        // No general.
        assert!(editor.remove(spot("e0")).is_err());
        // A face-up chariot while all fifteen stay face down: the pool would be short.
        let chariot = EditorPiece::Up {
            side: Side::Red,
            role: Role::Chariot,
        };
        let err = editor.place(spot("a4"), chariot).unwrap_err();
        assert!(err.to_string().contains("pool"), "{err}");
        assert_eq!(editor.position(), before);
        // Two face down taken off, two chariots face up; a third is one too many.
        editor.remove(spot("a0")).unwrap();
        editor.remove(spot("b0")).unwrap();
        editor.place(spot("a4"), chariot).unwrap();
        editor.place(spot("b4"), chariot).unwrap();
        let kept = editor.position();
        let err = editor.place(spot("c4"), chariot).unwrap_err();
        assert!(!err.to_string().contains('\n'));
        assert_eq!(editor.position(), kept);
        // Xiangqi has no face-down pieces.
        let mut xiangqi = Editor::new(VariantRef(&XIANGQI), "").unwrap();
        assert!(xiangqi.place(spot("a0"), down).is_err());
        assert!(xiangqi.set_learned(Side::Red, Role::Chariot, true).is_err());
    }

    #[test]
    fn flipping_is_a_view_and_clear_leaves_the_generals() {
        let mut editor = Editor::new(VariantRef(&XIANGQI), "").unwrap();
        let before = editor.position();
        editor.flip();
        assert!(editor.flipped());
        assert_eq!(editor.position(), before);
        editor.clear().unwrap();
        assert_eq!(editor.position(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        editor.move_piece(spot("e0"), spot("f0")).unwrap();
        editor.set_turn(Side::Black).unwrap();
        assert!(editor.tree().is_ok());
    }

    /// One edit, by numbers.
    #[derive(Clone, Debug)]
    enum Edit {
        Place(u8, u8, u8, bool),
        Remove(u8, u8),
        Move(u8, u8, u8, u8),
        Turn(bool),
        Learn(bool, u8, bool),
        Clear,
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            6 => (0..9u8, 0..10u8, 0..16u8, any::<bool>()).prop_map(|(f, r, p, red)| Edit::Place(f, r, p, red)),
            4 => (0..9u8, 0..10u8).prop_map(|(f, r)| Edit::Remove(f, r)),
            4 => (0..9u8, 0..10u8, 0..9u8, 0..10u8).prop_map(|(a, b, c, d)| Edit::Move(a, b, c, d)),
            1 => any::<bool>().prop_map(Edit::Turn),
            1 => (any::<bool>(), 1..7u8, any::<bool>()).prop_map(|(red, r, k)| Edit::Learn(red, r, k)),
            1 => Just(Edit::Clear),
        ]
    }

    fn apply(editor: &mut Editor, edit: &Edit) -> Result<(), TreeError> {
        let side = |red: bool| if red { Side::Red } else { Side::Black };
        match *edit {
            Edit::Place(f, r, p, red) => {
                let piece = match Role::ALL.get(usize::from(p % 8)) {
                    Some(&role) if p < 8 => EditorPiece::Up {
                        side: side(red),
                        role,
                    },
                    _ => EditorPiece::Down { side: side(red) },
                };
                editor.place(Spot::new(f, r), piece)
            }
            Edit::Remove(f, r) => editor.remove(Spot::new(f, r)),
            Edit::Move(a, b, c, d) => editor.move_piece(Spot::new(a, b), Spot::new(c, d)),
            Edit::Turn(red) => editor.set_turn(side(red)),
            Edit::Learn(red, r, known) => {
                let role = Role::ALL[usize::from(r) % Role::ALL.len()];
                editor.set_learned(side(red), role, known)
            }
            Edit::Clear => editor.clear(),
        }
    }

    proptest! {
        /// issue 59: no sequence of edits yields a position the rules refuse, and a refused
        /// edit changes nothing.
        #[test]
        fn no_edits_yield_a_position_the_rules_refuse(
            jieqi in any::<bool>(),
            edits in proptest::collection::vec(edit(), 1..40),
        ) {
            let variant: &'static dyn Variant = if jieqi { &JIEQI } else { &XIANGQI };
            let mut editor = Editor::new(VariantRef(variant), "").unwrap();
            for e in &edits {
                let before = editor.position();
                let result = apply(&mut editor, e);
                if result.is_err() {
                    prop_assert_eq!(&editor.position(), &before);
                }
                prop_assert!(variant.position(&editor.position(), "").is_ok(), "{}", editor.position());
                let pool = editor.pool();
                let fen = Setup::parse_fen(&editor.position()).unwrap();
                prop_assert!(fen.check_pool().is_ok());
                if jieqi {
                    prop_assert_eq!(fen.pool, Some(pool));
                }
            }
        }
    }
}
