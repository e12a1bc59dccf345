//! Headless: a game in progress is never thrown away unasked (the new-game form's Start, a
//! loaded record or position, "Again" ask first, and an abandoned game counts as a
//! resignation), the form follows the game on the table, and take-backs that would undo the
//! capture of a face-down piece its asker has seen are refused or mark the game, as the
//! settings say.

mod common;
use common::*;

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_game::hud::form::ModeForm;
use jieqi_game::hud::model::HudModel;
use jieqi_game::session::{
    DealChoice, GameCommand, GameConfig, Hint, Opponent, Resumed, Session, standard_options,
};
use jieqi_game::settings::Settings;
use jieqi_game::states::Phase;
use jieqi_game::stats::{GameKind, Stats, StatsModel, Tally};
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Family, OptionValues, Seed, Side};

fn hud(app: &App) -> &HudModel {
    app.world().resource::<HudModel>()
}

fn stats(app: &App) -> &Stats {
    app.world().resource::<Stats>()
}

fn form(app: &mut App) -> Mut<'_, ModeForm> {
    app.world_mut().resource_mut::<ModeForm>()
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

fn hint(app: &App) -> Option<String> {
    app.world().resource::<Hint>().text.clone()
}

fn variant(kind: Family) -> VariantRef {
    jieqi_variants::of_kind(kind)
}

fn won(red_wins: u32, black_wins: u32) -> Tally {
    Tally {
        red_wins,
        black_wins,
        draws: 0,
    }
}

/// What the Start button sends with the form as it stands.
fn press_start(app: &mut App) {
    let start = form(app).start().expect("the form asks for a game");
    command(app, start);
}

#[test]
fn start_in_a_running_game_asks_first_and_counts_the_abandoned_game_as_resigned() {
    let mut app = xiangqi(false);
    let xiangqi = (variant(Family::Xiangqi), None);
    click(&mut app, "h2");
    click(&mut app, "e2");
    let before = shown(&app).game_id;
    form(&mut app).variant = variant(Family::Jieqi);
    press_start(&mut app);
    // Nothing happens yet: the same game, the question on screen.
    assert_eq!(shown(&app).game_id, before);
    assert_eq!(view_plies(&app), 1);
    assert_eq!(shown(&app).variant, variant(Family::Xiangqi));
    assert_eq!(phase(&app), Phase::AwaitInput);
    assert_eq!(
        hud(&app).abandon.as_deref(),
        Some(
            "Abandon the game in progress? It counts as a resignation by Black in the statistics."
        )
    );
    assert_eq!(*stats(&app), Stats::default());

    // "Keep playing": the game goes on, unchanged, and nothing is counted.
    command(&mut app, GameCommand::AnswerAbandon { abandon: false });
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, before);
    click(&mut app, "h9");
    click(&mut app, "g7");
    assert_eq!(view_plies(&app), 2, "the game goes on");

    // Asked again, now with Red to move: "Abandon" starts the form's game, and the game
    // left counts as Red's resignation.
    press_start(&mut app);
    assert!(
        hud(&app)
            .abandon
            .as_deref()
            .is_some_and(|q| q.contains("resignation by Red"))
    );
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    settle_long(&mut app);
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, before + 1);
    assert_eq!(shown(&app).variant, variant(Family::Jieqi));
    assert_eq!(view_plies(&app), 0);
    assert_eq!(stats(&app).tally(xiangqi), won(0, 1));
    let model = app.world().resource::<StatsModel>();
    assert!(
        model.notes[0].starts_with("A game abandoned for a new one counts as a resignation"),
        "{:?}",
        model.notes
    );

    // An answer without a question does nothing.
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert_eq!(shown(&app).game_id, before + 1);
    assert_eq!(stats(&app).tally(xiangqi), won(0, 1));
}

#[test]
fn start_before_the_first_move_or_after_the_end_does_not_ask() {
    let mut app = xiangqi(false);
    let xiangqi = (variant(Family::Xiangqi), None);
    // No move yet: nothing to lose.
    let first = shown(&app).game_id;
    press_start(&mut app);
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, first + 1);
    // A finished game is counted once, as it ended, and replaced at once.
    click(&mut app, "h2");
    click(&mut app, "e2");
    command(&mut app, GameCommand::Resign(Side::Black));
    settle(&mut app);
    assert_eq!(phase(&app), Phase::GameOver);
    press_start(&mut app);
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, first + 2);
    assert_eq!(stats(&app).tally(xiangqi), won(1, 0));
    // "Again" after the end neither.
    click(&mut app, "h2");
    click(&mut app, "e2");
    command(&mut app, GameCommand::Resign(Side::Red));
    command(&mut app, GameCommand::Again);
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, first + 3);
    assert_eq!(stats(&app).tally(xiangqi), won(1, 1));
}

#[test]
fn loading_or_again_in_a_running_game_asks_but_a_bad_text_does_not() {
    let mut app = xiangqi(false);
    click(&mut app, "h2");
    click(&mut app, "e2");
    let id = shown(&app).game_id;
    // A FEN that is no game is refused at once; the game stays, nothing is asked.
    command(&mut app, GameCommand::LoadFen("not a fen".into()));
    assert_eq!(hud(&app).abandon, None);
    assert_eq!(shown(&app).game_id, id);
    // A good one asks first.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    command(&mut app, GameCommand::LoadFen(fen.into()));
    assert!(hud(&app).abandon.is_some());
    assert_eq!(shown(&app).game_id, id);
    // A later command takes the waiting one's place: "Again" (sent by no panel while the
    // game runs, but asked about all the same).
    command(&mut app, GameCommand::Again);
    assert!(hud(&app).abandon.is_some());
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    assert_eq!(shown(&app).game_id, id + 1);
    assert_eq!(
        shown(&app).player_one,
        Side::Black,
        "Again swapped the colours"
    );
    assert_eq!(view_plies(&app), 0);
}

#[test]
fn against_the_computer_an_abandoned_game_is_the_humans_loss() {
    let mut app = vs_computer(Family::Xiangqi, Level::Beginner, Side::Red);
    click(&mut app, "h2");
    click(&mut app, "e2");
    wait_for_plies(&mut app, 2);
    press_start(&mut app);
    assert_eq!(
        hud(&app).abandon.as_deref(),
        Some(
            "Abandon the game in progress? It counts as a loss for you (a resignation) in the \
             statistics."
        )
    );
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    settle_long(&mut app);
    let kind: GameKind = (variant(Family::Xiangqi), Some(Level::Beginner));
    assert_eq!(stats(&app).tally(kind), won(0, 1));
}

#[test]
fn the_form_follows_a_resumed_or_loaded_game() {
    let mut app = xiangqi(false);
    // The player typed a seed code and chose other house rules for Xiangqi meanwhile.
    form(&mut app).seed_text = "1A".into();
    form(&mut app).options_mut().set("chase", "judged").unwrap();
    let jieqi = variant(Family::Jieqi);
    let rules = OptionValues::parse(jieqi.name(), jieqi.options(), "captured=both").unwrap();
    let config = GameConfig {
        variant: jieqi,
        deal: DealChoice::Seed(Seed(7)),
        opponent: Opponent::Computer {
            level: Level::Club,
            human: Side::Black,
        },
        rules,
        ..GameConfig::default()
    };
    let mut game = config.new_game();
    game.play_text("h2e2").unwrap();
    command(
        &mut app,
        GameCommand::Resume(Box::new(Resumed::new(game, config, Side::Black))),
    );
    assert_eq!(session(&app).config(), config);
    let f = form(&mut app).clone();
    assert_eq!(f.variant, jieqi);
    assert!(f.vs_computer);
    assert_eq!(f.level, Level::Club);
    assert_eq!(f.human, Side::Black);
    assert!(f.from_seed);
    assert_eq!(f.options(), rules);
    // What the game does not say stays as the player left it.
    assert_eq!(f.seed_text, "1A");
    let xiangqi_rules = ModeForm {
        variant: variant(Family::Xiangqi),
        ..f.clone()
    }
    .options();
    assert_eq!(xiangqi_rules.to_string(), "chase=judged");
    // Start now gives the game in progress's table again (with the typed seed).
    let again = f.config().unwrap();
    assert_eq!(
        GameConfig {
            deal: DealChoice::Seed(Seed(7)),
            ..again
        },
        config
    );

    // A loaded position is a two-player Xiangqi game under the standard rules.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    command(&mut app, GameCommand::LoadFen(fen.into()));
    command(&mut app, GameCommand::AnswerAbandon { abandon: true });
    let f = form(&mut app).clone();
    assert_eq!(shown(&app).variant, variant(Family::Xiangqi));
    assert_eq!(f.variant, variant(Family::Xiangqi));
    assert!(!f.vs_computer);
    assert_eq!(f.options(), standard_options(f.variant));
}

/// Jieqi against the computer (Beginner), the human Red, after `moves` (deal seed 7); the
/// human to move.
fn jieqi_vs_computer(moves: &[&str]) -> App {
    let config = GameConfig {
        variant: variant(Family::Jieqi),
        deal: DealChoice::Seed(Seed(7)),
        opponent: Opponent::Computer {
            level: Level::Beginner,
            human: Side::Red,
        },
        rules: standard_options(variant(Family::Jieqi)),
        ..GameConfig::default()
    };
    let mut game = config.new_game();
    for m in moves {
        game.play_text(m).unwrap();
    }
    app_with(game, config, false)
}

/// Red's cannon-point piece b2 jumps to b9 and takes Black's face-down piece there: Red sees
/// what it was. Black answers h9g7.
const SEEN_CAPTURE: [&str; 2] = ["b2b9", "h9g7"];

#[test]
fn a_take_back_of_a_seen_face_down_capture_marks_the_game_when_allowed() {
    let mut app = jieqi_vs_computer(&SEEN_CAPTURE);
    assert!(app.world().resource::<Settings>().face_down_takebacks);
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 0, "allowed: back to the start");
    assert!(session(&app).peeked());
    command(&mut app, GameCommand::Resign(Side::Red));
    settle_long(&mut app);
    let kind: GameKind = (variant(Family::Jieqi), Some(Level::Beginner));
    assert_eq!(stats(&app).tally(kind), Tally::default());
    assert_eq!(stats(&app).tally_with_takebacks(kind), won(0, 1));
    let model = app.world().resource::<StatsModel>();
    assert_eq!(
        model.lines[0].label,
        "Jieqi 揭棋 — computer (Beginner) — with take-backs"
    );
    assert_eq!(model.notes.len(), 2, "{:?}", model.notes);
    // The next game starts unmarked.
    command(&mut app, GameCommand::Again);
    assert!(!session(&app).peeked());
}

#[test]
fn a_take_back_of_a_seen_face_down_capture_is_refused_when_not_allowed() {
    let mut app = jieqi_vs_computer(&SEEN_CAPTURE);
    app.world_mut()
        .resource_mut::<Settings>()
        .face_down_takebacks = false;
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    assert_eq!(view_plies(&app), 2, "refused: the game stays");
    assert_eq!(
        hint(&app).as_deref(),
        Some(
            "Not allowed by the settings: this take-back would undo the capture of a face-down \
             piece you have seen"
        )
    );
    assert!(!session(&app).peeked());
    // The game counts as an ordinary one.
    command(&mut app, GameCommand::Resign(Side::Red));
    settle_long(&mut app);
    let kind: GameKind = (variant(Family::Jieqi), Some(Level::Beginner));
    assert_eq!(stats(&app).tally(kind), won(0, 1));
    assert_eq!(stats(&app).tally_with_takebacks(kind), Tally::default());
}

#[test]
fn take_backs_of_nothing_seen_face_down_are_ordinary_under_either_setting() {
    for allowed in [true, false] {
        // A reveal and a quiet answer: no capture at all.
        let mut app = jieqi_vs_computer(&["h2e2", "h9g7"]);
        app.world_mut()
            .resource_mut::<Settings>()
            .face_down_takebacks = allowed;
        command(&mut app, GameCommand::RequestTakeBack(Side::Red));
        assert_eq!(view_plies(&app), 0);
        assert!(!session(&app).peeked());
        // Black's cannon-point piece takes Red's face-down b0: only Black (the computer) saw
        // what it was, so Red's take-back teaches Red nothing.
        let mut app = jieqi_vs_computer(&["h2e2", "b7b0"]);
        let taken = shown(&app).view().unwrap().moves[1].captured;
        assert!(
            matches!(
                taken,
                Some(jieqi_rules::SeenPiece::Unknown { side: Side::Red })
            ),
            "{taken:?}"
        );
        app.world_mut()
            .resource_mut::<Settings>()
            .face_down_takebacks = allowed;
        command(&mut app, GameCommand::RequestTakeBack(Side::Red));
        assert_eq!(view_plies(&app), 0, "allowed: {allowed}");
        assert!(!session(&app).peeked());
    }
}

#[test]
fn a_resumed_game_keeps_its_mark() {
    let mut app = jieqi_vs_computer(&SEEN_CAPTURE);
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    let saved = jieqi_game::autosave::record(session(&app)).unwrap();
    let (resumed, _) = jieqi_game::autosave::read(&saved).unwrap();
    let mut other = xiangqi(false);
    command(&mut other, GameCommand::Resume(Box::new(resumed)));
    assert!(session(&other).peeked());
    assert_eq!(shown(&other).variant, variant(Family::Jieqi));
}
