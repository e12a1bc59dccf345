//! The Jieqi evaluation's weights: material, piece-square tables, mobility, general
//! safety, threats, tempo and the face-down piece. Written by `jieqi-cli tune` (see
//! docs/tuning.md, "Tuning the evaluation (Texel)"); edit by hand or replace with a tuner's output.
//!
//! Tuned by `jieqi-cli tune --variant jieqi --iterations 600 --rate 0.2 --groups material,mobility,king,threats,tempo,hidden`
//! from 64220 positions of jieqi.txt: K 0.4430, error 0.138407 -> 0.132843 (held out 0.126310 -> 0.121402),
//! iteration 250 kept (the least held-out error).

/// Middlegame and endgame material per role, indexed by `Role as usize` (0 unused).
/// The general's value only matters for move ordering (it is never captured).
pub const MATERIAL_MG: [i32; 8] = [0, 0, 228, 170, 358, 858, 415, 58];
pub const MATERIAL_EG: [i32; 8] = [0, 0, 188, 137, 408, 1031, 437, 163];

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
      6,   8,   7,  13,  14,  13,   7,   8,   6,
      6,  12,   9,  16,  33,  16,   9,  12,   6,
      6,   8,   7,  14,  16,  14,   7,   8,   6,
      6,  13,  13,  16,  16,  16,  13,  13,   6,
      8,  11,  11,  14,  15,  14,  11,  11,   8,
      8,  12,  12,  14,  15,  14,  12,  12,   8,
      4,   9,   4,  12,  14,  12,   4,   9,   4,
     -2,   8,   4,  12,  12,  12,   4,   8,  -2,
      0,   8,   6,  12,   0,  12,   6,   8,   0,
     -6,   6,   4,  12,   0,  12,   4,   6,  -6,
];

#[rustfmt::skip]
pub const PST_HORSE: [i8; 90] = [
      0,  -4,   0,   6,   0,   6,   0,  -4,   0,
      0,   6,  13,   7,   4,   7,  13,   6,   0,
      2,   8,   9,  13,   9,  13,   9,   8,   2,
      3,  18,  10,  17,  10,  17,  10,  18,   3,
      0,  10,   9,  13,  14,  13,   9,  10,   0,
      0,   8,  11,  12,  13,  12,  11,   8,   0,
      2,   4,   8,   5,   8,   5,   8,   4,   2,
      3,   2,   4,   5,  -2,   5,   4,   2,   3,
     -5,   0,   2,   3, -12,   3,   2,   0,  -5,
     -2,  -5,   0,  -2,   0,  -2,   0,  -5,  -2,
];

#[rustfmt::skip]
pub const PST_CANNON: [i8; 90] = [
      4,   4,   0,  -5,  -6,  -5,   0,   4,   4,
      2,   2,   0,  -4,  -7,  -4,   0,   2,   2,
      1,   1,   0,  -5,  -4,  -5,   0,   1,   1,
      0,   3,   3,   2,   4,   2,   3,   3,   0,
      0,   0,   0,   0,   4,   0,   0,   0,   0,
     -1,   0,   3,   0,   4,   0,   3,   0,  -1,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      1,   0,   4,   3,   5,   3,   4,   0,   1,
      0,   1,   2,   2,   2,   2,   2,   1,   0,
      0,   0,   1,   3,   3,   3,   1,   0,   0,
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
      0,   0,   0,  -2,   0,  -2,   0,   0,   0,
      0,   0,   0,   0,   3,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
pub const PST_ELEPHANT: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,  -2,   0,   0,   0,  -2,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
     -3,   0,   0,   0,   4,   0,   0,   0,  -3,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
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
      0,   0,   0,  -9,  -9,  -9,   0,   0,   0,
      0,   0,   0,  -3,  -3,  -3,   0,   0,   0,
      0,   0,   0,   1,   5,   1,   0,   0,   0,
];

/// Soldier, centipawns on top of the uncrossed material value (the crossing bonus is in
/// here), middlegame.
#[rustfmt::skip]
pub const PST_SOLDIER_MG: [i16; 90] = [
      10,   15,   25,   40,   45,   40,   25,   15,   10,
      70,   85,  110,  135,  145,  135,  110,   85,   70,
      70,   85,  105,  120,  125,  120,  105,   85,   70,
      60,   75,   90,  100,  105,  100,   90,   75,   60,
      50,   60,   70,   85,   95,   85,   70,   60,   50,
       0,    0,   -5,    0,   15,    0,   -5,    0,    0,
       0,    0,   -5,    0,   10,    0,   -5,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Soldier in the endgame.
#[rustfmt::skip]
pub const PST_SOLDIER_EG: [i16; 90] = [
      20,   30,   50,   70,   80,   70,   50,   30,   20,
     100,  110,  130,  150,  160,  150,  130,  110,  100,
     100,  110,  125,  140,  150,  140,  125,  110,  100,
      90,  100,  110,  120,  125,  120,  110,  100,   90,
      80,   90,  100,  105,  110,  105,  100,   90,   80,
       0,    0,    0,    0,   10,    0,    0,    0,    0,
       0,    0,    0,    0,    5,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Mobility: per empty point a chariot or cannon reaches, per free destination of a horse.
pub const CHARIOT_MOBILITY: i32 = 23;
pub const CANNON_MOBILITY: i32 = -1;
pub const HORSE_MOBILITY: i32 = 16;
/// A horse that cannot move at all.
pub const HORSE_TRAPPED: i32 = -16;

/// General safety: each enemy chariot, horse or cannon across the river weighs this much per
/// missing advisor or elephant of ours (middlegame only).
pub const ATTACKER_PER_MISSING_DEFENDER: i32 = 5;
/// An enemy cannon on our general's file with nothing between ("empty-head cannon").
pub const EMPTY_HEAD_CANNON: i32 = 73;
/// An enemy cannon on our general's file with exactly one piece between (a central cannon).
pub const CENTRAL_CANNON: i32 = 15;

/// Threats, per victim class (soldier 1, advisor/elephant 2, horse/cannon/face-down 3,
/// chariot 4): attacked by a piece of a lower class, or attacked and undefended.
pub const THREAT_BY_LOWER: [i32; 5] = [0, 0, 70, 35, 139];
pub const THREAT_HANGING: [i32; 5] = [0, 46, 70, 82, 113];

/// Side to move bonus.
pub const TEMPO: i32 = 24;
