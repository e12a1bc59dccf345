//! The Record window: a text box with the game record or the position (FEN) to copy, or to
//! paste one and load it. Export reads [`Shown`] only (see [`crate::records`]); loading goes
//! through [`GameCommand::LoadRecord`] / [`GameCommand::LoadFen`], whose answer lands in the box.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use jieqi_rules::Record;

use crate::i18n::{Language, Phrase, Text};
use crate::records::{RecordBox, RecordFile, reviewed_record, tie_to_match};
use crate::review::Review;
use crate::session::{GameCommand, Shown};
use crate::settings::Settings;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, window);
}

/// The viewer's record: in the notation chosen for Xiangqi and Jieqi, else in the
/// variant's own.
fn exported_record(shown: &Shown, settings: &Settings, review: &Review) -> Option<String> {
    let Some(view) = shown.view() else {
        return Some(shown.own_texts.as_ref()?.record.clone());
    };
    // A review's verdicts join the record as comments.
    let mut record = reviewed_record(view, review.plies(), settings.notation, settings.language);
    if let Some(m) = &shown.duplicate {
        tie_to_match(&mut record, m, m.round, shown.names);
    }
    Some(record.write(settings.notation))
}

/// A decided duplicate match: game 1's record, everything shown, tied to the match.
fn first_game_record(shown: &Shown, settings: &Settings) -> Option<String> {
    let m = shown.duplicate.as_ref()?;
    let mut record = Record::of_view(m.first_view.as_ref()?);
    tie_to_match(&mut record, m, 1, shown.names);
    Some(record.write(settings.notation))
}

/// The position the board shows (Xiangqi, Jieqi: the browsed one during analysis), as
/// text.
fn exported_position(shown: &Shown) -> Option<String> {
    match shown.board_view() {
        Some(view) => Some(view.to_fen()),
        None => Some(shown.own_texts.as_ref()?.position.clone()),
    }
}

/// A file's row under a text box: the path typed (there is no system file dialog without
/// system libraries), Save and Open; the button pressed.
pub fn file_row(ui: &mut egui::Ui, path: &mut String, lang: Language) -> Option<RecordFile> {
    let mut asked = None;
    // Wrapped: in the analysis board's column the buttons would run off its edge.
    ui.horizontal_wrapped(|ui| {
        ui.label(Text::RecordFilePath.get(lang));
        ui.add(
            egui::TextEdit::singleline(path)
                .hint_text("~/game.txt")
                .desired_width(200.0),
        );
        if ui.button(Text::SaveToFile.get(lang)).clicked() {
            asked = Some(RecordFile::Save);
        }
        if ui.button(Text::OpenFile.get(lang)).clicked() {
            asked = Some(RecordFile::Open);
        }
    });
    asked
}

fn window(
    mut contexts: EguiContexts,
    (shown, settings, review): (Res<Shown>, Res<Settings>, Res<Review>),
    mut record_box: ResMut<RecordBox>,
    mut out: MessageWriter<GameCommand>,
    mut files: MessageWriter<RecordFile>,
) -> Result {
    // Never over the handoff cover.
    if !record_box.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let mut open = true;
    egui::Window::new(Text::RecordTitle.get(lang))
        // A fixed id: the window keeps its place when the language changes its title.
        .id(egui::Id::new("record"))
        // Below the top bar, over the board.
        .default_pos(crate::hud::style::WINDOW_POS)
        .open(&mut open)
        .default_width(460.0)
        .show(&ctx, |ui| {
            ui.weak(Text::RecordHelp.get(lang));
            ui.horizontal_wrapped(|ui| {
                if ui.button(Text::ExportRecord.get(lang)).clicked()
                    && let Some(text) = exported_record(&shown, &settings, &review)
                {
                    record_box.text = text;
                    record_box.message = None;
                }
                // A decided duplicate match: its other game's record too.
                let first = shown.duplicate.as_ref().filter(|m| m.first_view.is_some());
                if first.is_some()
                    && ui
                        .button(
                            Phrase::new(Text::MatchGame)
                                .with("round", "1".to_string())
                                .say(lang),
                        )
                        .clicked()
                    && let Some(text) = first_game_record(&shown, &settings)
                {
                    record_box.text = text;
                    record_box.message = None;
                }
                if ui.button(Text::ExportFen.get(lang)).clicked()
                    && let Some(text) = exported_position(&shown)
                {
                    record_box.text = text;
                    record_box.message = None;
                }
                if ui.button(Text::LoadRecord.get(lang)).clicked() {
                    out.write(GameCommand::LoadRecord(record_box.text.clone()));
                }
                if ui.button(Text::LoadFen.get(lang)).clicked() {
                    out.write(GameCommand::LoadFen(record_box.text.clone()));
                }
            });
            if let Some(request) = file_row(ui, &mut record_box.path, lang) {
                files.write(request);
            }
            if let Some(message) = &record_box.message {
                ui.colored_label(crate::hud::style::AMBER, message.say(lang));
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
