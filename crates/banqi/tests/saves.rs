//! Saved Banqi games: the shared envelope, every turn re-checked on load, damage refused with
//! its reason (rules.md §8, §11).

use std::collections::BTreeMap;

use jieqi_banqi::{Banqi, BanqiSave, Seat, Seed};

fn game() -> Banqi {
    let mut game = Banqi::from_seed(Seed(42))
        .under("cannon=also-step".parse().unwrap())
        .unwrap();
    for t in ["a1", "b1", "c1", "d1"] {
        game.play(t.parse().unwrap()).unwrap();
    }
    game
}

fn load(json: &str) -> Result<Banqi, String> {
    BanqiSave::from_json(json)
        .and_then(|s| s.restore())
        .map_err(|e| e.to_string())
}

#[test]
fn a_save_restores_the_very_game() {
    let mut settings = BTreeMap::new();
    settings.insert("opponent".to_string(), serde_json::json!("human"));
    let game = game();
    let save = BanqiSave::of(&game, settings.clone());
    let json = save.to_json();
    assert!(json.contains("\"variant\": \"banqi\""), "{json}");
    assert!(json.contains("\"seed\": \"1A\""), "{json}");
    assert!(json.contains("\"rules\": \"cannon=also-step\""), "{json}");
    let back = BanqiSave::from_json(&json).unwrap();
    assert_eq!(back.settings, settings);
    assert_eq!(back.restore().unwrap(), game);

    // A resignation is part of the save.
    let mut resigned = game.clone();
    resigned.resign(Seat::Second).unwrap();
    let json = BanqiSave::of(&resigned, BTreeMap::new()).to_json();
    assert_eq!(load(&json).unwrap(), resigned);

    // A game set up from a full-knowledge text keeps its start instead of a seed.
    let text = "?R?r6/8/8/K6k f r 0 9";
    let set_up = Banqi::from_full_text(text).unwrap();
    let json = BanqiSave::of(&set_up, BTreeMap::new()).to_json();
    assert!(json.contains("\"start\""), "{json}");
    assert_eq!(load(&json).unwrap(), set_up);
}

#[test]
fn damaged_saves_are_refused_with_their_reason() {
    let json = BanqiSave::of(&game(), BTreeMap::new()).to_json();
    let cases = [
        (String::new(), "the save file is empty"),
        (json[..json.len() / 2].to_string(), "ends too early"),
        (
            json.replace("\"banqi\"", "\"chess\""),
            "variant 'chess' is not banqi",
        ),
        (
            json.replace("\"1A\"", "\"U\""),
            "seed 'U' is not a seed code",
        ),
        (
            json.replace("\"c1\"", "\"z9\""),
            "move 3 'z9' in the save is not allowed",
        ),
        (
            json.replace("\"b1\"", "\"a1\""),
            "move 2 'a1' in the save is not allowed",
        ),
        (
            json.replace("\"cannon=also-step\"", "\"cannon=fly\""),
            "the save's rules",
        ),
        (
            json.replace("\"ending\": null", "\"ending\": \"draw_agreed\", \"x\": 1"),
            "unknown field",
        ),
        (
            json.replace("\"version\": 1", "\"version\": 9"),
            "newer version",
        ),
    ];
    for (text, expected) in cases {
        let err = load(&text).unwrap_err();
        assert!(err.contains(expected), "{expected}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
}
