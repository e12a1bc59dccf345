//! Repetition and long games (rules.md §6): what each ply leaves behind (check, chase), the
//! judgement when a position comes back, and the no-capture limit — as a property of the
//! variant's rule set.
//!
//! # Chase (rules.md §6, with the decisions taken here)
//!
//! After a move, the mover *chases* an enemy piece when all of this holds:
//!
//! - the mover has a **legal capture** of it right now (as if it were the mover's turn): an
//!   attack that would expose the mover's own general is no threat, so a pinned attacker does
//!   not chase;
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
//! A side keeps up a perpetual chase when **every one of its moves** in the cycle leaves the
//! **same** enemy piece chased. The rule reads "leaves attacked", so an attack that was
//! already there before the move counts, as the contract says; only attacks made by the move
//! itself would be a narrower reading. The same piece is followed through the cycle by its
//! point: after the chaser's first move the candidates are the points it chases; after each
//! move of the other side a candidate on the move's origin moves with it to the destination
//! (the chased piece runs away and is attacked again); after each further move of the chaser
//! the candidates are narrowed to what that move leaves chased.

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

/// What was decided after a move: maybe the end of the game, and the notices to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
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

    /// The enemy pieces (by their points after the move) the mover chases.
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

    /// Records that `m` was played and led to `after`.
    pub fn record(&mut self, m: Move, after: &Position) {
        let mover = after.turn().other();
        self.plies.push(PlyRecord {
            mv: m,
            mover,
            hash: after.hash(),
            check: after.is_check(),
            chased: chased_set(after, mover),
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
    pub fn judge(&self) -> Verdict {
        let mut verdict = Verdict::default();
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

/// The enemy pieces that `chaser` chases in `position`, by their points in board order
/// (rules.md §6; the decisions are in the module documentation). `chaser` is normally the
/// side that just moved, but either side may be asked.
pub fn chased_pieces(position: &Position, chaser: Side) -> Vec<Square> {
    squares(chased_set(position, chaser))
}

fn chased_set(position: &Position, chaser: Side) -> u128 {
    let board = position.board();
    let free = position.rules().free_advisors_elephants;
    let victim = chaser.other();
    let chaser_guard = board.guard(chaser, free);
    let victim_guard = board.guard(victim, free);
    let victim_moves = position.pseudo_moves(victim);
    let mut set = 0u128;
    for &m in position.pseudo_moves(chaser).iter() {
        let (Some(attacker), Some(target)) = (position.piece_at(m.from), position.piece_at(m.to))
        else {
            continue;
        };
        if target.side() != victim
            || set & bit(m.to) != 0
            || !can_chase(attacker.role())
            || !can_be_chased(target, m.to)
        {
            continue;
        }
        let (from, to) = (m.from.index() as u8, m.to.index() as u8);
        if !board.keeps_general_safe(&chaser_guard, from, to, attacker.code() as u8) {
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
            set |= bit(m.to);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::adjudicate;
    use crate::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn chased(fen: &str, chaser: Side) -> Vec<String> {
        chased_pieces(&pos(fen), chaser)
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    // --- Single positions: what counts as a chase (rules.md §6) ---

    #[test]
    fn unprotected_piece_is_chased_rules_6() {
        // Red chariot a7 attacks the lone black cannon c7.
        assert_eq!(
            chased("4k4/9/R1c6/9/9/9/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c7"]
        );
    }

    #[test]
    fn protected_piece_of_equal_or_less_value_is_not_chased_rules_6() {
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
        // Red horse a6 attacks the black chariot c7, which the black chariot c9 protects.
        assert_eq!(
            chased("2r1k4/9/2r6/N8/9/9/9/9/9/3K5 b - - 0 1", Side::Red),
            ["c7"]
        );
    }

    #[test]
    fn revealed_advisor_chases_a_horse_in_jieqi_rules_6() {
        // Jieqi: a revealed red advisor on d5 attacks the black horse e6, which the black
        // chariot a6 protects: the horse is worth more than the advisor.
        let setup = Setup::parse_fen("3k5/9/9/r3n4/3A5/9/9/9/9/5K3 b - - 0 1").unwrap();
        let p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        assert_eq!(chased_pieces(&p, Side::Red), [sq("e6")]);
    }

    #[test]
    fn general_and_soldier_attacks_never_chase_rules_6() {
        // A crossed red soldier c6 attacks the lone black horse c7.
        assert!(chased("4k4/9/2n6/2P6/9/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
        // The red general d1 attacks the lone black horse d2.
        assert!(chased("4k4/9/9/9/9/9/9/3n5/3K5/9 b - - 0 1", Side::Red).is_empty());
    }

    #[test]
    fn general_and_uncrossed_soldier_cannot_be_chased_rules_6() {
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
        assert!(chased_pieces(&p, Side::Red).is_empty());
        // Check is not chase.
        assert!(chased("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1", Side::Red).is_empty());
    }

    #[test]
    fn same_kind_mutual_attack_is_an_exchange_offer_rules_6() {
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
        // The red chariot d2 attacks the lone black horse a2, but it stands between its general
        // d0 and the black chariot d9: taking would expose the general.
        let fen = "3rk4/9/9/9/9/9/9/n2R5/9/3K5 b - - 0 1";
        assert!(chased(fen, Side::Red).is_empty());
        // Without the pinning chariot the same attack chases.
        let fen = "4k4/9/9/9/9/9/9/n2R5/9/3K5 b - - 0 1";
        assert_eq!(chased(fen, Side::Red), ["a2"]);
    }

    // --- Cycles ---

    /// Plays ICCS moves, recording each, and returns the verdict after every move.
    fn play(p: &mut Position, history: &mut History, moves: &str) -> Vec<Verdict> {
        moves
            .split_whitespace()
            .map(|s| {
                let m = Move::parse_iccs(s).unwrap();
                p.check_move(m).unwrap();
                p.play_unchecked(m);
                history.record(m, p);
                adjudicate(p, history)
            })
            .collect()
    }

    const CHECKS: &str = "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1";
    const CHECK_CYCLE: &str = "i8i9 e9e8 i9i8 e8e9";

    #[test]
    fn xiangqi_perpetual_check_warned_then_lost_rules_6() {
        let mut p = pos(CHECKS);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let first = play(&mut p, &mut h, CHECK_CYCLE);
        assert!(first[..3].iter().all(|v| *v == Verdict::default()));
        assert_eq!(h.occurrences(), 2);
        assert_eq!(
            first[3],
            Verdict {
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
        let mut p = pos(CHASE);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let first = play(&mut p, &mut h, CHASE_CYCLE);
        assert_eq!(h.plies()[0].chased(), [sq("c7")]);
        assert_eq!(h.plies()[2].chased(), [sq("c6")]);
        let warning = Notice::PerpetualChaseWarning {
            side: Side::Red,
            chased: sq("c7"),
        };
        assert_eq!(
            first[3],
            Verdict {
                outcome: None,
                notices: vec![warning]
            }
        );
        // Xiangqi reports the chase but decides nothing, also on the third occurrence.
        let second = play(&mut p, &mut h, CHASE_CYCLE);
        assert_eq!(
            second[3],
            Verdict {
                outcome: None,
                notices: vec![warning, Notice::RepetitionDrawHint]
            }
        );
        assert_eq!(
            warning.to_string(),
            "Red keeps chasing the piece on c7: perpetual chase is forbidden"
        );
    }

    #[test]
    fn jieqi_perpetual_chase_loses_on_third_occurrence_rules_6() {
        let setup = Setup::parse_fen(CHASE).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        play(&mut p, &mut h, CHASE_CYCLE);
        let second = play(&mut p, &mut h, CHASE_CYCLE);
        assert_eq!(
            second[3].outcome,
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualChase
            })
        );
    }

    #[test]
    fn a_different_piece_each_move_is_no_chase_rules_6() {
        // The red chariot alternates between attacking the cannon c7 (from a7) and the horse g6
        // (from a6): no piece is attacked after every red move. Jieqi: a plain draw.
        let fen = "4k4/9/2c6/R5n2/9/9/9/9/9/3K5 w - - 0 1";
        let setup = Setup::parse_fen(fen).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        let cycle = "a6a7 e9f9 a7a6 f9e9";
        let first = play(&mut p, &mut h, cycle);
        assert_eq!(h.plies()[0].chased(), [sq("c7")]);
        assert_eq!(h.plies()[2].chased(), [sq("g6")]);
        assert_eq!(first[3], Verdict::default());
        let second = play(&mut p, &mut h, cycle);
        assert_eq!(h.occurrences(), 3);
        assert_eq!(
            second[3].outcome,
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    }

    #[test]
    fn check_outranks_chase_rules_6() {
        // As the perpetual-check cycle, but the black chariot a2 keeps the red horse c2
        // attacked (unprotected) all along: Black "chases", Red checks. Check decides.
        let fen = "4k4/8R/9/9/9/9/9/r1N6/9/3K5 w - - 0 1";
        let setup = Setup::parse_fen(fen).unwrap();
        let mut p = Position::from_setup(&setup, MoveRules::JIEQI).unwrap();
        assert_eq!(chased_pieces(&p, Side::Black), [sq("c2")]);
        let mut h = History::new(RepetitionRules::JIEQI, &p);
        let first = play(&mut p, &mut h, CHECK_CYCLE);
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

    #[test]
    fn no_checks_give_only_a_hint_in_xiangqi_and_a_draw_in_jieqi_rules_6() {
        let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
        let cycle = "a0a1 e9e8 a1a0 e8e9";
        let mut p = pos(fen);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let first = play(&mut p, &mut h, cycle);
        assert_eq!(first[3], Verdict::default());
        let second = play(&mut p, &mut h, cycle);
        assert_eq!(
            second[3],
            Verdict {
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
                        Verdict {
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
        // Xiangqi: a hint; Jieqi: a draw with that reason. The FEN starts at 118 plies.
        let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 80";
        let mut p = pos(fen);
        let mut h = History::new(RepetitionRules::XIANGQI, &p);
        let v = play(&mut p, &mut h, "a0a1 e9e8");
        assert_eq!(v[0], Verdict::default());
        assert_eq!(
            v[1],
            Verdict {
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
