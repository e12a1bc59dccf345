//! The Jieqi evaluation's weights: material, piece-square tables, mobility, general
//! safety, threats, pins, loose pieces, tempo and the face-down piece. Written by
//! `jieqi-cli tune` (see docs/tuning.md, "Tuning the evaluation"); edit by hand or replace with a
//! tuner's output.
//!
//! Tuned by `jieqi-cli tune --variant jieqi --iterations 600 --rate 0.2 --groups material,pst,mobility,king,threats,tempo,hidden`
//! from 15521 positions of jieqi-s3-d5.txt: K 0.4344, error 0.004820 -> 0.003347 (held out 0.004484 -> 0.003157),
//! iteration 550 kept (the least held-out error).

/// Middlegame and endgame material per role, indexed by `Role as usize` (0 unused).
/// The general's value only matters for move ordering (it is never captured).
pub const MATERIAL_MG: [i32; 8] = [0, 0, 203, 198, 382, 837, 428, 100];
pub const MATERIAL_EG: [i32; 8] = [0, 0, 191, 199, 451, 984, 400, 143];

/// A face-down Jieqi piece where no pool is known (move ordering, and `evaluate`
/// without one); the search values a face-down piece at the mean of its side's unseen
/// identities plus `HIDDEN_BONUS`.
pub const HIDDEN_VALUE: i32 = 330;

/// What keeping a piece face-down is worth beyond its expected material (negative: a
/// face-down piece is stuck on its start point, a revealed one develops).
pub const HIDDEN_BONUS: i32 = -79;

/// Piece-square tables, from the owner's point of view, written as the board looks from the
/// owner's side: the first row is the enemy's back rank, the last row the owner's own back
/// rank, file a of the owner on the left. Values are in "shape" units (times `PST_SCALE`).
#[rustfmt::skip]
pub const PST_CHARIOT: [i8; 90] = [
     35,  35,  31,  33,  60,  33,  31,  35,  35,
     21,  30,  37,  44,  48,  44,  37,  30,  21,
     32,  34,  43,  45,  42,  45,  43,  34,  32,
     26,  33,  31,  43,  34,  43,  31,  33,  26,
     38,  29,  32,  43,  32,  43,  32,  29,  38,
     28,  35,  34,  39,  31,  39,  34,  35,  28,
     27,  29,  33,  36,  38,  36,  33,  29,  27,
      9,  30,  19,  34,  22,  34,  19,  30,   9,
     11,  18,  22,  28,  10,  28,  22,  18,  11,
      0,  21,  19,  19,  21,  19,  19,  21,   0,
];

#[rustfmt::skip]
pub const PST_HORSE: [i8; 90] = [
      7,  -5,  17, -25,  -8, -25,  17,  -5,   7,
      3,  29,  24,  18,   3,  18,  24,  29,   3,
     14,  15,  10,  21,  22,  21,  10,  15,  14,
     12,  20,  16,  29,  16,  29,  16,  20,  12,
     -5,   7,  14,  16,  22,  16,  14,   7,  -5,
     -5,   4,  12,  18,  11,  18,  12,   4,  -5,
     -2,   0,   6,  11,  10,  11,   6,   0,  -2,
     -2,  -2,   0,   8,  -1,   8,   0,  -2,  -2,
    -11, -19,  -4,  -1, -10,  -1,  -4, -19, -11,
      1, -11,  -7,  -6,  -4,  -6,  -7, -11,   1,
];

#[rustfmt::skip]
pub const PST_CANNON: [i8; 90] = [
     27,  10,  10,  -2,  11,  -2,  10,  10,  27,
     15,   1,  -3,  -8, -15,  -8,  -3,   1,  15,
      9,  14,   4,   3,   1,   3,   4,  14,   9,
      2,   3,   1,   5,  12,   5,   1,   3,   2,
     -3,   0,   5,   0,  13,   0,   5,   0,  -3,
      2,   4,   5,   6,  18,   6,   5,   4,   2,
      8,   7,   6,   9,  20,   9,   6,   7,   8,
      4,   2,  10,   8,  25,   8,  10,   2,   4,
      2,   4,  11,  10,  15,  10,  11,   4,   2,
      7,  -2,   1,  14,  25,  14,   1,  -2,   7,
];

#[rustfmt::skip]
pub const PST_ADVISOR: [i8; 90] = [
     -3, -13,  -4, -29,   0, -29,  -4, -13,  -3,
     -7,   6,  -5,  12,   0,  12,  -5,   6,  -7,
      6,   0,  10,  16,  -8,  16,  10,   0,   6,
    -12,   5, -10,  13,   5,  13, -10,   5, -12,
     -3,   3,   1,   1,  11,   1,   1,   3,  -3,
     -2,   3,   0,   0,  -5,   0,   0,   3,  -2,
     -8,  -2,  -1,   2,   1,   2,  -1,  -2,  -8,
     -2,  -6,  -1,   2,   5,   2,  -1,  -6,  -2,
     -6,  -6,  -1,   4,   3,   4,  -1,  -6,  -6,
      7,  -8,  -6,  -2,  -5,  -2,  -6,  -8,   7,
];

#[rustfmt::skip]
pub const PST_ELEPHANT: [i8; 90] = [
     -1, -18, -24,  -9, -10,  -9, -24, -18,  -1,
    -12,   2,   0,  -6, -49,  -6,   0,   2, -12,
     -6,  11,  -2,  -6,   3,  -6,  -2,  11,  -6,
     -7,  -9,   6,  -9,  -7,  -9,   6,  -9,  -7,
     -2,  -4, -14,  -8,   2,  -8, -14,  -4,  -2,
     -4, -11,  -2,  -6,   2,  -6,  -2, -11,  -4,
     -7,   5,  -5,   9, -17,   9,  -5,   5,  -7,
     -5,   0,  -1,   6,   6,   6,  -1,   0,  -5,
    -13,  -2, -17,  -6,  -2,  -6, -17,  -2, -13,
    -12,  -3,  -2,  -7,  -5,  -7,  -2,  -3, -12,
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
      0,   0,   0, -15, -10, -15,   0,   0,   0,
      0,   0,   0,  -1,  -2,  -1,   0,   0,   0,
      0,   0,   0,   4,   6,   4,   0,   0,   0,
];

/// Soldier, centipawns on top of the uncrossed material value (the crossing bonus is in
/// here), middlegame.
#[rustfmt::skip]
pub const PST_SOLDIER_MG: [i16; 90] = [
      63,   29,   40,   69,   -3,   69,   40,   29,   63,
      45,   88,   82,  154,  166,  154,   82,   88,   45,
      35,   94,   81,  128,  192,  128,   81,   94,   35,
      10,   46,   74,  119,   87,  119,   74,   46,   10,
      45,   51,   49,   53,  106,   53,   49,   51,   45,
     -10,  -17,   -2,   36,    9,   36,   -2,  -17,  -10,
     -26,  -34,    8,   10,   -6,   10,    8,  -34,  -26,
     -31,  -49,   -4,  -27,   -4,  -27,   -4,  -49,  -31,
     -64,  -19,  -17,  -25,  -19,  -25,  -17,  -19,  -64,
       0,   -8,  -11,  -41,  -12,  -41,  -11,   -8,    0,
];

/// Soldier in the endgame.
#[rustfmt::skip]
pub const PST_SOLDIER_EG: [i16; 90] = [
      -9,   -7,   26,   59,    6,   59,   26,   -7,   -9,
      76,   88,  155,  153,  170,  153,  155,   88,   76,
      94,  104,  120,  141,  135,  141,  120,  104,   94,
      87,  103,   93,  124,  116,  124,   93,  103,   87,
      47,   83,   77,  100,   68,  100,   77,   83,   47,
      22,  -11,    2,   20,   15,   20,    2,  -11,   22,
     -21,  -24,  -32,   -5,   -8,   -5,  -32,  -24,  -21,
     -10,  -58,  -34,    5,   -5,    5,  -34,  -58,  -10,
       2,  -47,  -69,   -5,  -16,   -5,  -69,  -47,    2,
       0,  -38,  -15,   -4,   32,   -4,  -15,  -38,    0,
];

/// Mobility: per empty point a chariot or cannon reaches, per free destination of a horse.
pub const CHARIOT_MOBILITY: i32 = 5;
pub const CANNON_MOBILITY: i32 = 2;
pub const HORSE_MOBILITY: i32 = 9;
/// A horse that cannot move at all.
pub const HORSE_TRAPPED: i32 = 19;

/// General safety: each enemy chariot, horse or cannon across the river weighs this much per
/// missing advisor or elephant of ours (middlegame only).
pub const ATTACKER_PER_MISSING_DEFENDER: i32 = 6;
/// An enemy cannon on our general's file with nothing between ("empty-head cannon").
pub const EMPTY_HEAD_CANNON: i32 = 85;
/// An enemy cannon on our general's file with exactly one piece between (a central cannon).
pub const CENTRAL_CANNON: i32 = 15;
/// The palace danger (attackers on the palace, squared and capped: `params.rs`) in percent.
pub const PALACE_DANGER: i32 = 66;

/// Threats, per victim class (soldier 1, advisor/elephant 2, horse/cannon/face-down 3,
/// chariot 4): attacked by a piece of a lower class, or attacked and undefended.
pub const THREAT_BY_LOWER: [i32; 5] = [0, 0, 45, 57, 140];
pub const THREAT_HANGING: [i32; 5] = [0, 39, 62, 81, 13];

/// Side to move bonus.
pub const TEMPO: i32 = 65;

/// Pins against the general, per class of the pinned piece (soldier 1, advisor/elephant 2,
/// horse/cannon/face-down 3, chariot 4): the only piece between an enemy chariot and our
/// general, or one of the two between an enemy cannon and it (middlegame and endgame).
pub const PINNED_BY_CHARIOT: [i32; 5] = [0, 0, 0, 0, 0];
pub const PINNED_BY_CANNON: [i32; 5] = [0, 0, 0, 0, 0];
/// An enemy piece that would give check by moving off the line: the only piece between its
/// chariot and our general, or one of the two between its cannon and it.
pub const DISCOVERED_CHECK: [i32; 2] = [0, 0];

/// Per enemy chariot, horse and cannon across the river (in that order), per advisor of ours
/// missing from home, and per elephant (middlegame only).
pub const MISSING_ADVISOR_AGAINST: [i32; 3] = [0, 0, 0];
pub const MISSING_ELEPHANT_AGAINST: [i32; 3] = [0, 0, 0];
/// A piece of ours that none of ours defends, per class (attacked or not).
pub const LOOSE: [i32; 5] = [0, 0, 0, 0, 0];
