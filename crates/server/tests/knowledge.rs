//! spec/online.md §3, the heart: every frame a connection receives is a function of what its
//! seat may know. Two games whose deals differ only in pieces nobody has seen send
//! byte-identical frames (identifiers set aside) to every receiver; a piece that the capturer
//! saw makes the capturer's frames differ (and, under `captured=both`, everyone's; under
//! `captured=nobody`, nobody's). The seed and the deal appear in no frame before the end.
//!
//! The deals are chosen by the test (`--allow-deals`); the test plays the same random legal
//! sequence on both (legality in Jieqi depends only on the public position).

mod common;

use std::thread;

use common::{Planned, Rng, Server, cell, deal_of, new_pair, plan, seat_of, spectator, swapped};
use jieqi_rules::Side;
use serde_json::{Value, json};

/// What each receiver got before the end, identifiers replaced.
#[derive(Debug, Default)]
struct Recording {
    /// red, black, the spectator from the start, a spectator arriving halfway, one arriving
    /// at the end, red's and black's snapshots on resuming from new connections at the end.
    streams: Vec<(&'static str, Vec<String>)>,
    /// Every frame any receiver got before the end, raw.
    raw: Vec<String>,
}

impl Recording {
    fn of(&self, who: &str) -> &[String] {
        &self
            .streams
            .iter()
            .find(|(n, _)| *n == who)
            .unwrap_or_else(|| panic!("no stream {who}"))
            .1
    }
}

/// The frames before the first `ended`, with the server's identifiers replaced.
fn before_end(frames: &[String], secrets: &[(&str, &str)]) -> Vec<String> {
    frames
        .iter()
        .take_while(|f| serde_json::from_str::<Value>(f).map_or(true, |v| v["t"] != "ended"))
        .map(|f| {
            let mut f = f.clone();
            for (secret, name) in secrets {
                f = f.replace(&format!("\"{secret}\""), &format!("\"{name}\""));
            }
            f
        })
        .collect()
}

/// Plays `planned` on a game dealt `deal` (red creates, black joins, a spectator watches)
/// and records what everyone receives.
fn record(server: &Server, deal: &str, rules: Option<&str>, planned: &[Planned]) -> Recording {
    let mut fields = json!({"variant": "jieqi", "deal": deal, "colour": "red"});
    if let Some(rules) = rules {
        fields["rules"] = json!(rules);
    }
    let mut pair = new_pair(server, fields);
    let game = pair.game.clone();
    let (mut watcher, _) = spectator(server, &game);
    let mut mid = None;
    for (ply, p) in planned.iter().enumerate() {
        let ply = ply as u64;
        if ply as usize == planned.len() / 2 {
            mid = Some(spectator(server, &game).0);
        }
        assert_eq!(pair.mover(ply), seat_of(p.mover));
        pair.play(ply, &p.iccs);
        watcher.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        if let Some(m) = mid.as_mut() {
            m.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        }
    }
    let (end, _) = spectator(server, &game);
    let red_token = pair.seat("red").token.clone();
    let black_token = pair.seat("black").token.clone();
    let mut resumed = Vec::new();
    for (seat, token) in [("red", &red_token), ("black", &black_token)] {
        let mut c = common::greeted(server, seat);
        c.send(json!({"t": "resume", "game": game, "token": token}));
        c.wait_for("snapshot");
        resumed.push(c);
    }
    let invite = pair.invite.clone();
    let secrets = [
        (game.as_str(), "GAME"),
        (red_token.as_str(), "RED_TOKEN"),
        (black_token.as_str(), "BLACK_TOKEN"),
        (invite.as_str(), "INVITE"),
    ];
    let red = pair.seat("red").client.frames.clone();
    let black = pair.seat("black").client.frames.clone();
    let mid = mid.map(|m| m.frames).unwrap_or_default();
    let all: [(&'static str, &Vec<String>); 7] = [
        ("red", &red),
        ("black", &black),
        ("spectator", &watcher.frames),
        ("spectator halfway", &mid),
        ("spectator at the end", &end.frames),
        ("red resumed", &resumed[0].frames),
        ("black resumed", &resumed[1].frames),
    ];
    let mut recording = Recording::default();
    for (name, frames) in all {
        recording.raw.extend(before_end(frames, &[]));
        recording.streams.push((name, before_end(frames, &secrets)));
    }
    recording
}

/// §2: frames carry no wall-clock time: no number within a day of now, in seconds,
/// milliseconds or microseconds since the epoch.
fn no_wall_clock(frame: &str) {
    fn walk(v: &Value, now: f64, frame: &str) {
        match v {
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0);
                for scale in [1.0, 1e3, 1e6] {
                    assert!(
                        (x - now * scale).abs() > 86_400.0 * scale,
                        "a wall-clock time in {frame}"
                    );
                }
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, now, frame)),
            Value::Object(o) => o.values().for_each(|v| walk(v, now, frame)),
            _ => {}
        }
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    walk(&serde_json::from_str(frame).expect("JSON"), now, frame);
}

/// The first frame where two recordings of one receiver part, or `None`.
fn parting(a: &[String], b: &[String]) -> Option<String> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x != y {
            return Some(format!("frame {i}:\n  A {x}\n  B {y}"));
        }
    }
    (a.len() != b.len()).then(|| format!("{} frames against {}", a.len(), b.len()))
}

const RECEIVERS: [&str; 7] = [
    "red",
    "black",
    "spectator",
    "spectator halfway",
    "spectator at the end",
    "red resumed",
    "black resumed",
];

/// A deal with the identities of two unseen face-down pieces of each side swapped (where a
/// side has two unseen ones that differ): what no player has seen.
fn unseen_swap(deal: &str, unseen: &[Vec<jieqi_rules::Square>; 2]) -> Option<String> {
    let mut out = deal.to_string();
    let mut changed = false;
    for squares in unseen {
        let Some(&a) = squares.first() else { continue };
        if let Some(&b) = squares.iter().find(|&&b| cell(deal, b) != cell(deal, a)) {
            out = swapped(&out, a, b);
            changed = true;
        }
    }
    changed.then_some(out)
}

/// §3: six deals, each against a twin that differs only in unseen identities, random games
/// of up to 40 plies preferring captures (of face-down pieces above all): every receiver's
/// frames are byte-identical, identifiers aside. Under the default rules and under both
/// other `captured` options.
#[test]
fn deals_differing_only_in_unseen_pieces_send_identical_frames() {
    let server = Server::start(&["--allow-deals"]);
    let rules = [
        None,
        None,
        None,
        Some("captured=both"),
        Some("captured=nobody"),
        None,
    ];
    let mut runs = Vec::new();
    for (i, rules) in rules.into_iter().enumerate() {
        let seed = 100 + i as u64;
        let deal = deal_of(seed);
        let (planned, twin) = (0..50)
            .find_map(|k| {
                let (planned, unseen) = plan(&deal, 40, &mut Rng::new(seed * 1000 + k));
                let captures = planned
                    .iter()
                    .filter(|p| p.took_face_down.is_some())
                    .count();
                let twin = unseen_swap(&deal, &unseen)?;
                (captures >= 2).then_some((planned, twin))
            })
            .expect("a sequence with face-down captures and unseen pieces left");
        assert_ne!(deal, twin);
        runs.push((deal, twin, planned, rules));
    }
    thread::scope(|s| {
        let server = &server;
        let handles: Vec<_> = runs
            .iter()
            .map(|(deal, twin, planned, rules)| {
                s.spawn(move || {
                    let a = s.spawn(move || record(server, deal, *rules, planned));
                    let b = record(server, twin, *rules, planned);
                    (a.join().expect("game A"), b)
                })
            })
            .collect();
        for (h, (deal, twin, planned, rules)) in handles.into_iter().zip(&runs) {
            let (a, b) = h.join().expect("a pair of games");
            for who in RECEIVERS {
                if let Some(at) = parting(a.of(who), b.of(who)) {
                    panic!(
                        "{who}'s frames differ between deals that differ only in unseen \
                         pieces (rules {rules:?}, {} plies)\nA {deal}\nB {twin}\n{at}",
                        planned.len()
                    );
                }
            }
            assert!(
                a.of("red").len() > planned.len(),
                "every moved was recorded"
            );
            for frame in a.raw.iter().chain(&b.raw) {
                no_wall_clock(frame);
            }
        }
    });
}

/// Deal A, and deal B where a black face-down piece that red captured (face down) swaps
/// identities with an unseen black face-down piece; the sequence.
fn captured_twin() -> (String, String, Vec<Planned>) {
    for seed in 200..260 {
        let deal = deal_of(seed);
        for k in 0..20 {
            let (planned, unseen) = plan(&deal, 30, &mut Rng::new(seed * 77 + k));
            let Some(taken) = planned
                .iter()
                .find(|p| p.mover == Side::Red && p.took_face_down.is_some())
                .and_then(|p| p.took_face_down)
            else {
                continue;
            };
            let black_unseen = &unseen[Side::Black.index()];
            if let Some(&u) = black_unseen
                .iter()
                .find(|&&u| cell(&deal, u) != cell(&deal, taken))
            {
                return (deal.clone(), swapped(&deal, taken, u), planned);
            }
        }
    }
    panic!("no sequence where red takes a face-down piece and a different one stays unseen")
}

/// Which receivers' frames differ when the piece red captured face down changes identity.
fn differing_after_captured_swap(rules: Option<&str>) -> Vec<&'static str> {
    let server = Server::start(&["--allow-deals"]);
    let (deal, twin, planned) = captured_twin();
    let (a, b) = thread::scope(|s| {
        let a = s.spawn(|| record(&server, &deal, rules, &planned));
        let b = record(&server, &twin, rules, &planned);
        (a.join().expect("game A"), b)
    });
    RECEIVERS
        .into_iter()
        .filter(|who| parting(a.of(who), b.of(who)).is_some())
        .collect()
}

/// §3 (the test can fail): under the default rules only the capturer learns what it took:
/// red's frames differ, black's and the spectators' do not.
#[test]
fn a_captured_identity_reaches_only_the_capturer() {
    let differ = differing_after_captured_swap(None);
    assert!(differ.contains(&"red"), "red saw what it took: {differ:?}");
    assert!(
        differ.contains(&"red resumed"),
        "red's snapshot shows it: {differ:?}"
    );
    for who in [
        "black",
        "spectator",
        "spectator halfway",
        "spectator at the end",
        "black resumed",
    ] {
        assert!(!differ.contains(&who), "{who} learned a captured identity");
    }
}

/// §3, rules.md §10: under `captured=both` both players (and so the spectators) learn it.
#[test]
fn under_captured_both_everyone_learns_a_captured_identity() {
    let differ = differing_after_captured_swap(Some("captured=both"));
    for who in ["red", "black", "spectator", "spectator at the end"] {
        assert!(differ.contains(&who), "{who} was not told: {differ:?}");
    }
}

/// §3, rules.md §10: under `captured=nobody` not even the capturer learns it before the end.
#[test]
fn under_captured_nobody_nobody_learns_a_captured_identity() {
    let differ = differing_after_captured_swap(Some("captured=nobody"));
    assert!(differ.is_empty(), "told under captured=nobody: {differ:?}");
}

/// §3, rules.md §7–8: the server's own deal and seed appear in no frame before the end, and
/// `ended` (and the snapshot of the finished game) publishes both, the seed's deal being the
/// deal.
#[test]
fn the_seed_and_deal_are_secret_until_the_end() {
    use jieqi_rules::platform::Variant;
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "jieqi"}));
    let game = pair.game.clone();
    let (mut watcher, _) = spectator(&server, &game);
    // Moves legal whatever the deal: face-down pieces from their start points, a capture of a
    // face-down piece by the cannon-point piece first.
    for (ply, mv) in ["b2b9", "h9g7", "h0g2", "b7b2"].iter().enumerate() {
        let ply = ply as u64;
        let (moved, _) = pair.play(ply, mv);
        assert!(moved["move"].as_str().unwrap().starts_with(mv), "{moved}");
        watcher.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
    }
    let red = &mut pair.seat("red").client;
    red.send(json!({"t": "resign", "game": game}));
    let ended = red.wait_for("ended");
    assert_eq!(ended["result"], "0-1");
    let deal = ended["deal"]
        .as_str()
        .expect("ended names the deal")
        .to_string();
    let seed = ended["seed"]
        .as_str()
        .expect("ended names the seed")
        .to_string();
    let parsed: jieqi_rules::Seed = seed.parse().expect("a seed code");
    assert_eq!(
        jieqi_rules::platform::JIEQI.deal_text(parsed).as_deref(),
        Some(deal.as_str()),
        "the seed deals the deal"
    );
    let board = deal.split(' ').next().unwrap();
    let bare_seed = seed.replace('-', "");
    let black_ended = pair.seat("black").client.wait_for("ended");
    assert_eq!(black_ended["deal"], deal.as_str());
    let watcher_ended = watcher.wait_for("ended");
    assert_eq!(watcher_ended["seed"], seed.as_str());
    let secrets = [
        (game.as_str(), "GAME"),
        (pair.creator.token.as_str(), "T1"),
        (pair.joiner.token.as_str(), "T2"),
        (pair.invite.as_str(), "INVITE"),
    ];
    for frames in [
        &pair.creator.client.frames,
        &pair.joiner.client.frames,
        &watcher.frames,
    ] {
        let before = before_end(frames, &secrets);
        assert!(before.len() < frames.len(), "ended was received");
        for f in before {
            assert!(!f.contains(board), "the deal before the end: {f}");
            assert!(!f.contains(&seed), "the seed before the end: {f}");
            assert!(!f.contains(&bare_seed), "the seed before the end: {f}");
        }
    }
    // The finished game's snapshot shows everything.
    let (_, snapshot) = spectator(&server, &game);
    assert_eq!(snapshot["status"], "over");
    assert_eq!(snapshot["result"], "0-1");
    assert_eq!(snapshot["deal"], deal.as_str());
    assert_eq!(snapshot["seed"], seed.as_str());
    assert!(snapshot["reason"].is_string());
    let position = snapshot["position"].as_str().expect("a position");
    assert!(
        jieqi_rules::Jieqi::from_full_fen(position).is_ok(),
        "once over the position is the full-knowledge FEN: {position}"
    );
}

/// §3: before the end a player's `moved` for a capture of a face-down piece carries
/// `captured` only for the capturer (default rules), and the opponent's and spectator's
/// `moved` texts are the same public text.
#[test]
fn captured_is_told_only_to_the_capturer() {
    let server = Server::start(&[]);
    let mut pair = new_pair(&server, json!({"variant": "jieqi"}));
    let (mut watcher, _) = spectator(&server, &pair.game);
    let (mine, theirs) = pair.play(0, "b2b9");
    let seen = watcher.wait_for("moved");
    let letter = mine["captured"].as_str().expect("the capturer is told");
    assert_eq!(letter.len(), 1);
    assert!(
        "rnbacp".contains(&letter.to_ascii_lowercase()),
        "a piece's identity letter: {letter}"
    );
    assert!(theirs.get("captured").is_none(), "black was told: {theirs}");
    assert!(
        seen.get("captured").is_none(),
        "the spectator was told: {seen}"
    );
    assert_eq!(theirs, seen, "black and the spectator see the same move");
    assert_eq!(mine["move"], theirs["move"], "the move text is public");
    assert!(mine.get("id").is_none(), "broadcasts carry no id");
}

/// The harness itself (no server): a twin deal is a valid deal, and the planned sequence is
/// legal on it too, with the same public moves.
#[test]
fn twin_deals_are_deals_with_the_same_legal_sequence() {
    use jieqi_rules::{FamilyGame, Jieqi, Move};
    let (deal, twin, planned) = captured_twin();
    for fen in [&deal, &twin] {
        let mut game = Jieqi::from_full_fen(fen).expect("a twin is a deal");
        for p in &planned {
            let m = Move::parse_iccs(&p.iccs).unwrap();
            game.play(m).expect("legal on both deals");
        }
    }
    assert_ne!(deal, twin);
    let (_, unseen) = plan(&deal, 40, &mut Rng::new(1));
    if let Some(t) = unseen_swap(&deal, &unseen) {
        Jieqi::from_full_fen(&t).expect("a twin is a deal");
    }
}

/// §2 `snapshot`, `moved`: a player's position is its viewer-relative FEN and its moves the
/// view's ICCS texts (the reveal's letter, never a captured face-down identity); a
/// spectator's are the public view's (rules.md §9); `captured` comes only in the capturer's
/// `moved`. Checked against the rules crate's own views of the same deal.
#[test]
fn snapshots_and_moves_are_the_receivers_views() {
    use jieqi_rules::{FamilyGame, Jieqi, Move, Notation};
    let server = Server::start(&["--allow-deals"]);
    let deal = deal_of(11);
    let planned = (0..50)
        .map(|k| plan(&deal, 24, &mut Rng::new(k)).0)
        .find(|p| {
            p.iter()
                .any(|m| m.took_face_down.is_some() && m.mover == Side::Red)
        })
        .expect("a sequence where red takes a face-down piece");
    let mut pair = new_pair(&server, json!({"variant": "jieqi", "deal": deal}));
    let game_id = pair.game.clone();
    let (mut watcher, _) = spectator(&server, &game_id);
    let mut game = Jieqi::from_full_fen(&deal).unwrap();
    let last = |texts: Vec<String>| texts.last().cloned().unwrap();
    // What each seat was told it took, by ply: its snapshot tells it again.
    let mut told: [serde_json::Map<String, Value>; 2] = Default::default();
    for (ply, p) in planned.iter().enumerate() {
        let ply = ply as u64;
        let taken = p.took_face_down.map(|sq| cell(&game.to_full_fen(), sq));
        game.play(Move::parse_iccs(&p.iccs).unwrap()).unwrap();
        let (mine, theirs) = pair.play(ply, &p.iccs);
        let seen = watcher.wait_until("moved", |v| v["t"] == "moved" && v["ply"] == ply);
        let (me, them) = (p.mover, p.mover.other());
        assert_eq!(mine["move"], last(game.view(me).move_texts(Notation::Iccs)));
        assert_eq!(
            theirs["move"],
            last(game.view(them).move_texts(Notation::Iccs))
        );
        let public = game.view(me).public();
        assert_eq!(seen["move"], last(public.move_texts(Notation::Iccs)));
        if let Some(letter) = mine.get("captured") {
            told[p.mover.index()].insert(ply.to_string(), letter.clone());
        }
        match taken {
            Some(piece) => {
                let letter = piece.chars().nth(1).unwrap().to_string();
                assert_eq!(
                    mine["captured"].as_str().map(str::to_ascii_lowercase),
                    Some(letter.to_ascii_lowercase()),
                    "the capturer learns what it took ({piece}): {mine}"
                );
            }
            None => assert!(mine.get("captured").is_none(), "{mine}"),
        }
        assert!(theirs.get("captured").is_none(), "{theirs}");
        assert!(seen.get("captured").is_none(), "{seen}");
    }
    for side in [Side::Red, Side::Black] {
        let seat = seat_of(side);
        let token = pair.seat_token(seat);
        let mut c = common::greeted(&server, seat);
        c.send(json!({"t": "resume", "game": game_id, "token": token}));
        let s = c.wait_for("snapshot");
        let view = game.view(side);
        assert_eq!(s["position"], view.to_fen(), "{seat}'s viewer-relative FEN");
        assert_eq!(
            s["moves"],
            json!(view.move_texts(Notation::Iccs)),
            "{seat}'s moves"
        );
        let captured = s.get("captured").cloned().unwrap_or(json!({}));
        assert_eq!(
            captured,
            Value::Object(told[side.index()].clone()),
            "{seat}"
        );
        assert_eq!(s["status"], "playing");
        assert_eq!(s["variant"], "jieqi");
    }
    let (_, s) = spectator(&server, &game_id);
    let public = game.view(Side::Red).public();
    assert_eq!(s["position"], public.to_fen(), "the public FEN");
    assert_eq!(s["moves"], json!(public.move_texts(Notation::Iccs)));
    assert!(
        s.get("captured").is_none(),
        "a spectator is told no capture: {s}"
    );
    assert!(
        !told[0].is_empty(),
        "red took a face-down piece and was told it"
    );
}
