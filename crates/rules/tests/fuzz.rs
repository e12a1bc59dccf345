//! Hostile input (issue 23): a fuzzing harness on the stable toolchain. One property test per
//! text form the rules crate reads — FEN, full-knowledge FEN, viewer FEN with moves, record,
//! saved game, move text — fed arbitrary strings (any Unicode, control characters, very long
//! runs) and valid texts built here from the crate, each mutated by a few random edits (bit
//! flips, inserted tokens and huge numbers, deletions, duplicated slices, splices and swapped
//! words of two texts). Nothing may panic or hang (a case running past [`HANG_LIMIT`] ends the
//! run with its input), every error is one line of fewer than [`MAX_MESSAGE_CHARS`]
//! characters, and what is accepted round-trips: written back, it reads again as the same.
//!
//! `cargo test` runs 1000 cases per target (under a second) from a fixed seed. A long run sets
//! the cases and the seed:
//! `JIEQI_FUZZ_CASES=1000000 JIEQI_FUZZ_SEED=101 cargo test --release -p jieqi-rules --test fuzz`
//! (about 2 minutes on two cores).
//!
//! No failure persistence: proptest would save the seed of a failing case, but the corpus is
//! built from the crate (random games, legal move order), so a saved seed replays another
//! input as soon as the rules or this file change. A failure prints its shrunk input instead,
//! and each bug found is kept at the end of this file as a plain test with that literal input
//! (ignored while the bug stands): that is the regression corpus.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Display;
use std::sync::{LazyLock, Mutex, Once, PoisonError};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use jieqi_rules::{
    AnyGame, Deal, FamilyGame, Handicap, Jieqi, MoveRules, Notation, ParsedMove, PlayerView, Pool,
    Position, Record, RecordResult, Role, STANDARD_FEN, SavedGame, Seed, Setup, Side, Xiangqi,
    parse_move, write_move,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{RngAlgorithm, RngSeed, TestRng};

/// Cases per target: `JIEQI_FUZZ_CASES` (default 1000); the generator's seed:
/// `JIEQI_FUZZ_SEED` (default 23, so that `cargo test` runs the same cases every time).
/// No failure persistence: see the top of the file.
fn config() -> ProptestConfig {
    let number = |name: &str, default: u64| {
        let value = std::env::var(name).ok();
        value.and_then(|n| n.parse().ok()).unwrap_or(default)
    };
    ProptestConfig {
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(number("JIEQI_FUZZ_SEED", 23)),
        ..ProptestConfig::with_cases(number("JIEQI_FUZZ_CASES", 1000) as u32)
    }
}

/// The longest error message a person should have to read.
const MAX_MESSAGE_CHARS: usize = 400;

/// A case that takes longer than this has hung (the slowest cases take milliseconds).
const HANG_LIMIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------------------------------------
// What every target checks.

/// `Ok` as `Some`; an error of reading `input` must be one line of bounded length.
fn checked<T, E: Display>(result: Result<T, E>) -> Option<T> {
    let e = match result {
        Ok(value) => return Some(value),
        Err(e) => e.to_string(),
    };
    let chars = e.chars().count();
    assert!(chars < MAX_MESSAGE_CHARS, "{chars} characters: {e}");
    assert!(!e.chars().any(breaks_line), "not one line: {e:?}");
    None
}

/// A setup with "nothing learned" written one way: an empty learned field and none at all
/// mean the same, and an empty pool with nothing learned is written as the pool alone (`-`).
fn plain(mut setup: Setup) -> Setup {
    if setup.learned == Some(Pool::default()) {
        setup.learned = None;
    }
    setup
}

/// The message of an error, asserted to be one line of bounded length.
fn one_line<T: std::fmt::Debug, E: Display>(result: Result<T, E>) -> String {
    let e = result.expect_err("an error").to_string();
    assert!(e.chars().count() < MAX_MESSAGE_CHARS, "{e}");
    assert!(!e.chars().any(breaks_line), "not one line: {e:?}");
    e
}

/// Unicode's line breaks (`\n`, `\r`, vertical tab, form feed, NEL, line and paragraph
/// separators).
fn breaks_line(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Hangs: every case registers its input while it runs; a watchdog thread ends the whole run
/// (exit status 101) with that input printed once a case has run past [`HANG_LIMIT`].
struct Watched;

static RUNNING: LazyLock<Mutex<HashMap<ThreadId, (Instant, String)>>> =
    LazyLock::new(Mutex::default);

fn watch(input: &impl std::fmt::Debug) -> Watched {
    static WATCHDOG: Once = Once::new();
    WATCHDOG.call_once(|| {
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_secs(1));
                let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
                for (since, input) in running.values() {
                    if since.elapsed() > HANG_LIMIT {
                        eprintln!("a case ran for more than {HANG_LIMIT:?}; its input: {input}");
                        std::process::exit(101);
                    }
                }
            }
        });
    });
    let mut shown = format!("{input:?}");
    if shown.len() > 4000 {
        let cut = (0..=4000)
            .rev()
            .find(|&i| shown.is_char_boundary(i))
            .unwrap();
        shown.truncate(cut);
        shown.push_str("… (cut)");
    }
    RUNNING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(std::thread::current().id(), (Instant::now(), shown));
    Watched
}

impl Drop for Watched {
    fn drop(&mut self) {
        RUNNING
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&std::thread::current().id());
    }
}

// ---------------------------------------------------------------------------------------------
// The valid corpus, built from the crate.

/// Plays one legal move per pick, the `pick % n`-th of the `n` legal moves, until the game
/// ends.
fn play_picks(game: &mut AnyGame, picks: impl IntoIterator<Item = usize>) {
    for pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[pick % moves.len()];
        game.play(m).expect("a legal move is played");
    }
}

/// Games of both variants from their starts to deep middlegames, a handicap, a Jieqi game
/// from a full-knowledge FEN, and games ended by resignation and by agreement.
static GAMES: LazyLock<Vec<AnyGame>> = LazyLock::new(|| {
    // The same games on every run.
    let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut picks = |n: usize| -> Vec<usize> { (0..n).map(|_| rng.next_u64() as usize).collect() };
    let mut games = Vec::new();
    for (i, plies) in [0, 1, 2, 5, 12, 30, 60, 120].into_iter().enumerate() {
        let starts: [AnyGame; 2] = [
            Xiangqi::default().into(),
            Jieqi::from_seed(Seed(i as u64 * 977)).into(),
        ];
        for mut game in starts {
            play_picks(&mut game, picks(plies));
            games.push(game);
        }
    }
    let mut handicap: AnyGame = Xiangqi::with_handicap(Handicap::OneHorse {
        giver: Side::Red,
        left: true,
    })
    .into();
    play_picks(&mut handicap, picks(9));
    let mut resigned: AnyGame = Jieqi::from_seed(Seed(7)).into();
    play_picks(&mut resigned, picks(11));
    resigned
        .resign(resigned.turn())
        .expect("a running game can be resigned");
    let mut drawn: AnyGame = Xiangqi::default().into();
    play_picks(&mut drawn, picks(8));
    drawn.agree_draw().expect("a running game can be drawn");
    let mut from_fen: AnyGame = Jieqi::from_full_fen(&Deal::from_seed(Seed(99)).to_full_fen())
        .expect("a deal's full FEN is a Jieqi game")
        .into();
    play_picks(&mut from_fen, picks(16));
    games.extend([handicap, resigned, drawn, from_fen]);
    games
});

fn views() -> impl Iterator<Item = PlayerView> {
    GAMES
        .iter()
        .flat_map(|g| Side::ALL.map(|side| g.view(side)))
}

/// The viewer FEN of a view's start.
fn start_fen(view: &PlayerView) -> String {
    view.at_ply(0).expect("ply 0 is in every view").to_fen()
}

/// FENs of every kind a player sees: standard, handicap, public and viewer-relative Jieqi.
static FENS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut fens = BTreeSet::from([
        STANDARD_FEN.to_string(),
        "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1".to_string(),
        "3k5/9/9/9/9/9/9/9/9/4K3R b - - 12 40".to_string(),
    ]);
    for game in GAMES.iter() {
        fens.insert(game.position().to_fen());
    }
    for view in views() {
        fens.insert(view.to_fen());
        fens.insert(start_fen(&view));
    }
    fens.into_iter().collect()
});

/// Full-knowledge FENs: deals' starts and Jieqi games under way.
static FULL_FENS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut fens: Vec<String> = [0, 1, 7, u64::MAX]
        .map(|n| Deal::from_seed(Seed(n)).to_full_fen())
        .into();
    // Late games, every piece face up.
    fens.extend(FENS.iter().filter(|f| !f.contains(['x', 'X'])).cloned());
    for game in GAMES.iter() {
        if let AnyGame::Jieqi(g) = game {
            fens.extend([g.to_full_fen(), g.start_full_fen()]);
        }
    }
    fens
});

/// What a GUI hands an engine: each view's start FEN and its moves in each notation.
static VIEW_TEXTS: LazyLock<Vec<(String, Vec<String>)>> = LazyLock::new(|| {
    let mut texts = Vec::new();
    for view in views() {
        for notation in NOTATIONS {
            texts.push((start_fen(&view), view.move_texts(notation)));
        }
    }
    texts
});

const NOTATIONS: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

/// Records of every game (with their seeds for the Jieqi deals), in each notation, and one
/// written by hand with comments, a variation, annotations and a result.
static RECORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut records = vec![
        "[Game \"Chinese Chess\"]\n[Event \"Hostile {input}\"]\n[Result \"1-0\"]\n{a comment} \
         1. C2=5 {another} H8+7 ; to the end of the line\n2. H2+3 (2. R1+1 R9+1 {nested (no)}) \
         R9=8 $1 3. R1=2!? C8+4 1-0\n"
            .to_string(),
    ];
    for game in GAMES.iter() {
        let view = game.view(Side::Red);
        let mut text = format!(
            "[Variant \"{}\"]\n[FEN \"{}\"]\n",
            view.variant,
            start_fen(&view)
        );
        if let AnyGame::Jieqi(g) = game
            && let Some(seed) = g.seed()
        {
            text.push_str(&format!("[Seed \"{seed}\"]\n"));
        }
        let moves = view.move_texts(Notation::Iccs).join(" ");
        text.push_str(&format!("{moves} {}\n", RecordResult::of(game.outcome())));
        let record = Record::parse(&text).expect("a game's own record reads");
        records.extend(NOTATIONS.map(|n| record.write(n)));
    }
    records
});

/// Saves of every game, with a few settings.
static SAVES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let settings = BTreeMap::from([
        ("opponent".to_string(), serde_json::json!("computer")),
        ("level".to_string(), serde_json::json!(3)),
    ]);
    GAMES
        .iter()
        .map(|g| SavedGame::of(g, settings.clone()).to_json())
        .collect()
});

/// Where move texts are read: the two starts and a middlegame of each variant.
static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    let jieqi_start = Jieqi::from_seed(Seed(1)).position().clone();
    let middlegames = GAMES
        .iter()
        .filter(|g| (30..=60).contains(&g.moves().len()))
        .map(|g| g.position().clone());
    [Position::startpos(), jieqi_start]
        .into_iter()
        .chain(middlegames)
        .collect()
});

/// Every legal move of [`POSITIONS`] in every notation, a hidden mover with a reveal, and
/// other spellings of moves from the start.
static MOVE_TEXTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let spellings = "H2-E2 h2-e2 C2.5 c2=5 炮8平5 炮２平５ 傌二進三 車一進一".split(' ');
    let mut texts: BTreeSet<String> = spellings.map(String::from).collect();
    for pos in POSITIONS.iter() {
        for (i, &m) in pos.legal_moves().iter().enumerate() {
            let reveal = Role::ALL[1 + i % (Role::ALL.len() - 1)];
            for notation in NOTATIONS {
                texts.insert(write_move(pos, m, Some(reveal), notation));
            }
        }
    }
    texts.into_iter().collect()
});

// ---------------------------------------------------------------------------------------------
// Hostile text: arbitrary strings, and corpus entries with a few random edits.

/// Tokens that tend to matter to parsers: field and rank separators, brackets, quotes and
/// escapes of records and JSON, signs, digits and numbers past every integer type, line
/// breaks, and characters that are wide, reversed, invisible or astral.
static TOKENS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    let marks = [
        "X", "x", "/", "(", ")", "{", "}", "[", "]", "\"", "\\", ":", ",", ".", "-", "+", "=", "*",
        " ", "\t", "\n", "\r", "\r\n", "\0", "\\n", "\\r", "\\u2028", "\\u0000",
    ];
    let numbers = ["0", "1", "9", "10", "-1", "255", "256", "65536", "1e999"];
    let huge = ["4294967296", "18446744073709551616", "99999999999999999999"];
    let words = [
        "w", "b", "k", "K", "R2", "(=", "1-0", "0-1", "1/2-1/2", "null", "true", "[]", "{}",
    ];
    let odd = "帥 炮二平五 … é 🀄 \u{202e} \u{feff} \u{2028} \u{85}".split(' ');
    let short = [&marks[..], &numbers, &huge, &words].concat();
    short.into_iter().chain(odd).collect()
});

/// One edit of a text; positions and lengths are taken modulo the text's length, `other`
/// picks a corpus entry.
#[derive(Clone, Debug)]
enum Edit {
    /// One bit of one byte (the invalid UTF-8 this makes reads as `�`).
    FlipBit {
        at: usize,
        bit: u8,
    },
    Insert {
        at: usize,
        text: String,
    },
    Delete {
        at: usize,
        len: usize,
    },
    /// A copy of `len` bytes from `at` inserted at `to`.
    Duplicate {
        at: usize,
        len: usize,
        to: usize,
    },
    /// The text up to `at`, then another entry from `from` on.
    Splice {
        at: usize,
        other: usize,
        from: usize,
    },
    /// A character replaced by one of another entry's: the text keeps its alphabet.
    Char {
        at: usize,
        other: usize,
        from: usize,
    },
    /// A whitespace-separated word replaced by one of another entry's (a FEN field, a move,
    /// a tag): the text keeps its shape.
    Word {
        at: usize,
        other: usize,
        from: usize,
    },
}

fn edit(corpus_len: usize) -> impl Strategy<Value = Edit> {
    let inserted = prop_oneof![
        4 => select(TOKENS.clone()).prop_map(String::from),
        2 => any::<char>().prop_map(String::from),
        1 => (select(TOKENS.clone()), 2..5000usize).prop_map(|(t, n)| t.repeat(n)),
    ];
    let other = (any::<usize>(), 0..corpus_len, any::<usize>());
    prop_oneof![
        1 => any::<(usize, u8)>().prop_map(|(at, bit)| Edit::FlipBit { at, bit: bit % 8 }),
        3 => (any::<usize>(), inserted).prop_map(|(at, text)| Edit::Insert { at, text }),
        2 => (any::<usize>(), 1..12usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        1 => (any::<usize>(), 1..40usize, any::<usize>())
            .prop_map(|(at, len, to)| Edit::Duplicate { at, len, to }),
        1 => other.clone().prop_map(|(at, other, from)| Edit::Splice { at, other, from }),
        2 => other.clone().prop_map(|(at, other, from)| Edit::Char { at, other, from }),
        2 => other.prop_map(|(at, other, from)| Edit::Word { at, other, from }),
    ]
}

/// `text` with `edits` applied in turn.
fn mutate(text: &str, edits: &[Edit], corpus: &[String]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let point = |at: usize, bytes: &[u8]| at % (bytes.len() + 1);
    for e in edits {
        match *e {
            Edit::FlipBit { at, bit } => {
                if !bytes.is_empty() {
                    let i = at % bytes.len();
                    bytes[i] ^= 1 << bit;
                }
            }
            Edit::Insert { at, ref text } => {
                let i = point(at, &bytes);
                bytes.splice(i..i, text.bytes());
            }
            Edit::Delete { at, len } => {
                let i = point(at, &bytes);
                bytes.drain(i..(i + len).min(bytes.len()));
            }
            Edit::Duplicate { at, len, to } => {
                let i = point(at, &bytes);
                let slice = bytes[i..(i + len).min(bytes.len())].to_vec();
                let j = point(to, &bytes);
                bytes.splice(j..j, slice);
            }
            Edit::Splice { at, other, from } => {
                let i = point(at, &bytes);
                let other = corpus[other].as_bytes();
                bytes.truncate(i);
                bytes.extend_from_slice(&other[from % (other.len() + 1)..]);
            }
            Edit::Char { at, other, from } => {
                bytes = replace_piece(&bytes, at, &corpus[other], from, false);
            }
            Edit::Word { at, other, from } => {
                bytes = replace_piece(&bytes, at, &corpus[other], from, true);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A text's characters, or its whitespace-separated words, with their byte offsets.
fn pieces(text: &str, words: bool) -> Vec<(usize, &str)> {
    let offset = |piece: &str| piece.as_ptr() as usize - text.as_ptr() as usize;
    if words {
        text.split_whitespace().map(|w| (offset(w), w)).collect()
    } else {
        let chars = text.char_indices();
        chars
            .map(|(i, c)| (i, &text[i..i + c.len_utf8()]))
            .collect()
    }
}

/// `bytes` (read as text) with its `at`-th character or word replaced by the `from`-th of
/// `other`; unchanged when either has none.
fn replace_piece(bytes: &[u8], at: usize, other: &str, from: usize, words: bool) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let (here, there) = (pieces(&text, words), pieces(other, words));
    if here.is_empty() || there.is_empty() {
        return bytes.to_vec();
    }
    let (start, old) = here[at % here.len()];
    let new = there[from % there.len()].1;
    [&text[..start], new, &text[start + old.len()..]]
        .concat()
        .into_bytes()
}

/// A corpus entry with one to three edits.
fn mutated(corpus: &'static [String]) -> impl Strategy<Value = String> {
    (0..corpus.len(), vec(edit(corpus.len()), 1..=3))
        .prop_map(move |(i, edits)| mutate(&corpus[i], &edits, corpus))
}

/// Mostly mutated corpus entries; also any characters at all (control characters included),
/// soups of the corpus's own characters, and whole entries repeated many times.
fn hostile(corpus: &'static [String]) -> BoxedStrategy<String> {
    let alphabet: Vec<char> = corpus
        .iter()
        .flat_map(|t| t.chars())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    prop_oneof![
        12 => mutated(corpus),
        1 => any::<String>(),
        1 => vec(any::<char>(), 0..200).prop_map(String::from_iter),
        1 => vec(select(alphabet), 0..300).prop_map(String::from_iter),
        1 => (select(corpus), 2..200usize).prop_map(|(t, n)| t.repeat(n)),
    ]
    .boxed()
}

/// A FEN and its moves: a corpus pair with edits to the FEN and to some moves (or moves
/// dropped), or hostile FENs and hostile move texts.
fn view_text() -> impl Strategy<Value = (String, Vec<String>)> {
    let corpus: &'static [(String, Vec<String>)] = &VIEW_TEXTS;
    let moves: &'static [String] = &MOVE_TEXTS;
    let fens: &'static [String] = &FENS;
    let edited = (
        0..corpus.len(),
        vec(edit(fens.len()), 0..=2),
        vec((any::<usize>(), vec(edit(moves.len()), 0..=2)), 0..=3),
    )
        .prop_map(move |(i, fen_edits, move_edits)| {
            let (fen, mut texts) = corpus[i].clone();
            for (at, edits) in move_edits {
                if texts.is_empty() {
                    break;
                }
                let k = at % texts.len();
                if edits.is_empty() {
                    texts.remove(k);
                } else {
                    texts[k] = mutate(&texts[k], &edits, moves);
                }
            }
            (mutate(&fen, &fen_edits, fens), texts)
        });
    prop_oneof![
        3 => edited,
        1 => (hostile(fens), vec(hostile(moves), 0..8)),
    ]
}

// ---------------------------------------------------------------------------------------------
// The targets: each reads one text form through the public API.

fn fen_target(text: &str) {
    let Some(setup) = checked(Setup::parse_fen(text)) else {
        return;
    };
    let written = setup.to_fen();
    let again = Setup::parse_fen(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    let same = plain(again) == plain(setup.clone());
    assert!(
        same,
        "{text:?} is written {written:?}, which reads differently"
    );
    checked(setup.check_pool());
    for rules in [MoveRules::XIANGQI, MoveRules::JIEQI] {
        let Some(pos) = checked(Position::from_setup(&setup, rules)) else {
            continue;
        };
        let fen = pos.to_fen();
        let back = Setup::parse_fen(&fen)
            .map_err(|e| e.to_string())
            .and_then(|s| Position::from_setup(&s, rules).map_err(|e| e.to_string()));
        assert!(back.as_ref() == Ok(&pos), "{fen:?} reads back as {back:?}");
        for &m in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            next.legal_moves();
        }
    }
}

/// `picks` chooses the moves played from an accepted position.
fn full_fen_target(text: &str, picks: &[usize]) {
    if let Some(deal) = checked(Deal::from_full_fen(text)) {
        assert_eq!(Deal::from_full_fen(&deal.to_full_fen()), Ok(deal.clone()));
        Jieqi::from_deal(&deal);
    }
    let Some(game) = checked(Jieqi::from_full_fen(text)) else {
        return;
    };
    let written = game.to_full_fen();
    let again = Jieqi::from_full_fen(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(again.to_full_fen(), written);
    let mut game = AnyGame::from(game);
    play_picks(&mut game, picks.iter().copied());
    for side in Side::ALL {
        reads_back(&game.view(side));
    }
}

/// A view's FEN reads as the same position, in the same variant.
fn reads_back(view: &PlayerView) {
    let fen = view.to_fen();
    let seen = PlayerView::from_text(&fen, &[]).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert!(seen.position == view.position, "{fen:?} reads differently");
    assert_eq!(
        seen.variant, view.variant,
        "{fen:?} reads as another variant"
    );
}

fn view_target(fen: &str, moves: &[String]) {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let Some(view) = checked(PlayerView::from_text(fen, &moves)) else {
        return;
    };
    for notation in NOTATIONS {
        view.move_texts(notation);
    }
    for ply in 0..=view.moves.len() {
        reads_back(&view.at_ply(ply).expect("every ply up to the last"));
    }
}

fn record_target(text: &str) {
    let Some(record) = checked(Record::parse(text)) else {
        return;
    };
    checked(record.game());
    checked(record.replay_seen());
    for notation in NOTATIONS {
        let written = record.write(notation);
        let again = Record::parse(&written).unwrap_or_else(|e| panic!("{written}\n{e}"));
        assert_eq!(again.moves, record.moves, "{written}");
        assert_eq!(again.result, record.result, "{written}");
        assert_eq!(again.write(notation), written);
    }
}

fn save_target(text: &str) {
    let Some(saved) = checked(SavedGame::from_json(text)) else {
        return;
    };
    let Some(game) = checked(saved.restore()) else {
        return;
    };
    let json = SavedGame::of(&game, saved.settings).to_json();
    let again = SavedGame::from_json(&json).and_then(|s| s.restore());
    assert!(again.as_ref().is_ok_and(|g| *g == game), "{json}");
}

fn move_target(pos: &Position, text: &str) {
    let Some(parsed) = checked(parse_move(pos, text)) else {
        return;
    };
    assert!(pos.is_legal(parsed.mv), "{text} read as an illegal move");
    for notation in NOTATIONS {
        let written = write_move(pos, parsed.mv, parsed.revealed, notation);
        let again: Result<ParsedMove, _> = parse_move(pos, &written);
        assert_eq!(again, Ok(parsed), "{text} written as {written}");
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fen(text in hostile(&FENS)) {
        let _w = watch(&text);
        fen_target(&text);
    }

    #[test]
    fn full_fen(text in hostile(&FULL_FENS), picks in vec(any::<usize>(), 0..8)) {
        let _w = watch(&text);
        full_fen_target(&text, &picks);
    }

    #[test]
    fn viewer_fen_and_moves((fen, moves) in view_text()) {
        let _w = watch(&(&fen, &moves));
        view_target(&fen, &moves);
    }

    #[test]
    fn record(text in hostile(&RECORDS)) {
        let _w = watch(&text);
        record_target(&text);
    }

    #[test]
    fn save(text in hostile(&SAVES)) {
        let _w = watch(&text);
        save_target(&text);
    }

    #[test]
    fn move_text(at in 0..POSITIONS.len(), text in hostile(&MOVE_TEXTS)) {
        let _w = watch(&text);
        move_target(&POSITIONS[at], &text);
    }
}

/// The corpus itself is valid: each entry passes its target unedited (so mutations start
/// from real inputs, and the round-trip checks have something to check).
#[test]
fn the_corpus_is_valid() {
    for fen in FENS.iter() {
        assert!(Setup::parse_fen(fen).is_ok(), "{fen}");
        fen_target(fen);
    }
    for fen in FULL_FENS.iter() {
        assert!(Jieqi::from_full_fen(fen).is_ok(), "{fen}");
        full_fen_target(fen, &[1, 2, 3]);
    }
    for (fen, moves) in VIEW_TEXTS.iter() {
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let read = PlayerView::from_text(fen, &texts);
        assert!(read.is_ok(), "{fen} {moves:?}: {read:?}");
    }
    for text in RECORDS.iter() {
        assert!(
            Record::parse(text).is_ok_and(|r| r.replay_seen().is_ok()),
            "{text}"
        );
        record_target(text);
    }
    for json in SAVES.iter() {
        assert!(
            SavedGame::from_json(json).is_ok_and(|s| s.restore().is_ok()),
            "{json}"
        );
        save_target(json);
    }
    for text in MOVE_TEXTS.iter() {
        let readable = POSITIONS.iter().filter(|p| parse_move(p, text).is_ok());
        assert!(readable.count() > 0, "{text}");
        for pos in POSITIONS.iter() {
            move_target(pos, text);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// What the targets found, each with its smallest input. The fixed ones stay as regression
// tests; an open one would be ignored (`-- --ignored` runs it) and the targets would let its
// symptom through until it is fixed.

#[test]
fn a_move_text_is_quoted_on_one_line() {
    one_line(parse_move(&Position::startpos(), "a\nb"));
    one_line(parse_move(&Position::startpos(), "炮\n五"));
    one_line(PlayerView::from_text(STANDARD_FEN, &["h\n0i2"]));
}

#[test]
fn a_bad_identity_letter_is_quoted_on_one_line() {
    let deal = Deal::from_seed(Seed(0)).to_full_fen();
    for line_break in ["\n", "\u{2028}"] {
        let fen = deal.replacen('x', &format!("x{line_break}"), 1);
        one_line(Jieqi::from_full_fen(&fen));
    }
}

#[test]
fn quoted_text_is_one_line_whatever_breaks_it() {
    for record in ["{\r", "{\u{85}", "[\u{2028}]"] {
        one_line(Record::parse(record));
    }
    for field in [
        r#""variant": "a\rb", "moves": []"#,
        r#""variant": "jieqi", "seed": "\r", "moves": []"#,
        r#""variant": "xiangqi", "moves": ["a\u2028b"]"#,
    ] {
        let json = format!(r#"{{"format": "jieqi-save", "version": 1, {field}}}"#);
        one_line(SavedGame::from_json(&json).and_then(|s| s.restore()));
    }
}

#[test]
fn a_tag_after_the_moves_is_named_briefly() {
    one_line(Record::parse(&format!(
        "1. h2e2 [{} \"x\"]",
        "A".repeat(1000)
    )));
}

#[test]
fn a_viewer_move_text_is_quoted_briefly() {
    let jieqi =
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2";
    let padded = format!("h2c2{}", " ".repeat(400));
    one_line(PlayerView::from_text(jieqi, &[&padded]));
}

#[test]
fn an_empty_pool_stays_a_pool_rules_9() {
    // A Jieqi game with every piece face up: its viewer FEN reads back as Xiangqi, where
    // advisors keep to the palace.
    let game = Jieqi::from_full_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1").unwrap();
    let view = AnyGame::from(game).view(Side::Red);
    let seen = PlayerView::from_text(&view.to_fen(), &[]).unwrap();
    assert_eq!(seen.variant, view.variant, "{}", view.to_fen());
    // The same with a pool of zero counts.
    let setup = Setup::parse_fen("3k5/9/9/9/9/9/9/9/9/4K3R w R0 - 0 1").unwrap();
    assert_eq!(Setup::parse_fen(&setup.to_fen()).unwrap().pool, setup.pool);
}

#[test]
fn a_bad_seed_character_is_shown_escaped() {
    for line_break in ["\n", "\u{2028}"] {
        let record = Record::parse(&format!("[Variant \"Jieqi\"]\n[Seed \"4{line_break}Z\"]"));
        one_line(record.unwrap().game());
        one_line(format!("4{line_break}Z").parse::<Seed>());
    }
}
