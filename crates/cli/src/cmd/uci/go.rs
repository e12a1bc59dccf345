//! What a `go` asks for, in UCI's words (`wtime … btime …`) or UCCI's (`time … opptime …`),
//! and the search limits it gives at a level.

use std::time::Duration;

use jieqi_ai::{Clock, Level, Limits};
use jieqi_rules::{Family, Move, Side};

use super::ranks::Ranks;
use crate::limits::{self, Range};
use crate::text::excerpt;

/// The deepest a Jieqi search goes while face-down pieces remain, whatever `go depth` asks:
/// each ply below a reveal averages over every identity it may turn up. From the Jieqi start
/// depth 6 completes in about 6 s and depth 7 in about 50 s on the 2-core test machine
/// (release build, `go depth 20` and its `info` lines), so JieqiBox's depth mode (`go depth
/// 20`) would never answer. Said in an `info string` when it caps a `go`.
pub const JIEQI_DEPTH_CAP: u32 = 6;

/// The limits a `go` command named.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub infinite: bool,
    /// `go ponder`: search the position after the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves`: the root moves to choose among (empty: every legal move).
    pub searchmoves: Vec<Move>,
}

/// The words `go` takes, which end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "draw",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Reads the numbers of a `go` line, one key at a time.
struct Numbers<'a> {
    tokens: &'a [&'a str],
    at: usize,
}

impl Numbers<'_> {
    /// The number after the current key, within `range`. A GUI may send a negative clock when
    /// the time is up: that is no time left.
    fn value(&mut self, range: &Range) -> Result<u64, String> {
        let key = self.tokens[self.at];
        self.at += 1;
        let v = self
            .tokens
            .get(self.at)
            .ok_or_else(|| format!("'{key}' needs a number"))?;
        if *range.start() == 0
            && v.strip_prefix('-')
                .is_some_and(|n| n.parse::<u64>().is_ok())
        {
            return Ok(0);
        }
        limits::parse(key, v, range)
    }

    /// `depth D`: more than the engine's deepest reads as the deepest.
    fn depth(&mut self) -> Result<u32, String> {
        let deepest = *limits::GO_DEPTH.end();
        let text = self.tokens.get(self.at + 1).copied().unwrap_or("");
        let beyond = !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && text.parse::<u64>().ok().is_none_or(|d| d > deepest);
        if beyond {
            self.at += 1;
            return Ok(deepest as u32);
        }
        Ok(self.value(&limits::GO_DEPTH)? as u32)
    }

    fn millis(&mut self) -> Result<Duration, String> {
        Ok(Duration::from_millis(self.value(&limits::GO_MILLIS)?))
    }
}

/// How the session reads a `go`: the rank numbers of `searchmoves`, UCCI's time unit, and
/// whose clock UCCI's `time` is.
#[derive(Clone, Copy, Debug)]
pub struct GoReading {
    pub ranks: Ranks,
    /// `usemillisec`: UCCI's times in milliseconds (else seconds).
    pub millis: bool,
    pub turn: Side,
}

impl GoLimits {
    /// Either dialect's words, as Fairy-Stockfish takes them:
    /// - UCI: `go [searchmoves M…] [ponder] [wtime T] [btime T] [winc I] [binc I]
    ///   [movestogo N] [depth D] [nodes N] [mate N] [movetime T] [infinite]` (milliseconds);
    /// - UCCI, as ElephantEye reads it: `go [ponder|draw] [depth D | nodes N | infinite |
    ///   time T [movestogo N | increment I] [opptime T [oppmovestogo N | oppincrement I]]]`,
    ///   `time` being the side to move's clock and `opptime` the opponent's, in milliseconds
    ///   under `usemillisec` (the default) and seconds otherwise. `draw` (the opponent offers
    ///   one) is heard and not taken up; `depth infinite` is `infinite`.
    ///
    /// A depth beyond the engine's deepest reads as the deepest (VinXiangQi sends `depth 200`).
    pub fn parse(tokens: &[&str], how: GoReading) -> Result<GoLimits, String> {
        let mut go = GoLimits::default();
        let mut clock = Clock::default();
        let mut has_clock = false;
        let (mut own, mut opp) = ((None, None), None);
        let mut n = Numbers { tokens, at: 0 };
        let ucci_time = |n: &mut Numbers| -> Result<Duration, String> {
            let v = n.value(&limits::GO_MILLIS)?;
            Ok(if how.millis {
                Duration::from_millis(v)
            } else {
                Duration::from_secs(v)
            })
        };
        while n.at < tokens.len() {
            match tokens[n.at] {
                "depth" if tokens.get(n.at + 1) == Some(&"infinite") => {
                    go.infinite = true;
                    n.at += 1;
                }
                "depth" => go.depth = Some(n.depth()?),
                // Mate in n moves needs at most 2n − 1 plies.
                "mate" => go.depth = Some((2 * n.value(&limits::GO_MATE)? - 1) as u32),
                "nodes" => go.nodes = Some(n.value(&limits::NODES)?),
                "movetime" => go.movetime = Some(n.millis()?),
                "wtime" => (clock.wtime, has_clock) = (n.millis()?, true),
                "btime" => (clock.btime, has_clock) = (n.millis()?, true),
                "winc" => clock.winc = n.millis()?,
                "binc" => clock.binc = n.millis()?,
                "movestogo" => {
                    clock.movestogo = Some(n.value(&limits::GO_MOVESTOGO)?.max(1) as u32)
                }
                "time" => (own.0, has_clock) = (Some(ucci_time(&mut n)?), true),
                "increment" => own.1 = Some(ucci_time(&mut n)?),
                "opptime" => opp = Some(ucci_time(&mut n)?),
                // The opponent's control does not budget this side's time.
                "oppincrement" => _ = ucci_time(&mut n)?,
                "oppmovestogo" => _ = n.value(&limits::GO_MOVESTOGO)?,
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "draw" => {}
                "searchmoves" => {
                    while let Some(&text) = tokens.get(n.at + 1)
                        && !GO_WORDS.contains(&text)
                    {
                        let mv = how
                            .ranks
                            .read_move(text)
                            .map_err(|e| format!("searchmoves: {e}"))?;
                        go.searchmoves.push(mv);
                        n.at += 1;
                    }
                }
                other => return Err(format!("unknown 'go' parameter '{}'", excerpt(other))),
            }
            n.at += 1;
        }
        // UCCI's clock is the side to move's and the opponent's.
        let (mine, theirs) = match how.turn {
            Side::Red => ((&mut clock.wtime, &mut clock.winc), &mut clock.btime),
            Side::Black => ((&mut clock.btime, &mut clock.binc), &mut clock.wtime),
        };
        if let Some(time) = own.0 {
            *mine.0 = time;
        }
        if let Some(inc) = own.1 {
            *mine.1 = inc;
        }
        if let Some(time) = opp {
            *theirs = time;
        }
        if has_clock {
            go.clock = Some(clock);
        }
        Ok(go)
    }

    /// The search's limits at `level`: the GUI's limits, within the level's depth and node caps;
    /// the level's time per move caps a clock, and is the limit when `go` named none.
    pub fn limits(&self, level: Level, variant: Family) -> Limits {
        self.capped(&level.limits_for(variant, None), level.spec().movetime)
    }

    /// The GUI's limits within a level's depth and node `caps`, with the level's time per move
    /// (`level_movetime`) capping a clock and standing in when `go` named no limit.
    pub fn capped(&self, caps: &Limits, level_movetime: Duration) -> Limits {
        let cap = |asked: Option<u64>, cap: Option<u64>| match (asked, cap) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        };
        let nothing = self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
            && !self.infinite;
        let movetime = if nothing || (self.clock.is_some() && self.movetime.is_none()) {
            Some(level_movetime)
        } else {
            self.movetime
        };
        Limits {
            depth: cap(self.depth.map(u64::from), caps.depth.map(u64::from)).map(|d| d as u32),
            nodes: cap(self.nodes, caps.nodes),
            movetime,
            clock: self.clock,
            infinite: self.infinite,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UCI: GoReading = GoReading {
        ranks: Ranks::FromZero,
        millis: true,
        turn: Side::Red,
    };

    #[test]
    fn go_parameters() {
        let tokens = [
            "wtime",
            "1000",
            "btime",
            "-5",
            "winc",
            "10",
            "movestogo",
            "3",
        ];
        let go = GoLimits::parse(&tokens, UCI).unwrap();
        let clock = go.clock.unwrap();
        assert_eq!(clock.wtime, Duration::from_millis(1000));
        assert_eq!(clock.btime, Duration::ZERO);
        assert_eq!(clock.movestogo, Some(3));
        for bad in [
            &["depth"][..],
            &["depth", "x"],
            &["depth", "-1"],
            &["depth", "0"],
            &["sideways"],
        ] {
            assert!(GoLimits::parse(bad, UCI).is_err(), "{bad:?}");
        }
        let go = GoLimits::parse(&["depth", "3"], UCI).unwrap();
        let l = go.limits(Level::Beginner, Family::Xiangqi);
        assert_eq!((l.depth, l.nodes, l.movetime), (Some(2), Some(3_000), None));
        let l = go.limits(Level::Master, Family::Xiangqi);
        assert_eq!((l.depth, l.nodes, l.movetime), (Some(3), None, None));
        let l = GoLimits::default().limits(Level::Master, Family::Xiangqi);
        assert_eq!(l.movetime, Some(Level::Master.spec().movetime));
    }

    #[test]
    fn a_depth_beyond_the_deepest_is_the_deepest() {
        let deepest = *limits::GO_DEPTH.end() as u32;
        for depth in ["200", "99999999999999999999999"] {
            let go = GoLimits::parse(&["movetime", "2000", "depth", depth], UCI).unwrap();
            assert_eq!(go.depth, Some(deepest));
        }
    }

    #[test]
    fn searchmoves_and_ponder() {
        let how = GoReading {
            ranks: Ranks::FromOne,
            ..UCI
        };
        let tokens = ["ponder", "searchmoves", "h3e3", "b1c3", "wtime", "5"];
        let go = GoLimits::parse(&tokens, how).unwrap();
        assert!(go.ponder);
        let moves: Vec<String> = go.searchmoves.iter().map(Move::to_string).collect();
        assert_eq!(moves, ["h2e2", "b0c2"]);
        assert!(GoLimits::parse(&["searchmoves", "h2"], UCI).is_err());
    }

    #[test]
    fn ucci_clock_is_the_side_to_moves() {
        let tokens = [
            "ponder",
            "time",
            "300",
            "increment",
            "2",
            "opptime",
            "200",
            "oppincrement",
            "2",
        ];
        let seconds = GoReading {
            millis: false,
            turn: Side::Black,
            ..UCI
        };
        let go = GoLimits::parse(&tokens, seconds).unwrap();
        let clock = go.clock.unwrap();
        assert!(go.ponder);
        assert_eq!(clock.btime, Duration::from_secs(300));
        assert_eq!(clock.binc, Duration::from_secs(2));
        assert_eq!(clock.wtime, Duration::from_secs(200));
        assert_eq!(clock.winc, Duration::ZERO);
        let go = GoLimits::parse(&["time", "1500"], UCI).unwrap();
        assert_eq!(go.clock.unwrap().wtime, Duration::from_millis(1500));
        let go = GoLimits::parse(&["depth", "infinite"], UCI).unwrap();
        assert!(go.infinite);
    }
}
