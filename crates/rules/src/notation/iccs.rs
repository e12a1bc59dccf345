//! ICCS coordinates (rules.md §1, §9): `h2e2`, also `h2-e2` and upper case (`H2-E2`, as
//! some Xiangqi PGN files write it), with an optional fifth letter for what a hidden Jieqi
//! piece turned out to be: its FEN letter, upper case for Red and lower case for Black
//! (`a0a1N`, as the open Jieqi engines write it).

use super::{ParseMoveError, ParsedMove, checked};
use crate::position::Position;
use crate::types::{Move, Role, Side, Square};

pub(super) fn write(m: Move, side: Side, revealed: Option<Role>) -> String {
    let mut s = m.to_string();
    if let Some(role) = revealed {
        let c = role.fen_char();
        s.push(if side == Side::Red {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
    s
}

/// Reads coordinates; `Ok(None)` when the text is not shaped like coordinates at all.
pub(super) fn parse(pos: &Position, text: &str) -> Result<Option<ParsedMove>, ParseMoveError> {
    if !text.is_ascii() {
        return Ok(None);
    }
    let b = text.as_bytes();
    // ASCII, so every byte index is a character boundary.
    let (from, to, rest) = match b.len() {
        4 | 5 if b[2] != b'-' => (&text[0..2], &text[2..4], &text[4..]),
        5 | 6 if b[2] == b'-' => (&text[0..2], &text[3..5], &text[5..]),
        _ => return Ok(None),
    };
    let (Some(from), Some(to)) = (Square::parse(from), Square::parse(to)) else {
        return Ok(None);
    };
    let letter = rest.chars().next();
    if letter.is_some_and(|c| !c.is_ascii_alphabetic()) {
        return Ok(None);
    }
    let mv = checked(pos, text, Move::new(from, to))?;
    let revealed = match letter {
        None => None,
        Some(c) => {
            // The move is legal, so the mover is the side to move.
            let case_fits = match pos.turn() {
                Side::Red => c.is_ascii_uppercase(),
                Side::Black => c.is_ascii_lowercase(),
            };
            match Role::from_fen_char(c).filter(|&r| r != Role::General) {
                Some(role) if case_fits => Some(role),
                _ => {
                    return Err(ParseMoveError::BadReveal {
                        text: text.to_string(),
                    });
                }
            }
        }
    };
    Ok(Some(ParsedMove { mv, revealed }))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{jieqi_start, mv, pos};
    use crate::{Notation, ParsedMove, Position, Role, parse_move, write_move};

    #[test]
    fn coordinates_rules_1_9() {
        let start = Position::startpos();
        let h2e2 = ParsedMove {
            mv: mv("h2e2"),
            revealed: None,
        };
        assert_eq!(write_move(&start, mv("h2e2"), None, Notation::Iccs), "h2e2");
        for text in ["h2e2", "h2-e2", "H2-E2", "H2E2", " h2e2 "] {
            assert_eq!(parse_move(&start, text), Ok(h2e2), "{text}");
        }
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        assert_eq!(parse_move(&black, "h9g7").unwrap().mv, mv("h9g7"));
    }

    #[test]
    fn reveal_letter_is_the_fen_letter_rules_7_9() {
        let j = jieqi_start();
        assert_eq!(
            write_move(&j, mv("a0a1"), Some(Role::Horse), Notation::Iccs),
            "a0a1N"
        );
        assert_eq!(
            write_move(&j, mv("b2b9"), Some(Role::Chariot), Notation::Iccs),
            "b2b9R"
        );
        assert_eq!(write_move(&j, mv("a0a1"), None, Notation::Iccs), "a0a1");
        // Never a general; never for a face-up piece.
        assert_eq!(
            write_move(&j, mv("a0a1"), Some(Role::General), Notation::Iccs),
            "a0a1"
        );
        assert_eq!(
            write_move(&j, mv("e0e1"), Some(Role::Horse), Notation::Iccs),
            "e0e1"
        );
        assert_eq!(
            parse_move(&j, "a0-a1R"),
            Ok(ParsedMove {
                mv: mv("a0a1"),
                revealed: Some(Role::Chariot)
            })
        );
        // h and e are read as horse and elephant, as in FENs.
        assert_eq!(parse_move(&j, "a0a1H").unwrap().revealed, Some(Role::Horse));
        assert_eq!(
            parse_move(&j, "a0a1E").unwrap().revealed,
            Some(Role::Elephant)
        );
        let mut after = j.clone();
        after.play_unchecked(mv("a0a1"));
        assert_eq!(
            write_move(&after, mv("a9a8"), Some(Role::Cannon), Notation::Iccs),
            "a9a8c"
        );
        assert_eq!(
            parse_move(&after, "a9a8c").unwrap().revealed,
            Some(Role::Cannon)
        );
    }
}
