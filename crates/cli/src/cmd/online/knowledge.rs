//! What one seat knows of its game, from its own frames only: the last `snapshot` (for
//! Xiangqi and Jieqi its position, the seat's viewer-relative FEN after the snapshot's moves;
//! for other variants the start and the snapshot's moves) and every `moved` since. The seat's
//! view is rebuilt from these — never from anything the server did not send this seat.
//!
//! A Jieqi view told from a FEN and moves counts a face-down piece its own side captured as
//! unseen (`PlayerView::from_text`), whereas the seat learned it: the bot asks for a fresh
//! `snapshot` (`resume`) after a `moved` that names a capture's identity, and the snapshot's
//! FEN carries what was learned. The rebased view knows the positions since the snapshot
//! only, so a repetition rule may refuse a move it allowed: the server says `illegal`, and the
//! bot plays another.

use jieqi_rules::platform::{PlayedGame, VariantRef};
use jieqi_rules::{Notation, PlayerView, RuleSet, Side};
use jieqi_server::protocol::Snapshot;

/// A seat's knowledge of its game.
pub struct Knowledge {
    pub variant: VariantRef,
    /// The rule-set text (`captured=both`), empty for the standard rules.
    pub rules: String,
    /// The seat (in Banqi `Red` stands for the first player).
    pub seat: Side,
    /// The last snapshot's position.
    base: String,
    /// The moves since, as the frames wrote them.
    since: Vec<String>,
    /// Plies played in all: the `ply` of the next move.
    pub plies: u64,
    /// The game told from `base` and `since`: whose turn, the legal moves, the end.
    game: Box<dyn PlayedGame>,
}

impl std::fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge")
            .field("variant", &self.variant)
            .field("seat", &self.seat)
            .field("base", &self.base)
            .field("since", &self.since)
            .field("plies", &self.plies)
            .finish_non_exhaustive()
    }
}

/// What a `moved` did to the knowledge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The next ply: played.
    Played,
    /// A ply the knowledge already has (a snapshot sent after it): nothing to do.
    Known,
    /// A ply after the next one, or one the told game refuses: the knowledge is behind, ask
    /// for a snapshot.
    Lost,
}

/// The seat a snapshot names: `red`/`first` is `Red`, `black`/`second` `Black`.
pub fn seat_side(seat: &str) -> Option<Side> {
    match seat {
        "red" | "first" => Some(Side::Red),
        "black" | "second" => Some(Side::Black),
        _ => None,
    }
}

/// The variant a snapshot names.
pub fn variant(name: &str) -> Result<VariantRef, String> {
    jieqi_variants::find(name)
        .map(VariantRef)
        .map_err(|e| e.to_string())
}

impl Knowledge {
    /// A player's snapshot, rebased on.
    pub fn from_snapshot(snapshot: &Snapshot) -> Result<Knowledge, String> {
        let seat = seat_side(&snapshot.seat).ok_or_else(|| {
            format!(
                "the snapshot is a {}'s, not a player's",
                crate::text::excerpt(&snapshot.seat)
            )
        })?;
        let variant = variant(&snapshot.variant)?;
        let game = told(variant, snapshot)?;
        Ok(Knowledge {
            variant,
            rules: snapshot.rules.clone(),
            seat,
            base: snapshot.position.clone(),
            since: Vec::new(),
            plies: snapshot.moves.len() as u64,
            game,
        })
    }

    /// A `moved` for ply `ply` (plies before it), `turn` as the frame wrote it.
    pub fn apply(&mut self, ply: u64, turn: &str) -> Applied {
        if ply < self.plies {
            return Applied::Known;
        }
        if ply > self.plies || self.game.play_text(turn).is_err() {
            return Applied::Lost;
        }
        self.since.push(turn.to_string());
        self.plies += 1;
        Applied::Played
    }

    /// Whether the seat is to move in a game that goes on.
    pub fn to_move(&self) -> bool {
        self.game.outcome().is_none() && self.game.turn() == self.seat
    }

    /// Whether the rules say the game is over (the server's `ended` tells how).
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The legal moves of the side to move as the server takes them: ICCS without a reveal
    /// letter (Xiangqi, Jieqi), the variant's own text (Banqi).
    pub fn legal_texts(&self) -> Vec<String> {
        self.game.legal_texts(Notation::Iccs)
    }

    /// What the engine searches: for Xiangqi and Jieqi the seat's view (`PlayerView` from the
    /// snapshot's FEN and the moves since), for any other variant the told game, whose search
    /// node is what the side to move knows.
    pub fn subject(&self) -> Result<Subject, String> {
        match self.variant.kind() {
            Some(family) => {
                let rules = RuleSet::parse(family, &self.rules).map_err(|e| e.to_string())?;
                let moves: Vec<&str> = self.since.iter().map(String::as_str).collect();
                PlayerView::from_text_with(&self.base, &moves, Some(rules))
                    .map(|view| Subject::Family(Box::new(view)))
                    .map_err(|e| e.to_string())
            }
            None => Ok(Subject::Generic(self.game.boxed())),
        }
    }

    /// The seat's names of the two sides, first mover first (`red`, `black`; Banqi `first`,
    /// `second`): the keys of a clock reading (`red_ms`).
    pub fn seat_names(&self) -> [&'static str; 2] {
        if self.variant.sides_are_colours() {
            ["red", "black"]
        } else {
            ["first", "second"]
        }
    }
}

/// What the engine is given.
pub enum Subject {
    /// Xiangqi or Jieqi: the side to move's view.
    Family(Box<PlayerView>),
    /// Any other variant: the game told from what the seat saw.
    Generic(Box<dyn PlayedGame>),
}

impl std::fmt::Debug for Subject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Subject::Family(view) => write!(f, "Family({:?})", view.viewer),
            Subject::Generic(game) => write!(f, "Generic({})", game.variant().name()),
        }
    }
}

/// The game a snapshot tells. Xiangqi and Jieqi: its position (the seat's FEN) read as a
/// position without its deal, whose moves name their reveals. Any other variant: told from
/// its start and every turn (a Banqi position after captures does not say which pieces lie
/// face down, its turns do), or from the position for a game that did not start at the
/// variant's start.
fn told(variant: VariantRef, snapshot: &Snapshot) -> Result<Box<dyn PlayedGame>, String> {
    let rules = &snapshot.rules;
    let game = match variant.kind() {
        Some(_) => variant.position(&snapshot.position, rules),
        None => {
            let turns: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
            variant
                .told_game(None, &turns, rules)
                .or_else(|_| variant.told_game(Some(&snapshot.position), &[], rules))
        }
    };
    game.map_err(|e| format!("the snapshot's position: {e}"))
}

#[cfg(test)]
mod tests {

    use jieqi_server::protocol::Status;

    use super::*;

    const JIEQI_START: &str = crate::cmd::uci::position::JIEQI_START_FEN;

    fn snapshot(variant: &str, seat: &str, position: &str, moves: &[&str]) -> Snapshot {
        Snapshot {
            game: "g".into(),
            variant: variant.into(),
            seat: seat.into(),
            position: position.into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            status: Status::Playing,
            ..Snapshot::default()
        }
    }

    #[test]
    fn a_jieqi_seat_follows_the_moves_with_their_reveals() {
        let mut red =
            Knowledge::from_snapshot(&snapshot("jieqi", "red", JIEQI_START, &[])).unwrap();
        assert!(red.to_move());
        let moves = red.legal_texts();
        assert!(moves.contains(&"a3a4".to_string()), "{moves:?}");
        assert!(moves.iter().all(|m| m.len() == 4));
        assert_eq!(red.apply(0, "a3a4C"), Applied::Played);
        assert!(!red.to_move());
        assert_eq!(red.plies, 1);
        assert_eq!(red.apply(0, "a3a4C"), Applied::Known);
        assert_eq!(red.apply(5, "a6a5p"), Applied::Lost);
        assert_eq!(red.apply(1, "a6a5p"), Applied::Played);
        assert!(red.to_move());
        let Subject::Family(view) = red.subject().unwrap() else {
            panic!("Jieqi has its engine");
        };
        assert_eq!(view.viewer, Side::Red);
        assert_eq!(view.moves.len(), 2);
        assert_eq!(red.seat_names(), ["red", "black"]);
    }

    #[test]
    fn a_move_the_rules_refuse_loses_the_thread() {
        let mut black = Knowledge::from_snapshot(&snapshot(
            "xiangqi",
            "black",
            jieqi_rules::STANDARD_FEN,
            &[],
        ))
        .unwrap();
        assert!(!black.to_move());
        assert_eq!(black.apply(0, "a0a5"), Applied::Lost);
        assert_eq!(black.apply(0, "h2e2"), Applied::Played);
        assert!(black.to_move());
    }

    #[test]
    fn a_spectator_snapshot_is_not_a_seat() {
        let s = snapshot("jieqi", "spectator", JIEQI_START, &[]);
        assert!(Knowledge::from_snapshot(&s).is_err());
    }

    #[test]
    fn banqi_is_told_from_its_turns_even_after_captures() {
        let banqi = jieqi_variants::find("banqi").unwrap();
        let mut game = banqi.start(Some(jieqi_rules::Seed(7)), "").unwrap();
        let public = |g: &dyn PlayedGame| {
            let text = g.view_text(Side::Red, Notation::Iccs);
            text.lines().last().unwrap().to_string()
        };
        let start = public(&*game);
        let first = Knowledge::from_snapshot(&snapshot("banqi", "first", &start, &[])).unwrap();
        assert!(first.to_move());
        assert!(!first.legal_texts().is_empty());
        assert!(matches!(first.subject().unwrap(), Subject::Generic(_)));
        assert_eq!(first.seat_names(), ["first", "second"]);
        // Random play until a capture, as the server would write the turns.
        let mut turns: Vec<String> = Vec::new();
        let mut seed = 11u64;
        while game.outcome().is_none() && turns.len() < 200 {
            let legal = game.legal_texts(Notation::Iccs);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = legal[(seed >> 33) as usize % legal.len()].clone();
            game.play_text(&pick).unwrap();
            let knowledge = game.knowledge(jieqi_rules::platform::Receiver::Player(Side::Red));
            turns = knowledge.turns.into_iter().map(|t| t.text).collect();
            if pick.contains('x') {
                break;
            }
        }
        assert!(turns.iter().any(|t| t.contains('x')), "{turns:?}");
        let refs: Vec<&str> = turns.iter().map(String::as_str).collect();
        let seat = if game.turn() == Side::Red {
            "first"
        } else {
            "second"
        };
        let k = Knowledge::from_snapshot(&snapshot("banqi", seat, &public(&*game), &refs)).unwrap();
        assert_eq!(k.plies, turns.len() as u64);
        assert!(k.to_move());
        assert_eq!(k.legal_texts(), game.legal_texts(Notation::Iccs));
    }
}
