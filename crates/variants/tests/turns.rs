//! One way to play a turn for every registered variant (issue 56): a click from one place to
//! another (or in place) goes to `PlayedGame::play_turn`, which plays exactly the turns the
//! player's table offers and refuses every other with a typed reason a screen can translate,
//! leaving the game untouched (rules.md §4, §11).

use jieqi_rules::platform::{PlayedGame, Spot, TurnError, Variant, XIANGQI};
use jieqi_rules::{Refusal, Seed, Side};
use jieqi_variants::VARIANTS;

fn start(id: &str, seed: u64) -> Box<dyn PlayedGame> {
    let v = jieqi_variants::find(id).unwrap();
    v.start(v.deals().then_some(Seed(seed)), "").unwrap()
}

/// A small deterministic stream of numbers, so that the games differ by seed.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// Every place of the variant's board, with `None` for a turn made in place.
fn targets(game: &dyn PlayedGame) -> Vec<Option<Spot>> {
    std::iter::once(None)
        .chain(game.variant().board().spots().map(Some))
        .collect()
}

#[test]
fn every_turn_a_table_offers_is_played_by_a_click_and_every_other_click_is_refused() {
    for v in VARIANTS {
        for seed in 1..=3 {
            let mut game = start(v.id(), seed);
            let mut state = seed;
            for _ in 0..30 {
                let table = game.table(game.turn());
                if table.turns.is_empty() {
                    break;
                }
                // A click the table does not offer: refused, one line, the game untouched.
                let from = table.pieces[next(&mut state) as usize % table.pieces.len()].0;
                for to in targets(&*game) {
                    if table.turns.iter().any(|t| t.from == from && t.to == to) {
                        continue;
                    }
                    let mut tried = game.boxed();
                    let refused = tried.play_turn(from, to).expect_err("not offered");
                    assert!(!refused.to_string().contains('\n'), "{refused}");
                    assert_eq!(tried.table(Side::Red), game.table(Side::Red), "{}", v.id());
                    assert_eq!(tried.plies(), game.plies());
                }
                // A click the table offers: played, as its text says.
                let turn = &table.turns[next(&mut state) as usize % table.turns.len()];
                let plies = game.plies();
                let played = game.play_turn(turn.from, turn.to).expect("offered");
                assert_eq!(played, turn.text, "{}", v.id());
                assert_eq!(game.plies(), plies + 1);
            }
        }
    }
}

#[test]
fn a_refusal_carries_the_rules_reason_in_words_a_screen_translates() {
    // Xiangqi family: the rules' own refusal (rules.md §4).
    let mut game = XIANGQI.start(None, "").unwrap();
    let refused = game
        .play_turn(Spot::new(1, 0), Some(Spot::new(1, 1)))
        .unwrap_err();
    assert!(
        matches!(refused, TurnError::Illegal(m) if m.reason == Refusal::WrongDirection),
        "{refused:?}"
    );
    // Banqi: its own reason, in its words, and the detail in English (rules.md §11): at the
    // start every piece lies face down, and a face-down piece neither moves nor is taken.
    let mut banqi = start("banqi", 4);
    let refused = banqi
        .play_turn(Spot::new(0, 0), Some(Spot::new(0, 1)))
        .unwrap_err();
    let TurnError::Refused { reason, detail } = &refused else {
        panic!("{refused:?}");
    };
    assert!(jieqi_banqi::REASONS.contains(reason), "{reason:?}");
    assert!(detail.contains("face down"), "{detail}");
    assert_ne!(reason.chinese, reason.english);
    // A finished game refuses every turn as over.
    game.resign(Side::Red).unwrap();
    let over = game
        .play_turn(Spot::new(0, 0), Some(Spot::new(0, 1)))
        .unwrap_err();
    assert!(over.is_game_over(), "{over:?}");
}

/// A Jieqi game without its deal (a public FEN) is told each reveal with its move: each move
/// is played where it is told, and the position agrees with reading all the moves at once.
#[test]
fn a_told_jieqi_game_plays_each_move_once_and_agrees_with_reading_them_all() {
    let jieqi = jieqi_variants::find("jieqi").unwrap();
    let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";
    for seed in 1..=4 {
        // The deal says what each reveal was; the told game is told it.
        let mut dealt = start("jieqi", seed);
        let mut told = jieqi.position(fen, "").unwrap();
        let mut state = seed;
        for _ in 0..40 {
            let texts = dealt.legal_texts(jieqi_rules::Notation::Iccs);
            if texts.is_empty() {
                break;
            }
            let text = &texts[next(&mut state) as usize % texts.len()];
            dealt.play_text(text).unwrap();
            // What the move turned up, as the record names it (`h2h9P`).
            let history = dealt.table(Side::Red).history;
            let said = history.last().unwrap();
            told.play_text(said).unwrap();
            let (a, b) = (dealt.table(Side::Red), told.table(Side::Red));
            assert_eq!(
                (a.pieces, a.turns, a.outcome),
                (b.pieces, b.turns, b.outcome)
            );
        }
        // Taken back to the start, the told game is the start again.
        let plies = told.plies();
        for _ in 0..plies {
            assert!(told.undo());
        }
        assert_eq!(
            told.table(Side::Red),
            jieqi.position(fen, "").unwrap().table(Side::Red)
        );
    }
}
