//! `uci` (and `jieqi-engine`): the engine on stdin and stdout, speaking UCI as Xiangqi GUIs
//! speak it to Pikafish and Fairy-Stockfish, or UCCI as ElephantEye speaks it — whichever the
//! GUI's first command (`uci` or `ucci`) names. `UCI_Variant` names any registered variant
//! (xiangqi, jieqi, banqi); a FEN that is Jieqi says so itself ([`position`]).
//!
//! The search runs on a background thread, so `stop`, `ponderhit`, `isready` and `quit` are
//! answered while it thinks. Every `go` gets exactly one answer (`bestmove …`, or
//! `bestmove (none)` / UCCI's `nobestmove` when there is no move to give), and never a move of
//! a position other than the one the GUI last set: after a refused `position` there is none
//! until the next. Anything the engine cannot use — an unknown or malformed command, a bad
//! FEN, an illegal move, an unknown option — is answered with one `info string` line, and the
//! engine keeps running with its settings. End of input is `quit`.
//!
//! The engine only sees the side to move's view of a Jieqi game (`PlayerView::from_text`): the
//! GUI names each reveal as a fifth letter (`a0a1R`); the engine's `bestmove` is a plain move.
//! A Jieqi `go depth` beyond [`go::JIEQI_DEPTH_CAP`] is capped while face-down pieces remain
//! (an `info string` says so), so that depth-mode analysis answers.
//!
//! - **UCI**: `searchmoves`, `ponder`/`ponderhit` (the answer to `go ponder` waits for
//!   `ponderhit` or `stop`; after `ponderhit` the `go`'s time counts from then), and
//!   `bestmove X ponder Y` when the engine expects a reply it can name (in Jieqi: no reveal
//!   either way). `banmoves M…` (UCCI's) is heard in UCI too.
//! - **UCCI**: `ucci` → `ucciok`, `setoption NAME VALUE` (`hashsize`, `usemillisec`, `newgame`,
//!   `ponder`, and this engine's own `level`, `variant`, `ranks`; ElephantEye's book, table
//!   and style options are heard and ignored), `go [ponder|draw] time T increment I opptime T
//!   …` (milliseconds, as ElephantEye and Fairy-Stockfish read them; seconds under
//!   `usemillisec false`), `banmoves M…` (the next search leaves these root moves out; a new
//!   `position` clears them), `probe` (answered `pophash`: the table is not exposed),
//!   `quit` (answered `bye`), scores as ElephantEye writes them (centipawns; mate as 10000
//!   less the plies). Either dialect's `go` words are read in both, as Fairy-Stockfish does
//!   (VinXiangQi sends `go movetime 2000 depth 200` after `ucciok`).
//! - **MultiPV** (1–5): each Xiangqi or Jieqi search finds that many lines, each depth one
//!   `info … multipv K …` per line, best first; `bestmove` is line 1's move (with 1, no
//!   `multipv` field). Other variants' search gives one line.
//! - **Ranks**: moves are ICCS with ranks 0–9; `Ranks 1-10` (Fairy-Stockfish's plain UCI, and
//!   so cutechess's Xiangqi build and fairyfishnet) reads and writes ranks 1–10 everywhere.
//!
//! A variant without an engine of its own (Banqi) is searched by the generic search at the
//! generic levels (`jieqi_ai::generic`), in the variant's notation: `position startpos moves
//! a1=R b1-b2 c3xc4 …` or `position fen <position text> [moves …]`, each flip naming what it
//! turned up (the GUI saw it). The engine is never dealt the game: it is told it from those
//! public turns (`Variant::told_game`), the face-down pieces placed in some order
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

mod go;
mod options;
mod output;
pub(crate) mod position;
pub(crate) mod ranks;
mod search;

use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jieqi_ai::generic::{GenericEngine, GenericLevel};
use jieqi_ai::{Engine, Level, Limits};
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Family, Move, PlayerView, STANDARD_FEN, Side, Square};

use crate::limits;
use crate::lines::{Line, LineReader};
use crate::text::{MESSAGE_CHARS, clip, excerpt};

pub(crate) use go::JIEQI_DEPTH_CAP;
use go::{GoLimits, GoReading};
pub use options::level_of_skill;
use output::{Output, Protocol};
use position::Subject;
use search::{Job, Parked, Running, Waits};

/// Set once stdout is closed: the session ends at the next command, a running search stops.
static OUTPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes one line to stdout and flushes it. `false` (and [`OUTPUT_CLOSED`] set) when stdout
/// cannot be written any more, e.g. the GUI closed the pipe. `jai` writes its lines with it
/// too.
pub(crate) fn send(line: &str) -> bool {
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

struct Session {
    hash_mib: usize,
    level: Level,
    /// The variant `UCI_Variant` named.
    variant: VariantRef,
    subject: Subject,
    /// The dialect and the rank numbers the GUI speaks.
    out: Output,
    /// UCCI's `usemillisec`: `go time …` in milliseconds (the default, as ElephantEye and
    /// Fairy-Stockfish read it), else seconds.
    millis: bool,
    /// This game has been Jieqi since the last `ucinewgame`: a FEN that could be either is
    /// Jieqi ([`position`]).
    jieqi_game: bool,
    /// UCCI's `banmoves`: root moves the next search leaves out, until a new `position`.
    banned: Vec<Move>,
    /// `MultiPV`: the lines each Xiangqi or Jieqi search finds (an `info` line each).
    multipv: usize,
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

/// Reads commands on stdin until `quit` or the end of input (it takes no arguments).
pub fn run() -> Result<(), String> {
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
            hash_mib: options::DEFAULT_HASH_MIB,
            level: level_of_skill(options::DEFAULT_SKILL),
            variant: jieqi_variants::of_kind(Family::Xiangqi),
            subject: Subject::Family(Box::new(
                PlayerView::from_text(STANDARD_FEN, &[]).expect("the start position is valid"),
            )),
            out: Output::default(),
            millis: true,
            jieqi_game: false,
            banned: Vec::new(),
            multipv: 1,
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
            "uci" => {
                self.out.protocol = Protocol::Uci;
                options::identify(Protocol::Uci);
            }
            "ucci" => {
                self.out.protocol = Protocol::Ucci;
                options::identify(Protocol::Ucci);
            }
            "isready" => {
                send("readyok");
            }
            "ucinewgame" | "uccinewgame" => {
                self.clear_pending = true;
                self.jieqi_game = false;
            }
            "position" => self.position(rest),
            "banmoves" => self.ban(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.ponderhit();
                }
            }
            "setoption" => self.set_option(rest),
            // UCCI's probe of the table: this engine does not expose it.
            "probe" => {
                send("pophash");
            }
            "debug" | "register" => {}
            // UCCI's engine says `bye` as it goes.
            "quit" | "bye" => {
                if self.out.protocol == Protocol::Ucci {
                    self.finish_search();
                    send("bye");
                }
                return false;
            }
            other => problem(&format!("unknown command '{}'", excerpt(other))),
        }
        true
    }

    /// A line too long to read: a `position` leaves none, and a `go` is answered, as when
    /// they are refused.
    fn unreadable(&mut self, head: &str) {
        match head.split_whitespace().next() {
            Some("position") => self.subject = Subject::Refused,
            Some("go") => {
                self.reap();
                if self.running.is_none() {
                    send(self.out.no_move());
                }
            }
            _ => {}
        }
    }

    /// `position startpos|fen FEN… [moves M…]`: a new view; or an `info string`, and no
    /// position until the next one. Either way the banned moves are forgotten.
    fn position(&mut self, rest: &[&str]) {
        self.banned.clear();
        match position::parse_position(self.variant, rest, self.out.ranks, self.jieqi_game) {
            Ok(subject) => {
                if let Subject::Family(view) = &subject {
                    self.jieqi_game |= view.variant == Family::Jieqi;
                }
                self.subject = subject;
            }
            Err(e) => {
                problem(&format!("position refused: {e}"));
                self.subject = Subject::Refused;
            }
        }
    }

    /// `banmoves M…`: the next search of this position leaves these moves out.
    fn ban(&mut self, rest: &[&str]) {
        let mut banned = Vec::with_capacity(rest.len());
        for text in rest {
            match self.out.ranks.read_move(text) {
                Ok(m) => banned.push(m),
                Err(e) => return problem(&format!("banmoves refused: {e}")),
            }
        }
        self.banned = banned;
    }

    fn set_option(&mut self, rest: &[&str]) {
        let (name, value) = match rest.split_first() {
            // UCI: setoption name <id…> [value <x…>]
            Some((&"name", rest)) => {
                let value_at = rest.iter().position(|t| t.eq_ignore_ascii_case("value"));
                match value_at {
                    Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
                    None => (rest.join(" "), None),
                }
            }
            // UCCI: setoption <name> [<value…>]
            Some((&name, value)) if self.out.protocol == Protocol::Ucci => (
                options::ucci_name(name).to_string(),
                (!value.is_empty()).then(|| value.join(" ")),
            ),
            _ => return problem("expected 'setoption name <id> [value <x>]'"),
        };
        options::apply(self, &name, value.as_deref());
    }

    /// `go …`: starts a search on its own thread.
    fn go(&mut self, rest: &[&str]) {
        self.reap();
        if self.running.is_some() {
            return problem("already searching: send 'stop' first");
        }
        // Every `go` gets one answer: a GUI waiting for it must not hang.
        let out = self.out;
        let refuse = |why: &str| {
            problem(why);
            send(out.no_move());
        };
        let how = GoReading {
            ranks: self.out.ranks,
            millis: self.millis,
            turn: match &self.subject {
                Subject::Family(view) => view.turn(),
                Subject::Generic(game) => game.turn(),
                Subject::Refused => Side::Red,
            },
        };
        let go = match GoLimits::parse(rest, how) {
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
        let (job, limits, turn) = match &self.subject {
            Subject::Refused => {
                return refuse("go refused: the last position was refused; send a new one");
            }
            Subject::Family(view) => {
                let roots = match self.root_moves(view, &go.searchmoves) {
                    Ok(roots) => roots,
                    Err(e) => return refuse(&format!("go refused: {e}")),
                };
                let mut engine = match self.engine.take() {
                    Some(e) if self.engine_hash == self.hash_mib => e,
                    _ => {
                        self.engine_hash = self.hash_mib;
                        Engine::new(self.hash_mib)
                    }
                };
                engine.set_weakening(self.level.weakening_for(view.variant));
                engine.set_root_moves(roots);
                engine.set_multipv(self.multipv);
                let mut limits = go.limits(self.level, view.variant);
                let face_down = Square::all()
                    .any(|sq| view.position.piece_at(sq).is_some_and(|p| p.is_hidden()));
                if view.variant == Family::Jieqi
                    && face_down
                    && limits.depth.is_some_and(|d| d > JIEQI_DEPTH_CAP)
                {
                    problem(&format!(
                        "depth {} capped at {JIEQI_DEPTH_CAP} while face-down pieces remain",
                        limits.depth.unwrap_or_default()
                    ));
                    limits.depth = Some(JIEQI_DEPTH_CAP);
                }
                let job = Job::Family {
                    engine,
                    limits: while_pondering(limits, go.ponder),
                    seed: view
                        .hashes
                        .last()
                        .copied()
                        .unwrap_or(0)
                        .wrapping_add(spread),
                    view: view.clone(),
                };
                (job, limits, view.turn())
            }
            Subject::Generic(game) => {
                if !go.searchmoves.is_empty() || !self.banned.is_empty() {
                    return refuse(&format!(
                        "go refused: searchmoves and banmoves are for Xiangqi and Jieqi, not {}",
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
                let limits = go.capped(&level.limits(), level.movetime);
                let job = Job::Generic {
                    engine,
                    limits: while_pondering(limits, go.ponder),
                    seed: node.key().wrapping_add(spread),
                    node,
                };
                (job, limits, game.turn())
            }
        };
        self.spawn(job, &go, limits, turn);
    }

    /// The root moves a search may choose: `searchmoves` (or every legal move) less the banned
    /// ones; `None` for all of them.
    fn root_moves(
        &self,
        view: &PlayerView,
        searchmoves: &[Move],
    ) -> Result<Option<Vec<Move>>, String> {
        if searchmoves.is_empty() && self.banned.is_empty() {
            return Ok(None);
        }
        let asked = if searchmoves.is_empty() {
            &view.legal_moves[..]
        } else {
            searchmoves
        };
        let roots: Vec<Move> = asked
            .iter()
            .copied()
            .filter(|m| !self.banned.contains(m))
            .collect();
        if roots.is_empty() && !view.legal_moves.is_empty() {
            return Err("every move it may choose is banned".into());
        }
        Ok(Some(roots))
    }

    /// Runs `job` on its thread; under `go ponder` the `go`'s limits (`after_hit`) start at
    /// `ponderhit`.
    fn spawn(&mut self, job: Job, go: &GoLimits, after_hit: Limits, turn: Side) {
        let waits = Waits {
            stop: Arc::new(AtomicBool::new(false)),
            infinite: go.infinite,
            pondering: Arc::new(AtomicBool::new(go.ponder)),
        };
        let answered = Arc::new(AtomicBool::new(false));
        let (stop, pondering, done) = (
            Arc::clone(&waits.stop),
            Arc::clone(&waits.pondering),
            Arc::clone(&answered),
        );
        let out = self.out;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let (engine, answer) = job.run(out, &waits);
                // Before the answer goes out: a `go` that follows it finds this search done
                // and waits only for the thread to hand the engine back.
                done.store(true, Ordering::Release);
                send(&answer);
                engine
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    answered,
                    pondering,
                    after_hit,
                    turn,
                    handle,
                })
            }
            Err(e) => {
                problem(&format!("cannot start the search: {e}"));
                send(self.out.no_move());
            }
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

    /// Stops a running search, waits for its answer, and takes the engine back.
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

/// A pondering search runs until `ponderhit` or `stop`, within the `go`'s depth and nodes.
fn while_pondering(limits: Limits, ponder: bool) -> Limits {
    Limits {
        infinite: limits.infinite || ponder,
        ..limits
    }
}

/// `info string <text>`: what the engine could not use, as one line of bounded length (the
/// rules' errors may quote a whole FEN or move list).
fn problem(text: &str) {
    send(&format!("info string {}", clip(text, MESSAGE_CHARS)));
}
