//! Jieqi games as pychess-variants exports them (read only).
//!
//! Source: github.com/gbtami/pychess-variants at commit
//! `37b7a729a67769d409d00d62d7b825826d939eed`, `server/game.py` (`Game.pgn`: for Jieqi the
//! moves are the board's raw move stack, not SAN; tags `Event`, `Site`, `Date`, `Round`,
//! `White`, `Black`, `Result`, `TimeControl`, `WhiteElo`, `BlackElo`, `Variant "Jieqi"`,
//! `FEN`, `SetUp "1"`, then `1. m1 m2 2. m3 …` and the result), `server/game.py`
//! (`Game.play_move`: a reveal appends the piece's letter in lower case to the move,
//! whichever side moved) and `server/fairy/fairy_board.py` (`JIEQI_FEN`: a covered piece is
//! its start point's letter followed by `~`, `r~n~b~a~ka~b~n~r~/9/1c~5c~1/…`; squares are
//! Fairy-Stockfish's, ranks 1–10 from Red's side, so `b3b10` is our `b2b9`).
//!
//! The identity of a face-down piece taken is never in the export (pychess shows it to
//! its capturer only): every capture reads as unknown.

use jieqi_rules::Side;
use jieqi_rules::platform::KnownTurn;
use jieqi_rules::quote::quote;

use super::pgn::{self, Pgn};
use super::record::variant_of;
use super::{ImportError, apply_line, new_tree};
use crate::tree::Tree;

/// Whether a record's tags are pychess-variants': its site, its events' name, or a FEN with
/// its covered pieces (`r~`).
pub(crate) fn looks_like(text: &str) -> bool {
    let Ok(pgn) = pgn::parse(text) else {
        return false;
    };
    pgn.tag("Site").is_some_and(|s| s.contains("pychess"))
        || pgn.tag("Event").is_some_and(|e| e.starts_with("PyChess"))
        || pgn.tag("FEN").is_some_and(|f| f.contains('~'))
}

/// A pychess FEN as ours: each covered piece (`r~`) a face-down one of its side (`x`).
pub(crate) fn fen(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.next_if_eq(&'~').is_some() {
            out.push(if c.is_ascii_uppercase() { 'X' } else { 'x' });
        } else {
            out.push(c);
        }
    }
    out
}

/// One square, `b10`: its file letter and rank 1–10 as ours, 0–9.
fn square(text: &str) -> Option<(char, u8, &str)> {
    let mut chars = text.char_indices();
    let (_, file) = chars.next().filter(|(_, f)| ('a'..='i').contains(f))?;
    let digits: String = text[1..].chars().take_while(char::is_ascii_digit).collect();
    let rank: u8 = digits.parse().ok().filter(|r| (1..=10).contains(r))?;
    Some((file, rank - 1, &text[1 + digits.len()..]))
}

/// A pychess move as ours: ranks one lower, the reveal's letter in the mover's case.
pub(crate) fn turn(tree: &Tree, word: &str) -> Result<KnownTurn, ImportError> {
    let bad = || ImportError::Syntax(format!("'{}' is not a pychess-variants move", quote(word)));
    let word = word.trim_end_matches(['+', '#']);
    let (f1, r1, rest) = square(word).ok_or_else(bad)?;
    let (f2, r2, rest) = square(rest).ok_or_else(bad)?;
    let mut text = format!("{f1}{r1}{f2}{r2}");
    let mut letters = rest.chars();
    match (letters.next(), letters.next()) {
        (None, _) => {}
        (Some(letter), None) if letter.is_ascii_alphabetic() => {
            text.push(match tree.game().turn() {
                Side::Red => letter.to_ascii_uppercase(),
                Side::Black => letter.to_ascii_lowercase(),
            });
        }
        _ => return Err(bad()),
    }
    Ok(KnownTurn {
        text,
        captured: None,
    })
}

/// Reads a pychess-variants export.
pub(crate) fn import(text: &str) -> Result<Tree, ImportError> {
    let pgn: Pgn = pgn::parse(text)?;
    let variant = variant_of(&pgn)?;
    let start = pgn.tag("FEN").map(fen);
    let mut tree = new_tree(variant, start.as_deref(), "")?;
    tree.set_comment(tree.root(), &pgn.intro)?;
    let root = tree.root();
    apply_line(&mut tree, root, &pgn.line, &|tree, word, comment| {
        Ok((turn(tree, word)?, comment.to_string()))
    })?;
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Format, detect, import as import_any};

    /// A Jieqi game as `Game.pgn` writes one (the tags in its order, the FEN `JIEQI_FEN`,
    /// the moves the move stack holds: fairy squares, the reveal in lower case), written out
    /// by hand from the sources cited above.
    const GOLDEN: &str = r#"[Event "PyChess casual game"]
[Site "https://www.pychess.org/AbCdEfGh"]
[Date "2026.01.02"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "*"]
[TimeControl "300+3"]
[WhiteElo "1500"]
[BlackElo "1500?"]
[Variant "Jieqi"]
[FEN "r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1"]
[SetUp "1"]

1. h3e3c b8b1r 2. a1b1n c7c6p *
"#;

    #[test]
    fn reads_a_pychess_export_golden() {
        assert_eq!(detect(GOLDEN), Format::Pychess);
        let tree = import_any(GOLDEN).unwrap();
        assert_eq!(tree.variant().id(), "jieqi");
        let texts: Vec<String> = tree
            .main_line()
            .iter()
            .map(|&n| tree.turn(n).unwrap().text.clone())
            .collect();
        assert_eq!(texts, ["h2e2C", "b7b0r", "a0b0N", "c6c5p"]);
        // The face-down horse taken on b1 stays unknown.
        assert!(
            tree.main_line()
                .iter()
                .all(|&n| tree.turn(n).unwrap().captured.is_none())
        );
    }

    #[test]
    fn converts_squares_and_covered_pieces() {
        assert_eq!(fen("r~n~4k4/9"), "xx4k4/9");
        assert!(square("j1").is_none());
        assert!(square("a11").is_none());
        assert_eq!(square("b10c"), Some(('b', 9, "c")));
    }
}
