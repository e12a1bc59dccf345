//! The CLI as people and scripts use it: output formats, and bad input answered with one line
//! on stderr and exit status 2, never a panic.

mod common;

use std::process::Output;

use common::cli;

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
        &["deal"],
        &["deal", "--seed", "not a seed!"],
        &["view", "--seed", "7"],
        &["view", "--variant", "jieqi", "--side", "red"],
        &["view", "--seed", "7", "--side", "purple"],
        &["view", "--seed", "7", "--side", "red", "--moves", "a0a5"],
        &[
            "view",
            "--seed",
            "7",
            "--fen",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "--side",
            "red",
        ],
        &["perft", "2", "--seed", "7", "--variant", "xiangqi"],
        &["perft", "2", "--variant", "chess"],
        &["replay"],
        &["replay", "/nonexistent/file.json"],
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

fn scratch(name: &str, content: &str) -> String {
    let dir = std::env::temp_dir().join(format!("jieqi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn deal_prints_the_full_knowledge_fen() {
    let out = stdout(&cli(&["deal", "--seed", "7"]));
    assert_eq!(out.lines().count(), 1);
    assert!(out.ends_with(" w R2A2C2P5N2B2r2a2c2p5n2b2 0 1\n"), "{out}");
    // Seed codes are case-insensitive and ignore hyphens.
    assert_eq!(
        stdout(&cli(&["deal", "--seed", "1a"])),
        stdout(&cli(&["deal", "--seed", "1-A"]))
    );
    assert_ne!(out, stdout(&cli(&["deal", "--seed", "8"])));
}

#[test]
fn view_shows_one_side_and_ends_with_its_fen() {
    let args = ["view", "--seed", "7", "--moves", "b2b9", "--side"];
    let black = stdout(&cli(&[&args[..], &["black"]].concat()));
    let red = stdout(&cli(&[&args[..], &["red"]].concat()));
    let last = |s: &str| s.lines().last().unwrap().to_string();
    assert!(last(&black).starts_with("x"), "{black}");
    assert!(black.contains("captured by Red: ?"), "{black}");
    assert!(!red.contains("captured by Red: ?"), "{red}");
    // Red learned the identity: its FEN carries it after the pool; Black's has '-'.
    assert!(last(&black).contains(" - 0 1"), "{black}");
    assert!(!last(&red).contains(" - 0 1"), "{red}");
}

#[test]
fn jieqi_perft_from_seed_equals_perft_from_its_full_fen() {
    let fen = stdout(&cli(&["deal", "--seed", "7"])).trim().to_string();
    let a = stdout(&cli(&["perft", "3", "--seed", "7"]));
    let b = stdout(&cli(&["perft", "3", "--fen", &fen]));
    assert_eq!(a, b);
    let divide = stdout(&cli(&["perft", "2", "--seed", "7", "--divide"]));
    assert_eq!(divide.lines().count(), 45);
}

#[test]
fn moves_in_every_notation() {
    assert!(
        stdout(&cli(&["moves", "--notation", "wxf"]))
            .lines()
            .any(|l| l == "C2=5")
    );
    assert!(
        stdout(&cli(&["moves", "--notation", "chinese"]))
            .lines()
            .any(|l| l == "炮二平五")
    );
    // WXF input is accepted for --moves too.
    let after = stdout(&cli(&["moves", "--moves", "C2=5", "--notation", "wxf"]));
    assert!(after.lines().any(|l| l == "H8+7"), "{after}");
}

#[test]
fn replay_checks_saves_and_records() {
    let save = r#"{"format": "jieqi-save", "version": 1, "variant": "xiangqi",
        "moves": ["h2e2", "h9g7"], "ending": {"resigned": "black"}, "settings": {}}"#;
    let out = stdout(&cli(&["replay", &scratch("game.json", save)]));
    assert_eq!(out, "1. C2=5 H8+7\nRed wins: Black resigned\n");
    let record = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. C2=5 H8+7 2. H2+3 *\n";
    let out = stdout(&cli(&[
        "replay",
        &scratch("game.pgn", record),
        "--notation",
        "iccs",
    ]));
    assert_eq!(
        out,
        "1. h2e2 h9g7\n2. h0g2\nresult *: game in progress, Black to move\n"
    );
    for bad in [
        r#"{"format": "jieqi-save", "version": 9}"#,
        "{",
        "1. K5+2 *",
    ] {
        let o = cli(&["replay", &scratch("bad.txt", bad)]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert_eq!(String::from_utf8(o.stderr).unwrap().lines().count(), 1);
    }
}

/// rules.md §9, Decision: advisors and elephants are named by their file (`E7-9`, `相七退九`,
/// `象7退9`), and `--moves` reads the front/rear form as well.
#[test]
fn moves_name_advisors_and_elephants_by_their_file_rules_9() {
    // Red elephants c4, c0 and advisors d2, d0; Black's on g5, g9 and f7, f9.
    let tandem = "3k1ab2/9/5a3/9/6b2/2E6/9/3A5/9/2EA1K3";
    let red = format!("{tandem} w - - 0 1");
    let wxf = stdout(&cli(&["moves", "--fen", &red, "--notation", "wxf"]));
    for text in ["E7-9", "E7+9", "E7-5", "E7+5", "A6-5", "A6+5"] {
        assert!(wxf.lines().any(|l| l == text), "{text}\n{wxf}");
    }
    assert!(
        !wxf.contains("E+") && !wxf.contains("E-") && !wxf.contains("A+"),
        "{wxf}"
    );
    let chinese = stdout(&cli(&["moves", "--fen", &red, "--notation", "chinese"]));
    assert!(chinese.lines().any(|l| l == "相七退九"), "{chinese}");
    assert!(
        !chinese.contains('前') && !chinese.contains('後'),
        "{chinese}"
    );
    let black = format!("{tandem} b - - 0 1");
    let wxf = stdout(&cli(&["moves", "--fen", &black, "--notation", "wxf"]));
    assert!(wxf.lines().any(|l| l == "E7-9"), "{wxf}");
    let chinese = stdout(&cli(&["moves", "--fen", &black, "--notation", "chinese"]));
    assert!(chinese.lines().any(|l| l == "象7退9"), "{chinese}");
    // Both forms are read, in both notations: c4a2 leaves Black the same moves.
    let after = |m: &str| {
        let o = cli(&["moves", "--fen", &red, "--moves", m, "--notation", "wxf"]);
        assert!(
            o.status.success(),
            "{m}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    };
    let plain = after("E7-9");
    assert!(plain.lines().any(|l| l == "E7-9"), "{plain}");
    for m in ["E+-9", "相七退九", "前相退九", "c4a2"] {
        assert_eq!(after(m), plain, "{m}");
    }
}

fn replay_out(name: &str, record: &str, notation: &str) -> String {
    let o = cli(&["replay", &scratch(name, record), "--notation", notation]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

/// rules.md §5: a record is judged by the rules, a mate with its kind, a stalemate as a loss.
#[test]
fn replay_judges_a_mated_record_rules_5() {
    let mate = "[FEN \"4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. H6+5 1-0\n";
    assert_eq!(
        replay_out("mate.pgn", mate, "wxf"),
        "1. H6+5\nresult 1-0: Red wins: checkmate (horse–cannon mate)\n"
    );
    // `*` is "not known": the rules' result is printed.
    let unknown = mate.replace("1-0", "*");
    assert_eq!(
        replay_out("mate-unknown.pgn", &unknown, "iccs"),
        "1. d5e7\nresult 1-0: Red wins: checkmate (horse–cannon mate)\n"
    );
    let stalemate = "[FEN \"4k4/N8/9/9/5R3/9/9/9/9/3K5 w - - 0 1\"]\n\n1. a8c7\n";
    assert_eq!(
        replay_out("stalemate.pgn", stalemate, "iccs"),
        "1. a8c7\nresult 1-0: Red wins: stalemate (Black has no legal move)\n"
    );
    // An ending the rules did not reach is the tag's.
    let resigned = "[Result \"0-1\"]\n\n1. C2=5 H8+7\n";
    assert_eq!(
        replay_out("resigned.pgn", resigned, "wxf"),
        "1. C2=5 H8+7\nresult 0-1: Black wins; the rules did not end the game (Red resigned or lost on time)\n"
    );
}

/// rules.md §6, §9: the perpetual check warning is printed right after the ply that brought
/// it; a game where Black moves first is numbered `1...`.
#[test]
fn replay_prints_the_warning_at_its_ply_and_numbers_black_first_rules_6_9() {
    // Black's chariot checks from a0 and a1 in turn; Red's general steps between e0 and e1.
    let record = "[FEN \"3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1\"]\n\n\
                  1... a1a0 2. e0e1 a0a1 3. e1e0 a1a0 4. e0e1 a0a1 5. e1e0 1-0\n";
    assert_eq!(
        replay_out("perpetual.pgn", record, "wxf"),
        "1... R1+1\n\
         2. K5+1 R1-1\n\
         3. K5-1\n\
         notice: Black is giving perpetual check: one more perpetual check loses\n\
         3... R1+1\n\
         4. K5+1 R1-1\n\
         5. K5-1\n\
         result 1-0: Red wins: Black gave perpetual check\n"
    );
    let black_first = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n\n\
         1... C8=5 2. C2=5 *\n";
    assert_eq!(
        replay_out("black-first.pgn", black_first, "wxf"),
        "1... C8=5\n2. C2=5\nresult *: game in progress, Black to move\n"
    );
}

/// rules.md §5, §9: a record the rules contradict, or that does not read, is one line on
/// stderr and exit status 2.
#[test]
fn replay_refuses_a_contradicting_result_and_bad_records() {
    let mate = "[FEN \"4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1\"]\n";
    let checks = "[FEN \"4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\
                  i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9";
    for (bad, expected) in [
        (
            format!("{mate}[Result \"0-1\"]\n1. d5e7"),
            "the Result tag says 0-1, but the game ended: Red wins: checkmate",
        ),
        (
            format!("{mate}[Result \"1/2-1/2\"]\n1. d5e7"),
            "the Result tag says 1/2-1/2",
        ),
        (
            format!("{checks} 1-0"),
            "the Result tag says 1-0, but the game ended: Black wins: Red gave perpetual check",
        ),
        (format!("{checks} i8i9"), "move 5 for Red: the game is over"),
        ("1. C2=5 H8+7 2. C5+3".to_string(), "move 2 for Red: 'C5+3'"),
        ("[Event \"x\"\n1. C2=5".to_string(), "a tag must be written"),
        ("\u{0}\u{1}garbage ]]] {".to_string(), "error: "),
    ] {
        let o = cli(&["replay", &scratch("bad-record.pgn", &bad)]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(expected),
            "{bad}: {err}"
        );
        assert!(o.stdout.is_empty(), "{bad}");
    }
}

/// rules.md §11: Banqi saves and records replay through the registry, each flip checked.
#[test]
fn replay_reads_banqi_saves_and_records() {
    let save = r#"{"format": "jieqi-save", "version": 1, "variant": "banqi", "seed": "1A",
        "moves": ["a1", "b1"], "ending": null, "settings": {}}"#;
    let out = stdout(&cli(&["replay", &scratch("banqi.json", save)]));
    assert_eq!(
        out,
        "1. a1=a b1=p\ngame in progress, the first player to move\n"
    );
    let record = "[Variant \"Banqi\"]\n\n1. a1=R b1=p 2. a1xb1 1-0\n";
    let out = stdout(&cli(&["replay", &scratch("banqi.pgn", record)]));
    assert_eq!(out, "1. a1=R b1=p\n2. a1xb1\nresult 1-0\n");
    for (bad, expected) in [
        (
            "[Variant \"Banqi\"]\n[Seed \"1A\"]\n1. a1=R\n",
            "turn 1 for the first player: a1 does not turn up R",
        ),
        (
            "[Variant \"Banqi\"]\n1. a1=R b1\n",
            "must say what it turned up",
        ),
        (
            r#"{"format": "jieqi-save", "version": 1, "variant": "banqi", "moves": []}"#,
            "a Banqi save needs a seed or a start",
        ),
    ] {
        let o = cli(&["replay", &scratch("bad-banqi.txt", bad)]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{err}");
    }
}

/// rules.md §10: the options are listed, set with --rules, and a bad one is one line.
#[test]
fn rule_sets_are_listed_and_set() {
    let listed = stdout(&cli(&["rules"]));
    for key in [
        "chase:",
        "no-capture:",
        "move-limit:",
        "captured:",
        "advisors:",
        "no-capture-draw:",
    ] {
        assert!(listed.contains(key), "{key}\n{listed}");
    }
    let fen = "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    let free = stdout(&cli(&["moves", "--fen", fen, "--variant", "jieqi"]));
    let confined = stdout(&cli(&[
        "moves",
        "--fen",
        fen,
        "--variant",
        "jieqi",
        "--rules",
        "advisors=confined",
    ]));
    assert!(
        free.contains("d0c1") && !confined.contains("d0c1"),
        "{free}\n{confined}"
    );
    for bad in [
        &["moves", "--rules", "captured=both"][..],
        &["perft", "1", "--rules", "chase=maybe"],
        &["rules", "--variant", "chess"],
    ] {
        let o = cli(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert_eq!(String::from_utf8(o.stderr).unwrap().lines().count(), 1);
    }
}

/// rules.md §11, issue 19: Banqi is picked from the same list as Xiangqi and Jieqi — perft,
/// moves, deal, view and rules — and its bad input is one line and exit 2.
#[test]
fn banqi_is_one_of_the_variants() {
    // The crate's own golden count for seed 0 at depth 3.
    assert_eq!(
        stdout(&cli(&["perft", "3", "--variant", "banqi", "--seed", "0"])),
        "nodes 29796\n"
    );
    let start = stdout(&cli(&["moves", "--variant", "banqi", "--seed", "7"]));
    assert_eq!(start.lines().count(), 32, "every square can be flipped");
    let deal = stdout(&cli(&["deal", "--variant", "banqi", "--seed", "7"]));
    assert!(
        deal.starts_with("?P?C?N?c") && deal.trim_end().ends_with("f - 0 1"),
        "{deal}"
    );
    let view = stdout(&cli(&[
        "view",
        "--variant",
        "banqi",
        "--seed",
        "7",
        "--side",
        "second",
        "--moves",
        "a1",
        "b1",
    ]));
    assert!(view.contains("the first player plays Black"), "{view}");
    assert!(view.contains("turns: a1=k b1=P"), "{view}");
    assert!(stdout(&cli(&["rules"])).contains("Banqi:\n  chariot: step or slide"));
    let public = "????????/????????/????????/???????? f - 0 1";
    for bad in [
        "moves --variant banqi --seed 7 --moves a1=R",
        "moves --variant banqi --seed 7 --moves a1-a2",
        &format!("moves --variant banqi --fen {public}"),
        "perft 1 --variant banqi --seed 7 --rules chariot=fly",
        "perft 1 --variant banqi",
        "perft 1 --variant shogi",
    ] {
        // The public position is one argument; every other word is one too.
        let words: Vec<&str> = match bad.split_once("--fen ") {
            Some((head, fen)) => head.split_whitespace().chain(["--fen", fen]).collect(),
            None => bad.split_whitespace().collect(),
        };
        let o = cli(&words);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
}

/// Every command with the flags (and arguments) its help must name.
const COMMAND_FLAGS: &[(&str, &[&str])] = &[
    (
        "perft",
        &[
            "DEPTH",
            "--fen",
            "--seed",
            "--variant",
            "--rules",
            "--moves",
            "--divide",
        ],
    ),
    (
        "moves",
        &[
            "--fen",
            "--seed",
            "--variant",
            "--rules",
            "--moves",
            "--notation",
        ],
    ),
    ("deal", &["--seed", "--variant"]),
    (
        "view",
        &[
            "--fen",
            "--seed",
            "--variant",
            "--rules",
            "--moves",
            "--side",
            "--notation",
        ],
    ),
    ("rules", &["--variant"]),
    ("replay", &["FILE", "--notation"]),
    ("review", &["FILE", "--depth", "--notation"]),
    ("bench-perft", &["--runs"]),
    ("uci", &[]),
    ("jai", &[]),
    (
        "analyse",
        &[
            "--fen",
            "--seed",
            "--variant",
            "--moves",
            "--multipv",
            "--movetime",
            "--depth",
            "--notation",
        ],
    ),
    (
        "match",
        &[
            "--variant",
            "--rules",
            "--a",
            "--b",
            "--games",
            "--seed",
            "--threads",
            "--movetime",
            "--nodes",
            "--depth",
            "--time-scale",
            "--opening-plies",
            "--openings",
            "--adjudicate",
            "--first-pair",
            "--pgnout",
            "--quiet",
            "--sprt",
            "--alpha",
            "--beta",
            "--prior",
            "--b-engine",
            "--engine-handshake",
            "--engine-option",
            "--engine-view",
        ],
    ),
    (
        "match-report",
        &[
            "FILE",
            "--sprt",
            "--alpha",
            "--beta",
            "--pool",
            "--baseline",
        ],
    ),
    ("bench", &["--depth", "--verbose", "--multipv"]),
    (
        "tune-data",
        &[
            "--variant",
            "--games",
            "--out",
            "--nodes",
            "--seed",
            "--opening-plies",
            "--openings",
            "--threads",
        ],
    ),
    (
        "tune",
        &[
            "--data",
            "--variant",
            "--out",
            "--iterations",
            "--rate",
            "--k",
            "--groups",
        ],
    ),
    (
        "tune-label",
        &[
            "--data",
            "--engine",
            "--out",
            "--variant",
            "--depth",
            "--every",
            "--blend",
            "--threads",
            "--engine-handshake",
            "--engine-option",
        ],
    ),
    (
        "online",
        &[
            "--server",
            "--level",
            "--create",
            "--join",
            "--resume",
            "--variant",
            "--rules",
            "--clock",
            "--colour",
            "--name",
        ],
    ),
    (
        "online-load",
        &[
            "--games",
            "--think-ms",
            "--plies",
            "--seconds",
            "--server",
            "--server-pid",
            "--server-bin",
            "--variant",
            "--json",
        ],
    ),
    ("completions", &["SHELL", "bash", "zsh", "fish"]),
];

#[test]
fn every_command_has_help_that_names_its_flags() {
    let top = stdout(&cli(&["--help"]));
    // The commands the help lists are the ones checked here, no more and no fewer.
    let listed: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A long description goes on in a line of its own, indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    let known: Vec<&str> = COMMAND_FLAGS.iter().map(|(c, _)| *c).collect();
    assert_eq!(listed, known, "{top}");
    assert!(top.contains("POSITION: [--fen FEN | --seed S]"), "{top}");
    assert_eq!(stdout(&cli(&["help"])), top);
    assert_eq!(stdout(&cli(&["-h"])), top);
    for (command, flags) in COMMAND_FLAGS {
        for args in [[*command, "--help"], ["help", *command], [*command, "-h"]] {
            let o = cli(&args);
            assert_eq!(o.status.code(), Some(0), "{args:?}");
            assert!(o.stderr.is_empty(), "{args:?}");
            let help = stdout(&o);
            assert!(
                help.contains(&format!("Usage: jieqi-cli {command}")),
                "{help}"
            );
            for flag in *flags {
                assert!(help.contains(flag), "{args:?} does not name {flag}: {help}");
            }
        }
    }
    let version = cli(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert!(stdout(&version).starts_with("jieqi-cli "));
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = cli(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(o.stderr.is_empty(), "{shell}");
        let script = stdout(&o);
        // The script knows the commands and their flags.
        for word in [
            "jieqi-cli",
            "match-report",
            "tune-label",
            "engine-view",
            "divide",
        ] {
            assert!(script.contains(word), "{shell} script lacks {word}");
        }
    }
    for args in [&["completions"][..], &["completions", "klingon"]] {
        let o = cli(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn clap_errors_keep_their_one_line_messages() {
    for (args, expected) in [
        (
            &["perft", "2", "--depth", "3"][..],
            "error: unknown flag '--depth' for 'perft'\n",
        ),
        (
            &["perft", "2", "--divid"],
            "error: unknown flag '--divid' for 'perft' (did you mean '--divide'?)\n",
        ),
        (&["perft", "2", "3"], "error: unexpected argument '3'\n"),
        (
            &["perft", "-1"],
            "error: depth '-1' is not a whole number (allowed: 0 to 8)\n",
        ),
        (
            &["nonsense"],
            "error: unknown command 'nonsense' (try 'jieqi-cli help')\n",
        ),
        (
            &[
                "match",
                "--a",
                "Club",
                "--b",
                "Club",
                "--games",
                "2",
                "--threads",
                "0",
            ],
            "error: --threads 0 is out of range (allowed: 1 to 64)\n",
        ),
    ] {
        let o = cli(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8(o.stderr).unwrap(), expected, "{args:?}");
    }
    // A flag given twice takes its last value; a list flag gathers all.
    assert_eq!(
        stdout(&cli(&[
            "perft",
            "1",
            "--variant",
            "jieqi",
            "--variant",
            "xiangqi"
        ])),
        "nodes 44\n"
    );
    assert!(
        stdout(&cli(&["moves", "--moves", "h2e2", "--moves", "h9g7"]))
            .lines()
            .any(|l| l == "e2e6")
    );
    // Without a command: the help, on stderr, and status 2.
    let o = cli(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("Usage: jieqi-cli <COMMAND>")
    );
}
