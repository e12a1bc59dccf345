//! Lines from a stream that may be hostile (`uci` on stdin, another engine's stdout): never
//! more than a cap held in memory, and input that never ends a line is given up on instead of
//! read for ever.

use std::io::{BufRead, ErrorKind};

/// What the next read found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its line ending; bytes that are not UTF-8 read as `�`.
    Text(String),
    /// A line longer than the cap, read to its end and dropped: its start and its length.
    TooLong { head: String, bytes: u64 },
    /// More input than the runaway limit without a newline.
    Runaway,
    /// End of input, or a read error.
    End,
}

/// Reads [`Line`]s of at most `cap` bytes.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    cap: usize,
    runaway: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(input: R, cap: usize, runaway: u64) -> LineReader<R> {
        LineReader {
            input,
            cap,
            runaway,
            buf: Vec::new(),
        }
    }

    pub fn next_line(&mut self) -> Line {
        self.buf.clear();
        let mut bytes: u64 = 0;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return Line::End,
            };
            if chunk.is_empty() {
                // A last line without a newline still counts.
                return if bytes == 0 {
                    Line::End
                } else {
                    self.line(bytes)
                };
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..newline.unwrap_or(chunk.len())];
            let room = self.cap.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            bytes += part.len() as u64;
            let used = newline.map_or(part.len(), |at| at + 1);
            self.input.consume(used);
            if newline.is_some() {
                return self.line(bytes);
            }
            if bytes > self.runaway {
                return Line::Runaway;
            }
        }
    }

    /// The line read into `buf`, `bytes` long in all.
    fn line(&self, bytes: u64) -> Line {
        let text = String::from_utf8_lossy(&self.buf);
        let text = text.strip_suffix('\r').unwrap_or(&text).to_string();
        if bytes > self.cap as u64 {
            Line::TooLong { head: text, bytes }
        } else {
            Line::Text(text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8], cap: usize, runaway: u64) -> Vec<Line> {
        let mut reader = LineReader::new(input, cap, runaway);
        let mut lines = Vec::new();
        loop {
            let line = reader.next_line();
            let done = matches!(line, Line::End | Line::Runaway);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    #[test]
    fn lines_long_lines_and_the_last_line() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            read_all(b"uci\r\n\nabcdefgh\nis\0ready\n\xffend", 5, 100),
            [
                text("uci"),
                text(""),
                Line::TooLong {
                    head: "abcde".into(),
                    bytes: 8
                },
                Line::TooLong {
                    head: "is\0re".into(),
                    bytes: 8
                },
                text("\u{fffd}end"),
                Line::End
            ]
        );
    }

    #[test]
    fn no_newline_for_too_long_is_a_runaway() {
        let zeros = vec![0u8; 10_000];
        assert_eq!(read_all(&zeros, 64, 1000), [Line::Runaway]);
        // Many short lines are no runaway.
        let many = b"isready\n".repeat(1000);
        assert_eq!(read_all(&many, 64, 100).len(), 1001);
    }
}
