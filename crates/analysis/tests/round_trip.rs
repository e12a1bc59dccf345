//! Round trips (issue 59, "Done when"): every format read back from what export writes gives
//! the same game and variations — random legal games of every registered variant, Jieqi with
//! reveals and face-down captures told or unknown, random variations and comments.

use jieqi_analysis::formats::uci::position_command;
use jieqi_analysis::{NodeId, Tree, export_jieqibox, export_record, import};
use jieqi_rules::platform::{KnownTurn, Receiver, VariantRef};
use proptest::prelude::*;

/// One step of building a tree: play a turn chosen by numbers, or go back some turns first
/// (so the next turn starts a variation), or comment the current node.
#[derive(Clone, Debug)]
enum Step {
    Play {
        turn: u16,
        reveal: u8,
        captured: u8,
        prefer_capture: bool,
    },
    Back(u8),
    Comment(u8),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => (any::<u16>(), any::<u8>(), any::<u8>(), any::<bool>()).prop_map(
            |(turn, reveal, captured, prefer_capture)| Step::Play { turn, reveal, captured, prefer_capture }
        ),
        2 => (1..6u8).prop_map(Step::Back),
        1 => any::<u8>().prop_map(Step::Comment),
    ]
}

const COMMENTS: [&str; 4] = ["good", "a bold idea", "why not h2e2", "equal"];

/// Plays the turn `step` picks at the current node, as a board would: a click, then what
/// the rules ask (a reveal, a face-down piece's identity or "unknown").
fn play(tree: &mut Tree, turn: u16, reveal: u8, captured: u8, prefer_capture: bool) {
    let game = tree.game();
    let table = game.table(game.turn());
    let captures: Vec<_> = table.turns.iter().filter(|t| t.capture).collect();
    let pool: Vec<_> = if prefer_capture && !captures.is_empty() {
        captures
    } else {
        table.turns.iter().collect()
    };
    if pool.is_empty() {
        return;
    }
    let click = pool[usize::from(turn) % pool.len()];
    let Ok(question) = tree.ask(click.from, click.to) else {
        return;
    };
    let reveal = (!question.reveals.is_empty())
        .then(|| question.reveals[usize::from(reveal) % question.reveals.len()].0);
    let captured = question.captures.as_ref().and_then(|c| {
        let pick = usize::from(captured) % (c.len() + 1);
        c.get(pick).copied()
    });
    let told = question
        .turn(reveal, captured)
        .expect("what the question offers is taken");
    tree.play_known(&told)
        .expect("what the rules offered they take");
}

fn build(variant: VariantRef, steps: &[Step]) -> Tree {
    let mut tree = Tree::new(variant, None, "").unwrap();
    for s in steps {
        match *s {
            Step::Play {
                turn,
                reveal,
                captured,
                prefer_capture,
            } => play(&mut tree, turn, reveal, captured, prefer_capture),
            Step::Back(n) => {
                for _ in 0..n {
                    tree.go_back();
                }
            }
            Step::Comment(c) => {
                let id = tree.current();
                tree.set_comment(id, COMMENTS[usize::from(c) % COMMENTS.len()])
                    .unwrap();
            }
        }
    }
    tree
}

/// A tree as a value to compare: the variant, the start as its teller knows it, and every
/// node's turn, comment and children in order.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    variant: &'static str,
    start: String,
    nodes: Vec<(Option<KnownTurn>, String, usize)>,
}

fn shape(tree: &Tree) -> Shape {
    let root = tree.game_at(tree.root()).unwrap();
    let nodes = tree
        .nodes()
        .into_iter()
        .map(|id: NodeId| {
            (
                tree.turn(id).cloned(),
                tree.comment(id).to_string(),
                tree.children(id).len(),
            )
        })
        .collect();
    Shape {
        variant: tree.variant().id(),
        start: root.knowledge(Receiver::Player(root.turn())).position,
        nodes,
    }
}

fn variants() -> Vec<VariantRef> {
    jieqi_variants::all().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Our record format: the whole tree back, variations, comments and told captures.
    #[test]
    fn records_read_back_what_they_wrote(
        which in any::<prop::sample::Index>(),
        steps in proptest::collection::vec(step(), 0..40),
    ) {
        let all = variants();
        let tree = build(*which.get(&all), &steps);
        let text = export_record(&tree);
        let back = import(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(shape(&back), shape(&tree), "{}", text);
        prop_assert_eq!(export_record(&back), text);
    }

    /// JieqiBox's notation: the same, for the variants it plays (the variations in its
    /// comments).
    #[test]
    fn jieqibox_notation_reads_back_what_it_wrote(
        jieqi in any::<bool>(),
        steps in proptest::collection::vec(step(), 0..40),
    ) {
        let variant = jieqi_variants::find(if jieqi { "jieqi" } else { "xiangqi" }).unwrap();
        let tree = build(VariantRef(variant), &steps);
        let json = export_jieqibox(&tree).unwrap();
        let back = import(&json).map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
        prop_assert_eq!(shape(&back), shape(&tree), "{}", json);
    }

    /// A UCI position command: the main line to the current node, each turn with its reveal.
    #[test]
    fn uci_positions_read_back_the_line(
        which in any::<prop::sample::Index>(),
        steps in proptest::collection::vec(step(), 0..30),
    ) {
        let all = variants();
        let tree = build(*which.get(&all), &steps);
        let command = position_command(&tree);
        let back = import(&command).map_err(|e| TestCaseError::fail(format!("{e}\n{command}")))?;
        let texts = |t: &Tree| -> Vec<String> {
            t.turns_to(t.current()).unwrap().into_iter().map(|k| k.text).collect()
        };
        prop_assert_eq!(texts(&back), texts(&tree));
        let placement = |t: &Tree| t.position_text().split(' ').next().unwrap_or("").to_string();
        prop_assert_eq!(placement(&back), placement(&tree));
    }
}

/// The games built above are what the round trips claim to cover: Jieqi trees with
/// reveals, face-down captures told and unknown, and variations.
#[test]
fn the_generator_covers_captures_and_variations() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let jieqi = VariantRef(jieqi_variants::find("jieqi").unwrap());
    let mut runner = TestRunner::deterministic();
    let (mut told, mut unknown, mut variations, mut nodes) = (0, 0, 0, 0);
    for _ in 0..40 {
        let steps = proptest::collection::vec(step(), 30..40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let tree = build(jieqi, &steps);
        for id in tree.nodes() {
            nodes += 1;
            variations += tree.children(id).len().saturating_sub(1);
            told += usize::from(tree.turn(id).is_some_and(|t| t.captured.is_some()));
        }
        // Face-down captures left unknown: face down in the trays.
        let game = tree
            .game_at(*tree.main_line().last().unwrap_or(&tree.root()))
            .unwrap();
        unknown += game
            .table(game.turn())
            .captured
            .iter()
            .flatten()
            .filter(|look| matches!(look, jieqi_rules::platform::Look::Down { .. }))
            .count();
    }
    assert!(nodes > 400, "{nodes} nodes");
    assert!(told > 5, "{told} told captures");
    assert!(unknown > 5, "{unknown} unknown captures");
    assert!(variations > 20, "{variations} variations");
}
