//! `jieqi-cli tune-data` and `tune`: data from self-play, the tuner, and its one-line errors.

mod common;

use common::cli;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jieqi-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The command fails with exit status 2 and one line on stderr containing `expected`.
fn fails(args: &[&str], expected: &str) {
    let o = cli(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn data_then_tune_writes_weights_that_parse_as_rust_consts() {
    for variant in ["xiangqi", "jieqi"] {
        let data = temp(&format!("{variant}.txt"));
        let data_s = data.to_str().unwrap();
        let o = cli(&[
            "tune-data",
            "--variant",
            variant,
            "--games",
            "2",
            "--nodes",
            "300",
            "--out",
            data_s,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&data).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert!(lines.len() > 20, "{}", lines.len());
        assert!(
            lines
                .iter()
                .all(|l| l.ends_with(";1") || l.ends_with(";0") || l.ends_with(";0.5"))
        );
        // The same arguments, two threads: the same file.
        let again = temp(&format!("{variant}-again.txt"));
        let o = cli(&[
            "tune-data",
            "--variant",
            variant,
            "--games",
            "2",
            "--nodes",
            "300",
            "--threads",
            "2",
            "--out",
            again.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        assert_eq!(std::fs::read_to_string(&again).unwrap(), text);

        let out = temp(&format!("{variant}-weights.rs"));
        let o = cli(&[
            "tune",
            "--data",
            data_s,
            "--variant",
            variant,
            "--iterations",
            "20",
            "--out",
            out.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout.contains(" K "), "{stdout}");
        assert!(stdout.contains("after:"), "{stdout}");
        let rust = std::fs::read_to_string(&out).unwrap();
        for name in [
            "MATERIAL_MG",
            "PST_CHARIOT",
            "PST_SOLDIER_EG",
            "HIDDEN_BONUS",
            "TEMPO",
        ] {
            assert!(rust.contains(&format!("pub const {name}")), "{name}");
        }
    }
}

/// `--openings search`: the opening plies as `match` chooses its own (a noisy shallow search),
/// varied from game to game, recorded in the header, and the same file on every run.
#[test]
fn tune_data_opens_with_the_matchs_search_openings() {
    let run = |openings: &str, name: &str| {
        let out = temp(name);
        let o = cli(&[
            "tune-data",
            "--variant",
            "xiangqi",
            "--games",
            "4",
            "--nodes",
            "200",
            "--opening-plies",
            "6",
            "--openings",
            openings,
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(&out).unwrap()
    };
    let search = run("search", "search.txt");
    assert!(
        search
            .lines()
            .next()
            .unwrap()
            .ends_with("--openings search")
    );
    assert_eq!(run("search", "search-again.txt"), search);
    let random = run("random", "random.txt");
    assert!(!random.lines().next().unwrap().contains("--openings"));
    assert_ne!(search, random);
    // Each game's first position: the openings differ from game to game.
    let firsts: std::collections::BTreeSet<&str> = search
        .split("# game ")
        .skip(1)
        .filter_map(|game| game.lines().nth(1))
        .collect();
    assert!(firsts.len() >= 3, "{firsts:?}");
}

#[test]
fn bad_inputs_are_one_line_errors() {
    let out = temp("never.rs");
    let out = out.to_str().unwrap();
    let missing = temp("missing.txt");
    fails(
        &[
            "tune",
            "--data",
            missing.to_str().unwrap(),
            "--variant",
            "xiangqi",
            "--out",
            out,
        ],
        "cannot read",
    );
    let cases = [
        ("malformed.txt", "not a fen\n", "line 1"),
        (
            "result.txt",
            "# comment\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;2\n",
            "line 2: result '2'",
        ),
        (
            "fen.txt",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNZ w - - 0 1;1\n",
            "line 1",
        ),
        ("empty.txt", "", "is empty"),
        ("comments.txt", "# only a comment\n", "holds no positions"),
    ];
    for (name, text, expected) in cases {
        let f = temp(name);
        std::fs::write(&f, text).unwrap();
        fails(
            &[
                "tune",
                "--data",
                f.to_str().unwrap(),
                "--variant",
                "xiangqi",
                "--out",
                out,
            ],
            expected,
        );
    }
    let good = temp("good.txt");
    std::fs::write(
        &good,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5\n",
    )
    .unwrap();
    let good = good.to_str().unwrap();
    fails(&["tune", "--data", good, "--out", out], "--variant");
    fails(
        &["tune", "--data", good, "--variant", "banqi", "--out", out],
        "--variant 'banqi'",
    );
    fails(&["tune", "--variant", "xiangqi", "--out", out], "--data");
    fails(&["tune", "--data", good, "--variant", "xiangqi"], "--out");
    for (flag, value) in [
        ("--iterations", "0"),
        ("--rate", "-1"),
        ("--k", "nan"),
        ("--groups", "speed"),
    ] {
        fails(
            &[
                "tune",
                "--data",
                good,
                "--variant",
                "xiangqi",
                "--out",
                out,
                flag,
                value,
            ],
            flag,
        );
    }
    fails(
        &["tune-data", "--variant", "xiangqi", "--out", out],
        "--games",
    );
    fails(
        &[
            "tune-data",
            "--variant",
            "xiangqi",
            "--games",
            "1",
            "--openings",
            "wild",
            "--out",
            out,
        ],
        "--openings",
    );
    fails(
        &[
            "tune-data",
            "--variant",
            "xiangqi",
            "--games",
            "0",
            "--out",
            out,
        ],
        "--games",
    );
    assert!(!std::path::Path::new(out).exists());
}

#[test]
fn tune_label_labels_with_another_engine_and_tune_reads_the_labels() {
    // Two games' positions, as `tune-data` writes them.
    let data = temp("label-data.txt");
    std::fs::write(
        &data,
        "# jieqi-cli tune-data (by hand)\n# game 1\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;1\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1;1\n\
         # game 2\n\
         rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2;0\n\
         3ak4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1;1\n",
    )
    .unwrap();
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_jieqi-cli"));
    let label = |threads: &str, blend: &str, out: &std::path::Path| {
        let o = cli(&[
            "tune-label",
            "--data",
            data.to_str().unwrap(),
            "--engine",
            &engine,
            "--depth",
            "3",
            "--threads",
            threads,
            "--blend",
            blend,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8_lossy(&o.stdout).contains("4 positions labelled"));
        std::fs::read_to_string(out).unwrap()
    };
    let one = label("1", "0", &temp("labels-1.txt"));
    // Each position searched from a cleared table: the threads change nothing.
    assert_eq!(label("2", "0", &temp("labels-2.txt")), one);
    assert_eq!(one.lines().filter(|l| l.starts_with("# game ")).count(), 2);
    let labels: Vec<f64> = one
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.rsplit_once(';').unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(labels.len(), 4);
    assert!(labels.iter().all(|p| (0.0..=1.0).contains(p)), "{labels:?}");
    // A lone chariot against a bare general: Red's win, whatever the games said.
    assert!(labels[3] > 0.9, "{labels:?}");
    // All blend: the games' results again.
    let results = label("1", "1", &temp("labels-results.txt"));
    let results: Vec<&str> = results
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.rsplit_once(';').unwrap().1)
        .collect();
    assert_eq!(results, ["1.0000", "1.0000", "0.0000", "1.0000"]);

    let out = temp("labels-weights.rs");
    let o = cli(&[
        "tune",
        "--data",
        temp("labels-1.txt").to_str().unwrap(),
        "--variant",
        "xiangqi",
        "--iterations",
        "10",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn tune_label_labels_jieqi_views_with_our_engine() {
    // Jieqi self-play data: each line the side to move's view, face-down pieces unseen.
    let data = temp("label-jieqi-data.txt");
    let o = cli(&[
        "tune-data",
        "--variant",
        "jieqi",
        "--games",
        "2",
        "--nodes",
        "300",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_jieqi-cli"));
    let label = |threads: &str, out: &std::path::Path| {
        let o = cli(&[
            "tune-label",
            "--variant",
            "jieqi",
            "--data",
            data.to_str().unwrap(),
            "--engine",
            &engine,
            "--depth",
            "2",
            "--every",
            "4",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out).unwrap()
    };
    let one = label("1", &temp("jieqi-labels-1.txt"));
    assert_eq!(label("2", &temp("jieqi-labels-2.txt")), one);
    assert!(
        one.starts_with("# jieqi-cli tune-label --variant jieqi"),
        "{one}"
    );
    // Every fourth view, told as it was written: the file holds no more than the views did.
    let written = std::fs::read_to_string(&data).unwrap();
    let views: Vec<&str> = written
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.rsplit_once(';').unwrap().0)
        .step_by(4)
        .collect();
    let labelled: Vec<(&str, f64)> = one
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (fen, p) = l.rsplit_once(';').unwrap();
            (fen, p.parse().unwrap())
        })
        .collect();
    assert_eq!(labelled.iter().map(|l| l.0).collect::<Vec<_>>(), views);
    assert!(views.iter().any(|v| v.contains('x') || v.contains('X')));
    assert!(labelled.iter().all(|l| (0.0..=1.0).contains(&l.1)));
    // The scores differ from position to position: the engine searched the views it was told.
    assert!(labelled.iter().any(|l| (l.1 - labelled[0].1).abs() > 1e-3));

    let out = temp("jieqi-labels-weights.rs");
    let o = cli(&[
        "tune",
        "--data",
        temp("jieqi-labels-1.txt").to_str().unwrap(),
        "--variant",
        "jieqi",
        "--iterations",
        "10",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn tune_label_bad_inputs_are_one_line_errors() {
    let data = temp("label-good.txt");
    std::fs::write(
        &data,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5\n",
    )
    .unwrap();
    let data = data.to_str().unwrap();
    let out = temp("label-never.txt");
    let out = out.to_str().unwrap();
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_jieqi-cli"));
    fails(&["tune-label", "--data", data, "--out", out], "--engine");
    for (engine, flag, value, expected) in [
        ("/nonexistent/engine", "--depth", "3", "cannot start engine"),
        (engine.as_str(), "--blend", "2", "--blend"),
        (engine.as_str(), "--depth", "0", "--depth"),
        (engine.as_str(), "--every", "0", "--every"),
        (engine.as_str(), "--variant", "banqi", "--variant"),
    ] {
        fails(
            &[
                "tune-label",
                "--data",
                data,
                "--engine",
                engine,
                "--out",
                out,
                flag,
                value,
            ],
            expected,
        );
    }
    let jieqi = temp("label-jieqi.txt");
    std::fs::write(
        &jieqi,
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1;1\n",
    )
    .unwrap();
    fails(
        &[
            "tune-label",
            "--data",
            jieqi.to_str().unwrap(),
            "--engine",
            &engine,
            "--out",
            out,
        ],
        "Xiangqi",
    );
    assert!(!std::path::Path::new(out).exists());
}
