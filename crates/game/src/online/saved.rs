//! Never lose an online game: the seat of the game on the table — the server, the game, the
//! seat's token — is kept in `online.json` beside the autosave while the game runs, and
//! offered again at the next start ("Rejoin"); a game hosted on this computer starts its
//! server again first (its games are in the data folder, so the game is still there). A
//! finished or left game's file says so, and nothing is offered.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Connection, Online};
use crate::i18n::Text;
use crate::storage::{DiskWriter, StorageDirs, StorageNotices, load_json, to_json};

const VERSION: u32 = 1;

/// An online seat to take again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub version: u32,
    /// The server as this player reaches it (`host:port`).
    pub address: String,
    /// The server runs in the game's own process (hosted here).
    pub hosted: bool,
    /// The server's game id.
    pub game: String,
    /// The seat's token; `None`: watching.
    pub token: Option<String>,
    /// The game is over or was left: nothing to take again.
    pub done: bool,
}

impl SavedSeat {
    /// The seat of the table `online` is at, if any.
    pub fn of(online: &Online) -> Option<SavedSeat> {
        let game = online.game.clone()?;
        Some(SavedSeat {
            version: VERSION,
            address: online.address.clone(),
            hosted: online
                .hosted
                .is_some_and(|h| h.shared.to_string() == online.address),
            game,
            token: online.token.clone(),
            done: matches!(online.connection, Connection::Over | Connection::Offline),
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load)
        .add_systems(Update, keep.after(super::follow_session));
}

/// The seat left at the last run, offered again (the Play online window shows it).
fn load(dirs: Res<StorageDirs>, mut notices: ResMut<StorageNotices>, mut online: ResMut<Online>) {
    let Some(path) = dirs.online_file() else {
        return;
    };
    let check = |seat: &SavedSeat| match seat.version {
        VERSION => Ok(()),
        other => Err(format!("version {other}; this build reads {VERSION}")),
    };
    if let Some(seat) = load_json(&path, &mut notices, Text::SaveFallback, check)
        && !seat.done
    {
        info!(
            "an online game to rejoin: {} on {}",
            seat.game, seat.address
        );
        online.rejoin = Some(seat);
    }
}

/// Writes the seat when it changes (a new table, a token, the end, leaving).
fn keep(
    online: Res<Online>,
    dirs: Res<StorageDirs>,
    writer: Res<DiskWriter>,
    mut last: Local<Option<SavedSeat>>,
) {
    if !online.is_changed() {
        return;
    }
    let Some(path) = dirs.online_file() else {
        return;
    };
    let seat = match SavedSeat::of(&online) {
        Some(seat) => seat,
        // Left: the last seat, done.
        None => match last.clone() {
            Some(seat) if !seat.done => SavedSeat { done: true, ..seat },
            _ => return,
        },
    };
    if last.as_ref() != Some(&seat) {
        writer.write(path, to_json(&seat));
        *last = Some(seat);
    }
}
