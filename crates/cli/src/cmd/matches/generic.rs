//! The game loop of `match` for a variant without an engine of its own (Banqi): both levels
//! play through the generic search (`jieqi_ai::generic`) at the generic levels
//! ([`GenericLevel`]), each searching only `game.search_node()` — what the side to move knows,
//! never the deal — and its turn is played with `play_text` of the text the search answers.
//!
//! A pair's two games share the deal of the pair's seed; A makes the first turn in the first
//! game and the second in the other. In Banqi the first flip gives the seats their colours,
//! so which colour A played is read from the game at the end.

use std::sync::atomic::{AtomicBool, Ordering};

use jieqi_ai::generic::GenericEngine;
use jieqi_rules::platform::{PlayedGame, VariantRef};
use jieqi_rules::{Notation, RecordText, Seed, Side};

use super::{Config, GameResult, GameSeeds, HASH_MIB, Player, Verdicts, a_moves_first, match_tags};

/// A game still running after this many plies is stopped and counted a draw. A safety net
/// only: Banqi's 60 plies without a flip or a capture end a game long before (no real game
/// comes near it).
pub const SAFETY_CAP_PLIES: usize = 1000;

/// Plays game `index` of the match (0-based; even: a pair's first game) of `variant` under
/// `rules`; `None` if `cancel` stopped it.
pub(super) fn play_game(
    cfg: &Config,
    variant: VariantRef,
    rules: &str,
    index: usize,
    cancel: &AtomicBool,
) -> Result<Option<GameResult>, String> {
    let seeds = GameSeeds::of(cfg.seed, index);
    let a_first = a_moves_first(index);
    let mut game = variant
        .start(variant.deals().then_some(Seed(seeds.pair)), rules)
        .map_err(|e| e.to_string())?;
    // Index 0 is A, 1 is B.
    let mut engines = [engine(&cfg.players[0])?, engine(&cfg.players[1])?];
    let mut verdicts = Verdicts::default();
    let mut note = None;
    while game.outcome().is_none() && game.plies() < SAFETY_CAP_PLIES {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // In Banqi the side is the seat: Red stands for the first.
        let side = game.turn();
        let who = usize::from((side == Side::Red) != a_first);
        let node = game
            .search_node()
            .ok_or_else(|| format!("{} cannot be searched", variant.name()))?;
        let seed = seeds.of_move(game.plies());
        let found = engines[who].think(&*node, &cfg.limits[who], cancel, seed);
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if !play_checked(&mut *game, &found.text) {
            break;
        }
        if let Some(cp) = cfg.adjudicate
            && let Some(loser) = verdicts.record(side, found.score, cp)
            && game.outcome().is_none()
            && game.resign(loser).is_ok()
        {
            note = Some("adjudicated".into());
            break;
        }
    }
    let record = cfg.pgnout.is_some().then(|| {
        let mut text = String::new();
        for (name, value) in match_tags(cfg, index, a_first, note.as_deref()) {
            RecordText::write_tag(&mut text, &name, &value);
        }
        text + &game.record_text(Side::Red, Notation::Iccs)
    });
    Ok(Some(GameResult {
        index,
        a_red: a_first,
        a_colour: colour_of(&*game, if a_first { Side::Red } else { Side::Black }),
        outcome: game.outcome(),
        plies: game.plies(),
        note,
        record,
    }))
}

/// A level's generic engine; another engine cannot play here (the match's settings refuse
/// it).
fn engine(player: &Player) -> Result<GenericEngine, String> {
    match player {
        Player::Level(level) => Ok(GenericEngine::for_level(*level, HASH_MIB)),
        Player::Engine(spec) => Err(format!(
            "{} cannot play this variant: another engine plays only Xiangqi and Jieqi",
            spec.short_name()
        )),
    }
}

/// The colour `side` plays: itself where sides are colours, else (a Banqi seat) what the game
/// gave it, `None` before that.
fn colour_of(game: &dyn PlayedGame, side: Side) -> Option<Side> {
    if game.variant().sides_are_colours() {
        return Some(side);
    }
    game.table(side).colours[side.index()]
}

/// Plays the searched turn, or the first legal turn should the search ever answer none or
/// one the game refuses. `false` if nothing could be played.
fn play_checked(game: &mut dyn PlayedGame, text: &str) -> bool {
    if !text.is_empty() && game.play_text(text).is_ok() {
        return true;
    }
    let fallback = game.legal_texts(Notation::Iccs).into_iter().next();
    fallback.is_some_and(|t| game.play_text(&t).is_ok())
}
