//! The session: the one owner of the game (and so of a Jieqi deal), the commands that change
//! it, and the [`Shown`] resource that everything on screen is built from.
//!
//! Rendering, input and panels never read [`Session`]: they read [`Shown`], which holds one
//! player's [`PlayerView`] (or nothing, while the handoff cover is up) and public facts about
//! the table (who sits where, a pending draw offer). Outside this file only the computer (its
//! own side's view, through [`Session::think_request`]), the autosave (the whole game, deal
//! included, for the disk only) and the statistics (the opponent's level) use its narrow
//! public methods.

use std::fmt;
use std::hash::{BuildHasher, Hasher};

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::{
    AnyGame, GameError, Handicap, Jieqi, Move, PlayerView, SavedGame, Seed, Side, Variant,
    VariantKind, Xiangqi, parse_move,
};

use crate::analysis::BrowseTo;
use crate::animation::Tween;
use crate::i18n::{self, Language, Phrase, Text};
use crate::input::Selection;
use crate::records::{self, RecordBox};
use crate::settings::Settings;
use crate::states::{GameSet, Phase, Screen};
use crate::takeback::{self, TakeBackCase};

/// How a Jieqi deal is chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DealChoice {
    /// A fresh random seed for every game.
    Random,
    /// This seed ("replay this deal").
    Seed(Seed),
}

impl fmt::Debug for DealChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealChoice::Random => f.write_str("Random"),
            // A typed seed is the player's own input; Seed's Debug hides it anyway.
            DealChoice::Seed(_) => f.write_str("Seed(..)"),
        }
    }
}

/// What kind of game to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    pub variant: VariantKind,
    /// Xiangqi only.
    pub handicap: Handicap,
    /// Jieqi only.
    pub deal: DealChoice,
    /// Who plays the other side.
    pub opponent: Opponent,
}

/// Two players on one screen, or one player against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opponent {
    #[default]
    TwoPlayers,
    Computer {
        level: Level,
        /// The human's colour.
        human: Side,
    },
}

impl Opponent {
    /// The computer's side and level, if the computer plays.
    pub fn computer(self) -> Option<(Side, Level)> {
        match self {
            Opponent::TwoPlayers => None,
            Opponent::Computer { level, human } => Some((human.other(), level)),
        }
    }
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            variant: VariantKind::Xiangqi,
            handicap: Handicap::None,
            deal: DealChoice::Random,
            opponent: Opponent::TwoPlayers,
        }
    }
}

impl GameConfig {
    pub fn new_game(&self) -> AnyGame {
        match self.variant {
            VariantKind::Xiangqi => Xiangqi::with_handicap(self.handicap).into(),
            VariantKind::Jieqi => {
                let seed = match self.deal {
                    DealChoice::Random => random_seed(),
                    DealChoice::Seed(seed) => seed,
                };
                Jieqi::from_seed(seed).into()
            }
        }
    }
}

/// A seed nobody can guess from the screen: the standard library's randomly keyed hasher
/// over the clock.
pub(crate) fn random_seed() -> Seed {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    Seed(h.finish())
}

/// The game in progress and the table around it. The only holder of the [`AnyGame`].
#[derive(Resource)]
pub struct Session {
    game: AnyGame,
    config: GameConfig,
    /// Counts games, so that the screen knows when to rebuild rather than animate.
    game_id: u32,
    /// Whose view is shown (Jieqi on one screen: the player holding the device).
    viewer: Side,
    /// The colour of player 1, who sits at the bottom; "Again" swaps colours.
    player_one: Side,
    /// The side that offered a draw, until the other side answers or moves.
    draw_offer: Option<Side>,
    /// The handoff cover is up: nothing private may be shown.
    covered: bool,
    /// The side that asked to take back, until the other side answers or a move is played.
    takeback_request: Option<Side>,
    /// Take-backs so far: with the game and the ply, they stamp the moment a search is for.
    takebacks: u32,
    /// Analysis: the ply whose position the board shows instead of the live one.
    browse: Option<usize>,
}

impl fmt::Debug for Session {
    // Only public facts: the game itself (the deal) is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.game.kind())
            .field("plies", &self.game.moves().len())
            .field("game_id", &self.game_id)
            .field("viewer", &self.viewer)
            .field("player_one", &self.player_one)
            .field("covered", &self.covered)
            .finish_non_exhaustive()
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new(GameConfig::default())
    }
}

impl Session {
    pub fn new(config: GameConfig) -> Session {
        Session::from_game(config.new_game(), config)
    }

    /// A session around a given game (tests, `--moves`).
    pub fn from_game(game: AnyGame, config: GameConfig) -> Session {
        let human = config.opponent.computer().map(|(side, _)| side.other());
        let viewer = human.unwrap_or(game.turn());
        Session {
            game,
            config,
            game_id: 0,
            viewer,
            player_one: human.unwrap_or(Side::Red),
            draw_offer: None,
            covered: false,
            takeback_request: None,
            takebacks: 0,
            browse: None,
        }
    }

    /// The computer's side and level, when it plays.
    pub fn computer(&self) -> Option<(Side, Level)> {
        self.config.opponent.computer()
    }

    /// What the computer needs to think, when it is its turn: its own side's view (never the
    /// game), its level and the moment (game id and ply) the view belongs to.
    pub fn think_request(&self) -> Option<ThinkRequest> {
        let (side, level) = self.computer()?;
        (!self.game.is_over() && self.game.turn() == side).then(|| ThinkRequest {
            view: self.game.view(side),
            level,
            stamp: self.stamp(),
        })
    }

    /// The game and the ply now: a result computed for another moment is stale.
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.game_id,
            takebacks: self.takebacks,
            plies: self.game.moves().len(),
        }
    }

    /// Plays moves given as text (ICCS, WXF or Chinese), each checked. On the first bad one
    /// the game is left as it was before this call and the error names the move.
    pub fn play_texts<'a>(
        &mut self,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), String> {
        let mut game = self.game.clone();
        for (i, text) in texts.into_iter().enumerate() {
            let parsed = parse_move(game.position(), text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            game.play(parsed.mv)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        if self.computer().is_none() {
            self.viewer = game.turn();
        }
        self.game = game;
        Ok(())
    }

    /// Shows `side`'s view (the CLI's `--view`; in Xiangqi it also turns the board).
    pub fn set_viewer(&mut self, side: Side) {
        self.viewer = side;
        if !self.has_secrets() {
            self.player_one = side;
        }
    }

    pub fn resign_now(&mut self, side: Side) -> Result<(), GameError> {
        self.game.resign(side).map(|_| ())
    }

    pub fn cover(&mut self) {
        self.covered = self.has_secrets() && self.computer().is_none() && !self.game.is_over();
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    pub fn is_covered(&self) -> bool {
        self.covered
    }

    /// Jieqi: each player knows things the other must not see, so one screen needs handoffs.
    pub fn has_secrets(&self) -> bool {
        self.game.kind() == VariantKind::Jieqi
    }

    pub fn config(&self) -> GameConfig {
        self.config
    }

    pub fn player_one(&self) -> Side {
        self.player_one
    }

    /// The game's record for the autosave: the app's private copy (it holds the deal).
    pub fn saved_game(&self) -> SavedGame {
        SavedGame::of(&self.game, Default::default())
    }

    /// The side at the bottom of the board.
    fn bottom(&self) -> Side {
        if let Some((computer, _)) = self.computer() {
            computer.other()
        } else if self.has_secrets() {
            self.viewer
        } else {
            self.player_one
        }
    }

    /// What the screen may show now.
    pub fn shown(&self) -> Shown {
        let view = (!self.covered).then(|| self.game.view(self.viewer));
        let browse = self.browse.and_then(|ply| {
            Some(Browse {
                ply,
                view: view.as_ref()?.at_ply(ply)?,
            })
        });
        Shown {
            view,
            browse,
            game_id: self.game_id,
            takebacks: self.takebacks,
            variant: self.game.kind(),
            bottom: self.bottom(),
            player_one: self.player_one,
            pass_to: self.covered.then(|| self.pass_to()),
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            plies: self.game.moves().len(),
            computer: self.computer().map(|(side, _)| side),
        }
    }

    /// Two players sharing a Jieqi game on one screen: the device passes under a cover.
    fn secret_hot_seat(&self) -> bool {
        self.has_secrets() && self.computer().is_none()
    }

    /// Who gets the device when the cover is lifted: the player asked to agree to a
    /// take-back, else the side to move.
    fn pass_to(&self) -> Side {
        match self.takeback_request {
            Some(by) if self.secret_hot_seat() => by.other(),
            _ => self.game.turn(),
        }
    }

    /// How many plies a take-back by `side` undoes now, or why it cannot.
    fn takeback_plies(&self, side: Side) -> Result<usize, Text> {
        takeback::plies_for(
            TakeBackCase {
                outcome: self.game.outcome(),
                turn: self.game.turn(),
                plies: self.game.moves().len(),
                secret_hot_seat: self.secret_hot_seat(),
            },
            side,
        )
    }

    /// Takes back `plies` plies. Searches for the position left behind become stale (the
    /// stamp counts take-backs), and in Jieqi on one screen the device goes, under the
    /// cover, to the side now to move unless that player holds it.
    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            self.game.undo();
        }
        self.takebacks = self.takebacks.wrapping_add(1);
        self.takeback_request = None;
        self.draw_offer = None;
        self.browse = None;
        self.covered = self.secret_hot_seat() && self.viewer != self.game.turn();
    }

    /// The phase that follows a move once its animation is over.
    fn phase_after_move(&self) -> Phase {
        if self.game.is_over() {
            Phase::GameOver
        } else if self.has_secrets() && self.computer().is_none() {
            Phase::Handoff
        } else {
            Phase::AwaitInput
        }
    }

    fn start(&mut self, config: GameConfig, player_one: Side) {
        self.start_with(config.new_game(), config, player_one);
    }

    /// A loaded game (a record or a position) for two players.
    fn load(&mut self, game: AnyGame) {
        let config = GameConfig {
            variant: game.kind(),
            ..GameConfig::default()
        };
        self.start_with(game, config, self.player_one);
    }

    /// Takes up a saved game again; in Jieqi on one screen behind the handoff cover, for the
    /// side to move.
    fn resume(&mut self, resumed: &Resumed) {
        self.start_with(resumed.game.clone(), resumed.config, resumed.player_one);
        self.cover();
    }

    fn start_with(&mut self, game: AnyGame, config: GameConfig, player_one: Side) {
        self.game = game;
        self.config = config;
        self.game_id = self.game_id.wrapping_add(1);
        let human = config.opponent.computer().map(|(side, _)| side.other());
        self.viewer = human.unwrap_or(self.game.turn());
        self.player_one = human.unwrap_or(player_one);
        self.draw_offer = None;
        self.covered = false;
        self.takeback_request = None;
        self.browse = None;
    }

    /// The phase a freshly shown game starts in.
    fn resting_phase(&self) -> Phase {
        if self.game.is_over() {
            Phase::GameOver
        } else if self.covered {
            Phase::Handoff
        } else {
            Phase::AwaitInput
        }
    }
}

/// What the screen shows: one player's view (never the game), and public facts about the
/// table. Every system that draws reads this and nothing else of the game.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Shown {
    /// `None` while the handoff cover is up. Always the live view (analysis or not).
    pub view: Option<PlayerView>,
    /// Analysis: the earlier position the board shows instead.
    pub browse: Option<Browse>,
    pub game_id: u32,
    /// Take-backs in this game so far (part of the moment a search is for).
    pub takebacks: u32,
    pub variant: VariantKind,
    /// The side drawn at the bottom.
    pub bottom: Side,
    /// Player 1's colour (player 1 sits at the bottom in Xiangqi).
    pub player_one: Side,
    /// While covered: the player who gets the device next.
    pub pass_to: Option<Side>,
    pub draw_offer: Option<Side>,
    /// The side that asked to take back, until answered.
    pub takeback_request: Option<Side>,
    /// Plies played (public, also while covered).
    pub plies: usize,
    /// The side the computer plays.
    pub computer: Option<Side>,
}

/// Analysis: the ply the board shows and the viewer's view as it stood then.
#[derive(Clone, Debug, PartialEq)]
pub struct Browse {
    pub ply: usize,
    pub view: PlayerView,
}

impl Shown {
    /// "Player 1" or "Player 2" for the player of `side` ("You" or "Computer" against the
    /// computer).
    pub fn player(&self, side: Side) -> Text {
        if let Some(computer) = self.computer {
            if side == computer {
                Text::Computer
            } else {
                Text::You
            }
        } else if side == self.player_one {
            Text::PlayerOne
        } else {
            Text::PlayerTwo
        }
    }

    /// [`Shown::player`] in English, for logs and the command line.
    pub fn player_name(&self, side: Side) -> &'static str {
        self.player(side).get(Language::English)
    }

    /// The view the board draws: the browsed position during analysis, else the live one.
    pub fn board_view(&self) -> Option<&PlayerView> {
        self.browse.as_ref().map(|b| &b.view).or(self.view.as_ref())
    }

    /// How many plies a take-back by `side` would undo from this screen, or why not.
    pub fn takeback_plies(&self, side: Side) -> Result<usize, Text> {
        let (outcome, turn) = match (&self.view, self.pass_to) {
            (Some(view), _) => (view.outcome, view.turn()),
            // Under the cover the game runs and the device goes to the side to move.
            (None, Some(next)) => (None, next),
            (None, None) => return Err(Text::NothingToTakeBack),
        };
        takeback::plies_for(
            TakeBackCase {
                outcome,
                turn,
                plies: self.plies,
                secret_hot_seat: self.variant == VariantKind::Jieqi && self.computer.is_none(),
            },
            side,
        )
    }

    /// Whether a move by the side to move may be entered on this screen now (not while an
    /// earlier position is shown).
    pub fn can_move(&self) -> bool {
        match &self.view {
            _ if self.browse.is_some() => false,
            None => false,
            Some(view) => {
                view.outcome.is_none()
                    && self.computer != Some(view.turn())
                    && (self.variant == VariantKind::Xiangqi || view.is_my_turn())
            }
        }
    }
}

/// What the players ask for. Input systems and panels write these; only [`apply_commands`]
/// acts on them.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GameCommand {
    /// The side to move plays this move (checked; a refusal becomes a [`Hint`]).
    Move(Move),
    /// The computer's move, for the moment `stamp` (a stale one is dropped).
    ComputerMove {
        mv: Move,
        stamp: Stamp,
    },
    Resign(Side),
    OfferDraw(Side),
    AnswerDraw {
        accept: bool,
    },
    /// The next player has the device: lift the handoff cover.
    Ready,
    NewGame(GameConfig),
    /// The next game with the same settings and the colours swapped.
    Again,
    /// `side` asks to take back to their previous move (see [`crate::takeback`]).
    RequestTakeBack(Side),
    /// The other player answers a take-back request.
    AnswerTakeBack {
        accept: bool,
    },
    /// Analysis: show an earlier position, or the live one again.
    Browse(BrowseTo),
    /// Start a two-player game from a game record (every move checked).
    LoadRecord(String),
    /// Start a two-player Xiangqi game from a FEN.
    LoadFen(String),
    /// Take up the autosaved game again.
    Resume(Box<Resumed>),
}

/// A saved game and its table, to be taken up again. Its `Debug` shows no deal.
#[derive(Clone, PartialEq)]
pub struct Resumed {
    game: AnyGame,
    config: GameConfig,
    player_one: Side,
}

impl Resumed {
    pub fn new(game: AnyGame, config: GameConfig, player_one: Side) -> Resumed {
        Resumed {
            game,
            config,
            player_one,
        }
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }
}

impl fmt::Debug for Resumed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resumed")
            .field("variant", &self.game.kind())
            .field("plies", &self.game.moves().len())
            .finish_non_exhaustive()
    }
}

/// Commands given on the command line, sent once when the game screen opens.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartCommands(pub Vec<GameCommand>);

/// A game, its take-backs and a ply: the moment a view (and so a search on it) belongs to.
/// The take-back count tells apart two moments with the same ply on either side of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub game_id: u32,
    pub takebacks: u32,
    pub plies: usize,
}

/// The computer's turn: its own view and level.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// `game.view(computer side)`: only what the computer's side knows.
    pub view: PlayerView,
    pub level: Level,
    pub stamp: Stamp,
}

/// A short message for the player: why a move was refused, a declined draw.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Hint {
    /// What it means, so that a language switch says it again.
    pub phrase: Option<Phrase>,
    /// The phrase in the language of the settings.
    pub text: Option<String>,
    /// When it was set (seconds since start), so that it fades after a while.
    pub since: f32,
}

impl Hint {
    fn set(&mut self, phrase: impl Into<Phrase>, lang: Language, now: f32) {
        let phrase = phrase.into();
        self.text = Some(phrase.say(lang));
        self.phrase = Some(phrase);
        self.since = now;
    }

    fn clear(&mut self) {
        self.phrase = None;
        self.text = None;
    }
}

/// How long a hint stays.
const HINT_SECONDS: f32 = 4.0;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<Session>()
        .init_resource::<Hint>()
        .add_systems(Startup, publish_initial)
        .add_systems(OnEnter(Screen::Game), enter_game)
        .add_systems(
            Update,
            (
                apply_commands
                    .in_set(GameSet::Apply)
                    .run_if(in_state(Screen::Game)),
                publish.in_set(GameSet::Apply).after(apply_commands),
                finish_animating
                    .in_set(GameSet::Animate)
                    .run_if(in_state(Phase::Animating)),
                expire_hint,
                resay_hint.run_if(resource_changed::<Settings>),
            ),
        );
}

fn publish_initial(mut commands: Commands, session: Res<Session>) {
    commands.insert_resource(session.shown());
}

fn enter_game(
    session: Res<Session>,
    mut phase: ResMut<NextState<Phase>>,
    start: Option<Res<StartCommands>>,
    mut out: MessageWriter<GameCommand>,
) {
    phase.set(session.resting_phase());
    for command in start.iter().flat_map(|s| s.0.iter()) {
        out.write(command.clone());
    }
}

/// Keeps [`Shown`] equal to what the session may show.
fn publish(session: Res<Session>, mut shown: ResMut<Shown>) {
    if session.is_changed() {
        let next = session.shown();
        if *shown != next {
            *shown = next;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    phase: Res<State<Phase>>,
    mut next_phase: ResMut<NextState<Phase>>,
    settings: Res<Settings>,
    mut hint: ResMut<Hint>,
    mut selection: ResMut<Selection>,
    mut record_box: ResMut<RecordBox>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs();
    let lang = settings.language;
    // Within one frame the phase may change several times; track it locally.
    let mut current = *phase.get();
    for command in commands_in.read() {
        match command {
            GameCommand::Move(_) | GameCommand::ComputerMove { .. } => {
                if !current.accepts_moves() || session.covered {
                    continue;
                }
                let mover = session.game.turn();
                let by_computer = session.computer().map(|(side, _)| side) == Some(mover);
                let m = match command {
                    GameCommand::Move(m) if !by_computer => m,
                    GameCommand::ComputerMove { mv, stamp }
                        if by_computer && *stamp == session.stamp() =>
                    {
                        mv
                    }
                    _ => continue,
                };
                if !by_computer
                    && (session.browse.is_some()
                        || (session.has_secrets() && session.viewer != mover))
                {
                    continue;
                }
                if let Err(refused) = session.game.position().check_move(*m) {
                    // Public: the position and the move are on everyone's screen.
                    info!("{mover}: {m} refused: {}", refused.reason);
                    hint.set(i18n::refusal(refused.reason), lang, now);
                    continue;
                }
                match session.game.play(*m) {
                    Ok(_) => {
                        // Only the coordinates: a reveal or a capture's identity never goes
                        // to the log.
                        info!("{mover} played {m}");
                        hint.clear();
                        selection.clear();
                        if session.draw_offer == Some(mover.other()) {
                            // Moving instead of answering declines the offer.
                            session.draw_offer = None;
                            hint.set(
                                Phrase::new(Text::OfferLapsed).with("side", mover),
                                lang,
                                now,
                            );
                        }
                        if session.takeback_request.take().is_some() {
                            hint.set(takeback::lapsed_text(mover), lang, now);
                        }
                        current = if settings.animations {
                            Phase::Animating
                        } else {
                            let after = session.phase_after_move();
                            if after == Phase::Handoff {
                                session.covered = true;
                            }
                            after
                        };
                        next_phase.set(current);
                    }
                    Err(e) => hint.set(i18n::game_error(&e), lang, now),
                }
            }
            GameCommand::Resign(side) => {
                if session.covered || session.game.resign(*side).is_err() {
                    continue;
                }
                session.draw_offer = None;
                selection.clear();
                current = Phase::GameOver;
                next_phase.set(current);
            }
            GameCommand::OfferDraw(side) => {
                if session.covered || session.game.is_over() || session.draw_offer.is_some() {
                    continue;
                }
                session.draw_offer = Some(*side);
                hint.set(Phrase::new(Text::OffersDraw).with("side", *side), lang, now);
            }
            GameCommand::AnswerDraw { accept } => {
                let Some(by) = session.draw_offer else {
                    continue;
                };
                session.draw_offer = None;
                if *accept {
                    if session.game.agree_draw().is_ok() {
                        selection.clear();
                        current = Phase::GameOver;
                        next_phase.set(current);
                    }
                } else {
                    hint.set(
                        Phrase::new(Text::DeclinedDraw).with("side", by.other()),
                        lang,
                        now,
                    );
                }
            }
            GameCommand::Ready => {
                if current != Phase::Handoff {
                    continue;
                }
                session.covered = false;
                session.viewer = session.pass_to();
                session.browse = None;
                current = session.resting_phase();
                next_phase.set(current);
            }
            GameCommand::NewGame(config) => {
                let player_one = session.player_one;
                session.start(*config, player_one);
                hint.clear();
                selection.clear();
                current = session.resting_phase();
                next_phase.set(current);
            }
            GameCommand::Again => {
                let (mut config, player_one) = (session.config, session.player_one.other());
                if let Opponent::Computer { level, human } = config.opponent {
                    config.opponent = Opponent::Computer {
                        level,
                        human: human.other(),
                    };
                }
                session.start(config, player_one);
                hint.clear();
                selection.clear();
                current = session.resting_phase();
                next_phase.set(current);
            }
            GameCommand::RequestTakeBack(side) => {
                let immediate = match session.computer() {
                    Some((computer, _)) if computer == *side => continue,
                    Some(_) => true,
                    None => !settings.takeback_consent,
                };
                // In Jieqi on one screen only the player holding the device may ask.
                if session.takeback_request.is_some()
                    || (session.secret_hot_seat() && session.viewer != *side)
                {
                    continue;
                }
                let plies = match session.takeback_plies(*side) {
                    Ok(plies) => plies,
                    Err(why) => {
                        hint.set(why, lang, now);
                        continue;
                    }
                };
                if immediate {
                    session.take_back(plies);
                    info!("{side} took back {plies} plies");
                    hint.clear();
                } else {
                    session.takeback_request = Some(*side);
                    // The other player answers on their own screen: hand the device over.
                    session.covered = session.secret_hot_seat();
                    session.browse = None;
                }
                selection.clear();
                if immediate || session.covered {
                    current = session.resting_phase();
                    next_phase.set(current);
                }
            }
            GameCommand::AnswerTakeBack { accept } => {
                let Some(by) = session.takeback_request else {
                    continue;
                };
                if session.covered || (session.secret_hot_seat() && session.viewer == by) {
                    continue;
                }
                session.takeback_request = None;
                let plies = session.takeback_plies(by).ok().filter(|_| *accept);
                match plies {
                    Some(plies) => {
                        session.take_back(plies);
                        info!("{by} took back {plies} plies, agreed");
                        hint.clear();
                    }
                    None => {
                        hint.set(takeback::declined_text(by), lang, now);
                        // The device goes back to the side to move.
                        session.covered =
                            session.secret_hot_seat() && session.viewer != session.game.turn();
                    }
                }
                selection.clear();
                if plies.is_some() || session.covered {
                    current = session.resting_phase();
                    next_phase.set(current);
                }
            }
            GameCommand::Browse(to) => {
                if session.covered {
                    continue;
                }
                session.browse = to.from(session.browse, session.game.moves().len());
                selection.clear();
            }
            GameCommand::LoadRecord(text) | GameCommand::LoadFen(text) => {
                let loaded = match command {
                    GameCommand::LoadRecord(_) => records::game_from_record(text),
                    _ => records::game_from_fen(text),
                };
                match loaded {
                    Ok(game) => {
                        session.load(game);
                        record_box.message = Some(Text::RecordLoaded.into());
                        hint.clear();
                        selection.clear();
                        current = session.resting_phase();
                        next_phase.set(current);
                    }
                    // The game on screen stays as it was.
                    Err(why) => record_box.message = Some(why),
                }
            }
            GameCommand::Resume(resumed) => {
                session.resume(resumed);
                hint.clear();
                selection.clear();
                current = session.resting_phase();
                next_phase.set(current);
            }
        }
    }
}

/// Ends [`Phase::Animating`] once every tween is done.
fn finish_animating(
    tweens: Query<(), With<Tween>>,
    mut session: ResMut<Session>,
    mut next_phase: ResMut<NextState<Phase>>,
) {
    // A command this frame (a take-back, a new game) has already chosen the next phase.
    if !tweens.is_empty() || !matches!(*next_phase, NextState::Unchanged) {
        return;
    }
    let after = session.phase_after_move();
    if after == Phase::Handoff {
        session.covered = true;
    }
    next_phase.set(after);
}

fn expire_hint(mut hint: ResMut<Hint>, time: Res<Time>) {
    if hint.text.is_some() && time.elapsed_secs() - hint.since > HINT_SECONDS {
        hint.clear();
    }
}

/// A language switch says the hint again.
fn resay_hint(mut hint: ResMut<Hint>, settings: Res<Settings>) {
    // A hint is said when it is set; only a language switch says it again.
    if !settings.is_changed() {
        return;
    }
    let text = hint.phrase.as_ref().map(|p| p.say(settings.language));
    if hint.text != text {
        hint.text = text;
    }
}
