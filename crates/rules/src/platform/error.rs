//! What the platform's traits answer when they refuse: one error type per concern — setting
//! up a game ([`SetupError`]), loading a save or a record ([`LoadError`]), playing a turn
//! ([`TurnError`]), ending a game by agreement or resignation ([`EndError`]). Each says why in
//! one line of English (`Display`); a front end that speaks other languages matches the kind
//! and translates: the Xiangqi family's refusals by their [`Refusal`](crate::Refusal), any
//! other variant's by the [`Words`] it gives with them.

use crate::explain::IllegalMove;
use crate::outcome::Outcome;

use crate::words::Words;

/// The cause of an error in a variant's own terms (its parse errors, its save errors): kept
/// whole for `source()`, shown by its own `Display`.
pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why a game could not be set up: from a seed or the start ([`Variant::start`]), from a
/// position's text ([`Variant::position`]), or from public turns
/// ([`Variant::told_game`]).
///
/// [`Variant::start`]: super::Variant::start
/// [`Variant::position`]: super::Variant::position
/// [`Variant::told_game`]: super::Variant::told_game
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The house rules name an option the variant lacks, or a value it does not take
    /// (rules.md §10).
    #[error("--rules: {0}")]
    Rules(#[source] Cause),
    /// The variant deals its games from a seed, and none was given.
    #[error("a {0} game is dealt from a seed: give one")]
    NeedsSeed(&'static str),
    /// A seed was given to a variant that does not deal.
    #[error("{0} is not dealt from a seed")]
    NoDeal(&'static str),
    /// The position's text does not read.
    #[error("{0}")]
    Unreadable(#[source] Cause),
    /// The position reads, but the rules do not allow it (a missing general, an impossible
    /// pool).
    #[error("{0}")]
    Impossible(#[source] Cause),
    /// A told turn was refused.
    #[error("{0}")]
    Turn(#[source] Cause),
    /// The variant cannot be set up so (a public position where a turn must turn up what
    /// nobody holds; public turns for a variant that cannot be told them).
    #[error("{0}")]
    Unsupported(String),
}

/// Why a save or a record gives no game ([`Variant::load_save`],
/// [`Variant::record_game`], [`Variant::replay`]).
///
/// [`Variant::load_save`]: super::Variant::load_save
/// [`Variant::record_game`]: super::Variant::record_game
/// [`Variant::replay`]: super::Variant::replay
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// A save that does not read or restore: damaged, of another version, a turn in it
    /// refused.
    #[error("{0}")]
    Save(#[source] Cause),
    /// A record that does not read or replay.
    #[error("{0}")]
    Record(#[source] Cause),
    /// A record without the seed a game to play on needs: what lies face down must be the
    /// deal's, not a placement its players could work out.
    #[error(
        "a {0} record needs its Seed tag to be played on (what lies face down must be the deal's)"
    )]
    NeedsSeed(&'static str),
}

/// Why a turn was not played; the game is as it was.
///
/// ```
/// use jieqi_rules::platform::{Spot, TurnError, Variant, XIANGQI};
/// use jieqi_rules::Refusal;
///
/// let mut game = XIANGQI.start(None, "").unwrap();
/// // The chariot on a0 cannot pass its own soldier on a3.
/// let refused = game.play_turn(Spot::new(0, 0), Some(Spot::new(0, 5))).unwrap_err();
/// assert!(matches!(refused, TurnError::Illegal(m) if m.reason == Refusal::PieceInTheWay));
/// assert_eq!(refused.to_string(), "a0a5 is not allowed: a piece is in the way");
/// assert_eq!(game.plies(), 0);
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TurnError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The Xiangqi family's rules refuse the move (rules.md §4); a front end translates its
    /// [`Refusal`](crate::Refusal).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// Another variant's rules refuse the turn: the reason in the variant's words, and the
    /// detail (which places, which pieces) in English.
    #[error("{detail}")]
    Refused {
        /// Why, short, in each language.
        reason: Words,
        /// Which places, which pieces: one line of English.
        detail: String,
    },
    /// The text is no turn of the variant, or the places no turn's.
    #[error("{0}")]
    Unreadable(#[source] Cause),
    /// A face-down piece moves in a game without its deal: what it turned up must be told
    /// with the turn (as text: `h2h9P`, `a1=R`).
    #[error("a face-down piece moves here: say what it turned up")]
    RevealUntold,
    /// The turn names a piece turned up that the deal does not turn up.
    #[error("'{text}' names a {what} the deal does not make")]
    NotTheDeal {
        /// The turn as it was written, quoted short.
        text: String,
        /// What the turn names: a `reveal`, a `flip`.
        what: &'static str,
    },
}

impl TurnError {
    /// Whether the turn was refused because the game is over (a server answers `over`, not
    /// `illegal`).
    pub fn is_game_over(&self) -> bool {
        matches!(self, TurnError::GameOver(_))
    }
}

/// Why a game could not be ended by resignation or agreement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndError {
    /// It has ended already.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// Not yet, or not here (Banqi before the first flip names no winner; a public position
    /// has no game to end).
    #[error("{0}")]
    NotNow(&'static str),
}
