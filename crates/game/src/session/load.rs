//! Games from text (rules.md §9): a pasted game record or a Xiangqi FEN becomes a game, every
//! move checked, or a one-line reason in the player's language. The rules crate's parse errors
//! (a malformed tag, an unreadable FEN) are technical detail it words in English only, so they
//! stand inside a translated frame ("Record: …").

use jieqi_rules::{
    AnyGame, Jieqi, MoveRules, ParseMoveError, Record, RecordError, RecordResult, Seed, Setup,
    Side, Variant, Xiangqi,
};

use crate::i18n::{self, Phrase, Text, Word};

/// The game a record describes, every move checked; an ending the moves do not reach (a
/// resignation, an agreed draw) is taken from the result.
pub fn game_from_record(text: &str) -> Result<AnyGame, Phrase> {
    let bad = |why: Word| Phrase::new(Text::RecordError).with("error", why);
    let detail = |e: RecordError| bad(record_error(e));
    let record = Record::parse(text).map_err(detail)?;
    let start = record.start().map_err(detail)?;
    let mut game: AnyGame = if record.rules().map_err(detail)? == MoveRules::JIEQI {
        let seed: Seed = record
            .tag("Seed")
            .ok_or_else(|| bad(Text::RecordNoSeed.into()))?
            .parse()
            .map_err(|e| {
                bad(Phrase::new(Text::RecordSeedTag)
                    .with("error", i18n::seed_problem(&e))
                    .into())
            })?;
        let game = Jieqi::from_seed(seed);
        if game.start().to_fen() != start.to_fen() {
            return Err(bad(Text::RecordSeedStart.into()));
        }
        game.into()
    } else {
        Xiangqi::new(start).into()
    };
    for pm in &record.moves {
        let (number, side) = (game.position().fullmoves(), game.turn());
        game.play(pm.mv)
            .map_err(|e| bad(at_move(number, side, i18n::game_error(&e)).into()))?;
        let revealed = game.view(side).moves.last().and_then(|m| m.revealed);
        if revealed != pm.revealed {
            return Err(bad(at_move(number, side, Text::RecordWrongReveal).into()));
        }
    }
    match (game.outcome(), record.result) {
        (_, RecordResult::Unfinished) => {}
        (Some(outcome), result) if RecordResult::of(Some(outcome)) != result => {
            return Err(bad(Phrase::new(Text::RecordResultMismatch)
                .with("result", result.to_string())
                .with("outcome", i18n::outcome(outcome))
                .into()));
        }
        (Some(_), _) => {}
        (None, RecordResult::RedWon) => drop(game.resign(Side::Black)),
        (None, RecordResult::BlackWon) => drop(game.resign(Side::Red)),
        (None, RecordResult::Draw) => drop(game.agree_draw()),
    }
    Ok(game)
}

/// A Xiangqi game from a FEN.
pub fn game_from_fen(text: &str) -> Result<AnyGame, Phrase> {
    let bad = |why: Word| Phrase::new(Text::FenError).with("error", why);
    let setup = Setup::parse_fen(text.trim()).map_err(|e| bad(e.to_string().into()))?;
    if setup.pool.is_some() || setup.board.iter().flatten().any(|p| p.is_hidden()) {
        return Err(bad(Text::FenHidden.into()));
    }
    Xiangqi::from_setup(&setup)
        .map(AnyGame::from)
        .map_err(|e| bad(e.to_string().into()))
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
