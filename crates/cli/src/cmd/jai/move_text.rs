//! A ply as JieqiBox's match mode reads it from `info move` (`playMoveFromUci` with its flip
//! logic off, `parseUciExtended`): ICCS coordinates with ranks 0–9; then, if the moved piece
//! was face down, the identity it showed, in the mover's case; then, if it took a face-down
//! piece, that piece's identity, in the captured side's case. `a3a4R`: a face-down Red piece
//! showed a chariot; `b2b9n`: a face-up Red piece took a face-down Black horse; `a3a4Rp`:
//! both. A face-up piece taken needs no letter: the board shows it.
//!
//! The captured identity is the capturer's secret in the game (rules.md §7); the runner, as
//! referee and display, shows it to the GUI, which is what the protocol asks for. Neither
//! player reads these lines.

use jieqi_rules::{Notation, Piece, Position, SeenMove, SeenPiece, write_move};

/// The text of `seen`, a ply as its mover saw it (the mover knows what it captured), played
/// from `before`, the public position before it.
pub(super) fn move_text(before: &Position, seen: &SeenMove) -> String {
    let mut text = write_move(before, seen.mv, seen.revealed, Notation::Iccs);
    let took_face_down = before.piece_at(seen.mv.to).is_some_and(Piece::is_hidden);
    if took_face_down && let Some(SeenPiece::Known { side, role }) = seen.captured {
        text.push(Piece::new(side, role).fen_char());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Role, Seed, Side};

    /// Plays `game` preferring captures, and every ply's text as its mover saw it.
    fn played(mut game: AnyGame, plies: usize) -> (AnyGame, Vec<String>) {
        let mut texts = Vec::new();
        for _ in 0..plies {
            let pos = game.position().clone();
            let moves = game.legal_moves();
            let Some(&m) = moves
                .iter()
                .find(|m| pos.piece_at(m.to).is_some())
                .or(moves.first())
            else {
                break;
            };
            let mover = pos.turn();
            game.play(m).unwrap();
            let seen = *game.view(mover).moves.last().unwrap();
            texts.push(move_text(&pos, &seen));
        }
        (game, texts)
    }

    /// The side whose case `c` is, and the role it names.
    fn letter(c: char) -> (Side, Role) {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        (side, Role::from_fen_char(c).unwrap())
    }

    #[test]
    fn reveal_then_capture_letters_in_each_side_s_case() {
        // Seen: a plain reveal, a face-up piece taking a face-down one, a face-down one doing it.
        let mut kinds = [false; 3];
        for seed in 0..20 {
            let (mut game, texts) = played(Jieqi::from_seed(Seed(seed)).into(), 60);
            if !game.is_over() {
                game.resign(game.turn()).unwrap();
            }
            // Over: every identity is shown to both.
            let truth = game.view(Side::Red);
            let mut pos = truth.start.clone();
            for (seen, text) in truth.moves.iter().zip(&texts) {
                let piece = pos.piece_at(seen.mv.from).unwrap();
                let took_hidden = pos.piece_at(seen.mv.to).filter(|t| t.is_hidden());
                let mut letters = text[4..].chars();
                assert_eq!(&text[..4], seen.mv.to_string(), "seed {seed}");
                if piece.is_hidden() {
                    let shown = letter(letters.next().unwrap());
                    assert_eq!(shown, (piece.side(), seen.revealed.unwrap()), "{text}");
                }
                if let Some(taken) = took_hidden {
                    let Some(SeenPiece::Known { role, .. }) = seen.captured else {
                        panic!("over: the capture is known")
                    };
                    let named = letter(letters.next().unwrap());
                    assert_eq!(named, (taken.side(), role), "{text}");
                    assert_ne!(taken.side(), piece.side());
                }
                assert_eq!(letters.next(), None, "{text}");
                let kind = match (piece.is_hidden(), took_hidden.is_some()) {
                    (true, false) => Some(0),
                    (false, true) => Some(1),
                    (true, true) => Some(2),
                    (false, false) => None,
                };
                if let Some(k) = kind {
                    kinds[k] = true;
                }
                let arriving = seen.revealed.map_or(piece, |r| Piece::new(piece.side(), r));
                pos.play_unchecked_as(seen.mv, arriving);
            }
        }
        assert_eq!(kinds, [true; 3]);
    }
}
