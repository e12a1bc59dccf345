//! Hostile UCI input (issue 23): `jieqi-cli uci` fed many random and mutated UCI lines on its
//! stdin. The lines come from a seeded generator: commands a GUI sends (positions of real
//! Xiangqi, Jieqi and Banqi games with their reveals and flips, searches, options), mostly
//! mutated by a few
//! edits (bit flips, inserted tokens and huge numbers, deletions, duplicated slices, splices
//! and swapped words of two lines), among random bytes, blank and over-long lines. Every `go`
//! gets `depth 2 nodes 2000 movetime 50` appended, so that no search outlasts the test; half of
//! them are followed by `stop`, and the stream pauses briefly after each. Then `isready` and
//! `quit`.
//!
//! The engine must exit with status 0 within [`PATIENCE`] (or it is killed and the test fails),
//! write nothing on stderr (a search thread's panic would), answer every `isready` with
//! `readyok`, give only `bestmove` lines naming a four-letter ICCS move, a Banqi turn (`a1`,
//! `a1-a2`, `a1xb1`) or `(none)` (with ranks 1–10 once a line set them, and a ponder move
//! after it), and print only UCI and UCCI lines (`id`, `option`, `uciok`, `ucciok`,
//! `readyok`, `info`, `bestmove`, `nobestmove`, `pophash`, `bye`) of fewer than
//! [`MAX_LINE_CHARS`] characters.
//!
//! `JIEQI_FUZZ_SEED` (default 1) and `JIEQI_FUZZ_LINES` (default 600, about 2 s) choose the
//! run: sessions of [`SESSION_LINES`] lines, one engine each, seeded `JIEQI_FUZZ_SEED`,
//! `JIEQI_FUZZ_SEED + 1`, …. A failure prints the command that replays its session (on the
//! same toolchain: the generator is std's `DefaultHasher`) and keeps the bytes it sent in a
//! file for `jieqi-cli uci < FILE`. A long run (200 sessions, about 2.5 minutes):
//! `JIEQI_FUZZ_SEED=1000 JIEQI_FUZZ_LINES=60000 cargo test --release -p jieqi-cli --test fuzz_uci`.

use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use jieqi_rules::{AnyGame, Family, FamilyGame, Jieqi, Move, Notation, Seed, Side, Xiangqi};

/// Generous: a session takes about a second; the test machines are slow and shared.
const PATIENCE: Duration = Duration::from_secs(120);

/// The longest line the engine may print.
const MAX_LINE_CHARS: usize = 1000;

/// Lines per engine.
const SESSION_LINES: usize = 300;

/// Appended to every `go`: no search runs long.
const GO_CAP: &[u8] = b" depth 2 nodes 2000 movetime 50";

/// How long the stream pauses after a `go`.
const GO_PAUSE: Duration = Duration::from_millis(20);

/// The engine's longest line (`limits::UCI_LINE_BYTES`); a longer one is dropped whole.
const UCI_LINE_BYTES: usize = 64 * 1024;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The numbers of one session: std's SipHash of the seed and a counter.
struct Numbers {
    seed: u64,
    drawn: u64,
}

impl Numbers {
    fn below(&mut self, n: usize) -> usize {
        let mut hasher = DefaultHasher::new();
        (self.seed, self.drawn).hash(&mut hasher);
        self.drawn += 1;
        (hasher.finish() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Lines a GUI sends, and the `position` lines of a few random games of both variants.
fn corpus() -> Vec<String> {
    let mut lines: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "position startpos",
        "position startpos moves h2e2 h9g7",
        "position fen 4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
        "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1 moves d9d8",
        "go depth 2",
        "go movetime 50",
        "go nodes 1000",
        "go mate 2",
        "go infinite",
        "go wtime 1000 btime 900 winc 10 binc 10 movestogo 20",
        "stop",
        "ponderhit",
        "debug on",
        "setoption name Hash value 16",
        "setoption name Clear Hash",
        "setoption name Skill Level value 5",
        "setoption name Level value Club",
        "setoption name UCI_Variant value jieqi",
        "setoption name UCI_Variant value xiangqi",
        // UCCI, ponder, ranks 1–10 and JieqiBox's FENs.
        "ucci",
        "setoption hashsize 8",
        "setoption usemillisec false",
        "setoption newgame",
        "banmoves h2e2 b0c2",
        "go time 1000 increment 10 opptime 900 oppincrement 10",
        "go ponder movetime 50",
        "probe startpos",
        "setoption name Ranks value 1-10",
        "position startpos moves h3e3 h10g8",
        "setoption name Ranks value 0-9",
        "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
        "position fen 3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 40",
    ]
    .map(String::from)
    .into();
    let mut numbers = Numbers { seed: 0, drawn: 0 };
    // Banqi's lines come last, between switching to it and back (in order, the corpus is a
    // valid session).
    let mut banqi_lines = vec![
        "setoption name UCI_Variant value banqi".to_string(),
        "position fen ????????/????????/????????/R??????? s r 0 1 moves b1=p".to_string(),
        "go depth 2".to_string(),
    ];
    for (i, plies) in [4, 15, 40, 90].into_iter().enumerate() {
        let games: [AnyGame; 2] = [
            Xiangqi::default().into(),
            Jieqi::from_seed(Seed(i as u64)).into(),
        ];
        for mut game in games {
            while game.moves().len() < plies && !game.is_over() {
                let legal = game.legal_moves();
                let m = *numbers.pick(legal.as_slice());
                game.play(m).expect("plays a legal move");
            }
            let view = game.view(game.turn());
            let start = view.at_ply(0).expect("the start").to_fen();
            let moves = view.move_texts(Notation::Iccs).join(" ");
            lines.push(format!("position fen {start} moves {moves}"));
            if view.variant == Family::Xiangqi {
                lines.push(format!("position startpos moves {moves}"));
            }
        }
        // Banqi, told by its public turns (each flip with what it turned up).
        let banqi = jieqi_variants::find("banqi").expect("registered");
        let mut game = banqi.start(Some(Seed(i as u64)), "").expect("deals");
        while game.plies() < plies && game.outcome().is_none() {
            let legal = game.legal_texts(Notation::Iccs);
            let turn = numbers.pick(legal.as_slice()).clone();
            game.play_text(&turn).expect("plays a legal turn");
        }
        let history = game.table(Side::Red).history;
        banqi_lines.push(format!("position startpos moves {}", history.join(" ")));
        banqi_lines.push("go nodes 1000".to_string());
    }
    lines.extend(banqi_lines);
    lines.push("setoption name UCI_Variant value xiangqi".to_string());
    lines
}

/// Tokens that matter to the engine's reader: its words, numbers past every integer type,
/// moves with and without reveals, odd characters and blanks.
static TOKENS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    let words = "go depth nodes movetime infinite mate wtime movestogo position startpos fen \
                 moves setoption name value Hash isready stop -1 0 1024 1025 \
                 99999999999999999999 18446744073709551616 X x / - (none) e3e4P a0a1 h2e2 帥 …";
    let blanks = [" ", "\t", "\r", "\0", "\u{2028}"];
    words.split(' ').chain(blanks).collect()
});

/// One line of the stream: mostly a corpus line with one to three edits; sometimes random
/// bytes, a blank line or one longer than the engine reads.
fn line(corpus: &[String], n: &mut Numbers) -> Vec<u8> {
    let mut line = match n.below(100) {
        0..=3 => (0..n.below(120)).map(|_| n.below(256) as u8).collect(),
        4 => Vec::new(),
        5 => n
            .pick(&TOKENS)
            .repeat(UCI_LINE_BYTES + n.below(1000))
            .into_bytes(),
        6..=40 => n.pick(corpus).clone().into_bytes(),
        _ => {
            let mut line = n.pick(corpus).clone().into_bytes();
            for _ in 0..=n.below(3) {
                mutate(&mut line, corpus, n);
            }
            line
        }
    };
    for b in &mut line {
        if *b == b'\n' {
            *b = b' ';
        }
    }
    capped(line)
}

/// `line`, with [`GO_CAP`] appended if it is a `go`.
fn capped(mut line: Vec<u8>) -> Vec<u8> {
    if command(&line) == "go" {
        line.extend_from_slice(GO_CAP);
    }
    line
}

/// One random edit of `line`.
fn mutate(line: &mut Vec<u8>, corpus: &[String], n: &mut Numbers) {
    let at = n.below(line.len() + 1);
    let end = (at + 1 + n.below(12)).min(line.len());
    match n.below(6) {
        0 if !line.is_empty() => {
            let i = at.min(line.len() - 1);
            line[i] ^= 1 << n.below(8);
        }
        1 => {
            let token = n.pick(&TOKENS);
            line.splice(at..at, token.bytes());
        }
        2 => drop(line.drain(at..end)),
        3 => {
            let slice = line[at..end].to_vec();
            let to = n.below(line.len() + 1);
            line.splice(to..to, slice);
        }
        4 => {
            let other = n.pick(corpus).as_bytes();
            line.truncate(at);
            line.extend_from_slice(&other[n.below(other.len() + 1)..]);
        }
        _ => {
            // A word swapped for a word of another line.
            let text = String::from_utf8_lossy(line).into_owned();
            let mut words: Vec<&str> = text.split(' ').collect();
            let other: Vec<&str> = n.pick(corpus).split(' ').collect();
            let k = n.below(words.len());
            words[k] = *n.pick(&other);
            *line = words.join(" ").into_bytes();
        }
    }
}

/// The command a line gives the engine: its first word, as the engine reads it.
fn command(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    text.split_whitespace().next().unwrap_or("").to_string()
}

/// What the engine did with an input: its exit status (`None`: killed at the deadline), its
/// stdout lines and its stderr.
struct Run {
    status: Option<ExitStatus>,
    out: Vec<String>,
    err: String,
}

/// Runs `jieqi-cli uci` on `input`, a line at a time, pausing after each `go` so that some
/// searches run to their end.
fn run_engine(input: &[u8]) -> Run {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, Ordering::Relaxed);
    let err_path =
        std::env::temp_dir().join(format!("jieqi-fuzz-uci-{}-{n}.stderr", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(File::create(&err_path).expect("creates a file for stderr"))
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().unwrap();
    let sent = input.to_vec();
    // The engine may quit before it has read everything: a write that fails ends the writing.
    let writer = std::thread::spawn(move || {
        for line in sent.split_inclusive(|&b| b == b'\n') {
            if stdin.write_all(line).and_then(|()| stdin.flush()).is_err() {
                break;
            }
            if command(line) == "go" {
                std::thread::sleep(GO_PAUSE);
            }
        }
    });
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let reader = std::thread::spawn(move || {
        let lines = stdout.split(b'\n').map_while(Result::ok);
        let lines = lines.map(|l| String::from_utf8_lossy(&l).into_owned());
        lines.collect::<Vec<_>>()
    });
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            drop(child.kill());
            drop(child.wait());
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    let out = reader.join().unwrap();
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    drop(std::fs::remove_file(&err_path));
    Run { status, out, err }
}

/// Sends `lines` and then `isready` and `quit` to a fresh engine; checks what it answered and
/// gives back its lines. A failure names the command that `replay`s it.
fn session(lines: &[Vec<u8>], replay: &str) -> Vec<String> {
    let mut input = Vec::new();
    let all = lines.iter().map(Vec::as_slice);
    for line in all.chain([&b"isready"[..], b"quit"]) {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let fail = |why: String| -> ! {
        let name: String = replay.chars().filter(char::is_ascii_alphanumeric).collect();
        let path = std::env::temp_dir().join(format!("jieqi-fuzz-uci-{name}.txt"));
        std::fs::write(&path, &input).expect("writes the failing input");
        panic!(
            "{why}\nreplay: {replay}\nthe lines sent are in {}",
            path.display()
        )
    };
    let Run { status, out, err } = run_engine(&input);
    match status {
        None => fail(format!("no exit within {PATIENCE:?}")),
        Some(status) if !status.success() || !err.is_empty() => {
            fail(format!("exit {status}, stderr: {err}"))
        }
        Some(_) => {}
    }
    // Lines after a `quit` are not read; a line past the engine's limit is dropped whole.
    let read = lines.iter().take_while(|l| command(l) != "quit");
    let asked = read
        .filter(|l| l.len() <= UCI_LINE_BYTES && command(l) == "isready")
        .count();
    let answered = out.iter().filter(|l| *l == "readyok").count();
    if answered != asked + 1 {
        fail(format!("{answered} readyok for {} isready", asked + 1));
    }
    for line in &out {
        if let Some(why) = wrong(line) {
            fail(format!("{why}: {line:?}"));
        }
    }
    out
}

/// What is wrong with a line the engine printed, if anything.
fn wrong(line: &str) -> Option<&'static str> {
    let chars = line.chars().count();
    let word = line.split(' ').next().unwrap_or("");
    if chars >= MAX_LINE_CHARS {
        Some("too long")
    } else if ![
        "id",
        "option",
        "uciok",
        "ucciok",
        "readyok",
        "info",
        "bestmove",
        "nobestmove",
        "pophash",
        "bye",
    ]
    .contains(&word)
    {
        Some("not a UCI or UCCI answer")
    } else if word == "bestmove" {
        let answer = line.strip_prefix("bestmove ").unwrap_or("");
        let (m, ponder) = match answer.split_once(" ponder ") {
            Some((m, p)) => (m, Some(p)),
            None => (answer, None),
        };
        let plain = |m: &str| coordinate_move(m) || banqi_turn(m);
        (!(plain(m) || m == "(none)") || ponder.is_some_and(|p| !coordinate_move(p)))
            .then_some("not a move")
    } else {
        None
    }
}

/// A coordinate move with ranks 0–9 (`h2e2`), or 1–10 when a line set `Ranks` (`a10a9`).
fn coordinate_move(m: &str) -> bool {
    let tens = m.matches("10").count();
    let zero_to_nine = m.replace("10", "0");
    (m.len() == 4 && Move::parse_iccs(m).is_some())
        || (tens > 0 && zero_to_nine.len() == 4 && Move::parse_iccs(&zero_to_nine).is_some())
}

/// `a1` (a flip, its piece unknown before), `a1-a2` or `a1xb1`.
fn banqi_turn(m: &str) -> bool {
    let square = |s: &[u8]| (b'a'..=b'h').contains(&s[0]) && (b'1'..=b'4').contains(&s[1]);
    match m.as_bytes() {
        [a, b] => square(&[*a, *b]),
        [a, b, sep, c, d] => {
            square(&[*a, *b]) && (*sep == b'-' || *sep == b'x') && square(&[*c, *d])
        }
        _ => false,
    }
}

#[test]
fn random_and_mutated_uci_lines() {
    let seed = env_number("JIEQI_FUZZ_SEED", 1);
    let total = env_number("JIEQI_FUZZ_LINES", 600) as usize;
    let corpus = corpus();
    for (k, start) in (0..total).step_by(SESSION_LINES).enumerate() {
        let count = SESSION_LINES.min(total - start);
        let session_seed = seed + k as u64;
        let mut numbers = Numbers {
            seed: session_seed,
            drawn: 0,
        };
        let mut lines = Vec::new();
        while lines.len() < count {
            let line = line(&corpus, &mut numbers);
            let go = command(&line) == "go";
            lines.push(line);
            if go && numbers.chance(50) {
                lines.push(b"stop".to_vec());
            }
        }
        let replay = format!(
            "JIEQI_FUZZ_SEED={session_seed} JIEQI_FUZZ_LINES={count} \
             cargo test -p jieqi-cli --test fuzz_uci random"
        );
        session(&lines, &replay);
    }
}

/// The corpus itself is valid UCI: each line, every `go` capped and followed by `stop`, is
/// taken without a complaint.
#[test]
fn the_corpus_is_valid_uci() {
    let mut lines = Vec::new();
    for line in corpus() {
        let line = capped(line.into_bytes());
        let go = command(&line) == "go";
        lines.push(line);
        if go {
            lines.push(b"stop".to_vec());
        }
    }
    let out = session(&lines, "cargo test -p jieqi-cli --test fuzz_uci the_corpus");
    let complaints: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert!(complaints.is_empty(), "{complaints:#?}");
    let searches = lines.iter().filter(|l| command(l) == "go").count();
    let answers = out.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answers, searches);
}
