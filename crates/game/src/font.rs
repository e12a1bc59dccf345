//! The one CJK font (an OFL subset of Noto Serif CJK TC Bold, see assets/fonts/README.md),
//! embedded in the binary so the game needs no asset folder at run time. Bevy's text draws
//! the pieces and the river with it; egui uses it for the panels' Chinese characters.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/NotoSerifTC-Bold-subset.otf");

/// The name of the CJK font in egui's font definitions.
pub const EGUI_CJK: &str = "cjk";

#[derive(Resource, Clone, Debug, Default)]
pub struct GameFont {
    pub bevy: Handle<Font>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameFont>()
        .add_systems(PreStartup, load_font)
        .add_systems(EguiPrimaryContextPass, egui_fonts);
}

fn load_font(mut fonts: ResMut<Assets<Font>>, mut game_font: ResMut<GameFont>) {
    game_font.bevy = fonts.add(Font::from_bytes(FONT_BYTES.to_vec()));
}

/// Adds the CJK font to egui once: as a fallback of both families, so that tray pieces,
/// Chinese notation and 紅/黑 show.
fn egui_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut defs = egui::FontDefinitions::default();
    defs.font_data.insert(
        EGUI_CJK.to_owned(),
        Arc::new(egui::FontData::from_static(FONT_BYTES)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        defs.families
            .entry(family)
            .or_default()
            .push(EGUI_CJK.to_owned());
    }
    ctx.set_fonts(defs);
    crate::hud::style::apply(ctx);
    *done = true;
    Ok(())
}
