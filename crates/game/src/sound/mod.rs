//! Sound: a knock on wood for a move, a harder one for a capture, a small bell for check, a
//! rising chime for a piece turned up, three notes when the game ends, and a short high tick
//! when a clock has ten seconds left, at the volume
//! the settings give (0 is silent). The sounds are synthesized ([`synth`]): nothing to
//! license or ship. They play through Bevy's audio (on Linux: ALSA, whose headers the build
//! needs, `libasound2-dev`); a machine without an audio device plays silently.
//!
//! The cues come from [`Shown`] only — its public facts about the last turn, which hold
//! also under the handoff cover — so a sound never tells what a player may not know (a
//! capture of a face-down piece sounds like any capture).

pub mod synth;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::session::Shown;
use crate::settings::Settings;
use crate::states::GameSet;

/// What happened, as a sound says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Move,
    Capture,
    Check,
    Reveal,
    End,
    /// A clock has ten seconds left.
    LowTime,
}

impl Cue {
    pub const ALL: [Cue; 6] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Reveal,
        Cue::End,
        Cue::LowTime,
    ];
}

/// A sound to play now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundCue(pub Cue);

/// The moment the last cue was for: a take-back, a new game or a browse makes none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Heard {
    game_id: u32,
    takebacks: u32,
    plies: usize,
    over: bool,
}

/// The cues, from the shown facts (no window needed: tests hear them).
pub(super) fn plugin(app: &mut App) {
    app.add_message::<SoundCue>()
        .add_systems(Update, cue.in_set(GameSet::View));
}

/// The sounds themselves (needs Bevy's audio).
pub(super) fn render_plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(Update, play.after(GameSet::View));
}

/// Which cue a change of the shown table makes: the game's end; else, for one more turn of
/// the same game, check, a capture, a piece turned up, or a plain move.
fn cue(shown: Res<Shown>, mut heard: Local<Option<Heard>>, mut out: MessageWriter<SoundCue>) {
    if !shown.is_changed() {
        return;
    }
    let now = Heard {
        game_id: shown.game_id,
        takebacks: shown.takebacks,
        plies: shown.plies,
        over: shown.live.as_ref().is_some_and(|t| t.outcome.is_some()),
    };
    let Some(before) = heard.replace(now) else {
        return;
    };
    let same_moment = before.game_id == now.game_id && before.takebacks == now.takebacks;
    if !same_moment {
        return;
    }
    if now.over && !before.over {
        out.write(SoundCue(Cue::End));
    } else if now.plies == before.plies + 1 {
        let facts = shown.last_turn.unwrap_or_default();
        let cue = if facts.check {
            Cue::Check
        } else if facts.capture {
            Cue::Capture
        } else if facts.reveal {
            Cue::Reveal
        } else {
            Cue::Move
        };
        out.write(SoundCue(cue));
    }
}

/// The synthesized cues as audio assets.
#[derive(Resource, Debug)]
struct Sounds([(Cue, Handle<AudioSource>); 6]);

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let handles = Cue::ALL.map(|cue| {
        let source = AudioSource {
            bytes: synth::wav(cue).into(),
        };
        (cue, sources.add(source))
    });
    commands.insert_resource(Sounds(handles));
}

fn play(
    mut commands: Commands,
    mut cues: MessageReader<SoundCue>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
) {
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    for SoundCue(cue) in cues.read() {
        if settings.volume == 0 {
            continue;
        }
        let Some((_, handle)) = sounds.0.iter().find(|(c, _)| c == cue) else {
            continue;
        };
        commands.spawn((
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(f32::from(settings.volume) / 100.0)),
        ));
    }
}
