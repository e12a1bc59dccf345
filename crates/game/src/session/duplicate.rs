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

use jieqi_rules::platform::PlayedGame;
use jieqi_rules::{FamilyGame, Seed, Side};

use super::config::{DealChoice, GameConfig};
use super::duplicate_match::{DuplicateMatch, MatchResult, MatchShown, half_points};
use super::owner::Session;

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
        if !config.variant.plays_duplicate() {
            return Session::new(config);
        }
        let seed = config.deal.draw();
        let mut session = Session::from_game(dealt(config, seed), config);
        session.duplicate = Some(DuplicateMatch {
            seed: Some(seed),
            first: None,
        });
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
