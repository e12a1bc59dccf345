//! What the players ask for, and what the session does about it. Input, panels, the computer,
//! the autosave and the command line write [`GameCommand`]s; the renderer writes
//! [`AnimationsDone`]. [`apply`] reads them in order and hands each to one small function
//! below, which changes the session and returns its [`Effect`]: the phase that follows, what
//! the hint line says, an answer to a load request. The dispatcher only carries effects out.

use std::time::Instant;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::clock::Clocks;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{AnyGame, FamilyGame, Side, Xiangqi};

use super::abandon;
use super::command::{AnimationsDone, BrowseTo, GameCommand, LoadAnswer, Resumed, StartCommands};
use super::config::{GameConfig, Opponent, Secrecy, random_seed};
use super::duplicate::dealt;
use super::duplicate_match::{DuplicateMatch, FirstGame};
use super::effect::Effect;
use super::hint::{Hint, HintChange};
use super::load;
use super::moment::Stamp;
use super::owner::{Session, Stash};
use super::pending::Abandoned;
use super::remote;
use super::remote_messages::{DrawStep, ToServer};
use super::takeback::{self, TakeBackRequest};
use super::think::BoardTurn;
use crate::i18n::{self, Phrase, Text};
use crate::settings::Settings;
use crate::states::{GameSet, Phase, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_message::<AnimationsDone>()
        .add_message::<LoadAnswer>()
        .add_systems(OnEnter(Screen::Game), enter_game)
        .add_systems(
            Update,
            apply.in_set(GameSet::Apply).run_if(in_state(Screen::Game)),
        );
}

/// The game screen opens in the session's resting phase, with the command line's commands.
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

/// What a command may read besides the session.
struct Context {
    /// The phase now; within one frame it may change several times.
    phase: Phase,
    animations: bool,
    takeback_consent: bool,
    /// Take-backs of something seen face down are allowed (and mark the game).
    face_down_takebacks: bool,
}

/// Where a command's effect goes besides the phase: the hint line and load answers.
#[derive(SystemParam)]
pub(super) struct Replies<'w> {
    hint: ResMut<'w, Hint>,
    answers: MessageWriter<'w, LoadAnswer>,
    abandoned: MessageWriter<'w, Abandoned>,
    to_server: MessageWriter<'w, ToServer>,
    time: Res<'w, Time<Real>>,
}

/// Hands every command of this frame to its function and carries out the effects. The end
/// of an animation comes first: it happened before anything asked this frame.
pub(super) fn apply(
    mut done: MessageReader<AnimationsDone>,
    mut commands: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    phase: Res<State<Phase>>,
    mut next_phase: ResMut<NextState<Phase>>,
    settings: Res<Settings>,
    mut replies: Replies,
) {
    let mut ctx = Context {
        phase: *phase.get(),
        animations: settings.animations,
        takeback_consent: settings.takeback_consent,
        face_down_takebacks: settings.face_down_takebacks,
    };
    let effects = done
        .read()
        .map(|AnimationsDone(stamp)| Either::Done(*stamp))
        .chain(commands.read().map(Either::Command));
    for item in effects {
        let effect = match item {
            Either::Done(stamp) => animations_done(&mut session, stamp, &ctx),
            Either::Command(command) => dispatch(&mut session, command, &ctx),
        };
        if let Some(phase) = effect.phase {
            ctx.phase = phase;
            next_phase.set(phase);
        }
        // Only a real change touches the hint (the panels rebuild when it changes).
        if effect.hint != HintChange::Keep {
            let now = replies.time.elapsed_secs();
            replies.hint.change(effect.hint, settings.language, now);
        }
        if let Some(answer) = effect.answer {
            replies.answers.write(LoadAnswer(answer));
        }
        if let Some(asked) = effect.to_server {
            replies.to_server.write(asked);
        }
        if let Some(abandoned) = session.abandoned.take() {
            replies.abandoned.write(abandoned);
        }
    }
}

/// An incoming message: the renderer's or a player's.
enum Either<'a> {
    Done(Stamp),
    Command(&'a GameCommand),
}

/// A command that would throw away the game in progress asks first (see [`abandon`]).
fn dispatch(s: &mut Session, command: &GameCommand, ctx: &Context) -> Effect {
    if abandon::must_ask(s, command) {
        abandon::ask(s, command);
        return Effect::none();
    }
    run(s, command, ctx)
}

fn run(s: &mut Session, command: &GameCommand, ctx: &Context) -> Effect {
    if s.config.opponent.is_online()
        && let Some(effect) = run_online(s, command, ctx)
    {
        return effect;
    }
    match command {
        GameCommand::Move(m) => human_move(s, *m, ctx),
        GameCommand::ComputerMove { mv, stamp } => computer_move(s, *mv, *stamp, ctx),
        GameCommand::Resign(side) => resign(s, *side),
        GameCommand::OfferDraw(side) => offer_draw(s, *side),
        GameCommand::AnswerDraw { accept } => answer_draw(s, *accept),
        GameCommand::HandOver => hand_over(s, ctx),
        GameCommand::Ready => ready(s, ctx),
        GameCommand::NewGame(config) => new_game(s, *config),
        GameCommand::NewDuplicate(config) => new_duplicate(s, *config),
        GameCommand::Again => again(s),
        GameCommand::RequestTakeBack(side) => request_takeback(s, *side, ctx),
        GameCommand::AnswerTakeBack { accept } => answer_takeback(s, *accept),
        GameCommand::Browse(to) => browse(s, *to),
        GameCommand::LoadRecord(text) => load(s, load::game_from_record(text)),
        GameCommand::LoadFen(text) => load(s, load::game_from_fen(text)),
        GameCommand::Resume(resumed) => resume(s, resumed),
        GameCommand::AnswerAbandon { abandon } => answer_abandon(s, *abandon, ctx),
        GameCommand::PlayOn(level) => play_on(s, *level),
        GameCommand::BackToReview => back_to_review(s),
        GameCommand::TimeUp => time_up(s),
        GameCommand::Remote(remote) => remote::apply(s, remote, ctx.animations),
        GameCommand::ClaimWin => Effect::none(),
    }
}

/// At an online table: what goes to the server instead of changing the table (see
/// [`remote`]), and what has no meaning there; `None`: as at any table.
fn run_online(s: &mut Session, command: &GameCommand, ctx: &Context) -> Option<Effect> {
    let seat = s.config.opponent.human();
    Some(match command {
        GameCommand::Move(turn) => {
            if !ctx.phase.accepts_moves() || !s.human_may_move() {
                return Some(Effect::none());
            }
            remote::send_move(s, *turn)
        }
        GameCommand::Resign(side) if Some(*side) == seat => remote::ask_server(s, ToServer::Resign),
        GameCommand::OfferDraw(side) if Some(*side) == seat => {
            remote::ask_server(s, ToServer::Draw(DrawStep::Offer))
        }
        GameCommand::AnswerDraw { accept } if s.draw_offer.is_some() && s.draw_offer != seat => {
            let step = if *accept {
                DrawStep::Accept
            } else {
                DrawStep::Decline
            };
            remote::ask_server(s, ToServer::Draw(step))
        }
        GameCommand::ClaimWin => remote::ask_server(s, ToServer::Claim),
        // The server's clock decides; nothing is taken back, handed over or played again
        // here.
        GameCommand::Resign(_)
        | GameCommand::OfferDraw(_)
        | GameCommand::AnswerDraw { .. }
        | GameCommand::TimeUp
        | GameCommand::ComputerMove { .. }
        | GameCommand::RequestTakeBack(_)
        | GameCommand::AnswerTakeBack { .. }
        | GameCommand::HandOver
        | GameCommand::Ready
        | GameCommand::Again
        | GameCommand::PlayOn(_) => Effect::none(),
        _ => return None,
    })
}

/// Play on from the position shown: a new game against the computer from what the player to
/// move there knew, the reviewed game put aside.
fn play_on(s: &mut Session, level: Level) -> Effect {
    if !s.can_play_on() {
        return Effect::none();
    }
    // Xiangqi family only: the new game is dealt again from a player's view.
    let Some(game) = s.game.family_game() else {
        return Effect::none();
    };
    let ply = s.browse.unwrap_or(game.moves().len());
    let Some(turn) = game.view_then(Side::Red, ply).map(|v| v.turn()) else {
        return Effect::none();
    };
    // Against the computer the human keeps their colour; between two players the player to
    // move there plays on.
    let human = s.config.opponent.human().unwrap_or(turn);
    let Some(view) = game.view_then(human, ply) else {
        return Effect::none();
    };
    if view.legal_moves.is_empty() {
        return Effect::say(Text::PlayOnOver);
    }
    let new = match AnyGame::from_view(&view, random_seed()) {
        Ok(new) => new,
        Err(e) => {
            warn!("cannot play on from ply {ply}: {e}");
            return Effect::say(Text::PlayOnOver);
        }
    };
    let config = GameConfig {
        opponent: Opponent::Computer { level, human },
        ..s.config
    };
    let game = std::mem::replace(&mut s.game, AnyGame::from(Xiangqi::default()).into());
    let stash = Stash {
        game,
        config: s.config,
        viewer: s.viewer,
        player_one: s.player_one,
        game_id: s.game_id,
        takebacks: s.takebacks,
        peeked: s.peeked,
        browse: s.browse,
        duplicate: s.duplicate.take(),
    };
    info!("playing on from ply {ply} as {human} against {level:?}");
    s.start(new, config, human);
    s.stash = Some(stash);
    s.practice = true;
    Effect::fresh(s)
}

/// Back to the reviewed game, as it was when put aside (its moment too, so that its review
/// comes back with it).
fn back_to_review(s: &mut Session) -> Effect {
    let Some(stash) = s.stash.take() else {
        return Effect::none();
    };
    s.start(stash.game, stash.config, stash.player_one);
    s.viewer = stash.viewer;
    s.game_id = stash.game_id;
    s.takebacks = stash.takebacks;
    s.peeked = stash.peeked;
    s.browse = stash.browse;
    s.duplicate = stash.duplicate;
    Effect::fresh(s)
}

/// "Abandon": the game in progress counts as resigned and the command waiting runs; "Keep
/// playing": it is dropped. A game that ended meanwhile is counted as it ended.
fn answer_abandon(s: &mut Session, abandon: bool, ctx: &Context) -> Effect {
    let Some(pending) = s.pending_start.take() else {
        return Effect::none();
    };
    if !abandon {
        return Effect::none();
    }
    // Playing on from a review is practice: not counted.
    let at_stake = s.game_in_progress() || s.match_at_stake();
    let abandoned = (at_stake && !s.practice)
        .then(|| s.abandoned(pending.loser))
        .flatten();
    if let Some(record) = abandoned {
        info!("{} abandoned the game", pending.loser);
        s.abandoned = Some(record);
    }
    run(s, &pending.command, ctx)
}

fn human_move(s: &mut Session, turn: BoardTurn, ctx: &Context) -> Effect {
    if !ctx.phase.accepts_moves() || !s.human_may_move() {
        return Effect::none();
    }
    play(s, turn, ctx)
}

fn computer_move(s: &mut Session, turn: BoardTurn, stamp: Stamp, ctx: &Context) -> Effect {
    if !ctx.phase.accepts_moves() || s.cover.is_some() || s.computer_turn() != Some(stamp) {
        return Effect::none();
    }
    play(s, turn, ctx)
}

/// Plays the turn, checked once by the rules, or says why not in the player's language. Only
/// the turn's public text is returned, for the log: a reveal or a capture's identity never
/// goes there.
fn try_play(s: &mut Session, turn: BoardTurn) -> Result<String, Phrase> {
    let mover = s.game.turn();
    s.game.play_turn(turn.from, turn.to).map_err(|e| {
        // Public: the position and the turn are on everyone's screen.
        info!("{mover}: {e}");
        i18n::turn_error(&e)
    })
}

/// Plays a turn the rules check once; a refusal keeps the turn and says why.
fn play(s: &mut Session, turn: BoardTurn, ctx: &Context) -> Effect {
    let mover = s.game.turn();
    let now = Instant::now();
    // A move made after the flag fell comes too late.
    if s.fall_flag(now) {
        return Effect::phase(Phase::GameOver);
    }
    let played = match try_play(s, turn) {
        Ok(played) => played,
        Err(why) => return Effect::say(why),
    };
    s.clock_moved(mover, now);
    info!("{mover} played {played}");
    let mut hint = HintChange::Clear;
    if s.draw_offer == Some(mover.other()) {
        // Moving instead of answering declines the offer.
        s.draw_offer = None;
        hint = HintChange::Say(Phrase::new(Text::OfferLapsed).with("side", s.names().word(mover)));
    }
    if s.takeback_request.take().is_some() {
        hint = HintChange::Say(takeback::lapsed_text(s.names(), mover));
    }
    let phase = if ctx.animations {
        Phase::Animating
    } else {
        s.after_move()
    };
    Effect {
        phase: Some(phase),
        hint,
        ..default()
    }
}

fn animations_done(s: &mut Session, stamp: Stamp, ctx: &Context) -> Effect {
    if ctx.phase != Phase::Animating || stamp != s.stamp() {
        return Effect::none();
    }
    Effect::phase(s.after_move())
}

fn hand_over(s: &mut Session, ctx: &Context) -> Effect {
    if ctx.phase != Phase::Reveal {
        return Effect::none();
    }
    Effect::phase(s.end_turn())
}

/// A running clock reached zero: its side loses (checked again here: the flag must really
/// have fallen).
fn time_up(s: &mut Session) -> Effect {
    if s.fall_flag(Instant::now()) {
        Effect::phase(Phase::GameOver)
    } else {
        Effect::none()
    }
}

fn resign(s: &mut Session, side: Side) -> Effect {
    if s.cover.is_some() || s.game.resign(side).is_err() {
        return Effect::none();
    }
    s.draw_offer = None;
    // Nothing is taken back after a resignation: a waiting request lapses.
    s.takeback_request = None;
    Effect::phase(Phase::GameOver)
}

fn offer_draw(s: &mut Session, side: Side) -> Effect {
    if s.cover.is_some() || s.game.outcome().is_some() || s.draw_offer.is_some() {
        return Effect::none();
    }
    s.draw_offer = Some(side);
    Effect::say(Phrase::new(Text::OffersDraw).with("side", s.names().word(side)))
}

fn answer_draw(s: &mut Session, accept: bool) -> Effect {
    let Some(by) = s.draw_offer.take() else {
        return Effect::none();
    };
    if !accept {
        return Effect::say(
            Phrase::new(Text::DeclinedDraw).with("side", s.names().word(by.other())),
        );
    }
    match s.game.agree_draw() {
        Ok(_) => {
            s.takeback_request = None;
            Effect::phase(Phase::GameOver)
        }
        Err(_) => Effect::none(),
    }
}

fn ready(s: &mut Session, ctx: &Context) -> Effect {
    let Some(next) = s.cover.filter(|_| ctx.phase == Phase::Handoff) else {
        return Effect::none();
    };
    s.cover = None;
    s.viewer = next;
    s.browse = None;
    Effect::phase(s.resting_phase())
}

fn new_game(s: &mut Session, config: GameConfig) -> Effect {
    s.start(config.new_game(), config, s.player_one);
    Effect::fresh(s)
}

/// A duplicate match: its first game, on a deal whose seed the match keeps.
fn new_duplicate(s: &mut Session, config: GameConfig) -> Effect {
    if !config.variant.plays_duplicate() {
        return new_game(s, config);
    }
    begin_match(s, config, s.player_one);
    Effect::fresh(s)
}

/// Game 1 of a new match of `config`, on a deal drawn now (or the one chosen).
fn begin_match(s: &mut Session, config: GameConfig, player_one: Side) {
    let seed = config.deal.draw();
    s.start(dealt(config, seed), config, player_one);
    s.duplicate = Some(DuplicateMatch {
        seed: Some(seed),
        first: None,
    });
    info!("a duplicate match begins");
}

/// The same table again with the colours swapped: game 2 of a duplicate match whose game 1
/// is over, a new match after a match, else a new game.
fn again(s: &mut Session) -> Effect {
    let mut config = s.config;
    if let Opponent::Computer { level, human } = config.opponent {
        config.opponent = Opponent::Computer {
            level,
            human: human.other(),
        };
    }
    let player_one = s.player_one.other();
    match s.duplicate.take() {
        Some(DuplicateMatch {
            seed: Some(seed),
            first: None,
        }) if s.game.outcome().is_some() => {
            let first = FirstGame {
                game: s.game.boxed(),
                player_one: s.player_one,
                peeked: s.peeked,
            };
            s.start(dealt(config, seed), config, player_one);
            s.duplicate = Some(DuplicateMatch {
                seed: Some(seed),
                first: Some(first),
            });
            info!("game 2 of the duplicate match, colours swapped");
        }
        Some(_) => begin_match(s, config, player_one),
        None => s.start(config.new_game(), config, player_one),
    }
    Effect::fresh(s)
}

fn request_takeback(s: &mut Session, side: Side, ctx: &Context) -> Effect {
    if !s.may_ask_takeback(side) {
        return Effect::none();
    }
    let plies = match s.takeback_plies(side) {
        Ok(plies) => plies,
        Err(why) => return Effect::say(why),
    };
    if !ctx.face_down_takebacks && s.takeback_peeks(side, plies) {
        return Effect::say(takeback::face_down_refusal(s.game.outcome()));
    }
    // Against the computer at once; between two players only with consent, if asked for.
    if s.computer().is_some() || !ctx.takeback_consent {
        take_back(s, side, plies);
        info!("{side} took back {plies} plies");
        return Effect::fresh(s);
    }
    s.takeback_request = Some(TakeBackRequest { by: side, plies });
    s.browse = None;
    // The other player answers on their own screen: the device goes to them.
    s.hand_over_to(side.other());
    Effect {
        phase: s.cover.is_some().then(|| s.resting_phase()),
        ..default()
    }
}

fn answer_takeback(s: &mut Session, accept: bool) -> Effect {
    let Some(request) = s.takeback_request else {
        return Effect::none();
    };
    // Only the player asked answers, once they hold the device.
    let hot_seat = s.secrecy() == Secrecy::HotSeat;
    if s.cover.is_some() || (hot_seat && s.viewer == request.by) {
        return Effect::none();
    }
    s.takeback_request = None;
    if accept {
        take_back(s, request.by, request.plies);
        info!("{} took back {} plies, agreed", request.by, request.plies);
        return Effect::fresh(s);
    }
    // The device goes back to the side to move.
    s.hand_over_to(s.game.turn());
    Effect {
        phase: s.cover.is_some().then(|| s.resting_phase()),
        hint: HintChange::Say(takeback::declined_text(s.names(), request.by)),
        ..default()
    }
}

/// `by` takes back `plies` plies. Searches for the position left behind become stale (the
/// stamp counts take-backs), and in hot-seat Jieqi the device goes, under the cover, to the
/// side now to move unless that player holds it. Undoing something `by` saw face down marks
/// the game.
fn take_back(s: &mut Session, by: Side, plies: usize) {
    s.peeked |= s.takeback_peeks(by, plies);
    for _ in 0..plies {
        s.game.undo();
    }
    s.takebacks = s.takebacks.wrapping_add(1);
    s.takeback_request = None;
    s.draw_offer = None;
    s.browse = None;
    s.hand_over_to(s.game.turn());
}

fn browse(s: &mut Session, to: BrowseTo) -> Effect {
    if s.cover.is_none() {
        s.browse = to.from(s.browse, s.game.plies());
    }
    Effect::none()
}

/// A loaded game (a record or a position) for two players; a bad text leaves the game on
/// screen as it was.
fn load(s: &mut Session, loaded: Result<load::Loaded, Phrase>) -> Effect {
    match loaded {
        Ok((game, rules)) => {
            let config = GameConfig {
                variant: VariantRef(game.variant()),
                rules,
                ..GameConfig::default()
            };
            s.start(game, config, s.player_one);
            Effect {
                answer: Some(Text::RecordLoaded.into()),
                ..Effect::fresh(s)
            }
        }
        Err(why) => Effect {
            answer: Some(why),
            ..default()
        },
    }
}

/// Takes up a saved game again; in hot-seat Jieqi behind the handoff cover, for the side to
/// move.
fn resume(s: &mut Session, resumed: &Resumed) -> Effect {
    s.start(resumed.game.boxed(), resumed.config, resumed.player_one);
    s.peeked = resumed.peeked;
    s.duplicate = resumed.duplicate.clone();
    if let (Some(control), Some(left)) = (resumed.config.clock, resumed.clocks_left) {
        s.clocks = Some(Clocks::restored(control, left));
    }
    s.cover();
    Effect::fresh(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_game_and_end_live() {
        assert_eq!(BrowseTo::First.from(None, 5), Some(0));
        assert_eq!(BrowseTo::Back.from(None, 5), Some(4));
        assert_eq!(BrowseTo::Back.from(Some(0), 5), Some(0));
        assert_eq!(BrowseTo::Forward.from(Some(3), 5), Some(4));
        assert_eq!(BrowseTo::Forward.from(Some(4), 5), None);
        assert_eq!(BrowseTo::Forward.from(None, 5), None);
        assert_eq!(BrowseTo::Last.from(Some(2), 5), None);
        assert_eq!(BrowseTo::Ply(2).from(None, 5), Some(2));
        assert_eq!(BrowseTo::Ply(9).from(Some(1), 5), None);
        assert_eq!(
            BrowseTo::First.from(None, 0),
            None,
            "nothing to step through"
        );
    }
}
