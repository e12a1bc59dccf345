//! `jieqi-cli analyse`: the engine's lines for the side to move, one per line, best first, in
//! the notation asked; bad input is one line on stderr and exit status 2.

mod common;

use common::cli;

fn analyse(args: &[&str]) -> Vec<String> {
    let o = cli(&[&["analyse"], args].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// `K. SCORE dD  MOVES`: the rank, the score (`+0.35`, `#3`), the depth and the moves.
fn parts(line: &str) -> (usize, String, u32, Vec<String>) {
    let (head, moves) = line.split_once("  ").expect("two spaces before the moves");
    let words: Vec<&str> = head.split(' ').collect();
    assert_eq!(words.len(), 3, "{line}");
    let rank = words[0].strip_suffix('.').unwrap().parse().unwrap();
    let score = words[1];
    assert!(
        score.starts_with('#') || score.starts_with('+') || score.starts_with('-'),
        "{line}"
    );
    let depth = words[2].strip_prefix('d').unwrap().parse().unwrap();
    let moves = moves.split(' ').map(str::to_string).collect();
    (rank, score.to_string(), depth, moves)
}

/// A score as a number to compare, better larger.
fn value(score: &str) -> f64 {
    match score.strip_prefix('#') {
        Some(n) => {
            let n: f64 = n.parse().unwrap();
            if n > 0.0 { 1e6 - n } else { -1e6 - n }
        }
        None => score.parse().unwrap(),
    }
}

#[test]
fn three_lines_from_the_start_in_wxf() {
    let lines = analyse(&["--multipv", "3", "--depth", "5"]);
    assert_eq!(lines.len(), 3, "{lines:?}");
    let parsed: Vec<_> = lines.iter().map(|l| parts(l)).collect();
    for (k, (rank, _, depth, moves)) in parsed.iter().enumerate() {
        assert_eq!(*rank, k + 1);
        assert_eq!(*depth, 5);
        // WXF: a piece letter, a file, a sign, a number (C2=5, H8+7).
        assert!(
            moves[0].len() == 4 && "RHECAKP".contains(&moves[0][..1]),
            "{moves:?}"
        );
    }
    assert!(parsed.windows(2).all(|w| value(&w[0].1) >= value(&w[1].1)));
    let firsts: Vec<&String> = parsed.iter().map(|p| &p.3[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
}

#[test]
fn one_line_by_default_and_the_move_played() {
    // One line is the search `bench` and `uci` make: its first move is the engine's choice.
    let lines = analyse(&["--depth", "4", "--notation", "iccs"]);
    assert_eq!(lines.len(), 1);
    let (_, _, depth, moves) = parts(&lines[0]);
    assert_eq!(depth, 4);
    let best = jieqi_ai::search(
        &jieqi_rules::Position::startpos(),
        &[],
        &jieqi_ai::Limits::depth(4),
        &std::sync::atomic::AtomicBool::new(false),
        0,
    );
    assert_eq!(moves[0], best.best.unwrap().to_string());
}

#[test]
fn a_jieqi_deal_seen_by_the_side_to_move() {
    let lines = analyse(&[
        "--seed",
        "7",
        "--multipv",
        "2",
        "--depth",
        "3",
        "--notation",
        "iccs",
    ]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        let (_, _, _, moves) = parts(line);
        // Every first move turns a piece up, and a line ends at its first reveal, written
        // without what turns up.
        assert_eq!(moves.len(), 1, "{line}");
        assert_eq!(moves[0].len(), 4, "{line}");
    }
    // The same lines after a move, told in WXF.
    let after = analyse(&["--seed", "7", "--moves", "h2e2", "--depth", "3"]);
    assert_eq!(after.len(), 1);
}

#[test]
fn a_fen_and_a_mate() {
    // Red mates in one: the chariot beside the general (the generals face each other on the
    // e-file), or on the rank in front of it (no move left loses).
    let lines = analyse(&[
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "--depth",
        "4",
        "--notation",
        "iccs",
    ]);
    let (_, score, _, moves) = parts(&lines[0]);
    assert_eq!(score, "#1", "{lines:?}");
    assert!(moves[0].starts_with("a0"), "{lines:?}");
    let chinese = analyse(&[
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "--depth",
        "2",
        "--notation",
        "chinese",
    ]);
    assert!(
        chinese[0].contains('車') || chinese[0].contains('俥'),
        "{chinese:?}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["--multipv", "0"][..],
        &["--multipv", "6"],
        &["--depth", "3", "--movetime", "100"],
        &["--fen", "not a fen"],
        &["--moves", "e0e2"],
        &["--notation", "pgn"],
        &["--depth", "x"],
        &["--frobnicate"],
    ] {
        let o = cli(&[&["analyse"], args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}
