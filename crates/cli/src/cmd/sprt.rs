//! The sequential probability ratio test of `match --sprt ELO0,ELO1 [--alpha A] [--beta B]`
//! and `match-report --sprt …`: does A play ELO1 stronger than B (H1) or only ELO0 (H0)?
//!
//! The test runs on pentanomial pair results, as fishtest (Stockfish) and Pikafish's framework
//! run theirs: a pair of colour-swapped games scores x ∈ {0, ¼, ½, ¾, 1} (A's points / 2), and
//! after each complete pair the log-likelihood ratio of H1 against H0 is compared with the
//! bounds: at or above ln((1−β)/α) H1 is accepted, at or below ln(β/(1−α)) H0 is (defaults
//! α = β = 0.05: ±2.94). Elo is logistic: the bound ELO has the expected pair score
//! s = 1/(1 + 10^(−ELO/400)).
//!
//! The LLR is fishtest's exact generalized SPRT (`LLRcalc.LLR_logistic`), not its normal
//! approximation N·(s1−s0)·(2μ̂−s0−s1)/(2σ̂²): with the N pairs' frequencies p̂ᵢ, each
//! hypothesis s gets the distribution closest to p̂ among those with mean s (the maximum
//! likelihood estimate under that constraint, pᵢ = p̂ᵢ/(1 + x·(xᵢ−s)), x the root of
//! Σ p̂ᵢ(xᵢ−s)/(1 + x·(xᵢ−s)) = 0, found by bisection), and LLR = N·Σ p̂ᵢ·ln(p¹ᵢ/p⁰ᵢ). The
//! two agree closely while the results are balanced (they are checked against each other in
//! the tests), but only the exact one stays sane where our matches often are: lopsided.
//! Between two levels far apart every pair may be a sweep, σ̂² is 0 (the approximation
//! divides by it) or nearly so (with a small regularisation the approximation jumps past any
//! bound after one pair), while the exact LLR grows by about ln(s1/s0) per sweep, as a
//! coin-flip likelihood ratio would.
//!
//! Degenerate cases: before the first complete pair the LLR is 0. Pair outcomes never seen
//! count 0.001 times (fishtest's regularisation), so that every hypothesis keeps a
//! distribution with its mean and the LLR stays finite; it changes the LLR by about a
//! thousandth.
//!
//! The test is sequential in pair order: pair k counts once pairs 1…k are all complete, and
//! the test stops at the first pair whose LLR crosses a bound, whatever order the games
//! finished in. A match played in parts (`--first-pair`, with the earlier parts' game lines
//! as `--prior`) therefore stops at the pair a match played in one go would stop at, and
//! `match-report --sprt` finds that pair again from the game lines.

use std::collections::BTreeMap;

use super::match_stats::GameScore;
use crate::args::SprtArgs;
use crate::text::excerpt;

/// Pair outcomes never seen count this many times (fishtest's regularisation).
const UNSEEN: f64 = 1e-3;
/// The Elo bounds a test may name: beyond them a score of 1 or 0 is all but certain.
const MAX_ELO: f64 = 2000.0;

/// The hypotheses and error rates of one test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Which hypothesis a test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    H0,
    H1,
}

/// The expected score of a player `elo` logistic Elo stronger: 1/(1 + 10^(−elo/400)).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// `--sprt ELO0,ELO1 [--alpha A] [--beta B]`, or `None` without `--sprt`.
    pub fn from_args(args: &SprtArgs) -> Result<Option<Sprt>, String> {
        let Some(text) = args.sprt.as_deref() else {
            if args.alpha.is_some() || args.beta.is_some() {
                return Err("--alpha and --beta need --sprt ELO0,ELO1".into());
            }
            return Ok(None);
        };
        let bad = || {
            format!(
                "--sprt '{}' is not ELO0,ELO1 (two Elo numbers, ELO0 < ELO1, e.g. 0,10)",
                excerpt(text)
            )
        };
        let (e0, e1) = text.split_once(',').ok_or_else(bad)?;
        let elo = |t: &str| -> Result<f64, String> {
            let v: f64 = t.trim().parse().map_err(|_| bad())?;
            if v.is_finite() && v.abs() <= MAX_ELO {
                Ok(v)
            } else {
                Err(format!(
                    "--sprt: Elo {} is outside -{MAX_ELO}..{MAX_ELO}",
                    excerpt(t)
                ))
            }
        };
        let (elo0, elo1) = (elo(e0)?, elo(e1)?);
        if elo0 >= elo1 {
            return Err(bad());
        }
        let rate = |flag: &str, value: &Option<String>| -> Result<f64, String> {
            match value {
                None => Ok(0.05),
                Some(t) => match t.trim().parse::<f64>() {
                    Ok(v) if v > 0.0 && v < 1.0 => Ok(v),
                    _ => Err(format!(
                        "--{flag} '{}' is not an error rate between 0 and 1 (e.g. 0.05)",
                        excerpt(t)
                    )),
                },
            }
        };
        let (alpha, beta) = (rate("alpha", &args.alpha)?, rate("beta", &args.beta)?);
        if alpha + beta >= 1.0 {
            return Err("--alpha and --beta must add up to less than 1".into());
        }
        Ok(Some(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        }))
    }

    /// The bound at or below which H0 is accepted: ln(β/(1−α)).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The bound at or above which H1 is accepted: ln((1−β)/α).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 after pairs counted by A's points in them
    /// (0, ½, 1, 1½, 2).
    pub fn llr(&self, pentanomial: &[usize; 5]) -> f64 {
        llr(
            pentanomial,
            expected_score(self.elo0),
            expected_score(self.elo1),
        )
    }

    /// The hypothesis `llr` accepts, if it reaches a bound.
    pub fn verdict(&self, llr: f64) -> Option<Hypothesis> {
        if llr >= self.upper() {
            Some(Hypothesis::H1)
        } else if llr <= self.lower() {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// `Elo0 0, Elo1 10, alpha 0.05, beta 0.05`.
    fn settings(&self) -> String {
        format!(
            "Elo0 {}, Elo1 {}, alpha {}, beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }

    /// `(bounds -2.94, 2.94)`.
    fn bounds(&self) -> String {
        format!("(bounds {:.2}, {:.2})", self.lower(), self.upper())
    }
}

/// The generalized LLR of mean pair score `s1` against `s0` (both in (0, 1)) for the
/// pentanomial counts; 0 without pairs.
pub fn llr(pentanomial: &[usize; 5], s0: f64, s1: f64) -> f64 {
    if pentanomial.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let counts = pentanomial.map(|c| if c == 0 { UNSEEN } else { c as f64 });
    let n: f64 = counts.iter().sum();
    let observed = counts.map(|c| c / n);
    let (p0, p1) = (
        constrained_mle(&observed, s0),
        constrained_mle(&observed, s1),
    );
    n * (0..5)
        .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
        .sum::<f64>()
}

/// The pair score of outcome `i` (A's points i/2 in the pair, halved).
fn pair_score(i: usize) -> f64 {
    i as f64 / 4.0
}

/// The distribution of the largest likelihood for `observed` (every cell above 0) among those
/// with mean `s` (0 < s < 1): pᵢ = p̂ᵢ/(1 + x·(xᵢ−s)), with x the root of the secular
/// equation Σ p̂ᵢ·(xᵢ−s)/(1 + x·(xᵢ−s)) = 0 on (−1/(1−s), 1/s), where every pᵢ is positive.
/// The left side falls strictly from +∞ to −∞ on that interval: bisection finds the root.
fn constrained_mle(observed: &[f64; 5], s: f64) -> [f64; 5] {
    let d: [f64; 5] = std::array::from_fn(|i| pair_score(i) - s);
    let secular = |x: f64| -> f64 { (0..5).map(|i| observed[i] * d[i] / (1.0 + x * d[i])).sum() };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if secular(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    std::array::from_fn(|i| observed[i] / (1.0 + x * d[i]))
}

/// The state of a test fed game by game, in any order: pairs count in pair order, from the
/// first pair it was started at.
#[derive(Clone, Debug)]
pub struct Sequential {
    sprt: Sprt,
    /// The next pair to count (0-based).
    next: usize,
    /// Finished games of pairs not yet counted: pair → A's points in its two games.
    waiting: BTreeMap<usize, [Option<f64>; 2]>,
    pentanomial: [usize; 5],
    llr: f64,
    /// The accepted hypothesis and the number of pairs it was accepted after.
    decided: Option<(Hypothesis, usize)>,
    /// Pairs that were complete after the decision, not counted.
    ignored: usize,
}

/// What one counted pair did to the test.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// 1-based.
    pub pair: usize,
    pub llr: f64,
}

impl Sequential {
    /// A test that counts pairs from pair 1.
    pub fn new(sprt: Sprt) -> Sequential {
        Sequential {
            sprt,
            next: 0,
            waiting: BTreeMap::new(),
            pentanomial: [0; 5],
            llr: 0.0,
            decided: None,
            ignored: 0,
        }
    }

    pub fn sprt(&self) -> &Sprt {
        &self.sprt
    }

    /// Pairs counted so far.
    pub fn pairs(&self) -> usize {
        self.next
    }

    pub fn llr(&self) -> f64 {
        self.llr
    }

    pub fn decided(&self) -> Option<(Hypothesis, usize)> {
        self.decided
    }

    /// The first pair not yet complete (1-based), if a finished game is waiting for it or
    /// for a pair before it: the test cannot count past it.
    pub fn gap(&self) -> Option<usize> {
        (!self.waiting.is_empty()).then_some(self.next + 1)
    }

    /// Adds one finished game; the pairs it let the test count, in order. Games after the
    /// decision change nothing.
    pub fn add(&mut self, game: GameScore) -> Vec<Step> {
        let pair = game.index / 2;
        if self.decided.is_some() || pair < self.next {
            if self.decided.is_some() && pair >= self.next {
                self.note_ignored(game);
            }
            return Vec::new();
        }
        self.waiting.entry(pair).or_default()[game.index % 2] = Some(game.points);
        let mut steps = Vec::new();
        while self.decided.is_none() {
            let Some(&[Some(a), Some(b)]) = self.waiting.get(&self.next) else {
                break;
            };
            self.waiting.remove(&self.next);
            self.pentanomial[((a + b) * 2.0).round().clamp(0.0, 4.0) as usize] += 1;
            self.next += 1;
            self.llr = self.sprt.llr(&self.pentanomial);
            steps.push(Step {
                pair: self.next,
                llr: self.llr,
            });
            if let Some(h) = self.sprt.verdict(self.llr) {
                self.decided = Some((h, self.next));
                // Complete pairs already waiting are past the decision.
                self.ignored += self
                    .waiting
                    .values()
                    .filter(|g| g.iter().all(Option::is_some))
                    .count();
                self.waiting.retain(|_, g| !g.iter().all(Option::is_some));
            }
        }
        steps
    }

    /// Counts a game that arrived after the decision toward the pairs left uncounted.
    fn note_ignored(&mut self, game: GameScore) {
        let slot = self.waiting.entry(game.index / 2).or_default();
        slot[game.index % 2] = Some(game.points);
        if slot.iter().all(Option::is_some) {
            self.waiting.remove(&(game.index / 2));
            self.ignored += 1;
        }
    }

    /// Complete pairs not counted: after the decision, or after a pair still missing.
    pub fn uncounted_pairs(&self) -> usize {
        self.ignored
            + self
                .waiting
                .values()
                .filter(|g| g.iter().all(Option::is_some))
                .count()
    }

    /// `sprt pair 7: LLR 1.23 (bounds -2.94, 2.94)`.
    pub fn step_line(&self, step: &Step) -> String {
        format!(
            "sprt pair {}: LLR {:.2} {}",
            step.pair,
            step.llr,
            self.sprt.bounds()
        )
    }

    /// `sprt (Elo0 0, Elo1 10, alpha 0.05, beta 0.05): H1 accepted after 7 pairs, LLR 3.01
    /// (bounds -2.94, 2.94)`, or `no decision after N pairs`.
    pub fn verdict_line(&self) -> String {
        let (what, pairs) = match self.decided {
            Some((Hypothesis::H1, n)) => ("H1 accepted", n),
            Some((Hypothesis::H0, n)) => ("H0 accepted", n),
            None => ("no decision", self.next),
        };
        let mut line = format!(
            "sprt ({}): {what} after {pairs} pair{}, LLR {:.2} {}",
            self.sprt.settings(),
            if pairs == 1 { "" } else { "s" },
            self.llr,
            self.sprt.bounds()
        );
        let uncounted = self.uncounted_pairs();
        if uncounted > 0 {
            let why = match self.decided {
                Some(_) => "past the decision".to_string(),
                None => format!("pair {} is incomplete", self.next + 1),
            };
            line.push_str(&format!(
                "; {uncounted} later complete pair{} not counted ({why})",
                if uncounted == 1 { "" } else { "s" }
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The normal approximation N·(s1−s0)·(2μ̂−s0−s1)/(2σ̂²), for comparison.
    fn approximate(p: &[usize; 5], s0: f64, s1: f64) -> f64 {
        let n = p.iter().sum::<usize>() as f64;
        let mean = (0..5).map(|i| p[i] as f64 * pair_score(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| p[i] as f64 * (pair_score(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        let s = sprt(0.0, 10.0);
        assert!(close(s.upper(), 19f64.ln(), 1e-12));
        assert!(close(s.lower(), -(19f64.ln()), 1e-12));
        let s = Sprt {
            alpha: 0.1,
            beta: 0.2,
            ..s
        };
        assert!(close(s.upper(), (0.8f64 / 0.1).ln(), 1e-12));
        assert!(close(s.lower(), (0.2f64 / 0.9).ln(), 1e-12));
        assert_eq!(s.verdict(s.upper()), Some(Hypothesis::H1));
        assert_eq!(s.verdict(s.lower()), Some(Hypothesis::H0));
        assert_eq!(s.verdict(0.0), None);
    }

    #[test]
    fn two_outcomes_give_the_binomial_ratio() {
        // Only 0-point and 2-point pairs: the constrained MLE is p(1) = s, p(0) = 1 − s, so
        // the LLR is 5·ln(s1/s0) + 3·ln((1−s1)/(1−s0)) by hand, up to the regularisation of
        // the three empty cells.
        let (s0, s1) = (0.5, expected_score(100.0));
        let by_hand = 5.0 * (s1 / s0).ln() + 3.0 * ((1.0 - s1) / (1.0 - s0)).ln();
        let got = sprt(0.0, 100.0).llr(&[3, 0, 0, 0, 5]);
        assert!(close(got, by_hand, 1e-3), "{got} vs {by_hand}");
    }

    #[test]
    fn matches_fishtest_values() {
        // Fishtest's LLR_logistic for these pentanomials (computed by an independent
        // transcription of LLRcalc.py with bisection for brentq).
        let cases: [(f64, f64, [usize; 5], f64); 6] = [
            (0.0, 5.0, [1000, 6000, 10000, 6500, 1200], 18.188_057_523_3),
            (0.0, 5.0, [1200, 6500, 10000, 6000, 1000], -41.855_667_198_1),
            (0.0, 200.0, [0, 0, 0, 0, 1], 0.418_890_124_3),
            (0.0, 200.0, [0, 0, 0, 0, 7], 2.929_161_894_9),
            (0.0, 10.0, [0, 0, 5, 0, 0], -0.140_506_862_3),
            (0.0, 200.0, [1, 2, 3, 4, 5], 1.032_484_781_1),
        ];
        for (e0, e1, p, want) in cases {
            let got = sprt(e0, e1).llr(&p);
            assert!(close(got, want, 1e-6), "{p:?}: {got} vs {want}");
        }
    }

    #[test]
    fn the_exact_llr_agrees_with_the_normal_approximation_when_results_are_balanced() {
        let p = [1000, 6000, 10000, 6500, 1200];
        let (s0, s1) = (expected_score(0.0), expected_score(5.0));
        let exact = llr(&p, s0, s1);
        let approx = approximate(&p, s0, s1);
        assert!(
            close(exact, approx, 0.05 * approx.abs()),
            "{exact} {approx}"
        );
    }

    #[test]
    fn sign_and_monotonicity() {
        let s = sprt(0.0, 20.0);
        // Symmetric results score exactly Elo0's 50%: H0 is favoured.
        assert!(s.llr(&[10, 20, 40, 20, 10]) < 0.0);
        // Centred between the two: about 0.
        let mid = sprt(-10.0, 10.0).llr(&[10, 20, 40, 20, 10]);
        assert!(close(mid, 0.0, 1e-9), "{mid}");
        // Better results for A raise the LLR; more of the same results scale it.
        let mut last = f64::NEG_INFINITY;
        for wins in 0..10 {
            let l = s.llr(&[5, 5, 10, 5, 5 + wins]);
            assert!(l > last, "{wins}: {l} after {last}");
            last = l;
        }
        let one = s.llr(&[1, 2, 4, 3, 2]);
        let ten = s.llr(&[10, 20, 40, 30, 20]);
        assert!(ten > one && one > 0.0, "{one} {ten}");
        // Swapping A's and B's results flips the sign of a symmetric test.
        let sym = sprt(-10.0, 10.0);
        let a = sym.llr(&[1, 2, 4, 3, 2]);
        let b = sym.llr(&[2, 3, 4, 2, 1]);
        assert!(close(a, -b, 1e-9), "{a} {b}");
    }

    #[test]
    fn degenerate_results_stay_finite() {
        let s = sprt(0.0, 200.0);
        assert_eq!(s.llr(&[0; 5]), 0.0);
        // A sweep: each pair adds about ln(s1/s0), never a jump past the bound.
        let per_pair = (expected_score(200.0) / 0.5).ln();
        for n in 1..=10 {
            let l = s.llr(&[0, 0, 0, 0, n]);
            assert!(l.is_finite());
            assert!(close(l, n as f64 * per_pair, 0.01 * n as f64), "{n}: {l}");
        }
        // Seven sweeps are not enough at α = β = 0.05, eight are.
        assert_eq!(s.verdict(s.llr(&[0, 0, 0, 0, 7])), None);
        assert_eq!(s.verdict(s.llr(&[0, 0, 0, 0, 8])), Some(Hypothesis::H1));
        // All lost, all drawn: finite, and H0 is favoured.
        assert!(s.llr(&[8, 0, 0, 0, 0]) < s.lower());
        let draws = s.llr(&[0, 0, 30, 0, 0]);
        assert!(draws.is_finite() && draws < 0.0, "{draws}");
    }

    fn game(index: usize, points: f64) -> GameScore {
        GameScore { index, points }
    }

    #[test]
    fn pairs_count_in_order_whatever_order_games_finish_in() {
        let mut t = Sequential::new(sprt(0.0, 200.0));
        // Pair 2 finishes first: nothing counts until pair 1 is complete.
        assert!(t.add(game(2, 1.0)).is_empty());
        assert!(t.add(game(3, 1.0)).is_empty());
        assert!(t.add(game(0, 1.0)).is_empty());
        assert_eq!(t.gap(), Some(1));
        let steps = t.add(game(1, 0.5));
        assert_eq!(steps.iter().map(|s| s.pair).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(t.pairs(), 2);
        assert!(close(t.llr(), t.sprt().llr(&[0, 0, 0, 1, 1]), 1e-12));
        assert_eq!(t.gap(), None);
        assert!(
            t.step_line(&steps[1]).starts_with("sprt pair 2: LLR 0.")
                && t.step_line(&steps[1]).ends_with("(bounds -2.94, 2.94)"),
            "{}",
            t.step_line(&steps[1])
        );
    }

    #[test]
    fn the_test_stops_at_the_first_pair_past_a_bound() {
        let mut t = Sequential::new(sprt(0.0, 200.0));
        // Pair 10 (games 18, 19) finishes early, then pairs 1–9 are sweeps.
        t.add(game(18, 1.0));
        t.add(game(19, 1.0));
        for i in 0..18 {
            t.add(game(i, 1.0));
        }
        assert_eq!(t.decided(), Some((Hypothesis::H1, 8)));
        assert_eq!(t.pairs(), 8);
        // Pairs 9 and 10 are past the decision; a later game changes nothing.
        assert!(t.add(game(20, 0.0)).is_empty());
        assert!(t.add(game(21, 0.0)).is_empty());
        assert_eq!(t.uncounted_pairs(), 3);
        let line = t.verdict_line();
        assert!(
            line.starts_with(
                "sprt (Elo0 0, Elo1 200, alpha 0.05, beta 0.05): H1 accepted after 8 pairs, LLR 3.35 (bounds -2.94, 2.94)"
            ),
            "{line}"
        );
        assert!(
            line.ends_with("; 3 later complete pairs not counted (past the decision)"),
            "{line}"
        );
    }

    #[test]
    fn no_decision_and_a_missing_pair() {
        let mut t = Sequential::new(sprt(0.0, 10.0));
        t.add(game(0, 1.0));
        t.add(game(1, 0.0));
        // Pair 2 lacks its second game; pair 3 is complete but cannot count.
        t.add(game(2, 1.0));
        t.add(game(4, 0.5));
        t.add(game(5, 0.5));
        assert_eq!(t.decided(), None);
        assert_eq!(t.pairs(), 1);
        assert_eq!(t.gap(), Some(2));
        let line = t.verdict_line();
        assert!(line.contains(": no decision after 1 pair, LLR "), "{line}");
        assert!(
            line.ends_with("; 1 later complete pair not counted (pair 2 is incomplete)"),
            "{line}"
        );
    }

    #[test]
    fn settings_are_read_and_checked() {
        use clap::Parser;
        #[derive(Debug, Parser)]
        struct Flags {
            #[command(flatten)]
            sprt: SprtArgs,
        }
        let read = |flags: &[&str]| {
            let args = std::iter::once("t").chain(flags.iter().copied());
            Sprt::from_args(&Flags::try_parse_from(args).unwrap().sprt)
        };
        assert_eq!(read(&[]), Ok(None));
        assert_eq!(read(&["--sprt", "0,10"]), Ok(Some(sprt(0.0, 10.0))));
        assert_eq!(
            read(&["--sprt", "-5,2.5", "--alpha", "0.1", "--beta", "0.2"]),
            Ok(Some(Sprt {
                elo0: -5.0,
                elo1: 2.5,
                alpha: 0.1,
                beta: 0.2
            }))
        );
        for bad in [
            &["--sprt", "10,0"][..],
            &["--sprt", "5,5"],
            &["--sprt", "0"],
            &["--sprt", "a,b"],
            &["--sprt", "0,inf"],
            &["--sprt", "0,NaN"],
            &["--sprt", "0,5000"],
            &["--sprt", "0,10", "--alpha", "0"],
            &["--sprt", "0,10", "--beta", "1"],
            &["--sprt", "0,10", "--alpha", "0.6", "--beta", "0.5"],
            &["--alpha", "0.1"],
        ] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
    }
}
