//! The Xiangqi evaluation's weights: material, piece-square tables, mobility, general
//! safety, threats, pins, loose pieces, tempo and the face-down piece. Written by
//! `jieqi-cli tune` (see docs/tuning.md, "Tuning the evaluation"); edit by hand or replace with a
//! tuner's output.
//!
//! Tuned in two steps. First every group (the pins, the defence against each attacker and the
//! loose pieces new), `jieqi-cli tune --variant xiangqi --iterations 600 --rate 0.2` from
//! 201629 positions: K 0.3174, held-out error 0.002442 -> 0.002376, iteration 50 kept. The
//! positions: 2000 games from the match's own openings (`jieqi-cli tune-data --variant xiangqi
//! --games 2000 --nodes 5000 --seed 6 --opening-plies 8 --openings search`, then `tune-label
//! --every 3 --depth 8` by the engine of 7127451) and the third round's (random openings,
//! `--seed 4`, labelled the same way), one file after the other; adopted after an SPRT against
//! 7127451 (docs/engine-strength.md, "Book-like openings in the tuner's data"). Then the new
//! terms alone, `--groups pins,defence,loose` on the same data: K 0.3188, held-out error
//! 0.002377 -> 0.002374, iteration 250 kept; adopted after an SPRT against the first step's
//! weights at 40 ms a move, `--sprt 0,10 --seed 421`: H1 accepted after 608 pairs, +22 ± 15 Elo
//! per pair (docs/engine-strength.md, "Xiangqi's new terms adopted").

/// Middlegame and endgame material per role, indexed by `Role as usize` (0 unused).
/// The general's value only matters for move ordering (it is never captured).
pub const MATERIAL_MG: [i32; 8] = [0, 0, 282, 168, 428, 1115, 518, 81];
pub const MATERIAL_EG: [i32; 8] = [0, 0, 71, 64, 447, 1243, 400, 161];

/// A face-down Jieqi piece where no pool is known (move ordering, and `evaluate`
/// without one); the search values a face-down piece at the mean of its side's unseen
/// identities plus `HIDDEN_BONUS`.
pub const HIDDEN_VALUE: i32 = 330;

/// What keeping a piece face-down is worth beyond its expected material (negative: a
/// face-down piece is stuck on its start point, a revealed one develops).
pub const HIDDEN_BONUS: i32 = -80;

/// Piece-square tables, from the owner's point of view, written as the board looks from the
/// owner's side: the first row is the enemy's back rank, the last row the owner's own back
/// rank, file a of the owner on the left. Values are in "shape" units (times `PST_SCALE`).
#[rustfmt::skip]
pub const PST_CHARIOT: [i8; 90] = [
     13,  18,  12,  20,  22,  20,  12,  18,  13,
     19,  19,  20,  27,  26,  27,  20,  19,  19,
     14,  20,  19,  28,  28,  28,  19,  20,  14,
     20,  24,  27,  28,  25,  28,  27,  24,  20,
     13,  18,  22,  23,  24,  23,  22,  18,  13,
     21,  23,  27,  24,  29,  24,  27,  23,  21,
     21,  25,  29,  28,  28,  28,  29,  25,  21,
      4,  19,  17,  25,  15,  25,  17,  19,   4,
      3,  16,   5,  13,   8,  13,   5,  16,   3,
     -9,  16,  11,  15,  15,  15,  11,  16,  -9,
];

#[rustfmt::skip]
pub const PST_HORSE: [i8; 90] = [
      8,   2,  17,  10,  12,  10,  17,   2,   8,
      6,  20,  25,  11,  35,  11,  25,  20,   6,
     31,  15,  12,  28,  31,  28,  12,  15,  31,
      8,  26,   9,  23,  10,  23,   9,  26,   8,
     11,  21,  15,  17,  17,  17,  15,  21,  11,
     20,  10,  18,  11,  20,  11,  18,  10,  20,
      2,   8,   9,   7,  14,   7,   9,   8,   2,
      0,   6,   0,  14,  15,  14,   0,   6,   0,
    -19,  -6,  -9,  -5, -11,  -5,  -9,  -6, -19,
    -22, -18, -12,  -2,  -3,  -2, -12, -18, -22,
];

#[rustfmt::skip]
pub const PST_CANNON: [i8; 90] = [
     14,   7,  -8, -13,  -8, -13,  -8,   7,  14,
      5,  -6,  -7,  -1,  -9,  -1,  -7,  -6,   5,
      4,  -4,   0, -16, -10, -16,   0,  -4,   4,
      2,   1,   1,  -5,   8,  -5,   1,   1,   2,
      4,  -3,  -5,  -6,  12,  -6,  -5,  -3,   4,
      7,   5,   6,   3,  14,   3,   6,   5,   7,
      7,   0,   7,  -4,  13,  -4,   7,   0,   7,
      9,  -1,  11,   7,  19,   7,  11,  -1,   9,
      9,   2,   8,  -1,  14,  -1,   8,   2,   9,
      4,  -3,   8,  13,  17,  13,   8,  -3,   4,
];

#[rustfmt::skip]
pub const PST_ADVISOR: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   1,   0,   1,   0,   0,   0,
      0,   0,   0,   0,   6,   0,   0,   0,   0,
      0,   0,   0,  -1,   0,  -1,   0,   0,   0,
];

#[rustfmt::skip]
pub const PST_ELEPHANT: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   2,   0,   0,   0,   2,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,  10,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   6,   0,   0,   0,   6,   0,   0,
];

#[rustfmt::skip]
pub const PST_GENERAL: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -16, -21, -16,   0,   0,   0,
      0,   0,   0,  -3,   2,  -3,   0,   0,   0,
      0,   0,   0,   5,   8,   5,   0,   0,   0,
];

/// Soldier, centipawns on top of the uncrossed material value (the crossing bonus is in
/// here), middlegame.
#[rustfmt::skip]
pub const PST_SOLDIER_MG: [i16; 90] = [
       6,   25,   48,   54,   76,   54,   48,   25,    6,
      65,   65,  156,  222,  133,  222,  156,   65,   65,
      30,   69,   45,  160,  146,  160,   45,   69,   30,
      48,   93,   74,   98,  110,   98,   74,   93,   48,
      13,   57,   67,  117,  110,  117,   67,   57,   13,
     -21,    0,   11,    0,    2,    0,   11,    0,  -21,
     -27,    0,  -17,    0,   26,    0,  -17,    0,  -27,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Soldier in the endgame.
#[rustfmt::skip]
pub const PST_SOLDIER_EG: [i16; 90] = [
      16,   24,   40,   51,   39,   51,   40,   24,   16,
      92,  111,  123,  150,  190,  150,  123,  111,   92,
      92,  106,  152,  165,  172,  165,  152,  106,   92,
      64,  109,  111,  125,  115,  125,  111,  109,   64,
      57,   90,   78,  108,  109,  108,   78,   90,   57,
      15,    0,    8,    0,   42,    0,    8,    0,   15,
       9,    0,   11,    0,   -1,    0,   11,    0,    9,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Mobility: per empty point a chariot or cannon reaches, per free destination of a horse.
pub const CHARIOT_MOBILITY: i32 = 5;
pub const CANNON_MOBILITY: i32 = 2;
pub const HORSE_MOBILITY: i32 = 12;
/// A horse that cannot move at all.
pub const HORSE_TRAPPED: i32 = 25;

/// General safety: each enemy chariot, horse or cannon across the river weighs this much per
/// missing advisor or elephant of ours (middlegame only).
pub const ATTACKER_PER_MISSING_DEFENDER: i32 = 40;
/// An enemy cannon on our general's file with nothing between ("empty-head cannon").
pub const EMPTY_HEAD_CANNON: i32 = 165;
/// An enemy cannon on our general's file with exactly one piece between (a central cannon).
pub const CENTRAL_CANNON: i32 = 15;
/// The palace danger (attackers on the palace, squared and capped: `params.rs`) in percent.
pub const PALACE_DANGER: i32 = 40;

/// Threats, per victim class (soldier 1, advisor/elephant 2, horse/cannon/face-down 3,
/// chariot 4): attacked by a piece of a lower class, or attacked and undefended.
pub const THREAT_BY_LOWER: [i32; 5] = [0, 0, 9, 78, 49];
pub const THREAT_HANGING: [i32; 5] = [0, 27, 34, 64, 2];

/// Side to move bonus.
pub const TEMPO: i32 = 20;

/// Pins against the general, per class of the pinned piece (soldier 1, advisor/elephant 2,
/// horse/cannon/face-down 3, chariot 4): the only piece between an enemy chariot and our
/// general, or one of the two between an enemy cannon and it (middlegame and endgame).
pub const PINNED_BY_CHARIOT: [i32; 5] = [0, 22, 4, 33, 30];
pub const PINNED_BY_CANNON: [i32; 5] = [0, -28, 5, 29, 49];
/// An enemy piece that would give check by moving off the line: the only piece between its
/// chariot and our general, or one of the two between its cannon and it.
pub const DISCOVERED_CHECK: [i32; 2] = [40, 45];

/// Per enemy chariot, horse and cannon across the river (in that order), per advisor of ours
/// missing from home, and per elephant (middlegame only).
pub const MISSING_ADVISOR_AGAINST: [i32; 3] = [9, 6, -20];
pub const MISSING_ELEPHANT_AGAINST: [i32; 3] = [-8, 5, 12];
/// A piece of ours that none of ours defends, per class (attacked or not).
pub const LOOSE: [i32; 5] = [0, 0, 3, 3, 6];
