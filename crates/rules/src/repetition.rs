//! Repetition and long games (rules.md §6): what each ply leaves behind (check, chase), the
//! judgement when a position comes back, and the no-capture limit — as a property of the
//! variant's rule set.
//!
//! # Chase (rules.md §6, with the decisions taken here)
//!
//! A piece of the chaser **attacks an enemy piece in a way that can chase** when all of this
//! holds (a property of one position, [`chase_targets`]):
//!
//! - the chaser has a **legal capture** of it with that piece (as if it were the chaser's
//!   turn): an attack that would expose the chaser's own general is no threat, so a pinned
//!   attacker does not chase;
//! - the attacker is neither a general nor a soldier, and the target is neither the general
//!   (that is check) nor a soldier still on its own side of the river;
//! - the two are not the same kind attacking each other (an offer to exchange). "Each other"
//!   means the target has a legal capture of the attacker: a pinned chariot attacked by a
//!   chariot, or a horse whose leg is blocked, is chased;
//! - the target is worth more than its attacker (a horse or cannon attacking a chariot; an
//!   advisor or elephant attacking a chariot, horse or cannon), or it is unprotected: after the
//!   capture its owner has no legal move onto that point. Playing the capture out and asking
//!   for legal replies means that a pinned defender, a general that would face the other
//!   general, or a defender that must answer a check does not protect.
//!
//! Hidden Jieqi pieces take part as the role they move as (their identity is unknown to both
//! players).
//!
//! A **move chases** an enemy piece when after it the piece is attacked in that way and the
//! move made that attack ([`chases`]). The attacks are compared per attacker, before and after
//! the move, with the moved piece followed from its origin to its destination: the move chases
//! the target of every attack after it that was not already an attack that could chase,
//! by the same piece on the same target, before it. That one comparison covers the clauses of
//! §6:
//!
//! - the moved piece attacks from its new point: new, unless it attacked the same piece from
//!   its origin already — which only a chariot or cannon sliding along the line of its attack
//!   can (a horse, advisor or elephant never attacks one point from two points a move apart),
//!   so such a slide does not chase;
//! - another piece attacks that did not before: the move opened its line, a horse's leg or an
//!   elephant's eye, or gave a cannon its screen (a discovered attack);
//! - an attack that was there but did not count before counts now: the move took away a
//!   protector (pinned it, or gave check so that the protector must answer it), or made a
//!   same-kind attack one-sided (pinned the target or blocked its horse's leg).
//!
//! **Decision:** in the position before the move an attack counts as already there even when
//! the chaser could not have carried it out then (its attacker was pinned, or the chaser's
//! own general stood in check): only whether the attacker reached the target, and whether the
//! target was protected, go into "before". So unpinning an attacker, or answering a check,
//! makes no chase of the attacks that were standing: the piece was merely left attacked.
//!
//! A side keeps up a perpetual chase when **every one of its moves** in the cycle chases the
//! **same** enemy piece. A piece merely left attacked while the side moves something else is
//! not chased (this replaces the earlier reading "leaves the same piece attacked"). The same
//! piece is followed through the cycle by its point: after the chaser's first move the
//! candidates are the points it chases; after each move of the other side a candidate on the
//! move's origin moves with it to the destination (the chased piece runs away and is attacked
//! again); after each further move of the chaser the candidates are narrowed to what that
//! move chases.

use std::fmt;

use crate::board::Board;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::types::{Move, Piece, Role, Side, Square};

/// 60 moves by each side without a capture (rules.md §6).
pub const NO_CAPTURE_PLIES: u32 = 120;

/// How a game treats repeated positions and long games (rules.md §5, §6), as its rule set
/// (§10) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RepetitionRules {
    /// At the third occurrence, a side that kept up perpetual chase loses (a perpetual check
    /// always loses); otherwise chase is only warned.
    pub chase_loses: bool,
    /// At the third occurrence without a culprit, the game is drawn; otherwise a hint says a
    /// draw may be agreed.
    pub repetition_draws: bool,
    /// Plies without a capture that bring the hint or the draw.
    pub no_capture_plies: u32,
    /// Whether those plies end the game in a draw, not only bring a hint.
    pub no_capture_draws: bool,
    /// Whether 400 plies end the game in a draw (rules.md §5).
    pub move_limit: bool,
}

impl RepetitionRules {
    /// Standard Xiangqi: a one-sided perpetual check is warned on the second occurrence and
    /// loses on the third; everything else (chase, mutual or no checks, no captures) is only
    /// reported.
    pub const XIANGQI: RepetitionRules = RepetitionRules {
        chase_loses: false,
        repetition_draws: false,
        no_capture_plies: NO_CAPTURE_PLIES,
        no_capture_draws: false,
        move_limit: true,
    };

    /// Jieqi: the third occurrence ends the game — the side that kept up perpetual check, or
    /// failing that perpetual chase, loses; otherwise a draw. 120 plies without a capture
    /// draw.
    pub const JIEQI: RepetitionRules = RepetitionRules {
        chase_loses: true,
        repetition_draws: true,
        no_capture_plies: NO_CAPTURE_PLIES,
        no_capture_draws: true,
        move_limit: true,
    };
}

impl Default for RepetitionRules {
    fn default() -> Self {
        RepetitionRules::XIANGQI
    }
}

/// A warning or a hint for the players; it decides nothing by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notice {
    /// `side` gave check with every move since the position last stood on the board: one more
    /// round loses.
    PerpetualCheckWarning { side: Side },
    /// `side` has chased the piece now on `chased` with every move since the position last
    /// stood on the board.
    PerpetualChaseWarning { side: Side, chased: Square },
    /// The position has occurred three times without a decision: the players may agree a
    /// draw.
    RepetitionDrawHint,
    /// 60 moves by each side without a capture: the players may agree a draw.
    NoCaptureHint,
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::PerpetualCheckWarning { side } => {
                write!(
                    f,
                    "{side} is giving perpetual check: one more perpetual check loses"
                )
            }
            Notice::PerpetualChaseWarning { side, chased } => write!(
                f,
                "{side} keeps chasing the piece on {chased}: perpetual chase is forbidden"
            ),
            Notice::RepetitionDrawHint => {
                f.write_str("the position has occurred three times: the players may agree a draw")
            }
            Notice::NoCaptureHint => {
                f.write_str("60 moves by each side without a capture: the players may agree a draw")
            }
        }
    }
}

/// Adds to `log` the notices of `now` (after ply `ply`) that did not hold in `before`, and
/// makes `now` the new `before`.
pub(crate) fn note_arising(
    log: &mut Vec<(usize, Notice)>,
    ply: usize,
    before: &mut Vec<Notice>,
    now: &[Notice],
) {
    log.extend(
        now.iter()
            .filter(|n| !before.contains(n))
            .map(|&n| (ply, n)),
    );
    before.clear();
    before.extend_from_slice(now);
}

/// What was decided after a move: maybe the end of the game, and the notices to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepetitionVerdict {
    pub outcome: Option<Outcome>,
    pub notices: Vec<Notice>,
}

/// What one ply left behind, as far as repetition is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    mv: Move,
    mover: Side,
    hash: u64,
    check: bool,
    chased: u128,
    halfmoves: u32,
}

impl PlyRecord {
    pub fn mv(&self) -> Move {
        self.mv
    }

    pub fn mover(&self) -> Side {
        self.mover
    }

    /// [`Position::hash`] of the position after the move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the move gave check.
    pub fn gave_check(&self) -> bool {
        self.check
    }

    /// The enemy pieces (by their points after the move) the move chases (see [`chases`]).
    pub fn chased(&self) -> Vec<Square> {
        squares(self.chased)
    }

    /// Plies since the last capture, after the move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
}

/// The positions of a game so far with what each ply did, and the variant's repetition rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    rules: RepetitionRules,
    start_hash: u64,
    start_halfmoves: u32,
    plies: Vec<PlyRecord>,
}

impl History {
    /// A history that starts at `start`.
    pub fn new(rules: RepetitionRules, start: &Position) -> History {
        History {
            rules,
            start_hash: start.hash(),
            start_halfmoves: start.halfmoves(),
            plies: Vec::new(),
        }
    }

    pub fn rules(&self) -> RepetitionRules {
        self.rules
    }

    /// The number of plies recorded.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    pub fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    /// Records that `m` was played in `before` (by the side to move there) and led to
    /// `after`. Both positions are needed: a move chases only the attacks it made (rules.md
    /// §6, [`chases`]).
    pub fn record(&mut self, m: Move, before: &Position, after: &Position) {
        let mover = before.turn();
        debug_assert_eq!(after.turn(), mover.other(), "`after` follows `before`");
        self.plies.push(PlyRecord {
            mv: m,
            mover,
            hash: after.hash(),
            check: after.is_check(),
            chased: chase_set(before, m, after),
            halfmoves: after.halfmoves(),
        });
    }

    /// Forgets the last ply.
    pub fn pop(&mut self) -> Option<PlyRecord> {
        self.plies.pop()
    }

    fn hash_at(&self, i: usize) -> u64 {
        match i {
            0 => self.start_hash,
            _ => self.plies[i - 1].hash,
        }
    }

    /// Plies since the last capture in the current position.
    pub fn halfmoves(&self) -> u32 {
        self.plies
            .last()
            .map_or(self.start_halfmoves, |p| p.halfmoves)
    }

    /// How often the current position has stood on the board (1 the first time).
    pub fn occurrences(&self) -> usize {
        let now = self.hash_at(self.plies.len());
        (0..=self.plies.len())
            .filter(|&i| self.hash_at(i) == now)
            .count()
    }

    /// The plies since the previous occurrence of the current position (rules.md §6), if it
    /// occurred before.
    pub fn cycle(&self) -> Option<&[PlyRecord]> {
        let n = self.plies.len();
        let now = self.hash_at(n);
        let previous = (0..n).rev().find(|&i| self.hash_at(i) == now)?;
        Some(&self.plies[previous..])
    }

    /// Judges the current position by the repetition and no-capture rules (rules.md §6).
    ///
    /// On a repetition the cycle since the previous occurrence is judged. A side keeps up
    /// perpetual check when every one of its moves in the cycle gave check; perpetual chase is
    /// described in the module documentation. Check outranks chase: when exactly one side
    /// checks perpetually, chases are not judged or reported; when both sides check
    /// perpetually, neither is blamed. The second occurrence brings warnings (in both
    /// variants). From the third on, Xiangqi ends the game only for a one-sided perpetual
    /// check and otherwise hints at a draw by agreement; Jieqi ends it always.
    pub fn judge(&self) -> RepetitionVerdict {
        let mut verdict = RepetitionVerdict::default();
        let count = self.occurrences();
        if let Some(cycle) = self.cycle().filter(|_| count >= 2) {
            let checking: Vec<Side> = Side::ALL
                .into_iter()
                .filter(|&s| perpetual_check(cycle, s))
                .collect();
            let chasing: Vec<(Side, Square)> = if checking.is_empty() {
                Side::ALL
                    .into_iter()
                    .filter_map(|s| Some((s, perpetual_chase(cycle, s)?)))
                    .collect()
            } else {
                Vec::new()
            };
            let culprit = match (checking.as_slice(), chasing.as_slice()) {
                ([side], _) => Some((*side, WinReason::PerpetualCheck)),
                ([], [(side, _)]) => Some((*side, WinReason::PerpetualChase)),
                _ => None,
            };
            let decides = count >= 3
                && match culprit {
                    Some((_, WinReason::PerpetualCheck)) => true,
                    Some(_) => self.rules.chase_loses,
                    None => self.rules.repetition_draws,
                };
            if decides {
                verdict.outcome = Some(match culprit {
                    Some((loser, reason)) => Outcome::Win {
                        winner: loser.other(),
                        reason,
                    },
                    None => Outcome::Draw {
                        reason: DrawReason::Repetition,
                    },
                });
                return verdict;
            }
            if let [side] = checking.as_slice() {
                verdict
                    .notices
                    .push(Notice::PerpetualCheckWarning { side: *side });
            }
            for &(side, chased) in &chasing {
                verdict
                    .notices
                    .push(Notice::PerpetualChaseWarning { side, chased });
            }
            if count >= 3 {
                verdict.notices.push(Notice::RepetitionDrawHint);
            }
        }
        if self.halfmoves() >= self.rules.no_capture_plies {
            if self.rules.no_capture_draws {
                verdict.outcome = Some(Outcome::Draw {
                    reason: DrawReason::NoCapture,
                });
            } else {
                verdict.notices.push(Notice::NoCaptureHint);
            }
        }
        verdict
    }

    #[cfg(test)]
    pub(crate) fn push_raw(&mut self, record: PlyRecord) {
        self.plies.push(record);
    }
}

/// Whether `side` moved in `cycle` and gave check with every move.
fn perpetual_check(cycle: &[PlyRecord], side: Side) -> bool {
    let mut moves = cycle.iter().filter(|p| p.mover == side).peekable();
    moves.peek().is_some() && moves.all(|p| p.check)
}

/// The point (at the end of the cycle) of an enemy piece that `side` chased with every one of
/// its moves in `cycle`, following the piece as it moves.
fn perpetual_chase(cycle: &[PlyRecord], side: Side) -> Option<Square> {
    let mut tracked: Option<u128> = None;
    for ply in cycle {
        if ply.mover == side {
            tracked = Some(tracked.map_or(ply.chased, |t| t & ply.chased));
        } else if let Some(t) = tracked.as_mut() {
            let from = bit(ply.mv.from);
            if *t & from != 0 {
                *t = (*t & !from) | bit(ply.mv.to);
            }
        }
        if tracked == Some(0) {
            return None;
        }
    }
    squares(tracked?).first().copied()
}

#[inline]
fn bit(sq: Square) -> u128 {
    1u128 << sq.index()
}

fn squares(set: u128) -> Vec<Square> {
    (0..Square::COUNT)
        .filter(|&i| (set >> i) & 1 != 0)
        .filter_map(Square::from_index)
        .collect()
}

/// Whether an attack by `attacker` can ever be a chase.
fn can_chase(attacker: Role) -> bool {
    !matches!(attacker, Role::General | Role::Soldier)
}

/// Whether `target` standing on `sq` can ever be chased.
fn can_be_chased(target: Piece, sq: Square) -> bool {
    match target.role() {
        Role::General => false,
        Role::Soldier => !sq.on_side(target.side()),
        _ => true,
    }
}

/// Whether `target` is worth more than `attacker`, so that attacking it chases even when it
/// is protected.
fn worth_more(target: Role, attacker: Role) -> bool {
    match attacker {
        Role::Horse | Role::Cannon => target == Role::Chariot,
        Role::Advisor | Role::Elephant => {
            matches!(target, Role::Chariot | Role::Horse | Role::Cannon)
        }
        _ => false,
    }
}

/// Whether the owner of the piece on `m.to` could legally recapture there after `attacker`
/// took it.
fn protected(board: &Board, m: Move, attacker: Piece, owner: Side, free: bool) -> bool {
    let mut after = board.clone();
    after.shift(m.from, m.to, attacker);
    after.legal_moves(owner, free).iter().any(|r| r.to == m.to)
}

/// The enemy pieces that `chaser` attacks in `position` in a way that can chase, by their
/// points in board order (rules.md §6; the conditions are in the module documentation).
/// Whether a move *chases* them depends on the position before it too: see [`chases`].
/// `chaser` is normally the side that just moved, but either side may be asked.
pub fn chase_targets(position: &Position, chaser: Side) -> Vec<Square> {
    let set = chase_attacks(position, chaser, true)
        .iter()
        .fold(0, |set, &(_, target)| set | bit(target));
    squares(set)
}

/// The enemy pieces (by their points in `after`, in board order) that the move `m`, played
/// in `before` by the side to move there and leading to `after`, chases (rules.md §6): those
/// attacked in a way that can chase after it by an attack the move made. The decisions are in
/// the module documentation.
pub fn chases(before: &Position, m: Move, after: &Position) -> Vec<Square> {
    squares(chase_set(before, m, after))
}

fn chase_set(before: &Position, m: Move, after: &Position) -> u128 {
    let mover = before.turn();
    // The attacks that stood before the move, the moved piece followed to its destination.
    let standing: Vec<(Square, Square)> = chase_attacks(before, mover, false)
        .into_iter()
        .map(|(attacker, target)| (if attacker == m.from { m.to } else { attacker }, target))
        .collect();
    chase_attacks(after, mover, true)
        .into_iter()
        .filter(|attack| !standing.contains(attack))
        .fold(0, |set, (_, target)| set | bit(target))
}

/// The attacks of `chaser` in `position` that can chase, as (attacker, target) points. With
/// `legal` the chaser must be able to carry the capture out (its general stays safe); without
/// it (the position before a move, module documentation) the movement rules suffice.
fn chase_attacks(position: &Position, chaser: Side, legal: bool) -> Vec<(Square, Square)> {
    let board = position.board();
    let free = position.rules().free_advisors_elephants;
    let victim = chaser.other();
    let chaser_guard = board.guard(chaser, free);
    let victim_guard = board.guard(victim, free);
    let victim_moves = position.pseudo_moves(victim);
    let mut attacks = Vec::new();
    for &m in position.pseudo_moves(chaser).iter() {
        let (Some(attacker), Some(target)) = (position.piece_at(m.from), position.piece_at(m.to))
        else {
            continue;
        };
        if target.side() != victim || !can_chase(attacker.role()) || !can_be_chased(target, m.to) {
            continue;
        }
        let (from, to) = (m.from.index() as u8, m.to.index() as u8);
        if legal && !board.keeps_general_safe(&chaser_guard, from, to, attacker.code() as u8) {
            continue;
        }
        if attacker.role() == target.role()
            && victim_moves.contains(Move::new(m.to, m.from))
            && board.keeps_general_safe(&victim_guard, to, from, target.code() as u8)
        {
            continue; // an offer to exchange
        }
        if worth_more(target.role(), attacker.role())
            || !protected(board, m, attacker, victim, free)
        {
            attacks.push((m.from, m.to));
        }
    }
    attacks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::adjudicate;
    use crate::jieqi::Jieqi;
    use crate::variant::FamilyGame;
    use crate::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    fn jieqi_pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::JIEQI).unwrap()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn names(points: &[Square]) -> Vec<String> {
        points.iter().map(|s| s.to_string()).collect()
    }

    /// The enemy pieces `chaser` attacks in a way that can chase (a single position).
    fn chased(fen: &str, chaser: Side) -> Vec<String> {
        names(&chase_targets(&pos(fen), chaser))
    }

    /// What the ICCS move `mv` chases when played in `p` (rules.md §6).
    fn move_chases(p: &Position, mv: &str) -> Vec<String> {
        let m = Move::parse_iccs(mv).unwrap();
        p.check_move(m).unwrap();
        let mut after = p.clone();
        after.play_unchecked(m);
        names(&chases(p, m, &after))
    }

    /// What each recorded ply chased.
    fn chased_by_plies(h: &History) -> Vec<Vec<String>> {
        h.plies().iter().map(|p| names(&p.chased())).collect()
    }

    /// A case is written with Red as the chaser. `Twin::Red` reads it as written;
    /// `Twin::Black` reads its twin with Black as the chaser: the board turned upside down
    /// (ranks reversed, files kept), the colours swapped and the other side to move.
    #[derive(Clone, Copy, Debug)]
    enum Twin {
        Red,
        Black,
    }

    const TWINS: [Twin; 2] = [Twin::Red, Twin::Black];

    impl Twin {
        /// The side that plays the part `written` has in the case as written.
        fn side(self, written: Side) -> Side {
            match self {
                Twin::Red => written,
                Twin::Black => written.other(),
            }
        }

        /// The chaser: Red as written.
        fn chaser(self) -> Side {
            self.side(Side::Red)
        }

        fn flipped(self) -> bool {
            matches!(self, Twin::Black)
        }

        /// A FEN (plain or Jieqi full FEN: the board and the side to move are turned).
        fn fen(self, fen: &str) -> String {
            if !self.flipped() {
                return fen.to_string();
            }
            let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
            let swap = |c: char| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            };
            let rows: Vec<String> = fields[0]
                .split('/')
                .rev()
                .map(|row| row.chars().map(swap).collect())
                .collect();
            fields[0] = rows.join("/");
            fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
            fields.join(" ")
        }

        /// A point such as `c7`.
        fn point(self, s: &str) -> String {
            if !self.flipped() {
                return s.to_string();
            }
            let b = s.as_bytes();
            format!("{}{}", b[0] as char, 9 - (b[1] - b'0'))
        }

        fn points(self, points: &[&str]) -> Vec<String> {
            points.iter().map(|s| self.point(s)).collect()
        }

        /// ICCS moves separated by spaces.
        fn moves(self, moves: &str) -> String {
            // ICCS names a point by its file letter and rank digit, as `point` does.
            moves
                .split_whitespace()
                .map(|m| format!("{}{}", self.point(&m[..2]), self.point(&m[2..])))
                .collect::<Vec<_>>()
                .join(" ")
        }

        fn xiangqi(self, fen: &str) -> Position {
            pos(&self.fen(fen))
        }

        fn jieqi(self, fen: &str) -> Position {
            jieqi_pos(&self.fen(fen))
        }

        /// What `mv` (as written for Red) chases from `p`, as points written for Red.
        fn move_chases(self, p: &Position, mv: &str) -> Vec<String> {
            move_chases(p, &self.moves(mv))
                .iter()
                .map(|s| self.point(s))
                .collect()
        }

        /// The outcome in which the chaser has lost by perpetual chase.
        fn chaser_lost(self) -> Option<Outcome> {
            Some(Outcome::Win {
                winner: self.chaser().other(),
                reason: WinReason::PerpetualChase,
            })
        }
    }

    // --- Single positions: which attacks can chase (rules.md §6). Whether a move chases
    // with them is tested further down. ---

    #[test]
    fn unprotected_piece_is_chased_rules_6() {
        // rules.md §6: the attacked piece counts if it is unprotected.
        // Red chariot a7 attacks the lone black cannon c7.
        assert_eq!(
            chased("4k4/9/R1c6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c7"]
        );
    }

    #[test]
    fn protected_piece_of_equal_or_less_value_is_not_chased_rules_6() {
        // rules.md §6: a protected piece counts only if it is worth more than its attacker.
        // The black chariot c9 protects the cannon c7 against the red chariot.
        assert!(chased("2r1k4/9/R1c6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // Red cannon a7 (screen b7) attacks the black horse c7, protected by the chariot c9.
        assert!(chased("2r1k4/9/CPn6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // Unprotected, the horse is chased by the cannon.
        assert_eq!(
            chased("4k4/9/CPn6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c7"]
        );
    }

    #[test]
    fn piece_worth_more_is_chased_even_when_protected_rules_6() {
        // rules.md §6: a horse or cannon attacking a chariot counts even when it is protected.
        // Red horse a6 attacks the black chariot c7, which the black chariot c9 protects.
        assert_eq!(
            chased("2r1k4/9/2r6/N8/9/9/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c7"]
        );
    }

    #[test]
    fn revealed_advisor_chases_a_horse_in_jieqi_rules_6() {
        // rules.md §6, §7: an advisor or elephant attacking a chariot, horse or cannon counts.
        // Jieqi: a revealed red advisor on d5 attacks the black horse e6, which the black
        // chariot a6 protects: the horse is worth more than the advisor.
        let setup = Setup::parse_fen("3k5/9/9/r3n4/3A5/9/9/9/9/5K3 b - - 0 1").unwrap();
        let p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        assert_eq!(chase_targets(&p, Side::Red), [sq("e6")]);
    }

    #[test]
    fn general_and_soldier_attacks_never_chase_rules_6() {
        // rules.md §6: attacks by a general or a soldier never chase.
        // A crossed red soldier c6 attacks the lone black horse c7.
        assert!(chased("4k4/9/2n6/2P6/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // The red general d1 attacks the lone black horse d2.
        assert!(chased("4k4/9/9/9/9/9/9/3n5/3K5/9 b - - 0 1", Side::Red).is_empty());
    }

    #[test]
    fn general_and_uncrossed_soldier_cannot_be_chased_rules_6() {
        // rules.md §6: the general and a soldier that has not crossed the river cannot be chased.
        // Red chariot a6 attacks the black soldier c6, still on Black's side, unprotected.
        assert!(chased("4k4/9/9/R1p6/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // Once across the river (c4) it can be chased.
        assert_eq!(
            chased("4k4/9/9/9/9/R1p6/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c4"]
        );
        // Jieqi: a hidden piece on a soldier's start point moves as an uncrossed soldier.
        let setup = Setup::parse_fen("4k4/9/9/R1x6/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        let p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        assert!(chase_targets(&p, Side::Red).is_empty());
        // Check is not chase.
        assert!(chased("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
    }

    #[test]
    fn same_kind_mutual_attack_is_an_exchange_offer_rules_6() {
        // rules.md §6: the same kind attacking each other is an offer to exchange, unless the
        // attacked one cannot hit back.
        // Chariots a7 and c7 attack each other.
        assert!(chased("4k4/9/R1r6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // The black chariot e7 is pinned against its general by the red chariot e2: it cannot
        // take back, so the red chariot a7 chases it.
        let fen = "4k4/9/R3r4/9/9/9/9/4R4/9/3K5 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["e7"]);
        // Horses a6 and c7 attack each other: an exchange offer.
        assert!(chased("4k4/9/2n6/N8/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // With the black horse's leg b7 blocked only the red horse attacks: a chase.
        let fen = "4k4/9/1Pn6/N8/9/9/9/9/9/3K5 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["c7"]);
    }

    #[test]
    fn pinned_or_facing_defenders_do_not_protect_rules_6() {
        // rules.md §6: a pinned piece, or a general that would face the other general, does not
        // protect.
        // Red chariot a8 attacks the black horse e8. The black general could take back on e8
        // but would then face the red general e0 along the open e-file: no protection.
        let fen = "4k4/R3n4/9/9/9/9/9/9/9/4K4 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["e8"]);
        // With a piece between the generals the general protects, and there is no chase.
        let fen = "4k4/R3n4/9/9/4P4/9/9/9/9/4K4 b - - 0 1";
        assert!(chased(fen, Side::Red).is_empty());
        // The black chariot e7 defends the horse c7 along rank 7, but the red chariot e2 pins
        // it to its general: no protection.
        let fen = "4k4/9/R1n1r4/9/9/9/9/4R4/9/3K5 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["c7"]);
    }

    #[test]
    fn pinned_attacker_does_not_chase_rules_6() {
        // rules.md §6 (module decision): a capture that would expose the chaser's own general
        // is no threat.
        // The red chariot d2 attacks the lone black horse a2, but it stands between its general
        // d0 and the black chariot d9: taking would expose the general.
        let fen = "3rk4/9/9/9/9/9/9/n2R5/9/3K5 b - - 0 1";
        assert!(chased(fen, Side::Red).is_empty());
        // Without the pinning chariot the same attack chases.
        let fen = "4k4/9/9/9/9/9/9/n2R5/9/3K5 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["a2"]);
    }

    // --- Single moves: what a move chases (rules.md §6: "the move made that attack") ---

    #[test]
    fn direct_chase_by_the_moved_piece_rules_6() {
        // rules.md §6: the moved piece attacks the piece from its new point. The red chariot
        // a6 steps to a7 and attacks the lone black cannon c7 (Black's twin: a3 to a2, c2).
        for t in TWINS {
            let p = t.xiangqi(CHASE);
            assert_eq!(t.move_chases(&p, "a6a7"), ["c7"], "{t:?}");
            // A move that attacks nothing chases nothing.
            assert!(t.move_chases(&p, "a6a5").is_empty(), "{t:?}");
        }
        // A horse that arrives attacking: the red horse a3 to b5 attacks the lone cannon c7.
        for t in TWINS {
            let p = t.xiangqi("4k4/9/2c6/9/9/9/N8/9/9/3K5 w - - 0 1");
            assert_eq!(t.move_chases(&p, "a3b5"), ["c7"], "{t:?}");
        }
    }

    #[test]
    fn discovered_attacks_chase_rules_6() {
        // rules.md §6: another piece attacks that did not before — the move opened its line,
        // a horse's leg or an elephant's eye, or gave a cannon its screen.
        let cases = [
            // The red horse b7 leaves the line of the chariot a7 to the cannon c7.
            ("4k4/9/RNc6/9/9/9/9/9/9/3K5 w - - 0 1", "b7a5", "c7"),
            // The red chariot b6 leaves the leg of the horse b5, which now attacks c7.
            ("4k4/9/2c6/1R7/1N7/9/9/9/9/3K5 w - - 0 1", "b6a6", "c7"),
            // The red horse a5 steps to b7 and gives the cannon a7 a screen against c7.
            ("4k4/9/C1n6/9/N8/9/9/9/9/3K5 w - - 0 1", "a5b7", "c7"),
            // The red horse d3 leaves the eye of the elephant c4, which now attacks the
            // crossed black horse e2 (worth more than an elephant).
            ("4k4/9/9/9/9/2B6/3N5/4n4/9/4K4 w - - 0 1", "d3b2", "e2"),
        ];
        for t in TWINS {
            for (fen, mv, target) in cases {
                let p = t.xiangqi(fen);
                assert!(chase_targets(&p, t.chaser()).is_empty(), "{t:?} {fen}");
                assert_eq!(t.move_chases(&p, mv), [target], "{t:?} {fen}");
            }
        }
    }

    #[test]
    fn sliding_along_the_line_of_an_attack_is_no_chase_rules_6() {
        // rules.md §6: "a chariot or cannon that slid along the line it already attacked on
        // does not count". The red chariot a3 attacks the lone cannon a7 and slides to a4.
        for t in TWINS {
            let p = t.xiangqi("4k4/9/c8/9/9/9/R8/9/9/3K5 w - - 0 1");
            assert_eq!(chase_targets(&p, t.chaser()), [sq(&t.point("a7"))], "{t:?}");
            assert!(t.move_chases(&p, "a3a4").is_empty(), "{t:?}");
            // A chariot that comes onto the line from elsewhere does chase.
            let p = t.xiangqi("4k4/9/c8/9/9/9/1R7/9/9/3K5 w - - 0 1");
            assert_eq!(t.move_chases(&p, "b3a3"), ["a7"], "{t:?}");
            // A cannon sliding behind its screen: the red cannon a2 attacks the horse a7 over
            // the horse a5 and slides to a3.
            let p = t.xiangqi("4k4/9/n8/9/N8/9/9/C8/9/3K5 w - - 0 1");
            assert_eq!(chase_targets(&p, t.chaser()), [sq(&t.point("a7"))], "{t:?}");
            assert!(t.move_chases(&p, "a2a3").is_empty(), "{t:?}");
        }
    }

    #[test]
    fn protected_piece_chased_by_a_lesser_piece_not_by_an_equal_one_rules_6() {
        // rules.md §6: a protected piece counts when it is worth more than its attacker. The
        // red horse a3 steps to b5 and attacks c7, which the chariot c9 protects.
        for t in TWINS {
            // A chariot: worth more than the horse, chased.
            let p = t.xiangqi("2r1k4/9/2r6/9/9/9/N8/9/9/3K5 w - - 0 1");
            assert_eq!(t.move_chases(&p, "a3b5"), ["c7"], "{t:?}");
            // A cannon: not worth more, and protected, so not chased.
            let p = t.xiangqi("2r1k4/9/2c6/9/9/9/N8/9/9/3K5 w - - 0 1");
            assert!(t.move_chases(&p, "a3b5").is_empty(), "{t:?}");
            // The same cannon unprotected is chased.
            let p = t.xiangqi("4k4/9/2c6/9/9/9/N8/9/9/3K5 w - - 0 1");
            assert_eq!(t.move_chases(&p, "a3b5"), ["c7"], "{t:?}");
        }
    }

    #[test]
    fn pinning_away_a_protector_chases_rules_6() {
        // rules.md §6: "the move took away a protector (pinned it)". The red chariot a7
        // attacks the black horse c7, which the chariot e7 protects: no chase. The red chariot
        // d2 steps to e2 and pins the protector to its general e9: now the horse is chased,
        // though its attacker did not move. (The chariots e2 and e7 only offer an exchange.)
        for t in TWINS {
            let p = t.xiangqi("4k4/9/R1n1r4/9/9/9/9/3R5/9/3K5 w - - 0 1");
            assert!(chase_targets(&p, t.chaser()).is_empty(), "{t:?}");
            assert_eq!(t.move_chases(&p, "d2e2"), ["c7"], "{t:?}");
        }
    }

    #[test]
    fn answering_a_check_or_unpinning_an_attacker_is_no_chase_rules_6() {
        // rules.md §6, decision (module documentation): an attack stands before the move
        // even if the chaser could not carry it out then. Red, in check from the chariot d9,
        // blocks with the horse b2-d1; the chariot a7 attacked the lone cannon c7 all along:
        // not chased.
        for t in TWINS {
            let p = t.xiangqi("3rk4/9/R1c6/9/9/9/9/1N7/9/3K5 w - - 0 1");
            assert!(p.is_check());
            assert!(t.move_chases(&p, "b2d1").is_empty(), "{t:?}");
            let mut after = p.clone();
            after.play_unchecked(Move::parse_iccs(&t.moves("b2d1")).unwrap());
            assert_eq!(chase_targets(&after, t.chaser()), [sq(&t.point("c7"))]);
        }
        // The red chariot d2 is pinned (black chariot d9, red general d0) and cannot take the
        // horse a2; the horse b4-d5 unpins it. The horse was attacked before: not chased.
        for t in TWINS {
            let p = t.xiangqi("3rk4/9/9/9/9/1N7/9/n2R5/9/3K5 w - - 0 1");
            assert!(chase_targets(&p, t.chaser()).is_empty(), "{t:?}");
            assert!(t.move_chases(&p, "b4d5").is_empty(), "{t:?}");
        }
    }

    // --- Cycles ---

    /// Plays ICCS moves, recording each, and returns the verdict after every move.
    fn play(p: &mut Position, history: &mut History, moves: &str) -> Vec<RepetitionVerdict> {
        moves
            .split_whitespace()
            .map(|s| {
                let m = Move::parse_iccs(s).unwrap();
                p.check_move(m).unwrap();
                let before = p.clone();
                p.play_unchecked(m);
                history.record(m, &before, p);
                adjudicate(p, history)
            })
            .collect()
    }

    /// Plays `cycle` (as written for Red) twice from `fen` under Jieqi's rules and returns
    /// the verdicts of both rounds and the history.
    fn jieqi_twice(
        t: Twin,
        fen: &str,
        cycle: &str,
    ) -> (Vec<RepetitionVerdict>, Vec<RepetitionVerdict>, History) {
        let mut p = t.jieqi(fen);
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        let first = play(&mut p, &mut h, &t.moves(cycle));
        let second = play(&mut p, &mut h, &t.moves(cycle));
        assert_eq!(h.occurrences(), 3, "{t:?}");
        (first, second, h)
    }

    const REPETITION_DRAW: Option<Outcome> = Some(Outcome::Draw {
        reason: DrawReason::Repetition,
    });

    const CHECKS: &str = "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1";
    const CHECK_CYCLE: &str = "i8i9 e9e8 i9i8 e8e9";

    #[test]
    fn xiangqi_perpetual_check_warned_then_lost_rules_6() {
        // rules.md §6: a one-sided perpetual check is warned on the second occurrence and loses on
        // the third.
        let mut p = pos(CHECKS);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let first = play(&mut p, &mut h, CHECK_CYCLE);
        assert!(
            first[..3]
                .iter()
                .all(|v| *v == RepetitionVerdict::default())
        );
        assert_eq!(h.occurrences(), 2);
        assert_eq!(
            first[3],
            RepetitionVerdict {
                outcome: None,
                notices: vec![Notice::PerpetualCheckWarning { side: Side::Red }]
            }
        );
        let second = play(&mut p, &mut h, CHECK_CYCLE);
        assert_eq!(h.occurrences(), 3);
        assert_eq!(
            second[3].outcome,
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualCheck
            })
        );
    }

    #[test]
    fn jieqi_perpetual_check_loses_on_third_occurrence_rules_6() {
        // rules.md §6: in Jieqi too, perpetual check loses on the third occurrence.
        let setup = Setup::parse_fen(CHECKS).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        let first = play(&mut p, &mut h, CHECK_CYCLE);
        assert_eq!(first[3].outcome, None);
        assert_eq!(
            first[3].notices,
            [Notice::PerpetualCheckWarning { side: Side::Red }]
        );
        let second = play(&mut p, &mut h, CHECK_CYCLE);
        assert_eq!(
            second[3].outcome,
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualCheck
            })
        );
    }

    /// Red chariot follows the lone black cannon between c7 and c6.
    const CHASE: &str = "4k4/9/2c6/R8/9/9/9/9/9/3K5 w - - 0 1";
    const CHASE_CYCLE: &str = "a6a7 c7c6 a7a6 c6c7";

    #[test]
    fn perpetual_chase_follows_the_running_piece_rules_6() {
        // rules.md §6: one same enemy piece, followed through its own moves, is chased by every
        // one of the side's moves: each chariot move attacks the cannon anew where it ran to.
        for t in TWINS {
            let mut p = t.xiangqi(CHASE);
            let mut h = History::new(RepetitionRules::XIANGQI, &p);
            let first = play(&mut p, &mut h, &t.moves(CHASE_CYCLE));
            assert_eq!(
                chased_by_plies(&h),
                [t.points(&["c7"]), vec![], t.points(&["c6"]), vec![]],
                "{t:?}"
            );
            let warning = Notice::PerpetualChaseWarning {
                side: t.chaser(),
                chased: sq(&t.point("c7")),
            };
            assert_eq!(
                first[3],
                RepetitionVerdict {
                    outcome: None,
                    notices: vec![warning]
                },
                "{t:?}"
            );
            // Xiangqi reports the chase but decides nothing, also on the third occurrence.
            let second = play(&mut p, &mut h, &t.moves(CHASE_CYCLE));
            assert_eq!(
                second[3],
                RepetitionVerdict {
                    outcome: None,
                    notices: vec![warning, Notice::RepetitionDrawHint]
                },
                "{t:?}"
            );
        }
        let warning = Notice::PerpetualChaseWarning {
            side: Side::Red,
            chased: sq("c7"),
        };
        assert_eq!(
            warning.to_string(),
            "Red keeps chasing the piece on c7: perpetual chase is forbidden"
        );
    }

    #[test]
    fn jieqi_perpetual_chase_loses_on_third_occurrence_rules_6() {
        // rules.md §6, §7: a Jieqi game (face-down pieces on b0 and i9 stand by) in which the
        // chaser chases the same running cannon with every move: warned on the second
        // occurrence, lost on the third. Played through the game itself, which records each
        // move with the position before it.
        let fen = "4k3xr/9/2c6/R8/9/9/9/9/9/1XN1K5 w - 0 1";
        for t in TWINS {
            let mut game = Jieqi::from_full_fen(&t.fen(fen)).unwrap();
            let mut notices = Vec::new();
            for m in t.moves(CHASE_CYCLE).split_whitespace() {
                notices = game.play(Move::parse_iccs(m).unwrap()).unwrap();
            }
            assert_eq!(
                notices,
                [Notice::PerpetualChaseWarning {
                    side: t.chaser(),
                    chased: sq(&t.point("c7"))
                }],
                "{t:?}"
            );
            for m in t.moves(CHASE_CYCLE).split_whitespace() {
                assert!(!game.is_over(), "{t:?}");
                game.play(Move::parse_iccs(m).unwrap()).unwrap();
            }
            assert_eq!(game.outcome(), t.chaser_lost(), "{t:?}");
        }
    }

    #[test]
    fn a_different_piece_each_move_is_no_chase_rules_6() {
        // rules.md §6: the chased piece must be the same with every move. The red chariot
        // alternates between attacking the cannon c7 (from a7) and the horse g6 (from a6):
        // each move chases, but not the same piece. Jieqi: a plain draw.
        let fen = "4k4/9/2c6/R5n2/9/9/9/9/9/3K5 w - - 0 1";
        for t in TWINS {
            let (first, second, h) = jieqi_twice(t, fen, "a6a7 e9f9 a7a6 f9e9");
            assert_eq!(chased_by_plies(&h)[0], t.points(&["c7"]), "{t:?}");
            assert_eq!(chased_by_plies(&h)[2], t.points(&["g6"]), "{t:?}");
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            assert_eq!(second[3].outcome, REPETITION_DRAW, "{t:?}");
        }
    }

    #[test]
    fn standing_attack_while_shuffling_is_no_chase_rules_6() {
        // rules.md §6: "a piece merely left attacked while the side moves something else is
        // not chased". The red chariot a7 keeps the lone cannon c7 attacked while both
        // generals step out and back: no chase. Xiangqi warns nothing; Jieqi draws on the
        // third occurrence (the earlier wording made this Red's loss).
        let fen = "4k4/9/R1c6/9/9/9/9/9/9/3K5 w - - 0 1";
        let cycle = "d0d1 e9e8 d1d0 e8e9";
        for t in TWINS {
            let mut p = t.xiangqi(fen);
            let mut h = History::new(RepetitionRules::XIANGQI, &p);
            let first = play(&mut p, &mut h, &t.moves(cycle));
            assert_eq!(chase_targets(&p, t.chaser()), [sq(&t.point("c7"))]);
            assert!(chased_by_plies(&h).iter().all(Vec::is_empty), "{t:?}");
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            let second = play(&mut p, &mut h, &t.moves(cycle));
            assert_eq!(
                second[3],
                RepetitionVerdict {
                    outcome: None,
                    notices: vec![Notice::RepetitionDrawHint]
                },
                "{t:?}"
            );

            let (first, second, _) = jieqi_twice(t, fen, cycle);
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            assert_eq!(second[3].outcome, REPETITION_DRAW, "{t:?}");
        }
    }

    #[test]
    fn jieqi_hidden_piece_left_attacking_is_no_chase_rules_6() {
        // rules.md §6, §7: the face-down red piece on a0 moves as a chariot and keeps the lone
        // cannon a7 attacked while the generals shuffle. Not a chase: a draw.
        let fen = "4k4/9/c8/9/9/9/9/9/9/X2K5 w - - 0 1";
        for t in TWINS {
            let p = t.jieqi(fen);
            assert_eq!(chase_targets(&p, t.chaser()), [sq(&t.point("a7"))]);
            let (first, second, h) = jieqi_twice(t, fen, "d0d1 e9e8 d1d0 e8e9");
            assert!(chased_by_plies(&h).iter().all(Vec::is_empty), "{t:?}");
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            assert_eq!(second[3].outcome, REPETITION_DRAW, "{t:?}");
        }
    }

    #[test]
    fn sliding_chariot_cycle_is_no_chase_rules_6() {
        // rules.md §6: the red chariot slides a3-a4-a3 on the a-file, keeping the cannon a7
        // attacked: no move made the attack, so Jieqi draws.
        let fen = "4k4/9/c8/9/9/9/R8/9/9/3K5 w - - 0 1";
        for t in TWINS {
            let (first, second, h) = jieqi_twice(t, fen, "a3a4 e9e8 a4a3 e8e9");
            assert!(chased_by_plies(&h).iter().all(Vec::is_empty), "{t:?}");
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            assert_eq!(second[3].outcome, REPETITION_DRAW, "{t:?}");
        }
    }

    #[test]
    fn alternating_moves_against_a_standing_attack_are_no_perpetual_chase_rules_6() {
        // rules.md §6: each of the chaser's moves must itself chase. The red chariot c2 keeps
        // the lone cannon c7 attacked; the red horse goes a3-b5 (attacks c7 anew: a chase)
        // and back b5-a3 (makes no attack: no chase). Not every move chases: a draw.
        let fen = "4k4/9/2c6/9/9/9/N8/2R6/9/3K5 w - - 0 1";
        for t in TWINS {
            let (first, second, h) = jieqi_twice(t, fen, "a3b5 e9e8 b5a3 e8e9");
            assert_eq!(
                chased_by_plies(&h)[..4],
                [t.points(&["c7"]), vec![], vec![], vec![]],
                "{t:?}"
            );
            assert_eq!(first[3], RepetitionVerdict::default(), "{t:?}");
            assert_eq!(second[3].outcome, REPETITION_DRAW, "{t:?}");
        }
    }

    #[test]
    fn every_move_making_a_new_attack_is_perpetual_chase_rules_6() {
        // rules.md §6: the cannon c7 never moves, yet every red move makes an attack on it:
        // the chariot c5 steps aside to d5 and opens the line of the chariot c2 (discovered),
        // then steps back and attacks it itself. Perpetual chase: Jieqi's chaser loses.
        let fen = "4k4/9/2c6/9/2R6/9/9/2R6/9/3K5 w - - 0 1";
        for t in TWINS {
            let (first, second, h) = jieqi_twice(t, fen, "c5d5 e9e8 d5c5 e8e9");
            assert_eq!(
                chased_by_plies(&h)[..4],
                [t.points(&["c7"]), vec![], t.points(&["c7"]), vec![]],
                "{t:?}"
            );
            assert_eq!(
                first[3].notices,
                [Notice::PerpetualChaseWarning {
                    side: t.chaser(),
                    chased: sq(&t.point("c7"))
                }],
                "{t:?}"
            );
            assert_eq!(second[3].outcome, t.chaser_lost(), "{t:?}");
        }
    }

    #[test]
    fn check_outranks_chase_rules_6() {
        // rules.md §6: "perpetual check outranks perpetual chase". Red's chariot checks with
        // every move (i8-i9 on rank 9, i9-i8 on rank 8); each black general move uncovers a
        // black cannon against the running chariot (a9 over c9 when the general leaves e9,
        // a8 over c8 when it leaves e8): Black chases the same piece with every move too.
        // Check decides: Red is warned of perpetual check, and loses on the third occurrence.
        let fen = "c1n1k4/c1n5R/9/9/9/9/9/9/9/3K5 w - - 0 1";
        for t in TWINS {
            let checker = t.side(Side::Red);
            for rules in [RepetitionRules::XIANGQI, RepetitionRules::JIEQI] {
                let mut p = match rules {
                    RepetitionRules::XIANGQI => t.xiangqi(fen),
                    _ => t.jieqi(fen),
                };
                let mut h = History::new(rules, &p);
                let first = play(&mut p, &mut h, &t.moves(CHECK_CYCLE));
                assert_eq!(
                    chased_by_plies(&h),
                    [vec![], t.points(&["i9"]), vec![], t.points(&["i8"])],
                    "{t:?}"
                );
                assert!(h.plies().iter().step_by(2).all(PlyRecord::gave_check));
                // Black did keep up a perpetual chase of the chariot …
                assert_eq!(
                    perpetual_chase(h.cycle().unwrap(), checker.other()),
                    Some(sq(&t.point("i8"))),
                    "{t:?}"
                );
                // … but only the check is reported and judged.
                assert_eq!(
                    first[3],
                    RepetitionVerdict {
                        outcome: None,
                        notices: vec![Notice::PerpetualCheckWarning { side: checker }]
                    },
                    "{t:?}"
                );
                let second = play(&mut p, &mut h, &t.moves(CHECK_CYCLE));
                assert_eq!(
                    second[3].outcome,
                    Some(Outcome::Win {
                        winner: checker.other(),
                        reason: WinReason::PerpetualCheck
                    }),
                    "{t:?}"
                );
            }
        }
    }

    #[test]
    fn no_checks_give_only_a_hint_in_xiangqi_and_a_draw_in_jieqi_rules_6() {
        // rules.md §6: no culprit — Xiangqi hints at a draw by agreement, Jieqi draws.
        let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
        let cycle = "a0a1 e9e8 a1a0 e8e9";
        let mut p = pos(fen);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let first = play(&mut p, &mut h, cycle);
        assert_eq!(first[3], RepetitionVerdict::default());
        let second = play(&mut p, &mut h, cycle);
        assert_eq!(
            second[3],
            RepetitionVerdict {
                outcome: None,
                notices: vec![Notice::RepetitionDrawHint]
            }
        );

        let setup = Setup::parse_fen(fen).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        play(&mut p, &mut h, cycle);
        let second = play(&mut p, &mut h, cycle);
        assert_eq!(
            second[3].outcome,
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    }

    fn record(mv: &str, mover: Side, hash: u64, check: bool, chased: &[&str]) -> PlyRecord {
        PlyRecord {
            mv: Move::parse_iccs(mv).unwrap(),
            mover,
            hash,
            check,
            chased: chased.iter().fold(0, |acc, s| acc | bit(sq(s))),
            halfmoves: 10,
        }
    }

    #[test]
    fn mutual_perpetual_check_decides_nothing_rules_6() {
        // rules.md §6: both sides checking all the time decides nothing automatically.
        // A hand-made cycle (the judgement only reads the records): both sides check with
        // every move, Black also "chases". Xiangqi hints, Jieqi draws.
        for rules in [RepetitionRules::XIANGQI, RepetitionRules::JIEQI] {
            let mut h = History::new(rules, &Position::startpos());
            let start = Position::startpos().hash();
            for _ in 0..2 {
                h.push_raw(record("a0a1", Side::Red, 1, true, &[]));
                h.push_raw(record("a9a8", Side::Black, 2, true, &["c2"]));
                h.push_raw(record("a1a0", Side::Red, 3, true, &[]));
                h.push_raw(record("a8a9", Side::Black, start, true, &["c2"]));
            }
            assert_eq!(h.occurrences(), 3);
            let v = h.judge();
            match rules {
                RepetitionRules::XIANGQI => {
                    assert_eq!(
                        v,
                        RepetitionVerdict {
                            outcome: None,
                            notices: vec![Notice::RepetitionDrawHint]
                        }
                    )
                }
                _ => {
                    assert_eq!(
                        v.outcome,
                        Some(Outcome::Draw {
                            reason: DrawReason::Repetition
                        })
                    )
                }
            }
        }
    }

    #[test]
    fn mutual_perpetual_chase_is_a_draw_in_jieqi_rules_6() {
        // rules.md §6: both sides chasing perpetually: no single culprit, so Jieqi draws.
        let mut h = History::new(RepetitionRules::JIEQI, &Position::startpos());
        let start = Position::startpos().hash();
        for _ in 0..2 {
            h.push_raw(record("a0a1", Side::Red, 1, false, &["c7"]));
            h.push_raw(record("a9a8", Side::Black, 2, false, &["c2"]));
            h.push_raw(record("a1a0", Side::Red, 3, false, &["c7"]));
            h.push_raw(record("a8a9", Side::Black, start, false, &["c2"]));
        }
        let v = h.judge();
        assert_eq!(
            v.outcome,
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    }

    #[test]
    fn no_capture_limit_rules_6() {
        // rules.md §6: 60 moves by each side without a capture.
        // Xiangqi: a hint; Jieqi: a draw with that reason. The FEN starts at 118 plies.
        let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 80";
        let mut p = pos(fen);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let v = play(&mut p, &mut h, "a0a1 e9e8");
        assert_eq!(v[0], RepetitionVerdict::default());
        assert_eq!(
            v[1],
            RepetitionVerdict {
                outcome: None,
                notices: vec![Notice::NoCaptureHint]
            }
        );

        let setup = Setup::parse_fen(fen).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        let v = play(&mut p, &mut h, "a0a1 e9e8");
        assert_eq!(v[0].outcome, None);
        assert_eq!(
            v[1].outcome,
            Some(Outcome::Draw {
                reason: DrawReason::NoCapture
            })
        );
    }

    #[test]
    fn notices_read_as_words() {
        assert_eq!(
            Notice::PerpetualCheckWarning { side: Side::Black }.to_string(),
            "Black is giving perpetual check: one more perpetual check loses"
        );
        assert!(
            Notice::RepetitionDrawHint
                .to_string()
                .contains("three times")
        );
        assert!(
            Notice::NoCaptureHint
                .to_string()
                .contains("without a capture")
        );
    }
}
