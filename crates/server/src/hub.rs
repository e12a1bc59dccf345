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
use crate::store::{GameRow, MatchPart, Saved, Store, Write};
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
    /// Game 1 of a duplicate match.
    pub duplicate: bool,
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
        self.keep_links(id, links);
    }

    /// Keeps a finished game's players' connections for a rematch offer: for ten minutes
    /// (`REMATCH_WINDOW`) from the end, or from their coming back to it.
    fn keep_links(&self, id: &str, links: [Option<Link>; 2]) {
        let now = Instant::now();
        let mut ended = self.ended.lock().unwrap_or_else(PoisonError::into_inner);
        while let Some((at, old)) = ended.order.front().cloned() {
            if now.duration_since(at) < REMATCH_WINDOW {
                break;
            }
            ended.order.pop_front();
            ended.links.remove(&old);
        }
        ended.order.retain(|(_, kept)| kept != id);
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
                // A player who came back after the end (or after a restart of the server) is
                // reached on their new connection: a rematch can be offered to them.
                let links = table.links();
                if links.iter().any(Option::is_some) {
                    self.keep_links(game, links);
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
        let made = self.new_table(link, create).await;
        self.seated(link, made, id)
    }

    /// Answers the creator of a new table (`created` and a snapshot) and lives it, or answers
    /// why there is none. Returns its id.
    fn seated(
        self: &Arc<Self>,
        link: &Link,
        made: Result<(Table, usize, String), (ErrorCode, String)>,
        id: Option<Value>,
    ) -> Option<String> {
        match made {
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
        if create.duplicate && !variant.plays_duplicate() {
            return Err(bad(format!(
                "{} is not played as a duplicate match: it has no deal that one side knows \
                 part of",
                variant.name()
            )));
        }
        if create.deal.is_some() && !self.settings.allow_deals {
            let message = "this server deals every game itself: a player who chose the deal \
                           would know it (start the server with --allow-deals for tests)";
            return Err((ErrorCode::NotAllowed, message.into()));
        }
        let dealt = dealt(variant, create.deal, &rules).map_err(bad)?;
        let plan = Plan {
            variant,
            rules,
            clock,
            dealt,
            duplicate: create.duplicate.then_some(MatchPart {
                round: 1,
                other: None,
                sealed: true,
            }),
        };
        self.open_table(link, plan, seat, None).await
    }

    /// Stores a new game and makes its table, with `link`'s player in `seat`: a game of its
    /// own, or game 2 of the match whose game 1 is `first`.
    async fn open_table(
        &self,
        link: &Link,
        plan: Plan,
        seat: usize,
        first: Option<String>,
    ) -> Result<(Table, usize, String), (ErrorCode, String)> {
        let Plan {
            variant,
            rules,
            clock,
            dealt: Dealt { seed, deal, game },
            duplicate,
        } = plan;
        let new = NewTable {
            id: ids::game_id(),
            variant,
            rules,
            seed,
            deal,
            game,
            invite: ids::invite(),
            clocks: clock.map(Clocks::new),
            duplicate,
        };
        let token = ids::token();
        let row = Box::new(GameRow {
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
            duplicate: new.duplicate.clone(),
        });
        let write = match first {
            Some(first) => Write::Second { row, first },
            None => Write::Create(row),
        };
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

    /// After game 1 of a duplicate match, a player's `rematch` without a game of its own:
    /// game 2 on the same deal, the colours swapped, the asker seated (`created`) and the
    /// other player offered it (`offer` of kind `rematch`, as a rematch is). If game 2 exists
    /// already (both asked at once), the asker is offered it. Returns game 2's id.
    pub async fn second_game(
        self: &Arc<Self>,
        link: &Link,
        first: &str,
        id: Option<Value>,
    ) -> Option<String> {
        let made = match self.second_table(link, first).await {
            Ok(Second::Made(made, opponent)) => {
                let (table, seat, _) = &*made;
                opponent.send(&ServerMessage::Offer {
                    game: first.to_string(),
                    kind: "rematch".into(),
                    from: table.seat_name(1 - seat).into(),
                    new_game: Some(table.id().to_string()),
                    invite: Some(table.invite().to_string()),
                });
                Ok(*made)
            }
            Ok(Second::Offered) => return None,
            Err(refused) => Err(refused),
        };
        self.seated(link, made, id)
    }

    async fn second_table(&self, link: &Link, first: &str) -> Result<Second, (ErrorCode, String)> {
        let not_allowed = |message: &str| (ErrorCode::NotAllowed, message.to_string());
        let saved = match self.store.load(first).await {
            Ok(Some(saved)) => saved,
            Ok(None) => return Err((ErrorCode::UnknownGame, "no game has this id".into())),
            Err(e) => {
                eprintln!("store: {e}");
                return Err(not_allowed("the server could not read the game; try again"));
            }
        };
        let Some(part) = saved.row.duplicate.clone().filter(|p| p.round == 1) else {
            let message = "a rematch names a new game's id and invite (only game 1 of a \
                           duplicate match has its game 2 made by the server)";
            return Err((ErrorCode::BadMessage, message.into()));
        };
        let held = link.token_in(first);
        let seat = (0..2).find(|&s| {
            let token = saved.row.seats[s].as_ref().map(|(token, _)| token);
            held.as_ref()
                .zip(token)
                .is_some_and(|(held, token)| ids::same_secret(held, token))
        });
        let Some(seat) = seat else {
            return Err(not_allowed(
                "only a player of this game may do that (resume your seat first)",
            ));
        };
        if saved.ending.is_none() {
            return Err(not_allowed("the game is not over"));
        }
        if let Some(second) = part.other {
            return self.offer_second(link, first, seat, &second).await;
        }
        let opponent = self
            .ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .links
            .get(first)
            .and_then(|links| links[1 - seat].clone());
        let Some(opponent) = opponent else {
            return Err(not_allowed("your opponent has left"));
        };
        let plan = second_plan(&saved).map_err(|e| {
            eprintln!("game {first}: its game 2 cannot be dealt: {e}");
            not_allowed("the server could not deal game 2")
        })?;
        match self
            .open_table(link, plan, 1 - seat, Some(first.into()))
            .await
        {
            Ok(made) => Ok(Second::Made(Box::new(made), opponent)),
            // The other player made it in the meantime.
            Err(_) => match self.store.load(first).await {
                Ok(Some(Saved { row, .. })) => match row.duplicate.and_then(|p| p.other) {
                    Some(second) => self.offer_second(link, first, seat, &second).await,
                    None => Err(not_allowed("the server could not store game 2; try again")),
                },
                _ => Err(not_allowed("the server could not store game 2; try again")),
            },
        }
    }

    /// Game 2, made already, offered to the player of game 1's `seat` if its seat for them
    /// (the other colour) is still free.
    async fn offer_second(
        &self,
        link: &Link,
        first: &str,
        seat: usize,
        second: &str,
    ) -> Result<Second, (ErrorCode, String)> {
        let begun = || {
            (
                ErrorCode::NotAllowed,
                "game 2 of this match has begun".into(),
            )
        };
        let Ok(Some(saved)) = self.store.load(second).await else {
            return Err(begun());
        };
        if saved.row.seats[1 - seat].is_some() {
            return Err(begun());
        }
        let variant = jieqi_variants::find(&saved.row.variant).map_err(|_| begun())?;
        link.send(&ServerMessage::Offer {
            game: first.to_string(),
            kind: "rematch".into(),
            from: seat_names(variant)[1 - seat].into(),
            new_game: Some(second.to_string()),
            invite: Some(saved.row.invite),
        });
        Ok(Second::Offered)
    }
}

/// What a new game is made from.
struct Plan {
    variant: &'static dyn Variant,
    rules: String,
    clock: Option<TimeControl>,
    dealt: Dealt,
    duplicate: Option<MatchPart>,
}

/// What asking for game 2 came to.
enum Second {
    /// Made, with the asker seated; the other player's connection, to offer it to.
    Made(Box<(Table, usize, String)>, Link),
    /// Made already: the asker was offered it.
    Offered,
}

/// Game 2 of the match whose game 1 is `first`: the same variant, rules, clock and deal.
fn second_plan(first: &Saved) -> Result<Plan, String> {
    let row = &first.row;
    let variant = jieqi_variants::find(&row.variant).map_err(|e| e.to_string())?;
    let clock = row.clock.map(|(initial_ms, increment_ms)| TimeControl {
        initial_ms,
        increment_ms,
    });
    let deal = row.seed.clone().or_else(|| row.deal.clone());
    Ok(Plan {
        variant,
        rules: row.rules.clone(),
        clock,
        dealt: dealt(variant, deal, &row.rules)?,
        duplicate: Some(MatchPart {
            round: 2,
            other: Some(row.id.clone()),
            sealed: false,
        }),
    })
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
