//! spec/online.md §4 (the server's clocks), §6 (leaving, `claim`) and the draw messages of
//! §2.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::{Client, Server, greeted, new_pair};
use serde_json::{Value, json};

fn ms(clock: &Value, key: &str) -> u64 {
    clock[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {clock}"))
}

/// §4: a player whose time runs out loses, ended by the server at that moment (no message
/// needed): `ended {reason: "time"}` to both at about the initial time after the join.
#[test]
fn a_flag_falls_by_itself() {
    let server = Server::start(&[]);
    let mut pair = new_pair(
        &server,
        json!({"variant": "xiangqi", "clock": {"initial_ms": 1500, "increment_ms": 0}}),
    );
    let started = Instant::now();
    let clock = &pair.started.0["clock"];
    assert_eq!(clock["running"], "red", "red's clock starts at the join");
    assert!(ms(clock, "red_ms") <= 1500);
    let mut ends = Vec::new();
    for seat in ["red", "black"] {
        let c = &mut pair.seat(seat).client;
        let ended = c.wait_until("ended", |v| v["t"] == "ended");
        assert_eq!(ended["reason"], "time");
        assert_eq!(ended["result"], "0-1", "red's flag fell");
        ends.push(started.elapsed());
    }
    assert!(
        ends[0] >= Duration::from_millis(1300) && ends[0] <= Duration::from_millis(3000),
        "ended at {:?}, not about 1.5 s",
        ends[0]
    );
    // The game is over (asked by the joiner: the creator's case is errors.rs's).
    let game = pair.game.clone();
    let black = &mut pair.seat("black").client;
    black.send(json!({"t": "move", "game": game, "ply": 0, "move": "h9g7"}));
    black.wait_error("over");
}

/// §4: `moved` carries the clocks: the mover's decreased by the time it thought (plus the
/// increment), the other's unchanged, `running` the side to move; before the join no clock
/// runs. An untimed game's frames have no clock.
#[test]
fn clock_readings_follow_the_mover() {
    let server = Server::start(&[]);
    let mut pair = new_pair(
        &server,
        json!({"variant": "xiangqi", "clock": {"initial_ms": 20_000, "increment_ms": 1000}}),
    );
    let waiting = &pair.waiting["clock"];
    assert_eq!(
        waiting["running"],
        Value::Null,
        "no clock runs before the join"
    );
    assert_eq!(ms(waiting, "red_ms"), 20_000);
    assert_eq!(ms(waiting, "black_ms"), 20_000);
    thread::sleep(Duration::from_millis(400));
    let (moved, theirs) = pair.play(0, "h2e2");
    let clock = &moved["clock"];
    assert_eq!(clock, &theirs["clock"], "both read the same clocks");
    assert_eq!(clock["running"], "black");
    let red = ms(clock, "red_ms");
    assert!(
        (20_000..=20_650).contains(&red),
        "red thought ~0.4 s and got 1 s: {red}"
    );
    assert_eq!(ms(clock, "black_ms"), 20_000);
    thread::sleep(Duration::from_millis(400));
    let (moved, _) = pair.play(1, "h9g7");
    let clock = &moved["clock"];
    assert_eq!(clock["running"], "red");
    assert_eq!(ms(clock, "red_ms"), red, "red's clock stood");
    let black = ms(clock, "black_ms");
    assert!((20_000..=20_650).contains(&black), "{black}");
    // A snapshot reads the running clock.
    thread::sleep(Duration::from_millis(300));
    let (_, snapshot) = common::spectator(&server, &pair.game);
    let now = ms(&snapshot["clock"], "red_ms");
    assert!(
        now < red && now + 1500 > red,
        "red's clock runs: {now} < {red}"
    );
    // Untimed: no clock anywhere.
    let mut untimed = new_pair(&server, json!({"variant": "xiangqi"}));
    assert!(untimed.started.0.get("clock").is_none());
    let (moved, _) = untimed.play(0, "h2e2");
    assert!(moved.get("clock").is_none(), "{moved}");
}

/// §6: a disconnected player's clock keeps running (timed: the flag falls while away).
#[test]
fn a_disconnected_players_clock_keeps_running() {
    let server = Server::start(&["--grace", "1"]);
    let mut pair = new_pair(
        &server,
        json!({"variant": "xiangqi", "clock": {"initial_ms": 1500, "increment_ms": 0}}),
    );
    pair.seat("red").client.close();
    let black = &mut pair.seat("black").client;
    let ended = black.wait_until("ended", |v| v["t"] == "ended");
    assert_eq!(ended["reason"], "time");
    assert_eq!(ended["result"], "0-1");
}

/// §6: the opponent drops → `presence {connected: false}`; a claim before `--grace` is
/// `not_allowed`, after it the claimer wins (`abandoned`).
#[test]
fn a_claim_after_the_grace_wins_abandoned() {
    let server = Server::start(&["--grace", "1"]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    pair.play(0, "h2e2");
    let red = &mut pair.seat("red").client;
    red.send(json!({"t": "claim", "game": game, "id": "early"}));
    assert_eq!(red.wait_error("not_allowed")["id"], "early");
    pair.seat("black").client.close();
    let left = Instant::now();
    let red = &mut pair.seat("red").client;
    let presence = red.wait_for("presence");
    assert_eq!(presence["seat"], "black");
    assert_eq!(presence["connected"], false);
    assert_eq!(presence["game"], game.as_str());
    red.send(json!({"t": "claim", "game": game}));
    red.wait_error("not_allowed");
    assert!(
        left.elapsed() < Duration::from_millis(900),
        "the early claim was in time"
    );
    thread::sleep(Duration::from_millis(1400).saturating_sub(left.elapsed()));
    red.send(json!({"t": "claim", "game": game}));
    let ended = red.wait_for("ended");
    assert_eq!(ended["reason"], "abandoned");
    assert_eq!(ended["result"], "1-0", "the claimer wins");
}

/// §6: a player who comes back in time is present again (`presence {connected: true}`), and
/// the claim is refused.
#[test]
fn a_player_back_in_time_cannot_be_claimed_against() {
    let server = Server::start(&["--grace", "1"]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    let token = pair.seat_token("black");
    pair.seat("black").client.close();
    let red = &mut pair.seat("red").client;
    assert_eq!(red.wait_for("presence")["connected"], false);
    let mut back = greeted(&server, "bob");
    back.send(json!({"t": "resume", "game": game, "token": token}));
    let snapshot = back.wait_for("snapshot");
    assert_eq!(snapshot["players"]["black"]["connected"], true);
    let presence = red.wait_for("presence");
    assert_eq!(presence["seat"], "black");
    assert_eq!(presence["connected"], true);
    thread::sleep(Duration::from_millis(1300));
    red.send(json!({"t": "claim", "game": game}));
    red.wait_error("not_allowed");
    // The game goes on with the player back.
    red.send(json!({"t": "move", "game": game, "ply": 0, "move": "h2e2"}));
    red.wait_for("moved");
    assert_eq!(back.wait_for("moved")["move"], "h2e2");
}

fn wait_offer(c: &mut Client, from: &str) {
    let offer = c.wait_for("offer");
    assert_eq!(offer["kind"], "draw");
    assert_eq!(offer["from"], from);
}

/// §2 `draw`: an offer goes to the opponent as `offer {kind: "draw", from}`; `accept`
/// without a pending offer is `not_allowed`; `decline` and a move by the offered player
/// decline it; an accepted offer ends the game ½–½.
#[test]
fn draw_offers() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "xiangqi"}));
    let game = pair.game.clone();
    let draw = |action: &str| json!({"t": "draw", "game": game, "action": action});
    let black = &mut pair.seat("black").client;
    black.send(draw("accept"));
    black.wait_error("not_allowed");
    // Offer, decline.
    pair.seat("red").client.send(draw("offer"));
    let black = &mut pair.seat("black").client;
    wait_offer(black, "red");
    black.send(draw("decline"));
    thread::sleep(Duration::from_millis(200));
    black.send(draw("accept"));
    black.wait_error("not_allowed");
    // Offer, and a move by the offered player declines it.
    pair.play(0, "h2e2");
    pair.seat("red").client.send(draw("offer"));
    wait_offer(&mut pair.seat("black").client, "red");
    pair.play(1, "h9g7");
    let black = &mut pair.seat("black").client;
    black.send(draw("accept"));
    black.wait_error("not_allowed");
    // Offer, accept.
    black.send(draw("offer"));
    let red = &mut pair.seat("red").client;
    wait_offer(red, "black");
    red.send(draw("accept"));
    let ended = red.wait_for("ended");
    assert_eq!(ended["result"], "1/2-1/2");
    let ended = pair.seat("black").client.wait_for("ended");
    assert_eq!(ended["result"], "1/2-1/2");
}

/// After the end a player offers a rematch: the new game it created (colours swapped) and its
/// invite reach the other player in an `offer` of kind `rematch`, who joins it. Before the
/// end, or from a spectator, it is refused.
#[test]
fn a_rematch_offer_reaches_the_other_player_who_joins_it() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "jieqi", "colour": "red"}));
    let game = pair.game.clone();
    let early = json!({"t": "rematch", "game": game, "new_game": "0123456789ab", "invite": "x"});
    pair.creator.client.send(early.clone());
    assert!(
        pair.creator.client.wait_error("not_allowed")["message"]
            .as_str()
            .unwrap()
            .contains("not over")
    );
    pair.joiner
        .client
        .send(json!({"t": "resign", "game": game}));
    pair.creator.client.wait_for("ended");
    pair.joiner.client.wait_for("ended");
    // Red creates the new game as Black and offers it.
    let creator = &mut pair.creator.client;
    creator.send(json!({"t": "create", "variant": "jieqi", "colour": "black"}));
    let created = creator.wait_for("created");
    let (new_game, invite) = (created["game"].clone(), created["invite"].clone());
    creator.send(json!({"t": "rematch", "game": game, "new_game": new_game, "invite": invite}));
    let offer = pair.joiner.client.wait_for("offer");
    assert_eq!(offer["kind"], "rematch");
    assert_eq!(offer["from"], "red");
    assert_eq!(offer["new_game"], new_game);
    assert_eq!(offer["invite"], invite);
    // Accepting is joining: the colours are swapped.
    pair.joiner
        .client
        .send(json!({"t": "join", "game": new_game, "invite": invite}));
    let joined = pair.joiner.client.wait_for("joined");
    assert_eq!(joined["seat"], "red");
    // A spectator cannot offer one; a malformed offer is a bad message.
    let (mut watcher, _) = common::spectator(&server, &game);
    watcher.send(early);
    watcher.wait_error("not_allowed");
    pair.creator
        .client
        .send(json!({"t": "rematch", "game": game, "new_game": "nope", "invite": "x"}));
    pair.creator.client.wait_error("bad_message");
}
