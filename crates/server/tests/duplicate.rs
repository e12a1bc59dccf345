//! Duplicate matches online (docs/protocol.md, "Duplicate matches"): one deal played twice
//! with the colours swapped. Game 1 ends sealed — no deal, no seed, each receiver's view as
//! in play, no record — through a restart of the server; game 2 is made by the server on the
//! same deal; its end shows both games'.

mod common;

use common::{Client, Pair, Rng, Server, deal_of, greeted, http_get, new_pair, plan, spectator};
use jieqi_rules::{Seed, Side};
use serde_json::{Value, json};

/// A seed and the opening of a random game on its deal in which Red takes a face-down
/// piece (the last move), the game still running.
fn red_takes_face_down() -> (u64, Vec<String>) {
    for seed in 300..360 {
        for k in 0..10 {
            let (planned, _) = plan(&deal_of(seed), 30, &mut Rng::new(seed * 31 + k));
            if let Some(at) = planned
                .iter()
                .position(|p| p.mover == Side::Red && p.took_face_down.is_some())
            {
                let moves = planned[..=at].iter().map(|p| p.iccs.clone()).collect();
                return (seed, moves);
            }
        }
    }
    panic!("no game where red takes a face-down piece")
}

/// A seat's snapshot from a new connection.
fn resumed(server: &Server, game: &str, token: &str) -> (Client, Value) {
    let mut client = greeted(server, "back");
    client.send(json!({"t": "resume", "game": game, "token": token}));
    let snapshot = client.wait_for("snapshot");
    (client, snapshot)
}

/// Nothing of the deal in a frame of game 1: no seed, no deal, no record.
fn sealed(snapshot: &Value) {
    assert_eq!(snapshot["status"], "over", "{snapshot}");
    assert!(snapshot.get("seed").is_none(), "a seed in {snapshot}");
    assert!(snapshot.get("deal").is_none(), "a deal in {snapshot}");
    assert_eq!(snapshot["duplicate"]["round"], 1);
}

#[test]
fn game_one_stays_sealed_until_game_two_on_the_same_deal_ends() {
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("games.sqlite");
    let mut server = Server::start(&["--allow-deals", "--db", db.to_str().unwrap()]);
    let (seed, moves) = red_takes_face_down();
    let code = Seed(seed).to_string();
    let mut pair = new_pair(&server, json!({"deal": code, "duplicate": true}));
    let first = pair.game.clone();
    assert_eq!(pair.started.0["duplicate"], json!({"round": 1}));
    let mut reveals = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        reveals.push(pair.play(ply as u64, text).0["move"].clone());
    }
    let (mut watcher, _) = spectator(&server, &first);
    pair.seat("black")
        .client
        .send(json!({"t": "resign", "game": first}));
    let ended = watcher.wait_for("ended");
    for client in [&mut pair.creator.client, &mut pair.joiner.client] {
        assert_eq!(client.wait_for("ended"), ended);
    }
    assert_eq!(ended["result"], "1-0");
    assert!(
        ended.get("seed").is_none() && ended.get("deal").is_none(),
        "{ended}"
    );

    // Sealed for each receiver as in play, through a restart: Red still knows what it took,
    // Black and a spectator do not; there is no record.
    let tokens = [pair.seat_token("red"), pair.seat_token("black")];
    drop(pair);
    server.restart();
    let (mut red, red_view) = resumed(&server, &first, &tokens[0]);
    let (mut black, black_view) = resumed(&server, &first, &tokens[1]);
    let (_, public) = spectator(&server, &first);
    for view in [&red_view, &black_view, &public] {
        sealed(view);
    }
    assert!(red_view.get("captured").is_some(), "{red_view}");
    assert!(black_view.get("captured").is_none(), "{black_view}");
    assert!(public.get("captured").is_none(), "{public}");
    assert_eq!(http_get(&server, &format!("/games/{first}/record")).0, 404);

    // Red asks for game 2: the server makes it, Red seated as Black; Black's ask, crossing
    // it, is answered with the offer, and joining seats Black as Red.
    red.send(json!({"t": "rematch", "game": first, "id": 1}));
    let created = red.wait_for("created");
    assert_eq!(
        (created["seat"].as_str(), created["id"].as_i64()),
        (Some("black"), Some(1))
    );
    let second = created["game"].as_str().unwrap().to_string();
    let snapshot = red.wait_for("snapshot");
    assert_eq!(snapshot["duplicate"], json!({"round": 2, "other": first}));
    let offer = black.wait_for("offer");
    assert_eq!(
        (offer["kind"].as_str(), offer["from"].as_str()),
        (Some("rematch"), Some("red"))
    );
    assert_eq!(offer["new_game"], second.as_str());
    black.send(json!({"t": "rematch", "game": first}));
    assert_eq!(black.wait_for("offer"), offer);
    black.send(json!({"t": "join", "game": second, "invite": offer["invite"]}));
    let joined = black.wait_for("joined");
    assert_eq!(joined["seat"], "red");
    black.wait_for("snapshot");
    red.send(json!({"t": "rematch", "game": first}));
    red.wait_error("not_allowed");

    // The same deal: the same first move turns up the same piece.
    let mut again = Pair::of(
        second.clone(),
        black,
        red,
        &[
            ("red", joined["token"].as_str().unwrap().to_string()),
            ("black", created["token"].as_str().unwrap().to_string()),
        ],
    );
    assert_eq!(again.play(0, &moves[0]).0["move"], reveals[0]);
    sealed(&spectator(&server, &first).1);

    // Game 2 ends: its deal is game 1's, and game 1 is open now.
    again
        .seat("red")
        .client
        .send(json!({"t": "resign", "game": second}));
    let ended = again.seat("black").client.wait_for("ended");
    assert_eq!(ended["seed"], code.as_str());
    let (_, open) = spectator(&server, &first);
    assert_eq!(open["seed"], code.as_str());
    assert_eq!(open["deal"], ended["deal"]);
    assert!(open.get("captured").is_some(), "everything shown: {open}");
    let (status, record) = http_get(&server, &format!("/games/{first}/record"));
    assert_eq!(status, 200);
    assert!(record.contains(&code), "{record}");
}

#[test]
fn a_duplicate_match_is_refused_where_it_means_nothing() {
    let server = Server::start(&[]);
    let mut client = greeted(&server, "ann");
    for variant in ["xiangqi", "banqi"] {
        client.send(json!({"t": "create", "variant": variant, "duplicate": true}));
        let refused = client.wait_error("bad_message");
        assert!(refused["message"].as_str().unwrap().contains("duplicate"));
    }
    // A game of its own has no game 2 to make; a match's game 1 only once it is over, and
    // only for its players.
    let mut single = new_pair(&server, json!({}));
    let game = single.game.clone();
    single
        .creator
        .client
        .send(json!({"t": "rematch", "game": game}));
    single.creator.client.wait_error("bad_message");
    let mut pair = new_pair(&server, json!({"duplicate": true}));
    let game = pair.game.clone();
    pair.creator
        .client
        .send(json!({"t": "rematch", "game": game}));
    pair.creator.client.wait_error("not_allowed");
    pair.joiner
        .client
        .send(json!({"t": "resign", "game": game}));
    pair.creator.client.wait_for("ended");
    let (mut watcher, _) = spectator(&server, &game);
    watcher.send(json!({"t": "rematch", "game": game}));
    watcher.wait_error("not_allowed");
}
