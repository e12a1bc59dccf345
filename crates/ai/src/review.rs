//! Game review: each played move judged against the engine's best from the view its player
//! had when they made it ([`jieqi_rules::AnyGame::movers_views`]), never with hindsight. In
//! Jieqi that is an expectation over the identities the mover had not seen, so a reveal that
//! went badly is not a mistake if it was the right gamble.
//!
//! Scores become a side's winning chances (−1 lost … +1 won, the logistic curve Lichess uses
//! for its review), and a move's loss is the drop in its mover's chances between the best
//! move and the move played. The thresholds ([`Mark::of_loss`]) are Lichess's too, so that a
//! loss of 100 centipawns is a mistake in a level position and a shrug in a won one.

use std::sync::atomic::{AtomicBool, Ordering};

use jieqi_rules::{Move, PlayerView, Side};

use crate::{Engine, Limits, Score};

/// The default review depth of each variant, in plies: deep enough to see the tactics a
/// player misses, shallow enough for a 100-ply game in about a minute on two cores (README,
/// "Game review").
pub const XIANGQI_DEPTH: u32 = 8;
/// Jieqi's chance nodes multiply the tree; its moves are judged less deep.
pub const JIEQI_DEPTH: u32 = 4;

/// Each ply is judged with a fresh table of this size, so that the judgement of one ply does
/// not depend on the plies judged before it (and two reviews of the same view agree).
const HASH_MIB: usize = 8;

/// How bad a move was, by its mover's lost winning chances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// Lost winning chances (on the −1…+1 scale) from which a move is an inaccuracy, a
    /// mistake, a blunder.
    pub const THRESHOLDS: [(f64, Mark); 3] = [
        (0.3, Mark::Blunder),
        (0.2, Mark::Mistake),
        (0.1, Mark::Inaccuracy),
    ];

    /// The mark of a move that cost its mover `loss` winning chances, if any.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        Mark::THRESHOLDS
            .iter()
            .find(|(from, _)| loss >= *from)
            .map(|&(_, mark)| mark)
    }

    /// The annotation glyph of records: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark a glyph stands for.
    pub fn from_glyph(glyph: &str) -> Option<Mark> {
        [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
            .into_iter()
            .find(|m| m.glyph() == glyph)
    }
}

/// A side's winning chances for `score` (its own point of view): −1 lost, 0 even, +1 won.
pub fn winning_chances(score: Score) -> f64 {
    match score {
        // Lichess's curve, fitted on its games: +1 pawn ≈ 0.18, +3 ≈ 0.5, +5 ≈ 0.73.
        Score::Cp(cp) => {
            let cp = f64::from(cp.clamp(-1000, 1000));
            2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
        }
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => -1.0,
    }
}

/// One played move, judged from its mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The side that played it.
    pub mover: Side,
    pub played: Move,
    /// The engine's choice in the mover's view, and its score for the mover.
    pub best: Option<Move>,
    pub best_score: Score,
    /// The score of the move played, for the mover, searched as deep.
    pub played_score: Score,
}

impl PlyReview {
    /// The mover's winning chances the move played lost against the best (0 when it was the
    /// best, or the search rated it as high).
    pub fn loss(&self) -> f64 {
        (winning_chances(self.best_score) - winning_chances(self.played_score)).max(0.0)
    }

    pub fn mark(&self) -> Option<Mark> {
        Mark::of_loss(self.loss())
    }

    /// The better move, for a marked move.
    pub fn better(&self) -> Option<Move> {
        self.mark().and(self.best).filter(|&b| b != self.played)
    }

    /// Red's winning chances before this move, as its mover saw the position.
    pub fn red_chances(&self) -> f64 {
        for_red(self.mover, winning_chances(self.best_score))
    }
}

/// `chances` of `side`, turned to Red's point of view.
pub fn for_red(side: Side, chances: f64) -> f64 {
    match side {
        Side::Red => chances,
        Side::Black => -chances,
    }
}

/// Judges `played` in `view` (its mover's view before it) at `depth`: one search for the best
/// move, and one of the move played alone when it was not the best. `None` if `stop` was set
/// before both were done, or if `played` is not legal in the view.
pub fn judge(view: &PlayerView, played: Move, depth: u32, stop: &AtomicBool) -> Option<PlyReview> {
    if !view.legal_moves.contains(&played) {
        return None;
    }
    let limits = Limits::depth(depth);
    let search = |root: Option<Vec<Move>>| {
        let mut engine = Engine::new(HASH_MIB);
        engine.set_root_moves(root);
        let found = engine.think(view, &limits, stop, 0, None);
        (!stop.load(Ordering::Relaxed) && found.depth > 0).then_some(found)
    };
    let best = search(None)?;
    let played_score = if best.best == Some(played) {
        best.score
    } else {
        search(Some(vec![played]))?.score
    };
    Some(PlyReview {
        mover: view.turn(),
        played,
        best: best.best,
        best_score: best.score,
        played_score,
    })
}

/// Where the game turned: the ply whose move changed Red's winning chances most, from the
/// position before it to the one after (the next ply's, or `end`, Red's chances at the end,
/// for the last). Luck counts as well as mistakes: in Jieqi a reveal can turn a game.
pub fn turning_point(plies: &[PlyReview], end: Option<f64>) -> Option<usize> {
    let after = plies
        .iter()
        .skip(1)
        .map(|p| Some(p.red_chances()))
        .chain(std::iter::once(end));
    plies
        .iter()
        .zip(after)
        .enumerate()
        .filter_map(|(i, (p, next))| Some((i, (next? - p.red_chances()).abs())))
        .filter(|&(_, swing)| swing > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}
