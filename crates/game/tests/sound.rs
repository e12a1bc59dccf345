//! Sound cues (issue 20): which cue each turn makes, from the public facts the screen holds —
//! also under Jieqi's handoff cover — and none for a take-back or a new game.

mod common;

use common::*;

use bevy::prelude::*;
use jieqi_game::session::GameCommand;
use jieqi_game::sound::{Cue, SoundCue};
use jieqi_game::states::GameSet;
use jieqi_rules::{AnyGame, Setup, Side, Xiangqi};

#[derive(Resource, Default)]
struct Heard(Vec<Cue>);

fn record(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().map(|c| c.0));
}

fn listening(mut app: App) -> App {
    app.init_resource::<Heard>()
        .add_systems(Update, record.after(GameSet::View));
    app
}

/// The cues heard since the last call.
fn heard(app: &mut App) -> Vec<Cue> {
    std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
}

#[test]
fn moves_captures_checks_and_the_end_each_sound_once() {
    let setup = Setup::parse_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1").unwrap();
    let game = Xiangqi::from_setup(&setup).unwrap();
    let mut app = listening(app_with(AnyGame::from(game), xiangqi_config(), false));
    heard(&mut app);
    // The chariot to the general's file: check.
    click(&mut app, "e1");
    click(&mut app, "d1");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Check]);
    // The general steps aside: a plain move.
    click(&mut app, "d9");
    click(&mut app, "e9");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Move]);
    // A take-back makes no sound.
    command(&mut app, GameCommand::RequestTakeBack(Side::Black));
    command(&mut app, GameCommand::AnswerTakeBack { accept: true });
    settle(&mut app);
    assert_eq!(heard(&mut app), []);
    // Resigning ends the game: the end's cue.
    command(&mut app, GameCommand::Resign(Side::Black));
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::End]);
    // A new game makes none.
    command(&mut app, GameCommand::Again);
    settle(&mut app);
    assert_eq!(heard(&mut app), []);
}

#[test]
fn jieqi_reveals_and_face_down_captures_sound_under_the_cover_too() {
    let mut app = listening(jieqi(false));
    heard(&mut app);
    // Seed 7: the cannon point's piece turns up a soldier.
    click(&mut app, "b2");
    click(&mut app, "b5");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Reveal]);
    skip_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    click(&mut app, "h9");
    click(&mut app, "g7");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Reveal]);
    skip_the_reveal(&mut app);
    command(&mut app, GameCommand::Ready);
    // Red's face-up soldier steps on: a plain move, heard though the cover comes at once.
    click(&mut app, "b5");
    click(&mut app, "b6");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Move]);
    command(&mut app, GameCommand::Ready);
    // Black's face-down cannon point jumps Red's soldier and takes the face-down piece on b0:
    // a capture, whatever the taken piece was.
    click(&mut app, "b7");
    click(&mut app, "b0");
    settle(&mut app);
    assert_eq!(heard(&mut app), [Cue::Capture]);
}
