//! Banqi notation (rules.md §11): `a1=R` a flip that turned up a red chariot (the FEN letter,
//! upper case red, lower case black), `a1-a2` a move, `a1xb1` a capture.
//!
//! A flip may be typed without its letter (`a1`): the player cannot know it beforehand. A
//! letter that is given is checked: against a view, that such a piece is still face down
//! somewhere; against the game, that it is what the deal turns up. In the second case a wrong
//! letter is refused without naming the right one.

use jieqi_rules::{Outcome, Piece};

use crate::board::{PieceCounts, Point, SQUARES, piece_from_letter, piece_letter};
use crate::options::Options;
use crate::position::BanqiPosition;
use crate::rules::{BanqiRefusal, Turn};
use jieqi_rules::quote::{quote, quote_char};

/// Writes a turn: a flip with the piece it turned up (`a1=R`; `a1` when `revealed` is
/// `None`), a move `a1-a2`, a capture `a1xb1`. `revealed` is ignored for moves and captures.
pub fn write_turn(turn: Turn, revealed: Option<Piece>) -> String {
    match (turn, revealed) {
        (Turn::Flip(p), Some(piece)) => format!("{p}={}", piece_letter(piece)),
        _ => turn.to_string(),
    }
}

/// Why a text is not a turn here. Each message is one line and quotes at most about 40
/// characters of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseTurnError {
    #[error("the turn is empty")]
    Empty,
    #[error("'{0}' is not a Banqi turn: write a1 or a1=R (flip), a1-a2 (move), a1xb1 (capture)")]
    Malformed(String),
    #[error(transparent)]
    BadPoint(#[from] crate::board::ParsePointError),
    #[error("'{0}' is not a piece letter (K A B R N C P, upper case red, lower case black)")]
    BadLetter(String),
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error(transparent)]
    Illegal(#[from] BanqiRefusal),
    #[error("no face-down {} {} is left to turn up", .0.side().name(), .0.role())]
    NotFaceDown(Piece),
    #[error("{point} does not turn up {letter}")]
    WrongReveal { point: Point, letter: char },
}

/// Reads the form of a turn without a position: the turn, and a flip's letter if written.
/// Surrounding whitespace is ignored; the capture mark may be `x` or `X`.
pub fn parse_turn_text(text: &str) -> Result<(Turn, Option<Piece>), ParseTurnError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ParseTurnError::Empty);
    }
    let malformed = || ParseTurnError::Malformed(quote(t));
    if !t.is_ascii() {
        return Err(malformed());
    }
    match t.len() {
        2 => Ok((Turn::Flip(t.parse()?), None)),
        4 if t.as_bytes()[2] == b'=' => {
            let point = t[..2].parse()?;
            let c = char::from(t.as_bytes()[3]);
            let piece = piece_from_letter(c).ok_or_else(|| {
                ParseTurnError::BadLetter(if c.is_control() {
                    quote_char(c)
                } else {
                    c.to_string()
                })
            })?;
            Ok((Turn::Flip(point), Some(piece)))
        }
        5 => {
            let from = t[..2].parse()?;
            let to = t[3..].parse()?;
            match t.as_bytes()[2] {
                b'-' => Ok((Turn::Move { from, to }, None)),
                b'x' | b'X' => Ok((Turn::Capture { from, to }, None)),
                _ => Err(malformed()),
            }
        }
        _ => Err(malformed()),
    }
}

/// Reads the form only (see [`parse_turn_text`]); a flip's letter, if any, is not kept or
/// checked: use [`parse_turn`] for that.
impl std::str::FromStr for Turn {
    type Err = ParseTurnError;
    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        parse_turn_text(s).map(|(turn, _)| turn)
    }
}

/// What a turn is read against: a game ([`crate::Banqi`]) or a view ([`crate::BanqiView`]),
/// made by `From` (where each is defined): `parse_turn(&game, "a1")`, `parse_turn(&view,
/// "a1-a2")`. What a game holds of its deal stays inside: a context neither shows nor prints
/// it.
#[derive(Clone, Copy)]
pub struct TurnContext<'a> {
    pub(crate) position: &'a BanqiPosition,
    pub(crate) options: Options,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) face_down: PieceCounts,
    /// The game's face-down identities, when reading against it: they say what a flip turns
    /// up.
    pub(crate) deal: Option<&'a [Option<Piece>; SQUARES]>,
}

impl std::fmt::Debug for TurnContext<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TurnContext")
            .field("position", &self.position.to_text())
            .field("options", &self.options.to_string())
            .field("outcome", &self.outcome)
            .field("game", &self.deal.is_some())
            .finish()
    }
}

/// Reads a turn and checks that it is legal in `context` (a game or a view). A flip's letter,
/// if written, must name a piece still face down, and, against the game, the one the deal
/// turns up on that square. That last check tells whether a guess was right, so a player's
/// input is read against their view; reading against the game is for records and replays.
pub fn parse_turn<'a>(
    context: impl Into<TurnContext<'a>>,
    text: &str,
) -> Result<Turn, ParseTurnError> {
    let context = context.into();
    let (turn, letter) = parse_turn_text(text)?;
    if let Some(outcome) = context.outcome {
        return Err(ParseTurnError::GameOver(outcome));
    }
    context.position.check(&context.options, turn)?;
    if let (Turn::Flip(point), Some(piece)) = (turn, letter) {
        if context.face_down.get(piece) == 0 {
            return Err(ParseTurnError::NotFaceDown(piece));
        }
        if let Some(shows) = context.deal.and_then(|d| d[point.index()])
            && shows != piece
        {
            return Err(ParseTurnError::WrongReveal {
                point,
                letter: piece_letter(piece),
            });
        }
    }
    Ok(turn)
}
