//! Why a move is refused, in words a player understands (rules.md §4).

use std::fmt;

use crate::position::Position;
use crate::types::{Move, Role, Side, Square};

/// One reason from rules.md §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Refusal {
    NoPiece,
    NotYourPiece,
    NotYourTurn,
    OwnPieceOnTarget,
    PieceInTheWay,
    WrongDirection,
    LegBlocked,
    EyeBlocked,
    MustStayInPalace,
    CannotCrossRiver,
    SoldierBackwards,
    SoldierSidewaysBeforeRiver,
    CannonNeedsScreen,
    LeavesGeneralInCheck,
    GeneralsFacing,
}

impl Refusal {
    /// Every reason, in declaration order.
    pub const ALL: [Refusal; 15] = [
        Refusal::NoPiece,
        Refusal::NotYourPiece,
        Refusal::NotYourTurn,
        Refusal::OwnPieceOnTarget,
        Refusal::PieceInTheWay,
        Refusal::WrongDirection,
        Refusal::LegBlocked,
        Refusal::EyeBlocked,
        Refusal::MustStayInPalace,
        Refusal::CannotCrossRiver,
        Refusal::SoldierBackwards,
        Refusal::SoldierSidewaysBeforeRiver,
        Refusal::CannonNeedsScreen,
        Refusal::LeavesGeneralInCheck,
        Refusal::GeneralsFacing,
    ];

    /// A short hint for the screen.
    pub const fn message(self) -> &'static str {
        match self {
            Refusal::NoPiece => "there is no piece there",
            Refusal::NotYourPiece => "that is not your piece",
            Refusal::NotYourTurn => "it is not your turn",
            Refusal::OwnPieceOnTarget => "your own piece stands there",
            Refusal::PieceInTheWay => "a piece is in the way",
            Refusal::WrongDirection => "this piece does not move that way",
            Refusal::LegBlocked => "the horse's leg is blocked",
            Refusal::EyeBlocked => "the elephant's eye is blocked",
            Refusal::MustStayInPalace => "this piece must stay in the palace",
            Refusal::CannotCrossRiver => "the elephant cannot cross the river",
            Refusal::SoldierBackwards => "a soldier never moves backwards",
            Refusal::SoldierSidewaysBeforeRiver => {
                "a soldier moves sideways only after crossing the river"
            }
            Refusal::CannonNeedsScreen => "a cannon captures only by jumping exactly one piece",
            Refusal::LeavesGeneralInCheck => "your general would be in check",
            Refusal::GeneralsFacing => "the generals would face each other",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A refused move and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not allowed: {reason}")]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: Refusal,
}

impl Position {
    /// Checks `m` for `side`, which may not be the side to move.
    pub fn check_move_for(&self, side: Side, m: Move) -> Result<(), IllegalMove> {
        if side != self.turn() {
            return Err(IllegalMove {
                mv: m,
                reason: Refusal::NotYourTurn,
            });
        }
        self.check_move(m)
    }

    /// `Ok` when `m` is legal for the side to move, otherwise the first reason from rules.md §4
    /// that refuses it.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        match self.refusal(m) {
            None => Ok(()),
            Some(reason) => Err(IllegalMove { mv: m, reason }),
        }
    }

    fn refusal(&self, m: Move) -> Option<Refusal> {
        let Some(piece) = self.piece_at(m.from) else {
            return Some(Refusal::NoPiece);
        };
        if piece.side() != self.turn() {
            return Some(Refusal::NotYourPiece);
        }
        if m.from == m.to {
            return Some(Refusal::WrongDirection);
        }
        let target = self.piece_at(m.to);
        if target.is_some_and(|t| t.side() == piece.side()) {
            return Some(Refusal::OwnPieceOnTarget);
        }
        if let Some(reason) =
            self.movement_refusal(m, piece.side(), piece.role(), piece.is_hidden())
        {
            return Some(reason);
        }
        if self.is_legal(m) {
            return None;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        let (own, other) = (
            after.general(piece.side()),
            after.general(piece.side().other()),
        );
        if own.file() == other.file() && own.between(other).all(|s| after.piece_at(s).is_none()) {
            Some(Refusal::GeneralsFacing)
        } else {
            Some(Refusal::LeavesGeneralInCheck)
        }
    }

    /// Whether the piece's movement rules allow `m` (rules.md §3, §7), ignoring checks.
    fn movement_refusal(&self, m: Move, side: Side, role: Role, hidden: bool) -> Option<Refusal> {
        let (from, to) = (m.from, m.to);
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let (adf, adr) = (df.unsigned_abs(), dr.unsigned_abs());
        let confined = !self.rules().free_advisors_elephants || hidden;
        let occupied = |s: Square| self.piece_at(s).is_some();
        match role {
            Role::General => {
                if adf + adr != 1 {
                    return Some(Refusal::WrongDirection);
                }
                if !to.in_palace(side) {
                    return Some(Refusal::MustStayInPalace);
                }
            }
            Role::Advisor => {
                if adf != 1 || adr != 1 {
                    return Some(Refusal::WrongDirection);
                }
                if confined && !to.in_palace(side) {
                    return Some(Refusal::MustStayInPalace);
                }
            }
            Role::Elephant => {
                if adf != 2 || adr != 2 {
                    return Some(Refusal::WrongDirection);
                }
                if confined && !to.on_side(side) {
                    return Some(Refusal::CannotCrossRiver);
                }
                if occupied(from.offset(df / 2, dr / 2)?) {
                    return Some(Refusal::EyeBlocked);
                }
            }
            Role::Horse => {
                if !((adf == 1 && adr == 2) || (adf == 2 && adr == 1)) {
                    return Some(Refusal::WrongDirection);
                }
                let leg = if adf == 2 {
                    from.offset(df / 2, 0)
                } else {
                    from.offset(0, dr / 2)
                };
                if occupied(leg?) {
                    return Some(Refusal::LegBlocked);
                }
            }
            Role::Chariot | Role::Cannon => {
                if df != 0 && dr != 0 {
                    return Some(Refusal::WrongDirection);
                }
                let screens = from.between(to).filter(|&s| occupied(s)).count();
                let captures = occupied(to);
                if role == Role::Cannon && captures {
                    if screens != 1 {
                        return Some(Refusal::CannonNeedsScreen);
                    }
                } else if screens > 0 {
                    return Some(Refusal::PieceInTheWay);
                }
            }
            Role::Soldier => {
                let forward = if side == Side::Red { dr } else { -dr };
                if forward < 0 {
                    return Some(Refusal::SoldierBackwards);
                }
                if forward == 0 && adf > 0 && from.on_side(side) {
                    return Some(Refusal::SoldierSidewaysBeforeRiver);
                }
                if adf + adr != 1 {
                    return Some(Refusal::WrongDirection);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    fn reason(p: &Position, m: &str) -> Option<Refusal> {
        p.check_move(Move::parse_iccs(m).unwrap())
            .err()
            .map(|e| e.reason)
    }

    #[test]
    fn every_refusal_reason_rules_4() {
        let start = Position::startpos();
        assert_eq!(reason(&start, "e5e6"), Some(Refusal::NoPiece));
        assert_eq!(reason(&start, "h7e7"), Some(Refusal::NotYourPiece));
        assert_eq!(
            start
                .check_move_for(Side::Black, Move::parse_iccs("h7e7").unwrap())
                .unwrap_err()
                .reason,
            Refusal::NotYourTurn
        );
        assert_eq!(reason(&start, "a0a3"), Some(Refusal::OwnPieceOnTarget));
        assert_eq!(reason(&start, "a0a4"), Some(Refusal::PieceInTheWay));
        assert_eq!(reason(&start, "a0b1"), Some(Refusal::WrongDirection));
        assert_eq!(reason(&start, "h2h9"), None); // over the h7 cannon onto the horse
        assert_eq!(reason(&start, "h2h7"), Some(Refusal::CannonNeedsScreen)); // no screen
        assert_eq!(reason(&start, "b2b9"), None);
        assert_eq!(reason(&start, "b2b7"), Some(Refusal::CannonNeedsScreen));
        assert_eq!(reason(&start, "h2h8"), Some(Refusal::PieceInTheWay));
        assert_eq!(reason(&start, "a3a2"), Some(Refusal::SoldierBackwards));
        assert_eq!(
            reason(&start, "a3b3"),
            Some(Refusal::SoldierSidewaysBeforeRiver)
        );
        assert_eq!(reason(&start, "a3a5"), Some(Refusal::WrongDirection));
        assert_eq!(reason(&start, "e0e1"), None);
        assert_eq!(reason(&start, "d0c1"), Some(Refusal::MustStayInPalace));
        // Horse leg: b0 → c2 is free, put a piece on b1 to block it.
        let leg = pos("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1r7/RNBAKABNR w - - 0 1");
        assert_eq!(reason(&leg, "b0c2"), Some(Refusal::LegBlocked));
        // Elephant eye and river.
        let eye = pos("3k5/9/9/9/9/9/9/9/3C5/2B1K4 w - - 0 1");
        assert_eq!(reason(&eye, "c0e2"), Some(Refusal::EyeBlocked));
        let river = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
        assert_eq!(reason(&river, "c4e6"), Some(Refusal::CannotCrossRiver));
        assert_eq!(reason(&river, "e0e1"), None);
        assert_eq!(reason(&river, "e0d0"), Some(Refusal::GeneralsFacing));
        // General leaves palace.
        let g = pos("4k4/9/9/9/9/9/9/3K5/9/9 w - - 0 1");
        assert_eq!(reason(&g, "d2d3"), Some(Refusal::MustStayInPalace));
    }

    #[test]
    fn check_reasons_rules_4() {
        // Moving the lone blocker between the generals makes them face each other.
        let facing = pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
        assert_eq!(reason(&facing, "e1d3"), Some(Refusal::GeneralsFacing));
        assert_eq!(reason(&facing, "e0d0"), None);
        // In check from a chariot: a move that ignores it is refused.
        let check = pos("3k5/9/9/9/4r4/9/9/9/9/4K3R w - - 0 1");
        assert!(check.is_check());
        assert_eq!(reason(&check, "i0i1"), Some(Refusal::LeavesGeneralInCheck));
        assert_eq!(reason(&check, "e0f0"), None);
        assert_eq!(reason(&check, "e0d0"), Some(Refusal::GeneralsFacing));
    }
}
