//! Transposition table: buckets of four 16-byte entries (one cache line), a size in MiB,
//! replacement by depth and age, and mate scores stored relative to the node (so that a mate
//! found at one ply reads correctly at another).

use jieqi_rules::Move;

use crate::score::{MATE_BOUND, MAX_PLY};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// What a node's `best` score is worth storing as: a cut at `beta`, exact when the search
    /// raised alpha, otherwise only an upper bound.
    pub fn of(best: i32, beta: i32, raised_alpha: bool) -> Self {
        if best >= beta {
            Bound::Lower
        } else if raised_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A table entry, as a probe answers it and a store takes it.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    pub mv: Option<Move>,
    /// Counted from the root: a probe converts a stored mate score back by its ply, a store
    /// converts it to count from the node.
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl TtEntry {
    /// Whether the stored score settles a search of the window (`alpha`, `beta`).
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// `[key, data]`, data = move (16) | score (16) | eval (16) | depth (8) | bound (2) |
/// generation (6). A plain array so that a new table is zeroed memory from the allocator,
/// whose pages the system provides only when first touched.
type Entry = [u64; 2];

/// Entries per bucket: one 64-byte cache line.
const BUCKET: usize = 4;

/// The table. Not shared between threads (the search is single-threaded).
pub struct TranspositionTable {
    entries: Vec<Entry>,
    /// The first bucket's index in `entries`: buckets start on cache-line boundaries, so a
    /// probe touches one line, not two (the allocator's large blocks start 16 bytes past a
    /// page boundary).
    first: usize,
    buckets: usize,
    generation: u8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("entries", &(self.buckets * BUCKET))
            .field("generation", &self.generation)
            .finish()
    }
}

/// Score as stored: mate scores counted from this node rather than the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let entries = vec![[0; 2]; buckets * BUCKET + BUCKET - 1];
        let line = BUCKET * std::mem::size_of::<Entry>();
        let misalignment = entries.as_ptr() as usize % line;
        let first = ((line - misalignment) % line) / std::mem::size_of::<Entry>();
        TranspositionTable {
            entries,
            first,
            buckets,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill([0; 2]);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.first + (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Looks `key` up; `ply` converts mate scores.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let b = self.bucket(key);
        for &[k, d] in &self.entries[b..b + BUCKET] {
            if k == key && d != 0 {
                let bound = match d >> 56 & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(TtEntry {
                    mv: Move::from_u16(d as u16).filter(|m| m.from != m.to),
                    score: from_tt(((d >> 16) as u16 as i16) as i32, ply),
                    eval: ((d >> 32) as u16 as i16) as i32,
                    depth: (d >> 48) as u8 as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Keeps an existing move when the new result has none.
    #[inline]
    pub fn store(&mut self, key: u64, ply: usize, entry: TtEntry) {
        let TtEntry {
            mv,
            score,
            eval,
            depth,
            bound,
        } = entry;
        debug_assert!(ply < MAX_PLY);
        let b = self.bucket(key);
        let generation = self.generation;
        let age = |data: u64| ((generation as u64 + 64 - (data >> 58)) & 63) as i32;
        // Same key, else an empty slot, else the shallowest / oldest.
        let entries = &mut self.entries[b..b + BUCKET];
        let mut slot = 0;
        let mut worst = i32::MAX;
        for (i, &[k, d]) in entries.iter().enumerate() {
            if k == key || d == 0 {
                slot = i;
                break;
            }
            let value = ((d >> 48) as u8 as i32) - 8 * age(d);
            if value < worst {
                worst = value;
                slot = i;
            }
        }
        let [old_key, old_data] = entries[slot];
        let depth = depth.clamp(0, 255);
        if old_key == key && old_data != 0 {
            // Keep a deeper result of this search unless the new one is exact.
            let old_depth = (old_data >> 48) as u8 as i32;
            if bound != Bound::Exact && depth + 2 < old_depth && age(old_data) == 0 {
                return;
            }
        }
        let mv16 = match mv {
            Some(m) => m.to_u16(),
            None if old_key == key => old_data as u16,
            None => 0,
        };
        let data = mv16 as u64
            | ((to_tt(score, ply) as i16 as u16 as u64) << 16)
            | ((eval as i16 as u16 as u64) << 32)
            | ((depth as u64) << 48)
            | ((generation as u64) << 58)
            | ((bound as u64) << 56);
        entries[slot] = [key, data];
    }

    /// Entries of this search per thousand (sampled), for the UCI `hashfull`.
    pub fn hashfull(&self) -> u32 {
        let n = (self.buckets * BUCKET).min(1000);
        let used = self.entries[self.first..self.first + n]
            .iter()
            .filter(|[_, d]| *d != 0 && (d >> 58) as u8 == self.generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn entry(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv,
            score,
            eval,
            depth,
            bound,
        }
    }

    #[test]
    fn buckets_start_on_cache_lines() {
        for mib in [1, 2, 16] {
            let tt = TranspositionTable::new(mib);
            let start = tt.entries[tt.first..].as_ptr() as usize;
            assert_eq!(start % 64, 0);
            assert!(tt.first + tt.buckets * BUCKET <= tt.entries.len());
        }
    }

    #[test]
    fn stores_and_probes() {
        let mut tt = TranspositionTable::new(1);
        let m = Move::parse_iccs("h2e2").unwrap();
        tt.store(0xDEAD_BEEF, 3, entry(Some(m), -123, 45, 7, Bound::Lower));
        let hit = tt.probe(0xDEAD_BEEF, 3).unwrap();
        assert_eq!(hit.mv, Some(m));
        assert_eq!(hit.score, -123);
        assert_eq!(hit.eval, 45);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert!(tt.probe(0xBEEF, 3).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 2: mate in 3 from the node.
        tt.store(42, 2, entry(None, MATE - 5, 0, 4, Bound::Exact));
        // Read at ply 6 it is mate in 3 from there: 9 plies from that root.
        assert_eq!(tt.probe(42, 6).unwrap().score, MATE - 9);
        tt.store(43, 2, entry(None, -(MATE - 5), 0, 4, Bound::Exact));
        assert_eq!(tt.probe(43, 0).unwrap().score, -(MATE - 3));
    }

    #[test]
    fn keeps_the_move_when_a_result_has_none() {
        let mut tt = TranspositionTable::new(1);
        let m = Move::parse_iccs("b0c2").unwrap();
        tt.store(7, 0, entry(Some(m), 10, 0, 3, Bound::Exact));
        tt.store(7, 0, entry(None, 20, 0, 4, Bound::Upper));
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth), (Some(m), 20, 4));
    }
}
