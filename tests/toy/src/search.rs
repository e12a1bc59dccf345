//! What the generic search sees of a game of Soldiers (`docs/adding-a-variant.md`, section 6):
//! everything is open, so the node is the position, and the ending a player made (a
//! resignation, an agreed draw) when there is one. No turn is a chance.

use jieqi_rules::platform::{Chance, SearchNode, TurnCode, Verdict};
use jieqi_rules::{Outcome, Side};

use crate::game::{Point, Position, Turn};

/// A position for the search; the turn codes are `from * 9 + to` (square indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoldiersNode {
    position: Position,
    /// How the game ended, where it has.
    outcome: Option<Outcome>,
}

impl SoldiersNode {
    /// The node of a position whose game has ended so (`None`: the board decides).
    pub fn new(position: Position, ending: Option<Outcome>) -> SoldiersNode {
        SoldiersNode {
            outcome: ending.or_else(|| position.end()),
            position,
        }
    }

    fn turn(&self, code: TurnCode) -> Option<Turn> {
        let point = |i: u32| Point::all().nth(i as usize);
        let (from, to) = (point(code.0 / 9)?, point(code.0 % 9)?);
        self.position.check(from, to).ok()
    }
}

fn code(turn: Turn) -> TurnCode {
    TurnCode((turn.from.index() * 9 + turn.to.index()) as u32)
}

impl SearchNode for SoldiersNode {
    fn boxed(&self) -> Box<dyn SearchNode> {
        Box::new(self.clone())
    }

    fn mover(&self) -> Side {
        self.position.turn()
    }

    /// As the game judges: the side to move without a soldier or a turn has lost.
    fn verdict(&self) -> Option<Verdict> {
        self.outcome.map(|outcome| match outcome.winner() {
            None => Verdict::Draw,
            Some(winner) if winner == self.mover() => Verdict::MoverWins,
            Some(_) => Verdict::MoverLoses,
        })
    }

    fn turns(&self, out: &mut Vec<TurnCode>) {
        out.clear();
        if self.outcome.is_none() {
            out.extend(self.position.turns().into_iter().map(code));
        }
    }

    fn play(&self, turn: TurnCode, out: &mut Vec<Chance>) {
        out.clear();
        let turn = self.turn(turn).expect("a turn the node listed");
        let mut next = self.position;
        next.play(turn);
        out.push(Chance {
            weight: 1,
            node: Box::new(SoldiersNode::new(next, None)),
        });
    }

    fn is_capture(&self, turn: TurnCode) -> bool {
        self.turn(turn).is_some_and(|t| t.capture)
    }

    fn order_hint(&self, turn: TurnCode) -> i32 {
        if self.is_capture(turn) { 100 } else { 0 }
    }

    /// A soldier is 100; each turn more than the other side has is 10 (a side without a turn
    /// loses).
    fn evaluate(&self) -> i32 {
        let me = self.mover();
        let count = |side| self.position.count(side) as i32;
        let turns = |side| self.position.with_turn(side).turns().len() as i32;
        100 * (count(me) - count(me.other())) + 10 * (turns(me) - turns(me.other()))
    }

    /// The squares and the side to move, in base 3, mixed (splitmix64's finaliser).
    fn key(&self) -> u64 {
        let mut key = self.mover().index() as u64;
        for point in Point::all() {
            key = key * 3
                + match self.position.cell(point) {
                    None => 0,
                    Some(Side::Red) => 1,
                    Some(Side::Black) => 2,
                };
        }
        let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn turn_text(&self, turn: TurnCode) -> String {
        self.turn(turn).map(|t| t.to_string()).unwrap_or_default()
    }
}
