//! The games on disk (online.md §5): SQLite in WAL mode, one connection on a thread of its
//! own that every game writes through. Writes that arrive together commit together (one
//! transaction, one WAL append), so the rate a single writer sustains grows with the load; a
//! game announces a move only once its commit has returned.
//!
//! Durability trade: `synchronous=NORMAL` in WAL mode. A commit is in the WAL file — in the
//! operating system's cache — when it returns, so a killed server (`kill -9`, a crash, an
//! out-of-memory kill) loses nothing it announced; a power cut or kernel crash can lose the
//! commits since the last checkpoint's fsync (at most about a second of moves, never a
//! corrupt file). `docs/protocol.md` says why that is the right trade for a game server.

use std::path::Path;
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A request the store's thread answered with an error (its SQLite message).
    #[error("database: {0}")]
    Failed(String),
    #[error("the database's thread has stopped")]
    Gone,
}

/// A game as stored: what it takes to play it again from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub variant: String,
    pub rules: String,
    /// The seed of a server's deal (its code), or a client's seed.
    pub seed: Option<String>,
    /// A deal a client gave as a full-knowledge position.
    pub deal: Option<String>,
    /// `(initial_ms, increment_ms)` of a timed game.
    pub clock: Option<(u64, u64)>,
    pub invite: String,
    /// Per seat (0 moves first): its token and player's name, once taken.
    pub seats: [Option<(String, String)>; 2],
    /// Its place in a duplicate match, if it is one of its games.
    pub duplicate: Option<MatchPart>,
}

/// A game of a duplicate match: one deal played twice with the colours swapped. Game 1 ends
/// sealed — its deal, its seed and what each player took face down stay the server's — until
/// game 2, dealt the same pieces, ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPart {
    /// 1 or 2.
    pub round: u8,
    /// The match's other game: game 2 once created (in game 1), game 1 (in game 2).
    pub other: Option<String>,
    /// The end shows nothing more than play did (game 1, until game 2 ends).
    pub sealed: bool,
}

/// How a stored game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub result: String,
    pub reason: String,
}

/// A stored game with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub row: GameRow,
    /// The moves as their players sent them.
    pub moves: Vec<String>,
    /// Each seat's time left after the last move (a timed game that has started).
    pub left_ms: Option<[u64; 2]>,
    pub ending: Option<Ending>,
}

/// One change to the games.
#[derive(Clone, Debug)]
pub enum Write {
    Create(Box<GameRow>),
    Seat {
        game: String,
        seat: usize,
        token: String,
        name: String,
    },
    Move {
        game: String,
        ply: u64,
        text: String,
        left_ms: Option<[u64; 2]>,
    },
    End {
        game: String,
        ending: Ending,
        /// The game's record (`jieqi-cli replay` reads it).
        record: String,
        /// Game 1 of the match this game ends: its end is shown now too.
        unseal: Option<String>,
    },
    /// Game 2 of a duplicate match, tied to game 1 (`first`); refused if game 1 has one
    /// already, so that two players asking at once make one game 2.
    Second {
        row: Box<GameRow>,
        first: String,
    },
}

enum Request {
    Write(Write, oneshot::Sender<Result<(), String>>),
    Unfinished(oneshot::Sender<Result<Vec<Saved>, String>>),
    Load(String, oneshot::Sender<Result<Option<Saved>, String>>),
    Record(String, oneshot::Sender<Result<Option<String>, String>>),
}

/// The handle every game writes through; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    requests: mpsc::Sender<Request>,
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Request")
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed TEXT,
    deal TEXT,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER,
    invite TEXT NOT NULL,
    token0 TEXT, name0 TEXT,
    token1 TEXT, name1 TEXT,
    result TEXT,
    reason TEXT,
    record TEXT,
    match_round INTEGER,
    match_other TEXT,
    sealed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL,
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    left0_ms INTEGER,
    left1_ms INTEGER,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_running ON games (id) WHERE result IS NULL;
";

impl Store {
    /// Opens (creating) the database at `path` (`:memory:` for one that lives as long as the
    /// process) and starts its thread.
    pub fn open(path: &str) -> Result<Store, StoreError> {
        let connection = if path == ":memory:" {
            Connection::open_in_memory()?
        } else {
            if let Some(folder) = Path::new(path)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
            {
                let _ = std::fs::create_dir_all(folder);
            }
            Connection::open(path)?
        };
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.pragma_update(None, "foreign_keys", "OFF")?;
        connection.execute_batch(SCHEMA)?;
        add_match_columns(&connection)?;
        let (requests, inbox) = mpsc::channel();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || serve(connection, &inbox))
            .map_err(|_| StoreError::Gone)?;
        Ok(Store { requests })
    }

    /// Commits `write`; returns once it is in the database.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Write(write, reply), answer).await
    }

    /// Every game not over, for a restarted server to resume.
    pub async fn unfinished(&self) -> Result<Vec<Saved>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Unfinished(reply), answer).await
    }

    /// One game, over or not.
    pub async fn load(&self, game: &str) -> Result<Option<Saved>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Load(game.to_string(), reply), answer)
            .await
    }

    /// A finished game's record.
    pub async fn record(&self, game: &str) -> Result<Option<String>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Record(game.to_string(), reply), answer)
            .await
    }

    async fn ask<T>(
        &self,
        request: Request,
        answer: oneshot::Receiver<Result<T, String>>,
    ) -> Result<T, StoreError> {
        self.requests.send(request).map_err(|_| StoreError::Gone)?;
        match answer.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(message)) => Err(StoreError::Failed(message)),
            Err(_) => Err(StoreError::Gone),
        }
    }
}

/// The store's thread: takes every request waiting, commits the writes among them in one
/// transaction, then answers each.
fn serve(mut connection: Connection, inbox: &mpsc::Receiver<Request>) {
    while let Ok(first) = inbox.recv() {
        let mut batch = vec![first];
        while batch.len() < 4096 {
            match inbox.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        let mut writes = Vec::new();
        for request in batch {
            match request {
                Request::Write(write, reply) => writes.push((write, reply)),
                Request::Unfinished(reply) => {
                    let _ = reply.send(unfinished(&connection).map_err(|e| e.to_string()));
                }
                Request::Load(game, reply) => {
                    let _ = reply.send(load(&connection, &game).map_err(|e| e.to_string()));
                }
                Request::Record(game, reply) => {
                    let _ = reply.send(record(&connection, &game).map_err(|e| e.to_string()));
                }
            }
        }
        if writes.is_empty() {
            continue;
        }
        let results = commit(&mut connection, writes.iter().map(|(w, _)| w));
        for ((_, reply), result) in writes.into_iter().zip(results) {
            let _ = reply.send(result);
        }
    }
}

/// Commits `writes` in one transaction, each in a savepoint of its own: a write that fails
/// (a duplicate ply) fails alone, never another game's.
fn commit<'a>(
    connection: &mut Connection,
    writes: impl ExactSizeIterator<Item = &'a Write>,
) -> Vec<Result<(), String>> {
    let count = writes.len();
    let failed = |e: rusqlite::Error| vec![Err(e.to_string()); count];
    let mut transaction = match connection.transaction() {
        Ok(t) => t,
        Err(e) => return failed(e),
    };
    let mut results = Vec::with_capacity(count);
    for write in writes {
        let result = transaction.savepoint().and_then(|savepoint| {
            apply(&savepoint, write)?;
            savepoint.commit()
        });
        results.push(result.map_err(|e| e.to_string()));
    }
    match transaction.commit() {
        Ok(()) => results,
        Err(e) => failed(e),
    }
}

/// A database of a server from before duplicate matches gets their columns.
fn add_match_columns(db: &Connection) -> rusqlite::Result<()> {
    let has_them = db
        .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'sealed'")?
        .exists([])?;
    if !has_them {
        db.execute_batch(
            "ALTER TABLE games ADD COLUMN match_round INTEGER;
             ALTER TABLE games ADD COLUMN match_other TEXT;
             ALTER TABLE games ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0;",
        )?;
    }
    Ok(())
}

fn insert(db: &Connection, row: &GameRow) -> rusqlite::Result<()> {
    let [seat0, seat1] = &row.seats;
    let part = row.duplicate.as_ref();
    db.prepare_cached(
        "INSERT INTO games (id, variant, rules, seed, deal, clock_initial_ms,
         clock_increment_ms, invite, token0, name0, token1, name1, match_round, match_other,
         sealed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        row.id,
        row.variant,
        row.rules,
        row.seed,
        row.deal,
        row.clock.map(|c| c.0),
        row.clock.map(|c| c.1),
        row.invite,
        seat0.as_ref().map(|s| &s.0),
        seat0.as_ref().map(|s| &s.1),
        seat1.as_ref().map(|s| &s.0),
        seat1.as_ref().map(|s| &s.1),
        part.map(|p| p.round),
        part.and_then(|p| p.other.as_ref()),
        part.is_some_and(|p| p.sealed),
    ])?;
    Ok(())
}

fn apply(db: &Connection, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Create(row) => insert(db, row)?,
        Write::Second { row, first } => {
            let tied = db
                .prepare_cached(
                    "UPDATE games SET match_other = ?2
                     WHERE id = ?1 AND match_round = 1 AND match_other IS NULL",
                )?
                .execute(params![first, row.id])?;
            if tied != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
            insert(db, row)?;
        }
        Write::Seat {
            game,
            seat,
            token,
            name,
        } => {
            let sql = if *seat == 0 {
                "UPDATE games SET token0 = ?2, name0 = ?3 WHERE id = ?1"
            } else {
                "UPDATE games SET token1 = ?2, name1 = ?3 WHERE id = ?1"
            };
            db.prepare_cached(sql)?
                .execute(params![game, token, name])?;
        }
        Write::Move {
            game,
            ply,
            text,
            left_ms,
        } => {
            db.prepare_cached(
                "INSERT INTO moves (game, ply, text, left0_ms, left1_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                game,
                ply,
                text,
                left_ms.map(|l| l[0]),
                left_ms.map(|l| l[1])
            ])?;
        }
        Write::End {
            game,
            ending,
            record,
            unseal,
        } => {
            db.prepare_cached(
                "UPDATE games SET result = ?2, reason = ?3, record = ?4 WHERE id = ?1",
            )?
            .execute(params![game, ending.result, ending.reason, record])?;
            if let Some(first) = unseal {
                db.prepare_cached("UPDATE games SET sealed = 0 WHERE id = ?1")?
                    .execute([first])?;
            }
        }
    }
    Ok(())
}

const SELECT_GAME: &str = "SELECT id, variant, rules, seed, deal, clock_initial_ms,
    clock_increment_ms, invite, token0, name0, token1, name1, result, reason, match_round,
    match_other, sealed FROM games";

fn unfinished(db: &Connection) -> rusqlite::Result<Vec<Saved>> {
    let mut statement = db.prepare(&format!("{SELECT_GAME} WHERE result IS NULL"))?;
    let rows = statement
        .query_map([], game_of_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().map(|g| with_moves(db, g)).collect()
}

fn load(db: &Connection, game: &str) -> rusqlite::Result<Option<Saved>> {
    let row = db
        .prepare_cached(&format!("{SELECT_GAME} WHERE id = ?1"))?
        .query_row([game], game_of_row)
        .optional()?;
    row.map(|g| with_moves(db, g)).transpose()
}

fn record(db: &Connection, game: &str) -> rusqlite::Result<Option<String>> {
    let record: Option<Option<String>> = db
        // A sealed game's record holds the deal.
        .prepare_cached("SELECT record FROM games WHERE id = ?1 AND sealed = 0")?
        .query_row([game], |r| r.get(0))
        .optional()?;
    Ok(record.flatten())
}

fn game_of_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameRow, Option<Ending>)> {
    let seat = |token: Option<String>, name: Option<String>| token.zip(name);
    let clock = match (r.get::<_, Option<u64>>(5)?, r.get::<_, Option<u64>>(6)?) {
        (Some(initial), Some(increment)) => Some((initial, increment)),
        _ => None,
    };
    let row = GameRow {
        id: r.get(0)?,
        variant: r.get(1)?,
        rules: r.get(2)?,
        seed: r.get(3)?,
        deal: r.get(4)?,
        clock,
        invite: r.get(7)?,
        seats: [seat(r.get(8)?, r.get(9)?), seat(r.get(10)?, r.get(11)?)],
        duplicate: match r.get::<_, Option<u8>>(14)? {
            Some(round) => Some(MatchPart {
                round,
                other: r.get(15)?,
                sealed: r.get(16)?,
            }),
            None => None,
        },
    };
    let ending = match (r.get::<_, Option<String>>(12)?, r.get(13)?) {
        (Some(result), Some(reason)) => Some(Ending { result, reason }),
        _ => None,
    };
    Ok((row, ending))
}

fn with_moves(
    db: &Connection,
    (row, ending): (GameRow, Option<Ending>),
) -> rusqlite::Result<Saved> {
    let mut statement = db.prepare_cached(
        "SELECT text, left0_ms, left1_ms FROM moves WHERE game = ?1 ORDER BY ply",
    )?;
    let mut moves = Vec::new();
    let mut left_ms = None;
    let rows = statement.query_map([&row.id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, Option<u64>>(1)?,
            r.get::<_, Option<u64>>(2)?,
        ))
    })?;
    for found in rows {
        let (text, left0, left1) = found?;
        moves.push(text);
        left_ms = left0.zip(left1).map(|(a, b)| [a, b]).or(left_ms);
    }
    Ok(Saved {
        row,
        moves,
        left_ms,
        ending,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            variant: "jieqi".into(),
            rules: String::new(),
            seed: Some("7".into()),
            deal: None,
            clock: Some((60_000, 1_000)),
            invite: "inv".into(),
            seats: [Some(("tok".into(), "ann".into())), None],
            duplicate: None,
        }
    }

    #[tokio::test]
    async fn a_game_written_reads_back_until_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        let store = Store::open(path.to_str().unwrap()).unwrap();
        store
            .write(Write::Create(Box::new(row("g1"))))
            .await
            .unwrap();
        store
            .write(Write::Seat {
                game: "g1".into(),
                seat: 1,
                token: "t2".into(),
                name: "bo".into(),
            })
            .await
            .unwrap();
        for (ply, text) in ["a3a4", "c6c5"].iter().enumerate() {
            let write = Write::Move {
                game: "g1".into(),
                ply: ply as u64,
                text: (*text).into(),
                left_ms: Some([5, 6 + ply as u64]),
            };
            store.write(write).await.unwrap();
        }
        drop(store);
        let store = Store::open(path.to_str().unwrap()).unwrap();
        let games = store.unfinished().await.unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["a3a4", "c6c5"]);
        assert_eq!(games[0].left_ms, Some([5, 7]));
        assert_eq!(games[0].row.seats[1], Some(("t2".into(), "bo".into())));
        let ending = Ending {
            result: "1-0".into(),
            reason: "resignation".into(),
        };
        let end = Write::End {
            game: "g1".into(),
            ending: ending.clone(),
            record: "[Variant \"Jieqi\"]".into(),
            unseal: None,
        };
        store.write(end).await.unwrap();
        assert!(store.unfinished().await.unwrap().is_empty());
        assert_eq!(
            store.load("g1").await.unwrap().unwrap().ending,
            Some(ending)
        );
        assert!(store.record("g1").await.unwrap().unwrap().contains("Jieqi"));
        assert_eq!(store.load("nope").await.unwrap(), None);
    }

    /// A database of a server from before duplicate matches opens, its games as they were.
    #[tokio::test]
    async fn an_older_database_gets_the_match_columns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        {
            let old = Connection::open(&path).unwrap();
            let before = SCHEMA.replace(
                ",\n    match_round INTEGER,\n    match_other TEXT,\n    sealed INTEGER NOT NULL DEFAULT 0",
                "",
            );
            assert_ne!(before, SCHEMA);
            old.execute_batch(&before).unwrap();
            old.execute(
                "INSERT INTO games (id, variant, rules, invite) VALUES ('g', 'jieqi', '', 'i')",
                [],
            )
            .unwrap();
        }
        let store = Store::open(path.to_str().unwrap()).unwrap();
        let game = store.load("g").await.unwrap().unwrap();
        assert_eq!(game.row.duplicate, None);
        let mut second = row("g2");
        second.duplicate = Some(MatchPart {
            round: 2,
            other: Some("g".into()),
            sealed: false,
        });
        // Game 2 of a game that is no match's game 1 is refused.
        let write = Write::Second {
            row: Box::new(second),
            first: "g".into(),
        };
        assert!(store.write(write).await.is_err());
        assert_eq!(store.load("g2").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_move_written_twice_is_refused() {
        let store = Store::open(":memory:").unwrap();
        store
            .write(Write::Create(Box::new(row("g"))))
            .await
            .unwrap();
        let write = Write::Move {
            game: "g".into(),
            ply: 0,
            text: "a3a4".into(),
            left_ms: None,
        };
        store.write(write.clone()).await.unwrap();
        assert!(store.write(write).await.is_err());
    }
}
