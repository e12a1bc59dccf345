//! spec/online.md §1–§2: every registered variant plays through the server — Xiangqi in
//! ICCS, Banqi in its own notation with seats `first`/`second` and its clock by seat.

mod common;

use common::{Rng, Server, new_pair, plan_texts, spectator};
use serde_json::json;

/// Xiangqi: a random legal game of 16 plies; every `moved` writes the move as sent (no
/// reveals); a spectator's snapshot lists them all.
#[test]
fn xiangqi_plays_through_the_server() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    assert_eq!(pair.started.0["variant"], "xiangqi");
    let start = jieqi_rules::STANDARD_FEN;
    assert_eq!(
        pair.started.0["position"], start,
        "the start position's FEN"
    );
    let (mut watcher, _) = spectator(&server, &pair.game);
    let moves = plan_texts("xiangqi", None, 16, &mut Rng::new(16));
    for (ply, mv) in moves.iter().enumerate() {
        let ply = ply as u64;
        let (mine, theirs) = pair.play(ply, mv);
        assert_eq!(mine["move"], mv.as_str());
        assert_eq!(mine, theirs, "Xiangqi has no secrets");
        let seen = watcher.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        assert_eq!(seen, mine);
    }
    let (_, snapshot) = spectator(&server, &pair.game);
    let listed: Vec<&str> = snapshot["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(listed, moves);
    assert_eq!(snapshot["status"], "playing");
}

/// Banqi with a chosen deal: seats `first`/`second`; a flip is sent without its letter and
/// `moved` writes what it turned up (`a1=R`), the same to both players and a spectator (in
/// Banqi no one knows more than anyone).
#[test]
fn banqi_plays_through_the_server() {
    let server = Server::start(&["--allow-deals"]);
    let mut pair = new_pair(&server, json!({"variant": "banqi", "deal": "1"}));
    assert_eq!(pair.creator.seat, "first");
    assert_eq!(pair.joiner.seat, "second");
    let players = pair.started.0["players"].as_object().unwrap();
    assert!(players.contains_key("first") && players.contains_key("second"));
    let (mut watcher, _) = spectator(&server, &pair.game);
    let turns = plan_texts("banqi", Some(1), 12, &mut Rng::new(3));
    for (ply, turn) in turns.iter().enumerate() {
        let ply = ply as u64;
        let (mine, theirs) = pair.play(ply, turn);
        let text = mine["move"].as_str().unwrap();
        if turn.len() == 2 {
            let (square, letter) = text
                .split_once('=')
                .expect("a flip names what it turned up");
            assert_eq!(square, turn);
            assert_eq!(letter.len(), 1);
        } else {
            assert_eq!(text, turn);
        }
        assert_eq!(mine, theirs);
        let seen = watcher.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        assert_eq!(seen, mine);
    }
}

/// Banqi on the server's own deal, timed: the clock is by seat (`first_ms`, `second_ms`),
/// `running` names a seat; a flip from the start is always legal.
#[test]
fn banqi_clock_is_by_seat() {
    let server = Server::start(&[]);
    let mut pair = new_pair(
        &server,
        json!({"variant": "banqi", "clock": {"initial_ms": 30_000, "increment_ms": 0}}),
    );
    let clock = &pair.started.0["clock"];
    assert_eq!(clock["running"], "first", "{clock}");
    assert!(
        clock["first_ms"].is_u64() && clock["second_ms"].is_u64(),
        "{clock}"
    );
    let (moved, _) = pair.play(0, "a1");
    assert!(
        moved["move"].as_str().unwrap().starts_with("a1="),
        "{moved}"
    );
    assert_eq!(moved["clock"]["running"], "second");
    let (moved, _) = pair.play(1, "h4");
    assert!(
        moved["move"].as_str().unwrap().starts_with("h4="),
        "{moved}"
    );
    assert_eq!(moved["clock"]["running"], "first");
}
