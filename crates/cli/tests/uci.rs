//! `jieqi-cli uci` driven as a GUI drives it: commands on a pipe, answers read line by line
//! with a deadline, so a hang fails the test instead of stalling it.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jieqi_rules::{Move, PlayerView, STANDARD_FEN};

mod common;

use common::engine::Engine;

const JIEQI_START: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

/// The move of a `bestmove` line (without its ponder move).
fn answered_move(line: &str) -> &str {
    let text = line.strip_prefix("bestmove ").expect("a bestmove line");
    text.split_whitespace().next().unwrap_or("")
}

/// The move of a `bestmove` line, checked legal in the position after `moves`.
fn assert_legal_bestmove(line: &str, fen: &str, moves: &[&str]) -> Move {
    let text = line.strip_prefix("bestmove ").expect("a bestmove line");
    let text = text.split_whitespace().next().unwrap();
    assert_eq!(text.len(), 4, "a plain ICCS move: {line}");
    let m = Move::parse_iccs(text).expect("ICCS");
    let view = PlayerView::from_text(fen, moves).unwrap();
    assert!(view.legal_moves.contains(&m), "{m} is not legal");
    m
}

#[test]
fn scripted_session() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")));
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    for option in ["Hash", "Skill Level", "Level", "UCI_Variant"] {
        let head = format!("option name {option} type ");
        assert!(hello.iter().any(|l| l.starts_with(&head)), "{option}");
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("ucinewgame");
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let answer = e.until("bestmove");
    let infos: Vec<&String> = answer.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(!infos.is_empty());
    assert!(
        infos.iter().any(|l| l.starts_with("info depth 3 ")),
        "{answer:?}"
    );
    for info in &infos {
        for field in ["score", "nodes", "pv"] {
            assert!(info.split(' ').any(|w| w == field), "{info}");
        }
    }
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &["h2e2"]);
    // Options change what follows; the clock form of go works.
    e.send("setoption name Hash value 4");
    e.send("setoption name Skill Level value 5");
    e.send("go wtime 2000 btime 2000 winc 10 binc 10");
    let answer = e.until("bestmove");
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &["h2e2"]);
    e.send("setoption name Level value Master");
    e.send("go nodes 5000");
    let answer = e.until("bestmove");
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &["h2e2"]);
    e.send("quit");
    assert_eq!(e.finish(), "");
}

/// `go searchmoves`: the engine chooses only among the moves named (JieqiBox's variation
/// analysis sends `go infinite searchmoves …` and waits for one `bestmove` after `stop`).
#[test]
fn searchmoves_limits_the_choice_and_stop_answers_once() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 3 searchmoves a0a1 i0i1");
    let answer = e.until("bestmove");
    let best = answer.last().unwrap();
    assert!(
        ["a0a1", "i0i1"].contains(&answered_move(best)),
        "{answer:?}"
    );
    // Two cannon captures: the engine would not choose them freely at this depth.
    e.send("go infinite searchmoves b2b9 h2h9");
    e.until("info depth 1 ");
    e.send("stop");
    let answer = e.until_within("bestmove", Duration::from_secs(5));
    let best = answer.last().unwrap();
    assert!(
        ["b2b9", "h2h9"].contains(&answered_move(best)),
        "{answer:?}"
    );
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"], "one bestmove per go");
    // Named moves that are not legal here leave every legal move.
    e.send("go depth 2 searchmoves a0a5");
    let answer = e.until("bestmove");
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &[]);
    // Text that is no move: refused, and still answered.
    e.send("go depth 2 searchmoves zz9");
    let answer = e.until("bestmove");
    assert!(
        answer[0].contains("searchmoves: 'zz9' is not a move"),
        "{answer:?}"
    );
    assert_eq!(answer.last().unwrap(), "bestmove (none)");
    // The next go without searchmoves chooses freely again.
    e.send("go depth 1");
    assert_legal_bestmove(e.until("bestmove").last().unwrap(), STANDARD_FEN, &[]);
    e.finish();
}

#[test]
fn infinite_search_stops_promptly_and_answers_isready() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.until("info depth 1 ");
    e.send("isready");
    let before = e.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "infinite answered without stop: {before:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    e.send("stop");
    let answer = e.until_within("bestmove", Duration::from_secs(5));
    assert!(asked.elapsed() < Duration::from_secs(5));
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &[]);
    // A second go after stop works.
    e.send("go depth 2");
    e.until("bestmove");
    // quit during a search ends it.
    e.send("go infinite");
    e.until("info depth 1 ");
    e.send("quit");
    e.finish();
}

#[test]
fn malformed_input_gets_info_string_and_every_go_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves h2e2");
    let bad = [
        "bogus",
        "position",
        "position fen",
        "position fen rnbakabnr/9 w",
        "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "position startpos moves a0a5",
        "position startpos moves zz99",
        "position startpos extra",
        "position sideways",
        "go depth x",
        "go depth",
        "go sideways 3",
        "setoption",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Skill Level value 21",
        "setoption name Level value Grandmaster",
        "setoption name UCI_Variant value chess",
        "setoption name Hash",
        "setoption name Ranks value 2-11",
        "ünïcödé \u{7} control",
    ];
    each_refused_once(&mut e, &bad);
    // Empty lines and known no-ops are quiet.
    e.send("");
    e.send("debug on");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    assert_no_position_then_a_new_one(e);
}

/// Each line gets one `info string` and nothing else (a refused `go` also its one `bestmove
/// (none)`, so that a GUI waiting for it goes on), and the engine still answers `isready`.
fn each_refused_once(e: &mut Engine, lines: &[&str]) {
    for line in lines {
        e.send(line);
        let answer = e.until("info string ");
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        if line.starts_with("go") {
            assert_eq!(e.until("bestmove"), ["bestmove (none)"], "after {line}");
        }
        e.send("isready");
        assert_eq!(e.until("readyok"), ["readyok"], "after {line}");
    }
}

/// After a refused `position` there is no position: a `go` is answered `bestmove (none)` (never
/// a move of the position before, which the GUI has left) until the next `position`.
fn assert_no_position_then_a_new_one(mut e: Engine) {
    e.send("go depth 2");
    let answer = e.until("bestmove");
    assert_eq!(answer.len(), 2, "{answer:?}");
    assert!(
        answer[0].contains("the last position was refused"),
        "{answer:?}"
    );
    assert_eq!(answer[1], "bestmove (none)");
    e.send("position startpos moves h2e2");
    assert_still_after_h2e2(e);
}

/// The engine is still in the position after `h2e2` (Black to move): what it had before the
/// lines it refused.
fn assert_still_after_h2e2(mut e: Engine) {
    e.send("go depth 2");
    let answer = e.until("bestmove");
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &["h2e2"]);
    e.finish();
}

#[test]
fn jieqi_positions_with_reveals() {
    let mut e = Engine::start();
    // A FEN with face-down pieces is Jieqi even while UCI_Variant is xiangqi.
    let moves = ["e3e4P", "e6e5p", "b2b9C"];
    e.send(&format!(
        "position fen {JIEQI_START} moves {}",
        moves.join(" ")
    ));
    e.send("go depth 3");
    let answer = e.until("bestmove");
    assert!(
        !answer.iter().any(|l| l.starts_with("info string")),
        "{answer:?}"
    );
    assert_legal_bestmove(answer.last().unwrap(), JIEQI_START, &moves);
    // With UCI_Variant jieqi, startpos is the face-down start.
    e.send("setoption name UCI_Variant value jieqi");
    e.send("position startpos moves h2e2C");
    e.send("go depth 3");
    let answer = e.until("bestmove");
    assert!(
        !answer.iter().any(|l| l.starts_with("info string")),
        "{answer:?}"
    );
    assert_legal_bestmove(answer.last().unwrap(), JIEQI_START, &["h2e2C"]);
    // A hidden piece's move must name what it showed; the refused position leaves none.
    e.send("position startpos moves e3e4");
    assert_eq!(e.until("info string").len(), 1);
    e.send("go depth 1");
    let answer = e.until("bestmove");
    assert_eq!(answer.last().unwrap(), "bestmove (none)", "{answer:?}");
    e.finish();
}

#[test]
fn finds_the_mate_in_one() {
    let mut e = Engine::start();
    let fen = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let answer = e.until("bestmove");
    assert_eq!(answered_move(answer.last().unwrap()), "b7b9");
    assert!(
        answer.iter().any(|l| l.contains(" score mate 1 ")),
        "{answer:?}"
    );
    e.finish();
}

#[test]
fn no_legal_move_is_bestmove_none() {
    let mut e = Engine::start();
    // Black is mated.
    e.send("position fen 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    // Black is stalemated (which loses, rules.md §5): still no move to answer.
    e.send("position fen 3k5/R8/4R4/9/9/9/9/9/9/4K4 b - - 0 1");
    e.send("go movetime 100");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    e.finish();
}

#[test]
fn eof_is_quit() {
    let mut e = Engine::start();
    e.send("isready");
    e.until("readyok");
    e.send("go infinite");
    // Closing stdin mid-search: the engine answers and exits cleanly.
    assert_eq!(e.finish(), "");
}

#[test]
fn closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The engine may already be gone when later lines are written: ignore those errors.
    for line in [
        "uci",
        "isready",
        "go infinite",
        "isready",
        "stop",
        "go depth 2",
    ] {
        let _ = writeln!(stdin, "{line}");
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn extra_arguments_are_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .args(["uci", "now"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

#[test]
fn over_long_lines_get_one_short_info_string() {
    let mut e = Engine::start();
    e.send("position startpos moves h2e2");
    // 1 MiB in one line, far past the 64 KiB cap.
    let long = format!("position startpos moves {}", "h0g2 g2h0 ".repeat(100_000));
    e.send(&long);
    let answer = e.until("info string ");
    assert_eq!(answer.len(), 1, "{answer:?}");
    let info = &answer[0];
    assert!(info.contains("ignored"), "{info}");
    assert!(info.contains("position startpos moves h0g2"), "{info}");
    assert!(info.ends_with("…'"), "{info}");
    assert!(info.chars().count() < 200, "{info}");
    // A GUI's real line: 1,000 plies is far below the cap (the rules end the game sooner).
    let plies = vec!["b0c2 b9c7 c2b0 c7b9"; 250].join(" ");
    e.send(&format!("position startpos moves {plies}"));
    e.send("isready");
    let answer = e.until("readyok");
    assert!(!answer.iter().any(|l| l.contains("ignored")), "{answer:?}");
    // Every info string that quotes input is one short line, whatever came in.
    let huge = "y".repeat(100_000);
    for line in [
        huge.clone(),
        format!("position fen {huge}"),
        format!("position startpos moves {huge}"),
        format!("position startpos {huge}"),
        format!("go depth {huge}"),
        format!("go {huge}"),
        format!("setoption name {huge} value 1"),
        format!("setoption name Hash value {huge}"),
        format!("setoption name Level value {huge}"),
        format!("setoption name UCI_Variant value {huge}"),
        "isready\0".to_string(),
        "\0\0\0 \u{1b}[2J".to_string(),
    ] {
        e.send(&line);
        let answer = e.until("info string ");
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(answer[0].chars().count() < 400, "{}", answer[0]);
        if line.starts_with("go") {
            assert_eq!(e.until("bestmove"), ["bestmove (none)"]);
        }
    }
    // An unreadable `position` (too long) leaves no position, as a refused one does.
    assert_no_position_then_a_new_one(e);
}

#[test]
fn out_of_range_go_and_option_values_are_refused() {
    let mut e = Engine::start();
    for (line, expected) in [
        ("go depth 0", "depth 0 is out of range (allowed: 1 to 100)"),
        ("go mate 51", "mate 51 is out of range"),
        (
            "go nodes 18446744073709551616",
            "nodes 18446744073709551616 is out of range",
        ),
        (
            "go movetime 1000000001",
            "movetime 1000000001 is out of range",
        ),
        (
            "go wtime 99999999999999",
            "wtime 99999999999999 is out of range",
        ),
        ("go movestogo 1001", "movestogo 1001 is out of range"),
        (
            "setoption name Hash value 1025",
            "Hash 1025 is out of range (allowed: 1 to 1024)",
        ),
        (
            "setoption name Hash value 18446744073709551616",
            "Hash 18446744073709551616 is out",
        ),
        (
            "setoption name Skill Level value 21",
            "Skill Level 21 is out of range",
        ),
    ] {
        e.send(line);
        let answer = e.until("info string ");
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(answer[0].contains(expected), "{line}: {answer:?}");
        if line.starts_with("go") {
            assert_eq!(e.until("bestmove"), ["bestmove (none)"], "after {line}");
        }
    }
    // A GUI whose clock ran out may send a negative time: no time left, still a move.
    e.send("go wtime -5 btime 1000 movestogo 0");
    let answer = e.until("bestmove");
    assert_legal_bestmove(answer.last().unwrap(), STANDARD_FEN, &[]);
    e.finish();
}

#[test]
fn input_without_newlines_ends_the_engine_with_exit_2() {
    // /dev/zero: endless input, never a newline.
    let mut child = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .arg("uci")
        .stdin(Stdio::from(std::fs::File::open("/dev/zero").unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("uci </dev/zero still running after 10 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no end of line"), "{err}");
}

/// The turn of a `bestmove` line, checked legal in the Banqi game told by `position` (a public
/// position text, or the start) and `turns`.
fn assert_legal_banqi_bestmove(line: &str, position: Option<&str>, turns: &[&str]) -> String {
    let text = line.strip_prefix("bestmove ").expect("a bestmove line");
    let banqi = jieqi_variants::find("banqi").unwrap();
    let game = banqi.told_game(position, turns, "").unwrap();
    let legal = game.legal_texts(jieqi_rules::Notation::Iccs);
    assert!(
        legal.iter().any(|t| t == text),
        "{text} is not legal: {legal:?}"
    );
    text.to_string()
}

#[test]
fn banqi_is_searched_from_its_public_turns() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    assert!(
        hello.contains(
            &"option name UCI_Variant type combo default xiangqi var xiangqi var jieqi var banqi"
                .to_string()
        ),
        "{hello:?}"
    );
    e.send("setoption name UCI_Variant value banqi");
    // The start: a flip, without its piece (nobody knows it yet).
    e.send("go depth 2");
    let answer = e.until("bestmove");
    let first = assert_legal_banqi_bestmove(answer.last().unwrap(), None, &[]);
    assert_eq!(first.len(), 2, "{first}");
    // Flips name what they turned up; the red chariot takes the black soldier.
    let turns = ["a1=R", "b1=p", "a1xb1", "c1=c"];
    e.send(&format!("position startpos moves {}", turns.join(" ")));
    e.send("go depth 2");
    let answer = e.until("bestmove");
    assert!(
        !answer.iter().any(|l| l.starts_with("info string")),
        "{answer:?}"
    );
    let info = answer
        .iter()
        .find(|l| l.starts_with("info depth 2 score "))
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(info.contains(" nodes ") && info.contains(" pv "), "{info}");
    assert_legal_banqi_bestmove(answer.last().unwrap(), None, &turns);
    // A clock and a node budget.
    e.send("go wtime 2000 btime 2000 winc 10 binc 10");
    assert_legal_banqi_bestmove(e.until("bestmove").last().unwrap(), None, &turns);
    e.send("go nodes 500");
    assert_legal_banqi_bestmove(e.until("bestmove").last().unwrap(), None, &turns);
    // A public position that tells its face-down pieces (no capture yet), and turns after it.
    let fen = "????????/????????/????????/R??????? s r 0 1";
    e.send(&format!("position fen {fen} moves b1=p"));
    e.send("go depth 2");
    let answer = e.until("bestmove");
    assert!(
        !answer.iter().any(|l| l.starts_with("info string")),
        "{answer:?}"
    );
    assert_legal_banqi_bestmove(answer.last().unwrap(), Some(fen), &["b1=p"]);
    // A game that is over: the second player has no piece left.
    e.send("position fen 8/8/8/R7 s r 0 20");
    e.send("go depth 2");
    let answer = e.until("bestmove");
    assert_eq!(answer.last().unwrap(), "bestmove (none)");
    assert!(
        answer.contains(&"info depth 0 score mate 0".to_string()),
        "{answer:?}"
    );
    // Bad input: one `info string` each; a refused position leaves none until the next.
    e.send(&format!("position startpos moves {}", turns.join(" ")));
    let bad = [
        "position startpos moves z9=R",
        "position startpos moves a1=K b1=k c1=K",
        "position startpos moves a1-a2",
        "position startpos moves a1=R b1=R a1xb1",
        "position startpos moves a1",
        "position startpos moves a1=X",
        "position startpos moves a1=R a1=p",
        "position fen ?7/8/8/R7 s r 0 20",
        "position fen garbage",
        "position fen ????????/????????/????????/???????? f - 0 1 moves a1=R b1=r 3",
        "position startpos extra",
        "setoption name UCI_Variant value chess",
    ];
    each_refused_once(&mut e, &bad);
    e.send("go depth 1");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    e.send(&format!("position startpos moves {}", turns.join(" ")));
    e.send("go depth 1");
    assert_legal_banqi_bestmove(e.until("bestmove").last().unwrap(), None, &turns);
    // And back to Xiangqi.
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("position startpos moves h2e2");
    e.send("go depth 2");
    assert_legal_bestmove(e.until("bestmove").last().unwrap(), STANDARD_FEN, &["h2e2"]);
    e.finish();
}

/// UCCI (issue 17): every bad line gets one `info string` and the engine goes on; a refused
/// `go` is answered `nobestmove`, UCCI's word for no move.
#[test]
fn ucci_bad_lines_get_one_info_string_each() {
    let mut e = Engine::start();
    e.send("ucci");
    e.until("ucciok");
    let bad = [
        "setoption hashsize 99999",
        "setoption usemillisec maybe",
        "setoption level Grandmaster",
        "setoption ranks 2-11",
        "setoption nosuch 1",
        "setoption",
        "banmoves zz9",
        "banmoves h2e2 a",
        "go time x",
        "go opptime",
        "go sideways",
        "ranks",
    ];
    for line in bad {
        e.send(line);
        let answer = e.until("info string ");
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        if line.starts_with("go") {
            assert_eq!(e.until("nobestmove"), ["nobestmove"], "after {line}");
        }
        e.send("isready");
        assert_eq!(e.until("readyok"), ["readyok"], "after {line}");
    }
    // A refused position leaves none: nobestmove until the next.
    e.send("position fen garbage");
    assert!(e.until("info string ")[0].contains("position refused"));
    e.send("go depth 1");
    let answer = e.until("nobestmove");
    assert_eq!(answer.len(), 2, "{answer:?}");
    // Every legal move banned: refused, and answered.
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w");
    e.send("banmoves e0d0 e0e1 e0f0");
    e.send("go depth 1");
    let answer = e.until("nobestmove");
    assert!(answer[0].contains("banned"), "{answer:?}");
    e.send("position startpos");
    e.send("go depth 1");
    assert_legal_bestmove(e.until("bestmove").last().unwrap(), STANDARD_FEN, &[]);
    e.send("quit");
    assert_eq!(e.until("bye"), ["bye"]);
    assert_eq!(e.finish(), "");
}
