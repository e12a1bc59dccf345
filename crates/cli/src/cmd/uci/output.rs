//! What the engine writes, in the GUI's dialect: UCI (`score cp 35`, `bestmove (none)`) or UCCI
//! as ElephantEye writes it (`score 35`, `nobestmove`), with moves in the GUI's rank numbers.

use std::time::Duration;

use jieqi_ai::{Info, Score};
use jieqi_rules::Move;

use super::ranks::Ranks;

/// The protocol the GUI opened the session with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    #[default]
    Uci,
    /// The Chinese UCCI, as ElephantEye and Fairy-Stockfish speak it.
    Ucci,
}

/// UCCI's mate score, as ElephantEye writes it: this less the plies to mate.
const UCCI_MATE: i32 = 10_000;

/// How the session's lines are written: the dialect and the rank numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub protocol: Protocol,
    pub ranks: Ranks,
}

impl Output {
    pub fn score(&self, score: Score) -> String {
        match (self.protocol, score) {
            (Protocol::Uci, score) => score.to_string(),
            (Protocol::Ucci, Score::Cp(cp)) => cp.to_string(),
            (Protocol::Ucci, Score::Mate(n)) => {
                let plies = if n > 0 { 2 * n - 1 } else { -2 * n };
                let value = UCCI_MATE - plies;
                (if n > 0 { value } else { -value }).to_string()
            }
        }
    }

    /// An `info` line for a completed iteration.
    pub fn info(&self, info: &Info) -> String {
        let pv = self.moves(&info.pv);
        match self.protocol {
            Protocol::Uci => format!(
                "info depth {} seldepth {}{} score {} nodes {} nps {} time {} hashfull {} pv {pv}",
                info.depth,
                info.seldepth,
                info.multipv
                    .map_or(String::new(), |k| format!(" multipv {k}")),
                self.score(info.score),
                info.nodes,
                info.nps(),
                info.time.as_millis(),
                info.hashfull
            ),
            Protocol::Ucci => format!(
                "info depth {} score {} time {} nodes {} pv {pv}",
                info.depth,
                self.score(info.score),
                info.time.as_millis(),
                info.nodes
            ),
        }
    }

    /// The `info` line of a search of another variant: its turns are in its own notation.
    pub fn generic_info(
        &self,
        depth: u32,
        score: Score,
        nodes: u64,
        time: Duration,
        pv: &str,
    ) -> String {
        format!(
            "info depth {depth} score {} nodes {nodes} time {} pv {pv}",
            self.score(score),
            time.as_millis()
        )
    }

    /// The answer to a `go`: the move (and the reply the engine expects, to ponder on).
    pub fn best(&self, best: &str, ponder: Option<Move>) -> String {
        match ponder {
            Some(p) => format!("bestmove {best} ponder {}", self.ranks.write(p)),
            None => format!("bestmove {best}"),
        }
    }

    /// The answer to a `go` when there is no move to give.
    pub fn no_move(&self) -> &'static str {
        match self.protocol {
            Protocol::Uci => "bestmove (none)",
            Protocol::Ucci => "nobestmove",
        }
    }

    pub fn moves(&self, moves: &[Move]) -> String {
        let texts: Vec<String> = moves.iter().map(|&m| self.ranks.write(m)).collect();
        texts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_in_each_dialect() {
        let uci = Output::default();
        let ucci = Output {
            protocol: Protocol::Ucci,
            ..Output::default()
        };
        assert_eq!(uci.score(Score::Cp(-35)), "cp -35");
        assert_eq!(ucci.score(Score::Cp(-35)), "-35");
        assert_eq!(uci.score(Score::Mate(2)), "mate 2");
        assert_eq!(ucci.score(Score::Mate(2)), "9997");
        assert_eq!(ucci.score(Score::Mate(-1)), "-9998");
        assert_eq!(uci.no_move(), "bestmove (none)");
        assert_eq!(ucci.no_move(), "nobestmove");
    }
}
