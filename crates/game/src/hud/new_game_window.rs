//! The New game window: the next game's choices (variant, opponent and level, colour,
//! handicap, deal, one game or a duplicate match, house rules) one a row, and Start. The top bar keeps one row of buttons
//! at every window size, so the board keeps the room; the form itself follows the game on
//! the table (see [`ModeForm`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_ai::Level;
use jieqi_rules::Side;
use jieqi_rules::clock::TimeControl;

use crate::hud::form::{ClockChoice, HandicapChoice, ModeForm};
use crate::hud::house_rules::HouseRulesPanel;
use crate::hud::style::{self, WINDOW_POS};
use crate::i18n::{self, Language, Text, level_name, side_name};
use crate::session::{GameCommand, Shown};
use crate::settings::Settings;

/// Whether the New game window is open (the top bar's button, or `--open new-game`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGamePanel {
    pub open: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<NewGamePanel>()
        .add_systems(EguiPrimaryContextPass, window);
}

fn window(
    mut contexts: EguiContexts,
    mut panel: ResMut<NewGamePanel>,
    mut form: ResMut<ModeForm>,
    mut house_rules: ResMut<HouseRulesPanel>,
    settings: Res<Settings>,
    shown: Res<Shown>,
    mut out: MessageWriter<GameCommand>,
) -> Result {
    // Never over the handoff cover.
    if !panel.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let mut open = true;
    let mut started = false;
    form_window(Text::NewGame.get(lang), "new game")
        .open(&mut open)
        .show(&ctx, |ui| {
            // Wide enough that a row's choices stay on one line, narrower than the smallest
            // window (640 px).
            ui.set_min_width(470.0);
            egui::Grid::new("new-game-grid")
                .num_columns(2)
                .spacing([18.0, 10.0])
                .show(ui, |ui| choices(ui, &mut form, &mut house_rules, lang));
            // The form's error (a bad seed code) stays in the window, under what caused it.
            if let Some(err) = &form.error {
                ui.add(
                    egui::Label::new(egui::RichText::new(err.say(lang)).color(style::ALARM)).wrap(),
                );
            }
            ui.separator();
            if ui.add(go_button(Text::Start.get(lang))).clicked() {
                // The session asks first if this would abandon a game in progress.
                if let Some(command) = form.start() {
                    out.write(command);
                    started = true;
                }
            }
        });
    panel.open = open && !started;
    Ok(())
}

/// A window of choices, one a row, under the top bar (New game…, Play online…): fixed in
/// size, never folded; `id` keeps its place when the language changes its title.
pub(crate) fn form_window<'a>(title: &'a str, id: &str) -> egui::Window<'a> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .default_pos(WINDOW_POS)
        .resizable(false)
        .collapsible(false)
}

/// Such a window's one big button (Start, Host, Join, Watch).
pub(crate) fn go_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text).size(18.0).strong())
        .fill(style::CINNABAR)
        .min_size(egui::vec2(120.0, 30.0))
}

/// The rows of the form: each choice's name on the left.
fn choices(
    ui: &mut egui::Ui,
    form: &mut ModeForm,
    house_rules: &mut HouseRulesPanel,
    lang: Language,
) {
    variant_row(ui, form, lang);

    ui.label(Text::OpponentRow.get(lang));
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut form.vs_computer, false, Text::TwoPlayers.get(lang));
        ui.selectable_value(&mut form.vs_computer, true, Text::VsComputer.get(lang));
        if form.vs_computer {
            egui::ComboBox::from_id_salt("level")
                .selected_text(level_name(form.level).get(lang))
                .show_ui(ui, |ui| {
                    for level in Level::ALL {
                        ui.selectable_value(&mut form.level, level, level_name(level).get(lang));
                    }
                });
        }
    });
    ui.end_row();

    if form.vs_computer {
        if form.variant.0.sides_are_colours() {
            ui.label(Text::YouPlay.get(lang));
            ui.horizontal(|ui| side_choice(ui, &mut form.human, lang));
        } else {
            // Banqi: a seat, whose colour the first flip decides.
            ui.label(Text::YouAre.get(lang));
            ui.horizontal(|ui| {
                for (side, seat) in [(Side::Red, Text::PlayerOne), (Side::Black, Text::PlayerTwo)] {
                    ui.selectable_value(&mut form.human, side, seat.get(lang));
                }
            });
        }
        ui.end_row();
    }

    if form.variant.gives_handicaps() {
        ui.label(Text::HandicapRow.get(lang));
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_id_salt("handicap")
                .selected_text(form.handicap.label().get(lang))
                .show_ui(ui, |ui| {
                    for h in HandicapChoice::ALL {
                        ui.selectable_value(&mut form.handicap, h, h.label().get(lang));
                    }
                });
            if form.handicap != HandicapChoice::None {
                ui.label(Text::GivenBy.get(lang));
                side_choice(ui, &mut form.giver, lang);
            }
        });
        ui.end_row();
    }

    if form.variant.deals() {
        ui.label(Text::DealRow.get(lang));
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut form.from_seed, false, Text::Random.get(lang));
            ui.selectable_value(&mut form.from_seed, true, Text::FromSeed.get(lang));
            if form.from_seed {
                ui.add(
                    egui::TextEdit::singleline(&mut form.seed_text)
                        .hint_text(Text::SeedPlaceholder.get(lang))
                        .desired_width(190.0),
                );
            }
        });
        ui.end_row();
    }

    match_row(ui, form, lang);

    ui.label(Text::ClockRow.get(lang));
    ui.horizontal_wrapped(|ui| clock_choice(ui, form, lang));
    ui.end_row();

    house_rules_row(ui, form, house_rules, lang);
}

/// One game or a duplicate match, for a variant that may be played as one.
pub(crate) fn match_row(ui: &mut egui::Ui, form: &mut ModeForm, lang: Language) {
    if form.offers_duplicate() {
        ui.label(Text::MatchRow.get(lang));
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut form.duplicate, false, Text::OneGame.get(lang));
            ui.selectable_value(&mut form.duplicate, true, Text::DuplicateMatch.get(lang))
                .on_hover_text(Text::DuplicateHelp.get(lang));
        });
        ui.end_row();
    }
}

/// The variant's row: every variant of the registry, in its order.
pub(crate) fn variant_row(ui: &mut egui::Ui, form: &mut ModeForm, lang: Language) {
    ui.label(Text::VariantRow.get(lang));
    ui.horizontal_wrapped(|ui| {
        for variant in jieqi_variants::all() {
            ui.selectable_value(
                &mut form.variant,
                variant,
                i18n::variant_title(variant).say(lang),
            );
        }
    });
    ui.end_row();
}

/// The house rules' row: whether they differ from the standard, a button to change them.
pub(crate) fn house_rules_row(
    ui: &mut egui::Ui,
    form: &ModeForm,
    house_rules: &mut HouseRulesPanel,
    lang: Language,
) {
    ui.label(Text::HouseRules.get(lang));
    let custom = !form.options().is_standard();
    let label = if custom {
        Text::HouseRulesChanged
    } else {
        Text::HouseRulesStandard
    };
    if ui
        .selectable_label(house_rules.open, label.get(lang))
        .clicked()
    {
        house_rules.open = !house_rules.open;
    }
    ui.end_row();
}

/// No clock, the usual time controls, or one typed.
pub(crate) fn clock_choice(ui: &mut egui::Ui, form: &mut ModeForm, lang: Language) {
    ui.selectable_value(&mut form.clock, ClockChoice::None, Text::NoClock.get(lang));
    for control in TimeControl::USUAL {
        let text = control.to_string();
        ui.selectable_value(&mut form.clock, ClockChoice::Usual(control), text);
    }
    ui.selectable_value(
        &mut form.clock,
        ClockChoice::Custom,
        Text::CustomClock.get(lang),
    );
    if form.clock == ClockChoice::Custom {
        ui.add(
            egui::TextEdit::singleline(&mut form.clock_text)
                .hint_text(Text::ClockPlaceholder.get(lang))
                .desired_width(190.0),
        );
    }
}

/// Red or Black, in words.
fn side_choice(ui: &mut egui::Ui, side: &mut Side, lang: Language) {
    for s in Side::ALL {
        ui.selectable_value(side, s, side_name(s).get(lang));
    }
}
