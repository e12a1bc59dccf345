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

use jieqi_rules::{
    Family, Move, MoveNote, Notation, Outcome, Piece, PlayerView, Position, Side, write_move,
};

use crate::{Engine, KnownDeal, Limits, Score};

/// The default review depth of each variant, in plies: deep enough to see the tactics a
/// player misses, shallow enough for a 100-ply game in about 10 seconds on one core of this
/// project's test machines (docs/measurements.md, "Game review and the odds of a reveal").
pub const XIANGQI_DEPTH: u32 = 10;
/// Jieqi's chance nodes multiply the tree; its moves are judged less deep.
pub const JIEQI_DEPTH: u32 = 5;

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

/// Red's winning chances at the end of a finished game: +1 won, −1 lost, 0 drawn.
pub fn end_for_red(outcome: Option<Outcome>) -> Option<f64> {
    Some(match outcome?.winner() {
        Some(side) => for_red(side, 1.0),
        None => 0.0,
    })
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

/// What the deal held, as the end of a finished Jieqi game shows it: the identity of every
/// piece that was face down, by its start point — a face-down piece leaves its point only by
/// turning up (the move names what it was), or is taken there (the end names what it was),
/// or is still there at the end (the final reveal). `None` before the end and in Xiangqi.
pub fn known_deal(end: &PlayerView) -> Option<KnownDeal> {
    let reveal = end.reveal.as_ref()?;
    if end.variant != Family::Jieqi {
        return None;
    }
    let mut deal: KnownDeal = Box::new([None; 90]);
    let mut pos = end.start.clone();
    for seen in &end.moves {
        let moving = pos.piece_at(seen.mv.from)?;
        if moving.is_hidden() {
            deal[seen.mv.from.index()] = seen.revealed;
        }
        if pos.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden()) {
            deal[seen.mv.to.index()] = seen.captured.and_then(|c| c.role());
        }
        let arriving = seen
            .revealed
            .map_or(moving, |r| Piece::new(moving.side(), r));
        pos.play_unchecked_as(seen.mv, arriving);
    }
    for &(sq, role) in &reveal.hidden {
        deal[sq.index()] = Some(role);
    }
    Some(deal)
}

/// Hindsight: Red's winning chances in `view`'s position (its mover's view before a ply),
/// searched at `depth` knowing the deal ([`Engine::set_hindsight`]) — what the position was
/// worth, not what its player could know. The review's graph shows it beside the players'
/// own lines once the game is over, labelled; it never marks a move. `None` if `stop` was
/// set first.
pub fn hindsight(
    view: &PlayerView,
    deal: &KnownDeal,
    depth: u32,
    stop: &AtomicBool,
) -> Option<f64> {
    let mut engine = Engine::new(HASH_MIB);
    engine.set_hindsight(Some(deal.clone()));
    let found = engine.think(view, &Limits::depth(depth), stop, 0, None);
    (!stop.load(Ordering::Relaxed) && found.depth > 0)
        .then(|| for_red(view.turn(), winning_chances(found.score)))
}

/// Where the game turned: the two plies over which a player's winning chances changed most,
/// judged from that player's own views before and after them (in Jieqi two views differ in
/// what they know, and a search favours the side that moves in it, so only a player's own
/// views compare). The end of a finished game (`end`: Red's chances, +1 won, −1 lost, 0
/// drawn) counts as both players' last view. Returns the index of the second ply: the
/// position after it shows where the game had turned. Luck counts as well as mistakes: in
/// Jieqi a reveal can turn a game.
pub fn turning_point(plies: &[PlyReview], end: Option<f64>) -> Option<usize> {
    let chances: Vec<Option<f64>> = plies
        .iter()
        .map(|p| Some(p.red_chances()))
        .chain([end, end])
        .collect();
    (0..plies.len())
        .filter_map(|i| {
            let swing = (chances[i + 2]? - chances[i]?).abs();
            Some((i + 1, swing))
        })
        .filter(|&(_, swing)| swing > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(j, _)| j.min(plies.len() - 1))
}

impl PlyReview {
    /// The score of the move played, from Red's point of view: what the record's `[%eval]`
    /// says after the move.
    pub fn played_for_red(&self) -> Score {
        for_red_score(self.mover, self.played_score)
    }
}

/// `score` of `side`, turned to Red's point of view.
pub fn for_red_score(side: Side, score: Score) -> Score {
    match (side, score) {
        (Side::Red, s) => s,
        (Side::Black, Score::Cp(cp)) => Score::Cp(-cp),
        (Side::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// How a record's note words a mark and the better move, in the reader's language.
pub struct NoteWords<'a> {
    /// "Mistake".
    pub mark: &'a dyn Fn(Mark) -> String,
    /// "Better: C8=5", given the move's text.
    pub better: &'a dyn Fn(&str) -> String,
}

impl std::fmt::Debug for NoteWords<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NoteWords")
    }
}

impl NoteWords<'_> {
    /// English, for the command line.
    pub const ENGLISH: NoteWords<'static> = NoteWords {
        mark: &|mark| format!("{mark:?}"),
        better: &|text| format!("Better: {text}"),
    };
}

/// A judged move's note in a record: its evaluation for Red after it (`[%eval 0.35]`) and,
/// for a marked move, the mark's glyph, its name and the better move written in `before`, the
/// position before it.
pub fn move_note(
    ply: &PlyReview,
    before: &Position,
    notation: Notation,
    words: &NoteWords<'_>,
) -> MoveNote {
    let mut comment = eval_tag(ply.played_for_red());
    if let Some(mark) = ply.mark() {
        comment.push_str(&format!(" {}.", (words.mark)(mark)));
        if let Some(better) = ply.better() {
            let text = write_move(before, better, None, notation);
            comment.push_str(&format!(" {}", (words.better)(&text)));
        }
    }
    MoveNote {
        glyph: ply.mark().map_or("", Mark::glyph).to_string(),
        comment,
    }
}

/// `[%eval 0.35]` or `[%eval #-3]`: a score for Red in soldiers, as records of chess engines
/// write it (Lichess, cutechess), so that other tools can read a review's evaluations.
pub fn eval_tag(for_red: Score) -> String {
    match for_red {
        Score::Cp(cp) => format!("[%eval {:.2}]", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("[%eval #{n}]"),
    }
}

/// The score of the first `[%eval …]` in a comment, as [`eval_tag`] writes it.
pub fn parse_eval_tag(comment: &str) -> Option<Score> {
    let start = comment.find("[%eval ")? + "[%eval ".len();
    let value = comment[start..].split(']').next()?.trim();
    match value.strip_prefix('#') {
        Some(mate) => mate.parse().ok().map(Score::Mate),
        None => {
            let soldiers: f64 = value.parse().ok()?;
            soldiers
                .is_finite()
                .then(|| Score::Cp((soldiers * 100.0).round().clamp(-1e6, 1e6) as i32))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{Deal, FamilyGame, Jieqi, Role, Seed, Setup, Square, Xiangqi};

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).unwrap()
    }

    #[test]
    fn chances_are_lichess_curve_and_bounded() {
        assert_eq!(winning_chances(Score::Cp(0)), 0.0);
        assert!((winning_chances(Score::Cp(100)) - 0.182).abs() < 0.001);
        assert!((winning_chances(Score::Cp(-300)) + 0.503).abs() < 0.001);
        assert_eq!(winning_chances(Score::Mate(3)), 1.0);
        assert_eq!(winning_chances(Score::Mate(-1)), -1.0);
        assert_eq!(
            winning_chances(Score::Cp(5000)),
            winning_chances(Score::Cp(1000))
        );
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_loss(0.0), None);
        assert_eq!(Mark::of_loss(0.099), None);
        assert_eq!(Mark::of_loss(0.1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(0.3), Some(Mark::Blunder));
        for mark in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
            assert_eq!(Mark::from_glyph(mark.glyph()), Some(mark));
        }
        // The same 100 centipawns: a mistake when level, nothing when far ahead.
        let level = PlyReview {
            mover: Side::Red,
            played: mv("a0a1"),
            best: Some(mv("b0c2")),
            best_score: Score::Cp(50),
            played_score: Score::Cp(-100),
        };
        assert_eq!(level.mark(), Some(Mark::Mistake));
        let ahead = PlyReview {
            best_score: Score::Cp(900),
            played_score: Score::Cp(750),
            ..level
        };
        assert_eq!(ahead.mark(), None);
        assert_eq!(ahead.better(), None);
    }

    #[test]
    fn eval_tags_read_back() {
        for score in [
            Score::Cp(35),
            Score::Cp(-1234),
            Score::Cp(0),
            Score::Mate(3),
            Score::Mate(-2),
        ] {
            let tag = eval_tag(score);
            assert_eq!(
                parse_eval_tag(&format!("{tag} Mistake.")),
                Some(score),
                "{tag}"
            );
        }
        assert_eq!(eval_tag(Score::Cp(-135)), "[%eval -1.35]");
        assert_eq!(parse_eval_tag("no eval here"), None);
        assert_eq!(parse_eval_tag("[%eval nan]"), None);
        assert_eq!(parse_eval_tag("[%eval #x]"), None);
    }

    /// Leaving the chariot to a horse is a blunder, and the review names a better move.
    #[test]
    fn a_hung_chariot_is_a_blunder() {
        // Black's horse on d5 attacks Red's chariot on e3.
        let setup = Setup::parse_fen("3k5/9/9/9/3n5/9/4R4/9/9/4K4 w - - 0 1").unwrap();
        let game = Xiangqi::from_setup(&setup).unwrap();
        let view = game.view(Side::Red);
        let stop = AtomicBool::new(false);
        let aside = judge(&view, mv("e3d3"), 6, &stop).unwrap();
        assert_eq!(
            aside.mark(),
            None,
            "stepping aside to attack the horse: {aside:?}"
        );
        let review = judge(&view, mv("e0f0"), 6, &stop).unwrap();
        assert_eq!(review.mark(), Some(Mark::Blunder), "{review:?}");
        assert!(review.better().is_some());
        // A move that is not legal is not judged.
        assert_eq!(judge(&view, mv("a0a1"), 6, &stop), None);
        // A stopped review judges nothing.
        assert_eq!(judge(&view, mv("e3d3"), 6, &AtomicBool::new(true)), None);
    }

    /// A Jieqi move is judged from its mover's view: two deals that differ only in what the
    /// mover has not seen give the same judgement.
    #[test]
    fn a_jieqi_judgement_reads_only_the_movers_view() {
        let deal = Deal::from_seed(Seed(11));
        let mut ids = [*deal.identities(Side::Red), *deal.identities(Side::Black)];
        // Nothing is seen yet: swap two face-down identities of each side that differ.
        for side in ids.iter_mut() {
            let j = (1..side.len()).find(|&j| side[j] != side[0]).unwrap();
            side.swap(0, j);
        }
        let other = Deal::from_identities(ids[0], ids[1]).unwrap();
        let stop = AtomicBool::new(false);
        let judged = |deal: &Deal| {
            let game = Jieqi::from_deal(deal);
            let view = game.view(Side::Red);
            let played = view.legal_moves[7];
            judge(&view, played, 3, &stop).unwrap()
        };
        assert_ne!(deal, other);
        assert_eq!(judged(&deal), judged(&other));
    }

    #[test]
    fn the_turning_point_is_the_largest_swing_in_one_players_eyes() {
        let ply = |mover, cp| PlyReview {
            mover,
            played: mv("a0a1"),
            best: None,
            best_score: Score::Cp(cp),
            played_score: Score::Cp(cp),
        };
        use Side::{Black, Red};
        // Each side sees itself a little better (the zigzag of two views); the swing comes
        // over plies 3 and 4, seen from Red before ply 3 and before ply 5.
        let plies = [
            ply(Red, 30),
            ply(Black, 30),
            ply(Red, 40),
            ply(Black, 30),
            ply(Red, -500),
            ply(Black, 520),
        ];
        assert_eq!(turning_point(&plies, None), Some(3));
        assert_eq!(turning_point(&plies[..1], None), None);
        // A finished game: its end counts as both players' last view.
        assert_eq!(turning_point(&plies[..2], Some(-1.0)), Some(1));
        assert_eq!(turning_point(&[], Some(1.0)), None);
    }

    /// Hindsight reads the deal back from the end of the game, and only from the end.
    #[test]
    fn the_end_of_a_game_gives_back_its_deal() {
        let seed = Seed(9);
        let deal = Deal::from_seed(seed);
        let mut game = Jieqi::from_seed(seed);
        for ply in 0..40 {
            let moves = game.legal_moves().to_vec();
            let pos = game.position().clone();
            let m = moves
                .iter()
                .copied()
                .find(|m| pos.piece_at(m.to).is_some())
                .unwrap_or(moves[(ply * 7) % moves.len()]);
            game.play(m).unwrap();
            if game.outcome().is_some() {
                break;
            }
        }
        assert!(
            known_deal(&game.view(Side::Red)).is_none(),
            "not before the end"
        );
        if game.outcome().is_none() {
            game.resign(Side::Red).unwrap();
        }
        let known = known_deal(&game.view(Side::Black)).expect("the end shows the deal");
        let start = game.view(Side::Red).start;
        let mut hidden = 0;
        for sq in Square::all() {
            let down = start.piece_at(sq).is_some_and(|p| p.is_hidden());
            assert_eq!(
                known[sq.index()],
                down.then(|| deal.identity(sq)).flatten(),
                "{sq}"
            );
            hidden += down as usize;
        }
        assert_eq!(hidden, 30);
    }

    /// With hindsight a reveal shows what the deal holds: two deals that differ only in where
    /// Red's chariots and soldiers lie give the same view different values (a player's search
    /// reads the view alone: `a_jieqi_judgement_reads_only_the_movers_view`).
    #[test]
    fn hindsight_searches_the_deal_it_is_given() {
        let seed = Seed(4);
        let deal = Deal::from_seed(seed);
        let view = Jieqi::from_seed(seed).view(Side::Red);
        let real: KnownDeal = Box::new(std::array::from_fn(|i| {
            Square::from_index(i).and_then(|sq| deal.identity(sq))
        }));
        // Red's chariots and soldiers trade places.
        let mut swapped = real.clone();
        for (i, role) in real.iter().enumerate() {
            let red = Square::from_index(i)
                .and_then(|sq| view.position.piece_at(sq))
                .is_some_and(|p| p.side() == Side::Red);
            swapped[i] = match (red, role) {
                (true, Some(Role::Chariot)) => Some(Role::Soldier),
                (true, Some(Role::Soldier)) => Some(Role::Chariot),
                _ => *role,
            };
        }
        let stop = AtomicBool::new(false);
        let a = hindsight(&view, &real, 4, &stop).unwrap();
        let b = hindsight(&view, &swapped, 4, &stop).unwrap();
        assert_ne!(a, b, "the deal changes what hindsight sees");
        assert_eq!(hindsight(&view, &real, 4, &stop), Some(a), "deterministic");
    }
}
