//! Soldiers as the platform drives it (`docs/adding-a-variant.md`, sections 2 and 5): its
//! words, its board, the registration [`TOY`], the game driven through text and clicks, its
//! table, and its save and record (the envelope and the record syntax every variant shares).

use std::collections::BTreeMap;

use jieqi_rules::platform::{
    BoardShape, EndError, Grid, Information, Knowledge, KnownTurn, LoadError, Look, PlayedGame,
    Receiver, Replay, SaveSettings, SearchNode, SetupError, Spot, Table, TableTurn, TurnError,
    Variant,
};
use jieqi_rules::quote::{quote, shorten};
use jieqi_rules::{
    DrawReason, Ending, Notation, OptionSpec, Outcome, RecordResult, RecordText, Role, SAVE_FORMAT,
    SAVE_VERSION, SaveError, Seed, Side, WinReason, Words, read_envelope,
};
use serde::{Deserialize, Serialize};

use crate::game::{
    COLUMNS, MAX_TURNS, PlayError, Point, Position, ROWS, Refusal, Soldiers, TurnTextError,
    read_turn_text,
};
use crate::search::SoldiersNode;

/// "Soldiers 兵卒": only characters the game's font already has (a test checks).
pub const TITLE: Words = Words::new("Soldiers 兵卒", "Soldaten 兵卒", "兵卒");

/// Every reason a turn is refused, short, for a screen (see [`refusal_words`]).
pub const REASONS: &[Words] = &[
    Words::new(
        "there is no piece there",
        "dort steht keine Figur",
        "此處無子",
    ),
    Words::new(
        "that piece is not yours",
        "das ist nicht deine Figur",
        "這不是你的棋子",
    ),
    Words::new(
        "a soldier goes one square forward",
        "ein Soldat zieht ein Feld vorwärts",
        "兵卒只能向前走一格",
    ),
    Words::new(
        "a soldier steps straight only onto an empty square",
        "ein Soldat zieht gerade nur auf ein leeres Feld",
        "兵卒直走只能走到空格",
    ),
    Words::new(
        "a soldier goes diagonally only to capture",
        "ein Soldat zieht schräg nur, um zu schlagen",
        "兵卒斜走只能吃子",
    ),
];

/// Why a turn is refused, short, for a screen; the refusal's `Display` is the detail.
pub const fn refusal_words(refusal: Refusal) -> Words {
    REASONS[match refusal {
        Refusal::NoPiece(_) => 0,
        Refusal::NotYours(_) => 1,
        Refusal::NotForward { .. } => 2,
        Refusal::Blocked(_) => 3,
        Refusal::NothingToTake(_) => 4,
    }]
}

/// The board: 3 × 3 squares, nothing drawn on it; rows named from 1.
pub static TOY_BOARD: BoardShape = BoardShape {
    columns: COLUMNS,
    rows: ROWS,
    grid: Grid::Squares,
    river: None,
    palaces: &[],
    marks: &[],
    first_row: 1,
};

/// Soldiers, registered (at run time: [`crate::register`]).
#[derive(Debug)]
pub struct ToyDef;

/// Soldiers.
pub static TOY: ToyDef = ToyDef;

/// Soldiers has no house rules: any `--rules` text but the empty one is refused.
fn no_rules(rules: &str) -> Result<(), SetupError> {
    match rules.trim() {
        "" => Ok(()),
        other => Err(SetupError::Rules(
            format!("Soldiers has no house rules ('{}')", quote(other)).into(),
        )),
    }
}

fn turn_error(error: PlayError) -> TurnError {
    match error {
        PlayError::GameOver(outcome) => TurnError::GameOver(outcome),
        PlayError::Refused(refusal) => TurnError::Refused {
            reason: refusal_words(refusal),
            detail: refusal.to_string(),
        },
    }
}

fn end_error(error: PlayError) -> EndError {
    match error {
        PlayError::GameOver(outcome) => EndError::GameOver(outcome),
        PlayError::Refused(_) => EndError::NotNow("the rules refuse it"),
    }
}

impl Variant for ToyDef {
    fn id(&self) -> &'static str {
        "toy"
    }

    fn name(&self) -> &'static str {
        "Soldiers"
    }

    fn title(&self) -> Words {
        TITLE
    }

    /// Its title and every reason it gives for refusing a turn (it has no options).
    fn words(&self) -> Vec<Words> {
        let mut words = vec![TITLE];
        words.extend_from_slice(REASONS);
        words
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    fn information(&self) -> Information {
        Information::Open
    }

    fn deals(&self) -> bool {
        false
    }

    fn claims(&self, text: &str) -> bool {
        Position::claims(text)
    }

    fn start(&self, seed: Option<Seed>, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        if seed.is_some() {
            return Err(SetupError::NoDeal(self.name()));
        }
        no_rules(rules)?;
        Ok(Box::new(ToyGame(Soldiers::default())))
    }

    fn position(&self, text: &str, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        let position = Position::parse(text).map_err(|e| SetupError::Unreadable(e.into()))?;
        no_rules(rules)?;
        Ok(Box::new(ToyGame(Soldiers::from_position(position))))
    }

    fn deal_text(&self, _: Seed) -> Option<String> {
        None
    }

    fn board(&self) -> &'static BoardShape {
        &TOY_BOARD
    }

    fn replay(&self, text: &str, _: Notation) -> Result<Replay, LoadError> {
        let (game, end) = if text.trim_start().starts_with('{') {
            let game = ToySave::from_json(text)
                .and_then(|save| save.restore())
                .map_err(|e| LoadError::Save(e.into()))?;
            let end = match game.outcome() {
                Some(outcome) => outcome.to_string(),
                None => format!("game in progress, {} to move", game.turn()),
            };
            (game, end)
        } else {
            let game = read_record(text).map_err(|e| LoadError::Record(e.into()))?;
            let end = format!("result {}", RecordResult::of(game.outcome()));
            (game, end)
        };
        let turns = game.history().iter().map(|t| t.to_string()).collect();
        Ok(Replay {
            second_moves_first: game.start().turn() == Side::Black,
            ..Replay::new(turns, end)
        })
    }

    fn load_save(&self, json: &str) -> Result<(Box<dyn PlayedGame>, SaveSettings), LoadError> {
        let save = ToySave::from_json(json).map_err(|e| LoadError::Save(e.into()))?;
        let game = save.restore().map_err(|e| LoadError::Save(e.into()))?;
        Ok((Box::new(ToyGame(game)), save.settings))
    }

    fn record_game(&self, text: &str) -> Result<Box<dyn PlayedGame>, LoadError> {
        let game = read_record(text).map_err(|e| LoadError::Record(e.into()))?;
        Ok(Box::new(ToyGame(game)))
    }
}

/// A game of Soldiers as the platform drives it.
#[derive(Clone, Debug)]
struct ToyGame(Soldiers);

fn spot(point: Point) -> Spot {
    Spot::new(point.column(), point.row())
}

fn point(spot: Spot) -> Result<Point, TurnError> {
    Point::new(spot.column, spot.row).ok_or_else(|| {
        TurnError::Unreadable("a turn goes from one square of the board to another".into())
    })
}

fn soldier(side: Side) -> Look {
    Look::Up {
        side,
        role: Role::Soldier,
    }
}

/// The table after `ply` turns of `game`, as anyone sees it (everything is open).
fn table_of(game: &Soldiers, viewer: Side, ply: usize) -> Option<Table> {
    let position = game.position_at(ply)?;
    let mut then = game.clone();
    while then.history().len() > ply {
        then.undo();
    }
    let history = &game.history()[..ply];
    Some(Table {
        viewer,
        turn: position.turn(),
        colour_to_move: Some(position.turn()),
        pieces: Point::all()
            .filter_map(|p| position.cell(p).map(|side| (spot(p), soldier(side))))
            .collect(),
        turns: then
            .legal_turns()
            .into_iter()
            .map(|turn| TableTurn {
                from: spot(turn.from),
                to: Some(spot(turn.to)),
                text: turn.to_string(),
                capture: turn.capture,
            })
            .collect(),
        last: history.last().map(|t| (spot(t.from), Some(spot(t.to)))),
        history: history.iter().map(|t| t.to_string()).collect(),
        first: game.start().turn(),
        outcome: then.outcome(),
        check: None,
        notices: Vec::new(),
        captured: Side::ALL
            .map(|side| vec![soldier(side.other()); game.captures(ply)[side.index()]]),
        colours: [Some(Side::Red), Some(Side::Black)],
        seed: None,
        view: None,
    })
}

impl PlayedGame for ToyGame {
    fn variant(&self) -> &'static dyn Variant {
        &TOY
    }

    fn turn(&self) -> Side {
        self.0.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn legal_texts(&self, _: Notation) -> Vec<String> {
        self.0
            .legal_turns()
            .into_iter()
            .map(|t| t.to_string())
            .collect()
    }

    /// `a1-a2` or `a2xb3`; the sign must say what the turn is.
    fn play_text(&mut self, text: &str) -> Result<(), TurnError> {
        let (from, to, says_capture) =
            read_turn_text(text).map_err(|e| TurnError::Unreadable(e.into()))?;
        if let Some(outcome) = self.0.outcome() {
            return Err(TurnError::GameOver(outcome));
        }
        let turn = self
            .0
            .position()
            .check(from, to)
            .map_err(|refusal| turn_error(PlayError::Refused(refusal)))?;
        if turn.capture != says_capture {
            let what = if turn.capture { "a capture" } else { "a step" };
            return Err(TurnError::Unreadable(
                TurnTextError::WrongSign {
                    text: quote(text),
                    what,
                    turn,
                }
                .into(),
            ));
        }
        self.0.play(from, to).map(drop).map_err(turn_error)
    }

    fn play_turn(&mut self, from: Spot, to: Option<Spot>) -> Result<String, TurnError> {
        let from = point(from)?;
        let to = to.ok_or_else(|| {
            TurnError::Unreadable("a soldier's turn goes from its square to another".into())
        })?;
        let turn = self.0.play(from, point(to)?).map_err(turn_error)?;
        Ok(turn.to_string())
    }

    fn perft(&self, depth: u32) -> u64 {
        match self.0.outcome() {
            Some(_) => u64::from(depth == 0),
            None => self.0.position().perft(depth),
        }
    }

    fn boxed(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }

    /// The board (`P` Red, `p` Black), how the game stands, the turns, the position's text
    /// last. Everything is open: every viewer sees the same.
    fn view_text(&self, _: Side, _: Notation) -> String {
        let position = self.0.position();
        let mut out = match self.0.outcome() {
            Some(outcome) => format!("Soldiers: {outcome}\n"),
            None => format!("Soldiers: {} to move\n", position.turn()),
        };
        for row in (0..ROWS).rev() {
            out.push_str(&format!("{} ", row + 1));
            for column in 0..COLUMNS {
                let cell = Point::new(column, row).and_then(|p| position.cell(p));
                out.push(' ');
                out.push(match cell {
                    Some(Side::Red) => 'P',
                    Some(Side::Black) => 'p',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("   a b c\n");
        if !self.0.history().is_empty() {
            let turns: Vec<String> = self.0.history().iter().map(|t| t.to_string()).collect();
            out.push_str(&format!("turns: {}\n", turns.join(" ")));
        }
        out.push_str(&position.to_text());
        out.push('\n');
        out
    }

    fn table(&self, viewer: Side) -> Table {
        table_of(&self.0, viewer, self.0.history().len()).expect("the present is a ply")
    }

    fn table_at(&self, viewer: Side, ply: usize) -> Option<Table> {
        table_of(&self.0, viewer, ply)
    }

    fn search_node(&self) -> Option<Box<dyn SearchNode>> {
        Some(Box::new(SoldiersNode::new(
            *self.0.position(),
            self.0.outcome(),
        )))
    }

    /// Everything is public: every receiver knows the same.
    fn knowledge(&self, _: Receiver) -> Knowledge {
        let turns = self.0.history().iter();
        Knowledge {
            position: self.0.position().to_text(),
            turns: turns
                .map(|turn| KnownTurn {
                    text: turn.to_string(),
                    captured: None,
                })
                .collect(),
        }
    }

    /// Nothing is hidden, so nothing is sealed.
    fn sealed_knowledge(&self, receiver: Receiver) -> Knowledge {
        self.knowledge(receiver)
    }

    fn plies(&self) -> usize {
        self.0.history().len()
    }

    fn undo(&mut self) -> bool {
        self.0.undo()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, EndError> {
        self.0.resign(side).map_err(end_error)
    }

    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, EndError> {
        self.0.lose_on_time(side).map_err(end_error)
    }

    fn agree_draw(&mut self) -> Result<Outcome, EndError> {
        self.0.agree_draw().map_err(end_error)
    }

    fn save_json(&self, settings: SaveSettings) -> Option<String> {
        Some(ToySave::of(&self.0, settings).to_json())
    }

    /// Nothing is hidden: every viewer may keep the whole record.
    fn record_text(&self, _: Side, _: Notation) -> String {
        write_record(&self.0)
    }
}

/// A saved game of Soldiers in the envelope every save shares (`format`, `version`):
///
/// ```json
/// { "format": "jieqi-save", "version": 1, "variant": "toy",
///   "moves": ["a1-a2", "c3-c2"], "ending": null, "settings": { "opponent": "human" } }
/// ```
///
/// `start` is written only for a game not from the standard start. Loading replays and
/// re-checks every turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ToySave {
    format: String,
    version: u32,
    variant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    moves: Vec<String>,
    #[serde(default)]
    ending: Option<Ending>,
    #[serde(default)]
    settings: BTreeMap<String, serde_json::Value>,
}

impl ToySave {
    fn of(game: &Soldiers, settings: SaveSettings) -> ToySave {
        let ending = match game.outcome() {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }) => Some(Ending::Resigned(winner.other())),
            Some(Outcome::Win {
                winner,
                reason: WinReason::Time,
            }) => Some(Ending::LostOnTime(winner.other())),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            }) => Some(Ending::DrawAgreed),
            _ => None,
        };
        ToySave {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            variant: TOY.id().into(),
            start: (*game.start() != Position::START).then(|| game.start().to_text()),
            moves: game.history().iter().map(|t| t.to_string()).collect(),
            ending,
            settings,
        }
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a saved game always serialises")
    }

    fn from_json(text: &str) -> Result<ToySave, SaveError> {
        let value = read_envelope(text)?;
        let save: ToySave = serde_json::from_value(value)
            .map_err(|e| SaveError::BadField(shorten(&e.to_string(), 160)))?;
        if save.variant != TOY.id() {
            return Err(SaveError::BadField(format!(
                "variant '{}' is not toy",
                quote(&save.variant)
            )));
        }
        Ok(save)
    }

    fn restore(&self) -> Result<Soldiers, SaveError> {
        let start = match &self.start {
            None => Position::START,
            Some(text) => Position::parse(text).map_err(|e| SaveError::BadStart(e.to_string()))?,
        };
        let mut game = Soldiers::from_position(start);
        for (i, text) in self.moves.iter().enumerate() {
            let mut played = ToyGame(game);
            played.play_text(text).map_err(|e| SaveError::IllegalMove {
                ply: i + 1,
                text: quote(text),
                reason: e.to_string(),
            })?;
            game = played.0;
        }
        let ended = match self.ending {
            None => return Ok(game),
            Some(Ending::Resigned(side)) => game.resign(side),
            Some(Ending::LostOnTime(side)) => game.lose_on_time(side),
            Some(Ending::DrawAgreed) => game.agree_draw(),
        };
        ended.map_err(|_| SaveError::BadEnding)?;
        Ok(game)
    }
}

/// Why a text is no record of Soldiers.
#[derive(Debug, thiserror::Error)]
enum RecordError {
    #[error(transparent)]
    Text(#[from] jieqi_rules::RecordError),
    #[error("the record is of {0}, not Soldiers")]
    Other(String),
    #[error("tag FEN: {0}")]
    Start(#[from] crate::game::TextError),
    #[error("turn {ply}: {source}")]
    Turn { ply: usize, source: TurnError },
    #[error("the Result tag says {result}, but the game ended: {outcome}")]
    Mismatch {
        result: RecordResult,
        outcome: Outcome,
    },
}

/// The record: `[Variant "Soldiers"]`, `[FEN "…"]` for a game not from the standard start,
/// `[Result "…"]`, then the numbered turns and the result.
fn write_record(game: &Soldiers) -> String {
    let mut out = String::new();
    RecordText::write_tag(&mut out, "Variant", TOY.name());
    if *game.start() != Position::START {
        RecordText::write_tag(&mut out, "FEN", &game.start().to_text());
    }
    let result = RecordResult::of(game.outcome());
    RecordText::write_tag(&mut out, "Result", result.as_str());
    out.push('\n');
    let black_first = game.start().turn() == Side::Black;
    let mut words = Vec::new();
    for (i, turn) in game.history().iter().enumerate() {
        let number = (i + usize::from(black_first)) / 2 + 1;
        match (i, black_first) {
            (0, true) => words.push(format!("{number}...")),
            _ if (i + usize::from(black_first)) % 2 == 0 => words.push(format!("{number}.")),
            _ => {}
        }
        words.push(turn.to_string());
    }
    words.push(result.to_string());
    RecordText::write_words(&mut out, words);
    out
}

/// Reads a record, every turn checked; a result the turns do not reach is played as a
/// resignation or an agreed draw, one they contradict refused.
fn read_record(text: &str) -> Result<Soldiers, RecordError> {
    let record = RecordText::split(text, MAX_TURNS)?;
    if let Some(variant) = record.tag("Variant") {
        let variant = variant.trim();
        if !variant.eq_ignore_ascii_case(TOY.id()) && !variant.eq_ignore_ascii_case(TOY.name()) {
            return Err(RecordError::Other(quote(variant)));
        }
    }
    let start = match record.tag("FEN") {
        Some(fen) => Position::parse(fen)?,
        None => Position::START,
    };
    let mut game = ToyGame(Soldiers::from_position(start));
    for (i, turn) in record.turns.iter().enumerate() {
        game.play_text(turn)
            .map_err(|source| RecordError::Turn { ply: i + 1, source })?;
    }
    let mut game = game.0;
    match (game.outcome(), record.result) {
        (_, RecordResult::Unfinished) => {}
        (Some(outcome), result) if result != RecordResult::of(Some(outcome)) => {
            return Err(RecordError::Mismatch { result, outcome });
        }
        (Some(_), _) => {}
        // The game runs: ending it cannot be refused.
        (None, RecordResult::Draw) => _ = game.agree_draw(),
        (None, RecordResult::RedWon) => _ = game.resign(Side::Black),
        (None, RecordResult::BlackWon) => _ = game.resign(Side::Red),
    }
    Ok(game)
}
