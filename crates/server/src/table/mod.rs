//! One live game: a task that alone owns its state — the game with its deal, the seats, the
//! spectators, the clocks — and hears its connections through a channel. A slow or hostile
//! connection can delay only its own messages; the game never waits on anyone's socket.

mod frames;
mod turns;

pub use frames::seat_names;

use std::time::{Duration, Instant};

use jieqi_rules::platform::{PlayedGame, Variant};
use jieqi_rules::{Notation, Seed, Side};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::link::Link;
use crate::protocol::{DrawAction, ErrorCode, ServerMessage, close};
use crate::store::{Ending, MatchPart, Saved, Store, Write};
use jieqi_rules::clock::{Clocks, TimeControl};

/// How many messages may wait for one game.
pub const INBOX: usize = 256;

/// What a connection asks of a game.
#[derive(Debug)]
pub struct Command {
    pub link: Link,
    /// The `id` of the message, echoed in a direct answer or error.
    pub id: Option<Value>,
    pub ask: Ask,
}

/// The game messages of online.md §2, and a connection's end.
#[derive(Debug)]
pub enum Ask {
    Join {
        invite: String,
    },
    Resume {
        token: String,
    },
    Watch,
    Move {
        ply: u64,
        text: String,
    },
    Resign,
    Draw(DrawAction),
    Claim,
    Rematch {
        new_game: String,
        invite: String,
    },
    /// The connection closed.
    Gone,
}

/// A taken seat.
#[derive(Debug)]
struct Taken {
    token: String,
    name: String,
    /// Its connection, while it has one.
    link: Option<Link>,
    /// Since when it has had none.
    gone_since: Option<Instant>,
}

#[derive(Debug, Default)]
struct Seat {
    taken: Option<Taken>,
}

/// A game and everything the server keeps about it.
pub struct Table {
    id: String,
    variant: &'static dyn Variant,
    rules: String,
    /// The seed of the deal (the server's, or a client's under `--allow-deals`).
    seed: Option<Seed>,
    /// A deal a client gave as a full-knowledge position.
    deal: Option<String>,
    game: Box<dyn PlayedGame>,
    invite: String,
    seats: [Seat; 2],
    spectators: Vec<Link>,
    clocks: Option<Clocks>,
    /// The seat whose draw offer stands.
    draw_offer: Option<usize>,
    ending: Option<Ending>,
    /// Its place in a duplicate match, if any.
    duplicate: Option<MatchPart>,
    store: Store,
    grace: Duration,
}

impl std::fmt::Debug for Table {
    /// The deal must not reach a log: only the id and the status.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("id", &self.id)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

/// What a new game is made of.
pub struct NewTable {
    pub id: String,
    pub variant: &'static dyn Variant,
    pub rules: String,
    pub seed: Option<Seed>,
    pub deal: Option<String>,
    pub game: Box<dyn PlayedGame>,
    pub invite: String,
    pub clocks: Option<Clocks>,
    pub duplicate: Option<MatchPart>,
}

impl Table {
    /// A new game with its creator in `seat`.
    pub fn new(
        new: NewTable,
        seat: usize,
        token: String,
        creator: &Link,
        store: Store,
        grace: Duration,
    ) -> Table {
        creator.hold(&new.id, &token);
        let mut seats = [Seat::default(), Seat::default()];
        seats[seat].taken = Some(Taken {
            token,
            name: creator.name.to_string(),
            link: Some(creator.clone()),
            gone_since: None,
        });
        Table {
            id: new.id,
            variant: new.variant,
            rules: new.rules,
            seed: new.seed,
            deal: new.deal,
            game: new.game,
            invite: new.invite,
            seats,
            spectators: Vec::new(),
            clocks: new.clocks,
            draw_offer: None,
            ending: None,
            duplicate: new.duplicate,
            store,
            grace,
        }
    }

    /// A stored game played again from its start, every move checked; its players are away
    /// (they `resume`), and its clocks run from what was stored, so time the server was down
    /// is charged to no one.
    pub fn restore(saved: Saved, store: Store, grace: Duration) -> Result<Table, String> {
        let row = saved.row;
        let variant = jieqi_variants::find(&row.variant).map_err(|e| e.to_string())?;
        let seed = match &row.seed {
            Some(code) => Some(code.parse::<Seed>().map_err(|e| e.to_string())?),
            None => None,
        };
        let mut game = match (&row.deal, seed) {
            (Some(deal), _) => variant.position(deal, &row.rules),
            (None, seed) => variant.start(seed, &row.rules),
        }
        .map_err(|e| e.to_string())?;
        for text in &saved.moves {
            game.play_text(text).map_err(|e| e.to_string())?;
        }
        if let Some(ending) = &saved.ending {
            conclude(&mut *game, ending);
        }
        let now = Instant::now();
        let seats = row.seats.map(|seat| Seat {
            taken: seat.map(|(token, name)| Taken {
                token,
                name,
                link: None,
                gone_since: Some(now),
            }),
        });
        let clocks = row.clock.map(|(initial_ms, increment_ms)| {
            let setting = TimeControl {
                initial_ms,
                increment_ms,
            };
            Clocks::restored(setting, saved.left_ms.unwrap_or([initial_ms; 2]))
        });
        let mut table = Table {
            id: row.id,
            variant,
            rules: row.rules,
            seed,
            deal: row.deal,
            game,
            invite: row.invite,
            seats,
            spectators: Vec::new(),
            clocks,
            draw_offer: None,
            ending: saved.ending,
            duplicate: row.duplicate,
            store,
            grace,
        };
        if table.status() == crate::protocol::Status::Playing {
            table.start_clock(now);
        }
        Ok(table)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn invite(&self) -> &str {
        &self.invite
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// Runs the game until it is over and every message sent to it has been answered;
    /// `forget` takes it off the list of live games once it is over, so that new messages go
    /// to the stored game, and is handed the players' connections then (a rematch offer goes
    /// from one to the other).
    pub async fn run(
        mut self,
        mut inbox: mpsc::Receiver<Command>,
        forget: impl FnOnce([Option<Link>; 2]) + Send,
    ) {
        while self.ending.is_none() {
            let deadline = self.clocks.as_ref().and_then(Clocks::deadline);
            tokio::select! {
                command = inbox.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => return,
                },
                () = sleep_until(deadline.map(|d| d.1)), if deadline.is_some() => {
                    self.flag_fall(Instant::now()).await;
                }
            }
        }
        // Over: new messages go to the stored game; answer those already sent here.
        forget(self.links());
        inbox.close();
        while let Some(command) = inbox.recv().await {
            self.handle(command).await;
        }
    }

    /// Gives a game read back from the database its player's connection again: the one that
    /// holds a seat's token.
    pub fn reattach(&mut self, link: &Link) {
        let Some(token) = link.token_in(&self.id) else {
            return;
        };
        for seat in self.seats.iter_mut().filter_map(|s| s.taken.as_mut()) {
            if crate::ids::same_secret(&token, &seat.token) {
                seat.link = Some(link.clone());
            }
        }
    }

    /// The players' connections.
    pub fn links(&self) -> [Option<Link>; 2] {
        [self.link_of(0).cloned(), self.link_of(1).cloned()]
    }

    /// Gives a game read back from the database its players' connections of its end.
    pub fn attach(&mut self, links: &[Option<Link>; 2]) {
        for (seat, link) in self.seats.iter_mut().zip(links) {
            if let (Some(taken), Some(link)) = (seat.taken.as_mut(), link)
                && taken.link.is_none()
            {
                taken.link = Some(link.clone());
            }
        }
    }

    /// Answers one message.
    pub async fn handle(&mut self, command: Command) {
        let Command { link, id, ask } = command;
        let answer = match ask {
            Ask::Join { invite } => self.join(&link, &invite, id.clone()).await,
            Ask::Resume { token } => self.resume(&link, &token, id.clone()),
            Ask::Watch => {
                self.spectators.retain(|s| s.id != link.id);
                if self.ending.is_none() {
                    self.spectators.push(link.clone());
                }
                link.send(&self.snapshot(None, id.clone()));
                Ok(())
            }
            Ask::Move { ply, text } => self.play(&link, ply, &text).await,
            Ask::Resign => self.resign(&link).await,
            Ask::Draw(action) => self.draw(&link, action).await,
            Ask::Claim => self.claim(&link).await,
            Ask::Rematch { new_game, invite } => self.rematch(&link, &new_game, &invite),
            Ask::Gone => {
                self.gone(&link);
                Ok(())
            }
        };
        if let Err((code, message)) = answer {
            link.send(&ServerMessage::error(code, message, id));
        }
    }

    /// The seat `link` holds here.
    fn seat_of(&self, link: &Link) -> Option<usize> {
        (0..2).find(|&s| {
            self.seats[s]
                .taken
                .as_ref()
                .and_then(|t| t.link.as_ref())
                .is_some_and(|l| l.id == link.id)
        })
    }

    async fn join(&mut self, link: &Link, invite: &str, id: Option<Value>) -> Answer {
        if !crate::ids::same_secret(invite, &self.invite) {
            return Err((ErrorCode::BadInvite, "no game has this invite".into()));
        }
        let Some(seat) = (0..2).find(|&s| self.seats[s].taken.is_none()) else {
            return Err((ErrorCode::Full, "both seats are taken".into()));
        };
        let token = crate::ids::token();
        let write = Write::Seat {
            game: self.id.clone(),
            seat,
            token: token.clone(),
            name: link.name.to_string(),
        };
        self.store.write(write).await.map_err(store_failed)?;
        self.seats[seat].taken = Some(Taken {
            token: token.clone(),
            name: link.name.to_string(),
            link: Some(link.clone()),
            gone_since: None,
        });
        link.hold(&self.id, &token);
        link.send(&ServerMessage::Joined {
            game: self.id.clone(),
            seat: self.seat_name(seat).to_string(),
            token,
            id: id.clone(),
        });
        self.start_clock(Instant::now());
        for s in 0..2 {
            if let Some(other) = self.link_of(s) {
                let id = if s == seat { id.clone() } else { None };
                other.send(&self.snapshot(Some(s), id));
            }
        }
        let snapshot = self.snapshot(None, None).to_text();
        for spectator in &self.spectators {
            spectator.send_text(snapshot.clone());
        }
        Ok(())
    }

    fn resume(&mut self, link: &Link, token: &str, id: Option<Value>) -> Answer {
        let seat = (0..2).find(|&s| {
            self.seats[s]
                .taken
                .as_ref()
                .is_some_and(|t| crate::ids::same_secret(token, &t.token))
        });
        let Some(seat) = seat else {
            return Err((ErrorCode::BadToken, "this token holds no seat here".into()));
        };
        let taken = self.seats[seat].taken.as_mut().expect("found above");
        let came_back = taken.link.is_none();
        if let Some(old) = taken.link.replace(link.clone())
            && old.id != link.id
        {
            old.close(
                close::REPLACED,
                "the seat was resumed from another connection",
            );
        }
        taken.gone_since = None;
        link.hold(&self.id, token);
        link.send(&self.snapshot(Some(seat), id));
        if came_back && self.ending.is_none() {
            self.tell_presence(seat, true);
        }
        Ok(())
    }

    /// A connection closed: a seat it held is away; a spectator leaves.
    fn gone(&mut self, link: &Link) {
        self.spectators.retain(|s| s.id != link.id);
        if let Some(seat) = self.seat_of(link) {
            let taken = self.seats[seat].taken.as_mut().expect("a seat with a link");
            taken.link = None;
            taken.gone_since = Some(Instant::now());
            self.tell_presence(seat, false);
        }
    }

    fn tell_presence(&self, seat: usize, connected: bool) {
        let text = ServerMessage::Presence {
            game: self.id.clone(),
            seat: self.seat_name(seat).to_string(),
            connected,
        }
        .to_text();
        self.others(Some(seat), |link| link.send_text(text.clone()));
    }

    /// Calls `send` with every connection of the game but `seat`'s.
    fn others(&self, seat: Option<usize>, mut send: impl FnMut(&Link)) {
        for s in (0..2).filter(|&s| Some(s) != seat) {
            if let Some(link) = self.link_of(s) {
                send(link);
            }
        }
        self.spectators.iter().for_each(send);
    }

    fn link_of(&self, seat: usize) -> Option<&Link> {
        self.seats[seat].taken.as_ref()?.link.as_ref()
    }

    /// The first mover's clock starts when the second player joins.
    fn start_clock(&mut self, now: Instant) {
        let mover = self.game.turn();
        if let Some(clocks) = self.clocks.as_mut()
            && self.ending.is_none()
        {
            clocks.start(mover, now);
        }
    }

    /// Ends the game: stores how and the record, tells everyone, and reveals the deal —
    /// unless it is game 1 of a duplicate match, sealed until game 2 ends (whose end shows
    /// game 1's too).
    async fn end(&mut self, winner: Option<usize>, reason: &str) {
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.stop(Instant::now());
        }
        let ending = Ending {
            result: Table::result_for_winner(winner).to_string(),
            reason: reason.to_string(),
        };
        let record = self.game.record_text(Side::Red, Notation::Iccs);
        let unseal = (self.duplicate.as_ref())
            .filter(|part| part.round == 2)
            .and_then(|part| part.other.clone());
        let write = Write::End {
            game: self.id.clone(),
            ending: ending.clone(),
            record,
            unseal,
        };
        if let Err(e) = self.store.write(write).await {
            eprintln!("game {}: its end was not stored: {e}", self.id);
        }
        let text = ServerMessage::Ended {
            game: self.id.clone(),
            result: ending.result.clone(),
            reason: ending.reason.clone(),
            deal: self.shown_deal(),
            seed: self.shown_seed(),
        }
        .to_text();
        self.ending = Some(ending);
        self.others(None, |link| link.send_text(text.clone()));
        self.spectators.clear();
    }
}

/// Ends a game played back from its moves as it ended (a resignation, a flag, an agreement
/// the moves do not show), so that it tells everyone everything.
fn conclude(game: &mut dyn PlayedGame, ending: &Ending) {
    if game.outcome().is_some() {
        return;
    }
    let loser = match ending.result.as_str() {
        "1-0" => Side::Black,
        "0-1" => Side::Red,
        _ => {
            let _ = game.agree_draw();
            return;
        }
    };
    let _ = match ending.reason.as_str() {
        "time" => game.lose_on_time(loser),
        _ => game.resign(loser),
    };
}

/// What a message gets when it is refused: its error's code and one line for a person.
type Answer = Result<(), (ErrorCode, String)>;

fn store_failed(e: crate::store::StoreError) -> (ErrorCode, String) {
    eprintln!("store: {e}");
    (
        ErrorCode::NotAllowed,
        "the server could not store this; nothing changed, try again".into(),
    )
}

/// Sleeps until `deadline` (forever without one).
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}
