//! Banqi's own words for a screen, in each language the front ends speak: its title and why a
//! turn is refused (the options' words are with the options, [`crate::OPTIONS`]).

use jieqi_rules::Words;

use crate::rules::BanqiRefusal;

/// "Banqi 暗棋".
pub const TITLE: Words = Words::new("Banqi 暗棋", "Banqi 暗棋", "暗棋");

/// Every reason a turn is refused, short, for a screen (see [`refusal_words`]).
pub const REASONS: &[Words] = &[
    Words::new(
        "there is nothing to flip there",
        "dort ist nichts umzudrehen",
        "此處無子可翻",
    ),
    Words::new(
        "that piece is already face up",
        "diese Figur liegt schon offen",
        "此子已翻開",
    ),
    Words::new(
        "there is no piece there",
        "dort steht keine Figur",
        "此處無子",
    ),
    Words::new(
        "flip a face-down piece before it can move",
        "eine verdeckte Figur muss erst umgedreht werden",
        "暗子須先翻開才能走",
    ),
    Words::new(
        "that piece is not yours",
        "das ist nicht deine Figur",
        "這不是你的棋子",
    ),
    Words::new(
        "the piece is already there",
        "die Figur steht schon dort",
        "棋子已在此處",
    ),
    Words::new(
        "pieces go along rows and columns",
        "Figuren ziehen entlang Reihen und Spalten",
        "棋子只能直走",
    ),
    Words::new(
        "this piece goes one square at a time",
        "diese Figur zieht nur ein Feld weit",
        "此子每次只能走一格",
    ),
    Words::new(
        "the chariot's way is blocked",
        "der Weg des Wagens ist versperrt",
        "車的去路被擋住",
    ),
    Words::new(
        "a piece moves only to an empty square",
        "eine Figur zieht nur auf ein leeres Feld",
        "棋子只能走到空格",
    ),
    Words::new(
        "there is nothing to capture there",
        "dort ist nichts zu schlagen",
        "此處無子可吃",
    ),
    Words::new(
        "face-down pieces cannot be captured",
        "verdeckte Figuren können nicht geschlagen werden",
        "暗子不能被吃",
    ),
    Words::new(
        "you cannot capture your own piece",
        "du kannst keine eigene Figur schlagen",
        "不能吃自己的棋子",
    ),
    Words::new(
        "a piece cannot take one that ranks higher",
        "eine Figur kann keine ranghöhere schlagen",
        "小子不能吃大子",
    ),
    Words::new(
        "under these house rules a soldier cannot take the general",
        "nach diesen Hausregeln schlägt ein Soldat den General nicht",
        "按此規則兵卒不能吃將帥",
    ),
    Words::new(
        "under these house rules the general does not take soldiers",
        "nach diesen Hausregeln schlägt der General keine Soldaten",
        "按此規則將帥不能吃兵卒",
    ),
    Words::new(
        "a cannon captures by jumping over exactly one piece",
        "eine Kanone schlägt, indem sie genau eine Figur überspringt",
        "炮須隔一子才能吃",
    ),
];

/// Why a turn is refused, short, for a screen; the refusal's `Display` gives the detail in
/// English (which squares, which pieces).
pub const fn refusal_words(refusal: BanqiRefusal) -> Words {
    REASONS[match refusal {
        BanqiRefusal::NothingToFlip(_) => 0,
        BanqiRefusal::AlreadyFaceUp { .. } => 1,
        BanqiRefusal::NoPiece(_) => 2,
        BanqiRefusal::FaceDown(_) => 3,
        BanqiRefusal::NotYourPiece { .. } => 4,
        BanqiRefusal::SameSquare(_) => 5,
        BanqiRefusal::NotInLine { .. } => 6,
        BanqiRefusal::NotAdjacent { .. } => 7,
        BanqiRefusal::Blocked { .. } => 8,
        BanqiRefusal::Occupied(_) => 9,
        BanqiRefusal::NothingToCapture(_) => 10,
        BanqiRefusal::CaptureFaceDown(_) => 11,
        BanqiRefusal::OwnPiece { .. } => 12,
        BanqiRefusal::OutRanked { .. } => 13,
        BanqiRefusal::SoldierSparesGeneral => 14,
        BanqiRefusal::GeneralSparesSoldiers => 15,
        BanqiRefusal::CannonNotAdjacent { .. } | BanqiRefusal::CannonScreens { .. } => 16,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn every_refusal_has_words_in_every_language() {
        let a1 = Point::new(0, 0).unwrap();
        for refusal in [
            BanqiRefusal::NoPiece(a1),
            BanqiRefusal::SoldierSparesGeneral,
        ] {
            assert!(REASONS.contains(&refusal_words(refusal)));
        }
        for words in REASONS {
            for text in words.all() {
                assert!(!text.is_empty() && !text.contains('\n'), "{words:?}");
            }
        }
    }
}
