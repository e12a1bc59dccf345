//! The rank numbers of a GUI's coordinate moves. Xiangqi GUIs and engines (Pikafish, JieqiBox,
//! ElephantEye's UCCI) number the ranks 0–9 (`h2e2`); Fairy-Stockfish's plain UCI, and so
//! cutechess's Xiangqi build and pychess-variants' fairyfishnet, number them 1–10 (`h3e3`,
//! `a10a9`). The `Ranks` option says which the GUI writes; the engine reads and writes moves
//! that way in `position`, `searchmoves`, `banmoves`, `bestmove`, `ponder` and `pv`.

use jieqi_rules::Move;

use crate::text::excerpt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ranks {
    /// `a0`–`i9`: the ICCS convention (the default).
    #[default]
    FromZero,
    /// `a1`–`i10`: Fairy-Stockfish's plain UCI.
    FromOne,
}

impl Ranks {
    /// The option's values, as the GUI sets them.
    pub const NAMES: [&'static str; 2] = ["0-9", "1-10"];

    pub fn parse(value: &str) -> Option<Ranks> {
        match value.trim() {
            "0-9" | "0" => Some(Ranks::FromZero),
            "1-10" | "1" => Some(Ranks::FromOne),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ranks::FromZero => Self::NAMES[0],
            Ranks::FromOne => Self::NAMES[1],
        }
    }

    /// A move text from the GUI in the engine's own convention (ranks 0–9), a reveal letter
    /// kept (`h3h10P` → `h2h9P`). Under 1–10 a text that is no coordinate move (WXF, a Banqi
    /// turn) is passed on as it is, for the rules to read or refuse; rank 0 is refused.
    pub fn to_engine(self, text: &str) -> Result<String, String> {
        if self == Ranks::FromZero {
            return Ok(text.to_string());
        }
        match split_coordinates(text) {
            Some((from, to, _)) if from.1 == 0 || to.1 == 0 => Err(format!(
                "'{}' names rank 0, but the ranks are set to 1-10 \
                 ('setoption name Ranks value 0-9' for ICCS moves)",
                excerpt(text)
            )),
            Some((from, to, rest)) => Ok(format!(
                "{}{}{}{}{rest}",
                from.0,
                from.1 - 1,
                to.0,
                to.1 - 1
            )),
            None => Ok(text.to_string()),
        }
    }

    /// One ICCS move (no reveal) as the GUI writes it.
    pub fn read_move(self, text: &str) -> Result<Move, String> {
        let hint = match self {
            Ranks::FromZero if text.contains("10") => {
                " (a GUI writing ranks 1-10 sets 'setoption name Ranks value 1-10')"
            }
            _ => "",
        };
        Move::parse_iccs(&self.to_engine(text)?)
            .ok_or_else(|| format!("'{}' is not a move{hint}", excerpt(text)))
    }

    /// A move as the GUI reads it.
    pub fn write(self, m: Move) -> String {
        let text = m.to_string();
        match self {
            Ranks::FromZero => text,
            Ranks::FromOne => match split_coordinates(&text) {
                Some((from, to, rest)) => {
                    format!("{}{}{}{}{rest}", from.0, from.1 + 1, to.0, to.1 + 1)
                }
                None => text,
            },
        }
    }
}

/// A square as a GUI writes it: file letter and rank number.
type FileRank = (char, u32);

/// `h3h10P` as (('h', 3), ('h', 10), "P"): two squares of file `a`–`i` and rank 0–10, then
/// whatever follows (a reveal letter).
fn split_coordinates(text: &str) -> Option<(FileRank, FileRank, &str)> {
    fn square(s: &str) -> Option<(FileRank, &str)> {
        let mut chars = s.chars();
        let file = chars.next().filter(|c| ('a'..='i').contains(c))?;
        let rest = chars.as_str();
        let digits = rest.chars().take_while(char::is_ascii_digit).count().min(2);
        // "10" is one rank; "1" followed by another digit otherwise is not.
        let len = if rest.starts_with("10") {
            2
        } else {
            digits.min(1)
        };
        let rank: u32 = rest.get(..len)?.parse().ok()?;
        (len > 0 && rank <= 10).then_some(((file, rank), &rest[len..]))
    }
    let (from, rest) = square(text)?;
    let (to, rest) = square(rest)?;
    Some((from, to, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_ten_reads_and_writes_both_ways() {
        let r = Ranks::FromOne;
        assert_eq!(r.to_engine("h3e3").unwrap(), "h2e2");
        assert_eq!(r.to_engine("a10a9").unwrap(), "a9a8");
        assert_eq!(r.to_engine("h3h10P").unwrap(), "h2h9P");
        assert_eq!(r.to_engine("C2=5").unwrap(), "C2=5");
        assert!(r.to_engine("a0a1").is_err());
        assert_eq!(r.read_move("i10i9").unwrap().to_string(), "i9i8");
        for m in ["a0a1", "h2e2", "i9i8", "b0c2"] {
            let m = Move::parse_iccs(m).unwrap();
            assert_eq!(r.read_move(&r.write(m)).unwrap(), m);
            assert_eq!(Ranks::FromZero.write(m), m.to_string());
        }
        assert_eq!(r.write(Move::parse_iccs("a9a8").unwrap()), "a10a9");
    }

    #[test]
    fn a_ten_under_zero_to_nine_is_refused_with_a_hint() {
        let e = Ranks::FromZero.read_move("a10a9").unwrap_err();
        assert!(e.contains("Ranks"), "{e}");
        assert!(Ranks::FromOne.read_move("a0a1").is_err());
        assert!(Ranks::FromOne.read_move("a11a1").is_err());
    }
}
