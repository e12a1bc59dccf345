//! A Banqi game with its deal: turns, history, undo, the end of the game (rules.md §11).
//!
//! This type is the one place that holds the face-down identities. What it gives out to
//! players goes through [`Banqi::view`], built from public information only; its `Debug`
//! shows only the public position.

use std::fmt;

use jieqi_rules::{DrawReason, Outcome, Piece, Seed, Side, WinReason};

use crate::board::{Cell, PieceCounts, Point, SQUARES, Seat};
use crate::deal::BanqiDeal;
use crate::notation::TurnContext;
use crate::options::Options;
use crate::position::{BanqiPosition, NO_FLIP_OR_CAPTURE_PLIES};
use crate::rules::{self, BanqiRefusal, Turn};
use crate::text::{self, TextError};
use crate::view::{BanqiReveal, BanqiView, SeenTurn};

/// A position for the repetition rule: the placement (with which squares are face down) and
/// the seat to move (rules.md §11).
type Key = ([Cell; SQUARES], Seat);

/// Why the game refused something. Each message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BanqiError {
    /// The turn breaks the rules; the refusal says how.
    #[error(transparent)]
    Refused(#[from] BanqiRefusal),
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("nobody has a colour before the first flip, so nobody can resign yet")]
    NoColoursYet,
    #[error("the options of a game are chosen before its first turn")]
    AlreadyStarted,
}

/// What undo needs beyond the public record of a turn.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Undo {
    quiet_plies: u32,
    move_number: u32,
    first_colour: Option<Side>,
}

/// A Banqi game with its deal (rules.md §11).
#[derive(Clone, PartialEq, Eq)]
pub struct Banqi {
    options: Options,
    seed: Option<Seed>,
    start: BanqiPosition,
    start_identities: [Option<Piece>; SQUARES],
    position: BanqiPosition,
    /// The identity of the face-down piece on each square; `Some` exactly where the cell is
    /// face down (every constructor, `apply` and `undo` keep this).
    identities: [Option<Piece>; SQUARES],
    history: Vec<SeenTurn>,
    undo: Vec<Undo>,
    /// The start's key first, then one after each turn.
    keys: Vec<Key>,
    /// A resignation or an agreed draw.
    declared: Option<Outcome>,
    /// What the rules say of the position now.
    judged: Option<Outcome>,
}

/// The deal and the seed must not reach a log: `Debug` shows only what everyone sees.
impl fmt::Debug for Banqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Banqi")
            .field("position", &self.position.to_string())
            .field("options", &self.options.to_string())
            .field("history", &self.history)
            .field("outcome", &self.outcome())
            .finish_non_exhaustive()
    }
}

impl Banqi {
    /// The game dealt by `seed` (rules.md §8, §11); the seed is kept for the end.
    pub fn from_seed(seed: Seed) -> Banqi {
        let mut game = Banqi::from_deal(&BanqiDeal::from_seed(seed));
        game.seed = Some(seed);
        game
    }

    /// A game from a deal (no seed recorded).
    pub fn from_deal(deal: &BanqiDeal) -> Banqi {
        let mut identities = [None; SQUARES];
        for (slot, &piece) in identities.iter_mut().zip(deal.pieces()) {
            *slot = Some(piece);
        }
        Banqi::from_parts(BanqiPosition::start(), identities)
    }

    /// A game from the full-knowledge text of a position (format in the crate docs), for
    /// saves and tests.
    pub fn from_full_text(text: &str) -> Result<Banqi, TextError> {
        let (position, identities) = text::parse_full(text)?;
        Ok(Banqi::from_parts(position, identities))
    }

    /// `identities` must be `Some` exactly on the face-down cells (the text reader, the deal
    /// and [`Banqi::from_public_turns`] guarantee it).
    pub(crate) fn from_parts(
        position: BanqiPosition,
        identities: [Option<Piece>; SQUARES],
    ) -> Banqi {
        let mut game = Banqi {
            options: Options::default(),
            seed: None,
            keys: vec![(position.cells, position.turn)],
            start: position.clone(),
            start_identities: identities,
            position,
            identities,
            history: Vec::new(),
            undo: Vec::new(),
            declared: None,
            judged: None,
        };
        game.judged = game.judge();
        game
    }

    /// The same game, not yet begun, under `options` (rules.md §10).
    pub fn under(self, options: Options) -> Result<Banqi, BanqiError> {
        if !self.history.is_empty() {
            return Err(BanqiError::AlreadyStarted);
        }
        let mut game = Banqi { options, ..self };
        // Stalemate at a set-up start may depend on the options.
        game.judged = game.judge();
        Ok(game)
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The seed of the deal, if the game came from one. Players see it once the game is over
    /// ([`BanqiView::reveal`]); only the app's own saves may read it earlier.
    pub fn seed(&self) -> Option<Seed> {
        self.seed
    }

    /// The public position now.
    pub fn position(&self) -> &BanqiPosition {
        &self.position
    }

    /// The public position the game started from.
    pub fn start(&self) -> &BanqiPosition {
        &self.start
    }

    pub fn cell(&self, point: Point) -> Cell {
        self.position.cell(point)
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.position.turn
    }

    /// The colour `seat` plays, fixed by the first flip (rules.md §11).
    pub fn colour(&self, seat: Seat) -> Option<Side> {
        self.position.colour(seat)
    }

    /// The turns played, with what each flip turned up and each capture took (all public).
    pub fn history(&self) -> &[SeenTurn] {
        &self.history
    }

    /// How many of each piece lie face down: public, since everyone can count the full set
    /// less what is face up and what was captured.
    pub fn face_down_pool(&self) -> PieceCounts {
        let mut pool = PieceCounts::default();
        for piece in self.identities.iter().flatten() {
            pool.add(*piece);
        }
        pool
    }

    /// The legal turns of the seat to move; none once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position.legal_turns(&self.options)
    }

    /// Whether `turn` may be played now, and if not, why.
    pub fn check(&self, turn: Turn) -> Result<(), BanqiError> {
        if let Some(outcome) = self.outcome() {
            return Err(BanqiError::GameOver(outcome));
        }
        self.position.check(&self.options, turn)?;
        Ok(())
    }

    /// Plays `turn` for the seat to move. A refused turn leaves the game as it was.
    pub fn play(&mut self, turn: Turn) -> Result<(), BanqiError> {
        self.check(turn)?;
        self.apply(turn);
        Ok(())
    }

    /// Plays a turn that [`Banqi::check`] accepted.
    fn apply(&mut self, turn: Turn) {
        self.undo.push(Undo {
            quiet_plies: self.position.quiet_plies,
            move_number: self.position.move_number,
            first_colour: self.position.first_colour,
        });
        let mut seen = SeenTurn {
            turn,
            revealed: None,
            captured: None,
        };
        match turn {
            Turn::Flip(p) => {
                // `check` accepted the flip, so the cell is face down, and face-down cells
                // have identities (the invariant on `identities`).
                seen.revealed = self.identities[p.index()].take();
            }
            Turn::Capture { to, .. } => seen.captured = self.position.cell(to).face_up(),
            Turn::Move { .. } => {}
        }
        self.position.apply(turn, seen.revealed);
        self.history.push(seen);
        self.keys.push((self.position.cells, self.position.turn));
        self.judged = self.judge();
    }

    /// Takes back the last turn, restoring everything as it was before it (a resignation or
    /// an agreed draw after it is cleared too). Returns the turn, or `None` (and changes
    /// nothing) when no turn was played.
    pub fn undo(&mut self) -> Option<Turn> {
        let seen = self.history.pop()?;
        let undo = self.undo.pop()?;
        self.keys.pop();
        let pos = &mut self.position;
        match seen.turn {
            Turn::Flip(p) => {
                pos.cells[p.index()] = Cell::FaceDown;
                self.identities[p.index()] = seen.revealed;
            }
            Turn::Move { from, to } => {
                pos.cells[from.index()] = pos.cells[to.index()];
                pos.cells[to.index()] = Cell::Empty;
            }
            Turn::Capture { from, to } => {
                pos.cells[from.index()] = pos.cells[to.index()];
                pos.cells[to.index()] = seen.captured.map_or(Cell::Empty, Cell::FaceUp);
            }
        }
        pos.turn = pos.turn.other();
        pos.move_number = undo.move_number;
        pos.quiet_plies = undo.quiet_plies;
        pos.first_colour = undo.first_colour;
        self.declared = None;
        // A turn is played only in a running game, so the position before it was running.
        self.judged = None;
        Some(seen.turn)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or(self.judged)
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// `seat` resigns; the other player's colour wins. Refused before the first flip (there
    /// are no colours to name a winner by) and after the end.
    pub fn resign(&mut self, seat: Seat) -> Result<Outcome, BanqiError> {
        self.concede(seat, WinReason::Resignation)
    }

    /// `seat`'s clock ran out: the other player's colour wins; refused as [`Banqi::resign`].
    pub fn lose_on_time(&mut self, seat: Seat) -> Result<Outcome, BanqiError> {
        self.concede(seat, WinReason::Time)
    }

    fn concede(&mut self, seat: Seat, reason: WinReason) -> Result<Outcome, BanqiError> {
        if let Some(outcome) = self.outcome() {
            return Err(BanqiError::GameOver(outcome));
        }
        let loser = self.colour(seat).ok_or(BanqiError::NoColoursYet)?;
        let outcome = Outcome::Win {
            winner: loser.other(),
            reason,
        };
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// Both players agree a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, BanqiError> {
        if let Some(outcome) = self.outcome() {
            return Err(BanqiError::GameOver(outcome));
        }
        let outcome = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// What the rules say of the position now (rules.md §11): the seat to move loses with no
    /// piece left (face up or face down) or no legal turn, which outranks the draws; then 60
    /// plies without a flip or a capture, then the third occurrence of the position.
    fn judge(&self) -> Option<Outcome> {
        let pos = &self.position;
        // Before the first flip all 32 pieces lie face down: nobody can have lost yet.
        let colour = pos.colour_to_move()?;
        let loses = |reason| {
            Some(Outcome::Win {
                winner: colour.other(),
                reason,
            })
        };
        let has_piece = pos
            .cells
            .iter()
            .filter_map(|c| c.face_up())
            .chain(self.identities.iter().flatten().copied())
            .any(|p| p.side() == colour);
        if !has_piece {
            return loses(WinReason::NoPiecesLeft);
        }
        if !rules::has_legal_turn(pos, &self.options) {
            return loses(WinReason::Stalemate);
        }
        let draw = |reason| Some(Outcome::Draw { reason });
        if pos.quiet_plies >= NO_FLIP_OR_CAPTURE_PLIES {
            return draw(DrawReason::NoFlipOrCapture);
        }
        // Positions before the last flip or capture had other pieces or face-down squares.
        let now = self.keys.last()?;
        let since = self.keys.len().saturating_sub(pos.quiet_plies as usize + 1);
        if self.keys[since..].iter().filter(|k| *k == now).count() >= 3 {
            return draw(DrawReason::Repetition);
        }
        None
    }

    /// Counts the leaves of the legal turn tree `depth` plies deep (rules.md §11): a flip is
    /// one node (it turns up what the deal holds) and a finished game has no turns.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut game = self.clone();
        game.perft_in_place(depth)
    }

    fn perft_in_place(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        let mut total = 0;
        for turn in turns {
            self.apply(turn);
            total += self.perft_in_place(depth - 1);
            self.undo();
        }
        total
    }

    /// What `seat` knows (rules.md §11): face-down pieces are unknown to both players alike,
    /// so both seats' views differ only in [`BanqiView::viewer`]. Once the game is over it
    /// shows every face-down piece and the seed.
    pub fn view(&self, seat: Seat) -> BanqiView {
        let outcome = self.outcome();
        let reveal = outcome.map(|_| BanqiReveal {
            seed: self.seed,
            face_down: Point::all()
                .filter_map(|p| Some((p, self.identities[p.index()]?)))
                .collect(),
        });
        BanqiView {
            viewer: seat,
            options: self.options,
            start: self.start.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            face_down: self.face_down_pool(),
            legal_turns: self.legal_turns(),
            outcome,
            reveal,
        }
    }

    /// The full-knowledge text of the position now (format in the crate docs): for saves and
    /// tests, never for players.
    pub fn to_full_text(&self) -> String {
        text::write(&self.position, Some(&self.identities))
    }

    /// The full-knowledge text of the position the game started from.
    pub fn start_full_text(&self) -> String {
        text::write(&self.start, Some(&self.start_identities))
    }

    /// Puts `piece` face down on `point` (a face-down square) by swapping identities with a
    /// face-down square that holds one: the public game is unchanged, since nobody knows
    /// which face-down square holds what. For [`Banqi::from_public_turns`], whose pieces are
    /// placed, not dealt. `false` (and no change) when no face-down piece is `piece`.
    pub(crate) fn place_face_down(&mut self, point: Point, piece: Piece) -> bool {
        let here = point.index();
        if self.identities[here].is_none() {
            return false;
        }
        let Some(there) = self.identities.iter().position(|&p| p == Some(piece)) else {
            return false;
        };
        // Both squares are face down now, so they were at the start, holding the same.
        self.identities.swap(here, there);
        self.start_identities.swap(here, there);
        true
    }
}

/// A game as the notation reader reads a turn against it: with its deal, so that a written
/// flip letter is checked against what the flip turns up (records and replays; a player's
/// input is read against their view).
impl<'a> From<&'a Banqi> for TurnContext<'a> {
    fn from(game: &'a Banqi) -> Self {
        TurnContext {
            position: game.position(),
            options: game.options(),
            outcome: game.outcome(),
            face_down: game.face_down_pool(),
            deal: Some(&game.identities),
        }
    }
}
