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
        lines[lines.len() - 3].contains("score ") && lines[lines.len() - 3].contains("Elo diff ")
    );
    assert!(lines[lines.len() - 2].starts_with("pairs: 2 (A's points per pair 0/0.5/1/1.5/2: "));
    // Two games as Red, two as Black.
    let by_colour = lines[lines.len() - 1];
    assert!(by_colour.starts_with("by colour: as Red "), "{by_colour}");
    let played = |side: &str| -> usize {
        let wdl = by_colour
            .split(side)
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap();
        wdl.split('-').map(|n| n.parse::<usize>().unwrap()).sum()
    };
    assert_eq!(
        (played("as Red "), played("as Black ")),
        (2, 2),
        "{by_colour}"
    );
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
    assert_eq!(out.lines().count(), 4, "{out}");
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

/// Whole `match` command lines that are refused.
const BAD_MATCHES: &[&[&str]] = &[
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
    // Jieqi's other engine is Fairy-Stockfish, after one of its handshakes.
    &[
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Club",
        "--b-engine",
        "x",
        "--engine-handshake",
        "xboard",
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
    // How another engine sees Jieqi: own or public, for --b-engine in Jieqi only.
    &[
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Club",
        "--b-engine",
        "x",
        "--engine-view",
        "sideways",
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
        "--b",
        "Club",
        "--engine-view",
        "own",
        "--games",
        "2",
    ],
    &[
        "match",
        "--variant",
        "xiangqi",
        "--a",
        "Club",
        "--b-engine",
        "x",
        "--engine-view",
        "own",
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
        "/nonexistent/engine",
        "--engine-view",
        "own",
        "--games",
        "2",
        "--nodes",
        "100",
    ],
];

/// Flags refused after an otherwise valid `match --a Club --b Club --games 2`.
const BAD_AFTER_VALID: &[&[&str]] = &[
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
    &["--openings", "book"],
    &["--openings", "random", "--opening-plies", "0"],
    &["--adjudicate", "10001"],
    &["--colour", "red"],
    &["extra"],
    // The sequential test's settings.
    &["--sprt", "10,0"],
    &["--sprt", "0"],
    &["--sprt", "0,10", "--alpha", "2"],
    &["--sprt", "0,10", "--beta", "0"],
    &["--alpha", "0.1"],
    &["--prior", "file.txt"],
    &["--sprt", "0,10", "--first-pair", "2"],
    &[
        "--sprt",
        "0,10",
        "--first-pair",
        "2",
        "--prior",
        "/nonexistent/part1.txt",
    ],
];

#[test]
fn bad_flags_are_one_line_and_exit_2() {
    let valid = ["match", "--a", "Club", "--b", "Club", "--games", "2"];
    let cases = BAD_MATCHES.iter().map(|c| c.to_vec()).chain(
        BAD_AFTER_VALID
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

/// A Jieqi match of Casual against Beginner, seed 5, on two threads, with `extra` flags.
fn jieqi_casual_beginner(extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Casual",
        "--b",
        "Beginner",
        "--seed",
        "5",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    stdout(&cli(&args))
}

#[test]
fn a_match_played_in_parts_adds_up_to_the_whole() {
    let play = |first_pair: &str, games: &str| {
        jieqi_casual_beginner(&["--games", games, "--depth", "1", "--first-pair", first_pair])
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
            .filter(|l| {
                l.starts_with("Casual vs Beginner: ")
                    || l.starts_with("pairs: ")
                    || l.starts_with("by colour: as Red ")
            })
            .map(str::to_string)
            .collect()
    };
    assert_eq!(summary(&report).len(), 3, "{report}");
    assert_eq!(summary(&report), summary(&whole), "{report}");
    assert!(report.starts_with("6 games from 2 files\n"), "{report}");
    // Pooled as separate matches, the parts' complete pairs are the same pairs.
    let pooled = stdout(&cli(&[
        "match-report",
        "--pool",
        &path(&head_file),
        &path(&tail_file),
    ]));
    assert_eq!(summary(&pooled), summary(&whole), "{pooled}");
    assert!(pooled.contains("(pooled)"), "{pooled}");
    // Against itself as the baseline, pair by pair: no pair differs.
    let whole_file = dir.join("whole.txt");
    std::fs::write(&whole_file, &whole).unwrap();
    let paired = stdout(&cli(&[
        "match-report",
        &path(&whole_file),
        "--baseline",
        &path(&head_file),
        &path(&tail_file),
    ]));
    let pairs = summary(&whole)[1].split(' ').nth(1).unwrap().to_string();
    assert!(
        paired.contains(&format!(
            "against the baseline: {pairs} pairs in both: score +0.0% ± 0.0% (better in 0, \
             alike in {pairs}, worse in 0)"
        )),
        "{paired}"
    );
    // A baseline against another opponent.
    let other_file = dir.join("other.txt");
    std::fs::write(
        &other_file,
        "game 1 pair 1: A:Casual (red) - B:Club (black) 1-0 after 9 plies, A scores 1: x\n\
         game 2 pair 1: B:Club (red) - A:Casual (black) 1-0 after 9 plies, A scores 0: x\n",
    )
    .unwrap();

    // The same part twice, a file without games, no file, a missing file: one-line errors.
    let bad: &[Vec<String>] = &[
        vec![path(&head_file), path(&head_file)],
        vec![path(&head_file), path(&empty_file)],
        vec![],
        vec![path(&dir.join("missing.txt"))],
        // A sequential test reads one match, not a pool of several.
        vec![
            "--pool".into(),
            "--sprt".into(),
            "0,10".into(),
            path(&head_file),
        ],
        // Pair by pair against another opponent, or pooled with too few baseline files.
        vec![path(&whole_file), "--baseline".into(), path(&other_file)],
        vec![
            "--pool".into(),
            path(&head_file),
            path(&tail_file),
            "--baseline".into(),
            path(&whole_file),
        ],
        vec![path(&whole_file), "--baseline".into()],
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
            .filter(|l| {
                l.starts_with("Casual vs Beginner: ")
                    || l.starts_with("pairs: ")
                    || l.starts_with("by seat: first ")
            })
            .map(str::to_string)
            .collect()
    };
    assert_eq!(summary(&report).len(), 3, "{report}");
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
        &["--openings", "random"],
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

/// `match --a Master --b Beginner --nodes 500 --seed 1 --sprt 0,400` and `extra`: Master
/// sweeps, and the test accepts H1 after a few pairs.
fn sprt_match(extra: &[&str]) -> String {
    let mut args = vec![
        "match", "--a", "Master", "--b", "Beginner", "--nodes", "500", "--seed", "1", "--sprt",
        "0,400",
    ];
    args.extend_from_slice(extra);
    stdout(&cli(&args))
}

/// The final line of the test.
fn verdict(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("sprt ("))
        .unwrap_or_else(|| panic!("no verdict in {out}"))
}

#[test]
fn an_sprt_stops_a_lopsided_match_early_in_one_go_or_in_parts() {
    let whole = sprt_match(&["--games", "40"]);
    let line = verdict(&whole);
    assert!(
        line.starts_with("sprt (Elo0 0, Elo1 400, alpha 0.05, beta 0.05): H1 accepted after "),
        "{whole}"
    );
    let pairs: usize = line
        .split(" accepted after ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    // Stopped early: exactly the pairs the test counted were played, each with its LLR line.
    assert!(pairs < 20, "{whole}");
    assert_eq!(game_lines(&whole).len(), 2 * pairs, "{whole}");
    assert_eq!(
        whole
            .lines()
            .filter(|l| l.starts_with("sprt pair "))
            .count(),
        pairs
    );
    assert!(
        whole.contains("sprt pair 1: LLR 0.60 (bounds -2.94, 2.94)\n"),
        "{whole}"
    );
    // On two threads the test stops at the same pair, with the same LLR; a pair the other
    // thread finished meanwhile may be noted as not counted (which pair did is a race).
    let threads = sprt_match(&["--games", "40", "--threads", "2"]);
    let threaded = verdict(&threads);
    let rest = threaded
        .strip_prefix(line)
        .unwrap_or_else(|| panic!("{threaded} is not {line}"));
    assert!(
        rest.is_empty() || rest.starts_with("; 1 later complete pair not counted"),
        "{threads}"
    );

    // In parts: two pairs (no decision yet), then the rest with the first part as --prior.
    let dir = std::env::temp_dir().join(format!("jieqi-sprt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let head = sprt_match(&["--games", "4"]);
    assert!(
        verdict(&head).contains(": no decision after 2 pairs, LLR 1.20 "),
        "{head}"
    );
    let head_file = dir.join("head.txt");
    std::fs::write(&head_file, &head).unwrap();
    let head_path = head_file.to_str().unwrap();
    let tail = sprt_match(&["--games", "36", "--first-pair", "3", "--prior", head_path]);
    assert!(
        tail.starts_with("sprt: 2 pairs from --prior, LLR 1.20\n"),
        "{tail}"
    );
    assert_eq!(verdict(&tail), line);
    let mut parts = game_lines(&head);
    parts.extend(game_lines(&tail));
    parts.sort();
    assert_eq!(parts, game_lines(&whole));

    report_finds_the_verdict(&dir, [&whole, &tail], &head_file, line, pairs);
    bad_priors_are_refused(&dir, head_path);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `match-report --sprt` finds `line`, the verdict after `pairs` pairs, again from the saved
/// lines of the whole run and of its parts (the head in `head_file`, then `tail`).
fn report_finds_the_verdict(
    dir: &std::path::Path,
    [whole, tail]: [&str; 2],
    head_file: &std::path::Path,
    line: &str,
    pairs: usize,
) {
    // match-report finds the same verdict from the saved lines, of one run or of the parts.
    let whole_file = dir.join("whole.txt");
    let tail_file = dir.join("tail.txt");
    std::fs::write(&whole_file, whole).unwrap();
    std::fs::write(&tail_file, tail).unwrap();
    let report = |files: &[&std::path::Path], extra: &[&str]| {
        let mut args = vec!["match-report"];
        args.extend_from_slice(extra);
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        stdout(&cli(&args))
    };
    let from_whole = report(&[&whole_file], &["--sprt", "0,400"]);
    assert_eq!(verdict(&from_whole), line);
    let from_parts = report(&[head_file, &tail_file], &["--sprt", "0,400"]);
    assert_eq!(verdict(&from_parts), line);
    // Narrower bounds have not decided after these pairs; without --sprt, no verdict.
    let narrow = report(&[&whole_file], &["--sprt", "0,10", "--alpha", "0.01"]);
    assert!(
        verdict(&narrow).starts_with(&format!(
            "sprt (Elo0 0, Elo1 10, alpha 0.01, beta 0.05): no decision after {pairs} pairs"
        )),
        "{narrow}"
    );
    assert!(!report(&[&whole_file], &[]).contains("sprt"));
}

/// A prior of another match, one that overlaps the run, one that decided the test already
/// (the whole run's lines in `dir`): refused, as is a bad --sprt for match-report.
fn bad_priors_are_refused(dir: &std::path::Path, head_path: &str) {
    let whole_file = dir.join("whole.txt");
    let other = stdout(&cli(&[
        "match", "--a", "Club", "--b", "Beginner", "--games", "2", "--depth", "1",
    ]));
    let other_file = dir.join("other.txt");
    std::fs::write(&other_file, &other).unwrap();
    let refused: &[&[&str]] = &[
        &[
            "--games",
            "2",
            "--first-pair",
            "2",
            "--prior",
            other_file.to_str().unwrap(),
        ],
        &["--games", "2", "--first-pair", "2", "--prior", head_path],
        &[
            "--games",
            "2",
            "--first-pair",
            "21",
            "--prior",
            whole_file.to_str().unwrap(),
        ],
        &["--games", "2", "--first-pair", "4", "--prior", head_path],
    ];
    for extra in refused {
        let mut args = vec![
            "match", "--a", "Master", "--b", "Beginner", "--nodes", "500", "--sprt", "0,400",
        ];
        args.extend_from_slice(extra);
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let o = cli(&[
        "match-report",
        "--sprt",
        "1,0",
        whole_file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_jieqi_engine_gets_the_public_position_and_answers_in_its_ranks() {
    use std::os::unix::fs::PermissionsExt;
    // A stand-in for Fairy-Stockfish: it logs what it reads, keeps a copy of the variant file
    // it is given, and always answers a soldier's first step in ranks 1-10 (Red a3-a4 as
    // a4a5, Black i6-i5 as i7i6): legal once, illegal the second time.
    let dir = std::env::temp_dir().join(format!("jieqi-fairy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("fairy.sh");
    let d = dir.to_str().unwrap();
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nwhile read -r l; do echo \"$l\" >> {d}/in.log; case \"$l\" in \
             isready) echo readyok;; \
             'setoption name VariantPath value '*) cp \"${{l#setoption name VariantPath value }}\" {d}/variant.ini;; \
             'position fen '*) side=$(echo \"$l\" | cut -d' ' -f4);; \
             go*) if [ \"$side\" = w ]; then echo 'bestmove a4a5'; else echo 'bestmove i7i6'; fi;; \
             quit) exit 0;; esac; done\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = stdout(&cli(&[
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Beginner",
        "--b-engine",
        script.to_str().unwrap(),
        "--games",
        "2",
        "--movetime",
        "20",
        "--seed",
        "4",
    ]));
    let log = std::fs::read_to_string(dir.join("in.log")).unwrap();
    // CI once found no copy here (a loaded machine, not reproduced since): say what the
    // match printed and what the stand-in read, to tell why.
    let variant = std::fs::read_to_string(dir.join("variant.ini")).unwrap_or_else(|e| {
        panic!("no copy of the variant file ({e}); match: {out}; engine read: {log}")
    });
    std::fs::remove_dir_all(&dir).ok();
    // Each engine move was read in ranks 1-10 and played; its second was refused.
    let games = game_lines(&out);
    assert!(games[0].contains(" after 3 plies, A scores 1: "), "{out}");
    assert!(games[1].contains(" after 2 plies, A scores 1: "), "{out}");
    assert_eq!(
        out.matches("fairy.sh forfeits: bestmove 'i7i6' is illegal here")
            .count()
            + out
                .matches("fairy.sh forfeits: bestmove 'a4a5' is illegal here")
                .count(),
        2,
        "{out}"
    );
    // The variant file, its options after the handshake, the public FEN (every move in these
    // games is a reveal, after which the move list starts again: no moves follow it).
    assert_eq!(
        variant,
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/jieqi-public.ini"
        ))
        .unwrap()
    );
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "uci");
    assert!(
        lines[1].starts_with("setoption name VariantPath value "),
        "{log}"
    );
    assert_eq!(lines[2], "setoption name UCI_Variant value jieqi-public");
    let path = lines[1].trim_start_matches("setoption name VariantPath value ");
    assert!(
        !std::path::Path::new(path).exists(),
        "{path} was left behind"
    );
    assert!(
        log.contains(
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
        ),
        "{log}"
    );
    assert!(
        log.lines()
            .filter(|l| l.starts_with("position "))
            .all(|l| l.starts_with("position fen ") && !l.contains(" moves")),
        "{log}"
    );
}

/// Writes an executable shell script `name` holding `body` into `dir`; its path.
fn script(dir: &std::path::Path, name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn our_engine_plays_its_own_binary_in_jieqi_told_only_its_view() {
    use jieqi_cli::cmd::matches::GameSeeds;
    use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Move, PlayerView, Seed, Side};

    // `jieqi-engine` (the program the A/B tests run as B) behind a wrapper that logs what it
    // reads and what it answers.
    let dir = std::env::temp_dir().join(format!("jieqi-own-view-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let engine = env!("CARGO_BIN_EXE_jieqi-engine");
    let wrapper = script(
        &dir,
        "engine.sh",
        &format!("tee -a {d}/in.log | {engine} | tee -a {d}/out.log"),
    );
    let out = stdout(&cli(&[
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Master",
        "--b-engine",
        wrapper.to_str().unwrap(),
        "--engine-view",
        "own",
        "--games",
        "4",
        "--nodes",
        "300",
        "--seed",
        "3",
    ]));
    let read = std::fs::read_to_string(dir.join("in.log")).unwrap();
    let answered = std::fs::read_to_string(dir.join("out.log")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!out.contains("forfeits"), "{out}");
    // The same engine on both sides, told the same: each pair's second game is its first
    // with the players swapped.
    assert!(
        out.contains("pairs: 2 (A's points per pair 0/0.5/1/1.5/2: 0 0 2 0 0)"),
        "{out}"
    );
    assert!(
        out.contains("A:Master (red) - B:engine.sh (black)"),
        "{out}"
    );

    // Deal each game again and follow it through what the engine read and answered: every
    // position it was given reads back as exactly its side's view of the game then (no
    // identity it had not seen: the view's placement, pool and legal moves).
    let mut answers = answered
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split(' ').next().unwrap().to_string());
    let games: Vec<&str> = read.split("uci\n").filter(|g| !g.is_empty()).collect();
    assert_eq!(games.len(), 4, "{read}");
    let (mut positions_read, mut rebased) = (0, 0);
    for (index, lines) in games.iter().enumerate() {
        assert!(
            lines.contains("setoption name UCI_Variant value jieqi\n"),
            "{lines}"
        );
        let b_side = if index % 2 == 0 {
            Side::Black
        } else {
            Side::Red
        };
        let mut game: AnyGame = Jieqi::from_seed(Seed(GameSeeds::of(3, index).pair)).into();
        let mut first = true;
        for line in lines.lines().filter(|l| l.starts_with("position")) {
            let rest = line
                .strip_prefix("position fen ")
                .unwrap_or_else(|| panic!("not a view FEN: {line}"));
            let (fen, moves) = match rest.split_once(" moves ") {
                Some((fen, moves)) => (fen, moves.split(' ').collect()),
                None => (rest, Vec::new()),
            };
            if !first {
                let mine = answers.next().expect("an answer to every go");
                game.play(Move::parse_iccs(&mine).unwrap()).unwrap();
            }
            first = false;
            if game.turn() != b_side {
                // A's reply: the last move of the list, with what it turned up.
                let theirs = moves.last().expect("A's reply");
                game.play(Move::parse_iccs(&theirs[..4]).unwrap()).unwrap();
            }
            let truth = game.view(b_side);
            let told = PlayerView::from_text(fen, &moves).unwrap();
            assert_eq!(told.position, truth.position, "{line}");
            assert_eq!(told.pool, truth.pool, "{line}");
            assert_eq!(told.learned, truth.learned, "{line}");
            assert_eq!(told.legal_moves, truth.legal_moves, "{line}");
            positions_read += 1;
            // Re-based after a face-down piece it took: the identity is among what it learned.
            if !fen.starts_with("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX ") {
                assert!(!told.learned.is_empty(), "{line}");
                rebased += 1;
            }
        }
        // The answer to the last position, which ended the game or was its last move.
        answers.next().expect("an answer to every go");
    }
    assert!(positions_read > 40, "{read}");
    assert!(rebased > 0, "{read}");
}

#[test]
fn a_jieqi_engine_told_its_view_that_answers_badly_forfeits() {
    // The first game's engine names the identity its piece will turn up, the second's
    // answers nothing, the third's a move the view does not have, the fourth's exits.
    let dir = std::env::temp_dir().join(format!("jieqi-own-bad-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let bad = script(
        &dir,
        "bad.sh",
        &format!(
            "n=$(cat {d}/n 2>/dev/null || echo 0); echo $((n + 1)) > {d}/n\n\
             while read -r l; do case \"$l\" in isready) echo readyok;; \
             go*) case $n in 0) echo 'bestmove a6a5p';; 1) echo 'bestmove (none)';; \
             2) echo 'bestmove a0a0';; *) exit 0;; esac;; quit) exit 0;; esac; done"
        ),
    );
    let out = stdout(&cli(&[
        "match",
        "--variant",
        "jieqi",
        "--a",
        "Beginner",
        "--b-engine",
        bad.to_str().unwrap(),
        "--engine-view",
        "own",
        "--games",
        "4",
        "--nodes",
        "50",
        "--seed",
        "3",
    ]));
    std::fs::remove_dir_all(&dir).ok();
    let games = game_lines(&out);
    assert_eq!(games.len(), 4, "{out}");
    for (game, why) in games.iter().zip([
        "bad.sh forfeits: bestmove 'a6a5p' is not a move (ICCS with ranks 0-9 and no reveal letter, e.g. h2e2)",
        "bad.sh forfeits: bestmove '(none)' is not a move",
        "bad.sh forfeits: bestmove 'a0a0' is illegal here",
        "bad.sh forfeits: the engine exited",
    ]) {
        assert!(game.contains(why), "{game}");
        assert!(game.contains("A scores 1"), "{game}");
    }
    assert_eq!(wdl(&out, "Beginner", "bad.sh"), (4, 0, 0));
}

/// The opening plies each game of a `--games 2` Xiangqi match gave B (our own UCI engine behind
/// a logging wrapper): the first moves of the first `position` line of each game.
fn openings_seen(style: &str, seed: &str) -> Vec<Vec<String>> {
    let dir = std::env::temp_dir().join(format!(
        "jieqi-openings-{style}-{seed}-{}",
        std::process::id()
    ));
    let d = dir.to_str().unwrap();
    let engine = env!("CARGO_BIN_EXE_jieqi-cli");
    let wrapper = script(
        &dir,
        "engine.sh",
        &format!("tee -a {d}/in.log | {engine} uci"),
    );
    let out = stdout(&cli(&[
        "match",
        "--a",
        "Club",
        "--b-engine",
        wrapper.to_str().unwrap(),
        "--games",
        "2",
        "--depth",
        "1",
        "--opening-plies",
        "4",
        "--openings",
        style,
        "--seed",
        seed,
    ]));
    let read = std::fs::read_to_string(dir.join("in.log")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!out.contains("forfeits"), "{out}");
    read.split("uci\n")
        .filter(|g| !g.is_empty())
        .map(|game| {
            let first = game
                .lines()
                .find(|l| l.starts_with("position startpos moves"))
                .unwrap_or_else(|| panic!("{game}"));
            first.split(' ').skip(3).take(4).map(String::from).collect()
        })
        .collect()
}

#[test]
fn random_openings_are_the_pairs_own_and_repeat_with_the_seed() {
    let random = openings_seen("random", "5");
    assert_eq!(random.len(), 2, "{random:?}");
    assert_eq!(random[0].len(), 4, "{random:?}");
    // Both games of the pair open alike, and the seed repeats them.
    assert_eq!(random[0], random[1]);
    assert_eq!(random, openings_seen("random", "5"));
    // Another seed, another opening; and not the shallow search's choice.
    assert_ne!(random[0], openings_seen("random", "6")[0]);
    assert_ne!(random[0], openings_seen("search", "5")[0]);
}

/// The records of a `--pgnout` file, one per game (each starts at its `[Event` tag).
fn records(file: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Event ") {
            out.push(String::new());
        }
        let record = out
            .last_mut()
            .expect("the file starts with a record's tags");
        record.push_str(line);
        record.push('\n');
    }
    out
}

#[test]
fn pgnout_keeps_every_game_as_a_record_that_replays_to_its_result() {
    let dir = std::env::temp_dir().join(format!("jieqi-pgnout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let path = file.to_str().unwrap();
    let jieqi = |first_pair: &str| {
        jieqi_casual_beginner(&[
            "--games",
            "2",
            "--nodes",
            "300",
            "--first-pair",
            first_pair,
            "--pgnout",
            path,
        ])
    };
    // Two parts into one file: the second appends.
    let out = jieqi("1") + &jieqi("2");
    let lines = game_lines(&out);
    let kept = records(&file);
    assert_eq!(kept.len(), 4, "{out}");
    for line in lines {
        let number = line["game ".len()..].split(' ').next().unwrap();
        let record = kept
            .iter()
            .find(|r| r.contains(&format!("[Round \"{number} (pair ")))
            .unwrap_or_else(|| panic!("no record of game {number}"));
        // Who sat where, as the game line says.
        let red = if line.contains("A:Casual (red)") {
            "Casual"
        } else {
            "Beginner"
        };
        assert!(record.contains(&format!("[Red \"{red}\"]")), "{record}");
        assert!(record.contains("[Variant \"Jieqi\"]\n[Seed \""), "{record}");
        // The record replays move by move to the game line's result and length.
        let one = dir.join(format!("game{number}.pgn"));
        std::fs::write(&one, record).unwrap();
        let replayed = stdout(&cli(&["replay", one.to_str().unwrap()]));
        let code = line.split(") ").nth(2).unwrap().split(' ').next().unwrap();
        assert!(
            replayed.contains(&format!("result {code}")),
            "{line}\n{replayed}"
        );
        let plies: usize = line
            .split(" after ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // The movetext (after the tags' blank line): move numbers, the turns each with its
        // player's score for Red in a comment, the result.
        let movetext = record.split("\n\n").nth(1).unwrap();
        let words: Vec<&str> = movetext.split_whitespace().collect();
        let turns = words
            .iter()
            .filter(|w| !w.ends_with('.') && !w.starts_with('{') && !w.ends_with('}'))
            .count()
            - 1;
        assert_eq!(turns, plies, "{record}");
        assert_eq!(movetext.matches("{[%eval ").count(), plies, "{record}");
    }

    // Banqi: seats, not colours, and its own record format.
    let banqi_file = dir.join("banqi.pgn");
    banqi(
        "2",
        &["--seed", "7", "--pgnout", banqi_file.to_str().unwrap()],
    );
    let kept = records(&banqi_file);
    assert_eq!(kept.len(), 2);
    for (i, record) in kept.iter().enumerate() {
        assert!(
            record.contains(&format!("[Round \"{} (pair 1)\"]", i + 1)),
            "{record}"
        );
        assert!(
            record.contains("[First \"") && record.contains("[Variant \"Banqi\"]"),
            "{record}"
        );
        let one = dir.join(format!("banqi{i}.pgn"));
        std::fs::write(&one, record).unwrap();
        stdout(&cli(&["replay", one.to_str().unwrap()]));
    }

    // A file that cannot be opened is one line and exit status 2, before any game is played.
    let bad = cli(&[
        "match",
        "--a",
        "Club",
        "--b",
        "Club",
        "--games",
        "2",
        "--pgnout",
        "/nonexistent/dir/games.pgn",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("cannot open --pgnout '/nonexistent/dir/games.pgn'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(bad.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
