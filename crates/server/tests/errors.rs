//! spec/online.md §2: every error code, the order they are checked in, `id` echoing, and
//! that a connection stays open after every error but the closing ones. Black-box: a
//! client written from the spec alone.

mod common;

use std::time::Duration;

use common::{Client, Server, greeted, new_pair, spectator};
use serde_json::json;
use tungstenite::Message;

/// §2: every message before `hello` gets `error {code: "hello"}` (its `id` echoed), whatever
/// it is, and the connection stays open for a `hello` after it.
#[test]
fn before_hello_every_frame_is_answered_hello() {
    let server = Server::start(&[]);
    let mut c = Client::connect(&server);
    for (i, frame) in [
        json!({"t": "ping"}),
        json!({"t": "create", "variant": "jieqi"}),
        json!({"t": "watch", "game": "nope"}),
        json!({"t": "teleport"}),
    ]
    .into_iter()
    .enumerate()
    {
        let mut frame = frame;
        frame["id"] = json!(i);
        c.send(frame.clone());
        let e = c.wait_error("hello");
        assert_eq!(e["id"], json!(i), "the id is echoed: {e}");
    }
    c.send_text("not json at all");
    c.wait_error("hello");
    c.hello("late");
    c.assert_alive();
}

/// §2: `hello` with another protocol number → `error {code: "protocol"}` and the close (1002).
#[test]
fn another_protocol_number_is_refused_and_closed() {
    let server = Server::start(&[]);
    let mut c = Client::connect(&server);
    c.send(json!({"t": "hello", "protocol": 2, "name": "future", "id": "h"}));
    let e = c.wait_error("protocol");
    assert_eq!(e["id"], "h");
    assert_eq!(c.wait_close(Duration::from_secs(5)), Some(1002));
    // The server still serves others.
    let mut other = greeted(&server, "other");
    other.assert_alive();
}

/// §2, §7: a binary frame, invalid JSON, a JSON value that is not an object, an unknown `t`,
/// a known `t` with missing or mistyped fields: each is `bad_message`, `id` echoed where
/// one was readable, and the connection stays open.
#[test]
fn malformed_frames_are_bad_messages_and_the_connection_stays_open() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "sloppy");
    c.send_message(Message::binary(vec![1u8, 2, 3]))
        .expect("binary frame sent");
    c.wait_error("bad_message");
    c.assert_alive();
    for text in [
        "not json",
        "{\"t\":",
        "[1,2,3]",
        "42",
        "\"ping\"",
        "{}",
        "{\"t\": 5}",
        "{\"t\":\"move\",\"game\":\"g\"}",
        "{\"t\":\"move\",\"game\":\"g\",\"ply\":\"zero\",\"move\":\"h2e2\"}",
        "{\"t\":\"draw\",\"game\":\"g\",\"action\":\"maybe\"}",
    ] {
        c.send_text(text);
        c.wait_error("bad_message");
        c.assert_alive();
    }
    c.send(json!({"t": "teleport", "id": "x1"}));
    let e = c.wait_error("bad_message");
    assert_eq!(e["id"], "x1", "the id of an unknown message is echoed: {e}");
    c.assert_alive();
}

/// §2: a game id nobody created is `unknown_game`, for every message naming a game.
#[test]
fn an_unknown_game_is_unknown_game() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "lost");
    for (i, m) in [
        json!({"t": "watch", "game": "no-such-game"}),
        json!({"t": "join", "game": "no-such-game", "invite": "abc"}),
        json!({"t": "resume", "game": "no-such-game", "token": "abc"}),
        json!({"t": "move", "game": "no-such-game", "ply": 0, "move": "h2e2"}),
        json!({"t": "resign", "game": "no-such-game"}),
        json!({"t": "draw", "game": "no-such-game", "action": "offer"}),
        json!({"t": "claim", "game": "no-such-game"}),
    ]
    .into_iter()
    .enumerate()
    {
        let mut m = m;
        m["id"] = json!(i);
        c.send(m);
        let e = c.wait_error("unknown_game");
        assert_eq!(e["id"], json!(i));
    }
    c.assert_alive();
}

/// §2, §7: a wrong token is `bad_token`, a wrong invite `bad_invite`, with the same text
/// whatever the game and its state, and no word of the real token or invite.
#[test]
fn wrong_tokens_and_invites_reveal_nothing() {
    let server = Server::start(&[]);
    let mut waiting = greeted(&server, "host");
    waiting.send(json!({"t": "create", "variant": "jieqi"}));
    let created = waiting.wait_for("created");
    let w_game = created["game"].as_str().unwrap().to_string();
    let w_token = created["token"].as_str().unwrap().to_string();
    let w_invite = created["invite"].as_str().unwrap().to_string();
    let mut pair = new_pair(&server, json!({}));
    let mut c = greeted(&server, "guesser");
    let mut texts = Vec::new();
    for (game, real) in [(&w_game, &w_token), (&pair.game, &pair.creator.token)] {
        for guess in ["AAAAAAAAAAAAAAAAAAAAAA", "x", ""] {
            c.send(json!({"t": "resume", "game": game, "token": guess}));
            let e = c.wait_error("bad_token");
            let text = e["message"].as_str().unwrap().to_string();
            assert!(!text.contains(real.as_str()), "names the token: {text}");
            assert!(!text.contains(game.as_str()), "names the game: {text}");
            texts.push(text);
        }
        // Another game's real token is as wrong.
        let other = if game == &w_game {
            &pair.creator.token
        } else {
            &w_token
        };
        c.send(json!({"t": "resume", "game": game, "token": other}));
        let e = c.wait_error("bad_token");
        texts.push(e["message"].as_str().unwrap().to_string());
    }
    texts.dedup();
    assert_eq!(texts.len(), 1, "one text for every wrong token: {texts:?}");
    let mut texts = Vec::new();
    for (game, real) in [(&w_game, &w_invite), (&pair.game, &pair.invite)] {
        for guess in ["AAAAAAAAAAAAAAAAAAAAAA", "x", ""] {
            // A full game with a wrong invite is `bad_invite`, checked before `full`.
            c.send(json!({"t": "join", "game": game, "invite": guess}));
            let e = c.wait_error("bad_invite");
            let text = e["message"].as_str().unwrap().to_string();
            assert!(!text.contains(real.as_str()), "names the invite: {text}");
            texts.push(text);
        }
    }
    texts.dedup();
    assert_eq!(texts.len(), 1, "one text for every wrong invite: {texts:?}");
    c.assert_alive();
    // Nothing changed: the game still plays.
    pair.play(0, "h0g2");
}

/// §2: a third `join` with the right invite is `full`.
#[test]
fn a_third_join_is_full() {
    let server = Server::start(&[]);
    let pair = new_pair(&server, json!({}));
    let mut third = greeted(&server, "third");
    third.send(json!({"t": "join", "game": pair.game, "invite": pair.invite, "id": 3}));
    let e = third.wait_error("full");
    assert_eq!(e["id"], 3);
    // The creator cannot take the other seat either.
    let mut creator = pair.creator.client;
    creator.send(json!({"t": "join", "game": pair.game, "invite": pair.invite}));
    creator.wait_error("full");
    third.assert_alive();
}

/// Decisions (docs/protocol.md): `created` then a waiting snapshot to the creator; the joiner
/// `joined` then a snapshot; the creator a snapshot, playing. Ids and secrets are opaque,
/// tokens long enough for 128 random bits, invites for 40; every game's differ.
#[test]
fn create_and_join_answer_as_decided() {
    let server = Server::start(&[]);
    let mut a = greeted(&server, "alice");
    a.send(json!({"t": "create", "variant": "jieqi", "colour": "black", "id": "c"}));
    let created = a.expect("created");
    assert_eq!(created["id"], "c");
    assert_eq!(created["seat"], "black");
    let waiting = a.expect("snapshot");
    assert_eq!(waiting["status"], "waiting");
    assert_eq!(waiting["seat"], "black");
    assert_eq!(waiting["variant"], "jieqi");
    assert!(waiting["moves"].as_array().unwrap().is_empty());
    assert!(waiting.get("clock").is_none(), "untimed: no clock");
    let game = created["game"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    // Any encoding: at least 128 bits need 22 base64 / 26 base32 / 32 hex characters; 40
    // bits need 7 / 8 / 10. The shortest alphabet that could hold them is base64.
    assert!(token.len() >= 22, "token too short for 128 bits: {token}");
    assert!(invite.len() >= 7, "invite too short for 40 bits: {invite}");
    assert_ne!(token, invite);
    let mut b = greeted(&server, "bob");
    b.send(json!({"t": "join", "game": game, "invite": invite, "id": "j"}));
    let joined = b.expect("joined");
    assert_eq!(joined["id"], "j");
    assert_eq!(joined["seat"], "red");
    assert_eq!(joined["game"], game);
    assert_ne!(joined["token"], token);
    let s = b.expect("snapshot");
    assert_eq!(s["status"], "playing");
    assert_eq!(s["seat"], "red");
    assert_eq!(s["players"]["black"]["name"], "alice");
    assert_eq!(s["players"]["red"]["name"], "bob");
    assert_eq!(s["players"]["black"]["connected"], true);
    let s = a.wait_until("snapshot", |v| v["t"] == "snapshot");
    assert_eq!(s["status"], "playing");
    assert_eq!(s["seat"], "black");
    // A second game has other secrets.
    a.send(json!({"t": "create", "variant": "jieqi"}));
    let other = a.expect("created");
    assert_ne!(other["game"], game);
    assert_ne!(other["token"], token);
    assert_ne!(other["invite"], invite);
    let colour = other["seat"].as_str().unwrap();
    assert!(
        colour == "red" || colour == "black",
        "random colour: {colour}"
    );
}

/// §2 `not_allowed`: a spectator or a stranger acting as a player.
#[test]
fn spectators_and_strangers_cannot_act_as_players() {
    let server = Server::start(&["--grace", "1"]);
    let mut pair = new_pair(&server, json!({}));
    let (mut watcher, _) = spectator(&server, &pair.game);
    let mut stranger = greeted(&server, "stranger");
    for c in [&mut watcher, &mut stranger] {
        for m in [
            json!({"t": "move", "game": pair.game, "ply": 0, "move": "h0g2", "id": 1}),
            json!({"t": "resign", "game": pair.game, "id": 2}),
            json!({"t": "draw", "game": pair.game, "action": "offer", "id": 3}),
            json!({"t": "claim", "game": pair.game, "id": 4}),
        ] {
            let id = m["id"].clone();
            c.send(m);
            let e = c.wait_error("not_allowed");
            assert_eq!(e["id"], id);
        }
        c.assert_alive();
    }
    // Nothing changed.
    let (moved, _) = pair.play(0, "h0g2");
    let seen = watcher.wait_for("moved");
    assert_eq!(seen["move"], moved["move"]);
}

/// §3: a client's deal without `--allow-deals` is `not_allowed`, both as a seed and as a
/// full-knowledge FEN.
#[test]
fn a_chosen_deal_needs_allow_deals() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "cheat");
    for deal in ["7".to_string(), common::deal_of(7)] {
        c.send(json!({"t": "create", "variant": "jieqi", "deal": deal, "id": "d"}));
        let e = c.wait_error("not_allowed");
        assert_eq!(e["id"], "d");
        c.assert_alive();
    }
}

/// §2 `not_your_turn`, `stale` (future and resent plies), `illegal` with the rules' reason,
/// and §4: a refused move changes nothing.
#[test]
fn turn_ply_and_legality_errors() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({}));
    let game = pair.game.clone();
    // Black at ply 0: not its turn.
    let black = &mut pair.seat("black").client;
    black.send(json!({"t": "move", "game": game, "ply": 0, "move": "h7h0", "id": "b"}));
    assert_eq!(black.wait_error("not_your_turn")["id"], "b");
    let red = &mut pair.seat("red").client;
    // A future ply.
    red.send(json!({"t": "move", "game": game, "ply": 1, "move": "h0g2", "id": "f"}));
    assert_eq!(red.wait_error("stale")["id"], "f");
    // Illegal: the chariot's way up the a-file is blocked by its soldier.
    red.send(json!({"t": "move", "game": game, "ply": 0, "move": "a0a5", "id": "i"}));
    let e = red.wait_error("illegal");
    assert_eq!(e["id"], "i");
    let reason = jieqi_rules::Refusal::PieceInTheWay.message();
    assert!(
        e["message"].as_str().unwrap().contains(reason),
        "the rules' reason ({reason}): {e}"
    );
    // Unreadable move text: illegal or bad_message, never accepted.
    red.send(json!({"t": "move", "game": game, "ply": 0, "move": "zz99"}));
    let e = red.wait_for("error");
    assert!(e["code"] == "illegal" || e["code"] == "bad_message", "{e}");
    red.assert_alive();
    // Nothing changed: ply 0 is still to play, by red.
    let (moved, _) = pair.play(0, "h0g2");
    assert!(moved["move"].as_str().unwrap().starts_with("h0g2"));
    pair.play(1, "h9g7");
    // Red resends its ply-0 move at its turn (ply 2): stale.
    let red = &mut pair.seat("red").client;
    red.send(json!({"t": "move", "game": game, "ply": 0, "move": "h0g2", "id": "r"}));
    assert_eq!(red.wait_error("stale")["id"], "r");
    pair.play(2, "b0c2");
}

/// §2's order: not_your_turn before stale, stale before illegal.
#[test]
fn turn_is_checked_before_ply_and_ply_before_legality() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({}));
    let game = pair.game.clone();
    let black = &mut pair.seat("black").client;
    // Out of turn with a wrong ply and an illegal move: not_your_turn.
    black.send(json!({"t": "move", "game": game, "ply": 5, "move": "a9a0"}));
    black.wait_error("not_your_turn");
    let red = &mut pair.seat("red").client;
    // In turn, wrong ply, illegal move: stale.
    red.send(json!({"t": "move", "game": game, "ply": 5, "move": "a0a5"}));
    red.wait_error("stale");
    pair.play(0, "h0g2");
}

/// §2 `over`; and the order: not_allowed before over (a spectator or stranger acting in a
/// finished game), over before not_your_turn and stale. (The players here: the joiner; the
/// creator's case is [`the_creator_of_a_finished_game_is_told_over`].)
#[test]
fn a_finished_game_is_over_after_not_allowed() {
    let server = Server::start(&[]);
    // Black creates, red joins: red is the joiner.
    let mut pair = new_pair(&server, json!({"colour": "black"}));
    let game = pair.game.clone();
    let (mut watcher, _) = spectator(&server, &game);
    pair.play(0, "h0g2");
    let black = &mut pair.seat("black").client;
    black.send(json!({"t": "resign", "game": game, "id": "res"}));
    let ended = black.wait_for("ended");
    assert_eq!(ended["result"], "1-0");
    pair.seat("red").client.wait_for("ended");
    watcher.wait_for("ended");
    let red = &mut pair.seat("red").client;
    // Not their turn and a wrong ply: over.
    red.send(json!({"t": "move", "game": game, "ply": 7, "move": "a0a5", "id": 1}));
    assert_eq!(red.wait_error("over")["id"], 1);
    // Any other ply or move: over.
    red.send(json!({"t": "move", "game": game, "ply": 1, "move": "a0a1"}));
    red.wait_error("over");
    red.send(json!({"t": "resign", "game": game}));
    red.wait_error("over");
    // A spectator moving in a finished game: not_allowed comes first.
    watcher.send(json!({"t": "move", "game": game, "ply": 1, "move": "h9g7"}));
    watcher.wait_error("not_allowed");
    let mut stranger = greeted(&server, "late");
    stranger.send(json!({"t": "resign", "game": game}));
    stranger.wait_error("not_allowed");
    watcher.assert_alive();
}

/// §2's order: the creator of a finished game, on the connection that created it, is a
/// player, not a stranger: its move or resignation is `over`, not `not_allowed`.
#[test]
fn the_creator_of_a_finished_game_is_told_over() {
    let server = Server::start(&[]);
    for (colour, resigner) in [("red", "black"), ("black", "black")] {
        let mut pair = new_pair(&server, json!({"variant": "xiangqi", "colour": colour}));
        let game = pair.game.clone();
        pair.play(0, "h2e2");
        pair.seat(resigner)
            .client
            .send(json!({"t": "resign", "game": game}));
        let creator = &mut pair.creator.client;
        creator.wait_for("ended");
        creator.send(json!({"t": "move", "game": game, "ply": 1, "move": "h9g7"}));
        let e = creator.wait_for("error");
        assert_eq!(
            e["code"], "over",
            "the creator ({colour}) moving after the end: {e}"
        );
        creator.send(json!({"t": "resign", "game": game}));
        let e = creator.wait_for("error");
        assert_eq!(
            e["code"], "over",
            "the creator ({colour}) resigning after the end: {e}"
        );
    }
}

/// §7: more than 20 messages in a second are `rate_limited`; a short burst does not close the
/// connection, which answers again after the window.
#[test]
fn a_burst_is_rate_limited_and_the_connection_stays_open() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "eager");
    c.pace = false;
    for i in 0..30 {
        c.send(json!({"t": "ping", "id": i}));
    }
    let (mut pongs, mut limited) = (0, 0);
    for _ in 0..30 {
        let v = c.recv();
        match v["t"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(v["code"], "rate_limited", "{v}");
                limited += 1;
            }
            _ => panic!("unexpected {v}"),
        }
    }
    assert!(limited >= 9, "at most 20 in a second ({pongs} pongs)");
    assert!((18..=20).contains(&pongs), "{pongs} pongs");
    std::thread::sleep(Duration::from_millis(1200));
    c.pace = true;
    c.assert_alive();
}

/// §2: `ping` → `pong` with the id; `id` echoed by any JSON value.
#[test]
fn ping_answers_pong_with_any_id() {
    let server = Server::start(&[]);
    let mut c = greeted(&server, "p");
    for id in [json!(1), json!("s"), json!({"a": [1, 2]}), json!(null)] {
        c.send(json!({"t": "ping", "id": id}));
        let pong = c.expect("pong");
        if !id.is_null() {
            assert_eq!(pong["id"], id);
        }
    }
}

/// Decision (docs/protocol.md): `moved` and `ended` are broadcasts: no `id`, even in the
/// frame that goes to the sender of the message that caused them.
#[test]
fn broadcasts_carry_no_id() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    let red = &mut pair.seat("red").client;
    red.send(json!({"t": "move", "game": game, "ply": 0, "move": "h2e2", "id": 9}));
    let moved = red.wait_for("moved");
    assert!(moved.get("id").is_none(), "{moved}");
    let black = &mut pair.seat("black").client;
    assert!(black.wait_for("moved").get("id").is_none());
    black.send(json!({"t": "resign", "game": game, "id": 10}));
    let ended = black.wait_for("ended");
    assert!(ended.get("id").is_none(), "{ended}");
    assert_eq!(ended["result"], "1-0");
}
