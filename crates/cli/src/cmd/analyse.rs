//! `analyse [POSITION] [--multipv N] [--movetime MS | --depth D] [--notation iccs|wxf|chinese]`:
//! the engine's best lines for the side to move, at full strength. One line per line found,
//! best first, from the deepest search: `1. +0.35 d12  C2=5 H8+7 R1=2 …` — the score in pawns
//! for the side to move (`#3` mates in three moves, `#-2` is mated in two), the depth that
//! found it, then the line's moves in the notation (WXF by default), each written from the
//! position it is played in. A Jieqi line ends at its first reveal, which is written without
//! a reveal letter: what turns up is not known.
//!
//! The engine sees only what the side to move knows, as the UCI engine does: a deal's game
//! (`--seed`, or a full-knowledge FEN) as the side to move's view of it, the view `match`
//! hands the engine; a public Jieqi position told as a GUI tells the UCI engine
//! ([`super::uci::position::parse_position`]). Other variants (Banqi) get the generic search's one
//! line. Without `--movetime` or `--depth`, one second; a Jieqi depth beyond the UCI's cap is
//! capped while face-down pieces remain, as `go depth` is.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jieqi_ai::generic::GenericEngine;
use jieqi_ai::{Engine, Limits, Line, Score};
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Family, Notation, PlayerView, Square, write_move};

use super::uci::position::{Subject, parse_position};
use super::uci::{JIEQI_DEPTH_CAP, ranks::Ranks};
use crate::args::{PositionArgs, number, words};
use crate::limits;

/// `analyse [POSITION] [--multipv N] [--movetime MS | --depth D] [--notation N]`.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// How many lines, each with a different first move, 1 to 5 (default 1)
    #[arg(long, value_name = "N", value_parser = number::<usize>("--multipv", limits::MULTIPV))]
    pub multipv: Option<usize>,
    /// Think this many milliseconds (default 1000)
    #[arg(long, value_name = "MS", conflicts_with = "depth",
          value_parser = number::<u64>("--movetime", limits::MATCH_MOVETIME_MS))]
    pub movetime: Option<u64>,
    /// Search this deep, 1 to 20, however long it takes
    #[arg(long, value_name = "D", value_parser = number::<u32>("--depth", limits::FIXED_DEPTH))]
    pub depth: Option<u32>,
    /// wxf (default), iccs or chinese
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
}

/// The thinking time without `--movetime` or `--depth`.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

pub fn run(args: AnalyseArgs) -> Result<(), String> {
    let notation = super::parse_notation(args.notation.as_deref(), Notation::Wxf)?;
    let lines = args.multipv.unwrap_or(1);
    let mut limits = match args.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(Duration::from_millis(
            args.movetime.unwrap_or(DEFAULT_MOVETIME_MS),
        )),
    };
    let stop = AtomicBool::new(false);
    match subject(&args.position)? {
        Subject::Family(view) => {
            if view.legal_moves.is_empty() {
                super::outln!("no legal move: the game is over");
                return Ok(());
            }
            let face_down =
                Square::all().any(|sq| view.position.piece_at(sq).is_some_and(|p| p.is_hidden()));
            if view.variant == Family::Jieqi
                && face_down
                && limits.depth.is_some_and(|d| d > JIEQI_DEPTH_CAP)
            {
                eprintln!("note: depth capped at {JIEQI_DEPTH_CAP} while face-down pieces remain");
                limits.depth = Some(JIEQI_DEPTH_CAP);
            }
            let mut engine = Engine::default();
            engine.set_multipv(lines);
            let result = engine.think(&view, &limits, &stop, 0, None);
            for (k, line) in result.lines.iter().enumerate() {
                super::outln!(
                    "{}. {} d{}  {}",
                    k + 1,
                    pawns(line.score),
                    line.depth,
                    moves_text(&view, line, notation)
                );
            }
        }
        Subject::Generic(game) => {
            let node = game
                .search_node()
                .ok_or_else(|| format!("{} has no search", game.variant().name()))?;
            let mut turns = Vec::new();
            node.turns(&mut turns);
            if turns.is_empty() {
                super::outln!("no legal move: the game is over");
                return Ok(());
            }
            if lines > 1 {
                eprintln!(
                    "note: {}'s search finds one line, not {lines}",
                    game.variant().name()
                );
            }
            let found = GenericEngine::default().think(&*node, &limits, &stop, 0);
            super::outln!("1. {} d{}  {}", pawns(found.score), found.depth, found.text);
        }
        Subject::Refused => unreachable!("analyse never refuses a position it read"),
    }
    Ok(())
}

/// What the engine searches: the side to move's view of a Xiangqi or Jieqi position, or any
/// other variant's game for the generic search.
fn subject(args: &PositionArgs) -> Result<Subject, String> {
    let mut game = super::subject(args)?;
    super::play_moves(game.as_mut(), args)?;
    if let Some(family) = game.family_game() {
        // A game with its deal: what its side to move sees of it.
        use jieqi_rules::FamilyGame as _;
        return Ok(Subject::Family(Box::new(family.view(family.turn()))));
    }
    let variant = VariantRef(game.variant());
    let Some(kind) = variant.kind() else {
        return Ok(Subject::Generic(game));
    };
    // A public Jieqi position (no deal): told as a GUI tells the UCI engine, the moves already
    // checked above.
    let fen = args.fen.as_deref().unwrap_or_default();
    let mut tokens: Vec<String> = vec!["fen".into()];
    tokens.extend(fen.split_whitespace().map(str::to_string));
    let moves = words(&args.moves);
    if !moves.is_empty() {
        tokens.push("moves".into());
        tokens.extend(moves);
    }
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let mut subject = parse_position(variant, &tokens, Ranks::FromZero, kind == Family::Jieqi)?;
    if let Subject::Family(view) = &mut subject
        && args.rules.is_some()
    {
        view.rules = super::rule_set(args.rules.as_deref(), view.variant)?;
    }
    Ok(subject)
}

/// A score for people: pawns with a sign (`+0.35`), or a mate in moves (`#3`, `#-2`).
pub fn pawns(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// A line's moves in `notation`, each from the position it is played in; a Jieqi line ends
/// at its first reveal, written without what turns up.
fn moves_text(view: &PlayerView, line: &Line, notation: Notation) -> String {
    let mut pos = view.position.clone();
    let mut texts = Vec::with_capacity(line.pv.len());
    for &m in &line.pv {
        if !pos.is_legal(m) {
            break;
        }
        texts.push(write_move(&pos, m, None, notation));
        if pos.piece_at(m.from).is_some_and(|p| p.is_hidden()) {
            break;
        }
        pos.play_unchecked(m);
    }
    texts.join(" ")
}
