//! A client's WebSocket connection to the server, for every client (the game, the bot, the
//! load command): the server's address as a URL ([`ws_url`]), connect, send a
//! [`ClientMessage`], receive the next [`ServerMessage`] (protocol frames that are not
//! messages — pings, pongs — are tungstenite's business), `hello`. What goes wrong is a
//! [`Trouble`] with a short code, which the load command counts and the bot and the game
//! report.

use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};

use crate::protocol::{ClientMessage, PROTOCOL, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A connection to the server.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Read buffer per connection: the server's frames are small (a snapshot is a few hundred
/// bytes), and the load command holds thousands of connections (tungstenite's default is
/// 128 KiB each).
const READ_BUFFER_BYTES: usize = 4096;

/// What went wrong with a connection or a frame: `code` is a short word the load command
/// counts (`connect`, `emfile`, `closed`, `io`, `unreadable`, `timeout`), `message` one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trouble {
    pub code: &'static str,
    pub message: String,
}

impl Trouble {
    pub fn new(code: &'static str, message: impl Into<String>) -> Trouble {
        Trouble {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Trouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Whether an error is the process running out of file descriptors.
fn is_emfile(e: &std::io::Error) -> bool {
    // EMFILE on Linux and the BSDs.
    e.raw_os_error() == Some(24)
}

/// Messages one connection sends in any second, at most: the server allows 20 (spec §7), and
/// frames sent apart may arrive together.
pub const MESSAGES_PER_SECOND: usize = 15;

/// Keeps a connection's messages to [`MESSAGES_PER_SECOND`]: remembers when the last ones
/// went.
#[derive(Debug, Default)]
pub struct Pace {
    sent: VecDeque<Instant>,
}

impl Pace {
    /// Waits until one more message may go, and counts it as sent.
    pub async fn wait(&mut self) {
        if self.sent.len() >= MESSAGES_PER_SECOND
            && let Some(oldest) = self.sent.pop_front()
        {
            tokio::time::sleep_until((oldest + Duration::from_secs(1)).into()).await;
        }
        self.sent.push_back(Instant::now());
    }
}

/// Connects to `url` (a `ws://` address, see [`ws_url`]).
pub async fn connect(url: &str) -> Result<Socket, Trouble> {
    use tokio_tungstenite::tungstenite::Error;
    let config = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0);
    match tokio_tungstenite::connect_async_with_config(url, Some(config), true).await {
        Ok((socket, _)) => Ok(socket),
        Err(Error::Io(e)) if is_emfile(&e) => Err(Trouble::new(
            "emfile",
            format!("cannot connect to {url}: too many open files (raise the limit: ulimit -n)"),
        )),
        Err(e) => Err(Trouble::new(
            "connect",
            format!("cannot connect to {url}: {e}"),
        )),
    }
}

/// Sends one message as a text frame.
pub async fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), Trouble> {
    let text = serde_json::to_string(message).expect("client messages are plain data");
    socket
        .send(Message::text(text))
        .await
        .map_err(|e| Trouble::new("io", format!("cannot send to the server: {e}")))
}

/// The next message from the server. A closed connection, a transport error or a frame
/// that is not a message is a [`Trouble`].
pub async fn recv(socket: &mut Socket) -> Result<ServerMessage, Trouble> {
    loop {
        let frame = match socket.next().await {
            None => return Err(Trouble::new("closed", "the server closed the connection")),
            Some(Err(e)) => {
                return Err(Trouble::new("io", format!("lost the connection: {e}")));
            }
            Some(Ok(frame)) => frame,
        };
        match frame {
            Message::Text(text) => return read(text.as_str()),
            Message::Close(frame) => {
                let why = frame.map_or_else(
                    || "the server closed the connection".to_string(),
                    |f| format!("the server closed the connection ({} {})", f.code, f.reason),
                );
                return Err(Trouble::new("closed", why));
            }
            // Pings are answered by tungstenite; the server sends no binary frames.
            _ => {}
        }
    }
}

/// A text frame as a server message.
pub fn read(text: &str) -> Result<ServerMessage, Trouble> {
    serde_json::from_str(text).map_err(|e| {
        Trouble::new(
            "unreadable",
            format!(
                "the server sent a frame that is not a message ({e}): {}",
                excerpt(text)
            ),
        )
    })
}

/// `hello {protocol: 1, name}`, then the `welcome`: the server's name. An `error` answer
/// (another protocol) is a [`Trouble`] with code `protocol`.
pub async fn hello(socket: &mut Socket, name: &str) -> Result<String, Trouble> {
    send(
        socket,
        &ClientMessage::Hello {
            protocol: PROTOCOL,
            name: name.to_string(),
        },
    )
    .await?;
    loop {
        match recv(socket).await? {
            ServerMessage::Welcome { server, .. } => return Ok(server),
            ServerMessage::Error { code, message, .. } => {
                return Err(Trouble::new(
                    "protocol",
                    format!("the server refused hello ({code:?}): {message}"),
                ));
            }
            _ => {}
        }
    }
}

/// The WebSocket address of a server named as `ws://HOST:PORT/ws`, `http://HOST:PORT[/PATH]`
/// or `HOST:PORT`: without a path, the spec's `/ws`.
pub fn ws_url(server: &str) -> Result<String, String> {
    let server = server.trim();
    let (scheme, rest) = match server.split_once("://") {
        Some(("ws" | "http", rest)) => ("ws", rest),
        Some(("wss" | "https", _)) => {
            return Err(format!(
                "'{}': this client speaks plain ws:// only (put a TLS proxy's local end, or the server itself, on ws://)",
                excerpt(server)
            ));
        }
        Some((other, _)) => {
            return Err(format!(
                "'{}': the scheme {} is not ws:// or http://",
                excerpt(server),
                excerpt(other)
            ));
        }
        None => ("ws", server),
    };
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(format!(
            "'{}' names no server (e.g. ws://127.0.0.1:7878/ws)",
            excerpt(server)
        ));
    }
    let path = if path.is_empty() || path == "/" {
        "/ws"
    } else {
        path
    };
    Ok(format!("{scheme}://{host}{path}"))
}

/// The start of `s` to quote in a message, on one line: at most 80 characters, `…` if cut.
fn excerpt(s: &str) -> String {
    let mut chars = s.chars();
    let mut out: String = chars
        .by_ref()
        .take(80)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_are_named_in_three_forms() {
        let url = "ws://127.0.0.1:7878/ws";
        assert_eq!(ws_url(url).unwrap(), url);
        assert_eq!(ws_url("ws://127.0.0.1:7878").unwrap(), url);
        assert_eq!(ws_url("http://127.0.0.1:7878/").unwrap(), url);
        assert_eq!(ws_url("127.0.0.1:7878").unwrap(), url);
        assert_eq!(ws_url("host:1/other").unwrap(), "ws://host:1/other");
        assert!(ws_url("wss://x:1").unwrap_err().contains("ws://"));
        assert!(ws_url("ftp://x").is_err());
        assert!(ws_url("").is_err());
    }
}
