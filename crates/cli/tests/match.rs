//! `jieqi-cli match`: tiny matches run to the end, their W-D-L adds up, a seed repeats the same
//! games, and bad flags are one line on stderr with exit status 2.

mod common;

use std::process::Output;

use common::cli;

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "{:?}: {}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// W, D, L of the `A vs B:` line.
/// A match's output without its timing line (which differs from run to run), sorted: games
/// may finish in another order on more threads.
fn sorted_without_timing(out: &str) -> Vec<String> {
    let mut lines: Vec<String> = out
        .lines()
        .filter(|l| !l.contains(" games in "))
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

fn wdl(out: &str, a: &str, b: &str) -> (u32, u32, u32) {
    let head = format!("{a} vs {b}: ");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(&head))
        .unwrap_or_else(|| panic!("no '{head}' line in {out}"));
    let counts: Vec<u32> = line
        .split(',')
        .next()
        .unwrap()
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    (counts[0], counts[1], counts[2])
}

#[test]
fn tiny_xiangqi_match_adds_up() {
    let out = stdout(&cli(&[
        "match",
        "--variant",
        "xiangqi",
        "--a",
        "Beginner",
        "--b",
        "Casual",
        "--games",
        "4",
        "--nodes",
        "200",
        "--seed",
        "7",
    ]));
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for (i, line) in games.iter().enumerate() {
        assert!(
            line.starts_with(&format!("game {} pair {}: ", i + 1, i / 2 + 1)),
            "{line}"
        );
    }
    // Colours alternate: A is Red in the first game of each pair.
    assert!(games[0].contains("A:Beginner (red)"));
    assert!(games[1].contains("B:Casual (red)"));
    let (w, d, l) = wdl(&out, "Beginner", "Casual");
    assert_eq!(w + d + l, 4);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[lines.len() - 2].contains("score ") && lines[lines.len() - 2].contains("Elo diff ")
    );
    assert!(lines[lines.len() - 1].starts_with("pairs: 2 (A's points per pair 0/0.5/1/1.5/2: "));
}

#[test]
fn a_seed_repeats_the_match_on_any_number_of_threads() {
    let run = |threads: &str| {
        let out = stdout(&cli(&[
            "match",
            "--variant",
            "jieqi",
            "--a",
            "Club",
            "--b",
            "Club",
            "--games",
            "4",
            "--depth",
            "1",
            "--seed",
            "2A",
            "--threads",
            threads,
        ]));
        sorted_without_timing(&out)
    };
    let one = run("1");
    assert_eq!(one, run("1"));
    assert_eq!(one, run("2"));
    let out = one.join("\n");
    let (w, d, l) = wdl(&out, "Club", "Club");
    assert_eq!(w + d + l, 4);
}

#[test]
fn quiet_prints_only_the_summary() {
    let out = stdout(&cli(&[
        "match", "--a", "beginner", "--b", "beginner", "--games", "3", "--depth", "1", "--quiet",
    ]));
    assert_eq!(out.lines().count(), 3, "{out}");
    let (w, d, l) = wdl(&out, "Beginner", "Beginner");
    assert_eq!(w + d + l, 3);
    // Three games are one complete pair.
    assert!(out.contains("pairs: 1 "));
}

#[test]
fn adjudication_ends_lopsided_games_early() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match", "--a", "Club", "--b", "Beginner", "--games", "2", "--seed", "3", "--depth",
            "3",
        ];
        args.extend_from_slice(extra);
        stdout(&cli(&args))
    };
    let plies = |out: &str| -> usize {
        out.lines()
            .filter(|l| l.starts_with("game "))
            .map(|l| {
                let after = l.split(" after ").nth(1).unwrap();
                after.split(' ').next().unwrap().parse::<usize>().unwrap()
            })
            .sum()
    };
    let full = run(&[]);
    let adjudicated = run(&["--adjudicate", "500"]);
    assert!(adjudicated.contains("(adjudicated)"), "{adjudicated}");
    assert!(plies(&adjudicated) < plies(&full), "{full}\n{adjudicated}");
}

#[test]
fn another_engine_over_uci_plays_as_b() {
    // Our own UCI engine stands in for another program.
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_jieqi-cli"));
    let out = stdout(&cli(&[
        "match",
        "--a",
        "Club",
        "--b-engine",
        &engine,
        "--engine-option",
        "Hash=8",
        "--games",
        "2",
        "--depth",
        "2",
        "--seed",
        "5",
    ]));
    assert!(out.contains("A:Club (red) - B:jieqi-cli (black)"), "{out}");
    assert!(!out.contains("forfeits"), "{out}");
    let (w, d, l) = wdl(&out, "Club", "jieqi-cli");
    assert_eq!(w + d + l, 2);
}

#[test]
fn an_engine_that_names_an_illegal_move_forfeits_and_the_match_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    // A lawless engine: ready at once, then always "a0a0".
    let dir = std::env::temp_dir().join(format!("jieqi-lawless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("lawless.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in isready) echo readyok;; go*) echo 'bestmove a0a0';; quit) exit 0;; esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = stdout(&cli(&[
        "match",
        "--a",
        "Beginner",
        "--b-engine",
        script.to_str().unwrap(),
        "--games",
        "2",
        "--movetime",
        "20",
    ]));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        out.matches("lawless.sh forfeits: bestmove 'a0a0'").count(),
        2,
        "{out}"
    );
    assert_eq!(wdl(&out, "Beginner", "lawless.sh"), (2, 0, 0));
}

#[test]
fn bad_flags_are_one_line_and_exit_2() {
    let whole: &[&[&str]] = &[
        &["match"],
        &["match", "--a", "Club", "--games", "2"],
        &["match", "--a", "Club", "--b", "Club"],
        &["match", "--a", "Club", "--b", "Grandmaster", "--games", "2"],
        &["match", "--a", "Club", "--b", "Club", "--games", "0"],
        &["match", "--a", "Club", "--b", "Club", "--games", "two"],
        &["match", "--a", "Club", "--b", "Club", "--games"],
        &[
            "match",
            "--a",
            "Club",
            "--b",
            "Club",
            "--b-engine",
            "x",
            "--games",
            "2",
        ],
        &["match", "--a", "Club", "--b-engine", "x", "--games", "2"],
        &[
            "match",
            "--a",
            "Club",
            "--b-engine",
            "/nonexistent/engine",
            "--games",
            "2",
            "--depth",
            "2",
        ],
        &[
            "match",
            "--variant",
            "jieqi",
            "--a",
            "Club",
            "--b-engine",
            "x",
            "--games",
            "2",
            "--depth",
            "2",
        ],
        &[
            "match",
            "--a",
            "Club",
            "--b",
            "Club",
            "--engine-option",
            "Hash=1",
            "--games",
            "2",
        ],
    ];
    // Each after an otherwise valid `match --a Club --b Club --games 2`.
    let after_valid: &[&[&str]] = &[
        &["--variant", "chess"],
        &["--threads", "0"],
        &["--seed", "!"],
        &["--nodes", "0"],
        &["--movetime", "0"],
        &["--adjudicate", "50"],
        &["--depth", "0"],
        &["--depth", "1", "--nodes", "9"],
        &["--time-scale", "0"],
        &["--time-scale", "101"],
        &["--time-scale", "10", "--movetime", "100"],
        &["--opening-plies", "99"],
        &["--first-pair", "0"],
        &["--first-pair", "-1"],
        // Counts beyond their ranges (issue 23): refused, never allocated or run.
        &["--games", "1000001"],
        &["--games", "18446744073709551616"],
        &["--first-pair", "1000001"],
        &["--threads", "65"],
        &["--movetime", "3600001"],
        &["--nodes", "1000000001"],
        &["--depth", "21"],
        &["--time-scale", "4294967296"],
        &["--opening-plies", "41"],
        &["--adjudicate", "10001"],
        &["--colour", "red"],
        &["extra"],
    ];
    let valid = ["match", "--a", "Club", "--b", "Club", "--games", "2"];
    let cases = whole.iter().map(|c| c.to_vec()).chain(
        after_valid
            .iter()
            .map(|extra| valid.iter().chain(extra.iter()).copied().collect()),
    );
    for args in cases {
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

/// Game lines of `out`, sorted (more threads finish them in another order).
fn game_lines(out: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    lines.sort();
    lines
}

#[test]
fn a_match_played_in_parts_adds_up_to_the_whole() {
    let play = |first_pair: &str, games: &str| {
        stdout(&cli(&[
            "match",
            "--variant",
            "jieqi",
            "--a",
            "Casual",
            "--b",
            "Beginner",
            "--games",
            games,
            "--depth",
            "1",
            "--seed",
            "5",
            "--first-pair",
            first_pair,
            "--threads",
            "2",
        ]))
    };
    let whole = play("1", "6");
    let head = play("1", "2");
    let tail = play("2", "4");
    // The parts play exactly the whole match's games: same numbers, deals and results.
    let mut parts = game_lines(&head);
    parts.extend(game_lines(&tail));
    parts.sort();
    assert_eq!(parts, game_lines(&whole));
    assert!(
        tail.lines()
            .any(|l| l.starts_with("game 3 pair 2: A:Casual (red)"))
    );

    let dir = std::env::temp_dir().join(format!("jieqi-match-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (head_file, tail_file, empty_file) = (
        dir.join("head.txt"),
        dir.join("tail.txt"),
        dir.join("empty.txt"),
    );
    std::fs::write(&head_file, &head).unwrap();
    std::fs::write(&tail_file, &tail).unwrap();
    std::fs::write(&empty_file, "nothing here\n").unwrap();
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let report = stdout(&cli(&[
        "match-report",
        &path(&head_file),
        &path(&tail_file),
    ]));
    let summary = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("Casual vs Beginner: ") || l.starts_with("pairs: "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(summary(&report), summary(&whole), "{report}");
    assert!(report.starts_with("6 games from 2 files\n"), "{report}");

    // The same part twice, a file without games, no file, a missing file: one-line errors.
    let bad: &[Vec<String>] = &[
        vec![path(&head_file), path(&head_file)],
        vec![path(&head_file), path(&empty_file)],
        vec![],
        vec![path(&dir.join("missing.txt"))],
    ];
    for files in bad {
        let mut args = vec!["match-report"];
        args.extend(files.iter().map(String::as_str));
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Banqi match of `games` at `--depth 1` (plus `extra`), its output.
fn banqi(games: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "--variant",
        "banqi",
        "--a",
        "Casual",
        "--b",
        "Beginner",
        "--games",
        games,
        "--depth",
        "1",
    ];
    args.extend_from_slice(extra);
    stdout(&cli(&args))
}

#[test]
fn a_tiny_banqi_match_finishes_and_reports() {
    let out = banqi("4", &["--seed", "7"]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for (i, line) in games.iter().enumerate() {
        assert!(
            line.starts_with(&format!("game {} pair {}: ", i + 1, i / 2 + 1)),
            "{line}"
        );
        // Seats, not colours: A moves first in the first game of each pair; the first flip
        // gave each seat a colour.
        let (first, second) = if i % 2 == 0 {
            ("A:Casual (first, ", "B:Beginner (second, ")
        } else {
            ("B:Beginner (first, ", "A:Casual (second, ")
        };
        assert!(line.contains(first) && line.contains(second), "{line}");
        assert!(
            line.contains("(first, red) - ") != line.contains("(first, black) - "),
            "{line}"
        );
    }
    assert!(out.contains("\nBanqi 4 games in "), "{out}");
    let (w, d, l) = wdl(&out, "Casual", "Beginner");
    assert_eq!(w + d + l, 4);
    assert!(out.contains("pairs: 2 (A's points per pair 0/0.5/1/1.5/2: "));
    // A's points agree with the colour A played and the winner.
    for line in games {
        let a_colour =
            if line.contains("A:Casual (first, red)") || line.contains("A:Casual (second, red)") {
                "Red"
            } else {
                "Black"
            };
        let points = line.split(", A scores ").nth(1).unwrap();
        if points.starts_with("1: ") {
            assert!(points.contains(&format!(": {a_colour} wins")), "{line}");
        } else if points.starts_with("0: ") {
            assert!(!points.contains(&format!(": {a_colour} wins")), "{line}");
            assert!(points.contains(" wins"), "{line}");
        }
    }
}

#[test]
fn a_banqi_seed_repeats_its_games() {
    let run = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["--seed", "2A"];
        args.extend_from_slice(extra);
        sorted_without_timing(&banqi("4", &args))
    };
    let one = run(&[]);
    assert_eq!(one, run(&[]));
    // Another seed deals other games.
    assert_ne!(one, sorted_without_timing(&banqi("4", &["--seed", "2B"])));
    // With a node budget as well, on one thread and on two (finished in another order).
    let nodes = |threads: &str| {
        sorted_without_timing(&stdout(&cli(&[
            "match",
            "--variant",
            "banqi",
            "--a",
            "Club",
            "--b",
            "Casual",
            "--games",
            "4",
            "--nodes",
            "2000",
            "--seed",
            "5",
            "--threads",
            threads,
        ])))
    };
    let first = nodes("1");
    assert_eq!(first, nodes("1"));
    assert_eq!(first, nodes("2"));
}

#[test]
fn a_banqi_match_in_parts_adds_up_and_its_bad_flags_are_refused() {
    let whole = banqi("4", &["--seed", "3", "--quiet"]);
    let head = banqi("2", &["--seed", "3"]);
    let tail = banqi("2", &["--seed", "3", "--first-pair", "2"]);
    let dir = std::env::temp_dir().join(format!("jieqi-banqi-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (h, t) = (dir.join("head.txt"), dir.join("tail.txt"));
    std::fs::write(&h, &head).unwrap();
    std::fs::write(&t, &tail).unwrap();
    let report = stdout(&cli(&[
        "match-report",
        h.to_str().unwrap(),
        t.to_str().unwrap(),
    ]));
    std::fs::remove_dir_all(&dir).unwrap();
    let summary = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("Casual vs Beginner: ") || l.starts_with("pairs: "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(summary(&report), summary(&whole), "{report}");

    let valid = [
        "match",
        "--variant",
        "banqi",
        "--a",
        "Club",
        "--b",
        "Club",
        "--games",
        "2",
    ];
    let after_valid: &[&[&str]] = &[
        &["--b-engine", "x"],
        &["--opening-plies", "2"],
        &["--opening-plies", "0"],
        &["--rules", "chariot=fly"],
        &["--rules", "chase=judged"],
        &["--engine-option", "Hash=1"],
        &["--time-scale", "10", "--depth", "2"],
        &["--depth", "2", "--nodes", "9"],
    ];
    for extra in after_valid {
        let mut args = valid.to_vec();
        args.extend_from_slice(extra);
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    // Without --b, B cannot be another engine in Banqi either.
    let o = cli(&[
        "match",
        "--variant",
        "banqi",
        "--a",
        "Club",
        "--b-engine",
        "x",
        "--games",
        "2",
        "--depth",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("cannot play Banqi"), "{err}");
}
