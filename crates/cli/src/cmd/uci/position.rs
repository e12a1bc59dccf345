//! What a `position` command sets: the side to move's view of a Xiangqi or Jieqi game, or
//! another variant's game told from its public turns.
//!
//! How the variant is chosen, a FEN without face-down pieces or a pool being ambiguous
//! (JieqiBox writes an all-face-up Jieqi position `… w - - 0 N`, as standard Xiangqi is
//! written, and sets no `UCI_Variant`):
//! 1. a FEN with face-down pieces (`X`/`x`) or a pool field (one field where standard FENs
//!    write `- -`; `-` when empty) is Jieqi, whatever `UCI_Variant` says;
//! 2. under `UCI_Variant jieqi`, and in a session whose game has been Jieqi by rule 1 since the
//!    last `ucinewgame`, any other FEN is Jieqi too, with the pool of every identity not face
//!    up on the board (so revealed advisors and elephants move freely);
//! 3. a placement that only Jieqi allows (an advisor or elephant off its points) is Jieqi;
//! 4. otherwise `UCI_Variant` decides (Xiangqi by default).

use jieqi_rules::platform::{PlayedGame, VariantRef};
use jieqi_rules::{Family, PlayerView, Role, STANDARD_FEN, Setup, Side, ViewTextError};

use super::ranks::Ranks;
use crate::text::excerpt;

/// The public Jieqi start: every piece but the generals face-down, the whole pool unseen.
pub const JIEQI_START_FEN: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

/// What a `go` searches.
pub enum Subject {
    /// Xiangqi or Jieqi: the side to move's view, for their engine.
    Family(Box<PlayerView>),
    /// Any other variant: the game told from its public turns, for the generic search on its
    /// search node.
    Generic(Box<dyn PlayedGame>),
    /// The last `position` was refused: no position to search until the next one (searching
    /// the one before would answer for a position the GUI has left).
    Refused,
}

/// `position startpos|fen FEN… [moves M…]` under `variant`, moves as `ranks` numbers them;
/// `jieqi_session`: this game has been Jieqi (see the module documentation).
pub fn parse_position(
    variant: VariantRef,
    rest: &[&str],
    ranks: Ranks,
    jieqi_session: bool,
) -> Result<Subject, String> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let fen = match head.split_first() {
        Some((&"startpos", [])) => None,
        Some((&"startpos", extra)) => {
            return Err(format!("unexpected '{}' after startpos", excerpt(extra[0])));
        }
        Some((&"fen", [])) => return Err("'position fen' needs a FEN".into()),
        Some((&"fen", fields)) => Some(fields.join(" ")),
        Some((other, _)) => {
            return Err(format!(
                "expected 'startpos' or 'fen', not '{}'",
                excerpt(other)
            ));
        }
        None => return Err("'position' needs 'startpos' or 'fen FEN'".into()),
    };
    // The Xiangqi family's engine is given a player's view; any other variant a told game.
    let Some(kind) = variant.kind() else {
        // Any other variant: told from its public turns.
        return variant
            .told_game(fen.as_deref(), moves, "")
            .map(Subject::Generic)
            .map_err(|e| e.to_string());
    };
    let fen = fen.unwrap_or_else(|| start_fen(kind).to_string());
    let moves = moves
        .iter()
        .map(|m| ranks.to_engine(m))
        .collect::<Result<Vec<String>, String>>()?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let view = if kind == Family::Jieqi || jieqi_session {
        PlayerView::from_text(&as_jieqi(&fen), &moves)
    } else {
        match PlayerView::from_text(&fen, &moves) {
            // A placement only Jieqi allows (a freed advisor or elephant off its points).
            Err(ViewTextError::Position(e)) => PlayerView::from_text(&as_jieqi(&fen), &moves)
                .map_err(|_| ViewTextError::Position(e)),
            read => read,
        }
    };
    view.map(|view| Subject::Family(Box::new(view)))
        .map_err(|e| e.to_string())
}

/// The standard start of Xiangqi, or Jieqi's public start.
fn start_fen(kind: Family) -> &'static str {
    match kind {
        Family::Xiangqi => STANDARD_FEN,
        Family::Jieqi => JIEQI_START_FEN,
    }
}

/// What a `go` searches at the start of `variant`, or why it cannot.
pub fn start_of(variant: VariantRef) -> Result<Subject, String> {
    // As above: a view for the Xiangqi family's engine, a told game for any other variant.
    match variant.kind() {
        Some(kind) => Ok(Subject::Family(Box::new(
            PlayerView::from_text(start_fen(kind), &[]).expect("the start positions are valid"),
        ))),
        None => variant
            .told_game(None, &[], "")
            .map(Subject::Generic)
            .map_err(|e| e.to_string()),
    }
}

/// A FEN read as Jieqi (the GUI set `UCI_Variant jieqi`): one without face-down pieces and
/// without a pool gets the pool of every identity not face-up on the board (`-` when every
/// piece is), so that revealed advisors and elephants move as in Jieqi.
fn as_jieqi(fen: &str) -> String {
    let Ok(mut setup) = Setup::parse_fen(fen) else {
        return fen.to_string();
    };
    if setup.pool.is_some() || setup.board.iter().flatten().any(|p| p.is_hidden()) {
        return fen.to_string();
    }
    let Ok(start) = Setup::parse_fen(STANDARD_FEN) else {
        return fen.to_string();
    };
    let mut pool = jieqi_rules::Pool::default();
    for side in Side::ALL {
        for role in Role::ALL.into_iter().filter(|r| *r != Role::General) {
            let count = |s: &Setup| {
                s.board
                    .iter()
                    .flatten()
                    .filter(|p| p.side() == side && p.role() == role)
                    .count()
            };
            let unseen = count(&start).saturating_sub(count(&setup));
            pool.set(side, role, u8::try_from(unseen).unwrap_or(0));
        }
    }
    setup.pool = Some(pool);
    setup.to_fen()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jieqi_fen_without_hidden_pieces_gets_a_pool() {
        let fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
        let jieqi = as_jieqi(fen);
        let view = PlayerView::from_text(&jieqi, &[]).unwrap();
        assert_eq!(view.variant, Family::Jieqi);
        assert_eq!(as_jieqi(JIEQI_START_FEN), JIEQI_START_FEN);
    }
}
