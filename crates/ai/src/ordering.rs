//! Move ordering: the transposition-table move first, then captures by most valuable victim /
//! least valuable attacker and, among equal victims, by their capture history, then the two
//! killer moves of the ply, then quiet moves by their history plus their continuation
//! histories (how they did as the answer to the previous move and as the follow-up of the
//! move before), and last the captures that lose material by exchange evaluation. Quiet moves
//! are scored, and captures judged, only when they come up.

use jieqi_rules::{Move, MoveList, Piece, Position};

use crate::correction::CorrectionHistory;
use crate::eval::order_value;
use crate::score::MAX_PLY;
use crate::see::loses_material;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
/// Losing captures come after every quiet move (quiet scores stay far above this).
const BAD_CAPTURE: i32 = -(1 << 24);
/// A quiet move not scored yet: below the killers, above the losing captures.
const QUIET_UNSCORED: i32 = -(1 << 22);
/// Capture history divided by this joins a capture's MVV-LVA key (at most ±2048: about a
/// quarter of a soldier's step in victims); the offset keeps every capture's key positive.
const CAPTURE_HISTORY_DIV: i32 = 8;
const CAPTURE_HISTORY_OFFSET: i32 = 4096;
const KILLER_1: i32 = 1 << 26;
const KILLER_2: i32 = KILLER_1 - 1;
/// Each history score stays within ±`HISTORY_MAX` (their sum far below the killers).
pub const HISTORY_MAX: i32 = 1 << 14;

/// Pieces by side and role (a face-down piece counts as the piece it moves as).
const CONT_PIECES: usize = 16;
/// Entries per side of a continuation table: piece and destination.
const CONT_KEYS: usize = CONT_PIECES * 90;

/// A move's key in the continuation tables: its piece and destination.
#[inline]
pub fn cont_key(piece: Piece, m: Move) -> u16 {
    ((piece.code() % CONT_PIECES) * 90 + m.to.index()) as u16
}

/// The keys of the moves one and two plies before a node (None: the root's past, or a null
/// move), which a quiet move's continuation history is read against.
pub type Previous = [Option<u16>; 2];

/// A history score `h` after a bonus (or, negative, a malus) clamped to ±`HISTORY_MAX`:
/// "gravity" pulls it back as it nears the bound, so it never leaves ±`HISTORY_MAX`.
#[inline]
fn gravity(h: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// Killers and histories (what the search has learned about quiet moves) and the
/// evaluation's correction history.
#[derive(Clone)]
pub struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// By moving piece code and destination.
    history: [[i32; 90]; Piece::CODES],
    /// Continuation history: how a quiet move did as the answer to (or the follow-up of) a
    /// given earlier move, by the earlier move's key then this move's key.
    cont: Vec<i16>,
    /// Capture history: how a capture did, by moving piece code, destination and victim
    /// (its code modulo [`CONT_PIECES`]), which orders captures of equal victims.
    capture: Vec<i16>,
    /// How far the static evaluation has been off, by structure (not aged between searches:
    /// it is about the evaluation, not about the moves of one position).
    pub correction: CorrectionHistory,
}

impl std::fmt::Debug for Heuristics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Heuristics")
    }
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 90]; Piece::CODES],
            cont: vec![0; CONT_KEYS * CONT_KEYS],
            capture: vec![0; Piece::CODES * 90 * CONT_PIECES],
            correction: CorrectionHistory::default(),
        }
    }
}

impl Heuristics {
    #[inline]
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply][0] == Some(m) || self.killers[ply][1] == Some(m)
    }

    /// A quiet move caused a beta cutoff at `ply`.
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
    }

    /// Forget the killers of the ply two deeper (they belong to another subtree).
    pub fn clear_killers(&mut self, ply: usize) {
        if ply < MAX_PLY {
            self.killers[ply] = [None; 2];
        }
    }

    #[inline]
    pub fn history(&self, piece: Piece, m: Move) -> i32 {
        self.history[piece.code()][m.to.index()]
    }

    /// The ordering score of a quiet move: its history plus its continuation histories.
    #[inline]
    pub fn quiet_score(&self, piece: Piece, m: Move, prev: Previous) -> i32 {
        let key = cont_key(piece, m) as usize;
        let mut score = self.history(piece, m);
        for p in prev.into_iter().flatten() {
            score += self.cont[p as usize * CONT_KEYS + key] as i32;
        }
        score
    }

    /// Rewards (`bonus > 0`) or punishes a quiet move, in its history and its continuation
    /// histories, with "gravity" that keeps each bounded by `HISTORY_MAX`.
    pub fn update_quiet(&mut self, piece: Piece, m: Move, prev: Previous, bonus: i32) {
        let h = &mut self.history[piece.code()][m.to.index()];
        *h = gravity(*h, bonus);
        let key = cont_key(piece, m) as usize;
        for p in prev.into_iter().flatten() {
            let c = &mut self.cont[p as usize * CONT_KEYS + key];
            *c = gravity(*c as i32, bonus) as i16;
        }
    }

    #[inline]
    fn capture_index(piece: Piece, m: Move, victim: Piece) -> usize {
        (piece.code() * 90 + m.to.index()) * CONT_PIECES + victim.code() % CONT_PIECES
    }

    /// How captures of `victim` by `piece` on `m`'s destination have done.
    #[inline]
    pub fn capture_history(&self, piece: Piece, m: Move, victim: Piece) -> i32 {
        self.capture[Self::capture_index(piece, m, victim)] as i32
    }

    /// Rewards (`bonus > 0`) or punishes a capture, with the same gravity as the quiet moves'.
    pub fn update_capture(&mut self, piece: Piece, m: Move, victim: Piece, bonus: i32) {
        let c = &mut self.capture[Self::capture_index(piece, m, victim)];
        *c = gravity(*c as i32, bonus) as i16;
    }

    /// Halves all history scores (between searches, so old lessons fade).
    pub fn age(&mut self) {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }
        for c in self.cont.iter_mut().chain(self.capture.iter_mut()) {
            *c /= 2;
        }
        self.killers = [[None; 2]; MAX_PLY];
    }
}

/// Orders a move list lazily: each `next_move` hands out the best remaining move (selection
/// sort, which is cheap since a cutoff usually comes early). The list lives in a buffer the
/// search hands over and takes back ([`MovePicker::into_buffer`]), so that no node has to
/// clear a full-capacity array.
pub struct MovePicker {
    list: Vec<(i32, Move)>,
    next: usize,
}

impl std::fmt::Debug for MovePicker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.list.iter().map(|e| e.1))
            .finish()
    }
}

/// MVV-LVA key of a capture.
#[inline]
pub fn capture_score(victim: Piece, attacker: Piece) -> i32 {
    order_value(victim) * 8 - order_value(attacker) / 8
}

/// A capture's ordering key: MVV-LVA, then its capture history (which can reorder captures
/// of victims of about equal value but not put a soldier before a chariot), kept above
/// [`CAPTURE`].
#[inline]
fn capture_key(heur: &Heuristics, m: Move, victim: Piece, attacker: Piece) -> i32 {
    CAPTURE
        + CAPTURE_HISTORY_OFFSET
        + capture_score(victim, attacker)
        + heur.capture_history(attacker, m, victim) / CAPTURE_HISTORY_DIV
}

impl MovePicker {
    /// All moves of `moves`, for the main search.
    pub fn new(
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        heur: &Heuristics,
        ply: usize,
    ) -> MovePicker {
        let mut picker = MovePicker::new_in(Vec::new(), pos, moves, tt_move, heur, ply);
        picker.score_quiets(pos, heur, [None; 2]);
        picker
    }

    /// [`MovePicker::new`] in a reused buffer, with the quiet moves not yet scored: most
    /// nodes are cut by the table move, a capture or a killer, so [`MovePicker::next_scored`]
    /// scores them only when the first of them comes up.
    pub fn new_in(
        mut list: Vec<(i32, Move)>,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        heur: &Heuristics,
        ply: usize,
    ) -> MovePicker {
        list.clear();
        list.extend(moves.iter().map(|&m| {
            let piece = pos.piece_at(m.from).expect("a move starts on a piece");
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if let Some(victim) = pos.piece_at(m.to) {
                // Whether it loses material is asked only if it comes up (`next_scored`).
                capture_key(heur, m, victim, piece)
            } else if heur.killers[ply][0] == Some(m) {
                KILLER_1
            } else if heur.killers[ply][1] == Some(m) {
                KILLER_2
            } else {
                QUIET_UNSCORED
            };
            (score, m)
        }));
        MovePicker { list, next: 0 }
    }

    /// Gives the remaining quiet moves their history scores.
    fn score_quiets(&mut self, pos: &Position, heur: &Heuristics, prev: Previous) {
        for e in &mut self.list[self.next..] {
            if e.0 == QUIET_UNSCORED {
                let piece = pos.piece_at(e.1.from).expect("a move starts on a piece");
                e.0 = heur.quiet_score(piece, e.1, prev);
            }
        }
    }

    /// Captures only (all moves when `all`, i.e. in check), for quiescence: TT move first,
    /// then MVV-LVA; in a reused buffer.
    pub fn captures_in(
        mut list: Vec<(i32, Move)>,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        heur: &Heuristics,
        all: bool,
    ) -> MovePicker {
        list.clear();
        for &m in moves.iter() {
            let victim = pos.piece_at(m.to);
            if victim.is_none() && !all {
                continue;
            }
            let piece = pos.piece_at(m.from).expect("a move starts on a piece");
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if let Some(v) = victim {
                capture_key(heur, m, v, piece)
            } else {
                0
            };
            list.push((score, m));
        }
        MovePicker { list, next: 0 }
    }

    /// The buffer back, for the next node at this ply.
    pub fn into_buffer(self) -> Vec<(i32, Move)> {
        self.list
    }

    /// The best remaining move.
    #[inline]
    pub fn next_move(&mut self) -> Option<Move> {
        self.next_best().map(|(_, m)| m)
    }

    /// Whether the move `next_scored` gave with this key is a capture that loses material.
    #[inline]
    pub fn is_bad_capture(key: i32) -> bool {
        key < BAD_CAPTURE / 2
    }

    /// The best remaining move with its ordering key, for the main search: a capture that
    /// turns out to lose material by exchange evaluation goes back behind the quiet moves.
    pub fn next_scored(
        &mut self,
        pos: &Position,
        heur: &Heuristics,
        prev: Previous,
    ) -> Option<(i32, Move)> {
        loop {
            let (key, m) = self.next_best()?;
            if (CAPTURE..TT_MOVE).contains(&key) && loses_material(pos, m) {
                self.next -= 1;
                self.list[self.next].0 = key - CAPTURE + BAD_CAPTURE;
                continue;
            }
            if key == QUIET_UNSCORED {
                self.next -= 1;
                self.score_quiets(pos, heur, prev);
                continue;
            }
            return Some((key, m));
        }
    }

    #[inline]
    fn next_best(&mut self) -> Option<(i32, Move)> {
        let rest = self.list.get(self.next..)?;
        let (mut best, mut best_score) = (0, i32::MIN);
        for (i, e) in rest.iter().enumerate() {
            if e.0 > best_score {
                best_score = e.0;
                best = i;
            }
        }
        if rest.is_empty() {
            return None;
        }
        self.list.swap(self.next, self.next + best);
        self.next += 1;
        Some(self.list[self.next - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{MoveRules, Setup};

    #[test]
    fn tt_move_then_captures_by_victim_then_killers() {
        let setup = Setup::parse_fen(
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        )
        .unwrap();
        let pos = Position::from_setup(&setup, MoveRules::XIANGQI).unwrap();
        let moves = pos.legal_moves();
        let tt = Move::parse_iccs("a3a4").unwrap();
        assert!(moves.contains(tt));
        let mut heur = Heuristics::default();
        let killer = Move::parse_iccs("i3i4").unwrap();
        heur.add_killer(0, killer);
        let mut picker = MovePicker::new(&pos, &moves, Some(tt), &heur, 0);
        let order: Vec<Move> = std::iter::from_fn(|| picker.next_move()).collect();
        assert_eq!(order.len(), moves.len());
        assert_eq!(order[0], tt);
        let captures: Vec<_> = order
            .iter()
            .skip(1)
            .take_while(|m| pos.piece_at(m.to).is_some())
            .collect();
        assert!(!captures.is_empty());
        let values: Vec<i32> = captures
            .iter()
            .map(|m| order_value(pos.piece_at(m.to).unwrap()))
            .collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
        assert_eq!(order[1 + captures.len()], killer);
    }

    #[test]
    fn capture_history_orders_equal_victims_but_not_a_soldier_before_a_chariot() {
        // Red's chariot on e4 can take the soldier on e6 or the one on c4; the cannon on h1
        // can take the chariot on h8 over the horse on h3.
        let setup = Setup::parse_fen("3ak4/7r1/9/4p4/9/2p1R4/7N1/9/7C1/4K4 w - - 0 1").unwrap();
        let pos = Position::from_setup(&setup, MoveRules::XIANGQI).unwrap();
        let moves = pos.legal_moves();
        let captures_in_order = |heur: &Heuristics| -> Vec<Move> {
            let mut picker = MovePicker::new(&pos, &moves, None, heur, 0);
            std::iter::from_fn(|| picker.next_move())
                .filter(|m| pos.piece_at(m.to).is_some())
                .collect()
        };
        let e6 = Move::parse_iccs("e4e6").unwrap();
        let c4 = Move::parse_iccs("e4c4").unwrap();
        let chariot = Move::parse_iccs("h1h8").unwrap();
        let mut heur = Heuristics::default();
        let before = captures_in_order(&heur);
        assert_eq!(before[0], chariot, "{before:?}");
        // Whichever soldier capture came second learns that it cuts.
        let (first, second) = if before[1] == e6 { (e6, c4) } else { (c4, e6) };
        let rook = pos.piece_at(second.from).unwrap();
        for _ in 0..50 {
            heur.update_capture(rook, second, pos.piece_at(second.to).unwrap(), 400);
            heur.update_capture(rook, first, pos.piece_at(first.to).unwrap(), -400);
            heur.update_capture(
                pos.piece_at(chariot.from).unwrap(),
                chariot,
                pos.piece_at(chariot.to).unwrap(),
                -400,
            );
        }
        assert!(
            heur.capture_history(rook, second, pos.piece_at(second.to).unwrap()) <= HISTORY_MAX
        );
        let after = captures_in_order(&heur);
        assert_eq!(after, vec![chariot, second, first]);
    }

    #[test]
    fn history_stays_bounded() {
        let mut heur = Heuristics::default();
        let pos = Position::startpos();
        let m = Move::parse_iccs("h2e2").unwrap();
        let p = pos.piece_at(m.from).unwrap();
        for _ in 0..1000 {
            heur.update_quiet(p, m, [None; 2], 5000);
        }
        assert!(heur.history(p, m) <= HISTORY_MAX);
        for _ in 0..1000 {
            heur.update_quiet(p, m, [None; 2], -5000);
        }
        assert!(heur.history(p, m) >= -HISTORY_MAX);
    }
}
