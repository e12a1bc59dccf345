//! The analysis board (issue 59): any position of any registered variant, games played
//! elsewhere, and the engine thinking aloud, on a screen of its own over the table.
//!
//! Built on `jieqi_analysis` (the move tree, the questions a click asks in a game without a
//! deal, the editor, the formats) and the engine's lines. The board never holds a deal:
//! what it shows is what was told. Each file is one feature with its plugin:
//!
//! - [`model`]: the board, its clicks and the questions they ask (reveals as they happened);
//! - [`tree_panel`]: the move tree with variations, its steps, promote and delete;
//! - [`editor_tray`]: the position editor;
//! - [`engine_lines`]: the engine's lines off the frame, arrows, the evaluation bar's value;
//! - [`reveal_worth`]: the value of each reveal, on request;
//! - [`transfer`]: paste to import, copy to export;
//! - [`screen`]: draws it all with egui (needs a window).

pub mod editor_tray;
pub mod engine_lines;
pub mod model;
pub mod reveal_worth;
pub mod screen;
pub mod transfer;
pub mod tree_panel;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

pub use model::{AnalysisBoard, BoardCommand};

/// The board's logic: no window needed (tests run it headless).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        model::plugin,
        tree_panel::plugin,
        editor_tray::plugin,
        engine_lines::plugin,
        reveal_worth::plugin,
        transfer::plugin,
    ))
    .add_systems(Last, follow_up_frame);
}

/// What draws it.
pub(super) fn render_plugin(app: &mut App) {
    app.add_plugins(screen::plugin);
}

/// `--open analysis`: the screen open on the game shown, the engine thinking.
pub fn open_at_start(app: &mut App) {
    app.insert_resource(crate::hud::AnalysisOpen(true));
    app.insert_resource(engine_lines::EngineLines::thinking());
}

/// The board's messages, for whether one was written this frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Written<'w> {
    board: Res<'w, Messages<BoardCommand>>,
    tree: Res<'w, Messages<tree_panel::TreeCommand>>,
    edit: Res<'w, Messages<editor_tray::EditCommand>>,
    engine: Res<'w, Messages<engine_lines::EngineCommand>>,
    paste: Res<'w, Messages<transfer::ImportPaste>>,
    worth: Res<'w, Messages<reveal_worth::AskRevealWorth>>,
    /// The value of each reveal is polled each frame while it is searched.
    searching: Res<'w, reveal_worth::RevealWorth>,
}

impl Written<'_> {
    fn any(&self) -> bool {
        fn written<M: Message>(messages: &Messages<M>) -> bool {
            messages.iter_current_update_messages().len() > 0
        }
        written(&self.board)
            || written(&self.tree)
            || written(&self.edit)
            || written(&self.engine)
            || written(&self.paste)
            || written(&self.worth)
            || self.searching.is_thinking()
    }
}

/// A click on the screen is written while egui draws and read in the next frame's update:
/// that frame is asked for (the app otherwise waits for input); so is every frame while the
/// value of each reveal is searched (it is polled).
fn follow_up_frame(written: Written, mut redraw: MessageWriter<RequestRedraw>) {
    if written.any() {
        redraw.write(RequestRedraw);
    }
}
