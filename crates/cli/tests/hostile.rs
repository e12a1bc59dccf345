//! Hostile command lines and files (issue 23): no panic, no abort, no hang. Each is refused
//! with one bounded line on stderr and exit status 2, or, for deep work, shows its progress.

mod common;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::process::{Command, Output};

use common::cli;

/// The one line a refused command printed; checks exit status 2 and an empty stdout.
fn refused(o: &Output) -> String {
    let err = String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8");
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty(), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.chars().count() < 400, "{err}");
    err
}

/// One folder per test (the test harness names each thread after its test), so a test that
/// clears its folder never pulls files from under another running in parallel.
fn scratch_dir() -> PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let dir = std::env::temp_dir().join(format!("jieqi-cli-hostile-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn scratch(name: &str, content: &[u8]) -> String {
    let path = scratch_dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_non_utf8_argument_is_refused() {
    for args in [
        &[&b"perft"[..], b"\xff"][..],
        &[b"\xfe\xff"],
        &[b"replay", b"a\xffb"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
            .args(args.iter().map(|a| OsStr::from_bytes(a)))
            .output()
            .unwrap();
        assert!(refused(&o).contains("is not UTF-8"), "{args:?}");
    }
}

#[test]
fn counts_beyond_their_range_name_flag_value_and_range() {
    for (args, expected) in [
        (
            &["bench-perft", "--runs", "18446744073709551615"][..],
            "--runs 18446744073709551615 is out of range (allowed: 1 to 1000)",
        ),
        (
            &["bench-perft", "--runs", "1000000000000"],
            "--runs 1000000000000 is out of range (allowed: 1 to 1000)",
        ),
        (
            &["bench-perft", "--runs", "99999999999999999999999"],
            "out of range (allowed: 1 to 1000)",
        ),
        (
            &["perft", "12"],
            "depth 12 is out of range (allowed: 0 to 8)",
        ),
        (&["perft", "9"], "depth 9 is out of range"),
        (
            &["bench", "--depth", "100"],
            "--depth 100 is out of range (allowed: 1 to 20)",
        ),
        (&["bench", "--depth", "21"], "--depth 21 is out of range"),
    ] {
        let err = refused(&cli(args));
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn long_or_multi_line_arguments_are_quoted_short_on_one_line() {
    let long = "x".repeat(100_000);
    for args in [
        vec!["perft", "2", "--fen", long.as_str()],
        vec!["perft", long.as_str()],
        vec!["bench-perft", "--runs", long.as_str()],
        vec![long.as_str()],
        vec!["moves", "--notation", "iccs\nerror: forged"],
        vec!["deal", "--seed", "7\u{1b}[2J"],
    ] {
        refused(&cli(&args));
    }
}

#[test]
fn deep_perft_reports_each_root_move_on_stderr() {
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    let o = cli(&["perft", "6", "--fen", fen]);
    assert!(o.status.success());
    let setup = jieqi_rules::Setup::parse_fen(fen).unwrap();
    let pos = jieqi_rules::Position::from_setup(&setup, jieqi_rules::MoveRules::XIANGQI).unwrap();
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out, format!("nodes {}\n", pos.perft(6)));
    let err = String::from_utf8(o.stderr).unwrap();
    let roots = pos.legal_moves().len();
    assert_eq!(err.lines().count(), roots + 1, "{err}");
    assert!(err.lines().all(|l| l.starts_with("perft 6: ")), "{err}");
    assert!(
        err.lines()
            .last()
            .unwrap()
            .contains(&format!("move {roots} of {roots}"))
    );
    // Below depth 6 perft stays quiet.
    assert!(cli(&["perft", "5", "--fen", fen]).stderr.is_empty());
}

#[test]
fn replay_reads_only_a_regular_nonempty_text_file() {
    let big = scratch_dir().join("big.pgn");
    let file = std::fs::File::create(&big).unwrap();
    // Sparse: no 16 MiB written.
    file.set_len(16 * 1024 * 1024 + 1).unwrap();
    let fifo = scratch_dir().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let cases = [
        ("/dev/null".to_string(), "is not a regular file"),
        (fifo.to_string_lossy().into_owned(), "is not a regular file"),
        (
            scratch_dir().to_string_lossy().into_owned(),
            "is not a regular file",
        ),
        (scratch("empty.pgn", b""), "is empty"),
        (scratch("blank.pgn", b"  \n\t\r\n"), "is empty"),
        (
            scratch("latin1.pgn", b"[Event \"K\xf6ln\"]\n"),
            "is not UTF-8",
        ),
        (
            big.to_string_lossy().into_owned(),
            "is larger than the 16777216-byte limit",
        ),
    ];
    for (path, expected) in &cases {
        for command in ["replay", "match-report"] {
            let err = refused(&cli(&[command, path]));
            assert!(err.contains(expected), "{command} {path}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(scratch_dir());
}

/// Records no game under the rules can have: each is refused with the first real problem.
#[test]
fn impossible_records_are_refused_with_the_first_real_problem() {
    let horses = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let past_the_end: String = horses
        .iter()
        .cycle()
        .take(404)
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let cases = [
        // Deal 7 has no chariot under b0.
        (
            "[Variant \"Jieqi\"]\n[Seed \"7\"]\n1. b0c2R\n".to_string(),
            "names a reveal the deal does not make",
        ),
        // A third red chariot, from a record without its seed.
        (
            "[Variant \"Jieqi\"]\n1. a0a1R a9a8r 2. i0i1R i9i8r 3. b2b3R\n".to_string(),
            "reveals a piece the pool does not have",
        ),
        (past_the_end, "more than 400 moves"),
        ("h2e2 e2h2 ".repeat(1_000_000), "more than 400 moves"),
        (
            "[Result \"0-1\"]\n[FEN \"4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1\"]\n1. d5e7\n"
                .to_string(),
            "the Result tag says 0-1",
        ),
    ];
    for (text, expected) in cases {
        let o = cli(&["replay", &scratch("impossible.pgn", text.as_bytes())]);
        let err = refused(&o);
        assert!(err.contains(expected), "{err}");
    }
    // The same deal's true reveal replays.
    let o = cli(&[
        "replay",
        &scratch("true.pgn", b"[Variant \"Jieqi\"]\n[Seed \"7\"]\n1. b2b9P\n"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let _ = std::fs::remove_dir_all(scratch_dir());
}

#[test]
fn impossible_fens_name_their_real_problem() {
    let hidden = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w";
    for (fen, expected) in [
        (format!("{hidden} - r1 0 1"), "impossible pool"),
        (format!("{hidden} R1 0 1"), "identities for only 1"),
        // A full-knowledge FEN with an identity 'k': that, not a misreading as a public FEN.
        (
            "xkxbxaxpkxnxrxnxr/9/1xp5xp1/xp1xp1xp1xp1xp/9/9/XP1XP1XP1XP1XP/1XC5XC1/9/XRXNXBXAKXAXBXNXR w - 0 1"
                .to_string(),
            "'k' after the hidden piece at a9 is not an identity",
        ),
    ] {
        let err = refused(&cli(&["moves", "--fen", &fen]));
        assert!(err.contains(expected), "{fen}: {err}");
    }
}
