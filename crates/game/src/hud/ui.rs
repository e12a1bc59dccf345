//! The egui panels. They draw [`HudModel`] (built from the shown view only) and answer with
//! [`GameCommand`]s. While the handoff cover is up
//! they draw the cover and nothing else.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_ai::Level;
use jieqi_rules::Side;

use crate::hud::model::{ClockFace, HudModel, PlayerLine, RevealOdds, TrayItem};
use crate::hud::move_list::PlyItem;
use crate::hud::new_game_window::NewGamePanel;
use crate::hud::online_lines::OnlineLines;
use crate::hud::online_window::OnlinePanel;
use crate::hud::result_card::{self, CardAnswer};
use crate::hud::review_panel;
use crate::hud::rules::RulesPanel;
use crate::hud::settings_window::SettingsPanel;
use crate::hud::style::{self, c32};
use crate::i18n::{Language, Phrase, Text};
use crate::layout::Margins;
use crate::online::OnlineCommand;
use crate::records::RecordBox;
use crate::reveal_values::AskRevealValues;
use crate::review::ReviewCommand;
use crate::session::{BrowseTo, GameCommand, Shown};
use crate::settings::{PieceSet, Settings};
use crate::stats::StatsPanel;
use crate::suggestion::AskHint;
use crate::theme;

/// Width of the side panel, in logical pixels, on a wide window.
pub const SIDE_PANEL: f32 = 330.0;
/// The height the move list keeps below the rest of the side panel: its steps, the
/// browsing line and a few moves.
const MOVE_LIST_MIN: f32 = 160.0;
/// The narrowest side panel: its buttons and the move list's two columns still fit.
const SIDE_PANEL_MIN: f32 = 210.0;

/// The side panel's width in a window `width` wide: a share of it, so that on a small window
/// the board stays the largest thing on screen.
pub fn side_panel_width(width: f32) -> f32 {
    (width * 0.28).clamp(SIDE_PANEL_MIN, SIDE_PANEL)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>()
        .add_systems(
            EguiPrimaryContextPass,
            (cover, panels, result_card, abandon_dialog).chain(),
        )
        .add_systems(Update, window_title.run_if(resource_changed::<Settings>));
}

/// The window's title bar speaks the language of the settings too.
fn window_title(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let title = Text::WindowTitle.get(settings.language);
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.to_string();
        }
    }
}

fn side_color(side: Side) -> egui::Color32 {
    match side {
        Side::Red => style::RED_SIDE,
        Side::Black => style::BLACK_SIDE,
    }
}

/// The panels' own state: a resignation waiting for "yes", a closed result card.
#[derive(Resource, Debug)]
struct PanelState {
    confirm_resign: Option<Side>,
    /// The game whose result card was closed.
    card_closed_for: Option<u32>,
    /// The browsed ply the move list last scrolled to (it follows a step taken elsewhere: the
    /// graph, the turning point), and the list's height then (a panel above it that grows
    /// moves it again).
    scrolled_to: Option<(usize, i32)>,
    /// The level to play on from a reviewed position at.
    play_on_level: Level,
}

impl Default for PanelState {
    fn default() -> Self {
        PanelState {
            confirm_resign: None,
            card_closed_for: None,
            scrolled_to: None,
            // The Hint's level: a fair sparring partner.
            play_on_level: crate::suggestion::HINT_LEVEL,
        }
    }
}

/// What the panels send: game commands, and the Hint button's request.
#[derive(SystemParam)]
struct Outbox<'w> {
    commands: MessageWriter<'w, GameCommand>,
    online: MessageWriter<'w, OnlineCommand>,
    hint: MessageWriter<'w, AskHint>,
    values: MessageWriter<'w, AskRevealValues>,
    review: MessageWriter<'w, ReviewCommand>,
}

/// The windows the top bar opens.
#[derive(SystemParam)]
struct TopBar<'w> {
    settings: ResMut<'w, Settings>,
    new_game: ResMut<'w, NewGamePanel>,
    online: ResMut<'w, OnlinePanel>,
    settings_panel: ResMut<'w, SettingsPanel>,
    rules: ResMut<'w, RulesPanel>,
    stats: ResMut<'w, StatsPanel>,
    record: ResMut<'w, RecordBox>,
    analysis: ResMut<'w, crate::hud::AnalysisOpen>,
}

/// The handoff cover, and under it the take-back the player who just moved may still ask.
fn cover(
    mut contexts: EguiContexts,
    hud: Res<HudModel>,
    shown: Res<Shown>,
    settings: Res<Settings>,
    mut out: MessageWriter<GameCommand>,
) -> Result {
    let Some(cover) = &hud.cover else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    draw_cover(&ctx, cover, shown.pass_to, settings.language, &mut out);
    take_back_over_cover(&ctx, &hud.take_back, &mut out);
    Ok(())
}

/// The top bar and the side panel; the board gets the room they leave.
fn panels(
    mut contexts: EguiContexts,
    hud: Res<HudModel>,
    mut bar: TopBar,
    mut margins: ResMut<Margins>,
    mut out: Outbox,
    mut state: ResMut<PanelState>,
) -> Result {
    if hud.cover.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = bar.settings.language;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let top = egui::Panel::top("mode")
        .show(&mut root, |ui| top_bar(ui, &mut bar))
        .response
        .rect
        .height();
    let right = egui::Panel::right("players")
        .exact_size(side_panel_width(ctx.viewport_rect().width()))
        .resizable(false)
        .show(&mut root, |ui| {
            // The move list keeps room for its steps and a few moves: above it, the panel
            // scrolls on a small window.
            let top = (ui.available_height() - MOVE_LIST_MIN).max(80.0);
            let toggled = egui::ScrollArea::vertical()
                .id_salt("side-top")
                .max_height(top)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    let toggled = side_panel(ui, &hud, lang, &mut state, &mut out);
                    if let Some(panel) = &hud.review {
                        let Outbox {
                            commands, review, ..
                        } = &mut out;
                        review_panel::show(
                            ui,
                            panel,
                            lang,
                            &mut state.play_on_level,
                            &mut |c| {
                                review.write(c);
                            },
                            &mut |c| {
                                commands.write(c);
                            },
                        );
                    }
                    toggled
                })
                .inner;
            if toggled {
                bar.settings.reveal_odds = !bar.settings.reveal_odds;
            }
            move_list(ui, &hud, lang, &mut state, &mut out.commands);
        })
        .response
        .rect
        .width();
    margins.set_if_neq(Margins {
        left: 0.0,
        right,
        top,
        bottom: 0.0,
    });
    board_message(&ctx, hud.hint.as_deref(), right);
    Ok(())
}

/// A refused move's reason (or another short word of the game's) over the board's lower
/// edge, near where the move was tried: it moves nothing else on the screen.
fn board_message(ctx: &egui::Context, text: Option<&str>, side_panel: f32) {
    let Some(text) = text else {
        return;
    };
    egui::Area::new("board-message".into())
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, [-side_panel / 2.0, -14.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(30, 22, 16, 225))
                .corner_radius(6.0)
                .inner_margin(egui::Margin::symmetric(12, 6))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(16.0).color(style::AMBER));
                });
        });
}

/// The result card over the board, until it is closed for this game.
fn result_card(
    mut contexts: EguiContexts,
    hud: Res<HudModel>,
    shown: Res<Shown>,
    settings: Res<Settings>,
    (mut out, mut review): (MessageWriter<GameCommand>, MessageWriter<ReviewCommand>),
    mut state: ResMut<PanelState>,
) -> Result {
    let Some(card) = hud.result.as_ref().filter(|_| hud.cover.is_none()) else {
        return Ok(());
    };
    // A review makes room for its arrows: the card closes while it runs.
    if hud.review.as_ref().is_some_and(|r| r.progress.is_some()) {
        state.card_closed_for = Some(shown.game_id);
    }
    if state.card_closed_for == Some(shown.game_id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let mut open = true;
    egui::Window::new(Text::Result.get(lang))
        .id(egui::Id::new("result"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-SIDE_PANEL / 2.0, 0.0])
        .open(&mut open)
        .show(&ctx, |ui| {
            let room = (ctx.viewport_rect().width()
                - side_panel_width(ctx.viewport_rect().width()))
            .min(560.0)
                - 30.0;
            ui.set_max_width(room);
            match result_card::contents(ui, card, lang, settings.piece_set, room) {
                Some(CardAnswer::Again) => {
                    out.write(GameCommand::Again);
                }
                Some(CardAnswer::Review) => {
                    review.write(ReviewCommand::Start);
                    state.card_closed_for = Some(shown.game_id);
                }
                Some(CardAnswer::LookAtBoard) => state.card_closed_for = Some(shown.game_id),
                None => {}
            }
        });
    if !open {
        state.card_closed_for = Some(shown.game_id);
    }
    Ok(())
}

/// The question before a game in progress is abandoned for another one: a modal dialog over
/// everything (the board takes no clicks meanwhile). Escape or a click beside it keeps
/// playing.
fn abandon_dialog(
    mut contexts: EguiContexts,
    hud: Res<HudModel>,
    settings: Res<Settings>,
    mut out: MessageWriter<GameCommand>,
) -> Result {
    let Some(question) = hud.abandon.as_ref().filter(|_| hud.cover.is_none()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let id = egui::Id::new("abandon");
    // Over the board, like the result card.
    let area =
        egui::Modal::default_area(id).anchor(egui::Align2::CENTER_CENTER, [-SIDE_PANEL / 2.0, 0.0]);
    let modal = egui::Modal::new(id).area(area).show(&ctx, |ui| {
        ui.set_max_width(420.0);
        ui.label(
            egui::RichText::new(Text::AbandonTitle.get(lang))
                .size(18.0)
                .strong(),
        );
        ui.add_space(4.0);
        ui.add(egui::Label::new(question).wrap());
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let abandon = ui.button(egui::RichText::new(Text::Abandon.get(lang)).strong());
            let keep = ui.button(Text::KeepPlaying.get(lang));
            if abandon.clicked() {
                Some(true)
            } else if keep.clicked() {
                Some(false)
            } else {
                None
            }
        })
        .inner
    });
    let answer = modal
        .inner
        .or_else(|| modal.should_close().then_some(false));
    if let Some(abandon) = answer {
        out.write(GameCommand::AnswerAbandon { abandon });
    }
    Ok(())
}

/// The handoff cover: an opaque sheet over everything, until the next player clicks.
fn draw_cover(
    ctx: &egui::Context,
    text: &str,
    next: Option<Side>,
    lang: Language,
    out: &mut MessageWriter<GameCommand>,
) {
    let screen = ctx.viewport_rect();
    egui::Area::new("handoff".into())
        .order(egui::Order::Foreground)
        // Opaque from its first frame: a cover fading in would show the emptied board.
        .fade_in(false)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, response) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            let p = ui.painter();
            p.rect_filled(rect, 0.0, c32(theme::TABLE));
            // The next player's general, face down: whose turn it is at a glance.
            let centre = rect.center() - egui::vec2(0.0, 90.0);
            if let Some(side) = next {
                let (back, ring) = theme::back(side);
                p.circle_filled(centre, 52.0, c32(ring));
                p.circle_filled(centre, 47.0, c32(back));
                p.circle_stroke(centre, 38.0, egui::Stroke::new(2.0, c32(ring)));
                p.text(
                    centre,
                    egui::Align2::CENTER_CENTER,
                    jieqi_rules::Role::General.chinese(side),
                    egui::FontId::proportional(44.0),
                    c32(theme::DISC),
                );
            }
            // Wrapped to the window, centred: a long sentence (German) on a small window
            // breaks into lines instead of running off both edges.
            let wrap = (rect.width() - 48.0).max(100.0);
            let centred = |text: &str, size: f32, colour: egui::Color32| {
                let mut job = egui::text::LayoutJob::simple(
                    text.to_owned(),
                    egui::FontId::proportional(size),
                    colour,
                    wrap,
                );
                job.halign = egui::Align::Center;
                ui.fonts_mut(|f| f.layout_job(job))
            };
            let headline = centred(text, 30.0, style::PAPER);
            let note = centred(Text::CoverNote.get(lang), 16.0, style::PAPER_WEAK);
            let top = rect.center().y - 10.0;
            let gap = 12.0;
            p.galley(
                egui::pos2(rect.center().x, top),
                headline.clone(),
                style::PAPER,
            );
            p.galley(
                egui::pos2(rect.center().x, top + headline.size().y + gap),
                note,
                style::PAPER_WEAK,
            );
            let key =
                ui.input(|i| i.key_pressed(egui::Key::Space) || i.key_pressed(egui::Key::Enter));
            // Any release of the button over the cover, not only what egui counts as a click:
            // a real-window run (xdotool, 2 of about 200 covers) lost clicks that egui took
            // for the end of a drag.
            let released =
                ui.input(|i| i.pointer.primary_released()) && response.contains_pointer();
            if response.clicked() || released || key {
                out.write(GameCommand::Ready);
            }
        });
}

/// Where an online table is played, a connection coming back, and the claim.
fn online_lines(ui: &mut egui::Ui, online: &OnlineLines, lang: Language, out: &mut Outbox) {
    ui.label(
        egui::RichText::new(&online.status)
            .color(style::PAPER_WEAK)
            .small(),
    );
    if let Some(trouble) = &online.trouble {
        ui.label(egui::RichText::new(trouble).color(style::BRASS));
    }
    if online.can_claim && ui.button(Text::ClaimWin.get(lang)).clicked() {
        out.commands.write(GameCommand::ClaimWin);
    }
    if let Some(offer) = &online.rematch_offer {
        ui.label(egui::RichText::new(offer).color(style::BRASS));
        if ui.button(&online.accept).clicked() {
            out.online.write(OnlineCommand::AcceptRematch);
        }
    }
}

/// The top bar: one row of buttons that open windows, at every window size — in a narrow
/// window (640 px in German) its text and gaps shrink until the row fits.
fn top_bar(ui: &mut egui::Ui, bar: &mut TopBar) {
    let lang = bar.settings.language;
    let buttons = [
        (&mut bar.new_game.open, Text::NewGameButton),
        (&mut bar.online.open, Text::PlayOnlineButton),
        (&mut bar.settings_panel.open, Text::Settings),
        (&mut bar.rules.open, Text::Rules),
        (&mut bar.stats.open, Text::Statistics),
        (&mut bar.record.open, Text::RecordButton),
        (&mut bar.analysis.0, Text::AnalysisButton),
    ];
    let labels: Vec<&str> = buttons.iter().map(|(_, text)| text.get(lang)).collect();
    let (size, gap) = fitting_size(ui, &labels);
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for (open, text) in buttons {
            let label = egui::RichText::new(text.get(lang)).size(size);
            if ui.selectable_label(*open, label).clicked() {
                *open = !*open;
            }
        }
    });
    ui.add_space(2.0);
}

/// The largest text size and gap, from the usual ones down, at which `labels` fit one row.
fn fitting_size(ui: &egui::Ui, labels: &[&str]) -> (f32, f32) {
    let usual = egui::TextStyle::Button.resolve(ui.style()).size;
    let padding = 2.0 * ui.spacing().button_padding.x;
    let width = |size: f32, gap: f32| {
        let texts: f32 = labels
            .iter()
            .map(|label| {
                let font = egui::FontId::proportional(size);
                let galley =
                    ui.painter()
                        .layout_no_wrap(label.to_string(), font, egui::Color32::WHITE);
                galley.size().x + padding
            })
            .sum();
        texts + gap * labels.len().saturating_sub(1) as f32
    };
    let steps = [
        (usual, ui.spacing().item_spacing.x),
        (usual * 0.92, 4.0),
        (usual * 0.84, 2.0),
        (usual * 0.76, 1.0),
    ];
    let available = ui.available_width();
    steps
        .into_iter()
        .find(|&(size, gap)| width(size, gap) <= available)
        .unwrap_or(steps[steps.len() - 1])
}

fn tray(ui: &mut egui::Ui, items: &[TrayItem], set: PieceSet) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(2.0, 2.0);
        for item in items {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
            result_card::disc(
                ui.painter(),
                rect.center(),
                12.0,
                item.side,
                item.role,
                false,
                set,
            );
        }
    });
}

fn player_line(ui: &mut egui::Ui, line: &PlayerLine, hud: &HudModel, lang: Language) {
    ui.horizontal(|ui| {
        let marker = if line.to_move { "▶" } else { " " };
        let color = line.colour.map_or(style::PAPER_WEAK, side_color);
        ui.label(egui::RichText::new(marker).color(color));
        ui.label(
            egui::RichText::new(&line.name)
                .size(17.0)
                .color(color)
                .strong(),
        );
        if line.in_check {
            ui.colored_label(style::ALARM, Text::Check.get(lang));
        }
    });
    // The clock opens the line of what the player took: no line more, and never over the
    // name in a narrow panel; beside a clock an empty tray needs no words.
    ui.horizontal_wrapped(|ui| {
        if let Some(clock) = &line.clock {
            clock_face(ui, clock);
        }
        if !line.tray.is_empty() {
            tray(ui, &line.tray, hud.piece_set);
        } else if line.clock.is_none() {
            ui.weak(Text::TookNothing.get(lang));
        }
    });
}

/// A player's clock: the running one bright, a low one in alarm red.
fn clock_face(ui: &mut egui::Ui, clock: &ClockFace) {
    let color = if clock.low {
        style::ALARM
    } else if clock.running {
        style::BRASS
    } else {
        style::PAPER_WEAK
    };
    let text = egui::RichText::new(&clock.reading)
        .size(18.0)
        .monospace()
        .color(color);
    ui.label(if clock.running { text.strong() } else { text });
    ui.add_space(6.0);
}

fn side_panel(
    ui: &mut egui::Ui,
    hud: &HudModel,
    lang: Language,
    state: &mut PanelState,
    outbox: &mut Outbox,
) -> bool {
    ui.add_space(6.0);
    ui.heading(&hud.title);
    if let Some(rules) = &hud.rules {
        ui.label(egui::RichText::new(rules).color(style::JADE));
    }
    if let Some(line) = &hud.match_line {
        ui.label(egui::RichText::new(line).color(style::BRASS));
    }
    if let Some(v) = &hud.viewer {
        ui.label(egui::RichText::new(v).italics());
    }
    if let Some(online) = &hud.online {
        online_lines(ui, online, lang, outbox);
    }
    ui.separator();
    for line in &hud.players {
        player_line(ui, line, hud, lang);
        ui.add_space(4.0);
    }
    let odds_toggled = hud.can_show_odds
        && ui
            .selectable_label(!hud.odds.is_empty(), Text::Odds.get(lang))
            .clicked();
    for odds in &hud.odds {
        reveal_odds(ui, odds, hud.piece_set);
    }
    if hud.can_value_reveals {
        reveal_values(ui, hud, lang, &mut outbox.values);
    }
    ui.separator();
    ui.label(egui::RichText::new(&hud.status).size(17.0).strong());
    if let Some(thinking) = &hud.thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(egui::RichText::new(thinking).italics());
        });
    }
    actions(ui, hud, lang, state, outbox);
    let out = &mut outbox.commands;
    for notice in &hud.notices {
        ui.colored_label(style::AMBER, notice);
    }
    if let Some(offer) = &hud.draw_offer {
        ui.label(egui::RichText::new(offer).strong());
        ui.horizontal_wrapped(|ui| {
            if ui.button(Text::AcceptDraw.get(lang)).clicked() {
                out.write(GameCommand::AnswerDraw { accept: true });
            }
            if ui.button(Text::Decline.get(lang)).clicked() {
                out.write(GameCommand::AnswerDraw { accept: false });
            }
        });
    }
    if hud.result.is_some()
        && state.card_closed_for.is_some()
        && ui.button(Text::ShowResult.get(lang)).clicked()
    {
        state.card_closed_for = None;
    }
    take_back(ui, hud, lang, out);
    odds_toggled
}

/// What one side's face-down pieces may be: each identity with its chance, "2/14".
fn reveal_odds(ui: &mut egui::Ui, odds: &RevealOdds, set: PieceSet) {
    ui.label(egui::RichText::new(&odds.line).small());
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(3.0, 2.0);
        for &(role, count) in &odds.chances {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
            result_card::disc(
                ui.painter(),
                rect.center(),
                10.0,
                odds.side,
                Some(role),
                false,
                set,
            );
            ui.label(
                egui::RichText::new(format!("{count}/{}", odds.unseen))
                    .small()
                    .monospace(),
            );
        }
    });
}

/// The value of each reveal: the button, the engine at work, or the values found.
fn reveal_values(
    ui: &mut egui::Ui,
    hud: &HudModel,
    lang: Language,
    ask: &mut MessageWriter<AskRevealValues>,
) {
    if let Some(thinking) = &hud.reveal_values_thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(egui::RichText::new(thinking).small().italics());
        });
    } else if hud.reveal_values.is_empty() {
        if ui.small_button(Text::RevealValuesAsk.get(lang)).clicked() {
            ask.write(AskRevealValues);
        }
    } else {
        // The best few at a glance; the rest fold away so the panel keeps its place.
        const AT_A_GLANCE: usize = 4;
        let rows = |ui: &mut egui::Ui, id: &str, values: &[(String, String)]| {
            egui::Grid::new(id)
                .num_columns(2)
                .spacing([12.0, 1.0])
                .show(ui, |ui| {
                    for (text, worth) in values {
                        ui.label(egui::RichText::new(text).small().monospace());
                        ui.label(egui::RichText::new(worth).small().monospace());
                        ui.end_row();
                    }
                });
        };
        let (best, rest) = hud
            .reveal_values
            .split_at(AT_A_GLANCE.min(hud.reveal_values.len()));
        rows(ui, "reveal-values", best);
        if !rest.is_empty() {
            egui::CollapsingHeader::new(
                egui::RichText::new(
                    Phrase::new(Text::RevealValuesAll)
                        .with("count", hud.reveal_values.len().to_string())
                        .say(lang),
                )
                .small(),
            )
            .id_salt("reveal-values-rest")
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(120.0)
                    .show(ui, |ui| rows(ui, "reveal-values-rest", rest));
            });
        }
        let note = Phrase::new(Text::RevealValuesNote)
            .with("depth", crate::reveal_values::DEPTH.to_string())
            .say(lang);
        ui.add(egui::Label::new(egui::RichText::new(note).small().weak()).wrap());
    }
}

/// The game's buttons in one flow that wraps as the panel narrows: the Hint first, in a place
/// that never moves (greyed when it cannot help now), then resigning and a draw offer — or,
/// once the game is over, Again.
fn actions(
    ui: &mut egui::Ui,
    hud: &HudModel,
    lang: Language,
    state: &mut PanelState,
    outbox: &mut Outbox,
) {
    let out = &mut outbox.commands;
    ui.horizontal_wrapped(|ui| {
        if hud.result.is_none()
            && hud.online.is_none()
            && ui
                .add_enabled(hud.can_hint, egui::Button::new(Text::Hint.get(lang)))
                .clicked()
        {
            outbox.hint.write(AskHint);
        }
        let actor_label = || hud.actor_label.clone().unwrap_or_default();
        match (hud.actor, state.confirm_resign) {
            (Some(actor), Some(side)) if side == actor => {
                ui.label(
                    Phrase::new(Text::ResignsQuestion)
                        .with("side", actor_label())
                        .say(lang),
                );
                if ui.button(Text::YesResign.get(lang)).clicked() {
                    out.write(GameCommand::Resign(side));
                    state.confirm_resign = None;
                }
                if ui.button(Text::No.get(lang)).clicked() {
                    state.confirm_resign = None;
                }
            }
            (Some(actor), _) => {
                let resign = Phrase::new(Text::ResignAs)
                    .with("side", actor_label())
                    .say(lang);
                if ui.button(resign).clicked() {
                    state.confirm_resign = Some(actor);
                }
                if hud.draw_offer.is_none()
                    && !hud.vs_computer
                    && ui.button(Text::OfferDraw.get(lang)).clicked()
                {
                    out.write(GameCommand::OfferDraw(actor));
                }
            }
            (None, _) => {
                // The card's words: in a duplicate match, game 2 or a new match.
                // Wrapped: in German at 640×480 it is wider than the panel.
                if let Some(again) = hud.result.as_ref().and_then(|card| card.again.as_ref())
                    && ui.add(egui::Button::new(again).wrap()).clicked()
                {
                    out.write(GameCommand::Again);
                }
            }
        }
        if hud.back_to_review && ui.button(Text::BackToReview.get(lang)).clicked() {
            out.write(GameCommand::BackToReview);
        }
    });
}

/// First, back, forward, last.
const STEPS: [(BrowseTo, &str); 4] = [
    (BrowseTo::First, "⏮"),
    (BrowseTo::Back, "◀"),
    (BrowseTo::Forward, "▶"),
    (BrowseTo::Last, "⏭"),
];

/// A take-back request to answer, and the take-back buttons.
fn take_back(
    ui: &mut egui::Ui,
    hud: &HudModel,
    lang: Language,
    out: &mut MessageWriter<GameCommand>,
) {
    if let Some(request) = &hud.takeback_request {
        ui.label(egui::RichText::new(request).strong());
        ui.horizontal_wrapped(|ui| {
            if ui.button(Text::Agree.get(lang)).clicked() {
                out.write(GameCommand::AnswerTakeBack { accept: true });
            }
            if ui.button(Text::Refuse.get(lang)).clicked() {
                out.write(GameCommand::AnswerTakeBack { accept: false });
            }
        });
    }
    match hud.take_back.as_slice() {
        [] => {}
        [(side, label)] => {
            if ui.button(label).clicked() {
                out.write(GameCommand::RequestTakeBack(*side));
            }
        }
        // Both players may take back (two at one screen): one button, a row less.
        choices => {
            ui.menu_button(Text::TakeBackMenu.get(lang), |ui| {
                for (side, label) in choices {
                    let button = egui::Button::new(label).wrap_mode(egui::TextWrapMode::Extend);
                    if ui.add(button).clicked() {
                        out.write(GameCommand::RequestTakeBack(*side));
                    }
                }
            });
        }
    }
}

/// Under the handoff cover: the player who just moved may still ask to take it back.
fn take_back_over_cover(
    ctx: &egui::Context,
    buttons: &[(Side, String)],
    out: &mut MessageWriter<GameCommand>,
) {
    if buttons.is_empty() {
        return;
    }
    egui::Area::new("cover take-back".into())
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
        .show(ctx, |ui| {
            for (side, label) in buttons {
                // One line: an area at the bottom edge would otherwise wrap it narrowly.
                let button = egui::Button::new(label).wrap_mode(egui::TextWrapMode::Extend);
                if ui.add(button).clicked() {
                    out.write(GameCommand::RequestTakeBack(*side));
                }
            }
        });
}

/// The move list, each move clickable to show the position after it, with the analysis
/// steps above it.
fn move_list(
    ui: &mut egui::Ui,
    hud: &HudModel,
    lang: Language,
    state: &mut PanelState,
    out: &mut MessageWriter<GameCommand>,
) {
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(Text::Moves.get(lang)).strong());
        if !hud.move_rows.is_empty() {
            for (to, label) in STEPS {
                if ui.button(label).clicked() {
                    out.write(GameCommand::Browse(to));
                }
            }
        }
    });
    if let Some(browsing) = &hud.browsing {
        ui.colored_label(style::JADE, browsing);
    }
    let mut ply_button = |ui: &mut egui::Ui, item: &Option<PlyItem>| match item {
        Some(item) => {
            // A review's mark follows the move, in the mark's colour.
            let label = match item.mark {
                Some(mark) => egui::RichText::new(format!("{}{}", item.text, mark.glyph()))
                    .color(review_panel::mark_colour(mark)),
                None => egui::RichText::new(&item.text),
            }
            .monospace();
            let shown = item.ply == hud.shown_ply;
            let response = ui.selectable_label(shown, label);
            // Once per step and list height, at once (an animation would run on from a
            // layout the next frame changes), then left to the player's own scrolling.
            let place = (item.ply, ui.clip_rect().height() as i32);
            if shown && hud.browsing.is_some() && state.scrolled_to != Some(place) {
                response.scroll_to_me_animation(
                    Some(egui::Align::Center),
                    egui::style::ScrollAnimation::none(),
                );
                state.scrolled_to = Some(place);
            }
            if response.clicked() {
                out.write(GameCommand::Browse(BrowseTo::Ply(item.ply)));
            }
        }
        None => {
            ui.monospace("…");
        }
    };
    egui::ScrollArea::vertical()
        .stick_to_bottom(hud.browsing.is_none())
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // A narrow panel puts Black's move under Red's, in the same column, rather than
            // cutting it.
            let number_width = ui
                .fonts_mut(|f| f.glyph_width(&egui::TextStyle::Monospace.resolve(ui.style()), '0'))
                * 4.0
                + ui.spacing().item_spacing.x;
            let two_lines = ui.available_width() < 250.0;
            for row in &hud.move_rows {
                ui.horizontal(|ui| {
                    ui.monospace(format!("{:>3}.", row.number));
                    ply_button(ui, &row.red);
                    if row.black.is_some() && !two_lines {
                        ply_button(ui, &row.black);
                    }
                });
                if row.black.is_some() && two_lines {
                    ui.horizontal(|ui| {
                        ui.add_space(number_width);
                        ply_button(ui, &row.black);
                    });
                }
            }
        });
}
