//! `jai`: a match runner for JieqiBox's match mode, playing Jieqi matches between two of this
//! program's levels on stdin and stdout.
//!
//! **JAI** is the protocol of JieqiBox's match mode (the Jieqi GUI `justLxy/JieqiBox`, in
//! `src/composables/useJaiEngine.ts`; our notes: `gui-dialogues.md` §1.9). In that mode the
//! GUI talks to no game engine: it starts one *match runner*, sets its options, presses start,
//! and shows what the runner reports — each game's start position, its moves, results and the
//! running score. The runner plays the games and is their referee.
//!
//! GUI → runner (one command a line):
//! - `jai` → `id name …`, `id author …`, one `option name <N> type … default …` line per option
//!   (module `options`), `jaiok`;
//! - `isready` → `readyok` (also while a match plays);
//! - `setoption name <N> value <V>` sets an option for the next match;
//! - `startmatch` starts the match on a background thread (module `runner`);
//! - `stop` ends the match: the game in play is aborted (`info result * …`, not counted), the
//!   score so far is reported (`info wld`, and an `info string` with the W-D-L, the score and
//!   its Elo), and the command returns once the match thread has said so;
//! - `quit`, or the end of input: as `stop`, then the program ends.
//!
//! Runner → GUI, per game: `info game <i>/<n>`, `info engine <red> <black>` (`Jieqi-Master`,
//! `Jieqi-Club`), `info fen <FEN>` (the public start in JieqiBox's form: board, side, the pool
//! of face-down identities, `-` for the captured ones, halfmove and fullmove numbers — both
//! generals face up), the engine's `info depth …` lines as it thinks, `info move <move> time
//! <ms>` per ply — ICCS, ranks 0–9, with the reveal letter and the letter of a face-down piece
//! it took (module `move_text`: `a3a4R`, `b2b9n`, `a3a4Rp`), which the GUI plays with its own flip
//! logic off — then `info result <1-0|0-1|1/2-1/2> <reason>`, `info wld <W>-<L>-<D>` (Engine1's,
//! over the games so far), and `info string game <i> was dealt from seed <S>` (`jieqi-cli deal
//! --seed S` shows that deal). Other news comes as `info string`.
//!
//! The games are played as `match --variant jieqi` plays them (module `referee`, with `match`'s own
//! functions): round `r` (games 2r−1 and 2r) is one deal, dealt from the round's seed as
//! `jieqi-cli match --variant jieqi --seed S` deals it, with Engine1 Red in the first game
//! and Black in the second; each side thinks only from its own view of the game, never the
//! deal; the rules end the game.
//!
//! Options (all for the next `startmatch`; changing one while a match plays is refused):
//! - `Engine1Level`, `Engine2Level` (combo, Beginner … Master; default Master and Club);
//! - `TotalRounds` (spin, default 5): rounds of two games;
//! - `MoveTimeMs` (spin, default 0): each move's time; 0 leaves each level its own (Master
//!   5 s … Beginner 0.3 s). The levels' depth and node caps apply either way;
//! - `MainTimeMs`, `IncTimeMs` (spin, default 0): JieqiBox's names for a game clock, and read
//!   so: each side starts with MainTimeMs and gains IncTimeMs after each move, and the engine
//!   budgets its moves from its clock, never beyond its time per move (MoveTimeMs or its
//!   level's). Both 0: no clock. A side whose clock falls below −`TimeoutBufferMs` (spin,
//!   default 1000) loses on time;
//! - `MaxPlies` (spin, default 0): a game still running after this many plies is adjudicated a
//!   draw (0: only the rules end a game; they do by 400 plies). Short test matches use it;
//! - `Seed` (string, default `random`): the match's seed code as `jieqi-cli match --seed`
//!   takes it (Crockford base 32: `1A`, `7K3-PQ`); `random` picks a new one each match and says
//!   which in the first `info string`, so the same deals can be played again.
//!
//! Not implemented: the other names of JieqiBox's help text are heard and answered with one
//! `info string` when their value asks for something. `Engine1Path`/`Engine2Path` and their
//! `…Options`, because this runner plays its own levels: another program needs a UCI Jieqi
//! dialogue the referee holds for it — `position fen <its view's FEN> moves …` re-based after
//! each face-down piece it took (its view's FEN says only what it has seen, with the pool of
//! identities unseen to it), `go`, and its `bestmove` checked against its view's legal moves.
//! `match --variant jieqi --b-engine … --engine-view own` speaks it
//! ([`super::matches::own`]), with a move time or node count rather than a clock; this runner
//! could seat such an engine the same way. `Concurrency`: one board in the GUI, so one game at a time.
//! `BookFile`: each round is a fresh deal (a public FEN from a book would need the referee
//! to deal its face-down pieces). `Logging`, `SaveNotation`, `SaveNotationDir`,
//! `TimeControl`, `AdjudicationRule`: no engine processes to log, the GUI records the games,
//! and time and adjudication are the options above.
//!
//! Every malformed or unusable command — an unknown one, a bad option name or value, an
//! option while a match plays, a second `startmatch` — is answered with one `info string`,
//! and the runner keeps going. Input lines are read as `uci` reads them
//! (`limits::UCI_LINE_BYTES` at most; a runaway line without an end ends the program with
//! exit status 2).

mod move_text;
mod options;
mod referee;
mod runner;

use crate::cmd::uci::send;
use crate::limits;
use crate::lines::{Line, LineReader};
use crate::text::{MESSAGE_CHARS, clip, excerpt};

use options::Settings;
use runner::Running;

/// The runner's state between commands.
#[derive(Default)]
struct Session {
    settings: Settings,
    /// The match started last, until it is stopped or a new one starts.
    running: Option<Running>,
}

/// Reads commands on stdin until `quit` or the end of input (it takes no arguments).
pub fn run() -> Result<(), String> {
    let mut session = Session::default();
    let mut input = LineReader::new(
        std::io::stdin().lock(),
        limits::UCI_LINE_BYTES,
        limits::UCI_RUNAWAY_BYTES,
    );
    let ended = loop {
        match input.next_line() {
            Line::Text(line) => {
                if !session.command(&line) {
                    break Ok(());
                }
            }
            Line::TooLong { head, bytes } => problem(&format!(
                "line of {bytes} bytes ignored (at most {} per line): '{}'",
                limits::UCI_LINE_BYTES,
                excerpt(&head)
            )),
            Line::End => break Ok(()),
            Line::Runaway => {
                break Err(format!(
                    "no end of line in {} MiB of input: not a JAI client, stopping",
                    limits::UCI_RUNAWAY_BYTES / (1024 * 1024)
                ));
            }
        }
    };
    // The end of input is `quit`: a match in play stops.
    session.stop();
    ended
}

impl Session {
    /// Handles one line; `false` to end the session.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = tokens.split_first() else {
            return true;
        };
        match name {
            "jai" => {
                for line in options::identify() {
                    if !send(&line) {
                        break;
                    }
                }
            }
            "isready" => {
                send("readyok");
            }
            "setoption" => self.set_option(rest),
            "startmatch" => {
                if self.is_playing() {
                    problem("a match is already running: stop it before starting another");
                } else {
                    self.stop();
                    self.running = Some(Running::start(self.settings.clone()));
                }
            }
            "stop" => {
                if self.is_playing() {
                    self.stop();
                } else {
                    problem("no match is running");
                }
            }
            "quit" => return false,
            other => problem(&format!(
                "unknown command '{}' (a JAI runner hears jai, isready, setoption, startmatch, stop, quit)",
                excerpt(other)
            )),
        }
        true
    }

    fn is_playing(&self) -> bool {
        self.running.as_ref().is_some_and(Running::is_playing)
    }

    /// Stops the match, if any, and waits for its last report.
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
        }
    }

    /// `setoption name <N…> [value <V…>]`.
    fn set_option(&mut self, rest: &[&str]) {
        let Some((&"name", rest)) = rest.split_first() else {
            return problem("expected 'setoption name <N> value <V>'");
        };
        let value_at = rest.iter().position(|t| t.eq_ignore_ascii_case("value"));
        let (name, value) = match value_at {
            Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        if self.is_playing() {
            return problem(&format!(
                "a match is running: '{}' was not changed (stop the match first)",
                excerpt(&name)
            ));
        }
        match options::apply(&mut self.settings, &name, value.as_deref()) {
            Ok(None) => {}
            Ok(Some(note)) | Err(note) => problem(&note),
        }
    }
}

/// One `info string` line: what the runner could not use, or news.
fn problem(text: &str) {
    send(&format!("info string {}", clip(text, MESSAGE_CHARS)));
}
