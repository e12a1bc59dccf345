//! The command line plays Soldiers, which it has never heard of: `perft`, `moves`, `view`,
//! `replay` and a tiny `match --variant toy` through `jieqi_cli::main_with`, in-process,
//! after `jieqi_toy::register()`.
//!
//! The commands write to the process's stdout, which a test cannot read in-process; so this
//! test (no harness) runs itself again as a child with `TOY_CLI` set: the child registers the
//! toy and runs `main_with` on its arguments, and the parent reads its stdout, stderr and
//! exit status. Each command also runs once in the parent itself, for its exit status.

use std::process::{Command, ExitCode, Output};

/// The child: the command line with the toy registered, as a plug-in's own binary would be.
fn child() -> ExitCode {
    jieqi_toy::register();
    jieqi_cli::main_with(std::env::args_os().skip(1))
}

/// Runs `jieqi-cli ARGS` in a child and returns what it wrote.
fn cli(args: &[&str]) -> Output {
    Command::new(std::env::current_exe().expect("the test binary"))
        .env("TOY_CLI", "1")
        .args(args)
        .output()
        .expect("the test binary runs")
}

/// Its stdout, after checking it ended well.
fn stdout(args: &[&str]) -> String {
    let out = cli(args);
    assert!(
        out.status.success(),
        "{args:?}: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // In-process too: the exit status of the same command run here.
    let here = jieqi_cli::main_with(args.iter().map(Into::into));
    assert_eq!(here, ExitCode::SUCCESS, "{args:?} in-process");
    String::from_utf8(out.stdout).unwrap()
}

/// `perft` counts Soldiers' turns as the crate does (perft 1–3 from the start: 3, 10, 28),
/// from the start, after `--moves`, and from a `--fen` that names no variant (the text is the
/// toy's: three rows of three).
fn perft() {
    assert_eq!(stdout(&["perft", "2", "--variant", "toy"]), "nodes 10\n");
    assert_eq!(stdout(&["perft", "3", "--variant", "toy"]), "nodes 28\n");
    assert_eq!(
        stdout(&["perft", "2", "--variant", "toy", "--divide"]),
        "a1-a2: 3\nb1-b2: 4\nc1-c2: 3\nnodes 10\n"
    );
    assert_eq!(
        stdout(&["perft", "1", "--variant", "toy", "--moves", "b1-b2"]),
        "nodes 4\n"
    );
    assert_eq!(stdout(&["perft", "1", "--fen", "1p1/P2/2P r"]), "nodes 3\n");
}

/// `moves` lists the legal turns in the toy's notation.
fn moves() {
    assert_eq!(
        stdout(&["moves", "--variant", "toy"]),
        "a1-a2\nb1-b2\nc1-c2\n"
    );
    assert_eq!(
        stdout(&["moves", "--variant", "toy", "--moves", "b1-b2"]),
        "a3-a2\na3xb2\nc3-c2\nc3xb2\n"
    );
}

/// `view` draws the board and ends with the position's text.
fn view() {
    let out = stdout(&[
        "view",
        "--variant",
        "toy",
        "--side",
        "red",
        "--moves",
        "a1-a2",
    ]);
    assert!(out.starts_with("Soldiers: Black to move\n"), "{out}");
    assert!(out.ends_with("ppp/P2/1PP b\n"), "{out}");
}

/// A bad turn, a seed and a variant the registry lacks are one line on stderr, status 2.
fn refusals() {
    for (args, says) in [
        (
            &["moves", "--variant", "toy", "--moves", "a1-a3"][..],
            "a1 to a3 is not one square forward",
        ),
        (
            &["perft", "1", "--variant", "toy", "--seed", "7"][..],
            "not dealt",
        ),
        (
            &["moves", "--variant", "toys"][..],
            "(xiangqi, jieqi, banqi, toy)",
        ),
    ] {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `replay` reads a toy record through the registry, every turn checked.
fn replay() {
    let dir = std::env::temp_dir().join(format!("jieqi-toy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(
        &path,
        "[Variant \"Soldiers\"]\n\n1. b1-b2 a3xb2 2. a1-a2 *\n",
    )
    .unwrap();
    let out = stdout(&["replay", path.to_str().unwrap()]);
    assert_eq!(out, "1. b1-b2 a3xb2\n2. a1-a2\nresult *\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tiny match between two levels of the generic search: every game ends by the toy's
/// rules, and the results add up.
fn tiny_match() {
    let out = stdout(&[
        "match",
        "--variant",
        "toy",
        "--a",
        "Beginner",
        "--b",
        "Club",
        "--games",
        "4",
        "--depth",
        "1",
        "--seed",
        "3",
    ]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for line in &games {
        assert!(line.contains("wins") || line.contains("Draw"), "{line}");
    }
    let summary = out
        .lines()
        .find_map(|l| l.strip_prefix("Beginner vs Club: "))
        .unwrap_or_else(|| panic!("no summary in {out}"));
    let wdl: u32 = summary
        .split(',')
        .next()
        .unwrap()
        .split('-')
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(wdl, 4, "{out}");
}

fn main() -> ExitCode {
    if std::env::var_os("TOY_CLI").is_some() {
        return child();
    }
    jieqi_toy::register();
    let tests: [(&str, fn()); 6] = [
        ("perft", perft),
        ("moves", moves),
        ("view", view),
        ("refusals", refusals),
        ("replay", replay),
        ("tiny_match", tiny_match),
    ];
    for (name, test) in tests {
        test();
        println!("test {name} ... ok");
    }
    ExitCode::SUCCESS
}
