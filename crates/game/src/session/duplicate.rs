//! Duplicate Jieqi (issue 21): one deal played twice with the colours swapped, so that each
//! player plays both sides of the same luck, and the two results make one score. Two players
//! on one screen, or one player against the computer.
//!
//! - [`GameCommand::NewDuplicate`](super::GameCommand::NewDuplicate) starts a match: the
//!   deal's seed is drawn (or the one typed) and kept here, never on screen.
//! - When game 1 ends, "Again" plays game 2: the same seed, the colours swapped.
//! - Between the games the table shows only what both players saw
//!   ([`PlayerView::public`](jieqi_rules::PlayerView::public)): no final reveal, no seed, no
//!   face-down piece either side took, no review, no playing on. Game 2 is played with the
//!   deal still hidden; everything is shown once the match is decided.
//! - A player remembers what they saw in game 1 (the reveals, what they took): the same for
//!   both players, except the identities each took. Against the computer only the human
//!   remembers; docs/playing.md says so ("Duplicate Jieqi").
//! - The statistics count a decided match on its own line, not its two games
//!   ([`MatchResult`]).

use jieqi_rules::platform::{PlayedGame, VariantRef};
use jieqi_rules::{FamilyGame, Outcome, PlayerView, Seed, Side};

use super::config::{DealChoice, GameConfig};
use super::owner::Session;

/// A duplicate match on the table (and in the autosave, which keeps it with the game on the
/// table). Its `Debug` names no deal.
#[derive(Clone, PartialEq)]
pub struct DuplicateMatch {
    /// The deal both games share: secret until the match is decided.
    pub seed: Seed,
    /// Game 1 once game 2 has begun.
    pub first: Option<FirstGame>,
}

/// Game 1 of a match, kept for its result and its record.
pub struct FirstGame {
    pub game: Box<dyn PlayedGame>,
    /// Player 1's colour in it.
    pub player_one: Side,
    /// A take-back in it undid something seen face down.
    pub peeked: bool,
}

impl Clone for FirstGame {
    fn clone(&self) -> Self {
        FirstGame {
            game: self.game.boxed(),
            ..*self
        }
    }
}

/// The same game (its save) with player 1 on the same colour.
impl PartialEq for FirstGame {
    fn eq(&self, other: &Self) -> bool {
        self.player_one == other.player_one
            && self.peeked == other.peeked
            && self.game.save_json(Default::default()) == other.game.save_json(Default::default())
    }
}

impl std::fmt::Debug for FirstGame {
    // Public facts only: the game holds the deal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FirstGame")
            .field("plies", &self.game.plies())
            .field("player_one", &self.player_one)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for DuplicateMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DuplicateMatch")
            .field("round", &if self.first.is_some() { 2 } else { 1 })
            .finish_non_exhaustive()
    }
}

/// How a decided match went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchResult {
    /// Player 1 (the human against the computer) scored more.
    PlayerOne,
    /// Player 2 (the computer) scored more.
    PlayerTwo,
    Even,
}

impl MatchResult {
    /// From the two players' points.
    pub fn of(half_points: [u8; 2]) -> MatchResult {
        match half_points[0].cmp(&half_points[1]) {
            std::cmp::Ordering::Greater => MatchResult::PlayerOne,
            std::cmp::Ordering::Less => MatchResult::PlayerTwo,
            std::cmp::Ordering::Equal => MatchResult::Even,
        }
    }
}

/// Player 1's and player 2's points for one game, in half points: a win 2, a draw 1.
pub fn half_points(outcome: Outcome, player_one: Side) -> [u8; 2] {
    match outcome.winner() {
        Some(winner) if winner == player_one => [2, 0],
        Some(_) => [0, 2],
        None => [1, 1],
    }
}

/// A score in points as the table writes it: `1½`, `½`, `2`.
pub fn points_text(half_points: u8) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// What the screen may know of the match: public, no seed until it is decided.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchShown {
    /// The game on the table: 1 or 2.
    pub round: u8,
    /// Player 1's and player 2's points from the games finished so far, in half points.
    pub half_points: [u8; 2],
    /// Both games are over.
    pub decided: bool,
    /// Game 1's result and player 1's colour in it, once it is over.
    pub first: Option<(Outcome, Side)>,
    /// Once the match is decided: game 1 as it ended, everything shown, for its record.
    pub first_view: Option<PlayerView>,
}

impl MatchShown {
    /// Who won the match, once it is decided.
    pub fn result(&self) -> Option<MatchResult> {
        self.decided.then(|| MatchResult::of(self.half_points))
    }
}

/// Whether `variant` may be played as a duplicate match: it deals, and each side knows what
/// the other does not (Jieqi; Banqi's deal is hidden from both alike).
pub fn offers_duplicate(variant: VariantRef) -> bool {
    variant.deals() && variant.information().needs_cover()
}

/// A game of `config` on the deal of `seed`.
pub(super) fn dealt(config: GameConfig, seed: Seed) -> Box<dyn PlayedGame> {
    GameConfig {
        deal: DealChoice::Seed(seed),
        ..config
    }
    .new_game()
}

impl Session {
    /// A session whose game is game 1 of a duplicate match of `config` (the command line's
    /// `--duplicate`); a single game where the variant has no secret deal.
    pub fn duplicate(config: GameConfig) -> Session {
        if !offers_duplicate(config.variant) {
            return Session::new(config);
        }
        let seed = config.deal.draw();
        let mut session = Session::from_game(dealt(config, seed), config);
        session.duplicate = Some(DuplicateMatch { seed, first: None });
        session
    }

    /// Whether the game on the table is one of a duplicate match.
    pub fn in_duplicate(&self) -> bool {
        self.duplicate.is_some()
    }

    /// The match the game on the table belongs to: for the autosave only (it holds the
    /// deal's seed and game 1).
    pub fn duplicate_match(&self) -> Option<&DuplicateMatch> {
        self.duplicate.as_ref()
    }

    /// Game 1 of a match is over and game 2 has not begun: the table shows only what both
    /// players saw, so that game 2 is played with the deal still hidden.
    pub(super) fn between_match_games(&self) -> bool {
        self.duplicate.as_ref().is_some_and(|m| m.first.is_none()) && self.game.outcome().is_some()
    }

    /// A match begun and not decided yet: leaving it is abandoning it.
    pub(super) fn match_at_stake(&self) -> bool {
        self.duplicate.as_ref().is_some_and(|m| {
            let begun = m.first.is_some() || self.game.plies() > 0;
            begun && self.match_result().is_none()
        })
    }

    /// Both players' points so far, in half points.
    fn match_points(&self) -> [u8; 2] {
        let Some(m) = &self.duplicate else {
            return [0, 0];
        };
        let first = m
            .first
            .as_ref()
            .and_then(|first| Some(half_points(first.game.outcome()?, first.player_one)));
        let now = self
            .game
            .outcome()
            .map(|outcome| half_points(outcome, self.player_one));
        [first, now]
            .into_iter()
            .flatten()
            .fold([0, 0], |sum, p| [sum[0] + p[0], sum[1] + p[1]])
    }

    /// The match's result once both games are over (what the statistics count).
    pub fn match_result(&self) -> Option<MatchResult> {
        let m = self.duplicate.as_ref()?;
        (m.first.is_some() && self.game.outcome().is_some())
            .then(|| MatchResult::of(self.match_points()))
    }

    /// Whether a take-back in either game of the match undid something seen face down.
    pub fn match_peeked(&self) -> bool {
        self.peeked
            || self
                .duplicate
                .as_ref()
                .and_then(|m| m.first.as_ref())
                .is_some_and(|first| first.peeked)
    }

    /// The match as the screen may know it.
    pub(super) fn match_shown(&self) -> Option<MatchShown> {
        let m = self.duplicate.as_ref()?;
        let decided = self.match_result().is_some();
        let first = m.first.as_ref();
        Some(MatchShown {
            round: if first.is_some() { 2 } else { 1 },
            half_points: self.match_points(),
            decided,
            first: first.and_then(|f| Some((f.game.outcome()?, f.player_one))),
            // Duplicate matches are Jieqi's: the first game's view for its review panel.
            first_view: first
                .filter(|_| decided)
                .and_then(|f| f.game.family_game())
                .map(|game| game.view(Side::Red)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{DrawReason, WinReason};

    #[test]
    fn two_games_make_one_score() {
        let red_won = Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Resignation,
        };
        let draw = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        // Player 1 won game 1 as Red; game 2, as Black, was drawn.
        let game1 = half_points(red_won, Side::Red);
        let game2 = half_points(draw, Side::Black);
        let total = [game1[0] + game2[0], game1[1] + game2[1]];
        assert_eq!(total, [3, 1]);
        assert_eq!(MatchResult::of(total), MatchResult::PlayerOne);
        // Red won both: each player won with the same side of the deal.
        let total = [
            half_points(red_won, Side::Red)[0] + half_points(red_won, Side::Black)[0],
            half_points(red_won, Side::Red)[1] + half_points(red_won, Side::Black)[1],
        ];
        assert_eq!(MatchResult::of(total), MatchResult::Even);
        assert_eq!([0, 1, 2, 3, 4].map(points_text), ["0", "½", "1", "1½", "2"]);
    }
}
