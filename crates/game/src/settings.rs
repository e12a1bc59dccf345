//! What the players can switch: animations, table mode, coordinates, piece letters, notation.

use bevy::prelude::*;
use jieqi_rules::Notation;

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Pieces glide, captures leave, reveals flip. Off: everything jumps at once.
    pub animations: bool,
    /// The top side's pieces are turned 180° to face a player sitting opposite.
    pub table_mode: bool,
    /// ICCS coordinates (a–i, 0–9) on the board's edges.
    pub coordinates: bool,
    /// A small Latin letter (K A E H R C P) in a corner of each piece.
    pub letters: bool,
    /// The move list's notation.
    pub notation: Notation,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animations: true,
            table_mode: false,
            coordinates: true,
            letters: true,
            notation: Notation::Wxf,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}
