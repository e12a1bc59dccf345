//! Xiangqi and Jieqi as the platform drives them: one implementation for the two variants of
//! this crate, since they share the board, the pieces and the notation.
//!
//! A position comes from a seed (a Jieqi deal), a full-knowledge Jieqi FEN (a deal whose reveals
//! the moves follow), or a public FEN (Xiangqi, or Jieqi without identities). In a public Jieqi
//! position nobody holds the deal: a move of a face-down piece names what it turned up
//! (`h2h9P`, `C2+7(=P)`), which must still be in the pool, and the piece then moves as that,
//! exactly as an engine told the game by a GUI reads it ([`PlayerView::from_text_with`]).

use crate::any_game::AnyGame;
use crate::deal::{Deal, Seed};
use crate::game::GameError;
use crate::jieqi::Jieqi;
use crate::kind::Family;
use crate::notation::{Notation, parse_move, write_move};
use crate::outcome::Outcome;
use crate::position::{MoveRules, Position};
use crate::quote::quote;
use crate::record::Record;
use crate::repetition::Notice;
use crate::rule_set::{OptionSpec, RuleSet};
use crate::save::SavedGame;
use crate::setup::{Handicap, Setup};
use crate::told::{ToldGame, ViewTextError};
use crate::types::{Move, Side, Square};
use crate::variant::FamilyGame;
use crate::view::{PlayerView, SeenPiece};
use crate::words::Words;
use crate::xiangqi::Xiangqi;

use super::error::{EndError, LoadError, SetupError, TurnError};
use super::table::{BoardShape, Grid, Look, Spot, Table, TableTurn, Zone};
use super::{
    Information, Knowledge, KnownTurn, PlayedGame, Receiver, Replay, SaveSettings, Variant,
};

/// The Xiangqi board (rules.md §1): 9 × 10 points, the river between ranks 4 and 5, the two
/// palaces, the cannon and soldier points marked.
pub static XIANGQI_BOARD: BoardShape = BoardShape {
    columns: 9,
    rows: 10,
    grid: Grid::Intersections,
    river: Some(5),
    palaces: &[
        Zone {
            from: Spot::new(3, 0),
            to: Spot::new(5, 2),
        },
        Zone {
            from: Spot::new(3, 7),
            to: Spot::new(5, 9),
        },
    ],
    marks: &[
        Spot::new(1, 2),
        Spot::new(7, 2),
        Spot::new(1, 7),
        Spot::new(7, 7),
        Spot::new(0, 3),
        Spot::new(2, 3),
        Spot::new(4, 3),
        Spot::new(6, 3),
        Spot::new(8, 3),
        Spot::new(0, 6),
        Spot::new(2, 6),
        Spot::new(4, 6),
        Spot::new(6, 6),
        Spot::new(8, 6),
    ],
    first_row: 0,
};

/// The place of a square.
pub fn spot(square: Square) -> Spot {
    Spot::new(square.file(), square.rank())
}

/// The square of a place, if it is on the Xiangqi board.
pub fn square(spot: Spot) -> Option<Square> {
    Square::new(spot.column, spot.row)
}

/// What `view`'s player sees, as a screen draws it: face-down pieces show their colour and
/// the piece they move as (public, rules.md §7); at the end the reveal turns them up. Turns
/// are written in ICCS, each as [`PlayedGame::play_text`] reads it. The table keeps the view.
pub fn table_of_view(view: PlayerView) -> Table {
    let revealed = |sq: Square| {
        view.reveal
            .as_ref()
            .and_then(|r| r.hidden.iter().find(|(s, _)| *s == sq))
            .map(|&(_, role)| role)
    };
    let pieces = Square::all()
        .filter_map(|sq| {
            let piece = view.position.piece_at(sq)?;
            let look = match (piece.is_hidden(), revealed(sq)) {
                (false, _) => Look::Up {
                    side: piece.side(),
                    role: piece.role(),
                },
                (true, Some(role)) => Look::Up {
                    side: piece.side(),
                    role,
                },
                (true, None) => Look::Down {
                    side: Some(piece.side()),
                    moves_as: Some(piece.role()),
                },
            };
            Some((spot(sq), look))
        })
        .collect();
    let turns = view
        .legal_moves
        .iter()
        .map(|&m| table_turn(&view.position, m))
        .collect();
    Table {
        viewer: view.viewer,
        turn: view.turn(),
        colour_to_move: Some(view.turn()),
        pieces,
        turns,
        last: view
            .moves
            .last()
            .map(|m| (spot(m.mv.from), Some(spot(m.mv.to)))),
        history: view.move_texts(Notation::Iccs),
        first: view.start.turn(),
        outcome: view.outcome,
        check: (view.outcome.is_none() && view.position.is_check())
            .then(|| spot(view.position.general(view.turn()))),
        notices: view.notices.clone(),
        captured: Side::ALL.map(|side| {
            view.captured_by(side)
                .into_iter()
                .map(|piece| match piece {
                    SeenPiece::Known { side, role } => Look::Up { side, role },
                    SeenPiece::Unknown { side } => Look::Down {
                        side: Some(side),
                        moves_as: None,
                    },
                })
                .collect()
        }),
        colours: Side::ALL.map(Some),
        seed: view.reveal.as_ref().and_then(|r| r.seed),
        view: Some(Box::new(view)),
    }
}

/// Xiangqi or Jieqi, registered.
#[derive(Debug)]
pub struct FamilyDef {
    variant: Family,
}

/// Standard Xiangqi (rules.md §1–§6).
pub static XIANGQI: FamilyDef = FamilyDef {
    variant: Family::Xiangqi,
};

/// Jieqi (rules.md §7).
pub static JIEQI: FamilyDef = FamilyDef {
    variant: Family::Jieqi,
};

impl FamilyDef {
    /// The registered one of this variant (a game names its variant for as long as it lives).
    fn registered(&self) -> &'static FamilyDef {
        match self.variant {
            Family::Xiangqi => &XIANGQI,
            Family::Jieqi => &JIEQI,
        }
    }

    fn rule_set(&self, rules: &str) -> Result<RuleSet, SetupError> {
        RuleSet::parse(self.variant, rules).map_err(|e| SetupError::Rules(e.into()))
    }
}

impl Variant for FamilyDef {
    fn id(&self) -> &'static str {
        match self.variant {
            Family::Xiangqi => "xiangqi",
            Family::Jieqi => "jieqi",
        }
    }

    fn name(&self) -> &'static str {
        self.variant.name()
    }

    fn title(&self) -> Words {
        match self.variant {
            Family::Xiangqi => Words::new("Xiangqi 象棋", "Xiangqi 象棋", "象棋"),
            Family::Jieqi => Words::new("Jieqi 揭棋", "Jieqi 揭棋", "揭棋"),
        }
    }

    fn options(&self) -> &'static [OptionSpec] {
        RuleSet::options(self.variant)
    }

    fn information(&self) -> Information {
        match self.variant {
            Family::Xiangqi => Information::Open,
            Family::Jieqi => Information::PerSide,
        }
    }

    fn deals(&self) -> bool {
        self.variant == Family::Jieqi
    }

    /// Jieqi claims a FEN with face-down pieces (`X`/`x`) or a pool field.
    fn claims(&self, text: &str) -> bool {
        let placement = text.split_whitespace().next().unwrap_or("");
        self.variant == Family::Jieqi
            && (placement.contains(['x', 'X'])
                || Setup::parse_fen(text).is_ok_and(|s| s.pool.is_some()))
    }

    fn start(&self, seed: Option<Seed>, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        let rules = self.rule_set(rules)?;
        match (self.variant, seed) {
            (Family::Jieqi, Some(seed)) => {
                PlatformGame::dealt(self.registered(), Jieqi::from_seed(seed), rules)
            }
            (Family::Jieqi, None) => Err(SetupError::NeedsSeed(self.name())),
            (Family::Xiangqi, Some(_)) => Err(SetupError::NoDeal(self.name())),
            (Family::Xiangqi, None) => {
                let setup = Setup::start(Default::default());
                PlatformGame::public(self.registered(), &setup, rules)
            }
        }
    }

    fn position(&self, fen: &str, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        let rules = self.rule_set(rules)?;
        let placement = fen.split_whitespace().next().unwrap_or("");
        let hidden = placement.contains(['x', 'X']);
        if hidden && self.variant == Family::Xiangqi {
            return Err(SetupError::Unreadable(
                "a FEN with hidden pieces is Jieqi, not Xiangqi".into(),
            ));
        }
        let public = Setup::parse_fen(fen);
        if hidden {
            // A full-knowledge FEN writes an identity after each X: it is one when it reads as
            // one, and what went wrong with it is the error when it reads as neither.
            match Jieqi::from_full_fen(fen) {
                Ok(game) => return PlatformGame::dealt(self.registered(), game, rules),
                Err(e) if public.is_err() => return Err(SetupError::Unreadable(e.into())),
                Err(_) => {}
            }
        }
        let setup = public.map_err(|e| SetupError::Unreadable(format!("bad FEN: {e}").into()))?;
        setup
            .check_pool()
            .map_err(|e| SetupError::Impossible(format!("impossible pool: {e}").into()))?;
        PlatformGame::public(self.registered(), &setup, rules)
    }

    fn deal_text(&self, seed: Seed) -> Option<String> {
        (self.variant == Family::Jieqi).then(|| Deal::from_seed(seed).to_full_fen())
    }

    fn board(&self) -> &'static BoardShape {
        &XIANGQI_BOARD
    }

    fn kind(&self) -> Option<Family> {
        Some(self.variant)
    }

    fn gives_handicaps(&self) -> bool {
        self.variant == Family::Xiangqi
    }

    /// Xiangqi's horses given (rules.md §1); every option allows the handicapped starts.
    fn start_handicapped(
        &self,
        handicap: Handicap,
        rules: &str,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        if handicap == Handicap::None {
            return self.start(None, rules);
        }
        if self.variant != Family::Xiangqi {
            return Err(SetupError::Unsupported(format!(
                "{} is not played with handicaps",
                self.name()
            )));
        }
        let rules = self.rule_set(rules)?;
        let game = Xiangqi::with_handicap(handicap)
            .under(rules)
            .map_err(|e| SetupError::Rules(e.into()))?;
        Ok(AnyGame::from(game).into())
    }

    /// Either variant's save: the save names which.
    fn load_save(&self, json: &str) -> Result<(Box<dyn PlayedGame>, SaveSettings), LoadError> {
        let saved = SavedGame::from_json(json).map_err(|e| LoadError::Save(e.into()))?;
        let game = saved.restore().map_err(|e| LoadError::Save(e.into()))?;
        let def = match game.kind() {
            Family::Xiangqi => &XIANGQI,
            Family::Jieqi => &JIEQI,
        };
        let game = PlatformGame {
            def,
            held: Held::Game(Box::new(game)),
        };
        Ok((Box::new(game), saved.settings))
    }

    /// Either variant's save or record (the record's tags say which). A Jieqi record without
    /// its seed replays as its players saw it.
    fn record_game(&self, text: &str) -> Result<Box<dyn PlayedGame>, LoadError> {
        let record = Record::parse(text).map_err(|e| LoadError::Record(e.into()))?;
        let game = record.game().map_err(|e| LoadError::Record(e.into()))?;
        Ok(game.into())
    }

    /// What the players saw: Xiangqi from its start or a FEN; Jieqi from its public start
    /// (every piece but the generals face down, the whole pool unseen) or a public FEN; then
    /// each turn as the players saw it, a reveal naming what it turned up (`a3a4C`), checked
    /// against the pool of what nobody has seen. A game that was never dealt: a spectator's
    /// board, a game entered from another site.
    fn told_game(
        &self,
        position: Option<&str>,
        turns: &[&str],
        rules: &str,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        // A position reads as `position` reads it; the start is the one both players see.
        let mut game = match (position, self.variant) {
            (Some(text), _) => self.position(text, rules)?,
            (None, Family::Xiangqi) => self.start(None, rules)?,
            (None, Family::Jieqi) => {
                let start = crate::record::jieqi_start().to_setup();
                PlatformGame::public(self.registered(), &start, self.rule_set(rules)?)?
            }
        };
        for (i, turn) in turns.iter().enumerate() {
            game.play_text(turn).map_err(|e| {
                SetupError::Impossible(format!("turn {} '{}': {e}", i + 1, quote(turn)).into())
            })?;
        }
        Ok(game)
    }

    /// A save replays as it was saved; a record is judged by the rules ([`Record::judge`]):
    /// the notices at the plies that brought them, the ending by the rules or by the `Result`
    /// tag, and a tag that contradicts the rules refused.
    fn replay(&self, text: &str, notation: Notation) -> Result<Replay, LoadError> {
        if text.trim_start().starts_with('{') {
            let (game, notices) = SavedGame::from_json(text)
                .and_then(|saved| saved.restore_noting())
                .map_err(|e| LoadError::Save(e.into()))?;
            // The owner's own file: the move list is still the public one.
            let end = match game.outcome() {
                Some(outcome) => outcome.to_string(),
                None => format!("game in progress, {} to move", game.turn()),
            };
            return Ok(replay_of(&game.view(Side::Red), notation, &notices, end));
        }
        // The one record loader: the deal's reveals for a seeded Jieqi record, the pool's
        // arithmetic for one without its seed, the rules' judgement, the Result tag.
        let refused = |e: &dyn std::fmt::Display| LoadError::Record(e.to_string().into());
        let record = Record::parse(text).map_err(|e| LoadError::Record(e.into()))?;
        let seedless_jieqi = record.rules().map_err(|e| refused(&e))? == MoveRules::JIEQI
            && record.tag("Seed").is_none();
        let (view, judgement) = if seedless_jieqi {
            record.judge_seen().map_err(|e| refused(&e))?
        } else {
            let (game, judgement) = record.judge().map_err(|e| refused(&e))?;
            (game.view(Side::Red), judgement)
        };
        Ok(replay_of(
            &view,
            notation,
            &judgement.notices,
            judgement.end.to_string(),
        ))
    }
}

/// A replay of what `view`'s player saw, numbered from its start (`1...` when Black moved
/// first), with the rules' notices.
fn replay_of(
    view: &PlayerView,
    notation: Notation,
    notices: &[(usize, Notice)],
    end: String,
) -> Replay {
    Replay {
        turns: view.move_texts(notation),
        first_number: view.start.fullmoves(),
        second_moves_first: view.start.turn() == Side::Black,
        notices: notices
            .iter()
            .map(|(ply, notice)| (*ply, notice.to_string()))
            .collect(),
        end,
    }
}

/// A game of Xiangqi or Jieqi, or a public Jieqi position without its deal (a face-down piece
/// then moves as its start point's piece, and a reveal a move names is checked against
/// nothing).
#[derive(Clone)]
struct PlatformGame {
    def: &'static FamilyDef,
    held: Held,
}

#[derive(Clone)]
enum Held {
    // Boxed: a game is much larger than a position.
    Game(Box<AnyGame>),
    Public(Box<ToldGame>),
}

/// A told move's refusal as the platform says it: the caller numbers the moves.
fn told_refusal(error: ViewTextError) -> TurnError {
    match error {
        ViewTextError::Move { source, .. } => TurnError::Unreadable(source.into()),
        ViewTextError::MissingReveal { .. } => TurnError::RevealUntold,
        ViewTextError::NotInPool { text, .. } => TurnError::Unreadable(
            format!("'{text}' turns up a piece the pool no longer holds").into(),
        ),
        ViewTextError::Refused { source, .. } => game_refusal(source),
        other => TurnError::Unreadable(other.into()),
    }
}

/// The rules' refusal of a move as the platform says it.
fn game_refusal(error: GameError) -> TurnError {
    match error {
        GameError::Illegal(illegal) => TurnError::Illegal(illegal),
        GameError::GameOver(outcome) => TurnError::GameOver(outcome),
    }
}

fn end_refusal(error: GameError) -> EndError {
    match error {
        GameError::GameOver(outcome) => EndError::GameOver(outcome),
        // Resigning and agreeing check nothing else.
        GameError::Illegal(_) => EndError::NotNow("the rules refuse it"),
    }
}

impl PlatformGame {
    fn dealt(
        def: &'static FamilyDef,
        game: Jieqi,
        rules: RuleSet,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        let game = game.under(rules).map_err(|e| SetupError::Rules(e.into()))?;
        Ok(Box::new(PlatformGame {
            def,
            held: Held::Game(Box::new(game.into())),
        }))
    }

    /// Xiangqi from a FEN becomes a game; a public Jieqi FEN stays a position.
    fn public(
        def: &'static FamilyDef,
        setup: &Setup,
        rules: RuleSet,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        let illegal = |e: &dyn std::fmt::Display| {
            SetupError::Impossible(format!("illegal position: {e}").into())
        };
        let held = if def.variant == Family::Xiangqi {
            let game = Xiangqi::from_setup(setup).map_err(|e| illegal(&e))?;
            let game = game.under(rules).map_err(|e| SetupError::Rules(e.into()))?;
            Held::Game(Box::new(game.into()))
        } else {
            let told = ToldGame::new(&setup.to_fen(), Some(rules)).map_err(|e| match e {
                ViewTextError::Position(e) => illegal(&e),
                other => SetupError::Unreadable(other.into()),
            })?;
            Held::Public(Box::new(told))
        };
        Ok(Box::new(PlatformGame { def, held }))
    }

    fn position(&self) -> &Position {
        match &self.held {
            Held::Game(game) => game.position(),
            Held::Public(told) => told.game().position(),
        }
    }

    /// What `viewer` knows: in a position without a deal, what both see.
    fn view(&self, viewer: Side) -> PlayerView {
        match &self.held {
            Held::Game(game) => game.view(viewer),
            Held::Public(told) => PlayerView {
                viewer,
                ..told.view()
            },
        }
    }

    /// Plays a move whose text named the reveal it expects (`revealed`), if any: a game's
    /// deal must make that reveal.
    fn play_move(
        &mut self,
        m: Move,
        revealed: Option<crate::types::Role>,
        text: &str,
    ) -> Result<(), TurnError> {
        let Held::Game(game) = &mut self.held else {
            unreachable!("a position without its deal plays told moves")
        };
        let mover = game.turn();
        game.play(m).map_err(game_refusal)?;
        let shown = game.view(mover).moves.last().and_then(|m| m.revealed);
        if revealed.is_some() && revealed != shown {
            game.undo();
            return Err(TurnError::NotTheDeal {
                text: quote(text),
                what: "reveal",
            });
        }
        Ok(())
    }
}

impl PlayedGame for PlatformGame {
    fn variant(&self) -> &'static dyn Variant {
        self.def
    }

    fn turn(&self) -> Side {
        self.position().turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.held {
            Held::Game(game) => game.outcome(),
            Held::Public(told) => told.game().outcome(),
        }
    }

    /// Sorted by their ICCS text; a reveal is not known before the move, so none is named.
    fn legal_texts(&self, notation: Notation) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let position = self.position();
        let mut moves: Vec<_> = position.legal_moves().iter().copied().collect();
        moves.sort_by_key(|m| m.to_string());
        moves
            .into_iter()
            .map(|m| write_move(position, m, None, notation))
            .collect()
    }

    /// A position without its deal is told each reveal by the move's text (`h2h9P`).
    fn play_text(&mut self, text: &str) -> Result<(), TurnError> {
        if let Held::Public(told) = &mut self.held {
            return told.play(text).map_err(told_refusal);
        }
        let parsed =
            parse_move(self.position(), text).map_err(|e| TurnError::Unreadable(e.into()))?;
        self.play_move(parsed.mv, parsed.revealed, text)
    }

    /// A position without its deal is told what a face-down piece taken was, when the
    /// receiver may know it.
    fn play_known(&mut self, turn: &KnownTurn) -> Result<(), TurnError> {
        match &mut self.held {
            Held::Public(told) => told
                .play_knowing(&turn.text, turn.captured)
                .map_err(told_refusal),
            Held::Game(_) => self.play_text(&turn.text),
        }
    }

    /// A move of a face-down piece in a position without its deal needs its reveal told,
    /// which a click cannot do: [`TurnError::RevealUntold`].
    fn play_turn(&mut self, from: Spot, to: Option<Spot>) -> Result<String, TurnError> {
        let (Some(from), Some(to)) = (square(from), to.and_then(square)) else {
            return Err(TurnError::Unreadable(
                "a move goes from one point of the board to another".into(),
            ));
        };
        let m = Move::new(from, to);
        if let Held::Public(told) = &mut self.held {
            if let Some(outcome) = told.game().outcome() {
                return Err(TurnError::GameOver(outcome));
            }
            let position = told.game().position();
            if let Err(illegal) = position.check_move(m) {
                return Err(TurnError::Illegal(illegal));
            }
            if position.piece_at(from).is_some_and(|p| p.is_hidden()) {
                return Err(TurnError::RevealUntold);
            }
            told.play(&m.to_string()).map_err(told_refusal)?;
            return Ok(m.to_string());
        }
        self.play_move(m, None, "")?;
        Ok(m.to_string())
    }

    /// Perft counts moves by the rules of movement alone (data/perft.tsv); a Jieqi deal's
    /// reveals follow the deal.
    fn perft(&self, depth: u32) -> u64 {
        match &self.held {
            Held::Game(game) => match &**game {
                AnyGame::Jieqi(game) => game.perft(depth),
                AnyGame::Xiangqi(game) => game.position().perft(depth),
            },
            Held::Public(told) => told.game().position().perft(depth),
        }
    }

    fn boxed(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }

    fn view_text(&self, viewer: Side, notation: Notation) -> String {
        render(&self.view(viewer), notation)
    }

    /// A game's view; a public position (no deal) is the same to both.
    fn table(&self, viewer: Side) -> Table {
        table_of_view(self.view(viewer))
    }

    /// A player's view or the public one; once over, everything (the view then shows every
    /// captured identity) with the full-knowledge FEN.
    fn knowledge(&self, receiver: Receiver) -> Knowledge {
        let over = self.outcome().is_some();
        let view = match receiver {
            _ if over => self.view(Side::Red),
            Receiver::Player(side) => self.view(side),
            Receiver::Spectator => self.view(Side::Red).public(),
        };
        let position = match (&self.held, over) {
            (Held::Game(game), true) => match &**game {
                AnyGame::Jieqi(jieqi) => jieqi.to_full_fen(),
                AnyGame::Xiangqi(_) => view.to_fen(),
            },
            _ => view.to_fen(),
        };
        knowledge_of(&view, position)
    }

    /// A player's view or the public one, as while the game runs.
    fn sealed_knowledge(&self, receiver: Receiver) -> Knowledge {
        let view_of = |side| match &self.held {
            Held::Game(game) => match &**game {
                AnyGame::Jieqi(jieqi) => jieqi.sealed_view(side),
                AnyGame::Xiangqi(xiangqi) => xiangqi.view(side),
            },
            Held::Public(_) => self.view(side),
        };
        let view = match receiver {
            Receiver::Player(side) => view_of(side),
            Receiver::Spectator => view_of(Side::Red).public(),
        };
        knowledge_of(&view, view.to_fen())
    }

    fn plies(&self) -> usize {
        match &self.held {
            Held::Game(game) => game.moves().len(),
            Held::Public(told) => told.plies(),
        }
    }

    fn undo(&mut self) -> bool {
        match &mut self.held {
            Held::Game(game) => game.undo().is_some(),
            Held::Public(told) => told.undo(),
        }
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, EndError> {
        match &mut self.held {
            Held::Game(game) => game.resign(side).map_err(end_refusal),
            Held::Public(told) => told.game_mut().resign(side).map_err(end_refusal),
        }
    }

    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, EndError> {
        match &mut self.held {
            Held::Game(game) => game.lose_on_time(side).map_err(end_refusal),
            Held::Public(told) => told.game_mut().lose_on_time(side).map_err(end_refusal),
        }
    }

    fn agree_draw(&mut self) -> Result<Outcome, EndError> {
        match &mut self.held {
            Held::Game(game) => game.agree_draw().map_err(end_refusal),
            Held::Public(told) => told.game_mut().agree_draw().map_err(end_refusal),
        }
    }

    fn table_at(&self, viewer: Side, ply: usize) -> Option<Table> {
        self.view(viewer).at_ply(ply).map(table_of_view)
    }

    fn save_json(&self, settings: SaveSettings) -> Option<String> {
        Some(SavedGame::of(self.family_game()?, settings).to_json())
    }

    fn record_text(&self, viewer: Side, notation: Notation) -> String {
        Record::of_view(&self.view(viewer)).write(notation)
    }

    fn family_game(&self) -> Option<&AnyGame> {
        match &self.held {
            Held::Game(game) => Some(game),
            Held::Public(_) => None,
        }
    }

    fn family_game_mut(&mut self) -> Option<&mut AnyGame> {
        match &mut self.held {
            Held::Game(game) => Some(game),
            Held::Public(_) => None,
        }
    }
}

/// A Xiangqi or Jieqi game, driven as the platform drives any variant.
impl From<AnyGame> for Box<dyn PlayedGame> {
    fn from(game: AnyGame) -> Self {
        let def = match game.kind() {
            Family::Xiangqi => &XIANGQI,
            Family::Jieqi => &JIEQI,
        };
        Box::new(PlatformGame {
            def,
            held: Held::Game(Box::new(game)),
        })
    }
}

/// A move as a click makes it.
fn table_turn(position: &Position, m: Move) -> TableTurn {
    TableTurn {
        from: spot(m.from),
        to: Some(spot(m.to)),
        text: m.to_string(),
        capture: position.piece_at(m.to).is_some(),
    }
}

/// A captured tray: WXF letters, `?` for an identity the viewer never saw.
fn tray(pieces: &[SeenPiece]) -> String {
    if pieces.is_empty() {
        return "-".into();
    }
    pieces
        .iter()
        .map(|p| match p.role() {
            Some(role) => role.wxf_char().to_string(),
            None => "?".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A view for a terminal: the board, the trays, the unseen pool, the moves, the notices, and
/// the viewer's FEN last.
fn render(view: &PlayerView, notation: Notation) -> String {
    let mut out = String::new();
    let status = match view.outcome {
        Some(outcome) => outcome.to_string(),
        None => format!("{} to move", view.turn()),
    };
    out.push_str(&format!(
        "{}'s view of {}: {status}\n",
        view.viewer, view.variant
    ));
    for rank in (0..10).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9 {
            let c = Square::new(file, rank)
                .and_then(|sq| view.position.piece_at(sq))
                .map_or('.', |p| p.fen_char());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h i\n");
    for side in Side::ALL {
        out.push_str(&format!(
            "captured by {side}: {}\n",
            tray(&view.captured_by(side))
        ));
    }
    out.push_str(&format!("unseen identities: {}\n", view.pool));
    if let Some(seed) = view.reveal.as_ref().and_then(|r| r.seed) {
        out.push_str(&format!("seed: {seed}\n"));
    }
    let texts = view.move_texts(notation);
    if !texts.is_empty() {
        out.push_str(&format!("moves: {}\n", texts.join(" ")));
    }
    for notice in &view.notices {
        out.push_str(&format!("notice: {notice}\n"));
    }
    out.push_str(&view.to_fen());
    out.push('\n');
    out
}

/// A receiver's knowledge from its view: the turns as it writes them, with the face-down
/// identities it knows, and its position text.
fn knowledge_of(view: &PlayerView, position: String) -> Knowledge {
    let turns = view
        .move_texts(Notation::Iccs)
        .into_iter()
        .zip(view.face_down_captures())
        .map(|(text, captured)| KnownTurn { text, captured })
        .collect();
    Knowledge { position, turns }
}
