//! The Play online window (issue 58): host a game (on this computer, or on a server at an
//! address), join one by its invite, or watch one by its code; one choice a row, like New
//! game…. While hosting it shows what to tell the other player — the address and the invite,
//! with a copy button — and every failure as one sentence, the game on the table untouched.
//! The connection itself is [`crate::online`]'s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_rules::Side;

use crate::hud::form::ModeForm;
use crate::hud::house_rules::HouseRulesPanel;
use crate::hud::new_game_window::{
    clock_choice, form_window, go_button, house_rules_row, match_row, variant_row,
};
use crate::hud::style;
use crate::i18n::{Language, Phrase, Text, side_name};
use crate::online::{Connection, Online, OnlineCommand};
use crate::session::{DealChoice, Shown};
use crate::settings::Settings;

/// The window's own choices.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlinePanel {
    pub open: bool,
    pub action: Action,
    /// Hosting: on this computer, or on the server at [`OnlinePanel::address`].
    pub here: bool,
    /// The server's address, as typed (joining, watching, hosting elsewhere).
    pub address: String,
    /// An invite (joining) or a game's code (watching), as typed.
    pub code: String,
    /// Hosting: this player's colour (`None`: the server draws it).
    pub colour: Option<Side>,
}

impl Default for OnlinePanel {
    fn default() -> Self {
        OnlinePanel {
            open: false,
            action: Action::Host,
            here: true,
            address: String::new(),
            code: String::new(),
            colour: None,
        }
    }
}

/// What the window is set to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Host,
    Join,
    Watch,
}

impl Action {
    fn label(self) -> Text {
        match self {
            Action::Host => Text::OnlineHost,
            Action::Join => Text::OnlineJoin,
            Action::Watch => Text::OnlineWatch,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlinePanel>()
        .add_systems(EguiPrimaryContextPass, window)
        .add_systems(Update, open_for_rejoin);
}

/// A seat of the last run to take again opens the window, once.
fn open_for_rejoin(online: Res<Online>, mut panel: ResMut<OnlinePanel>, mut done: Local<bool>) {
    if !*done && online.rejoin.is_some() {
        *done = true;
        panel.open = true;
    }
}

#[allow(clippy::too_many_arguments)] // one window, each resource it shows or changes
fn window(
    mut contexts: EguiContexts,
    mut panel: ResMut<OnlinePanel>,
    mut form: ResMut<ModeForm>,
    mut house_rules: ResMut<HouseRulesPanel>,
    mut settings: ResMut<Settings>,
    online: Res<Online>,
    shown: Res<Shown>,
    mut out: MessageWriter<OnlineCommand>,
) -> Result {
    if !panel.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let mut open = true;
    form_window(Text::PlayOnline.get(lang), "play online")
        .open(&mut open)
        .show(&ctx, |ui| {
            ui.set_min_width(470.0);
            if let Some(seat) = online.rejoin.clone().filter(|_| !online.is_open()) {
                let label = Phrase::new(Text::OnlineRejoin)
                    .with("game", seat.game.clone())
                    .with("address", seat.address.clone())
                    .say(lang);
                if ui.button(label).clicked() {
                    out.write(OnlineCommand::Rejoin(seat));
                }
                ui.separator();
            }
            egui::Grid::new("online-grid")
                .num_columns(2)
                .spacing([18.0, 10.0])
                .show(ui, |ui| {
                    choices(
                        ui,
                        &mut panel,
                        &mut form,
                        &mut house_rules,
                        &mut settings,
                        lang,
                    );
                });
            ui.separator();
            let in_progress = shown.plies > 0
                && shown.live.as_ref().is_some_and(|t| t.outcome.is_none())
                && !online.is_open();
            if in_progress {
                ui.label(
                    egui::RichText::new(Text::OnlineAbandonNote.get(lang)).color(style::PAPER_WEAK),
                );
            }
            let go = go_button(panel.action.label().get(lang));
            let busy = online.connection == Connection::Connecting;
            if ui.add_enabled(!busy, go).clicked()
                && let Some(command) = request(&panel, &form)
            {
                out.write(command);
            }
            status(ui, &online, lang);
        });
    panel.open = open;
    Ok(())
}

/// The rows: name, what to do, and what that needs.
fn choices(
    ui: &mut egui::Ui,
    panel: &mut OnlinePanel,
    form: &mut ModeForm,
    house_rules: &mut HouseRulesPanel,
    settings: &mut Settings,
    lang: Language,
) {
    ui.label(Text::OnlineName.get(lang));
    // Only a real change is written back (the settings are saved when they change).
    let mut name = settings.online_name.clone();
    if ui
        .add(
            egui::TextEdit::singleline(&mut name)
                .char_limit(40)
                .desired_width(220.0),
        )
        .changed()
    {
        settings.online_name = name;
    }
    ui.end_row();

    ui.label(Text::OnlineTable.get(lang));
    ui.horizontal(|ui| {
        for action in [Action::Host, Action::Join, Action::Watch] {
            ui.selectable_value(&mut panel.action, action, action.label().get(lang));
        }
    });
    ui.end_row();

    match panel.action {
        Action::Host => {
            ui.label(Text::OnlineServer.get(lang));
            ui.horizontal(|ui| {
                ui.selectable_value(&mut panel.here, true, Text::OnlineHere.get(lang));
                ui.selectable_value(&mut panel.here, false, Text::OnlineElsewhere.get(lang));
                if !panel.here {
                    address_field(ui, &mut panel.address);
                }
            });
            ui.end_row();
            variant_row(ui, form, lang);
            ui.label(Text::ClockRow.get(lang));
            ui.horizontal_wrapped(|ui| clock_choice(ui, form, lang));
            ui.end_row();
            match_row(ui, form, lang);
            house_rules_row(ui, form, house_rules, lang);
            ui.label(Text::OnlineColour.get(lang));
            ui.horizontal(|ui| {
                for side in Side::ALL {
                    ui.selectable_value(&mut panel.colour, Some(side), side_name(side).get(lang));
                }
                ui.selectable_value(&mut panel.colour, None, Text::Random.get(lang));
            });
            ui.end_row();
        }
        Action::Join | Action::Watch => {
            ui.label(Text::OnlineAddress.get(lang));
            address_field(ui, &mut panel.address);
            ui.end_row();
            let label = match panel.action {
                Action::Join => Text::OnlineInvite,
                _ => Text::OnlineGameCode,
            };
            ui.label(label.get(lang));
            ui.add(
                egui::TextEdit::singleline(&mut panel.code)
                    .hint_text("7k2m 9q0x 4hbe …")
                    .desired_width(300.0),
            );
            ui.end_row();
        }
    }
}

fn address_field(ui: &mut egui::Ui, address: &mut String) {
    ui.add(
        egui::TextEdit::singleline(address)
            .hint_text("192.168.1.5:7878")
            .desired_width(190.0),
    );
}

/// The request the window's button makes, if the form gives one.
fn request(panel: &OnlinePanel, form: &ModeForm) -> Option<OnlineCommand> {
    let address = panel.address.trim().to_string();
    Some(match panel.action {
        Action::Host => {
            // The server deals: a seed chosen here would be a deal a player knows.
            let config = form.config().ok()?;
            OnlineCommand::Host {
                address: if panel.here { String::new() } else { address },
                config: crate::session::GameConfig {
                    deal: DealChoice::Random,
                    ..config
                },
                colour: panel.colour,
                duplicate: form.duplicate && form.offers_duplicate(),
            }
        }
        Action::Join => OnlineCommand::Join {
            address,
            code: panel.code.clone(),
        },
        Action::Watch => OnlineCommand::Watch {
            address,
            code: panel.code.clone(),
        },
    })
}

/// Where the connection stands: connecting, waiting (with what to tell the other player),
/// reconnecting, or why the last attempt failed.
fn status(ui: &mut egui::Ui, online: &Online, lang: Language) {
    match online.connection {
        Connection::Connecting => {
            ui.label(Text::OnlineConnecting.get(lang));
        }
        Connection::Waiting => waiting(ui, online, lang),
        Connection::Reconnecting => {
            ui.label(Text::OnlineReconnecting.get(lang));
        }
        Connection::Playing | Connection::Over => {
            if let Some(game) = &online.game {
                ui.label(
                    Phrase::new(Text::OnlineAt)
                        .with("address", online.address.clone())
                        .with("game", game.clone())
                        .say(lang),
                );
            }
        }
        Connection::Offline => {}
    }
    if let Some(error) = &online.error {
        ui.add(egui::Label::new(egui::RichText::new(error.say(lang)).color(style::ALARM)).wrap());
    }
}

/// Hosting, the second player not seated yet: the address and the invite to read out.
fn waiting(ui: &mut egui::Ui, online: &Online, lang: Language) {
    ui.label(Text::OnlineWaiting.get(lang));
    let Some(invite) = &online.invite else {
        return;
    };
    let big = |text: &str| egui::RichText::new(text).size(22.0).monospace().strong();
    ui.horizontal(|ui| {
        ui.label(big(&online.address));
        ui.label(big(&invite.to_string()));
        if ui.button(Text::Copy.get(lang)).clicked() {
            ui.ctx().copy_text(invite.to_string());
        }
    });
    ui.label(
        Phrase::new(Text::OnlineWatchCode)
            .with("code", invite.game.clone())
            .say(lang),
    );
}
