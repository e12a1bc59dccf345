//! Screens, the turn phase and the order of the systems in a frame.

use bevy::prelude::*;

/// The screens of the app.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The first frame: resources are made, nothing is shown yet.
    #[default]
    Loading,
    /// A game is on the table (running or finished).
    Game,
}

/// Where the current turn stands; exists only on [`Screen::Game`].
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
#[states(scoped_entities)]
pub enum Phase {
    /// The side to move may pick a piece and a target.
    #[default]
    AwaitInput,
    /// The last move is gliding, a capture leaving, a piece flipping. Input still works: a
    /// new move snaps the animations to their end.
    Animating,
    /// Jieqi on one screen: the move turned a piece up, or took a face-down one, and its mover
    /// reads what it was on the board before the cover comes (a click, or the time, ends it;
    /// see [`crate::reveal`]).
    Reveal,
    /// Jieqi on one screen: a cover hides the board until the next player is ready.
    Handoff,
    /// The game has ended; the result card is shown.
    GameOver,
}

impl Phase {
    /// Whether a player may pick pieces and targets now.
    pub fn accepts_moves(self) -> bool {
        matches!(self, Phase::AwaitInput | Phase::Animating)
    }
}

/// The order of the work in each frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Mouse and keyboard turn into board presses and commands.
    Input,
    /// Commands change the session (moves, resignations, new games, handoffs).
    Apply,
    /// The shown view is published and the entities follow it.
    View,
    /// Tweens advance.
    Animate,
    /// Panels are drawn.
    Ui,
}

/// Within [`GameSet::View`]: the systems that make entities and panels follow
/// [`Shown`](crate::session::Shown) and [`Layout`](crate::layout::Layout), after the layout
/// is fitted.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ViewSync;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Phase>()
        .configure_sets(
            Update,
            (
                GameSet::Input,
                GameSet::Apply,
                GameSet::View,
                GameSet::Animate,
                GameSet::Ui,
            )
                .chain(),
        )
        .configure_sets(Update, ViewSync.in_set(GameSet::View))
        .add_systems(Update, leave_loading.run_if(in_state(Screen::Loading)));
}

fn leave_loading(mut next: ResMut<NextState<Screen>>) {
    next.set(Screen::Game);
}
