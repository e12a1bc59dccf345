//! `online-load`: G games at once over loopback, two connections each, all in this one
//! process; each seat thinks a random time (uniform in 0..2T ms) and plays a random legal
//! move of its own view ([`Knowledge`]: no engine, so that two cores carry thousands of
//! connections). A game ends after N plies by the side to move resigning, and a new one
//! starts on the same two connections, until S seconds are over.
//!
//! The connections are made first, 200 per 100 ms, each saying `hello`; the measured window
//! starts once every one is up. Each move's round trip is the time from sending `move` to
//! receiving its mover's own `moved`. A connection sends at most
//! [`MESSAGES_PER_SECOND`](conn::MESSAGES_PER_SECOND) messages a second, under the server's limit of 20 (spec §7), so `--think-ms 0` is "as
//! fast as the server lets one connection play".

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use jieqi_server::protocol::{ClientMessage, ServerMessage};
use tokio::sync::{Notify, watch};

use super::OnlineLoadArgs;
use super::bot::code_name;
use super::conn::ws_url;
use super::conn::{self, Socket, Trouble};
use super::knowledge::Knowledge;
use super::report::{Memory, Report, Tally};
use super::server::{self, Spawned};
use crate::cmd::outln;

/// Connections opened per 100 ms while the load ramps up.
const CONNECTS_PER_100MS: u64 = 200;
/// The longest wait for one answer of the server.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// Moves the server may refuse at one ply before the mover resigns.
const MAX_REFUSED: usize = 8;
/// New connections a game slot makes after losing its own, at most.
const RECONNECTS: u32 = 3;
/// File descriptors this process needs beyond its connections.
const SPARE_FILES: u64 = 64;

/// The load's settings.
#[derive(Debug, Clone)]
struct Config {
    games: usize,
    think_ms: u64,
    plies: u64,
    seconds: u64,
    variant: String,
}

/// `online-load`: the table (or JSON) on stdout.
pub fn run(args: OnlineLoadArgs) -> Result<(), String> {
    let config = Config {
        games: args
            .games
            .ok_or("'online-load' needs --games G and --think-ms T")?,
        think_ms: args
            .think_ms
            .ok_or("'online-load' needs --games G and --think-ms T")?,
        plies: args.plies.unwrap_or(60),
        seconds: args.seconds.unwrap_or(30),
        variant: args.variant.clone().unwrap_or_else(|| "jieqi".into()),
    };
    super::knowledge::variant(&config.variant)?;
    if args.server.is_some() && args.server_bin.is_some() {
        return Err("give either --server (a running server) or --server-bin, not both".into());
    }
    if args.server.is_none() && args.server_pid.is_some() {
        return Err("--server-pid goes with --server".into());
    }
    let needed = 2 * config.games as u64 + SPARE_FILES;
    if let Some(limit) = server::open_files_limit()
        && limit < needed
    {
        return Err(format!(
            "{} games need {needed} open files and the limit is {limit}: raise it (ulimit -n {needed}) and run again",
            config.games
        ));
    }
    let target = match &args.server {
        Some(url) => Target::Running {
            url: ws_url(url)?,
            pid: args.server_pid,
        },
        None => Target::Start(server::program(args.server_bin.as_deref())?),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let report = runtime.block_on(load(config, target))?;
    if report.tally.errors.contains_key("emfile") {
        eprintln!(
            "online-load: connections failed for want of file descriptors: raise the limit (ulimit -n) and run again"
        );
    }
    if args.json {
        outln!("{}", report.json());
    } else {
        for line in report.table() {
            outln!("{line}");
        }
    }
    Ok(())
}

/// The server loaded.
#[derive(Debug)]
enum Target {
    Running { url: String, pid: Option<u32> },
    Start(std::path::PathBuf),
}

/// What every game slot shares.
#[derive(Debug)]
struct Context {
    url: String,
    config: Config,
    /// Slots done connecting (or failed to).
    ramped: AtomicUsize,
    ramp_done: Notify,
    /// The measured window, once every connection is up.
    window: watch::Receiver<Option<(Instant, Instant)>>,
}

async fn load(config: Config, target: Target) -> Result<Report, String> {
    let (url, pid, spawned) = match target {
        Target::Running { url, pid } => (url, pid, None),
        Target::Start(program) => {
            let spawned = Spawned::start(&program, 2 * config.games + 100).await?;
            let url = format!("ws://{}/ws", spawned.addr);
            (url, Some(spawned.pid), Some(spawned))
        }
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let idle = pid.and_then(server::memory_kib);
    let (window_tx, window) = watch::channel(None);
    let context = Arc::new(Context {
        url,
        config: config.clone(),
        ramped: AtomicUsize::new(0),
        ramp_done: Notify::new(),
        window,
    });
    let slots: Vec<_> = (0..config.games)
        .map(|i| tokio::spawn(slot(i, Arc::clone(&context))))
        .collect();
    let ramp_start = Instant::now();
    let ramp_limit = Duration::from_millis(config.games as u64) + ANSWER_TIMEOUT;
    while context.ramped.load(Ordering::Acquire) < config.games && ramp_start.elapsed() < ramp_limit
    {
        let _ =
            tokio::time::timeout(Duration::from_millis(100), context.ramp_done.notified()).await;
    }
    let connect_time = ramp_start.elapsed();
    let start = Instant::now();
    let deadline = start + Duration::from_secs(config.seconds);
    let _ = window_tx.send(Some((start, deadline)));
    let mut peak_sampled = 0;
    while Instant::now() < deadline {
        if let Some((rss, _)) = pid.and_then(server::memory_kib) {
            peak_sampled = peak_sampled.max(rss);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let mut tally = Tally::default();
    let all_back = deadline + ANSWER_TIMEOUT + Duration::from_secs(5);
    for handle in slots {
        let left = all_back.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, handle).await {
            Ok(Ok(t)) => tally.add(t),
            Ok(Err(_)) => tally.error("panic"),
            Err(_) => tally.error("unfinished"),
        }
    }
    let window = start.elapsed().min(Duration::from_secs(config.seconds));
    let end = pid.and_then(server::memory_kib);
    let memory = idle.zip(end).map(|((idle_rss, _), (end_rss, hwm))| Memory {
        idle_rss_kib: idle_rss,
        end_rss_kib: end_rss,
        // A server started here peaked during the load; a running one may have before it.
        peak_rss_kib: if spawned.is_some() {
            hwm.max(peak_sampled)
        } else {
            peak_sampled.max(end_rss)
        },
    });
    if let Some(spawned) = spawned
        && let Some(died) = spawned.stop().await
    {
        return Err(died);
    }
    Ok(Report {
        games: config.games,
        think_ms: config.think_ms,
        plies: config.plies,
        window,
        connect_time,
        tally,
        memory,
    })
}

/// SplitMix64: the slot's think times and moves (no need for more than a spread).
#[derive(Debug)]
struct Rng(u64);

impl Rng {
    fn new(slot: usize) -> Rng {
        Rng(super::think::random_seed() ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), near enough.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One seat's connection.
#[derive(Debug)]
struct Seat {
    socket: Socket,
    pace: conn::Pace,
    knowledge: Option<Knowledge>,
}

impl Seat {
    async fn connect(url: &str, name: &str) -> Result<Seat, Trouble> {
        let mut socket = conn::connect(url).await?;
        tokio::time::timeout(ANSWER_TIMEOUT, conn::hello(&mut socket, name))
            .await
            .map_err(|_| Trouble::new("timeout", "no welcome"))??;
        Ok(Seat {
            socket,
            pace: conn::Pace::default(),
            knowledge: None,
        })
    }

    /// Sends, keeping to [`conn::MESSAGES_PER_SECOND`].
    async fn send(&mut self, message: &ClientMessage) -> Result<(), Trouble> {
        self.pace.wait().await;
        conn::send(&mut self.socket, message).await
    }

    /// The next message that `pick` takes for game `game` (an `error` is taken as
    /// `Err(code)`); others are skipped. A [`Trouble`] after [`ANSWER_TIMEOUT`].
    async fn expect<T>(
        &mut self,
        mut pick: impl FnMut(ServerMessage) -> Option<T>,
    ) -> Result<Result<T, String>, Trouble> {
        let until = Instant::now() + ANSWER_TIMEOUT;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let message = tokio::time::timeout(left, conn::recv(&mut self.socket))
                .await
                .map_err(|_| Trouble::new("timeout", "no answer within 30 s"))??;
            if let ServerMessage::Error { code, .. } = message {
                return Ok(Err(code_name(code)));
            }
            if let Some(found) = pick(message) {
                return Ok(Ok(found));
            }
        }
    }
}

/// A seat's knowledge of the game it plays.
fn known(seat: &Seat) -> &Knowledge {
    seat.knowledge.as_ref().expect("a seat in a game knows it")
}

/// What a mover's wait for its move brought.
enum Answer {
    Moved(String),
    Refused(String),
    Ended,
}

/// One game slot: connects its two seats in its turn of the ramp, then plays games until the
/// window closes; what it measured.
async fn slot(index: usize, context: Arc<Context>) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng::new(index);
    let ramp = Duration::from_millis(index as u64 * 2 * 100 / CONNECTS_PER_100MS);
    tokio::time::sleep(ramp).await;
    let mut seats = connect_pair(&context.url, index).await;
    context.ramped.fetch_add(1, Ordering::AcqRel);
    context.ramp_done.notify_one();
    let mut window = context.window.clone();
    let Ok(Some((_, deadline))) = window.wait_for(Option::is_some).await.map(|w| *w) else {
        return tally;
    };
    let mut reconnects = 0;
    loop {
        let mut pair = match seats {
            Ok(pair) => pair,
            Err(t) => {
                tally.error(t.code);
                reconnects += 1;
                if reconnects > RECONNECTS || Instant::now() >= deadline {
                    return tally;
                }
                seats = connect_pair(&context.url, index).await;
                continue;
            }
        };
        while Instant::now() < deadline {
            match play_one(&mut pair, &context.config, &mut rng, &mut tally, deadline).await {
                Ok(()) => {}
                Err(t) => {
                    tally.error(t.code);
                    break;
                }
            }
        }
        if Instant::now() >= deadline {
            return tally;
        }
        reconnects += 1;
        if reconnects > RECONNECTS {
            return tally;
        }
        seats = connect_pair(&context.url, index).await;
    }
}

async fn connect_pair(url: &str, index: usize) -> Result<[Seat; 2], Trouble> {
    let a = Seat::connect(url, &format!("load {index}a")).await?;
    let b = Seat::connect(url, &format!("load {index}b")).await?;
    Ok([a, b])
}

/// One game: seat 0 creates it as the first mover, seat 1 joins; random moves until `plies`
/// (then a resignation), the rules' end, or the deadline (then a resignation too).
async fn play_one(
    seats: &mut [Seat; 2],
    config: &Config,
    rng: &mut Rng,
    tally: &mut Tally,
    deadline: Instant,
) -> Result<(), Trouble> {
    let game = open_game(seats, config).await?;
    let mut refused: Vec<String> = Vec::new();
    loop {
        if known(&seats[0]).is_over() || known(&seats[1]).is_over() {
            return finish(seats, &game, tally, [false; 2]).await;
        }
        let mover = match (known(&seats[0]).to_move(), known(&seats[1]).to_move()) {
            (true, false) => 0,
            (false, true) => 1,
            _ => {
                return Err(Trouble::new(
                    "lost",
                    "the seats disagree on whose turn it is",
                ));
            }
        };
        if config.think_ms > 0 {
            let think = rng.below(2 * config.think_ms + 1);
            tokio::time::sleep(Duration::from_millis(think)).await;
        }
        let ply = known(&seats[mover]).plies;
        let legal: Vec<String> = known(&seats[mover])
            .legal_texts()
            .into_iter()
            .filter(|m| !refused.contains(m))
            .collect();
        if Instant::now() >= deadline || ply >= config.plies || legal.is_empty() {
            let resign = ClientMessage::Resign { game: game.clone() };
            seats[mover].send(&resign).await?;
            if Instant::now() >= deadline {
                return Ok(());
            }
            return finish(seats, &game, tally, [false; 2]).await;
        }
        let turn = legal[rng.below(legal.len() as u64) as usize].clone();
        let message = ClientMessage::Move {
            game: game.clone(),
            ply,
            turn: turn.clone(),
        };
        seats[mover].send(&message).await?;
        let sent = Instant::now();
        match moved(&mut seats[mover], &game, ply).await? {
            Answer::Moved(text) => {
                if sent < deadline {
                    tally.moves += 1;
                    let us = sent.elapsed().as_micros();
                    tally
                        .round_trips_us
                        .push(u32::try_from(us).unwrap_or(u32::MAX));
                }
                refused.clear();
                apply(&mut seats[mover], ply, &text)?;
            }
            Answer::Refused(code) if code == "over" => {
                // The server ended it by a rule the rebased view cannot see (a repetition).
                tally.error(&code);
                return finish(seats, &game, tally, [false; 2]).await;
            }
            Answer::Refused(code) => {
                tally.error(&code);
                refused.push(turn);
                if refused.len() >= MAX_REFUSED {
                    return Err(Trouble::new("refused", "too many moves refused"));
                }
                continue;
            }
            // Ended before this move was played (by a rule the rebased view cannot see):
            // the mover has its `ended` already.
            Answer::Ended => return finish(seats, &game, tally, ended_for(mover)).await,
        }
        let other = 1 - mover;
        match moved(&mut seats[other], &game, ply).await? {
            Answer::Moved(text) => apply(&mut seats[other], ply, &text)?,
            Answer::Refused(code) => return Err(Trouble::new("lost", code)),
            Answer::Ended => return finish(seats, &game, tally, ended_for(other)).await,
        }
    }
}

/// Creates a game on seat 0 and joins it on seat 1; both seats' knowledge from their
/// snapshots. The game's id.
async fn open_game(seats: &mut [Seat; 2], config: &Config) -> Result<String, Trouble> {
    let refused = |code: String| Trouble::new("refused", code);
    let create = ClientMessage::Create {
        variant: config.variant.clone(),
        rules: None,
        clock: None,
        colour: Some(
            if config.variant == "banqi" {
                "first"
            } else {
                "red"
            }
            .into(),
        ),
        deal: None,
        duplicate: false,
    };
    seats[0].send(&create).await?;
    let (game, invite) = seats[0]
        .expect(|m| match m {
            ServerMessage::Created { game, invite, .. } => Some((game, invite)),
            _ => None,
        })
        .await?
        .map_err(refused)?;
    let join = ClientMessage::Join {
        game: game.clone(),
        invite,
    };
    seats[1].send(&join).await?;
    for seat in seats.iter_mut() {
        let snapshot = seat
            .expect(|m| match m {
                ServerMessage::Snapshot(s) if s.game == game && s.seat != "spectator" => {
                    (s.status != jieqi_server::protocol::Status::Waiting).then_some(s)
                }
                _ => None,
            })
            .await?
            .map_err(refused)?;
        let knowledge =
            Knowledge::from_snapshot(&snapshot).map_err(|e| Trouble::new("snapshot", e))?;
        seat.knowledge = Some(knowledge);
    }
    Ok(game)
}

/// The seat's `moved` for `ply`, or the error its move brought, or the end.
async fn moved(seat: &mut Seat, game: &str, ply: u64) -> Result<Answer, Trouble> {
    let answer = seat
        .expect(|m| match m {
            ServerMessage::Moved {
                game: g,
                ply: p,
                turn,
                ..
            } if g == game && p == ply => Some(Answer::Moved(turn)),
            ServerMessage::Ended { game: g, .. } if g == game => Some(Answer::Ended),
            _ => None,
        })
        .await?;
    Ok(answer.unwrap_or_else(Answer::Refused))
}

fn apply(seat: &mut Seat, ply: u64, turn: &str) -> Result<(), Trouble> {
    let knowledge = seat.knowledge.as_mut().expect("a seat in a game knows it");
    match knowledge.apply(ply, turn) {
        super::knowledge::Applied::Played => Ok(()),
        _ => Err(Trouble::new(
            "lost",
            format!("the seat cannot follow move {turn} at ply {ply}"),
        )),
    }
}

/// Which seats have read their `ended`: `seat` only.
fn ended_for(seat: usize) -> [bool; 2] {
    std::array::from_fn(|s| s == seat)
}

/// Waits for the `ended` of each seat that has not read it (`read`); one more game played.
async fn finish(
    seats: &mut [Seat; 2],
    game: &str,
    tally: &mut Tally,
    read: [bool; 2],
) -> Result<(), Trouble> {
    for (seat, _) in seats.iter_mut().zip(read).filter(|(_, read)| !read) {
        let ended = seat
            .expect(|m| match m {
                ServerMessage::Ended { game: g, .. } if g == game => Some(()),
                _ => None,
            })
            .await?;
        if let Err(code) = ended {
            tally.error(&code);
        }
    }
    tally.games += 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_spread_stays_in_range() {
        let mut rng = Rng::new(3);
        let draws: Vec<u64> = (0..1000).map(|_| rng.below(2001)).collect();
        assert!(draws.iter().all(|&d| d <= 2000));
        let mean = draws.iter().sum::<u64>() as f64 / draws.len() as f64;
        assert!((800.0..1200.0).contains(&mean), "{mean}");
    }
}
