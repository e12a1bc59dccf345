//! The platform's face of a variant (architecture.md, "Variants are plug-ins"): what a front
//! end needs to drive a variant it does not know. A variant's crate implements [`Variant`]
//! (what it is called, its options, who knows what, how its games start) and [`PlayedGame`]
//! (a game or position driven through text: legal turns, play, perft, a player's view); one
//! list, the `jieqi-variants` crate, registers them, and the front ends find variants there.
//!
//! Xiangqi and Jieqi are registered by this crate ([`XIANGQI`], [`JIEQI`], in [`family`]);
//! Banqi by its own crate. `docs/adding-a-variant.md` walks through adding one.

#![warn(missing_docs)]

pub mod error;
pub mod family;
pub mod search;
pub mod table;

use std::fmt;

use crate::any_game::AnyGame;
use crate::deal::Seed;
use crate::kind::Family;
use crate::notation::Notation;
use crate::outcome::Outcome;
use crate::rule_set::OptionSpec;
use crate::setup::Handicap;
use crate::types::Side;

pub use crate::words::Words;
pub use error::{Cause, EndError, LoadError, SetupError, TurnError};
pub use family::{JIEQI, XIANGQI};
pub use search::{Chance, SearchNode, TurnCode, Verdict};
pub use table::{BoardShape, Grid, Look, Spot, Table, TableTurn, Zone};

/// Who knows what in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Information {
    /// Everything is public (Xiangqi).
    Open,
    /// Each side knows things the other does not (Jieqi): two players sharing one screen need
    /// a cover between turns.
    PerSide,
    /// Something is hidden from both players alike (Banqi's face-down pieces): nothing to
    /// cover between them.
    Shared,
}

impl Information {
    /// Whether two players sharing one screen must hand it over under a cover.
    pub fn needs_cover(self) -> bool {
        self == Information::PerSide
    }
}

/// One variant, as the platform registers it.
pub trait Variant: Send + Sync {
    /// The name the command line, saves and records use: lower case, e.g. `banqi`.
    fn id(&self) -> &'static str;
    /// The name in English, e.g. `Banqi` (logs, the command line, records' `FamilyGame` tag).
    fn name(&self) -> &'static str;
    /// The title a screen shows, in each language ("Banqi 暗棋").
    fn title(&self) -> Words;
    /// Every text of its own a screen may show: its title, its options' names, explanations
    /// and values, and (a variant with reasons of its own) why it refuses a turn. A front
    /// end's font must hold each of their characters; a test checks.
    fn words(&self) -> Vec<Words> {
        titled_options_words(self.title(), self.options())
    }
    /// The house-rule options (rules.md §10), the default value first.
    fn options(&self) -> &'static [OptionSpec];
    /// Who knows what: whether two players on one screen need a cover between turns.
    fn information(&self) -> Information;
    /// Whether its games are dealt from a seed (rules.md §8).
    fn deals(&self) -> bool;
    /// Whether it may be played as a duplicate match (one deal twice, the colours swapped):
    /// it deals, and each side knows what the other does not (Jieqi; Banqi's deal is hidden
    /// from both alike).
    fn plays_duplicate(&self) -> bool {
        self.deals() && self.information().needs_cover()
    }
    /// Whether `text` is a position in this variant's own text form beyond doubt (a Jieqi FEN
    /// with face-down pieces or a pool, a Banqi position): the command line's guess when no
    /// variant is named. A text no variant claims is read as Xiangqi's.
    fn claims(&self, text: &str) -> bool;
    /// The game a seed deals (a variant that deals needs one) or the standard start, under
    /// `rules` (the options that differ from the defaults, as rule sets write them).
    fn start(&self, seed: Option<Seed>, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError>;
    /// A game from a position in the variant's text form, under `rules`.
    fn position(&self, text: &str, rules: &str) -> Result<Box<dyn PlayedGame>, SetupError>;
    /// The full-knowledge text of a seed's deal, for a variant that deals.
    fn deal_text(&self, seed: Seed) -> Option<String>;
    /// Its board, as a screen draws it.
    fn board(&self) -> &'static BoardShape;
    /// A saved game (JSON in the envelope every save shares) or a record of this variant,
    /// replayed with every turn checked, as its players saw it.
    fn replay(&self, text: &str, notation: Notation) -> Result<Replay, LoadError>;
    /// Whether a side is a colour (Xiangqi, Jieqi), or a seat whose colour the game decides
    /// (Banqi): a screen names sides by colour, or by player.
    fn sides_are_colours(&self) -> bool {
        true
    }
    /// Xiangqi or Jieqi, for what only they have (their engine, notations, rules window);
    /// `None` for any other variant.
    fn kind(&self) -> Option<Family> {
        None
    }
    /// Whether a game may start with pieces given as a handicap (Xiangqi's horses).
    fn gives_handicaps(&self) -> bool {
        false
    }
    /// The start with `handicap`'s pieces removed, under `rules`; without a handicap, the
    /// same as [`Self::start`] without a seed.
    fn start_handicapped(
        &self,
        handicap: Handicap,
        rules: &str,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        match handicap {
            Handicap::None => self.start(None, rules),
            _ => Err(SetupError::Unsupported(format!(
                "{} is not played with handicaps",
                self.name()
            ))),
        }
    }
    /// The game a save of this variant holds (every turn re-checked), and its app settings.
    fn load_save(&self, json: &str) -> Result<(Box<dyn PlayedGame>, SaveSettings), LoadError>;
    /// A record of this variant as a game to play on, every turn checked. A variant that
    /// deals needs the record's seed: what was never turned up would otherwise be a
    /// placement its players could work out, not the deal.
    fn record_game(&self, text: &str) -> Result<Box<dyn PlayedGame>, LoadError>;
    /// A game from what its players saw, for an engine that was never dealt it (`jieqi-cli
    /// uci`): the start (`position` `None`) or a position in the variant's public text form,
    /// then `turns`, each written as the players saw it (a Banqi flip with what it turned
    /// up), under `rules`; every turn checked. What nobody has seen is placed in some order
    /// consistent with everything told, so only what a player may know of the game is true:
    /// its legal turns, its outcome, its search node ([`PlayedGame::search_node`]); it has
    /// no save. The default: the variant cannot be told so.
    fn told_game(
        &self,
        _position: Option<&str>,
        _turns: &[&str],
        _rules: &str,
    ) -> Result<Box<dyn PlayedGame>, SetupError> {
        Err(SetupError::Unsupported(format!(
            "a {} game cannot be set up from its public turns",
            self.name()
        )))
    }
}

/// A title and every word of `options` (names, explanations, values): what
/// [`Variant::words`] lists for a variant without reasons of its own.
pub fn titled_options_words(title: Words, options: &[OptionSpec]) -> Vec<Words> {
    let mut words = vec![title];
    for option in options {
        words.extend([option.name, option.about]);
        if let crate::rule_set::OptionKind::Choice(choices) = option.kind {
            words.extend(choices.iter().map(|c| c.words));
        }
    }
    words
}

/// A replayed game: what its players saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The turns, in the notation asked for where the variant has several.
    pub turns: Vec<String>,
    /// The number of the first turn: the start position's move number (1 for a variant's own
    /// start).
    pub first_number: u32,
    /// Whether the side that normally moves second made the first turn (a Xiangqi or Jieqi
    /// game from a FEN with Black to move): it is numbered `1... C9=8`.
    pub second_moves_first: bool,
    /// The rules' warnings and hints, each with the turn that brought it (1 = after the first
    /// turn, 0 = at the start), in order.
    pub notices: Vec<(usize, String)>,
    /// How it ended (`result 1-0: Red wins: checkmate (mate by chariot)`, the outcome), or who
    /// is to move in a game still running.
    pub end: String,
}

impl Replay {
    /// A replay of turns from a variant's own start (numbered from 1, the first side first),
    /// without notices.
    pub fn new(turns: Vec<String>, end: String) -> Replay {
        Replay {
            turns,
            first_number: 1,
            second_moves_first: false,
            notices: Vec::new(),
            end,
        }
    }

    /// The replay as lines of text: the turns numbered as records number them, two to a line
    /// (`1. C2=5 H8+7`; `1... C9=8` when the second side moves first), each notice on a line
    /// of its own (`notice: …`) right after the turn that brought it (the move pair is split
    /// there: `3. R1+1`, the notice, `3... K5+1`), and the end last.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut notices = self.notices.iter().peekable();
        let numbering =
            crate::numbering::Numbering::new(self.first_number, self.second_moves_first);
        let mut line = String::new();
        for (i, turn) in self.turns.iter().enumerate() {
            while let Some((_, text)) = notices.next_if(|(p, _)| *p <= i) {
                lines.push(format!("notice: {text}"));
            }
            if line.is_empty() {
                line = format!("{} {turn}", numbering.ply(i));
            } else {
                line.push(' ');
                line.push_str(turn);
            }
            let noted = notices.peek().is_some_and(|(p, _)| *p <= i + 1);
            // A pair is complete when the first side is to move again.
            if !numbering.ply(i + 1).second || noted || i + 1 == self.turns.len() {
                lines.push(std::mem::take(&mut line));
            }
        }
        lines.extend(notices.map(|(_, text)| format!("notice: {text}")));
        lines.push(self.end.clone());
        lines
    }
}

/// A registered variant as a value: copied freely, compared and hashed by its id.
#[derive(Clone, Copy)]
pub struct VariantRef(pub &'static dyn Variant);

impl VariantRef {
    /// Xiangqi or Jieqi, for what only they have; `None` for any other variant.
    pub fn kind(self) -> Option<Family> {
        self.0.kind()
    }
}

impl std::ops::Deref for VariantRef {
    type Target = dyn Variant;
    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for VariantRef {
    fn eq(&self, other: &Self) -> bool {
        self.0.id() == other.0.id()
    }
}

impl Eq for VariantRef {}

impl std::hash::Hash for VariantRef {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id().hash(state);
    }
}

/// By id: a fixed order for maps (a list shown to players follows the registry's order).
impl PartialOrd for VariantRef {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for VariantRef {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.id().cmp(other.0.id())
    }
}

impl fmt::Debug for VariantRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

impl fmt::Debug for dyn Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game, or a public position, of any variant, driven through text. A game made from a
/// deal holds the deal: what it gives out is what a player may know ([`Self::view_text`]),
/// or the public record of turns.
pub trait PlayedGame: Send + Sync {
    /// The variant it is a game of.
    fn variant(&self) -> &'static dyn Variant;
    /// The side to move (in Banqi the seat: Red stands for the player who moves first).
    fn turn(&self) -> Side;
    /// How it ended; `None` while it runs.
    fn outcome(&self) -> Option<Outcome>;
    /// The legal turns, written in `notation` where the variant has several (else its own),
    /// in a fixed order.
    fn legal_texts(&self, notation: Notation) -> Vec<String>;
    /// Plays a turn given as text, checked; the game is untouched by a refused one.
    fn play_text(&mut self, text: &str) -> Result<(), TurnError>;
    /// Plays a turn as one receiver knows it ([`KnownTurn`], what a server sends): in a
    /// game told from public turns ([`Variant::told_game`]) the identity of a face-down
    /// piece it took, when told, is known from then on, to the one it was told to. The
    /// default plays the text: a game that holds its deal knows what was taken.
    fn play_known(&mut self, turn: &KnownTurn) -> Result<(), TurnError> {
        self.play_text(&turn.text)
    }
    /// Plays the turn a click makes — the piece on `from` put on `to`, or a turn made in
    /// place (`to` `None`: a Banqi flip) — checked by the rules once; the game is untouched
    /// by a refused one, and the error says why (see [`TurnError`]). Returns the turn as
    /// [`TableTurn::text`] writes it: public, for a log.
    fn play_turn(&mut self, from: Spot, to: Option<Spot>) -> Result<String, TurnError>;
    /// The leaves of the legal turn tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64;
    /// An independent copy.
    fn boxed(&self) -> Box<dyn PlayedGame>;
    /// What `viewer` knows, drawn as text for a terminal; its last line is that viewer's
    /// position text (a public position without its deal: what both players see).
    fn view_text(&self, viewer: Side, notation: Notation) -> String;
    /// What `viewer` may see of the game, for a screen (see [`table`]).
    fn table(&self, viewer: Side) -> Table;
    /// The position as the side to move knows it, for the generic search ([`search`]);
    /// `None` for a variant with an engine of its own (Xiangqi, Jieqi).
    fn search_node(&self) -> Option<Box<dyn SearchNode>> {
        None
    }
    /// What `receiver` may know of the game, for a client across a network (a server sends
    /// nothing else): built from that receiver's view, never from the deal.
    fn knowledge(&self, receiver: Receiver) -> Knowledge;
    /// What `receiver` may know without what the end shows everyone (the deal, what the
    /// other player took face down): [`knowledge`](Self::knowledge) as it is while the game
    /// runs, and still once it is over. Game 1 of a duplicate match ends so online, since
    /// game 2 deals the same pieces (docs/protocol.md).
    fn sealed_knowledge(&self, receiver: Receiver) -> Knowledge;
    /// Turns played.
    fn plies(&self) -> usize;
    /// Takes back the last turn (a resignation or agreed draw after it goes too); `false`,
    /// changing nothing, when there is none.
    fn undo(&mut self) -> bool;
    /// `side` (in Banqi the seat) resigns; refused after the end, and where no winner can be
    /// named yet (Banqi before the first flip).
    fn resign(&mut self, side: Side) -> Result<Outcome, EndError>;
    /// `side`'s clock ran out (in Banqi the seat's): it loses; refused after the end, and
    /// where no winner can be named yet (Banqi before the first flip). By default a variant
    /// is not played on a clock.
    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, EndError> {
        let _ = side;
        Err(EndError::NotNow("this variant is not played on a clock"))
    }
    /// The players agree to a draw; refused after the end.
    fn agree_draw(&mut self) -> Result<Outcome, EndError>;
    /// `viewer`'s table as it stood after `ply` turns (analysis); `None` past the game.
    fn table_at(&self, viewer: Side, ply: usize) -> Option<Table>;
    /// The app's save of the game (JSON in the envelope every save shares), with its
    /// `settings`: the deal included, for the owner's disk only. `None` for a position
    /// without its game (a public Jieqi FEN).
    fn save_json(&self, settings: SaveSettings) -> Option<String>;
    /// The record `viewer` may keep, its turns in `notation` where the variant has several:
    /// the deal's seed only once the game is over.
    fn record_text(&self, viewer: Side, notation: Notation) -> String;
    /// The game as Xiangqi or Jieqi, for what only they have (their notations, the rules'
    /// notices, their engine); `None` for any other variant.
    fn family_game(&self) -> Option<&AnyGame> {
        None
    }
    /// The same, to play a move with the rules' own refusal (which a screen translates).
    fn family_game_mut(&mut self) -> Option<&mut AnyGame> {
        None
    }
}

/// Who receives a game's news across a network (spec/online.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Receiver {
    /// A player: what that side (in Banqi that seat) knows.
    Player(Side),
    /// A spectator: what both players know.
    Spectator,
}

/// What one receiver may know of a game, as text: what a server sends that receiver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The receiver's position text: a player's viewer-relative position (a Jieqi player's
    /// FEN with the pool they have not seen and what they learned), a spectator's public one;
    /// once the game is over, the full-knowledge text, the same for everyone.
    pub position: String,
    /// Every turn, oldest first, as the receiver may know it.
    pub turns: Vec<KnownTurn>,
}

/// One turn as a receiver may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownTurn {
    /// The turn in the variant's engine notation (ICCS for Xiangqi and Jieqi, with the letter
    /// of what a reveal turned up; Banqi's own), as the receiver's view writes it.
    pub text: String,
    /// The identity letter (FEN case: upper for Red) of a face-down piece this turn took,
    /// for a receiver who may know it: its capturer, or everyone where the rules show it to
    /// both, or once the game is over. `None` for a turn that took no face-down piece.
    pub captured: Option<char>,
}

/// The app's settings kept in a save (opponent, level, …), as they were written.
pub type SaveSettings = std::collections::BTreeMap<String, serde_json::Value>;
