//! User text quoted in an error message: one line of bounded length, so that a damaged or
//! hostile input (a megabyte on one line, a file without newlines) gives a message a person
//! can read.

/// At most this many characters of the quoted text; longer text ends in `…`.
const MAX_CHARS: usize = 40;

/// The first line of `text`, cut to a few dozen characters.
pub(crate) fn quote(text: &str) -> String {
    shorten(text, MAX_CHARS)
}

/// The first line of `text`, cut to `max` characters (a longer message from a library that
/// may quote the input, such as a JSON error).
pub(crate) fn shorten(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(max).collect();
    if out.len() < line.len() || line.len() < text.trim_end().len() {
        out.push('…');
    }
    out
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
    }
}
