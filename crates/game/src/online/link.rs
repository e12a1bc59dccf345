//! The connection to the server, off the frame: a thread of its own runs a small tokio
//! runtime that holds the WebSocket ([`jieqi_server::client`]) and talks to the app through
//! two channels — [`ClientMessage`]s in, [`LinkEvent`]s out — and wakes the app's event loop
//! when something arrives, so that drawing never waits for the network and an idle table
//! draws nothing.
//!
//! A dropped connection is taken up again by itself: the link retries (after 0.5 s, 1 s,
//! 2 s, …, then every 5 s), greets the server and takes its seat back with the token the
//! server gave it (`resume`), or watches again; the app hears [`LinkEvent::Down`] and then
//! [`LinkEvent::Up`]. A server that never answered is a [`LinkEvent::Failed`]. Dropping the
//! [`Link`] closes the connection.

use std::sync::Arc;
use std::time::Duration;

use jieqi_server::client::{self, Socket, Trouble};
use jieqi_server::protocol::{ClientMessage, ServerMessage};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// Wakes the app's event loop (a no-op where there is none: tests).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// What the connection tells the app.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent {
    /// Connected and greeted (again, after a `Down`): the seat's frames follow.
    Up,
    Message(ServerMessage),
    /// The connection dropped; the link is trying again (why, one line).
    Down(String),
    /// No connection could be made at all (why, one line); the link has stopped.
    Failed(String),
}

/// How often a quiet connection is checked: a ping that cannot be sent shows a dead one.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// The longest wait between two attempts to reconnect.
const MOST_BETWEEN_TRIES: Duration = Duration::from_secs(5);

/// An open connection to a server's table.
#[derive(Debug)]
pub struct Link {
    outbox: UnboundedSender<Outgoing>,
    inbox: UnboundedReceiver<LinkEvent>,
}

/// A message from the app, and whether it is the way back in after a reconnect.
#[derive(Debug)]
struct Outgoing {
    message: ClientMessage,
    door: bool,
}

impl Link {
    /// Connects to `url` as `name` and sends `door` (`create`, `join`, `resume` or `watch`)
    /// once greeted; everything happens on the link's own thread.
    pub fn open(url: String, name: String, door: ClientMessage, wake: Wake) -> Link {
        let (outbox, outgoing) = unbounded_channel();
        let (events, inbox) = unbounded_channel();
        let spawned = std::thread::Builder::new()
            .name("jieqi-online".into())
            .spawn({
                let events = events.clone();
                let wake = wake.clone();
                move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build();
                    let to_app = ToApp { events, wake };
                    match runtime {
                        Ok(runtime) => {
                            runtime.block_on(run(url, name, door, to_app, outgoing));
                        }
                        Err(e) => {
                            to_app.tell(LinkEvent::Failed(e.to_string()));
                        }
                    }
                }
            });
        if let Err(e) = spawned {
            let _ = events.send(LinkEvent::Failed(format!(
                "cannot start the connection: {e}"
            )));
            wake();
        }
        Link { outbox, inbox }
    }

    /// Sends a message (dropped while the connection is down: the table is asked for again
    /// when it is back up).
    pub fn send(&self, message: ClientMessage) {
        let _ = self.outbox.send(Outgoing {
            message,
            door: false,
        });
    }

    /// Sends `message` (a `watch`) and makes it the way back in after a reconnect: a
    /// spectator who follows the players to another game watches that one from then on.
    pub fn enter(&self, message: ClientMessage) {
        let _ = self.outbox.send(Outgoing {
            message,
            door: true,
        });
    }

    /// Everything that arrived since the last call.
    pub fn events(&mut self) -> Vec<LinkEvent> {
        let mut events = Vec::new();
        while let Ok(event) = self.inbox.try_recv() {
            events.push(event);
        }
        events
    }
}

/// The app's end: events, and the wake-up after each.
struct ToApp {
    events: UnboundedSender<LinkEvent>,
    wake: Wake,
}

impl ToApp {
    /// Tells the app; `false` once the app has let the link go.
    fn tell(&self, event: LinkEvent) -> bool {
        let heard = self.events.send(event).is_ok();
        (self.wake)();
        heard
    }
}

/// Why a connection ended.
enum Ended {
    /// The app let the link go.
    Left,
    Lost(Trouble),
}

/// Connects, serves, and reconnects until the app lets the link go.
async fn run(
    url: String,
    name: String,
    mut door: ClientMessage,
    app: ToApp,
    mut outgoing: UnboundedReceiver<Outgoing>,
) {
    let mut ever_up = false;
    let mut tries = 0u32;
    loop {
        let trouble = match greeted(&url, &name).await {
            Ok(mut socket) => {
                ever_up = true;
                tries = 0;
                if !app.tell(LinkEvent::Up) {
                    return;
                }
                match serve(&mut socket, &mut door, &app, &mut outgoing).await {
                    Ended::Left => {
                        let _ = close_politely(&mut socket).await;
                        return;
                    }
                    Ended::Lost(trouble) => trouble,
                }
            }
            Err(trouble) => trouble,
        };
        if !ever_up {
            app.tell(LinkEvent::Failed(trouble.message));
            return;
        }
        if !app.tell(LinkEvent::Down(trouble.message)) {
            return;
        }
        let pause = Duration::from_millis(500 << tries.min(4)).min(MOST_BETWEEN_TRIES);
        tries += 1;
        // Messages sent while down are dropped: the table is asked for again once back
        // (by the door, which may have moved meanwhile).
        let deadline = tokio::time::Instant::now() + pause;
        loop {
            tokio::select! {
                () = tokio::time::sleep_until(deadline) => break,
                message = outgoing.recv() => match message {
                    None => return,
                    Some(out) if out.door => door = out.message,
                    Some(_) => {}
                },
            }
        }
    }
}

async fn greeted(url: &str, name: &str) -> Result<Socket, Trouble> {
    let mut socket = client::connect(url).await?;
    client::hello(&mut socket, name).await?;
    Ok(socket)
}

/// One connection: the door first, then frames both ways until it drops or the app leaves.
/// A seat taken (`created`, `joined`) is taken back by its token after a reconnect.
async fn serve(
    socket: &mut Socket,
    door: &mut ClientMessage,
    app: &ToApp,
    outgoing: &mut UnboundedReceiver<Outgoing>,
) -> Ended {
    if let Err(trouble) = client::send(socket, door).await {
        return Ended::Lost(trouble);
    }
    let mut keepalive = tokio::time::interval(KEEPALIVE);
    keepalive.tick().await;
    loop {
        tokio::select! {
            frame = client::recv(socket) => match frame {
                // The keepalive's answer is the link's business: it wakes nobody.
                Ok(ServerMessage::Pong { .. }) => {}
                Ok(message) => {
                    if let Some(resume) = resume_door(&message) {
                        *door = resume;
                    }
                    if !app.tell(LinkEvent::Message(message)) {
                        return Ended::Left;
                    }
                }
                Err(trouble) => return Ended::Lost(trouble),
            },
            message = outgoing.recv() => match message {
                Some(out) => {
                    if let Err(trouble) = client::send(socket, &out.message).await {
                        return Ended::Lost(trouble);
                    }
                    if out.door {
                        *door = out.message;
                    }
                }
                None => return Ended::Left,
            },
            _ = keepalive.tick() => {
                if let Err(trouble) = client::send(socket, &ClientMessage::Ping).await {
                    return Ended::Lost(trouble);
                }
            }
        }
    }
}

/// The way back to a seat the server just gave: `resume` with its token.
fn resume_door(message: &ServerMessage) -> Option<ClientMessage> {
    match message {
        ServerMessage::Created { game, token, .. } | ServerMessage::Joined { game, token, .. } => {
            Some(ClientMessage::Resume {
                game: game.clone(),
                token: token.clone(),
            })
        }
        _ => None,
    }
}

/// Closes the connection politely (a close frame), for a server that should see it go.
async fn close_politely(socket: &mut Socket) -> Result<(), Trouble> {
    socket
        .close(None)
        .await
        .map_err(|e| Trouble::new("io", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_given_is_taken_back_by_its_token() {
        let created = ServerMessage::Created {
            game: "g".into(),
            seat: "red".into(),
            token: "t".into(),
            invite: "i".into(),
            id: None,
        };
        assert_eq!(
            resume_door(&created),
            Some(ClientMessage::Resume {
                game: "g".into(),
                token: "t".into()
            })
        );
        assert_eq!(resume_door(&ServerMessage::Pong { id: None }), None);
    }

    #[test]
    fn no_server_is_a_failure_in_one_line() {
        // A port nothing listens on (bound, then let go).
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let mut link = Link::open(
            format!("ws://127.0.0.1:{port}/ws"),
            "ann".into(),
            ClientMessage::Ping,
            Arc::new(|| {}),
        );
        let mut events = Vec::new();
        for _ in 0..100 {
            events.extend(link.events());
            if !events.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        match events.first() {
            Some(LinkEvent::Failed(why)) => assert!(!why.contains('\n'), "{why}"),
            other => panic!("expected a failure, got {other:?}"),
        }
    }
}
