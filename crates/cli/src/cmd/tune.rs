//! `tune-data` and `tune`: the evaluation's weights learned from games (the Texel method).
//!
//! `tune-data --variant xiangqi|jieqi --games N --out FILE [--nodes N] [--seed S]
//! [--opening-plies K] [--openings random|search] [--threads T]` plays N self-play games of
//! the engine at full strength, N nodes a move (default 3000), each game from its own seed:
//! in Xiangqi K random plies (default 8) from the start, in Jieqi the deal of the game's seed
//! (K default 0). `--openings search` chooses those plies as `match` does by default (a
//! noisy depth-3 search: the book-like openings of real games, where random plies give
//! wild positions the evaluation then learns from). It writes
//! one line per quiet position, `FEN;RESULT`: the side to move's view (Jieqi: with its pool
//! of unseen identities), and the game's result for Red, `1`, `0.5` or `0`. A position is
//! quiet when the side to move is not in check, the engine's move there is not a capture,
//! and its score is no mate. Each game's positions follow a comment line `# game N`. The
//! same arguments write the same file, on any number of threads.
//!
//! `tune --data FILE --variant xiangqi|jieqi --out FILE [--iterations N] [--rate R] [--k K]
//! [--groups G,…]` reads such a file (lines starting `#` are comments; a label may be any
//! number from 0 to 1, as `tune-label` writes them), fits K for the
//! sigmoid under the engine's weights (unless `--k`), then runs Adam on the mean squared
//! error (`jieqi_ai::tune`), keeping the iteration with the least held-out error (checked
//! every 50; 0 keeps the engine's weights). Every tenth game (counted by the `# game` lines; without them
//! every tenth position) is held out to check it: positions of one game are alike, so a
//! held-out game shows overfitting where a held-out position of a trained game would not. It prints K and the
//! error before and after (training and held-out), and writes the tuned weights as Rust: a
//! replacement for `crates/ai/src/weights.rs` (Xiangqi) or `weights_jieqi.rs` (Jieqi). `--groups` limits the weights moved to some of
//! material, pst, mobility, king, threats, tempo, hidden, pins, defence, loose.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use jieqi_ai::tune::{
    self, Features, GROUPS, MAT_EG, MAT_MG, Sample, TuneSettings, default_weights,
};
use jieqi_ai::{Engine, Limits, Score};
use jieqi_rules::{
    Family, FamilyGame, Jieqi, Outcome, PlayerView, Position, Role, RuleSet, Seed, Side, Xiangqi,
};

use super::matches::{Openings, opener, search_opening_move};
use crate::args::number;
use crate::files::read_text_file;
use crate::limits::{self, Range};
use crate::text::excerpt;

/// `tune-data --variant xiangqi|jieqi --games N --out FILE [--nodes N] [--seed S]
/// [--opening-plies K] [--openings random|search] [--threads T]`.
#[derive(Debug, clap::Args)]
pub struct TuneDataArgs {
    /// xiangqi or jieqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// Self-play games, 1 to 1000000
    #[arg(long, value_name = "N", value_parser = number::<usize>("--games", limits::GAMES))]
    pub games: Option<usize>,
    /// The file written: a FEN;RESULT line per quiet position
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Nodes per move (default 3000)
    #[arg(long, value_name = "N", value_parser = number::<u64>("--nodes", limits::NODES))]
    pub nodes: Option<u64>,
    /// The first game's seed, 0 to 4294967295 (default 1)
    #[arg(long, value_name = "S", value_parser = number::<u64>("--seed", SEED))]
    pub seed: Option<u64>,
    /// Opening plies, 0 to 40 (default: Xiangqi 8, Jieqi 0)
    #[arg(long, value_name = "K", value_parser = number::<usize>("--opening-plies", limits::OPENING_PLIES))]
    pub opening_plies: Option<usize>,
    /// How the opening plies are chosen: random (default) or search
    #[arg(long, value_name = "HOW")]
    pub openings: Option<String>,
    /// Games played at once, 1 to 64 (default 1)
    #[arg(long, value_name = "T", value_parser = number::<usize>("--threads", limits::THREADS))]
    pub threads: Option<usize>,
}

/// `tune --data FILE --variant xiangqi|jieqi --out FILE [--iterations N] [--rate R] [--k K]
/// [--groups G,…]`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// A tune-data (or tune-label) file
    #[arg(long, value_name = "FILE")]
    pub data: Option<String>,
    /// xiangqi or jieqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// The weights written, as Rust (weights.rs or weights_jieqi.rs)
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Adam's iterations, 1 to 100000 (default 1000)
    #[arg(long, value_name = "N", value_parser = number::<usize>("--iterations", ITERATIONS))]
    pub iterations: Option<usize>,
    /// The learning rate (default 1)
    #[arg(long, value_name = "R", allow_hyphen_values = true)]
    pub rate: Option<String>,
    /// The sigmoid's K (default: fitted to the data)
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub k: Option<String>,
    /// The weights moved, some of material,pst,mobility,king,threats,tempo,hidden,pins,defence,loose
    #[arg(long, value_name = "G,…")]
    pub groups: Option<String>,
}

/// `tune --iterations`.
const ITERATIONS: Range = 1..=100_000;
/// `tune-data --seed`.
const SEED: Range = 0..=u32::MAX as u64;
/// The largest data file `tune` and `tune-label` read.
pub(super) const DATA_BYTES: u64 = 512 * 1024 * 1024;

/// `--variant`: xiangqi or jieqi, which tuning knows.
pub(super) fn variant(name: Option<&str>) -> Result<Family, String> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        Some("xiangqi") => Ok(Family::Xiangqi),
        Some("jieqi") => Ok(Family::Jieqi),
        Some(other) => Err(format!(
            "--variant '{}': tuning knows xiangqi and jieqi",
            excerpt(other)
        )),
        None => Err("--variant xiangqi|jieqi is required".into()),
    }
}

fn required<'a>(value: &'a Option<String>, flag: &str) -> Result<&'a str, String> {
    value
        .as_deref()
        .ok_or_else(|| format!("--{flag} is required"))
}

/// One game's quiet positions (FENs) and its result for Red.
type GameData = (Vec<String>, f32);

/// A sample and the number of its game (the unit held out or trained on).
type Numbered = (usize, Sample);

/// `tune-data`.
pub fn run_data(args: TuneDataArgs) -> Result<(), String> {
    let kind = variant(args.variant.as_deref())?;
    let games: usize = args.games.ok_or("--games is required")?;
    let out = required(&args.out, "out")?;
    let nodes: u64 = args.nodes.unwrap_or(3000);
    let seed: u64 = args.seed.unwrap_or(1);
    let default_plies = if kind == Family::Xiangqi { 8 } else { 0 };
    let plies: usize = args.opening_plies.unwrap_or(default_plies);
    let openings = args
        .openings
        .as_deref()
        .map_or(Ok(Openings::Random), Openings::parse)?;
    let threads: usize = args.threads.unwrap_or(1);

    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameData>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
                    let r = play_game(kind, game_seed, nodes, plies, openings);
                    if let Ok(mut all) = results.lock() {
                        all[g] = Some(r);
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(10) || n == games {
                        eprintln!("tune-data: {n}/{games} games");
                    }
                }
            });
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| "a game thread failed".to_string())?;
    let mut text = format!(
        "# jieqi-cli tune-data --variant {} --games {games} --nodes {nodes} --seed {seed} \
         --opening-plies {plies}{}\n# FEN;RESULT (for Red: 1, 0.5, 0), quiet positions only\n",
        kind.name().to_ascii_lowercase(),
        match openings {
            Openings::Random => "",
            Openings::Search => " --openings search",
        }
    );
    let (mut positions, mut score) = (0, 0.0);
    for (g, (lines, result)) in results.into_iter().flatten().enumerate() {
        score += result;
        text.push_str(&format!("# game {}\n", g + 1));
        for fen in lines {
            positions += 1;
            text.push_str(&format!("{fen};{result}\n"));
        }
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write '{}': {e}", excerpt(out)))?;
    super::outln!("{games} games (Red scored {score}), {positions} positions written to {out}");
    Ok(())
}

/// One self-play game: its quiet positions' FENs and the result for Red.
fn play_game(kind: Family, seed: u64, nodes: u64, plies: usize, openings: Openings) -> GameData {
    let mut rng = seed ^ 0x5DEE_CE66_D1CE_4E5B;
    let mut random = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) as usize % n.max(1)
    };
    let mut game: Box<dyn FamilyGame> = match kind {
        Family::Jieqi => Box::new(Jieqi::from_seed(Seed(seed))),
        _ => Box::new(Xiangqi::new(Position::startpos())),
    };
    let stop = AtomicBool::new(false);
    let mut engines = [Engine::default(), Engine::default()];
    let limits = Limits::nodes(nodes);
    let mut opener = opener();
    let mut fens = Vec::new();
    let mut ply = 0;
    // The rules end every game by 400 plies; this is a safety net.
    while !game.is_over() && ply < 600 {
        let legal = game.legal_moves();
        if ply < plies {
            let mv = match openings {
                Openings::Random => Some(legal[random(legal.len())]),
                Openings::Search => {
                    let view = game.view(game.turn());
                    search_opening_move(&mut opener, &view, seed, ply)
                }
            };
            if mv.is_none_or(|mv| game.play(mv).is_err()) {
                break;
            }
            ply += 1;
            continue;
        }
        let view = game.view(game.turn());
        let side = game.turn().index();
        let r = engines[side].think(&view, &limits, &stop, seed ^ ply as u64, None);
        let Some(mv) = r.best else { break };
        if quiet(&view, mv, r.score) {
            fens.push(view.to_fen());
        }
        if game.play(mv).is_err() {
            break;
        }
        ply += 1;
    }
    let result = match game.outcome() {
        Some(Outcome::Win {
            winner: Side::Red, ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    };
    (fens, result)
}

fn quiet(view: &PlayerView, mv: jieqi_rules::Move, score: Score) -> bool {
    !view.position.is_check()
        && view.position.piece_at(mv.to).is_none()
        && matches!(score, Score::Cp(_))
}

/// `tune`.
pub fn run(args: TuneArgs) -> Result<(), String> {
    let kind = variant(args.variant.as_deref())?;
    let data = required(&args.data, "data")?;
    let out = required(&args.out, "out")?;
    let iterations: usize = args.iterations.unwrap_or(1000);
    let rate = match args.rate.as_deref() {
        None => 1.0,
        Some(v) => positive("--rate", v, 100.0)?,
    };
    let fixed_k = args
        .k
        .as_deref()
        .map(|v| positive("--k", v, 10.0))
        .transpose()?;
    let groups: Vec<&str> = match args.groups.as_deref() {
        None => GROUPS.to_vec(),
        Some(list) => list
            .split(',')
            .map(|g| {
                GROUPS.iter().copied().find(|&k| k == g).ok_or_else(|| {
                    format!(
                        "--groups: '{}' is not one of {}",
                        excerpt(g),
                        GROUPS.join(", ")
                    )
                })
            })
            .collect::<Result<_, _>>()?,
    };

    let text = read_text_file(data, DATA_BYTES)?;
    let samples = read_samples(&text, kind)?;
    if samples.is_empty() {
        return Err(format!("'{}' holds no positions", excerpt(data)));
    }
    let (valid, train): (Vec<Numbered>, Vec<Numbered>) =
        samples.into_iter().partition(|(unit, _)| unit % 10 == 9);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let valid: Vec<Sample> = valid.into_iter().map(|(_, s)| s).collect();

    let jieqi = kind == Family::Jieqi;
    let w0 = default_weights(jieqi);
    let k = fixed_k.unwrap_or_else(|| tune::fit_k(&train, &w0));
    let before = (tune::mse(&train, &w0, k), tune::mse(&valid, &w0, k));
    super::outln!(
        "{} positions ({} training, {} held out), K {k:.4}",
        train.len() + valid.len(),
        train.len(),
        valid.len()
    );
    super::outln!(
        "before: error {:.6} training, {:.6} held out",
        before.0,
        before.1
    );
    let mask = tune::tunable(&train, &groups);
    let settings = TuneSettings {
        k,
        iterations,
        rate,
    };
    let (w, at) = tune::tune(&train, &valid, &w0, &mask, settings, &mut |t, e, h| {
        eprintln!("tune: iteration {t} error {e:.6} training, {h:.6} held out");
    });
    let w = tune::round_weights(&w);
    let after = (tune::mse(&train, &w, k), tune::mse(&valid, &w, k));
    super::outln!(
        "after:  error {:.6} training, {:.6} held out ({} weights moved; kept iteration {at}, \
         the least held-out error)",
        after.0,
        after.1,
        w.iter().zip(&w0).filter(|(a, b)| a != b).count()
    );
    for role in [
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ] {
        let r = role as usize;
        super::outln!(
            "{role:?}: mg {} -> {}, eg {} -> {}",
            w0[MAT_MG + r],
            w[MAT_MG + r],
            w0[MAT_EG + r],
            w[MAT_EG + r]
        );
    }
    let name = std::path::Path::new(data)
        .file_name()
        .map_or(data.into(), |n| n.to_string_lossy().into_owned());
    let note = format!(
        "Tuned by `jieqi-cli tune --variant {} --iterations {iterations} --rate {rate} --groups {}`\n\
         from {} positions of {name}: K {k:.4}, error {:.6} -> {:.6} (held out {:.6} -> {:.6}),\n\
         iteration {at} kept (the least held-out error).",
        kind.name().to_ascii_lowercase(),
        groups.join(","),
        train.len() + valid.len(),
        before.0,
        after.0,
        before.1,
        after.1,
    );
    std::fs::write(out, tune::render_weights(&w, &note, jieqi))
        .map_err(|e| format!("cannot write '{}': {e}", excerpt(out)))?;
    super::outln!("weights written to {out}");
    Ok(())
}

fn positive(flag: &str, v: &str, max: f64) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= max => Ok(x),
        _ => Err(format!(
            "{flag} '{}' is not a number in (0, {max}]",
            excerpt(v)
        )),
    }
}

/// One position line of a data file.
pub(super) struct DataLine<'a> {
    /// How many `# game` lines came before it (0 in a file without them).
    pub game: usize,
    /// Its line number, for errors.
    pub line: usize,
    pub fen: &'a str,
    /// A game's result for Red (1, 0.5, 0) or a win probability from an engine's score
    /// (`tune-label`): any number from 0 to 1.
    pub label: f64,
}

/// The position lines of a data file (`FEN;LABEL`; lines starting `#` are comments, `# game N`
/// starts a game), or the first malformed line's one-line error.
pub(super) fn data_lines(text: &str) -> Result<Vec<DataLine<'_>>, String> {
    let mut out = Vec::new();
    let mut game = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("# game ") {
            game += 1;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", n + 1);
        let (fen, label) = line
            .rsplit_once(';')
            .ok_or_else(|| bad("not FEN;RESULT".into()))?;
        let label = match label.trim().parse::<f64>() {
            Ok(r) if (0.0..=1.0).contains(&r) => r,
            _ => {
                return Err(bad(format!(
                    "result '{}' is not a number from 0 to 1",
                    excerpt(label.trim())
                )));
            }
        };
        out.push(DataLine {
            game,
            line: n + 1,
            fen: fen.trim(),
            label,
        });
    }
    Ok(out)
}

/// The samples of a data file's lines, each with its game's number (or, in a file without
/// `# game` lines, its own), or a bad line's one-line error (a malformed one first).
fn read_samples(text: &str, kind: Family) -> Result<Vec<Numbered>, String> {
    let rules = RuleSet::standard(kind);
    let lines = data_lines(text)?;
    let by_game = lines.last().is_some_and(|d| d.game > 0);
    let mut out = Vec::with_capacity(lines.len());
    for d in lines {
        let view = PlayerView::from_text_with(d.fen, &[], Some(rules))
            .map_err(|e| format!("line {}: '{}': {e}", d.line, excerpt(d.fen)))?;
        let pool = (kind == Family::Jieqi).then_some(&view.pool);
        let unit = if by_game { d.game } else { out.len() + 1 };
        out.push((
            unit,
            Features::of(&view.position, pool).sample(d.label as f32),
        ));
    }
    Ok(out)
}
