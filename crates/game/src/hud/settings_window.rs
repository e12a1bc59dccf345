//! The settings window: how the game looks, sounds and behaves — language, animations, sound,
//! table mode, coordinates, piece style, the move list's notation, take-backs. The top bar
//! keeps only the next game's choices and the buttons that open windows, so changing a
//! setting never reflows the bar or resizes the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_rules::Notation;

use crate::hud::form::ModeForm;
use crate::hud::style::WINDOW_POS;
use crate::i18n::{Language, Text};
use crate::session::Shown;
use crate::settings::{PieceSet, Settings};

/// Whether the settings window is open (the top bar's button, or `--open settings`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsPanel {
    pub open: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SettingsPanel>()
        .add_systems(EguiPrimaryContextPass, window);
}

/// The settings window, while open: one setting a row, its name on the left.
fn window(
    mut contexts: EguiContexts,
    mut panel: ResMut<SettingsPanel>,
    mut settings: ResMut<Settings>,
    form: Res<ModeForm>,
    shown: Res<Shown>,
) -> Result {
    // Never over the handoff cover.
    if !panel.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    // Only where pieces lie face down with secrets (Jieqi): elsewhere it changes nothing.
    let secrets = form.variant.information().needs_cover();
    // The widgets edit a copy: a setting changes only when a player changes it (what the
    // board, the pieces and the files redo on a change is not redone every frame).
    let mut edited = Settings::clone(&settings);
    egui::Window::new(Text::Settings.get(lang))
        .id(egui::Id::new("settings"))
        .default_pos(WINDOW_POS)
        .open(&mut panel.open)
        .resizable(false)
        .collapsible(false)
        .show(&ctx, |ui| {
            egui::Grid::new("settings-grid")
                .num_columns(2)
                .spacing([18.0, 10.0])
                .show(ui, |ui| {
                    let s = &mut edited;
                    ui.label(Text::LanguageSetting.get(lang));
                    egui::ComboBox::from_id_salt("language")
                        .selected_text(lang.native_name())
                        .show_ui(ui, |ui| {
                            for l in Language::ALL {
                                ui.selectable_value(&mut s.language, l, l.native_name());
                            }
                        });
                    ui.end_row();

                    ui.label(Text::SoundVolume.get(lang));
                    // 0 is silent.
                    ui.add(egui::Slider::new(&mut s.volume, 0..=100).suffix("%"));
                    ui.end_row();

                    ui.label(Text::PieceStyle.get(lang));
                    ui.horizontal(|ui| {
                        let chinese = Text::PiecesChinese.get(lang);
                        ui.selectable_value(&mut s.piece_set, PieceSet::Chinese, chinese);
                        let letters = Text::PiecesLetters.get(lang);
                        ui.selectable_value(&mut s.piece_set, PieceSet::Letters, letters);
                    });
                    ui.end_row();

                    ui.label(Text::Moves.get(lang));
                    ui.horizontal(|ui| {
                        for n in [Notation::Wxf, Notation::Iccs, Notation::Chinese] {
                            let name = match n {
                                Notation::Chinese => Text::NotationChinese.get(lang),
                                _ => n.name(),
                            };
                            ui.selectable_value(&mut s.notation, n, name);
                        }
                    });
                    ui.end_row();

                    ui.label(Text::BoardSetting.get(lang));
                    ui.vertical(|ui| {
                        ui.checkbox(&mut s.animations, Text::Animations.get(lang));
                        ui.checkbox(&mut s.table_mode, Text::TableMode.get(lang));
                        ui.checkbox(&mut s.coordinates, Text::Coordinates.get(lang));
                        if s.piece_set == PieceSet::Chinese {
                            ui.checkbox(&mut s.letters, Text::Letters.get(lang));
                        }
                    });
                    ui.end_row();

                    ui.label(Text::TakeBacksSetting.get(lang));
                    ui.vertical(|ui| {
                        ui.checkbox(&mut s.takeback_consent, Text::TakeBackConsent.get(lang));
                        if secrets {
                            ui.checkbox(
                                &mut s.face_down_takebacks,
                                Text::FaceDownTakeBacks.get(lang),
                            )
                            .on_hover_text(Text::FaceDownTakeBacksAbout.get(lang));
                        }
                    });
                    ui.end_row();
                });
        });
    settings.set_if_neq(edited);
    Ok(())
}
