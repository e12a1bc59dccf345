//! Static evaluation: material and piece-square tables (tapered between middlegame and
//! endgame by the chariots, horses and cannons left), chariot, horse and cannon mobility,
//! general safety (attackers across the river against missing advisors and elephants,
//! cannons aimed at the general, and the pieces attacking the palace: their weight and hits,
//! squared), and threats (a piece attacked by a cheaper one, or attacked and undefended).
//! Every piece's attack set comes from [`jieqi_rules::Board::attacks_from`]. The result is in
//! centipawns from the side to move's point of view.
//!
//! The weights come in two sets, `params::XIANGQI` ([`evaluate`], the Xiangqi search) and
//! `params::JIEQI` ([`evaluate_with`], the Jieqi search), from the files `jieqi-cli tune`
//! writes; each set gets its own monomorphised copy of the evaluation, so the weights stay
//! constants in the hot path. The evaluation reports each term to a [`Trace`] for the tuner.
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
pub(crate) const fn table_index(side: Side, sq: usize) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    match side {
        Side::Red => (9 - rank) * 9 + file,
        Side::Black => rank * 9 + (8 - file),
    }
}

const fn build_tables(w: &EvalWeights) -> Tables {
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
                        w.material_mg[role_i] + w.pst_soldier_mg[ti] as i32,
                        w.material_eg[role_i] + w.pst_soldier_eg[ti] as i32,
                    )
                } else {
                    let shape = w.shape(role)[ti] as i32 * PST_SCALE;
                    (w.material_mg[role_i] + shape, w.material_eg[role_i] + shape)
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

/// The Xiangqi weights' tables, and the Jieqi weights'.
static TABLES: [Tables; 2] = [build_tables(&XIANGQI), build_tables(&JIEQI)];

/// Jieqi: middlegame material plus piece-square value of a face-up `role` of `side` on `sq`.
#[inline]
pub(crate) fn table_mg(side: Side, role: Role, sq: Square) -> i32 {
    TABLES[1].mg[Piece::new(side, role).code()][sq.index()] as i32
}

/// What one face-down piece of each side is worth (middlegame, endgame), by side index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenValues {
    pub mg: [i32; 2],
    pub eg: [i32; 2],
}

impl Default for HiddenValues {
    /// The Jieqi weights' `HIDDEN_VALUE`: about the mean of the fifteen identities of a
    /// fresh deal.
    fn default() -> Self {
        HiddenValues::plain(&JIEQI)
    }
}

impl HiddenValues {
    /// Every face-down piece at `w`'s `HIDDEN_VALUE`.
    const fn plain(w: &EvalWeights) -> HiddenValues {
        HiddenValues {
            mg: [w.hidden_value; 2],
            eg: [w.hidden_value; 2],
        }
    }
}

#[inline]
fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// The nine palace points of each side, by side index.
const PALACE: [u128; 2] = {
    let mut m = [0u128; 2];
    let mut f = 3;
    while f <= 5 {
        let mut r = 0;
        while r < 3 {
            m[0] |= 1 << (r * 9 + f);
            m[1] |= 1 << ((9 - r) * 9 + f);
            r += 1;
        }
        f += 1;
    }
    m
};

/// The points strictly between `a` and `b` on their file or rank (none when they share
/// neither).
#[inline]
fn between(a: usize, b: usize) -> u128 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let step = if lo % 9 == hi % 9 {
        9
    } else if lo / 9 == hi / 9 {
        1
    } else {
        return 0;
    };
    let mut mask = 0;
    let mut sq = lo + step;
    while sq < hi {
        mask |= bit(sq);
        sq += step;
    }
    mask
}

/// The pieces on the points of `bits`, with their points' indices.
#[inline]
fn pieces_on(
    board: &jieqi_rules::Board,
    mut bits: u128,
) -> impl Iterator<Item = (usize, Piece)> + '_ {
    std::iter::from_fn(move || {
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(piece) = Square::from_index(sq).and_then(|p| board.piece_at(p)) {
                return Some((sq, piece));
            }
        }
        None
    })
}

/// Value class of a piece for threats: soldier 1, advisor and elephant 2, horse, cannon and
/// face-down piece 3, chariot 4 (the general 0: it is never a victim, and it attacks only
/// inside its palace).
#[inline]
fn threat_class(piece: Piece) -> usize {
    if piece.is_hidden() {
        return 3;
    }
    match piece.role() {
        Role::General => 0,
        Role::Soldier => 1,
        Role::Advisor | Role::Elephant => 2,
        Role::Horse | Role::Cannon => 3,
        Role::Chariot => 4,
    }
}

/// Per-side sums gathered in one pass over the board.
#[derive(Default, Clone, Copy)]
struct SideTerms {
    mg: i32,
    eg: i32,
    /// Chariots, horses and cannons (and hidden pieces) standing in the enemy's half.
    attackers_across: i32,
    /// Chariots, horses and cannons (face-up) in the enemy's half, by that order.
    across: [i32; 3],
    defenders: i32,
    /// Advisors and elephants at home (for Jieqi: near the general, as `defenders`).
    advisors: i32,
    elephants: i32,
    /// Any piece that could one day give mate.
    can_attack: bool,
    mobility: i32,
    /// Points attacked by this side.
    attacked: u128,
    /// Points attacked by this side's pieces of each threat class (index 0: the general,
    /// which is never the cheaper attacker).
    attacked_by_class: [u128; 5],
    /// Pieces attacking the enemy palace, their summed weight, and their hits on it.
    king_attackers: i32,
    king_attack_weight: i32,
    king_attack_hits: i32,
    /// Up to four cannons' points, and up to four face-up chariots'.
    cannons: [u8; 4],
    n_cannons: usize,
    chariots: [u8; 4],
    n_chariots: usize,
}

impl SideTerms {
    #[inline]
    fn add_attacks(&mut self, attacks: u128, class: usize) {
        self.attacked |= attacks;
        self.attacked_by_class[class] |= attacks;
    }
}

/// A weight of the evaluation that is not a piece's material or table value, for [`Trace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    ChariotMobility,
    CannonMobility,
    HorseMobility,
    HorseTrapped,
    AttackerPerMissingDefender,
    EmptyHeadCannon,
    CentralCannon,
    /// `THREAT_BY_LOWER` of a victim class.
    ThreatByLower(usize),
    /// `THREAT_HANGING` of a victim class.
    ThreatHanging(usize),
    /// `PINNED_BY_CHARIOT` of a pinned piece's class.
    PinnedByChariot(usize),
    /// `PINNED_BY_CANNON` of a pinned piece's class.
    PinnedByCannon(usize),
    /// `DISCOVERED_CHECK` by a chariot (0) or a cannon (1).
    DiscoveredCheck(usize),
    /// `MISSING_ADVISOR_AGAINST` of an attacker (chariot 0, horse 1, cannon 2).
    MissingAdvisorAgainst(usize),
    /// `MISSING_ELEPHANT_AGAINST` of an attacker.
    MissingElephantAgainst(usize),
    /// `LOOSE` of a class.
    Loose(usize),
}

/// Hears, term by term, what the evaluation adds up: how many times each weight counts for
/// each side, in the middlegame and the endgame. The tuner ([`crate::tune`]) records it to get
/// a position's features from this one definition of the evaluation; the engine passes
/// [`NoTrace`], whose empty methods compile away.
pub(crate) trait Trace {
    /// Whether it records the terms (the tuner fits weights that are zero today), so that
    /// the evaluation may not skip a term for its weights being zero.
    const RECORDS: bool = true;
    /// A face-up `role` of side `s` on the point `ti` of its tables (owner's view).
    fn piece(&mut self, _s: usize, _role: Role, _ti: usize) {}
    /// A face-down piece of side `s` (worth its [`HiddenValues`]).
    fn hidden(&mut self, _s: usize) {}
    /// `mg` and `eg` times the weight `term`, for side `s`.
    fn term(&mut self, _s: usize, _term: Term, _mg: i32, _eg: i32) {}
    /// The palace danger against side `s` before `PALACE_DANGER` scales it (middlegame
    /// points; its shape is not linear, so only its scale is tuned).
    fn palace_danger(&mut self, _s: usize, _danger: i32) {}
    /// The phase, and whether each side could mate (else its lead is divided).
    fn done(&mut self, _phase: i32, _can_attack: [bool; 2]) {}
}

/// The engine's [`Trace`]: hears nothing.
pub(crate) struct NoTrace;

impl Trace for NoTrace {
    const RECORDS: bool = false;
}

/// The Xiangqi evaluation of `pos` (the Xiangqi weights), from the side to move's point of
/// view; a face-down piece counts the Xiangqi weights' `HIDDEN_VALUE`.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_traced::<_, false>(pos, &HiddenValues::plain(&XIANGQI), &mut NoTrace)
}

/// Both sides' terms (by side index) and the game phase, from one pass over the board.
#[inline(always)]
fn gather<T: Trace, const J: bool>(
    pos: &Position,
    hidden: &HiddenValues,
    tr: &mut T,
) -> ([SideTerms; 2], i32) {
    let w = EvalWeights::of(J);
    let tables = &TABLES[J as usize];
    let free = pos.rules().free_advisors_elephants;
    let board = pos.board();
    let occ_side = [board.occupied_by(Side::Red), board.occupied_by(Side::Black)];
    let occ = occ_side[0] | occ_side[1];
    let mut terms = [SideTerms::default(); 2];
    let mut phase = 0;

    for side in Side::ALL {
        let s = side.index();
        let own = occ_side[s];
        let enemy_palace = PALACE[1 - s];
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
            t.mg += tables.mg[code][sq] as i32;
            t.eg += tables.eg[code][sq] as i32;
            let role = piece.role();
            phase += PHASE_WEIGHT[role as usize];
            let attacks = board.attacks_from(point, free);
            t.add_attacks(attacks, threat_class(piece));
            let on_palace = attacks & enemy_palace;
            if on_palace != 0 && KING_ATTACK_WEIGHT[role as usize] != 0 {
                t.king_attackers += 1;
                t.king_attack_weight += KING_ATTACK_WEIGHT[role as usize];
                t.king_attack_hits += on_palace.count_ones() as i32;
            }
            if piece.is_hidden() {
                t.mg += hidden.mg[s];
                t.eg += hidden.eg[s];
                tr.hidden(s);
                t.can_attack = true;
                continue;
            }
            tr.piece(s, role, table_index(side, sq));
            let across = !square_on_side(sq, side);
            match role {
                Role::Chariot => {
                    t.can_attack = true;
                    if t.n_chariots < 4 {
                        t.chariots[t.n_chariots] = sq as u8;
                        t.n_chariots += 1;
                    }
                    t.attackers_across += across as i32;
                    t.across[0] += across as i32;
                    // Its attacks are the empty points it slides over and the first piece.
                    let n = (attacks & !occ).count_ones() as i32;
                    t.mobility += w.chariot_mobility * n;
                    tr.term(s, Term::ChariotMobility, n, n);
                }
                Role::Horse => {
                    t.can_attack = true;
                    t.attackers_across += across as i32;
                    t.across[1] += across as i32;
                    let free = (attacks & !own).count_ones() as i32;
                    t.mobility +=
                        w.horse_mobility * free - if free == 0 { w.horse_trapped } else { 0 };
                    tr.term(s, Term::HorseMobility, free, free);
                    if free == 0 {
                        tr.term(s, Term::HorseTrapped, -1, -1);
                    }
                }
                Role::Cannon => {
                    t.can_attack = true;
                    t.attackers_across += across as i32;
                    t.across[2] += across as i32;
                    let n = board.slides_from(point).count_ones() as i32;
                    t.mobility += w.cannon_mobility * n;
                    tr.term(s, Term::CannonMobility, n, n);
                    if t.n_cannons < 4 {
                        t.cannons[t.n_cannons] = sq as u8;
                        t.n_cannons += 1;
                    }
                }
                Role::Soldier => t.can_attack = true,
                Role::Advisor if !free => {
                    t.defenders += 1;
                    t.advisors += 1;
                }
                Role::Elephant if !free => {
                    t.defenders += 1;
                    t.elephants += 1;
                }
                Role::Advisor | Role::Elephant => {
                    // Jieqi: free to roam, so they defend only near home and may attack.
                    t.can_attack = true;
                    let home = match role {
                        Role::Advisor => point.in_palace(side),
                        _ => !across,
                    };
                    t.defenders += home as i32;
                    match role {
                        Role::Advisor => t.advisors += home as i32,
                        _ => t.elephants += home as i32,
                    }
                }
                Role::General => {}
            }
        }
    }
    (terms, phase.min(PHASE_MAX))
}

/// The Jieqi evaluation of `pos` (the Jieqi weights), from the side to move's point of view,
/// face-down pieces at `hidden`.
pub fn evaluate_with(pos: &Position, hidden: &HiddenValues) -> i32 {
    evaluate_traced::<_, true>(pos, hidden, &mut NoTrace)
}

/// The evaluation under the Jieqi weights (`J`) or the Xiangqi ones, telling `tr` every term
/// it adds up.
#[inline(always)]
pub(crate) fn evaluate_traced<T: Trace, const J: bool>(
    pos: &Position,
    hidden: &HiddenValues,
    tr: &mut T,
) -> i32 {
    let w = EvalWeights::of(J);
    let (terms, phase) = gather::<T, J>(pos, hidden, tr);
    let board = pos.board();
    let occ_side = [board.occupied_by(Side::Red), board.occupied_by(Side::Black)];
    let occ = occ_side[0] | occ_side[1];
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    for side in Side::ALL {
        let s = side.index();
        let them = 1 - s;
        let t = terms[s];
        let threats = threats(w, board, &terms[s], &terms[them], occ_side[them], s, tr);
        mg[s] = t.mg + t.mobility + threats;
        eg[s] = t.eg + t.mobility + threats;
        // General safety, middlegame only.
        let missing = (4 - terms[s].defenders).max(0);
        let exposed = terms[them].attackers_across * missing;
        mg[s] -= w.attacker_per_missing_defender * exposed;
        tr.term(s, Term::AttackerPerMissingDefender, -exposed, 0);
        let missing_advisors = (2 - terms[s].advisors).max(0);
        let missing_elephants = (2 - terms[s].elephants).max(0);
        for (k, &n) in terms[them].across.iter().enumerate() {
            mg[s] -= w.missing_advisor_against[k] * n * missing_advisors
                + w.missing_elephant_against[k] * n * missing_elephants;
            tr.term(s, Term::MissingAdvisorAgainst(k), -n * missing_advisors, 0);
            tr.term(
                s,
                Term::MissingElephantAgainst(k),
                -n * missing_elephants,
                0,
            );
        }
        if T::RECORDS || w.loose != [0; 5] {
            let loose = loose(w, board, occ_side[s] & !terms[s].attacked, s, tr);
            mg[s] -= loose;
            eg[s] -= loose;
        }
        let danger = king_danger(&terms[them], terms[s].defenders);
        mg[s] -= danger * w.palace_danger / 100;
        tr.palace_danger(s, danger);
        let g = pos.general(side).index();
        for &c in &terms[them].cannons[..terms[them].n_cannons] {
            let c = c as usize;
            let screens = between(c, g) & occ;
            match screens.count_ones() {
                0 if c % 9 == g % 9 => {
                    mg[s] -= w.empty_head_cannon;
                    tr.term(s, Term::EmptyHeadCannon, -1, 0);
                }
                1 if c % 9 == g % 9 => {
                    mg[s] -= w.central_cannon;
                    tr.term(s, Term::CentralCannon, -1, 0);
                }
                2 => {
                    let pins = pins(w, board, screens, occ_side[s], true, s, tr);
                    mg[s] -= pins;
                    eg[s] -= pins;
                }
                _ => {}
            }
        }
        for &c in &terms[them].chariots[..terms[them].n_chariots] {
            let screens = between(c as usize, g) & occ;
            if screens.count_ones() == 1 {
                let pins = pins(w, board, screens, occ_side[s], false, s, tr);
                mg[s] -= pins;
                eg[s] -= pins;
            }
        }
    }
    tr.done(phase, [terms[0].can_attack, terms[1].can_attack]);
    let red = (mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (PHASE_MAX - phase);
    let mut red = red / PHASE_MAX;
    // A side that cannot mate gets little for its material lead.
    if red > 0 && !terms[0].can_attack || red < 0 && !terms[1].can_attack {
        red /= NO_ATTACKERS_DIVISOR;
    }
    let score = if pos.turn() == Side::Red { red } else { -red };
    score + w.tempo
}

/// What the attackers of a palace make of it: nothing from a lone attacker, then growing
/// with the square of their weight and hits, less the advisors and elephants at home.
#[inline]
fn king_danger(attackers: &SideTerms, defenders: i32) -> i32 {
    if attackers.king_attackers < 2 {
        return 0;
    }
    let danger = attackers.king_attack_weight * attackers.king_attackers / 2
        + KING_ATTACK_HIT * attackers.king_attack_hits
        - KING_DEFENDER * defenders;
    (danger.max(0).pow(2) / KING_DANGER_DIV).min(KING_DANGER_MAX)
}

/// What side `s`'s pieces on `undefended` (none of its own attacks them) cost it.
#[inline]
fn loose<T: Trace>(
    w: &EvalWeights,
    board: &jieqi_rules::Board,
    undefended: u128,
    s: usize,
    tr: &mut T,
) -> i32 {
    let mut cost = 0;
    for (_, piece) in pieces_on(board, undefended) {
        let class = threat_class(piece);
        if class != 0 {
            cost += w.loose[class];
            tr.term(s, Term::Loose(class), -1, -1);
        }
    }
    cost
}

/// What the pieces between an enemy chariot or cannon and side `s`'s general cost `s`: its
/// own are pinned (moving one off the line exposes the general), the enemy's may move off
/// it with check.
#[inline]
fn pins<T: Trace>(
    w: &EvalWeights,
    board: &jieqi_rules::Board,
    screens: u128,
    ours: u128,
    cannon: bool,
    s: usize,
    tr: &mut T,
) -> i32 {
    let mut cost = 0;
    for (sq, piece) in pieces_on(board, screens) {
        if ours & bit(sq) == 0 {
            cost += w.discovered_check[cannon as usize];
            tr.term(s, Term::DiscoveredCheck(cannon as usize), -1, -1);
            continue;
        }
        let class = threat_class(piece);
        if cannon {
            cost += w.pinned_by_cannon[class];
            tr.term(s, Term::PinnedByCannon(class), -1, -1);
        } else {
            cost += w.pinned_by_chariot[class];
            tr.term(s, Term::PinnedByChariot(class), -1, -1);
        }
    }
    cost
}

/// Bonus for `us` attacking `them`'s pieces: by a piece of a lower class, or undefended.
#[inline]
fn threats<T: Trace>(
    w: &EvalWeights,
    board: &jieqi_rules::Board,
    us: &SideTerms,
    them: &SideTerms,
    their_pieces: u128,
    s: usize,
    tr: &mut T,
) -> i32 {
    let by = &us.attacked_by_class;
    // Points attacked by a piece of a class below the index.
    let lower = [0, 0, by[1], by[1] | by[2], by[1] | by[2] | by[3]];
    let mut score = 0;
    for (sq, piece) in pieces_on(board, their_pieces & us.attacked) {
        let class = threat_class(piece);
        if class == 0 {
            continue;
        }
        if lower[class] & bit(sq) != 0 {
            score += w.threat_by_lower[class];
            tr.term(s, Term::ThreatByLower(class), 1, 1);
        } else if them.attacked & bit(sq) == 0 {
            score += w.threat_hanging[class];
            tr.term(s, Term::ThreatHanging(class), 1, 1);
        }
    }
    score
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
        JIEQI.hidden_value
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
        assert_eq!(evaluate(&p), XIANGQI.tempo);
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

    /// Red's and Black's threat bonuses in `fen`.
    fn threat_pair(fen: &str) -> (i32, i32) {
        let p = pos(fen);
        let (t, _) = gather::<_, false>(&p, &HiddenValues::default(), &mut NoTrace);
        let board = p.board();
        let pieces = |side| board.occupied_by(side);
        (
            threats(
                &XIANGQI,
                board,
                &t[0],
                &t[1],
                pieces(Side::Black),
                0,
                &mut NoTrace,
            ),
            threats(
                &XIANGQI,
                board,
                &t[1],
                &t[0],
                pieces(Side::Red),
                1,
                &mut NoTrace,
            ),
        )
    }

    #[test]
    fn a_horse_threatens_a_chariot_unless_its_leg_is_blocked() {
        // Black's horse on c4 attacks Red's chariot on d2 (leg c3 empty).
        assert_eq!(
            threat_pair("5k3/9/9/9/9/2n6/9/3R5/9/4K4 w - - 0 1"),
            (0, XIANGQI.threat_by_lower[4])
        );
        // A red horse on c3 blocks the leg.
        assert_eq!(
            threat_pair("5k3/9/9/9/9/2n6/2N6/3R5/9/4K4 w - - 0 1"),
            (0, 0)
        );
    }

    #[test]
    fn an_undefended_piece_is_hanging_and_a_defended_one_is_not() {
        // Red's chariot on g2 attacks Black's lone cannon on c2; the cannon has no screen.
        assert_eq!(
            threat_pair("3k5/9/9/9/9/9/9/2c3R2/9/4K4 w - - 0 1"),
            (XIANGQI.threat_hanging[3], 0)
        );
        // A black chariot on c9 defends it down the open file.
        assert_eq!(
            threat_pair("2rk5/9/9/9/9/9/9/2c3R2/9/4K4 w - - 0 1"),
            (0, 0)
        );
    }

    /// The terms a position's evaluation counts, by side.
    #[derive(Default)]
    struct Terms(Vec<(usize, Term)>);

    impl Trace for Terms {
        fn term(&mut self, s: usize, term: Term, mg: i32, eg: i32) {
            if mg != 0 || eg != 0 {
                self.0.push((s, term));
            }
        }
    }

    fn terms(fen: &str) -> Vec<(usize, Term)> {
        let mut t = Terms::default();
        evaluate_traced::<_, false>(&pos(fen), &HiddenValues::default(), &mut t);
        t.0
    }

    #[test]
    fn a_piece_alone_between_a_chariot_and_its_general_is_pinned() {
        // Black's chariot on e5, Red's horse on e1 in front of its general.
        let t = terms("4k4/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1");
        assert!(t.contains(&(0, Term::PinnedByChariot(3))), "{t:?}");
        // A second piece between: no pin.
        let t = terms("4k4/9/9/9/4r4/9/9/4N4/4A4/4K4 w - - 0 1");
        assert!(!t.iter().any(|(_, x)| matches!(x, Term::PinnedByChariot(_))));
        // Black's own horse between: it may move off with check.
        let t = terms("4k4/9/9/9/4r4/9/4n4/9/9/4K4 w - - 0 1");
        assert!(t.contains(&(0, Term::DiscoveredCheck(0))), "{t:?}");
    }

    #[test]
    fn both_pieces_between_a_cannon_and_its_general_are_pinned() {
        let t = terms("4k4/9/9/9/4c4/9/9/4N4/4A4/4K4 w - - 0 1");
        assert!(t.contains(&(0, Term::PinnedByCannon(3))), "{t:?}");
        assert!(t.contains(&(0, Term::PinnedByCannon(2))), "{t:?}");
        // One piece between is check (the central cannon), not a pin.
        let t = terms("4k4/9/9/9/4c4/9/9/9/4A4/4K4 w - - 0 1");
        assert!(!t.iter().any(|(_, x)| matches!(x, Term::PinnedByCannon(_))));
    }

    #[test]
    fn a_piece_none_of_its_side_defends_is_loose() {
        // Red's lone horse on a2: nothing of Red's reaches it. With a chariot on a1 behind
        // it, it is defended.
        let t = terms("3k5/9/9/9/9/9/9/N8/9/4K4 w - - 0 1");
        assert!(t.contains(&(0, Term::Loose(3))), "{t:?}");
        let t = terms("3k5/9/9/9/9/9/9/N8/R8/4K4 w - - 0 1");
        assert!(!t.contains(&(0, Term::Loose(3))), "{t:?}");
    }

    #[test]
    fn palace_danger_needs_two_attackers_and_grows_with_more() {
        let danger = |fen: &str| {
            let (t, _) = gather::<_, false>(&pos(fen), &HiddenValues::default(), &mut NoTrace);
            king_danger(&t[1], t[0].defenders)
        };
        // A lone black chariot on Red's palace file: no danger term.
        let one = danger("4k4/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1");
        // Chariot, horse and cannon all reach into Red's bare palace.
        let three = danger("4k4/9/9/9/9/9/4c4/2n6/4r4/5K3 w - - 0 1");
        // The same with Red's advisors and elephants home.
        let defended = danger("4k4/9/9/9/9/9/4c4/2n6/4r4/2BAKAB2 w - - 0 1");
        assert_eq!(one, 0);
        assert!(three > 0, "{three}");
        assert!(defended < three, "{defended} {three}");
    }

    #[test]
    fn more_material_is_better() {
        // Red is a chariot up.
        let p = pos("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(evaluate(&p) > 700, "{}", evaluate(&p));
    }
}
