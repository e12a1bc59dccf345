//! PGN-like text, as our records (rules.md §9) and pychess-variants write games: tag pairs,
//! then numbered moves with `{}` comments, `;` line comments, `$1`/`!?` marks, variations in
//! `()` and a result. Read into a line of moves with their variations; each variation is an
//! alternative to the move before it.

use jieqi_rules::quote::quote;

use super::ImportError;

/// The most nested variations read (a deeper paste is refused, not recursed into).
const MAX_DEPTH: usize = 64;
/// The most words read: far beyond any real game with its variations.
const MAX_WORDS: usize = 200_000;

/// A move, or the variations after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    /// A move as written, and the comments after it (joined by a space).
    Move { text: String, comment: String },
    /// An alternative to the move before it, with what follows it.
    Variation(Vec<Item>),
}

/// A game read from PGN-like text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pgn {
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub intro: String,
    pub line: Vec<Item>,
    /// The result token after the moves, if any.
    pub result: Option<String>,
}

impl Pgn {
    /// A tag's value (the name in any case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn syntax(why: String) -> ImportError {
    ImportError::Syntax(why)
}

/// Reads `text`.
pub(crate) fn parse(text: &str) -> Result<Pgn, ImportError> {
    let mut pgn = Pgn::default();
    // The lines being read, the outermost first.
    let mut stack: Vec<Vec<Item>> = vec![Vec::new()];
    let mut chars = text.char_indices().peekable();
    let mut words = 0usize;
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '[' if stack.len() == 1 && stack[0].is_empty() => {
                pgn.tags.push(tag(text, i, &mut chars)?);
            }
            '[' => {
                return Err(syntax(format!(
                    "a tag stands among the moves: '{}'",
                    quote(&text[i..])
                )));
            }
            '{' => {
                let start = i + 1;
                let end = loop {
                    match chars.next() {
                        Some((j, '}')) => break j,
                        Some(_) => {}
                        None => {
                            return Err(syntax(format!(
                                "the comment that begins '{}' is never closed",
                                quote(&text[i..])
                            )));
                        }
                    }
                };
                let comment = text[start..end].trim();
                add_comment(&mut stack, &mut pgn.intro, comment);
            }
            ';' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '(' => {
                if stack.len() > MAX_DEPTH {
                    return Err(syntax("the variations are nested too deep".into()));
                }
                stack.push(Vec::new());
            }
            ')' => {
                let Some(variation) = stack.pop().filter(|_| !stack.is_empty()) else {
                    return Err(syntax("a ')' closes no variation".into()));
                };
                let line = stack.last_mut().expect("the outermost line stays");
                line.push(Item::Variation(variation));
            }
            _ => {
                words += 1;
                if words > MAX_WORDS {
                    return Err(syntax("the paste is too long to be a game".into()));
                }
                let word = word(text, i, &mut chars);
                if pgn.result.is_some() && stack.len() == 1 {
                    return Err(syntax(format!("'{}' stands after the result", quote(word))));
                }
                read_word(word, &mut stack, &mut pgn.result);
            }
        }
    }
    if stack.len() > 1 {
        return Err(syntax("a variation is never closed with ')'".into()));
    }
    pgn.line = stack.pop().unwrap_or_default();
    Ok(pgn)
}

/// Adds a comment to the last move of the innermost line (before any move: the game's
/// intro, or nothing in a variation).
fn add_comment(stack: &mut [Vec<Item>], intro: &mut String, comment: &str) {
    if comment.is_empty() {
        return;
    }
    let outermost = stack.len() == 1;
    let line = stack.last_mut().expect("a line is being read");
    let target = match line
        .iter_mut()
        .rev()
        .find(|i| matches!(i, Item::Move { .. }))
    {
        Some(Item::Move { comment, .. }) => comment,
        _ if outermost => intro,
        _ => return,
    };
    if !target.is_empty() {
        target.push(' ');
    }
    target.push_str(comment);
}

/// A word: up to a space, a comment or a bracket, a reveal's `(=H)` kept with its move (the
/// rules crate's own word reader, here also ending at a variation's or a tag's bracket).
fn word<'a>(text: &'a str, start: usize, chars: &mut Chars<'a>) -> &'a str {
    jieqi_rules::read_word(text, start, chars, |d| {
        d.is_whitespace() || matches!(d, '{' | '}' | ';' | ')' | '[')
    })
}

/// A word's part: a move, a number, a mark or a result.
fn read_word(word: &str, stack: &mut [Vec<Item>], result: &mut Option<String>) {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        if stack.len() == 1 {
            *result = Some(word.to_string());
        }
        return;
    }
    let text = strip_number(word).trim_end_matches(['!', '?']);
    if text.is_empty() || text.starts_with('$') || text.chars().all(|c| c == '.') {
        return;
    }
    let line = stack.last_mut().expect("a line is being read");
    line.push(Item::Move {
        text: text.to_string(),
        comment: String::new(),
    });
}

/// Strips a move number (`1.`, `12...`) from the front of a word; `33.4` (WXF's sideways
/// dot) stays a move.
fn strip_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return word;
    }
    let rest = &word[digits..];
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() || (after.len() == 1 && after.as_bytes()[0].is_ascii_digit()) {
        return word;
    }
    after
}

/// Reads `Name "value"]` after a `[` at byte `at`.
fn tag(text: &str, at: usize, chars: &mut Chars<'_>) -> Result<(String, String), ImportError> {
    // The rules crate's own reader of a record's tags.
    jieqi_rules::read_tag(text, at, chars).map_err(|e| syntax(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str, comment: &str) -> Item {
        Item::Move {
            text: text.into(),
            comment: comment.into(),
        }
    }

    #[test]
    fn reads_tags_moves_comments_variations_and_the_result() {
        let pgn = parse(
            "[Variant \"Jieqi\"]\n[FEN \"a \\\"b\\\"\"]\n\n{intro} 1. h2e2 {good} h9g7 \
             (1... b9c7 2. b2c2 (2. h0g2) ) 2. h0g2! $1 ; line comment\n R1+1(=H) 1-0",
        )
        .unwrap();
        assert_eq!(pgn.tag("variant"), Some("Jieqi"));
        assert_eq!(pgn.tag("FEN"), Some("a \"b\""));
        assert_eq!(pgn.intro, "intro");
        assert_eq!(
            pgn.line,
            vec![
                mv("h2e2", "good"),
                mv("h9g7", ""),
                Item::Variation(vec![
                    mv("b9c7", ""),
                    mv("b2c2", ""),
                    Item::Variation(vec![mv("h0g2", "")]),
                ]),
                mv("h0g2", ""),
                mv("R1+1(=H)", ""),
            ]
        );
        assert_eq!(pgn.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn bad_pastes_give_one_line_reasons() {
        for bad in [
            "1. h2e2 (h9g7",
            "1. h2e2 )",
            "{never closed",
            "[Tag value]",
            "1. h2e2 1-0 h9g7",
            "1. h2e2 [Tag \"x\"]",
        ] {
            let err = parse(bad).unwrap_err().to_string();
            assert!(!err.contains('\n'), "{err}");
        }
        let deep = "(".repeat(100);
        assert!(parse(&deep).is_err());
    }
}
