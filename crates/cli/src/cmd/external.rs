//! Another engine as a match opponent: a child process spoken to in the UCI dialect that
//! Xiangqi engines use (ICCS squares, ranks 0–9), the same one `jieqi-cli uci` answers.
//!
//! Some engines need another first word to switch to that dialect (Fairy-Stockfish:
//! `ucicyclone`, which also makes Xiangqi its default variant), so the handshake word is a
//! setting; after `ucci` the options are sent as UCCI writes them (`setoption NAME VALUE`).
//! Every answer is awaited with a deadline: an engine that hangs, dies or names an illegal
//! move loses the game and the match goes on.
//!
//! In Xiangqi the engine gets `position startpos moves …`; in Jieqi either the public position
//! as a FEN of a Fairy-Stockfish variant, read back in its rank numbers (`--engine-view
//! public`, see `matches::public`), or its own side's view, the viewer-relative FEN and the
//! moves since, read back in ICCS (`--engine-view own`, see `matches::own`).

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use jieqi_ai::Score;

use crate::args::{EngineArgs, words};
use crate::limits;
use crate::lines::{Line, LineReader};
use crate::text::excerpt;

/// How to start and set up the other engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Program and arguments, split on whitespace.
    pub command: Vec<String>,
    /// The first word sent (`uci`, or a dialect switch such as `ucicyclone`).
    pub handshake: String,
    /// `setoption name N value V` pairs sent after the handshake.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// The program's file name: how the match names the engine.
    pub fn short_name(&self) -> &str {
        let program = self.command.first().map_or("engine", String::as_str);
        program.rsplit('/').next().unwrap_or(program)
    }
}

/// What the engine answered to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The `bestmove` text, unchecked.
    pub best: String,
    /// The last score it reported, from the side to move's point of view.
    pub score: Option<Score>,
}

/// A running engine process.
#[derive(Debug)]
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// How long the engine may take to start or to answer `isready`.
const STARTUP: Duration = Duration::from_secs(20);

impl UciEngine {
    /// Starts the engine and waits until it is ready.
    pub fn start(spec: &EngineSpec) -> Result<UciEngine, String> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or("the engine command is empty")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine '{}': {e}", excerpt(program)))?;
        let stdin = child.stdin.take().ok_or("the engine has no stdin")?;
        let stdout = child.stdout.take().ok_or("the engine has no stdout")?;
        let (tx, lines) = channel();
        // A reader thread, so that every wait can have a deadline. Lines are bounded as the
        // `uci` loop's are; an engine that floods without newlines counts as gone.
        std::thread::spawn(move || {
            let mut reader = LineReader::new(
                BufReader::new(stdout),
                limits::UCI_LINE_BYTES,
                limits::UCI_RUNAWAY_BYTES,
            );
            loop {
                match reader.next_line() {
                    Line::Text(line) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                    Line::TooLong { .. } => {}
                    Line::Runaway | Line::End => break,
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
        };
        // Not every dialect switch answers `uciok` (Fairy-Stockfish's `ucicyclone` does not);
        // `readyok` below is the one answer every engine gives.
        engine.send(&spec.handshake)?;
        for (name, value) in &spec.options {
            // UCCI names the option without `name` and `value`.
            engine.send(&if spec.handshake == "ucci" {
                format!("setoption {name} {value}")
            } else {
                format!("setoption name {name} value {value}")
            })?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Searches `position` (a whole `position …` command, see [`startpos`]) with `go` (e.g.
    /// `go movetime 200`); gives up after `deadline`.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Duration,
    ) -> Result<Answer, String> {
        self.send(position)?;
        self.send(go)?;
        let mut score = None;
        let best = self.wait_for_map(
            |line| {
                let mut words = line.split_whitespace();
                match words.next() {
                    Some("info") => {
                        if let Some(s) = info_score(line) {
                            score = Some(s);
                        }
                        None
                    }
                    Some("bestmove") => Some(words.next().unwrap_or("").to_string()),
                    _ => None,
                }
            },
            deadline,
        )?;
        Ok(Answer { best, score })
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", STARTUP)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("the engine stopped listening: {e}"))
    }

    fn wait_for(&mut self, done: impl Fn(&str) -> bool, within: Duration) -> Result<(), String> {
        self.wait_for_map(|l| done(l.trim()).then_some(()), within)
    }

    /// Reads lines until `pick` returns something, or fails at the deadline or end of output.
    fn wait_for_map<T>(
        &mut self,
        mut pick: impl FnMut(&str) -> Option<T>,
        within: Duration,
    ) -> Result<T, String> {
        let end = Instant::now() + within;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(found) = pick(&line) {
                        return Ok(found);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer within {:.1} s", within.as_secs_f64()));
                }
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A polite engine quits at once; one that does not is ended.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `position startpos [moves …]`: the start position after `moves` (ICCS).
pub fn startpos(moves: &[String]) -> String {
    if moves.is_empty() {
        "position startpos".to_string()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}

/// The score of an `info` line: `score cp N` or `score mate N`, or UCCI's bare `score N`.
fn info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let kind = *words.get(at + 1)?;
    if let Ok(cp) = kind.parse() {
        return Some(Score::Cp(cp));
    }
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match kind {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

/// Reads `NAME=VALUE`.
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!(
            "engine option '{}' is not NAME=VALUE",
            excerpt(text)
        )),
    }
}

/// An engine's settings from the command line: `command` (the value of `--{flag}`, program and
/// arguments), `--engine-handshake` (default `uci`) and `--engine-option NAME=VALUE …`.
pub fn spec_from_args(flag: &str, command: &str, args: &EngineArgs) -> Result<EngineSpec, String> {
    let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if command.is_empty() {
        return Err(format!("--{flag} needs a program"));
    }
    let spec = EngineSpec {
        command,
        handshake: args
            .engine_handshake
            .as_deref()
            .unwrap_or("uci")
            .to_string(),
        options: words(&args.engine_option)
            .iter()
            .map(|o| parse_option(o))
            .collect::<Result<_, _>>()?,
    };
    // A newline would reach the engine as a command of its own.
    let bad = std::iter::once(&spec.handshake)
        .chain(spec.options.iter().flat_map(|(n, v)| [n, v]))
        .find(|t| t.contains(char::is_control));
    if let Some(bad) = bad {
        return Err(format!(
            "'{}' holds a control character; the engine reads lines",
            excerpt(bad)
        ));
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_info_lines() {
        assert_eq!(
            info_score("info depth 9 seldepth 12 score cp -35 nodes 100 pv h2e2"),
            Some(Score::Cp(-35))
        );
        assert_eq!(
            info_score("info score mate 3 pv a0a1"),
            Some(Score::Mate(3))
        );
        // UCCI (Fairy-Stockfish after `ucci`): a bare number.
        assert_eq!(
            info_score("info depth 6 score 57 time 10 nodes 9 pv d0e1"),
            Some(Score::Cp(57))
        );
        assert_eq!(info_score("info string hello"), None);
        assert_eq!(info_score("info score cp"), None);
    }

    #[test]
    fn options_are_name_equals_value() {
        assert_eq!(
            parse_option("UCI_Variant=xiangqi"),
            Ok(("UCI_Variant".into(), "xiangqi".into()))
        );
        assert!(parse_option("Hash").is_err());
        assert!(parse_option("=3").is_err());
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let spec = EngineSpec {
            command: vec!["/nonexistent/engine".into()],
            handshake: "uci".into(),
            options: vec![],
        };
        let err = UciEngine::start(&spec).unwrap_err();
        assert!(err.contains("cannot start engine"), "{err}");
    }
}
