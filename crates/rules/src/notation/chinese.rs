//! Chinese notation (rules.md §9): `炮二平五`, `馬8進7`, `前炮平五`, `前七平六`,
//! `俥一進一(傌)`. The conventions are documented on the [`super`] module.

use super::{
    Described, Dir, ParseMoveError, ParsedMove, Pick, Place, Spec, resolve, reveal_role,
    split_reveal,
};
use crate::position::Position;
use crate::types::{Role, Side};

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Red writes 一…九, Black ASCII digits.
fn numeral(side: Side, n: u8) -> char {
    match (side, n) {
        (Side::Red, 1..=9) => NUMERALS[n as usize - 1],
        _ => char::from(b'0' + n.min(9)),
    }
}

/// 一…九, 1…9 or full-width １…９.
fn numeral_value(c: char) -> Option<u8> {
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

/// The role a piece character names, either side's, traditional or simplified.
pub(super) fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '傌' | '馬' | '马' => Role::Horse,
        '俥' | '車' | '车' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

pub(super) fn write(d: &Described, revealed: Option<Role>) -> String {
    let piece = d.role.chinese(d.side);
    let file = numeral(d.side, d.file);
    let mut s = String::new();
    match d.place {
        Place::Alone => {
            s.push(piece);
            s.push(file);
        }
        Place::Among {
            index,
            count,
            deep_files,
        } => {
            let word = match count {
                2 => ['前', '後'].get(index),
                3 => ['前', '中', '後'].get(index),
                _ => NUMERALS.get(index),
            };
            s.push(word.copied().unwrap_or('?'));
            if deep_files >= 2 {
                if d.role != Role::Soldier {
                    s.push(piece);
                }
                s.push(file);
            } else {
                s.push(piece);
            }
        }
    }
    s.push(match d.dir {
        Dir::Forward => '進',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    });
    s.push(numeral(d.side, d.amount));
    if let Some(role) = revealed {
        s.push('(');
        s.push(role.chinese(d.side));
        s.push(')');
    }
    s
}

/// One character before the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Piece(Role),
    Number(u8),
    Place(Pick),
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
    let chars: Vec<char> = body.chars().collect();
    let [prefix @ .., dir, amount] = chars.as_slice() else {
        return Err(syntax());
    };
    let dir = match dir {
        '進' | '进' => Dir::Forward,
        '退' => Dir::Backward,
        '平' => Dir::Sideways,
        _ => return Err(syntax()),
    };
    let amount = numeral_value(*amount).ok_or_else(syntax)?;
    let tokens = prefix
        .iter()
        .map(|&c| match c {
            '前' => Some(Token::Place(Pick::Foremost)),
            '中' => Some(Token::Place(Pick::Middle)),
            '後' | '后' => Some(Token::Place(Pick::Rearmost)),
            _ => role_of(c)
                .map(Token::Piece)
                .or_else(|| numeral_value(c).map(Token::Number)),
        })
        .collect::<Option<Vec<Token>>>()
        .ok_or_else(syntax)?;
    use Token::{Number, Piece, Place};
    let (role, file, pick) = match *tokens.as_slice() {
        [Piece(r), Number(f)] => (r, Some(f), None),
        [Place(p), Piece(r)] | [Piece(r), Place(p)] => (r, None, Some(p)),
        [Number(k), Piece(r)] => (r, None, Some(Pick::Ordinal(k))),
        [Place(p), Number(f)] => (Role::Soldier, Some(f), Some(p)),
        [Number(k), Number(f)] => (Role::Soldier, Some(f), Some(Pick::Ordinal(k))),
        [Place(p), Piece(r), Number(f)] => (r, Some(f), Some(p)),
        [Number(k), Piece(r), Number(f)] => (r, Some(f), Some(Pick::Ordinal(k))),
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

    fn both_ways(p: &Position, m: &str, text: &str, aliases: &[&str]) {
        round_trip(p, m, Notation::Chinese, text, aliases);
    }

    #[test]
    fn cannon_to_centre_horse_to_seven_rules_9() {
        let start = Position::startpos();
        both_ways(&start, "h2e2", "炮二平五", &["炮2平5", "砲二平五"]);
        both_ways(&start, "h0g2", "傌二進三", &["马二进三", "馬二進三"]);
        both_ways(&start, "i0i1", "俥一進一", &["车一进一"]);
        both_ways(&start, "c3c4", "兵七進一", &[]);
        both_ways(&start, "e0e1", "帥五進一", &["帅五进一"]);
        let mut p = start.clone();
        p.play_unchecked(mv("h2e2"));
        both_ways(&p, "h9g7", "馬8進7", &["马8进7", "馬８進７", "馬八進七"]);
        both_ways(&p, "b7e7", "砲2平5", &["炮2平5"]);
        both_ways(&p, "c9e7", "象3進5", &[]);
        both_ways(&p, "d9e8", "士4進5", &[]);
    }

    #[test]
    fn front_middle_rear_rules_9() {
        let two = pos("3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1");
        both_ways(&two, "h4e4", "前炮平五", &["炮前平五"]);
        both_ways(&two, "h2h1", "後炮退一", &["后炮退一", "炮後退一"]);
        let three = pos("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1");
        both_ways(&three, "g8f8", "前兵平四", &[]);
        both_ways(&three, "g7f7", "中兵平四", &["兵三平四"]);
        both_ways(&three, "g6f6", "後兵平四", &[]);
        let five = pos("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        both_ways(&five, "g9f9", "一兵平四", &["前兵平四"]);
        both_ways(&five, "g8f8", "二兵平四", &[]);
        both_ways(&five, "g7f7", "三兵平四", &["中兵平四", "兵三平四"]);
        both_ways(&five, "g6f6", "四兵平四", &[]);
        both_ways(&five, "g5f5", "五兵平四", &["後兵平四"]);
        // Two files with soldiers two deep: the file replaces the piece.
        let p = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
        both_ways(&p, "g7f7", "前三平四", &[]);
        both_ways(&p, "g6f6", "中三平四", &[]);
        both_ways(&p, "g5f5", "後三平四", &[]);
        both_ways(&p, "c6d6", "前七平六", &[]);
        both_ways(&p, "c5d5", "後七平六", &[]);
        // Black writes its numbers as digits.
        let black = pos("4k4/9/9/9/9/2p6/2p6/9/9/5K3 b - - 0 1");
        both_ways(&black, "c3d3", "前卒平4", &[]);
        both_ways(&black, "c4d4", "後卒平4", &[]);
        assert!(matches!(
            parse_move(&black, "中卒平4"),
            Err(ParseMoveError::NoPiece { .. })
        ));
    }

    #[test]
    fn advisors_and_elephants_are_named_by_their_file_rules_9() {
        // rules.md §9, Decision: `相七退九` / `象7退9`, not `前相退九` / `前象退9`; both are read.
        // Red elephants c4, c0 and advisors d2, d0; Black's on g5, g9 and f7, f9.
        let tandem = "3k1ab2/9/5a3/9/6b2/2E6/9/3A5/9/2EA1K3";
        let red = pos(&format!("{tandem} w - - 0 1"));
        both_ways(
            &red,
            "c4a2",
            "相七退九",
            &["前相退九", "相前退九", "相7退9"],
        );
        both_ways(&red, "c0a2", "相七進九", &["後相進九", "后相进九"]);
        both_ways(&red, "d2e1", "仕六退五", &["前仕退五"]);
        both_ways(&red, "d0e1", "仕六進五", &["後仕進五"]);
        let black = pos(&format!("{tandem} b - - 0 1"));
        both_ways(&black, "g5i7", "象7退9", &["前象退9", "象七退九"]);
        both_ways(&black, "g9i7", "象7進9", &["後象進9"]);
        both_ways(&black, "f7e8", "士6退5", &["前士退5"]);
        both_ways(&black, "f9e8", "士6進5", &["後士進5"]);
    }

    #[test]
    fn freed_jieqi_advisors_keep_front_and_rear_only_where_both_can_go_rules_7_9() {
        let p = Position::from_setup(
            &crate::Setup::parse_fen("5k3/9/9/9/3A5/4P4/3A5/9/9/4K4 w - - 0 1").unwrap(),
            crate::MoveRules::JIEQI,
        )
        .unwrap();
        both_ways(&p, "d5e6", "仕六進五", &["前仕進五"]);
        both_ways(&p, "d5c6", "前仕進七", &[]);
        both_ways(&p, "d3c4", "後仕進七", &[]);
        assert!(matches!(
            parse_move(&p, "仕六進七"),
            Err(ParseMoveError::Ambiguous { .. })
        ));
    }

    #[test]
    fn reveal_in_brackets_rules_7_9() {
        let j = jieqi_start();
        assert_eq!(
            write_move(&j, mv("i0i1"), Some(Role::Horse), Notation::Chinese),
            "俥一進一(傌)"
        );
        assert_eq!(
            parse_move(&j, "俥一進一(傌)"),
            Ok(ParsedMove {
                mv: mv("i0i1"),
                revealed: Some(Role::Horse)
            })
        );
        assert_eq!(
            parse_move(&j, "俥一進一（马）").unwrap().revealed,
            Some(Role::Horse)
        );
        assert!(matches!(
            parse_move(&j, "俥一進一(帥)"),
            Err(ParseMoveError::BadReveal { .. })
        ));
    }
}
