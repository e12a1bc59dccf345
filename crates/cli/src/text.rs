//! User text inside messages: one line of bounded length. An argument, a file or a UCI line
//! may be megabytes long and hold newlines or terminal escapes; a message quotes only the
//! start of it, with control characters shown as `?`.

/// How many characters of user input a message quotes.
pub const EXCERPT_CHARS: usize = 80;

/// How long a whole message may be: a safety net for messages that carry another crate's
/// error text, which may quote its input in full.
pub const MESSAGE_CHARS: usize = 300;

/// The start of `s` to quote in a message: at most [`EXCERPT_CHARS`] characters, `…` if cut.
pub fn excerpt(s: &str) -> String {
    clip(s, EXCERPT_CHARS)
}

/// `s` as one line of at most `max` characters (and `…` if cut).
pub fn clip(s: &str, max: usize) -> String {
    let mut chars = s.chars();
    let mut out: String = chars
        .by_ref()
        .take(max)
        .map(|c| if breaks_line(c) { '?' } else { c })
        .collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// Control characters (newlines, NUL, escapes) and the Unicode line and paragraph separators.
fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "a".repeat(10_000);
        let shown = excerpt(&long);
        assert_eq!(shown.chars().count(), EXCERPT_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(excerpt("h2e2"), "h2e2");
        assert_eq!(clip("ünï", 2), "ün…");
    }

    #[test]
    fn control_characters_do_not_break_the_line() {
        assert_eq!(excerpt("a\nb\0c\u{1b}[2J\u{2028}"), "a?b?c?[2J?");
    }
}
