//! The live games, by id: creating them, finding them, and answering for games that are over
//! (they live in the database only, and are played back from it when asked about).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use jieqi_rules::Seed;
use jieqi_rules::platform::{PlayedGame, Variant};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::ids;
use crate::link::Link;
use crate::protocol::{ErrorCode, ServerMessage};
use crate::store::{GameRow, Store, Write};
use crate::table::{Ask, Command, INBOX, NewTable, Table, seat_names};
use jieqi_rules::clock::{Clocks, MAX_CLOCK_MS, TimeControl};

/// What the server was started with that games need.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long an untimed game's player must be gone before the other may claim (§6).
    pub grace: Duration,
    /// Whether a client may choose the deal (§3).
    pub allow_deals: bool,
}

/// Every live game's inbox.
#[derive(Debug)]
pub struct Hub {
    live: Mutex<HashMap<String, mpsc::Sender<Command>>>,
    /// The players' connections of the games that ended lately, for a rematch offer (a game
    /// read back from the database knows only the connection asking).
    ended: Mutex<Ended>,
    store: Store,
    settings: Settings,
}

/// How long after its end a game's players can still offer each other a rematch.
const REMATCH_WINDOW: Duration = Duration::from_secs(600);

/// Recently ended games' connections, oldest first for expiry.
#[derive(Debug, Default)]
struct Ended {
    links: HashMap<String, [Option<Link>; 2]>,
    order: std::collections::VecDeque<(Instant, String)>,
}

/// What `create` asks for.
#[derive(Debug)]
pub struct Create {
    pub variant: String,
    pub rules: Option<String>,
    pub clock: Option<TimeControl>,
    pub colour: Option<String>,
    pub deal: Option<String>,
}

impl Hub {
    pub fn new(store: Store, settings: Settings) -> Arc<Hub> {
        Arc::new(Hub {
            live: Mutex::new(HashMap::new()),
            ended: Mutex::new(Ended::default()),
            store,
            settings,
        })
    }

    /// Starts every stored game that is not over (after a restart). Returns how many.
    pub async fn resume_stored(self: &Arc<Self>) -> Result<usize, String> {
        let saved = self.store.unfinished().await.map_err(|e| e.to_string())?;
        let mut count = 0;
        for game in saved {
            let id = game.row.id.clone();
            match Table::restore(game, self.store.clone(), self.settings.grace) {
                Ok(table) => {
                    self.spawn(table);
                    count += 1;
                }
                Err(e) => eprintln!("game {id} could not be resumed: {e}"),
            }
        }
        Ok(count)
    }

    fn spawn(self: &Arc<Self>, table: Table) {
        let (inbox, receiver) = mpsc::channel(INBOX);
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(table.id().to_string(), inbox);
        let hub = Arc::clone(self);
        let id = table.id().to_string();
        tokio::spawn(table.run(receiver, move |links| hub.forget(&id, links)));
    }

    /// A game that is over leaves the live list; its players' connections are kept for
    /// ten minutes (`REMATCH_WINDOW`).
    pub fn forget(&self, id: &str, links: [Option<Link>; 2]) {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
        let now = Instant::now();
        let mut ended = self.ended.lock().unwrap_or_else(PoisonError::into_inner);
        while let Some((at, old)) = ended.order.front().cloned() {
            if now.duration_since(at) < REMATCH_WINDOW {
                break;
            }
            ended.order.pop_front();
            ended.links.remove(&old);
        }
        ended.order.push_back((now, id.to_string()));
        ended.links.insert(id.to_string(), links);
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// How many games are live.
    pub fn live_count(&self) -> usize {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Hands a message to its game: the live one, or one that is over, from the database.
    pub async fn dispatch(self: &Arc<Self>, game: &str, command: Command) {
        let inbox = self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(game)
            .cloned();
        let command = match inbox {
            Some(inbox) => match inbox.send(command).await {
                Ok(()) => return,
                // It ended while the message was on its way.
                Err(mpsc::error::SendError(command)) => command,
            },
            None => command,
        };
        self.answer_stored(game, command).await;
    }

    /// Answers a message about a game that is not live: one that is over, or none.
    async fn answer_stored(self: &Arc<Self>, game: &str, command: Command) {
        if matches!(command.ask, Ask::Gone) {
            return;
        }
        let unknown = |command: &Command| {
            let message = "no game has this id";
            let error = ServerMessage::error(ErrorCode::UnknownGame, message, command.id.clone());
            command.link.send(&error);
        };
        if !ids::could_be_game_id(game) {
            return unknown(&command);
        }
        let saved = match self.store.load(game).await {
            Ok(Some(saved)) => saved,
            Ok(None) => return unknown(&command),
            Err(e) => {
                eprintln!("store: {e}");
                return unknown(&command);
            }
        };
        match Table::restore(saved, self.store.clone(), self.settings.grace) {
            Ok(mut table) if table.is_over() => {
                table.reattach(&command.link);
                let links = self
                    .ended
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .links
                    .get(game)
                    .cloned();
                if let Some(links) = &links {
                    table.attach(links);
                }
                table.handle(command).await;
                // A player who came back after the end is reached on their new connection.
                if links.is_some() {
                    let mut ended = self.ended.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some(kept) = ended.links.get_mut(game) {
                        *kept = table.links();
                    }
                }
            }
            // Not over but not live (stored since this server started): live it.
            Ok(table) => {
                self.spawn(table);
                Box::pin(self.dispatch(game, command)).await;
            }
            Err(e) => {
                eprintln!("game {game} could not be read back: {e}");
                unknown(&command);
            }
        }
    }

    /// Creates a game with `link`'s player in a seat; answers `created` and a snapshot, or
    /// an error. Returns the new game's id.
    pub async fn create(
        self: &Arc<Self>,
        link: &Link,
        create: Create,
        id: Option<Value>,
    ) -> Option<String> {
        match self.new_table(link, create).await {
            Ok((table, seat, token)) => {
                let game = table.id().to_string();
                link.send(&ServerMessage::Created {
                    game: table.id().to_string(),
                    seat: table.seat_name(seat).to_string(),
                    token,
                    invite: table.invite().to_string(),
                    id: id.clone(),
                });
                link.send(&table.snapshot(Some(seat), None));
                self.spawn(table);
                Some(game)
            }
            Err((code, message)) => {
                link.send(&ServerMessage::error(code, message, id));
                None
            }
        }
    }

    async fn new_table(
        &self,
        link: &Link,
        create: Create,
    ) -> Result<(Table, usize, String), (ErrorCode, String)> {
        let bad = |message: String| (ErrorCode::BadMessage, message);
        let variant = jieqi_variants::find(&create.variant).map_err(|e| bad(e.to_string()))?;
        let rules = create.rules.unwrap_or_default().trim().to_string();
        let clock = create.clock.map(TimeControl::checked).transpose();
        let clock = clock.map_err(|_| {
            bad(format!(
                "a clock's initial time is 1 ms to {MAX_CLOCK_MS} ms, its increment at most that"
            ))
        })?;
        let seat = seat_named(variant, create.colour.as_deref()).map_err(bad)?;
        if create.deal.is_some() && !self.settings.allow_deals {
            let message = "this server deals every game itself: a player who chose the deal \
                           would know it (start the server with --allow-deals for tests)";
            return Err((ErrorCode::NotAllowed, message.into()));
        }
        let Dealt { seed, deal, game } = dealt(variant, create.deal, &rules).map_err(bad)?;
        let clocks = clock.map(Clocks::new);
        let new = NewTable {
            id: ids::game_id(),
            variant,
            rules,
            seed,
            deal,
            game,
            invite: ids::invite(),
            clocks,
        };
        let token = ids::token();
        let row = GameRow {
            id: new.id.clone(),
            variant: variant.id().to_string(),
            rules: new.rules.clone(),
            seed: new.seed.map(|s| s.to_string()),
            deal: new.deal.clone(),
            clock: clock.map(|c| (c.initial_ms, c.increment_ms)),
            invite: new.invite.clone(),
            seats: std::array::from_fn(|s| {
                (s == seat).then(|| (token.clone(), link.name.to_string()))
            }),
        };
        let write = Write::Create(Box::new(row));
        if let Err(e) = self.store.write(write).await {
            eprintln!("store: {e}");
            let message = "the server could not store a new game; try again";
            return Err((ErrorCode::NotAllowed, message.into()));
        }
        let table = Table::new(
            new,
            seat,
            token.clone(),
            link,
            self.store.clone(),
            self.settings.grace,
        );
        Ok((table, seat, token))
    }
}

/// The creator's seat from `colour`: a seat's name, or `random` (the default).
fn seat_named(variant: &dyn Variant, colour: Option<&str>) -> Result<usize, String> {
    let names = seat_names(variant);
    match colour.unwrap_or("random") {
        "random" => {
            let mut bit = [0u8; 1];
            getrandom::fill(&mut bit).map_err(|e| e.to_string())?;
            Ok(usize::from(bit[0] & 1))
        }
        name => names.iter().position(|n| *n == name).ok_or_else(|| {
            format!(
                "colour is {}, {} or random, not '{}'",
                names[0],
                names[1],
                name.chars().take(20).collect::<String>()
            )
        }),
    }
}

/// The game `create` asks for: dealt by the server from the OS's random source, or (only
/// under `--allow-deals`) from the client's seed or full-knowledge position.
fn dealt(
    variant: &'static dyn Variant,
    deal: Option<String>,
    rules: &str,
) -> Result<Dealt, String> {
    let seed = match &deal {
        Some(text) => text.trim().parse::<Seed>().ok(),
        None => variant.deals().then(ids::seed),
    };
    let game = match (&deal, seed) {
        (Some(text), None) => variant.position(text.trim(), rules),
        (_, seed) => variant.start(seed, rules),
    }
    .map_err(|e| e.to_string())?;
    let deal = deal
        .filter(|_| seed.is_none())
        .map(|d| d.trim().to_string());
    Ok(Dealt { seed, deal, game })
}

/// A new game and where its deal came from.
struct Dealt {
    seed: Option<Seed>,
    /// A client's full-knowledge position.
    deal: Option<String>,
    game: Box<dyn PlayedGame>,
}
