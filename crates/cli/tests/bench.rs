//! `jieqi-cli bench`: fixed work, so the node count is the same on every run.

mod common;

use std::process::Command;

use common::cli;

fn bench(args: &[&str]) -> String {
    let o = cli(&[&["bench"], args].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// N and M of the last line, `nodes N nps M`.
fn nodes_nps(out: &str) -> (u64, u64) {
    let last = out.lines().last().expect("output");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[0], words[2]), ("nodes", "nps"), "{last}");
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn node_count_repeats() {
    let (a, nps) = nodes_nps(&bench(&["--depth", "5"]));
    let (b, _) = nodes_nps(&bench(&["--depth", "5"]));
    assert_eq!(a, b);
    assert!(a > 0 && nps > 0);
    // The same work the engine's own bench does.
    assert_eq!(a, jieqi_ai::bench(5).0);
}

#[test]
fn verbose_lists_every_position_and_they_add_up() {
    let out = bench(&["--depth", "4", "--verbose"]);
    let positions: Vec<&str> = out.lines().filter(|l| l.starts_with("position ")).collect();
    assert_eq!(positions.len(), jieqi_ai::bench_positions().len());
    let sum: u64 = positions
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, nodes_nps(&out).0);
}

#[test]
fn bad_depth_is_exit_2() {
    for args in [
        &["--depth", "0"][..],
        &["--depth", "x"],
        &["--depth"],
        &["5"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
            .arg("bench")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    }
}
