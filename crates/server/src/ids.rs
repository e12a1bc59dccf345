//! Game ids, seat tokens, invites and deal seeds, from the operating system's random source
//! (online.md §3): a player who could guess a seed would know the deal, one who could guess a
//! token would own a seat. Never a clock, never a hasher of one.

use jieqi_rules::Seed;

/// The letters of ids, tokens and invites: lower-case Crockford base 32 (no `i l o u`), easy
/// to read aloud and to type from an invite.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// `n` random symbols of 5 bits each.
fn symbols(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    fill(&mut bytes);
    bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
        .collect()
}

fn fill(bytes: &mut [u8]) {
    // Without the OS's random source the server cannot deal fairly: stop rather than guess.
    getrandom::fill(bytes).expect("the operating system's random source is available");
}

/// A game's id: 60 random bits (ids are public; they need only not collide).
pub fn game_id() -> String {
    symbols(12)
}

/// Whether `text` could be a game's id: anything else is no game, without asking the
/// database.
pub fn could_be_game_id(text: &str) -> bool {
    text.len() == 12 && text.bytes().all(|b| ALPHABET.contains(&b))
}

/// A seat's token: 130 random bits (at least 128, §7).
pub fn token() -> String {
    symbols(26)
}

/// An invite: 60 random bits (at least 40, §7), short enough to read to a friend.
pub fn invite() -> String {
    symbols(12)
}

/// A deal's seed: 64 random bits.
pub fn seed() -> Seed {
    let mut bytes = [0u8; 8];
    fill(&mut bytes);
    Seed(u64::from_le_bytes(bytes))
}

/// Compares two secrets in time that does not depend on where they first differ, so that a
/// guesser learns nothing from how long a refusal takes.
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut differ = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        differ |= usize::from(x ^ y);
    }
    differ == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_distinct() {
        let a = token();
        assert_eq!(a.len() * 5, 130);
        assert!(invite().len() * 5 >= 40);
        assert_ne!(a, token());
        assert_ne!(seed(), seed());
        assert!(could_be_game_id(&game_id()));
        assert!(!could_be_game_id("nope"));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
        assert!(!same_secret("", "a"));
    }
}
