//! The legal turns of rules.md §11 and the options of §10: flips, one-square moves, captures by
//! rank, the cannon's jump. Everything here reads only the public [`BanqiPosition`]: no turn's
//! legality depends on what a face-down piece is.

use jieqi_rules::{Piece, Role, Side};

use crate::board::{Cell, Point};
use crate::options::{CannonCapture, ChariotMove, Options};
use crate::position::BanqiPosition;
pub use crate::turn::Turn;

/// Banqi's rank (rules.md §11): general 7 > advisor 6 > elephant 5 > chariot 4 > horse 3 >
/// cannon 2 > soldier 1. Not the order of [`Role`]'s discriminants: in Banqi the chariot
/// outranks the horse.
pub const fn rank(role: Role) -> u8 {
    match role {
        Role::General => 7,
        Role::Advisor => 6,
        Role::Elephant => 5,
        Role::Chariot => 4,
        Role::Horse => 3,
        Role::Cannon => 2,
        Role::Soldier => 1,
    }
}

/// Why a turn is not legal, in words a player reads (each message is one line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum BanqiRefusal {
    #[error("there is no piece on {0} to flip")]
    NothingToFlip(Point),
    #[error("the {} {} on {point} is already face up", .piece.side().name(), .piece.role())]
    AlreadyFaceUp { point: Point, piece: Piece },
    #[error("there is no piece on {0}")]
    NoPiece(Point),
    #[error("the piece on {0} is face down: flip it before it can move")]
    FaceDown(Point),
    #[error("the {} {} on {point} is not yours", .piece.side().name(), .piece.role())]
    NotYourPiece { point: Point, piece: Piece },
    #[error("a piece cannot go to the square it stands on ({0})")]
    SameSquare(Point),
    #[error("{to} is not in line with {from}: pieces go along rows and columns")]
    NotInLine { from: Point, to: Point },
    #[error("{} goes one square at a time, and {to} is not next to {from}", with_article(.role))]
    NotAdjacent { role: Role, from: Point, to: Point },
    #[error("the chariot's way from {from} to {to} is blocked at {at}")]
    Blocked { from: Point, to: Point, at: Point },
    #[error("{0} is not empty: a piece moves only to an empty square")]
    Occupied(Point),
    #[error("there is nothing to capture on {0}")]
    NothingToCapture(Point),
    #[error("face-down pieces cannot be captured ({0} is face down)")]
    CaptureFaceDown(Point),
    #[error("you cannot capture your own {} on {point}", .piece.role())]
    OwnPiece { point: Point, piece: Piece },
    #[error(
        "{} cannot take {}, which ranks higher",
        with_article(.attacker),
        with_article(.target)
    )]
    OutRanked { attacker: Role, target: Role },
    #[error("a soldier cannot take the general under soldier-takes-general=off")]
    SoldierSparesGeneral,
    #[error("the general does not capture soldiers (unless general-takes-soldier=on)")]
    GeneralSparesSoldiers,
    #[error("a cannon captures only by jumping over exactly one piece, and {to} is next to {from}")]
    CannonNotAdjacent { from: Point, to: Point },
    #[error("a cannon must jump exactly one piece to capture, but {count} stand between")]
    CannonScreens { count: u8 },
}

/// `a horse`, `an advisor`: a role with its indefinite article, for messages.
fn with_article(role: &Role) -> String {
    let article = if matches!(role, Role::Advisor | Role::Elephant) {
        "an"
    } else {
        "a"
    };
    format!("{article} {role}")
}

/// Whether `attacker` may take `target` on a neighbouring square (or, for a sliding chariot,
/// the first piece it meets): by rank, with the soldier/general exceptions and their options.
/// The cannon's jump is not this rule.
pub(crate) fn step_capture(
    attacker: Role,
    target: Role,
    options: &Options,
) -> Result<(), BanqiRefusal> {
    match (attacker, target) {
        (Role::Soldier, Role::General) if options.soldier_takes_general => Ok(()),
        (Role::Soldier, Role::General) => Err(BanqiRefusal::SoldierSparesGeneral),
        (Role::General, Role::Soldier) if options.general_takes_soldier => Ok(()),
        (Role::General, Role::Soldier) => Err(BanqiRefusal::GeneralSparesSoldiers),
        _ if rank(attacker) >= rank(target) => Ok(()),
        _ => Err(BanqiRefusal::OutRanked { attacker, target }),
    }
}

/// Up (towards row 4), down, left (towards column a), right.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

/// The face-up enemy of `colour` on `cell`, if any.
fn enemy(cell: Cell, colour: Side) -> Option<Piece> {
    cell.face_up().filter(|p| p.side() != colour)
}

/// Appends the legal turns of the seat to move (order in [`BanqiPosition::legal_turns`]).
pub(crate) fn legal_turns(pos: &BanqiPosition, options: &Options, out: &mut Vec<Turn>) {
    let colour = pos.colour_to_move();
    for from in Point::all() {
        match pos.cell(from) {
            Cell::FaceDown => out.push(Turn::Flip(from)),
            Cell::FaceUp(piece) if Some(piece.side()) == colour => {
                piece_turns(pos, options, from, piece, out);
            }
            _ => {}
        }
    }
}

/// Whether the seat to move has any legal turn (cheaper than listing them).
pub(crate) fn has_legal_turn(pos: &BanqiPosition, options: &Options) -> bool {
    if pos.cells.iter().any(|c| c.is_face_down()) {
        return true;
    }
    let mut out = Vec::new();
    legal_turns(pos, options, &mut out);
    !out.is_empty()
}

fn piece_turns(
    pos: &BanqiPosition,
    options: &Options,
    from: Point,
    piece: Piece,
    out: &mut Vec<Turn>,
) {
    let colour = piece.side();
    let role = piece.role();
    for (dc, dr) in DIRECTIONS {
        let Some(next) = from.offset(dc, dr) else {
            continue;
        };
        // The ray from `from` outwards, nearest first.
        let ray = std::iter::successors(Some(next), |p| p.offset(dc, dr));
        let slides = role == Role::Chariot && options.chariot == ChariotMove::Slide;
        let steps_to_capture = role != Role::Cannon || options.cannon == CannonCapture::AlsoStep;
        for to in ray.clone() {
            match pos.cell(to) {
                Cell::Empty => out.push(Turn::Move { from, to }),
                cell => {
                    if steps_to_capture
                        && let Some(target) = enemy(cell, colour)
                        && step_capture(role, target.role(), options).is_ok()
                    {
                        out.push(Turn::Capture { from, to });
                    }
                    break;
                }
            }
            if !slides {
                break;
            }
        }
        if role == Role::Cannon {
            // Over the first piece on the ray (the screen) to the next piece, if an enemy.
            let mut pieces = ray.filter(|&p| !pos.cell(p).is_empty());
            if pieces.next().is_some()
                && let Some(to) = pieces.next()
                && enemy(pos.cell(to), colour).is_some()
            {
                out.push(Turn::Capture { from, to });
            }
        }
    }
}

/// Whether `turn` is legal for the seat to move, and if not, why.
pub(crate) fn check(
    pos: &BanqiPosition,
    options: &Options,
    turn: Turn,
) -> Result<(), BanqiRefusal> {
    let (from, to, capture) = match turn {
        Turn::Flip(p) => {
            return match pos.cell(p) {
                Cell::FaceDown => Ok(()),
                Cell::Empty => Err(BanqiRefusal::NothingToFlip(p)),
                Cell::FaceUp(piece) => Err(BanqiRefusal::AlreadyFaceUp { point: p, piece }),
            };
        }
        Turn::Move { from, to } => (from, to, false),
        Turn::Capture { from, to } => (from, to, true),
    };
    let piece = match pos.cell(from) {
        Cell::Empty => return Err(BanqiRefusal::NoPiece(from)),
        Cell::FaceDown => return Err(BanqiRefusal::FaceDown(from)),
        Cell::FaceUp(piece) => piece,
    };
    let colour = piece.side();
    if pos.colour_to_move() != Some(colour) {
        return Err(BanqiRefusal::NotYourPiece { point: from, piece });
    }
    if from == to {
        return Err(BanqiRefusal::SameSquare(from));
    }
    if from.row() != to.row() && from.column() != to.column() {
        return Err(BanqiRefusal::NotInLine { from, to });
    }
    let between = between(from, to);
    let role = piece.role();
    let slides = role == Role::Chariot && options.chariot == ChariotMove::Slide;
    if !capture {
        if !pos.cell(to).is_empty() {
            return Err(BanqiRefusal::Occupied(to));
        }
        return walk(pos, role, slides, from, to, &between);
    }
    let target = match pos.cell(to) {
        Cell::Empty => return Err(BanqiRefusal::NothingToCapture(to)),
        Cell::FaceDown => return Err(BanqiRefusal::CaptureFaceDown(to)),
        Cell::FaceUp(t) if t.side() == colour => {
            return Err(BanqiRefusal::OwnPiece {
                point: to,
                piece: t,
            });
        }
        Cell::FaceUp(t) => t,
    };
    if role == Role::Cannon {
        let screens = between.iter().filter(|&&p| !pos.cell(p).is_empty()).count();
        return match (screens, between.is_empty()) {
            // Over exactly one piece, face up or down, of either colour: any rank.
            (1, _) => Ok(()),
            (_, true) if options.cannon == CannonCapture::AlsoStep => {
                step_capture(role, target.role(), options)
            }
            (_, true) => Err(BanqiRefusal::CannonNotAdjacent { from, to }),
            (n, false) => Err(BanqiRefusal::CannonScreens { count: n as u8 }),
        };
    }
    walk(pos, role, slides, from, to, &between)?;
    step_capture(role, target.role(), options)
}

/// Whether a non-jumping piece can reach `to`: next door, or along an empty line if it slides.
fn walk(
    pos: &BanqiPosition,
    role: Role,
    slides: bool,
    from: Point,
    to: Point,
    between: &[Point],
) -> Result<(), BanqiRefusal> {
    if between.is_empty() {
        return Ok(());
    }
    if !slides {
        return Err(BanqiRefusal::NotAdjacent { role, from, to });
    }
    match between.iter().find(|&&p| !pos.cell(p).is_empty()) {
        Some(&at) => Err(BanqiRefusal::Blocked { from, to, at }),
        None => Ok(()),
    }
}

/// The squares strictly between two squares of one row or column, nearest `from` first.
fn between(from: Point, to: Point) -> Vec<Point> {
    let dc = (to.column() as i8 - from.column() as i8).signum();
    let dr = (to.row() as i8 - from.row() as i8).signum();
    std::iter::successors(from.offset(dc, dr), |p| p.offset(dc, dr))
        .take_while(|&p| p != to)
        .collect()
}

/// The rules asked of a position (here, so that a position needs nothing of the rules).
impl BanqiPosition {
    /// The legal turns of the seat to move under `options`, ignoring whether the game is
    /// over (a game reports none then): flips, moves and captures by square, `a1` first; a
    /// piece's turns towards row 4, row 1, column a, column h, nearer squares first.
    pub fn legal_turns(&self, options: &Options) -> Vec<Turn> {
        let mut out = Vec::with_capacity(48);
        legal_turns(self, options, &mut out);
        out
    }

    /// Whether `turn` is legal here under `options`, and if not, why (ignoring whether the game
    /// is over).
    pub fn check(&self, options: &Options, turn: Turn) -> Result<(), BanqiRefusal> {
        check(self, options, turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_rules_11() {
        let order = [
            Role::General,
            Role::Advisor,
            Role::Elephant,
            Role::Chariot,
            Role::Horse,
            Role::Cannon,
            Role::Soldier,
        ];
        for w in order.windows(2) {
            assert!(rank(w[0]) > rank(w[1]), "{} > {}", w[0], w[1]);
        }
    }

    #[test]
    fn between_lists_the_squares_in_order_rules_11() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(between(p("a1"), p("a4")), [p("a2"), p("a3")]);
        assert_eq!(between(p("h2"), p("e2")), [p("g2"), p("f2")]);
        assert!(between(p("a1"), p("a2")).is_empty());
    }
}
