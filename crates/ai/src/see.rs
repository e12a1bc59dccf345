//! Static exchange evaluation: what a capture wins once both sides have taken back on its
//! point with their cheapest pieces, as long as taking pays. The search uses it to skip
//! captures that lose material in quiescence and to try them after the quiet moves.
//!
//! Like every engine's exchange evaluator it ignores pins and checks; unlike chess, the
//! attackers are found afresh after each capture, because in Xiangqi removing a piece can
//! give a cannon its screen or take it away, and unblock a horse's leg or an elephant's eye.
//! A face-down Jieqi piece attacks as the piece of its start point and is worth the mean
//! unseen identity ([`order_value`]).

use jieqi_rules::{Move, Piece, Position, Role, Side, Square};

use crate::eval::order_value;

/// The board as an exchange leaves it: the pieces that have taken part are gone from their
/// points, and the target holds the last capturer.
struct Points<'b> {
    board: &'b jieqi_rules::Board,
    gone: u128,
    target: Square,
    on_target: Piece,
}

impl Points<'_> {
    #[inline]
    fn at(&self, sq: Square) -> Option<Piece> {
        if sq == self.target {
            Some(self.on_target)
        } else if self.gone >> sq.index() & 1 != 0 {
            None
        } else {
            self.board.piece_at(sq)
        }
    }
}

/// The gain of capture `m` for the side to move, in [`order_value`] units, after the best
/// sequence of recaptures on its point (each side may stop taking when that pays better).
/// A quiet move scores as an exchange started by putting the piece there.
pub fn see(pos: &Position, m: Move) -> i32 {
    let Some(mover) = pos.piece_at(m.from) else {
        return 0;
    };
    let free = pos.rules().free_advisors_elephants;
    let target = m.to;
    let mut gain = [0i32; 34];
    gain[0] = pos.piece_at(target).map_or(0, order_value);
    let mut points = Points {
        board: pos.board(),
        gone: 1u128 << m.from.index(),
        target,
        on_target: mover,
    };
    let mut side = mover.side().other();
    let mut d = 0;
    while let Some(from) = cheapest_attacker(&points, target, side, free) {
        d += 1;
        gain[d] = order_value(points.on_target) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d + 1 == gain.len() {
            break;
        }
        points.on_target = points.at(from).expect("an attacker is a piece");
        points.gone |= 1u128 << from.index();
        side = side.other();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether capture `m` loses material by [`see`]: only worth computing when the capturer is
/// worth more than its victim, since otherwise the first capture already pays.
pub fn loses_material(pos: &Position, m: Move) -> bool {
    let (Some(mover), Some(victim)) = (pos.piece_at(m.from), pos.piece_at(m.to)) else {
        return false;
    };
    order_value(mover) > order_value(victim) && see(pos, m) < 0
}

/// Whether `p` is `side`'s piece moving as `role`.
#[inline]
fn is(p: Option<Piece>, side: Side, role: Role) -> bool {
    p.is_some_and(|p| p.side() == side && p.role() == role)
}

/// The point of `side`'s least valuable piece that can capture on `target` now.
fn cheapest_attacker(points: &Points, target: Square, side: Side, free: bool) -> Option<Square> {
    let mut best: Option<(i32, Square)> = None;
    for_each_attacker(points, target, side, free, |sq| {
        if let Some(p) = points.at(sq) {
            let v = order_value(p);
            if best.is_none_or(|(bv, _)| v < bv) {
                best = Some((v, sq));
            }
        }
    });
    best.map(|(_, sq)| sq)
}

/// Calls `consider` with each point from which `side` can capture on `target` by the movement
/// rules (pins aside).
fn for_each_attacker(
    points: &Points,
    target: Square,
    side: Side,
    free: bool,
    mut consider: impl FnMut(Square),
) {
    // Soldiers: from behind, or from the side once across the river.
    let forward: i8 = if side == Side::Red { 1 } else { -1 };
    if let Some(sq) = target.offset(0, -forward)
        && is(points.at(sq), side, Role::Soldier)
    {
        consider(sq);
    }
    for df in [-1, 1] {
        if let Some(sq) = target.offset(df, 0)
            && !sq.on_side(side)
            && is(points.at(sq), side, Role::Soldier)
        {
            consider(sq);
        }
    }

    // Advisors and elephants: confined unless free (a face-down one never is).
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        if let Some(sq) = target.offset(df, dr)
            && let Some(p) = points.at(sq)
            && p.side() == side
            && p.role() == Role::Advisor
            && ((free && !p.is_hidden()) || target.in_palace(side))
        {
            consider(sq);
        }
        if let (Some(sq), Some(eye)) = (target.offset(2 * df, 2 * dr), target.offset(df, dr))
            && points.at(eye).is_none()
            && let Some(p) = points.at(sq)
            && p.side() == side
            && p.role() == Role::Elephant
            && ((free && !p.is_hidden()) || target.on_side(side))
        {
            consider(sq);
        }
    }

    // Horses, unless the leg next to the horse is blocked.
    for (df, dr) in [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ] {
        let Some(sq) = target.offset(df, dr) else {
            continue;
        };
        // The horse moves by (-df, -dr); its leg is one step along the long component.
        let leg = if dr.abs() == 2 {
            sq.offset(0, -dr / 2)
        } else {
            sq.offset(-df / 2, 0)
        };
        if is(points.at(sq), side, Role::Horse) && leg.is_some_and(|l| points.at(l).is_none()) {
            consider(sq);
        }
    }

    // Lines: the first piece may be a chariot (or the general one step away in its palace),
    // the piece behind one screen a cannon.
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut sq = target;
        let mut screens = 0;
        let mut steps = 0;
        while let Some(next) = sq.offset(df, dr) {
            sq = next;
            steps += 1;
            let Some(p) = points.at(sq) else {
                continue;
            };
            if screens == 0 {
                if p.side() == side
                    && (p.role() == Role::Chariot
                        || (p.role() == Role::General && steps == 1 && target.in_palace(side)))
                {
                    consider(sq);
                }
                screens = 1;
            } else {
                if p.side() == side && p.role() == Role::Cannon {
                    consider(sq);
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{MoveRules, Setup};

    fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    /// The exchange's attackers of every occupied point are exactly the pieces the rules let
    /// capture there (on an empty point a cannon moves differently).
    fn attackers_match_the_rules(pos: &Position) {
        let free = pos.rules().free_advisors_elephants;
        for target in Square::all() {
            for side in [Side::Red, Side::Black] {
                let Some(victim) = pos.piece_at(target).filter(|p| p.side() != side) else {
                    continue;
                };
                let points = Points {
                    board: pos.board(),
                    gone: 0,
                    target,
                    on_target: victim,
                };
                let mut ours = Vec::new();
                for_each_attacker(&points, target, side, free, |sq| ours.push(sq));
                let mut rules = pos.attackers(target, side);
                ours.sort();
                rules.sort();
                assert_eq!(ours, rules, "{} {target:?} by {side:?}", pos.to_fen());
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn attackers_agree_with_move_generation(seed in 0u64..u64::MAX, plies in 0usize..80, jieqi: bool) {
            let mut pos = if jieqi {
                use jieqi_rules::FamilyGame;
                jieqi_rules::Jieqi::from_seed(jieqi_rules::Seed(seed)).position().clone()
            } else {
                Position::startpos()
            };
            let mut z = seed;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                z = crate::rng::mix(z);
                pos.play_unchecked(moves.iter().nth((z % moves.len() as u64) as usize).copied().unwrap());
            }
            attackers_match_the_rules(&pos);
        }
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // The red chariot on a0 takes the lone horse on a9.
        let p = pos("n3k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        assert_eq!(
            see(&p, mv("a0a9")),
            order_value(Piece::new(Side::Black, Role::Horse))
        );
        assert!(!loses_material(&p, mv("a0a9")));
    }

    #[test]
    fn a_chariot_taking_a_defended_soldier_loses_the_exchange() {
        // The soldier on g6 is guarded by Black's chariot on g9.
        let p = pos("3k2r2/9/9/6p2/9/9/9/9/9/4K1R2 w - - 0 1");
        let soldier = order_value(Piece::new(Side::Black, Role::Soldier));
        let chariot = order_value(Piece::new(Side::Red, Role::Chariot));
        assert_eq!(see(&p, mv("g0g6")), soldier - chariot);
        assert!(loses_material(&p, mv("g0g6")));
    }

    #[test]
    fn a_cannon_behind_a_screen_takes_part() {
        // Red's soldier takes the soldier on e6; Black's chariot on e9 could take back, but
        // then Red's cannon on e0 takes the chariot over the horse on e2. So Black keeps still.
        let soldier = order_value(Piece::new(Side::Black, Role::Soldier));
        let screened = pos("3kr4/9/9/4p4/4P4/9/9/4N4/9/4CK3 w - - 0 1");
        assert_eq!(see(&screened, mv("e5e6")), soldier);
        // Without the screen the cannon cannot take part: soldier for soldier.
        let bare = pos("3kr4/9/9/4p4/4P4/9/9/9/9/4CK3 w - - 0 1");
        assert_eq!(see(&bare, mv("e5e6")), 0);
    }

    #[test]
    fn a_cannon_needs_exactly_one_screen() {
        // Black's cannon on e7 guards the horse on e5 only over a screen on e6.
        let horse = order_value(Piece::new(Side::Black, Role::Horse));
        let chariot = order_value(Piece::new(Side::Red, Role::Chariot));
        let bare = pos("4k4/9/4c4/9/4n4/9/9/9/4R4/3K5 w - - 0 1");
        assert_eq!(see(&bare, mv("e1e5")), horse);
        let screened = pos("4k4/9/4c4/4n4/4n4/9/9/9/4R4/3K5 w - - 0 1");
        assert_eq!(see(&screened, mv("e1e5")), horse - chariot);
        assert!(loses_material(&screened, mv("e1e5")));
    }

    #[test]
    fn a_blocked_horse_cannot_recapture() {
        // Black's horse on c6 guards d4 unless its leg c5 is blocked.
        let open = pos("4k4/9/9/2n6/9/3p5/9/9/9/3R1K3 w - - 0 1");
        let chariot = order_value(Piece::new(Side::Red, Role::Chariot));
        let soldier = order_value(Piece::new(Side::Black, Role::Soldier));
        assert_eq!(see(&open, mv("d0d4")), soldier - chariot);
        let blocked = pos("4k4/9/9/2n6/2p6/3p5/9/9/9/3R1K3 w - - 0 1");
        assert_eq!(see(&blocked, mv("d0d4")), soldier);
    }
}
