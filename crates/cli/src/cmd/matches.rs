//! `match --variant xiangqi|jieqi|banqi [--rules R] --a LEVEL --b LEVEL --games N [--seed S]
//! [--threads T] [--movetime MS | --nodes N | --depth D | --time-scale PERCENT]
//! [--opening-plies K] [--openings search|random] [--adjudicate CP] [--first-pair P] [--quiet]
//! [--sprt ELO0,ELO1 [--alpha A] [--beta B] [--prior FILE…]]`:
//! plays two levels (or one level against itself) and reports the score with a confidence
//! interval. Xiangqi and Jieqi are played by their engine; any other registered variant
//! (Banqi) by the generic search at its levels ([`generic`]). `--b-engine "PROGRAM [ARGS]"`
//! instead of `--b` makes B another engine (Xiangqi and Jieqi), spoken to over UCI (see
//! [`super::external`]; `--engine-handshake WORD`, `--engine-option NAME=VALUE …` with names
//! without spaces); then one of --movetime, --nodes or --depth is required and applies to
//! both players alike. In Jieqi our rules referee and hold the deal, and `--engine-view`
//! says what the other engine is told: `public` (the default) for Fairy-Stockfish, which plays
//! the public position of the side to move as a variant of its xiangqi ([`public`]: the
//! variant file, the FEN, the rank numbers of its moves); `own` for an engine that plays
//! Jieqi itself, such as another build of this one (`jieqi-engine`), which gets its own
//! side's view — the viewer-relative FEN with the pool of identities unseen to it, and the
//! moves since, reveals named — and never the deal ([`own`]). Two builds of this engine are
//! compared in Jieqi so: `--a Master --b-engine OLD/jieqi-engine --engine-view own --nodes N`.
//!
//! Games come in pairs that share an opening with colours swapped: A is Red in the first game
//! of a pair and Black in the second. Xiangqi: the first K plies (default 4) are chosen by a
//! noisy, shallow search seeded by the pair's seed — varied, book-like openings, not blunders
//! (`--openings random`: uniformly random legal moves instead, also from the pair's seed).
//! Jieqi: each pair gets its own deal, dealt from the pair's seed (and K defaults to 0). Each
//! side thinks from its own `game.view(side)` only. Games end by the rules (mate, no legal
//! move, perpetual check or chase, Jieqi repetition and no-capture draws, the 400-ply draw);
//! in Xiangqi a threefold repetition nobody loses by is agreed drawn, as the rules' hint
//! offers. A game still running after 500 plies (the rules end every game before that; this is
//! only a safety net) is counted a draw and says so.
//!
//! Banqi (any variant without an engine of its own, see [`generic`]): each pair gets its own
//! deal from the pair's seed; A moves first in the first game of a pair and second in the
//! other, and the first flip decides who plays which colour, so the game lines name seats:
//! `A:Club (first, black) - B:Casual (second, red)`. Each side searches only
//! `game.search_node()`, what the side to move knows (never the deal). Games end by the
//! variant's rules; [`generic::SAFETY_CAP_PLIES`] is the safety net. `--opening-plies` and
//! `--b-engine` do not apply.
//!
//! `--adjudicate CP` ends a game early, as match tools' resign adjudication does: when both
//! engines' last [`ADJUDICATE_MOVES`] scores agree that one side is ahead by at least CP
//! centipawns (or mates), the other side resigns. Strong levels otherwise spend most of a
//! won game's time converting it.
//!
//! `--time-scale PERCENT` plays the levels at that percent of their time per move and node
//! budget (depths unchanged): the strong levels' proportions at a time a machine can afford.
//!
//! `--first-pair P` starts at pair P (game 2P−1) with that pair's seed: a long match played
//! in parts, whose game lines `match-report` adds up into one result.
//!
//! `--pgnout FILE` appends each finished game's record to FILE as it finishes (the parts of a
//! match can share one file): the match's tags (`Event`, `Round` with the game's number and
//! pair, who played `Red` and `Black` — `First` and `Second` in Banqi — and `Termination` for
//! an adjudication or a forfeit), then the variant's record as Red's view of the finished game
//! writes it. In Xiangqi and Jieqi each engine move carries its player's score for Red
//! (`{[%eval 0.35]}`, as cutechess and Lichess write it; another engine's as it gave it); a
//! Jieqi record carries every reveal and the deal's `Seed`, so `replay` and `review` rebuild
//! the game and each player's view from it.
//!
//! `--sprt ELO0,ELO1 [--alpha A] [--beta B]` runs a sequential probability ratio test on the
//! pairs ([`super::sprt`]: fishtest's pentanomial GSPRT, logistic Elo, α = β = 0.05 unless
//! given): after each pair that completes pairs 1…k it prints `sprt pair k: LLR x (bounds l,
//! u)`, and the match stops at the first pair whose LLR crosses a bound; `--games N` stays
//! the most it plays. The last line is the verdict: `H1 accepted`, `H0 accepted` or
//! `no decision after N pairs`. Pairs count in pair order, so the test stops at the same pair
//! on any number of threads; games of later pairs still being played are stopped and left out
//! (on more threads a later pair's game that finished first is printed, but not counted by the
//! test). A test played in parts: each part after the first names the earlier parts' output
//! as `--prior FILE…` with `--first-pair P`; their game lines must hold pairs 1 to P−1, all
//! complete and undecided, and count in the LLR first, so the parts stop where one run would.
//! `match-report --sprt …` finds the verdict again from the saved lines. The game lines are
//! unchanged (`match-report` skips the `sprt` lines).
//!
//! With `--nodes` or `--depth` (which also drop the levels' time per move) and one thread, the
//! same seed gives the same games; on more threads the same results, finished in another order.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use std::fmt;

use jieqi_ai::generic::GenericLevel;
use jieqi_ai::review::{eval_tag, for_red_score};
use jieqi_ai::{Engine, Level, Limits, Score, Weakening};
use jieqi_rules::platform::{Variant, VariantRef};
use jieqi_rules::{
    AnyGame, Family, FamilyGame, Jieqi, MoveNote, Notation, Notice, Outcome, Record, RuleSet, Seed,
    Side, Xiangqi,
};

use super::external::{EngineSpec, UciEngine, spec_from_args, startpos};
use super::match_report::{Games, read_games};
use super::match_stats::{GameScore, summarize};
use super::sprt::{Sequential, Sprt};
use crate::args::{EngineArgs, SprtArgs, number, words};
use crate::limits;
use crate::text::excerpt;

mod generic;
pub mod own;
pub mod public;

use public::{Ranks, VariantFile};

/// `match`'s arguments (see the module's documentation).
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// xiangqi (default), jieqi or banqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// House rules for both (our levels only), e.g. chase=judged
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// A's level: Beginner, Casual, Club, Advanced, Expert or Master
    #[arg(long, value_name = "LEVEL")]
    pub a: Option<String>,
    /// B's level
    #[arg(long, value_name = "LEVEL")]
    pub b: Option<String>,
    /// The most games played, 1 to 1000000 (in pairs, colours swapped)
    #[arg(long, value_name = "N", value_parser = number::<usize>("--games", limits::GAMES))]
    pub games: Option<usize>,
    /// The match's seed code: each pair's opening or deal follows from it (default 1)
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// Games played at once, 1 to 64 (default 1)
    #[arg(long, value_name = "T", value_parser = number::<usize>("--threads", limits::THREADS))]
    pub threads: Option<usize>,
    /// Milliseconds per move for both, 1 to 3600000
    #[arg(
        long,
        value_name = "MS",
        value_parser = number::<u64>("--movetime", limits::MATCH_MOVETIME_MS)
    )]
    pub movetime: Option<u64>,
    /// Nodes per move for both, 1 to 1000000000 (no time limit)
    #[arg(long, value_name = "N", value_parser = number::<u64>("--nodes", limits::NODES))]
    pub nodes: Option<u64>,
    /// Search depth for both, 1 to 20 (no time limit)
    #[arg(long, value_name = "D", value_parser = number::<u32>("--depth", limits::FIXED_DEPTH))]
    pub depth: Option<u32>,
    /// The levels at PCT percent of their time and nodes per move, 1 to 100
    #[arg(
        long,
        value_name = "PCT",
        value_parser = number::<u32>("--time-scale", limits::TIME_SCALE_PERCENT)
    )]
    pub time_scale: Option<u32>,
    /// Opening plies per pair, 0 to 40 (default: Xiangqi 4, Jieqi 0)
    #[arg(
        long,
        value_name = "K",
        value_parser = number::<usize>("--opening-plies", limits::OPENING_PLIES)
    )]
    pub opening_plies: Option<usize>,
    /// How the opening plies are chosen: search (default) or random
    #[arg(long, value_name = "HOW")]
    pub openings: Option<String>,
    /// Resign adjudication at CP centipawns, 100 to 10000
    #[arg(
        long,
        value_name = "CP",
        allow_hyphen_values = true,
        value_parser = number::<i32>("--adjudicate", limits::ADJUDICATE_CP)
    )]
    pub adjudicate: Option<i32>,
    /// Start at pair P (game 2P-1), 1 to 1000000: a match played in parts
    #[arg(
        long,
        value_name = "P",
        allow_hyphen_values = true,
        value_parser = number::<usize>("--first-pair", limits::GAMES)
    )]
    pub first_pair: Option<usize>,
    /// Append each finished game's record to FILE
    #[arg(long, value_name = "FILE")]
    pub pgnout: Option<String>,
    /// Only the summary, no line per game
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// The earlier parts' output of a test played in parts (with --first-pair)
    #[arg(long, value_name = "FILE", num_args = 0..)]
    pub prior: Vec<String>,
    /// B is another UCI engine: the program with its arguments
    #[arg(long, value_name = "PROGRAM [ARGS]")]
    pub b_engine: Option<String>,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Jieqi: what the other engine is told, public (Fairy-Stockfish) or own (a Jieqi engine)
    #[arg(long, value_name = "VIEW")]
    pub engine_view: Option<String>,
}

/// A game still running after this many plies is stopped and counted a draw.
pub const SAFETY_CAP_PLIES: usize = jieqi_rules::MOVE_LIMIT_PLIES + 100;
/// Table size of each engine, in MiB (also the online bot's).
pub(crate) const HASH_MIB: usize = 16;
/// How many consecutive moves of each engine must agree before a game is adjudicated.
pub const ADJUDICATE_MOVES: u32 = 4;
/// What another engine gets beyond three times its move time before it forfeits.
const ENGINE_GRACE: Duration = Duration::from_secs(5);
/// How long another engine may take for a depth- or node-limited move.
const ENGINE_PATIENCE: Duration = Duration::from_secs(300);

/// What a match's games are, and the rules they are played under (rules.md §10).
#[derive(Clone, Debug)]
enum Subject {
    /// Xiangqi or Jieqi, by their engine, under a rule set.
    Family { kind: Family, rules: RuleSet },
    /// Any other variant, by the generic search ([`generic`]), under its options as text.
    Generic { variant: VariantRef, rules: String },
}

impl Subject {
    fn name(&self) -> String {
        match self {
            Subject::Family { kind, .. } => kind.to_string(),
            Subject::Generic { variant, .. } => variant.name().to_string(),
        }
    }

    /// Whether the game lines name A's and B's seats (first, second) rather than colours.
    fn by_seat(&self) -> bool {
        matches!(self, Subject::Generic { variant, .. } if !variant.sides_are_colours())
    }

    /// The plies after which a game still running is stopped and counted a draw.
    fn safety_cap(&self) -> usize {
        match self {
            Subject::Family { .. } => SAFETY_CAP_PLIES,
            Subject::Generic { .. } => generic::SAFETY_CAP_PLIES,
        }
    }
}

/// One match's settings.
#[derive(Clone, Debug)]
struct Config {
    subject: Subject,
    /// A, then B.
    players: [Player; 2],
    limits: [Limits; 2],
    games: usize,
    /// The first game's index (0-based; even: a pair's first game).
    first_game: usize,
    seed: u64,
    threads: usize,
    opening_plies: usize,
    /// How the opening plies are chosen.
    openings: Openings,
    /// Resign adjudication threshold in centipawns.
    adjudicate: Option<i32>,
    quiet: bool,
    /// `--sprt`: the test, with the pairs of `--prior` already counted.
    sprt: Option<Sequential>,
    /// How the other engine (if B is one) is told the game.
    dialogue: Dialogue,
    /// `--pgnout FILE`: each finished game's record is appended to it.
    pgnout: Option<String>,
}

/// How a pair's opening plies are chosen (`--openings`; `tune-data` has it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Openings {
    /// A shallow, noisy search: varied, book-like openings (the default).
    Search,
    /// Uniformly random legal moves: the plain random openings other referees use, which
    /// our own search had no say in.
    Random,
}

impl Openings {
    /// `--openings NAME`.
    pub(crate) fn parse(name: &str) -> Result<Openings, String> {
        match name {
            "search" => Ok(Openings::Search),
            "random" => Ok(Openings::Random),
            other => Err(format!(
                "--openings is search (a shallow noisy search) or random (random legal moves), not '{}'",
                excerpt(other)
            )),
        }
    }
}

/// How another engine is told the game, and how its moves are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialogue {
    /// Xiangqi: `position startpos moves …`, moves in ICCS.
    Xiangqi,
    /// Jieqi, `--engine-view public`: Fairy-Stockfish gets the public position as a FEN of
    /// its variant [`public::VARIANT_NAME`] and answers in these rank numbers ([`public`]).
    Public(Ranks),
    /// Jieqi, `--engine-view own`: a Jieqi engine gets its side's own view, the FEN with
    /// the pool of identities unseen to it and the moves since, and answers in ICCS ([`own`]).
    Own,
}

/// How one game ended, from A's point of view.
#[derive(Clone, Debug)]
struct GameResult {
    index: usize,
    /// A made the first turn: Red in Xiangqi and Jieqi, the first seat in Banqi.
    a_red: bool,
    /// The colour A played (in Banqi `None` only if no piece was ever flipped).
    a_colour: Option<Side>,
    /// `None`: stopped by the safety cap (a draw).
    outcome: Option<Outcome>,
    plies: usize,
    /// How the game ended when not by the rules alone ("adjudicated", an engine's forfeit).
    note: Option<String>,
    /// The game's record with the match's tags, where `--pgnout` asks for it.
    record: Option<String>,
}

/// One side of the match: a level of our engine, or another engine.
#[derive(Clone, Debug)]
enum Player {
    Level(Level),
    Engine(EngineSpec),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Engine(spec) => f.write_str(spec.short_name()),
        }
    }
}

/// A player seated for one game.
enum Seat {
    Ours(Box<Engine>),
    Theirs(UciEngine),
}

impl GameResult {
    /// A's points: 1, ½ or 0.
    fn a_points(&self) -> f64 {
        match self.outcome.and_then(Outcome::winner) {
            None => 0.5,
            Some(w) if Some(w) == self.a_colour => 1.0,
            Some(_) => 0.0,
        }
    }
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    let mut cfg = config(&args)?;
    // Jieqi against another engine: the variant it plays (for Fairy-Stockfish also the
    // variant file, removed at the end).
    let _variant_file = match (&mut cfg.players[1], cfg.dialogue) {
        (Player::Engine(spec), Dialogue::Own) => {
            spec.options
                .push(("UCI_Variant".into(), own::VARIANT_NAME.into()));
            None
        }
        (Player::Engine(spec), Dialogue::Public(_)) => {
            let file = VariantFile::write()?;
            spec.options.push((
                "VariantPath".into(),
                file.path().to_string_lossy().into_owned(),
            ));
            spec.options
                .push(("UCI_Variant".into(), public::VARIANT_NAME.into()));
            Some(file)
        }
        _ => None,
    };
    if let Some(test) = &cfg.sprt
        && test.pairs() > 0
        && !cfg.quiet
    {
        super::outln!(
            "sprt: {} pairs from --prior, LLR {:.2}",
            test.pairs(),
            test.llr()
        );
    }
    let started = Instant::now();
    let (results, test) = play_all(&cfg)?;
    let elapsed = started.elapsed();
    let scores: Vec<GameScore> = results
        .iter()
        .map(|r| GameScore {
            index: r.index,
            points: r.a_points(),
        })
        .collect();
    let summary = summarize(&scores);
    let [a, b] = &cfg.players;
    super::outln!(
        "{} {} games in {:.1} s on {} thread{}",
        cfg.subject.name(),
        results.len(),
        elapsed.as_secs_f64(),
        cfg.threads,
        if cfg.threads == 1 { "" } else { "s" }
    );
    super::outln!("{a} vs {b}: {}", summary.games_line());
    super::outln!("pairs: {}", summary.pairs_line());
    super::outln!("{}", summary.sides_line(cfg.subject.by_seat()));
    if let Some(test) = test {
        super::outln!("{}", test.verdict_line());
    }
    Ok(())
}

fn config(args: &MatchArgs) -> Result<Config, String> {
    let variant = jieqi_variants::find(args.variant.as_deref().unwrap_or("xiangqi"))
        .map_err(|e| e.to_string())?;
    // Xiangqi and Jieqi play with their own engine and notation; any other variant with the
    // generic search.
    let kind = variant.kind();
    let players = players(args)?;
    let external = matches!(players[1], Player::Engine(_));
    let dialogue = dialogue(args.engine_view.as_deref(), variant, &players[1])?;
    if external && args.rules.is_some() {
        return Err(
            "another engine plays by its own rules: --rules needs two of our levels".into(),
        );
    }
    if !external
        && (args.engine.engine_handshake.is_some() || !words(&args.engine.engine_option).is_empty())
    {
        return Err("--engine-handshake and --engine-option need --b-engine".into());
    }
    let games: usize = args
        .games
        .ok_or("'match' needs --games N (the number of games)")?;
    let first_pair: usize = args.first_pair.unwrap_or(1);
    let seed = match args.seed.as_deref() {
        Some(code) => super::parse_seed(code)?.0,
        None => 1,
    };
    let threads: usize = args.threads.unwrap_or(1);
    let limits = match_limits(args, kind, &players)?;
    let (opening_plies, openings) = openings(args, variant)?;
    let prior = words(&args.prior);
    let sprt = match Sprt::from_args(&args.sprt)? {
        Some(sprt) => Some(prior_test(sprt, &prior, first_pair, &players)?),
        None if !prior.is_empty() => {
            return Err("--prior needs --sprt (it holds the earlier parts of a test)".into());
        }
        None => None,
    };
    let subject = match kind {
        Some(kind) => Subject::Family {
            kind,
            rules: super::rule_set(args.rules.as_deref(), kind)?,
        },
        None => {
            let rules = args.rules.clone().unwrap_or_default();
            // The options are checked once, on a game like the ones to come.
            variant
                .start(variant.deals().then_some(Seed(1)), &rules)
                .map_err(|e| e.to_string())?;
            Subject::Generic {
                variant: VariantRef(variant),
                rules,
            }
        }
    };
    Ok(Config {
        subject,
        players,
        limits,
        games,
        first_game: 2 * (first_pair - 1),
        seed,
        threads,
        opening_plies,
        openings,
        adjudicate: args.adjudicate,
        quiet: args.quiet,
        sprt,
        dialogue,
        pgnout: args.pgnout.clone(),
    })
}

/// A and B: `--a LEVEL`, and `--b LEVEL` or `--b-engine "PROGRAM [ARGS]"`.
fn players(args: &MatchArgs) -> Result<[Player; 2], String> {
    let level = |flag: &str, name: Option<&str>| -> Result<Level, String> {
        let name =
            name.ok_or_else(|| format!("'match' needs --{flag} LEVEL (Beginner … Master)"))?;
        Level::parse(name).ok_or_else(|| {
            format!(
                "level '{}' is not one of Beginner, Casual, Club, Advanced, Expert, Master",
                excerpt(name)
            )
        })
    };
    let engine = args
        .b_engine
        .as_deref()
        .map(|command| spec_from_args("b-engine", command, &args.engine))
        .transpose()?;
    Ok([
        Player::Level(level("a", args.a.as_deref())?),
        match (engine, args.b.as_deref()) {
            (Some(_), Some(_)) => {
                return Err("give either --b LEVEL or --b-engine, not both".into());
            }
            (Some(spec), None) => Player::Engine(spec),
            (None, b) => Player::Level(level("b", b)?),
        },
    ])
}

/// How B is told the game: `--engine-view`, for another engine in Jieqi.
fn dialogue(
    engine_view: Option<&str>,
    variant: &dyn Variant,
    b: &Player,
) -> Result<Dialogue, String> {
    // What another engine is told depends on the Xiangqi family's notation and GUI dialogue.
    Ok(match (variant.kind(), b) {
        (_, Player::Level(_)) if engine_view.is_some() => {
            return Err("--engine-view needs --b-engine (how the other engine sees Jieqi)".into());
        }
        (_, Player::Level(_)) => Dialogue::Xiangqi,
        (Some(Family::Xiangqi), _) if engine_view.is_some() => {
            return Err(
                "--engine-view applies to Jieqi: in Xiangqi the other engine gets every move \
                 from the start"
                    .into(),
            );
        }
        (Some(Family::Xiangqi), _) => Dialogue::Xiangqi,
        (Some(Family::Jieqi), Player::Engine(spec)) => match engine_view {
            None | Some("public") => {
                Dialogue::Public(Ranks::after_handshake(&spec.handshake).ok_or_else(|| {
                    format!(
                        "with --engine-view public the other engine is Fairy-Stockfish: \
                         --engine-handshake is uci (ranks 1-10), ucicyclone or ucci (ranks \
                         0-9), not '{}'",
                        excerpt(&spec.handshake)
                    )
                })?)
            }
            Some("own") => Dialogue::Own,
            Some(other) => {
                return Err(format!(
                    "--engine-view is own (a Jieqi engine, such as another build of this one, \
                     gets its side's view) or public (Fairy-Stockfish gets the public \
                     position), not '{}'",
                    excerpt(other)
                ));
            }
        },
        (None, Player::Engine(_)) => {
            return Err(format!(
                "another engine can play Xiangqi and Jieqi: --b-engine cannot play {}",
                variant.name()
            ));
        }
    })
}

/// A's and B's limits: their levels', or `--movetime`, `--nodes` or `--depth` for both, or
/// the levels' at `--time-scale` percent.
fn match_limits(
    args: &MatchArgs,
    kind: Option<Family>,
    players: &[Player; 2],
) -> Result<[Limits; 2], String> {
    let external = matches!(players[1], Player::Engine(_));
    let given: Vec<&str> = [
        ("movetime", args.movetime.is_some()),
        ("nodes", args.nodes.is_some()),
        ("depth", args.depth.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if given.len() > 1 {
        return Err(format!(
            "give at most one of --movetime, --nodes, --depth (got --{})",
            given.join(" and --")
        ));
    }
    if external && given.is_empty() {
        return Err(
            "against another engine give --movetime, --nodes or --depth (the same for both)".into(),
        );
    }
    let mut limits = players.clone().map(|p| match (p, kind) {
        (Player::Level(l), Some(kind)) => l.limits_for(kind, None),
        (Player::Level(l), None) => GenericLevel::of(l).limits(),
        (Player::Engine(_), _) => Limits::default(),
    });
    for l in &mut limits {
        if let Some(ms) = args.movetime {
            l.movetime = Some(Duration::from_millis(ms));
        }
        if let Some(n) = args.nodes {
            l.nodes = Some(n);
            l.movetime = None;
        }
        if let Some(d) = args.depth {
            l.depth = Some(d);
            l.movetime = None;
        }
    }
    if let Some(percent) = args.time_scale {
        if !given.is_empty() || external {
            return Err("--time-scale scales the levels' own limits: give it without --movetime, --nodes, --depth or --b-engine".into());
        }
        for l in &mut limits {
            scale_limits(l, percent);
        }
    }
    Ok(limits)
}

/// `--opening-plies` and `--openings`, for Xiangqi and Jieqi.
fn openings(args: &MatchArgs, variant: &dyn Variant) -> Result<(usize, Openings), String> {
    // Book-like openings are the Xiangqi family's (Xiangqi gets more random plies).
    let kind = variant.kind();
    let opening_plies: usize = match args.opening_plies {
        Some(_) if kind.is_none() => {
            return Err(format!(
                "--opening-plies applies to Xiangqi and Jieqi: {} games open with their own deal",
                variant.name()
            ));
        }
        Some(k) => k,
        None if kind == Some(Family::Xiangqi) => 4,
        None => 0,
    };
    let openings = match args.openings.as_deref() {
        Some(_) if kind.is_none() => {
            return Err(format!(
                "--openings applies to Xiangqi and Jieqi: {} games open with their own deal",
                variant.name()
            ));
        }
        None => Openings::Search,
        Some(name) => Openings::parse(name)?,
    };
    if openings == Openings::Random && opening_plies == 0 {
        return Err(
            "--openings random needs opening plies to choose: give --opening-plies K (1 or more)"
                .into(),
        );
    }
    Ok((opening_plies, openings))
}

/// The test of `--sprt`, with the pairs of the earlier parts (`--prior FILE…`, their game
/// lines) counted: they must be this match's pairs 1 to P−1 for a run from `--first-pair P`,
/// every one complete, and must not have decided the test already.
fn prior_test(
    sprt: Sprt,
    files: &[String],
    first_pair: usize,
    players: &[Player; 2],
) -> Result<Sequential, String> {
    let mut test = Sequential::new(sprt);
    if files.is_empty() {
        if first_pair > 1 {
            return Err(
                "--sprt from --first-pair P needs the earlier parts' output as --prior FILE… \
                 (the test counts every pair from pair 1)"
                    .into(),
            );
        }
        return Ok(test);
    }
    let Games { a, b, games, .. } = read_games(files)?;
    let (our_a, our_b) = (players[0].to_string(), players[1].to_string());
    if (&a, &b) != (&our_a, &our_b) {
        return Err(format!(
            "--prior holds {} vs {}, another match than {our_a} vs {our_b}",
            excerpt(&a),
            excerpt(&b)
        ));
    }
    for g in games {
        if g.index / 2 + 1 >= first_pair {
            return Err(format!(
                "--prior holds game {} (pair {}), which this run plays from --first-pair \
                 {first_pair}",
                g.index + 1,
                g.index / 2 + 1
            ));
        }
        test.add(g);
    }
    if let Some((h, pairs)) = test.decided() {
        return Err(format!(
            "the test was decided in --prior already: {h:?} accepted after {pairs} pairs"
        ));
    }
    if test.pairs() + 1 != first_pair {
        return Err(format!(
            "this run starts at pair {first_pair}, but pair {} is missing or incomplete in \
             --prior",
            test.pairs() + 1
        ));
    }
    Ok(test)
}

/// A level's time per move and node budget at `percent` of their size (depth stays): the
/// levels keep their proportions, so a quick match says how they compare at a shorter time.
fn scale_limits(limits: &mut Limits, percent: u32) {
    if let Some(t) = limits.movetime {
        limits.movetime = Some((t * percent / 100).max(Duration::from_millis(1)));
    }
    if let Some(n) = limits.nodes {
        limits.nodes = Some((n * percent as u64 / 100).max(1));
    }
}

/// What the game threads share: the finished games, the test, and `--pgnout`'s file.
struct Progress {
    results: Vec<GameResult>,
    sprt: Option<Sequential>,
    pgnout: Option<std::fs::File>,
}

/// Plays every game, `cfg.threads` at a time, printing a line per finished game; the results
/// in game order, and the test of `--sprt` as it ended. Once the test is decided no game is
/// started, and games still being played (of pairs past the decision) are stopped, neither
/// printed nor counted.
fn play_all(cfg: &Config) -> Result<(Vec<GameResult>, Option<Sequential>), String> {
    let next = AtomicUsize::new(0);
    // Appended to, so that the parts of a long match can share one file.
    let pgnout = match &cfg.pgnout {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open --pgnout '{}': {e}", excerpt(path)))?,
        ),
        None => None,
    };
    let progress = Mutex::new(Progress {
        results: Vec::with_capacity(cfg.games),
        sprt: cfg.sprt.clone(),
        pgnout,
    });
    let failed: Mutex<Option<String>> = Mutex::new(None);
    // Set on an error, or once the test is decided: the games in play stop.
    let abort = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.min(cfg.games) {
            scope.spawn(|| {
                while !abort.load(Ordering::Relaxed) {
                    let played = next.fetch_add(1, Ordering::Relaxed);
                    if played >= cfg.games {
                        break;
                    }
                    let index = cfg.first_game + played;
                    let result = match &cfg.subject {
                        Subject::Family { kind, rules } => {
                            play_game(cfg, *kind, *rules, index, &abort)
                        }
                        Subject::Generic { variant, rules } => {
                            generic::play_game(cfg, *variant, rules, index, &abort)
                        }
                    };
                    let result = match result {
                        Ok(Some(r)) => r,
                        // Stopped: the test was decided, or another game failed.
                        Ok(None) => break,
                        Err(e) => {
                            abort.store(true, Ordering::Relaxed);
                            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            break;
                        }
                    };
                    let mut done = progress.lock().unwrap_or_else(|e| e.into_inner());
                    let mut lines = vec![game_line(cfg, &result)];
                    if let Some(test) = &mut done.sprt {
                        let steps = test.add(GameScore {
                            index: result.index,
                            points: result.a_points(),
                        });
                        lines.extend(steps.iter().map(|s| test.step_line(s)));
                        if test.decided().is_some() {
                            abort.store(true, Ordering::Relaxed);
                        }
                    }
                    let written = match (&mut done.pgnout, &result.record) {
                        (Some(file), Some(record)) => append_record(file, record, cfg),
                        _ => Ok(()),
                    };
                    let printed = if cfg.quiet {
                        Ok(())
                    } else {
                        lines.iter().try_for_each(|l| print_line(l))
                    };
                    if let Err(e) = written.and(printed) {
                        abort.store(true, Ordering::Relaxed);
                        *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                    }
                    done.results.push(result);
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let Progress {
        mut results, sprt, ..
    } = progress.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| r.index);
    Ok((results, sprt))
}

/// One game's record and a blank line, appended to `--pgnout`'s file.
fn append_record(file: &mut std::fs::File, record: &str, cfg: &Config) -> Result<(), String> {
    use std::io::Write as _;
    writeln!(file, "{}", record.trim_end())
        .and_then(|()| writeln!(file))
        .map_err(|e| {
            let path = cfg.pgnout.as_deref().unwrap_or_default();
            format!("cannot write --pgnout '{}': {e}", excerpt(path))
        })
}

/// The tags `--pgnout` puts before a game's own: the match, the game's number and pair, who
/// played which side (Red and Black, or in Banqi the first and second seat), and how the game
/// ended where not by the rules alone.
fn match_tags(
    cfg: &Config,
    index: usize,
    a_first: bool,
    note: Option<&str>,
) -> Vec<(String, String)> {
    let [a, b] = &cfg.players;
    let (first, second) = if a_first { (a, b) } else { (b, a) };
    let (first_tag, second_tag) = if cfg.subject.by_seat() {
        ("First", "Second")
    } else {
        ("Red", "Black")
    };
    let mut tags = vec![
        ("Event".to_string(), "jieqi-cli match".to_string()),
        (
            "Round".to_string(),
            format!("{} (pair {})", index + 1, index / 2 + 1),
        ),
        (first_tag.to_string(), first.to_string()),
        (second_tag.to_string(), second.to_string()),
    ];
    if let Some(note) = note {
        tags.push(("Termination".to_string(), note.to_string()));
    }
    tags
}

/// One line to stdout; a closed pipe ends the program quietly, as `outln!` does.
fn print_line(line: &str) -> Result<(), String> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{line}") {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

fn game_line(cfg: &Config, r: &GameResult) -> String {
    let [a, b] = &cfg.players;
    let (first, second) = if r.a_red {
        (format!("A:{a}"), format!("B:{b}"))
    } else {
        (format!("B:{b}"), format!("A:{a}"))
    };
    // In Banqi the seat, and once the first flip has decided it, the colour it played.
    let seat = |name: &str, is_a: bool| match r.a_colour {
        Some(c) => format!("{name}, {}", if is_a { c } else { c.other() }.name()),
        None => name.to_string(),
    };
    let (first_seat, second_seat) = if cfg.subject.by_seat() {
        (seat("first", r.a_red), seat("second", !r.a_red))
    } else {
        ("red".to_string(), "black".to_string())
    };
    let (code, how) = match r.outcome {
        Some(o) if r.note.is_some() => (
            o.result_code(),
            format!("{o} ({})", r.note.as_deref().unwrap_or_default()),
        ),
        Some(o) => (o.result_code(), o.to_string()),
        None => (
            "1/2-1/2",
            format!(
                "Draw: the match's {}-ply safety cap",
                cfg.subject.safety_cap()
            ),
        ),
    };
    let points = match r.a_points() {
        p if p > 0.75 => "1",
        p if p > 0.25 => "1/2",
        _ => "0",
    };
    format!(
        "game {} pair {}: {first} ({first_seat}) - {second} ({second_seat}) {code} after {} plies, A scores {points}: {how}",
        r.index + 1,
        r.index / 2 + 1,
        r.plies
    )
}

/// The seeds of one game of a match (public for the tests, which deal a Jieqi pair's game
/// again to compare what another engine was told with the referee's view).
#[derive(Clone, Copy, Debug)]
pub struct GameSeeds {
    /// The pair's: its deal and its opening, the same in both games of the pair.
    pub pair: u64,
    /// This game's: what the players draw on to choose their moves.
    game: u64,
}

impl GameSeeds {
    /// The seeds of game `index` (0-based; even: a pair's first game) of a match seeded
    /// `seed`.
    pub fn of(seed: u64, index: usize) -> GameSeeds {
        let pair = mix(seed, (index / 2) as u64);
        GameSeeds {
            pair,
            game: mix(pair, index as u64 % 2),
        }
    }

    /// The seed of the move at `ply` (0-based).
    pub(crate) fn of_move(self, ply: usize) -> u64 {
        self.game ^ (ply as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Whether A makes the first turn (plays Red in Xiangqi and Jieqi) in game `index`: in the
/// first game of each pair, so that the colours swap within a pair.
pub(crate) fn a_moves_first(index: usize) -> bool {
    index.is_multiple_of(2)
}

/// The start of a game of `kind` under `rules`, not yet begun: Xiangqi's start, or in Jieqi
/// the deal of `pair_seed` (the referee holds it; the players get only their views).
pub(crate) fn new_game(kind: Family, rules: RuleSet, pair_seed: u64) -> Result<AnyGame, String> {
    let game: AnyGame = match kind {
        Family::Xiangqi => Xiangqi::default().into(),
        Family::Jieqi => Jieqi::from_seed(Seed(pair_seed)).into(),
    };
    game.under(rules).map_err(|e| e.to_string())
}

/// Our engine playing `kind` at `level`, with a match's table size.
pub(crate) fn level_engine(level: Level, kind: Family) -> Engine {
    Engine::for_level(level, kind, HASH_MIB)
}

/// SplitMix64: the seed of pair `pair` in match `seed`.
fn mix(seed: u64, pair: u64) -> u64 {
    let mut z = seed.wrapping_add(pair.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The opening chooser: a shallow search that picks among moves about as good as the best.
const OPENING_STYLE: Weakening = Weakening {
    noise_cp: 40,
    temperature_cp: 40,
    max_loss_cp: 60,
    overlook_permille: 0,
};

/// The engine that chooses [`Openings::Search`] moves.
pub(crate) fn opener() -> Engine {
    let mut opener = Engine::new(1);
    opener.set_weakening(OPENING_STYLE);
    opener
}

/// The opening move at `ply` of the line seeded by `seed` ([`Openings::Search`]).
pub(crate) fn search_opening_move(
    opener: &mut Engine,
    view: &jieqi_rules::PlayerView,
    seed: u64,
    ply: usize,
) -> Option<jieqi_rules::Move> {
    let stop = AtomicBool::new(false);
    opener
        .think(view, &Limits::depth(3), &stop, seed ^ ply as u64, None)
        .best
}

/// Plays game `index`; `None` if `cancel` stopped it.
fn play_game(
    cfg: &Config,
    kind: Family,
    rules: RuleSet,
    index: usize,
    cancel: &AtomicBool,
) -> Result<Option<GameResult>, String> {
    let seeds = GameSeeds::of(cfg.seed, index);
    let a_red = a_moves_first(index);
    let mut game = new_game(kind, rules, seeds.pair)?;
    // The opening: the same for both games of a pair, whoever plays which colour.
    let mut opener = opener();
    for ply in 0..cfg.opening_plies {
        if game.is_over() {
            break;
        }
        let view = game.view(game.turn());
        let choice = match cfg.openings {
            Openings::Search => search_opening_move(&mut opener, &view, seeds.pair, ply),
            Openings::Random => random_move(&view, seeds.pair, ply),
        };
        if !play_checked(&mut game, &view, choice) {
            break;
        }
    }
    // Players: index 0 is A, 1 is B.
    let mut seats = [seat(&cfg.players[0], kind)?, seat(&cfg.players[1], kind)?];
    let mut verdicts = Verdicts::default();
    let mut note = None;
    // Each move's note, kept only for `--pgnout`: its player's score, for Red (the
    // opening's: none).
    let mut notes = vec![MoveNote::default(); game.moves().len()];
    while !game.is_over() && game.moves().len() < SAFETY_CAP_PLIES {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let side = game.turn();
        let who = usize::from((side == Side::Red) != a_red);
        let view = game.view(side);
        let (best, score) = match &mut seats[who] {
            Seat::Ours(engine) => {
                let seed = seeds.of_move(game.moves().len());
                // The match's stop flag ends the search at once when the game is cancelled.
                let r = engine.think(&view, &cfg.limits[who], cancel, seed, None);
                (r.best, r.score)
            }
            Seat::Theirs(engine) => {
                match ask(engine, &game, &view, &cfg.limits[who], cfg.dialogue) {
                    Ok(answer) => answer,
                    Err(e) => {
                        // A hung, dead or lawless engine loses the game, and the match goes on.
                        note = Some(format!("{} forfeits: {e}", cfg.players[who]));
                        let _ = game.resign(side);
                        break;
                    }
                }
            }
        };
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if !play_checked(&mut game, &view, best) {
            break;
        }
        if cfg.pgnout.is_some() {
            notes.push(MoveNote {
                glyph: String::new(),
                comment: eval_tag(for_red_score(side, score)),
            });
        }
        if let Some(cp) = cfg.adjudicate
            && let Some(loser) = verdicts.record(side, score, cp)
            && !game.is_over()
            && game.resign(loser).is_ok()
        {
            note = Some("adjudicated".into());
            break;
        }
        if kind == Family::Xiangqi
            && !game.is_over()
            && game.notices().contains(&Notice::RepetitionDrawHint)
        {
            // Both players take the draw the rules offer after a threefold repetition.
            let _ = game.agree_draw();
        }
    }
    // Red's view of a finished game holds every move and reveal, and the deal's seed.
    let record = cfg.pgnout.is_some().then(|| {
        let mut record = Record::of_view(&game.view(Side::Red));
        record
            .tags
            .splice(0..0, match_tags(cfg, index, a_red, note.as_deref()));
        record.notes = notes;
        record.write(Notation::Iccs)
    });
    Ok(Some(GameResult {
        index,
        a_red,
        a_colour: Some(if a_red { Side::Red } else { Side::Black }),
        outcome: game.outcome(),
        plies: game.moves().len(),
        note,
        record,
    }))
}

/// Seats a player for one game of `kind`: our engine at its level, or a fresh process of theirs.
fn seat(player: &Player, kind: Family) -> Result<Seat, String> {
    Ok(match player {
        Player::Level(level) => Seat::Ours(Box::new(level_engine(*level, kind))),
        Player::Engine(spec) => {
            let mut engine = UciEngine::start(spec)?;
            engine.new_game()?;
            Seat::Theirs(engine)
        }
    })
}

/// The other engine's move (checked) and score, or why it has none. Xiangqi: it gets the
/// start position and the moves so far. Jieqi, public: the public position after the last
/// capture or reveal as a FEN of [`public::VARIANT_NAME`] and the moves since
/// ([`public::position_command`]); its move is read in its rank numbers. Jieqi, own: the
/// side's own view ([`own::position_command`]); its move is read in ICCS. In Jieqi the move
/// must be legal in that view.
fn ask(
    engine: &mut UciEngine,
    game: &AnyGame,
    view: &jieqi_rules::PlayerView,
    limits: &Limits,
    dialogue: Dialogue,
) -> Result<(Option<jieqi_rules::Move>, Score), String> {
    let position = match dialogue {
        Dialogue::Xiangqi => startpos(
            &game
                .moves()
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>(),
        ),
        Dialogue::Public(ranks) => public::position_command(view, ranks),
        Dialogue::Own => {
            let command = own::position_command(view);
            // What the engine reads back is exactly the view (the tests run this check).
            #[cfg(debug_assertions)]
            if let Ok(back) = own::read_back(&command) {
                debug_assert_eq!(
                    (&back.position, back.pool, &back.legal_moves),
                    (&view.position, view.pool, &view.legal_moves),
                    "{command}"
                );
            }
            command
        }
    };
    let (go, deadline) = if let Some(t) = limits.movetime {
        (
            format!("go movetime {}", t.as_millis()),
            t * 3 + ENGINE_GRACE,
        )
    } else if let Some(n) = limits.nodes {
        (format!("go nodes {n}"), ENGINE_PATIENCE)
    } else {
        let depth = limits.depth.unwrap_or(1);
        (format!("go depth {depth}"), ENGINE_PATIENCE)
    };
    let answer = engine.think(&position, &go, deadline)?;
    let illegal = || format!("bestmove '{}' is illegal here", excerpt(&answer.best));
    let in_view = |read: Option<jieqi_rules::Move>, form: &str| {
        let mv = read
            .ok_or_else(|| format!("bestmove '{}' is not a move{form}", excerpt(&answer.best)))?;
        if view.legal_moves.contains(&mv) {
            Ok(mv)
        } else {
            Err(illegal())
        }
    };
    let mv = match dialogue {
        Dialogue::Xiangqi => {
            let parsed = jieqi_rules::parse_move(game.position(), &answer.best)
                .map_err(|e| format!("bestmove '{}': {e}", excerpt(&answer.best)))?;
            if !game.is_legal(parsed.mv) {
                return Err(illegal());
            }
            parsed.mv
        }
        Dialogue::Public(ranks) => in_view(public::read_move(&answer.best, ranks), "")?,
        Dialogue::Own => in_view(
            public::read_move(&answer.best, Ranks::FromZero),
            " (ICCS with ranks 0-9 and no reveal letter, e.g. h2e2)",
        )?,
    };
    Ok((Some(mv), answer.score.unwrap_or(Score::Cp(0))))
}

/// Each side's run of consecutive scores beyond the adjudication threshold, by sign.
#[derive(Default)]
struct Verdicts {
    /// Indexed by side (Red 0, Black 1): moves in a row scoring ≥ CP, and ≤ −CP.
    ahead: [u32; 2],
    behind: [u32; 2],
}

impl Verdicts {
    /// Records `side`'s search score; the side that should resign, once both agree.
    fn record(&mut self, side: Side, score: Score, cp: i32) -> Option<Side> {
        let i = usize::from(side == Side::Black);
        let (ahead, behind) = match score {
            Score::Cp(s) => (s >= cp, s <= -cp),
            Score::Mate(n) => (n > 0, n <= 0),
        };
        self.ahead[i] = if ahead { self.ahead[i] + 1 } else { 0 };
        self.behind[i] = if behind { self.behind[i] + 1 } else { 0 };
        let agreed = |loser: usize| {
            self.behind[loser] >= ADJUDICATE_MOVES && self.ahead[1 - loser] >= ADJUDICATE_MOVES
        };
        if agreed(0) {
            Some(Side::Red)
        } else if agreed(1) {
            Some(Side::Black)
        } else {
            None
        }
    }
}

/// Opening ply `ply` of the pair with seed `pair_seed`, chosen uniformly among the legal moves.
fn random_move(
    view: &jieqi_rules::PlayerView,
    pair_seed: u64,
    ply: usize,
) -> Option<jieqi_rules::Move> {
    let moves = &view.legal_moves;
    if moves.is_empty() {
        return None;
    }
    let pick = mix(pair_seed, ply as u64) % moves.len() as u64;
    moves.get(pick as usize).copied()
}

/// Plays the engine's move, or the first legal move should it ever name none or an illegal
/// one. `false` if nothing could be played (the game is over or has no legal move).
pub(crate) fn play_checked(
    game: &mut AnyGame,
    view: &jieqi_rules::PlayerView,
    best: Option<jieqi_rules::Move>,
) -> bool {
    let chosen = best
        .filter(|m| view.legal_moves.contains(m))
        .or_else(|| view.legal_moves.first().copied());
    match chosen {
        Some(m) => game.play(m).is_ok(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_control_character_for_the_other_engine_is_refused() {
        // A newline would reach the engine as a second command.
        for flags in [
            ["--engine-handshake", "uci\nquit"],
            ["--engine-option", "Name=a\u{1b}b"],
        ] {
            use clap::Parser;
            #[derive(Debug, Parser)]
            struct Flags {
                #[command(flatten)]
                engine: EngineArgs,
            }
            let args = Flags::try_parse_from(std::iter::once("t").chain(flags)).unwrap();
            let err = spec_from_args("b-engine", "engine", &args.engine).unwrap_err();
            assert!(err.contains("control character"), "{err}");
        }
    }

    #[test]
    fn time_scale_shrinks_time_and_nodes_in_proportion() {
        let mut expert = Level::Expert.limits_for(Family::Xiangqi, None);
        let before = expert;
        scale_limits(&mut expert, 10);
        assert_eq!(expert.movetime, before.movetime.map(|t| t / 10));
        assert_eq!(expert.nodes, before.nodes.map(|n| n / 10));
        assert_eq!(expert.depth, before.depth);
        let mut master = Level::Master.limits_for(Family::Xiangqi, None);
        scale_limits(&mut master, 10);
        assert!(master.movetime > expert.movetime);
    }

    #[test]
    fn adjudication_needs_both_engines_to_agree_for_several_moves() {
        let mut v = Verdicts::default();
        for _ in 0..ADJUDICATE_MOVES - 1 {
            assert_eq!(v.record(Side::Red, Score::Cp(900), 800), None);
            assert_eq!(v.record(Side::Black, Score::Cp(-900), 800), None);
        }
        assert_eq!(v.record(Side::Red, Score::Cp(900), 800), None);
        // Black agrees a fourth time: Black resigns.
        assert_eq!(
            v.record(Side::Black, Score::Mate(-5), 800),
            Some(Side::Black)
        );
        // One hopeful score from the loser breaks the run.
        let mut v = Verdicts::default();
        for _ in 0..ADJUDICATE_MOVES {
            v.record(Side::Red, Score::Cp(-900), 800);
            v.record(Side::Black, Score::Cp(900), 800);
        }
        let mut w = Verdicts::default();
        for i in 0..ADJUDICATE_MOVES {
            w.record(Side::Red, Score::Cp(-900), 800);
            let black = if i == 2 {
                Score::Cp(100)
            } else {
                Score::Cp(900)
            };
            assert_eq!(w.record(Side::Black, black, 800), None);
        }
        assert_eq!(v.record(Side::Red, Score::Cp(-900), 800), Some(Side::Red));
    }

    #[test]
    fn a_pair_shares_its_seed_and_its_colours_swap() {
        let [first, second, next] = [2, 3, 4].map(|i| GameSeeds::of(5, i));
        assert_eq!(first.pair, second.pair);
        assert_eq!(first.pair, mix(5, 1));
        assert_ne!(first.pair, next.pair);
        assert_ne!(first.of_move(0), second.of_move(0));
        assert_ne!(first.of_move(0), first.of_move(1));
        assert!(a_moves_first(2) && !a_moves_first(3));
    }

    #[test]
    fn pair_seeds_differ() {
        assert_ne!(mix(1, 0), mix(1, 1));
        assert_ne!(mix(1, 0), mix(2, 0));
        assert_eq!(mix(7, 3), mix(7, 3));
    }
}
