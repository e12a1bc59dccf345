//! Move notation (rules.md §9): ICCS coordinates, WXF and Chinese.
//!
//! [`write_move`] describes a legal move of a position in one of the three notations and
//! [`parse_move`] reads any of them back, checking that the move is legal.
//!
//! # Files and directions (rules.md §1, §9)
//!
//! WXF and Chinese number the files from each player's own right: for Red file `i` is 1 and
//! file `a` is 9, for Black file `a` is 1 and file `i` is 9. `+` (進) is forward and `-` (退)
//! backward from the mover's side, `=` (平) sideways. Pieces that move straight (general,
//! chariot, cannon, soldier) give the number of steps when moving forward or backward and the
//! target file when moving sideways; pieces that move diagonally (advisor, elephant, horse)
//! always give the target file. `.` is read as `=` (the WXF's own sideways sign).
//!
//! # Several pieces of one kind on one file
//!
//! The pieces on a file are counted from the front (the one nearest the opponent) to the rear.
//! This follows the notation page of the World Xiangqi Federation ("Official Xiangqi piece names
//! and notation", `http://www.wxf.org/xq/computer/wxf_notation.html`, AXF 1980/82, adopted
//! by the WXF in 1997):
//!
//! | pieces on the file | written, front to rear (soldiers from Red's 3rd file to the 4th) |
//! |---|---|
//! | 2 (any kind) | `P+=4`, `P-=4` (cannons: `C+=5`, `C-=5`) |
//! | 3 soldiers | `P+=4`, `P3=4` (the middle one keeps the plain form), `P-=4` |
//! | 4 soldiers | `++=4`, `P+=4`, `P-=4`, `--=4` |
//! | 5 soldiers | `++=4`, `P+=4`, `P3=4`, `P-=4`, `--=4` |
//!
//! When soldiers stand two or more deep on two files, the file digit replaces the letter:
//! with three on Red's 3rd file and two on the 7th, `3+=4`, `33=4`, `3-=4`, `7+=6`, `7-=6`.
//! The sign `=` is written where the WXF page prints `.`.
//!
//! Extensions for what only Jieqi can produce (a hidden piece moves as its start point's
//! piece and is counted with the pieces of that letter, so there can be three cannons or six
//! soldiers): six or more on one file continue the signs (`+++`, `++`, `+`, middle, `-`, `--`,
//! `---`); any other kind standing two deep on two files keeps its letter and adds the file,
//! `C8+=5`, `C8-=5`, `C8=5` for the middle one. On input a plain file digit is also accepted
//! for a file holding an even number of such pieces when only one of them can make the move
//! (`C2+1` when the rear cannon stands right behind the front one). The leading form `+C=5`
//! is read as `C+=5`.
//!
//! # Advisors and elephants (rules.md §9, **Decision**)
//!
//! Advisors and elephants are never told apart by front and rear when their file number
//! already names the piece: they move diagonally, so the direction and the target file say
//! which of the two can make the move, and only one of them can. Two red elephants on c4 and
//! c0 (file 7): c4 to a2 is written `E7-9`, not `E+-9`, and in Chinese `相七退九`, not
//! `前相退九` (Black: `象7退9`), as the WXF and Chinese rules and Fairy-Stockfish write it.
//! In standard Xiangqi that is always so (an advisor or elephant can stand two on a file only on
//! its own side's points, where one of them can only go forward and the other only back).
//!
//! In Jieqi, revealed advisors and elephants may stand anywhere (rules.md §7), so two of them on
//! one file may both be able to go the same way to the same file (advisors on d3 and d5 both
//! reach file 5 going forward). Then, and only then, the plain form would not say which, and
//! the front and rear signs are written as for any other piece (`A++5` and `A-+5`, `前仕進五`
//! and `後仕進五`), so that every move written reads back as the same move. "Able to make the
//! move" means a legal move of the side to move, exactly as the reader checks it.
//!
//! Reading accepts both forms for both kinds: `E7-9` and `E+-9`, `象7退9` and `前象退9`. A
//! plain file digit for an advisor or elephant names the one piece on that file that can make
//! the move, whatever the number on the file; when several can, an odd number's middle one
//! (the WXF's plain form for the middle), otherwise the text is ambiguous.
//!
//! Chinese notation uses 前/後 for two pieces, 前/中/後 for three and 一, 二, 三, … counted
//! from the front for four or more; with soldiers deep on two files the file replaces the piece
//! (`前七平六`), other kinds add the file after the piece (`前炮八平五`, Jieqi only). Red writes
//! files and steps as 一…九, Black as ASCII digits (`馬8進7`, as rules.md §9 writes it); full-width
//! digits (`８`) and either numeral style are accepted for both sides on input, as are simplified
//! characters (进, 后, 车, 马, …) and the piece-first form 車前.
//!
//! # Reveals (rules.md §7)
//!
//! A hidden Jieqi piece moves under the letter of its start point's piece; what it turns out to
//! be is appended: WXF `R1+1(=H)`, ICCS `a0a1N` (the FEN letter, upper case for Red and lower
//! case for Black, as the open Jieqi engines write it), Chinese `俥一進一(傌)`. Only the moving
//! piece's identity is ever written, never a captured one's.

mod chinese;
mod iccs;
mod wxf;

use crate::explain::IllegalMove;
use crate::position::Position;
use crate::types::{Move, Piece, Role, Side, Square};

/// The notations of rules.md §9.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Notation {
    /// Coordinates as engines write them: `h2e2`.
    Iccs,
    /// The World Xiangqi Federation's notation, the move list's default: `C2=5`.
    #[default]
    Wxf,
    /// Traditional characters: `炮二平五`.
    Chinese,
}

impl Notation {
    /// The name records use in their `Format` tag.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }
}

/// A move read from text, with what the moving hidden piece turned out to be, if the text
/// says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParsedMove {
    pub mv: Move,
    pub revealed: Option<Role>,
}

/// Why a move could not be read, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("no move was given")]
    Empty,
    #[error(
        "'{text}' is not a move; write coordinates such as h2e2, WXF such as C2=5 or Chinese such as 炮二平五"
    )]
    Syntax { text: String },
    #[error(
        "'{text}' does not say what a hidden piece turned out to be; write e.g. R1+1(=H), or a0a1N with an upper-case letter for Red and a lower-case one for Black"
    )]
    BadReveal { text: String },
    #[error("'{text}' names a reveal, but the piece on {square} is already face up")]
    NotHidden { text: String, square: Square },
    #[error("'{text}': you have no {role} there")]
    NoPiece { text: String, role: Role },
    #[error("'{text}': front and rear marks are only for two or more {role}s on one file")]
    NotTandem { text: String, role: Role },
    #[error(
        "'{text}' could mean more than one move; say which piece, e.g. + for the front one and - for the rear one"
    )]
    Ambiguous { text: String },
    #[error("'{text}': a {role} cannot move like that")]
    Impossible { text: String, role: Role },
    #[error("'{text}': {source}")]
    Illegal { text: String, source: IllegalMove },
}

/// Writes `m`, a legal move of `pos` (before it is played), in `notation`. `revealed` is
/// what the moving piece turns out to be when it is a hidden Jieqi piece; it is ignored for a
/// piece that is already face up. A move that does not start on a piece is written as
/// coordinates.
pub fn write_move(pos: &Position, m: Move, revealed: Option<Role>, notation: Notation) -> String {
    let Some(piece) = pos.piece_at(m.from) else {
        return m.to_string();
    };
    let revealed = revealed.filter(|&r| piece.is_hidden() && r != Role::General);
    match notation {
        Notation::Iccs => iccs::write(m, piece.side(), revealed),
        Notation::Wxf => wxf::write(&describe(pos, m, piece), revealed),
        Notation::Chinese => chinese::write(&describe(pos, m, piece), revealed),
    }
}

/// The longest move text read, in characters.
const MAX_MOVE_CHARS: usize = 24;

/// Reads a move of the side to move in ICCS (`h2e2`, `h2-e2`, `a0a1N`), WXF (`C2=5`,
/// `C+=5`, `+C=5`, `R1+1(=H)`) or Chinese (`炮二平五`) and checks that it is legal in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<ParsedMove, ParseMoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    // No move is written in more than a few characters (炮二平五(=馬), R1+1(=H), a0a1N), nor
    // with a line break or control character: such a text is refused whole, so no error
    // quotes more than one short line of it.
    if text.chars().count() > MAX_MOVE_CHARS || text.contains(crate::quote::breaks) {
        return Err(ParseMoveError::Syntax {
            text: crate::quote::quote(text),
        });
    }
    let parsed = if let Some(parsed) = iccs::parse(pos, text)? {
        parsed
    } else if text.starts_with(|c: char| c.is_ascii()) {
        wxf::parse(pos, text)?
    } else {
        chinese::parse(pos, text)?
    };
    if parsed.revealed.is_some() && pos.piece_at(parsed.mv.from).is_some_and(|p| !p.is_hidden()) {
        return Err(ParseMoveError::NotHidden {
            text: text.to_string(),
            square: parsed.mv.from,
        });
    }
    Ok(parsed)
}

/// Coordinates with the reveal letter, for a move whose position is not at hand.
pub(crate) fn write_coordinates(m: Move, side: Side, revealed: Option<Role>) -> String {
    iccs::write(m, side, revealed.filter(|&r| r != Role::General))
}

/// Checks a move against the rules of `pos`.
fn checked(pos: &Position, text: &str, m: Move) -> Result<Move, ParseMoveError> {
    pos.check_move(m)
        .map(|()| m)
        .map_err(|source| ParseMoveError::Illegal {
            text: text.to_string(),
            source,
        })
}

/// Which way a piece goes, seen from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Forward,
    Backward,
    Sideways,
}

/// How a piece is told apart from others of its kind on its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// The only one of its kind on its file.
    Alone,
    /// `index` counted from the front among `count` on the file; `deep_files` is how many files
    /// hold two or more of this kind.
    Among {
        index: usize,
        count: usize,
        deep_files: usize,
    },
}

/// A move taken apart into what WXF and Chinese notation write.
#[derive(Clone, Copy, Debug)]
struct Described {
    side: Side,
    role: Role,
    /// The file the piece stands on, 1–9 from the mover's right.
    file: u8,
    place: Place,
    dir: Dir,
    /// Steps (straight forward/backward) or target file (sideways, or any diagonal move).
    amount: u8,
}

/// A file number 1–9 as `side` counts it, for a board file 0–8 (`a`–`i`).
fn own_file(side: Side, file: u8) -> u8 {
    match side {
        Side::Red => 9 - file.min(8),
        Side::Black => file.min(8) + 1,
    }
}

/// The board file 0–8 of `side`'s file number 1–9.
fn board_file(side: Side, n: u8) -> Option<u8> {
    if !(1..=9).contains(&n) {
        return None;
    }
    Some(match side {
        Side::Red => 9 - n,
        Side::Black => n - 1,
    })
}

/// Whether a role moves along lines (and so counts steps) rather than diagonally.
fn straight(role: Role) -> bool {
    matches!(
        role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    )
}

/// The pieces of `side` that move as `role` (hidden ones by their start point), per board file,
/// each file's list ordered from the front (nearest the opponent) to the rear.
fn files_of(pos: &Position, side: Side, role: Role) -> [Vec<Square>; 9] {
    let mut files: [Vec<Square>; 9] = Default::default();
    for sq in Square::all() {
        if pos
            .piece_at(sq)
            .is_some_and(|p| p.side() == side && p.role() == role)
        {
            files[sq.file() as usize].push(sq);
        }
    }
    for list in &mut files {
        // Square::all runs from rank 0 up: Black's front is already first.
        if side == Side::Red {
            list.reverse();
        }
    }
    files
}

fn describe(pos: &Position, m: Move, piece: Piece) -> Described {
    let (side, role) = (piece.side(), piece.role());
    let files = files_of(pos, side, role);
    let list = &files[m.from.file() as usize];
    let place = match list.iter().position(|&s| s == m.from) {
        Some(index) if list.len() >= 2 => Place::Among {
            index,
            count: list.len(),
            deep_files: files.iter().filter(|l| l.len() >= 2).count(),
        },
        _ => Place::Alone,
    };
    let forward = match side {
        Side::Red => m.to.rank() as i8 - m.from.rank() as i8,
        Side::Black => m.from.rank() as i8 - m.to.rank() as i8,
    };
    let dir = if forward > 0 {
        Dir::Forward
    } else if forward < 0 {
        Dir::Backward
    } else {
        Dir::Sideways
    };
    let amount = if straight(role) && dir != Dir::Sideways {
        forward.unsigned_abs()
    } else {
        own_file(side, m.to.file())
    };
    // rules.md §9: an advisor or elephant is written by its file alone when no other piece of
    // its kind on the file can make a move written the same way (see the module documentation).
    let place = match place {
        Place::Among { .. }
            if by_file(role)
                && list
                    .iter()
                    .filter(|&&s| s != m.from)
                    .all(|&s| !can_make(pos, s, side, role, dir, amount)) =>
        {
            Place::Alone
        }
        place => place,
    };
    Described {
        side,
        role,
        file: own_file(side, m.from.file()),
        place,
        dir,
        amount,
    }
}

/// Whether pieces of `role` are named by their file even when another stands on it:
/// advisors and elephants (rules.md §9, **Decision**).
fn by_file(role: Role) -> bool {
    matches!(role, Role::Advisor | Role::Elephant)
}

/// Whether the piece on `from` has a legal move in direction `dir` by `amount`, as the
/// reader looks for one.
fn can_make(pos: &Position, from: Square, side: Side, role: Role, dir: Dir, amount: u8) -> bool {
    target(from, side, role, dir, amount)
        .is_some_and(|to| pos.check_move(Move::new(from, to)).is_ok())
}

/// Which of several pieces on one file a move names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// WXF signs: `depth` times `+` (front half, counted from the middle outwards) or `-`.
    Signs {
        front: bool,
        depth: u8,
    },
    /// The middle one of an odd number (WXF's plain file digit, Chinese 中).
    Middle,
    /// Chinese 前 / 後: the foremost / rearmost.
    Foremost,
    Rearmost,
    /// Chinese 一, 二, …: 1-based from the front.
    Ordinal(u8),
}

impl Pick {
    /// The WXF signs for the piece `index` (from the front) among `count` (at least 2).
    fn signs(index: usize, count: usize) -> Pick {
        let half = count / 2;
        if index < half {
            Pick::Signs {
                front: true,
                depth: (half - index) as u8,
            }
        } else if count % 2 == 1 && index == half {
            Pick::Middle
        } else {
            Pick::Signs {
                front: false,
                depth: (index + 1 + half).saturating_sub(count) as u8,
            }
        }
    }

    /// The index from the front that this pick names among `count` pieces.
    fn index(self, count: usize) -> Option<usize> {
        let half = count / 2;
        match self {
            Pick::Signs { depth, .. } if depth == 0 || depth as usize > half => None,
            Pick::Signs { front: true, depth } => Some(half - depth as usize),
            Pick::Signs {
                front: false,
                depth,
            } => Some(count - 1 - half + depth as usize),
            Pick::Middle => (count % 2 == 1).then_some(half),
            Pick::Foremost => (count >= 1).then_some(0),
            Pick::Rearmost => count.checked_sub(1),
            Pick::Ordinal(k) => (k >= 1 && (k as usize) <= count).then(|| k as usize - 1),
        }
    }
}

/// A move as WXF or Chinese text says it, before the board is consulted.
#[derive(Clone, Copy, Debug)]
struct Spec {
    role: Role,
    /// The mover's file number 1–9, if the text gives it.
    file: Option<u8>,
    pick: Option<Pick>,
    dir: Dir,
    amount: u8,
    revealed: Option<Role>,
}

/// Where a piece of `side` moving as `role` from `from` lands for a direction and amount.
fn target(from: Square, side: Side, role: Role, dir: Dir, amount: u8) -> Option<Square> {
    let ahead: i8 = if side == Side::Red { 1 } else { -1 };
    let sign = match dir {
        Dir::Forward => ahead,
        Dir::Backward => -ahead,
        Dir::Sideways => 0,
    };
    if straight(role) {
        if dir == Dir::Sideways {
            let file = board_file(side, amount)?;
            return if file == from.file() {
                None
            } else {
                Square::new(file, from.rank())
            };
        }
        if !(1..=9).contains(&amount) {
            return None;
        }
        return from.offset(0, sign * amount as i8);
    }
    if dir == Dir::Sideways {
        return None;
    }
    let file = board_file(side, amount)?;
    let df = file as i8 - from.file() as i8;
    let dr = match (role, df.unsigned_abs()) {
        (Role::Advisor, 1) => 1,
        (Role::Elephant, 2) => 2,
        (Role::Horse, 1) => 2,
        (Role::Horse, 2) => 1,
        _ => return None,
    };
    from.offset(df, sign * dr)
}

/// Finds the move a WXF or Chinese text names in `pos` and checks it.
fn resolve(pos: &Position, text: &str, spec: Spec) -> Result<ParsedMove, ParseMoveError> {
    let side = pos.turn();
    let role = spec.role;
    let no_piece = || ParseMoveError::NoPiece {
        text: text.to_string(),
        role,
    };
    let not_tandem = || ParseMoveError::NotTandem {
        text: text.to_string(),
        role,
    };
    let ambiguous = || ParseMoveError::Ambiguous {
        text: text.to_string(),
    };
    let files = files_of(pos, side, role);
    let list: &[Square] = match spec.file {
        Some(n) => &files[board_file(side, n).ok_or_else(no_piece)? as usize],
        None => {
            let mut deep = files.iter().filter(|l| l.len() >= 2);
            match (deep.next(), deep.next()) {
                (None, _) => return Err(not_tandem()),
                (Some(list), None) => list,
                (Some(_), Some(_)) => return Err(ambiguous()),
            }
        }
    };
    let count = list.len();
    if count == 0 {
        return Err(no_piece());
    }
    let candidates: Vec<Square> = match spec.pick {
        // An advisor or elephant's plain file digit: the one there that can make the move.
        None if by_file(role) => list.to_vec(),
        // A plain file digit: the only piece there, or the middle one of an odd number.
        None | Some(Pick::Middle) if count % 2 == 1 => vec![list[count / 2]],
        // An even number and no sign: accepted if only one of them can make the move.
        None => list.to_vec(),
        Some(Pick::Middle) => return Err(no_piece()),
        Some(_) if count < 2 => return Err(not_tandem()),
        Some(pick) => vec![list[pick.index(count).ok_or_else(no_piece)?]],
    };
    let mut found = Vec::new();
    let mut first_error = None;
    for from in candidates {
        let Some(to) = target(from, side, role, spec.dir, spec.amount) else {
            first_error.get_or_insert(ParseMoveError::Impossible {
                text: text.to_string(),
                role,
            });
            continue;
        };
        match checked(pos, text, Move::new(from, to)) {
            Ok(m) => found.push(m),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    // Several advisors or elephants on the file can make the move: the plain form names the
    // middle one of an odd number, as for any other kind.
    if found.len() > 1 && spec.pick.is_none() && count % 2 == 1 {
        let middle = list[count / 2];
        if found.iter().any(|m| m.from == middle) {
            found.retain(|m| m.from == middle);
        }
    }
    match found.as_slice() {
        [m] => Ok(ParsedMove {
            mv: *m,
            revealed: spec.revealed,
        }),
        [] => Err(first_error.unwrap_or_else(no_piece)),
        _ => Err(ambiguous()),
    }
}

/// Splits a trailing reveal such as `(=H)`, `(傌)` or `（傌）` off a move. Returns the move
/// text and, if there is one, the text inside the brackets.
fn split_reveal(text: &str) -> (&str, Option<&str>) {
    let Some(body) = text.strip_suffix(')').or_else(|| text.strip_suffix('）')) else {
        return (text, None);
    };
    match body.rfind(['(', '（']) {
        Some(i) => {
            let open = body[i..].chars().next().map_or(1, char::len_utf8);
            (&body[..i], Some(&body[i + open..]))
        }
        None => (text, None),
    }
}

/// The role a reveal names: `=H`, `H`, `傌`, `马`, … Never the general.
fn reveal_role(inner: &str) -> Option<Role> {
    let inner = inner.strip_prefix('=').unwrap_or(inner);
    let mut chars = inner.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    Role::from_wxf_char(c)
        .or_else(|| chinese::role_of(c))
        .filter(|&r| r != Role::General)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveRules, Setup};
    use proptest::prelude::*;

    pub(crate) fn pos(fen: &str) -> Position {
        Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap()
    }

    pub(crate) fn mv(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    pub(crate) use crate::record::jieqi_start;

    /// Writes `m` in `notation` as `text` and reads `text` (and each alias) back as `m`.
    pub(crate) fn round_trip(
        p: &Position,
        m: &str,
        notation: Notation,
        text: &str,
        aliases: &[&str],
    ) {
        assert_eq!(write_move(p, mv(m), None, notation), text, "writing {m}");
        for t in std::iter::once(&text).chain(aliases) {
            assert_eq!(
                parse_move(p, t),
                Ok(ParsedMove {
                    mv: mv(m),
                    revealed: None
                }),
                "reading {t}"
            );
        }
    }

    #[test]
    fn files_count_from_each_sides_right_rules_9() {
        assert_eq!(own_file(Side::Red, 8), 1); // i
        assert_eq!(own_file(Side::Red, 0), 9); // a
        assert_eq!(own_file(Side::Black, 0), 1);
        assert_eq!(own_file(Side::Black, 8), 9);
        for side in Side::ALL {
            for f in 0..9 {
                assert_eq!(board_file(side, own_file(side, f)), Some(f));
            }
        }
        assert_eq!(board_file(Side::Red, 0), None);
        assert_eq!(board_file(Side::Red, 10), None);
    }

    #[test]
    fn signs_count_from_the_middle_out_rules_9() {
        let signs = |count| {
            (0..count)
                .map(|i| Pick::signs(i, count))
                .collect::<Vec<_>>()
        };
        let f = |depth| Pick::Signs { front: true, depth };
        let r = |depth| Pick::Signs {
            front: false,
            depth,
        };
        assert_eq!(signs(2), [f(1), r(1)]);
        assert_eq!(signs(3), [f(1), Pick::Middle, r(1)]);
        assert_eq!(signs(4), [f(2), f(1), r(1), r(2)]);
        assert_eq!(signs(5), [f(2), f(1), Pick::Middle, r(1), r(2)]);
        for count in 2..10 {
            for i in 0..count {
                assert_eq!(
                    Pick::signs(i, count).index(count),
                    Some(i),
                    "{i} of {count}"
                );
            }
        }
        assert_eq!(f(2).index(3), None);
        assert_eq!(Pick::Middle.index(4), None);
        assert_eq!(Pick::Ordinal(0).index(4), None);
        assert_eq!(Pick::Ordinal(5).index(4), None);
    }

    #[test]
    fn reveal_suffixes_split_rules_9() {
        assert_eq!(split_reveal("R1+1(=H)"), ("R1+1", Some("=H")));
        assert_eq!(split_reveal("俥一進一(傌)"), ("俥一進一", Some("傌")));
        assert_eq!(split_reveal("俥一進一（傌）"), ("俥一進一", Some("傌")));
        assert_eq!(split_reveal("C2=5"), ("C2=5", None));
        assert_eq!(split_reveal(")"), (")", None));
        assert_eq!(reveal_role("=H"), Some(Role::Horse));
        assert_eq!(reveal_role("n"), Some(Role::Horse));
        assert_eq!(reveal_role("傌"), Some(Role::Horse));
        assert_eq!(reveal_role("=K"), None);
        assert_eq!(reveal_role("=HH"), None);
        assert_eq!(reveal_role(""), None);
    }

    #[test]
    fn write_move_falls_back_to_coordinates_off_a_piece() {
        let start = Position::startpos();
        assert_eq!(write_move(&start, mv("e5e6"), None, Notation::Wxf), "e5e6");
    }

    #[test]
    fn malformed_moves_give_typed_errors_rules_9() {
        let start = Position::startpos();
        let err = |s: &str| parse_move(&start, s).unwrap_err();
        assert_eq!(err(""), ParseMoveError::Empty);
        assert_eq!(err("   "), ParseMoveError::Empty);
        for s in [
            "x", "C2", "C2=", "C2=0", "C2*5", "Q2=5", "C2=55", "C+-=5", "h2e", "h2éé", "1234",
        ] {
            assert!(
                matches!(err(s), ParseMoveError::Syntax { .. }),
                "{s}: {:?}",
                err(s)
            );
        }
        for s in ["炮", "炮二平", "炮二走五", "炮二平五五", "炮X平五"] {
            assert!(
                matches!(err(s), ParseMoveError::Syntax { .. }),
                "{s}: {:?}",
                err(s)
            );
        }
        // Names no piece of the mover.
        assert!(matches!(
            err("C3=5"),
            ParseMoveError::NoPiece {
                role: Role::Cannon,
                ..
            }
        ));
        assert!(matches!(
            err("P2+1"),
            ParseMoveError::NoPiece {
                role: Role::Soldier,
                ..
            }
        ));
        assert!(matches!(err("炮三平五"), ParseMoveError::NoPiece { .. }));
        // Front/rear marks without two on a file.
        assert!(matches!(
            err("C+=5"),
            ParseMoveError::NotTandem {
                role: Role::Cannon,
                ..
            }
        ));
        assert!(matches!(err("C2+=5"), ParseMoveError::NotTandem { .. }));
        assert!(matches!(err("前炮平五"), ParseMoveError::NotTandem { .. }));
        // Geometry a piece never has.
        assert!(matches!(
            err("H2+5"),
            ParseMoveError::Impossible {
                role: Role::Horse,
                ..
            }
        ));
        assert!(matches!(err("H2=3"), ParseMoveError::Impossible { .. }));
        assert!(matches!(err("C2=2"), ParseMoveError::Impossible { .. }));
        // Legal geometry, refused by the rules: the reason comes from rules.md §4.
        let ParseMoveError::Illegal { source, .. } = err("R1+4") else {
            panic!()
        };
        assert_eq!(source.reason, crate::Refusal::PieceInTheWay);
        let ParseMoveError::Illegal { source, .. } = err("h7e7") else {
            panic!()
        };
        assert_eq!(source.reason, crate::Refusal::NotYourPiece);
        let ParseMoveError::Illegal { source, .. } = err("e5e6") else {
            panic!()
        };
        assert_eq!(source.reason, crate::Refusal::NoPiece);
        let ParseMoveError::Illegal { source, .. } = err("P7-1") else {
            panic!()
        };
        assert_eq!(source.reason, crate::Refusal::SoldierBackwards);
        // Reveals: of a face-up piece, or not a piece at all.
        assert!(matches!(err("h2e2R"), ParseMoveError::NotHidden { .. }));
        assert!(matches!(err("C2=5(=H)"), ParseMoveError::NotHidden { .. }));
        assert!(matches!(err("C2=5(=K)"), ParseMoveError::BadReveal { .. }));
        assert!(matches!(err("C2=5(=Z)"), ParseMoveError::BadReveal { .. }));
        assert!(matches!(err("h2e2K"), ParseMoveError::BadReveal { .. }));
        assert!(matches!(err("h2e2Z"), ParseMoveError::BadReveal { .. }));
        // The messages are words, not debug output.
        assert_eq!(
            err("R1+4").to_string(),
            "'R1+4': i0i4 is not allowed: a piece is in the way"
        );
        assert_eq!(err("C3=5").to_string(), "'C3=5': you have no cannon there");
    }

    #[test]
    fn reveal_case_must_match_the_mover_rules_9() {
        let j = jieqi_start();
        assert_eq!(
            parse_move(&j, "a0a1N"),
            Ok(ParsedMove {
                mv: mv("a0a1"),
                revealed: Some(Role::Horse)
            })
        );
        assert!(matches!(
            parse_move(&j, "a0a1n"),
            Err(ParseMoveError::BadReveal { .. })
        ));
        assert_eq!(
            parse_move(&j, "a0a1"),
            Ok(ParsedMove {
                mv: mv("a0a1"),
                revealed: None
            })
        );
    }

    /// Every legal move of `pos` survives write → parse in every notation, with and without
    /// a reveal for a hidden mover.
    fn round_trips(pos: &Position, reveal: Role) -> Result<(), TestCaseError> {
        for &m in pos.legal_moves().iter() {
            let hidden = pos.piece_at(m.from).is_some_and(|p| p.is_hidden());
            let revealed = hidden.then_some(reveal);
            for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
                let text = write_move(pos, m, revealed, notation);
                let back = parse_move(pos, &text);
                prop_assert_eq!(
                    back.clone(),
                    Ok(ParsedMove { mv: m, revealed }),
                    "{} in {:?} of {}",
                    text,
                    notation,
                    pos.to_fen()
                );
                // rules.md §9, Decision: where advisors and elephants keep to their points,
                // their file always names them (`E7-9`, `相七退九`).
                let role = pos.piece_at(m.from).map(|p| p.role());
                if pos.rules() == MoveRules::XIANGQI && role.is_some_and(by_file) {
                    let second = text.chars().nth(1);
                    prop_assert!(
                        second
                            .is_some_and(|c| c.is_ascii_digit() || NUMERALS_OF_FILES.contains(&c)),
                        "{} in {:?} of {}",
                        text,
                        notation,
                        pos.to_fen()
                    );
                }
            }
        }
        Ok(())
    }

    /// What stands second in a move whose piece is named by its file: a digit, 一…九.
    const NUMERALS_OF_FILES: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

    fn random_playout(
        mut pos: Position,
        picks: &[(u16, u8)],
        reveal_pool: &[Role],
    ) -> Result<(), TestCaseError> {
        for &(pick, r) in picks {
            let reveal = reveal_pool[r as usize % reveal_pool.len()];
            round_trips(&pos, reveal)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick as usize % moves.len()];
            let piece = pos.piece_at(m.from).unwrap();
            let arriving = if piece.is_hidden() {
                Piece::new(piece.side(), reveal)
            } else {
                piece
            };
            pos.play_unchecked_as(m, arriving);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// rules.md §9: every legal move round-trips through ICCS, WXF and Chinese along
        /// random games from the start position.
        #[test]
        fn xiangqi_moves_round_trip_rules_9(picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..120)) {
            random_playout(Position::startpos(), &picks, &[Role::Chariot])?;
        }

        /// rules.md §7, §9: the same in Jieqi, where hidden pieces move under their start
        /// point's letter and reveal random identities, so that three cannons or many
        /// soldiers can share a file.
        #[test]
        fn jieqi_moves_round_trip_rules_7_9(picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..120)) {
            let pool = [Role::Advisor, Role::Elephant, Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier, Role::Soldier, Role::Soldier];
            random_playout(jieqi_start(), &picks, &pool)?;
        }

        /// Soldier-heavy endgames: many soldiers on few files (rules.md §9 tandem rules).
        #[test]
        fn soldier_stacks_round_trip_rules_9(picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..80)) {
            let start = pos("3k5/9/2P1P1P2/2P6/4P4/2p3p2/2p1p1p2/9/9/4K4 w - - 0 1");
            random_playout(start, &picks, &[Role::Soldier])?;
        }

        /// rules.md §7, §9: freed Jieqi advisors and elephants two on a file, where the file
        /// alone names one only when the other cannot make the move.
        #[test]
        fn freed_advisors_and_elephants_round_trip_rules_7_9(picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..60)) {
            let fen = "3k5/9/2b6/5a3/2b6/5a3/3A2E2/9/3A2E2/4K4 w - - 0 1";
            let start = Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::JIEQI).unwrap();
            random_playout(start, &picks, &[Role::Advisor])?;
        }

        /// No text, however odd, panics the parser.
        #[test]
        fn any_text_is_answered_not_panicked(text in "\\PC{0,12}") {
            let _ = parse_move(&Position::startpos(), &text);
            let _ = parse_move(&jieqi_start(), &text);
        }

        #[test]
        fn notation_like_text_is_answered(text in "[KAEHRCPkaehrcpbn+\\-=.()1-9a-i前中後炮兵卒一二三進退平]{0,8}") {
            let _ = parse_move(&Position::startpos(), &text);
            let _ = parse_move(&pos("3k5/9/2P1P1P2/2P6/4P4/2p3p2/2p1p1p2/9/9/4K4 w - - 0 1"), &text);
        }
    }
}
