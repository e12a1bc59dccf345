//! `jieqi-cli review` (issue 21): each move judged from its mover's view, the record written
//! back with evaluations and marks that read back to the same moves.

mod common;

use std::sync::atomic::AtomicBool;

use common::cli;
use jieqi_ai::review::{Mark, parse_eval_tag};
use jieqi_ai::{Engine, Limits};
use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Record, Seed, Side, Xiangqi};

/// Self-play at 3,000 nodes a move, each side from its own view, for `plies` plies; `None`
/// if the game ended first.
fn self_play(mut game: AnyGame, plies: usize) -> Option<AnyGame> {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    while game.moves().len() < plies {
        if game.outcome().is_some() {
            return None;
        }
        let view = game.view(game.position().turn());
        let found = engine.think(&view, &Limits::nodes(3_000), &stop, 0, None);
        game.play(found.best?).ok()?;
    }
    Some(game)
}

/// The two 100-ply games of the review speed figures (docs/measurements.md): self-play from the start in
/// Xiangqi, and in Jieqi from the first deal (counting from 1) whose game lasts 100 plies.
/// Run with `--ignored` to write them again (the same games: node limits make the engine
/// deterministic).
#[test]
#[ignore = "writes the fixtures"]
fn write_the_100_ply_games() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let xiangqi = self_play(Xiangqi::default().into(), 100).expect("100 plies");
    let record = Record::of_view(&xiangqi.view(Side::Red));
    std::fs::write(
        format!("{dir}/xiangqi-100.pgn"),
        record.write(Default::default()),
    )
    .unwrap();
    let (seed, jieqi) = (1..)
        .find_map(|s| Some((Seed(s), self_play(Jieqi::from_seed(Seed(s)).into(), 100)?)))
        .unwrap();
    let mut record = Record::of_view(&jieqi.view(Side::Red));
    record.set_tag("Seed", &seed.to_string());
    std::fs::write(
        format!("{dir}/jieqi-100.pgn"),
        record.write(Default::default()),
    )
    .unwrap();
}

fn fixture(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// issue 21: a reviewed record reads back to the same moves, each with its evaluation, and
/// the marks' glyphs to the marks the summary counts.
#[test]
fn reviewed_records_read_back_to_the_same_moves() {
    for (name, depth) in [("xiangqi-100.pgn", "6"), ("jieqi-100.pgn", "3")] {
        let out = cli(&["review", &fixture(name), "--depth", depth]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let summary = String::from_utf8(out.stderr).unwrap();
        let original = Record::parse(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
        let reviewed = Record::parse(&text).unwrap();
        assert_eq!(reviewed.moves, original.moves, "{name}");
        assert_eq!(reviewed.tags, original.tags);
        assert_eq!(reviewed.notes.len(), 100);
        assert!(
            reviewed
                .notes
                .iter()
                .all(|n| parse_eval_tag(&n.comment).is_some())
        );
        let marks: Vec<Mark> = reviewed
            .notes
            .iter()
            .filter_map(|n| Mark::from_glyph(&n.glyph))
            .collect();
        let counted: usize = summary
            .lines()
            .filter(|l| l.starts_with("Red:") || l.starts_with("Black:"))
            .flat_map(|l| l.split([':', ',']).skip(1))
            .map(|part| {
                part.split_whitespace()
                    .next()
                    .unwrap()
                    .parse::<usize>()
                    .unwrap()
            })
            .sum();
        assert_eq!(marks.len(), counted, "{summary}");
        assert!(
            reviewed
                .notes
                .iter()
                .filter(|n| !n.glyph.is_empty())
                .all(|n| n.comment.contains("Better: ")),
            "every mark names the better move"
        );
        assert!(summary.contains("reviewed 100 plies at depth"), "{summary}");
        assert!(summary.contains("the game turned at ply"), "{summary}");
        // The same review again is the same text: each ply has its own table.
        let again = cli(&["review", &fixture(name), "--depth", depth]);
        assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    }
}

/// Bad input is answered in one line: a Jieqi record without its seed, an illegal move.
#[test]
fn review_refuses_what_it_cannot_review() {
    let dir = std::env::temp_dir().join(format!("jieqi-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seedless = dir.join("seedless.pgn");
    std::fs::write(&seedless, "[Variant \"Jieqi\"]\n\n1. C8+4(=R) *\n").unwrap();
    let illegal = dir.join("illegal.pgn");
    std::fs::write(&illegal, "1. C2=5 K5+5 *\n").unwrap();
    for (path, says) in [(&seedless, "seed"), (&illegal, "move 1 for black")] {
        let out = cli(&["review", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.to_lowercase().contains(says), "{err}");
    }
    let out = cli(&["review"]);
    assert_eq!(out.status.code(), Some(2));
    let out = cli(&["review", &fixture("xiangqi-100.pgn"), "--depth", "99"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// A save (the game's autosave) is reviewed as its record would be: a finished Jieqi game's
/// save holds its seed, so each mover's view can be rebuilt.
#[test]
fn saves_are_reviewed_too() {
    let dir = std::env::temp_dir().join(format!("jieqi-review-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("autosave.json");
    std::fs::write(
        &save,
        r#"{"format": "jieqi-save", "version": 1, "variant": "jieqi", "seed": "7",
            "moves": ["b2b9", "h9g7", "h2h6"], "ending": {"resigned": "black"}, "settings": {}}"#,
    )
    .unwrap();
    let out = cli(&[
        "review",
        save.to_str().unwrap(),
        "--depth",
        "2",
        "--notation",
        "iccs",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back = Record::parse(&String::from_utf8(out.stdout).unwrap()).unwrap();
    let moves: Vec<String> = back.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(moves, ["b2b9", "h9g7", "h2h6"]);
    assert_eq!(back.tag("Seed"), Some("7"));
    assert_eq!(back.notes.len(), 3);
    // A finished Jieqi game: its hindsight line too.
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.contains("hindsight (the deal known) of 3 plies"),
        "{summary}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
