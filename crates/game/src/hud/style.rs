//! The game's own look for every egui panel and window: wood and ink. Dark walnut panels
//! around the board, text the colour of the board's paper, cinnabar (the seal's red) for
//! what is chosen, brass for what the pointer is over; larger type than egui's. The named
//! colours below are the only ones the panels use, so every window looks of one piece.

use bevy::prelude::Color;
use bevy_egui::egui::{self, Color32, CornerRadius, FontFamily::*, FontId, Stroke, TextStyle};

/// Where the Rules, Statistics and Record windows first open: below the top bar.
pub const WINDOW_POS: [f32; 2] = [40.0, 110.0];

/// Text: the board's paper.
pub const PAPER: Color32 = Color32::from_rgb(238, 224, 198);
/// Quieter text.
pub const PAPER_WEAK: Color32 = Color32::from_rgb(184, 163, 134);
/// The panels: walnut.
pub const WALNUT: Color32 = Color32::from_rgb(44, 32, 24);
/// Windows, a shade lighter than the panels they open over.
pub const WALNUT_LIGHT: Color32 = Color32::from_rgb(60, 44, 33);
/// Text fields and scroll troughs: the darkest wood.
pub const WALNUT_DARK: Color32 = Color32::from_rgb(28, 20, 15);
/// Buttons at rest.
pub const BUTTON: Color32 = Color32::from_rgb(86, 62, 42);
pub const BUTTON_HOVER: Color32 = Color32::from_rgb(112, 81, 54);
pub const BUTTON_PRESSED: Color32 = Color32::from_rgb(134, 97, 64);
/// Lines between parts of a panel.
pub const GRAIN_LINE: Color32 = Color32::from_rgb(96, 71, 48);
/// What is chosen: cinnabar.
pub const CINNABAR: Color32 = Color32::from_rgb(164, 48, 36);
/// What the pointer is over, links: brass.
pub const BRASS: Color32 = Color32::from_rgb(214, 170, 92);
/// Notices and short words of the game: amber.
pub const AMBER: Color32 = Color32::from_rgb(255, 204, 120);
/// Errors and check.
pub const ALARM: Color32 = Color32::from_rgb(244, 112, 92);
/// Analysis and house rules, which change how to read the board: jade.
pub const JADE: Color32 = Color32::from_rgb(150, 206, 176);
/// The two sides' names: vermilion and ink on paper.
pub const RED_SIDE: Color32 = Color32::from_rgb(248, 112, 92);
pub const BLACK_SIDE: Color32 = Color32::from_rgb(222, 214, 200);
/// A review's marks: an inaccuracy, a mistake, a blunder, from straw to alarm.
pub const INACCURACY: Color32 = Color32::from_rgb(232, 214, 120);
pub const MISTAKE: Color32 = Color32::from_rgb(250, 160, 80);
pub const BLUNDER: Color32 = ALARM;

/// A theme colour for egui.
pub fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// Sets the look on every style egui keeps.
pub fn apply(ctx: &egui::Context) {
    ctx.all_styles_mut(wood_and_ink);
}

fn wood_and_ink(style: &mut egui::Style) {
    // Larger than egui's defaults: the panels are read from a chair, not a desk.
    style.text_styles = [
        (TextStyle::Small, FontId::new(13.0, Proportional)),
        (TextStyle::Body, FontId::new(16.0, Proportional)),
        (TextStyle::Button, FontId::new(16.0, Proportional)),
        (TextStyle::Heading, FontId::new(24.0, Proportional)),
        (TextStyle::Monospace, FontId::new(15.0, Monospace)),
    ]
    .into();
    style.spacing.button_padding = egui::vec2(8.0, 3.0);
    style.spacing.item_spacing = egui::vec2(7.0, 5.0);

    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    v.override_text_color = None;
    v.panel_fill = WALNUT;
    v.window_fill = WALNUT_LIGHT;
    v.extreme_bg_color = WALNUT_DARK;
    v.text_edit_bg_color = Some(WALNUT_DARK);
    v.faint_bg_color = Color32::from_rgb(52, 38, 28);
    v.code_bg_color = WALNUT_DARK;
    v.window_stroke = Stroke::new(1.0, Color32::from_rgb(122, 90, 58));
    v.window_corner_radius = CornerRadius::same(8);
    v.menu_corner_radius = CornerRadius::same(6);
    v.window_shadow.color = Color32::from_black_alpha(110);
    v.popup_shadow.color = Color32::from_black_alpha(90);
    v.hyperlink_color = BRASS;
    v.warn_fg_color = AMBER;
    v.error_fg_color = ALARM;
    v.selection.bg_fill = CINNABAR;
    v.selection.stroke = Stroke::new(1.0, PAPER);
    // A blinking text cursor asks for a frame every half second, which bevy_egui 0.42
    // turns into frames without pause for as long as a text field has the focus (the
    // app draws only when something changes, see crate::frames).
    v.text_cursor.blink = false;
    v.text_cursor.stroke = Stroke::new(2.0, BRASS);

    let w = &mut v.widgets;
    w.noninteractive.bg_fill = WALNUT;
    w.noninteractive.weak_bg_fill = WALNUT;
    w.noninteractive.bg_stroke = Stroke::new(1.0, GRAIN_LINE);
    w.noninteractive.fg_stroke = Stroke::new(1.0, PAPER);
    for (state, fill) in [
        (&mut w.inactive, BUTTON),
        (&mut w.hovered, BUTTON_HOVER),
        (&mut w.active, BUTTON_PRESSED),
        (&mut w.open, BUTTON),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.fg_stroke = Stroke::new(1.0, PAPER);
        state.corner_radius = CornerRadius::same(4);
    }
    w.inactive.bg_stroke = Stroke::NONE;
    w.hovered.bg_stroke = Stroke::new(1.0, BRASS);
    w.active.bg_stroke = Stroke::new(1.0, BRASS);
    w.open.bg_stroke = Stroke::new(1.0, GRAIN_LINE);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text stays readable on every surface it is drawn on: WCAG's 4.5:1 for body text.
    #[test]
    fn text_contrasts_with_every_surface() {
        fn luminance(c: Color32) -> f32 {
            let lin = |v: u8| {
                let v = v as f32 / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
        }
        fn contrast(a: Color32, b: Color32) -> f32 {
            let (x, y) = (luminance(a), luminance(b));
            (x.max(y) + 0.05) / (x.min(y) + 0.05)
        }
        for surface in [
            WALNUT,
            WALNUT_LIGHT,
            WALNUT_DARK,
            BUTTON,
            BUTTON_HOVER,
            CINNABAR,
        ] {
            let ratio = contrast(PAPER, surface);
            assert!(ratio >= 4.5, "paper on {surface:?}: {ratio:.2}");
        }
        for colour in [
            PAPER_WEAK, AMBER, ALARM, JADE, RED_SIDE, BLACK_SIDE, BRASS, INACCURACY, MISTAKE,
        ] {
            for surface in [WALNUT, WALNUT_LIGHT] {
                let ratio = contrast(colour, surface);
                assert!(ratio >= 4.5, "{colour:?} on {surface:?}: {ratio:.2}");
            }
        }
    }
}
