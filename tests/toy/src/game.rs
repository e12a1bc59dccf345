//! The rules of Soldiers (the crate's docs): the board, a position and its legal turns, why a
//! turn is refused, the text forms, and the game with its history, its end and perft.

use std::fmt;

use jieqi_rules::quote::quote;
use jieqi_rules::{DrawReason, Outcome, Side, WinReason};

/// Columns of the board (`a`–`c`).
pub const COLUMNS: u8 = 3;
/// Rows of the board (`1`–`3`, Red's first row 1).
pub const ROWS: u8 = 3;
/// Squares of the board.
pub const SQUARES: usize = (COLUMNS * ROWS) as usize;
/// The longest game: each of the six soldiers steps at most `ROWS - 1` times.
pub const MAX_TURNS: usize = 6 * (ROWS as usize - 1);

/// A square: its column from the left and row from Red's side, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The square in `column`, `row`, if it is on the board.
    pub fn new(column: u8, row: u8) -> Option<Point> {
        (column < COLUMNS && row < ROWS).then_some(Point(row * COLUMNS + column))
    }

    /// Every square, row by row from Red's side.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SQUARES as u8).map(Point)
    }

    pub fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    pub fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// 0 to 8, row by row.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// `a1` → a1; anything else → `None`.
    pub fn parse(text: &str) -> Option<Point> {
        let mut chars = text.chars();
        let column = chars.next()?;
        let row = chars.next()?;
        if chars.next().is_some() || !column.is_ascii_lowercase() || !row.is_ascii_digit() {
            return None;
        }
        Point::new(column as u8 - b'a', (row as u8 - b'0').checked_sub(1)?)
    }

    /// The square `rows` ahead for `side` and `columns` to the right, if on the board.
    fn ahead(self, side: Side, columns: i8) -> Option<Point> {
        let row = match side {
            Side::Red => self.row().checked_add(1)?,
            Side::Black => self.row().checked_sub(1)?,
        };
        Point::new(self.column().checked_add_signed(columns)?, row)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column()), self.row() + 1)
    }
}

/// A turn: a soldier steps from one square to another, taking what stood there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub from: Point,
    pub to: Point,
    pub capture: bool,
}

/// `a1-a2` for a step, `a2xb3` for a capture.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

/// Why the rules refuse a turn (one worded reason each, `crate::platform::REASONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("there is no piece on {0}")]
    NoPiece(Point),
    #[error("the soldier on {0} is not yours")]
    NotYours(Point),
    #[error("{from} to {to} is not one square forward")]
    NotForward { from: Point, to: Point },
    #[error("{0} is not empty: a soldier steps straight only onto an empty square")]
    Blocked(Point),
    #[error("there is no soldier of the other side on {0} to capture")]
    NothingToTake(Point),
}

/// The board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Side>; SQUARES],
    turn: Side,
}

impl Position {
    /// Three soldiers each on their first row, Red to move.
    pub const START: Position = Position {
        cells: [
            Some(Side::Red),
            Some(Side::Red),
            Some(Side::Red),
            None,
            None,
            None,
            Some(Side::Black),
            Some(Side::Black),
            Some(Side::Black),
        ],
        turn: Side::Red,
    };

    /// Whose soldier stands on `point`.
    pub fn cell(&self, point: Point) -> Option<Side> {
        self.cells[point.index()]
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The same board with `side` to move.
    pub fn with_turn(mut self, side: Side) -> Position {
        self.turn = side;
        self
    }

    /// How many soldiers `side` has.
    pub fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(side)).count()
    }

    /// The legal turns, by the square they start from, then straight, left, right.
    pub fn turns(&self) -> Vec<Turn> {
        let mover = self.turn;
        let mut turns = Vec::new();
        for from in Point::all().filter(|&p| self.cell(p) == Some(mover)) {
            for columns in [0, -1, 1] {
                if let Some(to) = from.ahead(mover, columns)
                    && let Ok(turn) = self.check(from, to)
                {
                    turns.push(turn);
                }
            }
        }
        turns
    }

    /// The turn from `from` to `to`, if the rules allow it to the side to move.
    pub fn check(&self, from: Point, to: Point) -> Result<Turn, Refusal> {
        let mover = self.turn;
        match self.cell(from) {
            None => return Err(Refusal::NoPiece(from)),
            Some(side) if side != mover => return Err(Refusal::NotYours(from)),
            Some(_) => {}
        }
        let straight = from.ahead(mover, 0) == Some(to);
        let diagonal = from.ahead(mover, -1) == Some(to) || from.ahead(mover, 1) == Some(to);
        match (straight, diagonal, self.cell(to)) {
            (true, _, None) => Ok(Turn {
                from,
                to,
                capture: false,
            }),
            (true, _, Some(_)) => Err(Refusal::Blocked(to)),
            (_, true, Some(side)) if side != mover => Ok(Turn {
                from,
                to,
                capture: true,
            }),
            (_, true, _) => Err(Refusal::NothingToTake(to)),
            _ => Err(Refusal::NotForward { from, to }),
        }
    }

    /// Plays a turn [`Self::check`] gave.
    pub fn play(&mut self, turn: Turn) {
        self.cells[turn.to.index()] = self.cells[turn.from.index()].take();
        self.turn = self.turn.other();
    }

    /// How the rules end the game here: the side to move has no soldier, or no turn, and
    /// loses.
    pub fn end(&self) -> Option<Outcome> {
        let winner = self.turn.other();
        if self.count(self.turn) == 0 {
            Some(Outcome::Win {
                winner,
                reason: WinReason::NoPiecesLeft,
            })
        } else if self.turns().is_empty() {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Stalemate,
            })
        } else {
            None
        }
    }

    /// The leaves of the legal turn tree `depth` plies deep (an ended game has none below).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .into_iter()
            .map(|turn| {
                let mut next = *self;
                next.play(turn);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The text form: the rows from Black's side down, `/` between, `P` a Red soldier, `p` a
    /// Black one, a digit that many empty squares; then `r` or `b` to move. The start is
    /// `ppp/3/PPP r`.
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..ROWS).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for column in 0..COLUMNS {
                let point = Point::new(column, row).expect("on the board");
                match self.cell(point) {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if side == Side::Red { 'P' } else { 'p' });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        let turn = if self.turn == Side::Red { 'r' } else { 'b' };
        format!("{} {turn}", rows.join("/"))
    }

    /// Reads [`Self::to_text`]'s form; each side has at most its three soldiers.
    pub fn parse(text: &str) -> Result<Position, TextError> {
        let mut words = text.split_whitespace();
        let placement = words.next().ok_or(TextError::Empty)?;
        let turn = match words.next() {
            Some("r") => Side::Red,
            Some("b") => Side::Black,
            Some(other) => return Err(TextError::BadTurn(quote(other))),
            None => return Err(TextError::NoTurn),
        };
        if let Some(extra) = words.next() {
            return Err(TextError::Extra(quote(extra)));
        }
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != usize::from(ROWS) {
            return Err(TextError::Rows(rows.len()));
        }
        let mut cells = [None; SQUARES];
        for (i, text) in rows.iter().enumerate() {
            let row = ROWS - 1 - i as u8;
            let mut column = 0u8;
            for c in text.chars() {
                let (side, width) = match c {
                    'P' => (Some(Side::Red), 1),
                    'p' => (Some(Side::Black), 1),
                    '1'..='3' => (None, c as u8 - b'0'),
                    _ => return Err(TextError::BadChar(jieqi_rules::quote::quote_char(c))),
                };
                if column + width > COLUMNS {
                    return Err(TextError::RowWidth(quote(text)));
                }
                if let Some(side) = side {
                    cells[Point::new(column, row).expect("checked").index()] = Some(side);
                }
                column += width;
            }
            if column != COLUMNS {
                return Err(TextError::RowWidth(quote(text)));
            }
        }
        let position = Position { cells, turn };
        for side in Side::ALL {
            if position.count(side) > 3 {
                return Err(TextError::TooMany(side));
            }
        }
        Ok(position)
    }

    /// Whether `text` is beyond doubt a position in this form (three rows of three squares
    /// of `P`, `p` and digits): no Xiangqi FEN (ten rows) or Banqi position (four) is one.
    pub fn claims(text: &str) -> bool {
        text.split_whitespace().next().is_some_and(|placement| {
            placement.split('/').count() == usize::from(ROWS)
                && Position::parse(&format!("{placement} r")).is_ok()
        })
    }
}

/// Why a text is no position (the user's text quoted short).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("an empty position: write it like ppp/3/PPP r")]
    Empty,
    #[error("a position ends with who is to move: r or b")]
    NoTurn,
    #[error("'{0}' is not who is to move: r or b")]
    BadTurn(String),
    #[error("'{0}' after the side to move is not part of a position")]
    Extra(String),
    #[error("a position has 3 rows, not {0}")]
    Rows(usize),
    #[error("'{0}' is not P (Red's soldier), p (Black's) or 1-3 empty squares")]
    BadChar(String),
    #[error("the row '{0}' is not 3 squares wide")]
    RowWidth(String),
    #[error("{0} has more than its 3 soldiers")]
    TooMany(Side),
}

/// Why a text is no turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnTextError {
    #[error("'{0}' is not a turn like a1-a2 (a step) or a2xb3 (a capture)")]
    Unreadable(String),
    #[error("'{text}' is {what}: write {turn}")]
    WrongSign {
        text: String,
        what: &'static str,
        turn: Turn,
    },
}

/// The squares and the sign of a turn's text (`a1-a2`, `a2xb3`): whether it says capture.
pub fn read_turn_text(text: &str) -> Result<(Point, Point, bool), TurnTextError> {
    let unreadable = || TurnTextError::Unreadable(quote(text));
    let text = text.trim();
    let (sign_at, sign) = text
        .char_indices()
        .find(|&(_, c)| c == '-' || c == 'x')
        .ok_or_else(unreadable)?;
    let from = Point::parse(&text[..sign_at]).ok_or_else(unreadable)?;
    let to = Point::parse(&text[sign_at + 1..]).ok_or_else(unreadable)?;
    Ok((from, to, sign == 'x'))
}

/// Why the game refuses a turn or an ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error(transparent)]
    Refused(#[from] Refusal),
}

/// A game of Soldiers: its start, the turns played, and an ending the board does not make (a
/// resignation, an agreed draw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Soldiers {
    /// The start, then the position after each turn.
    positions: Vec<Position>,
    history: Vec<Turn>,
    ending: Option<Outcome>,
}

impl Default for Soldiers {
    fn default() -> Self {
        Soldiers::from_position(Position::START)
    }
}

impl Soldiers {
    /// A game from `start`.
    pub fn from_position(start: Position) -> Soldiers {
        Soldiers {
            positions: vec![start],
            history: Vec::new(),
            ending: None,
        }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("the start is always there")
    }

    /// The position after `ply` turns.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    pub fn turn(&self) -> Side {
        self.position().turn()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.or_else(|| self.position().end())
    }

    /// The legal turns; none once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        match self.outcome() {
            Some(_) => Vec::new(),
            None => self.position().turns(),
        }
    }

    /// Plays the turn from `from` to `to`, checked; the game is untouched by a refused one.
    pub fn play(&mut self, from: Point, to: Point) -> Result<Turn, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let turn = self.position().check(from, to)?;
        let mut next = *self.position();
        next.play(turn);
        self.positions.push(next);
        self.history.push(turn);
        Ok(turn)
    }

    /// Takes back the last turn, and an ending after it; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.history.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.ending = None;
        true
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, PlayError> {
        self.end(Outcome::Win {
            winner: side.other(),
            reason: WinReason::Resignation,
        })
    }

    /// `side`'s clock ran out: it loses.
    pub fn lose_on_time(&mut self, side: Side) -> Result<Outcome, PlayError> {
        self.end(Outcome::Win {
            winner: side.other(),
            reason: WinReason::Time,
        })
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.end(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn end(&mut self, outcome: Outcome) -> Result<Outcome, PlayError> {
        if let Some(ended) = self.outcome() {
            return Err(PlayError::GameOver(ended));
        }
        self.ending = Some(outcome);
        Ok(outcome)
    }

    /// Who took how many soldiers so far, by [`Side::index`].
    pub fn captures(&self, plies: usize) -> [usize; 2] {
        let mut taken = [0; 2];
        for (i, turn) in self.history.iter().take(plies).enumerate() {
            if turn.capture {
                taken[self.positions[i].turn().index()] += 1;
            }
        }
        taken
    }
}
