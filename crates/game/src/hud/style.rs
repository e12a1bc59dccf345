//! What the egui panels and windows share: colours from the theme in egui's type, and where
//! the windows first open.

use bevy::prelude::Color;
use bevy_egui::egui;

/// Where the Rules, Statistics and Record windows first open: below the top bar.
pub const WINDOW_POS: [f32; 2] = [40.0, 110.0];

/// A theme colour for egui.
pub fn c32(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}
