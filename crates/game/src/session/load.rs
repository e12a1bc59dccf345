//! Games from text (rules.md §9): a pasted game record (of any registered variant) or a
//! Xiangqi FEN becomes a game, every move checked, or a one-line reason in the player's
//! language. The rules crate's parse errors
//! (a malformed tag, an unreadable FEN) are technical detail it words in English only, so they
//! stand inside a translated frame ("Record: …").

use jieqi_rules::platform::{PlayedGame, VariantRef};
use jieqi_rules::{
    AnyGame, FamilyGame, OptionValues, ParseMoveError, Record, RecordError, RecordText,
    ReplayError, Setup, Side, Xiangqi,
};

use crate::i18n::{self, Phrase, Text, Word};

/// A game loaded from text, and the house rules it is played under.
pub type Loaded = (Box<dyn PlayedGame>, OptionValues);

/// The game a record describes and its house rules: a record whose `FamilyGame` tag names a
/// variant other than Xiangqi and Jieqi is read by that variant (a Banqi record needs its
/// seed); the rest by the rules crate's record loader below.
pub fn game_from_record(text: &str) -> Result<Loaded, Phrase> {
    let bad = |why: String| Phrase::new(Text::RecordError).with("error", why);
    let named = RecordText::leading_tag(text, "Variant").map_err(|e| bad(e.to_string()))?;
    // The Xiangqi family's records go through the rules crate's loader, whose refusals the
    // catalogue translates one by one; any other variant reads its own.
    let other = named
        .and_then(|name| jieqi_variants::find(&name).ok())
        .filter(|v| v.kind().is_none());
    let Some(variant) = other else {
        let game = family_game_from_record(text)?;
        let rules = game.rules().values();
        return Ok((game.into(), rules));
    };
    let game = variant.record_game(text).map_err(|e| bad(e.to_string()))?;
    let tag = RecordText::leading_tag(text, "Rules").map_err(|e| bad(e.to_string()))?;
    let rules = OptionValues::parse(
        variant.name(),
        variant.options(),
        tag.as_deref().unwrap_or(""),
    )
    .map_err(|e| bad(e.to_string()))?;
    debug_assert_eq!(VariantRef(game.variant()), VariantRef(variant));
    Ok((game, rules))
}

/// The game a record describes, every move checked by the rules crate's one record loader
/// ([`Record::game`]): a Jieqi record needs its seed and the deal's reveals.
fn family_game_from_record(text: &str) -> Result<AnyGame, Phrase> {
    let bad = |why: Word| Phrase::new(Text::RecordError).with("error", why);
    let record = Record::parse(text).map_err(|e| bad(record_error(e)))?;
    record.game().map_err(|e| bad(replay_error(e)))
}

/// Why a record is no game, in the player's language where the game has the words.
fn replay_error(error: ReplayError) -> Word {
    match error {
        ReplayError::Record(e) => record_error(e),
        ReplayError::NoSeed => Text::RecordNoSeed.into(),
        ReplayError::BadSeed { source, .. } => Phrase::new(Text::RecordSeedTag)
            .with("error", i18n::seed_problem(&source))
            .into(),
        ReplayError::NotTheDeal => Text::RecordSeedStart.into(),
        ReplayError::Move {
            number,
            side,
            source,
        } => at_move(number, side, i18n::game_error(&source)).into(),
        ReplayError::WrongReveal { number, side } => {
            at_move(number, side, Text::RecordWrongReveal).into()
        }
        ReplayError::ResultMismatch { result, outcome } => Phrase::new(Text::RecordResultMismatch)
            .with("result", result.to_string())
            .with("outcome", i18n::outcome(outcome))
            .into(),
        // Technical detail (a seedless replay the game does not make, a rule set the game
        // it names cannot start under) in English, as the record's other detail.
        other @ (ReplayError::Seen(_) | ReplayError::Rules(_)) => other.to_string().into(),
    }
}

/// A Xiangqi game from a FEN.
pub fn game_from_fen(text: &str) -> Result<Loaded, Phrase> {
    let bad = |why: Word| Phrase::new(Text::FenError).with("error", why);
    let setup = Setup::parse_fen(text.trim()).map_err(|e| bad(e.to_string().into()))?;
    if setup.pool.is_some() || setup.board.iter().flatten().any(|p| p.is_hidden()) {
        return Err(bad(Text::FenHidden.into()));
    }
    let game = Xiangqi::from_setup(&setup).map_err(|e| bad(e.to_string().into()))?;
    let rules = game.rules().values();
    Ok((AnyGame::from(game).into(), rules))
}

/// "move 3 for Black: …".
fn at_move(number: impl ToString, side: Side, why: impl Into<Word>) -> Phrase {
    Phrase::new(Text::RecordMove)
        .with("number", number.to_string())
        .with("side", side)
        .with("error", why)
}

/// Why the rules crate could not read a record: an illegal move says its reason in the
/// player's language; the rest (tags, notation syntax) is technical detail in English.
fn record_error(error: RecordError) -> Word {
    match error {
        RecordError::BadMove {
            number,
            side,
            source: ParseMoveError::Illegal { text, source },
            ..
        } => at_move(
            number,
            side,
            Phrase::new(Text::QuotedMove)
                .with("text", text)
                .with("reason", i18n::refusal(source.reason)),
        )
        .into(),
        other => other.to_string().into(),
    }
}
