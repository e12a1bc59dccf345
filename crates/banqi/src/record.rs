//! Banqi game records: the tag syntax, comments and result tokens every variant's records
//! share (the rules crate's [`RecordText`]), with Banqi's turns (rules.md §11 notation).
//!
//! ```text
//! [Variant "Banqi"]
//! [Rules "chariot=slide"]
//! [Seed "7"]
//! [Result "1-0"]
//!
//! 1. a1=R b2=p 2. a1-a2 b2xb1 ... 1-0
//! ```
//!
//! `Rules` is written only when the options are not the standard ones; `Seed` only once the
//! game is over (a running game's deal is secret, rules.md §11); `Result` uses the colours
//! (`1-0`: Red won). Every flip names what it turned up.
//!
//! Reading checks every turn by replaying it. With a `Seed` the game is that deal and every
//! flip must turn up what the deal holds. Without one, the flips the record names make the
//! deal: each must be a piece the set still has face down, and the squares never flipped
//! hold the rest of the set in a fixed order. Since nobody saw those, the game read back from
//! a seedless record knows nothing true about them: [`read_record`] says which it made.
//! Records start from the deal (a `FEN` tag is refused). A `Result` must agree with how the
//! turns end; an ending the turns do not reach (a resignation, an agreed draw) is taken from
//! it.

use jieqi_rules::quote::quote;
use jieqi_rules::{Outcome, Piece, RecordError, RecordResult, RecordText, Seed, Side};

use crate::board::{PieceCounts, SQUARES, Seat, piece_letter};
use crate::deal::{BanqiDeal, BanqiDealError, SHUFFLE_ORDER};
use crate::game::{Banqi, BanqiError};
use crate::notation::{ParseTurnError, parse_turn, parse_turn_text, write_turn};
use crate::options::{Options, OptionsError};
use crate::position::NO_FLIP_OR_CAPTURE_PLIES;
use crate::rules::Turn;

/// The longest Banqi game: every flip (32) and capture (at most 31) restarts the count of
/// quiet plies, and 60 of those end the game.
pub const MAX_TURNS: usize = 64 * (NO_FLIP_OR_CAPTURE_PLIES as usize + 1);

/// Why a text is not a Banqi record these rules can replay. Each names the first real
/// problem, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BanqiRecordError {
    #[error(transparent)]
    Text(#[from] RecordError),
    #[error("the record is of {0}, not Banqi")]
    NotBanqi(String),
    #[error("tag Seed '{0}' is not a seed code")]
    BadSeed(String),
    #[error("tag Rules: {0}")]
    BadRules(#[from] OptionsError),
    #[error("a Banqi record starts from its deal; a FEN tag cannot be replayed")]
    StartGiven,
    #[error("turn {number} for {seat}: {source}")]
    Turn {
        number: u32,
        seat: Seat,
        source: ParseTurnError,
    },
    #[error("turn {number} for {seat}: {source}")]
    Refused {
        number: u32,
        seat: Seat,
        source: BanqiError,
    },
    #[error(transparent)]
    BanqiDeal(#[from] BanqiDealError),
    #[error(
        "turn {number} for {seat}: a flip in a record without its seed must say what it turned up, e.g. {text}=R"
    )]
    FlipUnnamed {
        number: u32,
        seat: Seat,
        text: String,
    },
    #[error("turn {number} for {seat}: the set has no further {piece} to turn up")]
    NotInSet {
        number: u32,
        seat: Seat,
        piece: char,
    },
    #[error("the Result tag says {result}, but the game ended: {outcome}")]
    ResultMismatch {
        result: RecordResult,
        outcome: Outcome,
    },
    #[error("the Result tag says {0}, but nobody has a colour before the first flip")]
    NoColoursYet(RecordResult),
}

/// How a record was read back.
#[derive(Clone, Debug)]
pub struct ReadRecord {
    pub game: Banqi,
    /// `false` for a record without its seed: the pieces it never turned up were placed by
    /// the reader, not dealt, and must not be shown as the deal's.
    pub dealt: bool,
}

/// Writes the record of a game as its players may keep it: the seed only once the game is
/// over.
pub fn write_record(game: &Banqi) -> String {
    let mut out = String::from("[Variant \"Banqi\"]\n");
    if !game.options().is_standard() {
        out.push_str(&format!("[Rules \"{}\"]\n", game.options()));
    }
    if let (Some(seed), true) = (game.seed(), game.is_over()) {
        out.push_str(&format!("[Seed \"{seed}\"]\n"));
    }
    let result = RecordResult::of(game.outcome());
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let mut words = Vec::new();
    for (i, seen) in game.history().iter().enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        }
        words.push(write_turn(seen.turn, seen.revealed));
    }
    words.push(result.to_string());
    RecordText::write_words(&mut out, words);
    out
}

/// Reads a record and replays it, every turn checked (see the module docs).
pub fn read_record(text: &str) -> Result<ReadRecord, BanqiRecordError> {
    let record = RecordText::split(text, MAX_TURNS)?;
    if let Some(variant) = record.tag("Variant")
        && !variant.trim().eq_ignore_ascii_case("banqi")
    {
        return Err(BanqiRecordError::NotBanqi(quote(variant)));
    }
    if record.tag("FEN").is_some() {
        return Err(BanqiRecordError::StartGiven);
    }
    let options: Options = match record.tag("Rules") {
        Some(rules) => rules.parse()?,
        None => Options::default(),
    };
    let (game, dealt) = match record.tag("Seed") {
        Some(code) => {
            let seed: Seed = code
                .trim()
                .parse()
                .map_err(|_| BanqiRecordError::BadSeed(quote(code)))?;
            (Banqi::from_seed(seed), true)
        }
        None => (Banqi::from_deal(&deal_of_flips(&record.turns)?), false),
    };
    let mut game = game
        .under(options)
        .expect("a game not begun takes any options");
    for text in &record.turns {
        let (number, seat) = (game.position().move_number(), game.turn());
        let turn = parse_turn(&game, text).map_err(|source| BanqiRecordError::Turn {
            number,
            seat,
            source,
        })?;
        game.play(turn)
            .map_err(|source| BanqiRecordError::Refused {
                number,
                seat,
                source,
            })?;
    }
    settle(&mut game, record.result)?;
    Ok(ReadRecord { game, dealt })
}

/// Checks the record's result against the game, and plays an ending the turns do not reach.
fn settle(game: &mut Banqi, result: RecordResult) -> Result<(), BanqiRecordError> {
    if let Some(outcome) = game.outcome() {
        if result != RecordResult::Unfinished && result != RecordResult::of(Some(outcome)) {
            return Err(BanqiRecordError::ResultMismatch { result, outcome });
        }
        return Ok(());
    }
    let loser = match result {
        RecordResult::Unfinished => return Ok(()),
        RecordResult::Draw => {
            // A running game can always agree a draw.
            let _ = game.agree_draw();
            return Ok(());
        }
        RecordResult::RedWon => Side::Black,
        RecordResult::BlackWon => Side::Red,
    };
    let seat = game
        .position()
        .seat_of(loser)
        .ok_or(BanqiRecordError::NoColoursYet(result))?;
    // The game runs and colours are fixed: resigning cannot be refused.
    let _ = game.resign(seat);
    Ok(())
}

/// The deal a seedless record's flips make: each flipped square holds what its flip names,
/// the others the rest of the set in [`SHUFFLE_ORDER`].
fn deal_of_flips(turns: &[&str]) -> Result<BanqiDeal, BanqiRecordError> {
    let mut placed: [Option<Piece>; SQUARES] = [None; SQUARES];
    let mut left = PieceCounts::full_set();
    for (i, text) in turns.iter().enumerate() {
        let (number, seat) = (i as u32 / 2 + 1, Seat::BOTH[i % 2]);
        let Ok((Turn::Flip(point), named)) = parse_turn_text(text) else {
            // Not a flip, or not a turn: the replay names the problem in its place.
            continue;
        };
        if placed[point.index()].is_some() {
            // A second flip of one square: the replay refuses it in its place.
            continue;
        }
        let piece = named.ok_or_else(|| BanqiRecordError::FlipUnnamed {
            number,
            seat,
            text: quote(text.trim()),
        })?;
        if !left.remove(piece) {
            return Err(BanqiRecordError::NotInSet {
                number,
                seat,
                piece: piece_letter(piece),
            });
        }
        placed[point.index()] = Some(piece);
    }
    let mut rest = SHUFFLE_ORDER.iter().copied().filter(|&p| left.remove(p));
    let pieces = placed.map(|p| p.or_else(|| rest.next()).unwrap_or(SHUFFLE_ORDER[0]));
    // The named pieces and the rest make up the set exactly.
    Ok(BanqiDeal::from_pieces(pieces)?)
}
