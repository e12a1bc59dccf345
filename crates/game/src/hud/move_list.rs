//! The move list: the moves in numbered rows of Red's and Black's, counted as records count
//! them ([`jieqi_rules::numbering`]) except that the list always starts at 1, and a game that
//! starts with Black opens with a row without Red's move. The model ([`crate::hud::model`])
//! and the review section ([`crate::hud::review_panel`]) both name moves by these numbers.

use jieqi_ai::review::{Mark, PlyReview};
use jieqi_rules::Side;
use jieqi_rules::numbering::{MoveNumber, Numbering};

use crate::review::Review;

/// One move in the move list: its text and the ply it leads to (the position after it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyItem {
    pub ply: usize,
    pub text: String,
    /// A review's mark for the move.
    pub mark: Option<Mark>,
}

/// One numbered line of the move list: Red's move and Black's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    pub red: Option<PlyItem>,
    pub black: Option<PlyItem>,
}

/// How the list numbers a game whose first move is `first`'s.
fn numbering(first: Side) -> Numbering {
    Numbering::new(1, first == Side::Black)
}

/// Moves in numbered rows of Red's and Black's; a game that starts with Black opens with a
/// row without Red's.
pub fn move_rows(texts: &[String], first: Side) -> Vec<MoveRow> {
    let item = |index: usize| PlyItem {
        ply: index + 1,
        text: texts[index].clone(),
        mark: None,
    };
    numbering(first)
        .pairs(texts.len())
        .map(|pair| MoveRow {
            number: pair.number,
            red: pair.first.map(item),
            black: pair.second.map(item),
        })
        .collect()
}

/// Moves numbered in pairs; a game that starts with Black gets "1. …".
pub fn numbered(texts: &[String], first: Side) -> Vec<String> {
    move_rows(texts, first)
        .into_iter()
        .map(|row| {
            let red = row.red.map_or_else(|| "…".to_string(), |r| r.text);
            match row.black {
                Some(b) => format!("{}. {red}  {}", row.number, b.text),
                None => format!("{}. {red}", row.number),
            }
        })
        .collect()
}

/// The move that leads to the position after `ply` plies (1 or more), as the move list
/// numbers it: its row's number and whether it is Black's (the second of the row).
pub fn move_number(ply: usize, first: Side) -> MoveNumber {
    numbering(first).ply(ply.saturating_sub(1))
}

/// The marks of the judged moves, on the move list's items.
pub fn mark_moves(rows: &mut [MoveRow], review: &Review) {
    for row in rows {
        for item in [&mut row.red, &mut row.black].into_iter().flatten() {
            item.mark = review.move_to(item.ply).and_then(PlyReview::mark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(ply: usize, first: Side) -> (u32, Side) {
        let n = move_number(ply, first);
        (n.number, n.side())
    }

    #[test]
    fn a_ply_is_named_as_its_row_in_the_move_list_names_it() {
        assert_eq!(number(1, Side::Red), (1, Side::Red));
        assert_eq!(number(2, Side::Red), (1, Side::Black));
        assert_eq!(number(14, Side::Red), (7, Side::Black));
        // A game that starts with Black: "1. …  H8+7", then "2. C2=5".
        assert_eq!(number(1, Side::Black), (1, Side::Black));
        assert_eq!(number(2, Side::Black), (2, Side::Red));
        let texts: Vec<String> = (1..=9).map(|n| n.to_string()).collect();
        for first in Side::ALL {
            for row in move_rows(&texts, first) {
                for (item, side) in [(row.red, Side::Red), (row.black, Side::Black)] {
                    if let Some(item) = item {
                        assert_eq!(number(item.ply, first), (row.number, side));
                    }
                }
            }
        }
    }

    #[test]
    fn moves_are_numbered_in_pairs() {
        let m: Vec<String> = ["C2=5", "H8+7", "H2+3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(numbered(&m, Side::Red), vec!["1. C2=5  H8+7", "2. H2+3"]);
        assert_eq!(
            numbered(&m, Side::Black),
            vec!["1. …  C2=5", "2. H8+7  H2+3"]
        );
        assert!(numbered(&[], Side::Red).is_empty());
    }
}
