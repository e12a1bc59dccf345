//! The online table, as the session sees it (spec/online.md): the game is held by a server,
//! which is the referee; this screen plays one seat (or watches). The session's game is the
//! seat's game *told* from the server's frames (the variant's start, then each turn as the
//! seat knows it), so the screen, the move list and the review read the same [`Shown`] as at
//! a local table and can show nothing the seat may not know.
//!
//! The remote player is a seat like the computer's: a move made on this screen is sent
//! ([`ToServer`]) and played on the table only when the server plays it back ([`Remote::Moved`],
//! with what a reveal turned up); the opponent's moves arrive the same way. Resigning, draws
//! and claims go to the server, and the table changes when its answer comes. The connection
//! itself is the online plugin's (`crate::online`), which turns frames into [`Remote`]s and
//! [`ToServer`]s into messages.
//!
//! [`Shown`]: super::Shown

use std::time::Instant;

use bevy::prelude::*;
use jieqi_rules::clock::Clocks;
use jieqi_rules::platform::{KnownTurn, PlayedGame, Receiver};
use jieqi_rules::{Seed, Side};

use super::duplicate_match::{DuplicateMatch, FirstGame};
use super::effect::Effect;
use super::hint::HintChange;
use super::owner::{OnlineTable, Session};
use super::remote_messages::{DrawStep, EndedBy, Remote, RemoteEnding, RemoteTable, ToServer};
use super::think::BoardTurn;
use crate::i18n::{self, Phrase, Text};
use crate::states::Phase;

impl Session {
    /// The server's id of the game on the table, online.
    pub fn online_id(&self) -> Option<&str> {
        self.online.as_ref().map(|t| t.id.as_str())
    }

    /// Online: a move of this screen's is on its way to the server.
    pub fn awaiting_server(&self) -> bool {
        self.online.as_ref().is_some_and(|t| t.awaiting.is_some())
    }

    /// The turns as this screen knows them (its seat's, or a spectator's).
    pub fn known_turns(&self) -> Vec<KnownTurn> {
        self.game.knowledge(self.receiver()).turns
    }

    /// The position as this screen knows it, in the variant's text (a Jieqi seat's
    /// viewer-relative FEN).
    pub fn known_position(&self) -> String {
        self.game.knowledge(self.receiver()).position
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.game.plies()
    }

    /// Who this screen is: its seat, or a spectator (a table for two shows the public view
    /// here too: only the seat's own knowledge is ever written out).
    fn receiver(&self) -> Receiver {
        self.config
            .opponent
            .human()
            .map_or(Receiver::Spectator, Receiver::Player)
    }
}

/// What the server told this screen.
pub(super) fn apply(s: &mut Session, remote: &Remote, ctx_animations: bool) -> Effect {
    match remote {
        Remote::Table(table) => adopt(s, table),
        Remote::Moved {
            ply,
            turn,
            clocks_left,
        } => moved(s, *ply, turn, *clocks_left, ctx_animations),
        Remote::Ended(ending) => ended(s, *ending),
        Remote::FirstGame(first) => first_game(s, first),
        Remote::DrawOffered(by) => {
            s.draw_offer = Some(*by);
            Effect::say(Phrase::new(Text::OffersDraw).with("side", s.names().word(*by)))
        }
        Remote::DrawDeclined(by) => {
            s.draw_offer = None;
            Effect::say(Phrase::new(Text::DeclinedDraw).with("side", s.names().word(*by)))
        }
        Remote::Refused(why) => {
            if let Some(table) = s.online.as_mut() {
                table.awaiting = None;
            }
            Effect::say(Phrase::new(Text::ServerRefused).with("reason", why.clone()))
        }
    }
}

/// The server's table: a new online game, or the same one again (after a reconnect) — then
/// the game is the server's as it stands, and the screen keeps its number, so that only
/// what changed moves.
fn adopt(s: &mut Session, table: &RemoteTable) -> Effect {
    let same = s.online.as_ref().is_some_and(|t| t.id == table.id);
    if same {
        s.game = table.game.boxed();
        s.config = table.config;
        s.draw_offer = None;
        s.browse = None;
    } else {
        if s.game_in_progress() && !s.config.opponent.is_online() && !s.practice {
            // The player chose to go online from a game in progress: it counts as abandoned
            // (the online window said so).
            s.abandoned = s.abandoned(s.abandoning_side());
        }
        s.start(table.game.boxed(), table.config, player_one(table));
    }
    if table.match_round.is_some() && s.duplicate.is_none() {
        // The server keeps the deal; game 1 comes as `Remote::FirstGame` in game 2.
        s.duplicate = Some(DuplicateMatch {
            seed: None,
            first: None,
        });
    }
    s.online = Some(OnlineTable {
        id: table.id.clone(),
        awaiting: None,
        clock_runs: table.clock_runs,
    });
    s.clocks = restored_clocks(s, table.clocks_left);
    Effect::fresh(s)
}

/// Player 1 of an online table: in a duplicate match this screen's player (a spectator's:
/// the one who was Red in game 1), whose colour game 2 swaps; else Red.
fn player_one(table: &RemoteTable) -> Side {
    match (table.config.opponent.human(), table.match_round) {
        (Some(seat), Some(_)) => seat,
        (None, Some(2)) => Side::Black,
        _ => Side::Red,
    }
}

/// Game 1 of the match whose game 2 is on the table: its result for the score, and once
/// the match is decided (game 2 over, game 1 unsealed) its whole record.
fn first_game(s: &mut Session, first: &RemoteTable) -> Effect {
    let player_one = s.player_one.other();
    if let Some(m) = s.duplicate.as_mut().filter(|m| m.seed.is_none())
        && first.game.outcome().is_some()
    {
        m.first = Some(FirstGame {
            game: first.game.boxed(),
            player_one,
            peeked: false,
        });
    }
    Effect::none()
}

/// The clocks as the server read them, to count down from until the next reading.
fn restored_clocks(s: &Session, left: Option<[u64; 2]>) -> Option<Clocks> {
    let control = s.config.clock?;
    Some(match left {
        Some(left) => Clocks::restored(control, left),
        None => Clocks::new(control),
    })
}

/// A turn the server played: the next one is played on the table; anything else means the
/// table lost step, and it is asked for again.
fn moved(
    s: &mut Session,
    ply: usize,
    turn: &KnownTurn,
    clocks_left: Option<[u64; 2]>,
    animations: bool,
) -> Effect {
    if ply < s.game.plies() {
        // Already on the table (a snapshot brought it).
        return Effect::none();
    }
    let mover = s.game.turn();
    let played = (ply == s.game.plies())
        .then(|| s.game.play_known(turn))
        .map(|r| r.map_err(|e| i18n::turn_error(&e)));
    if let Some(Err(_)) | None = played {
        warn!("the server's turn {} does not follow on the table", ply + 1);
        return Effect {
            to_server: Some(ToServer::Resync),
            ..Effect::none()
        };
    }
    // The turn's text is public (the reveal's letter is everyone's; a captured identity never
    // travels in it).
    info!("{mover} played {}", turn.text);
    if let Some(table) = s.online.as_mut() {
        table.awaiting = None;
        table.clock_runs = true;
    }
    s.browse = None;
    if s.draw_offer == Some(mover.other()) {
        // Moving instead of answering declines the offer (the server forgets it too).
        s.draw_offer = None;
    }
    if let (Some(clocks), Some(left)) = (s.clocks.as_mut(), clocks_left) {
        *clocks = Clocks::restored(clocks.control(), left);
    }
    let phase = if animations {
        Phase::Animating
    } else {
        s.after_move()
    };
    Effect {
        phase: Some(phase),
        hint: HintChange::Clear,
        ..Effect::none()
    }
}

/// The end: the whole game from the deal, now public (for the result card and the review),
/// with the server's ending on it.
fn ended(s: &mut Session, ending: RemoteEnding) -> Effect {
    let rules = s.config.options().to_string();
    let whole = ending
        .seed
        .and_then(|seed| whole_game(s.game.variant(), seed, &rules, &s.known_turns()));
    if let Some(whole) = whole {
        s.game = whole;
    }
    settle(&mut *s.game, ending);
    if let Some(clocks) = s.clocks.as_mut() {
        clocks.stop(Instant::now());
    }
    if let Some(table) = s.online.as_mut() {
        table.awaiting = None;
        table.clock_runs = false;
    }
    s.draw_offer = None;
    s.browse = None;
    Effect::phase(Phase::GameOver)
}

/// Puts the server's ending on the game, unless its last turn already ended it by the
/// rules. Whether the game is over now.
pub fn settle(game: &mut dyn PlayedGame, ending: RemoteEnding) -> bool {
    if game.outcome().is_some() {
        return true;
    }
    let loser = ending.winner.map(Side::other);
    let settled = match (ending.by, loser) {
        (EndedBy::Time, Some(loser)) => game.lose_on_time(loser).is_ok(),
        (EndedBy::Resignation | EndedBy::Abandoned, Some(loser)) => game.resign(loser).is_ok(),
        (EndedBy::Agreement, _) => game.agree_draw().is_ok(),
        _ => false,
    };
    if !settled {
        warn!(
            "the server's ending ({:?}) cannot be shown by the rules",
            ending.by
        );
    }
    settled
}

/// The game dealt from `seed` with `turns` played on it (each reveal checked against the
/// deal): what the end shows everyone. `None` if the deal does not replay them.
pub fn whole_game(
    variant: &'static dyn jieqi_rules::platform::Variant,
    seed: Seed,
    rules: &str,
    turns: &[KnownTurn],
) -> Option<Box<dyn PlayedGame>> {
    let mut game = variant.start(Some(seed), rules).ok()?;
    for turn in turns {
        if let Err(e) = game.play_text(&turn.text) {
            warn!("the deal does not replay the table's turns: {e}");
            return None;
        }
    }
    Some(game)
}

/// A move made on this screen, online: checked by the rules as far as this screen knows
/// them, then sent; it is played when the server plays it back.
pub(super) fn send_move(s: &mut Session, turn: BoardTurn) -> Effect {
    let table = s.game.table(s.viewer);
    let text = table
        .turns
        .iter()
        .find(|t| t.from == turn.from && t.to == turn.to)
        .map(|t| t.text.clone());
    let Some(text) = text else {
        // Not a turn here: the rules say why, on a copy (the table is not touched).
        let why = match s.game.boxed().play_turn(turn.from, turn.to) {
            Err(e) => i18n::turn_error(&e),
            Ok(_) => Text::ServerRefused.into(),
        };
        return Effect::say(why);
    };
    let ply = s.game.plies();
    if let Some(table) = s.online.as_mut() {
        table.awaiting = Some(ply);
    }
    Effect {
        hint: HintChange::Clear,
        to_server: Some(ToServer::Move { ply, text }),
        ..Effect::none()
    }
}

/// Resigning, a draw or a claim from this screen, online: sent to the server, whose answer
/// changes the table.
pub(super) fn ask_server(s: &mut Session, asked: ToServer) -> Effect {
    if s.game.outcome().is_some() || s.config.opponent.human().is_none() {
        return Effect::none();
    }
    match asked {
        ToServer::Draw(DrawStep::Offer) => {
            if s.draw_offer.is_some() {
                return Effect::none();
            }
            s.draw_offer = s.config.opponent.human();
        }
        ToServer::Draw(_) => s.draw_offer = None,
        _ => {}
    }
    Effect {
        to_server: Some(asked),
        ..Effect::none()
    }
}
