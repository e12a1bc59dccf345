//! Each GUI's own dialogue with an engine, replayed against `jieqi-engine` (issue 17): the
//! lines are the ones each GUI's public source sends, in its order, with the source cited at
//! each test. Every answer is checked: a legal move of the position the GUI last set, one
//! `bestmove` per `go`, in the rank numbers the GUI reads, within the time asked.
//!
//! The sources were read at these commits (the paths below are in those repositories):
//! - JieqiBox: `justLxy/JieqiBox` 3d93fc5b4af9;
//! - VinXiangQi: `Vincentzyx/VinXiangQi` a5a5d487ecd0;
//! - ElephantEye's UCCI: `xqbase/eleeye` a9d3914e596d;
//! - cutechess with Xiangqi: `cutechess/cutechess` branch `pr/565` (f885cab3bdeb);
//! - pychess-variants' fairyfishnet: `gbtami/fairyfishnet` 26508c7def3b.

mod common;

use std::time::{Duration, Instant};

use common::engine::Engine;
use jieqi_rules::{FamilyGame, Jieqi, Move, PlayerView, Position, Seed, Square};

const STANDARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// JieqiBox's start (`src/utils/constants.ts` `START_FEN`): its pool letter order, and the
/// field of face-down pieces captured (`-`).
const JIEQIBOX_START: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1";

/// The same game after Red's cannon point turned up a cannon (h2e2) and Black's horse point a
/// horse (h9g7): JieqiBox re-bases the FEN at every reveal, so its `moves` never reveal
/// (`src/components/AnalysisSidebar.vue` `baseFenForEngine`).
const JIEQIBOX_REBASED: &str =
    "xxxxkxx1x/9/1x4nx1/x1x1x1x1x/9/9/X1X1X1X1X/1X2C4/9/XXXXKXXXX w A2B2N2R2C1P5a2b2n1r2c2p5 - 2 2";

/// Slack for a loaded test machine over the time a `go` asked for.
const SLACK: Duration = Duration::from_millis(2_500);

/// The answered move of a `bestmove` line and its ponder move, the line checked to be exactly
/// `bestmove X` or `bestmove X ponder Y` (VinXiangQi reads the fourth word as the ponder move
/// whenever there are more than two).
fn answer(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["bestmove", m] => (m.to_string(), None),
        ["bestmove", m, "ponder", p] => (m.to_string(), Some(p.to_string())),
        _ => panic!("not a bestmove line as GUIs read it: {line:?}"),
    }
}

/// A move written with ranks 1–10 (`h10g8`) in ICCS (`h9g7`).
fn from_one_to_ten(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(file) = chars.next() {
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        let rank: u32 = digits.parse().expect("a rank");
        assert!((1..=10).contains(&rank), "{text}");
        out.push(file);
        out.push_str(&(rank - 1).to_string());
    }
    out
}

/// `text` is a legal move (no reveal letter) after `moves` from `fen`.
fn assert_legal(text: &str, fen: &str, moves: &[&str]) -> Move {
    assert_eq!(
        text.len(),
        4,
        "four characters, as GUIs read a move: {text}"
    );
    let m = Move::parse_iccs(text).expect("an ICCS move");
    let view = PlayerView::from_text(fen, moves).expect("the position the GUI set");
    assert!(
        view.legal_moves.contains(&m),
        "{text} is not legal after {moves:?}"
    );
    m
}

/// Sends `go`, waits for its `bestmove`, and checks it came within `asked` (plus slack).
fn go(e: &mut Engine, line: &str, asked: Duration) -> (Vec<String>, (String, Option<String>)) {
    let sent = Instant::now();
    e.send(line);
    let lines = e.until("bestmove");
    let took = sent.elapsed();
    assert!(took <= asked + SLACK, "{line}: answered after {took:?}");
    let best = answer(lines.last().unwrap());
    (lines, best)
}

/// Nothing but `readyok` answers `isready`: no second `bestmove`, no complaint.
fn quiet(e: &mut Engine) {
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
}

/// No `bestmove` comes within `wait` (a pondering search answers only at `ponderhit`/`stop`).
fn no_answer_for(e: &mut Engine, wait: Duration) {
    std::thread::sleep(wait);
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "answered while pondering: {lines:?}"
    );
}

/// JieqiBox, human against the engine and analysis (`src/composables/useUciEngine.ts`
/// `loadEngine`, `startAnalysis`, `stopAnalysis`; `src/components/AnalysisSidebar.vue`
/// `checkAndTriggerAi`; `src/components/TopToolbar.vue` `handleVariation`).
#[test]
fn jieqibox_plays_and_analyses_jieqi() {
    let mut e = Engine::start_bare();
    // loadEngine: uci, the options the user saved (none), isready; then a new game.
    e.send("uci");
    e.until("uciok");
    quiet(&mut e);
    e.send("ucinewgame");
    quiet(&mut e);
    // The engine to move at the start, the Time dialog's default mode (movetime).
    e.send(&format!("position fen {JIEQIBOX_START}"));
    let (_, (best, _)) = go(&mut e, "go movetime 300", Duration::from_millis(300));
    assert_legal(&best, JIEQIBOX_START, &[]);
    // Depth mode's default, on the re-based FEN with the moves since the last reveal: capped
    // while face-down pieces remain, and answered.
    let moves = ["e2d2", "g7e8"];
    e.send(&format!(
        "position fen {JIEQIBOX_REBASED} moves {}",
        moves.join(" ")
    ));
    let (lines, (best, ponder)) = go(&mut e, "go depth 20", Duration::from_secs(60));
    assert!(
        lines[0].starts_with("info string depth 20 capped at 6"),
        "{lines:?}"
    );
    let played = assert_legal(&best, JIEQIBOX_REBASED, &moves);
    if let Some(ponder) = ponder {
        // JieqiBox ponders only on a reply that turns nothing up, after a move that did not.
        let mut after = moves.to_vec();
        after.push(&best);
        assert_legal(&ponder, JIEQIBOX_REBASED, &after);
        let view = PlayerView::from_text(JIEQIBOX_REBASED, &moves).unwrap();
        assert!(!view.position.piece_at(played.from).unwrap().is_hidden());
    }
    quiet(&mut e);
    // Analysis: go infinite until the user stops it; one bestmove, taken as the confirmation.
    e.send(&format!("position fen {JIEQIBOX_START}"));
    e.send("go infinite");
    e.until("info depth 2 ");
    e.send("stop");
    let lines = e.until_within("bestmove", Duration::from_secs(5));
    assert_legal(&answer(lines.last().unwrap()).0, JIEQIBOX_START, &[]);
    quiet(&mut e);
    // Variation analysis: the first line's head left out, every other legal move named.
    let head = "b2b6";
    let view = PlayerView::from_text(JIEQIBOX_START, &[]).unwrap();
    let others: Vec<String> = view
        .legal_moves
        .iter()
        .map(Move::to_string)
        .filter(|m| m != head)
        .collect();
    e.send(&format!("position fen {JIEQIBOX_START}"));
    e.send(&format!("go infinite searchmoves {}", others.join(" ")));
    e.until("info depth 2 ");
    e.send("stop");
    let lines = e.until_within("bestmove", Duration::from_secs(5));
    let (best, _) = answer(lines.last().unwrap());
    assert!(
        others.contains(&best),
        "{best} was not among the moves named"
    );
    quiet(&mut e);
    // unloadEngine: quit.
    e.send("quit");
    assert_eq!(e.finish(), "", "JieqiBox reads stderr as engine output");
}

/// Face-down pieces on the board: JieqiBox re-bases its FEN when their number changes.
fn face_down(position: &Position) -> usize {
    Square::all()
        .filter(|&sq| position.piece_at(sq).is_some_and(|p| p.is_hidden()))
        .count()
}

/// JieqiBox with the engine on both sides (`src/components/AnalysisSidebar.vue`
/// `checkAndTriggerAi` for each side, `findLastRevealIndex`, `baseFenForEngine`,
/// `engineMovesSinceLastReveal`): the GUI holds the game (here a seeded deal stands for its
/// random flips), plays each bestmove, and re-bases its FEN on the position after every
/// reveal or capture of a face-down piece, written for the side to move (its pool, and the
/// face-down pieces that side captured).
#[test]
fn jieqibox_engine_against_itself_rebasing_at_reveals() {
    let mut game = Jieqi::from_seed(Seed(7));
    let mut e = Engine::start_bare();
    e.send("uci");
    e.until("uciok");
    e.send("ucinewgame");
    quiet(&mut e);
    let mut base = game.view(game.turn()).to_fen();
    let mut since: Vec<String> = Vec::new();
    let mut rebased = 0;
    for _ in 0..24 {
        if game.is_over() {
            break;
        }
        let position = match since.is_empty() {
            true => format!("position fen {base}"),
            false => format!("position fen {base} moves {}", since.join(" ")),
        };
        e.send(&position);
        let (_, (best, _)) = go(&mut e, "go movetime 100", Duration::from_millis(100));
        let refs: Vec<&str> = since.iter().map(String::as_str).collect();
        let m = assert_legal(&best, &base, &refs);
        let before = face_down(game.position());
        game.play(m)
            .expect("the engine's move is the deal's legal move");
        if face_down(game.position()) != before {
            base = game.view(game.turn()).to_fen();
            since.clear();
            rebased += 1;
        } else {
            since.push(best);
        }
    }
    assert!(rebased >= 4, "few reveals: {rebased}");
    quiet(&mut e);
}

/// JieqiBox's ponder (`src/composables/useUciEngine.ts` `startPonder`, `handlePonderHit`,
/// `stopPonder`): the expected reply played on, `go ponder`, then `ponderhit` when the human
/// played it (the answer within the movetime counted from then), or `stop` and a new search.
#[test]
fn jieqibox_ponders_hits_and_misses() {
    let mut e = Engine::start_bare();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Ponder value true");
    quiet(&mut e);
    let moves = ["e2d2", "g7e8", "d2d5"];
    e.send(&format!(
        "position fen {JIEQIBOX_REBASED} moves {}",
        moves.join(" ")
    ));
    e.send("go ponder movetime 300");
    no_answer_for(&mut e, Duration::from_millis(600));
    let hit = Instant::now();
    e.send("ponderhit");
    let lines = e.until("bestmove");
    assert!(hit.elapsed() <= Duration::from_millis(300) + SLACK);
    assert_legal(&answer(lines.last().unwrap()).0, JIEQIBOX_REBASED, &moves);
    quiet(&mut e);
    // A miss: stop (its bestmove is dropped), then the real position and a new search.
    e.send("go ponder movetime 300");
    no_answer_for(&mut e, Duration::from_millis(300));
    e.send("stop");
    e.until_within("bestmove", Duration::from_secs(5));
    quiet(&mut e);
    let moves = ["e2d2", "g7e8", "d2d4"];
    e.send(&format!(
        "position fen {JIEQIBOX_REBASED} moves {}",
        moves.join(" ")
    ));
    let (_, (best, _)) = go(&mut e, "go movetime 300", Duration::from_millis(300));
    assert_legal(&best, JIEQIBOX_REBASED, &moves);
}

/// JieqiBox writes an all-face-up Jieqi position as standard Xiangqi is written (`… w - -`)
/// and sets no `UCI_Variant`; in a game that has been Jieqi, the engine reads it as Jieqi: a
/// revealed advisor may leave the palace.
#[test]
fn jieqibox_all_face_up_position_stays_jieqi() {
    let mut e = Engine::start_bare();
    e.send("uci");
    e.until("uciok");
    e.send("ucinewgame");
    e.send(&format!("position fen {JIEQIBOX_START}"));
    quiet(&mut e);
    let face_up = "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 40";
    e.send(&format!("position fen {face_up}"));
    // d0c1: a Jieqi advisor's step, out of the palace.
    e.send("go depth 1 searchmoves d0c1");
    let lines = e.until("bestmove");
    assert_eq!(answer(lines.last().unwrap()).0, "d0c1", "{lines:?}");
    // A new game forgets: the same FEN is Xiangqi, where the advisor keeps to the palace
    // (the move named is no legal move, so every legal move is searched).
    e.send("ucinewgame");
    e.send(&format!("position fen {face_up}"));
    e.send("go depth 1 searchmoves d0c1");
    let lines = e.until("bestmove");
    assert_legal(&answer(lines.last().unwrap()).0, face_up, &[]);
    assert_ne!(answer(lines.last().unwrap()).0, "d0c1");
}

/// VinXiangQi (`VinXiangQi/EngineHelper.cs` `Init`, `StartAnalyze`, `StartAnalyzePonder`,
/// `PonderHit`, `PonderMiss`; `VinXiangQi/DetectionLogic.cs` `StartAnalyze` for `banmoves`):
/// started without arguments, it sends `uci` and `ucci` at once and speaks UCCI once it sees
/// `ucciok`; its FEN comes from the screen (board and side only, no moves); it ends the engine
/// by killing it.
#[test]
fn vinxiangqi_speaks_ucci_with_screen_fens() {
    let mut e = Engine::start_bare();
    e.send("uci");
    e.send("ucci");
    let hello = e.until("ucciok");
    assert!(hello.iter().any(|l| l == "uciok"), "{hello:?}");
    // It waits for at least one option line, and keeps the UCCI form after ucciok.
    assert!(hello.iter().any(|l| l.starts_with("option ")));
    e.send("setoption Threads 4");
    e.send("setoption hashsize 32");
    quiet(&mut e);
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    e.send(&format!("position fen {board}"));
    // A long repetition it detected: the move is banned for this search.
    e.send("banmoves h2e2");
    let (lines, (best, _)) = go(
        &mut e,
        "go movetime 300 depth 200",
        Duration::from_millis(300),
    );
    assert_ne!(best, "h2e2", "a banned move");
    assert_legal(&best, board, &[]);
    // UCCI scores are bare numbers.
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" score ") && !l.contains(" cp "))
    );
    // Background analysis of the position after the expected reply; a hit.
    let after = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";
    e.send(&format!("position fen {after}"));
    e.send("go ponder movetime 300 depth 200");
    no_answer_for(&mut e, Duration::from_millis(500));
    e.send("ponderhit");
    let lines = e.until("bestmove");
    assert_legal(&answer(lines.last().unwrap()).0, after, &[]);
    // A miss: stop, and the bestmove that follows is skipped.
    e.send("go ponder movetime 300 depth 200");
    e.send("stop");
    e.until_within("bestmove", Duration::from_secs(5));
    quiet(&mut e);
}

/// UCCI as ElephantEye speaks it (`eleeye/ucci.cpp` `BootLine`, `IdleLine`, `BusyLine`;
/// `eleeye/eleeye.cpp` `main`; the protocol text `PROTOCOL/cchess_ucci.htm`, whose example
/// game this follows: the engine Red on a clock, pondering on Black's expected reply).
#[test]
fn elephanteye_ucci_game_with_ponder_and_banmoves() {
    let mut e = Engine::start_bare();
    e.send("ucci");
    let hello = e.until("ucciok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option usemillisec type check"))
    );
    assert!(
        !hello.iter().any(|l| l.starts_with("option name ")),
        "UCCI options have no 'name'"
    );
    e.send("setoption usemillisec true");
    e.send("setoption usebook false");
    e.send("setoption newgame");
    quiet(&mut e);
    e.send(&format!("position fen {STANDARD}"));
    let (_, (best, ponder)) = go(
        &mut e,
        "go time 20000 increment 0",
        Duration::from_millis(20_000 / 10),
    );
    assert_legal(&best, STANDARD, &[]);
    let reply = ponder.unwrap_or_else(|| "h9g7".to_string());
    let moves = [best.as_str(), reply.as_str()];
    assert_legal(&reply, STANDARD, &moves[..1]);
    e.send(&format!(
        "position fen {STANDARD} moves {}",
        moves.join(" ")
    ));
    e.send("go ponder time 19500 increment 0 opptime 19000 oppincrement 0");
    no_answer_for(&mut e, Duration::from_millis(300));
    e.send("ponderhit");
    let lines = e.until("bestmove");
    let (third, _) = answer(lines.last().unwrap());
    assert_legal(&third, STANDARD, &moves);
    // banmoves: the move it chose is left out of the next search of the same position.
    e.send(&format!(
        "position fen {STANDARD} moves {}",
        moves.join(" ")
    ));
    e.send(&format!("banmoves {third}"));
    let (_, (other, _)) = go(&mut e, "go depth 3", Duration::from_secs(10));
    assert_ne!(other, third);
    assert_legal(&other, STANDARD, &moves);
    // No legal move: nobestmove. (Red mated by two chariots.)
    e.send("position fen 3k5/9/9/9/9/9/9/9/r8/r3K4 w");
    e.send("go depth 3");
    let lines = e.until("nobestmove");
    assert_eq!(lines.last().unwrap(), "nobestmove");
    e.send("probe startpos");
    assert_eq!(e.until("pophash"), ["pophash"]);
    e.send("quit");
    assert_eq!(e.until("bye"), ["bye"]);
    assert_eq!(e.finish(), "");
}

/// cutechess-cli with Xiangqi (`projects/lib/src/uciengine.cpp` `startProtocol`, `startGame`,
/// `positionString`, `startThinking`; `projects/lib/src/board/xiangqiboard.cpp` for the FEN):
/// moves with ranks 1–10, `UCI_Variant xiangqi` before each game, the clock with `go`. The
/// engine's configuration sets `option.Ranks=1-10`.
#[test]
fn cutechess_plays_xiangqi_in_ranks_one_to_ten() {
    let mut e = Engine::start_bare();
    e.send("uci");
    let hello = e.until("uciok");
    // cutechess plays Xiangqi only with an engine whose UCI_Variant lists it.
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo")
                && l.contains(" var xiangqi")),
        "{hello:?}"
    );
    e.send("setoption name Ranks value 1-10");
    quiet(&mut e);
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("ucinewgame");
    e.send("setoption name Ponder value false");
    e.send("position startpos");
    quiet(&mut e);
    let (lines, (best, ponder)) = go(
        &mut e,
        "go wtime 2050 btime 2050 winc 50 binc 50",
        Duration::from_millis(2050),
    );
    let first = from_one_to_ten(&best);
    assert_legal(&first, STANDARD, &[]);
    if let Some(p) = ponder {
        assert_legal(&from_one_to_ten(&p), STANDARD, &[&first]);
    }
    // The pv is in ranks 1–10 too.
    let pv = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    let head = pv.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
    assert_legal(&from_one_to_ten(head), STANDARD, &[]);
    e.send(&format!("position startpos moves {best} h10g8"));
    quiet(&mut e);
    let (_, (second, _)) = go(
        &mut e,
        "go wtime 1859 btime 2050 winc 50 binc 50",
        Duration::from_millis(1859),
    );
    assert_legal(&from_one_to_ten(&second), STANDARD, &[&first, "h9g7"]);
    // A move in the other convention is refused, not misread.
    e.send("position startpos moves h2e2");
    let lines = e.until("info string");
    assert!(
        lines[0].contains("rank 0") || lines[0].contains("refused"),
        "{lines:?}"
    );
    e.send("quit");
    assert_eq!(e.finish(), "");
}

/// pychess-variants' fairyfishnet (`fairyfishnet.py` `start_stockfish`, `bestmove`,
/// `set_variant_options`): lower-case `threads` and `hash`, the variant and level per job,
/// `position fen … moves` with the word `moves` even before an empty list, and `go movetime
/// … depth …`. (Its `validate_stockfish_command` insists on a `UCI_Variant` whose default
/// is `chess`, which this engine does not play: the dialogue after it is what is replayed.)
#[test]
fn fairyfishnet_jobs_in_ranks_one_to_ten() {
    let mut e = Engine::start_bare();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name threads value 2");
    e.send("setoption name hash value 16");
    e.send("setoption name Ranks value 1-10");
    quiet(&mut e);
    e.send("setoption name UCI_Chess960 value false");
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("setoption name Skill Level value 10");
    e.send("setoption name UCI_AnalyseMode value false");
    e.send("ucinewgame");
    quiet(&mut e);
    e.send(&format!("position fen {STANDARD} moves "));
    let (_, (best, _)) = go(
        &mut e,
        "go movetime 300 depth 22",
        Duration::from_millis(300),
    );
    assert_legal(&from_one_to_ten(&best), STANDARD, &[]);
    e.send(&format!("position fen {STANDARD} moves h3e3 h10g8"));
    let (_, (best, _)) = go(
        &mut e,
        "go movetime 300 depth 22 wtime 60000 btime 60000 winc 2000 binc 2000",
        Duration::from_millis(300),
    );
    assert_legal(&from_one_to_ten(&best), STANDARD, &["h2e2", "h9g7"]);
    e.send("quit");
    assert_eq!(e.finish(), "");
}

/// A score of an `info` line (`score cp 35`, `score mate -2`) as a number, better larger.
fn info_score(line: &str) -> i64 {
    let words: Vec<&str> = line.split(' ').collect();
    let at = words.iter().position(|w| *w == "score").expect("a score");
    let n: i64 = words[at + 2].parse().unwrap();
    match words[at + 1] {
        "cp" => n,
        "mate" if n > 0 => 1_000_000 - n,
        "mate" => -1_000_000 - n,
        other => panic!("score {other}"),
    }
}

/// The `info` lines of `depth` as an analysing GUI reads them under `MultiPV` (Stockfish's
/// and Pikafish's form, `info depth D seldepth S multipv K score … pv …`): K from 1 to
/// `lines`, each with a different first move, scores not increasing; the first moves.
fn multipv_lines(lines: &[String], depth: u32, n: usize) -> Vec<String> {
    let at_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .collect();
    assert_eq!(at_depth.len(), n, "{lines:?}");
    let mut firsts = Vec::new();
    for (k, line) in at_depth.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(&words[5..7], ["multipv", &(k + 1).to_string()], "{line}");
        let pv = words.iter().position(|w| *w == "pv").expect("a pv");
        firsts.push(words[pv + 1].to_string());
    }
    for (i, m) in firsts.iter().enumerate() {
        assert!(!firsts[..i].contains(m), "{m} twice: {at_depth:?}");
    }
    assert!(
        at_depth
            .windows(2)
            .all(|w| info_score(w[0]) >= info_score(w[1])),
        "{at_depth:?}"
    );
    firsts
}

/// An analysis board's MultiPV (issue 59), as GUIs that show several lines drive Pikafish:
/// `setoption name MultiPV value N`, then `go`; each depth is N `info … multipv K …` lines,
/// and `bestmove` is line 1's move. In Xiangqi and from a Jieqi view; back to one line, no
/// `multipv` field (as before the option); a value out of range is refused in one line.
#[test]
fn analysis_board_with_multipv() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines.contains(&"option name MultiPV type spin default 1 min 1 max 5".to_string()),
        "{lines:?}"
    );
    e.send("setoption name MultiPV value 3");
    quiet(&mut e);
    e.send("position startpos moves h2e2");
    let (lines, (best, _)) = go(&mut e, "go depth 5", Duration::from_secs(60));
    let firsts = multipv_lines(&lines, 5, 3);
    assert_eq!(best, firsts[0]);
    assert_legal(&best, STANDARD, &["h2e2"]);
    for m in &firsts {
        assert_legal(m, STANDARD, &["h2e2"]);
    }
    // A Jieqi view: every first move a reveal, the lines still distinct.
    e.send(&format!("position fen {JIEQIBOX_START}"));
    let (lines, (best, _)) = go(&mut e, "go depth 3", Duration::from_secs(60));
    let firsts = multipv_lines(&lines, 3, 3);
    assert_eq!(best, firsts[0]);
    for m in &firsts {
        assert_legal(m, JIEQIBOX_START, &[]);
    }
    // Back to one line.
    e.send("setoption name MultiPV value 1");
    e.send("position startpos");
    let (lines, _) = go(&mut e, "go depth 3", Duration::from_secs(60));
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    e.send("setoption name MultiPV value 6");
    let lines = e.until("info string");
    assert!(lines[0].contains("MultiPV"), "{lines:?}");
    quiet(&mut e);
    e.send("quit");
    e.finish();
}
