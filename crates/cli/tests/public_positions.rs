//! A public Jieqi position — a FEN without the deal, as GUIs and engines write it — read by the
//! CLI exactly as the engine reads it (issue 17): a pool field makes a FEN Jieqi, and a move of
//! a face-down piece names what it turned up, which the piece then moves as (rules.md §7, §9).

mod common;

use common::cli;

/// Jieqi's public start: every piece but the generals face down, the whole pool unseen.
const PUBLIC_START: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

fn lines(args: &[&str]) -> Vec<String> {
    let o = cli(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// One line on stderr, exit status 2.
fn refused(args: &[&str]) -> String {
    let o = cli(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn a_named_reveal_moves_as_what_it_turned_up_rules_7() {
    // The cannon point's piece captures on h9 and turns out a soldier: after Black's reply it
    // steps like a soldier across the river (h9h8 down is backwards: not a soldier's move;
    // sideways g9/i9 are), not like a cannon.
    let moves = lines(&["moves", "--fen", PUBLIC_START, "--moves", "h2h9P", "a6a5p"]);
    let from_h9: Vec<&String> = moves.iter().filter(|m| m.starts_with("h9")).collect();
    assert_eq!(from_h9, ["h9g9", "h9i9"], "{moves:?}");
    // The same capture revealing a chariot moves as a chariot.
    let moves = lines(&["moves", "--fen", PUBLIC_START, "--moves", "h2h9R", "a6a5p"]);
    assert!(moves.iter().any(|m| m == "h9h8"), "{moves:?}");
}

#[test]
fn a_face_down_move_must_name_its_reveal_rules_7() {
    let err = refused(&["moves", "--fen", PUBLIC_START, "--moves", "h2e2"]);
    assert!(err.contains("move 1") && err.contains("turned up"), "{err}");
    // A reveal the pool no longer holds: Red has two cannons.
    let err = refused(&[
        "moves",
        "--fen",
        PUBLIC_START,
        "--moves",
        "h2e2C",
        "h9g7n",
        "b2c2C",
        "b9c7n",
        "a3a4C",
    ]);
    assert!(err.contains("move 5"), "{err}");
}

#[test]
fn a_pool_field_makes_a_fen_jieqi_even_when_empty_rules_9() {
    // Every piece face up and every identity seen: the pool is `-`. The advisor on d4 is a
    // revealed one, free to cross the river.
    let fen = "3k5/9/9/9/9/9/3A5/9/9/4K4 w - 0 1";
    let moves = lines(&["moves", "--fen", fen]);
    assert!(moves.iter().any(|m| m == "d3c4"), "{moves:?}");
    // The same board in the standard FEN form is Xiangqi, where it is illegal.
    let err = refused(&["moves", "--fen", "3k5/9/9/9/9/9/3A5/9/9/4K4 w - - 0 1"]);
    assert!(err.contains("advisor"), "{err}");
}

#[test]
fn a_public_position_has_a_view_rules_7() {
    let view = lines(&[
        "view",
        "--side",
        "black",
        "--fen",
        PUBLIC_START,
        "--moves",
        "h2e2C",
    ]);
    let text = view.join("\n");
    assert!(text.contains("Black's view"), "{text}");
    assert!(text.contains("C2=5(=C)"), "{text}");
    // The viewer FEN reads back as the same position.
    let fen = view.last().unwrap();
    let again = lines(&["moves", "--fen", fen]);
    let direct = lines(&["moves", "--fen", PUBLIC_START, "--moves", "h2e2C"]);
    assert_eq!(again, direct);
}
