//! spec/online.md §5: a move is announced only once committed; `kill -9` at any moment loses
//! no announced move; players resume with their tokens after a restart on the same `--db`;
//! time the server was down is charged to no one; a seat has one connection (4001);
//! SIGTERM closes every socket with 1001 and exits 0 within 5 s; finished games stay and can
//! be watched.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::{Client, Pair, Rng, Server, deal_of, greeted, new_pair, plan, spectator};
use serde_json::{Value, json};

fn db_server(dir: &tempfile::TempDir, extra: &[&str]) -> Server {
    let path = dir.path().join("games.sqlite");
    let path = path.to_str().expect("a UTF-8 path").to_string();
    let mut args = vec!["--db", path.as_str()];
    args.extend_from_slice(extra);
    Server::start(&args)
}

/// Resumes `seat` with `token` from a new connection: the client and its snapshot.
fn resume(server: &Server, game: &str, token: &str, seat: &str) -> (Client, Value) {
    let mut c = greeted(server, seat);
    c.send(json!({"t": "resume", "game": game, "token": token}));
    let s = c.wait_until("snapshot", |v| v["t"] == "snapshot" || v["t"] == "error");
    assert_eq!(s["t"], "snapshot", "resume {seat} after a restart: {s}");
    assert_eq!(s["seat"], seat);
    (c, s)
}

fn moves_of(snapshot: &Value) -> Vec<String> {
    snapshot["moves"]
        .as_array()
        .expect("a snapshot lists its moves")
        .iter()
        .map(|m| m.as_str().expect("a move is text").to_string())
        .collect()
}

/// Every `moved` text a client has read, in order.
fn announced(c: &Client) -> Vec<String> {
    c.frames
        .iter()
        .filter_map(|f| serde_json::from_str::<Value>(f).ok())
        .filter(|v| v["t"] == "moved")
        .map(|v| v["move"].as_str().expect("move text").to_string())
        .collect()
}

/// §5: rounds of play, each ended by `kill -9` at a random point (idle, right after a move
/// was sent, a few milliseconds after), then a restart on the same file: the players resume
/// with their tokens, every announced move is in their snapshots, in order, and the game
/// goes on; finished, it is still there to watch after another restart.
#[test]
fn kill_9_loses_no_announced_move() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = db_server(&dir, &["--allow-deals"]);
    let deal = deal_of(300);
    let planned = (0..50)
        .map(|k| plan(&deal, 40, &mut Rng::new(300 + k)).0)
        .find(|p| p.len() == 40)
        .expect("a game that lasts 40 plies");
    let pair = new_pair(&server, json!({"variant": "jieqi", "deal": deal}));
    let game = pair.game.clone();
    let tokens = [
        ("red", pair.seat_token("red")),
        ("black", pair.seat_token("black")),
    ];
    // What each seat has been told so far, over every connection it had.
    let mut told: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    // What each seat's snapshot listed when its current connection resumed.
    let mut base: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut pair = Some(pair);
    let mut rng = Rng::new(9);
    let mut ply = 0u64;
    for round in 0..5 {
        let mut p = match pair.take() {
            Some(p) => p,
            None => {
                let mut players = Vec::new();
                for (i, (seat, token)) in tokens.iter().enumerate() {
                    let (c, snapshot) = resume(&server, &game, token, seat);
                    let moves = moves_of(&snapshot);
                    assert_eq!(snapshot["status"], "playing", "round {round}");
                    assert!(
                        moves.len() >= told[i].len() && moves.len() <= told[i].len() + 1,
                        "round {round}: {seat} was told {} moves, the snapshot has {}",
                        told[i].len(),
                        moves.len()
                    );
                    assert_eq!(
                        moves[..told[i].len()],
                        told[i][..],
                        "round {round}: {seat}'s announced moves, in order"
                    );
                    told[i] = moves.clone();
                    base[i] = moves;
                    players.push((c, snapshot));
                }
                assert_eq!(told[0].len(), told[1].len(), "both seats see every ply");
                ply = told[0].len() as u64;
                let (black, _) = players.pop().unwrap();
                let (red, _) = players.pop().unwrap();
                Pair::of(game.clone(), red, black, &tokens)
            }
        };
        let k = 1 + rng.below(4) as u64;
        for _ in 0..k {
            let (mine, theirs) = p.play(ply, &planned[ply as usize].iccs);
            let i = (ply % 2) as usize;
            told[i].push(mine["move"].as_str().unwrap().to_string());
            told[1 - i].push(theirs["move"].as_str().unwrap().to_string());
            ply += 1;
        }
        // The kill: idle, or with a move in flight.
        let mode = round % 3;
        if mode > 0 {
            let mover = p.mover(ply);
            let mv = planned[ply as usize].iccs.clone();
            p.seat(&mover)
                .client
                .send(json!({"t": "move", "game": game, "ply": ply, "move": mv}));
            if mode == 2 {
                thread::sleep(Duration::from_millis(rng.below(15) as u64));
            }
        }
        server.kill9();
        // Whatever reached the players before the kill was announced.
        for (i, seat) in ["red", "black"].into_iter().enumerate() {
            let c = &mut p.seat(seat).client;
            while let common::Frame::Text(_) = c.next(Duration::from_millis(50)) {}
            told[i] = base[i].iter().cloned().chain(announced(c)).collect();
        }
        drop(p);
        server.restart();
    }
    // Finish: resume, resign, and watch the finished game after another restart.
    let (mut red, snapshot) = resume(&server, &game, &tokens[0].1, "red");
    assert!(moves_of(&snapshot).len() >= told[0].len());
    red.send(json!({"t": "resign", "game": game}));
    let ended = red.wait_for("ended");
    assert_eq!(ended["result"], "0-1");
    server.kill9();
    server.restart();
    let (_, over) = spectator(&server, &game);
    assert_eq!(over["status"], "over", "a finished game is kept: {over}");
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], ended["reason"]);
    assert_eq!(over["deal"], ended["deal"]);
    assert!(moves_of(&over).len() >= told[0].len());
}

/// §5: the time the server was down is charged to no one: the running clock reads after a
/// restart about what it read before the kill.
#[test]
fn downtime_is_charged_to_no_one() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = db_server(&dir, &[]);
    let mut pair = new_pair(
        &server,
        json!({"variant": "xiangqi", "clock": {"initial_ms": 60_000, "increment_ms": 0}}),
    );
    let game = pair.game.clone();
    let tokens = [
        ("red", pair.seat_token("red")),
        ("black", pair.seat_token("black")),
    ];
    let (moved, _) = pair.play(0, "h2e2");
    let before = moved["clock"]["black_ms"].as_u64().expect("black's clock");
    let red_before = moved["clock"]["red_ms"].as_u64().expect("red's clock");
    assert_eq!(moved["clock"]["running"], "black");
    server.kill9();
    drop(pair);
    let down = Duration::from_millis(3000);
    thread::sleep(down);
    server.restart();
    let started = Instant::now();
    let (mut black, snapshot) = resume(&server, &game, &tokens[1].1, "black");
    let after = snapshot["clock"]["black_ms"]
        .as_u64()
        .expect("black's clock");
    let up = started.elapsed().as_millis() as u64;
    assert!(
        after + 1200 + up >= before && after <= before,
        "black's clock read {before} ms before the kill, {after} ms after {down:?} down"
    );
    assert_eq!(snapshot["clock"]["red_ms"].as_u64(), Some(red_before));
    assert_eq!(snapshot["clock"]["running"], "black");
    let (_red, _) = resume(&server, &game, &tokens[0].1, "red");
    black.send(json!({"t": "move", "game": game, "ply": 1, "move": "h9g7"}));
    let moved = black.wait_for("moved");
    let black_ms = moved["clock"]["black_ms"].as_u64().unwrap();
    assert!(
        black_ms + 1500 + up >= before,
        "{black_ms} against {before}"
    );
}

/// §5: a seat has one connection: `resume` from a new one closes the old (4001), and the
/// new one plays on.
#[test]
fn resume_from_a_new_connection_closes_the_old_one() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    pair.play(0, "h2e2");
    let token = pair.seat_token("black");
    let (mut fresh, snapshot) = resume(&server, &game, &token, "black");
    assert_eq!(moves_of(&snapshot), vec!["h2e2".to_string()]);
    assert_eq!(snapshot["status"], "playing");
    let old = &mut pair.seat("black").client;
    assert_eq!(old.wait_close(Duration::from_secs(5)), Some(4001));
    fresh.send(json!({"t": "move", "game": game, "ply": 1, "move": "h9g7"}));
    fresh.wait_for("moved");
    let red = &mut pair.seat("red").client;
    let moved = red.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == 1);
    assert_eq!(moved["move"], "h9g7");
}

/// §1, §5: SIGTERM closes every WebSocket with 1001 and exits 0 within 5 s; nothing
/// announced is lost.
#[test]
fn sigterm_closes_with_1001_and_exits_0() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = db_server(&dir, &[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    let (mut watcher, _) = spectator(&server, &game);
    pair.play(0, "h2e2");
    pair.play(1, "h9g7");
    let token = pair.seat_token("red");
    let (status, took) = server.terminate(Duration::from_secs(8));
    let status = status.expect("the server exits after SIGTERM");
    assert!(status.success(), "exit status {status:?}");
    assert!(took <= Duration::from_secs(5), "took {took:?}");
    for c in [
        &mut pair.creator.client,
        &mut pair.joiner.client,
        &mut watcher,
    ] {
        assert_eq!(c.wait_close(Duration::from_secs(2)), Some(1001));
    }
    server.restart();
    let (_, snapshot) = resume(&server, &game, &token, "red");
    assert_eq!(moves_of(&snapshot), vec!["h2e2", "h9g7"]);
}
