//! Whole games, both variants, from the first move to an outcome: played through the
//! `FamilyGame` API, then saved and restored, and written as a record and read back.

use std::collections::BTreeMap;

use jieqi_rules::{AnyGame, FamilyGame, Jieqi, Notation, Record, SavedGame, Seed, Side, Xiangqi};
use proptest::prelude::*;

/// Plays random legal moves until the game ends or `plies` are played.
fn play_out(mut game: AnyGame, choices: &[u16]) -> AnyGame {
    for &c in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[c as usize % moves.len()])
            .expect("a legal move is accepted");
    }
    game
}

fn record_of(game: &AnyGame) -> Record {
    let view = game.view(Side::Red);
    let mut record = Record::new(&view.start);
    record.moves = view
        .moves
        .iter()
        .map(|m| jieqi_rules::ParsedMove {
            mv: m.mv,
            revealed: m.revealed,
        })
        .collect();
    record
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A game survives save → load unchanged, outcome included, and its public record
    /// survives write → parse in every notation.
    #[test]
    fn games_survive_saves_and_records(
        jieqi in any::<bool>(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..400),
    ) {
        let start: AnyGame = if jieqi { Jieqi::from_seed(Seed(seed)).into() } else { Xiangqi::default().into() };
        let game = play_out(start, &choices);
        let saved = SavedGame::of(&game, BTreeMap::new());
        let restored = SavedGame::from_json(&saved.to_json()).unwrap().restore().unwrap();
        prop_assert_eq!(&restored, &game);
        prop_assert_eq!(restored.outcome(), game.outcome());

        let record = record_of(&game);
        for notation in [Notation::Wxf, Notation::Iccs, Notation::Chinese] {
            let text = record.write(notation);
            let back = Record::parse(&text).unwrap();
            prop_assert_eq!(&back.moves, &record.moves, "{}", text);
            prop_assert_eq!(back.final_position().unwrap(), game.position().clone());
        }
    }
}

/// Every game ends: played out long enough, random games reach an outcome under the rules'
/// limits (400 plies for Xiangqi, repetition and 60-move limits for Jieqi).
#[test]
fn long_random_games_end() {
    for seed in 0..6u64 {
        let choices: Vec<u16> = (0..500u64)
            .map(|i| (i * 7919 + seed * 104729) as u16)
            .collect();
        let xq = play_out(Xiangqi::default().into(), &choices);
        assert!(
            xq.is_over(),
            "Xiangqi game {seed} did not end: {} plies",
            xq.moves().len()
        );
        let jq = play_out(Jieqi::from_seed(Seed(seed)).into(), &choices);
        assert!(
            jq.is_over(),
            "Jieqi game {seed} did not end: {} plies",
            jq.moves().len()
        );
    }
}
