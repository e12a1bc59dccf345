//! `online`: the engine plays one seat of a game on a server, through the protocol a person's
//! client speaks, knowing only what that seat's frames say ([`Knowledge`]).
//!
//! One task reads the socket; the engine thinks on a blocking thread and hands its move back
//! by a channel, so that the socket keeps answering (draw offers are declined at once). A
//! move the server refuses as `illegal` is logged and another is chosen (at most
//! [`MAX_REFUSED`] at one ply); a lost connection is taken back with `resume` (at most
//! [`RECONNECTS`] tries in a row); the end prints `result 1-0 reason checkmate`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jieqi_ai::Level;
use jieqi_server::protocol::{
    ClientMessage, ClockReading, DrawAction, ErrorCode, ServerMessage, Snapshot, Status,
};
use tokio::sync::mpsc;

use super::conn::ws_url;
use super::conn::{self, Socket, Trouble};
use super::knowledge::{Applied, Knowledge};
use super::think::{self, Engines, Shared};
use super::{OnlineArgs, parse_clock, parse_level};
use crate::cmd::outln;

/// Moves the server may refuse at one ply before the bot gives up (and resigns).
pub const MAX_REFUSED: usize = 8;
/// Reconnections tried in a row after the connection is lost, waiting 0.5, 1, 2, 4, 8 s.
pub const RECONNECTS: u32 = 5;
/// Snapshots asked for in a row without a move of the bot's accepted: more is a server that
/// does not answer as the spec says.
const MAX_RESYNCS: u32 = 12;
/// A `ping` this often; a connection silent for [`SILENCE`] is taken as lost.
const PING_EVERY: Duration = Duration::from_secs(20);
const SILENCE: Duration = Duration::from_secs(65);

/// How the bot takes its seat.
#[derive(Debug)]
enum Start {
    Create(ClientMessage),
    Join { game: String, invite: String },
    Resume { game: String, token: String },
}

/// What `online`'s flags ask for.
#[derive(Debug)]
struct Plan {
    url: String,
    level: Level,
    name: String,
    start: Start,
    /// The clock's increment (the snapshot's time control says it).
    increment: Duration,
}

impl Plan {
    fn from_args(args: OnlineArgs) -> Result<Plan, String> {
        let usage = "'online' needs --server URL, --level L and one of --create, --join GAME INVITE, --resume GAME TOKEN";
        let url = ws_url(args.server.as_deref().ok_or(usage)?)?;
        let level = parse_level(args.level.as_deref().ok_or(usage)?)?;
        let clock = args.clock.as_deref().map(parse_clock).transpose()?;
        let creating = [&args.variant, &args.rules, &args.clock, &args.colour];
        if !args.create && creating.iter().any(|o| o.is_some()) {
            return Err("--variant, --rules, --clock and --colour go with --create".into());
        }
        let pair = |v: Vec<String>| (v[0].clone(), v[1].clone());
        let start = match (args.create, args.join, args.resume) {
            (true, None, None) => Start::Create(ClientMessage::Create {
                variant: args.variant.unwrap_or_else(|| "jieqi".into()),
                rules: args.rules,
                clock,
                colour: args.colour,
                deal: None,
                duplicate: false,
            }),
            (false, Some(v), None) => {
                let (game, invite) = pair(v);
                Start::Join { game, invite }
            }
            (false, None, Some(v)) => {
                let (game, token) = pair(v);
                Start::Resume { game, token }
            }
            _ => return Err(usage.into()),
        };
        Ok(Plan {
            url,
            name: args.name.unwrap_or_else(|| format!("{level} bot")),
            level,
            start,
            increment: Duration::from_millis(clock.map_or(0, |c| c.increment_ms)),
        })
    }
}

/// `online`: plays the seat to the end; the result line on stdout.
pub fn run(args: OnlineArgs) -> Result<(), String> {
    let plan = Plan::from_args(args)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let line = runtime.block_on(async {
        let bot = Bot::start(plan).await?;
        bot.play().await
    })?;
    outln!("{line}");
    Ok(())
}

/// A search running on its thread.
#[derive(Debug)]
struct Thinking {
    serial: u64,
    stop: Arc<AtomicBool>,
}

/// An engine's answer: the search's serial number and the move.
type Answer = (u64, Option<String>);

/// The bot's state between frames.
struct Bot {
    url: String,
    name: String,
    increment: Duration,
    socket: Socket,
    pace: conn::Pace,
    game: String,
    token: String,
    /// The seat's name (`red`), once the server said it.
    seat: Option<String>,
    knowledge: Option<Knowledge>,
    /// The last clock reading and when it came.
    clock: Option<(ClockReading, Instant)>,
    /// A `resume` was sent: no move until its snapshot.
    awaiting_snapshot: bool,
    /// The move sent and not yet announced: its ply and text.
    sent: Option<(u64, String)>,
    thinking: Option<Thinking>,
    serial: u64,
    /// The moves the server refused at ply `refused_at`.
    refused: Vec<String>,
    refused_at: u64,
    resyncs: u32,
    engines: Shared,
    answers: (
        mpsc::UnboundedSender<Answer>,
        mpsc::UnboundedReceiver<Answer>,
    ),
    last_heard: Instant,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot")
            .field("game", &self.game)
            .field("knowledge", &self.knowledge)
            .finish_non_exhaustive()
    }
}

/// The spec's name of an error code (`not_your_turn`).
pub fn code_name(code: ErrorCode) -> String {
    serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{code:?}"))
}

impl Bot {
    /// Connects, says hello and takes the seat: prints `game GAME invite INVITE seat SEAT
    /// token TOKEN` after `created` (`game GAME seat SEAT token TOKEN` after `joined`).
    async fn start(plan: Plan) -> Result<Bot, String> {
        let mut socket = conn::connect(&plan.url).await.map_err(|t| t.message)?;
        conn::hello(&mut socket, &plan.name)
            .await
            .map_err(|t| t.message)?;
        let (game, token, seat, awaiting_snapshot) = match plan.start {
            Start::Create(create) => {
                send(&mut socket, &create).await?;
                match answer(&mut socket).await? {
                    ServerMessage::Created {
                        game,
                        seat,
                        token,
                        invite,
                        ..
                    } => {
                        outln!("game {game} invite {invite} seat {seat} token {token}");
                        (game, token, Some(seat), false)
                    }
                    other => return Err(unexpected(&other)),
                }
            }
            Start::Join { game, invite } => {
                send(&mut socket, &ClientMessage::Join { game, invite }).await?;
                match answer(&mut socket).await? {
                    ServerMessage::Joined {
                        game, seat, token, ..
                    } => {
                        outln!("game {game} seat {seat} token {token}");
                        (game, token, Some(seat), false)
                    }
                    other => return Err(unexpected(&other)),
                }
            }
            Start::Resume { game, token } => {
                let resume = ClientMessage::Resume {
                    game: game.clone(),
                    token: token.clone(),
                };
                send(&mut socket, &resume).await?;
                (game, token, None, true)
            }
        };
        Ok(Bot {
            url: plan.url,
            name: plan.name,
            increment: plan.increment,
            socket,
            pace: conn::Pace::default(),
            game,
            token,
            seat,
            knowledge: None,
            clock: None,
            awaiting_snapshot,
            sent: None,
            thinking: None,
            serial: 0,
            refused: Vec::new(),
            refused_at: 0,
            resyncs: 0,
            engines: Arc::new(Mutex::new(Engines::new(plan.level))),
            answers: mpsc::unbounded_channel(),
            last_heard: Instant::now(),
        })
    }

    /// Plays to the end: the result line, or why the bot could not go on.
    async fn play(mut self) -> Result<String, String> {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        loop {
            tokio::select! {
                frame = conn::recv(&mut self.socket) => match frame {
                    Ok(message) => {
                        self.last_heard = Instant::now();
                        if let Some(line) = self.handle(message).await? {
                            self.stop_thinking();
                            return Ok(line);
                        }
                    }
                    Err(t) if t.code == "unreadable" => eprintln!("online: {t}"),
                    Err(t) => self.reconnect(t).await?,
                },
                Some((serial, answer)) = self.answers.1.recv() => {
                    self.answered(serial, answer).await?;
                }
                _ = ping.tick() => {
                    if self.last_heard.elapsed() > SILENCE {
                        let t = Trouble::new("timeout", "the server has been silent for a minute");
                        self.reconnect(t).await?;
                    } else {
                        self.send(&ClientMessage::Ping).await?;
                    }
                }
            }
            self.think().await?;
        }
    }

    /// One message; the result line once the game is over.
    async fn handle(&mut self, message: ServerMessage) -> Result<Option<String>, String> {
        match message {
            ServerMessage::Snapshot(snapshot) => return self.on_snapshot(*snapshot).await,
            ServerMessage::Moved {
                game,
                ply,
                turn,
                captured,
                clock,
            } if game == self.game => self.on_moved(ply, &turn, captured, clock).await?,
            ServerMessage::Ended {
                game,
                result,
                reason,
                ..
            } if game == self.game => return Ok(Some(format!("result {result} reason {reason}"))),
            ServerMessage::Offer {
                game, kind, from, ..
            } if game == self.game
                && kind == "draw"
                && self.seat.as_deref() != Some(from.as_str()) =>
            {
                let decline = ClientMessage::Draw {
                    game: self.game.clone(),
                    action: DrawAction::Decline,
                };
                self.send(&decline).await?;
            }
            ServerMessage::Error { code, message, .. } => self.on_error(code, &message).await?,
            _ => {}
        }
        Ok(None)
    }

    async fn on_snapshot(&mut self, snapshot: Snapshot) -> Result<Option<String>, String> {
        if snapshot.game != self.game {
            return Ok(None);
        }
        self.stop_thinking();
        self.awaiting_snapshot = false;
        self.sent = None;
        self.seat = Some(snapshot.seat.clone());
        if snapshot.status == Status::Over {
            return Ok(Some(format!(
                "result {} reason {}",
                snapshot.result.as_deref().unwrap_or("*"),
                snapshot.reason.as_deref().unwrap_or("unknown")
            )));
        }
        self.clock = snapshot.clock.clone().map(|c| (c, Instant::now()));
        if let Some(control) = snapshot.time_control {
            self.increment = Duration::from_millis(control.increment_ms);
        }
        if snapshot.status == Status::Waiting {
            self.knowledge = None;
            return Ok(None);
        }
        self.knowledge = Some(Knowledge::from_snapshot(&snapshot)?);
        Ok(None)
    }

    async fn on_moved(
        &mut self,
        ply: u64,
        turn: &str,
        captured: Option<String>,
        clock: Option<ClockReading>,
    ) -> Result<(), String> {
        if let Some(clock) = clock {
            self.clock = Some((clock, Instant::now()));
        }
        if self.sent.as_ref().is_some_and(|(p, _)| *p == ply) {
            self.sent = None;
            self.resyncs = 0;
        }
        let Some(knowledge) = &mut self.knowledge else {
            return Ok(());
        };
        let applied = knowledge.apply(ply, turn);
        if applied == Applied::Played && !knowledge.to_move() {
            self.stop_thinking();
        }
        match applied {
            Applied::Played if captured.is_some() => self.resync().await,
            Applied::Lost => self.resync().await,
            Applied::Played | Applied::Known => Ok(()),
        }
    }

    async fn on_error(&mut self, code: ErrorCode, message: &str) -> Result<(), String> {
        match code {
            ErrorCode::Illegal => {
                let Some((ply, refused)) = self.sent.take() else {
                    eprintln!("online: the server said illegal: {message}");
                    return Ok(());
                };
                eprintln!("online: the server refused {refused} at ply {ply}: {message}");
                if self.refused_at != ply {
                    self.refused.clear();
                    self.refused_at = ply;
                }
                self.refused.push(refused);
                if self.refused.len() >= MAX_REFUSED {
                    let resign = ClientMessage::Resign {
                        game: self.game.clone(),
                    };
                    let _ = conn::send(&mut self.socket, &resign).await;
                    return Err(format!(
                        "the server refused {MAX_REFUSED} moves in a row at ply {ply}: resigned"
                    ));
                }
                Ok(())
            }
            ErrorCode::Stale | ErrorCode::NotYourTurn | ErrorCode::Over => {
                eprintln!("online: {}: {message}", code_name(code));
                self.sent = None;
                self.resync().await
            }
            ErrorCode::RateLimited => {
                eprintln!("online: rate limited: {message}");
                tokio::time::sleep(Duration::from_secs(1)).await;
                self.sent = None;
                self.resync().await
            }
            // A draw declined after the offer was withdrawn, and the like: nothing to undo.
            ErrorCode::NotAllowed if self.sent.is_none() => {
                eprintln!("online: not allowed: {message}");
                Ok(())
            }
            _ => Err(format!(
                "the server answered {}: {message}",
                code_name(code)
            )),
        }
    }

    /// Asks for a fresh snapshot (`resume` on this connection).
    async fn resync(&mut self) -> Result<(), String> {
        self.resyncs += 1;
        if self.resyncs > MAX_RESYNCS {
            return Err(format!(
                "asked the server for the game {MAX_RESYNCS} times in a row without playing a move"
            ));
        }
        self.stop_thinking();
        self.awaiting_snapshot = true;
        let resume = ClientMessage::Resume {
            game: self.game.clone(),
            token: self.token.clone(),
        };
        self.send(&resume).await
    }

    /// Starts a search when the seat is to move and nothing is pending. A view that cannot
    /// be built from the frames asks for a fresh snapshot.
    async fn think(&mut self) -> Result<(), String> {
        if self.awaiting_snapshot || self.sent.is_some() || self.thinking.is_some() {
            return Ok(());
        }
        let Some(knowledge) = &self.knowledge else {
            return Ok(());
        };
        if !knowledge.to_move() {
            return Ok(());
        }
        if self.refused_at != knowledge.plies {
            self.refused.clear();
            self.refused_at = knowledge.plies;
        }
        let subject = match knowledge.subject() {
            Ok(subject) => subject,
            Err(e) => {
                eprintln!("online: cannot build the seat's view ({e}): asking for the game");
                return self.resync().await;
            }
        };
        let clock = self.clock.as_ref().map(|(reading, at)| {
            think::engine_clock(
                reading,
                knowledge.seat_names(),
                at.elapsed(),
                self.increment,
            )
        });
        self.serial += 1;
        let (serial, stop) = (self.serial, Arc::new(AtomicBool::new(false)));
        let (engines, refused, tx, flag) = (
            Arc::clone(&self.engines),
            self.refused.clone(),
            self.answers.0.clone(),
            Arc::clone(&stop),
        );
        tokio::task::spawn_blocking(move || {
            let mut engines = engines.lock().unwrap_or_else(|p| p.into_inner());
            let answer = engines.choose(subject, clock, &refused, &flag, think::random_seed());
            let _ = tx.send((serial, answer));
        });
        self.thinking = Some(Thinking { serial, stop });
        Ok(())
    }

    /// The engine's move: sent if it still answers the position (else dropped); no move
    /// left resigns.
    async fn answered(&mut self, serial: u64, answer: Option<String>) -> Result<(), String> {
        if self.thinking.as_ref().is_none_or(|t| t.serial != serial) {
            return Ok(());
        }
        self.thinking = None;
        let Some(knowledge) = &self.knowledge else {
            return Ok(());
        };
        if self.awaiting_snapshot || !knowledge.to_move() {
            return Ok(());
        }
        let ply = knowledge.plies;
        let game = self.game.clone();
        match answer {
            Some(turn) => {
                self.sent = Some((ply, turn.clone()));
                self.send(&ClientMessage::Move { game, ply, turn }).await
            }
            None => {
                eprintln!("online: no move left to play at ply {ply}: resigning");
                self.send(&ClientMessage::Resign { game }).await
            }
        }
    }

    fn stop_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Sends a message, at most [`conn::MESSAGES_PER_SECOND`] a second; a connection lost on
    /// the way is taken back (`resume`).
    async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.pace.wait().await;
        match conn::send(&mut self.socket, message).await {
            Ok(()) => Ok(()),
            Err(t) => self.reconnect(t).await,
        }
    }

    /// A new connection, `hello` and `resume`: at most [`RECONNECTS`] tries, further and
    /// further apart. A seat resumed from elsewhere (close code 4001) is not fought over.
    async fn reconnect(&mut self, why: Trouble) -> Result<(), String> {
        if why.message.contains("(4001") {
            return Err(format!("another connection took this seat: {why}"));
        }
        eprintln!("online: {why}; reconnecting");
        self.stop_thinking();
        self.sent = None;
        let mut last = why.clone();
        for attempt in 0..RECONNECTS {
            tokio::time::sleep(Duration::from_millis(500 << attempt)).await;
            let connected = async {
                let mut socket = conn::connect(&self.url).await?;
                conn::hello(&mut socket, &self.name).await?;
                let resume = ClientMessage::Resume {
                    game: self.game.clone(),
                    token: self.token.clone(),
                };
                conn::send(&mut socket, &resume).await?;
                Ok::<Socket, Trouble>(socket)
            };
            match connected.await {
                Ok(socket) => {
                    self.socket = socket;
                    self.awaiting_snapshot = true;
                    self.last_heard = Instant::now();
                    return Ok(());
                }
                Err(t) => last = t,
            }
        }
        Err(format!(
            "lost the connection to {} ({why}); {RECONNECTS} reconnects failed: {last}",
            self.url
        ))
    }
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), String> {
    conn::send(socket, message).await.map_err(|t| t.message)
}

/// The server's answer to `create` or `join`: the first message that is not a presence, an
/// error as the command's error.
async fn answer(socket: &mut Socket) -> Result<ServerMessage, String> {
    loop {
        match conn::recv(socket).await.map_err(|t| t.message)? {
            ServerMessage::Error { code, message, .. } => {
                return Err(format!(
                    "the server answered {}: {message}",
                    code_name(code)
                ));
            }
            ServerMessage::Presence { .. } | ServerMessage::Pong { .. } => {}
            other => return Ok(other),
        }
    }
}

fn unexpected(message: &ServerMessage) -> String {
    crate::text::excerpt(&format!("unexpected answer from the server: {message:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_codes_are_named_as_the_spec_names_them() {
        assert_eq!(code_name(ErrorCode::NotYourTurn), "not_your_turn");
        assert_eq!(code_name(ErrorCode::Illegal), "illegal");
    }
}
