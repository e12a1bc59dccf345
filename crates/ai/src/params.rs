//! Every tunable number of the engine in one place: piece values, piece-square tables, the
//! weights of the positional terms, and the margins of the search's pruning rules.
//!
//! Values are centipawns (an uncrossed soldier is 100). The material values start from the
//! classic table of seed `001_…`: chariot 9, cannon 4.5, horse 4, advisor and elephant 2,
//! soldier 1 (2 once across the river), with an endgame value beside the middlegame one where
//! the seed says a piece gains or loses strength as the board empties (horses gain, cannons
//! lose, chariots gain).
//!
//! The evaluation's linear weights (material, piece-square tables, mobility, general safety,
//! threats, tempo, the face-down piece) live in `weights.rs` (Xiangqi) and `weights_jieqi.rs`
//! (Jieqi), the files `jieqi-cli tune` writes, gathered here as [`XIANGQI`] and [`JIEQI`]: the
//! two variants may be tuned apart. `HIDDEN_BONUS` there was measured by hand with `jieqi_selfplay` at
//! 20000 nodes a move, 20 games per pair on the same deals: -25 beat 0 (13-7) beat +10 (13-7)
//! beat +40 (13-7); -60 beat -25 (15-5); -100 against -60 10-7 (3 draws); -150 lost to -60
//! (8-12); -80 was kept.

use jieqi_rules::Role;

/// One set of the evaluation's weights, each field the constant of the same name in its file.
#[derive(Debug)]
pub struct EvalWeights {
    pub material_mg: [i32; 8],
    pub material_eg: [i32; 8],
    pub hidden_value: i32,
    pub hidden_bonus: i32,
    pub pst_chariot: [i8; 90],
    pub pst_horse: [i8; 90],
    pub pst_cannon: [i8; 90],
    pub pst_advisor: [i8; 90],
    pub pst_elephant: [i8; 90],
    pub pst_general: [i8; 90],
    pub pst_soldier_mg: [i16; 90],
    pub pst_soldier_eg: [i16; 90],
    pub chariot_mobility: i32,
    pub cannon_mobility: i32,
    pub horse_mobility: i32,
    pub horse_trapped: i32,
    pub attacker_per_missing_defender: i32,
    pub empty_head_cannon: i32,
    pub central_cannon: i32,
    pub palace_danger: i32,
    pub threat_by_lower: [i32; 5],
    pub threat_hanging: [i32; 5],
    pub tempo: i32,
    pub pinned_by_chariot: [i32; 5],
    pub pinned_by_cannon: [i32; 5],
    pub discovered_check: [i32; 2],
    pub missing_advisor_against: [i32; 3],
    pub missing_elephant_against: [i32; 3],
    pub loose: [i32; 5],
}

macro_rules! weights_of {
    ($m:ident) => {
        EvalWeights {
            material_mg: crate::$m::MATERIAL_MG,
            material_eg: crate::$m::MATERIAL_EG,
            hidden_value: crate::$m::HIDDEN_VALUE,
            hidden_bonus: crate::$m::HIDDEN_BONUS,
            pst_chariot: crate::$m::PST_CHARIOT,
            pst_horse: crate::$m::PST_HORSE,
            pst_cannon: crate::$m::PST_CANNON,
            pst_advisor: crate::$m::PST_ADVISOR,
            pst_elephant: crate::$m::PST_ELEPHANT,
            pst_general: crate::$m::PST_GENERAL,
            pst_soldier_mg: crate::$m::PST_SOLDIER_MG,
            pst_soldier_eg: crate::$m::PST_SOLDIER_EG,
            chariot_mobility: crate::$m::CHARIOT_MOBILITY,
            cannon_mobility: crate::$m::CANNON_MOBILITY,
            horse_mobility: crate::$m::HORSE_MOBILITY,
            horse_trapped: crate::$m::HORSE_TRAPPED,
            attacker_per_missing_defender: crate::$m::ATTACKER_PER_MISSING_DEFENDER,
            empty_head_cannon: crate::$m::EMPTY_HEAD_CANNON,
            central_cannon: crate::$m::CENTRAL_CANNON,
            palace_danger: crate::$m::PALACE_DANGER,
            threat_by_lower: crate::$m::THREAT_BY_LOWER,
            threat_hanging: crate::$m::THREAT_HANGING,
            tempo: crate::$m::TEMPO,
            pinned_by_chariot: crate::$m::PINNED_BY_CHARIOT,
            pinned_by_cannon: crate::$m::PINNED_BY_CANNON,
            discovered_check: crate::$m::DISCOVERED_CHECK,
            missing_advisor_against: crate::$m::MISSING_ADVISOR_AGAINST,
            missing_elephant_against: crate::$m::MISSING_ELEPHANT_AGAINST,
            loose: crate::$m::LOOSE,
        }
    };
}

/// The Xiangqi evaluation's weights (`weights.rs`).
pub const XIANGQI: EvalWeights = weights_of!(weights);
/// The Jieqi evaluation's weights (`weights_jieqi.rs`).
pub const JIEQI: EvalWeights = weights_of!(weights_jieqi);

impl EvalWeights {
    /// [`JIEQI`] or [`XIANGQI`].
    pub const fn of(jieqi: bool) -> &'static EvalWeights {
        if jieqi { &JIEQI } else { &XIANGQI }
    }

    /// The shape table of a role (not the soldier's).
    pub const fn shape(&self, role: Role) -> &[i8; 90] {
        match role {
            Role::Chariot => &self.pst_chariot,
            Role::Horse => &self.pst_horse,
            Role::Cannon => &self.pst_cannon,
            Role::Advisor => &self.pst_advisor,
            Role::Elephant => &self.pst_elephant,
            Role::General | Role::Soldier => &self.pst_general,
        }
    }
}

/// Game phase weight per role; the start position has `PHASE_MAX` in total.
pub const PHASE_WEIGHT: [i32; 8] = [0, 0, 0, 0, 3, 6, 3, 0];
pub const PHASE_MAX: i32 = 2 * (2 * 3 + 2 * 6 + 2 * 3);

/// Rough values for move ordering (MVV-LVA), per role.
pub const ORDER_VALUE: [i32; 8] = [0, 5000, 200, 200, 400, 900, 450, 150];

/// Multiplier applied to the "shape" piece-square tables below (which come in small units).
pub const PST_SCALE: i32 = 3;

/// Attacks on the enemy palace (its nine points), per role indexed by `Role as usize`: each
/// attacker's weight, per hit point, less per advisor or elephant at home; the danger's
/// square over `KING_DANGER_DIV` is the penalty (middlegame), at most `KING_DANGER_MAX`,
/// scaled by the tuned `PALACE_DANGER` (percent) of each variant's weights.
pub const KING_ATTACK_WEIGHT: [i32; 8] = [0, 0, 0, 0, 30, 40, 30, 15];
pub const KING_ATTACK_HIT: i32 = 10;
pub const KING_DEFENDER: i32 = 15;
pub const KING_DANGER_DIV: i32 = 128;
pub const KING_DANGER_MAX: i32 = 500;

/// A side without attacking material (no chariot, horse, cannon or soldier) cannot mate: its
/// advantage is divided by this.
pub const NO_ATTACKERS_DIVISOR: i32 = 8;

// ---- Search ----

/// Reverse futility pruning: at depth `d` (≤ `RFP_DEPTH`) a node whose static evaluation
/// exceeds beta by `RFP_MARGIN * d` is cut.
pub const RFP_DEPTH: i32 = 6;
pub const RFP_MARGIN: i32 = 90;

/// Futility pruning of quiet moves whose depth after their late move reduction is at most
/// `FUTILITY_DEPTH`, with a margin of `FUTILITY_MARGIN` per ply of that depth.
pub const FUTILITY_DEPTH: i32 = 3;
pub const FUTILITY_MARGIN: i32 = 120;

/// Late move pruning: at depth ≤ `LMP_DEPTH`, quiet moves after `LMP_BASE + d*d*LMP_FACTOR`
/// of them (twice as many while the evaluation improves).
pub const LMP_BASE: usize = 3;
pub const LMP_FACTOR: usize = 1;
pub const LMP_DEPTH: i32 = 6;

/// Quiet moves whose ordering score (history plus continuation histories) is below
/// `-HISTORY_PRUNE * depth` are skipped at or below `HISTORY_PRUNE_DEPTH` off the PV.
pub const HISTORY_PRUNE_DEPTH: i32 = 3;
pub const HISTORY_PRUNE: i32 = 4000;

/// Null-move pruning: minimum depth, base reduction, extra reduction per `NULL_DEPTH_DIV` plies.
pub const NULL_MIN_DEPTH: i32 = 3;
pub const NULL_BASE_REDUCTION: i32 = 3;
pub const NULL_DEPTH_DIV: i32 = 4;
/// The null move is reduced one more ply per `NULL_EVAL_DIV` the evaluation stands above beta,
/// at most `NULL_EVAL_MAX` more.
pub const NULL_EVAL_DIV: i32 = 200;
pub const NULL_EVAL_MAX: i32 = 2;

/// Razoring: at depth ≤ `RAZOR_DEPTH`, an evaluation `RAZOR_MARGIN * depth` below alpha drops
/// into quiescence, and the node fails low if that does.
pub const RAZOR_DEPTH: i32 = 2;
pub const RAZOR_MARGIN: i32 = 250;

/// Late move reductions: `LMR_BASE + ln(depth) * ln(moves) / LMR_DIV`.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIV: f64 = 2.25;
pub const LMR_MIN_DEPTH: i32 = 3;
/// A quiet move's reduction shrinks by one per this much of its ordering score (history plus
/// continuation histories) and grows as much for a negative one.
pub const LMR_HISTORY_DIV: i32 = 12000;

/// Singular extensions: from this depth, a table move that beats every other move searched at
/// half depth by `SINGULAR_MARGIN * depth / 8` is extended by one ply.
pub const SINGULAR_MIN_DEPTH: i32 = 8;
pub const SINGULAR_MARGIN: i32 = 12;

/// Losing captures (by exchange evaluation) are skipped at or below this depth off the PV.
pub const BAD_CAPTURE_PRUNE_DEPTH: i32 = 2;

/// Jieqi: a move of a face-down piece is searched as a chance node over its possible
/// identities at the root and wherever the child has at least this depth left; nearer the
/// horizon, and in quiescence, the piece arrives still face-down (see `chance`).
pub const CHANCE_MIN_DEPTH: i32 = 2;

/// Jieqi: a chance node weighs each identity's score capped at this many centipawns either
/// way, unless every identity mates (or is mated): a lead this large wins the game whatever
/// its size, so a mate in one identity of ten counts as a tenth of a decisive lead, not a
/// tenth of a mate score (31,000) — which would outweigh any material a gamble costs.
pub const CHANCE_VALUE_CAP: i32 = 1500;

/// The Jieqi knobs as one value, so that selfplay experiments can vary them
/// ([`crate::Engine::set_jieqi_tuning`]); the default is the constants above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JieqiTuning {
    /// The shallowest depth a chance node is searched at (`CHANCE_MIN_DEPTH` by default).
    pub chance_min_depth: i32,
    /// The Jieqi weights' `HIDDEN_BONUS`.
    pub hidden_bonus: i32,
    /// Settle disagreeing chance children exactly at null-window nodes too (instead of the
    /// estimate).
    pub exact_null_windows: bool,
}

impl JieqiTuning {
    /// Reads knobs for experiments, `d=3,b=-80,x=1` (chance minimum depth, hidden bonus,
    /// exact null windows), over the defaults.
    pub fn from_knobs(text: &str) -> Result<JieqiTuning, String> {
        let mut t = JieqiTuning::default();
        for kv in text.split(',').filter(|kv| !kv.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("knob '{kv}' is not name=value"))?;
            let v: i32 = v
                .parse()
                .map_err(|_| format!("knob '{k}': '{v}' is not a number"))?;
            match k {
                "d" => t.chance_min_depth = v,
                "b" => t.hidden_bonus = v,
                "x" => t.exact_null_windows = v != 0,
                _ => return Err(format!("unknown knob '{k}' (d, b or x)")),
            }
        }
        Ok(t)
    }
}

impl Default for JieqiTuning {
    fn default() -> Self {
        JieqiTuning {
            chance_min_depth: CHANCE_MIN_DEPTH,
            hidden_bonus: JIEQI.hidden_bonus,
            exact_null_windows: false,
        }
    }
}

/// Quiescence delta pruning margin.
pub const DELTA_MARGIN: i32 = 200;

/// Aspiration window: first half-width, from this depth on.
pub const ASPIRATION_WINDOW: i32 = 35;
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Score of a draw (repetition), from the side to move.
pub const DRAW_SCORE: i32 = 0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_override_the_defaults_and_bad_ones_are_errors() {
        assert_eq!(JieqiTuning::from_knobs(""), Ok(JieqiTuning::default()));
        let t = JieqiTuning::from_knobs("d=3,b=-40,x=1").unwrap();
        assert_eq!(
            t,
            JieqiTuning {
                chance_min_depth: 3,
                hidden_bonus: -40,
                exact_null_windows: true,
            }
        );
        for bad in ["d", "d=x", "q=1", "d=1,,b"] {
            assert!(JieqiTuning::from_knobs(bad).is_err(), "{bad}");
        }
    }
}
