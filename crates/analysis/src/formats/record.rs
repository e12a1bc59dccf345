//! Our records (rules.md §9; `jieqi_rules::Record`, written by `jieqi-cli record` and the
//! game's Record window), with the variations of a tree.
//!
//! ```text
//! [Variant "Jieqi"]
//! [Result "*"]
//! [Format "ICCS"]
//!
//! 1. a3a4C a6a5p (1... b7b0r {[%captured A] a guess}) 2. b2b9N *
//! ```
//!
//! Tags as the rules' records write them (`Game "Chinese Chess"` for Xiangqi, `Variant`,
//! `FEN` for a start that is not the variant's own, `Rules` for house rules, `Result`,
//! `Format`), then the moves in ICCS with their reveals, variations in `()` after the move
//! they are alternatives to, comments in `{}`. The identity of a face-down piece a move took,
//! where its player knew it, is the move's comment `[%captured r]` — the record is its
//! player's own; `Record::of_view` never writes one. A record without variations and marks is
//! one the rules' `Record::parse` reads as it is (it skips variations and comments).

use jieqi_rules::numbering::Numbering;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{RecordResult, RecordText};

use super::pgn::{self, Pgn};
use super::{ImportError, apply_line, new_tree, read_told};
use crate::tree::{NodeId, Tree};

/// The variant a record's tags name: its `Variant` tag, else what its `FEN` is, else the
/// default.
pub(crate) fn variant_of(pgn: &Pgn) -> Result<VariantRef, ImportError> {
    match (pgn.tag("Variant"), pgn.tag("FEN")) {
        (Some(name), _) => jieqi_variants::find(name)
            .map(VariantRef)
            .map_err(|e| ImportError::Variant(e.to_string())),
        (None, Some(fen)) => Ok(VariantRef(jieqi_variants::reading(fen))),
        (None, None) => Ok(VariantRef(jieqi_variants::default_variant())),
    }
}

/// Reads a record with its variations.
pub(crate) fn import(text: &str) -> Result<Tree, ImportError> {
    let pgn = pgn::parse(text)?;
    let variant = variant_of(&pgn)?;
    let mut tree = new_tree(variant, pgn.tag("FEN"), pgn.tag("Rules").unwrap_or(""))?;
    tree.set_comment(tree.root(), &pgn.intro)?;
    let root = tree.root();
    apply_line(&mut tree, root, &pgn.line, &read_told)?;
    Ok(tree)
}

/// The tree in our record format: its tags, the moves with their variations and comments,
/// and the result of the main line's end.
pub fn export_record(tree: &Tree) -> String {
    let mut out = String::new();
    let variant = tree.variant();
    if variant.kind() == Some(jieqi_rules::Family::Xiangqi) {
        RecordText::write_tag(&mut out, "Game", "Chinese Chess");
    }
    RecordText::write_tag(&mut out, "Variant", variant.name());
    if let Some(fen) = tree.start() {
        RecordText::write_tag(&mut out, "FEN", fen);
    }
    if !tree.rules().is_empty() {
        RecordText::write_tag(&mut out, "Rules", tree.rules());
    }
    let end = tree.main_line().last().copied().unwrap_or(tree.root());
    let result = RecordResult::of(tree.game_at(end).ok().and_then(|g| g.outcome()));
    RecordText::write_tag(&mut out, "Result", result.as_str());
    if variant.kind().is_some() {
        RecordText::write_tag(&mut out, "Format", "ICCS");
    }
    out.push('\n');
    let mut words = Vec::new();
    if !tree.comment(tree.root()).is_empty() {
        words.push(comment_word(tree.comment(tree.root())));
    }
    write_line(tree, tree.root(), numbering(tree), &mut words);
    words.push(result.as_str().to_string());
    RecordText::write_words(&mut out, words);
    out
}

/// How the tree's plies are numbered: from its start's move number, the second side first
/// when it is to move there.
pub(crate) fn numbering(tree: &Tree) -> Numbering {
    let first = tree
        .start()
        .and_then(|fen| fen.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    let root = tree.game_at(tree.root()).ok();
    let second = root.is_some_and(|g| g.turn() == jieqi_rules::Side::Black);
    Numbering::new(first, second)
}

/// The moves after `from` in movetext words: its main line, and each variation in `()`
/// after the move it is an alternative to.
pub(crate) fn write_line(tree: &Tree, from: NodeId, numbering: Numbering, words: &mut Vec<String>) {
    let mut at = from;
    let mut numbered = true;
    let mut ply = tree.path(from).map_or(0, |p| p.len());
    while let Some((&main, alternatives)) = tree.children(at).split_first() {
        write_move(tree, main, numbering.ply(ply), numbered, words);
        for &alt in alternatives {
            write_variation(tree, alt, numbering, words);
        }
        // After a comment or a variation, the second side's move is numbered again.
        numbered = !alternatives.is_empty() || !tree.comment(main).is_empty();
        at = main;
        ply += 1;
    }
}

/// The variation that begins with `alt`, in `()`: its move, numbered, and the line after.
pub(crate) fn write_variation(
    tree: &Tree,
    alt: NodeId,
    numbering: Numbering,
    words: &mut Vec<String>,
) {
    let ply = tree.path(alt).map_or(0, |p| p.len().saturating_sub(1));
    let mut sub = Vec::new();
    write_move(tree, alt, numbering.ply(ply), true, &mut sub);
    write_line(tree, alt, numbering, &mut sub);
    if let Some(first) = sub.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = sub.last_mut() {
        last.push(')');
    }
    words.extend(sub);
}

/// One move: its number where needed, its text, its comment with the captured identity.
fn write_move(
    tree: &Tree,
    id: NodeId,
    number: jieqi_rules::numbering::MoveNumber,
    numbered: bool,
    words: &mut Vec<String>,
) {
    let Some(turn) = tree.turn(id) else {
        return;
    };
    if !number.second || numbered {
        words.push(number.to_string());
    }
    words.push(turn.text.clone());
    let mut comment = String::new();
    if let Some(letter) = turn.captured {
        comment = format!("[%captured {letter}]");
    }
    let said = tree.comment(id);
    if !said.is_empty() {
        if !comment.is_empty() {
            comment.push(' ');
        }
        comment.push_str(said);
    }
    if !comment.is_empty() {
        words.push(comment_word(&comment));
    }
}

/// A comment as a movetext word: in braces, its own closing brace made a bracket.
fn comment_word(comment: &str) -> String {
    format!("{{{}}}", comment.replace('}', ")"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::import;
    use jieqi_rules::Record;
    use jieqi_rules::platform::{JIEQI, KnownTurn, Variant, XIANGQI};

    #[test]
    fn writes_variations_and_captures_and_reads_them_back() {
        let mut tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        tree.play("a3a4C").unwrap();
        tree.play("a6a5p").unwrap();
        tree.go_back();
        tree.play_known(&KnownTurn {
            text: "b7b0r".into(),
            captured: Some('A'),
        })
        .unwrap();
        tree.set_comment(tree.current(), "a guess").unwrap();
        let text = export_record(&tree);
        assert!(
            text.contains("1. a3a4C a6a5p (1... b7b0r {[%captured A] a guess}) *"),
            "{text}"
        );
        let back = import(&text).unwrap();
        assert_eq!(export_record(&back), text);
        // The rules' own reader takes the main line, skipping the rest.
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.moves.len(), 2);
    }

    #[test]
    fn reads_a_record_the_rules_write() {
        let mut game = XIANGQI.start(None, "").unwrap();
        for t in ["h2e2", "h9g7", "h0g2"] {
            game.play_text(t).unwrap();
        }
        let text = game.record_text(jieqi_rules::Side::Red, jieqi_rules::Notation::Wxf);
        let tree = import(&text).unwrap();
        assert_eq!(tree.variant().id(), "xiangqi");
        let texts: Vec<String> = tree
            .main_line()
            .iter()
            .map(|&n| tree.turn(n).unwrap().text.clone())
            .collect();
        assert_eq!(texts, ["h2e2", "h9g7", "h0g2"]);
    }

    #[test]
    fn black_to_move_from_a_fen_is_numbered_as_records_number_it() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let mut tree = Tree::new(VariantRef(&XIANGQI), Some(fen), "").unwrap();
        tree.play("h9g7").unwrap();
        tree.play("h0g2").unwrap();
        let text = export_record(&tree);
        assert!(text.contains("1... h9g7 2. h0g2 *"), "{text}");
        assert_eq!(export_record(&import(&text).unwrap()), text);
    }
}
