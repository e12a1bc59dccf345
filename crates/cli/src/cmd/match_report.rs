//! `match-report [--sprt ELO0,ELO1 [--alpha A] [--beta B] | --pool] [--baseline FILE…] FILE…`:
//! adds up the game lines that `match` printed, from one file or several, into one summary. A
//! long match can so be played in parts (`match --first-pair`, on several machines or days) and
//! counted as one; a run that was cut short still counts the games it finished.
//!
//! `--pool` adds up separate matches instead — runs with different `--seed`s, which number
//! their games from 1 alike: each file's pairs count as pairs of their own, so the score's
//! interval is over every pair of every file. A sequential test reads one match's pairs in
//! order, so `--pool` and `--sprt` exclude each other.
//!
//! `--baseline FILE…` compares A with A in another match on the same openings or deals — the
//! same `match --seed` and opponent, another build of A, say — pair by pair, so that what an
//! opening or deal gives both cancels out and a smaller difference can be seen than in two
//! separate scores. The baseline's files are read as the others are (parts of one match, or
//! with `--pool` one match each, the i-th file of the baseline for the i-th of the others).
//!
//! Lines that do not start with `game ` (the summaries, anything else) are skipped. Every game
//! line must name the same two players, and each game number may appear only once. Xiangqi and
//! Jieqi lines name colours (`A:Club (red)`), Banqi lines seats (`A:Club (first, black)`).
//!
//! `--sprt ELO0,ELO1 [--alpha A] [--beta B]` adds the verdict of the sequential test (see
//! [`super::sprt`]) over the pairs in pair order from pair 1: `H1 accepted` or `H0 accepted`
//! after the pair whose LLR first crossed a bound — the pair `match --sprt` stopped at — or
//! `no decision after N pairs`. Complete pairs past the decision, or past a pair that is
//! incomplete in the files, are not counted, and the line says how many.

use std::collections::HashMap;

use super::match_stats::{GameScore, PairedDifference, summarize};
use super::sprt::{Sequential, Sprt};
use crate::args::{SprtArgs, words};
use crate::files::read_text_file;
use crate::limits::TEXT_FILE_BYTES;
use crate::text::excerpt;

/// `match-report [--sprt ELO0,ELO1 [--alpha A] [--beta B] | --pool] FILE … [--baseline FILE …]`.
#[derive(Debug, clap::Args)]
pub struct MatchReportArgs {
    /// The output of 'match' runs: the parts of one match (or, with --pool, matches)
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// Each file a separate match (e.g. of another seed), its pairs its own
    #[arg(long)]
    pub pool: bool,
    /// A against A in matches on the same seeds: compared pair by pair
    #[arg(long, value_name = "FILE", num_args = 0..)]
    pub baseline: Option<Vec<String>>,
}

/// What one game line says.
#[derive(Clone, Debug, PartialEq)]
struct GameLine {
    /// 0-based game index.
    index: usize,
    a: String,
    b: String,
    points: f64,
    /// Whether the line names seats (Banqi) rather than colours.
    by_seat: bool,
}

/// The game lines of some runs of one match.
#[derive(Clone, Debug, PartialEq)]
pub struct Games {
    /// A's and B's names as the lines give them.
    pub a: String,
    pub b: String,
    pub games: Vec<GameScore>,
    /// Whether the lines name seats (Banqi) rather than colours.
    pub by_seat: bool,
}

pub fn run(args: MatchReportArgs) -> Result<(), String> {
    let sprt = Sprt::from_args(&args.sprt)?;
    let pool = args.pool;
    if pool && sprt.is_some() {
        return Err(
            "--pool adds up separate matches; --sprt tests the parts of one: give one of them"
                .into(),
        );
    }
    let positional = &args.files;
    if positional.is_empty() {
        return Err("'match-report' needs one or more files with the output of 'match'".into());
    }
    let Games {
        a,
        b,
        games,
        by_seat,
    } = if pool {
        pool_games(positional)?
    } else {
        read_games(positional)?
    };
    let paired = match args.baseline.as_deref().map(words).as_deref() {
        None => None,
        Some([]) => return Err("--baseline needs the files of the match to compare with".into()),
        Some(baseline) => Some(paired_with(positional, baseline, pool, &b)?),
    };
    let summary = summarize(&games);
    let files = positional.len();
    super::outln!(
        "{} games from {files} {}",
        games.len(),
        match (files, pool) {
            (1, _) => "file",
            (_, false) => "files",
            (_, true) => "files, each a match of its own (pooled)",
        }
    );
    super::outln!("{a} vs {b}: {}", summary.games_line());
    super::outln!("pairs: {}", summary.pairs_line());
    super::outln!("{}", summary.sides_line(by_seat));
    if let Some(sprt) = sprt {
        let mut test = Sequential::new(sprt);
        for g in &games {
            test.add(*g);
        }
        super::outln!("{}", test.verdict_line());
    }
    if let Some(paired) = paired {
        super::outln!("against the baseline: {}", paired.line());
    }
    Ok(())
}

/// The pair-by-pair difference from the `baseline` files to `paths`, each side read as one
/// match, or with `pool` file by file (the i-th baseline file for the i-th path). Both must
/// be against the same opponent `b` and have at least one pair complete in both.
fn paired_with(
    paths: &[String],
    baseline: &[String],
    pool: bool,
    b: &str,
) -> Result<PairedDifference, String> {
    let (now, before) = if pool {
        if baseline.len() != paths.len() {
            return Err(format!(
                "--pool with --baseline pairs the files in order: {} baseline files for {} \
                 files",
                baseline.len(),
                paths.len()
            ));
        }
        let mut now = Vec::new();
        let mut before = Vec::new();
        for (path, base) in paths.iter().zip(baseline) {
            now.push(read_games(std::slice::from_ref(path))?);
            before.push(read_games(std::slice::from_ref(base))?);
        }
        (now, before)
    } else {
        (vec![read_games(paths)?], vec![read_games(baseline)?])
    };
    if let Some(other) = before.iter().find(|g| g.b != b) {
        return Err(format!(
            "the baseline plays {}, these files {}: a pair-by-pair comparison needs the same \
             opponent",
            excerpt(&other.b),
            excerpt(b)
        ));
    }
    let scores = |matches: Vec<Games>| -> Vec<Vec<GameScore>> {
        matches.into_iter().map(|m| m.games).collect()
    };
    let paired = PairedDifference::of(&scores(now), &scores(before));
    if paired.pairs == 0 {
        return Err("no pair is complete both in the files and in the baseline".into());
    }
    Ok(paired)
}

/// Reads the game lines of `paths` (the output of `match` runs): every line must name the
/// same two players, each game number may appear only once, and every file must hold at
/// least one game line.
pub fn read_games(paths: &[String]) -> Result<Games, String> {
    let mut players: Option<(String, String)> = None;
    let mut by_seat = false;
    let mut seen: HashMap<usize, String> = HashMap::new();
    let mut games = Vec::new();
    for full_path in paths {
        let text = read_text_file(full_path, TEXT_FILE_BYTES)?;
        let path = excerpt(full_path);
        let before = games.len();
        for (number, line) in text.lines().enumerate() {
            if !line.starts_with("game ") {
                continue;
            }
            let game =
                parse_line(line).map_err(|e| format!("'{path}' line {}: {e}", number + 1))?;
            match &players {
                None => {
                    players = Some((game.a.clone(), game.b.clone()));
                    by_seat = game.by_seat;
                }
                Some((a, b)) if (a, b) != (&game.a, &game.b) => {
                    return Err(format!(
                        "'{path}' line {}: {} vs {} is another match than {} vs {}",
                        number + 1,
                        excerpt(&game.a),
                        excerpt(&game.b),
                        excerpt(a),
                        excerpt(b)
                    ));
                }
                Some(_) => {}
            }
            if let Some(first) = seen.insert(game.index, path.clone()) {
                return Err(format!(
                    "game {} is in '{first}' and again in '{path}' (parts of one match need \
                     different --first-pair; matches of different seeds add up with --pool)",
                    game.index + 1
                ));
            }
            games.push(GameScore {
                index: game.index,
                points: game.points,
            });
        }
        if games.len() == before {
            return Err(format!("'{path}' has no game lines from 'match'"));
        }
    }
    let (a, b) = players.unwrap_or_default();
    Ok(Games {
        a,
        b,
        games,
        by_seat,
    })
}

/// Reads each of `paths` as a match of its own ([`read_games`]) and adds them up: each file's
/// games are numbered on from the last pair of the file before, so its pairs stay pairs and
/// never meet another file's. Every file must name the same two players, and no file may
/// come twice (its games would count twice).
fn pool_games(paths: &[String]) -> Result<Games, String> {
    let mut pooled: Option<Games> = None;
    let mut seen = Vec::with_capacity(paths.len());
    for path in paths {
        let part = read_games(std::slice::from_ref(path))?;
        // read_games has opened it, so it exists; another name for it is the same file.
        let real = std::fs::canonicalize(path).map_err(|e| format!("'{}': {e}", excerpt(path)))?;
        if seen.contains(&real) {
            return Err(format!(
                "'{}' is given twice: each match counts once",
                excerpt(path)
            ));
        }
        seen.push(real);
        let Some(all) = pooled.as_mut() else {
            pooled = Some(part);
            continue;
        };
        if (&all.a, &all.b) != (&part.a, &part.b) {
            return Err(format!(
                "'{}' is {} vs {}, another match than {} vs {}",
                excerpt(path),
                excerpt(&part.a),
                excerpt(&part.b),
                excerpt(&all.a),
                excerpt(&all.b)
            ));
        }
        // The first game index of the pair after the last one so far.
        let offset = all.games.iter().map(|g| g.index / 2 + 1).max().unwrap_or(0) * 2;
        all.games.extend(part.games.into_iter().map(|g| GameScore {
            index: g.index + offset,
            ..g
        }));
    }
    pooled.ok_or_else(|| "'match-report --pool' needs one or more files".into())
}

/// Reads `game N pair P: A:X (red) - B:Y (black) CODE after K plies, A scores S: HOW` (or
/// with B Red; in Banqi `A:X (first, black) - B:Y (second, red)`, the seats and the colours
/// they played), checking that the numbers and colours (seats) agree with each other.
fn parse_line(line: &str) -> Result<GameLine, String> {
    let malformed = || format!("not a game line of 'match': '{}'", excerpt(line));
    let rest = line.strip_prefix("game ").ok_or_else(malformed)?;
    let (number, rest) = rest.split_once(" pair ").ok_or_else(malformed)?;
    let (pair, rest) = rest.split_once(": ").ok_or_else(malformed)?;
    let number: usize = number.parse().map_err(|_| malformed())?;
    let pair: usize = pair.parse().map_err(|_| malformed())?;
    if number == 0 || pair != number.div_ceil(2) {
        return Err(format!("game {number} cannot be in pair {pair}"));
    }
    let (red, black, rest, by_seat) = players(rest).ok_or_else(malformed)?;
    let (a, b, a_red) = match (red.split_once(':'), black.split_once(':')) {
        (Some(("A", a)), Some(("B", b))) => (a, b, true),
        (Some(("B", b)), Some(("A", a))) => (a, b, false),
        _ => return Err(malformed()),
    };
    let index = number - 1;
    if a_red != index.is_multiple_of(2) {
        return Err(if by_seat {
            format!("in game {number} A moves second, but A moves first in odd-numbered games")
        } else {
            format!(
                "in game {number} A plays {}, but A is Red in odd-numbered games",
                if a_red { "Red" } else { "Black" }
            )
        });
    }
    let (_, rest) = rest.split_once(", A scores ").ok_or_else(malformed)?;
    let (points, _) = rest.split_once(':').ok_or_else(malformed)?;
    let points = match points {
        "1" => 1.0,
        "1/2" => 0.5,
        "0" => 0.0,
        _ => return Err(malformed()),
    };
    Ok(GameLine {
        index,
        a: a.to_string(),
        b: b.to_string(),
        points,
        by_seat,
    })
}

/// The two players of a game line, the one who moved first (Red) first, the rest of the
/// line, and whether the line names seats: `X (red) - Y (black) …`, or in Banqi
/// `X (first[, COLOUR]) - Y (second[, COLOUR]) …`.
fn players(rest: &str) -> Option<(&str, &str, &str, bool)> {
    if let Some((red, rest)) = rest.split_once(" (red) - ") {
        let (black, rest) = rest.split_once(" (black) ")?;
        return Some((red, black, rest, false));
    }
    let colour = |seat: &str| ["", ", red", ", black"].contains(&seat);
    let (first, rest) = rest.split_once(" (first")?;
    let (seat, rest) = rest.split_once(") - ")?;
    let (second, rest) = rest.split_once(" (second")?;
    let (other, rest) = rest.split_once(") ")?;
    (colour(seat) && colour(other)).then_some((first, second, rest, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_colours_and_all_results() {
        let red = parse_line(
            "game 7 pair 4: A:Master (red) - B:Expert (black) 1-0 after 43 plies, A scores 1: \
             Red wins: Black resigned (adjudicated)",
        )
        .unwrap();
        assert_eq!(
            red,
            GameLine {
                index: 6,
                a: "Master".into(),
                b: "Expert".into(),
                points: 1.0,
                by_seat: false
            }
        );
        let black = parse_line(
            "game 10 pair 5: B:stockfish (red) - A:Master (black) 1/2-1/2 after 400 plies, \
             A scores 1/2: Draw: 400 plies",
        )
        .unwrap();
        assert_eq!(
            (black.index, black.b.as_str(), black.points),
            (9, "stockfish", 0.5)
        );
    }

    #[test]
    fn reads_banqi_seats() {
        let line = parse_line(
            "game 2 pair 1: B:Beginner (first, red) - A:Casual (second, black) 0-1 after 116 \
             plies, A scores 1: Black wins: Red has no piece left",
        )
        .unwrap();
        assert_eq!(
            line,
            GameLine {
                index: 1,
                a: "Casual".into(),
                b: "Beginner".into(),
                points: 1.0,
                by_seat: true
            }
        );
        let unflipped = parse_line(
            "game 1 pair 1: A:Club (first) - B:Club (second) 1/2-1/2 after 0 plies, A scores \
             1/2: Draw: agreed by both players",
        )
        .unwrap();
        assert_eq!(unflipped.points, 0.5);
        let err = parse_line(
            "game 1 pair 1: B:Club (first, red) - A:Club (second, black) 1-0 after 9 plies, A \
             scores 0: x",
        )
        .unwrap_err();
        assert_eq!(
            err,
            "in game 1 A moves second, but A moves first in odd-numbered games"
        );
        assert!(
            parse_line(
                "game 1 pair 1: A:Club (first, blue) - B:Club (second, red) 1-0 after 9 plies, \
                 A scores 1: x"
            )
            .is_err()
        );
    }

    #[test]
    fn pooled_matches_keep_each_files_pairs_apart() {
        let dir = std::env::temp_dir().join(format!("jieqi-pool-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = |n: usize, a: &str, score: &str| {
            let (red, black) = if n % 2 == 1 {
                (format!("A:{a}"), "B:fsf".to_string())
            } else {
                ("B:fsf".to_string(), format!("A:{a}"))
            };
            format!(
                "game {n} pair {}: {red} (red) - {black} (black) 1-0 after 9 plies, A scores \
                 {score}: x\n",
                n.div_ceil(2)
            )
        };
        let write = |name: &str, lines: &[String]| {
            let path = dir.join(name);
            std::fs::write(&path, lines.concat()).unwrap();
            path.to_str().unwrap().to_string()
        };
        // Two seeds, both numbered from game 1; the first ends with a lone game of pair 2.
        let seed1 = write(
            "seed1.txt",
            &[line(1, "M", "1"), line(2, "M", "0"), line(3, "M", "1")],
        );
        let seed2 = write("seed2.txt", &[line(1, "M", "1"), line(2, "M", "1")]);
        let other = write("other.txt", &[line(1, "X", "1")]);

        let pooled = pool_games(&[seed1.clone(), seed2.clone()]).unwrap();
        let indices: Vec<usize> = pooled.games.iter().map(|g| g.index).collect();
        // Seed 2's pair 1 is the pool's pair 3: not the first file's unfinished pair 2.
        assert_eq!(indices, [0, 1, 2, 4, 5]);
        let points: f64 = pooled.games.iter().map(|g| g.points).sum();
        assert_eq!(points, 4.0);
        // Read as parts of one match, the same numbers are refused; so is another pairing.
        let err = read_games(&[seed1.clone(), seed2]).unwrap_err();
        assert!(err.contains("--pool"), "{err}");
        let err = pool_games(&[seed1.clone(), other]).unwrap_err();
        assert!(err.contains("another match"), "{err}");
        // The same file twice, by another name too, would count its games twice.
        let again = dir.join(".").join("seed1.txt");
        let err = pool_games(&[seed1, again.to_str().unwrap().to_string()]).unwrap_err();
        assert!(err.contains("given twice"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inconsistent_or_garbled_lines_are_errors() {
        let bad = [
            // Pair number does not fit the game number.
            "game 7 pair 3: A:Club (red) - B:Casual (black) 1-0 after 9 plies, A scores 1: x",
            // A is Red only in odd-numbered games.
            "game 8 pair 4: A:Club (red) - B:Casual (black) 1-0 after 9 plies, A scores 1: x",
            "game 0 pair 0: A:Club (red) - B:Casual (black) 1-0 after 9 plies, A scores 1: x",
            "game 1 pair 1: A:Club (red) - B:Casual (black) 1-0 after 9 plies, A scores 2: x",
            "game 1 pair 1: Club (red) - Casual (black) 1-0 after 9 plies, A scores 1: x",
            "game x pair 1: A:Club (red) - B:Casual (black)",
            "game 1",
        ];
        for line in bad {
            assert!(parse_line(line).is_err(), "{line}");
        }
    }
}
