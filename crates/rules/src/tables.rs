//! Precomputed move tables, built at compile time: region masks, step lists with their
//! blocking points, and bit-rank/bit-file slider tables (the ElephantEye technique).

use crate::types::{FILES, RANKS};

/// Up to eight destinations from one point, each with the point that must be empty for the step
/// (the horse's leg, the elephant's eye) or `NO_BLOCK`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Steps {
    pub len: u8,
    pub to: [u8; 8],
    pub block: [u8; 8],
}

pub(crate) const NO_BLOCK: u8 = 255;

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [0; 8],
        block: [NO_BLOCK; 8],
    };

    const fn push(mut self, to: u8, block: u8) -> Steps {
        self.to[self.len as usize] = to;
        self.block[self.len as usize] = block;
        self.len += 1;
        self
    }

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.len as usize).map(move |i| (self.to[i], self.block[i]))
    }
}

const fn sq(file: i32, rank: i32) -> i32 {
    if file < 0 || file >= FILES as i32 || rank < 0 || rank >= RANKS as i32 {
        -1
    } else {
        rank * FILES as i32 + file
    }
}

/// 0 = Red's palace, 1 = Black's palace, -1 = neither.
const fn palace_of(s: i32) -> i32 {
    let f = s % 9;
    let r = s / 9;
    if f < 3 || f > 5 {
        -1
    } else if r <= 2 {
        0
    } else if r >= 7 {
        1
    } else {
        -1
    }
}

const fn half_of(s: i32) -> i32 {
    if s / 9 <= 4 { 0 } else { 1 }
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

const fn build_general() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let p = palace_of(s);
        let mut i = 0;
        while i < 4 {
            let to = sq(s % 9 + ORTHO[i].0, s / 9 + ORTHO[i].1);
            if p >= 0 && to >= 0 && palace_of(to) == p {
                t[s as usize] = t[s as usize].push(to as u8, NO_BLOCK);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Advisor steps: one point diagonally, anywhere when `free`; otherwise only onto a point of
/// `side`'s own palace (`side` 0 = Red, 1 = Black). Kept to its usual points (rules.md §10), an
/// advisor that arrived outside the palace face-down may only step back in.
const fn build_advisor(free: bool, side: i32) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            let to = sq(s % 9 + DIAG[i].0, s / 9 + DIAG[i].1);
            if to >= 0 && (free || palace_of(to) == side) {
                t[s as usize] = t[s as usize].push(to as u8, NO_BLOCK);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Elephant steps: two points diagonally past an empty eye, anywhere when `free`; otherwise
/// only onto `side`'s own half (rules.md §3, §10): an elephant revealed across the river may
/// only step back home.
const fn build_elephant(free: bool, side: i32) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            let to = sq(s % 9 + 2 * DIAG[i].0, s / 9 + 2 * DIAG[i].1);
            let eye = sq(s % 9 + DIAG[i].0, s / 9 + DIAG[i].1);
            if to >= 0 && (free || half_of(to) == side) {
                t[s as usize] = t[s as usize].push(to as u8, eye as u8);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn build_horse() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            let (dx, dy) = ORTHO[i];
            let leg = sq(s % 9 + dx, s / 9 + dy);
            if leg >= 0 {
                // Straight out one step, then diagonally outward: two destinations per leg.
                let (ax, ay) = if dx == 0 { (1, 0) } else { (0, 1) };
                let a = sq(s % 9 + 2 * dx + ax, s / 9 + 2 * dy + ay);
                let b = sq(s % 9 + 2 * dx - ax, s / 9 + 2 * dy - ay);
                if a >= 0 {
                    t[s as usize] = t[s as usize].push(a as u8, leg as u8);
                }
                if b >= 0 {
                    t[s as usize] = t[s as usize].push(b as u8, leg as u8);
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Soldier steps for `side` (0 Red, 1 Black): forward, and sideways once across the river.
const fn build_soldier(side: i32) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let fwd = if side == 0 { 1 } else { -1 };
    let mut s = 0;
    while s < 90 {
        let f = s % 9;
        let r = s / 9;
        let to = sq(f, r + fwd);
        if to >= 0 {
            t[s as usize] = t[s as usize].push(to as u8, NO_BLOCK);
        }
        if half_of(s) != side {
            let l = sq(f - 1, r);
            let rr = sq(f + 1, r);
            if l >= 0 {
                t[s as usize] = t[s as usize].push(l as u8, NO_BLOCK);
            }
            if rr >= 0 {
                t[s as usize] = t[s as usize].push(rr as u8, NO_BLOCK);
            }
        }
        s += 1;
    }
    t
}

/// Horses that would attack a point, with their legs: for each diagonal neighbour `d` of the
/// point (the leg), the two horse points that step through it.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            let (a, b) = DIAG[i];
            let leg = sq(s % 9 + a, s / 9 + b);
            if leg >= 0 {
                let h1 = sq(s % 9 + 2 * a, s / 9 + b);
                let h2 = sq(s % 9 + a, s / 9 + 2 * b);
                if h1 >= 0 {
                    t[s as usize] = t[s as usize].push(h1 as u8, leg as u8);
                }
                if h2 >= 0 {
                    t[s as usize] = t[s as usize].push(h2 as u8, leg as u8);
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Soldiers of `side` that would attack a point: the reverse of `build_soldier`.
const fn build_soldier_attackers(side: i32) -> [Steps; 90] {
    let fwd = build_soldier(side);
    let mut t = [Steps::EMPTY; 90];
    let mut from = 0;
    while from < 90 {
        let st = fwd[from];
        let mut i = 0;
        while i < st.len as usize {
            let to = st.to[i] as usize;
            t[to] = t[to].push(from as u8, NO_BLOCK);
            i += 1;
        }
        from += 1;
    }
    t
}

pub(crate) static GENERAL: [Steps; 90] = build_general();
/// Confined advisors and elephants, by side (they keep to their own palace and half).
pub(crate) static ADVISOR: [[Steps; 90]; 2] = [build_advisor(false, 0), build_advisor(false, 1)];
pub(crate) static ADVISOR_FREE: [Steps; 90] = build_advisor(true, 0);
pub(crate) static ELEPHANT: [[Steps; 90]; 2] = [build_elephant(false, 0), build_elephant(false, 1)];
pub(crate) static ELEPHANT_FREE: [Steps; 90] = build_elephant(true, 0);
pub(crate) static HORSE: [Steps; 90] = build_horse();
pub(crate) static SOLDIER: [[Steps; 90]; 2] = [build_soldier(0), build_soldier(1)];
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static SOLDIER_ATTACKERS: [[Steps; 90]; 2] =
    [build_soldier_attackers(0), build_soldier_attackers(1)];

/// What a slider standing at one point of a line sees, for one occupancy of that line.
/// Bit `i` stands for the `i`-th point of the line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineView {
    /// Empty points reachable without jumping (chariot and cannon quiet moves).
    pub slide: u16,
    /// The first occupied point in each direction (chariot captures, checks along a line).
    pub first: u16,
    /// The second occupied point in each direction (cannon captures over one screen).
    pub second: u16,
    /// Every point past the first piece up to and including the second (what a cannon
    /// attacks: it would capture an enemy put on any of them).
    pub beyond: u16,
}

const fn line_view(pos: i32, occ: u32, len: i32) -> LineView {
    let mut v = LineView {
        slide: 0,
        first: 0,
        second: 0,
        beyond: 0,
    };
    let mut dir = -1;
    while dir <= 1 {
        let mut i = pos + dir;
        let mut seen = 0;
        while i >= 0 && i < len && seen < 2 {
            if occ & (1 << i) == 0 {
                if seen == 0 {
                    v.slide |= 1 << i;
                } else {
                    v.beyond |= 1 << i;
                }
            } else {
                if seen == 0 {
                    v.first |= 1 << i;
                } else {
                    v.second |= 1 << i;
                    v.beyond |= 1 << i;
                }
                seen += 1;
            }
            i += dir;
        }
        dir += 2;
    }
    v
}

const fn build_lines<const N: usize, const OCC: usize>() -> [[LineView; OCC]; N] {
    let mut t = [[LineView {
        slide: 0,
        first: 0,
        second: 0,
        beyond: 0,
    }; OCC]; N];
    let mut p = 0;
    while p < N {
        let mut o = 0;
        while o < OCC {
            t[p][o] = line_view(p as i32, o as u32, N as i32);
            o += 1;
        }
        p += 1;
    }
    t
}

/// Indexed by file, then the rank's occupancy (9 bits).
pub(crate) static RANK_LINES: [[LineView; 512]; 9] = build_lines::<9, 512>();
/// Indexed by rank, then the file's occupancy (10 bits).
pub(crate) static FILE_LINES: [[LineView; 1024]; 10] = build_lines::<10, 1024>();

/// Bit `r` of a file's line bits spread onto file 0 of a bitboard (bit `r * 9`): shifted by
/// the file, it turns a file view into points.
pub(crate) static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut r = 0;
        while r < 10 {
            if bits & (1 << r) != 0 {
                t[bits] |= 1u128 << (r * 9);
            }
            r += 1;
        }
        bits += 1;
    }
    t
};

/// Bitboard masks (one bit per point) for each rank and each file.
pub(crate) const fn rank_mask(rank: u8) -> u128 {
    0x1ff_u128 << (rank as u32 * 9)
}

pub(crate) static FILE_MASKS: [u128; 9] = {
    let mut t = [0u128; 9];
    let mut f = 0;
    while f < 9 {
        let mut r = 0;
        while r < 10 {
            t[f] |= 1u128 << (r * 9 + f);
            r += 1;
        }
        f += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(t: &Steps) -> Vec<u8> {
        let mut v: Vec<u8> = t.iter().map(|(to, _)| to).collect();
        v.sort();
        v
    }

    #[test]
    fn general_stays_in_palace_rules_3() {
        // e0 (4): d0 (3), f0 (5), e1 (13).
        assert_eq!(targets(&GENERAL[4]), vec![3, 5, 13]);
        // d2 (21): e2 (22), d1 (12) — not d3.
        assert_eq!(targets(&GENERAL[21]), vec![12, 22]);
        assert_eq!(GENERAL[0].len, 0);
    }

    #[test]
    fn advisor_and_elephant_limits_rules_3_and_7() {
        assert_eq!(targets(&ADVISOR[0][3]), vec![13]); // d0 → e1 only
        assert_eq!(targets(&ADVISOR_FREE[3]), vec![11, 13]); // freed: c1 too
        // Elephant on c4 (38) may not cross to a6/e6.
        assert_eq!(targets(&ELEPHANT[0][38]), vec![18, 22]);
        assert_eq!(targets(&ELEPHANT_FREE[38]), vec![18, 22, 54, 58]);
    }

    /// rules.md §10 (advisors confined): a piece revealed outside its usual points may only
    /// step back onto them, so it never reaches the enemy general.
    #[test]
    fn confined_advisor_and_elephant_only_step_home_rules_10() {
        // Red advisor on c3 (29): only d2 (21), back into Red's palace; Black's: none.
        assert_eq!(targets(&ADVISOR[0][29]), vec![21]);
        assert_eq!(ADVISOR[1][29].len, 0);
        // Red elephant on e6 (58), across the river: only c4 (38) and g4 (42).
        assert_eq!(targets(&ELEPHANT[0][58]), vec![38, 42]);
        // On c7 (65) it has no way home; Black's elephant there reaches a5, e5, a9, e9.
        assert_eq!(ELEPHANT[0][65].len, 0);
        assert_eq!(targets(&ELEPHANT[1][65]), vec![45, 49, 81, 85]);
        // Neither confined table ever reaches into the other side's palace.
        for s in 0..90 {
            for side in 0..2 {
                for (to, _) in ADVISOR[side][s].iter().chain(ELEPHANT[side][s].iter()) {
                    assert_ne!(palace_of(to as i32), 1 - side as i32, "{s} → {to}");
                }
            }
        }
    }

    #[test]
    fn horse_legs_and_attackers_agree() {
        for h in 0..90u8 {
            for (to, leg) in HORSE[h as usize].iter() {
                assert!(
                    HORSE_ATTACKERS[to as usize]
                        .iter()
                        .any(|(from, l)| from == h && l == leg)
                );
            }
        }
        assert_eq!(targets(&HORSE[1]), vec![9 + 3, 18, 20]); // b0: d1, a2, c2
    }

    #[test]
    fn soldier_sideways_only_after_river_rules_3() {
        assert_eq!(targets(&SOLDIER[0][27]), vec![36]); // a3 → a4
        assert_eq!(targets(&SOLDIER[0][45 + 4]), vec![48, 50, 58]); // e5 → d5, f5, e6
        assert_eq!(targets(&SOLDIER[0][85]), vec![84, 86]); // e9: sideways only
        assert_eq!(targets(&SOLDIER[1][58]), vec![49]); // Black e6 → e5
    }

    #[test]
    fn line_views() {
        // Chariot at file 0 of a rank with pieces on files 3 and 6.
        let v = RANK_LINES[0][(1 << 3) | (1 << 6)];
        assert_eq!(v.slide, 0b110);
        assert_eq!(v.first, 1 << 3);
        assert_eq!(v.second, 1 << 6);
        assert_eq!(v.beyond, (1 << 4) | (1 << 5) | (1 << 6));
    }
}
