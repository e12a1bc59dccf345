//! The reveal moment of hot-seat Jieqi: when a move turns a piece up, or takes a face-down
//! piece, its mover reads what it was on the board for [`REVEAL_SECONDS`] before the cover
//! comes. A click (or Space, Enter) ends it sooner. The session decides when there is
//! something to read ([`Phase::Reveal`]); this plugin only keeps the time and hears the click.

use bevy::prelude::*;

use crate::input::BoardInput;
use crate::session::GameCommand;
use crate::states::{GameSet, Phase};

/// Long enough to read a piece and a tray at a glance.
pub const REVEAL_SECONDS: f32 = 1.2;

/// Clicks this early are the move's own (or a double click), not a wish to skip.
const DEAF_SECONDS: f32 = 0.2;

/// The time the mover has had to read the reveal.
#[derive(Resource, Debug, Default)]
struct RevealClock(f32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RevealClock>()
        .add_systems(OnEnter(Phase::Reveal), |mut clock: ResMut<RevealClock>| {
            clock.0 = 0.0;
        })
        .add_systems(
            Update,
            read_the_reveal
                .in_set(GameSet::Input)
                .run_if(in_state(Phase::Reveal)),
        );
}

/// Hands the device over once the time is up or the mover clicks.
fn read_the_reveal(
    time: Res<Time>,
    mut clock: ResMut<RevealClock>,
    mut clicks: MessageReader<BoardInput>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut out: MessageWriter<GameCommand>,
    mut asked: Local<bool>,
) {
    // The time read so far: this frame is still shown.
    let read = clock.0;
    clock.0 += time.delta_secs();
    let released = clicks
        .read()
        .any(|input| matches!(input, BoardInput::Release(_)));
    let key = keys.is_some_and(|k| k.any_just_pressed([KeyCode::Space, KeyCode::Enter]));
    let clicked = (released || key) && read > DEAF_SECONDS;
    if read >= REVEAL_SECONDS || clicked {
        // Once per reveal: the phase changes when the session has heard it.
        if !*asked {
            out.write(GameCommand::HandOver);
            *asked = true;
        }
    } else {
        *asked = false;
    }
}
