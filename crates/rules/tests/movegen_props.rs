//! Property tests over random playouts: the fast generator agrees with a slow, independent
//! reading of rules.md §3–§4 (and §7, §10 for Jieqi's face-down pieces and its free or
//! confined advisors and elephants); FENs and hashes round-trip; `check_move` agrees with the
//! list.

use std::collections::BTreeSet;

use jieqi_rules::{
    Deal, Family, FamilyGame, Jieqi, Move, MoveRules, Piece, Position, PositionError, Role,
    RuleSet, Seed, Setup, Side, Square,
};
use proptest::prelude::*;

type Grid = [Option<Piece>; 90];

fn at(g: &Grid, f: i32, r: i32) -> Option<Piece> {
    g[(r * 9 + f) as usize]
}

fn in_palace(side: Side, f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && if side == Side::Red { r <= 2 } else { r >= 7 }
}

fn own_half(side: Side, r: i32) -> bool {
    if side == Side::Red { r <= 4 } else { r >= 5 }
}

/// rules.md §3, written as plainly as possible; with `free`, Jieqi's revealed advisors and
/// elephants roam (§7), otherwise they keep to their own palace and side (§3, §10). A face-down
/// piece moves as its start point's piece, which `Piece::role` gives.
fn slow_pseudo(g: &Grid, from: Square, to: Square, free: bool) -> bool {
    let Some(p) = g[from.index()] else {
        return false;
    };
    let side = p.side();
    if g[to.index()].is_some_and(|t| t.side() == side) || from == to {
        return false;
    }
    let (f0, r0, f1, r1) = (
        from.file() as i32,
        from.rank() as i32,
        to.file() as i32,
        to.rank() as i32,
    );
    let (df, dr) = (f1 - f0, r1 - r0);
    let between = || -> usize {
        let (sf, sr) = (df.signum(), dr.signum());
        let n = df.abs().max(dr.abs());
        (1..n)
            .filter(|i| at(g, f0 + sf * i, r0 + sr * i).is_some())
            .count()
    };
    let roams = free && !p.is_hidden();
    match p.role() {
        Role::General => df.abs() + dr.abs() == 1 && in_palace(side, f1, r1),
        Role::Advisor => df.abs() == 1 && dr.abs() == 1 && (roams || in_palace(side, f1, r1)),
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && (roams || own_half(side, r1))
                && at(g, f0 + df / 2, r0 + dr / 2).is_none()
        }
        Role::Horse => {
            (df.abs() == 1 && dr.abs() == 2 && at(g, f0, r0 + dr / 2).is_none())
                || (df.abs() == 2 && dr.abs() == 1 && at(g, f0 + df / 2, r0).is_none())
        }
        Role::Chariot => (df == 0 || dr == 0) && between() == 0,
        Role::Cannon => {
            (df == 0 || dr == 0)
                && if g[to.index()].is_some() {
                    between() == 1
                } else {
                    between() == 0
                }
        }
        Role::Soldier => {
            let fwd = if side == Side::Red { 1 } else { -1 };
            (df == 0 && dr == fwd) || (dr == 0 && df.abs() == 1 && !own_half(side, r0))
        }
    }
}

fn slow_in_check(g: &Grid, side: Side, free: bool) -> bool {
    let general = |s: Side| {
        Square::all()
            .find(|sq| g[sq.index()] == Some(Piece::new(s, Role::General)))
            .unwrap()
    };
    let (ours, theirs) = (general(side), general(side.other()));
    if ours.file() == theirs.file() {
        let (lo, hi) = (
            ours.rank().min(theirs.rank()),
            ours.rank().max(theirs.rank()),
        );
        if (lo + 1..hi).all(|r| at(g, ours.file() as i32, r as i32).is_none()) {
            return true;
        }
    }
    Square::all()
        .any(|s| g[s.index()].is_some_and(|p| p.side() != side) && slow_pseudo(g, s, ours, free))
}

fn slow_legal(pos: &Position) -> BTreeSet<Move> {
    let free = pos.rules().free_advisors_elephants;
    let mut g: Grid = [None; 90];
    for (sq, p) in pos.board().pieces() {
        g[sq.index()] = Some(p);
    }
    let mut out = BTreeSet::new();
    for from in Square::all() {
        if g[from.index()].is_none_or(|p| p.side() != pos.turn()) {
            continue;
        }
        for to in Square::all() {
            if slow_pseudo(&g, from, to, free) {
                // What the piece turns out to be does not matter: only the mover's general
                // is asked about, and the moved piece shields it the same either way.
                let mut after = g;
                after[to.index()] = after[from.index()].take();
                if !slow_in_check(&after, pos.turn(), free) {
                    out.insert(Move::new(from, to));
                }
            }
        }
    }
    out
}

const STARTS: &[&str] = &[
    jieqi_rules::STANDARD_FEN,
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
];

/// `Board::attacks_from` is the slow reading of a capture onto each point, with an enemy put
/// there; `Board::slides_from` the slow reading of a line piece's quiet moves.
fn check_attacks(pos: &Position) {
    let free = pos.rules().free_advisors_elephants;
    let mut g: Grid = [None; 90];
    for (sq, p) in pos.board().pieces() {
        g[sq.index()] = Some(p);
    }
    for (from, piece) in pos.board().pieces() {
        let attacks = pos.board().attacks_from(from, free);
        let slides = pos.board().slides_from(from);
        for to in Square::all() {
            let mut with_enemy = g;
            with_enemy[to.index()] = Some(Piece::new(piece.side().other(), Role::Soldier));
            let slow = to != from && slow_pseudo(&with_enemy, from, to, free);
            assert_eq!(
                attacks >> to.index() & 1 == 1,
                slow,
                "{piece:?} {from} attacks {to} in {}",
                pos.to_fen()
            );
            if matches!(piece.role(), Role::Chariot | Role::Cannon) {
                let slow = g[to.index()].is_none() && slow_pseudo(&g, from, to, free);
                assert_eq!(slides >> to.index() & 1 == 1, slow, "{from} slides to {to}");
            }
        }
    }
}

fn check_position(pos: &Position) {
    check_attacks(pos);
    let fast: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    assert_eq!(
        fast.len(),
        pos.legal_moves().len(),
        "duplicates in {}",
        pos.to_fen()
    );
    assert_eq!(
        fast,
        slow_legal(pos),
        "legal moves differ in {}",
        pos.to_fen()
    );
    assert_eq!(pos.count_legal() as usize, fast.len());
    let captures: BTreeSet<Move> = pos.legal_captures().iter().copied().collect();
    let expected: BTreeSet<Move> = fast
        .iter()
        .copied()
        .filter(|m| pos.piece_at(m.to).is_some())
        .collect();
    assert_eq!(captures, expected, "captures differ in {}", pos.to_fen());
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            assert_eq!(
                pos.check_move(m).is_ok(),
                fast.contains(&m),
                "{m} in {}",
                pos.to_fen()
            );
            assert_eq!(pos.is_legal(m), fast.contains(&m));
        }
    }
    // FEN round trip and incremental hashes (the placement's, the soldiers', the defence's) =
    // recomputed.
    let setup = Setup::parse_fen(&pos.to_fen()).unwrap();
    assert_eq!(setup, pos.to_setup());
    match Position::from_setup(&setup, pos.rules()) {
        // Under confined rules a setup refuses a piece off the points standard Xiangqi can
        // reach, which a Jieqi reveal may leave (a soldier on its back rank, an elephant
        // across the river): a game cannot start that way, but may get there.
        Err(PositionError::ImpossiblePoint { .. }) if !pos.rules().free_advisors_elephants => {}
        again => {
            let again = again.unwrap();
            assert_eq!(&again, pos);
            assert_eq!(again.hash(), pos.hash());
            assert_eq!(again.board().soldier_hash(), pos.board().soldier_hash());
            assert_eq!(again.board().defence_hash(), pos.board().defence_hash());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// rules.md §3–§4: every generated move is legal by the slow reading, and every move the
    /// slow reading allows is generated, along random games from several starts.
    #[test]
    fn generator_matches_slow_rules(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut pos = Position::from_setup(&Setup::parse_fen(STARTS[start]).unwrap(), MoveRules::XIANGQI).unwrap();
        check_position(&pos);
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[c as usize % moves.len()]);
            check_position(&pos);
        }
    }

    /// rules.md §4, §7, §10: the same over random Jieqi games, face-down pieces and reveals,
    /// with advisors and elephants free and confined — so a piece revealed off its usual
    /// points moves, attacks and gives check by one reading.
    #[test]
    fn jieqi_generator_matches_slow_rules(
        seed in any::<u64>(),
        confined in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..100),
    ) {
        let options = if confined { "advisors=confined" } else { "" };
        let rules = RuleSet::parse(Family::Jieqi, options).unwrap();
        let mut game = Jieqi::from_deal(&Deal::from_seed(Seed(seed))).under(rules).unwrap();
        check_position(game.position());
        for c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[c as usize % moves.len()]).unwrap();
            check_position(game.position());
            if game.is_over() {
                break;
            }
        }
    }
}
