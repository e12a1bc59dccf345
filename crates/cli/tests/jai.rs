//! `jieqi-cli jai` driven as JieqiBox's match mode drives it: commands on a pipe, answers read
//! line by line with a deadline, so a hang fails the test instead of stalling it. Every game's
//! moves are played again by the rules from its `info fen`, and its letters checked against
//! the deal the runner names once the game is over.

mod common;

use std::process::Command;

use common::engine::Engine as Runner;

use jieqi_rules::{FamilyGame, Jieqi, Piece, PlayerView, Seed, Side, parse_move};

/// JieqiBox's start FEN (its six fields, our pool order).
const JIEQI_START: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 - 0 1";

/// The quick settings of these tests, then `extra` (`Name value`).
fn configure(runner: &mut Runner, extra: &[&str]) {
    for option in [
        "Engine1Level value Beginner",
        "Engine2Level value Beginner",
        "MoveTimeMs value 20",
        "TotalRounds value 1",
    ]
    .iter()
    .chain(extra)
    {
        runner.send(&format!("setoption name {option}"));
    }
}

/// One game as the runner reported it, checked line by line.
struct Game {
    engines: (String, String),
    moves: Vec<String>,
    result: String,
    wld: [u32; 3],
}

/// Reads game `number` of `total`: its header, FEN, moves (each played again by the rules
/// from the FEN, as the GUI would), result, W-L-D and deal (every letter checked against it).
fn read_game(runner: &mut Runner, number: usize, total: usize) -> Game {
    let lines = runner.until("info game ");
    assert_eq!(
        lines.last().unwrap(),
        &format!("info game {number}/{total}")
    );
    let engine = runner.until("info engine ");
    let names: Vec<&str> = engine.last().unwrap()["info engine ".len()..]
        .split(' ')
        .collect();
    assert_eq!(names.len(), 2, "{engine:?}");
    // Nothing between but the answer to an `isready` sent while a game plays, which may
    // come between any two lines (CI saw it here once).
    let fen_line: Vec<String> = runner
        .until("info fen ")
        .into_iter()
        .filter(|line| line != "readyok")
        .collect();
    assert_eq!(fen_line.len(), 1, "nothing between: {fen_line:?}");
    let fen = fen_line[0].strip_prefix("info fen ").unwrap().to_string();
    assert_eq!(fen, JIEQI_START);
    let mut moves = Vec::new();
    // The moves as our rules read them: the reveal letter kept, the captured letter dropped
    // (the GUI learns a captured face-down identity from it; a player's view would not).
    let mut plain: Vec<String> = Vec::new();
    let result = loop {
        let line = runner.until("info ").pop().unwrap();
        if let Some(rest) = line.strip_prefix("info result ") {
            break rest.to_string();
        }
        if line.starts_with("info depth ") {
            continue;
        }
        let rest = line
            .strip_prefix("info move ")
            .expect("a move, analysis or the result");
        let (text, time) = rest.split_once(" time ").expect("move and time");
        time.parse::<u64>().expect("milliseconds");
        let refs: Vec<&str> = plain.iter().map(String::as_str).collect();
        let view = PlayerView::from_text(&fen, &refs).unwrap();
        plain.push(strip_capture(&view, text));
        moves.push(text.to_string());
    };
    let refs: Vec<&str> = plain.iter().map(String::as_str).collect();
    let end = PlayerView::from_text(&fen, &refs).expect("every move replays legally");
    let code = result.split(' ').next().unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&code), "{result}");
    if !result.contains("adjudicated") {
        let outcome = end.outcome.expect("the rules ended the game");
        assert_eq!(outcome.result_code(), code, "{result}");
        assert!(result.ends_with(&outcome.to_string()), "{result}");
    }
    let wld = runner.until("info ").pop().unwrap();
    let wld: Vec<u32> = wld
        .strip_prefix("info wld ")
        .expect("info wld after the result")
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(wld.iter().sum::<u32>() as usize, number);
    let deal = runner.until("info string game ").pop().unwrap();
    let seed = deal
        .split(" was dealt from seed ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .expect("the deal's seed");
    check_letters(&fen, &moves, seed.parse().unwrap());
    Game {
        engines: (names[0].to_string(), names[1].to_string()),
        moves,
        result,
        wld: [wld[0], wld[1], wld[2]],
    }
}

/// `text` without the letter of a captured face-down piece, checked to be one: after the
/// reveal letter (if the mover was face down), a letter of the other side's case naming an
/// identity that side still has unseen. A move of a face-down piece must name its reveal.
fn strip_capture(view: &PlayerView, text: &str) -> String {
    let pos = &view.position;
    let mv = parse_move(pos, &text[..4])
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .mv;
    let mover = pos.piece_at(mv.from).unwrap();
    let reveal = usize::from(mover.is_hidden());
    let took_hidden = pos.piece_at(mv.to).filter(|p| p.is_hidden());
    assert_eq!(
        text.len(),
        4 + reveal + usize::from(took_hidden.is_some()),
        "{text}: a reveal letter for a face-down mover, a letter for a face-down capture"
    );
    if let Some(taken) = took_hidden {
        // The rules' notation has no captured letter: `b2b9n` reads as a reveal of the wrong
        // case, `a3a4Rp` as no move at all.
        assert!(parse_move(pos, text).is_err(), "{text}");
        let c = text.chars().last().unwrap();
        assert_eq!(c.is_ascii_uppercase(), taken.side() == Side::Red, "{text}");
        let role = jieqi_rules::Role::from_fen_char(c).unwrap();
        assert!(view.pool.count(taken.side(), role) > 0, "{text}");
        return text[..text.len() - 1].to_string();
    }
    text.to_string()
}

/// Plays `moves` in the game dealt by `seed`: the FEN is its start, and every letter names
/// what the deal had there.
fn check_letters(fen: &str, moves: &[String], seed: Seed) {
    let mut game = Jieqi::from_seed(seed);
    assert_eq!(game.view(Side::Red).to_fen(), fen);
    for text in moves {
        let before = game.position().clone();
        let mv = parse_move(&before, &text[..4]).unwrap().mv;
        let mover = before.turn();
        let taken = before.piece_at(mv.to);
        game.play(mv).unwrap();
        let seen = *game.view(mover).moves.last().unwrap();
        let mut want = mv.to_string();
        if let Some(role) = seen.revealed {
            want.push(Piece::new(mover, role).fen_char());
        }
        if let (Some(t), Some(captured)) = (taken.filter(|t| t.is_hidden()), seen.captured) {
            want.push(Piece::new(t.side(), captured.role().unwrap()).fen_char());
        }
        assert_eq!(text, &want);
    }
}

#[test]
fn handshake_declares_the_options_then_jaiok_and_readyok() {
    let mut runner = Runner::start_jai();
    runner.send("jai");
    let lines = runner.until("jaiok");
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    let option = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option {name}: {lines:#?}"))
            .clone()
    };
    assert!(option("Engine1Level").contains("type combo default Master var Beginner"));
    assert!(option("Engine2Level").contains("type combo default Club "));
    for spin in [
        "TotalRounds",
        "MoveTimeMs",
        "MainTimeMs",
        "IncTimeMs",
        "MaxPlies",
    ] {
        let line = option(spin);
        assert!(
            line.contains(" type spin default ")
                && line.contains(" min ")
                && line.contains(" max "),
            "{line}"
        );
    }
    assert!(option("Seed").contains("type string default "));
    runner.send("isready");
    assert_eq!(runner.until("readyok"), ["readyok"]);
    assert_eq!(runner.finish(), "");
}

#[test]
fn a_round_of_two_games_replays_legally_with_colours_swapped() {
    let mut runner = Runner::start_jai();
    configure(&mut runner, &["Seed value 7"]);
    runner.send("startmatch");
    let first = read_game(&mut runner, 1, 2);
    // While it plays, the runner answers.
    runner.send("isready");
    let second = read_game(&mut runner, 2, 2);
    assert_eq!(
        first.engines,
        (second.engines.1.clone(), second.engines.0.clone())
    );
    assert!(first.engines.0.starts_with("Jieqi-Beginner"));
    assert!(!first.moves.is_empty() && !second.moves.is_empty());
    // Engine1 is Red in the first game, Black in the second: W-L-D is from its side.
    let engine1_points = |g: &Game, red: bool| match g.result.split(' ').next().unwrap() {
        "1/2-1/2" => [0, 0, 1],
        "1-0" if red => [1, 0, 0],
        "0-1" if !red => [1, 0, 0],
        _ => [0, 1, 0],
    };
    let expected: Vec<u32> = (0..3)
        .map(|i| engine1_points(&first, true)[i] + engine1_points(&second, false)[i])
        .collect();
    assert_eq!(second.wld.to_vec(), expected);
    runner.until("info string match over");
    // The answer may come after the last game's lines: a loaded machine can play a
    // Beginner game before the command loop reads the line (CI saw it once).
    if runner.readyoks == 0 {
        runner.until("readyok");
    }
    assert_eq!(runner.readyoks, 1);
    runner.send("quit");
    runner.finish();
}

#[test]
fn max_plies_and_a_clock_end_games_as_adjudicated_draws() {
    let mut runner = Runner::start_jai();
    configure(
        &mut runner,
        &[
            "Seed value 1A",
            "MaxPlies value 6",
            "MainTimeMs value 60000",
            "IncTimeMs value 100",
        ],
    );
    runner.send("startmatch");
    for n in 1..=2 {
        let game = read_game(&mut runner, n, 2);
        assert_eq!(game.moves.len(), 6);
        assert!(
            game.result
                .starts_with("1/2-1/2 Draw: adjudicated after 6 plies"),
            "{}",
            game.result
        );
        assert_eq!(game.wld, [0, 0, n as u32]);
    }
    runner.until("info string match over");
    runner.finish();
}

#[test]
fn stop_ends_the_match_with_a_result_and_a_new_one_can_start() {
    let mut runner = Runner::start_jai();
    configure(&mut runner, &["Seed value 3", "TotalRounds value 3"]);
    runner.send("startmatch");
    runner.until("info move ");
    runner.send("stop");
    let rest = runner.until("info string match stopped");
    let result = rest.iter().find(|l| l.starts_with("info result ")).unwrap();
    assert!(result.starts_with("info result * "), "{result}");
    assert!(rest.contains(&"info wld 0-0-0".to_string()), "{rest:?}");
    assert!(
        rest.last().unwrap().contains("after 0 of 6 games"),
        "{rest:?}"
    );
    runner.send("isready");
    assert_eq!(runner.until("readyok"), ["readyok"]);
    runner.send("startmatch");
    assert_eq!(runner.until("info game ").last().unwrap(), "info game 1/6");
    // Quit stops the match in play and ends the program.
    runner.send("quit");
    runner.finish();
}

#[test]
fn each_bad_command_gets_one_info_string_and_the_runner_goes_on() {
    let mut runner = Runner::start_jai();
    let bad = [
        "foo bar",
        "setoption name Nope value 1",
        "setoption name TotalRounds value zero",
        "setoption name TotalRounds value 0",
        "setoption name Engine1Level value Grandmaster",
        "setoption name Seed value !!",
        "setoption name MaxPlies",
        "setoption",
        "setoption name Engine1Path value /opt/pikafish",
        "stop",
        "position startpos",
    ];
    for line in bad {
        runner.send(line);
    }
    runner.send("isready");
    let lines = runner.until("readyok");
    assert_eq!(lines.len(), bad.len() + 1, "{lines:#?}");
    assert!(
        lines[..bad.len()]
            .iter()
            .all(|l| l.starts_with("info string "))
    );
    assert!(lines[0].contains("unknown command 'foo'"), "{}", lines[0]);
    // Accepted silently: a neutral value of an option this runner does not implement.
    runner.send("setoption name Concurrency value 1");
    runner.send("setoption name BookFile value");
    runner.send("isready");
    assert_eq!(runner.until("readyok"), ["readyok"]);
    // While a match plays: options and a second start are refused, one line each.
    configure(&mut runner, &["Seed value 5", "TotalRounds value 50"]);
    runner.send("startmatch");
    runner.until("info fen ");
    runner.send("startmatch");
    runner.send("setoption name MoveTimeMs value 5");
    runner.send("isready");
    let lines: Vec<String> = runner
        .until("readyok")
        .into_iter()
        .filter(|l| l.starts_with("info string") && !l.starts_with("info string game "))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].contains("already running"), "{}", lines[0]);
    assert!(lines[1].contains("MoveTimeMs"), "{}", lines[1]);
    // The end of input is quit.
    runner.finish();
}

#[test]
fn the_games_are_those_match_plays_from_the_same_seed() {
    // Under the levels' own limits their depth and node caps decide every move, so `match`
    // plays the very same games: the same deals, colours, moves and endings.
    let out = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .args([
            "match",
            "--variant",
            "jieqi",
            "--a",
            "Beginner",
            "--b",
            "Casual",
        ])
        .args(["--games", "2", "--seed", "9"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(lines.len(), 2, "{text}");
    let mut runner = Runner::start_jai();
    configure(
        &mut runner,
        &[
            "Engine2Level value Casual",
            "MoveTimeMs value 0",
            "Seed value 9",
        ],
    );
    runner.send("startmatch");
    // Seen: a reveal alone, a face-down piece taken by a face-up one, and both at once.
    let mut kinds = [false; 3];
    for (n, line) in lines.iter().enumerate() {
        let game = read_game(&mut runner, n + 1, 2);
        let (code, reason) = game.result.split_once(' ').unwrap();
        assert!(
            line.contains(&format!(" {code} after {} plies,", game.moves.len())),
            "{line} / {}",
            game.result
        );
        assert!(line.ends_with(&format!(": {reason}")), "{line} / {reason}");
        let red = if n == 0 { "Beginner" } else { "Casual" };
        assert!(game.engines.0.ends_with(red), "{:?}", game.engines);
        for (ply, text) in game.moves.iter().enumerate() {
            let red_moves = ply % 2 == 0;
            let mover_case = |c: char| c.is_ascii_uppercase() == red_moves;
            match text.chars().skip(4).collect::<Vec<char>>()[..] {
                [c] if mover_case(c) => kinds[0] = true,
                [_] => kinds[1] = true,
                [c, d] if mover_case(c) && !mover_case(d) => kinds[2] = true,
                [] => {}
                _ => panic!("{text}"),
            }
        }
    }
    assert_eq!(kinds, [true; 3]);
    runner.finish();
}
