//! spec/online.md §7 (and §2's size rule): message size, flooding, connections per address,
//! and that no connection's misbehaviour stalls another game.

mod common;

use std::time::{Duration, Instant};

use common::{Client, Frame, Server, greeted, new_pair, spectator};
use serde_json::json;
use tungstenite::Message;
use tungstenite::protocol::frame::Frame as WsFrame;
use tungstenite::protocol::frame::coding::{Data, OpCode};

fn padded_ping(total: usize) -> String {
    let head = r#"{"t":"ping","pad":""#;
    let tail = r#""}"#;
    format!(
        "{head}{}{tail}",
        "x".repeat(total - head.len() - tail.len())
    )
}

/// §2, §7: a frame over 64 KiB closes its connection with 1009; one just under is read; the
/// other connections' game goes on.
#[test]
fn a_frame_over_64_kib_closes_only_its_connection() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({}));
    let mut big = greeted(&server, "big");
    let under = padded_ping(60 * 1024);
    big.send_text(&under);
    big.expect("pong");
    let over = padded_ping(64 * 1024 + 100);
    let _ = big.send_message(Message::text(over));
    assert_eq!(big.wait_close(Duration::from_secs(5)), Some(1009));
    pair.play(0, "h0g2");
    pair.play(1, "h9g7");
    let mut after = greeted(&server, "after");
    after.assert_alive();
}

/// §7: the size counts after reassembly: three 30 KB fragments are one 90 KB message (1009).
#[test]
fn a_fragmented_message_over_64_kib_closes_too() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "fragments");
    let chunk = "x".repeat(30_000);
    let frames = [
        WsFrame::message(
            format!(r#"{{"t":"ping","pad":"{chunk}"#).into_bytes(),
            OpCode::Data(Data::Text),
            false,
        ),
        WsFrame::message(
            chunk.clone().into_bytes(),
            OpCode::Data(Data::Continue),
            false,
        ),
        WsFrame::message(
            format!(r#"{chunk}"}}"#).into_bytes(),
            OpCode::Data(Data::Continue),
            true,
        ),
    ];
    for f in frames {
        if c.send_message(Message::Frame(f)).is_err() {
            break;
        }
    }
    assert_eq!(c.wait_close(Duration::from_secs(5)), Some(1009));
    let mut other = greeted(&server, "other");
    other.assert_alive();
}

/// §7: over the rate limit for 3 seconds running closes the connection with 1008: not before
/// 3 s of refusals (a shorter burst is only `rate_limited`), and not much after.
#[test]
fn flooding_for_three_seconds_closes_with_1008() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({}));
    let mut flood = greeted(&server, "flood");
    flood.pace = false;
    let started = Instant::now();
    let mut code = None;
    let mut limited = 0;
    'outer: while started.elapsed() < Duration::from_secs(8) {
        for _ in 0..5 {
            if flood
                .send_message(Message::text(r#"{"t":"ping"}"#))
                .is_err()
            {
                code = Some(flood.wait_close(Duration::from_secs(2)));
                break 'outer;
            }
        }
        loop {
            match flood.next(Duration::from_millis(2)) {
                Frame::Text(v) => {
                    if v["code"] == "rate_limited" {
                        limited += 1;
                    }
                }
                Frame::Closed(c) => {
                    code = Some(c);
                    break 'outer;
                }
                Frame::Timeout => break,
                other => panic!("{other:?}"),
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = started.elapsed();
    assert_eq!(code, Some(Some(1008)), "closed for flooding after {took:?}");
    assert!(limited > 0, "rate_limited errors came first");
    assert!(
        took >= Duration::from_millis(2900) && took <= Duration::from_millis(6000),
        "closed after about 3 s of flooding, not {took:?}"
    );
    pair.play(0, "h0g2");
}

/// §7: `--max-connections-per-ip 3` refuses a fourth connection from the address, and
/// takes one again once another has gone.
#[test]
fn connections_per_address_are_limited() {
    let server = Server::start(&["--max-connections-per-ip", "3"]);
    let mut held: Vec<Client> = (0..3).map(|i| greeted(&server, &format!("c{i}"))).collect();
    match Client::try_connect(&server.addr) {
        Err(_) => {}
        Ok(mut fourth) => {
            fourth.send(json!({"t": "hello", "protocol": 1, "name": "c4"}));
            match fourth.next(Duration::from_secs(3)) {
                Frame::Closed(_) => {}
                Frame::Text(v) => panic!("a fourth connection was served: {v}"),
                other => panic!("a fourth connection neither refused nor closed: {other:?}"),
            }
        }
    }
    for c in &mut held {
        c.assert_alive();
    }
    let mut gone = held.pop().unwrap();
    gone.close();
    let _ = gone.wait_close(Duration::from_secs(3));
    drop(gone);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        if let Ok(mut c) = Client::try_connect(&server.addr) {
            c.send(json!({"t": "hello", "protocol": 1, "name": "again"}));
            if let Frame::Text(v) = c.next(Duration::from_secs(2)) {
                assert_eq!(v["t"], "welcome", "{v}");
                break;
            }
        }
        assert!(Instant::now() < deadline, "a freed place is taken again");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// §7: a connection that never reads (its receive buffer tiny, spectator traffic and
/// snapshots piling up for it) stalls no game: a whole sequence of moves plays in the game
/// it watches and in another.
#[test]
fn a_client_that_never_reads_stalls_no_game() {
    let server = Server::start(&[]);
    let mut watched = new_pair(&server, json!({"variant": "xiangqi"}));
    let mut other = new_pair(&server, json!({"variant": "xiangqi"}));
    let mut idle = Client::connect_small_buffer(&server.addr);
    idle.send(json!({"t": "hello", "protocol": 1, "name": "idle"}));
    // It watches both games, many times over, and never reads a byte.
    for _ in 0..10 {
        idle.send(json!({"t": "watch", "game": watched.game}));
        idle.send(json!({"t": "watch", "game": other.game}));
    }
    let (mut reader, _) = spectator(&server, &watched.game);
    let moves = common::plan_texts("xiangqi", None, 12, &mut common::Rng::new(5));
    let started = Instant::now();
    for (ply, mv) in moves.iter().enumerate() {
        let ply = ply as u64;
        watched.play(ply, mv);
        other.play(ply, mv);
        reader.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        // Pile more up for the idle one between moves.
        let _ = idle.send_message(Message::text(
            json!({"t": "watch", "game": watched.game}).to_string(),
        ));
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the games were slowed: {:?}",
        started.elapsed()
    );
}
