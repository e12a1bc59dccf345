//! The Xiangqi evaluation's weights: material, piece-square tables, mobility, general
//! safety, threats, tempo and the face-down piece. Written by `jieqi-cli tune` (see the
//! README, "Tuning the evaluation"); edit by hand or replace with a tuner's output.
//!
//! Tuned by `jieqi-cli tune --variant xiangqi --iterations 600 --rate 0.2 --groups material,pst,mobility,king,threats,tempo,hidden`
//! from 95441 positions of self-d8.txt: K 0.3619, error 0.002732 -> 0.002411 (held out 0.002406 -> 0.002158),
//! iteration 600 kept (the least held-out error). The labels: each position's score at depth 8
//! by the engine of 3a052b6 (`jieqi-cli tune-label --every 3 --depth 8`) on 2000 games of that
//! engine (`jieqi-cli tune-data --variant xiangqi --games 2000 --nodes 5000 --seed 3`): the
//! second round of self-labels, every group (the tables too). Adopted after an SPRT against
//! 3a052b6 at 40 ms a move, `--sprt 0,10 --seed 391`: H1 accepted after 153 pairs, 169-64-73,
//! LLR 2.97 (README, "A second round of self-labels").

/// Middlegame and endgame material per role, indexed by `Role as usize` (0 unused).
/// The general's value only matters for move ordering (it is never captured).
pub const MATERIAL_MG: [i32; 8] = [0, 0, 275, 160, 434, 1110, 526, 83];
pub const MATERIAL_EG: [i32; 8] = [0, 0, 75, 69, 438, 1234, 394, 165];

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
     12,  18,  13,  17,  25,  17,  13,  18,  12,
     12,  26,  18,  27,  34,  27,  18,  26,  12,
     17,  20,  18,  26,  19,  26,  18,  20,  17,
     21,  25,  23,  22,  27,  22,  23,  25,  21,
     13,  18,  22,  23,  25,  23,  22,  18,  13,
     19,  23,  21,  26,  29,  26,  21,  23,  19,
     13,  21,  34,  28,  35,  28,  34,  21,  13,
      4,  15,  17,  22,  19,  22,  17,  15,   4,
      5,  22,   8,  17,   3,  17,   8,  22,   5,
    -11,  16,   5,  17,   9,  17,   5,  16, -11,
];

#[rustfmt::skip]
pub const PST_HORSE: [i8; 90] = [
      2,   7,  10,   6,  20,   6,  10,   7,   2,
     -2,  20,  22,  16,  41,  16,  22,  20,  -2,
     23,   7,  13,  23,  38,  23,  13,   7,  23,
     11,  23,   5,  23,  12,  23,   5,  23,  11,
     10,  19,  13,  17,  18,  17,  13,  19,  10,
     18,  10,  15,  15,  18,  15,  15,  10,  18,
      6,  11,  11,   9,  13,   9,  11,  11,   6,
      2,   2,   1,  13,   8,  13,   1,   2,   2,
    -15,   1,  -8,  -1,  -9,  -1,  -8,   1, -15,
    -20, -15,  -8,   1,  -7,   1,  -8, -15, -20,
];

#[rustfmt::skip]
pub const PST_CANNON: [i8; 90] = [
     14,  11,  -2, -12,  -6, -12,  -2,  11,  14,
      6,  -3,  -5,  -4, -11,  -4,  -5,  -3,   6,
      0,   2,   0, -13, -15, -13,   0,   2,   0,
      4,   2,   1,   1,   5,   1,   1,   2,   4,
      1,  -4,   1,  -4,  13,  -4,   1,  -4,   1,
      6,   5,   6,   2,  18,   2,   6,   5,   6,
      2,  -2,   0,   2,  16,   2,   0,  -2,   2,
      5,  -1,   8,   6,  14,   6,   8,  -1,   5,
      6,   4,   6,   2,  11,   2,   6,   4,   6,
     -3,   0,  11,  10,  23,  10,  11,   0,  -3,
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
      0,   0,   0,  -1,   0,  -1,   0,   0,   0,
      0,   0,   0,   0,   5,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
pub const PST_ELEPHANT: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   1,   0,   0,   0,   1,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
     -2,   0,   0,   0,   9,   0,   0,   0,  -2,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   4,   0,   0,   0,   4,   0,   0,
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
      0,   0,   0, -15, -14, -15,   0,   0,   0,
      0,   0,   0,  -5,  -1,  -5,   0,   0,   0,
      0,   0,   0,   4,   8,   4,   0,   0,   0,
];

/// Soldier, centipawns on top of the uncrossed material value (the crossing bonus is in
/// here), middlegame.
#[rustfmt::skip]
pub const PST_SOLDIER_MG: [i16; 90] = [
       7,   27,   47,   52,   75,   52,   47,   27,    7,
      71,   63,  154,  215,  130,  215,  154,   63,   71,
      35,   75,   43,  165,  141,  165,   43,   75,   35,
      50,   98,   76,   97,  107,   97,   76,   98,   50,
      18,   64,   67,  111,  104,  111,   67,   64,   18,
     -18,    0,    6,    0,    4,    0,    6,    0,  -18,
     -23,    0,  -14,    0,   21,    0,  -14,    0,  -23,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Soldier in the endgame.
#[rustfmt::skip]
pub const PST_SOLDIER_EG: [i16; 90] = [
      16,   28,   39,   54,   42,   54,   39,   28,   16,
      98,  112,  126,  154,  184,  154,  126,  112,   98,
      98,  112,  148,  172,  170,  172,  148,  112,   98,
      66,  114,  112,  122,  111,  122,  112,  114,   66,
      58,   95,   83,  101,  103,  101,   83,   95,   58,
      16,    0,    7,    0,   39,    0,    7,    0,   16,
       4,    0,   13,    0,   -9,    0,   13,    0,    4,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
       0,    0,    0,    0,    0,    0,    0,    0,    0,
];

/// Mobility: per empty point a chariot or cannon reaches, per free destination of a horse.
pub const CHARIOT_MOBILITY: i32 = 5;
pub const CANNON_MOBILITY: i32 = 2;
pub const HORSE_MOBILITY: i32 = 12;
/// A horse that cannot move at all.
pub const HORSE_TRAPPED: i32 = 27;

/// General safety: each enemy chariot, horse or cannon across the river weighs this much per
/// missing advisor or elephant of ours (middlegame only).
pub const ATTACKER_PER_MISSING_DEFENDER: i32 = 42;
/// An enemy cannon on our general's file with nothing between ("empty-head cannon").
pub const EMPTY_HEAD_CANNON: i32 = 159;
/// An enemy cannon on our general's file with exactly one piece between (a central cannon).
pub const CENTRAL_CANNON: i32 = 15;
/// The palace danger (attackers on the palace, squared and capped: `params.rs`) in percent.
pub const PALACE_DANGER: i32 = 45;

/// Threats, per victim class (soldier 1, advisor/elephant 2, horse/cannon/face-down 3,
/// chariot 4): attacked by a piece of a lower class, or attacked and undefended.
pub const THREAT_BY_LOWER: [i32; 5] = [0, 0, 4, 79, 40];
pub const THREAT_HANGING: [i32; 5] = [0, 29, 41, 72, -5];

/// Side to move bonus.
pub const TEMPO: i32 = 21;
