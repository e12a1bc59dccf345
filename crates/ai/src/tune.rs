//! Texel tuning of the evaluation's weights from labelled positions.
//!
//! The evaluation is written once, in `eval.rs`; it reports every term it adds up to a
//! `Trace`. [`Features::of`] records that report for a position: for
//! each side, how many times each weight counts in the middlegame and in the endgame (a piece
//! on a point counts its material and its table entry once; a face-down piece counts the
//! mean of its side's unseen identities plus the bonus for staying face-down), the phase,
//! and the palace danger before its scale (its shape is not linear; only its scale,
//! `PALACE_DANGER`, is a weight). Under the engine's own weights [`Features::evaluate`]
//! gives exactly what `evaluate` does (a test checks it), so the tuner optimises the real
//! evaluation, not a copy of it.
//!
//! [`Sample`] folds a position's features into one linear form of the weights (tapered by
//! the phase, Red's point of view); the model predicts the game's result as
//! `1 / (1 + 10^(-K·eval/400))`. [`fit_k`] finds the K that best fits the data under the
//! current weights, then [`tune`] lowers the mean squared error over the weights by Adam
//! (gradient descent with per-weight step sizes), mirror points of a table tied together,
//! and keeps the weights that did best on held-out games (early stopping).
//! [`render_weights`] writes the result as `weights.rs`, the file the engine compiles.

use jieqi_rules::{Pool, Position, Role, Side};

use crate::chance::{HIDDEN_ROLES, Unseen};
use crate::eval::{HiddenValues, Term, Trace, evaluate_traced};
use crate::params::*;

/// Middlegame material per role, indexed by role (`MATERIAL_MG`).
pub const MAT_MG: usize = 0;
/// Endgame material per role (`MATERIAL_EG`).
pub const MAT_EG: usize = 8;
/// Shape tables, `SHAPE + role * 90 + point` (owner's view, as `params` writes them).
pub const SHAPE: usize = 16;
/// Soldier tables, middlegame and endgame.
pub const SOLDIER_MG: usize = SHAPE + 8 * 90;
pub const SOLDIER_EG: usize = SOLDIER_MG + 90;
pub const CHARIOT_MOB: usize = SOLDIER_EG + 90;
pub const CANNON_MOB: usize = CHARIOT_MOB + 1;
pub const HORSE_MOB: usize = CHARIOT_MOB + 2;
pub const HORSE_TRAP: usize = CHARIOT_MOB + 3;
pub const ATTACKER_MISSING: usize = CHARIOT_MOB + 4;
pub const EMPTY_HEAD: usize = CHARIOT_MOB + 5;
pub const CENTRAL: usize = CHARIOT_MOB + 6;
/// `THREAT_BY_LOWER`, five classes.
pub const THREAT_LOWER: usize = CHARIOT_MOB + 7;
/// `THREAT_HANGING`, five classes.
pub const THREAT_HANG: usize = THREAT_LOWER + 5;
pub const TEMPO_W: usize = THREAT_HANG + 5;
pub const HIDDEN_VAL: usize = TEMPO_W + 1;
pub const HIDDEN_BON: usize = TEMPO_W + 2;
/// `PALACE_DANGER`, the palace danger's scale in percent (its shape stays hand-set).
pub const PALACE: usize = TEMPO_W + 3;
/// `PINNED_BY_CHARIOT` and `PINNED_BY_CANNON`, five classes each.
pub const PIN_CHARIOT: usize = TEMPO_W + 4;
pub const PIN_CANNON: usize = PIN_CHARIOT + 5;
/// `DISCOVERED_CHECK`: by a chariot, by a cannon.
pub const DISCOVERED: usize = PIN_CANNON + 5;
/// `MISSING_ADVISOR_AGAINST` and `MISSING_ELEPHANT_AGAINST`, three attackers each.
pub const MISSING_ADVISOR: usize = DISCOVERED + 2;
pub const MISSING_ELEPHANT: usize = MISSING_ADVISOR + 3;
/// `LOOSE`, five classes.
pub const LOOSE_W: usize = MISSING_ELEPHANT + 3;
/// How many weights.
pub const N_WEIGHTS: usize = LOOSE_W + 5;

/// The groups of weights `tune` may be limited to.
pub const GROUPS: [&str; 10] = [
    "material", "pst", "mobility", "king", "threats", "tempo", "hidden", "pins", "defence", "loose",
];

/// The group of weight `i`.
pub fn group(i: usize) -> &'static str {
    match i {
        _ if i < SHAPE => "material",
        _ if i < CHARIOT_MOB => "pst",
        _ if i <= HORSE_TRAP => "mobility",
        _ if i <= CENTRAL => "king",
        _ if i < TEMPO_W => "threats",
        TEMPO_W => "tempo",
        PALACE => "king",
        _ if i >= LOOSE_W => "loose",
        _ if i >= MISSING_ADVISOR => "defence",
        _ if i >= PIN_CHARIOT => "pins",
        _ => "hidden",
    }
}

/// The engine's weights today, Jieqi's or Xiangqi's, as the tuner's vector.
pub fn default_weights(jieqi: bool) -> Vec<f64> {
    let e = EvalWeights::of(jieqi);
    let mut w = vec![0.0; N_WEIGHTS];
    for r in 0..8 {
        w[MAT_MG + r] = e.material_mg[r] as f64;
        w[MAT_EG + r] = e.material_eg[r] as f64;
    }
    for role in shape_roles() {
        for (ti, &v) in e.shape(role).iter().enumerate() {
            w[SHAPE + role as usize * 90 + ti] = v as f64;
        }
    }
    for ti in 0..90 {
        w[SOLDIER_MG + ti] = e.pst_soldier_mg[ti] as f64;
        w[SOLDIER_EG + ti] = e.pst_soldier_eg[ti] as f64;
    }
    w[CHARIOT_MOB] = e.chariot_mobility as f64;
    w[CANNON_MOB] = e.cannon_mobility as f64;
    w[HORSE_MOB] = e.horse_mobility as f64;
    w[HORSE_TRAP] = e.horse_trapped as f64;
    w[ATTACKER_MISSING] = e.attacker_per_missing_defender as f64;
    w[EMPTY_HEAD] = e.empty_head_cannon as f64;
    w[CENTRAL] = e.central_cannon as f64;
    for c in 0..5 {
        w[THREAT_LOWER + c] = e.threat_by_lower[c] as f64;
        w[THREAT_HANG + c] = e.threat_hanging[c] as f64;
    }
    w[TEMPO_W] = e.tempo as f64;
    w[HIDDEN_VAL] = e.hidden_value as f64;
    w[HIDDEN_BON] = e.hidden_bonus as f64;
    w[PALACE] = e.palace_danger as f64;
    for c in 0..5 {
        w[PIN_CHARIOT + c] = e.pinned_by_chariot[c] as f64;
        w[PIN_CANNON + c] = e.pinned_by_cannon[c] as f64;
    }
    for k in 0..2 {
        w[DISCOVERED + k] = e.discovered_check[k] as f64;
    }
    for k in 0..3 {
        w[MISSING_ADVISOR + k] = e.missing_advisor_against[k] as f64;
        w[MISSING_ELEPHANT + k] = e.missing_elephant_against[k] as f64;
    }
    for c in 0..5 {
        w[LOOSE_W + c] = e.loose[c] as f64;
    }
    w
}

/// The roles with a shape table (all but the soldier).
fn shape_roles() -> [Role; 6] {
    [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
    ]
}

/// What the evaluation of one position is made of (see the module docs).
#[derive(Clone, Debug)]
pub struct Features {
    /// Per side, per weight: how often it counts in the middlegame, and in the endgame.
    mg: [Vec<f64>; 2],
    eg: [Vec<f64>; 2],
    /// The palace danger per side before `PALACE_DANGER` scales it (middlegame points).
    danger: [i32; 2],
    phase: i32,
    can_attack: [bool; 2],
    red_to_move: bool,
    /// The weights one face-down piece of each side counts (mean identity and bonus).
    hidden: [Vec<(usize, f64)>; 2],
}

impl Trace for Features {
    fn piece(&mut self, s: usize, role: Role, ti: usize) {
        let r = role as usize;
        self.mg[s][MAT_MG + r] += 1.0;
        self.eg[s][MAT_EG + r] += 1.0;
        if role == Role::Soldier {
            self.mg[s][SOLDIER_MG + ti] += 1.0;
            self.eg[s][SOLDIER_EG + ti] += 1.0;
        } else {
            let i = SHAPE + r * 90 + ti;
            self.mg[s][i] += PST_SCALE as f64;
            self.eg[s][i] += PST_SCALE as f64;
        }
    }

    fn hidden(&mut self, s: usize) {
        for k in 0..self.hidden[s].len() {
            let (i, c) = self.hidden[s][k];
            // Material entries name the middlegame index; the endgame one is 8 further.
            if i < MAT_EG {
                self.mg[s][i] += c;
                self.eg[s][i + 8] += c;
            } else {
                self.mg[s][i] += c;
                self.eg[s][i] += c;
            }
        }
    }

    fn term(&mut self, s: usize, term: Term, mg: i32, eg: i32) {
        let i = match term {
            Term::ChariotMobility => CHARIOT_MOB,
            Term::CannonMobility => CANNON_MOB,
            Term::HorseMobility => HORSE_MOB,
            Term::HorseTrapped => HORSE_TRAP,
            Term::AttackerPerMissingDefender => ATTACKER_MISSING,
            Term::EmptyHeadCannon => EMPTY_HEAD,
            Term::CentralCannon => CENTRAL,
            Term::ThreatByLower(c) => THREAT_LOWER + c,
            Term::ThreatHanging(c) => THREAT_HANG + c,
            Term::PinnedByChariot(c) => PIN_CHARIOT + c,
            Term::PinnedByCannon(c) => PIN_CANNON + c,
            Term::DiscoveredCheck(k) => DISCOVERED + k,
            Term::MissingAdvisorAgainst(k) => MISSING_ADVISOR + k,
            Term::MissingElephantAgainst(k) => MISSING_ELEPHANT + k,
            Term::Loose(c) => LOOSE_W + c,
        };
        self.mg[s][i] += mg as f64;
        self.eg[s][i] += eg as f64;
    }

    fn palace_danger(&mut self, s: usize, danger: i32) {
        self.danger[s] += danger;
    }

    fn done(&mut self, phase: i32, can_attack: [bool; 2]) {
        self.phase = phase;
        self.can_attack = can_attack;
    }
}

impl Features {
    /// The features of `pos` as the engine evaluates it: with a Jieqi `pool` (the unseen
    /// identities of the side to move's view) under the Jieqi weights, a face-down piece
    /// worth its side's mean unseen identity plus `HIDDEN_BONUS`, as in the search; without
    /// one under the Xiangqi weights (a face-down piece at `HIDDEN_VALUE`).
    pub fn of(pos: &Position, pool: Option<&Pool>) -> Features {
        let (values, hidden) = hidden_terms(pool);
        let mut f = Features {
            mg: [vec![0.0; N_WEIGHTS], vec![0.0; N_WEIGHTS]],
            eg: [vec![0.0; N_WEIGHTS], vec![0.0; N_WEIGHTS]],
            danger: [0; 2],
            phase: 0,
            can_attack: [false; 2],
            red_to_move: pos.turn() == Side::Red,
            hidden,
        };
        if pool.is_some() {
            evaluate_traced::<_, true>(pos, &values, &mut f);
        } else {
            evaluate_traced::<_, false>(pos, &values, &mut f);
        }
        f
    }

    /// The evaluation under weights `w`, from the side to move's point of view, computed in
    /// the evaluation's integer steps; under the engine's weights it is `evaluate`'s result
    /// (with a pool, up to the rounding of the mean face-down value).
    pub fn evaluate(&self, w: &[f64]) -> i32 {
        let side = |s: usize, c: &[Vec<f64>; 2]| -> i64 {
            c[s].iter().zip(w).map(|(c, w)| c * w).sum::<f64>().round() as i64
        };
        // The evaluation's integer step: the danger scaled, rounded toward zero.
        let danger = |s: usize| self.danger[s] as i64 * w[PALACE].round() as i64 / 100;
        let mg = [side(0, &self.mg) - danger(0), side(1, &self.mg) - danger(1)];
        let eg = [side(0, &self.eg), side(1, &self.eg)];
        let phase = self.phase as i64;
        let max = PHASE_MAX as i64;
        let mut red = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (max - phase)) / max;
        if red > 0 && !self.can_attack[0] || red < 0 && !self.can_attack[1] {
            red /= NO_ATTACKERS_DIVISOR as i64;
        }
        let score = if self.red_to_move { red } else { -red };
        (score + w[TEMPO_W].round() as i64) as i32
    }

    /// One labelled sample: the features folded into Red's tapered linear form.
    pub fn sample(&self, result: f32) -> Sample {
        let phase = self.phase as f64;
        let max = PHASE_MAX as f64;
        let mut coefs = Vec::new();
        for i in 0..N_WEIGHTS {
            let mg = self.mg[0][i] - self.mg[1][i];
            let eg = self.eg[0][i] - self.eg[1][i];
            let c = (mg * phase + eg * (max - phase)) / max;
            if c != 0.0 {
                coefs.push((i as u16, c as f32));
            }
        }
        // The palace danger counts in the middlegame only, a hundredth per point of its scale.
        let danger = -(self.danger[0] - self.danger[1]) as f64 / 100.0 * phase / max;
        if danger != 0.0 {
            coefs.push((PALACE as u16, danger as f32));
        }
        let div = 1.0 / NO_ATTACKERS_DIVISOR as f32;
        Sample {
            coefs,
            scale_up: if self.can_attack[0] { 1.0 } else { div },
            scale_down: if self.can_attack[1] { 1.0 } else { div },
            stm: if self.red_to_move { 1.0 } else { -1.0 },
            result,
        }
    }
}

/// The face-down values the search would use with `pool`, and the weights one face-down
/// piece of each side counts.
fn hidden_terms(pool: Option<&Pool>) -> (HiddenValues, [Vec<(usize, f64)>; 2]) {
    let Some(pool) = pool else {
        let plain = vec![(HIDDEN_VAL, 1.0)];
        let v = XIANGQI.hidden_value;
        let values = HiddenValues {
            mg: [v; 2],
            eg: [v; 2],
        };
        return (values, [plain.clone(), plain]);
    };
    let values = Unseen::from_pool(pool, JIEQI.hidden_bonus).values;
    let per_side = |side: Side| {
        let total: u32 = HIDDEN_ROLES
            .iter()
            .map(|&r| pool.count(side, r) as u32)
            .sum();
        let mut v = vec![(HIDDEN_BON, 1.0)];
        if total == 0 {
            v.push((HIDDEN_VAL, 1.0));
        } else {
            for r in HIDDEN_ROLES {
                let n = pool.count(side, r);
                if n > 0 {
                    v.push((MAT_MG + r as usize, n as f64 / total as f64));
                }
            }
        }
        v
    };
    (values, [per_side(Side::Red), per_side(Side::Black)])
}

/// A position's evaluation as a linear form of the weights, from Red's point of view, and
/// the game's result for Red (1, 0.5 or 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Nonzero coefficients: (weight index, tapered Red-minus-Black count).
    pub coefs: Vec<(u16, f32)>,
    /// Factor on a lead for Red (1, or the no-attackers divisor's inverse), and for Black.
    pub scale_up: f32,
    pub scale_down: f32,
    /// +1 Red to move, −1 Black (the tempo weight's coefficient).
    pub stm: f32,
    pub result: f32,
}

impl Sample {
    /// The evaluation under `w`, from Red's point of view, and its derivative factor for the
    /// linear part (the no-attackers scale).
    #[inline]
    fn eval(&self, w: &[f64]) -> (f64, f64) {
        let lin: f64 = self
            .coefs
            .iter()
            .map(|&(i, c)| c as f64 * w[i as usize])
            .sum::<f64>();
        let scale = if lin > 0.0 {
            self.scale_up
        } else {
            self.scale_down
        } as f64;
        (lin * scale + self.stm as f64 * w[TEMPO_W], scale)
    }
}

/// The model's predicted result for an evaluation `e` (Red's centipawns).
#[inline]
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Mean squared error of the predictions under `w` and `k`.
pub fn mse(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(k, s.eval(w).0);
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The K in (0.01, 10) with the least error under `w` (a golden-section search on log K).
pub fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let points: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (s.eval(w).0, s.result as f64))
        .collect();
    fit_k_of(&points)
}

/// The K in (0.01, 10) for which [`sigmoid`] of each point's value (Red's centipawns) best
/// predicts its result (least squared error; a golden-section search on log K).
pub fn fit_k_of(points: &[(f64, f64)]) -> f64 {
    let f = |lk: f64| {
        let k = lk.exp();
        points
            .iter()
            .map(|&(e, r)| (r - sigmoid(k, e)).powi(2))
            .sum::<f64>()
    };
    let (mut a, mut b) = (0.01f64.ln(), 10f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The gradient of [`mse`] with respect to every weight.
pub fn gradient(samples: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let mut g = vec![0.0; w.len()];
    if samples.is_empty() {
        return g;
    }
    let kk = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let (e, scale) = s.eval(w);
        let p = sigmoid(k, e);
        // d/dw (y - p)^2 = -2 (y - p) p (1 - p) kk de/dw
        let common = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * kk;
        for &(i, c) in &s.coefs {
            g[i as usize] += common * c as f64 * scale;
        }
        g[TEMPO_W] += common * s.stm as f64;
    }
    let n = samples.len() as f64;
    g.iter_mut().for_each(|x| *x /= n);
    g
}

/// Which weights the tuner may move: those of `groups` that the data sees (a table point, or
/// its mirror), never the general's material (it never leaves the board) nor unused slots.
pub fn tunable(samples: &[Sample], groups: &[&str]) -> Vec<bool> {
    let mut seen = vec![false; N_WEIGHTS];
    for s in samples {
        for &(i, _) in &s.coefs {
            seen[i as usize] = true;
        }
    }
    seen[TEMPO_W] = !samples.is_empty();
    (0..N_WEIGHTS)
        .map(|i| {
            let general_material =
                i == MAT_MG + Role::General as usize || i == MAT_EG + Role::General as usize;
            // A table point moves with its mirror (`tune` averages their gradients), so one
            // seen on one side only must not move alone: that would make the table lopsided.
            (seen[i] || seen[mirror(i)]) && !general_material && groups.contains(&group(i))
        })
        .collect()
}

/// The point mirrored across the middle file, for a weight of a table (else itself).
fn mirror(i: usize) -> usize {
    if (SHAPE..CHARIOT_MOB).contains(&i) {
        let base = SHAPE + (i - SHAPE) / 90 * 90;
        let ti = i - base;
        base + ti / 9 * 9 + 8 - ti % 9
    } else {
        i
    }
}

/// Settings of [`tune`].
#[derive(Clone, Copy, Debug)]
pub struct TuneSettings {
    pub k: f64,
    pub iterations: usize,
    /// Adam's step size, in weight units.
    pub rate: f64,
}

/// Adam on the mean squared error of `samples` from `w`, moving only the weights `mask`
/// allows, mirror table points kept together. Every 50 iterations `progress` hears (iteration,
/// training error, held-out error); the result is the weights with the least error on
/// `held_out` among those checks and `w` itself (early stopping: positions of a few hundred
/// games overfit hundreds of weights quickly), with its iteration (0: `w`). Without held-out
/// samples it is the last iteration's.
pub fn tune(
    samples: &[Sample],
    held_out: &[Sample],
    w: &[f64],
    mask: &[bool],
    settings: TuneSettings,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> (Vec<f64>, usize) {
    let k = settings.k;
    let mut best = (w.to_vec(), 0, mse(held_out, w, k));
    let mut w = w.to_vec();
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    for t in 1..=settings.iterations {
        let raw = gradient(samples, &w, k);
        for i in 0..w.len() {
            if !mask[i] {
                continue;
            }
            let j = mirror(i);
            let g = if j != i && mask[j] {
                (raw[i] + raw[j]) / 2.0
            } else {
                raw[i]
            };
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= settings.rate * mh / (vh.sqrt() + eps);
        }
        if t % 50 == 0 || t == settings.iterations {
            let held = mse(held_out, &w, k);
            progress(t, mse(samples, &w, k), held);
            if held_out.is_empty() || held < best.2 {
                best = (w.clone(), t, held);
            }
        }
    }
    (best.0, best.1)
}

/// `w` rounded to what `weights.rs` can hold (integers; shape tables in `i8`, soldier tables
/// in `i16`).
pub fn round_weights(w: &[f64]) -> Vec<f64> {
    w.iter()
        .enumerate()
        .map(|(i, &x)| {
            let r = x.round();
            if (SHAPE..SOLDIER_MG).contains(&i) {
                r.clamp(i8::MIN as f64, i8::MAX as f64)
            } else {
                r.clamp(-30000.0, 30000.0)
            }
        })
        .collect()
}

/// `crates/ai/src/weights.rs` (or, for Jieqi, `weights_jieqi.rs`) holding the weights `w`
/// (rounded): what `jieqi-cli tune` writes, so that adopting tuned weights is copying one
/// file, and the diff shows them.
pub fn render_weights(w: &[f64], note: &str, jieqi: bool) -> String {
    let w = Rounded(round_weights(w));
    let mut out = String::new();
    render_header(&mut out, note, jieqi);
    render_material(&mut out, &w);
    render_tables(&mut out, &w);
    render_terms(&mut out, &w);
    out
}

/// Weights rounded for `weights.rs`, written as it writes them.
struct Rounded(Vec<f64>);

impl Rounded {
    fn int(&self, i: usize) -> i64 {
        self.0[i] as i64
    }

    /// `n` weights from `base`, comma-separated.
    fn row(&self, base: usize, n: usize) -> String {
        (0..n)
            .map(|c| self.int(base + c).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn row5(&self, base: usize) -> String {
        self.row(base, 5)
    }

    fn row8(&self, base: usize) -> String {
        self.row(base, 8)
    }

    /// The 90-point table from `base`: ten ranks of nine, each value `width` wide.
    fn table(&self, base: usize, width: usize) -> String {
        let mut s = String::new();
        for rank in 0..10 {
            s.push_str("   ");
            for file in 0..9 {
                s.push_str(&format!(
                    " {:>w$},",
                    self.int(base + rank * 9 + file),
                    w = width
                ));
            }
            s.push('\n');
        }
        s
    }
}

/// The file's documentation: what it holds, and the tuner's `note`.
fn render_header(out: &mut String, note: &str, jieqi: bool) {
    out.push_str(&format!(
        "//! The {} evaluation's weights: material, piece-square tables, mobility, general\n\
         //! safety, threats, pins, loose pieces, tempo and the face-down piece. Written by\n\
         //! `jieqi-cli tune` (see docs/tuning.md, \"Tuning the evaluation\"); edit by hand or replace with a\n\
         //! tuner's output.\n",
        if jieqi { "Jieqi" } else { "Xiangqi" }
    ));
    if !note.is_empty() {
        out.push_str("//!\n");
    }
    for line in note.lines() {
        out.push_str(&format!("//! {line}\n"));
    }
}

/// Material and the face-down piece's value.
fn render_material(out: &mut String, w: &Rounded) {
    out.push_str(&format!(
        "\n\
         /// Middlegame and endgame material per role, indexed by `Role as usize` (0 unused).\n\
         /// The general's value only matters for move ordering (it is never captured).\n\
         pub const MATERIAL_MG: [i32; 8] = [{}];\n\
         pub const MATERIAL_EG: [i32; 8] = [{}];\n\
         \n\
         /// A face-down Jieqi piece where no pool is known (move ordering, and `evaluate`\n\
         /// without one); the search values a face-down piece at the mean of its side's unseen\n\
         /// identities plus `HIDDEN_BONUS`.\n\
         pub const HIDDEN_VALUE: i32 = {};\n\
         \n\
         /// What keeping a piece face-down is worth beyond its expected material (negative: a\n\
         /// face-down piece is stuck on its start point, a revealed one develops).\n\
         pub const HIDDEN_BONUS: i32 = {};\n",
        w.row8(MAT_MG),
        w.row8(MAT_EG),
        w.int(HIDDEN_VAL),
        w.int(HIDDEN_BON),
    ));
}

/// The piece-square tables: the shapes, then the soldier's in centipawns.
fn render_tables(out: &mut String, w: &Rounded) {
    let shapes = [
        (
            "CHARIOT",
            Role::Chariot,
            "Piece-square tables, from the owner's point of view, written as the board looks from the\n/// owner's side: the first row is the enemy's back rank, the last row the owner's own back\n/// rank, file a of the owner on the left. Values are in \"shape\" units (times `PST_SCALE`).",
        ),
        ("HORSE", Role::Horse, ""),
        ("CANNON", Role::Cannon, ""),
        ("ADVISOR", Role::Advisor, ""),
        ("ELEPHANT", Role::Elephant, ""),
        ("GENERAL", Role::General, ""),
    ];
    for (name, role, doc) in shapes {
        out.push('\n');
        if !doc.is_empty() {
            out.push_str(&format!("/// {doc}\n"));
        }
        out.push_str(&format!(
            "#[rustfmt::skip]\npub const PST_{name}: [i8; 90] = [\n{}];\n",
            w.table(SHAPE + role as usize * 90, 3)
        ));
    }
    out.push_str(&format!(
        "\n/// Soldier, centipawns on top of the uncrossed material value (the crossing bonus is in\n\
         /// here), middlegame.\n\
         #[rustfmt::skip]\npub const PST_SOLDIER_MG: [i16; 90] = [\n{}];\n\
         \n/// Soldier in the endgame.\n\
         #[rustfmt::skip]\npub const PST_SOLDIER_EG: [i16; 90] = [\n{}];\n",
        w.table(SOLDIER_MG, 4),
        w.table(SOLDIER_EG, 4),
    ));
}

/// The positional terms: mobility, general safety, threats, tempo, pins, loose pieces.
fn render_terms(out: &mut String, w: &Rounded) {
    out.push_str(&format!(
        "\n\
         /// Mobility: per empty point a chariot or cannon reaches, per free destination of a horse.\n\
         pub const CHARIOT_MOBILITY: i32 = {};\n\
         pub const CANNON_MOBILITY: i32 = {};\n\
         pub const HORSE_MOBILITY: i32 = {};\n\
         /// A horse that cannot move at all.\n\
         pub const HORSE_TRAPPED: i32 = {};\n\
         \n\
         /// General safety: each enemy chariot, horse or cannon across the river weighs this much per\n\
         /// missing advisor or elephant of ours (middlegame only).\n\
         pub const ATTACKER_PER_MISSING_DEFENDER: i32 = {};\n\
         /// An enemy cannon on our general's file with nothing between (\"empty-head cannon\").\n\
         pub const EMPTY_HEAD_CANNON: i32 = {};\n\
         /// An enemy cannon on our general's file with exactly one piece between (a central cannon).\n\
         pub const CENTRAL_CANNON: i32 = {};\n\
         /// The palace danger (attackers on the palace, squared and capped: `params.rs`) in percent.\n\
         pub const PALACE_DANGER: i32 = {};\n\
         \n\
         /// Threats, per victim class (soldier 1, advisor/elephant 2, horse/cannon/face-down 3,\n\
         /// chariot 4): attacked by a piece of a lower class, or attacked and undefended.\n\
         pub const THREAT_BY_LOWER: [i32; 5] = [{}];\n\
         pub const THREAT_HANGING: [i32; 5] = [{}];\n\
         \n\
         /// Side to move bonus.\n\
         pub const TEMPO: i32 = {};\n\
         \n\
         /// Pins against the general, per class of the pinned piece (soldier 1, advisor/elephant 2,\n\
         /// horse/cannon/face-down 3, chariot 4): the only piece between an enemy chariot and our\n\
         /// general, or one of the two between an enemy cannon and it (middlegame and endgame).\n\
         pub const PINNED_BY_CHARIOT: [i32; 5] = [{}];\n\
         pub const PINNED_BY_CANNON: [i32; 5] = [{}];\n\
         /// An enemy piece that would give check by moving off the line: the only piece between its\n\
         /// chariot and our general, or one of the two between its cannon and it.\n\
         pub const DISCOVERED_CHECK: [i32; 2] = [{}];\n\
         \n\
         /// Per enemy chariot, horse and cannon across the river (in that order), per advisor of ours\n\
         /// missing from home, and per elephant (middlegame only).\n\
         pub const MISSING_ADVISOR_AGAINST: [i32; 3] = [{}];\n\
         pub const MISSING_ELEPHANT_AGAINST: [i32; 3] = [{}];\n\
         /// A piece of ours that none of ours defends, per class (attacked or not).\n\
         pub const LOOSE: [i32; 5] = [{}];\n",
        w.int(CHARIOT_MOB),
        w.int(CANNON_MOB),
        w.int(HORSE_MOB),
        w.int(HORSE_TRAP),
        w.int(ATTACKER_MISSING),
        w.int(EMPTY_HEAD),
        w.int(CENTRAL),
        w.int(PALACE),
        w.row5(THREAT_LOWER),
        w.row5(THREAT_HANG),
        w.int(TEMPO_W),
        w.row5(PIN_CHARIOT),
        w.row5(PIN_CANNON),
        w.row(DISCOVERED, 2),
        w.row(MISSING_ADVISOR, 3),
        w.row(MISSING_ELEPHANT, 3),
        w.row5(LOOSE_W),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate, evaluate_with};
    use crate::params::{JIEQI, XIANGQI};
    use jieqi_rules::{FamilyGame, Jieqi, Seed};

    /// Positions from random playouts of both variants, with the Jieqi views' pools.
    fn playout_positions() -> Vec<(Position, Option<Pool>)> {
        let mut out = Vec::new();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) as usize % n
        };
        for g in 0..12 {
            let mut pos = Position::startpos();
            for _ in 0..(20 + g * 8) {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[next(legal.len())]);
                out.push((pos.clone(), None));
            }
            let mut game = Jieqi::from_seed(Seed(77 + g as u64));
            for _ in 0..(20 + g * 8) {
                let legal = game.legal_moves();
                if legal.is_empty() || game.is_over() {
                    break;
                }
                game.play(legal[next(legal.len())]).unwrap();
                let view = game.view(game.turn());
                out.push((view.position.clone(), Some(view.pool)));
                out.push((view.position.clone(), None));
            }
        }
        out
    }

    #[test]
    fn features_times_weights_is_the_evaluation() {
        let (wx, wj) = (default_weights(false), default_weights(true));
        let mut with_pool = 0;
        for (pos, pool) in playout_positions() {
            let f = Features::of(&pos, pool.as_ref());
            match pool {
                None => assert_eq!(
                    f.evaluate(&wx),
                    evaluate(&pos),
                    "{}",
                    pos.to_setup().to_fen()
                ),
                Some(pool) => {
                    // The search's mean face-down value is rounded per side.
                    let hidden = Unseen::from_pool(&pool, JIEQI.hidden_bonus).values;
                    let real = evaluate_with(&pos, &hidden);
                    let e = f.evaluate(&wj);
                    assert!((e - real).abs() <= 16, "{e} {real}");
                    with_pool += 1;
                }
            }
        }
        assert!(with_pool > 100);
    }

    #[test]
    fn the_linear_sample_agrees_with_the_features() {
        let mut in_danger = 0;
        for (pos, pool) in playout_positions().into_iter().step_by(7) {
            let f = Features::of(&pos, pool.as_ref());
            in_danger += (f.danger != [0, 0]) as usize;
            let s = f.sample(0.5);
            // The engine's weights, and the palace danger scaled to two and a half times.
            for palace in [None, Some(250.0)] {
                let mut w = default_weights(pool.is_some());
                if let Some(p) = palace {
                    w[PALACE] = p;
                }
                let red = if pos.turn() == Side::Red { 1 } else { -1 } * f.evaluate(&w);
                let (e, _) = s.eval(&w);
                // Integer division (by the phase and the divisor) against exact arithmetic.
                assert!((e - red as f64).abs() <= 16.0, "{e} {red}");
            }
        }
        assert!(
            in_danger > 0,
            "no playout position has a palace under attack"
        );
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let w = default_weights(true);
        let samples: Vec<Sample> = playout_positions()
            .iter()
            .enumerate()
            .map(|(i, (p, pool))| Features::of(p, pool.as_ref()).sample((i % 3) as f32 / 2.0))
            .collect();
        let k = 0.8;
        let g = gradient(&samples, &w, k);
        for i in [
            MAT_MG + Role::Chariot as usize,
            MAT_EG + Role::Horse as usize,
            SHAPE + Role::Cannon as usize * 90 + 70,
            SOLDIER_MG + 22,
            CHARIOT_MOB,
            THREAT_HANG + 3,
            TEMPO_W,
            HIDDEN_BON,
            PALACE,
        ] {
            let h = 1e-3;
            let mut up = w.clone();
            up[i] += h;
            let mut down = w.clone();
            down[i] -= h;
            let numeric = (mse(&samples, &up, k) - mse(&samples, &down, k)) / (2.0 * h);
            assert!(
                (numeric - g[i]).abs() <= 1e-6 + 1e-3 * numeric.abs(),
                "weight {i}: {numeric} vs {}",
                g[i]
            );
        }
    }

    #[test]
    fn k_fits_a_tiny_dataset() {
        // Results that follow a logistic curve with K = 1 exactly are fitted back near 1.
        let mut samples = Vec::new();
        for e in (-600..=600).step_by(50) {
            let p = sigmoid(1.0, e as f64);
            for (result, weight) in [(1.0, p), (0.0, 1.0 - p)] {
                for _ in 0..(weight * 20.0).round() as usize {
                    samples.push(Sample {
                        coefs: vec![(TEMPO_W as u16 + 1, e as f32)],
                        scale_up: 1.0,
                        scale_down: 1.0,
                        stm: 0.0,
                        result,
                    });
                }
            }
        }
        let mut w = vec![0.0; N_WEIGHTS];
        w[TEMPO_W + 1] = 1.0;
        let k = fit_k(&samples, &w);
        assert!((0.8..1.25).contains(&k), "{k}");
        assert!(mse(&samples, &w, k) < mse(&samples, &w, 3.0));
    }

    #[test]
    fn tuning_lowers_the_error() {
        let w = default_weights(true);
        let samples: Vec<Sample> = playout_positions()
            .iter()
            .map(|(p, pool)| {
                // A made-up label that favours the side with more chariots.
                let f = Features::of(p, pool.as_ref());
                let c = Role::Chariot as usize;
                let d = f.mg[0][MAT_MG + c] - f.mg[1][MAT_MG + c];
                f.sample(if d > 0.0 {
                    1.0
                } else if d < 0.0 {
                    0.0
                } else {
                    0.5
                })
            })
            .collect();
        let k = fit_k(&samples, &w);
        let mask = tunable(&samples, &GROUPS);
        let settings = TuneSettings {
            k,
            iterations: 100,
            rate: 2.0,
        };
        let (tuned, _) = tune(&samples, &[], &w, &mask, settings, &mut |_, _, _| {});
        assert!(mse(&samples, &tuned, k) < mse(&samples, &w, k));
        // Early stopping: against held-out samples labelled the other way round, the start
        // is the best there is.
        let flipped: Vec<Sample> = samples
            .iter()
            .map(|s| Sample {
                result: 1.0 - s.result,
                ..s.clone()
            })
            .collect();
        let (kept, at) = tune(&samples, &flipped, &w, &mask, settings, &mut |_, _, _| {});
        assert_eq!((kept, at), (w.clone(), 0));
        assert_eq!(tuned[MAT_MG + Role::General as usize], w[MAT_MG + 1]);
    }

    #[test]
    fn a_table_point_seen_on_one_side_only_moves_with_its_mirror() {
        // One feature: an elephant (table 3) on file d of the first rank, never on file f.
        let d = SHAPE + Role::Elephant as usize * 90 + 3;
        let f = mirror(d);
        assert_ne!(d, f);
        let sample = |result| Sample {
            coefs: vec![(d as u16, 1.0)],
            scale_up: 1.0,
            scale_down: 1.0,
            stm: 1.0,
            result,
        };
        let samples = vec![sample(1.0), sample(0.9)];
        let mask = tunable(&samples, &["pst"]);
        assert!(mask[d] && mask[f]);
        let w = default_weights(true);
        let settings = TuneSettings {
            k: 1.0,
            iterations: 20,
            rate: 1.0,
        };
        let (tuned, _) = tune(&samples, &[], &w, &mask, settings, &mut |_, _, _| {});
        assert!(tuned[d] > w[d], "{} -> {}", w[d], tuned[d]);
        assert_eq!(tuned[d], tuned[f]);
    }

    #[test]
    fn the_default_weights_render_as_their_files() {
        for (jieqi, file) in [
            (false, include_str!("weights.rs")),
            (true, include_str!("weights_jieqi.rs")),
        ] {
            // The note: the header's lines after its first four, up to the first blank line.
            let note: Vec<&str> = file
                .lines()
                .skip(4)
                .take_while(|l| !l.is_empty())
                .filter_map(|l| l.strip_prefix("//! "))
                .collect();
            let w = default_weights(jieqi);
            assert_eq!(
                render_weights(
                    &w,
                    &note.join(
                        "
"
                    ),
                    jieqi
                ),
                file
            );
        }
        // What the engine compiled.
        assert_eq!(XIANGQI.pst_chariot, crate::weights::PST_CHARIOT);
        assert_eq!(JIEQI.hidden_bonus, crate::weights_jieqi::HIDDEN_BONUS);
    }

    #[test]
    fn the_default_tables_are_symmetric() {
        for jieqi in [false, true] {
            let w = default_weights(jieqi);
            for i in SHAPE..CHARIOT_MOB {
                assert_eq!(w[i], w[mirror(i)], "{i}");
            }
        }
    }
}
