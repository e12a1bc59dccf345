//! The board its variant describes: a wooden panel in a frame and, for a board of points
//! (Xiangqi), the grid with the river (楚河 漢界), the palace diagonals and the little corner
//! marks on the cannon and soldier points; for a board of squares (Banqi), the squares. Optional
//! coordinates as the variant's notation names them. Rebuilt whenever the layout or the settings change (window resized, board
//! turned).

use std::f32::consts::PI;

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{FontSize, FontSource};
use jieqi_rules::Side;
use jieqi_rules::platform::family::XIANGQI_BOARD;
use jieqi_rules::platform::{Grid, Spot};

use crate::font::GameFont;
use crate::layout::{FRAME_CELLS, Layout, SQUARES_MARGIN_CELLS, panel_cells};
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
    let board = layout.board;

    // Wooden panel in a frame. The frame is drawn as strips around the panel, not as
    // rectangles under it: software renderers pay for every covered pixel.
    let panel = panel_cells(board) * c;
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
    let stripes = (46.0 * panel.y / (panel_cells(&XIANGQI_BOARD).y * c)).ceil() as u32;
    for i in 0..stripes {
        let y = o.y - panel.y / 2.0 + panel.y * (i as f32 + grain_noise(i)) / stripes as f32;
        let h = (0.02 + 0.05 * grain_noise(i + 100)) * c;
        let w = panel.x * (0.55 + 0.45 * grain_noise(i + 200));
        let x = o.x + (panel.x - w) * (grain_noise(i + 300) - 0.5);
        let alpha = 0.3 + 0.7 * grain_noise(i + 400);
        let color = theme::GRAIN.with_alpha(theme::GRAIN.alpha() * alpha);
        commands.spawn(rect(Vec2::new(x, y), Vec2::new(w, h), color, 0.04, 0.0));
    }

    match board.grid {
        Grid::Intersections => draw_points(&mut commands, &layout, &settings, &font, lw),
        Grid::Squares => draw_squares(&mut commands, &layout, lw),
    }
    if settings.coordinates {
        draw_coordinates(&mut commands, &layout, &settings, &font);
    }
}

/// A line between two world positions, `width` thick. Lines along the axes are drawn
/// unturned, so that they stay on whole pixels.
fn line(a: Vec2, b: Vec2, width: f32) -> impl Bundle {
    let d = b - a;
    let (size, angle) = if d.x.abs() < 0.01 {
        (Vec2::new(width, d.y.abs() + width), 0.0)
    } else if d.y.abs() < 0.01 {
        (Vec2::new(d.x.abs() + width, width), 0.0)
    } else {
        (Vec2::new(d.length() + width, width), d.y.atan2(d.x))
    };
    rect((a + b) / 2.0, size, theme::LINE, 1.0, angle)
}

/// A board of points (Xiangqi): the lines through the points, the inner columns broken by the
/// river, an outer line, the palaces' diagonals, the marked points and the river's words.
fn draw_points(
    commands: &mut Commands,
    layout: &Layout,
    settings: &Settings,
    font: &GameFont,
    lw: f32,
) {
    let board = layout.board;
    let (c, o) = (layout.cell, layout.center);
    let border = lw * 2.0;
    let p = |f: f32, r: f32| layout.point(f, r);
    let (last_col, last_row) = (
        f32::from(board.columns.saturating_sub(1)),
        f32::from(board.rows.saturating_sub(1)),
    );
    for r in 0..board.rows {
        let width = if r == 0 || f32::from(r) == last_row {
            border
        } else {
            lw
        };
        commands.spawn(line(p(0.0, r.into()), p(last_col, r.into()), width));
    }
    for f in 0..board.columns {
        let edge = f == 0 || f32::from(f) == last_col;
        let width = if edge { border } else { lw };
        let spans = match board.river {
            Some(river) if !edge => {
                vec![(0.0, f32::from(river) - 1.0), (f32::from(river), last_row)]
            }
            _ => vec![(0.0, last_row)],
        };
        for (r0, r1) in spans {
            commands.spawn(line(p(f.into(), r0), p(f.into(), r1), width));
        }
    }
    // An outer line around the grid.
    let gap = 0.12 * c;
    let (w, h) = (last_col * c + 2.0 * gap, last_row * c + 2.0 * gap);
    for (at, size) in [
        (o + Vec2::new(0.0, h / 2.0), Vec2::new(w + lw, lw)),
        (o - Vec2::new(0.0, h / 2.0), Vec2::new(w + lw, lw)),
        (o + Vec2::new(w / 2.0, 0.0), Vec2::new(lw, h + lw)),
        (o - Vec2::new(w / 2.0, 0.0), Vec2::new(lw, h + lw)),
    ] {
        commands.spawn(rect(at, size, theme::LINE, 1.0, 0.0));
    }
    for zone in board.palaces {
        let (from, to) = (zone.from, zone.to);
        for (a, b) in [
            (from, to),
            (
                Spot::new(from.column, to.row),
                Spot::new(to.column, from.row),
            ),
        ] {
            commands.spawn(line(layout.world(a), layout.world(b), lw));
        }
    }
    // Marked points: small corners around them, never past the board's edge.
    let (g, arm) = (0.09 * c, 0.2 * c);
    for &spot in board.marks {
        let at = layout.world(spot);
        for (dx, dy) in [(1.0f32, 1.0f32), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
            // Screen left/right depends on which side is down.
            let column_dir = if layout.bottom == Side::Red { dx } else { -dx };
            if (spot.column == 0 && column_dir < 0.0)
                || (f32::from(spot.column) == last_col && column_dir > 0.0)
            {
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
    let Some(river) = board.river else {
        return;
    };
    // The river, in screen terms: 楚河 on the left, 漢界 on the right. In table mode the
    // right half faces the player opposite.
    let river_px = 0.62 * c;
    let y = p(0.0, f32::from(river) - 0.5).y;
    let (turned, first, second) = if settings.table_mode {
        (PI, 2.6, 1.4)
    } else {
        (0.0, 1.4, 2.6)
    };
    for (glyph, x, angle) in [
        ("楚", -2.6, 0.0),
        ("河", -1.4, 0.0),
        ("漢", first, turned),
        ("界", second, turned),
    ] {
        commands.spawn(label(
            glyph,
            Vec2::new(o.x + x * c, y),
            river_px,
            theme::RIVER_TEXT,
            &font.bevy,
            angle,
        ));
    }
}

/// A board of squares (Banqi): the lines between the squares, the outer one thicker.
fn draw_squares(commands: &mut Commands, layout: &Layout, lw: f32) {
    let board = layout.board;
    let border = lw * 2.0;
    let (cols, rows) = (f32::from(board.columns), f32::from(board.rows));
    let p = |f: f32, r: f32| layout.point(f, r);
    for r in 0..=board.rows {
        let y = f32::from(r) - 0.5;
        let width = if r == 0 || r == board.rows {
            border
        } else {
            lw
        };
        commands.spawn(line(p(-0.5, y), p(cols - 0.5, y), width));
    }
    for f in 0..=board.columns {
        let x = f32::from(f) - 0.5;
        let width = if f == 0 || f == board.columns {
            border
        } else {
            lw
        };
        commands.spawn(line(p(x, -0.5), p(x, rows - 0.5), width));
    }
}

/// Column letters below (and, in table mode, above) the board, row numbers on the left, as
/// the variant's notation names them.
fn draw_coordinates(
    commands: &mut Commands,
    layout: &Layout,
    settings: &Settings,
    font: &GameFont,
) {
    let board = layout.board;
    let c = layout.cell;
    let px = (0.21 * c).max(9.0);
    let p = |f: f32, r: f32| layout.point(f, r);
    // Just outside the outermost places.
    let off = match board.grid {
        Grid::Intersections => 0.55,
        Grid::Squares => 0.5 + SQUARES_MARGIN_CELLS / 2.0,
    };
    let (last_col, last_row) = (
        f32::from(board.columns.saturating_sub(1)),
        f32::from(board.rows.saturating_sub(1)),
    );
    let (low_row, high_row) = if layout.bottom == Side::Red {
        (-off, last_row + off)
    } else {
        (last_row + off, -off)
    };
    for f in 0..board.columns {
        let letter = char::from(b'a' + f).to_string();
        commands.spawn(label(
            &letter,
            p(f.into(), low_row),
            px,
            theme::COORD_TEXT,
            &font.bevy,
            0.0,
        ));
        if settings.table_mode {
            commands.spawn(label(
                &letter,
                p(f.into(), high_row),
                px,
                theme::COORD_TEXT,
                &font.bevy,
                PI,
            ));
        }
    }
    let left = if layout.bottom == Side::Red {
        -off
    } else {
        last_col + off
    };
    for r in 0..board.rows {
        commands.spawn(label(
            &(u32::from(r) + u32::from(board.first_row)).to_string(),
            p(left, r.into()),
            px,
            theme::COORD_TEXT,
            &font.bevy,
            0.0,
        ));
    }
}
