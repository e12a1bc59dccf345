//! The black-box tests' harness: a `jieqi-server` process per test, a blocking WebSocket
//! client that never waits without a deadline, and a few game helpers. Everything here is
//! written from spec/online.md alone, as a client that never read the server's code.
//!
//! Every loop is bounded in count and time; every server is killed (by its process id) when
//! its guard drops, even when the test panics.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use jieqi_rules::{FamilyGame, Jieqi, Side, Square};
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

/// The server's binary, built by cargo for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_jieqi-server");

/// How long any single expected answer may take.
pub const ANSWER: Duration = Duration::from_secs(5);

/// A running server; killed (SIGKILL, by its pid) when dropped.
#[derive(Debug)]
pub struct Server {
    child: Option<Child>,
    pub addr: String,
    args: Vec<String>,
    stderr: Arc<Mutex<String>>,
}

impl Server {
    /// Starts a server on a free loopback port with `args` added; `--db :memory:` unless
    /// `args` name a `--db`.
    pub fn start(args: &[&str]) -> Server {
        let mut all: Vec<String> = args.iter().map(|a| (*a).to_string()).collect();
        if !all.iter().any(|a| a == "--db") {
            all.push("--db".into());
            all.push(":memory:".into());
        }
        let (child, addr, stderr) = spawn(&all);
        Server {
            child: Some(child),
            addr,
            args: all,
            stderr,
        }
    }

    /// The WebSocket's address.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("the server runs").id()
    }

    /// What the server wrote on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// `kill -9`: `Child::kill` is SIGKILL on Unix.
    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Sends SIGTERM and waits up to `within` for the exit: its status and how long it took.
    pub fn terminate(&mut self, within: Duration) -> (Option<ExitStatus>, Duration) {
        let mut child = self.child.take().expect("the server runs");
        let started = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -TERM failed");
        while started.elapsed() < within {
            if let Ok(Some(status)) = child.try_wait() {
                return (Some(status), started.elapsed());
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        (None, started.elapsed())
    }

    /// Starts the server again with the same arguments (on a new port), after a kill.
    pub fn restart(&mut self) {
        self.kill9();
        let (child, addr, stderr) = spawn(&self.args);
        self.child = Some(child);
        self.addr = addr;
        self.stderr = stderr;
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill9();
        if thread::panicking() {
            eprintln!("--- jieqi-server stderr ---\n{}", self.stderr());
        }
    }
}

fn spawn(args: &[String]) -> (Child, String, Arc<Mutex<String>>) {
    let mut all = vec!["--listen".to_string(), "127.0.0.1:0".to_string()];
    all.extend(args.iter().cloned());
    let mut child = Command::new(BIN)
        .args(&all)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        if let Some(Ok(first)) = lines.next() {
            let _ = tx.send(first);
        }
        for _ in lines {}
    });
    let stderr = Arc::new(Mutex::new(String::new()));
    let mut pipe = child.stderr.take().expect("piped stderr");
    let sink = Arc::clone(&stderr);
    thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut s) = sink.lock() {
                s.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    });
    let first = match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(line) => line,
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the server wrote no first line; stderr: {}",
                stderr.lock().map(|s| s.clone()).unwrap_or_default()
            );
        }
    };
    let addr = first
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("first stdout line is `listening on ADDR`, got {first:?}"))
        .trim()
        .to_string();
    assert!(
        addr.parse::<SocketAddr>().is_ok(),
        "ADDR is a socket address: {addr}"
    );
    (child, addr, stderr)
}

/// What reading a connection gave.
#[derive(Debug)]
pub enum Frame {
    Text(Value),
    /// A text frame that is not JSON (a defect: every server frame is one JSON object).
    NotJson(String),
    Binary,
    /// The connection closed, with the close code if a close frame came.
    Closed(Option<u16>),
    Timeout,
}

/// A blocking WebSocket client; every read has a deadline.
#[derive(Debug)]
pub struct Client {
    ws: WebSocket<TcpStream>,
    /// Every text frame received, as it came.
    pub frames: Vec<String>,
    /// The close code once the server closed (`Some(None)`: closed without a code).
    pub closed: Option<Option<u16>>,
    sends: VecDeque<Instant>,
    /// Keep under the rate limit (15 messages in any second) when sending with [`Client::send`].
    pub pace: bool,
}

/// Messages a paced client sends at most in any one second (the limit is 20, §7).
const PACE: usize = 15;

impl Client {
    pub fn connect(server: &Server) -> Client {
        Client::connect_addr(&server.addr)
    }

    pub fn connect_addr(addr: &str) -> Client {
        Client::try_connect(addr).unwrap_or_else(|e| panic!("connect to {addr}: {e}"))
    }

    pub fn try_connect(addr: &str) -> Result<Client, String> {
        let stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
        Client::over(stream, addr)
    }

    /// A client on a socket whose receive buffer is as small as the system allows, for the
    /// client that never reads.
    pub fn connect_small_buffer(addr: &str) -> Client {
        let sa: SocketAddr = addr.parse().expect("socket address");
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
            .expect("socket");
        socket.set_recv_buffer_size(1024).expect("SO_RCVBUF");
        socket.connect(&sa.into()).expect("connect");
        Client::over(socket.into(), addr).expect("handshake")
    }

    fn over(stream: TcpStream, addr: &str) -> Result<Client, String> {
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        stream
            .set_write_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let (ws, _) =
            tungstenite::client(format!("ws://{addr}/ws"), stream).map_err(|e| e.to_string())?;
        Ok(Client {
            ws,
            frames: Vec::new(),
            closed: None,
            sends: VecDeque::new(),
            pace: true,
        })
    }

    fn wait_pace(&mut self) {
        if !self.pace {
            return;
        }
        let now = Instant::now();
        while self
            .sends
            .front()
            .is_some_and(|t| now.duration_since(*t) > Duration::from_millis(1100))
        {
            self.sends.pop_front();
        }
        if self.sends.len() >= PACE {
            let oldest = self.sends[self.sends.len() - PACE];
            let ready = oldest + Duration::from_millis(1100);
            if let Some(wait) = ready.checked_duration_since(Instant::now()) {
                thread::sleep(wait);
            }
        }
        self.sends.push_back(Instant::now());
    }

    /// Sends a frame as it is; the error if the connection refuses it.
    pub fn send_message(&mut self, message: Message) -> Result<(), tungstenite::Error> {
        self.wait_pace();
        self.ws.send(message)
    }

    /// Sends one JSON message (paced); panics if the connection is gone.
    pub fn send(&mut self, value: Value) {
        let text = value.to_string();
        self.send_text(&text);
    }

    pub fn send_text(&mut self, text: &str) {
        self.send_message(Message::text(text))
            .unwrap_or_else(|e| panic!("send {text:.80}: {e}"));
    }

    /// The next frame, or `Timeout` after `timeout`.
    pub fn next(&mut self, timeout: Duration) -> Frame {
        if let Some(code) = self.closed {
            return Frame::Closed(code);
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Frame::Timeout;
            }
            let _ = self
                .ws
                .get_ref()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))));
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    let text = text.to_string();
                    self.frames.push(text.clone());
                    return match serde_json::from_str::<Value>(&text) {
                        Ok(v) => Frame::Text(v),
                        Err(_) => Frame::NotJson(text),
                    };
                }
                Ok(Message::Binary(_)) => return Frame::Binary,
                Ok(Message::Close(frame)) => {
                    let code = frame.map(|f| u16::from(f.code));
                    self.closed = Some(code);
                    return Frame::Closed(code);
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => {
                    self.closed = Some(None);
                    return Frame::Closed(None);
                }
            }
        }
    }

    /// The next frame, which must be a JSON text frame.
    pub fn recv(&mut self) -> Value {
        match self.next(ANSWER) {
            Frame::Text(v) => v,
            other => panic!("expected a JSON frame, got {other:?}"),
        }
    }

    /// The next frame, which must be a `t` message.
    pub fn expect(&mut self, t: &str) -> Value {
        let v = self.recv();
        assert_eq!(v["t"], t, "expected a {t} frame, got {v}");
        v
    }

    /// Reads until a frame satisfies `pred` (others are skipped, still kept in `frames`).
    pub fn wait_until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + ANSWER;
        for _ in 0..10_000 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next(left) {
                Frame::Text(v) if pred(&v) => return v,
                Frame::Text(_) | Frame::Binary | Frame::NotJson(_) => {}
                other => panic!("waiting for {what}: {other:?}; frames: {:?}", self.tail()),
            }
        }
        panic!("waiting for {what}: too many frames")
    }

    /// Reads until a `t` message (others skipped).
    pub fn wait_for(&mut self, t: &str) -> Value {
        self.wait_until(t, |v| v["t"] == t)
    }

    /// Reads until an `error`, which must have `code`; returns it.
    pub fn wait_error(&mut self, code: &str) -> Value {
        let e = self.wait_for("error");
        assert_eq!(e["code"], code, "expected error {code}, got {e}");
        let message = e["message"].as_str().expect("an error has a message");
        assert!(
            !message.trim().is_empty() && !message.contains('\n'),
            "message is one readable line: {message:?}"
        );
        e
    }

    /// Reads until the connection closes; its close code.
    pub fn wait_close(&mut self, within: Duration) -> Option<u16> {
        let deadline = Instant::now() + within;
        for _ in 0..100_000 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next(left) {
                Frame::Closed(code) => return code,
                Frame::Timeout => panic!("the connection did not close within {within:?}"),
                _ => {}
            }
        }
        panic!("the connection did not close")
    }

    /// Nothing arrives for `within` (the connection still open).
    pub fn quiet(&mut self, within: Duration) {
        match self.next(within) {
            Frame::Timeout => {}
            other => panic!("expected silence, got {other:?}"),
        }
    }

    /// `ping` with an id answers `pong` with it: the connection is open and answering.
    pub fn assert_alive(&mut self) {
        let id = format!("alive-{}", self.frames.len());
        self.send(json!({"t": "ping", "id": id}));
        let pong = self.wait_until("pong", |v| v["t"] == "pong" || v["t"] == "error");
        assert_eq!(pong["t"], "pong", "the connection answers: {pong}");
        assert_eq!(pong["id"], id.as_str());
    }

    /// `hello` → `welcome`.
    pub fn hello(&mut self, name: &str) {
        self.send(json!({"t": "hello", "protocol": 1, "name": name}));
        let w = self.expect("welcome");
        assert_eq!(w["protocol"], 1);
        assert!(w["server"].is_string(), "welcome names the server: {w}");
    }

    pub fn close(&mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
    }

    fn tail(&self) -> Vec<&String> {
        self.frames.iter().rev().take(6).rev().collect()
    }
}

/// A connected, greeted client.
pub fn greeted(server: &Server, name: &str) -> Client {
    let mut c = Client::connect(server);
    c.hello(name);
    c
}

/// A spectator of `game`: greeted, watching, its snapshot read.
pub fn spectator(server: &Server, game: &str) -> (Client, Value) {
    let mut c = greeted(server, "watcher");
    c.send(json!({"t": "watch", "game": game}));
    let s = c.wait_for("snapshot");
    assert_eq!(s["seat"], "spectator");
    (c, s)
}

/// One seat of a game and its connection.
#[derive(Debug)]
pub struct Player {
    pub client: Client,
    pub seat: String,
    pub token: String,
}

/// A game with both seats taken.
#[derive(Debug)]
pub struct Pair {
    pub game: String,
    pub invite: String,
    pub creator: Player,
    pub joiner: Player,
    /// The creator's `snapshot` after `created` (status waiting).
    pub waiting: Value,
    /// The snapshots after the join: the joiner's, then the creator's.
    pub started: (Value, Value),
}

impl Pair {
    /// A pair of seats resumed on new connections (red or first as the creator).
    pub fn of(game: String, first: Client, second: Client, tokens: &[(&str, String); 2]) -> Pair {
        Pair {
            game,
            invite: String::new(),
            creator: Player {
                client: first,
                seat: tokens[0].0.to_string(),
                token: tokens[0].1.clone(),
            },
            joiner: Player {
                client: second,
                seat: tokens[1].0.to_string(),
                token: tokens[1].1.clone(),
            },
            waiting: Value::Null,
            started: (Value::Null, Value::Null),
        }
    }

    /// The token of `seat`.
    pub fn seat_token(&self, seat: &str) -> String {
        if self.creator.seat == seat {
            self.creator.token.clone()
        } else {
            assert_eq!(self.joiner.seat, seat, "no seat {seat}");
            self.joiner.token.clone()
        }
    }

    /// The player on `seat`.
    pub fn seat(&mut self, seat: &str) -> &mut Player {
        if self.creator.seat == seat {
            &mut self.creator
        } else {
            assert_eq!(self.joiner.seat, seat, "no seat {seat}");
            &mut self.joiner
        }
    }

    /// The two players, first the one on `seat`.
    pub fn both(&mut self, seat: &str) -> (&mut Player, &mut Player) {
        if self.creator.seat == seat {
            (&mut self.creator, &mut self.joiner)
        } else {
            (&mut self.joiner, &mut self.creator)
        }
    }

    /// The seat to move after `ply` plies (Red and First move first).
    pub fn mover(&self, ply: u64) -> String {
        let first = if self.creator.seat == "first" || self.creator.seat == "second" {
            ["first", "second"]
        } else {
            ["red", "black"]
        };
        first[(ply % 2) as usize].to_string()
    }

    /// Plays `mv` as ply `ply` from the seat to move; both players read their `moved`.
    /// Returns (mover's moved, opponent's moved).
    pub fn play(&mut self, ply: u64, mv: &str) -> (Value, Value) {
        let mover = self.mover(ply);
        let game = self.game.clone();
        let (me, other) = self.both(&mover);
        me.client
            .send(json!({"t": "move", "game": game, "ply": ply, "move": mv}));
        let mine = me.client.wait_until("moved", |v| {
            (v["t"] == "moved" && v["ply"] == ply) || v["t"] == "error"
        });
        assert_eq!(
            mine["t"], "moved",
            "{mover} plays {mv} at ply {ply}: {mine}"
        );
        let theirs = other
            .client
            .wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        (mine, theirs)
    }
}

/// Creates a game with `fields` (a JSON object merged into `create`; `colour` defaults to
/// `red`, or `first` for Banqi) and has a second client join it.
pub fn new_pair(server: &Server, fields: Value) -> Pair {
    let mut create = json!({"t": "create", "variant": "jieqi"});
    for (k, v) in fields.as_object().expect("fields are an object") {
        create[k] = v.clone();
    }
    if create.get("colour").is_none() {
        create["colour"] = if create["variant"] == "banqi" {
            json!("first")
        } else {
            json!("red")
        };
    }
    let mut a = greeted(server, "alice");
    a.send(create.clone());
    let created = a.wait_until("created", |v| v["t"] == "created" || v["t"] == "error");
    assert_eq!(created["t"], "created", "create {create}: {created}");
    let game = created["game"].as_str().expect("game id").to_string();
    let invite = created["invite"].as_str().expect("invite").to_string();
    let token = created["token"].as_str().expect("token").to_string();
    let seat = created["seat"].as_str().expect("seat").to_string();
    let waiting = a.wait_for("snapshot");
    let mut b = greeted(server, "bob");
    b.send(json!({"t": "join", "game": game, "invite": invite}));
    let joined = b.wait_until("joined", |v| v["t"] == "joined" || v["t"] == "error");
    assert_eq!(joined["t"], "joined", "join: {joined}");
    let b_snapshot = b.wait_for("snapshot");
    let a_snapshot = a.wait_until("playing snapshot", |v| {
        v["t"] == "snapshot" && v["status"] == "playing"
    });
    Pair {
        game,
        invite,
        creator: Player {
            client: a,
            seat,
            token,
        },
        joiner: Player {
            client: b,
            seat: joined["seat"].as_str().expect("seat").to_string(),
            token: joined["token"].as_str().expect("token").to_string(),
        },
        waiting,
        started: (b_snapshot, a_snapshot),
    }
}

/// The full-knowledge FEN of seed `n`'s Jieqi deal.
pub fn deal_of(n: u64) -> String {
    use jieqi_rules::platform::Variant;
    jieqi_rules::platform::JIEQI
        .deal_text(jieqi_rules::Seed(n))
        .expect("Jieqi deals")
}

/// The board of a full-knowledge FEN as 90 cells (`[rank][file]`, rank 0 = Red's baseline),
/// each a piece's text (`XC`, `k`) or empty; and the fields after the board.
pub fn fen_cells(fen: &str) -> (Vec<Vec<String>>, String) {
    let (board, rest) = fen.split_once(' ').expect("a FEN has fields");
    let mut cells = vec![vec![String::new(); 9]; 10];
    for (i, row) in board.split('/').enumerate() {
        let rank = 9 - i;
        let mut file = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else if c == 'X' || c == 'x' {
                let id = chars.next().expect("identity after X");
                cells[rank][file] = format!("{c}{id}");
                file += 1;
            } else {
                cells[rank][file] = c.to_string();
                file += 1;
            }
        }
    }
    (cells, rest.to_string())
}

/// The FEN of `cells` and `rest` (inverse of [`fen_cells`]).
pub fn fen_of(cells: &[Vec<String>], rest: &str) -> String {
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &cells[rank] {
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(cell);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {rest}", rows.join("/"))
}

/// `fen` with the pieces on `a` and `b` swapped.
pub fn swapped(fen: &str, a: Square, b: Square) -> String {
    let (mut cells, rest) = fen_cells(fen);
    let (ra, fa) = (a.rank() as usize, a.file() as usize);
    let (rb, fb) = (b.rank() as usize, b.file() as usize);
    let pa = cells[ra][fa].clone();
    let pb = std::mem::replace(&mut cells[rb][fb], pa);
    cells[ra][fa] = pb;
    fen_of(&cells, &rest)
}

/// The piece text (`xr`) on `sq` of a full-knowledge FEN.
pub fn cell(fen: &str, sq: Square) -> String {
    fen_cells(fen).0[sq.rank() as usize][sq.file() as usize].clone()
}

/// A small deterministic random source (xorshift64*), for the tests' own choices.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One move of a planned Jieqi sequence.
#[derive(Clone, Debug)]
pub struct Planned {
    pub iccs: String,
    pub mover: Side,
    /// The start point of a face-down piece this move captured.
    pub took_face_down: Option<Square>,
}

/// A random legal sequence of up to `plies` moves on the Jieqi deal `fen`, preferring
/// captures (of face-down pieces above all); stops early if the game ends. Also returns the
/// face-down pieces still unmoved at the end (never seen by anyone), per side.
pub fn plan(fen: &str, plies: usize, rng: &mut Rng) -> (Vec<Planned>, [Vec<Square>; 2]) {
    let mut game = Jieqi::from_full_fen(fen).expect("a deal");
    let mut out = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let position = game.position().clone();
        let moves: Vec<_> = game.legal_moves().iter().copied().collect();
        if moves.is_empty() {
            break;
        }
        let enemy = |m: &jieqi_rules::Move| {
            position
                .piece_at(m.to)
                .filter(|p| p.side() != position.turn())
        };
        let hidden: Vec<_> = moves
            .iter()
            .filter(|m| enemy(m).is_some_and(|p| p.is_hidden()))
            .copied()
            .collect();
        let captures: Vec<_> = moves
            .iter()
            .filter(|m| enemy(m).is_some())
            .copied()
            .collect();
        let roll = rng.below(10);
        let m = if !hidden.is_empty() && roll < 4 {
            hidden[rng.below(hidden.len())]
        } else if !captures.is_empty() && roll < 6 {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let took_face_down = enemy(&m).filter(|p| p.is_hidden()).map(|_| m.to);
        out.push(Planned {
            iccs: m.to_string(),
            mover: position.turn(),
            took_face_down,
        });
        game.play(m).expect("a legal move");
    }
    let mut unseen = [Vec::new(), Vec::new()];
    for (sq, p) in game.position().board().pieces() {
        if p.is_hidden() {
            unseen[p.side().index()].push(sq);
        }
    }
    (out, unseen)
}

/// The seat name of a Jieqi/Xiangqi side.
pub fn seat_of(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Black => "black",
    }
}

/// A random legal sequence of `plies` turns of `variant` (its own notation; ICCS for the
/// Xiangqi family, flips without their letter in Banqi), dealt by `seed` where it deals.
pub fn plan_texts(variant: &str, seed: Option<u64>, plies: usize, rng: &mut Rng) -> Vec<String> {
    let v = jieqi_variants::find(variant).expect("a variant");
    let mut game = v
        .start(seed.map(jieqi_rules::Seed), "")
        .expect("a game starts");
    let mut out = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_texts(jieqi_rules::Notation::Iccs);
        if legal.is_empty() {
            break;
        }
        let text = legal[rng.below(legal.len())].clone();
        game.play_text(&text).expect("a legal turn");
        out.push(text);
    }
    out
}

/// A GET on `server`'s HTTP side: the status code and the body.
pub fn http_get(server: &Server, path: &str) -> (u16, String) {
    use std::io::Write;
    let mut stream = TcpStream::connect(&server.addr).expect("the server listens");
    stream.set_read_timeout(Some(ANSWER)).expect("a timeout");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream
        .write_all(request.as_bytes())
        .expect("the request goes");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("an answer");
    let status = response
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status line");
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}
