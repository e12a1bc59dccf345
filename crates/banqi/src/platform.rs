//! Banqi as the platform drives it ([`jieqi_rules::platform`]): the registration [`BANQI`] and
//! a game driven through text. The platform names players by [`Side`]; in Banqi that is the
//! seat, Red standing for the player who moves first, whatever colour the first flip gives
//! them.

use jieqi_rules::platform::{
    BoardShape, EndError, Grid, Information, Knowledge, KnownTurn, LoadError, Look, PlayedGame,
    Receiver, Replay, SaveSettings, SearchNode, SetupError, Spot, Table, TableTurn, TurnError,
    Variant, titled_options_words,
};
use jieqi_rules::quote::quote;
use jieqi_rules::{Notation, OptionSpec, Outcome, RecordResult, Seed, Side, Words};

use crate::board::{Cell, Point, Seat, piece_letter};
use crate::deal::BanqiDeal;
use crate::game::{Banqi, BanqiError};
use crate::notation::{parse_turn, parse_turn_text, write_turn};
use crate::options::{OPTIONS, Options};
use crate::record::{read_record, write_record};
use crate::rules::Turn;
use crate::save::BanqiSave;
use crate::search::BanqiNode;
use crate::view::BanqiView;
use crate::words::{REASONS, TITLE, refusal_words};

/// Banqi's board (rules.md §11): 4 rows of 8 squares, nothing else drawn on it.
pub static BANQI_BOARD: BoardShape = BoardShape {
    columns: 8,
    rows: 4,
    grid: Grid::Squares,
    river: None,
    palaces: &[],
    marks: &[],
    first_row: 1,
};

fn spot(point: Point) -> Spot {
    Spot::new(point.column(), point.row())
}

/// What a seat sees, as a screen draws it: face-down pieces are blank backs (nobody knows
/// their colour), until the end turns them up.
pub fn table_of_view(view: &BanqiView) -> Table {
    let revealed = |p: Point| {
        view.reveal
            .as_ref()
            .and_then(|r| r.face_down.iter().find(|(q, _)| *q == p))
            .map(|&(_, piece)| piece)
    };
    let pieces = Point::all()
        .filter_map(|p| {
            let look = match (view.cell(p), revealed(p)) {
                (Cell::Empty, _) => return None,
                (Cell::FaceUp(piece), _) | (Cell::FaceDown, Some(piece)) => Look::Up {
                    side: piece.side(),
                    role: piece.role(),
                },
                (Cell::FaceDown, None) => Look::Down {
                    side: None,
                    moves_as: None,
                },
            };
            Some((spot(p), look))
        })
        .collect();
    let turns = view
        .legal_turns
        .iter()
        .map(|&turn| TableTurn {
            from: spot(turn.from()),
            to: turn.to().map(spot),
            text: write_turn(turn, None),
            capture: turn.is_capture(),
        })
        .collect();
    Table {
        viewer: side(view.viewer),
        turn: side(view.turn()),
        colour_to_move: view.position.colour_to_move(),
        pieces,
        turns,
        last: view
            .history
            .last()
            .map(|seen| (spot(seen.turn.from()), seen.turn.to().map(spot))),
        history: view.history.iter().map(|t| t.to_string()).collect(),
        first: side(view.start.turn()),
        outcome: view.outcome,
        check: None,
        notices: Vec::new(),
        captured: Seat::BOTH.map(|seat| {
            view.captured_by(seat)
                .into_iter()
                .map(|piece| Look::Up {
                    side: piece.side(),
                    role: piece.role(),
                })
                .collect()
        }),
        colours: Seat::BOTH.map(|seat| view.colour(seat)),
        seed: view.reveal.as_ref().and_then(|r| r.seed),
        view: None,
    }
}

/// Banqi, registered.
#[derive(Debug)]
pub struct BanqiDef;

/// Banqi (rules.md §11).
pub static BANQI: BanqiDef = BanqiDef;

fn options(rules: &str) -> Result<Options, SetupError> {
    rules
        .parse::<Options>()
        .map_err(|e| SetupError::Rules(e.into()))
}

fn seat(side: Side) -> Seat {
    match side {
        Side::Red => Seat::First,
        Side::Black => Seat::Second,
    }
}

fn side(seat: Seat) -> Side {
    match seat {
        Seat::First => Side::Red,
        Seat::Second => Side::Black,
    }
}

fn played(game: Banqi, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
    let game = game
        .under(options(rules)?)
        .map_err(|e| SetupError::Rules(e.into()))?;
    Ok(Box::new(BanqiGame(game, false)))
}

/// A refusal of the game's as the platform says it.
fn turn_refusal(error: BanqiError) -> TurnError {
    match error {
        BanqiError::Refused(refusal) => TurnError::Refused {
            reason: refusal_words(refusal),
            detail: refusal.to_string(),
        },
        BanqiError::GameOver(outcome) => TurnError::GameOver(outcome),
        other => TurnError::Unreadable(other.into()),
    }
}

fn end_refusal(error: BanqiError) -> EndError {
    match error {
        BanqiError::GameOver(outcome) => EndError::GameOver(outcome),
        BanqiError::NoColoursYet => {
            EndError::NotNow("nobody has a colour before the first flip, so nobody can resign yet")
        }
        _ => EndError::NotNow("the rules refuse it"),
    }
}

impl Variant for BanqiDef {
    fn id(&self) -> &'static str {
        "banqi"
    }

    fn name(&self) -> &'static str {
        "Banqi"
    }

    fn title(&self) -> Words {
        TITLE
    }

    /// Its title and options, and every reason it gives for refusing a turn.
    fn words(&self) -> Vec<Words> {
        let mut words = titled_options_words(TITLE, OPTIONS);
        words.extend_from_slice(REASONS);
        words
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    /// Face-down pieces are unknown to both players alike (rules.md §11).
    fn information(&self) -> Information {
        Information::Shared
    }

    fn deals(&self) -> bool {
        true
    }

    /// A text of 4 rows of 8 (`?…/…/…/… f - 0 1`): no Xiangqi FEN has four ranks.
    fn claims(&self, text: &str) -> bool {
        text.split_whitespace()
            .next()
            .is_some_and(|placement| placement.split('/').count() == 4)
    }

    fn start(&self, seed: Option<Seed>, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        let seed = seed.ok_or(SetupError::NeedsSeed(self.name()))?;
        played(Banqi::from_seed(seed), rules)
    }

    /// Only the full-knowledge form can be played: a flip must turn up something.
    fn position(&self, text: &str, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError> {
        if crate::BanqiPosition::parse(text).is_ok() {
            return Err(SetupError::Unsupported(
                "a public Banqi position cannot be played: a flip must turn something up; \
                 write each face-down piece's identity after its ? (as deal prints it, e.g. ?R)"
                    .into(),
            ));
        }
        let game = Banqi::from_full_text(text).map_err(|e| SetupError::Unreadable(e.into()))?;
        played(game, rules)
    }

    fn deal_text(&self, seed: Seed) -> Option<String> {
        Some(Banqi::from_deal(&BanqiDeal::from_seed(seed)).start_full_text())
    }

    fn board(&self) -> &'static BoardShape {
        &BANQI_BOARD
    }

    /// The seat is the side; the first flip gives it a colour.
    fn sides_are_colours(&self) -> bool {
        false
    }

    fn load_save(&self, json: &str) -> Result<(Box<dyn PlayedGame>, SaveSettings), LoadError> {
        let save = BanqiSave::from_json(json).map_err(|e| LoadError::Save(e.into()))?;
        let game = save.restore().map_err(|e| LoadError::Save(e.into()))?;
        Ok((Box::new(BanqiGame(game, false)), save.settings))
    }

    /// [`Banqi::from_public_turns`]: a public position must tell its face-down pool (before
    /// any capture, or every piece face up).
    fn told_game(
        &self,
        position: Option<&str>,
        turns: &[&str],
        rules: &str,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        let start = position
            .map(crate::BanqiPosition::parse)
            .transpose()
            .map_err(|e| SetupError::Unreadable(e.into()))?;
        let game = Banqi::from_public_turns(start.as_ref(), turns, options(rules)?)
            .map_err(|e| SetupError::Turn(e.into()))?;
        Ok(Box::new(BanqiGame(game, true)))
    }

    /// A seedless record is refused: its face-down pieces would be the reader's fixed
    /// placement (see [`read_record`]), which players could work out, and a finished game
    /// would show them as the deal's.
    fn record_game(&self, text: &str) -> Result<Box<dyn PlayedGame>, LoadError> {
        let read = read_record(text).map_err(|e| LoadError::Record(e.into()))?;
        if !read.dealt {
            return Err(LoadError::NeedsSeed(self.name()));
        }
        Ok(Box::new(BanqiGame(read.game, false)))
    }

    /// A save or a record; Banqi has one notation. As for the other variants, a save ends
    /// with how the game stands, a record with its result.
    fn replay(&self, text: &str, _: Notation) -> Result<Replay, LoadError> {
        let (game, end) = if text.trim_start().starts_with('{') {
            let game = BanqiSave::from_json(text)
                .and_then(|save| save.restore())
                .map_err(|e| LoadError::Save(e.into()))?;
            let end = match game.outcome() {
                Some(outcome) => outcome.to_string(),
                None => format!("game in progress, {} to move", game.turn()),
            };
            (game, end)
        } else {
            let game = read_record(text)
                .map_err(|e| LoadError::Record(e.into()))?
                .game;
            let end = format!("result {}", RecordResult::of(game.outcome()));
            (game, end)
        };
        Ok(Replay::new(
            game.history()
                .iter()
                .map(|seen| write_turn(seen.turn, seen.revealed))
                .collect(),
            end,
        ))
    }
}

/// A Banqi game with its deal; or, `true`, told from its public turns
/// ([`Banqi::from_public_turns`]), its face-down pieces placed rather than dealt: then it
/// has no save, and its end shows no face-down pieces.
#[derive(Clone)]
struct BanqiGame(Banqi, bool);

impl BanqiGame {
    /// What `seat` sees; a told game's end reveals nothing (its face-down pieces are made up).
    fn view(&self, seat: Seat) -> BanqiView {
        view_of(&self.0, seat, self.1)
    }

    /// What everyone knows (a capture takes a face-up piece); `end_shown`: once over, the
    /// full-knowledge text.
    fn known(&self, end_shown: bool) -> Knowledge {
        let view = self.view(self.0.turn());
        let position = if end_shown {
            self.0.to_full_text()
        } else {
            view.position.to_text()
        };
        let turns = view
            .history
            .iter()
            .map(|seen| KnownTurn {
                text: seen.to_string(),
                captured: None,
            })
            .collect();
        Knowledge { position, turns }
    }
}

fn view_of(game: &Banqi, seat: Seat, placed: bool) -> BanqiView {
    let mut view = game.view(seat);
    if placed && let Some(reveal) = &mut view.reveal {
        reveal.face_down.clear();
    }
    view
}

impl PlayedGame for BanqiGame {
    fn variant(&self) -> &'static dyn Variant {
        &BANQI
    }

    fn turn(&self) -> Side {
        side(self.0.turn())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    /// Banqi has one notation; a flip is written without its piece (not known before).
    fn legal_texts(&self, _: Notation) -> Vec<String> {
        self.0
            .legal_turns()
            .into_iter()
            .map(|turn| write_turn(turn, None))
            .collect()
    }

    /// Read against the view, not the game (parsing must not tell what lies face down); a
    /// flip's letter, when written, must then be what the deal turned up, as in Jieqi. A told
    /// game has no deal: each flip must name its piece, which is then what it turns up.
    fn play_text(&mut self, text: &str) -> Result<(), TurnError> {
        let unreadable = |e: crate::ParseTurnError| match e {
            crate::ParseTurnError::Illegal(refusal) => turn_refusal(BanqiError::Refused(refusal)),
            crate::ParseTurnError::GameOver(outcome) => TurnError::GameOver(outcome),
            other => TurnError::Unreadable(other.into()),
        };
        let view = self.view(self.0.turn());
        let turn = parse_turn(&view, text).map_err(unreadable)?;
        let (_, named) = parse_turn_text(text).map_err(unreadable)?;
        if let (Turn::Flip(point), true) = (turn, self.1) {
            let piece = named.ok_or_else(|| {
                TurnError::Unreadable(
                    format!(
                        "'{}': a flip must say what it turned up, e.g. {point}=R",
                        quote(text)
                    )
                    .into(),
                )
            })?;
            // `parse_turn` found such a piece still face down.
            self.0.place_face_down(point, piece);
        }
        self.0.play(turn).map_err(turn_refusal)?;
        let turned_up = self.0.history().last().and_then(|t| t.revealed);
        if named.is_some() && named != turned_up {
            self.0.undo();
            return Err(TurnError::NotTheDeal {
                text: quote(text),
                what: "flip",
            });
        }
        Ok(())
    }

    /// A click on a face-down piece flips it; on an empty square, a move; on a piece, a
    /// capture. A told game has no deal: a flip must be told what it turned up, as text.
    fn play_turn(&mut self, from: Spot, to: Option<Spot>) -> Result<String, TurnError> {
        let point = |spot: Spot| {
            Point::new(spot.column, spot.row).ok_or_else(|| {
                TurnError::Unreadable("a turn goes from one square of the board to another".into())
            })
        };
        let from = point(from)?;
        let turn = match to.map(point).transpose()? {
            None => Turn::Flip(from),
            Some(to) if self.0.position().cell(to) == Cell::Empty => Turn::Move { from, to },
            Some(to) => Turn::Capture { from, to },
        };
        if turn.is_flip() && self.1 && self.0.outcome().is_none() {
            return Err(TurnError::RevealUntold);
        }
        self.0.play(turn).map_err(turn_refusal)?;
        Ok(write_turn(turn, None))
    }

    fn perft(&self, depth: u32) -> u64 {
        self.0.perft(depth)
    }

    fn boxed(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }

    fn view_text(&self, viewer: Side, _: Notation) -> String {
        render(&self.view(seat(viewer)))
    }

    fn table(&self, viewer: Side) -> Table {
        table_of_view(&self.view(seat(viewer)))
    }

    /// Both seats and a spectator know the same (a capture takes a face-up piece); once
    /// over, everything, with the full-knowledge text.
    fn knowledge(&self, _: Receiver) -> Knowledge {
        self.known(self.0.is_over())
    }

    /// As while the game runs: the face-down pieces stay face down.
    fn sealed_knowledge(&self, _: Receiver) -> Knowledge {
        self.known(false)
    }

    fn plies(&self) -> usize {
        self.0.history().len()
    }

    fn undo(&mut self) -> bool {
        self.0.undo().is_some()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, EndError> {
        self.0.resign(seat(side)).map_err(end_refusal)
    }

    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, EndError> {
        self.0.lose_on_time(seat(side)).map_err(end_refusal)
    }

    fn agree_draw(&mut self) -> Result<Outcome, EndError> {
        self.0.agree_draw().map_err(end_refusal)
    }

    /// The game taken back to `ply`: the view then, face-down pieces still unknown.
    fn table_at(&self, viewer: Side, ply: usize) -> Option<Table> {
        let plies = self.0.history().len();
        let mut then = self.0.clone();
        for _ in ply..plies {
            then.undo();
        }
        (ply <= plies).then(|| table_of_view(&view_of(&then, seat(viewer), self.1)))
    }

    /// A told game has none: its face-down pieces are no deal.
    fn save_json(&self, settings: SaveSettings) -> Option<String> {
        (!self.1).then(|| BanqiSave::of(&self.0, settings).to_json())
    }

    fn record_text(&self, _: Side, _: Notation) -> String {
        write_record(&self.0)
    }

    /// Built from the view of the seat to move: the public position, the pool and the
    /// history, never the deal. A finished game gives a node whose verdict says how it ended.
    fn search_node(&self) -> Option<Box<dyn SearchNode>> {
        Some(Box::new(BanqiNode::from_view(&self.view(self.0.turn()))))
    }
}

/// A view for a terminal: the board (`?` face down), who plays which colour, the captures,
/// the turns, and the position's text last.
fn render(view: &BanqiView) -> String {
    let mut out = String::new();
    let status = match view.outcome {
        Some(outcome) => outcome.to_string(),
        None => format!("{} to move", view.turn()),
    };
    out.push_str(&format!("{}'s view of Banqi: {status}\n", view.viewer));
    for row in (0..4u8).rev() {
        out.push_str(&format!("{} ", row + 1));
        for col in 0..8u8 {
            let c = match Point::new(col, row).map(|p| view.cell(p)) {
                Some(Cell::FaceUp(piece)) => piece_letter(piece),
                Some(Cell::FaceDown) => '?',
                _ => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    for s in [Seat::First, Seat::Second] {
        let colour = view
            .colour(s)
            .map_or("not yet known".to_string(), |c| c.to_string());
        let taken: String = view.captured_by(s).into_iter().map(piece_letter).collect();
        let taken = if taken.is_empty() { "-".into() } else { taken };
        out.push_str(&format!("{s} plays {colour}, captured: {taken}\n"));
    }
    if let Some(seed) = view.reveal.as_ref().and_then(|r| r.seed) {
        out.push_str(&format!("seed: {seed}\n"));
    }
    let turns: Vec<String> = view.history.iter().map(|t| t.to_string()).collect();
    if !turns.is_empty() {
        out.push_str(&format!("turns: {}\n", turns.join(" ")));
    }
    out.push_str(&view.position.to_text());
    out.push('\n');
    out
}
