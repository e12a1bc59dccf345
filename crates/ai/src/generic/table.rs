//! The generic search's transposition table: one 16-byte entry per slot, indexed by the low
//! bits of a node's key, replaced by depth and age. Mate scores are stored relative to the
//! node, as in the main engine's table. A slot may hold a turn without a value: what a search
//! whose value rests on a path-dependent draw found best (good for ordering, wrong to reuse).

use jieqi_rules::platform::TurnCode;

use crate::score::MATE_BOUND;

/// What a stored value says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// No value: only the turn is worth anything.
    None = 0,
    /// At most this.
    Upper = 1,
    /// At least this.
    Lower = 2,
    Exact = 3,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// `u32::MAX` for none.
    turn: u32,
    value: i16,
    depth: i8,
    /// bound (2 bits) | age (6 bits, 1–63; 0 marks an empty slot).
    flags: u8,
}

/// One probe's answer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    pub turn: Option<TurnCode>,
    pub value: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored value settles a search of (`alpha`, `beta`) at `depth`.
    pub fn cuts(&self, depth: i32, alpha: i32, beta: i32) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::None => false,
                Bound::Exact => true,
                Bound::Lower => self.value >= beta,
                Bound::Upper => self.value <= alpha,
            }
    }
}

pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl Table {
    /// About `mib` MiB (at least 1024 entries), a power of two.
    pub fn new(mib: usize) -> Table {
        let want = (mib.max(1) << 20) / std::mem::size_of::<Entry>();
        let n = want.next_power_of_two().max(1024);
        let n = if n > want && n > 1024 { n / 2 } else { n };
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            age: 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 1;
    }

    /// A new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age % 63 + 1;
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        if e.key != key || e.flags == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        };
        Some(Hit {
            turn: (e.turn != u32::MAX).then_some(TurnCode(e.turn)),
            value: from_table(i32::from(e.value), ply),
            depth: i32::from(e.depth),
            bound,
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        turn: Option<TurnCode>,
        value: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age;
        let e = &mut self.entries[key as usize & self.mask];
        let same = e.key == key;
        let stale = (e.flags >> 2) != age;
        if !same && !stale && i32::from(e.depth) > depth {
            return;
        }
        if same && bound == Bound::None && (e.flags & 3) != 0 && i32::from(e.depth) > depth {
            // Keep a deeper value; the turn is still news.
            if let Some(t) = turn {
                e.turn = t.0;
            }
            return;
        }
        let turn = match turn {
            Some(t) => t.0,
            None if same => e.turn,
            None => u32::MAX,
        };
        *e = Entry {
            key,
            turn,
            value: to_table(value, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: (age << 2) | bound as u8,
        };
    }
}

/// A mate score relative to the node (distance from it, not from the root).
fn to_table(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value + ply as i32
    } else if value <= -MATE_BOUND {
        value - ply as i32
    } else {
        value
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value - ply as i32
    } else if value <= -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut t = Table::new(1);
        t.store(42, 3, Some(TurnCode(7)), MATE - 5, 4, Bound::Exact);
        let hit = t.probe(42, 1).unwrap();
        assert_eq!(hit.value, MATE - 3);
        assert_eq!(hit.turn, Some(TurnCode(7)));
        assert!(hit.cuts(4, 0, 1));
        assert!(!hit.cuts(5, 0, 1));
        assert!(t.probe(43, 1).is_none());
    }

    #[test]
    fn a_turn_without_a_value_never_cuts() {
        let mut t = Table::new(1);
        t.store(9, 0, Some(TurnCode(3)), 0, 6, Bound::None);
        let hit = t.probe(9, 0).unwrap();
        assert_eq!(hit.turn, Some(TurnCode(3)));
        assert!(!hit.cuts(1, -100, 100));
    }
}
