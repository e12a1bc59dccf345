//! What a board must ask when a turn is made by a click in a game without a deal (rules.md
//! §7, §11): what a face-down piece turned up (only identities the rules still allow: those
//! in the pool of the unseen), and what a face-down piece taken was, if the player knew it
//! (or "unknown").
//!
//! Nothing here knows a variant: the rules are asked. A click the rules refuse gives their
//! reason; one they take as it is needs nothing told; one they refuse for want of a reveal
//! ([`TurnError::RevealUntold`]) is tried with each piece letter, in each way the variants
//! write a reveal after a turn (`a3a4C`, `a1=R`), and what the rules accept is offered, the
//! piece read from the board after it.

use jieqi_rules::platform::{KnownTurn, Look, PlayedGame, Receiver, Spot, TurnError};
use jieqi_rules::{Role, Side};

use crate::error::TreeError;

/// The FEN letters of every piece, Red's then Black's.
const LETTERS: [char; 14] = [
    'R', 'N', 'B', 'A', 'K', 'C', 'P', 'r', 'n', 'b', 'a', 'k', 'c', 'p',
];

/// A piece's identity, as a board draws it and a turn's text names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Identity {
    /// Its colour.
    pub side: Side,
    /// What it is.
    pub role: Role,
    /// Its FEN letter (upper case for Red).
    pub letter: char,
}

impl Identity {
    fn of_letter(letter: char) -> Option<Identity> {
        let role = Role::from_fen_char(letter)?;
        let side = if letter.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        Some(Identity { side, role, letter })
    }
}

/// A turn the rules allow, with what its player may have to tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The turn's text when nothing turns up; `None` when a reveal must be chosen.
    plain: Option<String>,
    /// What the moving face-down piece may turn up, each with the turn's text so told;
    /// empty when no face-down piece moves.
    pub reveals: Vec<(Identity, String)>,
    /// For a turn that takes a face-down piece: what it may have been, for a player who
    /// knew it (else "unknown": `None` in [`Question::turn`]); `None` when no face-down piece
    /// is taken.
    pub captures: Option<Vec<Identity>>,
}

impl Question {
    /// Whether the turn can be played as it is: nothing turns up, nothing face down is
    /// taken.
    pub fn is_plain(&self) -> bool {
        self.plain.is_some() && self.captures.is_none()
    }

    /// The turn told: `reveal` one of [`Question::reveals`] (needed when there are any),
    /// `captured` one of [`Question::captures`] or `None` for "unknown".
    pub fn turn(
        &self,
        reveal: Option<Identity>,
        captured: Option<Identity>,
    ) -> Result<KnownTurn, TreeError> {
        let text = match (&self.plain, reveal) {
            (Some(text), None) => text.clone(),
            (_, Some(reveal)) => self
                .reveals
                .iter()
                .find(|(i, _)| *i == reveal)
                .map(|(_, text)| text.clone())
                .ok_or_else(|| refused("the piece cannot turn up as that"))?,
            (None, None) => return Err(refused("say what the face-down piece turned up")),
        };
        let captured = match captured {
            None => None,
            Some(piece) => {
                let allowed = self.captures.as_ref().is_some_and(|c| c.contains(&piece));
                if !allowed {
                    return Err(refused("the piece taken cannot have been that"));
                }
                Some(piece.letter)
            }
        };
        Ok(KnownTurn { text, captured })
    }
}

fn refused(why: &str) -> TreeError {
    TreeError::Refused(why.to_string())
}

/// What the click `from` → `to` (a turn in place, such as a Banqi flip: `to` `None`) in
/// `game` needs told. The rules' reason when they refuse it.
pub fn ask(game: &dyn PlayedGame, from: Spot, to: Option<Spot>) -> Result<Question, TreeError> {
    let mut probe = game.boxed();
    let (plain, reveals) = match probe.play_turn(from, to) {
        Ok(text) => (Some(text), Vec::new()),
        Err(TurnError::RevealUntold) => (None, reveals(game, from, to)),
        Err(e) => return Err(TreeError::Refused(e.to_string())),
    };
    let viewer = game.turn();
    let takes_face_down = to.is_some_and(|to| {
        game.table(viewer)
            .pieces
            .iter()
            .any(|(spot, look)| *spot == to && matches!(look, Look::Down { .. }))
    });
    let captures = match plain.as_ref().or(reveals.first().map(|(_, t)| t)) {
        Some(text) if takes_face_down => Some(captures(game, text)),
        _ => None,
    };
    if plain.is_none() && reveals.is_empty() {
        return Err(refused(
            "nothing the face-down piece could turn up is left in the pool",
        ));
    }
    Ok(Question {
        plain,
        reveals,
        captures,
    })
}

/// Each identity the moving face-down piece may turn up, with the turn's text so told.
fn reveals(game: &dyn PlayedGame, from: Spot, to: Option<Spot>) -> Vec<(Identity, String)> {
    let viewer = game.turn();
    let table = game.table(viewer);
    let Some(base) = table
        .turns
        .iter()
        .find(|t| t.from == from && t.to == to)
        .map(|t| t.text.clone())
    else {
        return Vec::new();
    };
    let landing = to.unwrap_or(from);
    let mut found: Vec<(Identity, String)> = Vec::new();
    for letter in LETTERS {
        for text in [format!("{base}{letter}"), format!("{base}={letter}")] {
            let mut probe = game.boxed();
            if probe.play_text(&text).is_err() {
                continue;
            }
            let shown = probe
                .table(viewer)
                .pieces
                .into_iter()
                .find(|(spot, _)| *spot == landing);
            if let Some((_, Look::Up { side, role })) = shown
                && !found.iter().any(|(i, _)| i.side == side && i.role == role)
            {
                let letter = Identity::of_letter(letter).map_or(letter, |i| i.letter);
                found.push((Identity { side, role, letter }, text));
            }
            break;
        }
    }
    found
}

/// Each identity the face-down piece `text` takes may have been, for its capturer: what
/// the rules take in as told.
fn captures(game: &dyn PlayedGame, text: &str) -> Vec<Identity> {
    let mover = game.turn();
    LETTERS
        .into_iter()
        .filter(|&letter| {
            let mut probe = game.boxed();
            let turn = KnownTurn {
                text: text.to_string(),
                captured: Some(letter),
            };
            probe.play_known(&turn).is_ok()
                && probe
                    .knowledge(Receiver::Player(mover))
                    .turns
                    .last()
                    .and_then(|t| t.captured)
                    == Some(letter)
        })
        .filter_map(Identity::of_letter)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Tree;
    use jieqi_rules::platform::{JIEQI, VariantRef, XIANGQI};

    use crate::test_spot as spot;

    #[test]
    fn a_face_up_move_needs_nothing() {
        let tree = Tree::new(VariantRef(&XIANGQI), None, "").unwrap();
        let q = tree.ask(spot("h2"), Some(spot("e2"))).unwrap();
        assert!(q.is_plain());
        assert_eq!(q.turn(None, None).unwrap().text, "h2e2");
        let refused = tree.ask(spot("a0"), Some(spot("a5"))).unwrap_err();
        assert!(refused.to_string().contains("in the way"), "{refused}");
    }

    #[test]
    fn a_face_down_move_offers_only_what_the_pool_holds_rules_7() {
        let mut tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        let q = tree.ask(spot("a3"), Some(spot("a4"))).unwrap();
        assert!(!q.is_plain());
        let roles: Vec<Role> = q.reveals.iter().map(|(i, _)| i.role).collect();
        assert_eq!(roles.len(), 6, "{roles:?}");
        assert!(q.reveals.iter().all(|(i, _)| i.side == Side::Red));
        assert!(q.turn(None, None).is_err());
        // Both red cannons turn up; the third face-down move may no longer be one.
        for t in ["a3a4C", "a6a5c", "c3c4C", "c6c5c"] {
            tree.play(t).unwrap();
        }
        let q = tree.ask(spot("e3"), Some(spot("e4"))).unwrap();
        assert!(!q.reveals.iter().any(|(i, _)| i.role == Role::Cannon));
        let soldier = q
            .reveals
            .iter()
            .find(|(i, _)| i.role == Role::Soldier)
            .unwrap()
            .0;
        assert_eq!(q.turn(Some(soldier), None).unwrap().text, "e3e4P");
    }

    #[test]
    fn a_banqi_flip_asks_what_it_turned_up_rules_11() {
        let banqi = VariantRef(jieqi_variants::find("banqi").unwrap());
        let mut tree = Tree::new(banqi, None, "").unwrap();
        let q = tree.ask(Spot::new(0, 0), None).unwrap();
        // Every identity of both colours may lie face down at the start.
        assert_eq!(q.reveals.len(), 14);
        let (chariot, text) = q
            .reveals
            .iter()
            .find(|(i, _)| i.role == Role::Chariot && i.side == Side::Red)
            .cloned()
            .unwrap();
        assert_eq!(text, "a1=R");
        tree.play_known(&q.turn(Some(chariot), None).unwrap())
            .unwrap();
        assert_eq!(tree.game().plies(), 1);
    }

    #[test]
    fn taking_a_face_down_piece_asks_what_it_was_rules_7() {
        let tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        let q = tree.ask(spot("b2"), Some(spot("b9"))).unwrap();
        let captures = q.captures.clone().unwrap();
        assert_eq!(captures.len(), 6);
        assert!(captures.iter().all(|i| i.side == Side::Black));
        let chariot = captures.iter().find(|i| i.role == Role::Chariot).copied();
        let reveal = q.reveals[0].0;
        let told = q.turn(Some(reveal), chariot).unwrap();
        assert_eq!(told.captured, Some('r'));
        let unknown = q.turn(Some(reveal), None).unwrap();
        assert_eq!(unknown.captured, None);
        let wrong = Identity::of_letter('R');
        assert!(q.turn(Some(reveal), wrong).is_err());
    }
}
