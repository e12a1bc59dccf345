//! `uci`: the engine behind the UCI dialect that Xiangqi GUIs speak to Pikafish and
//! Fairy-Stockfish (ICCS squares, ranks 0–9), on stdin and stdout; `UCI_Variant` names any
//! registered variant (xiangqi, jieqi, banqi).
//!
//! The search runs on a background thread, so `stop`, `isready` and `quit` are answered while it
//! thinks. Anything the engine cannot use — an unknown or malformed command, a bad FEN, an
//! illegal move in `position`, an unknown option — is answered with one `info string` line, and
//! the engine keeps its previous valid position and settings. End of input is `quit`. The
//! engine only sees the side to move's view of a Jieqi game (`PlayerView::from_text`): the GUI
//! names each reveal as a fifth letter (`a0a1R`); the engine's `bestmove` is a plain ICCS move.
//!
//! A variant without an engine of its own (Banqi) is searched by the generic search at the
//! generic levels (`jieqi_ai::generic`), in the variant's notation: `position startpos moves
//! a1=R b1-b2 c3xc4 …` or `position fen <position text> [moves …]`, each flip naming what it
//! turned up (the GUI saw it). The engine is never dealt the game: it is told it from those
//! public turns (`VariantDef::told_game`), the face-down pieces placed in some order
//! consistent with every flip, and searches only what the side to move knows. A Banqi
//! position must tell which pieces lie face down (no capture yet, or none face down). Its
//! `bestmove` is a turn as the game reads it (a flip without its piece: `a1`); `info` gives
//! depth, score, nodes, time and the turn.
//!
//! Levels: `Skill Level` 0–3 Beginner, 4–7 Casual, 8–11 Club, 12–15 Advanced, 16–19 Expert,
//! 20 Master (the default, full strength); `Level` names one directly. A level's depth and node
//! caps and its weakening apply to every `go`; its time per move applies when `go` gives a clock
//! but no `movetime`, or no limit at all.
//!
//! Input is read a line at a time, each at most [`limits::UCI_LINE_BYTES`]: a longer line is
//! answered with one `info string` and dropped, and input that goes on without a newline for
//! [`limits::UCI_RUNAWAY_BYTES`] (`uci </dev/zero`) ends the engine with exit status 2. Every
//! `info string` quotes at most the start of what it refuses ([`excerpt`]).

use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use jieqi_ai::generic::{GenericEngine, GenericLevel};
use jieqi_ai::{Clock, Engine, Info, Level, Limits};
use jieqi_rules::platform::{PlayedGame, SearchNode, VariantRef, Verdict};
use jieqi_rules::{Move, PlayerView, Role, STANDARD_FEN, Setup, Side, VariantKind};

use crate::args::{Args, Spec};
use crate::limits::{self, Range};
use crate::lines::{Line, LineReader};
use crate::text::{MESSAGE_CHARS, clip, excerpt};

const SPEC: Spec = Spec {
    command: "uci",
    values: &[],
    switches: &[],
    lists: &[],
};

/// The public Jieqi start: every piece but the generals face-down, the whole pool unseen.
pub const JIEQI_START_FEN: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

const DEFAULT_HASH_MIB: usize = 16;
const DEFAULT_SKILL: u32 = 20;

/// Set once stdout is closed: the session ends at the next command, a running search stops.
static OUTPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes one line to stdout and flushes it. `false` (and [`OUTPUT_CLOSED`] set) when stdout
/// cannot be written any more, e.g. the GUI closed the pipe.
fn send(line: &str) -> bool {
    if OUTPUT_CLOSED.load(Ordering::Relaxed) {
        return false;
    }
    let mut out = std::io::stdout().lock();
    let ok = writeln!(out, "{line}").and_then(|()| out.flush()).is_ok();
    if !ok {
        OUTPUT_CLOSED.store(true, Ordering::Relaxed);
    }
    ok
}

/// The level of a skill (0–20): four skills per level, 20 alone is Master.
pub fn level_of_skill(skill: u32) -> Level {
    match skill {
        0..=3 => Level::Beginner,
        4..=7 => Level::Casual,
        8..=11 => Level::Club,
        12..=15 => Level::Advanced,
        16..=19 => Level::Expert,
        _ => Level::Master,
    }
}

/// A search on its thread: it prints its `info` lines and `bestmove`, and hands the engine
/// back when it ends.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set once `bestmove` is out: the thread is only returning the engine.
    answered: Arc<AtomicBool>,
    handle: JoinHandle<Parked>,
}

/// The engine a search thread hands back.
enum Parked {
    Family(Engine),
    Generic(GenericEngine),
}

/// What a `go` searches.
enum Subject {
    /// Xiangqi or Jieqi: the side to move's view, for their engine.
    Family(Box<PlayerView>),
    /// Any other variant: the game told from its public turns, for the generic search on its
    /// search node.
    Generic(Box<dyn PlayedGame>),
    /// The last `position` was refused: no position to search until the next one (searching
    /// the one before would answer for a position the GUI has left).
    Refused,
}

/// One search, ready to run on its thread.
enum Job {
    Family {
        engine: Engine,
        view: Box<PlayerView>,
        limits: Limits,
        seed: u64,
    },
    Generic {
        engine: GenericEngine,
        node: Box<dyn SearchNode>,
        limits: Limits,
        seed: u64,
    },
}

impl Job {
    /// Searches, printing the `info` lines; the engine back, and the answer (after `stop`
    /// when `wait_for_stop`).
    fn run(self, stop: &AtomicBool, wait_for_stop: bool) -> (Parked, Option<String>) {
        let (parked, best) = match self {
            Job::Family {
                mut engine,
                view,
                limits,
                seed,
            } => {
                let best = search(&mut engine, &view, &limits, stop, seed);
                (Parked::Family(engine), best.map(|m| m.to_string()))
            }
            Job::Generic {
                mut engine,
                node,
                limits,
                seed,
            } => {
                let best = search_generic(&mut engine, &*node, &limits, stop, seed);
                (Parked::Generic(engine), best)
            }
        };
        // `go infinite`: the answer waits for `stop` (or `quit`), as UCI asks.
        while wait_for_stop
            && !stop.load(Ordering::Relaxed)
            && !OUTPUT_CLOSED.load(Ordering::Relaxed)
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        (parked, best)
    }
}

struct Session {
    hash_mib: usize,
    level: Level,
    /// The variant `UCI_Variant` named.
    variant: VariantRef,
    subject: Subject,
    /// Xiangqi and Jieqi's engine; `None` while a search holds it, or before the first.
    engine: Option<Engine>,
    /// The table size `engine` was made with.
    engine_hash: usize,
    /// The generic search for other variants, likewise.
    generic: Option<GenericEngine>,
    generic_hash: usize,
    running: Option<Running>,
    /// `ucinewgame` or `Clear Hash` came: forget the table before the next search.
    clear_pending: bool,
    searches: u64,
}

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let mut session = Session::new();
    let mut input = LineReader::new(
        std::io::stdin().lock(),
        limits::UCI_LINE_BYTES,
        limits::UCI_RUNAWAY_BYTES,
    );
    let ended = loop {
        let go_on = match input.next_line() {
            Line::Text(line) => session.command(&line),
            Line::TooLong { head, bytes } => {
                problem(&format!(
                    "line of {bytes} bytes ignored (at most {} per line): '{}'",
                    limits::UCI_LINE_BYTES,
                    excerpt(&head)
                ));
                session.unreadable(&head);
                true
            }
            Line::End => break Ok(()),
            Line::Runaway => {
                break Err(format!(
                    "no end of line in {} MiB of input: not a UCI client, stopping",
                    limits::UCI_RUNAWAY_BYTES / (1024 * 1024)
                ));
            }
        };
        if !go_on || OUTPUT_CLOSED.load(Ordering::Relaxed) {
            break Ok(());
        }
    };
    session.finish_search();
    ended
}

impl Session {
    fn new() -> Session {
        Session {
            hash_mib: DEFAULT_HASH_MIB,
            level: level_of_skill(DEFAULT_SKILL),
            variant: jieqi_variants::of_kind(VariantKind::Xiangqi),
            subject: Subject::Family(Box::new(
                PlayerView::from_text(STANDARD_FEN, &[]).expect("the start position is valid"),
            )),
            engine: None,
            engine_hash: 0,
            generic: None,
            generic_hash: 0,
            running: None,
            clear_pending: false,
            searches: 0,
        }
    }

    /// Handles one line; `false` to end the session.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = tokens.split_first() else {
            return true;
        };
        match name {
            "uci" => self.identify(),
            "isready" => {
                send("readyok");
            }
            "ucinewgame" => self.clear_pending = true,
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            "setoption" => self.set_option(rest),
            "debug" | "register" => {}
            "quit" => return false,
            other => problem(&format!("unknown command '{}'", excerpt(other))),
        }
        true
    }

    fn identify(&self) {
        let level_names: Vec<String> = Level::ALL
            .iter()
            .map(|l| format!("var {}", l.name()))
            .collect();
        let variant_names: Vec<String> = jieqi_variants::all()
            .map(|v| format!("var {}", v.id()))
            .collect();
        let lines = [
            format!("id name Jieqi {}", env!("CARGO_PKG_VERSION")),
            "id author the Jieqi authors".to_string(),
            format!(
                "option name Hash type spin default {DEFAULT_HASH_MIB} min {} max {}",
                limits::HASH_MIB.start(),
                limits::HASH_MIB.end()
            ),
            "option name Clear Hash type button".to_string(),
            format!(
                "option name Skill Level type spin default {DEFAULT_SKILL} min {} max {}",
                limits::SKILL_LEVEL.start(),
                limits::SKILL_LEVEL.end()
            ),
            format!(
                "option name Level type combo default {} {}",
                level_of_skill(DEFAULT_SKILL).name(),
                level_names.join(" ")
            ),
            format!(
                "option name UCI_Variant type combo default {} {}",
                jieqi_variants::default_variant().id(),
                variant_names.join(" ")
            ),
            "uciok".to_string(),
        ];
        for line in lines {
            if !send(&line) {
                return;
            }
        }
    }

    /// A line too long to read: a `position` leaves none, and a `go` is answered, as when
    /// they are refused.
    fn unreadable(&mut self, head: &str) {
        match head.split_whitespace().next() {
            Some("position") => self.subject = Subject::Refused,
            Some("go") => {
                self.reap();
                if self.running.is_none() {
                    send("bestmove (none)");
                }
            }
            _ => {}
        }
    }

    /// `position startpos|fen FEN… [moves M…]`: a new view; or an `info string`, and no
    /// position until the next one.
    fn position(&mut self, rest: &[&str]) {
        match self.parse_position(rest) {
            Ok(subject) => self.subject = subject,
            Err(e) => {
                problem(&format!("position refused: {e}"));
                self.subject = Subject::Refused;
            }
        }
    }

    fn parse_position(&self, rest: &[&str]) -> Result<Subject, String> {
        let moves_at = rest.iter().position(|t| *t == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let fen = match head.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"startpos", extra)) => {
                return Err(format!("unexpected '{}' after startpos", excerpt(extra[0])));
            }
            Some((&"fen", [])) => return Err("'position fen' needs a FEN".into()),
            Some((&"fen", fields)) => Some(fields.join(" ")),
            Some((other, _)) => {
                return Err(format!(
                    "expected 'startpos' or 'fen', not '{}'",
                    excerpt(other)
                ));
            }
            None => return Err("'position' needs 'startpos' or 'fen FEN'".into()),
        };
        let Some(kind) = self.variant.kind() else {
            // Any other variant: told from its public turns.
            return self
                .variant
                .told_game(fen.as_deref(), moves, "")
                .map(Subject::Generic);
        };
        let fen = fen.unwrap_or_else(|| start_fen(kind).to_string());
        let fen = if kind == VariantKind::Jieqi {
            as_jieqi(&fen)
        } else {
            fen
        };
        PlayerView::from_text(&fen, moves)
            .map(|view| Subject::Family(Box::new(view)))
            .map_err(|e| e.to_string())
    }

    fn set_option(&mut self, rest: &[&str]) {
        // setoption name <id…> [value <x…>]
        let Some((&"name", rest)) = rest.split_first() else {
            return problem("expected 'setoption name <id> [value <x>]'");
        };
        let value_at = rest.iter().position(|t| t.eq_ignore_ascii_case("value"));
        let (name, value) = match value_at {
            Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        let value = value.as_deref();
        match (name.to_ascii_lowercase().as_str(), value) {
            ("hash", Some(v)) => match limits::parse("Hash", v, &limits::HASH_MIB) {
                Ok(n) => self.hash_mib = n,
                Err(e) => problem(&e),
            },
            ("clear hash", _) => self.clear_pending = true,
            ("skill level", Some(v)) => match limits::parse("Skill Level", v, &limits::SKILL_LEVEL)
            {
                Ok(n) => self.level = level_of_skill(n),
                Err(e) => problem(&e),
            },
            ("level", Some(v)) => match Level::parse(v) {
                Some(level) => self.level = level,
                None => problem(&format!(
                    "Level must be one of Beginner, Casual, Club, Advanced, Expert, Master, not '{}'",
                    excerpt(v)
                )),
            },
            ("uci_variant", Some(v)) => match jieqi_variants::find(v) {
                Ok(variant) => {
                    let variant = VariantRef(variant);
                    if variant != self.variant {
                        match start_of(variant) {
                            Ok(subject) => {
                                self.variant = variant;
                                self.subject = subject;
                            }
                            Err(e) => problem(&e),
                        }
                    }
                }
                Err(e) => problem(&e.to_string()),
            },
            ("hash" | "skill level" | "level" | "uci_variant", None) => {
                problem(&format!("option '{name}' needs a value"))
            }
            _ => problem(&format!("no option named '{}'", excerpt(&name))),
        }
    }

    /// `go …`: starts a search on its own thread.
    fn go(&mut self, rest: &[&str]) {
        self.reap();
        if self.running.is_some() {
            return problem("already searching: send 'stop' first");
        }
        // Every `go` gets one `bestmove`: a GUI waiting for it must not hang.
        let refuse = |why: &str| {
            problem(why);
            send("bestmove (none)");
        };
        let go = match GoLimits::parse(rest) {
            Ok(go) => go,
            Err(e) => return refuse(&format!("go refused: {e}")),
        };
        if std::mem::take(&mut self.clear_pending) {
            // No search runs: both engines are here (if made yet).
            if let Some(engine) = &mut self.engine {
                engine.clear();
            }
            if let Some(engine) = &mut self.generic {
                engine.clear();
            }
        }
        self.searches += 1;
        let spread = self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let job = match &self.subject {
            Subject::Refused => {
                return refuse("go refused: the last position was refused; send a new one");
            }
            Subject::Family(view) => {
                let mut engine = match self.engine.take() {
                    Some(e) if self.engine_hash == self.hash_mib => e,
                    _ => {
                        self.engine_hash = self.hash_mib;
                        Engine::new(self.hash_mib)
                    }
                };
                engine.set_weakening(self.level.weakening());
                let only = (!go.searchmoves.is_empty()).then(|| go.searchmoves.clone());
                engine.set_root_moves(only);
                Job::Family {
                    engine,
                    limits: go.limits(self.level, view.variant),
                    seed: view
                        .hashes
                        .last()
                        .copied()
                        .unwrap_or(0)
                        .wrapping_add(spread),
                    view: view.clone(),
                }
            }
            Subject::Generic(game) => {
                if !go.searchmoves.is_empty() {
                    return refuse(&format!(
                        "go refused: searchmoves is for Xiangqi and Jieqi, not {}",
                        self.variant.name()
                    ));
                }
                let Some(node) = game.search_node() else {
                    return refuse(&format!(
                        "go refused: {} has no search",
                        self.variant.name()
                    ));
                };
                let level = GenericLevel::of(self.level);
                let mut engine = match self.generic.take() {
                    Some(e) if self.generic_hash == self.hash_mib => e,
                    _ => {
                        self.generic_hash = self.hash_mib;
                        GenericEngine::new(self.hash_mib)
                    }
                };
                engine.set_weakening(level.weakening);
                Job::Generic {
                    engine,
                    limits: go.capped(&level.limits(), level.movetime),
                    seed: node.key().wrapping_add(spread),
                    node,
                }
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let (flag, done) = (Arc::clone(&stop), Arc::clone(&answered));
        let wait_for_stop = go.infinite;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let (engine, best) = job.run(&flag, wait_for_stop);
                // Before the answer goes out: a `go` that follows it finds this search done
                // and waits only for the thread to hand the engine back.
                done.store(true, Ordering::Release);
                match best {
                    Some(turn) => send(&format!("bestmove {turn}")),
                    None => send("bestmove (none)"),
                };
                engine
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    answered,
                    handle,
                })
            }
            Err(e) => problem(&format!("cannot start the search: {e}")),
        }
    }

    /// Takes the engine back from a search that has given its answer.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.answered.load(Ordering::Acquire) || r.handle.is_finished())
        {
            self.finish_search();
        }
    }

    /// Stops a running search, waits for its `bestmove`, and takes the engine back.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            // A search thread that panicked loses its engine; the next `go` makes a new one.
            match r.handle.join() {
                Ok(Parked::Family(engine)) => self.engine = Some(engine),
                Ok(Parked::Generic(engine)) => self.generic = Some(engine),
                Err(_) => {}
            }
        }
    }
}

/// Xiangqi and Jieqi's search: `info` lines from each completed iteration; the move to
/// answer.
fn search(
    engine: &mut Engine,
    view: &PlayerView,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
) -> Option<Move> {
    if view.legal_moves.is_empty() {
        // No legal move: lost (checkmate, stalemate) or the game is over by the rules.
        let score = match view.outcome {
            Some(o) if o.is_draw() => "cp 0",
            _ => "mate 0",
        };
        send(&format!("info depth 0 score {score}"));
        None
    } else {
        let mut printed = false;
        let mut on_info = |info: &Info| {
            printed = true;
            if !send(&info.to_string()) {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let result = engine.think(view, limits, stop, seed, Some(&mut on_info));
        if !printed {
            let pv: Vec<String> = result.pv.iter().map(Move::to_string).collect();
            send(&format!(
                "info depth {} seldepth {} score {} nodes {} time {} pv {}",
                result.depth,
                result.seldepth,
                result.score,
                result.nodes,
                result.time.as_millis(),
                pv.join(" ")
            ));
        }
        // Never a move the rules refuse: fall back to the first legal move.
        result
            .best
            .filter(|m| view.legal_moves.contains(m))
            .or_else(|| view.legal_moves.first().copied())
    }
}

/// Any other variant's search, on what the side to move knows: one `info` line; the turn to
/// answer, as the variant's game reads it.
fn search_generic(
    engine: &mut GenericEngine,
    node: &dyn SearchNode,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
) -> Option<String> {
    let mut turns = Vec::new();
    node.turns(&mut turns);
    if turns.is_empty() {
        // The game is over (or the side to move has no turn, which loses).
        let score = match node.verdict() {
            Some(Verdict::Draw) => "cp 0",
            _ => "mate 0",
        };
        send(&format!("info depth 0 score {score}"));
        return None;
    }
    let found = engine.think(node, limits, stop, seed);
    send(&format!(
        "info depth {} score {} nodes {} time {} pv {}",
        found.depth,
        found.score,
        found.nodes,
        found.time.as_millis(),
        found.text
    ));
    // Never a turn the node did not list: fall back to the first.
    let turn = found.turn.filter(|t| turns.contains(t)).unwrap_or(turns[0]);
    Some(node.turn_text(turn))
}

/// The standard start of Xiangqi, or Jieqi's public start.
fn start_fen(kind: VariantKind) -> &'static str {
    match kind {
        VariantKind::Xiangqi => STANDARD_FEN,
        VariantKind::Jieqi => JIEQI_START_FEN,
    }
}

/// What a `go` searches at the start of `variant`, or why it cannot.
fn start_of(variant: VariantRef) -> Result<Subject, String> {
    match variant.kind() {
        Some(kind) => Ok(Subject::Family(Box::new(
            PlayerView::from_text(start_fen(kind), &[]).expect("the start positions are valid"),
        ))),
        None => variant.told_game(None, &[], "").map(Subject::Generic),
    }
}

/// The limits a `go` command named.
#[derive(Debug, Default, PartialEq, Eq)]
struct GoLimits {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    clock: Option<Clock>,
    infinite: bool,
    /// `searchmoves`: the root moves to choose among (empty: every legal move).
    searchmoves: Vec<Move>,
}

/// The words `go` takes, which end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

impl GoLimits {
    fn parse(tokens: &[&str]) -> Result<GoLimits, String> {
        let mut go = GoLimits::default();
        let mut clock = Clock::default();
        let mut has_clock = false;
        let mut i = 0;
        while i < tokens.len() {
            let key = tokens[i];
            let mut value = |range: &Range| -> Result<u64, String> {
                i += 1;
                let v = tokens
                    .get(i)
                    .ok_or_else(|| format!("'{key}' needs a number"))?;
                // A GUI may send a negative clock when the time is up: that is no time left.
                if *range.start() == 0
                    && v.strip_prefix('-')
                        .is_some_and(|n| n.parse::<u64>().is_ok())
                {
                    return Ok(0);
                }
                limits::parse(key, v, range)
            };
            let ms = |n: u64| Duration::from_millis(n);
            match key {
                "depth" => go.depth = Some(value(&limits::GO_DEPTH)? as u32),
                // Mate in n moves needs at most 2n − 1 plies.
                "mate" => go.depth = Some((2 * value(&limits::GO_MATE)? - 1) as u32),
                "nodes" => go.nodes = Some(value(&limits::NODES)?),
                "movetime" => go.movetime = Some(ms(value(&limits::GO_MILLIS)?)),
                "wtime" => (clock.wtime, has_clock) = (ms(value(&limits::GO_MILLIS)?), true),
                "btime" => (clock.btime, has_clock) = (ms(value(&limits::GO_MILLIS)?), true),
                "winc" => clock.winc = ms(value(&limits::GO_MILLIS)?),
                "binc" => clock.binc = ms(value(&limits::GO_MILLIS)?),
                "movestogo" => clock.movestogo = Some(value(&limits::GO_MOVESTOGO)?.max(1) as u32),
                "infinite" => go.infinite = true,
                "searchmoves" => {
                    while let Some(&text) = tokens.get(i + 1)
                        && !GO_WORDS.contains(&text)
                    {
                        let mv = Move::parse_iccs(text).ok_or_else(|| {
                            format!("searchmoves: '{}' is not a move", excerpt(text))
                        })?;
                        go.searchmoves.push(mv);
                        i += 1;
                    }
                }
                other => return Err(format!("unknown 'go' parameter '{}'", excerpt(other))),
            }
            i += 1;
        }
        if has_clock {
            go.clock = Some(clock);
        }
        Ok(go)
    }

    /// The search's limits at `level`: the GUI's limits, within the level's depth and node caps;
    /// the level's time per move caps a clock, and is the limit when `go` named none.
    fn limits(&self, level: Level, variant: VariantKind) -> Limits {
        self.capped(&level.limits_for(variant, None), level.spec().movetime)
    }

    /// The GUI's limits within a level's depth and node `caps`, with the level's time per move
    /// (`level_movetime`) capping a clock and standing in when `go` named no limit.
    fn capped(&self, caps: &Limits, level_movetime: Duration) -> Limits {
        let cap = |asked: Option<u64>, cap: Option<u64>| match (asked, cap) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        };
        let nothing = self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
            && !self.infinite;
        let movetime = if nothing || (self.clock.is_some() && self.movetime.is_none()) {
            Some(level_movetime)
        } else {
            self.movetime
        };
        Limits {
            depth: cap(self.depth.map(u64::from), caps.depth.map(u64::from)).map(|d| d as u32),
            nodes: cap(self.nodes, caps.nodes),
            movetime,
            clock: self.clock,
            infinite: self.infinite,
        }
    }
}

/// A FEN read as Jieqi (the GUI set `UCI_Variant jieqi`): one without face-down pieces and
/// without a pool gets the pool of every identity not face-up on the board, so that revealed
/// advisors and elephants move as in Jieqi.
fn as_jieqi(fen: &str) -> String {
    let Ok(mut setup) = Setup::parse_fen(fen) else {
        return fen.to_string();
    };
    if setup.pool.is_some() || setup.board.iter().flatten().any(|p| p.is_hidden()) {
        return fen.to_string();
    }
    let Ok(start) = Setup::parse_fen(STANDARD_FEN) else {
        return fen.to_string();
    };
    let mut pool = jieqi_rules::Pool::default();
    for side in Side::ALL {
        for role in Role::ALL.into_iter().filter(|r| *r != Role::General) {
            let count = |s: &Setup| {
                s.board
                    .iter()
                    .flatten()
                    .filter(|p| p.side() == side && p.role() == role)
                    .count()
            };
            let unseen = count(&start).saturating_sub(count(&setup));
            pool.set(side, role, u8::try_from(unseen).unwrap_or(0));
        }
    }
    if pool.is_empty() {
        // Every piece is face-up: an empty pool reads as "no pool" (Xiangqi moves).
        return fen.to_string();
    }
    setup.pool = Some(pool);
    setup.to_fen()
}

/// `info string <text>`: what the engine could not use, as one line of bounded length (the
/// rules' errors may quote a whole FEN or move list).
fn problem(text: &str) {
    send(&format!("info string {}", clip(text, MESSAGE_CHARS)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The skill level (0–20) of a named level: the top of its range.
    fn skill_of(level: Level) -> u32 {
        match level {
            Level::Beginner => 3,
            Level::Casual => 7,
            Level::Club => 11,
            Level::Advanced => 15,
            Level::Expert => 19,
            Level::Master => 20,
        }
    }

    #[test]
    fn skills_cover_every_level_in_order() {
        let levels: Vec<Level> = (0..=20).map(level_of_skill).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        for l in Level::ALL {
            assert_eq!(level_of_skill(skill_of(l)), l);
        }
        assert_eq!(level_of_skill(20), Level::Master);
        assert_eq!(level_of_skill(19), Level::Expert);
    }

    #[test]
    fn go_parameters() {
        let go = GoLimits::parse(&[
            "wtime",
            "1000",
            "btime",
            "-5",
            "winc",
            "10",
            "movestogo",
            "3",
        ])
        .unwrap();
        let clock = go.clock.unwrap();
        assert_eq!(clock.wtime, Duration::from_millis(1000));
        assert_eq!(clock.btime, Duration::ZERO);
        assert_eq!(clock.movestogo, Some(3));
        assert!(GoLimits::parse(&["depth"]).is_err());
        assert!(GoLimits::parse(&["depth", "x"]).is_err());
        assert!(GoLimits::parse(&["depth", "-1"]).is_err());
        assert!(GoLimits::parse(&["sideways"]).is_err());
        let go = GoLimits::parse(&["depth", "3"]).unwrap();
        let l = go.limits(Level::Beginner, VariantKind::Xiangqi);
        assert_eq!((l.depth, l.nodes, l.movetime), (Some(2), Some(3_000), None));
        let l = go.limits(Level::Master, VariantKind::Xiangqi);
        assert_eq!((l.depth, l.nodes, l.movetime), (Some(3), None, None));
        let l = GoLimits::default().limits(Level::Master, VariantKind::Xiangqi);
        assert_eq!(l.movetime, Some(Level::Master.spec().movetime));
    }

    #[test]
    fn jieqi_fen_without_hidden_pieces_gets_a_pool() {
        let fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
        let jieqi = as_jieqi(fen);
        let view = PlayerView::from_text(&jieqi, &[]).unwrap();
        assert_eq!(view.variant, VariantKind::Jieqi);
        assert_eq!(as_jieqi(JIEQI_START_FEN), JIEQI_START_FEN);
    }
}
