//! JieqiBox's game notation and FEN.
//!
//! Source: github.com/Velithia/JieqiBox at commit
//! `3958989feda0164ec09e34d13c0e090c053fa5d9`:
//! - `NOTATION_FORMAT.md`: a game is JSON, `{"metadata": {…, "initialFen", "flipMode":
//!   "random"|"free", "currentFen", "openingComment"}, "moves": [{"type": "move"|"adjust",
//!   "data", "fen", "comment", "annotation", …}]}`; its FEN is `board side pool
//!   captured-pool halfmove fullmove` (the pool of unrevealed identities, e.g.
//!   `R2r2N2n2B2b2A2a2C2c2P5p5`, then the identities of captured face-down pieces, `-` when
//!   none); the older form `board pool side - - halfmove fullmove` is read too (rules
//!   crate, `Setup::parse_fen`).
//! - `src/composables/useChessGame.ts`: `generateFen` (the pools in the order `RNBAKCP`, each
//!   letter Red's then Black's), `generateGameNotation` (the metadata written),
//!   `completeFlipAfterMove` and `movePiece` (a move's `data` is UCI with the letter of what
//!   a face-down piece turned up, then the letter of a face-down piece it took where that is
//!   known: `a3a4R`, `b2b9Cr`), `parseUciExtended` (a letter in the mover's case is the
//!   reveal, the other side's the piece taken), `adjustCapturedUnrevealedCount` (an `adjust`
//!   entry `captured_r+` moves an identity from the pool to the captured pool).
//! - `src/utils/constants.ts`: `START_FEN`.
//!
//! JieqiBox's notation has no variations. They are written into the comment of the move
//! they branch from (`openingComment` for the start), after a line `[jieqi-analysis
//! variations]`, as our record movetext ([`super::record`]); JieqiBox shows them as text,
//! and this reader plays them back as variations.

use jieqi_rules::platform::{PlayedGame, Receiver};
use jieqi_rules::quote::quote;
use jieqi_rules::{RecordResult, Role, Setup, Side};
use serde_json::{Map, Value, json};

use super::pgn::{self, Item};
use super::record::{numbering, write_variation};
use super::{ExportError, ImportError, apply_line, new_tree, read_told, uci};
use crate::tree::{NodeId, Tree};

/// The line that opens the variations in a comment.
const MARKER: &str = "[jieqi-analysis variations]";

/// The pools' letters in JieqiBox's order.
const ORDER: [Role; 7] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Cannon,
    Role::Soldier,
];

/// A FEN as JieqiBox writes it (its new form: pool and captured pool after the side to
/// move, each `-` when empty); `None` for a text that is no Xiangqi-board FEN.
pub fn jieqibox_fen(fen: &str) -> Option<String> {
    let setup = Setup::parse_fen(fen).ok()?;
    let placement = fen.split_whitespace().next()?;
    let side = if setup.turn == Side::Red { 'w' } else { 'b' };
    let pool = |pool: Option<jieqi_rules::Pool>| {
        let pool = pool.unwrap_or_default();
        let mut out = String::new();
        for role in ORDER {
            for side in Side::ALL {
                let n = pool.count(side, role);
                if n > 0 {
                    let c = role.fen_char();
                    let c = if side == Side::Red {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    };
                    out.push_str(&format!("{c}{n}"));
                }
            }
        }
        if out.is_empty() { "-".to_string() } else { out }
    };
    Some(format!(
        "{placement} {side} {} {} {} {}",
        pool(setup.pool),
        pool(setup.learned),
        setup.halfmoves,
        setup.fullmoves
    ))
}

/// The position of `game` as its teller knows it, in JieqiBox's FEN.
fn fen_of(game: &dyn PlayedGame) -> String {
    let ours = game.knowledge(Receiver::Player(game.turn())).position;
    jieqibox_fen(&ours).unwrap_or(ours)
}

/// The tree as JieqiBox's JSON game notation: the main line as its moves (`flipMode`
/// `free`: every reveal was told), the variations in the comments. A variant whose
/// positions are no Xiangqi-board FEN (Banqi) is refused.
pub fn export_jieqibox(tree: &Tree) -> Result<String, ExportError> {
    if tree.variant().kind().is_none() {
        return Err(ExportError::Unsupported(format!(
            "JieqiBox plays Jieqi and Xiangqi, not {}",
            tree.variant().name()
        )));
    }
    let mut game = tree.game_at(tree.root())?;
    let initial = fen_of(&*game);
    let mut moves = Vec::new();
    for id in tree.main_line() {
        let turn = tree.turn(id).ok_or(crate::tree::TreeError::NoSuchNode)?;
        game.play_known(turn)
            .map_err(|e| crate::tree::TreeError::Refused(e.to_string()))?;
        let mut data = turn.text.clone();
        data.extend(turn.captured);
        let mut entry = Map::new();
        entry.insert("type".into(), json!("move"));
        entry.insert("data".into(), json!(data));
        entry.insert("fen".into(), json!(fen_of(&*game)));
        let comment = comment_with_variations(tree, id);
        if !comment.is_empty() {
            entry.insert("comment".into(), json!(comment));
        }
        moves.push(Value::Object(entry));
    }
    let mut metadata = Map::new();
    metadata.insert("event".into(), json!("Jieqi analysis"));
    metadata.insert("site".into(), json!("jieqi-analysis"));
    metadata.insert(
        "result".into(),
        json!(RecordResult::of(game.outcome()).as_str()),
    );
    metadata.insert("initialFen".into(), json!(initial));
    metadata.insert("flipMode".into(), json!("free"));
    metadata.insert("currentFen".into(), json!(fen_of(&*game)));
    let opening = comment_with_variations(tree, tree.root());
    if !opening.is_empty() {
        metadata.insert("openingComment".into(), json!(opening));
    }
    let notation = json!({ "metadata": metadata, "moves": moves });
    Ok(serde_json::to_string_pretty(&notation).unwrap_or_default())
}

/// The comment of a main-line node, with the variations that branch from it.
fn comment_with_variations(tree: &Tree, id: NodeId) -> String {
    let mut comment = tree.comment(id).to_string();
    let alternatives = tree.children(id).get(1..).unwrap_or(&[]);
    if alternatives.is_empty() {
        return comment;
    }
    let numbering = numbering(tree);
    let mut words = Vec::new();
    for &alt in alternatives {
        write_variation(tree, alt, numbering, &mut words);
    }
    if !comment.is_empty() {
        comment.push('\n');
    }
    comment.push_str(MARKER);
    comment.push('\n');
    comment.push_str(&words.join(" "));
    comment
}

/// A field of the notation, or why it is missing.
fn field<'a>(value: &'a Value, name: &str) -> Result<&'a Value, ImportError> {
    value
        .get(name)
        .ok_or_else(|| ImportError::Syntax(format!("the JieqiBox notation has no '{name}'")))
}

/// One move of the notation: its data (extended UCI), its captured identity told by an
/// `adjust` after it, its comment.
struct Entry {
    data: String,
    captured: Option<char>,
    comment: String,
}

/// The moves of the notation, each `captured_x+` adjustment folded into the move before it.
fn entries(moves: &[Value]) -> Result<Vec<Entry>, ImportError> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, entry) in moves.iter().enumerate() {
        let text = |name: &str| entry.get(name).and_then(Value::as_str).unwrap_or("");
        let data = text("data");
        match text("type") {
            "move" => out.push(Entry {
                data: data.to_string(),
                captured: None,
                comment: text("comment").to_string(),
            }),
            "adjust" => {
                let letter = data
                    .strip_prefix("captured_")
                    .and_then(|rest| rest.strip_suffix('+'))
                    .filter(|l| l.chars().count() == 1)
                    .and_then(|l| l.chars().next());
                match (letter, out.last_mut()) {
                    (Some(letter), Some(last)) if last.captured.is_none() => {
                        last.captured = Some(letter);
                    }
                    _ => {
                        return Err(ImportError::Syntax(format!(
                            "entry {}: the pool adjustment '{}' is not read (only a \
                             captured piece told after its move is)",
                            i + 1,
                            quote(data)
                        )));
                    }
                }
            }
            other => {
                return Err(ImportError::Syntax(format!(
                    "entry {}: '{}' is no JieqiBox entry type (move or adjust)",
                    i + 1,
                    quote(other)
                )));
            }
        }
    }
    Ok(out)
}

/// Reads JieqiBox's JSON game notation.
pub(crate) fn import(text: &str) -> Result<Tree, ImportError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        ImportError::Syntax(format!(
            "not JieqiBox's JSON notation: {}",
            jieqi_rules::quote::shorten(&e.to_string(), 80)
        ))
    })?;
    let metadata = field(&value, "metadata")?;
    let moves = field(&value, "moves")?
        .as_array()
        .ok_or_else(|| ImportError::Syntax("the JieqiBox notation's moves are no list".into()))?;
    let initial = metadata
        .get("initialFen")
        .and_then(Value::as_str)
        .unwrap_or("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1");
    let variant = jieqi_rules::platform::VariantRef(jieqi_variants::reading(initial));
    // The variant's own start is its start, not a FEN of it.
    let own_start = new_tree(variant, None, "")
        .ok()
        .and_then(|t| jieqibox_fen(&t.position_text()));
    let start = (own_start != jieqibox_fen(initial)).then_some(initial);
    let mut tree = new_tree(variant, start, "")?;
    let entries = entries(moves)?;
    let opening = metadata
        .get("openingComment")
        .and_then(Value::as_str)
        .unwrap_or("");
    let mut line = vec![(tree.root(), opening.to_string())];
    for entry in &entries {
        let mut turn = uci::extended(&tree, &entry.data);
        if entry.captured.is_some() {
            turn.captured = entry.captured;
        }
        let ply = tree.game().plies() + 1;
        let id = tree.play_known(&turn).map_err(|e| ImportError::Turn {
            ply,
            text: quote(&entry.data),
            reason: e.to_string(),
        })?;
        line.push((id, entry.comment.clone()));
    }
    for (id, comment) in line {
        let (said, variations) = match comment.split_once(MARKER) {
            Some((said, variations)) => (said.trim_end(), variations),
            None => (comment.as_str(), ""),
        };
        tree.set_comment(id, said)?;
        for item in pgn::parse(variations)?.line {
            if let Item::Variation(items) = item {
                apply_line(&mut tree, id, &items, &read_told)?;
            }
        }
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Format, detect, import as import_any};
    use jieqi_rules::platform::{JIEQI, KnownTurn, VariantRef};

    /// JieqiBox's FEN of its README example (`NOTATION_FORMAT.md`, "New FEN Format"): a red
    /// face-down piece took one on h9 and turned up a soldier; the piece taken, a black
    /// soldier, is in the captured pool.
    const GOLDEN_FEN: &str = "xxxxkxxPx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX b R2r2N2n2B2b2A2a2C2c2P4p4 p1 0 1";

    #[test]
    fn reads_jieqiboxs_fen_forms_golden() {
        assert_eq!(detect(GOLDEN_FEN), Format::Fen);
        let tree = import_any(GOLDEN_FEN).unwrap();
        assert_eq!(tree.variant().id(), "jieqi");
        assert_eq!(jieqibox_fen(&tree.position_text()).unwrap(), GOLDEN_FEN);
        // The older form, pool before the side to move (its START_FEN's first form).
        let old = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1";
        let tree = import_any(old).unwrap();
        assert_eq!(tree.variant().id(), "jieqi");
        assert_eq!(
            tree.game().legal_texts(jieqi_rules::Notation::Iccs).len(),
            44
        );
    }

    /// A game as JieqiBox saves one in free flip mode (`generateGameNotation`), written out
    /// by hand from the sources cited above.
    const GOLDEN_GAME: &str = r#"{
  "metadata": {
    "event": "揭棋对局",
    "site": "jieqibox",
    "date": "2026-01-02",
    "white": "红方",
    "black": "黑方",
    "result": "*",
    "initialFen": "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
    "flipMode": "free",
    "currentFen": "",
    "openingComment": "from a club game"
  },
  "moves": [
    { "type": "move", "data": "h2e2C", "fen": "", "comment": "central cannon" },
    { "type": "move", "data": "b7b0rN", "fen": "" },
    { "type": "move", "data": "i3i4P", "fen": "" },
    { "type": "move", "data": "b0a0", "fen": "" },
    { "type": "adjust", "data": "captured_R+", "fen": "" }
  ]
}"#;

    #[test]
    fn reads_a_jieqibox_game_golden() {
        assert_eq!(detect(GOLDEN_GAME), Format::JieqiBox);
        let tree = import_any(GOLDEN_GAME).unwrap();
        assert!(tree.start().is_none());
        assert_eq!(tree.comment(tree.root()), "from a club game");
        let turns: Vec<KnownTurn> = tree.turns_to(tree.current()).unwrap();
        assert_eq!(turns[1].captured, Some('N'));
        assert_eq!(turns[3].captured, Some('R'));
        assert_eq!(turns[3].text, "b0a0");
        assert_eq!(tree.comment(tree.main_line()[0]), "central cannon");
        // A face-down move without its reveal: the rules refuse it, naming it.
        let err = import_any(&GOLDEN_GAME.replace("i3i4P", "i3i4")).unwrap_err();
        assert!(err.to_string().contains("move 3 'i3i4'"), "{err}");
        // Any other pool adjustment is not read.
        let err = import_any(&GOLDEN_GAME.replace("captured_R+", "R+")).unwrap_err();
        assert!(err.to_string().contains("entry 5"), "{err}");
    }

    #[test]
    fn writes_what_it_reads_with_variations_in_comments() {
        let mut tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        tree.play("h2e2C").unwrap();
        tree.play_known(&KnownTurn {
            text: "b7b0r".into(),
            captured: Some('N'),
        })
        .unwrap();
        tree.go_back();
        tree.play("h9g7n").unwrap();
        tree.go_to_start();
        tree.play("a3a4P").unwrap();
        let json = export_jieqibox(&tree).unwrap();
        assert!(json.contains("\"data\": \"b7b0rN\""), "{json}");
        assert!(json.contains(MARKER), "{json}");
        let back = import_any(&json).unwrap();
        assert_eq!(export_jieqibox(&back).unwrap(), json);
        assert_eq!(back.nodes().len(), tree.nodes().len());
    }
}
