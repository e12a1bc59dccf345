//! A game told from its public turns (for an engine behind a GUI, `jieqi-cli uci`): the
//! start or a public position, and every turn as both players saw it — each flip with what it
//! turned up (`a1=R`). Nobody knows what still lies face down, so the game places those pieces
//! itself, in a fixed order consistent with every flip told ([`Banqi::from_public_turns`]).
//!
//! Such a game's face-down identities are made up: it is for what a player may know — its
//! views while it runs ([`Banqi::view`]), and so the search node built from one — which
//! depend only on the public position, the history and the face-down pool, never on which
//! square holds what (the tests check that a told game's view is the dealt game's). What it
//! would show of the face-down pieces at the end, or write as a full-knowledge text, is no
//! deal's.

use jieqi_rules::Piece;
use jieqi_rules::quote::quote;

use crate::board::{Cell, SQUARES};
use crate::deal::SHUFFLE_ORDER;
use crate::game::{Banqi, BanqiError};
use crate::notation::{ParseTurnError, parse_turn_text};
use crate::options::Options;
use crate::position::BanqiPosition;
use crate::rules::Turn;

/// Why public turns do not make a game. Each message is one line and quotes at most about 40
/// characters of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ToldError {
    #[error(
        "which pieces lie face down is not known here: some were captured and the position \
         does not say which (give the start and its turns, or a position before any capture \
         or with every piece face up)"
    )]
    PoolUnknown,
    #[error("turn {number}: {source}")]
    Turn {
        /// 1-based, in the list of turns.
        number: usize,
        source: ParseTurnError,
    },
    #[error("turn {number}: a flip must say what it turned up, e.g. {text}=R")]
    FlipUnnamed { number: usize, text: String },
    #[error("turn {number} '{text}': {source}")]
    Refused {
        number: usize,
        text: String,
        source: BanqiError,
    },
}

impl Banqi {
    /// The game whose public record is `turns` (each written as both players saw it, a flip
    /// with what it turned up: `a1=R`) from `start` (`None`: the standard start), under
    /// `options`. Every turn is checked as in a game; a flip must name a piece still face
    /// down. The face-down pieces are placed, not dealt (module docs): the game has no seed,
    /// and only what its players may know of it is true.
    ///
    /// A `start` must tell its face-down pool ([`BanqiPosition::known_pool`]).
    pub fn from_public_turns(
        start: Option<&BanqiPosition>,
        turns: &[&str],
        options: Options,
    ) -> Result<Banqi, ToldError> {
        let position = start.cloned().unwrap_or_else(BanqiPosition::start);
        let mut pool = position.known_pool().ok_or(ToldError::PoolUnknown)?;
        // The pool on the face-down squares, square by square, in the shuffle's order.
        let mut placed = SHUFFLE_ORDER.iter().copied().filter(|&p| pool.remove(p));
        let mut identities: [Option<Piece>; SQUARES] = [None; SQUARES];
        for (slot, cell) in identities.iter_mut().zip(position.cells()) {
            if *cell == Cell::FaceDown {
                *slot = placed.next();
            }
        }
        let mut game = Banqi::from_parts(position, identities)
            .under(options)
            .expect("a game not begun takes any options");
        for (i, &text) in turns.iter().enumerate() {
            let number = i + 1;
            let refused = |source| ToldError::Refused {
                number,
                text: quote(text.trim()),
                source,
            };
            let (turn, named) =
                parse_turn_text(text).map_err(|source| ToldError::Turn { number, source })?;
            if let Turn::Flip(point) = turn {
                // A flip of a face-up or empty square, or after the end, is refused as such.
                game.check(turn).map_err(refused)?;
                let piece = named.ok_or_else(|| ToldError::FlipUnnamed {
                    number,
                    text: quote(text.trim()),
                })?;
                if !game.place_face_down(point, piece) {
                    return Err(ToldError::Turn {
                        number,
                        source: ParseTurnError::NotFaceDown(piece),
                    });
                }
            }
            game.play(turn).map_err(refused)?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::deal::BanqiDeal;
    use jieqi_rules::Seed;

    #[test]
    fn told_turns_make_the_dealt_games_view_rules_11() {
        let mut dealt = Banqi::from_seed(Seed(9));
        let mut texts = Vec::new();
        for _ in 0..12 {
            let turn = dealt.legal_turns()[0];
            dealt.play(turn).unwrap();
            texts.push(dealt.history().last().unwrap().to_string());
        }
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let told = Banqi::from_public_turns(None, &texts, Options::default()).unwrap();
        assert_eq!(told.view(Seat::First), dealt.view(Seat::First));
        assert_eq!(told.seed(), None);
    }

    #[test]
    fn bad_turns_are_named_rules_11() {
        let told = |turns: &[&str]| {
            Banqi::from_public_turns(None, turns, Options::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            told(&["a1"]),
            "turn 1: a flip must say what it turned up, e.g. a1=R"
        );
        assert!(
            told(&["a1-a2"]).starts_with("turn 1 'a1-a2': "),
            "{}",
            told(&["a1-a2"])
        );
        assert!(told(&["z9=R"]).starts_with("turn 1: "));
        assert!(told(&["a1=X"]).starts_with("turn 1: "));
        // One red general only.
        assert_eq!(
            told(&["a1=K", "a2=k", "a3=K"]),
            "turn 3: no face-down red general is left to turn up"
        );
        // A square flipped twice.
        assert!(told(&["a1=K", "a1=k"]).starts_with("turn 2 'a1=k': "));
    }

    #[test]
    fn a_position_must_tell_its_pool_rules_11() {
        let unknown: BanqiPosition = "?7/8/8/R7 s r 0 20".parse().unwrap();
        assert_eq!(unknown.known_pool(), None);
        assert_eq!(
            Banqi::from_public_turns(Some(&unknown), &[], Options::default()),
            Err(ToldError::PoolUnknown)
        );
        // Every piece on the board: the face-down ones are the set less the face-up ones.
        let start = Banqi::from_deal(&BanqiDeal::from_seed(Seed(3)));
        let mut game = start.clone();
        for p in ["a1", "b2", "c3"] {
            game.play(Turn::Flip(p.parse().unwrap())).unwrap();
        }
        let text = game.position().to_text();
        let position: BanqiPosition = text.parse().unwrap();
        assert_eq!(position.known_pool(), Some(game.face_down_pool()));
        let told = Banqi::from_public_turns(Some(&position), &[], Options::default()).unwrap();
        assert_eq!(told.face_down_pool(), game.face_down_pool());
        assert_eq!(told.legal_turns(), game.legal_turns());
        // Every piece face up: nothing lies face down.
        let open: BanqiPosition = "8/8/8/Rr6 f r 0 20".parse().unwrap();
        assert_eq!(open.known_pool(), Some(Default::default()));
        // All but two red soldiers face up, one of them captured: the face-down one is the
        // other.
        let soldier = Piece::new(jieqi_rules::Side::Red, jieqi_rules::Role::Soldier);
        let mut up: Vec<Piece> = SHUFFLE_ORDER.to_vec();
        for _ in 0..2 {
            let at = up.iter().position(|&p| p == soldier).unwrap();
            up.remove(at);
        }
        let mut position = BanqiPosition::start();
        for (i, cell) in position.cells.iter_mut().enumerate() {
            *cell = match up.get(i) {
                Some(&piece) => Cell::FaceUp(piece),
                None if i == 30 => Cell::FaceDown,
                None => Cell::Empty,
            };
        }
        position.first_colour = Some(jieqi_rules::Side::Red);
        position.move_number = 40;
        let pool = position.known_pool().unwrap();
        assert_eq!((pool.get(soldier), pool.total()), (1, 1));
        let told = Banqi::from_public_turns(Some(&position), &[], Options::default()).unwrap();
        assert_eq!(told.face_down_pool(), pool);
    }
}
