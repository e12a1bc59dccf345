//! How a piece is drawn: its disc, its character or letter tag, its back with the faint
//! mark of the piece it moves as, its shadow, and the drawing order. [`PieceStyle`] spawns a
//! piece and swaps its face; placing pieces and animating them happen elsewhere.

use std::f32::consts::PI;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{FontSize, FontSource};
use jieqi_rules::platform::Spot;
use jieqi_rules::{Role, Side};

use crate::layout::Layout;
use crate::settings::{PieceSet, Settings};
use crate::theme;

/// What a piece shows: its character, or its back (in Jieqi with the faint mark of the role
/// it moves as, which is public: the start point's piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Up(Role),
    Down(Option<Role>),
}

/// A piece on the board, as the shown table has it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    pub spot: Spot,
    /// Its colour, or `None` for a back that shows none (Banqi).
    pub side: Option<Side>,
    /// The face it shows (or will show once a flip ends).
    pub face: Face,
}

/// The parts of a piece that a flip replaces.
#[derive(Component, Clone, Copy, Debug)]
pub struct FacePart;

/// The text on a piece (its character, letter, or the faint mark on its back).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct PieceText(pub String);

/// Meshes, materials and the font the pieces are drawn with. Empty handles without a
/// renderer (tests): the entities are the same, only nothing draws them.
#[derive(Resource, Clone, Debug, Default)]
pub struct PieceArt {
    pub font: Handle<Font>,
    pub circle: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub thin_ring: Handle<Mesh>,
    pub disc: Handle<ColorMaterial>,
    pub disc_edge: Handle<ColorMaterial>,
    pub shadow: Handle<ColorMaterial>,
    /// Indexed by `Side::index()`.
    pub ink: [Handle<ColorMaterial>; 2],
    /// Indexed by [`back_index`]: Red, Black, then a back that shows no colour.
    pub back: [Handle<ColorMaterial>; 3],
    pub back_ring: [Handle<ColorMaterial>; 3],
    pub selected: Handle<ColorMaterial>,
    pub target: Handle<ColorMaterial>,
    pub capture: Handle<ColorMaterial>,
    pub last_move: Handle<ColorMaterial>,
    pub check: Handle<ColorMaterial>,
    /// The Hint's arrow: a unit square for the shaft, a unit triangle for the head.
    pub arrow_shaft: Handle<Mesh>,
    pub arrow_head: Handle<Mesh>,
    pub hint: Handle<ColorMaterial>,
    /// A review's better move, drawn as the Hint's arrow is.
    pub better: Handle<ColorMaterial>,
}

/// Drawing order.
pub const Z_MARK_LOW: f32 = 5.0;
pub const Z_PIECE: f32 = 10.0;
/// Rings around pieces: above their shadows, below their tags.
pub const Z_RING: f32 = Z_PIECE - 0.3;
pub const Z_MARK_HIGH: f32 = 18.0;
pub const Z_MOVING: f32 = 20.0;

/// Empty handles: without a renderer (tests) the entities are the same, only nothing draws
/// them.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceArt>();
}

/// Meshes and materials for a real renderer.
pub(crate) fn render_plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

fn make_art(
    mut art: ResMut<PieceArt>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    font: Res<crate::font::GameFont>,
) {
    let mut m = |c: Color| materials.add(ColorMaterial::from_color(c));
    *art = PieceArt {
        font: font.bevy.clone(),
        circle: meshes.add(Circle::new(1.0).mesh().resolution(96)),
        ring: meshes.add(Annulus::new(0.90, 1.0).mesh().resolution(96)),
        thin_ring: meshes.add(Annulus::new(0.94, 1.0).mesh().resolution(96)),
        disc: m(theme::DISC),
        disc_edge: m(theme::DISC_EDGE),
        shadow: m(theme::SHADOW),
        ink: [m(theme::RED_INK), m(theme::BLACK_INK)],
        back: [
            m(theme::RED_BACK),
            m(theme::BLACK_BACK),
            m(theme::BLANK_BACK),
        ],
        back_ring: [
            m(theme::RED_BACK_RING),
            m(theme::BLACK_BACK_RING),
            m(theme::BLANK_BACK_RING),
        ],
        selected: m(theme::SELECTED),
        target: m(theme::TARGET_DOT),
        capture: m(theme::CAPTURE_RING),
        last_move: m(theme::LAST_MOVE),
        check: m(theme::CHECK_GLOW),
        arrow_shaft: meshes.add(Rectangle::new(1.0, 1.0)),
        // Pointing along +x, its tip at the origin.
        arrow_head: meshes.add(Triangle2d::new(
            Vec2::ZERO,
            Vec2::new(-1.0, 0.5),
            Vec2::new(-1.0, -0.5),
        )),
        hint: m(theme::HINT_ARROW),
        better: m(theme::BETTER_ARROW),
    };
}

/// Which back a piece of `side` shows: its colour's, or (no colour known) the blank one.
pub fn back_index(side: Option<Side>) -> usize {
    side.map_or(2, Side::index)
}

fn font(art: &PieceArt, px: f32) -> TextFont {
    TextFont {
        font: FontSource::Handle(art.font.clone()),
        font_size: FontSize::Px(px),
        ..default()
    }
}

/// A text part of a piece's face: its character, letter tag or back mark.
fn face_text(
    text: String,
    font: TextFont,
    color: Color,
    at: Transform,
) -> (
    FacePart,
    PieceText,
    Text2d,
    TextFont,
    TextColor,
    Anchor,
    Transform,
) {
    (
        FacePart,
        PieceText(text.clone()),
        Text2d::new(text),
        font,
        TextColor(color),
        Anchor::CENTER,
        at,
    )
}

/// What drawing a piece needs: the meshes and materials, the board's scale and which side
/// is on top, and the player's piece settings.
#[derive(SystemParam)]
pub(crate) struct PieceStyle<'w> {
    pub art: Res<'w, PieceArt>,
    pub layout: Res<'w, Layout>,
    pub settings: Res<'w, Settings>,
}

impl PieceStyle<'_> {
    /// Whether pieces drawn before look different now.
    pub fn is_changed(&self) -> bool {
        self.art.is_changed() || self.layout.is_changed() || self.settings.is_changed()
    }

    /// Whether a piece of this colour is turned round: the top player's, in table mode.
    pub fn turned(&self, side: Option<Side>) -> bool {
        self.settings.table_mode && side.is_some_and(|side| self.layout.is_top(side))
    }

    /// Spawns one piece: a root at its point (turned round for the top side in table mode), a
    /// shadow, and its face.
    pub fn spawn(&self, commands: &mut Commands, piece: BoardPiece) -> Entity {
        let (art, layout) = (&*self.art, &*self.layout);
        let r = layout.piece_radius();
        let rotation = if self.turned(piece.side) {
            Quat::from_rotation_z(PI)
        } else {
            Quat::IDENTITY
        };
        // The shadow falls down and to the right on screen, however the piece is turned.
        let shadow = rotation.inverse() * Vec3::new(0.05 * r, -0.09 * r, -0.5);
        let root = commands
            .spawn((
                piece,
                Transform {
                    translation: layout.world(piece.spot).extend(Z_PIECE),
                    rotation,
                    ..default()
                },
                Visibility::default(),
            ))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(art.circle.clone()),
                    MeshMaterial2d(art.shadow.clone()),
                    Transform::from_translation(shadow).with_scale(Vec3::splat(r * 1.01)),
                ));
            })
            .id();
        self.spawn_face(commands, root, piece);
        root
    }

    /// Spawns the parts of `piece`'s face under `root`.
    fn spawn_face(&self, commands: &mut Commands, root: Entity, piece: BoardPiece) {
        let (art, layout, settings) = (&*self.art, &*self.layout, &*self.settings);
        let (side, face) = (piece.side, piece.face);
        let r = layout.piece_radius();
        let cell = layout.cell;
        let back = back_index(side);
        commands.entity(root).with_children(|p| {
            let mut disc =
                |material: Handle<ColorMaterial>, mesh: Handle<Mesh>, scale: f32, z: f32| {
                    p.spawn((
                        FacePart,
                        Mesh2d(mesh),
                        MeshMaterial2d(material),
                        Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::splat(r * scale)),
                    ));
                };
            match (face, side) {
                (Face::Up(_), Some(side)) => {
                    disc(art.disc_edge.clone(), art.circle.clone(), 1.0, 0.0);
                    disc(art.disc.clone(), art.circle.clone(), 0.91, 0.1);
                    disc(art.ink[side.index()].clone(), art.ring.clone(), 0.80, 0.2);
                }
                _ => {
                    disc(art.back_ring[back].clone(), art.circle.clone(), 1.0, 0.0);
                    disc(art.back[back].clone(), art.circle.clone(), 0.91, 0.1);
                    disc(
                        art.back_ring[back].clone(),
                        art.thin_ring.clone(),
                        0.72,
                        0.2,
                    );
                    disc(
                        art.back_ring[back].clone(),
                        art.thin_ring.clone(),
                        0.52,
                        0.2,
                    );
                }
            }
            match (face, side) {
                (Face::Up(role), Some(side)) => {
                    p.spawn(face_text(
                        settings.piece_set.glyph(role, side).to_string(),
                        font(art, (cell * theme::PIECE_FONT).round()),
                        theme::ink(side),
                        Transform::from_xyz(0.0, -0.02 * r, 0.3),
                    ));
                    if settings.letters && settings.piece_set == PieceSet::Chinese {
                        // A small tag on the rim, lower right: K A E H R C P for newcomers.
                        let at = Vec2::new(0.74 * r, -0.74 * r);
                        p.spawn((
                            FacePart,
                            Mesh2d(art.circle.clone()),
                            MeshMaterial2d(art.ink[side.index()].clone()),
                            Transform::from_translation(at.extend(0.32))
                                .with_scale(Vec3::splat(0.29 * r)),
                        ));
                        p.spawn(face_text(
                            role.wxf_char().to_string(),
                            font(art, (cell * 0.17).round().max(8.0)),
                            theme::DISC,
                            Transform::from_translation(at.extend(0.35)),
                        ));
                    }
                }
                (Face::Down(Some(moves_as)), Some(side)) => {
                    // The faint mark of the start point's piece: public (rules.md §7).
                    p.spawn(face_text(
                        settings.piece_set.glyph(moves_as, side).to_string(),
                        font(art, (cell * 0.30).round()),
                        theme::BACK_MARK,
                        Transform::from_xyz(0.0, -0.01 * r, 0.3),
                    ));
                }
                // A plain back (Banqi): nothing of the piece shows.
                _ => {}
            }
        });
    }

    /// Replaces the face of the piece `root` now.
    pub fn swap_face(
        &self,
        commands: &mut Commands,
        root: Entity,
        children: Option<&Children>,
        parts: &Query<(), With<FacePart>>,
        piece: BoardPiece,
    ) {
        for child in children.into_iter().flatten() {
            if parts.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        self.spawn_face(commands, root, piece);
    }
}
