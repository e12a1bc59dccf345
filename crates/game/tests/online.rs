//! The table online (issue 58, spec/online.md §3): two app instances, each a player, and a
//! third watching, play through one server started in this process — the game's own host
//! (`jieqi_game::online::host`). Each screen's model shows what its seat may know and nothing
//! more: Black's never names the face-down piece Red took, while Red's does (so the check
//! can fail), and the spectator's is the public view. A dropped connection comes back by
//! itself and takes its seat again; the end shows everyone the deal.

mod common;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::*;
use jieqi_game::analysis::engine_lines::{EngineCommand, EngineLines};
use jieqi_game::hud::AnalysisOpen;
use jieqi_game::hud::model::HudModel;
use jieqi_game::online::host;
use jieqi_game::online::{Connection, Online, OnlineCommand};
use jieqi_game::session::{GameCommand, Opponent, Session};
use jieqi_game::settings::Settings;
use jieqi_game::states::Phase;
use jieqi_game::stats::Stats;
use jieqi_game::storage::StorageDirs;
use jieqi_rules::{SeenPiece, Side, WinReason};

/// An app at a local Jieqi table, named `name` for the server.
fn player(name: &str) -> App {
    let mut app = jieqi(false);
    app.world_mut().resource_mut::<Settings>().online_name = name.into();
    settle(&mut app);
    app
}

/// Updates every app until `done` holds for all of them (real time: the network is real),
/// at most 10 s.
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if apps.iter().all(|app| done(app)) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

fn plies(app: &App) -> usize {
    shown(app).plies
}

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

/// What a screen's tray of `capturer` shows: each piece's role, `None` face down.
fn tray(app: &App, capturer: Side) -> Vec<Option<jieqi_rules::Role>> {
    hud(app).players[capturer.index()]
        .tray
        .iter()
        .map(|item| item.role)
        .collect()
}

/// A legal move for the side to move on `app`'s screen, by its points' names.
fn some_move(app: &App) -> (String, String) {
    let live = shown(app).live.as_ref().expect("a table");
    let turn = live.turns.first().expect("a legal move");
    let name =
        |spot: jieqi_rules::platform::Spot| format!("{}{}", (b'a' + spot.column) as char, spot.row);
    (name(turn.from), name(turn.to.expect("a move")))
}

fn play(app: &mut App, (from, to): &(String, String)) {
    click(app, from);
    click(app, to);
}

#[test]
fn two_screens_play_through_one_server_and_each_shows_only_its_seat() {
    let hosted = host::start(Ipv4Addr::LOCALHOST.into(), 0, Path::new(":memory:"))
        .expect("a server in this process");
    let (mut red, mut black, mut watcher, game) = three_tables(&hosted.local.to_string());
    // Red's cannon (face down on b2) takes the face-down piece on b9.
    play(&mut red, &("b2".into(), "b9".into()));
    until(
        &mut [&mut red, &mut black, &mut watcher],
        "the capture on every screen",
        |a| plies(a) == 1,
    );
    // Red's screen names what it took; Black's and the spectator's do not.
    let red_sees = tray(&red, Side::Red);
    assert_eq!(red_sees.len(), 1);
    assert!(red_sees[0].is_some(), "the capturer learns what it took");
    assert_eq!(tray(&black, Side::Red), vec![None], "Black never learns it");
    assert_eq!(
        tray(&watcher, Side::Red),
        vec![None],
        "nor does a spectator"
    );
    let black_view = shown(&black).view().unwrap().clone();
    assert!(matches!(
        black_view.moves[0].captured,
        Some(SeenPiece::Unknown { .. })
    ));
    assert_eq!(black_view.learned, Default::default());
    let red_view = shown(&red).view().unwrap().clone();
    assert!(matches!(
        red_view.moves[0].captured,
        Some(SeenPiece::Known { .. })
    ));
    // The whole of Black's screen model says nothing the public view does not.
    let public = red_view.public();
    assert_eq!(black_view.pool, public.pool);
    assert_eq!(black_view.position, public.position);

    // Black's connection drops (another connection takes the seat with its token): it comes
    // back by itself and takes the seat again.
    let token = online(&black).token.clone().unwrap();
    kick(&hosted.local, &game, &token);
    until(&mut [&mut black], "a reconnect", |a| {
        online(a).reconnects == 1 && online(a).connection == Connection::Playing
    });
    assert_eq!(plies(&black), 1);
    assert_eq!(tray(&black, Side::Red), vec![None]);
    // Red's too: its table is told again from the snapshot, what it took included.
    let token = online(&red).token.clone().unwrap();
    kick(&hosted.local, &game, &token);
    until(&mut [&mut red], "Red's reconnect", |a| {
        online(a).reconnects == 1 && online(a).connection == Connection::Playing
    });
    assert!(
        tray(&red, Side::Red)[0].is_some(),
        "the capturer still knows"
    );

    // Black answers; both screens and the spectator's follow.
    let reply = some_move(&black);
    play(&mut black, &reply);
    until(
        &mut [&mut red, &mut black, &mut watcher],
        "Black's move",
        |a| plies(a) == 2,
    );
    // Red's knowledge of its capture survived Black's move.
    assert!(tray(&red, Side::Red)[0].is_some());

    // A draw offered through the server: declined, then offered again and accepted would end
    // it; declined here, the game goes on.
    command(&mut red, GameCommand::OfferDraw(Side::Red));
    until(&mut [&mut red, &mut black], "the offer", |a| {
        shown(a).draw_offer == Some(Side::Red)
    });
    assert!(hud(&black).draw_offer.is_some(), "Black is asked");
    assert!(hud(&red).draw_offer.is_none(), "Red, who offered, is not");
    command(&mut black, GameCommand::AnswerDraw { accept: false });
    until(&mut [&mut red, &mut black], "the decline", |a| {
        shown(a).draw_offer.is_none()
    });
    assert_eq!(phase(&red), Phase::AwaitInput, "the game goes on");

    // Red resigns: every screen shows the end, and now the deal.
    command(&mut red, GameCommand::Resign(Side::Red));
    until(&mut [&mut red, &mut black, &mut watcher], "the end", |a| {
        phase(a) == Phase::GameOver
    });
    for app in [&red, &black, &watcher] {
        let live = shown(app).live.as_ref().unwrap();
        assert_eq!(
            live.outcome,
            Some(jieqi_rules::Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Resignation
            })
        );
        // Once over, the deal is shown to everyone.
        assert!(
            shown(app).view().unwrap().reveal.is_some(),
            "the end shows the deal"
        );
        assert!(tray(app, Side::Red)[0].is_some(), "and what Red took");
        let card = hud(app).result.as_ref().expect("the result card");
        assert!(
            card.players.contains("Ann") && card.players.contains("Bo"),
            "{}",
            card.players
        );
    }
    assert_eq!(online(&black).connection, Connection::Over);
    assert!(
        shown(&red).engine_help,
        "the engine helps again after the end"
    );
    rematch(&mut red, &mut black, &game);
}

/// "Again" on Red's result card offers Black a rematch with the colours swapped; Black accepts
/// it, and both sit at the new game.
fn rematch(red: &mut App, black: &mut App, old: &str) {
    command(red, GameCommand::Again);
    until(&mut [&mut *red, &mut *black], "the rematch offer", |a| {
        a.world().resource::<Online>().rematch_offer.is_some()
            || a.world().resource::<Online>().connection == Connection::Waiting
    });
    let offer = online(black)
        .rematch_offer
        .clone()
        .expect("Black is offered a rematch");
    assert_eq!(offer.0, Side::Red);
    assert_ne!(offer.1.game, old);
    black
        .world_mut()
        .resource_mut::<Messages<OnlineCommand>>()
        .write(OnlineCommand::AcceptRematch);
    until(&mut [&mut *red, &mut *black], "the new game", |a| {
        let new = a.world().resource::<Session>().online_id() == Some(offer.1.game.as_str());
        new && online(a).connection == Connection::Playing
    });
    assert_eq!(
        online(red).seat,
        Some(Side::Black),
        "the colours are swapped"
    );
    assert_eq!(online(black).seat, Some(Side::Red));
    assert_eq!(plies(red), 0);
    assert!(shown(black).can_move(), "Black, now Red, moves first");
}

/// Red hosts a Jieqi game at `address`, Black joins it by its invite (after a wrong one) and
/// a third screen watches: the three apps and the server's game id.
fn three_tables(address: &str) -> (App, App, App, String) {
    let address = address.to_string();
    let mut red = player("Ann");
    let mut black = player("Bo");
    let mut watcher = player("Cy");

    // Red hosts a Jieqi game at that address, as Red.
    let invite = host_as_red(&mut red, &address);
    // A wrong invite is one sentence, and Black's table is untouched.
    let before = shown(&black).game_id;
    command_online(
        &mut black,
        OnlineCommand::Join {
            address: address.clone(),
            code: format!("{}aaaaaaaaaaaa", &invite.replace(' ', "")[..12]),
        },
    );
    until(&mut [&mut black], "the refusal", |a| {
        online(a).error.is_some()
    });
    assert!(!online(&black).is_open());
    assert_eq!(shown(&black).game_id, before, "the local game stays");

    command_online(
        &mut black,
        OnlineCommand::Join {
            address: address.clone(),
            code: invite.clone(),
        },
    );
    let game = online(&red).game.clone().unwrap();
    command_online(
        &mut watcher,
        OnlineCommand::Watch {
            address: address.clone(),
            code: game.clone(),
        },
    );
    until(
        &mut [&mut red, &mut black, &mut watcher],
        "three tables",
        |a| {
            online(a).connection == Connection::Playing
                && a.world().resource::<Session>().online_id() == Some(game.as_str())
        },
    );
    assert_eq!(
        shown(&red).names.remote,
        Some(Side::Black),
        "Red's opponent plays elsewhere"
    );
    assert_eq!(
        red.world().resource::<Session>().config().opponent,
        Opponent::Online {
            seat: Some(Side::Red)
        }
    );
    assert!(shown(&red).can_move());
    // No engine's help against a person: no Hint, and the analysis board's engine rests.
    assert!(!hud(&red).can_hint, "no Hint against a person");
    red.world_mut().resource_mut::<AnalysisOpen>().0 = true;
    red.world_mut()
        .resource_mut::<Messages<EngineCommand>>()
        .write(EngineCommand::Start);
    for _ in 0..3 {
        red.update();
    }
    let engine = red.world().resource::<EngineLines>();
    assert!(engine.is_barred() && !engine.is_thinking() && engine.lines().is_empty());
    red.world_mut().resource_mut::<AnalysisOpen>().0 = false;
    assert!(shown(&watcher).engine_help, "a spectator plays nobody");
    assert!(!shown(&black).can_move(), "not Black's turn");
    assert!(!shown(&watcher).can_move(), "a spectator never moves");
    assert_eq!(hud(&watcher).actor, None, "nor resigns or offers a draw");
    assert_eq!(
        hud(&black).actor,
        Some(Side::Black),
        "a player, off turn, still may"
    );
    (red, black, watcher, game)
}

/// Never lose an online game (issue 58, item 5): the seat is kept in `online.json`; a game
/// started again on the same files offers it, and rejoins the game where it stands.
#[test]
fn a_restarted_game_rejoins_its_online_seat() {
    let hosted = host::start(Ipv4Addr::LOCALHOST.into(), 0, Path::new(":memory:"))
        .expect("a server in this process");
    let address = hosted.local.to_string();
    let files = tempfile::tempdir().unwrap();
    let kept = || StorageDirs::in_dir(files.path());
    let mut red = player("Ann");
    let invite = host_as_red(&mut red, &address);
    let mut black = app_keeping_files(Session::new(jieqi_config()), false, kept());
    command_online(
        &mut black,
        OnlineCommand::Join {
            address: address.clone(),
            code: invite,
        },
    );
    until(&mut [&mut red, &mut black], "both seated", |a| {
        online(a).connection == Connection::Playing
    });
    play(&mut red, &("h2".into(), "e2".into()));
    until(&mut [&mut red, &mut black], "Red's move", |a| plies(a) == 1);
    let game = online(&black).game.clone().unwrap();
    let path = files.path().join("online.json");
    until(&mut [&mut black], "the seat on disk", |_| {
        std::fs::read_to_string(&path)
            .is_ok_and(|t| t.contains(&game) && t.contains("\"plies\": 1"))
    });
    // Black's game quits; Red sees it go.
    drop(black);
    until(&mut [&mut red], "Black gone", |a| {
        online(a).players[1].as_ref().is_some_and(|p| !p.connected)
    });
    // Started again on the same files: the seat is offered, and taken again.
    let mut black = app_keeping_files(Session::new(jieqi_config()), false, kept());
    let seat = online(&black)
        .rejoin
        .clone()
        .expect("the seat is offered again");
    assert_eq!(seat.game, game);
    command_online(&mut black, OnlineCommand::Rejoin(seat));
    until(&mut [&mut red, &mut black], "Black back at the game", |a| {
        online(a).connection == Connection::Playing
            && plies(a) == 1
            && online(a).players[1].as_ref().is_some_and(|p| p.connected)
    });
    assert_eq!(online(&black).seat, Some(Side::Black));
    assert!(shown(&black).can_move(), "Black to move, on its seat");
}

/// "Claim the win" (issue 58, item 3; online.md §6): in an untimed game, once the opponent
/// has been gone for the server's grace period, the button appears and the claim wins.
#[test]
fn the_win_over_an_absent_opponent_is_claimed() {
    let grace = Duration::from_millis(300);
    let hosted =
        host::start_with_grace(Ipv4Addr::LOCALHOST.into(), 0, Path::new(":memory:"), grace)
            .expect("a server in this process");
    let address = hosted.local.to_string();
    let mut red = player("Ann");
    red.world_mut().resource_mut::<Online>().claim_after = Some(grace);
    let code = host_as_red(&mut red, &address);
    let mut black = player("Bo");
    command_online(&mut black, OnlineCommand::Join { address, code });
    until(&mut [&mut red, &mut black], "both seated", |a| {
        online(a).connection == Connection::Playing
    });
    assert!(!hud(&red).online.as_ref().unwrap().can_claim, "Bo is here");
    drop(black);
    until(&mut [&mut red], "the claim offered", |a| {
        hud(a).online.as_ref().is_some_and(|o| o.can_claim)
    });
    command(&mut red, GameCommand::ClaimWin);
    until(&mut [&mut red], "the end", |a| phase(a) == Phase::GameOver);
    assert_eq!(
        shown(&red)
            .live
            .as_ref()
            .unwrap()
            .outcome
            .and_then(|o| o.winner()),
        Some(Side::Red)
    );
}

/// A duplicate match online (issue 58): game 1 ends sealed on both screens and a
/// spectator's — no deal, and Black still does not know what Red took — then "Play game 2"
/// on one screen makes the server deal game 2 on the same deal with the colours swapped,
/// offered to the other screen; the spectator follows ("Watch game 2"). The same first move
/// turns up the same pieces; game 2's end decides the match on every screen and shows game 1
/// whole.
#[test]
fn a_duplicate_match_online_keeps_game_one_sealed_until_game_two_ends() {
    let hosted = host::start(Ipv4Addr::LOCALHOST.into(), 0, Path::new(":memory:"))
        .expect("a server in this process");
    let address = hosted.local.to_string();
    let (mut ann, mut bo, mut cy) = (player("Ann"), player("Bo"), player("Cy"));
    let code = host_game(&mut ann, &address, true);
    let game = code.replace(' ', "")[..12].to_string();
    command_online(
        &mut bo,
        OnlineCommand::Join {
            address: address.clone(),
            code,
        },
    );
    command_online(
        &mut cy,
        OnlineCommand::Watch {
            address,
            code: game,
        },
    );
    until(&mut [&mut ann, &mut bo, &mut cy], "both seated", |a| {
        online(a).connection == Connection::Playing
    });
    // Game 1: Ann's cannon (face down on b2) takes the face-down piece on b9; Bo resigns.
    let first_move = ("b2".to_string(), "b9".to_string());
    play(&mut ann, &first_move);
    until(&mut [&mut ann, &mut bo], "the capture", |a| plies(a) == 1);
    let ann_took = tray(&ann, Side::Red);
    let revealed = shown(&ann).view().unwrap().moves[0].revealed;
    assert!(ann_took[0].is_some() && revealed.is_some());
    command(&mut bo, GameCommand::Resign(Side::Black));
    until(&mut [&mut ann, &mut bo, &mut cy], "game 1's end", |a| {
        phase(a) == Phase::GameOver
    });
    // Player 1 is each screen's own player (a spectator's: game 1's Red).
    for (app, points) in [(&ann, [2, 0]), (&bo, [0, 2]), (&cy, [2, 0])] {
        assert!(shown(app).view().unwrap().reveal.is_none(), "no deal shown");
        let m = shown(app).duplicate.clone().expect("a match");
        assert_eq!((m.round, m.decided, m.half_points), (1, false, points));
        assert_eq!(hud(app).result.as_ref().unwrap().seed, None);
    }
    assert_eq!(tray(&bo, Side::Red), vec![None], "Bo still does not know");
    assert_eq!(tray(&cy, Side::Red), vec![None], "nor does Cy");
    // A spectator's score names the players; the players' own say "You".
    let score = |app: &App| hud(app).result.as_ref().unwrap().match_lines[0].clone();
    assert_eq!(score(&cy), "Ann 1 – 0 Bo");
    assert_eq!(score(&bo), "You 0 – 1 Opponent");
    // The spectator's card follows the players; before game 2 is made, it says so.
    let watch = hud(&cy).result.as_ref().unwrap().again.clone();
    assert_eq!(watch.as_deref(), Some("Watch game 2"));
    command(&mut cy, GameCommand::Again);
    until(&mut [&mut cy], "the answer", |a| {
        hud(a).online.as_ref().is_some_and(|o| o.trouble.is_some())
    });

    // "Play game 2" on Ann's card; Bo is offered it and accepts.
    command(&mut ann, GameCommand::Again);
    until(&mut [&mut ann, &mut bo], "game 2 offered", |a| {
        online(a).rematch_offer.is_some() || online(a).connection == Connection::Waiting
    });
    let offer = hud(&bo).online.as_ref().unwrap().rematch_offer.clone();
    assert!(
        offer.as_ref().is_some_and(|o| o.contains("game 2")),
        "{offer:?}"
    );
    command_online(&mut bo, OnlineCommand::AcceptRematch);
    until(&mut [&mut ann, &mut bo], "game 2", |a| {
        online(a).connection == Connection::Playing
            && shown(a).duplicate.as_ref().is_some_and(|m| m.round == 2)
    });
    assert_eq!(
        (online(&ann).seat, online(&bo).seat),
        (Some(Side::Black), Some(Side::Red))
    );
    command(&mut cy, GameCommand::Again);
    until(&mut [&mut cy], "Cy at game 2", |a| {
        online(a).game == online(&ann).game
            && shown(a)
                .duplicate
                .as_ref()
                .is_some_and(|m| m.first.is_some())
    });
    // The same deal: Bo, Red now, makes Ann's first move and turns up the same pieces.
    play(&mut bo, &first_move);
    until(&mut [&mut ann, &mut bo, &mut cy], "Bo's move", |a| {
        plies(a) == 1
    });
    assert_eq!(shown(&bo).view().unwrap().moves[0].revealed, revealed);
    assert_eq!(tray(&bo, Side::Red), ann_took, "Bo takes what Ann took");
    assert_eq!(tray(&ann, Side::Red), vec![None]);

    // Bo resigns game 2 too: Ann wins the match, 2–0, and game 1 is shown whole.
    command(&mut bo, GameCommand::Resign(Side::Red));
    until(
        &mut [&mut ann, &mut bo, &mut cy],
        "the match decided",
        |a| {
            shown(a)
                .duplicate
                .as_ref()
                .is_some_and(|m| m.decided && m.first_view.is_some())
        },
    );
    for (app, points) in [(&ann, [4, 0]), (&bo, [0, 4]), (&cy, [4, 0])] {
        let m = shown(app).duplicate.clone().unwrap();
        assert_eq!(m.half_points, points);
        assert!(
            m.first_view.unwrap().reveal.is_some(),
            "game 1's deal shown"
        );
        assert!(shown(app).view().unwrap().reveal.is_some(), "game 2's too");
    }
    // The statistics count the match once, as each player's own (player 1 won on Ann's, lost
    // on Bo's), its games not at all; a spectator's count nothing.
    let matches = |app: &App| {
        let kind = (shown(app).variant, None);
        let stats = app.world().resource::<Stats>();
        (stats.matches(kind), stats.tally(kind))
    };
    let (won, games) = matches(&ann);
    assert_eq!((won.player_one, won.player_two), (1, 0));
    assert_eq!(games, Default::default());
    let (lost, _) = matches(&bo);
    assert_eq!((lost.player_one, lost.player_two), (0, 1));
    assert_eq!(matches(&cy), Default::default());
}

/// Red hosts an untimed Jieqi game at `address`, as Red; the invite, once the table waits.
fn host_as_red(red: &mut App, address: &str) -> String {
    host_game(red, address, false)
}

/// Hosts an untimed Jieqi game at `address`, as Red (`duplicate`: game 1 of a duplicate
/// match); the invite, once the table waits.
fn host_game(red: &mut App, address: &str, duplicate: bool) -> String {
    command_online(
        red,
        OnlineCommand::Host {
            address: address.to_string(),
            config: jieqi_config(),
            colour: Some(Side::Red),
            duplicate,
        },
    );
    until(&mut [&mut *red], "the table, waiting", |a| {
        online(a).connection == Connection::Waiting
    });
    online(red).invite.clone().unwrap().to_string()
}

/// Sends a request of the Play online window.
fn command_online(app: &mut App, command: OnlineCommand) {
    app.world_mut()
        .resource_mut::<Messages<OnlineCommand>>()
        .write(command);
    app.update();
}

/// Takes a seat with its token from another connection: the server closes the seat's
/// connection (4001), as a network drop would end it.
fn kick(server: &SocketAddr, game: &str, token: &str) {
    use jieqi_server::protocol::{ClientMessage, PROTOCOL};
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let url = format!("ws://{server}/ws");
        let mut socket = jieqi_server::client::connect(&url).await.unwrap();
        let hello = ClientMessage::Hello {
            protocol: PROTOCOL,
            name: "thief".into(),
        };
        jieqi_server::client::send(&mut socket, &hello)
            .await
            .unwrap();
        let resume = ClientMessage::Resume {
            game: game.into(),
            token: token.into(),
        };
        jieqi_server::client::send(&mut socket, &resume)
            .await
            .unwrap();
        // The snapshot: the seat is this connection's now; then it goes.
        for _ in 0..3 {
            let _ = tokio::time::timeout(
                Duration::from_secs(2),
                jieqi_server::client::recv(&mut socket),
            )
            .await;
        }
    });
}
