//! Several lines (MultiPV). Each depth of iterative deepening searches the first line exactly
//! as a search of one line does, then each further line as Stockfish does: its own aspiration
//! search, around its move's score of the depth before, over the root moves the better lines
//! have not taken. A later line is thus exactly the search of the position with those moves
//! left out — in Jieqi too, where the root is the player's view and a root move of a
//! face-down piece is the same chance node over the unseen pool, except that a root reveal
//! whose null-window value is only an estimate keeps it rather than being searched again with
//! the line's window ([`Searcher::root_move`]: most such re-searches failed low after all, and
//! cost most of the later lines' nodes at the Jieqi start).
//!
//! The later lines leave the first line's search as it would be without them: they store in a
//! table of their own (reading the first line's too), and the move-ordering and correction
//! histories they teach are put back as they were after each depth's later lines. So the
//! first line, and the move played, are those of a search of one line at every depth: more
//! lines only add work. The lines are reported best first: the first, then the others by
//! score; one of them scoring above the first (the searches differ in what they have in
//! their tables) is shown no higher than the first's score.

use std::cmp::Reverse;

use jieqi_rules::Position;

use super::{RootMove, Searcher};
use crate::{Line, Score, SearchResult};

impl Searcher<'_> {
    /// The lines after the first at `depth`, once the first is done (`moves` as it left
    /// them, its move first). `false` when the search stopped in them: `result` then keeps
    /// the depth before's lines for the moves this depth did not reach.
    pub(super) fn later_lines(
        &mut self,
        pos: &Position,
        moves: &[RootMove],
        depth: i32,
        result: &mut SearchResult,
    ) -> bool {
        let n = self.multipv.min(moves.len());
        let mut others = std::mem::take(&mut self.other_lines);
        if others.len() != moves.len() {
            others = moves.to_vec();
        }
        // The first line's move first, the rest in the order of the last depth's lines.
        let at = others.iter().position(|r| r.mv == moves[0].mv).unwrap_or(0);
        others[..=at].rotate_right(1);
        let saved = self.heur.clone();
        let mut found: Vec<(i32, Line)> = Vec::with_capacity(n);
        for k in 1..n {
            self.line = k;
            let around = others[k].prev_score;
            let score = self.aspiration(pos, &mut others[k..], depth, around);
            if self.stopped {
                break;
            }
            // The root search put this line's move first among the moves it searched.
            let mv = others[k].mv;
            let pv = match &self.pv[0][..self.pv_len[0]] {
                pv @ [first, ..] if *first == mv => pv.to_vec(),
                _ => vec![mv],
            };
            found.push((
                score,
                Line {
                    score: Score::from_internal(score.min(moves[0].score)),
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    nodes: self.nodes,
                    pv,
                },
            ));
        }
        self.line = 0;
        *self.heur = saved;
        // Best first after the first line (stable: ties keep their order), and the root moves
        // in the same order for the next depth.
        let done = found.len();
        let mut order: Vec<usize> = (0..done).collect();
        order.sort_by_key(|&i| Reverse(found[i].0));
        let picked: Vec<RootMove> = order.iter().map(|&i| others[i + 1]).collect();
        others[1..=done].copy_from_slice(&picked);
        let found = order.into_iter().map(|i| found[i].1.clone());
        let mut lines = vec![result.lines[0].clone()];
        lines.extend(found);
        let complete = !self.stopped;
        if complete {
            for m in others.iter_mut() {
                m.prev_score = m.score;
            }
            others[n..].sort_by_key(|m| Reverse(m.score));
        } else {
            // The depth before's lines of the moves this depth did not reach.
            let older: Vec<Line> = std::mem::take(&mut result.lines)
                .into_iter()
                .skip(1)
                .filter(|l| lines.iter().all(|m| m.pv.first() != l.pv.first()))
                .collect();
            lines.extend(older);
            lines.truncate(n);
        }
        self.other_lines = others;
        result.lines = lines;
        complete
    }
}
