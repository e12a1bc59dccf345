//! Analysis: stepping through the moves already played (first / back / forward / last, or a
//! move clicked in the list) while the board shows that position. The session keeps the ply
//! and publishes the view at it in [`Shown::browse`](crate::session::Shown); the board,
//! pieces and marks draw [`Shown::board_view`](crate::session::Shown::board_view).
//!
//! While an earlier position is on the board, the board takes no moves (nothing can be
//! picked); "last" (or End) returns to the live position. The computer still plays its turn.

use bevy::prelude::*;

use crate::session::GameCommand;
use crate::states::GameSet;

/// Where to step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseTo {
    First,
    Back,
    Forward,
    /// The live position.
    Last,
    /// The position after this many plies (a move clicked in the list).
    Ply(usize),
}

impl BrowseTo {
    /// The ply to show after this step from `at` (`None` = live) in a game of `live` plies;
    /// `None` again once the step reaches the live position.
    pub fn from(self, at: Option<usize>, live: usize) -> Option<usize> {
        let at = at.unwrap_or(live);
        let next = match self {
            BrowseTo::First => 0,
            BrowseTo::Back => at.saturating_sub(1),
            BrowseTo::Forward => at + 1,
            BrowseTo::Last => live,
            BrowseTo::Ply(ply) => ply,
        };
        (next < live).then_some(next)
    }
}

/// Left / Right / Home / End step through the game (needs a window).
pub(super) fn keys_plugin(app: &mut App) {
    app.add_systems(Update, keys.in_set(GameSet::Input));
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut out: MessageWriter<GameCommand>,
) {
    // Arrows in a text box move its cursor.
    if wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    for (key, to) in [
        (KeyCode::ArrowLeft, BrowseTo::Back),
        (KeyCode::ArrowRight, BrowseTo::Forward),
        (KeyCode::Home, BrowseTo::First),
        (KeyCode::End, BrowseTo::Last),
    ] {
        if keys.just_pressed(key) {
            out.write(GameCommand::Browse(to));
        }
    }
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
