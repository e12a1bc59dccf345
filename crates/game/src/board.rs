//! The board: a wooden panel in a frame, the grid with the river (楚河 漢界), the palace
//! diagonals, the little corner marks on the cannon and soldier points, and optional ICCS
//! coordinates. Rebuilt whenever the layout or the settings change (window resized, board
//! turned).

use std::f32::consts::{FRAC_PI_4, PI};

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{FontSize, FontSource};
use jieqi_rules::{Side, Square};

use crate::font::GameFont;
use crate::layout::{BOARD_H, BOARD_W, FRAME_CELLS, Layout};
use crate::settings::Settings;
use crate::states::ViewSync;
use crate::theme;

/// Everything drawn as part of the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardPart;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(theme::TABLE))
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, draw_board.in_set(ViewSync));
}

/// Multisampling (smooth edges). `Auto` turns it off on a software renderer, where it
/// costs more than half of every frame.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Multisample {
    #[default]
    Auto,
    On,
    Off,
}

fn spawn_camera(
    mut commands: Commands,
    msaa: Option<Res<Multisample>>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
) {
    // wgpu's DeviceType is not re-exported by Bevy; its Debug name is stable.
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    let on = match msaa.map_or(Multisample::Auto, |m| *m) {
        Multisample::Auto => !software,
        Multisample::On => true,
        Multisample::Off => false,
    };
    if software {
        info!(
            "software renderer: multisampling {}",
            if on { "on" } else { "off" }
        );
    }
    commands.spawn((Camera2d, if on { Msaa::Sample4 } else { Msaa::Off }));
}

/// A filled rectangle centred at `at` (world), `size` in pixels, turned by `angle`.
fn rect(at: Vec2, size: Vec2, color: Color, z: f32, angle: f32) -> impl Bundle {
    (
        BoardPart,
        Sprite::from_color(color, size),
        Transform::from_translation(at.extend(z)).with_rotation(Quat::from_rotation_z(angle)),
    )
}

fn label(
    text: &str,
    at: Vec2,
    px: f32,
    color: Color,
    font: &Handle<Font>,
    angle: f32,
) -> impl Bundle {
    (
        BoardPart,
        Text2d::new(text),
        TextFont {
            font: FontSource::Handle(font.clone()),
            font_size: FontSize::Px(px.round()),
            ..default()
        },
        TextColor(color),
        Anchor::CENTER,
        Transform::from_translation(at.extend(2.0)).with_rotation(Quat::from_rotation_z(angle)),
    )
}

/// A tiny pseudo-random sequence for the wood grain (the same every time).
fn grain_noise(i: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9) ^ 0x5bd1_e995;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x % 10_000) as f32 / 10_000.0
}

fn draw_board(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    font: Res<GameFont>,
    parts: Query<Entity, With<BoardPart>>,
) {
    if !(layout.is_changed() || settings.is_changed() || font.is_changed()) {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let c = layout.cell;
    let o = layout.center;
    // Line widths: even numbers of pixels on whole-pixel positions stay sharp.
    let lw = 2.0 * (c / 60.0).round().max(1.0);
    let border = lw * 2.0;

    // Wooden panel in a frame. The frame is drawn as strips around the panel, not as
    // rectangles under it: software renderers pay for every covered pixel.
    let panel = Vec2::new(BOARD_W * c, BOARD_H * c);
    commands.spawn(rect(o, panel, theme::WOOD, 0.02, 0.0));
    for (width, color, z) in [
        (2.0 * FRAME_CELLS * c, theme::FRAME_EDGE, 0.0),
        (1.5 * FRAME_CELLS * c, theme::FRAME, 0.01),
    ] {
        let t = width / 2.0;
        let outer = panel + Vec2::splat(width);
        for (at, size) in [
            (
                o + Vec2::new(0.0, (panel.y + t) / 2.0),
                Vec2::new(outer.x, t),
            ),
            (
                o - Vec2::new(0.0, (panel.y + t) / 2.0),
                Vec2::new(outer.x, t),
            ),
            (
                o + Vec2::new((panel.x + t) / 2.0, 0.0),
                Vec2::new(t, outer.y),
            ),
            (
                o - Vec2::new((panel.x + t) / 2.0, 0.0),
                Vec2::new(t, outer.y),
            ),
        ] {
            commands.spawn(rect(at, size, color, z, 0.0));
        }
    }
    // Grain: long, faint, uneven stripes.
    let stripes = 46;
    for i in 0..stripes {
        let y = o.y - panel.y / 2.0 + panel.y * (i as f32 + grain_noise(i)) / stripes as f32;
        let h = (0.02 + 0.05 * grain_noise(i + 100)) * c;
        let w = panel.x * (0.55 + 0.45 * grain_noise(i + 200));
        let x = o.x + (panel.x - w) * (grain_noise(i + 300) - 0.5);
        let alpha = 0.3 + 0.7 * grain_noise(i + 400);
        let color = theme::GRAIN.with_alpha(theme::GRAIN.alpha() * alpha);
        commands.spawn(rect(Vec2::new(x, y), Vec2::new(w, h), color, 0.04, 0.0));
    }

    let p = |f: f32, r: f32| layout.point(f, r);
    // Ranks.
    for r in 0..10 {
        let width = if r == 0 || r == 9 { border } else { lw };
        let a = p(0.0, r as f32);
        let b = p(8.0, r as f32);
        commands.spawn(rect(
            (a + b) / 2.0,
            Vec2::new((b.x - a.x).abs() + width, width),
            theme::LINE,
            1.0,
            0.0,
        ));
    }
    // Files: the edge files cross the river, the others stop at it.
    for f in 0..9 {
        let spans: &[(f32, f32)] = if f == 0 || f == 8 {
            &[(0.0, 9.0)]
        } else {
            &[(0.0, 4.0), (5.0, 9.0)]
        };
        let width = if f == 0 || f == 8 { border } else { lw };
        for &(r0, r1) in spans {
            let a = p(f as f32, r0);
            let b = p(f as f32, r1);
            commands.spawn(rect(
                (a + b) / 2.0,
                Vec2::new(width, (b.y - a.y).abs() + width),
                theme::LINE,
                1.0,
                0.0,
            ));
        }
    }
    // An outer line around the grid.
    let gap = 0.12 * c;
    let (w, h) = (8.0 * c + 2.0 * gap, 9.0 * c + 2.0 * gap);
    for (at, size) in [
        (o + Vec2::new(0.0, h / 2.0), Vec2::new(w + lw, lw)),
        (o - Vec2::new(0.0, h / 2.0), Vec2::new(w + lw, lw)),
        (o + Vec2::new(w / 2.0, 0.0), Vec2::new(lw, h + lw)),
        (o - Vec2::new(w / 2.0, 0.0), Vec2::new(lw, h + lw)),
    ] {
        commands.spawn(rect(at, size, theme::LINE, 1.0, 0.0));
    }
    // Palace diagonals.
    for (r0, r1) in [(0.0, 2.0), (7.0, 9.0)] {
        let centre = p(4.0, (r0 + r1) / 2.0);
        let len = 2.0 * std::f32::consts::SQRT_2 * c + lw;
        for angle in [FRAC_PI_4, -FRAC_PI_4] {
            commands.spawn(rect(centre, Vec2::new(len, lw), theme::LINE, 1.0, angle));
        }
    }
    // Start-point marks: small corners around cannon and soldier points.
    let marks = [
        "b2", "h2", "b7", "h7", "a3", "c3", "e3", "g3", "i3", "a6", "c6", "e6", "g6", "i6",
    ];
    let (g, arm) = (0.09 * c, 0.2 * c);
    for name in marks {
        let Some(sq) = Square::parse(name) else {
            continue;
        };
        let at = layout.world(sq);
        for (dx, dy) in [(1.0f32, 1.0f32), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
            // Not past the board's edge: screen left/right depends on which side is down.
            let file_dir = if layout.bottom == Side::Red { dx } else { -dx };
            if (sq.file() == 0 && file_dir < 0.0) || (sq.file() == 8 && file_dir > 0.0) {
                continue;
            }
            let corner = at + Vec2::new(dx * g, dy * g);
            commands.spawn(rect(
                corner + Vec2::new(dx * arm / 2.0, 0.0),
                Vec2::new(arm + lw, lw),
                theme::LINE,
                1.0,
                0.0,
            ));
            commands.spawn(rect(
                corner + Vec2::new(0.0, dy * arm / 2.0),
                Vec2::new(lw, arm + lw),
                theme::LINE,
                1.0,
                0.0,
            ));
        }
    }
    // The river, in screen terms: 楚河 on the left, 漢界 on the right. In table mode the
    // right half faces the player opposite.
    let river_px = 0.62 * c;
    let y = o.y;
    commands.spawn(label(
        "楚",
        o + Vec2::new(-2.6 * c, 0.0),
        river_px,
        theme::RIVER_TEXT,
        &font.bevy,
        0.0,
    ));
    commands.spawn(label(
        "河",
        o + Vec2::new(-1.4 * c, 0.0),
        river_px,
        theme::RIVER_TEXT,
        &font.bevy,
        0.0,
    ));
    let (turned, first, second) = if settings.table_mode {
        (PI, 2.6, 1.4)
    } else {
        (0.0, 1.4, 2.6)
    };
    commands.spawn(label(
        "漢",
        Vec2::new(o.x + first * c, y),
        river_px,
        theme::RIVER_TEXT,
        &font.bevy,
        turned,
    ));
    commands.spawn(label(
        "界",
        Vec2::new(o.x + second * c, y),
        river_px,
        theme::RIVER_TEXT,
        &font.bevy,
        turned,
    ));

    if settings.coordinates {
        let px = (0.21 * c).max(9.0);
        let off = 0.55;
        for f in 0..9u8 {
            let file = f as f32;
            let letter = ((b'a' + f) as char).to_string();
            let bottom_rank = if layout.bottom == Side::Red {
                -off
            } else {
                9.0 + off
            };
            let top_rank = if layout.bottom == Side::Red {
                9.0 + off
            } else {
                -off
            };
            commands.spawn(label(
                &letter,
                p(file, bottom_rank),
                px,
                theme::COORD_TEXT,
                &font.bevy,
                0.0,
            ));
            if settings.table_mode {
                commands.spawn(label(
                    &letter,
                    p(file, top_rank),
                    px,
                    theme::COORD_TEXT,
                    &font.bevy,
                    PI,
                ));
            }
        }
        for r in 0..10u8 {
            let left_file = if layout.bottom == Side::Red {
                -off
            } else {
                8.0 + off
            };
            commands.spawn(label(
                &r.to_string(),
                p(left_file, r as f32),
                px,
                theme::COORD_TEXT,
                &font.bevy,
                0.0,
            ));
        }
    }
}
