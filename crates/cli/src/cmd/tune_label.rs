//! `tune-label`: a `tune-data` file's positions labelled by an engine's deeper search.
//!
//! `tune-label --data FILE --engine "PROGRAM [ARGS]" --out FILE [--variant xiangqi|jieqi]
//! [--depth D] [--every K] [--blend L] [--threads T] [--engine-handshake WORD] [--engine-option
//! NAME=VALUE …]` asks the engine (UCI, `position fen …` and `go depth D`, default 8) for every
//! K-th position's score and writes the positions again with a label in place of the game's
//! result: the engine's score for Red turned into a win probability, `1 / (1 +
//! 10^(−K_E·score/400))`, where K_E is fitted so that this probability best predicts the games'
//! results (the same fit as `tune`'s K, so the label is as sure of a score as the games were).
//! `--blend L` mixes in the game's result: `L·result + (1 − L)·probability` (default 0). A
//! game's result says who won in the end, after many more moves; a deeper engine's score says
//! what this position is worth, so a labelled position teaches the tuner more than a result
//! does. Mates count as ±2000.
//!
//! Jieqi (`--variant jieqi`, default xiangqi): each line is the side to move's view, never the
//! deal, and the engine is told it as it is (`UCI_Variant` `jieqi`, set after any
//! `--engine-option`), the dialogue of `match --engine-view own`: an engine that plays Jieqi
//! from a player's view, such as this project's `jieqi-engine`. Its score is then the expected
//! value over the identities that view has not seen, which is what the evaluation's face-down
//! terms estimate.
//!
//! Each position is searched from a cleared table (`ucinewgame` first), so the same arguments
//! write the same file on any number of threads. The `# game N` lines stay, so `tune` holds
//! out the same games.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use jieqi_ai::Score;
use jieqi_ai::tune::{fit_k_of, sigmoid};
use jieqi_rules::{Family, PlayerView, RuleSet, Side};

use super::external::{EngineSpec, UciEngine, spec_from_args};
use super::matches::own;
use super::tune::{DATA_BYTES, data_lines, variant};
use crate::args::{EngineArgs, number};
use crate::files::read_text_file;
use crate::limits::{self, Range};
use crate::text::excerpt;

/// `tune-label --data FILE --engine "PROGRAM [ARGS]" --out FILE [--variant xiangqi|jieqi]
/// [--depth D] [--every K] [--blend L] [--threads T] [--engine-handshake WORD]
/// [--engine-option NAME=VALUE …]`.
#[derive(Debug, clap::Args)]
pub struct TuneLabelArgs {
    /// A tune-data file
    #[arg(long, value_name = "FILE")]
    pub data: Option<String>,
    /// The engine that labels, a UCI program with its arguments
    #[arg(long, value_name = "PROGRAM [ARGS]")]
    pub engine: Option<String>,
    /// The labelled file written
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// xiangqi (default) or jieqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// The engine's go depth, 1 to 20 (default 8)
    #[arg(long, value_name = "D", value_parser = number::<u32>("--depth", limits::FIXED_DEPTH))]
    pub depth: Option<u32>,
    /// Label every K-th position, 1 to 1000000 (default 1)
    #[arg(long, value_name = "K", value_parser = number::<usize>("--every", EVERY))]
    pub every: Option<usize>,
    /// The share of the game's result in the label, 0 to 1 (default 0)
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub blend: Option<String>,
    /// Engines run at once, 1 to 64 (default 1)
    #[arg(long, value_name = "T", value_parser = number::<usize>("--threads", limits::THREADS))]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub engine_args: EngineArgs,
}

/// `--every`.
const EVERY: Range = 1..=1_000_000;
/// A score beyond this many centipawns (a mate, too) counts as this many: the probability is
/// certain long before, and a mate's number would only weigh on the fit.
const SCORE_LIMIT: i32 = 2000;
/// How long one position's search may take before the engine counts as hung.
const DEADLINE: Duration = Duration::from_secs(120);

/// One position to label: its game's number, FEN, the game's result for Red, and whether Black
/// is to move (the engine's score is the side to move's).
struct Item {
    game: usize,
    fen: String,
    result: f64,
    black: bool,
}

/// `tune-label`.
pub fn run(args: TuneLabelArgs) -> Result<(), String> {
    let data = args.data.as_deref().ok_or("--data is required")?;
    let out = args.out.as_deref().ok_or("--out is required")?;
    let command = args
        .engine
        .as_deref()
        .ok_or("--engine \"PROGRAM [ARGS]\" is required")?;
    let kind = match args.variant.as_deref() {
        None => Family::Xiangqi,
        name => variant(name)?,
    };
    let mut spec = spec_from_args("engine", command, &args.engine_args)?;
    if kind == Family::Jieqi {
        spec.options
            .push(("UCI_Variant".into(), own::VARIANT_NAME.into()));
    }
    let depth: u32 = args.depth.unwrap_or(8);
    let every: usize = args.every.unwrap_or(1);
    let threads: usize = args.threads.unwrap_or(1);
    let blend = match args.blend.as_deref() {
        None => 0.0,
        Some(v) => match v.parse::<f64>() {
            Ok(x) if (0.0..=1.0).contains(&x) => x,
            _ => {
                return Err(format!(
                    "--blend '{}' is not a number from 0 to 1",
                    excerpt(v)
                ));
            }
        },
    };

    let text = read_text_file(data, DATA_BYTES)?;
    let items = read_items(&text, every, kind)?;
    if items.is_empty() {
        return Err(format!("'{}' holds no positions", excerpt(data)));
    }
    let scores = engine_scores(&spec, &items, depth, threads)?;

    let points: Vec<(f64, f64)> = items
        .iter()
        .zip(&scores)
        .map(|(item, &s)| (s as f64, item.result))
        .collect();
    let k = fit_k_of(&points);
    let error = points
        .iter()
        .map(|&(s, r)| (r - sigmoid(k, s)).powi(2))
        .sum::<f64>()
        / points.len() as f64;

    let mut text = format!(
        "# jieqi-cli tune-label --variant {} --engine {} --depth {depth} --every {every} \
         --blend {blend}\n\
         # FEN;LABEL ({blend} x the game's result for Red + {} x the engine's score for Red as a \
         win probability, K {k:.4})\n",
        kind.name().to_ascii_lowercase(),
        spec.short_name(),
        1.0 - blend,
    );
    let mut game = None;
    for (item, &s) in items.iter().zip(&scores) {
        if game != Some(item.game) {
            game = Some(item.game);
            text.push_str(&format!("# game {}\n", item.game));
        }
        let label = blend * item.result + (1.0 - blend) * sigmoid(k, s as f64);
        text.push_str(&format!("{};{label:.4}\n", item.fen));
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write '{}': {e}", excerpt(out)))?;
    super::outln!(
        "{} positions labelled, written to {out}; the engine's scores predict the results with \
         K {k:.4}, error {error:.6}",
        items.len()
    );
    Ok(())
}

/// The engine's score for Red of each item (clamped to ±[`SCORE_LIMIT`]), searched to `depth`
/// by `threads` engines, each its own process; the first failure stops them all.
fn engine_scores(
    spec: &EngineSpec,
    items: &[Item],
    depth: u32,
    threads: usize,
) -> Result<Vec<i32>, String> {
    // Each thread its own engine; the positions handed out one at a time.
    let next = AtomicUsize::new(0);
    let scores: Mutex<Vec<Option<i32>>> = Mutex::new(vec![None; items.len()]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let go = format!("go depth {depth}");
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            scope.spawn(|| {
                let fail = |why: String| {
                    if let Ok(mut f) = failure.lock() {
                        f.get_or_insert(why);
                    }
                };
                let mut engine = match UciEngine::start(spec) {
                    Ok(e) => e,
                    Err(why) => return fail(why),
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || failure.lock().map_or(true, |f| f.is_some()) {
                        break;
                    }
                    let item = &items[i];
                    let position = format!("position fen {}", item.fen);
                    let answer = engine
                        .new_game()
                        .and_then(|()| engine.think(&position, &go, DEADLINE));
                    let score = match answer {
                        Ok(a) => a.score,
                        Err(why) => return fail(format!("'{}': {why}", excerpt(&item.fen))),
                    };
                    let Some(score) = score else {
                        return fail(format!(
                            "'{}': the engine gave no score",
                            excerpt(&item.fen)
                        ));
                    };
                    let cp = match score {
                        Score::Cp(cp) => cp.clamp(-SCORE_LIMIT, SCORE_LIMIT),
                        Score::Mate(n) if n > 0 => SCORE_LIMIT,
                        Score::Mate(_) => -SCORE_LIMIT,
                    };
                    let for_red = if item.black { -cp } else { cp };
                    if let Ok(mut all) = scores.lock() {
                        all[i] = Some(for_red);
                    }
                    if (i + 1).is_multiple_of(1000) {
                        eprintln!("tune-label: {}/{} positions", i + 1, items.len());
                    }
                }
            });
        }
    });
    if let Some(why) = failure.into_inner().ok().flatten() {
        return Err(format!("the engine failed: {why}"));
    }
    scores
        .into_inner()
        .map_err(|_| "a labelling thread failed".to_string())?
        .into_iter()
        .collect::<Option<_>>()
        .ok_or_else(|| "a position went unlabelled".to_string())
}

/// Every `every`-th position of a `tune-data` file of `kind` (the first, then each `every`-th
/// after), each with its game's number, or a bad line's one-line error (a malformed one first).
fn read_items(text: &str, every: usize, kind: Family) -> Result<Vec<Item>, String> {
    let rules = RuleSet::standard(kind);
    let mut items = Vec::new();
    for (i, d) in data_lines(text)?.into_iter().enumerate() {
        // The engine is told the line as it is: a Jieqi view would mean nothing to a Xiangqi
        // engine, a Xiangqi FEN nothing to a Jieqi dialogue.
        let view = PlayerView::from_text_with(d.fen, &[], Some(rules)).map_err(|e| {
            format!(
                "line {}: '{}': {e} (tune-label reads {} positions here; --variant says which)",
                d.line,
                excerpt(d.fen),
                kind.name()
            )
        })?;
        if i % every == 0 {
            items.push(Item {
                game: d.game,
                fen: d.fen.to_string(),
                result: d.label,
                black: view.position.turn() == Side::Black,
            });
        }
    }
    Ok(items)
}
