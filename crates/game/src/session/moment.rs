//! The moment a view belongs to: a game, its take-backs and a ply. Searches, animations and
//! answers carry it, and one made for another moment is stale.

/// A game, its take-backs and a ply: the moment a view (and so a search on it) belongs to.
/// The take-back count tells apart two moments with the same ply on either side of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub game_id: u32,
    pub takebacks: u32,
    pub plies: usize,
}
