//! Jieqi against another build of this engine, or any engine that plays Jieqi from a player's
//! view (`match --variant jieqi --b-engine … --engine-view own`): the dialogue JieqiBox speaks
//! to a Jieqi engine, with our rules as the referee holding the deal.
//!
//! Each move the other engine gets its own side's view — what that player has seen, never the
//! deal — as `position fen <view FEN> [moves …]`:
//!
//! - the FEN is the viewer-relative one ([`PlayerView::to_fen`], rules.md §9): the public
//!   placement with face-down pieces as `X`/`x`, the side to move, the pool of identities this
//!   side has not seen, the identities it learned by taking face-down pieces (`-` if none),
//!   the half- and full-move numbers — the form our `uci` reads from JieqiBox;
//! - the moves are ICCS (ranks 0–9), each move of a face-down piece with the identity it
//!   turned up as a fifth letter in the mover's case (`h2e2C`), which every player saw;
//! - the FEN is that of the game's start, re-based only after a ply in which this side learned
//!   an identity the move list cannot say: a face-down piece it took (what was taken is shown
//!   to the capturer only, so a move list read back would leave it in the pool). A capture
//!   ends every repetition cycle, so the re-based history still holds every position the
//!   rules may count a repetition or a perpetual check or chase from (rules.md §6); only the
//!   400-ply limit (§5) is seen from the last re-base on.
//!
//! The engine's `bestmove` is read in ICCS, ranks 0–9, as a plain move (`h2e2`: the engine
//! cannot know what a face-down piece will turn up), and must be one of the view's legal moves;
//! else it forfeits the game, as in Xiangqi. The move is played in the dealt game, which turns
//! up what the deal put there. The match sets `UCI_Variant` to `jieqi` after any
//! `--engine-option`.

use jieqi_rules::{Notation, Piece, PlayerView, SeenPiece};

/// The `UCI_Variant` the other engine plays.
pub const VARIANT_NAME: &str = "jieqi";

/// The `position` command that tells the side to move of `view` its view: the view's FEN at
/// the last ply it learned a captured face-down identity (the start if none), then the moves
/// since, reveals named.
pub fn position_command(view: &PlayerView) -> String {
    let base = base_ply(view);
    let fen = view
        .at_ply(base)
        .map_or_else(|| view.to_fen(), |then| then.to_fen());
    let moves = view.move_texts(Notation::Iccs);
    let after = &moves[base.min(moves.len())..];
    if after.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", after.join(" "))
    }
}

/// The number of plies up to and including the last one in which the viewer took a face-down
/// piece and was shown what it was (0 if none): what a move list cannot say.
fn base_ply(view: &PlayerView) -> usize {
    let mut pos = view.start.clone();
    let mut base = 0;
    for (i, seen) in view.moves.iter().enumerate() {
        let took_hidden = pos.piece_at(seen.mv.to).is_some_and(|p| p.is_hidden());
        if took_hidden && matches!(seen.captured, Some(SeenPiece::Known { .. })) {
            base = i + 1;
        }
        let Some(piece) = pos.piece_at(seen.mv.from) else {
            // Not a move of this view's game: tell the whole view as it stands now.
            return view.moves.len();
        };
        let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
        pos.play_unchecked_as(seen.mv, arriving);
    }
    base
}

/// The view that the engine builds from [`position_command`]'s text, as our `uci` reads it:
/// what the tests compare with the referee's view.
pub fn read_back(command: &str) -> Result<PlayerView, String> {
    let rest = command
        .strip_prefix("position fen ")
        .ok_or_else(|| format!("not a 'position fen' command: {command}"))?;
    let (fen, moves) = match rest.split_once(" moves ") {
        Some((fen, moves)) => (fen, moves.split(' ').collect()),
        None => (rest, Vec::new()),
    };
    PlayerView::from_text(fen, &moves).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Seed, Side};

    /// Plays `plies` plies of a dealt game, taking whenever it can (so face-down pieces get
    /// taken by both sides), and calls `each` with the game before every ply.
    fn playout(seed: u64, plies: usize, mut each: impl FnMut(&AnyGame)) {
        let mut game: AnyGame = Jieqi::from_seed(Seed(seed)).into();
        for ply in 0..plies {
            if game.is_over() {
                break;
            }
            each(&game);
            let pos = game.position().clone();
            let moves = game.legal_moves();
            let take = moves.iter().find(|m| pos.piece_at(m.to).is_some());
            let pick = take.or(moves.get((ply * 7 + seed as usize) % moves.len().max(1)));
            let Some(&m) = pick else { break };
            game.play(m).unwrap();
        }
    }

    #[test]
    fn the_command_reads_back_as_the_view_of_the_side_to_move() {
        let mut rebased = 0;
        for seed in 1..12 {
            playout(seed, 160, |game| {
                let view = game.view(game.turn());
                let command = position_command(&view);
                if base_ply(&view) > 0 {
                    rebased += 1;
                }
                let back = read_back(&command).unwrap();
                assert_eq!(back.position, view.position, "{command}");
                assert_eq!(back.pool, view.pool, "{command}");
                assert_eq!(back.learned, view.learned, "{command}");
                assert_eq!(back.legal_moves, view.legal_moves, "{command}");
                // The history since the last re-base, for repetition.
                let since = view.hashes.len() - back.hashes.len();
                assert_eq!(back.hashes, view.hashes[since..], "{command}");
                assert_eq!(since, base_ply(&view));
            });
        }
        assert!(rebased > 100, "the playouts took face-down pieces");
    }

    #[test]
    fn the_start_is_the_public_start_with_the_whole_pool() {
        let game: AnyGame = Jieqi::from_seed(Seed(3)).into();
        assert_eq!(
            position_command(&game.view(Side::Red)),
            "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w \
             R2A2C2P5N2B2r2a2c2p5n2b2 - 0 1"
        );
    }

    #[test]
    fn what_the_viewer_has_not_seen_does_not_change_its_command() {
        use jieqi_rules::{Deal, Move, Square};
        // Red's cannon point turns up and takes the face-down piece on b9, which Red is shown
        // and Black is not. Two deals that differ only in what stands face down on b9 and on
        // another Black point give Black the same command, and Red two different ones.
        let deal = Deal::from_seed(Seed(5));
        let points = Deal::start_points(Side::Black);
        let at = |sq: &str| {
            let sq = Square::parse(sq).unwrap();
            points.iter().position(|&p| p == sq).unwrap()
        };
        let (b9, i9) = (at("b9"), at("i9"));
        let mut black = *deal.identities(Side::Black);
        let partner = (0..points.len())
            .find(|&i| i != b9 && i != i9 && black[i] != black[b9])
            .unwrap();
        black.swap(b9, partner);
        let other = Deal::from_identities(*deal.identities(Side::Red), black).unwrap();
        let commands = [deal, other].map(|d| {
            let mut game: AnyGame = Jieqi::from_deal(&d).into();
            for m in ["h2e2", "i9i8", "b2b9"] {
                game.play(Move::parse_iccs(m).unwrap()).unwrap();
            }
            let black_command = position_command(&game.view(Side::Black));
            let reply = game.legal_moves()[0];
            game.play(reply).unwrap();
            (black_command, position_command(&game.view(Side::Red)))
        });
        assert_eq!(commands[0].0, commands[1].0);
        // Black's is the start and the three moves, each reveal named.
        let words: Vec<&str> = commands[0]
            .0
            .split(" moves ")
            .nth(1)
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(words.len(), 3, "{}", commands[0].0);
        assert!(words.iter().all(|w| w.len() == 5), "{}", commands[0].0);
        // Red was shown the piece it took: its FEN is re-based after the capture, with the
        // identity among what it learned.
        assert_ne!(commands[0].1, commands[1].1);
        assert!(!commands[0].1.contains("h2e2"), "{}", commands[0].1);
    }
}
