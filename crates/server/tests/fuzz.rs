//! spec/online.md §2, §7 over the wire: arbitrary JSON messages (with a known or unknown
//! `t`, fields of any type) and arbitrary text frames after `hello` each get an answer — an
//! `error` with a known code, or a valid message — and never kill the server; a normal game
//! plays afterwards.

mod common;

use std::cell::RefCell;
use std::time::Duration;

use common::{Client, Frame, Rng, Server, greeted, new_pair, plan_texts};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};
use tungstenite::Message;
use tungstenite::protocol::frame::Frame as WsFrame;
use tungstenite::protocol::frame::coding::{Data, OpCode};

const SERVER_MESSAGES: [&str; 10] = [
    "welcome", "created", "joined", "snapshot", "moved", "ended", "presence", "offer", "pong",
    "error",
];

const CODES: [&str; 13] = [
    "hello",
    "protocol",
    "bad_message",
    "unknown_game",
    "bad_token",
    "bad_invite",
    "full",
    "not_your_turn",
    "illegal",
    "stale",
    "over",
    "not_allowed",
    "rate_limited",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e12f64..1e12).prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "jieqi", "xiangqi", "banqi", "red", "offer", "h2e2", "1"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A message-shaped object: a known (or unknown) `t` and the protocol's field names with
/// values of any type.
fn message() -> impl Strategy<Value = Value> {
    let names = vec![
        "hello", "create", "join", "resume", "watch", "move", "resign", "draw", "claim", "ping",
        "pong", "welcome", "", "MOVE",
    ];
    let fields = vec![
        "game",
        "ply",
        "move",
        "variant",
        "rules",
        "clock",
        "colour",
        "deal",
        "invite",
        "token",
        "action",
        "protocol",
        "name",
        "id",
        "initial_ms",
    ];
    (
        prop::sample::select(names),
        prop::collection::btree_map(prop::sample::select(fields), json_value(), 0..6),
        any::<bool>(),
    )
        .prop_map(|(t, fields, with_t)| {
            let mut object: Map<String, Value> = fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            if with_t {
                object.insert("t".into(), Value::from(t));
            }
            Value::Object(object)
        })
}

/// Reads until the `pong` answering `id`; every frame before it must be a server message
/// (an error with a known code and a one-line message). `None` if the connection closed.
fn answers_until_pong(c: &mut Client, id: &str) -> Option<Vec<Value>> {
    let mut seen = Vec::new();
    for _ in 0..50 {
        match c.next(Duration::from_secs(5)) {
            Frame::Text(v) => {
                if v["t"] == "pong" && v["id"] == id {
                    return Some(seen);
                }
                let t = v["t"].as_str().unwrap_or_else(|| panic!("no t: {v}"));
                assert!(SERVER_MESSAGES.contains(&t), "unknown server message {v}");
                if t == "error" {
                    let code = v["code"].as_str().expect("a code");
                    assert!(CODES.contains(&code), "unknown code {v}");
                    let message = v["message"].as_str().expect("a message");
                    assert!(!message.is_empty() && !message.contains('\n'), "{v}");
                }
                seen.push(v);
            }
            Frame::Closed(_) => return None,
            other => panic!("no answer: {other:?}"),
        }
    }
    panic!("too many frames")
}

/// §2, §7: 64 cases of an arbitrary message and an arbitrary text frame, spread over four
/// connections: each is answered, the server survives, then a game plays.
#[test]
fn arbitrary_frames_are_answered_and_the_server_survives() {
    let server = Server::start(&[]);
    let clients = RefCell::new(
        (0..4)
            .map(|i| greeted(&server, &format!("f{i}")))
            .collect::<Vec<_>>(),
    );
    let case = RefCell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 64,
        failure_persistence: None,
        max_shrink_iters: 32,
        ..Config::default()
    });
    runner
        .run(
            &(message(), prop::collection::vec(any::<u8>(), 0..200)),
            |(m, bytes)| {
                let n = {
                    let mut k = case.borrow_mut();
                    *k += 1;
                    *k
                };
                let mut clients = clients.borrow_mut();
                let c = &mut clients[n % 4];
                let text = String::from_utf8_lossy(&bytes).into_owned();
                c.send_text(&m.to_string());
                c.send_text(&text);
                let id = format!("case-{n}");
                c.send(json!({"t": "ping", "id": id}));
                match answers_until_pong(c, &id) {
                    Some(answers) => prop_assert!(
                        answers.len() >= 2,
                        "every frame is answered: {m} / {text:?} got {answers:?}"
                    ),
                    None => {
                        // Only `hello` with another protocol closes a connection.
                        let protocol = c
                            .frames
                            .iter()
                            .rev()
                            .take(4)
                            .any(|f| f.contains("\"protocol\"") && f.contains("error"));
                        prop_assert!(protocol, "closed after {m} / {text:?}");
                        clients[n % 4] = greeted(&server, "again");
                    }
                }
                Ok(())
            },
        )
        .unwrap();
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    for (ply, mv) in plan_texts("xiangqi", None, 6, &mut Rng::new(1))
        .iter()
        .enumerate()
    {
        pair.play(ply as u64, mv);
    }
}

/// A text frame that is not UTF-8 is the sender's problem alone: answered or closed, the
/// server serves the others.
#[test]
fn a_text_frame_that_is_not_utf8_harms_no_one_else() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let mut bad = greeted(&server, "bad");
    let _ = bad.send_message(Message::Frame(WsFrame::message(
        vec![0xff, 0xfe, b'{', 0x80],
        OpCode::Data(Data::Text),
        true,
    )));
    match bad.next(Duration::from_secs(5)) {
        Frame::Text(v) => assert_eq!(v["t"], "error", "{v}"),
        Frame::Closed(_) => {}
        other => panic!("{other:?}"),
    }
    pair.play(0, "h2e2");
    let mut other = greeted(&server, "other");
    other.assert_alive();
}
