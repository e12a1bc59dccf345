//! A line-protocol engine (`uci`, `jieqi-engine`) driven as a GUI drives it: commands on a
//! pipe, answers read line by line with a deadline, so a hang fails the test instead of
//! stalling it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Generous: the test machines are slow and shared (a `jai` match waits for whole games).
pub const PATIENCE: Duration = Duration::from_secs(120);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// `readyok` lines read so far (one may come between any two lines of a `jai` match).
    pub readyoks: usize,
}

impl Engine {
    /// `jieqi-cli uci`.
    pub fn start() -> Engine {
        Engine::start_program(env!("CARGO_BIN_EXE_jieqi-cli"), &["uci"])
    }

    /// `jieqi-engine`, as a GUI without an arguments field starts it.
    pub fn start_bare() -> Engine {
        Engine::start_program(env!("CARGO_BIN_EXE_jieqi-engine"), &[])
    }

    /// `jieqi-cli jai`, the match runner.
    pub fn start_jai() -> Engine {
        Engine::start_program(env!("CARGO_BIN_EXE_jieqi-cli"), &["jai"])
    }

    fn start_program(program: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            readyoks: 0,
        }
    }

    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{text}").expect("engine reads");
        stdin.flush().unwrap();
    }

    /// Every line up to and including the first one that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, PATIENCE)
    }

    pub fn until_within(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.readyoks += usize::from(line == "readyok");
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {limit:?}; got {seen:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine ended before '{prefix}'; got {seen:#?}")
                }
            }
        }
    }

    /// Closes stdin and waits for the engine to exit; its stderr.
    pub fn finish(mut self) -> String {
        drop(self.stdin.take());
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err)
                    .unwrap();
                assert!(status.success(), "exit {status}: {err}");
                return err;
            }
            assert!(Instant::now() < deadline, "engine did not exit at EOF");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
