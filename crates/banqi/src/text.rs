//! The text form of a Banqi position (format in the crate docs): the public form, and the
//! full-knowledge form with each face-down piece's identity after its `?`.

use std::fmt;
use std::str::FromStr;

use jieqi_rules::{Piece, Side};

use crate::board::{
    COLUMNS, Cell, PieceCounts, Point, ROWS, SQUARES, Seat, piece_from_letter, piece_letter,
};
use crate::position::{BanqiPosition, NO_FLIP_OR_CAPTURE_PLIES};
use jieqi_rules::quote::{quote, quote_char};

/// Why a text is not a Banqi position. Each message is one line and quotes at most about 40
/// characters of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("the position is empty")]
    Empty,
    #[error(
        "a Banqi position has 5 fields (rows, seat to move, first player's colour, plies \
         without flip or capture, move number), not {0}"
    )]
    FieldCount(usize),
    #[error("the board has {0} rows; Banqi has 4, separated by '/'")]
    RowCount(usize),
    #[error("row {row} does not have exactly 8 squares")]
    RowWidth { row: u8 },
    #[error(
        "'{0}' is not a piece letter (K A B R N C P, upper case red, lower case black), ? (face \
         down) or a count 1-8"
    )]
    BadChar(String),
    #[error("the face-down piece on {0} has no identity letter after its ?")]
    MissingIdentity(Point),
    #[error("'{letter}' after the ? on {point} is not a piece letter")]
    BadIdentity { point: Point, letter: String },
    #[error("'{0}' is not the seat to move: write f (first player) or s (second player)")]
    BadSeat(String),
    #[error("'{0}' is not the first player's colour: write r, b, or - before the first flip")]
    BadColour(String),
    #[error("'{0}' is not a count of plies without flip or capture")]
    BadQuiet(String),
    #[error("'{0}' is not a move number (1 or more)")]
    BadMoveNumber(String),
    #[error("the position has {found} of {piece}, but the set has {most}")]
    TooMany { piece: char, found: u8, most: u8 },
    #[error(
        "before the first flip (colour -) all 32 pieces lie face down and the first player \
         makes the first turn: f - 0 1"
    )]
    BeforeFirstFlip,
    #[error("a colour is set, so a piece was flipped, but the position shows no turn or no flip")]
    NoFlipYet,
    #[error("{found} plies without flip or capture cannot have been played here (at most {most})")]
    Quiet { found: u32, most: u64 },
    #[error("{0} has no piece left, but the game would have ended before their last turn")]
    Unreachable(Seat),
}

/// One square as the text writes it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Square {
    Empty,
    FaceDown(Option<Piece>),
    FaceUp(Piece),
}

/// Reads the placement field: rows 4 down to 1, `/` between. With `full`, each `?` must be
/// followed by its identity letter.
fn parse_rows(rows_text: &str, full: bool) -> Result<[Square; SQUARES], TextError> {
    let mut squares = [Square::Empty; SQUARES];
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != ROWS as usize {
        return Err(TextError::RowCount(rows.len()));
    }
    for (row, text) in (0..ROWS).rev().zip(&rows) {
        let wide = || TextError::RowWidth { row: row + 1 };
        let mut column: u8 = 0;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(TextError::BadChar(c.to_string()));
                }
                column += d as u8;
                if column > COLUMNS {
                    return Err(wide());
                }
                continue;
            }
            let point = Point::new(column, row).ok_or_else(wide)?;
            squares[point.index()] = if c == '?' {
                if full {
                    let letter = chars.next().ok_or(TextError::MissingIdentity(point))?;
                    let piece =
                        piece_from_letter(letter).ok_or_else(|| TextError::BadIdentity {
                            point,
                            letter: quote_char(letter),
                        })?;
                    Square::FaceDown(Some(piece))
                } else {
                    Square::FaceDown(None)
                }
            } else {
                let piece =
                    piece_from_letter(c).ok_or_else(|| TextError::BadChar(quote_char(c)))?;
                Square::FaceUp(piece)
            };
            column += 1;
        }
        if column != COLUMNS {
            return Err(wide());
        }
    }
    Ok(squares)
}

/// Reads either form; the identities are `Some` on face-down squares in the full form.
fn parse(text: &str, full: bool) -> Result<(BanqiPosition, [Option<Piece>; SQUARES]), TextError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(TextError::Empty);
    }
    let &[rows, seat, colour, quiet, number] = fields.as_slice() else {
        return Err(TextError::FieldCount(fields.len()));
    };
    let squares = parse_rows(rows, full)?;
    let turn = match seat {
        "f" => Seat::First,
        "s" => Seat::Second,
        _ => return Err(TextError::BadSeat(quote(seat))),
    };
    let first_colour = match colour {
        "r" => Some(Side::Red),
        "b" => Some(Side::Black),
        "-" => None,
        _ => return Err(TextError::BadColour(quote(colour))),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let quiet_plies = quiet
        .parse::<u32>()
        .ok()
        .filter(|_| digits(quiet))
        .ok_or_else(|| TextError::BadQuiet(quote(quiet)))?;
    let move_number = number
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1 && digits(number))
        .ok_or_else(|| TextError::BadMoveNumber(quote(number)))?;
    let mut cells = [Cell::Empty; SQUARES];
    let mut identities = [None; SQUARES];
    for (i, square) in squares.iter().enumerate() {
        cells[i] = match *square {
            Square::Empty => Cell::Empty,
            Square::FaceDown(id) => {
                identities[i] = id;
                Cell::FaceDown
            }
            Square::FaceUp(piece) => Cell::FaceUp(piece),
        };
    }
    let position = BanqiPosition {
        cells,
        turn,
        first_colour,
        quiet_plies,
        move_number,
    };
    validate(&position, full.then_some(&identities))?;
    Ok((position, identities))
}

/// Refuses positions no game can reach.
fn validate(
    pos: &BanqiPosition,
    identities: Option<&[Option<Piece>; SQUARES]>,
) -> Result<(), TextError> {
    let mut counts = PieceCounts::default();
    let known = pos
        .cells
        .iter()
        .filter_map(|c| c.face_up())
        .chain(identities.into_iter().flatten().flatten().copied());
    for piece in known {
        counts.add(piece);
    }
    let full = PieceCounts::full_set();
    for (piece, found) in counts.iter() {
        if found > full.get(piece) {
            return Err(TextError::TooMany {
                piece: piece_letter(piece),
                found,
                most: full.get(piece),
            });
        }
    }
    let ply = pos.ply();
    let face_down = pos.face_down_count();
    match pos.first_colour {
        None => {
            let untouched = face_down == SQUARES
                && pos.turn == Seat::First
                && pos.quiet_plies == 0
                && pos.move_number == 1;
            if !untouched {
                return Err(TextError::BeforeFirstFlip);
            }
        }
        Some(_) => {
            if face_down == SQUARES || ply == 0 {
                return Err(TextError::NoFlipYet);
            }
            // The last flip or capture was one of the plies played.
            let most = (ply - 1).min(u64::from(NO_FLIP_OR_CAPTURE_PLIES));
            if u64::from(pos.quiet_plies) > most {
                return Err(TextError::Quiet {
                    found: pos.quiet_plies,
                    most,
                });
            }
            if let Some(ids) = identities {
                // The seat that just moved had a piece when its turn began, and no turn loses
                // one's own piece.
                let moved = pos.turn.other();
                let colour = pos.colour(moved);
                let has = pos
                    .cells
                    .iter()
                    .filter_map(|c| c.face_up())
                    .chain(ids.iter().flatten().copied())
                    .any(|p| Some(p.side()) == colour);
                if !has {
                    return Err(TextError::Unreachable(moved));
                }
            }
        }
    }
    Ok(())
}

/// Reads the full-knowledge form.
pub(crate) fn parse_full(
    text: &str,
) -> Result<(BanqiPosition, [Option<Piece>; SQUARES]), TextError> {
    parse(text, true)
}

/// Writes the public form, or with `identities` the full-knowledge form.
pub(crate) fn write(pos: &BanqiPosition, identities: Option<&[Option<Piece>; SQUARES]>) -> String {
    let mut out = String::with_capacity(80);
    for row in (0..ROWS).rev() {
        let mut empty = 0;
        for column in 0..COLUMNS {
            let Some(point) = Point::new(column, row) else {
                continue;
            };
            let cell = pos.cell(point);
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            match cell {
                Cell::FaceUp(piece) => out.push(piece_letter(piece)),
                _ => {
                    out.push('?');
                    if let Some(piece) = identities.and_then(|ids| ids[point.index()]) {
                        out.push(piece_letter(piece));
                    }
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if row > 0 {
            out.push('/');
        }
    }
    let seat = match pos.turn {
        Seat::First => 'f',
        Seat::Second => 's',
    };
    let colour = match pos.first_colour {
        Some(Side::Red) => 'r',
        Some(Side::Black) => 'b',
        None => '-',
    };
    out.push_str(&format!(
        " {seat} {colour} {} {}",
        pos.quiet_plies, pos.move_number
    ));
    out
}

impl BanqiPosition {
    /// Reads the public text form (crate docs). Impossible positions are refused.
    pub fn parse(text: &str) -> Result<BanqiPosition, TextError> {
        parse(text, false).map(|(position, _)| position)
    }

    /// The public text form (crate docs).
    pub fn to_text(&self) -> String {
        write(self, None)
    }
}

impl fmt::Display for BanqiPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl FromStr for BanqiPosition {
    type Err = TextError;
    fn from_str(s: &str) -> Result<BanqiPosition, TextError> {
        BanqiPosition::parse(s)
    }
}
