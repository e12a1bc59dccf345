//! A duplicate match as the session keeps it (see [`super::duplicate`]): the deal's seed,
//! game 1 once played, the points, and what the table may show of it.

use jieqi_rules::platform::PlayedGame;
use jieqi_rules::{Outcome, PlayerView, Seed, Side};

/// A duplicate match on the table (and in the autosave, which keeps it with the game on the
/// table). Its `Debug` names no deal.
#[derive(Clone, PartialEq)]
pub struct DuplicateMatch {
    /// The deal both games share: secret until the match is decided. `None` online, where
    /// the server keeps it (and seals game 1's end until game 2 ends).
    pub seed: Option<Seed>,
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
