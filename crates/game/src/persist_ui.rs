//! The windows about what the game keeps between runs: notices about its files, the offer
//! to resume the autosaved game, and the Statistics window. They draw [`StorageNotices`],
//! [`ResumeOffer`]'s public preview and [`StatsModel`], and answer with messages. Every
//! text is said in the language of the settings each frame, so a switch shows at once; the
//! windows have fixed ids so that a new title does not move them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::autosave::{AnswerResume, ResumeOffer};
use crate::i18n::Text;
use crate::settings::Settings;
use crate::stats::{ResetStats, StatsModel, StatsPanel};
use crate::storage::StorageNotices;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (notices_window, resume_window, stats_window),
    );
}

/// The notices window's distance from the top of the screen.
const NOTICES_TOP: f32 = 80.0;

fn notices_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut notices: ResMut<StorageNotices>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    if !notices.messages.is_empty() {
        // Whatever the files said, the window fits the screen: its list scrolls, and the OK
        // button below it stays in sight (room left for the title bar, button and margins).
        let screen = ctx.content_rect();
        let width = (screen.width() - 40.0).clamp(200.0, 560.0);
        let list_height = (screen.height() - NOTICES_TOP - 120.0).max(40.0);
        egui::Window::new(Text::SavedFiles.get(lang))
            .id(egui::Id::new("storage notices"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, NOTICES_TOP])
            .min_width(width)
            .max_width(width)
            .show(&ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(list_height)
                    .show(ui, |ui| {
                        for message in &notices.messages {
                            ui.colored_label(crate::hud::style::AMBER, message.say(lang));
                        }
                    });
                if ui.button(Text::Ok.get(lang)).clicked() {
                    notices.messages.clear();
                }
            });
    }
    Ok(())
}

fn resume_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    offer: Res<ResumeOffer>,
    mut answers: MessageWriter<AnswerResume>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    if let Some(preview) = offer.preview() {
        egui::Window::new(Text::ResumeTitle.get(lang))
            .id(egui::Id::new("resume offer"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(&ctx, |ui| {
                ui.label(egui::RichText::new(preview.say(lang)).size(17.0));
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(Text::ResumeYes.get(lang)).strong())
                        .clicked()
                    {
                        answers.write(AnswerResume { resume: true });
                    }
                    if ui.button(Text::ResumeNo.get(lang)).clicked() {
                        answers.write(AnswerResume { resume: false });
                    }
                });
            });
    }
    Ok(())
}

fn stats_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    model: Res<StatsModel>,
    mut panel: ResMut<StatsPanel>,
    mut resets: MessageWriter<ResetStats>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    if panel.open {
        let mut open = true;
        egui::Window::new(Text::Statistics.get(lang))
            .id(egui::Id::new("statistics"))
            // Below the top bar, over the board.
            .default_pos(crate::hud::style::WINDOW_POS)
            .collapsible(false)
            .open(&mut open)
            .show(&ctx, |ui| {
                if let Some(empty) = model.empty {
                    ui.label(empty);
                } else {
                    egui::Grid::new("stats").striped(true).show(ui, |ui| {
                        for head in model.columns {
                            ui.label(egui::RichText::new(head).strong());
                        }
                        ui.end_row();
                        for line in &model.lines {
                            ui.label(&line.label);
                            for n in [line.tally.red_wins, line.tally.black_wins, line.tally.draws]
                            {
                                ui.monospace(n.to_string());
                            }
                            ui.end_row();
                        }
                    });
                    if !model.match_lines.is_empty() {
                        ui.add_space(8.0);
                        egui::Grid::new("stats-matches")
                            .striped(true)
                            .show(ui, |ui| {
                                for head in model.match_columns {
                                    ui.label(egui::RichText::new(head).strong());
                                }
                                ui.end_row();
                                for line in &model.match_lines {
                                    ui.label(&line.label);
                                    let t = line.tally;
                                    for n in [t.player_one, t.player_two, t.even] {
                                        ui.monospace(n.to_string());
                                    }
                                    ui.end_row();
                                }
                            });
                    }
                    // How abandoned games and games with take-backs are counted.
                    ui.add_space(4.0);
                    for note in &model.notes {
                        ui.add(egui::Label::new(egui::RichText::new(*note).weak()).wrap());
                    }
                }
                if ui.button(Text::Reset.get(lang)).clicked() {
                    resets.write(ResetStats);
                }
            });
        if !open {
            panel.open = false;
        }
    }
    Ok(())
}
