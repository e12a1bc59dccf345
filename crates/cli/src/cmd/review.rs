//! `review FILE [--depth D] [--notation iccs|wxf|chinese]`: the game's review (issue 21) from
//! the command line. Every move of a Xiangqi or Jieqi record (a Jieqi record with its `Seed`,
//! so that each mover's view can be rebuilt) or save (the game's autosave too) is judged by the engine from the view its player
//! had then ([`jieqi_ai::review`]), at the depth the game reviews at unless `--depth` says
//! otherwise. The record comes back on stdout with each move's evaluation (`{[%eval 0.35]}`,
//! for Red, in soldiers) and the marks (`?!` inaccuracy, `?` mistake, `??` blunder, with the
//! better move in the comment); stderr gets the summary — the marks of each side, where the
//! game turned, and the speed in plies a second — and for a finished Jieqi game the speed of
//! its hindsight line (each position searched knowing the deal, as the game's graph draws it
//! beside the players' own lines).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use jieqi_ai::review::{
    self, JIEQI_DEPTH, Mark, NoteWords, PlyReview, XIANGQI_DEPTH, turning_point,
};
use jieqi_rules::{AnyGame, Family, FamilyGame, Notation, Record, Side};

use crate::args::number;
use crate::files::read_text_file;
use crate::limits::{self, TEXT_FILE_BYTES};

/// `review FILE [--depth D] [--notation iccs|wxf|chinese]`.
#[derive(Debug, clap::Args)]
pub struct ReviewArgs {
    /// A game record (a Jieqi record with its Seed tag)
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The search depth of each judgement, 1 to 20 (default: the variant's)
    #[arg(long, value_name = "D", value_parser = number::<u32>("--depth", limits::FIXED_DEPTH))]
    pub depth: Option<u32>,
    /// wxf (default), iccs or chinese
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
}

pub fn run(args: ReviewArgs) -> Result<(), String> {
    let path = args
        .file
        .as_ref()
        .ok_or("'review' needs a file: a game record (a Jieqi record with its Seed tag)")?;
    let notation = super::parse_notation(args.notation.as_deref(), Notation::Wxf)?;
    let text = read_text_file(path, TEXT_FILE_BYTES)?;
    let (game, tags) = game_of(&text).map_err(|e| format!("'{path}': {e}"))?;
    // The review is the Xiangqi family's engine judging each mover's view.
    let depth = args.depth.unwrap_or(match game.kind() {
        Family::Jieqi => JIEQI_DEPTH,
        _ => XIANGQI_DEPTH,
    });

    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let views = game.movers_views();
    let plies: Vec<PlyReview> = views
        .iter()
        .zip(game.moves())
        .map(|(view, &played)| {
            review::judge(view, played, depth, &stop)
                .ok_or_else(|| format!("move {played} cannot be judged in its position"))
        })
        .collect::<Result<_, _>>()?;
    let took = started.elapsed();
    // A finished Jieqi game: the hindsight line beside it, as the game's graph draws it.
    let hindsight_started = Instant::now();
    let hindsight = match review::known_deal(&game.view(Side::Red)) {
        Some(deal) => views
            .iter()
            .map(|view| review::hindsight(view, &deal, depth, &stop))
            .collect::<Option<Vec<f64>>>(),
        None => None,
    };
    let hindsight_took = hindsight_started.elapsed();

    let mut annotated = Record::of_view(&game.view(Side::Red));
    if let Some(tags) = tags {
        annotated.tags = tags;
    }
    annotated.notes = plies
        .iter()
        .zip(&views)
        .map(|(ply, view)| review::move_note(ply, &view.position, notation, &NoteWords::ENGLISH))
        .collect();
    for line in annotated.write(notation).lines() {
        super::outln!("{line}");
    }

    for side in Side::ALL {
        let count = |mark| {
            plies
                .iter()
                .filter(|p| p.mover == side && p.mark() == Some(mark))
                .count()
        };
        eprintln!(
            "{side}: {} inaccuracies, {} mistakes, {} blunders",
            count(Mark::Inaccuracy),
            count(Mark::Mistake),
            count(Mark::Blunder)
        );
    }
    if let Some(i) = turning_point(&plies, review::end_for_red(game.outcome())) {
        eprintln!("the game turned at ply {} ({})", i + 1, game.moves()[i]);
    }
    let seconds = took.as_secs_f64();
    eprintln!(
        "reviewed {} plies at depth {depth} in {seconds:.1} s: {:.2} plies/s",
        plies.len(),
        plies.len() as f64 / seconds.max(1e-9)
    );
    if let Some(line) = hindsight {
        let seconds = hindsight_took.as_secs_f64();
        let first = line.first().copied().unwrap_or(0.0);
        eprintln!(
            "hindsight (the deal known) of {} plies in {seconds:.2} s: {:.1} plies/s; Red's chances \
             at the start {first:+.2}",
            line.len(),
            line.len() as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}

/// A record's tags, in order.
type Tags = Vec<(String, String)>;

/// The Xiangqi or Jieqi game of a record or a save (the game's autosave too), and the
/// record's own tags to write back.
fn game_of(text: &str) -> Result<(AnyGame, Option<Tags>), String> {
    if text.trim_start().starts_with('{') {
        let (game, _) = jieqi_variants::load_save(text).map_err(|e| e.to_string())?;
        let game = game
            .family_game()
            .cloned()
            .ok_or("only Xiangqi and Jieqi games can be reviewed")?;
        return Ok((game, None));
    }
    let record = Record::parse(text).map_err(|e| e.to_string())?;
    let game = record.game().map_err(|e| e.to_string())?;
    Ok((game, Some(record.tags)))
}
