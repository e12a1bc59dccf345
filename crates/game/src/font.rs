//! The one CJK font (an OFL subset of Noto Serif CJK TC Bold, see assets/fonts/README.md),
//! embedded in the binary so the game needs no asset folder at run time. Bevy's text draws
//! the pieces and the river with it; egui uses it for the panels' Chinese characters.

use std::sync::Arc;

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPostUpdateSet, EguiPrimaryContextPass, egui};

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
        .add_systems(EguiPrimaryContextPass, egui_fonts)
        // A glyph new to egui's font atlas (a letter at a new sub-pixel offset too) reaches
        // the GPU in its own frame only if egui writes the atlas before the frame's asset
        // events are sent: otherwise a new line drew such glyphs blank until the next frame,
        // which at an idle table may be seconds away ("Ann is  eady for game  ").
        .configure_sets(
            PostUpdate,
            EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems),
        );
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
