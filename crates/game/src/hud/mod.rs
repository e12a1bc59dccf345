//! The panels around the board: mode selector, player bar, notices, trays, move list, result
//! card and the handoff cover. [`model`] says what they show (from the shown view only; the
//! move list's numbered rows come from [`move_list`]), [`form`] holds the mode selector's
//! choices, [`ui`] draws both with egui; the Rules and Record windows draw themselves
//! ([`rules`], [`record_window`]) in the look of [`style`].

pub mod form;
pub mod house_rules;
pub mod model;
pub mod move_list;
pub mod new_game_window;
pub mod online_lines;
pub mod online_window;
pub mod record_window;
pub mod result_card;
pub mod review_panel;
pub mod rules;
pub mod settings_window;
pub mod style;
pub mod ui;

use bevy::prelude::*;

/// Whether the analysis board covers the table: the top bar's button (the board itself is
/// `crate::analysis`'s, which reads this).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnalysisOpen(pub bool);

/// The parts that need no window.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisOpen>()
        .add_plugins((model::plugin, form::plugin));
}
