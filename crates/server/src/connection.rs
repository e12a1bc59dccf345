//! One WebSocket: reads its frames, holds it to the limits (§7), says hello, and hands each
//! game message to its game. A second task writes the frames the games queue for it, so a
//! client that does not read delays no one but itself.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use crate::hub::{Create, Hub};
use crate::limits::{Rate, Verdict};
use crate::link::{Link, Outbound};
use crate::protocol::{ClientMessage, ErrorCode, Incoming, PROTOCOL, ServerMessage, close};
use crate::table::{Ask, Command};

/// The most games one connection is told the end of when it closes.
const MAX_GAMES: usize = 10_000;

/// What the server tells `welcome`.
const SERVER: &str = concat!("jieqi-server ", env!("CARGO_PKG_VERSION"));

/// Serves one connection until it closes, the server stops, or it breaks a limit.
pub async fn serve(socket: WebSocket, id: u64, hub: Arc<Hub>, mut stopping: watch::Receiver<bool>) {
    let (sink, mut stream) = socket.split();
    let (mut link, outbox) = Link::new(id, Arc::from(""));
    let mut writer = tokio::spawn(write(sink, outbox));
    let mut state = State {
        said_hello: false,
        rate: Rate::new(),
        games: HashSet::new(),
    };
    loop {
        tokio::select! {
            frame = stream.next() => match frame {
                Some(Ok(message)) => {
                    if !state.read(message, &mut link, &hub).await {
                        break;
                    }
                }
                Some(Err(e)) => {
                    // Over 64 KiB (tungstenite's capacity error) or a broken frame.
                    if is_too_big(e) {
                        link.close(close::TOO_BIG, "a message is at most 64 KiB");
                    }
                    break;
                }
                None => break,
            },
            _ = stopping.changed() => {
                link.close(close::GOING_AWAY, "the server is stopping");
                break;
            }
            () = link.overflowed() => break,
            _ = &mut writer => break,
        }
    }
    for game in state.games.drain() {
        let command = Command {
            link: link.clone(),
            id: None,
            ask: Ask::Gone,
        };
        hub.dispatch(&game, command).await;
    }
    drop(link);
    // Let the writer send what is queued (a close frame), but not forever. A writer that
    // already ended (its close sent) has been awaited in the loop: it must not be again.
    if !writer.is_finished() {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), writer).await;
    }
}

/// Whether the read failed on the size limit (tungstenite's capacity error, which axum wraps).
fn is_too_big(error: axum::Error) -> bool {
    error
        .into_inner()
        .downcast::<tungstenite::Error>()
        .is_ok_and(|e| matches!(*e, tungstenite::Error::Capacity(_)))
}

/// Writes queued frames until a close, or until every link to it is gone.
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut outbox: mpsc::Receiver<Outbound>,
) {
    while let Some(outbound) = outbox.recv().await {
        match outbound {
            Outbound::Frame(text) => {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            Outbound::Close(code, reason) => {
                let frame = CloseFrame {
                    code,
                    reason: reason.into(),
                };
                let _ = sink.send(Message::Close(Some(frame))).await;
                return;
            }
        }
    }
    let _ = sink.close().await;
}

/// What a connection knows of itself.
struct State {
    said_hello: bool,
    rate: Rate,
    /// The games it has a part in: told when it closes.
    games: HashSet<String>,
}

impl State {
    /// Answers one frame; `false`: close the connection.
    async fn read(&mut self, message: Message, link: &mut Link, hub: &Arc<Hub>) -> bool {
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                return self.refuse(link, ErrorCode::BadMessage, "frames are text (JSON)", None);
            }
            Message::Ping(_) | Message::Pong(_) => return true,
            Message::Close(_) => return false,
        };
        match self.rate.check(Instant::now()) {
            Verdict::Accept => {}
            Verdict::Refuse => {
                let message = "more than 20 messages in a second: slow down";
                return self.refuse(link, ErrorCode::RateLimited, message, None);
            }
            Verdict::Close => {
                link.close(close::POLICY, "too many messages for too long");
                return false;
            }
        }
        let Incoming { id, message } = Incoming::read(&text);
        if !self.said_hello {
            return self.hello(message, link, id);
        }
        let message = match message {
            Ok(message) => message,
            Err(bad) => return self.refuse(link, ErrorCode::BadMessage, &bad.0, id),
        };
        match message {
            ClientMessage::Hello { .. } => {
                self.refuse(link, ErrorCode::BadMessage, "hello was already said", id)
            }
            ClientMessage::Ping => {
                link.send(&ServerMessage::Pong { id });
                true
            }
            ClientMessage::Create {
                variant,
                rules,
                clock,
                colour,
                deal,
                duplicate,
            } => {
                let create = Create {
                    variant,
                    rules,
                    clock,
                    colour,
                    deal,
                    duplicate,
                };
                if let Some(game) = hub.create(link, create, id).await {
                    self.games.insert(game);
                }
                true
            }
            ClientMessage::Rematch {
                game,
                new_game: None,
                invite: None,
            } => {
                if let Some(second) = hub.second_game(link, &game, id).await {
                    self.games.insert(second);
                }
                true
            }
            ClientMessage::Rematch { new_game: None, .. }
            | ClientMessage::Rematch { invite: None, .. } => {
                let message = "a rematch names both a new game's id and its invite, or neither";
                self.refuse(link, ErrorCode::BadMessage, message, id)
            }
            other => {
                let game = other.game().unwrap_or_default().to_string();
                let Some(ask) = ask_of(other) else {
                    return true;
                };
                // Bounded: a client naming endless made-up games keeps no endless list.
                if self.games.len() < MAX_GAMES {
                    self.games.insert(game.clone());
                }
                let command = Command {
                    link: link.clone(),
                    id,
                    ask,
                };
                hub.dispatch(&game, command).await;
                true
            }
        }
    }

    /// Before `hello`, only `hello` is answered.
    fn hello(
        &mut self,
        message: Result<ClientMessage, crate::protocol::BadMessage>,
        link: &mut Link,
        id: Option<Value>,
    ) -> bool {
        match message {
            Ok(ClientMessage::Hello { protocol, name }) if protocol == PROTOCOL => {
                self.said_hello = true;
                *link = link.named(Arc::from(name.as_str()));
                link.send(&ServerMessage::Welcome {
                    protocol: PROTOCOL,
                    server: SERVER.into(),
                    id,
                });
                true
            }
            Ok(ClientMessage::Hello { protocol, .. }) => {
                let message = format!("this server speaks protocol {PROTOCOL}, not {protocol}");
                link.send(&ServerMessage::error(ErrorCode::Protocol, message, id));
                link.close(close::PROTOCOL, "unsupported protocol");
                false
            }
            _ => {
                let message = r#"say hello first: {"t":"hello","protocol":1,"name":"…"}"#;
                self.refuse(link, ErrorCode::Hello, message, id)
            }
        }
    }

    fn refuse(&self, link: &Link, code: ErrorCode, message: &str, id: Option<Value>) -> bool {
        link.send(&ServerMessage::error(code, message, id));
        true
    }
}

/// A game message as its game hears it; `None` for the connection's own messages.
fn ask_of(message: ClientMessage) -> Option<Ask> {
    Some(match message {
        ClientMessage::Join { invite, .. } => Ask::Join { invite },
        ClientMessage::Resume { token, .. } => Ask::Resume { token },
        ClientMessage::Watch { .. } => Ask::Watch,
        ClientMessage::Move { ply, turn, .. } => Ask::Move { ply, text: turn },
        ClientMessage::Resign { .. } => Ask::Resign,
        ClientMessage::Draw { action, .. } => Ask::Draw(action),
        ClientMessage::Claim { .. } => Ask::Claim,
        ClientMessage::Rematch {
            new_game: Some(new_game),
            invite: Some(invite),
            ..
        } => Ask::Rematch { new_game, invite },
        // Answered by the connection itself (see `read`).
        ClientMessage::Rematch { .. }
        | ClientMessage::Hello { .. }
        | ClientMessage::Create { .. }
        | ClientMessage::Ping => {
            return None;
        }
    })
}
