//! The CLI as people and scripts use it: output formats, and bad input answered with one line
//! on stderr and exit status 2, never a panic.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_nodes_last() {
    let o = cli(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "nodes 79666\n");
}

#[test]
fn perft_divide_lists_each_move() {
    let o = cli(&["perft", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(lines[44], "nodes 1920");
    assert!(lines.iter().any(|l| l.starts_with("h2e2: ")));
    let counts: u64 = lines[..44]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(counts, 1920);
}

#[test]
fn perft_from_fen() {
    let fen = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1";
    assert_eq!(stdout(&cli(&["perft", "2", "--fen", fen])), "nodes 281\n");
}

#[test]
fn moves_are_sorted_iccs() {
    let out = stdout(&cli(&["moves"]));
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h2e2"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &[],
        &["nonsense"],
        &["perft"],
        &["perft", "x"],
        &["perft", "-1"],
        &["perft", "99"],
        &["perft", "2", "3"],
        &["perft", "2", "--fen"],
        &["perft", "2", "--fen", "rnbakabnr/9 w"],
        &["perft", "2", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"],
        &["perft", "2", "--depth", "3"],
        &["moves", "--notation", "klingon"],
        &["moves", "--fen", "ünïcödé"],
        &["bench-perft", "--runs", "0"],
    ];
    for args in cases {
        let o = cli(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        if !args.is_empty() {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.starts_with("error: "), "{args:?}: {err}");
        }
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn moves_after_a_line() {
    let out = stdout(&cli(&["moves", "--moves", "h2e2", "h9g7"]));
    assert!(out.lines().any(|l| l == "e2e6")); // the central cannon takes the e6 soldier
    let o = cli(&["moves", "--moves", "h2e2", "h2e2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8(o.stderr).unwrap().contains("move 2"));
}
