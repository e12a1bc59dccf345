//! Static evaluation: material and piece-square tables (tapered between middlegame and
//! endgame by the chariots, horses and cannons left), horse and chariot mobility, and general
//! safety (attackers across the river against missing advisors and elephants, cannons aimed
//! at the general). The result is in centipawns from the side to move's point of view.
//!
//! Jieqi: a face-down piece is worth what the caller says ([`HiddenValues`]: the search passes
//! the pool-weighted mean of the side's unseen identities, see [`crate::chance`]). Revealed
//! advisors and elephants move freely there, so they count as defenders only near their own
//! general (an advisor in its palace, an elephant on its own side of the river), and they can
//! take part in a mate; their piece-square tables are zero away from the home points, so
//! nothing assumes the palace or the own half.

use jieqi_rules::{Piece, Position, Role, Side, Square};

use crate::params::*;

/// Material plus piece-square value of a piece code on a point, (middlegame, endgame).
struct Tables {
    mg: [[i16; 90]; Piece::CODES],
    eg: [[i16; 90]; Piece::CODES],
}

/// Index into a table written from the owner's side (first row = enemy back rank).
const fn table_index(side: Side, sq: usize) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    match side {
        Side::Red => (9 - rank) * 9 + file,
        Side::Black => rank * 9 + (8 - file),
    }
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        mg: [[0; 90]; Piece::CODES],
        eg: [[0; 90]; Piece::CODES],
    };
    let mut side_i = 0;
    while side_i < 2 {
        let side = if side_i == 0 { Side::Red } else { Side::Black };
        let mut role_i = 1;
        while role_i <= 7 {
            let role = match Role::from_index(role_i as u8) {
                Some(r) => r,
                None => Role::General,
            };
            let code = Piece::new(side, role).code();
            let hidden = Piece::hidden(side, role).code();
            let mut sq = 0;
            while sq < 90 {
                let ti = table_index(side, sq);
                let (mg, eg) = if role_i == Role::Soldier as usize {
                    (
                        MATERIAL_MG[role_i] + PST_SOLDIER_MG[ti] as i32,
                        MATERIAL_EG[role_i] + PST_SOLDIER_EG[ti] as i32,
                    )
                } else {
                    let shape = shape_table(role)[ti] as i32 * PST_SCALE;
                    (MATERIAL_MG[role_i] + shape, MATERIAL_EG[role_i] + shape)
                };
                t.mg[code][sq] = mg as i16;
                t.eg[code][sq] = eg as i16;
                // Face-down pieces are valued by `HiddenValues`.
                t.mg[hidden][sq] = 0;
                t.eg[hidden][sq] = 0;
                sq += 1;
            }
            role_i += 1;
        }
        side_i += 1;
    }
    t
}

static TABLES: Tables = build_tables();

/// Middlegame material plus piece-square value of a face-up `role` of `side` on `sq`.
#[inline]
pub(crate) fn table_mg(side: Side, role: Role, sq: Square) -> i32 {
    TABLES.mg[Piece::new(side, role).code()][sq.index()] as i32
}

/// What one face-down piece of each side is worth (middlegame, endgame), by side index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenValues {
    pub mg: [i32; 2],
    pub eg: [i32; 2],
}

impl Default for HiddenValues {
    /// [`HIDDEN_VALUE`]: about the mean of the fifteen identities of a fresh deal.
    fn default() -> Self {
        HiddenValues {
            mg: [HIDDEN_VALUE; 2],
            eg: [HIDDEN_VALUE; 2],
        }
    }
}

/// Horse destinations with their legs, per point.
struct HorseSteps {
    to: [[u8; 8]; 90],
    leg: [[u8; 8]; 90],
    len: [u8; 90],
}

const fn build_horse() -> HorseSteps {
    const D: [(i8, i8, i8, i8); 8] = [
        (1, 2, 0, 1),
        (-1, 2, 0, 1),
        (1, -2, 0, -1),
        (-1, -2, 0, -1),
        (2, 1, 1, 0),
        (2, -1, 1, 0),
        (-2, 1, -1, 0),
        (-2, -1, -1, 0),
    ];
    let mut h = HorseSteps {
        to: [[0; 8]; 90],
        leg: [[0; 8]; 90],
        len: [0; 90],
    };
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = D[i];
            let (tf, tr) = (f + df, r + dr);
            if tf >= 0 && tf < 9 && tr >= 0 && tr < 10 {
                let n = h.len[sq] as usize;
                h.to[sq][n] = (tr * 9 + tf) as u8;
                h.leg[sq][n] = ((r + lr) * 9 + f + lf) as u8;
                h.len[sq] += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    h
}

static HORSE: HorseSteps = build_horse();

#[inline]
fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// Empty points a chariot on `sq` slides over (to the first piece in each direction).
#[inline]
fn chariot_reach(sq: usize, occ: u128) -> i32 {
    let (f, r) = (sq % 9, sq / 9);
    let mut n = 0;
    let mut s = sq;
    for _ in f + 1..9 {
        s += 1;
        if occ & bit(s) != 0 {
            break;
        }
        n += 1;
    }
    s = sq;
    for _ in 0..f {
        s -= 1;
        if occ & bit(s) != 0 {
            break;
        }
        n += 1;
    }
    s = sq;
    for _ in r + 1..10 {
        s += 9;
        if occ & bit(s) != 0 {
            break;
        }
        n += 1;
    }
    s = sq;
    for _ in 0..r {
        s -= 9;
        if occ & bit(s) != 0 {
            break;
        }
        n += 1;
    }
    n
}

/// Pieces strictly between two points of one file.
#[inline]
fn between_on_file(a: usize, b: usize, occ: u128) -> u32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut n = 0;
    let mut s = lo + 9;
    while s < hi {
        n += (occ >> s) as u32 & 1;
        s += 9;
    }
    n
}

/// Per-side sums gathered in one pass over the board.
#[derive(Default, Clone, Copy)]
struct SideTerms {
    mg: i32,
    eg: i32,
    /// Chariots, horses and cannons (and hidden pieces) standing in the enemy's half.
    attackers_across: i32,
    defenders: i32,
    /// Any piece that could one day give mate.
    can_attack: bool,
    mobility: i32,
}

/// Evaluates `pos` from the side to move's point of view, face-down pieces at
/// [`HIDDEN_VALUE`].
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &HiddenValues::default())
}

/// Evaluates `pos` from the side to move's point of view, face-down pieces at `hidden`.
pub fn evaluate_with(pos: &Position, hidden: &HiddenValues) -> i32 {
    let free = pos.rules().free_advisors_elephants;
    let board = pos.board();
    let occ_side = [board.occupied_by(Side::Red), board.occupied_by(Side::Black)];
    let occ = occ_side[0] | occ_side[1];
    let mut terms = [SideTerms::default(); 2];
    let mut phase = 0;
    let mut cannons: [[u8; 4]; 2] = [[0; 4]; 2];
    let mut n_cannons = [0usize; 2];

    for side in Side::ALL {
        let s = side.index();
        let own = occ_side[s];
        let mut bits = own;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(point) = Square::from_index(sq) else {
                continue;
            };
            let Some(piece) = board.piece_at(point) else {
                continue;
            };
            let code = piece.code();
            let t = &mut terms[s];
            t.mg += TABLES.mg[code][sq] as i32;
            t.eg += TABLES.eg[code][sq] as i32;
            let role = piece.role();
            phase += PHASE_WEIGHT[role as usize];
            if piece.is_hidden() {
                t.mg += hidden.mg[s];
                t.eg += hidden.eg[s];
                t.can_attack = true;
                continue;
            }
            let across = !square_on_side(sq, side);
            match role {
                Role::Chariot => {
                    t.can_attack = true;
                    t.attackers_across += across as i32;
                    t.mobility += CHARIOT_MOBILITY * chariot_reach(sq, occ);
                }
                Role::Horse => {
                    t.can_attack = true;
                    t.attackers_across += across as i32;
                    let mut free = 0;
                    for i in 0..HORSE.len[sq] as usize {
                        if occ & bit(HORSE.leg[sq][i] as usize) == 0
                            && own & bit(HORSE.to[sq][i] as usize) == 0
                        {
                            free += 1;
                        }
                    }
                    t.mobility += HORSE_MOBILITY * free - if free == 0 { HORSE_TRAPPED } else { 0 };
                }
                Role::Cannon => {
                    t.can_attack = true;
                    t.attackers_across += across as i32;
                    if n_cannons[s] < 4 {
                        cannons[s][n_cannons[s]] = sq as u8;
                        n_cannons[s] += 1;
                    }
                }
                Role::Soldier => t.can_attack = true,
                Role::Advisor | Role::Elephant if !free => t.defenders += 1,
                Role::Advisor | Role::Elephant => {
                    // Jieqi: free to roam, so they defend only near home and may attack.
                    t.can_attack = true;
                    let home = match role {
                        Role::Advisor => point.in_palace(side),
                        _ => !across,
                    };
                    t.defenders += home as i32;
                }
                Role::General => {}
            }
        }
    }

    let phase = phase.min(PHASE_MAX);
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    for side in Side::ALL {
        let s = side.index();
        let them = 1 - s;
        let t = terms[s];
        mg[s] = t.mg + t.mobility;
        eg[s] = t.eg + t.mobility;
        // General safety, middlegame only.
        let missing = (4 - terms[s].defenders).max(0);
        mg[s] -= ATTACKER_PER_MISSING_DEFENDER * terms[them].attackers_across * missing;
        let g = pos.general(side).index();
        for &c in &cannons[them][..n_cannons[them]] {
            let c = c as usize;
            if c % 9 == g % 9 {
                match between_on_file(c, g, occ) {
                    0 => mg[s] -= EMPTY_HEAD_CANNON,
                    1 => mg[s] -= CENTRAL_CANNON,
                    _ => {}
                }
            }
        }
    }
    let red = (mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (PHASE_MAX - phase);
    let mut red = red / PHASE_MAX;
    // A side that cannot mate gets little for its material lead.
    if red > 0 && !terms[0].can_attack || red < 0 && !terms[1].can_attack {
        red /= NO_ATTACKERS_DIVISOR;
    }
    let score = if pos.turn() == Side::Red { red } else { -red };
    score + TEMPO
}

#[inline]
fn square_on_side(sq: usize, side: Side) -> bool {
    match side {
        Side::Red => sq < 45,
        Side::Black => sq >= 45,
    }
}

/// The value used for move ordering and delta pruning of a captured piece.
#[inline]
pub fn order_value(piece: Piece) -> i32 {
    if piece.is_hidden() {
        HIDDEN_VALUE
    } else {
        ORDER_VALUE[piece.role() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    #[test]
    fn start_position_is_balanced() {
        let p = Position::startpos();
        assert_eq!(evaluate(&p), TEMPO);
    }

    /// The same position with colours swapped and the board turned half round.
    fn colour_flipped(p: &Position) -> Position {
        let mut s = Setup::empty();
        for (sq, piece) in p.board().pieces() {
            s.board[sq.flip().index()] = Some(Piece::new(piece.side().other(), piece.role()));
        }
        s.turn = p.turn().other();
        Position::from_setup(&s, MoveRules::XIANGQI).unwrap()
    }

    #[test]
    fn symmetric_under_colour_flip() {
        for fen in [
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        ] {
            let a = pos(fen);
            let b = colour_flipped(&a);
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn chariot_reach_stops_at_the_first_piece() {
        // The slow way: step until a piece or the edge.
        let slow = |sq: usize, occ: u128| -> i32 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut n = 0;
            for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (mut x, mut y) = (f + df, r + dr);
                while (0..9).contains(&x) && (0..10).contains(&y) {
                    if occ & bit((y * 9 + x) as usize) != 0 {
                        break;
                    }
                    n += 1;
                    x += df;
                    y += dr;
                }
            }
            n
        };
        let mut state = 0x1234_5678_9ABC_DEF0_u64;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = ((state as u128) << 64 | state.rotate_left(29) as u128) & ((1 << 90) - 1);
            let sq = (state % 90) as usize;
            assert_eq!(chariot_reach(sq, occ), slow(sq, occ), "{sq} {occ:x}");
        }
    }

    /// Jieqi (rules.md §7): a revealed advisor or elephant may roam; it defends only at home.
    #[test]
    fn jieqi_advisors_defend_only_at_home() {
        let jieqi = |fen: &str| {
            Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::JIEQI).unwrap()
        };
        // Black has a chariot and a horse across the river; Red's advisors stand in the
        // palace, or the same two advisors stand across the river.
        let home = jieqi("3k5/9/9/9/9/2n3r2/9/9/4A4/3AK4 w - - 0 1");
        let away = jieqi("3k5/9/3A1A3/9/9/2n3r2/9/9/9/4K4 w - - 0 1");
        assert!(
            evaluate(&home) > evaluate(&away),
            "{} {}",
            evaluate(&home),
            evaluate(&away)
        );
        // In Xiangqi tables nothing assumes more than the points a piece can reach: the same
        // home position evaluates the same under both rule sets.
        let xiangqi = pos("3k5/9/9/9/9/2n3r2/9/9/4A4/3AK4 w - - 0 1");
        assert_eq!(evaluate(&home), evaluate(&xiangqi));
    }

    #[test]
    fn more_material_is_better() {
        // Red is a chariot up.
        let p = pos("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(evaluate(&p) > 700, "{}", evaluate(&p));
    }
}
