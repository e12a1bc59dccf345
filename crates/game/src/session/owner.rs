//! The owner of the game: [`Session`] holds the one game (and so a deal) and the
//! table around it, stamps the moment a view belongs to, and answers the table's rules — who
//! may move, who may take back how much, when the handoff cover goes up — each in one place.

use std::fmt;

use bevy::prelude::*;
use jieqi_ai::{KnownDeal, Level, review};
use jieqi_rules::clock::Clocks;
use jieqi_rules::platform::{EndError, Look, PlayedGame, SaveSettings};
use jieqi_rules::{Family, FamilyGame, Move, PlayerView, Side};

use super::config::{GameConfig, Opponent, Secrecy, SideNames};
use super::duplicate_match::DuplicateMatch;
use super::moment::Stamp;
use super::pending::{Abandoned, PendingStart};
use super::takeback::{self, TakeBackCase, TakeBackRequest};
use super::think::{BoardTurn, SearchInput};
use crate::i18n::Text;
use crate::states::Phase;

/// The game in progress, of any registered variant, and the table around it. The only
/// holder of the game.
#[derive(Resource)]
pub struct Session {
    pub(super) game: Box<dyn PlayedGame>,
    pub(super) config: GameConfig,
    /// Names the game on the table, so that the screen knows when to rebuild rather than
    /// animate.
    pub(super) game_id: u32,
    /// Games started so far: each new game's number.
    pub(super) games_started: u32,
    /// Whose view is shown (Jieqi on one screen: the player holding the device).
    pub(super) viewer: Side,
    /// The colour of player 1, who sits at the bottom; "Again" swaps colours.
    pub(super) player_one: Side,
    /// The side that offered a draw, until the other side answers or moves.
    pub(super) draw_offer: Option<Side>,
    /// The handoff cover is up until this side takes the device: nothing private is shown.
    pub(super) cover: Option<Side>,
    /// A take-back asked for, until the other side answers or a move is played.
    pub(super) takeback_request: Option<TakeBackRequest>,
    /// Take-backs so far: with the game and the ply, they stamp the moment a search is for.
    pub(super) takebacks: u32,
    /// Analysis: the ply whose position the board shows instead of the live one.
    pub(super) browse: Option<usize>,
    /// A command that would abandon the game in progress, until the players answer.
    pub(super) pending_start: Option<PendingStart>,
    /// A take-back in this game undid something face-down its asker had seen (see
    /// [`Session::takeback_peeks`]): the statistics count the game apart.
    pub(super) peeked: bool,
    /// A game just abandoned, for the statistics: sent out once by the command dispatcher.
    pub(super) abandoned: Option<Abandoned>,
    /// Play on from here: the reviewed game, kept to go back to while the game on the table
    /// is played on from one of its positions.
    pub(super) stash: Option<Stash>,
    /// The game on the table is played on from a reviewed position: practice, which the
    /// statistics do not count.
    pub(super) practice: bool,
    /// The duplicate match the game on the table belongs to, if any (see [`super::duplicate`]).
    pub(super) duplicate: Option<DuplicateMatch>,
    /// A side's clock each, in a game with a time control (see [`super::clocks`]).
    pub(super) clocks: Option<Clocks>,
    /// The server's game this table is, online (see [`super::remote`]).
    pub(super) online: Option<OnlineTable>,
}

/// An online table: the server's game and what this screen waits for from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct OnlineTable {
    /// The server's id of the game.
    pub(super) id: String,
    /// A move sent and not yet played back by the server: the plies before it. Nothing more
    /// is moved from this screen until its `moved` (or a refusal) comes.
    pub(super) awaiting: Option<usize>,
    /// Whether the server's clock runs: the screen counts down between its readings only
    /// then (not before the second player is seated, not after the end).
    pub(super) clock_runs: bool,
}

/// A reviewed game put aside while a position of it is played on, with its table as it was.
pub(super) struct Stash {
    pub(super) game: Box<dyn PlayedGame>,
    pub(super) config: GameConfig,
    pub(super) viewer: Side,
    pub(super) player_one: Side,
    pub(super) game_id: u32,
    pub(super) takebacks: u32,
    pub(super) peeked: bool,
    pub(super) browse: Option<usize>,
    pub(super) duplicate: Option<DuplicateMatch>,
}

impl fmt::Debug for Session {
    // Only public facts: the game itself (the deal) is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.game.variant().name())
            .field("plies", &self.game.plies())
            .field("game_id", &self.game_id)
            .field("viewer", &self.viewer)
            .field("player_one", &self.player_one)
            .field("cover", &self.cover)
            .finish_non_exhaustive()
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new(GameConfig::default())
    }
}

/// A search to run for one side: what that side knows, the level and the moment it belongs
/// to.
#[derive(Debug)]
pub struct ThinkRequest {
    pub input: SearchInput,
    /// The side whose knowledge `input` is.
    pub viewer: Side,
    pub level: Level,
    pub stamp: Stamp,
    /// The clocks as they read when the search was asked for: the computer plays on its
    /// clock (its time for the move from them, as engines do under `wtime`/`btime`).
    pub clock: Option<jieqi_ai::Clock>,
}

/// What a review of the game needs: for each ply, its mover's view before it (as the game
/// stood then, never the end's knowledge) and the move played; the depth to judge at, and
/// Red's winning chances at the end of a finished game.
#[derive(Debug)]
pub struct ReviewRequest {
    pub plies: Vec<(PlayerView, Move)>,
    pub depth: u32,
    pub end: Option<f64>,
    /// A finished Jieqi game: the deal as its end showed it, for the hindsight line.
    pub deal: Option<KnownDeal>,
    pub stamp: Stamp,
}

impl Session {
    pub fn new(config: GameConfig) -> Session {
        Session::from_game(config.new_game(), config)
    }

    /// A session around a given game (tests, `--moves`).
    pub fn from_game(game: impl Into<Box<dyn PlayedGame>>, config: GameConfig) -> Session {
        let game = game.into();
        let human = config.opponent.human();
        Session {
            viewer: human.unwrap_or(game.turn()),
            player_one: human.unwrap_or(Side::Red),
            game,
            config,
            game_id: 0,
            games_started: 0,
            draw_offer: None,
            cover: None,
            takeback_request: None,
            takebacks: 0,
            browse: None,
            pending_start: None,
            peeked: false,
            abandoned: None,
            stash: None,
            practice: false,
            duplicate: None,
            clocks: config.clock.map(Clocks::new),
            online: None,
        }
    }

    /// A new game on the table: a fresh id, the human's view, nothing pending.
    pub(super) fn start(
        &mut self,
        game: impl Into<Box<dyn PlayedGame>>,
        config: GameConfig,
        player_one: Side,
    ) {
        let game = game.into();
        let human = config.opponent.human();
        self.viewer = human.unwrap_or(game.turn());
        self.player_one = human.unwrap_or(player_one);
        self.game = game;
        self.config = config;
        // A new number for every game started, never one a game put aside still has.
        self.games_started = self.games_started.wrapping_add(1);
        self.game_id = self.games_started;
        self.draw_offer = None;
        self.cover = None;
        self.takeback_request = None;
        self.browse = None;
        self.pending_start = None;
        self.peeked = false;
        // Any new game ends playing on: the game put aside is let go.
        self.stash = None;
        self.practice = false;
        // ... and leaves a duplicate match (its own games set it again).
        self.duplicate = None;
        self.clocks = self.config.clock.map(Clocks::new);
        // A game started here is not the server's (an online table sets it again).
        self.online = None;
    }

    // ---- Setting up the game to start with (the command line) ----

    /// Plays moves given as text (ICCS, WXF or Chinese), each checked. On the first bad one
    /// the game is left as it was before this call and the error names the move.
    pub fn play_texts<'a>(
        &mut self,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), String> {
        let mut game = self.game.boxed();
        for (i, text) in texts.into_iter().enumerate() {
            game.play_text(text)
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
        if !self.secrecy().has_secrets() {
            self.player_one = side;
        }
    }

    pub fn resign_now(&mut self, side: Side) -> Result<(), EndError> {
        self.game.resign(side).map(|_| ())
    }

    /// Hot-seat Jieqi: the player who moved last hands the device, under the cover, to the
    /// side to move (a resumed game, `--cover`).
    pub fn cover(&mut self) {
        if self.secrecy() == Secrecy::HotSeat {
            self.viewer = self.game.turn().other();
            self.hand_over_to(self.game.turn());
        }
    }

    // ---- What others may ask ----

    pub fn config(&self) -> GameConfig {
        self.config
    }

    pub fn player_one(&self) -> Side {
        self.player_one
    }

    /// Whether a take-back in this game undid something face-down its asker had seen: the
    /// statistics count such a game apart ("with take-backs").
    pub fn peeked(&self) -> bool {
        self.peeked
    }

    /// Marks the game as one with such a take-back (a resumed save that says so).
    pub fn set_peeked(&mut self, peeked: bool) {
        self.peeked = peeked;
    }

    /// The computer's side and level, when it plays.
    pub fn computer(&self) -> Option<(Side, Level)> {
        self.config.opponent.computer()
    }

    /// How this table names the sides.
    pub fn names(&self) -> SideNames {
        SideNames {
            by_colour: self.game.variant().sides_are_colours(),
            computer: self.computer().map(|(side, _)| side),
            remote: self.config.opponent.remote(),
            player_one: self.player_one,
        }
    }

    /// Who may see what at this table.
    pub fn secrecy(&self) -> Secrecy {
        Secrecy::of(self.game.variant().information(), self.config.opponent)
    }

    /// The game and the ply now: a result computed for another moment is stale.
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.game_id,
            takebacks: self.takebacks,
            plies: self.game.plies(),
        }
    }

    /// The moment the computer is to move in, if it is: cheap, for every frame.
    pub fn computer_turn(&self) -> Option<Stamp> {
        let (side, _) = self.computer()?;
        (self.game.outcome().is_none() && self.game.turn() == side).then(|| self.stamp())
    }

    /// What the computer needs to think, when it is its turn: its own side's knowledge
    /// (never the game), its level and the moment it belongs to.
    pub fn think_request(&self) -> Option<ThinkRequest> {
        let stamp = self.computer_turn()?;
        let (side, level) = self.computer()?;
        let request = self.search_request(side, level, stamp)?;
        Some(ThinkRequest {
            clock: self.engine_clock(),
            ..request
        })
    }

    /// Whether the engine may help this screen's player (Hint, the value of each reveal, the
    /// analysis board's engine): not while they play a person online — nobody plays a
    /// person with an engine's help. Watching, after the end, and at a local table it may.
    pub fn engine_may_help(&self) -> bool {
        let seated_online =
            self.config.opponent.is_online() && self.config.opponent.human().is_some();
        !(seated_online && self.game.outcome().is_none())
    }

    /// The Hint button's search for the human to move, at `level` (none where the engine may
    /// not help).
    pub fn hint_request(&self, level: Level) -> Option<ThinkRequest> {
        if !self.human_may_move() || !self.engine_may_help() {
            return None;
        }
        self.search_request(self.game.turn(), level, self.stamp())
    }

    /// Whether the game on the table is played on from a reviewed position (practice: not
    /// counted in the statistics).
    pub fn practice(&self) -> bool {
        self.practice
    }

    /// The moment of the reviewed game put aside while one of its positions is played on.
    pub fn stashed_stamp(&self) -> Option<Stamp> {
        self.stash.as_ref().map(|stash| Stamp {
            game_id: stash.game_id,
            takebacks: stash.takebacks,
            plies: stash.game.plies(),
        })
    }

    /// Whether a position of this game may be played on against the computer: a finished
    /// Xiangqi or Jieqi game with a move played.
    pub fn can_play_on(&self) -> bool {
        // Xiangqi family only: a new game is dealt from a player's view (`AnyGame::from_view`).
        !self.between_match_games()
            && self
                .game
                .family_game()
                .is_some_and(|game| !game.moves().is_empty() && game.outcome().is_some())
    }

    /// Whether the game may be reviewed now: a Xiangqi or Jieqi game with a move played,
    /// finished — or at a table without secrets (Xiangqi), where every view is the same
    /// public position and a review tells nobody what they could not see.
    pub fn can_review(&self) -> bool {
        // Between a duplicate match's games the deal is still to be played again. Xiangqi
        // family only: the review runs its engine on each mover's view.
        !self.between_match_games()
            && self.game.family_game().is_some_and(|game| {
                !game.moves().is_empty()
                    && (game.outcome().is_some() || !self.secrecy().has_secrets())
            })
    }

    /// The review's plies, when the game may be reviewed ([`Session::can_review`]).
    pub fn review_request(&self) -> Option<ReviewRequest> {
        if !self.can_review() {
            return None;
        }
        // The Xiangqi family's engine judges each mover's view.
        let game = self.game.family_game()?;
        let plies = game
            .movers_views()
            .into_iter()
            .zip(game.moves().iter().copied())
            .collect();
        Some(ReviewRequest {
            plies,
            depth: match game.kind() {
                Family::Jieqi => review::JIEQI_DEPTH,
                _ => review::XIANGQI_DEPTH,
            },
            end: review::end_for_red(game.outcome()),
            deal: review::known_deal(&game.view(Side::Red)),
            stamp: self.stamp(),
        })
    }

    /// A search on what `side`, to move, knows: its view for the Xiangqi/Jieqi engine, else
    /// the variant's search node with the turns the board can make.
    fn search_request(&self, side: Side, level: Level, stamp: Stamp) -> Option<ThinkRequest> {
        // The Xiangqi family's own engine searches a player's view; any other variant's
        // search node goes to the generic search.
        let input = match self.game.family_game() {
            Some(game) => SearchInput::Family(Box::new(game.view(side))),
            None if self.game.turn() == side => {
                let node = self.game.search_node()?;
                let turns = self
                    .game
                    .table(side)
                    .turns
                    .into_iter()
                    .map(|t| {
                        (
                            t.text,
                            BoardTurn {
                                from: t.from,
                                to: t.to,
                            },
                        )
                    })
                    .collect();
                SearchInput::Generic { node, turns }
            }
            None => return None,
        };
        Some(ThinkRequest {
            input,
            viewer: side,
            level,
            stamp,
            clock: None,
        })
    }

    /// The clocks as an engine reads them, now.
    fn engine_clock(&self) -> Option<jieqi_ai::Clock> {
        let clocks = self.clocks.as_ref()?;
        let [red, black] = clocks.left_ms(std::time::Instant::now());
        let increment = std::time::Duration::from_millis(clocks.control().increment_ms);
        Some(jieqi_ai::Clock {
            wtime: std::time::Duration::from_millis(red),
            btime: std::time::Duration::from_millis(black),
            winc: increment,
            binc: increment,
            movestogo: None,
        })
    }

    /// The game's save with the app's `settings`, for the autosave: the app's private copy
    /// (it holds the deal).
    pub fn save_json(&self, settings: SaveSettings) -> Option<String> {
        self.game.save_json(settings)
    }

    /// Whether no turn has been played and the game has not ended.
    pub fn is_untouched(&self) -> bool {
        self.game.plies() == 0 && self.game.outcome().is_none()
    }

    // ---- The table's rules: each decided here once ----

    /// The side at the bottom of the board: the human against the computer, the player
    /// holding the device in hot-seat Jieqi, else player 1.
    pub(super) fn bottom(&self) -> Side {
        match (self.config.opponent.human(), self.secrecy()) {
            (Some(human), _) => human,
            (None, Secrecy::HotSeat) => self.viewer,
            (None, _) => self.player_one,
        }
    }

    /// Whether a move by the side to move may come from the screen now: the game runs, the
    /// live position is shown, it is not the computer's turn, in hot-seat Jieqi the player
    /// to move holds the device, and online it is this seat's turn and no move of its waits
    /// for the server.
    pub(super) fn human_may_move(&self) -> bool {
        let turn = self.game.turn();
        let here = match self.config.opponent {
            Opponent::Online { seat } => {
                seat == Some(turn) && self.online.as_ref().is_none_or(|t| t.awaiting.is_none())
            }
            Opponent::Computer { human, .. } => human == turn,
            Opponent::TwoPlayers => self.secrecy() != Secrecy::HotSeat || self.viewer == turn,
        };
        self.cover.is_none() && self.browse.is_none() && self.game.outcome().is_none() && here
    }

    /// Whether `side` may ask to take back now: never the computer, never online (the
    /// server takes nothing back), not while a request waits, and in hot-seat Jieqi only the
    /// player holding the device (under the cover, the one who just moved).
    pub(super) fn may_ask_takeback(&self, side: Side) -> bool {
        self.computer().map(|(computer, _)| computer) != Some(side)
            && !self.config.opponent.is_online()
            && self.takeback_request.is_none()
            && (self.secrecy() != Secrecy::HotSeat || self.viewer == side)
    }

    /// How many plies a take-back by `side` undoes now, or why it cannot.
    pub(super) fn takeback_plies(&self, side: Side) -> Result<usize, Text> {
        takeback::plies_for(
            TakeBackCase {
                outcome: self.game.outcome(),
                turn: self.game.turn(),
                plies: self.game.plies(),
                secret_hot_seat: self.secrecy() == Secrecy::HotSeat,
            },
            side,
        )
    }

    /// Whether `side` taking back `plies` plies now would undo something face-down that
    /// `side` has seen: the capture of a face-down piece whose identity `side` learned, or in
    /// a finished game with secrets the final reveal, which showed every hidden piece. Such a
    /// take-back is refused or marks the game, as the settings say.
    pub(super) fn takeback_peeks(&self, side: Side, plies: usize) -> bool {
        if !self.secrecy().has_secrets() {
            return false;
        }
        if self.game.outcome().is_some() {
            return true;
        }
        // Only Jieqi keeps secrets between its players (Banqi hides from both alike): what
        // `side` learned is in its view.
        self.game
            .family_game()
            .is_some_and(|game| takeback::undoes_a_seen_capture(&game.view(side), plies))
    }

    /// Hot-seat Jieqi: unless `next` already holds the device, it goes to them under the
    /// cover. A finished game shows everything to everyone and needs no cover.
    pub(super) fn hand_over_to(&mut self, next: Side) {
        let needed = self.secrecy() == Secrecy::HotSeat && self.game.outcome().is_none();
        self.cover = (needed && self.viewer != next).then_some(next);
    }

    /// After a move (once it has been animated): in hot-seat Jieqi a move that showed its
    /// mover something (what the piece turned out to be, what the face-down piece it took
    /// was) is first read by the mover, on the board, before the cover comes; otherwise the
    /// turn ends.
    pub(super) fn after_move(&mut self) -> Phase {
        if self.mover_reads_a_reveal() {
            Phase::Reveal
        } else {
            self.end_turn()
        }
    }

    /// Hot-seat Jieqi, a game running: the last move, the viewer's, turned a piece up or
    /// took a face-down piece.
    fn mover_reads_a_reveal(&self) -> bool {
        if self.secrecy() != Secrecy::HotSeat
            || self.game.outcome().is_some()
            || self.viewer == self.game.turn()
        {
            return false;
        }
        // The mover's table before the move: a face-down piece where it started or landed.
        let Some(before) = self
            .game
            .plies()
            .checked_sub(1)
            .and_then(|ply| self.game.table_at(self.viewer, ply))
        else {
            return false;
        };
        let now = self.game.table(self.viewer);
        let Some((from, to)) = now.last else {
            return false;
        };
        let face_down = |spot| matches!(before.look(spot), Some(Look::Down { .. }));
        // A face-down piece taken shows the mover something only if the rules let them learn
        // it (under `captured=nobody` nobody does before the end).
        let learned = now.captured[self.viewer.index()]
            .last()
            .is_some_and(|look| matches!(look, Look::Up { .. }));
        face_down(from) || (to.is_some_and(face_down) && learned)
    }

    /// The device goes to the side to move.
    pub(super) fn end_turn(&mut self) -> Phase {
        self.hand_over_to(self.game.turn());
        self.resting_phase()
    }

    /// The phase a game shown as it stands rests in.
    pub(super) fn resting_phase(&self) -> Phase {
        if self.game.outcome().is_some() {
            Phase::GameOver
        } else if self.cover.is_some() {
            Phase::Handoff
        } else {
            Phase::AwaitInput
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Session>();
}
