//! WXF notation (rules.md §9): `C2=5`, `H8+7`, `C+=5`, `++=4`, `3+=4`, `R1+1(=H)`. The
//! conventions for several pieces on one file are documented on the [`super`] module.

use super::{
    Described, Dir, ParseMoveError, ParsedMove, Pick, Place, Spec, resolve, reveal_role,
    split_reveal,
};
use crate::position::Position;
use crate::types::Role;

pub(super) fn write(d: &Described, revealed: Option<Role>) -> String {
    let letter = d.role.wxf_char();
    let file = digit(d.file);
    let mut s = String::new();
    match d.place {
        Place::Alone => {
            s.push(letter);
            s.push(file);
        }
        Place::Among {
            index,
            count,
            deep_files,
        } => {
            let soldier = d.role == Role::Soldier;
            let several = deep_files >= 2;
            match Pick::signs(index, count) {
                Pick::Signs { front, depth } => {
                    match (several, soldier) {
                        (true, true) => s.push(file),
                        (true, false) => {
                            s.push(letter);
                            s.push(file);
                        }
                        // `++` and `--` stand in place of the letter.
                        (false, true) if depth >= 2 => {}
                        (false, _) => s.push(letter),
                    }
                    s.extend(std::iter::repeat_n(
                        if front { '+' } else { '-' },
                        depth as usize,
                    ));
                }
                _ => {
                    // The middle one keeps its file digit.
                    s.push(if several && soldier { file } else { letter });
                    s.push(file);
                }
            }
        }
    }
    s.push(match d.dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '=',
    });
    s.push(digit(d.amount));
    if let Some(role) = revealed {
        s.push_str("(=");
        s.push(role.wxf_char());
        s.push(')');
    }
    s
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// One element of the part before the direction sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Letter(Role),
    Digit(u8),
    /// A run of `+` (front) or `-` (rear) signs and its length.
    Signs(bool, u8),
}

pub(super) fn parse(pos: &Position, text: &str) -> Result<ParsedMove, ParseMoveError> {
    let syntax = || ParseMoveError::Syntax {
        text: text.to_string(),
    };
    let (body, reveal) = split_reveal(text);
    let revealed = match reveal {
        None => None,
        Some(inner) => Some(reveal_role(inner).ok_or_else(|| ParseMoveError::BadReveal {
            text: text.to_string(),
        })?),
    };
    let b = body.as_bytes();
    if !body.is_ascii() || b.len() < 3 {
        return Err(syntax());
    }
    let (prefix, tail) = b.split_at(b.len() - 2);
    let dir = match tail[0] {
        b'+' => Dir::Forward,
        b'-' => Dir::Backward,
        b'=' | b'.' => Dir::Sideways,
        _ => return Err(syntax()),
    };
    let amount = match tail[1] {
        c @ b'1'..=b'9' => c - b'0',
        _ => return Err(syntax()),
    };
    let mut tokens: Vec<Token> = Vec::new();
    for &c in prefix {
        let token = match c {
            b'1'..=b'9' => Token::Digit(c - b'0'),
            b'+' | b'-' => {
                let front = c == b'+';
                if let Some(Token::Signs(f, n)) = tokens.last_mut()
                    && *f == front
                {
                    *n = n.saturating_add(1);
                    continue;
                }
                Token::Signs(front, 1)
            }
            _ => Token::Letter(Role::from_wxf_char(char::from(c)).ok_or_else(syntax)?),
        };
        tokens.push(token);
    }
    use Token::{Digit, Letter, Signs};
    let signs = |front, depth| Some(Pick::Signs { front, depth });
    let (role, file, pick) = match *tokens.as_slice() {
        [Letter(r), Digit(f)] => (r, Some(f), None),
        [Letter(r), Signs(front, n)] | [Signs(front, n), Letter(r)] => (r, None, signs(front, n)),
        [Signs(front, n)] => (Role::Soldier, None, signs(front, n)),
        [Digit(f)] => (Role::Soldier, Some(f), None),
        [Digit(f), Signs(front, n)] => (Role::Soldier, Some(f), signs(front, n)),
        [Digit(f), Digit(g)] if f == g => (Role::Soldier, Some(f), Some(Pick::Middle)),
        [Letter(r), Digit(f), Signs(front, n)] => (r, Some(f), signs(front, n)),
        [Letter(r), Digit(f), Digit(g)] if f == g => (r, Some(f), Some(Pick::Middle)),
        _ => return Err(syntax()),
    };
    resolve(
        pos,
        text,
        Spec {
            role,
            file,
            pick,
            dir,
            amount,
            revealed,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{jieqi_start, mv, pos, round_trip};
    use crate::{Notation, ParseMoveError, ParsedMove, Position, Role, parse_move, write_move};

    fn wxf(p: &Position, m: &str) -> String {
        write_move(p, mv(m), None, Notation::Wxf)
    }

    fn both_ways(p: &Position, m: &str, text: &str, aliases: &[&str]) {
        round_trip(p, m, Notation::Wxf, text, aliases);
    }

    #[test]
    fn opening_moves_rules_9() {
        let start = Position::startpos();
        both_ways(&start, "h2e2", "C2=5", &["C2.5", "c2=5"]);
        both_ways(&start, "h0g2", "H2+3", &["h2+3", "N2+3"]);
        both_ways(&start, "i0i1", "R1+1", &[]);
        both_ways(&start, "c3c4", "P7+1", &[]);
        both_ways(&start, "g0e2", "E3+5", &["B3+5"]);
        both_ways(&start, "f0e1", "A4+5", &[]);
        both_ways(&start, "e0e1", "K5+1", &[]);
        both_ways(&start, "b2b9", "C8+7", &[]);
        // Black counts files from its own right: Black's file 8 is board file h.
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        both_ways(&black, "h9g7", "H8+7", &[]);
        both_ways(&black, "h7e7", "C8=5", &[]);
        both_ways(&black, "b7b0", "C2+7", &[]);
        both_ways(&black, "i9i8", "R9+1", &[]);
        both_ways(&black, "c6c5", "P3+1", &[]);
        both_ways(&black, "c9e7", "E3+5", &[]);
    }

    #[test]
    fn backward_and_sideways_rules_9() {
        // Red chariot e5, horse d5, cannon h4; Black general d9, chariot i9.
        let p = pos("3k4r/9/9/9/4R4/3N3C1/9/9/9/5K3 w - - 0 1");
        both_ways(&p, "e5e2", "R5-3", &[]);
        both_ways(&p, "e5a5", "R5=9", &[]);
        both_ways(&p, "d4b3", "H6-8", &[]);
        both_ways(&p, "d4c2", "H6-7", &[]);
        both_ways(&p, "d4f5", "H6+4", &[]);
        both_ways(&p, "h4h1", "C2-3", &[]);
        both_ways(&p, "f0f1", "K4+1", &[]);
        both_ways(&p, "f0e0", "K4=5", &[]);
        let b = pos("3k4r/9/9/9/4R4/3N3C1/9/9/9/5K3 b - - 0 1");
        both_ways(&b, "i9i4", "R9+5", &[]);
        both_ways(&b, "i9f9", "R9=6", &[]);
        both_ways(&b, "d9d8", "K4+1", &[]);
    }

    #[test]
    fn two_on_a_file_front_and_rear_rules_9() {
        // Red cannons h2 and h4 (file 2): front h4, rear h2.
        let p = pos("3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1");
        both_ways(&p, "h4e4", "C+=5", &["+C=5", "C+.5"]);
        both_ways(&p, "h2e2", "C-=5", &["-C=5"]);
        both_ways(&p, "h2h1", "C--1", &["-C-1"]);
        both_ways(&p, "h4h9", "C++5", &["+C+5"]);
        // The file digit alone does not say which.
        assert!(matches!(
            parse_move(&p, "C2=5"),
            Err(ParseMoveError::Ambiguous { .. })
        ));
        // Black: its front piece is the one with the lower rank.
        let b = pos("4k4/9/1r7/9/1r7/9/9/9/9/3K5 b - - 0 1");
        both_ways(&b, "b5a5", "R+=1", &[]);
        both_ways(&b, "b7c7", "R-=3", &[]);
        both_ways(&b, "b7b8", "R--1", &[]);
    }

    /// Two red elephants (c4, c0) and advisors (d2, d0) on one file each, and Black's (g5,
    /// g9; f7, f9): the file number names the piece.
    const TANDEM: &str = "3k1ab2/9/5a3/9/6b2/2E6/9/3A5/9/2EA1K3";

    #[test]
    fn advisors_and_elephants_are_named_by_their_file_rules_9() {
        // rules.md §9, Decision: `E7-9`, not `E+-9`; the signed form is still read.
        let red = pos(&format!("{TANDEM} w - - 0 1"));
        both_ways(&red, "c4a2", "E7-9", &["E+-9", "+E-9", "B7-9"]);
        both_ways(&red, "c4e2", "E7-5", &["E+-5"]);
        both_ways(&red, "c0a2", "E7+9", &["E-+9", "-E+9"]);
        both_ways(&red, "c0e2", "E7+5", &["E-+5"]);
        both_ways(&red, "d2e1", "A6-5", &["A+-5"]);
        both_ways(&red, "d0e1", "A6+5", &["A-+5"]);
        // Black counts from its own right: g is its file 7, f its file 6; front is downwards.
        let black = pos(&format!("{TANDEM} b - - 0 1"));
        both_ways(&black, "g5i7", "E7-9", &["E+-9"]);
        both_ways(&black, "g9i7", "E7+9", &["E-+9"]);
        both_ways(&black, "g5e7", "E7-5", &["E+-5"]);
        both_ways(&black, "f7e8", "A6-5", &["A+-5"]);
        both_ways(&black, "f9e8", "A6+5", &["A-+5"]);
        // A sign that names the piece that cannot make the move is refused, not reinterpreted.
        assert!(parse_move(&red, "E-+9").is_ok());
        assert!(matches!(
            parse_move(&red, "E--9"),
            Err(ParseMoveError::Impossible { .. })
        ));
    }

    fn jieqi_pos(fen: &str) -> Position {
        Position::from_setup(
            &crate::Setup::parse_fen(fen).unwrap(),
            crate::MoveRules::JIEQI,
        )
        .unwrap()
    }

    #[test]
    fn freed_jieqi_advisors_keep_signs_only_where_both_can_go_rules_7_9() {
        // Revealed red advisors on d5 and d3 (file 6), a red soldier on e4 in the way of both.
        let p = jieqi_pos("5k3/9/9/9/3A5/4P4/3A5/9/9/4K4 w - - 0 1");
        // Only d5 can go forward to file 5, only d3 back to it: the file says which.
        both_ways(&p, "d5e6", "A6+5", &["A++5"]);
        both_ways(&p, "d3e2", "A6-5", &["A--5"]);
        // Both can go forward (or back) to file 7: the signs say which.
        both_ways(&p, "d5c6", "A++7", &["+A+7"]);
        both_ways(&p, "d3c4", "A-+7", &[]);
        both_ways(&p, "d5c4", "A+-7", &[]);
        both_ways(&p, "d3c2", "A--7", &[]);
        assert!(matches!(
            parse_move(&p, "A6+7"),
            Err(ParseMoveError::Ambiguous { .. })
        ));
        // Three on a file (a face-down piece on d0 moves as an advisor): the middle one keeps
        // the plain form, as in the WXF's rule for three soldiers.
        let three = jieqi_pos("5k3/9/9/9/3A5/9/3A5/9/9/3XK4 w - - 0 1");
        both_ways(&three, "d3e4", "A6+5", &["A66+5"]);
        both_ways(&three, "d5e6", "A++5", &[]);
        both_ways(&three, "d0e1", "A-+5", &[]);
        both_ways(&three, "d3e2", "A6-5", &[]);
        both_ways(&three, "d5e4", "A+-5", &[]);
        // Only the middle one and the front one can go to file 7 forward; the rear one not.
        both_ways(&three, "d3c4", "A6+7", &[]);
        // Black: freed advisors on f4 and f6 (Black's file 6), Black's front is f4.
        let black = jieqi_pos("4k4/9/9/5a3/4p4/5a3/9/9/9/3K5 b - - 0 1");
        both_ways(&black, "f4e3", "A6+5", &["A++5"]);
        both_ways(&black, "f6e7", "A6-5", &["A--5"]);
        both_ways(&black, "f4g3", "A++7", &[]);
        both_ways(&black, "f6g5", "A-+7", &[]);
    }

    #[test]
    fn three_four_five_soldiers_on_a_file_rules_9() {
        // The WXF page's example: soldiers on Red's 3rd file (g) traversing to the 4th (f).
        // Black general d9, Red general e0.
        let five = pos("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        both_ways(&five, "g9f9", "++=4", &["++.4"]);
        both_ways(&five, "g8f8", "P+=4", &["+P=4"]);
        both_ways(&five, "g7f7", "P3=4", &["33=4", "P33=4"]);
        both_ways(&five, "g6f6", "P-=4", &["-P=4"]);
        both_ways(&five, "g5f5", "--=4", &[]);
        let four = pos("3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1");
        both_ways(&four, "g9f9", "++=4", &[]);
        both_ways(&four, "g8f8", "P+=4", &[]);
        both_ways(&four, "g7f7", "P-=4", &[]);
        both_ways(&four, "g6f6", "--=4", &[]);
        assert!(matches!(
            parse_move(&four, "P3=4"),
            Err(ParseMoveError::Ambiguous { .. })
        ));
        let three = pos("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1");
        both_ways(&three, "g8f8", "P+=4", &[]);
        both_ways(&three, "g7f7", "P3=4", &[]);
        both_ways(&three, "g6f6", "P-=4", &[]);
        both_ways(&three, "g8g9", "P++1", &[]);
        assert!(matches!(
            parse_move(&three, "++=4"),
            Err(ParseMoveError::NoPiece { .. })
        ));
        // Black: front is downwards. Black soldiers on Black's file 3 (board c), Red general f0.
        let black = pos("4k4/9/9/9/9/2p6/2p6/2p6/9/5K3 b - - 0 1");
        both_ways(&black, "c2d2", "P+=4", &[]);
        both_ways(&black, "c3d3", "P3=4", &[]);
        both_ways(&black, "c4d4", "P-=4", &[]);
    }

    #[test]
    fn soldiers_deep_on_two_files_rules_9() {
        // Three on Red's 3rd file (g5..g7), two on the 7th (c5, c6).
        let p = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
        both_ways(&p, "g7f7", "3+=4", &["P3+=4", "3+.4"]);
        both_ways(&p, "g6f6", "33=4", &["33.4"]);
        both_ways(&p, "g5f5", "3-=4", &[]);
        both_ways(&p, "c6d6", "7+=6", &[]);
        both_ways(&p, "c5d5", "7-=6", &[]);
        both_ways(&p, "g7g8", "3++1", &[]);
        // Signs alone no longer say which file.
        assert!(matches!(
            parse_move(&p, "P+=4"),
            Err(ParseMoveError::Ambiguous { .. })
        ));
    }

    #[test]
    fn hidden_pieces_move_under_their_start_letter_rules_7_9() {
        let j = jieqi_start();
        assert_eq!(
            write_move(&j, mv("i0i1"), Some(Role::Horse), Notation::Wxf),
            "R1+1(=H)"
        );
        assert_eq!(
            write_move(&j, mv("h2e2"), Some(Role::Soldier), Notation::Wxf),
            "C2=5(=P)"
        );
        assert_eq!(write_move(&j, mv("h2e2"), None, Notation::Wxf), "C2=5");
        assert_eq!(
            parse_move(&j, "R1+1(=H)"),
            Ok(ParsedMove {
                mv: mv("i0i1"),
                revealed: Some(Role::Horse)
            })
        );
        assert_eq!(
            parse_move(&j, "R1+1(H)").unwrap().revealed,
            Some(Role::Horse)
        );
        assert_eq!(
            parse_move(&j, "R1+1(=N)").unwrap().revealed,
            Some(Role::Horse)
        );
        assert_eq!(parse_move(&j, "R1+1").unwrap().revealed, None);
        // A revealed cannon (b5) and a hidden piece on the cannon point b2 share Red's file 8.
        let p = crate::Position::from_setup(
            &crate::Setup::parse_fen(
                "xxxxkxxxx/9/1x5x1/x1x1x1x1x/1C7/9/X1X1X1X1X/1X7/9/XXXXKXXXX w - - 0 1",
            )
            .unwrap(),
            crate::MoveRules::JIEQI,
        )
        .unwrap();
        assert_eq!(wxf(&p, "b5e5"), "C+=5");
        assert_eq!(
            write_move(&p, mv("b2e2"), Some(Role::Chariot), Notation::Wxf),
            "C-=5(=R)"
        );
        assert_eq!(parse_move(&p, "C-=5(=R)").unwrap().mv, mv("b2e2"));
        // The revealed cannon is face up: a reveal for it is refused.
        assert!(matches!(
            parse_move(&p, "C+=5(=R)"),
            Err(ParseMoveError::NotHidden { .. })
        ));
    }
}
