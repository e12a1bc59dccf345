//! The rules of Banqi (半盤暗棋, "dark chess" on half a board), the platform's third variant.
//!
//! The contract is `spec/rules.md` §11 (with §8 for seeded deals and §10 for the options);
//! tests cite its sections. Nothing here depends on a UI or an engine. In short:
//!
//! - **Board.** 4 rows × 8 columns of squares ([`Point`], `a1`–`h4`: columns from the first
//!   player's left, rows from their side). All 32 Xiangqi pieces start face down, shuffled by a
//!   seeded [`BanqiDeal`] (its own fixed algorithm, documented there, and golden vectors).
//! - **Turns** ([`Turn`]). Flip a face-down piece where it stands (both players see it), move
//!   one of your face-up pieces one square up, down, left or right to an empty square, or
//!   capture.
//! - **Colours.** The first player's first flip decides: they play the colour they turned up
//!   ([`Banqi::colour`]).
//! - **Captures by rank** ([`rank`]): general > advisor > elephant > chariot > horse > cannon >
//!   soldier. A piece other than a cannon takes a face-up enemy of equal or lower rank on a
//!   neighbouring square, except that a soldier takes the general and the general does not take
//!   a soldier. A cannon takes any face-up enemy, only by jumping over exactly one piece (face
//!   up or down, either colour) along a row or column at any distance; it moves like the
//!   others. Face-down pieces cannot be captured. The [`Options`] (rules.md §10) change this:
//!   a sliding chariot, soldiers that spare the general, a general that takes soldiers, a
//!   cannon that also captures by a step.
//! - **End** ([`Banqi::outcome`], reported with the rules crate's [`Outcome`]). The player to
//!   move with no piece left, face up or face down, loses ([`WinReason::NoPiecesLeft`]); so
//!   does one with no legal turn ([`WinReason::Stalemate`]); this outranks the draws: 60 plies
//!   in a row without a flip or a capture ([`DrawReason::NoFlipOrCapture`]) and the third
//!   occurrence of a position — placement, which squares are face down, seat to move
//!   ([`DrawReason::Repetition`]). Players may also resign or agree a draw.
//! - **Knowledge** ([`BanqiView`]). Face-down pieces are unknown to both players alike, so both
//!   seats see the same; the face-down pieces and the seed are shown when the game ends.
//! - **Notation** ([`write_turn`], [`parse_turn`]): `a1=R` a flip that turned up a red chariot
//!   (the FEN letter: upper case red, lower case black), `a1-a2` a move, `a1xb1` a capture.
//! - **Search** ([`BanqiNode`]): what the side to move knows, as the platform's generic search
//!   reads it (`jieqi_rules::platform::SearchNode`): a flip is a chance turn over the kinds
//!   still face down, the verdict judges as the game does, and the evaluation is Banqi's own.
//! - **A game told from its public turns** ([`Banqi::from_public_turns`]): for an engine
//!   that was never dealt the game (a GUI tells it each flip's piece), the face-down pieces
//!   placed in a fixed order consistent with every flip; only what players may know of it is
//!   true.
//! - **Perft** ([`Banqi::perft`]) counts the leaves of the legal turn tree: with a deal a flip
//!   is one node (it turns up what the deal holds), and a finished game has no turns.
//!
//! ```
//! use jieqi_banqi::{Banqi, Seat, Seed, Side, parse_turn};
//!
//! let mut game = Banqi::from_seed(Seed(42));
//! let flip = parse_turn(&game.view(Seat::First), "a1").unwrap();
//! game.play(flip).unwrap();
//! // a1 held a black advisor: the first player plays black.
//! assert_eq!(game.history()[0].to_string(), "a1=a");
//! assert_eq!(game.colour(Seat::First), Some(Side::Black));
//! assert_eq!(game.legal_turns().len(), 31);
//! ```
//!
//! # Text form of a position
//!
//! Five fields separated by spaces, for tests, the command line and engines:
//!
//! 1. The squares, row 4 first down to row 1, rows separated by `/`, each from column `a` to
//!    `h`: `?` a face-down piece, a FEN letter a face-up piece (`K A B R N C P`, upper case red,
//!    lower case black; `E`/`H` are read as `B`/`N`), a digit 1–8 a run of empty squares.
//! 2. The seat to move: `f` (first player) or `s` (second).
//! 3. The first player's colour: `r`, `b`, or `-` before the first flip.
//! 4. Plies in a row without a flip or a capture (60 draw).
//! 5. The move number: 1 at the start, one more after each of the second player's turns.
//!
//! The start is `????????/????????/????????/???????? f - 0 1`. The **full-knowledge form**,
//! for saves and tests only, writes each face-down piece's identity right after its `?` in
//! the same letters: `?R` is a face-down red chariot. The reader of the public form refuses it
//! (a row would be too wide) rather than misread it, and deleting the letter after each `?`
//! gives the public form back. [`BanqiPosition::parse`] reads the public form,
//! [`Banqi::from_full_text`] the full one. Impossible positions are refused: more pieces of a
//! kind than the set has, face-up pieces before the first flip, more plies without a flip or
//! capture than could have been played, and (full form) a player who just moved with no piece.

//!
//! # Decisions where rules.md §10 and §11 are silent
//!
//! - **Cannon.** It takes the first piece beyond exactly one screen, at any distance on either
//!   side of the screen, of any rank, the general included; never an adjacent piece unless
//!   `cannon=also-step`, and then only by rank (cannons and soldiers).
//! - **`chariot=slide`.** It moves through empty squares and takes the first piece it meets
//!   (adjacent included) if that is a face-up enemy of equal or lower rank; a face-down piece
//!   blocks it. Rank puts the chariot above the horse (§11), the reverse of [`Role`]'s order,
//!   so Banqi has its own [`rank`].
//! - **`soldier-takes-general=off`**: soldiers take only soldiers. Both exception options may
//!   be on at once.
//! - **Flips.** Either player may flip any face-down piece, of either colour.
//! - **Losing** (no piece left, no legal turn) is judged for the player to move, face-down
//!   pieces of their colour counting; a stalemate needs every piece face up. A loss outranks a
//!   draw that falls on the same ply.
//! - **The 60-ply counter** resets on a flip or a capture; at 60 the game is drawn.
//! - **Repetition.** A position is the placement (which squares are face down, the face-up
//!   pieces) and the seat to move; only positions since the last flip or capture are compared;
//!   a game set up from text starts its history there.
//! - **Before the first flip** there are no colours: resigning is refused
//!   ([`BanqiError::NoColoursYet`]); agreeing a draw is allowed.
//! - **Undo** clears a resignation or an agreed draw, as in the rules crate; options are chosen
//!   before the first turn.
//! - **Perft**: a finished game has no turns at depth 1 or more; a leaf at depth 0 counts 1.
//! - **The view's face-down pool** (the counts of the kinds still face down) is public: anyone
//!   can work it out from the full set, the face-up pieces and the captures.
//! - **A flip typed with its letter** is checked against a view only for "is such a piece still
//!   face down?"; against the game it must match the deal — so players' input is read against
//!   the view, never the game.
//! - **Turn order** of [`Banqi::legal_turns`]: by square from `a1`; for each piece up, down,
//!   left, right, nearer squares first.

mod board;
mod deal;
mod game;
mod notation;
mod options;
mod platform;
mod position;
mod record;
mod rules;
mod save;
mod search;
mod text;
mod told;
mod turn;
mod view;
mod words;

pub use board::{
    COLUMNS, Cell, ParsePointError, PieceCounts, Point, ROWS, SQUARES, Seat, piece_from_letter,
    piece_letter, set_count,
};
pub use deal::{BanqiDeal, BanqiDealError, DEAL_KEY_TAG, SHUFFLE_ORDER};
pub use game::{Banqi, BanqiError};
pub use notation::{ParseTurnError, TurnContext, parse_turn, parse_turn_text, write_turn};
pub use options::{CannonCapture, ChariotMove, OPTIONS, Options, OptionsError};
pub use platform::{BANQI, BANQI_BOARD, table_of_view};
pub use position::{BanqiPosition, NO_FLIP_OR_CAPTURE_PLIES};
pub use record::{BanqiRecordError, MAX_TURNS, ReadRecord, read_record, write_record};
pub use rules::{BanqiRefusal, Turn, rank};
pub use save::{BanqiSave, SAVE_VARIANT};
pub use search::{BanqiNode, EnemyForce, base_value, piece_value};
pub use text::TextError;
pub use told::ToldError;
pub use view::{BanqiReveal, BanqiView, SeenTurn};
pub use words::{REASONS, TITLE, refusal_words};

/// Re-exported from the rules crate, which Banqi shares them with.
pub use jieqi_rules::{DrawReason, Outcome, Piece, Role, Seed, Side, WinReason};
