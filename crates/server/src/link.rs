//! A connection as the games see it: where to send its frames. A game never waits on a
//! connection: a connection whose queue is full is too slow to keep, and is told to close.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{Notify, mpsc};

use crate::protocol::ServerMessage;

/// How many frames may wait for one connection before it counts as too slow.
pub const QUEUE: usize = 512;

/// What a connection's writer does next.
#[derive(Debug)]
pub enum Outbound {
    Frame(String),
    /// Sends a close frame with this code and reason, then stops.
    Close(u16, &'static str),
}

/// One connection's mailbox.
#[derive(Clone, Debug)]
pub struct Link {
    pub id: u64,
    /// The name its `hello` gave.
    pub name: Arc<str>,
    queue: mpsc::Sender<Outbound>,
    /// Set when the queue overflowed: the connection closes.
    overflowed: Arc<(AtomicBool, Notify)>,
    /// The token of each seat this connection took, by game: a game read back from the
    /// database after its end knows its players by them.
    held: Arc<Mutex<HashMap<String, String>>>,
}

impl Link {
    /// A link and the receiving end of its queue.
    pub fn new(id: u64, name: Arc<str>) -> (Link, mpsc::Receiver<Outbound>) {
        let (queue, inbox) = mpsc::channel(QUEUE);
        let link = Link {
            id,
            name,
            queue,
            overflowed: Arc::new((AtomicBool::new(false), Notify::new())),
            held: Arc::default(),
        };
        (link, inbox)
    }

    /// The same mailbox under the name a `hello` gave.
    pub fn named(&self, name: Arc<str>) -> Link {
        Link {
            name,
            ..self.clone()
        }
    }

    /// Notes that this connection holds a seat of `game` by `token`.
    pub fn hold(&self, game: &str, token: &str) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.insert(game.to_string(), token.to_string());
    }

    /// The token of the seat this connection took in `game`.
    pub fn token_in(&self, game: &str) -> Option<String> {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.get(game).cloned()
    }

    /// Queues a message; never waits. A full queue marks the connection too slow.
    pub fn send(&self, message: &ServerMessage) {
        self.push(Outbound::Frame(message.to_text()));
    }

    /// Queues a frame already written.
    pub fn send_text(&self, text: String) {
        self.push(Outbound::Frame(text));
    }

    /// Asks the connection to close with `code`.
    pub fn close(&self, code: u16, reason: &'static str) {
        self.push(Outbound::Close(code, reason));
    }

    fn push(&self, outbound: Outbound) {
        if self.queue.try_send(outbound).is_err() {
            self.overflowed.0.store(true, Ordering::Relaxed);
            self.overflowed.1.notify_one();
        }
    }

    /// Waits until the queue has overflowed.
    pub async fn overflowed(&self) {
        if !self.overflowed.0.load(Ordering::Relaxed) {
            self.overflowed.1.notified().await;
        }
    }
}
