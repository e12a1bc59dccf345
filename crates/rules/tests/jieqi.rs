//! Jieqi as players meet it (rules.md §6–§9): hidden pieces, reveals, freed advisors and
//! elephants, capturer-only knowledge, the final reveal, and views that leak nothing.

use jieqi_rules::{
    AnyGame, Deal, DrawReason, Family, FamilyGame, Jieqi, Move, Notation, Outcome, Piece,
    PlayerView, Role, RuleSet, Seed, SeenPiece, Side, Square, WinReason, write_move,
};
use proptest::prelude::*;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn targets(view: &PlayerView, from: &str) -> Vec<String> {
    let mut t: Vec<String> = view
        .legal_moves
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect();
    t.sort();
    t
}

/// rules.md §7: a hidden piece moves as the piece of its start point, with that piece's limits.
#[test]
fn hidden_pieces_move_as_their_start_point_rules_7() {
    let game = Jieqi::from_seed(Seed(7));
    let view = game.view(Side::Red);
    assert_eq!(
        view.legal_moves.len(),
        44,
        "the same 44 first moves as Xiangqi"
    );
    assert_eq!(
        targets(&view, "d0"),
        ["e1"],
        "a hidden advisor on d0 can only go to e1"
    );
    assert_eq!(
        targets(&view, "c0"),
        ["a2", "e2"],
        "a hidden elephant keeps its eye and side"
    );
    assert_eq!(targets(&view, "a0"), ["a1", "a2"]);
    assert!(
        targets(&view, "b2").contains(&"b9".to_string()),
        "a hidden cannon captures over a screen"
    );
}

/// rules.md §7: moving reveals the piece to both players; afterwards it moves as what it is.
#[test]
fn a_moving_piece_is_revealed_to_both_rules_7() {
    let seed = Seed(42);
    let deal = Deal::from_seed(seed);
    let mut game = Jieqi::from_seed(seed);
    game.play(mv("a0a1")).unwrap();
    let identity = deal.identity(sq("a0")).unwrap();
    assert_eq!(
        game.position().piece_at(sq("a1")),
        Some(Piece::new(Side::Red, identity))
    );
    for side in Side::ALL {
        assert_eq!(game.view(side).moves[0].revealed, Some(identity));
    }
    // The move list names the reveal (the piece moved as a chariot from its corner).
    let text = write_move(
        &game.view(Side::Black).start,
        mv("a0a1"),
        Some(identity),
        Notation::Wxf,
    );
    assert_eq!(text, format!("R9+1(={})", identity.wxf_char()));
}

/// rules.md §7: revealed advisors and elephants are free; a revealed general and soldier keep
/// their rules.
#[test]
fn revealed_advisors_and_elephants_are_free_rules_7() {
    let elephant = Jieqi::from_full_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(
        targets(&elephant.view(Side::Red), "c4"),
        ["a2", "a6", "e2", "e6"]
    );
    let advisor = Jieqi::from_full_fen("3k5/9/9/9/9/4A4/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(
        targets(&advisor.view(Side::Red), "e4"),
        ["d3", "d5", "f3", "f5"]
    );
    // A soldier revealed on Red's back rank moves forward only (not across the river yet).
    let soldier = Jieqi::from_full_fen("3k5/9/9/9/9/9/9/9/9/P3K4 w - - 0 1").unwrap();
    assert_eq!(targets(&soldier.view(Side::Red), "a0"), ["a1"]);
    // The same elephant in standard Xiangqi stays home.
    let xq = jieqi_rules::Xiangqi::from_setup(
        &jieqi_rules::Setup::parse_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1").unwrap(),
    )
    .unwrap();
    assert_eq!(targets(&xq.view(Side::Red), "c4"), ["a2", "e2"]);
}

/// rules.md §7: only the capturer learns what a captured hidden piece was; the move list both
/// see never names it; the other player's pool still counts it.
#[test]
fn only_the_capturer_learns_a_captured_identity_rules_7() {
    let seed = Seed(3);
    let deal = Deal::from_seed(seed);
    let mut game = Jieqi::from_seed(seed);
    game.play(mv("b2b9")).unwrap(); // over the hidden b7 piece onto the hidden b9 piece
    let taken = deal.identity(sq("b9")).unwrap();
    let red = game.view(Side::Red);
    let black = game.view(Side::Black);
    assert_eq!(
        red.moves[0].captured,
        Some(SeenPiece::Known {
            side: Side::Black,
            role: taken
        })
    );
    assert_eq!(
        black.moves[0].captured,
        Some(SeenPiece::Unknown { side: Side::Black })
    );
    assert_eq!(red.learned.count(Side::Black, taken), 1);
    assert_eq!(black.learned.total(Side::Black), 0);
    assert_eq!(red.pool.total(Side::Black), 14);
    assert_eq!(
        black.pool.total(Side::Black),
        15,
        "black still counts its lost piece as unseen"
    );
    assert_eq!(
        red.captured_by(Side::Red),
        [SeenPiece::Known {
            side: Side::Black,
            role: taken
        }]
    );
    // The viewer-relative FEN carries what Red learned, and Black's does not.
    let letter = taken.fen_char();
    assert!(
        red.to_fen().contains(&format!(" {letter}1 ")),
        "{}",
        red.to_fen()
    );
    assert!(black.to_fen().contains(" - "), "{}", black.to_fen());
    assert!(
        !format!("{black:?}").contains("Known"),
        "black's view names no identity"
    );
}

/// rules.md §7, §8: at the end everything is revealed, the seed included.
#[test]
fn everything_is_revealed_at_the_end_rules_7_8() {
    let seed = Seed(3);
    let mut game = Jieqi::from_seed(seed);
    game.play(mv("b2b9")).unwrap();
    assert!(game.view(Side::Black).reveal.is_none());
    game.resign(Side::Black).unwrap();
    for side in Side::ALL {
        let view = game.view(side);
        let reveal = view.reveal.clone().expect("revealed at the end");
        assert_eq!(reveal.seed, Some(seed));
        assert_eq!(reveal.hidden.len(), 28, "14 + 14 pieces still face-down");
        assert!(matches!(
            view.moves[0].captured,
            Some(SeenPiece::Known { .. })
        ));
    }
}

/// rules.md §6: in Jieqi the third occurrence ends the game; perpetual check loses.
#[test]
fn jieqi_perpetual_check_loses_rules_6() {
    let mut game = Jieqi::from_full_fen("4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    for _ in 0..2 {
        for m in ["i8i9", "e9e8", "i9i8", "e8e9"] {
            game.play(mv(m)).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::PerpetualCheck
        })
    );
}

/// rules.md §6: 60 moves by each side without a capture end a Jieqi game in a draw.
#[test]
fn jieqi_no_capture_limit_rules_6() {
    let mut game = Jieqi::from_full_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - 119 80").unwrap();
    game.play(mv("a0a1")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCapture
        })
    );
}

/// Undo restores identities: replaying the same move reveals the same piece.
#[test]
fn undo_restores_the_deal() {
    let mut game = Jieqi::from_seed(Seed(5));
    let before = game.clone();
    game.play(mv("b2b9")).unwrap();
    game.undo().unwrap();
    assert_eq!(game, before);
}

/// A full-knowledge FEN round-trips, and bad ones give typed errors.
#[test]
fn full_fens_round_trip() {
    let mut game = Jieqi::from_seed(Seed(11));
    game.play(mv("h2h9")).unwrap();
    let again = Jieqi::from_full_fen(&game.to_full_fen()).unwrap();
    assert_eq!(again.to_full_fen(), game.to_full_fen());
    assert_eq!(again.position(), game.position());
    assert!(
        Jieqi::from_full_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - 0 1")
            .is_err()
    );
    assert!(
        Jieqi::from_full_fen("4k4/9/9/9/9/9/9/9/9/RRRK5 w - 0 1").is_err(),
        "three chariots"
    );
    assert!(Jieqi::from_full_fen("").is_err());
}

/// Jieqi perft with the deal: each reveal is one node, and the revealed piece then moves as
/// what it is. Checked against the same count through the game's own play and legal moves.
#[test]
fn perft_follows_the_deal() {
    fn slow(game: &Jieqi, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        game.legal_moves()
            .iter()
            .map(|&m| {
                let mut next = game.clone();
                next.play(m).unwrap();
                slow(&next, depth - 1)
            })
            .sum()
    }
    let game = Jieqi::from_seed(Seed(0));
    assert_eq!(game.perft(1), 44);
    for depth in 2..=3 {
        assert_eq!(game.perft(depth), slow(&game, depth), "depth {depth}");
    }
    // The public start alone reveals each piece as its start point's piece: another tree.
    assert_ne!(game.perft(3), game.position().perft(3));
}

/// The start points whose identity `viewer` has not seen, decided from the public record (not
/// from the view under test): pieces still face-down, and face-down pieces the other side took.
fn unseen_squares(game: &Jieqi, deal: &Deal, viewer: Side) -> Vec<Square> {
    let public = game.view(viewer.other());
    let mut unseen: Vec<Square> = game
        .position()
        .board()
        .pieces()
        .filter(|(_, p)| p.is_hidden())
        .map(|(s, _)| s)
        .collect();
    for (i, m) in game.moves().iter().enumerate() {
        let before = public.position_at(i).unwrap();
        let took_hidden = before.piece_at(m.to).is_some_and(|p| p.is_hidden());
        // Under "captured shown to both" (rules.md §10) the viewer saw it too; under "shown to
        // nobody" the viewer did not see their own capture either.
        let captured_by_other =
            before.turn() != viewer || !game.rules().captured_shown_to_capturer();
        if took_hidden && captured_by_other && !game.rules().captured_shown_to_both() {
            unseen.push(m.to);
        }
    }
    unseen.retain(|s| deal.identity(*s).is_some());
    unseen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// architecture.md invariant 2, rules.md §7: two games whose deals differ only in
    /// identities a side has not seen give that side identical views — every field, the
    /// viewer FEN, the Debug text and the move list in every notation.
    #[test]
    fn views_do_not_leak_unseen_identities(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
        viewer_red in any::<bool>(),
        perm in any::<u64>(),
        options in 0usize..12,
    ) {
        let viewer = if viewer_red { Side::Red } else { Side::Black };
        let deal = Deal::from_seed(Seed(seed));
        // Every combination of the options (rules.md §10): captured, advisors, no-capture draw.
        let text = format!(
            "captured={} advisors={} no-capture-draw={}",
            ["capturer", "both", "nobody"][options % 3],
            ["free", "confined"][(options / 3) & 1],
            [120, 40][(options / 6) & 1],
        );
        let rules = RuleSet::parse(Family::Jieqi, &text).unwrap();
        let mut game = Jieqi::from_deal(&deal).under(rules).unwrap();
        for c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() { break; }
            let m = moves[c as usize % moves.len()];
            game.play(m).unwrap();
            if game.is_over() { game.undo(); break; }
        }
        // Permute the unseen identities of each side with a simple deterministic shuffle.
        let unseen = unseen_squares(&game, &deal, viewer);
        let mut ids = [*deal.identities(Side::Red), *deal.identities(Side::Black)];
        let mut state = perm | 1;
        for side in Side::ALL {
            let points: Vec<usize> = Deal::start_points(side)
                .iter()
                .enumerate()
                .filter(|(_, s)| unseen.contains(s))
                .map(|(k, _)| k)
                .collect();
            for i in (1..points.len()).rev() {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17;
                let j = (state % (i as u64 + 1)) as usize;
                ids[side.index()].swap(points[i], points[j]);
            }
        }
        let other_deal = Deal::from_identities(ids[0], ids[1]).unwrap();
        let mut other = Jieqi::from_deal(&other_deal).under(rules).unwrap();
        for &m in game.moves() {
            other.play(m).unwrap();
        }
        let (a, b) = (game.view(viewer), other.view(viewer));
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.to_fen(), b.to_fen());
        prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let text = |v: &PlayerView| -> Vec<String> {
                (0..v.moves.len())
                    .map(|i| {
                        let pos = v.position_at(i).unwrap();
                        write_move(&pos, v.moves[i].mv, v.moves[i].revealed, notation)
                    })
                    .collect()
            };
            prop_assert_eq!(text(&a), text(&b));
        }
        prop_assert_eq!(format!("{game:?}"), format!("{other:?}"));
    }

    /// The deal is the only thing that differs: a different seed gives the same public start.
    #[test]
    fn every_deal_has_the_same_public_start(a in any::<u64>(), b in any::<u64>()) {
        let (x, y) = (Jieqi::from_seed(Seed(a)), Jieqi::from_seed(Seed(b)));
        prop_assert_eq!(x.view(Side::Red), y.view(Side::Red));
        prop_assert_eq!(x.view(Side::Black), y.view(Side::Black));
    }
}

#[test]
fn captured_trays_only_hold_roles_the_viewer_knows() {
    let mut game = Jieqi::from_seed(Seed(3));
    game.play(mv("b2b9")).unwrap();
    let tray: Vec<Option<Role>> = game
        .view(Side::Black)
        .captured_by(Side::Red)
        .iter()
        .map(|p| p.role())
        .collect();
    assert_eq!(tray, [None]);
}

/// A GUI's text (public start FEN, moves with reveal letters) gives the same view as the game
/// gives the side to move, when that side captured nothing face-down.
#[test]
fn views_from_text_match_the_game() {
    let mut game = Jieqi::from_seed(Seed(9));
    for m in ["a0a1", "a9a8", "h2e2", "i9i8"] {
        game.play(mv(m)).unwrap();
    }
    let view = game.view(game.turn());
    let texts: Vec<String> = view
        .moves
        .iter()
        .map(|m| match m.revealed {
            Some(role) => {
                let side = view
                    .position_at(0)
                    .unwrap()
                    .piece_at(m.mv.from)
                    .unwrap()
                    .side();
                let c = role.fen_char();
                format!(
                    "{}{}",
                    m.mv,
                    if side == Side::Red {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                )
            }
            None => m.mv.to_string(),
        })
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut start = view.start.to_setup();
    start.pool = Some(Jieqi::from_seed(Seed(9)).public_pool());
    let built = PlayerView::from_text(&start.to_fen(), &refs).unwrap();
    assert_eq!(built.position, view.position);
    assert_eq!(built.legal_moves, view.legal_moves);
    assert_eq!(built.hashes, view.hashes);
    assert_eq!(built.pool, view.pool);
    assert_eq!(built.moves, view.moves);
    // A hidden piece's move without its reveal letter, and an impossible reveal, are refused.
    assert!(matches!(
        PlayerView::from_text(&start.to_fen(), &["a0a1"]),
        Err(jieqi_rules::ViewTextError::MissingReveal { ply: 1, .. })
    ));
    // (One face-down red piece, on a chariot's point, and only an advisor's identity left for
    // it: a pool too small for the board is refused before any move, see tests/replay.rs.)
    let no_chariots = "4k4/9/9/9/9/9/9/9/9/X2K5 w A1 0 1";
    assert!(matches!(
        PlayerView::from_text(no_chariots, &["a0a1R"]),
        Err(jieqi_rules::ViewTextError::NotInPool { ply: 1, .. })
    ));
}

/// Plays up to 60 plies, a capture whenever there is one (so that face-down pieces are taken
/// unseen by their owner), else a move picked from `seed`; `before` sees the game before
/// each ply.
fn play_taking(game: &mut AnyGame, seed: u64, mut before: impl FnMut(&AnyGame)) {
    let mut k = seed as usize;
    for _ in 0..60 {
        let moves = game.legal_moves();
        let m = moves
            .iter()
            .copied()
            .find(|m| game.position().piece_at(m.to).is_some())
            .unwrap_or(moves[k % moves.len()]);
        k = k.wrapping_mul(31).wrapping_add(7);
        before(game);
        game.play(m).unwrap();
        if game.outcome().is_some() {
            break;
        }
    }
}

/// A review judges each move from what its player knew then (issue 21): the movers' views of
/// a finished game are the views the movers had during it — not the end's, which show every
/// face-down piece and every capture's identity.
#[test]
fn movers_views_are_what_each_mover_knew_then() {
    for seed in [3, 8, 21] {
        let deal = Deal::from_seed(Seed(seed));
        let mut game: AnyGame = Jieqi::from_deal(&deal).into();
        let mut during = Vec::new();
        play_taking(&mut game, seed, |game| {
            during.push(game.view(game.position().turn()))
        });
        if game.outcome().is_none() {
            game.resign(game.position().turn()).unwrap();
        }
        let views = game.movers_views();
        assert_eq!(views.len(), during.len());
        for (i, (then, now)) in during.iter().zip(&views).enumerate() {
            assert_eq!(then, now, "seed {seed}, ply {i}");
            assert!(now.reveal.is_none() && now.outcome.is_none());
        }
        // The end's view replayed to a ply is not the same knowledge: at the end every
        // capture is named, which the loser of a face-down piece did not know then.
        let hindsight = (0..during.len()).any(|i| {
            let mover = during[i].viewer;
            game.view(mover).moves[..i] != during[i].moves[..]
        });
        assert!(
            hindsight,
            "seed {seed}: the game took no face-down piece unseen"
        );
    }
}

/// Play on from here (issue 21): a new game from a player's view agrees with everything that
/// player knew — the public position, the identities they had not seen — and deals those
/// again from the seed.
#[test]
fn a_redealt_game_agrees_with_the_view_it_came_from() {
    let mut game = Jieqi::from_seed(Seed(3));
    for m in ["b2b9", "h9g7", "h2h6", "b7b3"] {
        game.play(mv(m)).unwrap();
    }
    let game = AnyGame::from(game);
    for viewer in Side::ALL {
        let view = game.view_then(viewer, 4).unwrap();
        assert_eq!(view, game.view(viewer), "a running game: its view now");
        let new = AnyGame::from_view(&view, Seed(11)).unwrap();
        let again = AnyGame::from_view(&view, Seed(11)).unwrap();
        assert_eq!(new, again, "the same seed, the same deal");
        let seen = new.view(viewer);
        assert_eq!(seen.position.to_fen(), view.position.to_fen());
        assert_eq!(seen.turn(), view.turn());
        assert_eq!(
            seen.pool, view.pool,
            "unseen stays unseen, in the same numbers"
        );
        assert!(seen.moves.is_empty());
        // Other seeds deal other identities: the face-down pieces are not the old deal's.
        let full = |seed| match AnyGame::from_view(&view, Seed(seed)).unwrap() {
            AnyGame::Jieqi(g) => g.to_full_fen(),
            AnyGame::Xiangqi(_) => unreachable!(),
        };
        assert!((12..20).any(|s| full(s) != full(11)));
    }
    // Past the last ply there is no view; Xiangqi plays on as it stands.
    assert!(game.view_then(Side::Red, 5).is_none());
    let mut xiangqi = jieqi_rules::Xiangqi::default();
    xiangqi.play(mv("h2e2")).unwrap();
    let xiangqi = AnyGame::from(xiangqi);
    let view = xiangqi.view_then(Side::Black, 1).unwrap();
    let new = AnyGame::from_view(&view, Seed(1)).unwrap();
    assert_eq!(new.position().to_fen(), xiangqi.position().to_fen());
}

/// rules.md §7, §8 (duplicate Jieqi, issue 21): what both players saw is the same whichever
/// side's view it comes from — no face-down identity either of them took, no final reveal, no
/// seed — and the end adds nothing to it but the outcome.
#[test]
fn the_public_view_is_what_both_players_saw_rules_7_8() {
    for seed in [3, 8, 21] {
        let mut game: AnyGame = Jieqi::from_seed(Seed(seed)).into();
        play_taking(&mut game, seed, |_| {});
        let running = game.outcome().is_none();
        let before = game.view(Side::Red).public();
        if running {
            game.resign(game.position().turn()).unwrap();
        }
        let red = game.view(Side::Red).public();
        let black = game.view(Side::Black).public();
        assert!(
            red.reveal.is_none(),
            "seed {seed}: no final reveal, no seed"
        );
        assert_eq!(
            red.learned.total(Side::Red) + red.learned.total(Side::Black),
            0
        );
        assert_eq!(
            PlayerView {
                viewer: Side::Red,
                ..black.clone()
            },
            red,
            "seed {seed}: the same from both sides"
        );
        // Every face-down piece taken stays unnamed, and at least one was taken.
        let mut unnamed = 0;
        for (i, seen) in red.moves.iter().enumerate() {
            let then = red.position_at(i).unwrap();
            if then.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden()) {
                assert!(matches!(seen.captured, Some(SeenPiece::Unknown { .. })));
                unnamed += 1;
            }
        }
        assert!(unnamed > 0, "seed {seed}: no face-down piece was taken");
        // What the dealt game hides, the public pool still counts as unseen.
        let full = game.view(Side::Red);
        assert!(full.reveal.is_some());
        assert_eq!(
            red.pool.total(Side::Black),
            full.pool.total(Side::Black) + full.learned.total(Side::Black)
        );
        if running {
            assert_eq!(
                before.moves, red.moves,
                "seed {seed}: the end adds no identity"
            );
            assert_eq!(before.pool, red.pool);
        }
    }
}
