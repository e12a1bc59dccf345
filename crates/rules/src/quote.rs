//! User text quoted in an error message: one line of bounded length, so that a damaged or
//! hostile input (a megabyte on one line, a file without newlines) gives a message a person
//! can read. Public so that every variant's crate quotes the same way.

/// At most this many characters of the quoted text; longer text ends in `…`.
const MAX_CHARS: usize = 40;

/// The first line of `text`, cut to a few dozen characters.
pub fn quote(text: &str) -> String {
    shorten(text, MAX_CHARS)
}

/// The first line of `text`, cut to `max` characters (a longer message from a library that
/// may quote the input, such as a JSON error). A line ends at any line break or other control
/// character (`\r`, NEL, U+2028 as well as `\n`), so what is quoted is one line however it
/// was written.
pub fn shorten(text: &str, max: usize) -> String {
    let line: String = text.chars().take_while(|&c| !breaks(c)).collect();
    let rest = text[line.len()..].trim_end_matches(breaks);
    let mut out: String = line.chars().take(max).collect();
    if out.len() < line.len() || !rest.is_empty() {
        out.push('…');
    }
    out
}

/// A single character for a message: itself if it shows on one line, else its escape
/// (`\n`).
pub fn quote_char(c: char) -> String {
    if breaks(c) {
        c.escape_default().to_string()
    } else {
        c.to_string()
    }
}

/// Whether `c` would break a line or could do anything but show on a terminal.
pub fn breaks(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_or_many_lined_text_is_cut() {
        assert_eq!(quote("h2e2"), "h2e2");
        assert_eq!(quote(&"x".repeat(1_000_000)).chars().count(), MAX_CHARS + 1);
        assert_eq!(quote("first\nsecond"), "first…");
        assert_eq!(quote("trailing\n"), "trailing");
        assert_eq!(quote(""), "");
        for broken in ["a\rb", "a\u{85}b", "a\u{2028}b", "a\0b", "a\x1b[2Jb"] {
            assert_eq!(quote(broken), "a…", "{broken:?}");
        }
        assert_eq!(quote_char('\n'), "\\n");
        assert_eq!(quote_char('Q'), "Q");
    }
}
