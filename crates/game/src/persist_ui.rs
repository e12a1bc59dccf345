//! The windows about what the game keeps between runs: notices about its files, the offer
//! to resume the autosaved game, and the Statistics window. They draw [`StorageNotices`],
//! [`ResumeOffer`]'s public preview and [`StatsModel`], and answer with messages.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::autosave::{AnswerResume, RESUME_NO, RESUME_TITLE, RESUME_YES, ResumeOffer};
use crate::stats::{ResetStats, STATS_RESET, STATS_TITLE, StatsModel, StatsPanel};
use crate::storage::StorageNotices;

const NOTICE_TITLE: &str = "Saved files";
const NOTICE_OK: &str = "OK";

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, windows);
}

fn windows(
    mut contexts: EguiContexts,
    mut notices: ResMut<StorageNotices>,
    offer: Res<ResumeOffer>,
    model: Res<StatsModel>,
    mut panel: ResMut<StatsPanel>,
    mut answers: MessageWriter<AnswerResume>,
    mut resets: MessageWriter<ResetStats>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if !notices.messages.is_empty() {
        egui::Window::new(NOTICE_TITLE)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
            .show(&ctx, |ui| {
                for message in &notices.messages {
                    ui.colored_label(egui::Color32::from_rgb(255, 190, 90), message);
                }
                if ui.button(NOTICE_OK).clicked() {
                    notices.messages.clear();
                }
            });
    }
    if let Some(preview) = offer.preview() {
        egui::Window::new(RESUME_TITLE)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(&ctx, |ui| {
                ui.label(egui::RichText::new(preview).size(17.0));
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(RESUME_YES).strong())
                        .clicked()
                    {
                        answers.write(AnswerResume { resume: true });
                    }
                    if ui.button(RESUME_NO).clicked() {
                        answers.write(AnswerResume { resume: false });
                    }
                });
            });
    }
    if panel.open {
        let mut open = true;
        egui::Window::new(STATS_TITLE)
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
                }
                if ui.button(STATS_RESET).clicked() {
                    resets.write(ResetStats);
                }
            });
        if !open {
            panel.open = false;
        }
    }
    Ok(())
}
