//! Jieqi against another engine: the adapter that lets Fairy-Stockfish, which knows no
//! face-down pieces, play Jieqi as B in `match --variant jieqi --b-engine …`.
//!
//! Our rules are the referee and hold the deal. Each move the other engine gets the PUBLIC
//! position after the last capture or reveal as `position fen … moves …`, with the moves
//! played since ([`position_command`]): a reveal changes a piece, which no move list can say,
//! so the list starts after it; every move since is a move of a face-up piece that takes
//! nothing, which the variant plays exactly as Jieqi does. Every repetition lies within such a
//! stretch, so the engine sees the repetitions and perpetual checks it could be judged by
//! (an engine told only the position would walk into a perpetual check it cannot see). The FEN
//! is written for a Fairy-Stockfish variant, [`VARIANT_NAME`], that derives from its xiangqi:
//!
//! - a face-down piece is written as the piece of its start point, which it moves as (a
//!   face-down advisor is a palace advisor `A`, a face-down elephant an elephant `B` that stays
//!   home: from their start points these are exactly their Jieqi moves);
//! - a revealed advisor is `F`, a custom fers without a region (one diagonal step, anywhere),
//!   and a revealed elephant `M`, a custom lame alfil without a region (two diagonal steps,
//!   blocked on the eye, anywhere): Jieqi frees both from the palace and the river;
//! - everything else is xiangqi's; the half-move clock counts plies since the last capture and
//!   the variant's `nMoveRule` is Jieqi's 120 plies.
//!
//! The variant file is `crates/cli/data/jieqi-public.ini`, built into the program
//! ([`VARIANT_INI`]); the match writes it into a temporary directory of its own, sets
//! `VariantPath` to it and `UCI_Variant` to [`VARIANT_NAME`] (after any `--engine-option`), and
//! removes it at the end. The engine's `bestmove` is read in Fairy-Stockfish's rank numbers:
//! 1–10 after the handshake `uci`, 0–9 after `ucicyclone` or `ucci`. The move must be legal in
//! the side's own view (else the engine forfeits, as in Xiangqi) and is played in the dealt
//! game, which turns up what the deal put there.

use std::path::{Path, PathBuf};

use jieqi_rules::{FILES, Move, PlayerView, Position, RANKS, Role, Side, Square};

use crate::text::excerpt;

/// The Fairy-Stockfish variant the other engine plays.
pub const VARIANT_NAME: &str = "jieqi-public";

/// The variant file (`crates/cli/data/jieqi-public.ini`).
pub const VARIANT_INI: &str = include_str!("../../../data/jieqi-public.ini");

/// How the other engine numbers ranks in its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranks {
    /// 0–9 (ICCS; Fairy-Stockfish after `ucicyclone` or `ucci`).
    FromZero,
    /// 1–10 (Fairy-Stockfish's plain UCI).
    FromOne,
}

impl Ranks {
    /// The rank numbers Fairy-Stockfish uses after the handshake `word`, if it is one the
    /// adapter can speak.
    pub fn after_handshake(word: &str) -> Option<Ranks> {
        match word {
            "uci" => Some(Ranks::FromOne),
            "ucicyclone" | "ucci" => Some(Ranks::FromZero),
            _ => None,
        }
    }
}

/// The public position for the other engine: `BOARD SIDE - - HALFMOVES FULLMOVES`.
pub fn public_fen(position: &Position) -> String {
    let mut board = String::new();
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let piece = Square::new(file, rank).and_then(|sq| position.piece_at(sq));
            let Some(piece) = piece else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                board.push_str(&empty.to_string());
                empty = 0;
            }
            let letter = match piece.role() {
                Role::Advisor if !piece.is_hidden() => 'f',
                Role::Elephant if !piece.is_hidden() => 'm',
                role => role.fen_char(),
            };
            board.push(match piece.side() {
                Side::Red => letter.to_ascii_uppercase(),
                Side::Black => letter,
            });
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = match position.turn() {
        Side::Red => 'w',
        Side::Black => 'b',
    };
    format!(
        "{board} {side} - - {} {}",
        position.halfmoves(),
        position.fullmoves()
    )
}

/// What the other engine is told before its move, from the mover's `view`: `position fen
/// BASE moves …`, BASE the public position after the last capture or reveal (or the start),
/// then the moves played since, in the engine's rank numbers (`position fen BASE` alone when
/// there are none).
pub fn position_command(view: &PlayerView, ranks: Ranks) -> String {
    let base = view
        .moves
        .iter()
        .rposition(|seen| seen.revealed.is_some() || seen.captured.is_some())
        .map_or(0, |last| last + 1);
    let fen = public_fen(
        &view
            .position_at(base)
            .unwrap_or_else(|| view.position.clone()),
    );
    let since: Vec<String> = view.moves[base..]
        .iter()
        .map(|seen| write_move(seen.mv, ranks))
        .collect();
    if since.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", since.join(" "))
    }
}

/// A move in the other engine's rank numbers (`h2e2` in 0–9, `h3e3` in 1–10).
pub fn write_move(m: Move, ranks: Ranks) -> String {
    let square = |sq: Square| {
        let file = (b'a' + sq.file()) as char;
        let rank = match ranks {
            Ranks::FromZero => sq.rank(),
            Ranks::FromOne => sq.rank() + 1,
        };
        format!("{file}{rank}")
    };
    format!("{}{}", square(m.from), square(m.to))
}

/// A move as the other engine writes it (`h3e3` or `h10g8` in ranks 1–10, `h2e2` in 0–9), as
/// ours; `None` if it is not a move between two points.
pub fn read_move(text: &str, ranks: Ranks) -> Option<Move> {
    let (from, rest) = read_square(text, ranks)?;
    let (to, rest) = read_square(rest, ranks)?;
    rest.is_empty().then_some(Move { from, to })
}

/// A point at the start of `text`, and the rest.
fn read_square(text: &str, ranks: Ranks) -> Option<(Square, &str)> {
    let file = text.chars().next().filter(|c| ('a'..='i').contains(c))?;
    let rest = &text[1..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let (number, rest) = rest.split_at(digits.min(2));
    let rank = match (ranks, number.len()) {
        (Ranks::FromZero, 1) => number.parse::<u8>().ok()?,
        (Ranks::FromOne, 1 | 2) => number.parse::<u8>().ok()?.checked_sub(1)?,
        _ => return None,
    };
    Some((Square::new(file as u8 - b'a', rank)?, rest))
}

/// The variant file written for one match, removed when dropped.
#[derive(Debug)]
pub struct VariantFile {
    dir: PathBuf,
    path: PathBuf,
}

impl VariantFile {
    /// Writes [`VARIANT_INI`] into a new directory under the system's temporary directory.
    pub fn write() -> Result<VariantFile, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("jieqi-cli-variant-{}-{nanos}", std::process::id()));
        let path = dir.join(format!("{VARIANT_NAME}.ini"));
        let text = path.to_string_lossy();
        // Fairy-Stockfish reads the option's value as words joined by one space and splits it
        // into several files at ':'.
        if text.contains(char::is_whitespace) || text.contains(':') || text.contains('\u{fffd}') {
            return Err(format!(
                "the temporary directory '{}' has a space or a colon, which the other engine \
                 cannot read in VariantPath: set TMPDIR to another",
                excerpt(&text)
            ));
        }
        std::fs::create_dir(&dir)
            .and_then(|()| std::fs::write(&path, VARIANT_INI))
            .map_err(|e| {
                let _ = std::fs::remove_dir_all(&dir);
                format!(
                    "cannot write the variant file '{}': {e}",
                    excerpt(&path.to_string_lossy())
                )
            })?;
        Ok(VariantFile { dir, path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for VariantFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_xiangqis_start() {
        let view = PlayerView::from_text(
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1",
            &[],
        )
        .unwrap();
        assert_eq!(
            public_fen(&view.position),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
    }

    #[test]
    fn revealed_advisors_and_elephants_are_the_free_pieces() {
        // Red's face-down pieces on d0 and c0 stay A and B; the soldiers' points e3 and e6 were
        // left by the revealed advisor on e4 and the revealed elephant on e5 (both over the
        // river), a0 by the chariot on a1.
        let view = PlayerView::from_text(
            "xxxxkxxxx/9/1x5x1/x1x3x1x/4b4/4A4/X1X3X1X/1X5X1/R8/1XXXKXXXX b - - 3 9",
            &[],
        )
        .unwrap();
        assert_eq!(
            public_fen(&view.position),
            "rnbakabnr/9/1c5c1/p1p3p1p/4m4/4F4/P1P3P1P/1C5C1/R8/1NBAKABNR b - - 3 9"
        );
    }

    #[test]
    fn the_engine_gets_the_moves_since_the_last_reveal_or_capture() {
        use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Seed};
        let mv = |s: &str| Move::parse_iccs(s).unwrap();
        // What the side to move is told, and the public position it stands in now.
        let told = |game: &AnyGame, ranks| position_command(&game.view(game.turn()), ranks);
        let public_now = |game: &AnyGame| public_fen(&game.view(game.turn()).position);
        let mut game: AnyGame = Jieqi::from_seed(Seed(1)).into();
        let start = public_now(&game);
        assert_eq!(
            told(&game, Ranks::FromZero),
            format!("position fen {start}")
        );
        // A reveal: the list starts after it.
        game.play(mv("h2e2")).unwrap();
        let after_reveal = public_now(&game);
        assert_eq!(
            told(&game, Ranks::FromZero),
            format!("position fen {after_reveal}")
        );
        // The kings step up and back: moves of face-up pieces that take nothing.
        for m in ["e9e8", "e0e1", "e8e9"] {
            game.play(mv(m)).unwrap();
        }
        assert_eq!(
            told(&game, Ranks::FromZero),
            format!("position fen {after_reveal} moves e9e8 e0e1 e8e9")
        );
        assert_eq!(
            told(&game, Ranks::FromOne),
            format!("position fen {after_reveal} moves e10e9 e1e2 e9e10")
        );
        // Another reveal starts the list again.
        game.play(mv("b2b6")).unwrap();
        let again = public_now(&game);
        assert_eq!(
            told(&game, Ranks::FromZero),
            format!("position fen {again}")
        );
    }

    #[test]
    fn moves_in_both_rank_numberings() {
        let mv = |s: &str| Move::parse_iccs(s).unwrap();
        assert_eq!(read_move("h3e3", Ranks::FromOne), Some(mv("h2e2")));
        assert_eq!(read_move("h10g8", Ranks::FromOne), Some(mv("h9g7")));
        assert_eq!(read_move("a10a1", Ranks::FromOne), Some(mv("a9a0")));
        assert_eq!(read_move("h2e2", Ranks::FromZero), Some(mv("h2e2")));
        assert_eq!(read_move("h9g7", Ranks::FromZero), Some(mv("h9g7")));
        for m in ["h2e2", "h9g7", "a9a0", "i0i9"] {
            for ranks in [Ranks::FromZero, Ranks::FromOne] {
                assert_eq!(read_move(&write_move(mv(m), ranks), ranks), Some(mv(m)));
            }
        }
        assert_eq!(write_move(mv("h9g7"), Ranks::FromOne), "h10g8");
        for bad in [
            "", "(none)", "h0e2", "h11e2", "j2e2", "h2e2x", "h2", "h10g8",
        ] {
            let ranks = if bad == "h10g8" {
                Ranks::FromZero
            } else {
                Ranks::FromOne
            };
            assert_eq!(read_move(bad, ranks), None, "{bad}");
        }
        assert_eq!(Ranks::after_handshake("uci"), Some(Ranks::FromOne));
        assert_eq!(Ranks::after_handshake("ucicyclone"), Some(Ranks::FromZero));
        assert_eq!(Ranks::after_handshake("ucci"), Some(Ranks::FromZero));
        assert_eq!(Ranks::after_handshake("xboard"), None);
    }

    #[test]
    fn the_variant_file_is_written_and_removed() {
        let file = VariantFile::write().unwrap();
        let path = file.path().to_path_buf();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), VARIANT_INI);
        assert!(VARIANT_INI.contains(&format!("[{VARIANT_NAME}:xiangqi]")));
        drop(file);
        assert!(!path.exists());
        assert!(!path.parent().unwrap().exists());
    }
}
