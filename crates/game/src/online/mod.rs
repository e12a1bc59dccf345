//! The table online (spec/online.md): host, join or watch a game on a server from the game.
//! The session plays it like any table — the game told from this seat's frames, the remote
//! player a seat like the computer's ([`crate::session::Remote`]) — and this plugin is the
//! go-between: it opens the connection ([`link`], off the frame), turns the server's frames
//! into the session's words ([`told`]) and the session's requests ([`ToServer`]) into
//! messages, keeps what the panels show about the connection ([`Online`]: the invite, the
//! players and their presence, "reconnecting…", a failure in one sentence), hosts a server in
//! the game's own process when asked ([`host`]), and lets go of the server's game when the
//! table starts another one (resigning it, if it was being played).

pub mod host;
pub mod link;
pub mod saved;
pub mod told;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use jieqi_rules::Side;
use jieqi_rules::platform::VariantRef;
use jieqi_server::protocol::{
    ClientMessage, DrawAction, ErrorCode, MatchGame, ServerMessage, Snapshot, Status, seat_names,
};

use crate::i18n::{Phrase, Text};
use crate::session::{DrawStep, GameCommand, GameConfig, Remote, Session, ToServer};
use crate::settings::Settings;
use crate::states::GameSet;
use crate::storage::StorageDirs;
use link::{Link, LinkEvent, Wake};

/// How long the opponent must be gone before "Claim the win" is offered: the grace period
/// of the game's own server and the server's default (a server with a longer one says so
/// when claimed too early).
pub const CLAIM_AFTER: Duration = host::GRACE;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .add_message::<OnlineCommand>()
        .add_plugins(saved::plugin)
        .add_systems(
            Update,
            (
                again_is_rematch,
                act,
                pump,
                announce_invite.run_if(resource_exists::<AnnounceInvite>),
            )
                .chain()
                .after(GameSet::Input)
                .before(GameSet::Apply),
        )
        .add_systems(
            Update,
            (send, follow_session, watch_claim)
                .chain()
                .after(GameSet::Apply),
        );
}

/// Prints the address and the invite on stdout once hosting (`jieqi --online host`: a
/// script starting a host reads them there).
#[derive(Resource, Clone, Copy, Debug)]
pub struct AnnounceInvite;

/// This run's name online (`--name`), over the one saved.
#[derive(Resource, Clone, Debug)]
pub struct RunName(pub String);

/// What the Play online window asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// A new game on a server: on this computer (`address` empty) or at `address`; the
    /// game's variant, rules and clock from `config`, this player's colour (`None`: the
    /// server draws it); `duplicate`: game 1 of a duplicate match (the server seals its end
    /// until game 2, on the same deal, ends).
    Host {
        address: String,
        config: GameConfig,
        colour: Option<Side>,
        duplicate: bool,
    },
    /// The free seat of a game, by its invite code ([`InviteCode`]).
    Join { address: String, code: String },
    /// A game to watch, by its code (an invite code's first half, or the whole).
    Watch { address: String, code: String },
    /// The seat of the game on the table at the last run, taken again.
    Rejoin(saved::SavedSeat),
    /// After the end: a new game with the same settings and the colours swapped, offered to
    /// the other player ("Again" at an online table); after game 1 of a duplicate match,
    /// game 2, which the server deals.
    Rematch,
    /// The other player's rematch, joined.
    AcceptRematch,
}

/// Where this screen stands with the server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    /// No online table.
    #[default]
    Offline,
    Connecting,
    /// Hosting: the table is set, the second player not yet seated.
    Waiting,
    Playing,
    /// The connection dropped; the link tries again by itself.
    Reconnecting,
    Over,
}

/// A seat's player, as the server names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub connected: bool,
    /// Since when the player has been gone (for "Claim the win").
    pub gone_since: Option<Instant>,
}

/// The online table's connection, for the panels.
#[derive(Resource, Default)]
pub struct Online {
    link: Option<Link>,
    pub connection: Connection,
    /// The server as the other player reaches it (host:port).
    pub address: String,
    /// The server's game id.
    pub game: Option<String>,
    /// This screen's seat (`None`: watching, or not seated yet).
    pub seat: Option<Side>,
    /// The seat's token (to take it back after a reconnect or a restart).
    pub token: Option<String>,
    /// The invite to read to the other player, while waiting for them.
    pub invite: Option<InviteCode>,
    /// Red's and Black's players (Banqi: first and second).
    pub players: [Option<Player>; 2],
    /// Why the last attempt failed, one sentence.
    pub error: Option<Phrase>,
    /// A server hosted in this process.
    pub hosted: Option<host::Hosted>,
    /// Times the connection dropped and came back by itself.
    pub reconnects: u32,
    /// The opponent has been gone the grace period: the win may be claimed.
    pub claimable: bool,
    /// The server's grace period, where known (a test's own server); else [`CLAIM_AFTER`].
    pub claim_after: Option<Duration>,
    /// A seat of the last run, offered again (see [`saved`]).
    pub rejoin: Option<saved::SavedSeat>,
    /// The game on the table's place in a duplicate match, as the server says.
    pub duplicate: Option<MatchGame>,
    /// A rematch this screen asked for, until the server answers.
    asked: Option<Asked>,
    /// The other player's rematch: who offers it, and its game and invite.
    pub rematch_offer: Option<(Side, InviteCode)>,
    /// Wakes the event loop (for a moment due later, as a claim's).
    wake: Option<Wake>,
    variant: Option<VariantRef>,
}

impl std::fmt::Debug for Online {
    // No token: it is the seat's key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Online")
            .field("connection", &self.connection)
            .field("address", &self.address)
            .field("game", &self.game)
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

impl Online {
    /// Whether a connection is open (or being opened).
    pub fn is_open(&self) -> bool {
        self.link.is_some()
    }

    /// The opponent's player, seated.
    pub fn opponent(&self) -> Option<&Player> {
        self.players[self.seat?.other().index()].as_ref()
    }

    fn close(&mut self) {
        self.link = None;
        self.connection = Connection::Offline;
        self.game = None;
        self.seat = None;
        self.token = None;
        self.invite = None;
        self.players = [None, None];
        self.variant = None;
        self.reconnects = 0;
        self.claimable = false;
        self.duplicate = None;
        self.asked = None;
        self.rematch_offer = None;
    }

    fn failed(&mut self, why: Phrase) {
        warn!("online: {}", why.say(crate::i18n::Language::English));
        self.close();
        self.error = Some(why);
    }
}

/// A rematch asked for, until the server answers.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Asked {
    /// A new game being created, to offer through the finished game named here.
    NewGame(String),
    /// Game 2 of the match, which the server makes (and offers to the other player).
    SecondGame,
    /// A spectator follows the players to game 2: game 1 is asked again for its id.
    FollowSecond,
}

impl Online {
    /// The game on the table is game 1 of a duplicate match.
    pub fn in_first_game(&self) -> bool {
        self.duplicate.as_ref().is_some_and(|d| d.round == 1)
    }

    /// Game 1 of the match whose game 2 is on the table.
    fn first_game(&self) -> Option<&str> {
        let part = self.duplicate.as_ref().filter(|d| d.round == 2)?;
        part.other.as_deref()
    }
}

/// A game's invite as read aloud: the game's id and the invite, 24 symbols in groups of four.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InviteCode {
    pub game: String,
    pub invite: String,
}

impl InviteCode {
    /// Reads a code as typed: any case, any spaces or dashes between the symbols.
    pub fn read(text: &str) -> Option<InviteCode> {
        let symbols = symbols(text);
        if symbols.len() != 24 {
            return None;
        }
        let (game, invite) = symbols.split_at(12);
        Some(InviteCode {
            game: game.into(),
            invite: invite.into(),
        })
    }

    /// The game's id alone, from an invite code or a game's code (12 symbols).
    pub fn game_of(text: &str) -> Option<String> {
        let symbols = symbols(text);
        match symbols.len() {
            12 | 24 => Some(symbols[..12].to_string()),
            _ => None,
        }
    }
}

/// A code's letters and digits as typed, lower case; spaces, dashes and the rest dropped.
fn symbols(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl std::fmt::Display for InviteCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let all = format!("{}{}", self.game, self.invite);
        let groups: Vec<&str> = (0..all.len())
            .step_by(4)
            .map(|i| &all[i..(i + 4).min(all.len())])
            .collect();
        f.write_str(&groups.join(" "))
    }
}

/// Wakes the event loop when the link hears something (nothing to wake in tests).
fn waker(proxy: Option<&EventLoopProxyWrapper>) -> Wake {
    match proxy {
        Some(proxy) => {
            let proxy = (**proxy).clone();
            Arc::new(move || {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            })
        }
        None => Arc::new(|| {}),
    }
}

/// The window's requests: a connection opened (a server started first, to host here).
fn act(
    mut asked: MessageReader<OnlineCommand>,
    mut online: ResMut<Online>,
    settings: Res<Settings>,
    run_name: Option<Res<RunName>>,
    session: Res<Session>,
    dirs: Option<Res<StorageDirs>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    for command in asked.read() {
        if matches!(
            command,
            OnlineCommand::Rematch | OnlineCommand::AcceptRematch
        ) {
            rematch(&mut online, command, session.config());
            continue;
        }
        let name = run_name
            .as_ref()
            .map_or(settings.online_name.as_str(), |n| n.0.as_str());
        let name = match name.trim() {
            "" => "Player".to_string(),
            name => name.chars().take(40).collect(),
        };
        let opened = open(&mut online, command, dirs.as_deref());
        let online = online.as_mut();
        match opened {
            Ok((url, door)) => {
                info!("online: connecting to {url}");
                online.error = None;
                online.connection = Connection::Connecting;
                let wake = waker(proxy.as_deref());
                online.wake = Some(wake.clone());
                online.link = Some(Link::open(url, name, door, wake));
            }
            Err(why) => online.failed(why),
        }
    }
}

/// A rematch over the connection the finished game was played on: a new game created with
/// the same variant, rules and clock and this player in the other colour (after a duplicate
/// match, a new match), then offered to the other player through the old game (see
/// [`heard`]); after game 1 of a match, game 2, made by the server; or the other player's
/// offer, joined.
fn rematch(online: &mut Online, command: &OnlineCommand, config: GameConfig) {
    let (Some(link), Some(variant)) = (online.link.as_ref(), online.variant) else {
        return;
    };
    match command {
        OnlineCommand::Rematch => {
            let Some(game) = online.game.clone() else {
                return;
            };
            if online.connection != Connection::Over || online.asked.is_some() {
                return;
            }
            let Some(seat) = online.seat else {
                if online.in_first_game() {
                    link.send(ClientMessage::Watch { game });
                    online.asked = Some(Asked::FollowSecond);
                }
                return;
            };
            if online.in_first_game() {
                link.send(ClientMessage::Rematch {
                    game,
                    new_game: None,
                    invite: None,
                });
                online.asked = Some(Asked::SecondGame);
                return;
            }
            let rules = config.options().to_string();
            link.send(ClientMessage::Create {
                variant: variant.id().to_string(),
                rules: (!rules.is_empty()).then_some(rules),
                clock: config.clock,
                colour: Some(seat_names(variant.0)[seat.other().index()].to_string()),
                deal: None,
                duplicate: online.duplicate.is_some(),
            });
            online.asked = Some(Asked::NewGame(game));
        }
        OnlineCommand::AcceptRematch => {
            if let Some((_, code)) = online.rematch_offer.take() {
                link.send(ClientMessage::Join {
                    game: code.game,
                    invite: code.invite,
                });
            }
        }
        _ => {}
    }
}

/// The address to connect to and the first message, for a request.
fn open(
    online: &mut Online,
    command: &OnlineCommand,
    dirs: Option<&StorageDirs>,
) -> Result<(String, ClientMessage), Phrase> {
    online.close();
    online.rejoin = None;
    let url = |address: &str| {
        jieqi_server::client::ws_url(address)
            .map_err(|e| Phrase::new(Text::OnlineNoServer).with("address", e))
    };
    match command {
        OnlineCommand::Host {
            address,
            config,
            colour,
            duplicate,
        } => {
            let address = if address.trim().is_empty() {
                let hosted = host_here(online, dirs)?;
                hosted.local.to_string()
            } else {
                online.address = address.trim().to_string();
                address.clone()
            };
            let rules = config.options().to_string();
            let colour = colour.map(|side| seat_names(config.variant.0)[side.index()]);
            let door = ClientMessage::Create {
                variant: config.variant.id().to_string(),
                rules: (!rules.is_empty()).then_some(rules),
                clock: config.clock,
                colour: Some(colour.unwrap_or("random").to_string()),
                deal: None,
                duplicate: *duplicate,
            };
            Ok((url(&address)?, door))
        }
        OnlineCommand::Join { address, code } => {
            let code = InviteCode::read(code).ok_or_else(|| Phrase::from(Text::OnlineBadCode))?;
            online.address = address.trim().to_string();
            let door = ClientMessage::Join {
                game: code.game,
                invite: code.invite,
            };
            Ok((url(address)?, door))
        }
        OnlineCommand::Watch { address, code } => {
            let game =
                InviteCode::game_of(code).ok_or_else(|| Phrase::from(Text::OnlineBadCode))?;
            online.address = address.trim().to_string();
            Ok((url(address)?, ClientMessage::Watch { game }))
        }
        OnlineCommand::Rejoin(seat) => rejoin(online, seat, dirs, url),
        // Over the open connection (see `rematch`).
        OnlineCommand::Rematch | OnlineCommand::AcceptRematch => Err(Text::ServerRefused.into()),
    }
}

/// The seat of the last run: its server (started again here if it was hosted here), and its
/// `resume` (or `watch`).
fn rejoin(
    online: &mut Online,
    seat: &saved::SavedSeat,
    dirs: Option<&StorageDirs>,
    url: impl Fn(&str) -> Result<String, Phrase>,
) -> Result<(String, ClientMessage), Phrase> {
    let address = if seat.hosted {
        host_here(online, dirs)?.local.to_string()
    } else {
        online.address = seat.address.clone();
        seat.address.clone()
    };
    // Known before the server answers: the seat stays this one's.
    online.game = Some(seat.game.clone());
    online.token = seat.token.clone();
    let door = match &seat.token {
        Some(token) => ClientMessage::Resume {
            game: seat.game.clone(),
            token: token.clone(),
        },
        None => ClientMessage::Watch {
            game: seat.game.clone(),
        },
    };
    Ok((url(&address)?, door))
}

/// The server in this process, started once.
fn host_here(online: &mut Online, dirs: Option<&StorageDirs>) -> Result<host::Hosted, Phrase> {
    if let Some(hosted) = online.hosted {
        online.address = hosted.shared.to_string();
        return Ok(hosted);
    }
    let db = dirs
        .and_then(|d| d.data.clone())
        .map(|dir| dir.join("hosted-games.sqlite"));
    let db = match db {
        Some(path) => {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            path
        }
        None => ":memory:".into(),
    };
    let hosted = host::start(std::net::Ipv4Addr::UNSPECIFIED.into(), host::PORT, &db)
        .map_err(|e| Phrase::new(Text::OnlineCannotHost).with("reason", e))?;
    info!("hosting on {} (reached at {})", hosted.local, hosted.shared);
    online.hosted = Some(hosted);
    online.address = hosted.shared.to_string();
    Ok(hosted)
}

/// "Again" at an online table whose game is over: a rematch (the session itself ignores
/// "Again" online).
fn again_is_rematch(
    mut commands: MessageReader<GameCommand>,
    online: Res<Online>,
    mut out: MessageWriter<OnlineCommand>,
) {
    let again = commands.read().any(|c| *c == GameCommand::Again);
    let here = online.seat.is_some() || online.in_first_game();
    if again && here && online.connection == Connection::Over {
        out.write(OnlineCommand::Rematch);
    }
}

/// `--online host`: the address and the invite on stdout, once.
fn announce_invite(online: Res<Online>, mut told: Local<Option<String>>) {
    let Some(invite) = online.invite.as_ref().filter(|_| online.is_changed()) else {
        return;
    };
    let line = format!("invite {} {invite}", online.address);
    if told.as_deref() != Some(line.as_str()) {
        println!("{line}");
        *told = Some(line);
    }
}

/// What the connection heard, into the session's words and the panels' state.
fn pump(mut online: ResMut<Online>, mut out: MessageWriter<GameCommand>) {
    let Some(link) = online.link.as_mut() else {
        return;
    };
    for event in link.events() {
        match event {
            LinkEvent::Up => {
                if online.connection == Connection::Reconnecting {
                    info!("online: connected again");
                    online.reconnects += 1;
                }
            }
            LinkEvent::Down(why) => {
                info!("online: connection lost ({why}); reconnecting");
                online.connection = Connection::Reconnecting;
            }
            LinkEvent::Failed(why) => {
                let address = online.address.clone();
                online.failed(
                    Phrase::new(Text::OnlineNoServer).with("address", format!("{address} ({why})")),
                );
                return;
            }
            LinkEvent::Message(message) => heard(&mut online, message, &mut out),
        }
        if online.link.is_none() {
            return;
        }
    }
}

/// One message from the server.
fn heard(online: &mut Online, message: ServerMessage, out: &mut MessageWriter<GameCommand>) {
    let variant = online.variant;
    let side = |seat: &str| variant.and_then(|v| told::side_of(v.0, seat));
    match message {
        ServerMessage::Created {
            game,
            token,
            invite,
            ..
        } => {
            if let (Some(Asked::NewGame(old)), Some(link)) =
                (online.asked.take(), online.link.as_ref())
            {
                link.send(ClientMessage::Rematch {
                    game: old,
                    new_game: Some(game.clone()),
                    invite: Some(invite.clone()),
                });
            }
            online.invite = Some(InviteCode {
                game: game.clone(),
                invite,
            });
            seated(online, game, token);
        }
        ServerMessage::Joined { game, token, .. } => seated(online, game, token),
        // Game 1 of the match on the table (asked for by `watch`): for the match's score
        // and, once the match is decided, its record.
        ServerMessage::Snapshot(snapshot)
            if online.first_game() == Some(snapshot.game.as_str())
                && online.game.as_deref() != Some(snapshot.game.as_str()) =>
        {
            match told::table_of(&snapshot) {
                Ok(first) => out.write_remote(Remote::FirstGame(Box::new(first))),
                Err(why) => warn!("game 1 of the match cannot be shown: {why}"),
            }
        }
        // A spectator following the players to game 2: game 1 names it once it is made.
        ServerMessage::Snapshot(snapshot) if online.asked == Some(Asked::FollowSecond) => {
            online.asked = None;
            let second = snapshot.duplicate.as_ref().and_then(|d| d.other.clone());
            match (second, online.link.as_ref()) {
                (Some(game), Some(link)) => link.enter(ClientMessage::Watch { game }),
                _ => online.error = Some(Text::OnlineNoGameTwo.into()),
            }
        }
        ServerMessage::Snapshot(snapshot) => {
            table(online, &snapshot, out);
            // Game 2 of a match: game 1 as it may be known now.
            watch_first_game(online);
        }
        ServerMessage::Moved {
            ply,
            turn,
            captured,
            clock,
            ..
        } => {
            if let Some(variant) = variant {
                out.write(GameCommand::Remote(told::moved(
                    variant.0,
                    ply,
                    turn,
                    captured.as_deref(),
                    clock.as_ref(),
                )));
            }
        }
        ServerMessage::Ended {
            result,
            reason,
            seed,
            ..
        } => {
            online.connection = Connection::Over;
            online.invite = None;
            if let Some(ending) = told::ending_of(Some(&result), Some(&reason), seed.as_deref()) {
                out.write(GameCommand::Remote(Remote::Ended(ending)));
            }
            // Game 2's end shows game 1's too.
            watch_first_game(online);
        }
        ServerMessage::Presence {
            seat, connected, ..
        } => {
            if let Some(player) = side(&seat).and_then(|s| online.players[s.index()].as_mut()) {
                player.connected = connected;
                player.gone_since = (!connected).then(Instant::now);
            }
            if !connected && let Some(wake) = online.wake.clone() {
                // One frame when the claim comes due.
                wake_after(wake, online.claim_after.unwrap_or(CLAIM_AFTER));
            }
        }
        ServerMessage::Offer {
            kind,
            from,
            new_game,
            invite,
            ..
        } => match (kind.as_str(), side(&from)) {
            ("draw", Some(by)) => out.write_remote(Remote::DrawOffered(by)),
            ("draw_declined", Some(by)) => out.write_remote(Remote::DrawDeclined(by)),
            ("rematch", Some(by)) => {
                if let (Some(game), Some(invite)) = (new_game, invite) {
                    let code = InviteCode { game, invite };
                    match (&online.asked, online.link.as_ref()) {
                        // Both asked for game 2 at once: the other player's is this one's.
                        (Some(Asked::SecondGame), Some(link)) => {
                            online.asked = None;
                            link.send(ClientMessage::Join {
                                game: code.game,
                                invite: code.invite,
                            });
                        }
                        _ => online.rematch_offer = Some((by, code)),
                    }
                }
            }
            _ => {}
        },
        ServerMessage::Error { code, message, .. } => refused(online, code, message, out),
        ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => {}
    }
}

trait WriteRemote {
    fn write_remote(&mut self, remote: Remote);
}

impl WriteRemote for MessageWriter<'_, GameCommand> {
    fn write_remote(&mut self, remote: Remote) {
        self.write(GameCommand::Remote(remote));
    }
}

/// Asks for game 1 of the match whose game 2 is on the table, as a spectator sees it: sealed
/// while game 2 runs, everything once it is over.
fn watch_first_game(online: &Online) {
    if let (Some(first), Some(link)) = (online.first_game(), online.link.as_ref()) {
        link.send(ClientMessage::Watch {
            game: first.to_string(),
        });
    }
}

/// The server gave this screen a seat (which one, its snapshot says).
fn seated(online: &mut Online, game: String, token: String) {
    online.game = Some(game);
    online.token = Some(token);
}

/// A snapshot: the table (set or set again), its players and its state.
fn table(online: &mut Online, snapshot: &Snapshot, out: &mut MessageWriter<GameCommand>) {
    let remote = match told::table_of(snapshot) {
        Ok(remote) => remote,
        Err(why) => {
            online.failed(Phrase::new(Text::ServerRefused).with("reason", why));
            return;
        }
    };
    online.variant = Some(remote.config.variant);
    online.game = Some(snapshot.game.clone());
    online.error = None;
    online.duplicate = snapshot.duplicate.clone();
    online.seat = remote.config.opponent.human();
    let names = seat_names(remote.config.variant.0);
    for (i, name) in names.iter().enumerate() {
        let before = online.players[i].take();
        online.players[i] = snapshot.players.get(*name).map(|p| Player {
            name: p.name.clone(),
            connected: p.connected,
            gone_since: match (p.connected, before.and_then(|b| b.gone_since)) {
                (true, _) => None,
                (false, since) => since.or(Some(Instant::now())),
            },
        });
    }
    online.connection = match snapshot.status {
        Status::Waiting => Connection::Waiting,
        Status::Playing => Connection::Playing,
        Status::Over => Connection::Over,
    };
    if snapshot.status != Status::Waiting {
        online.invite = None;
    }
    out.write(GameCommand::Remote(Remote::Table(Box::new(remote))));
}

/// An error from the server: before a table is set, the attempt failed (one sentence);
/// during the game, a refusal of what this screen sent (the table is asked for again).
fn refused(
    online: &mut Online,
    code: ErrorCode,
    message: String,
    out: &mut MessageWriter<GameCommand>,
) {
    if online.variant.is_none() {
        let why = match code {
            ErrorCode::BadInvite => Text::OnlineBadInvite.into(),
            ErrorCode::UnknownGame => Text::OnlineUnknownGame.into(),
            ErrorCode::Full => Text::OnlineFull.into(),
            _ => Phrase::new(Text::ServerRefused).with("reason", message),
        };
        online.failed(why);
        return;
    }
    // A rematch asked for and refused (the other player gone) may be asked for again.
    online.asked = None;
    match code {
        ErrorCode::RateLimited | ErrorCode::Over => {}
        _ => {
            out.write_remote(Remote::Refused(message));
            // Whatever was refused, the table is the server's as it stands.
            if let Some(link) = &online.link
                && let Some(door) = door_back(online)
            {
                link.send(door);
            }
        }
    }
}

/// The way to ask for the table again: the seat's `resume`, or `watch`.
fn door_back(online: &Online) -> Option<ClientMessage> {
    let game = online.game.clone()?;
    Some(match &online.token {
        Some(token) => ClientMessage::Resume {
            game,
            token: token.clone(),
        },
        None => ClientMessage::Watch { game },
    })
}

/// The session's requests, to the server.
fn send(mut asked: MessageReader<ToServer>, online: Res<Online>) {
    let (Some(link), Some(game)) = (online.link.as_ref(), online.game.clone()) else {
        asked.clear();
        return;
    };
    for request in asked.read() {
        let message = match request {
            ToServer::Move { ply, text } => ClientMessage::Move {
                game: game.clone(),
                ply: *ply as u64,
                turn: text.clone(),
            },
            ToServer::Resign => ClientMessage::Resign { game: game.clone() },
            ToServer::Draw(step) => ClientMessage::Draw {
                game: game.clone(),
                action: match step {
                    DrawStep::Offer => DrawAction::Offer,
                    DrawStep::Accept => DrawAction::Accept,
                    DrawStep::Decline => DrawAction::Decline,
                },
            },
            ToServer::Claim => ClientMessage::Claim { game: game.clone() },
            ToServer::Resync => match door_back(&online) {
                Some(door) => door,
                None => continue,
            },
        };
        link.send(message);
    }
}

/// A table that starts another game lets the server's go: a game still being played is
/// resigned first (the abandon question said so), then the connection closes.
fn follow_session(session: Res<Session>, mut online: ResMut<Online>) {
    if !session.is_changed() || online.link.is_none() || online.variant.is_none() {
        return;
    }
    if session.online_id().is_some() && session.online_id() == online.game.as_deref() {
        return;
    }
    let playing = matches!(
        online.connection,
        Connection::Playing | Connection::Reconnecting | Connection::Waiting
    );
    if let (true, Some(_), Some(link), Some(game)) = (
        playing,
        online.seat,
        online.link.as_ref(),
        online.game.clone(),
    ) {
        info!("online: leaving game {game}, resigned");
        link.send(ClientMessage::Resign { game });
    }
    online.close();
}

/// Offers the claim once the opponent has been gone the grace period (touching [`Online`]
/// only when that changes).
fn watch_claim(mut online: ResMut<Online>) {
    let grace = online.claim_after.unwrap_or(CLAIM_AFTER);
    let due = opponent_gone_for(&online, Instant::now()).is_some_and(|gone| gone >= grace);
    if online.claimable != due {
        online.claimable = due;
    }
}

/// Wakes the event loop after `after`, from a sleeping thread.
fn wake_after(wake: Wake, after: Duration) {
    let spawned = std::thread::Builder::new()
        .name("jieqi-online-wake".into())
        .spawn(move || {
            std::thread::sleep(after);
            wake();
        });
    if let Err(e) = spawned {
        warn!("cannot schedule a wake-up: {e}");
    }
}

/// How long the opponent has been gone, if they are.
pub fn opponent_gone_for(online: &Online, now: Instant) -> Option<Duration> {
    let since = online.opponent()?.gone_since?;
    Some(now.saturating_duration_since(since))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_codes_read_as_typed_and_are_shown_in_groups() {
        let code = InviteCode::read("7K2M-9q0x 4hbe ab12cd34ef56").unwrap();
        assert_eq!(code.game, "7k2m9q0x4hbe");
        assert_eq!(code.invite, "ab12cd34ef56");
        assert_eq!(code.to_string(), "7k2m 9q0x 4hbe ab12 cd34 ef56");
        assert_eq!(InviteCode::read(&code.to_string()), Some(code));
        assert!(InviteCode::read("7k2m9q0x4hbe").is_none());
        assert_eq!(
            InviteCode::game_of("7k2m 9q0x 4hbe"),
            Some("7k2m9q0x4hbe".into())
        );
        assert_eq!(
            InviteCode::game_of("7k2m 9q0x 4hbe ab12 cd34 ef56"),
            Some("7k2m9q0x4hbe".into())
        );
        assert!(InviteCode::game_of("nonsense").is_none());
    }
}
