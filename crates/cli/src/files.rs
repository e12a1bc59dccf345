//! Reading a text file the user named (`replay`, `match-report`): only a regular file (a FIFO
//! or a device would block or never end), only up to a size cap, only UTF-8, and not empty.

use std::fs::File;
use std::io::Read as _;

use crate::text::excerpt;

/// The whole text of the file at `path`, or a one-line message why it cannot be used.
pub fn read_text_file(path: &str, cap: u64) -> Result<String, String> {
    let shown = excerpt(path);
    let cannot = |e: std::io::Error| format!("cannot read '{shown}': {e}");
    // Checked before opening: opening a FIFO blocks until someone writes to it.
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!("'{shown}' is not a regular file"));
    }
    let too_big = || format!("'{shown}' is larger than the {cap}-byte limit");
    if meta.len() > cap {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    // One byte past the cap: the file may have grown since, or not know its size (/proc).
    File::open(path)
        .and_then(|f| f.take(cap + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > cap {
        return Err(too_big());
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "'{shown}' is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    if text.trim().is_empty() {
        return Err(format!("'{shown}' is empty"));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_checked_on_what_is_read_not_only_on_what_is_listed() {
        // /proc lists its files as 0 bytes long.
        let status = read_text_file("/proc/self/status", 1024 * 1024).unwrap();
        assert!(status.len() > 100);
        let err = read_text_file("/proc/self/status", 100).unwrap_err();
        assert!(err.contains("larger than the 100-byte limit"), "{err}");
    }

    #[test]
    fn devices_directories_and_missing_files_are_refused() {
        for (path, expected) in [
            ("/dev/null", "not a regular file"),
            ("/", "not a regular file"),
            ("/nonexistent/file", "cannot read"),
        ] {
            let err = read_text_file(path, 100).unwrap_err();
            assert!(err.contains(expected), "{path}: {err}");
        }
    }
}
