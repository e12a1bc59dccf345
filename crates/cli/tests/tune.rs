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
            "0",
            "--out",
            out,
        ],
        "--games",
    );
    assert!(!std::path::Path::new(out).exists());
}
