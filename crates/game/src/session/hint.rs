//! The session's short word to the players: why a move was refused, a draw offered or
//! declined, a take-back that lapsed. Commands say what it becomes ([`HintChange`]); it fades
//! after a few seconds and is said again when the language changes.

use bevy::prelude::*;

use crate::i18n::{Language, Phrase};
use crate::settings::Settings;
use crate::states::GameSet;

/// A short message for the player: why a move was refused, a declined draw.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Hint {
    /// What it means, so that a language switch says it again.
    pub phrase: Option<Phrase>,
    /// The phrase in the language of the settings.
    pub text: Option<String>,
    /// When it was set (seconds of real time since start: an idle app's long waits do not
    /// slow it down), so that it fades after a while.
    pub since: f32,
}

/// What a command does to the hint.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum HintChange {
    #[default]
    Keep,
    Clear,
    Say(Phrase),
}

impl Hint {
    pub(super) fn change(&mut self, change: HintChange, lang: Language, now: f32) {
        match change {
            HintChange::Keep => {}
            HintChange::Clear => self.clear(),
            HintChange::Say(phrase) => {
                self.text = Some(phrase.say(lang));
                self.phrase = Some(phrase);
                self.since = now;
            }
        }
    }

    /// When the shown hint is due to go (seconds of real time since start).
    pub fn due(&self) -> Option<f32> {
        self.text.as_ref().map(|_| self.since + HINT_SECONDS)
    }

    fn clear(&mut self) {
        self.phrase = None;
        self.text = None;
    }
}

/// How long a hint stays.
const HINT_SECONDS: f32 = 4.0;

pub(super) fn plugin(app: &mut App) {
    // Before the panels are built: a frame woken for the hint's end shows it gone.
    app.init_resource::<Hint>().add_systems(
        Update,
        (expire, resay.run_if(resource_changed::<Settings>)).before(GameSet::View),
    );
}

fn expire(mut hint: ResMut<Hint>, time: Res<Time<Real>>) {
    if hint.due().is_some_and(|due| time.elapsed_secs() > due) {
        hint.clear();
    }
}

/// A hint is said when it is set; only a language switch says it again.
fn resay(mut hint: ResMut<Hint>, settings: Res<Settings>) {
    let text = hint.phrase.as_ref().map(|p| p.say(settings.language));
    if hint.text != text {
        hint.text = text;
    }
}
