//! Saved games: round trips, atomic writes, and a typed error for every kind of damage.

use std::collections::BTreeMap;
use std::path::PathBuf;

use jieqi_rules::{
    AnyGame, FamilyGame, Handicap, Jieqi, Move, SaveError, SavedGame, Seed, Side, Xiangqi,
};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn settings() -> BTreeMap<String, serde_json::Value> {
    BTreeMap::from([("opponent".to_string(), serde_json::json!("human"))])
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jieqi-saves-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("game.json")
}

fn jieqi_game() -> AnyGame {
    let mut game: AnyGame = Jieqi::from_seed(Seed(3)).into();
    for m in ["b2b9", "h9g7", "h2e2"] {
        game.play(mv(m)).unwrap();
    }
    game
}

#[test]
fn jieqi_round_trip_through_a_file() {
    let game = jieqi_game();
    let path = scratch("jieqi");
    SavedGame::of(&game, settings())
        .write_atomic(&path)
        .unwrap();
    let (saved, loaded) = SavedGame::load(&path).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(saved.settings, settings());
    assert_eq!(saved.seed.as_deref(), Some("3"));
    let tmp = path.with_file_name("game.json.tmp");
    assert!(!tmp.exists(), "the temporary file is renamed away");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"moves\""), "human-readable: {text}");
}

#[test]
fn endings_and_handicaps_round_trip() {
    let mut resigned = jieqi_game();
    resigned.resign(Side::Black).unwrap();
    let mut drawn: AnyGame =
        Xiangqi::with_handicap(Handicap::BothHorses { giver: Side::Red }).into();
    drawn.play(mv("h2e2")).unwrap();
    drawn.agree_draw().unwrap();
    let from_fen: AnyGame = Jieqi::from_full_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - 0 1")
        .unwrap()
        .into();
    // game.md, "Clocks": a fallen flag loses, and the save says so.
    let mut flagged = jieqi_game();
    flagged.lose_on_time(Side::Red).unwrap();
    assert_eq!(
        flagged.outcome(),
        Some(jieqi_rules::Outcome::Win {
            winner: Side::Black,
            reason: jieqi_rules::WinReason::Time
        })
    );
    for game in [
        flagged,
        resigned,
        drawn,
        from_fen,
        AnyGame::Xiangqi(Xiangqi::default()),
    ] {
        let json = SavedGame::of(&game, BTreeMap::new()).to_json();
        let back = SavedGame::from_json(&json).unwrap().restore().unwrap();
        assert_eq!(back, game, "{json}");
        assert_eq!(back.outcome(), game.outcome());
    }
}

fn load_text(text: &str) -> Result<AnyGame, SaveError> {
    SavedGame::from_json(text)?.restore()
}

#[test]
fn every_kind_of_damage_has_its_error() {
    let good = SavedGame::of(&jieqi_game(), settings()).to_json();
    let edit = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1)
    };
    type Check = fn(&SaveError) -> bool;
    let cases: Vec<(String, Check)> = vec![
        (String::new(), |e| matches!(e, SaveError::Empty)),
        (good[..good.len() / 2].to_string(), |e| {
            matches!(e, SaveError::Truncated)
        }),
        ("{ this is not json".into(), |e| {
            matches!(e, SaveError::NotJson { .. })
        }),
        ("[1, 2, 3]".into(), |e| matches!(e, SaveError::NotASave)),
        (r#"{"format": "something-else"}"#.into(), |e| {
            matches!(e, SaveError::NotASave)
        }),
        (edit("\"version\": 1", "\"version\": 7"), |e| {
            matches!(
                e,
                SaveError::FutureVersion {
                    found: 7,
                    supported: 1
                }
            )
        }),
        (edit("\"version\": 1", "\"version\": \"one\""), |e| {
            matches!(e, SaveError::BadField(_))
        }),
        (
            edit("\"variant\": \"jieqi\"", "\"variant\": \"chess\""),
            |e| matches!(e, SaveError::BadField(_)),
        ),
        (edit("\"seed\": \"3\"", "\"seed\": \"!!\""), |e| {
            matches!(e, SaveError::BadSeed(_))
        }),
        (edit("\"b2b9\"", "\"b2b\""), |e| {
            matches!(e, SaveError::BadMove { ply: 1, .. })
        }),
        (edit("\"h9g7\"", "\"h9h5\""), |e| {
            matches!(e, SaveError::IllegalMove { ply: 2, .. })
        }),
        (edit("\"moves\"", "\"extra\": 1, \"moves\""), |e| {
            matches!(e, SaveError::BadField(_))
        }),
        (
            edit("\"variant\": \"jieqi\"", "\"variant\": \"xiangqi\""),
            |e| matches!(e, SaveError::SeedWithoutJieqi(_)),
        ),
        // Hostile input (issue 23): a version no build ever wrote, a start that a seed
        // would silently override, a long value quoted back whole.
        (edit("\"version\": 1", "\"version\": 0"), |e| {
            matches!(e, SaveError::BadField(_))
        }),
        (
            edit(
                "\"seed\": \"3\"",
                "\"seed\": \"3\", \"start\": \"4k4/9/9/9/9/9/9/9/9/R2K5 w - 0 1\"",
            ),
            |e| matches!(e, SaveError::SeedAndStart),
        ),
        (
            edit(
                "\"variant\": \"jieqi\"",
                &format!("\"variant\": \"{}\"", "z".repeat(100_000)),
            ),
            |e| matches!(e, SaveError::BadField(_)) && e.to_string().chars().count() < 250,
        ),
        (
            edit("\"b2b9\"", &format!("\"{}\"", "b".repeat(100_000))),
            |e| {
                matches!(e, SaveError::BadMove { ply: 1, .. })
                    && e.to_string().chars().count() < 120
            },
        ),
    ];
    for (text, check) in cases {
        let err = load_text(&text).expect_err(&text);
        assert!(check(&err), "{text}\n→ {err:?}");
        assert!(!err.to_string().is_empty());
    }
    // A missing file and a binary one.
    let path = scratch("damaged");
    assert!(matches!(
        SavedGame::load(&path.with_file_name("absent.json")),
        Err(SaveError::Io(_))
    ));
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    assert!(matches!(SavedGame::load(&path), Err(SaveError::NotASave)));
}

#[test]
fn an_ending_after_the_game_was_over_is_refused() {
    let start = jieqi_rules::Setup::parse_fen("4k4/9/9/9/3N5/9/4C4/9/9/3K5 w - - 0 1").unwrap();
    let mut game: AnyGame = Xiangqi::from_setup(&start).unwrap().into();
    game.play(mv("d5e7")).unwrap(); // horse-cannon mate
    assert!(game.is_over());
    let mut saved = SavedGame::of(&game, BTreeMap::new());
    assert_eq!(saved.restore().unwrap(), game);
    saved.ending = Some(jieqi_rules::Ending::Resigned(Side::Black));
    assert!(matches!(saved.restore(), Err(SaveError::BadEnding)));
    saved.ending = None;
    saved.moves.push("e9d9".into());
    assert!(matches!(
        saved.restore(),
        Err(SaveError::IllegalMove { ply: 2, .. })
    ));
}
