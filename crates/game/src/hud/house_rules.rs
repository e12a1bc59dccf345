//! The House rules window (rules.md §10): the options of the variant picked in the top bar,
//! each with its values and what it changes, said in the language of the settings. It edits
//! the mode selector's choices; the next game started is played under them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_rules::{OptionKind, OptionValues};

use crate::hud::form::ModeForm;
use crate::hud::style::WINDOW_POS;
use crate::i18n::{self, Language, Text};
use crate::session::Shown;
use crate::settings::Settings;

/// Whether the House rules window is open (the top bar's button).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseRulesPanel {
    pub open: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HouseRulesPanel>()
        .add_systems(EguiPrimaryContextPass, window);
}

fn window(
    mut contexts: EguiContexts,
    mut panel: ResMut<HouseRulesPanel>,
    mut form: ResMut<ModeForm>,
    settings: Res<Settings>,
    shown: Res<Shown>,
) -> Result {
    // Never over the handoff cover.
    if !panel.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    egui::Window::new(Text::HouseRulesTitle.get(lang))
        .id(egui::Id::new("house rules"))
        .default_pos(WINDOW_POS)
        .default_width(420.0)
        .open(&mut panel.open)
        .show(&ctx, |ui| {
            ui.label(egui::RichText::new(i18n::variant_title(form.variant).say(lang)).strong());
            ui.weak(Text::HouseRulesNote.get(lang));
            ui.separator();
            let rules = form.options_mut();
            for option in rules.specs() {
                option_row(ui, rules, option, lang);
                ui.add_space(4.0);
            }
            ui.separator();
            if ui.button(Text::StandardRules.get(lang)).clicked() {
                *rules = OptionValues::standard(rules.owner(), rules.specs());
            }
        });
    Ok(())
}

/// One option: its name, its values to pick from, and what it changes.
fn option_row(
    ui: &mut egui::Ui,
    rules: &mut OptionValues,
    option: &jieqi_rules::OptionSpec,
    lang: Language,
) {
    let current = rules.get(option.key).unwrap_or_default();
    ui.label(egui::RichText::new(i18n::option_name(option).say(lang)).strong());
    ui.horizontal_wrapped(|ui| match option.kind {
        OptionKind::Choice(choices) => {
            for choice in choices {
                let label = i18n::option_value(option, choice.key).say(lang);
                if ui.selectable_label(current == choice.key, label).clicked() {
                    // A value from the option's own list is always accepted.
                    let _ = rules.set(option.key, choice.key);
                }
            }
        }
        OptionKind::Plies { min, max, .. } => {
            let mut plies: u32 = current.parse().unwrap_or(min);
            let response = ui.add(egui::DragValue::new(&mut plies).range(min..=max));
            if response.changed() {
                let _ = rules.set(option.key, &plies.to_string());
            }
        }
    });
    ui.weak(i18n::option_about(option).say(lang));
}
