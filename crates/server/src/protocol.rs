//! The messages of spec/online.md §2, as types: text frames holding one JSON object each, its
//! `"t"` naming the message, field names in `snake_case`. The server reads [`ClientMessage`]s
//! and writes [`ServerMessage`]s; a client (the bot, the load command, the game) does the
//! reverse with the same types. `docs/protocol.md` gives every message with an example and the
//! decisions the spec left open.

use std::collections::BTreeMap;

use jieqi_rules::clock::TimeControl;
use jieqi_rules::platform::Variant;
use jieqi_rules::{DrawReason, Outcome, Side, WinReason};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's version: `hello` names it, `welcome` answers with it.
pub const PROTOCOL: u32 = 1;

/// The largest message a connection may send, after reassembly (§7): more closes it (1009).
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// The longest player name `hello` may give, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A message from a client. Every one may carry an `id` ([`Incoming::id`]), echoed in the
/// answer or error it causes. Unknown fields are ignored, as lichess's socket does: a newer
/// client still speaks to this server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of a connection.
    Hello {
        protocol: u32,
        name: String,
    },
    /// A new game; the creator takes a seat.
    Create {
        variant: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rules: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<TimeControl>,
        /// The creator's seat, or `random` (the default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<String>,
        /// A deal the client chose: a seed code or a full-knowledge position text. Refused
        /// (`not_allowed`) unless the server runs with `--allow-deals`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<String>,
        /// Game 1 of a duplicate match (a variant whose deal each side knows part of): its
        /// end is sealed until game 2, on the same deal with the colours swapped, ends.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        duplicate: bool,
    },
    /// Takes the free seat of a game, by its invite.
    Join {
        game: String,
        invite: String,
    },
    /// Takes back one's seat (after a reconnect), by its token.
    Resume {
        game: String,
        token: String,
    },
    /// Watches a game as a spectator.
    Watch {
        game: String,
    },
    /// Plays a turn: `ply` is the number of plies already played.
    Move {
        game: String,
        ply: u64,
        #[serde(rename = "move")]
        turn: String,
    },
    Resign {
        game: String,
    },
    Draw {
        game: String,
        action: DrawAction,
    },
    /// Claims the win over an opponent gone longer than the grace period (§6).
    Claim {
        game: String,
    },
    /// After the end: offers the other player a rematch, the new game this player created
    /// (with the colours swapped) and its invite; the other player gets an `offer` of kind
    /// `rematch` with them, and joins to accept. After game 1 of a duplicate match, without
    /// `new_game` and `invite`: the server creates game 2 on the same deal with the colours
    /// swapped, seats the asker (`created`) and offers it to the other player the same way.
    Rematch {
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new_game: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    Ping,
}

impl ClientMessage {
    /// The game the message is about, if any.
    pub fn game(&self) -> Option<&str> {
        match self {
            ClientMessage::Join { game, .. }
            | ClientMessage::Resume { game, .. }
            | ClientMessage::Watch { game }
            | ClientMessage::Move { game, .. }
            | ClientMessage::Resign { game }
            | ClientMessage::Draw { game, .. }
            | ClientMessage::Claim { game }
            | ClientMessage::Rematch { game, .. } => Some(game),
            ClientMessage::Hello { .. } | ClientMessage::Create { .. } | ClientMessage::Ping => {
                None
            }
        }
    }
}

/// What a `draw` message does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// A client's frame as read: its `id` (whatever JSON it was, echoed as it came) and the
/// message, or why it is not one.
#[derive(Clone, Debug, PartialEq)]
pub struct Incoming {
    pub id: Option<Value>,
    pub message: Result<ClientMessage, BadMessage>,
}

/// Why a frame is not a message, in one line a person can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadMessage(pub String);

impl Incoming {
    /// Reads one text frame. Never panics, whatever the text.
    pub fn read(text: &str) -> Incoming {
        let value: Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(e) => {
                return Incoming {
                    id: None,
                    message: Err(BadMessage(format!("not JSON: {e}"))),
                };
            }
        };
        let Value::Object(mut object) = value else {
            return Incoming {
                id: None,
                message: Err(BadMessage("a message is a JSON object".into())),
            };
        };
        let id = object.remove("id");
        let message = if object.get("t").is_some_and(Value::is_string) {
            serde_json::from_value::<ClientMessage>(Value::Object(object))
                .map_err(|e| BadMessage(one_line(&e.to_string())))
                .and_then(checked)
        } else {
            Err(BadMessage(
                "a message names itself in a string field \"t\"".into(),
            ))
        };
        Incoming { id, message }
    }
}

/// Checks what serde cannot: a name's length.
fn checked(message: ClientMessage) -> Result<ClientMessage, BadMessage> {
    if let ClientMessage::Hello { name, .. } = &message
        && name.chars().count() > MAX_NAME_CHARS
    {
        return Err(BadMessage(format!(
            "a name has at most {MAX_NAME_CHARS} characters"
        )));
    }
    Ok(message)
}

fn one_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    Welcome {
        protocol: u32,
        server: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    Created {
        game: String,
        seat: String,
        token: String,
        invite: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    Joined {
        game: String,
        seat: String,
        token: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    Snapshot(Box<Snapshot>),
    Moved {
        game: String,
        ply: u64,
        #[serde(rename = "move")]
        turn: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        captured: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockReading>,
    },
    Ended {
        game: String,
        result: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
    },
    Presence {
        game: String,
        seat: String,
        connected: bool,
    },
    Offer {
        game: String,
        kind: String,
        from: String,
        /// A rematch: the new game the offering player created, and its invite.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new_game: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    Pong {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
}

impl ServerMessage {
    /// The message as one text frame.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("server messages are plain data")
    }

    /// An error answering a message that carried `id`.
    pub fn error(code: ErrorCode, message: impl Into<String>, id: Option<Value>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
            id,
        }
    }
}

/// A game as one receiver may know it (§2 `snapshot`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub game: String,
    pub variant: String,
    /// The rule-set text (`captured=both`), empty for the standard rules.
    pub rules: String,
    /// The receiver's seat, or `spectator`.
    pub seat: String,
    pub players: BTreeMap<String, PlayerInfo>,
    /// The receiver's position text: a player's viewer-relative FEN, a spectator's public one;
    /// once the game is over, the full-knowledge text.
    pub position: String,
    /// Every ply as the receiver's view writes it.
    pub moves: Vec<String>,
    /// What each face-down piece taken was, by the ply that took it (`"0"` = the first
    /// move; JSON keys are strings, and a number key would not read back inside the tagged
    /// message), for the plies whose `moved` told this receiver `captured`: a client that
    /// reconnects rebuilds its knowledge turn by turn. Absent when there is none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub captured: BTreeMap<String, String>,
    /// A timed game's time control (what every player may know, like `rules`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockReading>,
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// How it ended, once over (as `ended` says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A dealt game's whole deal and seed, once over (as `ended` says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The game's place in a duplicate match, if it is one of its games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate: Option<MatchGame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
}

/// A game of a duplicate match, in a snapshot: game 1 ends sealed (no deal, no seed, each
/// receiver's view as in play) until game 2, the same deal with the colours swapped, ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// 1 or 2.
    pub round: u8,
    /// The match's other game: game 2 once created (in game 1's snapshot), game 1 (in game
    /// 2's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
}

/// A seat's player in a snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
    pub connected: bool,
}

/// Whether a game waits for its second player, runs or is over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Waiting,
    Playing,
    Over,
}

/// The clocks as the server reads them (§4): each seat's time left and whose clock runs.
/// Xiangqi and Jieqi name the seats `red_ms`/`black_ms`, Banqi `first_ms`/`second_ms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    /// `{seat}_ms` → milliseconds left.
    #[serde(flatten)]
    pub left_ms: BTreeMap<String, u64>,
    /// The seat whose clock runs, `null` when none does (before the second player joins,
    /// after the end).
    pub running: Option<String>,
}

/// An error's code (§2), in the order the server checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    Hello,
    Protocol,
    BadMessage,
    UnknownGame,
    BadToken,
    BadInvite,
    Full,
    NotAllowed,
    Over,
    NotYourTurn,
    Stale,
    Illegal,
    RateLimited,
}

/// WebSocket close codes the server uses.
pub mod close {
    /// The server is going away (SIGTERM/SIGINT).
    pub const GOING_AWAY: u16 = 1001;
    /// Too many messages for too long (§7).
    pub const POLICY: u16 = 1008;
    /// A message over [`super::MAX_MESSAGE_BYTES`].
    pub const TOO_BIG: u16 = 1009;
    /// `hello` named another protocol.
    pub const PROTOCOL: u16 = 1002;
    /// The seat was resumed from another connection (§5).
    pub const REPLACED: u16 = 4001;
}

/// The seats' names: `red`/`black`, or `first`/`second` where seats are not colours. Seat 0
/// moves first ([`Side::Red`] in the rules' terms, Banqi's first player).
pub fn seat_names(variant: &dyn Variant) -> [&'static str; 2] {
    if variant.sides_are_colours() {
        ["red", "black"]
    } else {
        ["first", "second"]
    }
}

/// The side a seat's name stands for (`None`: no seat's name).
pub fn seat_side(variant: &dyn Variant, seat: &str) -> Option<Side> {
    let index = seat_names(variant).iter().position(|name| *name == seat)?;
    Some(Side::ALL[index])
}

/// `ended`'s `reason` for an outcome of the rules (besides these, the server ends a game as
/// `abandoned`, §6).
pub fn reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate(_) => "checkmate",
            WinReason::Stalemate => "stalemate",
            WinReason::Resignation => "resignation",
            WinReason::PerpetualCheck => "perpetual_check",
            WinReason::PerpetualChase => "perpetual_chase",
            WinReason::NoPiecesLeft => "no_pieces_left",
            WinReason::Time => "time",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Agreement => "agreement",
            DrawReason::MoveLimit => "move_limit",
            DrawReason::NoCapture => "no_capture",
            DrawReason::Repetition => "repetition",
            DrawReason::NoFlipOrCapture => "no_flip_or_capture",
        },
    }
}

/// `ended`'s `result` for a winner's seat (`None`: a draw).
pub fn result_for(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::Red) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// The winner a `result` names: `Ok(None)` for a draw.
pub fn winner_of(result: &str) -> Result<Option<Side>, BadMessage> {
    match result {
        "1-0" => Ok(Some(Side::Red)),
        "0-1" => Ok(Some(Side::Black)),
        "1/2-1/2" => Ok(None),
        other => Err(BadMessage(format!("'{other}' is no result"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of a snapshot reads back as it was written, as a client reads it.
    #[test]
    fn a_snapshot_reads_back_whole() {
        let snapshot = ServerMessage::Snapshot(Box::new(Snapshot {
            game: "g".into(),
            variant: "jieqi".into(),
            seat: "red".into(),
            players: BTreeMap::from([(
                "red".into(),
                PlayerInfo {
                    name: "ann".into(),
                    connected: true,
                },
            )]),
            moves: vec!["b2b9".into()],
            captured: BTreeMap::from([("0".into(), "n".into())]),
            time_control: Some(TimeControl {
                initial_ms: 60_000,
                increment_ms: 0,
            }),
            clock: Some(ClockReading {
                left_ms: BTreeMap::from([("red_ms".into(), 5), ("black_ms".into(), 6)]),
                running: Some("black".into()),
            }),
            status: Status::Playing,
            ..Snapshot::default()
        }));
        let text = snapshot.to_text();
        assert!(text.contains(r#""captured":{"0":"n"}"#), "{text}");
        let read: ServerMessage = serde_json::from_str(&text).unwrap();
        assert_eq!(read, snapshot);
    }
    use proptest::prelude::*;

    #[test]
    fn a_move_reads_with_its_id_and_the_move_field() {
        let read = Incoming::read(r#"{"t":"move","game":"g1","ply":3,"move":"h2e2","id":7}"#);
        assert_eq!(read.id, Some(Value::from(7)));
        assert_eq!(
            read.message,
            Ok(ClientMessage::Move {
                game: "g1".into(),
                ply: 3,
                turn: "h2e2".into()
            })
        );
    }

    #[test]
    fn unknown_fields_are_ignored_and_unknown_messages_are_bad() {
        let read = Incoming::read(r#"{"t":"ping","extra":[1,2]}"#);
        assert_eq!(read.message, Ok(ClientMessage::Ping));
        let read = Incoming::read(r#"{"t":"teleport","id":"x"}"#);
        assert!(read.message.is_err());
        assert_eq!(read.id, Some(Value::from("x")));
    }

    #[test]
    fn a_long_name_is_a_bad_message() {
        let name = "n".repeat(MAX_NAME_CHARS + 1);
        let read = Incoming::read(&format!(r#"{{"t":"hello","protocol":1,"name":"{name}"}}"#));
        assert!(read.message.is_err());
    }

    #[test]
    fn server_messages_write_the_spec_s_field_names() {
        let moved = ServerMessage::Moved {
            game: "g".into(),
            ply: 0,
            turn: "h2e2".into(),
            captured: None,
            clock: Some(ClockReading {
                left_ms: BTreeMap::from([("red_ms".into(), 5), ("black_ms".into(), 6)]),
                running: Some("black".into()),
            }),
        };
        assert_eq!(
            moved.to_text(),
            r#"{"t":"moved","game":"g","ply":0,"move":"h2e2","clock":{"black_ms":6,"red_ms":5,"running":"black"}}"#
        );
        let back: ServerMessage = serde_json::from_str(&moved.to_text()).unwrap();
        assert_eq!(back, moved);
        let error = ServerMessage::error(ErrorCode::NotYourTurn, "wait", None);
        assert_eq!(
            error.to_text(),
            r#"{"t":"error","code":"not_your_turn","message":"wait"}"#
        );
    }

    proptest! {
        /// The reader takes any text without panicking; a frame that is not a JSON object
        /// with a string `t` is a bad message.
        #[test]
        fn any_text_reads_without_panic(text in ".{0,200}") {
            let read = Incoming::read(&text);
            if !text.trim_start().starts_with('{') {
                prop_assert!(read.message.is_err());
            }
        }

        #[test]
        fn any_json_object_reads_without_panic(
            t in prop::sample::select(vec!["hello", "create", "join", "resume", "watch",
                "move", "resign", "draw", "claim", "ping", "x"]),
            fields in prop::collection::btree_map("[a-z_]{1,8}", any::<i64>(), 0..6),
        ) {
            let mut object = serde_json::Map::new();
            object.insert("t".into(), Value::from(t));
            for (k, v) in fields {
                object.insert(k, Value::from(v));
            }
            let _ = Incoming::read(&Value::Object(object).to_string());
        }
    }
}
