//! The projection every renderer reads: [`Shown`], one player's view (never the game) and the
//! public facts about the table, published whenever the session changes. Nothing here
//! decides a rule: what may be done from this screen is asked of the session's owner.

use bevy::prelude::*;
use jieqi_rules::platform::family::table_of_view;
use jieqi_rules::platform::{BoardShape, Look, Table, VariantRef};
use jieqi_rules::{FamilyGame, Notation, OptionValues, PlayerView, Side};

use super::config::{Secrecy, SideNames};
use super::duplicate_match::MatchShown;
use super::moment::Stamp;
use super::owner::Session;
use super::pending::AbandonQuestion;
use super::takeback::TakeBackRequest;
use crate::i18n::{Language, Text};
use crate::states::GameSet;

/// What the screen shows: one player's tables (never the game), and public facts about the
/// table. Every system that draws reads this and nothing else of the game. The tables are
/// the one channel for every variant; a Xiangqi-family table carries the view it was drawn
/// from ([`Shown::view`], [`Shown::board_view`]) for that family's notations and engine.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Shown {
    /// The clocks of a game with a time control (readings are taken when drawn).
    pub clocks: Option<jieqi_rules::clock::Clocks>,
    /// Analysis: the ply whose position the board shows ([`Shown::table`]); `None`: the live
    /// one.
    pub browsed_ply: Option<usize>,
    /// The board the variant describes.
    pub board: &'static BoardShape,
    /// What the board draws: the table of the position shown, the browsed one during
    /// analysis (`None` while covered).
    pub table: Option<Table>,
    /// The viewer's table of the live game (`None` while covered): what the panels show.
    pub live: Option<Table>,
    /// The house rules the game is played under (rules.md §10).
    pub options: OptionValues,
    pub game_id: u32,
    /// Take-backs in this game so far (part of the moment a search is for).
    pub takebacks: u32,
    pub variant: VariantRef,
    /// Who may see what at this table.
    pub secrecy: Secrecy,
    /// The side drawn at the bottom.
    pub bottom: Side,
    /// Player 1's colour (player 1 sits at the bottom in Xiangqi).
    pub player_one: Side,
    /// While covered: the player who gets the device next.
    pub pass_to: Option<Side>,
    pub draw_offer: Option<Side>,
    /// A take-back asked for and not answered yet.
    pub takeback_request: Option<TakeBackRequest>,
    /// The take-backs that may be asked from this screen now: who asks, how many plies.
    pub take_back: Vec<(Side, usize)>,
    /// A command waits for the players to agree to abandon the game in progress.
    pub abandon: Option<AbandonQuestion>,
    /// Plies played (public, also while covered).
    pub plies: usize,
    /// The side the computer plays.
    pub computer: Option<Side>,
    /// An online table watched from this screen: nobody plays here.
    pub watching: bool,
    /// The engine may help this screen's player (Hint, the value of each reveal, the
    /// analysis board's engine): not while they play a person online.
    pub engine_help: bool,
    /// How the sides are named.
    pub names: SideNames,
    /// A variant without Xiangqi's notations (Banqi): the viewer's record and position in
    /// its own text forms, for the Record window (`None` while covered, and for Xiangqi and
    /// Jieqi, whose window builds them from [`Shown::view`] in the notation chosen).
    pub own_texts: Option<OwnTexts>,
    /// What the last turn did, as both players saw it (also under the cover): for sounds.
    pub last_turn: Option<LastTurn>,
    /// The game may be reviewed ([`Session::can_review`]).
    pub can_review: bool,
    /// A position of it may be played on ([`Session::can_play_on`]).
    pub can_play_on: bool,
    /// The game is played on from a reviewed one, which may be gone back to.
    pub can_return: bool,
    /// The duplicate match the game belongs to, if any.
    pub duplicate: Option<MatchShown>,
    /// A move may be entered on this screen now.
    pub(super) movable: bool,
}

/// Public facts about the last turn: everyone at the table saw them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// A piece was taken (which one, a face-down piece's taker alone may know).
    pub capture: bool,
    /// The piece that moved, or the one flipped in place, had been face down.
    pub reveal: bool,
    /// The side to move is in check now.
    pub check: bool,
}

/// A game's record and position as its viewer may keep them, in the variant's own text
/// forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnTexts {
    pub record: String,
    pub position: String,
}

impl Shown {
    /// The moment this screen shows: a search or an animation for another one is stale.
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.game_id,
            takebacks: self.takebacks,
            plies: self.plies,
        }
    }

    /// Whether a move by the side to move may be entered on this screen now (not while an
    /// earlier position is shown, not for the computer, in hot-seat Jieqi only by the player
    /// holding the device).
    pub fn can_move(&self) -> bool {
        self.movable
    }

    /// The live position's view (Xiangqi family; `None` while covered and for other variants).
    pub fn view(&self) -> Option<&PlayerView> {
        self.live.as_ref()?.view.as_deref()
    }

    /// The view of the position the board shows: the browsed one during analysis, else the
    /// live one (Xiangqi family).
    pub fn board_view(&self) -> Option<&PlayerView> {
        self.table.as_ref()?.view.as_deref()
    }

    /// During analysis, the browsed position's view (Xiangqi family).
    pub fn browsed_view(&self) -> Option<&PlayerView> {
        self.browsed_ply.and(self.board_view())
    }

    /// "Player 1" or "Player 2" for the player of `side` ("You" or "Computer" against the
    /// computer).
    pub fn player(&self, side: Side) -> Text {
        self.names.player(side)
    }

    /// [`Shown::player`] in English, for logs and the command line.
    pub fn player_name(&self, side: Side) -> &'static str {
        self.player(side).get(Language::English)
    }
}

impl Session {
    /// What the screen may show now.
    pub fn shown(&self) -> Shown {
        let take_back = Side::ALL
            .into_iter()
            .filter(|&side| self.may_ask_takeback(side))
            .filter_map(|side| Some((side, self.takeback_plies(side).ok()?)))
            .collect();
        let stamp = self.stamp();
        // The board's picture, from the game of any variant: nothing while covered. Between
        // a duplicate match's games (Jieqi): only what both players saw, since the deal is
        // played again.
        let sealed = self
            .game
            .family_game()
            .filter(|_| self.between_match_games())
            .map(|game| game.view(self.viewer).public());
        let live = match (self.cover, &sealed) {
            (Some(_), _) => None,
            (None, Some(public)) => Some(table_of_view(public.clone())),
            (None, None) => Some(self.game.table(self.viewer)),
        };
        let table = match (self.browse, &sealed) {
            (Some(ply), Some(public)) => live.as_ref().and(public.at_ply(ply)).map(table_of_view),
            (Some(ply), None) => live.as_ref().and(self.game.table_at(self.viewer, ply)),
            (None, _) => live.clone(),
        };
        // A variant without the family's notations: its own record and position texts.
        let own_texts = live
            .as_ref()
            .filter(|t| t.view.is_none())
            .and_then(|_| self.own_texts());
        // The Xiangqi family's rule set, else the house rules the game was started under.
        let options = match self.game.family_game() {
            Some(game) => game.rules().values(),
            None => self.config.options(),
        };
        Shown {
            clocks: self.clocks.clone(),
            browsed_ply: self.browse.filter(|_| table.is_some()),
            board: self.game.variant().board(),
            table,
            live,
            options,
            game_id: stamp.game_id,
            takebacks: stamp.takebacks,
            plies: stamp.plies,
            variant: VariantRef(self.game.variant()),
            secrecy: self.secrecy(),
            bottom: self.bottom(),
            player_one: self.player_one,
            pass_to: self.cover,
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            take_back,
            abandon: self.abandon_question(),
            computer: self.computer().map(|(side, _)| side),
            watching: self.config.opponent == super::config::Opponent::Online { seat: None },
            engine_help: self.engine_may_help(),
            names: self.names(),
            own_texts,
            last_turn: self.last_turn(),
            can_review: self.can_review(),
            can_play_on: self.can_play_on(),
            can_return: self.stash.is_some(),
            duplicate: self.match_shown(),
            movable: self.human_may_move(),
        }
    }

    /// The last turn's public facts, from the viewer's tables before and after it (only the
    /// facts leave: no identity).
    fn last_turn(&self) -> Option<LastTurn> {
        let ply = self.game.plies().checked_sub(1)?;
        let now = self.game.table(self.viewer);
        let before = self.game.table_at(self.viewer, ply)?;
        let (from, _) = now.last?;
        let taken = |t: &Table| t.captured.iter().map(Vec::len).sum::<usize>();
        Some(LastTurn {
            capture: taken(&now) > taken(&before),
            reveal: matches!(before.look(from), Some(Look::Down { .. })),
            check: now.check.is_some(),
        })
    }

    /// The viewer's record (the seed only once the game is over) and position, in the
    /// variant's own forms; the position is the last line of the viewer's view text.
    fn own_texts(&self) -> Option<OwnTexts> {
        let view = self.game.view_text(self.viewer, Notation::default());
        Some(OwnTexts {
            record: self.game.record_text(self.viewer, Notation::default()),
            position: view.lines().last()?.to_string(),
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, publish_initial).add_systems(
        Update,
        publish.in_set(GameSet::Apply).after(super::commands::apply),
    );
}

fn publish_initial(mut commands: Commands, session: Res<Session>) {
    commands.insert_resource(session.shown());
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
