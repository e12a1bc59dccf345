//! The engine plays Soldiers through its search node only (`docs/adding-a-variant.md`,
//! section 6): the node judges every position as the game does, every level answers a legal
//! turn, a win in one is taken, and a search through the whole game tree knows who wins, as
//! the slow generator's own full search (`slow.rs`) says.

mod slow;

use std::sync::atomic::AtomicBool;

use jieqi_ai::generic::{GenericEngine, GenericLevel, MAX_DEPTH, think};
use jieqi_ai::{Level, Limits, Score};
use jieqi_rules::platform::{Chance, PlayedGame, TurnCode, Variant, Verdict};
use jieqi_rules::{Notation, Side};
use jieqi_toy::TOY;

fn start() -> Box<dyn PlayedGame> {
    TOY.start(None, "").unwrap()
}

/// Deep enough to see every game to its end however the search reduces late turns (12
/// plies at most, each reduced by at most two more).
const WHOLE_GAME: u32 = 40;

/// Random games, ended by the board or by a resignation or a draw on the way: at every ply
/// the node's verdict is the game's outcome seen by the side to move, its turns (as text) are
/// the game's, and each turn leads to the node of the game after it.
#[test]
fn the_node_judges_every_position_as_the_game_does() {
    let mut rng = slow::Rng(0x7E57);
    let mut codes = Vec::new();
    let mut chances: Vec<Chance> = Vec::new();
    for game_number in 0..300 {
        let mut game = start();
        loop {
            let node = game.search_node().expect("the generic search plays it");
            assert_eq!(node.mover(), game.turn());
            let verdict = game.outcome().map(|o| match o.winner() {
                None => Verdict::Draw,
                Some(w) if w == game.turn() => Verdict::MoverWins,
                Some(_) => Verdict::MoverLoses,
            });
            assert_eq!(node.verdict(), verdict, "game {game_number}");
            node.turns(&mut codes);
            let texts: Vec<String> = codes.iter().map(|&c| node.turn_text(c)).collect();
            assert_eq!(texts, game.legal_texts(Notation::Iccs));
            if verdict.is_some() {
                break;
            }
            // Now and then the players end it on their own.
            match rng.below(40) {
                0 => _ = game.resign(game.turn()).unwrap(),
                1 => _ = game.agree_draw().unwrap(),
                _ => {
                    let i = rng.below(codes.len());
                    node.play(codes[i], &mut chances);
                    assert_eq!(chances.len(), 1, "no turn is a chance");
                    assert_eq!(chances[0].weight, 1);
                    assert_eq!(node.is_capture(codes[i]), texts[i].contains('x'));
                    game.play_text(&texts[i]).unwrap();
                    let after = game.search_node().unwrap();
                    assert_eq!(chances[0].node.key(), after.key(), "game {game_number}");
                    assert_eq!(chances[0].node.verdict(), after.verdict());
                }
            }
        }
    }
}

/// Every level of the generic search answers a legal turn at every ply of a game it plays
/// against itself, to the end.
#[test]
fn every_level_answers_a_legal_turn() {
    for (i, level) in [
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Expert,
        Level::Master,
    ]
    .into_iter()
    .enumerate()
    {
        let mut engine = GenericEngine::for_level(level, 1);
        let mut limits = GenericLevel::of(level).limits();
        // The same answers on any machine: the level's depth and nodes, not its clock.
        limits.movetime = None;
        if limits.depth.is_none() {
            limits.depth = Some(WHOLE_GAME);
        }
        let mut game = start();
        while game.outcome().is_none() {
            let node = game.search_node().unwrap();
            let found = engine.think(&*node, &limits, &AtomicBool::new(false), i as u64);
            assert!(
                game.legal_texts(Notation::Iccs).contains(&found.text),
                "{level:?}: {found:?}"
            );
            game.play_text(&found.text).unwrap();
        }
    }
}

/// Red to move takes Black's last soldier (`a2xb3`): mate in one, at every depth, though
/// a quiet step (`a2-a3`, `c1-c2`) is there too.
#[test]
fn the_search_takes_a_win_in_one() {
    let game = TOY.position("1p1/P2/2P r", "").unwrap();
    let node = game.search_node().unwrap();
    for depth in 1..=4 {
        let found = think(&*node, &Limits::depth(depth), 0);
        assert_eq!(found.text, "a2xb3", "depth {depth}");
        assert_eq!(found.score, Score::Mate(1), "depth {depth}");
    }
    // A win by leaving the other side no turn: c2-c3 shuts Black's last soldier in.
    let game = TOY.position("p2/P1P/3 r", "").unwrap();
    let found = think(&*game.search_node().unwrap(), &Limits::depth(3), 0);
    assert_eq!(
        (found.text.as_str(), found.score),
        ("c2-c3", Score::Mate(1))
    );
}

/// From the start and from every position of random games, a search through the whole game
/// tree scores a win or a loss for the side to move as the slow generator's own exhaustive
/// search decides it, and the turn it picks keeps a win. (From the start, as in Hexapawn, the
/// second player wins.)
#[test]
fn a_search_of_the_whole_tree_knows_who_wins() {
    assert!(WHOLE_GAME <= MAX_DEPTH as u32);
    let won = |score: Score| match score {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) => panic!("the whole tree ends every game, not {cp} cp"),
    };
    let start_node = start().search_node().unwrap();
    let found = think(&*start_node, &Limits::depth(WHOLE_GAME), 0);
    assert!(!won(found.score), "{found:?}");
    assert!(!slow::Board::start().mover_wins());

    let mut rng = slow::Rng(0x0DD5);
    for _ in 0..40 {
        let mut game = start();
        let mut board = slow::Board::start();
        while game.outcome().is_none() {
            let texts = game.legal_texts(Notation::Iccs);
            let found = think(&*game.search_node().unwrap(), &Limits::depth(WHOLE_GAME), 0);
            // A lone turn is played at once, unscored (the search's own shortcut).
            if texts.len() > 1 {
                assert_eq!(won(found.score), board.mover_wins(), "{}", board.text());
            }
            // The turn it chose keeps the win, if there was one.
            let next = board.after(&found.text).expect("a legal turn");
            if board.mover_wins() {
                assert!(!next.mover_wins(), "{} then {}", board.text(), found.text);
            }
            let text = &texts[rng.below(texts.len())];
            game.play_text(text).unwrap();
            board = board.after(text).unwrap();
        }
        // The side to move at the end has lost.
        let loser = if board.mover == 'R' {
            Side::Red
        } else {
            Side::Black
        };
        assert_eq!(game.outcome().unwrap().winner(), Some(loser.other()));
    }
}

/// Codes name turns only with the node that listed them: an unlisted code is no capture and
/// has no text.
#[test]
fn a_code_the_node_did_not_list_names_nothing() {
    let node = start().search_node().unwrap();
    let mut codes = Vec::new();
    node.turns(&mut codes);
    assert_eq!(codes.len(), 3);
    let unlisted = TurnCode(80);
    assert!(!codes.contains(&unlisted));
    assert!(!node.is_capture(unlisted));
    assert_eq!(node.turn_text(unlisted), "");
    assert_eq!(node.mover(), Side::Red);
}
