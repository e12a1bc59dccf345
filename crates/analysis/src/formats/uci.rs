//! UCI move lists as GUIs send them to engines: `position startpos moves …` or `position
//! fen <FEN> moves …`, each move in ICCS with, for a face-down piece, the letter of what it
//! turned up (`a3a4C`, upper case for Red; rules.md §9). JieqiBox's extended form is read
//! too (its `parseUciExtended` in `src/composables/useChessGame.ts`, see [`super::jieqibox`]):
//! a letter in the mover's case is the reveal, one in the other side's case the identity of
//! the face-down piece taken (`b2b9Cr`).

use jieqi_rules::Side;
use jieqi_rules::platform::{KnownTurn, Receiver, VariantRef};
use jieqi_rules::quote::quote;

use super::{ImportError, first_variant_reading, new_tree};
use crate::tree::Tree;

/// A move as written, its letters after the two squares split into the reveal (the mover's
/// case) and the identity taken (the other side's). Any other text is left for the rules to
/// read as it is.
pub(crate) fn extended(tree: &Tree, word: &str) -> KnownTurn {
    let plain = || KnownTurn {
        text: word.to_string(),
        captured: None,
    };
    let b = word.as_bytes();
    let squares = b.len() >= 4
        && word.is_ascii()
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_lowercase()
        && b[3].is_ascii_digit();
    if !squares || !(5..=6).contains(&b.len()) || !b[4..].iter().all(u8::is_ascii_alphabetic) {
        return plain();
    }
    let red = tree.game().turn() == Side::Red;
    let mut text = word[..4].to_string();
    let mut captured = None;
    for &letter in &b[4..] {
        let letter = char::from(letter);
        if letter.is_ascii_uppercase() == red {
            text.push(letter);
        } else if captured.is_none() {
            captured = Some(letter);
        } else {
            return plain();
        }
    }
    KnownTurn { text, captured }
}

/// Reads a `position` command.
pub(crate) fn import(text: &str) -> Result<Tree, ImportError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = || {
        ImportError::Syntax(format!(
            "'{}' is no UCI position: write position startpos|fen <FEN> [moves …]",
            quote(text.trim())
        ))
    };
    let (start, rest) = match words.as_slice() {
        [_, kind, rest @ ..] if kind.eq_ignore_ascii_case("startpos") => (None, rest),
        [_, kind, rest @ ..] if kind.eq_ignore_ascii_case("fen") => {
            let end = rest
                .iter()
                .position(|w| w.eq_ignore_ascii_case("moves"))
                .unwrap_or(rest.len());
            if end == 0 {
                return Err(bad());
            }
            (Some(rest[..end].join(" ")), &rest[end..])
        }
        _ => return Err(bad()),
    };
    let moves: &[&str] = match rest {
        [] => &[],
        [first, moves @ ..] if first.eq_ignore_ascii_case("moves") => moves,
        _ => return Err(bad()),
    };
    let play = |tree: &mut Tree| {
        for word in moves {
            let turn = extended(tree, word);
            let ply = tree.game().plies() + 1;
            tree.play_known(&turn).map_err(|e| ImportError::Turn {
                ply,
                text: quote(word),
                reason: e.to_string(),
            })?;
        }
        Ok(())
    };
    match start {
        None => first_variant_reading(None, play),
        Some(fen) => {
            let mut tree = new_tree(VariantRef(jieqi_variants::reading(&fen)), Some(&fen), "")?;
            play(&mut tree)?;
            Ok(tree)
        }
    }
}

/// The `position` command for the current node: `fen` with the tree's start as its teller
/// knows it (a FEN names its variant where `startpos` would not: Jieqi's public start is
/// not Xiangqi's), and the turns to here, each with its reveal's letter. The identities of
/// face-down pieces taken are left out, as an engine's GUI sends them; what the player
/// learned is in [`Tree::position_text`].
pub fn position_command(tree: &Tree) -> String {
    let start = tree
        .game_at(tree.root())
        .map(|g| g.knowledge(Receiver::Spectator).position)
        .unwrap_or_default();
    let turns = tree.turns_to(tree.current()).unwrap_or_default();
    if turns.is_empty() {
        return format!("position fen {start}");
    }
    let moves: Vec<&str> = turns.iter().map(|t| t.text.as_str()).collect();
    format!("position fen {start} moves {}", moves.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::import;

    #[test]
    fn reads_startpos_and_fen_positions_with_reveals() {
        let tree = import("position startpos moves h2e2 h9g7").unwrap();
        assert_eq!(tree.variant().id(), "xiangqi");
        assert_eq!(tree.game().plies(), 2);
        let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1";
        let tree = import(&format!("position fen {fen} moves a3a4C b7b0rA")).unwrap();
        assert_eq!(tree.variant().id(), "jieqi");
        let last = tree.turn(tree.current()).unwrap();
        assert_eq!((last.text.as_str(), last.captured), ("b7b0r", Some('A')));
        let command = position_command(&tree);
        assert!(command.starts_with("position fen xxxxkxxxx/"), "{command}");
        assert!(command.ends_with(" - 0 1 moves a3a4C b7b0r"), "{command}");
    }

    #[test]
    fn refuses_what_is_no_position_command() {
        for bad in [
            "position",
            "position fen",
            "position startpos h2e2",
            "position fen x moves",
        ] {
            assert!(import(bad).is_err(), "{bad}");
        }
    }
}
