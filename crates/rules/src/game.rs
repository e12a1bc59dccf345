//! The public record of a game under one variant's rules: start, moves (with what each moving
//! piece arrived as), history and how it ends (rules.md §5, §6). Both variants keep one:
//! [`crate::Xiangqi`] with [`RepetitionRules::XIANGQI`], [`crate::Jieqi`] with
//! [`RepetitionRules::JIEQI`] and the reveals its deal decides.

use crate::adjudication::adjudicate;
use crate::explain::IllegalMove;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::repetition::{History, Notice, RepetitionRules, RepetitionVerdict};
use crate::types::{Move, Piece, Side};

/// Why the game refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move breaks the rules; the reason says how (rules.md §4).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// A game from a start position, as everyone sees it (hidden Jieqi pieces stay hidden here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// What the moving piece of each ply arrived as (itself, or its revealed identity).
    arrivals: Vec<Piece>,
    /// What each ply captured, as the board showed it (a hidden piece stays hidden here).
    captures: Vec<Option<Piece>>,
    history: History,
    outcome: Option<Outcome>,
    notices: Vec<Notice>,
}

impl Default for Game {
    /// A game from the standard start position (rules.md §2).
    fn default() -> Self {
        Game::new(Position::startpos())
    }
}

impl Game {
    /// A standard Xiangqi game from `start`. If the side to move there has no legal move, the
    /// game is already decided (rules.md §5).
    pub fn new(start: Position) -> Game {
        Game::with_rules(start, RepetitionRules::XIANGQI)
    }

    /// A game from `start` judged by `rules`.
    pub fn with_rules(start: Position, rules: RepetitionRules) -> Game {
        let history = History::new(rules, &start);
        let mut game = Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            arrivals: Vec::new(),
            captures: Vec::new(),
            history,
            outcome: None,
            notices: Vec::new(),
        };
        game.apply(adjudicate(&game.position, &game.history));
        game
    }

    fn apply(&mut self, verdict: RepetitionVerdict) {
        self.outcome = verdict.outcome;
        self.notices = verdict.notices;
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Plays `m` for the side to move. Afterwards the game may be over (mate, stalemate,
    /// perpetual check, the move limit); the returned notices are the warnings and hints that
    /// hold now (also kept in [`Game::notices`]).
    pub fn play(&mut self, m: Move) -> Result<Vec<Notice>, GameError> {
        let arriving = self.position.piece_at(m.from);
        self.play_as(m, |piece| arriving.unwrap_or(piece))
            .map(|_| self.notices.clone())
    }

    /// Checks `m` first; then plays it with the moving piece arriving as `arrive(piece)`.
    /// Returns the captured piece (as the board showed it).
    pub fn play_as(
        &mut self,
        m: Move,
        arrive: impl FnOnce(Piece) -> Piece,
    ) -> Result<Option<Piece>, GameError> {
        self.ensure_running()?;
        self.position.check_move(m)?;
        let piece = self
            .position
            .piece_at(m.from)
            .expect("a legal move starts on a piece");
        let arriving = arrive(piece);
        let before = self.position.clone();
        let captured = self.position.play_unchecked_as(m, arriving);
        self.moves.push(m);
        self.arrivals.push(arriving);
        self.captures.push(captured);
        self.history.record(m, &before, &self.position);
        self.apply(adjudicate(&self.position, &self.history));
        Ok(captured)
    }

    /// `side` resigns and loses (rules.md §5). Either side may resign at any time while the
    /// game runs.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let outcome = Outcome::Win {
            winner: side.other(),
            reason: WinReason::Resignation,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `side`'s clock ran out: it loses (game.md, "Clocks").
    pub fn lose_on_time(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let outcome = Outcome::Win {
            winner: side.other(),
            reason: WinReason::Time,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Both players agree a draw (rules.md §5).
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let outcome = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Takes back the last ply by replaying the game from its start, which restores the
    /// position, the history and the notices of the position before it and clears the
    /// outcome (the game ran on after that position). Returns the move taken back, or `None`
    /// (and changes nothing) when no move was played.
    pub fn undo(&mut self) -> Option<Move> {
        let undone = self.moves.pop()?;
        self.arrivals.pop();
        self.captures.pop();
        let mut position = self.start.clone();
        let mut history = History::new(self.history.rules(), &self.start);
        for (&m, &arriving) in self.moves.iter().zip(&self.arrivals) {
            let before = position.clone();
            position.play_unchecked_as(m, arriving);
            history.record(m, &before, &position);
        }
        self.position = position;
        self.history = history;
        self.apply(adjudicate(&self.position, &self.history));
        Some(undone)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The warnings and hints after the last move (rules.md §6).
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    #[cfg(test)]
    /// The legal moves now: none once the game is over.
    pub fn legal_moves(&self) -> crate::movegen::MoveList {
        if self.is_over() {
            crate::movegen::MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[cfg(test)]
    /// The side to move.
    pub fn turn(&self) -> Side {
        self.position.turn()
    }

    /// The moves played from the start, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// What each ply captured, as the board showed it.
    pub fn captures(&self) -> &[Option<Piece>] {
        &self.captures
    }

    /// The hash of the start and of the position after each ply.
    pub fn hashes(&self) -> Vec<u64> {
        std::iter::once(self.start.hash())
            .chain(self.history.plies().iter().map(|p| p.hash()))
            .collect()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    #[cfg(test)]
    /// What each ply did, for repetition (rules.md §6).
    pub fn history(&self) -> &History {
        &self.history
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{MOVE_LIMIT_PLIES, MateKind};
    use crate::{MoveRules, Refusal, Role, Setup, Square};

    fn game(fen: &str) -> Game {
        Game::new(
            Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap(),
        )
    }

    fn mv(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    fn play_all(g: &mut Game, moves: &str) -> Vec<Vec<Notice>> {
        moves
            .split_whitespace()
            .map(|m| g.play(mv(m)).unwrap())
            .collect()
    }

    #[test]
    fn default_game_starts_at_the_start_position_rules_2() {
        let g = Game::default();
        assert_eq!(g.position(), &Position::startpos());
        assert_eq!(g.start(), &Position::startpos());
        assert_eq!(g.legal_moves().len(), 44);
        assert_eq!(g.turn(), Side::Red);
        assert!(g.moves().is_empty() && g.notices().is_empty() && g.outcome().is_none());
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason_rules_4() {
        let mut g = Game::default();
        let err = g.play(mv("h2h7")).unwrap_err();
        assert_eq!(
            err,
            GameError::Illegal(IllegalMove {
                mv: mv("h2h7"),
                reason: Refusal::CannonNeedsScreen
            })
        );
        assert_eq!(
            err.to_string(),
            "h2h7 is not allowed: a cannon captures only by jumping exactly one piece"
        );
        assert!(g.moves().is_empty());
        g.play(mv("h2e2")).unwrap();
        assert_eq!(
            g.play(mv("e2e6")).unwrap_err(),
            GameError::Illegal(IllegalMove {
                mv: mv("e2e6"),
                reason: Refusal::NotYourPiece
            })
        );
    }

    #[test]
    fn horse_cannon_mate_ends_the_game_rules_5() {
        let mut g = game("4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1");
        assert!(g.play(mv("d5e7")).unwrap().is_empty());
        let outcome = g.outcome().unwrap();
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Checkmate(MateKind::HorseCannon)
            }
        );
        assert_eq!(
            outcome.to_string(),
            "Red wins: checkmate (horse–cannon mate)"
        );
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.play(mv("e9d9")), Err(GameError::GameOver(outcome)));
        assert_eq!(g.resign(Side::Red), Err(GameError::GameOver(outcome)));
    }

    #[test]
    fn stalemate_loses_rules_5() {
        let mut g = game("4k4/N8/9/9/5R3/9/9/9/9/3K5 w - - 0 1");
        g.play(mv("a8c7")).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Stalemate
            })
        );
    }

    #[test]
    fn a_mated_start_is_already_decided_rules_5() {
        let g = game("4k3R/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Checkmate(MateKind::By(Role::Chariot))
            })
        );
    }

    #[test]
    fn resignation_and_agreed_draw_rules_5() {
        let mut g = Game::default();
        g.play(mv("h2e2")).unwrap();
        let outcome = g.resign(Side::Black).unwrap();
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Resignation
            }
        );
        assert_eq!(outcome.to_string(), "Red wins: Black resigned");
        assert_eq!(g.agree_draw(), Err(GameError::GameOver(outcome)));

        let mut g = Game::default();
        let outcome = g.agree_draw().unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
        assert!(outcome.is_draw() && outcome.winner().is_none());
        assert!(g.legal_moves().is_empty());
    }

    /// game.md, "Clocks": a fallen flag loses; nothing is played after, nor a second end.
    #[test]
    fn a_fallen_flag_loses() {
        let mut g = Game::default();
        g.play(mv("h2e2")).unwrap();
        let outcome = g.lose_on_time(Side::Black).unwrap();
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Time
            }
        );
        assert_eq!(outcome.to_string(), "Red wins: Black lost on time");
        assert!(g.legal_moves().is_empty());
        assert!(g.lose_on_time(Side::Red).is_err());
        assert!(g.resign(Side::Red).is_err());
    }

    #[test]
    fn four_hundred_plies_draw_rules_5() {
        // Neither side checks: repetitions only bring hints, until the move limit.
        let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        let cycle = ["a0a1", "e9e8", "a1a0", "e8e9"];
        for ply in 0..MOVE_LIMIT_PLIES {
            assert_eq!(g.outcome(), None, "ended early at ply {ply}");
            g.play(mv(cycle[ply % 4])).unwrap();
        }
        assert_eq!(g.moves().len(), 400);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::MoveLimit
            })
        );
    }

    #[test]
    fn no_capture_hint_in_xiangqi_rules_6() {
        // 60 moves by each side without a capture: a hint, never a decision.
        let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        let cycle = ["a0a1", "e9e8", "a1a0", "e8e9"];
        for ply in 0..130 {
            let notices = g.play(mv(cycle[ply % 4])).unwrap();
            assert_eq!(
                notices.contains(&Notice::NoCaptureHint),
                ply + 1 >= 120,
                "ply {ply}"
            );
            // The repetitions themselves only hint (nobody checks).
            assert!(
                notices
                    .iter()
                    .all(|n| matches!(n, Notice::NoCaptureHint | Notice::RepetitionDrawHint))
            );
        }
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn perpetual_check_warned_then_lost_rules_6() {
        let mut g = game("4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1");
        let first = play_all(&mut g, "i8i9 e9e8 i9i8 e8e9");
        assert!(first[..3].iter().all(Vec::is_empty));
        assert_eq!(
            first[3],
            [Notice::PerpetualCheckWarning { side: Side::Red }]
        );
        assert_eq!(
            g.notices(),
            [Notice::PerpetualCheckWarning { side: Side::Red }]
        );
        assert_eq!(
            g.notices()[0].to_string(),
            "Red is giving perpetual check: one more perpetual check loses"
        );
        play_all(&mut g, "i8i9 e9e8 i9i8 e8e9");
        let outcome = g.outcome().unwrap();
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualCheck
            }
        );
        assert_eq!(outcome.to_string(), "Black wins: Red gave perpetual check");
    }

    #[test]
    fn perpetual_chase_is_only_a_warning_in_xiangqi_rules_6() {
        let mut g = game("4k4/9/2c6/R8/9/9/9/9/9/3K5 w - - 0 1");
        let chase = Notice::PerpetualChaseWarning {
            side: Side::Red,
            chased: Square::parse("c7").unwrap(),
        };
        for round in 0..3 {
            let notices = play_all(&mut g, "a6a7 c7c6 a7a6 c6c7");
            let mut expected = vec![chase];
            if round > 0 {
                expected.push(Notice::RepetitionDrawHint);
            }
            assert_eq!(notices[3], expected);
        }
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn undo_restores_position_history_and_outcome() {
        // Undo after a mate.
        let mut g = game("4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1");
        let before = g.clone();
        g.play(mv("d5e7")).unwrap();
        assert!(g.is_over());
        assert_eq!(g.undo(), Some(mv("d5e7")));
        assert_eq!(g.outcome(), None);
        assert_eq!(g.position(), before.position());
        assert_eq!(g.history(), before.history());
        assert_eq!(g.legal_moves().len(), before.legal_moves().len());

        // Undo the losing perpetual check: back to the warning, and play on.
        let mut g = game("4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1");
        play_all(&mut g, "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8");
        let before = g.clone();
        g.play(mv("e8e9")).unwrap();
        assert!(g.is_over());
        assert_eq!(g.undo(), Some(mv("e8e9")));
        assert_eq!(g.outcome(), None);
        assert_eq!(g.position(), before.position());
        assert_eq!(g.history(), before.history());
        assert_eq!(g.notices(), before.notices());
        assert_eq!(g.moves(), before.moves());
        g.play(mv("e8e7")).unwrap();
        assert_eq!(g.outcome(), None);

        // Undo after a resignation clears it; undo with no move changes nothing.
        let mut g = Game::default();
        g.play(mv("h2e2")).unwrap();
        g.resign(Side::Red).unwrap();
        assert_eq!(g.undo(), Some(mv("h2e2")));
        assert_eq!(g.outcome(), None);
        assert_eq!(g.position(), &Position::startpos());
        assert_eq!(g.undo(), None);
        assert_eq!(g.history().len(), 0);
    }
}
