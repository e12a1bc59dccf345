//! `online` and `online-load` against the real server: the `jieqi-server` program of this
//! workspace's target folder. A dependency's program is not built by `cargo test -p
//! jieqi-cli`: `cargo test --workspace` builds it (or `cargo build -p jieqi-server` first);
//! without it these tests fail saying so.
//!
//! Every process a test starts is killed when the test ends (a guard), and every wait is
//! bounded in time.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use jieqi_rules::Notation;
use jieqi_server::protocol::{ClientMessage, DrawAction, PROTOCOL, ServerMessage, Status};
use tokio_tungstenite::tungstenite::Message;

/// A process that is killed when the test ends, with its output's lines as they come.
struct Guard {
    child: Child,
    lines: Receiver<String>,
    errors: Receiver<String>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Guard {
    fn start(program: &PathBuf, args: &[&str]) -> Guard {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let lines = read_lines(child.stdout.take().unwrap());
        let errors = read_lines(child.stderr.take().unwrap());
        Guard {
            child,
            lines,
            errors,
        }
    }

    /// The next line of its output, within `limit`.
    fn line(&self, limit: Duration) -> String {
        self.lines
            .recv_timeout(limit)
            .unwrap_or_else(|_| panic!("no line within {limit:?}; stderr: {}", self.stderr()))
    }

    /// Waits for the process to exit (within `limit`): its status and every line it wrote.
    fn finish(&mut self, limit: Duration) -> (i32, Vec<String>) {
        let until = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut lines = Vec::new();
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(500)) {
                    lines.push(line);
                }
                return (status.code().unwrap_or(-1), lines);
            }
            assert!(
                Instant::now() < until,
                "still running after {limit:?}; stderr: {}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn stderr(&self) -> String {
        self.errors.try_iter().collect::<Vec<_>>().join(" | ")
    }
}

fn read_lines(out: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn cli() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_jieqi-cli"))
}

/// `jieqi-server` in this test's target folder (`target/<profile>/`).
fn server_program() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let name = format!("jieqi-server{}", std::env::consts::EXE_SUFFIX);
    exe.ancestors()
        .skip(1)
        .take(3)
        .map(|dir| dir.join(&name))
        .find(|path| path.is_file())
        .unwrap_or_else(|| {
            panic!(
                "jieqi-server is not built beside {}: run `cargo build -p jieqi-server` (or `cargo test --workspace`, which builds it) first",
                exe.display()
            )
        })
}

/// A server on a free loopback port with an in-memory database, and its WebSocket address.
fn server() -> (Guard, String) {
    let server = Guard::start(
        &server_program(),
        &["--listen", "127.0.0.1:0", "--db", ":memory:"],
    );
    let first = server.line(Duration::from_secs(20));
    let addr = first
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the server's first line: {first}"))
        .trim()
        .to_string();
    (server, format!("ws://{addr}/ws"))
}

fn bot(url: &str, args: &[&str]) -> Guard {
    let mut all = vec!["online", "--server", url, "--level", "beginner"];
    all.extend_from_slice(args);
    Guard::start(&cli(), &all)
}

/// `game GAME invite INVITE seat SEAT token TOKEN`: the game and its invite.
fn created(line: &str) -> (String, String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        (words.len(), words[0], words[2], words[4], words[6]),
        (8, "game", "invite", "seat", "token"),
        "{line}"
    );
    (words[1].to_string(), words[3].to_string())
}

#[test]
fn two_bots_play_a_jieqi_game_to_its_end() {
    let (_server, url) = server();
    // A short clock bounds the game: 20 s each at most.
    let mut red = bot(&url, &["--create", "--colour", "red", "--clock", "0.34+0"]);
    let (game, invite) = created(&red.line(Duration::from_secs(20)));
    let mut black = bot(&url, &["--join", &game, &invite, "--name", "other"]);
    let (red_status, red_lines) = red.finish(Duration::from_secs(60));
    let (black_status, black_lines) = black.finish(Duration::from_secs(10));
    assert_eq!(red_status, 0, "{red_lines:?} {}", red.stderr());
    assert_eq!(black_status, 0, "{black_lines:?} {}", black.stderr());
    let last = |lines: &[String]| lines.last().cloned().unwrap_or_default();
    let result = last(&red_lines);
    assert!(result.starts_with("result "), "{red_lines:?}");
    let words: Vec<&str> = result.split_whitespace().collect();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&words[1]), "{result}");
    assert_eq!(words[2], "reason", "{result}");
    assert_eq!(last(&black_lines), result);
    assert!(black_lines[0].starts_with(&format!("game {game} seat black token ")));
}

/// A raw protocol client.
struct Client {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Client {
    async fn connect(url: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut client = Client { socket };
        client
            .send(ClientMessage::Hello {
                protocol: PROTOCOL,
                name: "test".into(),
            })
            .await;
        assert!(matches!(client.next().await, ServerMessage::Welcome { .. }));
        client
    }

    async fn send(&mut self, message: ClientMessage) {
        let text = serde_json::to_string(&message).unwrap();
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// The next message (within 20 s), presences skipped.
    async fn next(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(20), self.socket.next())
                .await
                .expect("a message within 20 s")
                .expect("the connection is open")
                .unwrap();
            if let Message::Text(text) = frame {
                let message: ServerMessage = serde_json::from_str(text.as_str()).unwrap();
                if !matches!(message, ServerMessage::Presence { .. }) {
                    return message;
                }
            }
        }
    }

    /// The `moved` of ply `ply`, skipping anything else but errors.
    async fn moved(&mut self, ply: u64) -> String {
        loop {
            match self.next().await {
                ServerMessage::Moved { ply: p, turn, .. } if p == ply => return turn,
                ServerMessage::Error { code, message, .. } => panic!("{code:?}: {message}"),
                _ => {}
            }
        }
    }
}

#[test]
fn a_bot_answers_a_client_speaking_the_protocol() {
    let (_server, url) = server();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut bot_guard = None;
    runtime.block_on(async {
        let mut client = Client::connect(&url).await;
        client
            .send(ClientMessage::Create {
                variant: "jieqi".into(),
                rules: None,
                clock: None,
                colour: Some("red".into()),
                deal: None,
                duplicate: false,
            })
            .await;
        let ServerMessage::Created { game, invite, .. } = client.next().await else {
            panic!("created");
        };
        let joined = bot(&url, &["--join", &game, &invite]);
        let line = joined.line(Duration::from_secs(20));
        assert!(
            line.starts_with(&format!("game {game} seat black")),
            "{line}"
        );
        bot_guard = Some(joined);
        let snapshot = loop {
            if let ServerMessage::Snapshot(s) = client.next().await
                && s.status == Status::Playing
            {
                break s;
            }
        };
        assert_eq!(snapshot.seat, "red");
        let variant = jieqi_variants::find("jieqi").unwrap();
        let mut seen = variant.position(&snapshot.position, "").unwrap();
        for ply in 0..4u64 {
            let turn = seen.legal_texts(Notation::Iccs)[0].clone();
            client
                .send(ClientMessage::Move {
                    game: game.clone(),
                    ply: 2 * ply,
                    turn,
                })
                .await;
            seen.play_text(&client.moved(2 * ply).await).unwrap();
            if ply == 1 {
                // The bot declines a draw and plays on.
                client
                    .send(ClientMessage::Draw {
                        game: game.clone(),
                        action: DrawAction::Offer,
                    })
                    .await;
            }
            let answer = client.moved(2 * ply + 1).await;
            seen.play_text(&answer)
                .unwrap_or_else(|e| panic!("the bot's {answer}: {e}"));
        }
        client
            .send(ClientMessage::Resign { game: game.clone() })
            .await;
        loop {
            if let ServerMessage::Ended { result, .. } = client.next().await {
                assert_eq!(result, "0-1");
                break;
            }
        }
    });
    let mut joined = bot_guard.unwrap();
    let (status, lines) = joined.finish(Duration::from_secs(20));
    assert_eq!(status, 0, "{lines:?} {}", joined.stderr());
    let last = lines.last().unwrap();
    assert!(last.starts_with("result 0-1 reason "), "{lines:?}");
}

#[test]
fn a_bot_whose_server_is_gone_gives_up_in_one_line() {
    let (mut server, url) = server();
    let mut red = bot(&url, &["--create"]);
    created(&red.line(Duration::from_secs(20)));
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    // Five reconnects, 0.5 to 8 s apart: about 16 s.
    let (status, _) = red.finish(Duration::from_secs(40));
    assert_eq!(status, 2);
    let errors: Vec<String> = red.errors.try_iter().collect();
    let last = errors.last().unwrap();
    assert!(last.starts_with("error: lost the connection"), "{errors:?}");
}

#[test]
fn online_load_prints_its_table() {
    let program = server_program();
    let mut load = Guard::start(
        &cli(),
        &[
            "online-load",
            "--games",
            "4",
            "--think-ms",
            "0",
            "--seconds",
            "3",
            "--server-bin",
            program.to_str().unwrap(),
        ],
    );
    let (status, lines) = load.finish(Duration::from_secs(60));
    assert_eq!(status, 0, "{lines:?} {}", load.stderr());
    let figure = |name: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {lines:?}"))
            .trim()
            .to_string()
    };
    assert_eq!(figure("games "), "4");
    let moves: u64 = figure("moves played").parse().unwrap();
    assert!(moves > 0, "{lines:?}");
    let p50: f64 = figure("round trip p50 ms").parse().unwrap();
    assert!(p50 > 0.0, "{lines:?}");
    figure("server peak RSS MiB");
    figure("per live game KiB");
    figure("errors");
}
