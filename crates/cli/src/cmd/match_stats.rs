//! A match's statistics: W-D-L, the score with its 95% interval per game and per pair of
//! colour-swapped games, and the Elo difference they mean. Shared by `match`, which plays the
//! games, and `match-report`, which adds up the game lines of several runs.

use std::collections::BTreeMap;

/// One finished game: its number in the match (0-based; games 2k and 2k+1 form pair k) and
/// A's points in it (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameScore {
    pub index: usize,
    pub points: f64,
}

/// A match's score with its 95% confidence interval, per game and per pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Every game.
    pub all: WinsDrawsLosses,
    /// Complete pairs counted by A's points in them: 0, ½, 1, 1½, 2.
    pub pentanomial: [usize; 5],
    pub pair_score: f64,
    /// Half-width of the 95% interval from the per-pair variance.
    pub pair_margin: f64,
    /// The games A moved first in (Red; Banqi's first seat), then those it moved second in.
    pub by_side: [WinsDrawsLosses; 2],
}

/// A's wins, draws and losses over some games, and its score with the 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinsDrawsLosses {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's mean points per game, 0–1.
    pub score: f64,
    /// Half-width of the 95% interval of `score`, from the per-game variance.
    pub margin: f64,
}

impl WinsDrawsLosses {
    fn of(points: &[f64]) -> WinsDrawsLosses {
        let count = |p: f64| points.iter().filter(|&&s| (s - p).abs() < 0.25).count();
        let (score, margin) = mean_margin(points);
        WinsDrawsLosses {
            wins: count(1.0),
            draws: count(0.5),
            losses: count(0.0),
            score,
            margin,
        }
    }

    /// `W-D-L, score X% ± M%`.
    fn line(&self) -> String {
        format!(
            "{}-{}-{}, score {:.1}% ± {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            self.score * 100.0,
            self.margin * 100.0
        )
    }
}

/// 95% two-sided normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Mean and 95% half-width of samples (population variance over n, as cutechess counts it).
fn mean_margin(samples: &[f64]) -> (f64, f64) {
    if samples.is_empty() {
        return (0.5, 0.0);
    }
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let var = samples.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    (mean, Z95 * (var / n).sqrt())
}

/// The summary of finished games, in any order, each game number at most once. Every game
/// counts in W-D-L and the per-game score; a pair counts once both its games are there (a
/// run cut short may have finished only one of them).
pub fn summarize(games: &[GameScore]) -> Summary {
    let points: Vec<f64> = games.iter().map(|g| g.points).collect();
    // A moves first in the first game of each pair (even game numbers, 0-based).
    let side = |first: bool| -> Vec<f64> {
        games
            .iter()
            .filter(|g| g.index.is_multiple_of(2) == first)
            .map(|g| g.points)
            .collect()
    };
    let pairs: Vec<f64> = pair_points(games).values().map(|p| p / 2.0).collect();
    let mut pentanomial = [0; 5];
    for p in &pairs {
        pentanomial[((p * 4.0).round() as usize).min(4)] += 1;
    }
    let (pair_score, pair_margin) = mean_margin(&pairs);
    Summary {
        all: WinsDrawsLosses::of(&points),
        pentanomial,
        pair_score,
        pair_margin,
        by_side: [
            WinsDrawsLosses::of(&side(true)),
            WinsDrawsLosses::of(&side(false)),
        ],
    }
}

/// A's points (0–2) in each complete pair of `games` (each game number at most once), by
/// pair number (0-based): games 2k and 2k+1 form pair k.
pub fn pair_points(games: &[GameScore]) -> BTreeMap<usize, f64> {
    let mut pairs: BTreeMap<usize, (usize, f64)> = BTreeMap::new();
    for g in games {
        let pair = pairs.entry(g.index / 2).or_default();
        pair.0 += 1;
        pair.1 += g.points;
    }
    pairs
        .into_iter()
        .filter(|(_, (games, _))| *games == 2)
        .map(|(pair, (_, points))| (pair, points))
        .collect()
}

/// How A did in one match against how A did in another on the same openings or deals
/// (`match --seed` alike, the same opponent): pair by pair, so that what the openings or
/// deals give both cancels out.
#[derive(Clone, Debug, PartialEq)]
pub struct PairedDifference {
    /// Pairs complete in both matches.
    pub pairs: usize,
    /// Pairs where A scored more, as much, and less than in the baseline.
    pub better: usize,
    pub alike: usize,
    pub worse: usize,
    /// The mean difference in A's score (points per game, −1 to 1) and its 95% half-width.
    pub diff: f64,
    pub margin: f64,
}

impl PairedDifference {
    /// The difference from the pairs of `baseline` to those of `games`, one element of each
    /// slice a match: the pair numbers of `games[i]` meet those of `baseline[i]` only.
    pub fn of(games: &[Vec<GameScore>], baseline: &[Vec<GameScore>]) -> Self {
        let mut diffs = Vec::new();
        for (now, before) in games.iter().zip(baseline) {
            let before = pair_points(before);
            for (pair, points) in pair_points(now) {
                if let Some(old) = before.get(&pair) {
                    diffs.push((points - old) / 2.0);
                }
            }
        }
        let (diff, margin) = if diffs.is_empty() {
            (0.0, 0.0)
        } else {
            mean_margin(&diffs)
        };
        let count = |keep: fn(f64) -> bool| diffs.iter().filter(|&&d| keep(d)).count();
        PairedDifference {
            pairs: diffs.len(),
            better: count(|d| d > 0.0),
            alike: count(|d| d == 0.0),
            worse: count(|d| d < 0.0),
            diff,
            margin,
        }
    }

    /// `N pairs in both: score +D% ± M% (better in B, alike in S, worse in W)`.
    pub fn line(&self) -> String {
        format!(
            "{} pairs in both: score {:+.1}% ± {:.1}% (better in {}, alike in {}, worse in {})",
            self.pairs,
            self.diff * 100.0,
            self.margin * 100.0,
            self.better,
            self.alike,
            self.worse
        )
    }
}

/// The Elo difference that expects `score` (0–1): −400·log10(1/score − 1).
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// `D ± E`: the Elo of the score, and half the Elo width of the interval score ± margin.
fn elo_text(score: f64, margin: f64) -> String {
    let d = elo(score);
    let e = (elo(score + margin) - elo(score - margin)) / 2.0;
    let show = |x: f64| {
        if x.is_finite() {
            format!("{x:.0}")
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    let e = if e.is_finite() {
        format!("{e:.0}")
    } else {
        "inf".into()
    };
    format!("{} ± {e}", show(d))
}

impl Summary {
    /// `W-D-L, score X% ± M%, Elo diff D ± E`.
    pub fn games_line(&self) -> String {
        let all = &self.all;
        format!(
            "{}, Elo diff {}",
            all.line(),
            elo_text(all.score, all.margin)
        )
    }

    /// `by colour: as Red W-D-L, score X% ± M%; as Black …`, or with `seats` (Banqi, whose
    /// first mover's colour is drawn) `by seat: first …; second …`.
    pub fn sides_line(&self, seats: bool) -> String {
        let (what, first, second) = if seats {
            ("seat", "first", "second")
        } else {
            ("colour", "as Red", "as Black")
        };
        let [a, b] = &self.by_side;
        format!("by {what}: {first} {}; {second} {}", a.line(), b.line())
    }

    /// `N (A's points 0/½/1/1½/2: a b c d e), score X% ± M%, Elo diff D ± E`.
    pub fn pairs_line(&self) -> String {
        let [a, b, c, d, e] = self.pentanomial;
        let n: usize = self.pentanomial.iter().sum();
        format!(
            "{n} (A's points per pair 0/0.5/1/1.5/2: {a} {b} {c} {d} {e}), score {:.1}% ± {:.1}%, Elo diff {}",
            self.pair_score * 100.0,
            self.pair_margin * 100.0,
            elo_text(self.pair_score, self.pair_margin)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games 0, 1, 2, … with these points.
    fn in_order(points: &[f64]) -> Vec<GameScore> {
        points
            .iter()
            .enumerate()
            .map(|(index, &points)| GameScore { index, points })
            .collect()
    }

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn summary_counts_games_and_pairs() {
        // Pairs: (1, 0.5) (0.5, 0.5) (0, 1) (1, 1)
        let points = [1.0, 0.5, 0.5, 0.5, 0.0, 1.0, 1.0, 1.0];
        let s = summarize(&in_order(&points));
        assert_eq!((s.all.wins, s.all.draws, s.all.losses), (4, 3, 1));
        assert!((s.all.score - 0.6875).abs() < 1e-12);
        assert_eq!(s.pentanomial, [0, 0, 2, 1, 1]);
        assert!((s.pair_score - s.all.score).abs() < 1e-12);
        // Per-game variance: mean of squared deviations.
        let var = points.iter().map(|x| (x - 0.6875).powi(2)).sum::<f64>() / 8.0;
        assert!((s.all.margin - Z95 * (var / 8.0).sqrt()).abs() < 1e-12);
        assert!(s.games_line().starts_with("4-3-1, score 68.8% ± "));
        assert!(
            s.pairs_line()
                .starts_with("4 (A's points per pair 0/0.5/1/1.5/2: 0 0 2 1 1)")
        );
    }

    #[test]
    fn games_split_by_who_moved_first() {
        // A moves first in games 0, 2, 4 (1, ½, 0) and second in 1, 3, 5 (0, 0, 1).
        let s = summarize(&in_order(&[1.0, 0.0, 0.5, 0.0, 0.0, 1.0]));
        let [first, second] = s.by_side;
        assert_eq!((first.wins, first.draws, first.losses), (1, 1, 1));
        assert_eq!((second.wins, second.draws, second.losses), (1, 0, 2));
        assert!((first.score - 0.5).abs() < 1e-12);
        assert!((second.score - 1.0 / 3.0).abs() < 1e-12);
        let var = (0.25 + 0.0 + 0.25) / 3.0;
        assert!((first.margin - Z95 * (var / 3.0_f64).sqrt()).abs() < 1e-12);
        assert!(
            s.sides_line(false)
                .starts_with("by colour: as Red 1-1-1, score 50.0% ± "),
            "{}",
            s.sides_line(false)
        );
        assert!(
            s.sides_line(false)
                .contains("; as Black 1-0-2, score 33.3% ± ")
        );
        assert!(s.sides_line(true).starts_with("by seat: first 1-1-1, "));
        assert!(s.sides_line(true).contains("; second 1-0-2, "));
    }

    #[test]
    fn order_does_not_matter_and_only_complete_pairs_count_as_pairs() {
        let mut games = in_order(&[1.0, 0.5, 0.5, 0.5, 0.0, 1.0, 1.0, 1.0]);
        games.reverse();
        assert_eq!(
            summarize(&games),
            summarize(&in_order(&[1.0, 0.5, 0.5, 0.5, 0.0, 1.0, 1.0, 1.0]))
        );
        // Games 1 (second of pair 0), 2 and 3 (pair 1), 4 (first of pair 2): one pair.
        let games: Vec<GameScore> = [(1, 1.0), (2, 0.0), (3, 0.5), (4, 1.0)]
            .map(|(index, points)| GameScore { index, points })
            .to_vec();
        let s = summarize(&games);
        assert_eq!((s.all.wins, s.all.draws, s.all.losses), (2, 1, 1));
        assert_eq!(s.pentanomial, [0, 1, 0, 0, 0]);
    }

    #[test]
    fn paired_difference_meets_pairs_of_the_same_number_only() {
        // Pairs 0 and 1 in both; pair 2 only in the new match; pair 1 of the baseline's
        // second match has no partner in the new one.
        let now = vec![
            in_order(&[1.0, 1.0, 0.5, 0.5, 1.0, 0.0]),
            in_order(&[0.0, 0.0]),
        ];
        let before = vec![
            in_order(&[1.0, 0.0, 0.5, 0.5]),
            in_order(&[0.0, 1.0, 1.0, 1.0]),
        ];
        let p = PairedDifference::of(&now, &before);
        // Per pair, in score: (2 - 1) / 2, (1 - 1) / 2, (0 - 1) / 2.
        assert_eq!((p.pairs, p.better, p.alike, p.worse), (3, 1, 1, 1));
        assert!(p.diff.abs() < 1e-12);
        let var = (0.25 + 0.0 + 0.25) / 3.0;
        assert!((p.margin - Z95 * (var / 3.0_f64).sqrt()).abs() < 1e-12);
        assert!(
            p.line().starts_with("3 pairs in both: score +0.0% ± "),
            "{}",
            p.line()
        );
        let better = PairedDifference::of(&now[..1], &before[..1]);
        assert!((better.diff - 0.25).abs() < 1e-12);
        assert_eq!(PairedDifference::of(&[], &[]).pairs, 0);
    }

    #[test]
    fn a_clean_sweep_has_no_finite_elo() {
        let s = summarize(&in_order(&[1.0, 1.0]));
        assert_eq!(s.all.margin, 0.0);
        assert!(
            s.games_line().ends_with("Elo diff +inf ± inf"),
            "{}",
            s.games_line()
        );
        let s = summarize(&in_order(&[1.0]));
        assert_eq!(s.pentanomial, [0; 5]);
    }
}
