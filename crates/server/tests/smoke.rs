//! A whole game through the in-process server: hello, create, join, moves, resignation, the
//! deal published at the end (online.md §2, §3).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use jieqi_server::hub::Settings;
use jieqi_server::protocol::{ClientMessage, ErrorCode, ServerMessage, Status};
use jieqi_server::{Config, Server};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn start() -> String {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        db: ":memory:".into(),
        settings: Settings {
            grace: Duration::from_secs(1),
            allow_deals: false,
        },
        max_connections_per_ip: 100,
    };
    let server = Server::bind(&config).await.unwrap();
    let address = server.address().unwrap();
    tokio::spawn(server.run(std::future::pending()));
    format!("ws://{address}/ws")
}

async fn send(socket: &mut Socket, message: &ClientMessage) {
    let text = serde_json::to_string(message).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
}

async fn next(socket: &mut Socket) -> ServerMessage {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("an answer within 5 s")
            .expect("the connection is open")
            .unwrap();
        if let Message::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

async fn player(url: &str, name: &str) -> Socket {
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = ClientMessage::Hello {
        protocol: 1,
        name: name.into(),
    };
    send(&mut socket, &hello).await;
    assert!(matches!(
        next(&mut socket).await,
        ServerMessage::Welcome { .. }
    ));
    socket
}

#[tokio::test]
async fn two_players_play_resign_and_the_deal_is_published() {
    let url = start().await;
    let mut red = player(&url, "ann").await;
    let create = ClientMessage::Create {
        variant: "jieqi".into(),
        rules: None,
        clock: None,
        colour: Some("red".into()),
        deal: None,
        duplicate: false,
    };
    send(&mut red, &create).await;
    let ServerMessage::Created {
        game, invite, seat, ..
    } = next(&mut red).await
    else {
        panic!("created first")
    };
    assert_eq!(seat, "red");
    let ServerMessage::Snapshot(waiting) = next(&mut red).await else {
        panic!("then a snapshot")
    };
    assert_eq!(waiting.status, Status::Waiting);
    let mut black = player(&url, "bo").await;
    let join = ClientMessage::Join {
        game: game.clone(),
        invite,
    };
    send(&mut black, &join).await;
    assert!(matches!(
        next(&mut black).await,
        ServerMessage::Joined { .. }
    ));
    let ServerMessage::Snapshot(view) = next(&mut black).await else {
        panic!("a snapshot after joining")
    };
    assert_eq!(
        (view.seat.as_str(), view.status),
        ("black", Status::Playing)
    );
    assert!(matches!(next(&mut red).await, ServerMessage::Snapshot(_)));
    let turn = ClientMessage::Move {
        game: game.clone(),
        ply: 0,
        turn: "a3a4".into(),
    };
    send(&mut red, &turn).await;
    for socket in [&mut red, &mut black] {
        let ServerMessage::Moved { ply, turn, .. } = next(socket).await else {
            panic!("moved")
        };
        assert_eq!(ply, 0);
        assert!(turn.starts_with("a3a4") && turn.len() == 5, "{turn}");
    }
    send(&mut red, &turn).await;
    let ServerMessage::Error { code, .. } = next(&mut red).await else {
        panic!("an error")
    };
    assert_eq!(code, ErrorCode::NotYourTurn);
    send(&mut black, &ClientMessage::Resign { game: game.clone() }).await;
    for socket in [&mut red, &mut black] {
        let ServerMessage::Ended {
            result,
            reason,
            deal,
            seed,
            ..
        } = next(socket).await
        else {
            panic!("ended")
        };
        assert_eq!((result.as_str(), reason.as_str()), ("1-0", "resignation"));
        assert!(deal.is_some() && seed.is_some());
    }
    // Its players are still its players once it is over (and stored only): `over`, not
    // `not_allowed`; a stranger's move is `not_allowed`.
    let late = ClientMessage::Move {
        game: game.clone(),
        ply: 1,
        turn: "a6a5".into(),
    };
    send(&mut black, &late).await;
    assert!(matches!(
        next(&mut black).await,
        ServerMessage::Error {
            code: ErrorCode::Over,
            ..
        }
    ));
    let mut stranger = player(&url, "dee").await;
    send(&mut stranger, &late).await;
    let refused = next(&mut stranger).await;
    assert!(
        matches!(
            refused,
            ServerMessage::Error {
                code: ErrorCode::NotAllowed,
                ..
            }
        ),
        "{refused:?}"
    );
    // A finished game can still be watched.
    let mut watcher = player(&url, "cy").await;
    send(&mut watcher, &ClientMessage::Watch { game }).await;
    let ServerMessage::Snapshot(over) = next(&mut watcher).await else {
        panic!("a snapshot")
    };
    assert_eq!(over.status, Status::Over);
    assert_eq!(over.moves.len(), 1);
    // Everything, for everyone: the full-knowledge position (an identity after each X).
    let placement = over.position.split(' ').next().unwrap();
    assert!(
        placement.contains("XR") || placement.contains("XP"),
        "{placement}"
    );
    assert_eq!(over.reason.as_deref(), Some("resignation"));
    // Its record is served, and replays as `jieqi-cli replay` reads records.
    let record = http_get(&url, &format!("/games/{}/record", over.game)).await;
    let replay = jieqi_variants::replay(&record, jieqi_rules::Notation::Iccs).unwrap();
    assert_eq!(replay.turns, over.moves);
    assert!(
        http_get(&url, "/games/nope/record")
            .await
            .contains("no finished game")
    );
}

/// The body of a GET on the server of `ws_url`.
async fn http_get(ws_url: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = ws_url.trim_start_matches("ws://").trim_end_matches("/ws");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response.split_once("\r\n\r\n").unwrap().1.to_string()
}

/// A variant registered at run time (the toy fixture, Soldiers) is created, joined and played
/// to its end like any other: the server names no variant.
#[tokio::test]
async fn a_variant_the_server_never_heard_of_plays_to_its_end() {
    use jieqi_rules::platform::Variant;
    jieqi_toy::register();
    let url = start().await;
    let mut red = player(&url, "ann").await;
    let create = ClientMessage::Create {
        variant: "toy".into(),
        rules: None,
        clock: None,
        colour: Some("red".into()),
        deal: None,
        duplicate: false,
    };
    send(&mut red, &create).await;
    let ServerMessage::Created { game, invite, .. } = next(&mut red).await else {
        panic!("created")
    };
    next(&mut red).await;
    let mut black = player(&url, "bo").await;
    let join = ClientMessage::Join {
        game: game.clone(),
        invite,
    };
    send(&mut black, &join).await;
    next(&mut black).await;
    next(&mut black).await;
    next(&mut red).await;
    // The referee's replica: Soldiers is open, so the test may keep the whole game.
    let mut replica = jieqi_toy::TOY.start(None, "").unwrap();
    for ply in 0.. {
        assert!(ply < 20, "Soldiers ends within its turn limit");
        let turn = replica.legal_texts(jieqi_rules::Notation::Iccs)[0].clone();
        replica.play_text(&turn).unwrap();
        let mover = if ply % 2 == 0 { &mut red } else { &mut black };
        let message = ClientMessage::Move {
            game: game.clone(),
            ply,
            turn: turn.clone(),
        };
        send(mover, &message).await;
        for socket in [&mut red, &mut black] {
            let ServerMessage::Moved { turn: told, .. } = next(socket).await else {
                panic!("moved")
            };
            assert_eq!(told, turn);
        }
        if replica.outcome().is_some() {
            break;
        }
    }
    let ServerMessage::Ended { result, deal, .. } = next(&mut red).await else {
        panic!("ended")
    };
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()));
    assert_eq!(deal, None, "Soldiers deals nothing");
}

#[tokio::test]
async fn a_frame_over_64_kib_closes_its_connection_with_1009_only() {
    let url = start().await;
    let mut big = player(&url, "big").await;
    let mut other = player(&url, "other").await;
    let text = format!(r#"{{"t":"ping","pad":"{}"}}"#, "x".repeat(70 * 1024));
    big.send(Message::Text(text.into())).await.unwrap();
    let frame = tokio::time::timeout(Duration::from_secs(5), big.next())
        .await
        .expect("an answer within 5 s");
    match frame {
        Some(Ok(Message::Close(Some(close)))) => assert_eq!(u16::from(close.code), 1009),
        other => panic!("expected a close frame, got {other:?}"),
    }
    send(&mut other, &ClientMessage::Ping).await;
    assert!(matches!(next(&mut other).await, ServerMessage::Pong { .. }));
}
