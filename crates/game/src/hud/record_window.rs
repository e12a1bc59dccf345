//! The Record window: a text box with the game record or the position (FEN) to copy, or to
//! paste one and load it. Export reads [`Shown`] only (see [`crate::records`]); loading goes
//! through [`GameCommand::LoadRecord`] / [`GameCommand::LoadFen`], whose message lands here.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::records::{RecordBox, record_text};
use crate::session::{GameCommand, Shown};
use crate::settings::Settings;

const TITLE: &str = "Record and position";
const EXPORT_RECORD: &str = "Export record";
const EXPORT_FEN: &str = "Export FEN";
const LOAD_RECORD: &str = "Load record";
const LOAD_FEN: &str = "Load FEN";
const HELP: &str = "Export puts the text here to copy; paste a record or a FEN and load it.";

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, window);
}

fn window(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    settings: Res<Settings>,
    mut record_box: ResMut<RecordBox>,
    mut out: MessageWriter<GameCommand>,
) -> Result {
    // Never over the handoff cover.
    if !record_box.open || shown.view.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    egui::Window::new(TITLE)
        .open(&mut open)
        .default_width(460.0)
        .show(&ctx, |ui| {
            ui.weak(HELP);
            ui.horizontal_wrapped(|ui| {
                if ui.button(EXPORT_RECORD).clicked()
                    && let Some(view) = &shown.view
                {
                    record_box.text = record_text(view, settings.notation);
                    record_box.message = None;
                }
                if ui.button(EXPORT_FEN).clicked()
                    && let Some(view) = shown.board_view()
                {
                    record_box.text = view.to_fen();
                    record_box.message = None;
                }
                if ui.button(LOAD_RECORD).clicked() {
                    out.write(GameCommand::LoadRecord(record_box.text.clone()));
                }
                if ui.button(LOAD_FEN).clicked() {
                    out.write(GameCommand::LoadFen(record_box.text.clone()));
                }
            });
            if let Some(message) = &record_box.message {
                ui.colored_label(egui::Color32::from_rgb(255, 190, 90), message);
            }
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut record_box.text)
                            .code_editor()
                            .desired_rows(10)
                            .desired_width(f32::INFINITY),
                    );
                });
        });
    if !open {
        record_box.open = false;
    }
    Ok(())
}
