//! Banqi records (rules.md §9 record syntax, §11 notation): written as players may keep them,
//! read back with every turn checked.

use jieqi_banqi::{Banqi, MAX_TURNS, Seat, Seed, Side, read_record, write_record};
use proptest::prelude::*;

/// A game of `plies` turns from `seed`, each turn picked by `pick` among the legal ones.
fn played(seed: u64, plies: usize, pick: u64) -> Banqi {
    let mut game = Banqi::from_seed(Seed(seed));
    let mut state = pick;
    for _ in 0..plies {
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play(turns[(state >> 33) as usize % turns.len()])
            .unwrap();
    }
    game
}

fn error(text: &str) -> String {
    let e = read_record(text).unwrap_err().to_string();
    assert!(!e.contains('\n'), "{e}");
    e
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A running game's record keeps the deal secret and reads back as the same public game;
    /// a finished game's names its seed and reads back as the very game.
    #[test]
    fn records_read_back_as_the_game_rules_11(seed in any::<u64>(), plies in 0usize..200, pick in any::<u64>()) {
        let game = played(seed, plies, pick);
        let text = write_record(&game);
        let read = read_record(&text).unwrap();
        prop_assert_eq!(read.game.history(), game.history());
        prop_assert_eq!(read.game.outcome(), game.outcome());
        prop_assert_eq!(read.game.position(), game.position());
        prop_assert_eq!(text.contains("[Seed"), game.is_over());
        prop_assert_eq!(read.dealt, game.is_over());
        if game.is_over() {
            prop_assert_eq!(&read.game, &game);
        }
    }
}

#[test]
fn a_record_names_each_flip_and_its_result_rules_11() {
    let mut game = Banqi::from_seed(Seed(42));
    game.play("a1".parse().unwrap()).unwrap();
    game.play("b1".parse().unwrap()).unwrap();
    game.resign(Seat::Second).unwrap();
    let text = write_record(&game);
    // Seed 42 turns up a black advisor at a1: the first player plays Black and wins.
    assert!(
        text.starts_with("[Variant \"Banqi\"]\n[Seed \"1A\"]\n[Result \"0-1\"]\n"),
        "{text}"
    );
    assert!(text.contains("1. a1=a b1="), "{text}");
    let read = read_record(&text).unwrap();
    assert_eq!(read.game.outcome(), game.outcome());
}

#[test]
fn options_are_written_and_read_as_the_rules_tag_rules_10() {
    let game = Banqi::from_seed(Seed(3))
        .under("chariot=slide".parse().unwrap())
        .unwrap();
    let text = write_record(&game);
    assert!(text.contains("[Rules \"chariot=slide\"]"), "{text}");
    assert_eq!(read_record(&text).unwrap().game.options(), game.options());
    assert_eq!(
        error("[Rules \"chariot=fly\"]\n"),
        "tag Rules: option chariot takes step or slide, not 'fly'"
    );
}

#[test]
fn a_flip_the_deal_does_not_make_is_refused() {
    // Seed 42 has a black advisor at a1.
    assert_eq!(
        error("[Seed \"1A\"]\n1. a1=R"),
        "turn 1 for the first player: a1 does not turn up R"
    );
    assert_eq!(
        error("[Seed \"1A\"]\n1. a1=a a1"),
        "turn 1 for the second player: the black advisor on a1 is already face up"
    );
}

#[test]
fn a_seedless_record_must_name_its_flips_from_the_set() {
    assert_eq!(
        error("1. a1=R b1"),
        "turn 1 for the second player: a flip in a record without its seed must say what it \
         turned up, e.g. b1=R"
    );
    assert_eq!(
        error("1. a1=R b1=R 2. c1=R"),
        "turn 2 for the first player: the set has no further R to turn up"
    );
    let read = read_record("1. a1=R b1=p 2. a1xb1").unwrap();
    assert!(!read.dealt);
    assert_eq!(read.game.colour(Seat::First), Some(Side::Red));
    assert_eq!(read.game.history().len(), 3);
}

#[test]
fn a_result_must_agree_with_the_game() {
    assert_eq!(
        error("[Result \"1-0\"]\n"),
        "the Result tag says 1-0, but nobody has a colour before the first flip"
    );
    // A result the turns do not reach is a resignation or an agreed draw.
    let read = read_record("1. a1=R b1=k 1-0").unwrap();
    assert_eq!(
        read.game.outcome().map(|o| o.to_string()),
        Some("Red wins: Black resigned".to_string())
    );
    let draw = read_record("1. a1=R 1/2-1/2").unwrap();
    assert!(draw.game.is_over());
    assert_eq!(
        error("[Result \"0-1\"]\n1. a1=R b1=k 1-0"),
        "the Result tag says 0-1, but the moves end with 1-0"
    );
}

#[test]
fn other_records_are_refused_with_their_problem() {
    assert_eq!(
        error("[Variant \"Jieqi\"]\n"),
        "the record is of Jieqi, not Banqi"
    );
    assert_eq!(
        error("[FEN \"????????/????????/????????/???????? f - 0 1\"]\n"),
        "a Banqi record starts from its deal; a FEN tag cannot be replayed"
    );
    assert_eq!(error("[Seed \"U\"]\n"), "tag Seed 'U' is not a seed code");
    assert_eq!(
        error("1. a1=R a1-z9"),
        "turn 1 for the second player: 'z9' is not a square: write a column a-h and a row 1-4, e.g. c3"
    );
    let long = "a1=R b1=k a1-a2 b1-b2 a2-a1 b2-b1 ".repeat(MAX_TURNS / 6 + 1);
    assert_eq!(
        error(&long),
        format!("the record has more than {MAX_TURNS} moves; a game ends at {MAX_TURNS}")
    );
}

/// rules.md §11: a record is a game to play on only with its seed: without one, what lies
/// face down would be the reader's placement, not the deal.
#[test]
fn a_record_is_played_on_only_with_its_seed() {
    use jieqi_rules::platform::Variant;
    let mut game = played(5, 6, 3);
    let running = write_record(&game);
    let Err(refused) = jieqi_banqi::BANQI.record_game(&running) else {
        panic!("a seedless record of a running game was loaded");
    };
    assert!(
        matches!(
            refused,
            jieqi_rules::platform::LoadError::NeedsSeed("Banqi")
        ),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("needs its Seed tag"),
        "{refused}"
    );
    game.resign(game.turn()).unwrap();
    let finished = write_record(&game);
    let Ok(loaded) = jieqi_banqi::BANQI.record_game(&finished) else {
        panic!("a record with its seed was refused");
    };
    assert_eq!(loaded.plies(), game.history().len());
    assert_eq!(loaded.outcome(), game.outcome());
}
