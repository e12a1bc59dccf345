//! Languages, the font that must draw them, the rules screen and the letters-only piece set.

mod common;

use bevy::prelude::*;
use common::*;
use jieqi_ai::Level;
use jieqi_game::autosave;
use jieqi_game::font::FONT_BYTES;
use jieqi_game::hud::model::HudModel;
use jieqi_game::hud::rules::sections;
use jieqi_game::i18n::{Language, Text};
use jieqi_game::pieces::art::{Face, PieceText};
use jieqi_game::records::{RecordBox, record_text};
use jieqi_game::session::{BrowseTo, DealChoice, GameCommand, GameConfig, Hint, Opponent, Session};
use jieqi_game::settings::{PieceSet, Settings};
use jieqi_game::stats::StatsModel;
use jieqi_game::storage::StorageNotices;
use jieqi_rules::{AnyGame, Family, Notation, Role, RuleSet, Setup, Side, Xiangqi};
use skrifa::{FontRef, MetadataProvider};

fn set_language(app: &mut App, lang: Language) {
    app.world_mut().resource_mut::<Settings>().language = lang;
    settle(app);
}

fn hud(app: &App) -> HudModel {
    app.world().resource::<HudModel>().clone()
}

/// The blanks `{name}` of a text.
fn blanks(text: &str) -> Vec<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .collect()
}

/// The words of the English column that `lang` says differently: whole texts, and the
/// pieces of a text between its blanks (long enough not to be a name or a code).
fn english_words_for(lang: Language) -> Vec<&'static str> {
    Text::ALL
        .iter()
        .filter(|t| t.get(Language::English) != t.get(lang))
        .flat_map(|t| {
            t.get(Language::English)
                .split(['{', '}'])
                .enumerate()
                // Odd pieces are blank names.
                .filter(|(i, _)| i % 2 == 0)
                .map(|(_, piece)| piece.trim_matches(|c: char| !c.is_alphanumeric()))
                .filter(|piece| piece.chars().filter(|c| c.is_alphabetic()).count() >= 4)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `words` stand in `text` as words of their own, not as part of a longer word.
fn says(text: &str, words: &str) -> bool {
    text.match_indices(words).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + words.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

fn assert_no_english(texts: &[String], lang: Language, situation: &str) {
    let english = english_words_for(lang);
    for text in texts {
        for word in &english {
            assert!(
                !says(text, word),
                "{lang:?}, {situation}: {text:?} contains the English {word:?}"
            );
        }
    }
}

#[test]
fn every_key_has_a_text_in_every_language_with_the_same_blanks() {
    assert!(Text::ALL.len() > 100);
    for &key in Text::ALL {
        let english = blanks(key.get(Language::English));
        for lang in Language::ALL {
            let text = key.get(lang);
            assert!(!text.trim().is_empty(), "{key:?} is empty in {lang:?}");
            for blank in blanks(text) {
                assert!(
                    english.contains(&blank),
                    "{key:?} in {lang:?} has a blank {{{blank}}} English lacks"
                );
            }
        }
    }
}

#[test]
fn the_panels_speak_german_and_chinese_without_a_word_of_english() {
    // The check itself finds English.
    let english = english_words_for(Language::German);
    assert!(english.iter().any(|w| says("Red to move — check!", w)));
    for lang in [Language::German, Language::Chinese] {
        // Game start.
        let mut app = xiangqi(false);
        set_language(&mut app, lang);
        assert_no_english(&hud(&app).texts(), lang, "start");
        // A refused move says why.
        click(&mut app, "b0");
        click(&mut app, "d1");
        let h = hud(&app);
        assert!(h.hint.is_some());
        assert_no_english(&h.texts(), lang, "refusal");
        // A draw offer.
        command(&mut app, GameCommand::OfferDraw(Side::Red));
        let h = hud(&app);
        assert!(h.draw_offer.is_some());
        assert_no_english(&h.texts(), lang, "draw offer");

        // Check.
        let setup = Setup::parse_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
        let game = Xiangqi::from_setup(&setup).unwrap();
        let mut app = app_with(AnyGame::from(game), xiangqi_config(), false);
        set_language(&mut app, lang);
        let h = hud(&app);
        assert!(h.players[1].in_check);
        assert_no_english(&h.texts(), lang, "check");

        // The handoff cover.
        let mut app = jieqi(false);
        set_language(&mut app, lang);
        click(&mut app, "h0");
        click(&mut app, "g2");
        settle(&mut app);
        read_the_reveal(&mut app);
        let h = hud(&app);
        assert!(h.cover.is_some());
        assert_no_english(&h.texts(), lang, "cover");

        // The result card, with every hidden piece.
        let mut app = jieqi(false);
        set_language(&mut app, lang);
        command(&mut app, GameCommand::Resign(Side::Red));
        let h = hud(&app);
        assert!(h.result.as_ref().is_some_and(|r| !r.reveal.is_empty()));
        assert_no_english(&h.texts(), lang, "result");
    }
}

fn stats_texts(app: &App) -> Vec<String> {
    let model = app.world().resource::<StatsModel>();
    let mut texts: Vec<String> = model.columns.iter().map(|c| c.to_string()).collect();
    texts.extend(model.empty.map(str::to_string));
    texts.extend(model.lines.iter().map(|l| l.label.clone()));
    texts.extend(model.notes.iter().map(|n| n.to_string()));
    texts
}

fn record_message(app: &App, lang: Language) -> String {
    let record_box = app.world().resource::<RecordBox>();
    record_box.message.as_ref().expect("a message").say(lang)
}

/// The screens merged after the catalogue: take-backs, analysis, records, the resume offer,
/// file notices and statistics.
#[test]
fn the_later_screens_speak_german_and_chinese_too() {
    for lang in [Language::German, Language::Chinese] {
        // A take-back request and the analysis line.
        let mut app = xiangqi(false);
        set_language(&mut app, lang);
        click(&mut app, "h2");
        click(&mut app, "e2");
        click(&mut app, "h9");
        click(&mut app, "g7");
        command(&mut app, GameCommand::RequestTakeBack(Side::Black));
        let h = hud(&app);
        assert!(h.takeback_request.is_some());
        assert_no_english(&h.texts(), lang, "take-back request");
        command(&mut app, GameCommand::AnswerTakeBack { accept: false });
        command(&mut app, GameCommand::Browse(BrowseTo::First));
        let h = hud(&app);
        assert!(h.browsing.is_some());
        assert_no_english(&h.texts(), lang, "browsing");

        // Statistics: empty, then with a finished game.
        let mut texts = stats_texts(&app);
        command(&mut app, GameCommand::Browse(BrowseTo::Last));
        command(&mut app, GameCommand::Resign(Side::Red));
        settle(&mut app);
        texts.extend(stats_texts(&app));
        assert!(texts.len() > 5, "{texts:?}");
        assert_no_english(&texts, lang, "statistics");

        // Records and FENs that cannot be loaded, and one that can.
        let jieqi_app = jieqi(false);
        let running_jieqi = record_text(shown(&jieqi_app).view().unwrap(), Notation::Wxf);
        let mut app = xiangqi(false);
        let mut texts = Vec::new();
        for load in [
            GameCommand::LoadRecord("1. h2e2 h2e2".into()),
            GameCommand::LoadRecord(running_jieqi),
            GameCommand::LoadFen(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".into(),
            ),
            GameCommand::LoadFen(
                "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w".into(),
            ),
        ] {
            command(&mut app, load);
            texts.push(record_message(&app, lang));
        }
        assert!(texts[1].contains(Text::RecordNoSeed.get(lang)), "{texts:?}");
        assert_eq!(texts[2], Text::RecordLoaded.get(lang));
        assert!(texts[3].contains(Text::FenHidden.get(lang)), "{texts:?}");
        assert_no_english(&texts, lang, "record messages");

        // The resume offer's preview, against the computer and for two players.
        for opponent in [
            Opponent::TwoPlayers,
            Opponent::Computer {
                level: Level::Club,
                human: Side::Black,
            },
        ] {
            let mut session = Session::new(GameConfig {
                variant: jieqi_variants::of_kind(Family::Jieqi),
                deal: DealChoice::Random,
                opponent,
                ..xiangqi_config()
            });
            session.play_texts(["h2e2"]).unwrap();
            let (_, preview) = autosave::read(&autosave::record(&session).unwrap()).unwrap();
            assert_no_english(&[preview.say(lang)], lang, "resume preview");
        }

        // A damaged file (its reason is the parser's detail, in English by design).
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.json");
        std::fs::write(&path, "{").unwrap();
        let mut notices = StorageNotices::default();
        notices.damaged(&path, "EOF", Text::SaveFallback);
        let texts: Vec<String> = notices.messages.iter().map(|m| m.say(lang)).collect();
        assert_no_english(&texts, lang, "damaged file");
    }
}

#[test]
fn the_notice_about_a_pipe_or_folder_is_translated_too() {
    for lang in [Language::German, Language::Chinese] {
        let mut notices = StorageNotices::default();
        let path = std::path::Path::new("settings.json");
        notices.not_a_file(path, "a named pipe", Text::SettingsFallback);
        let texts: Vec<String> = notices.messages.iter().map(|m| m.say(lang)).collect();
        assert_no_english(&texts, lang, "not a file");
    }
}

#[test]
fn kept_messages_follow_a_language_switch() {
    let mut app = xiangqi(false);
    command(&mut app, GameCommand::LoadFen("not a fen".into()));
    assert!(record_message(&app, Language::English).starts_with("FEN: "));
    let fen = shown(&app).view().unwrap().to_fen();
    command(&mut app, GameCommand::LoadFen(fen));
    assert_eq!(
        record_message(&app, Language::Chinese),
        "已載入：新的雙人對局"
    );
    command(&mut app, GameCommand::Resign(Side::Black));
    settle(&mut app);
    let label = |app: &App| app.world().resource::<StatsModel>().lines[0].label.clone();
    assert_eq!(label(&app), "Xiangqi 象棋 — two players");
    set_language(&mut app, Language::German);
    assert_eq!(label(&app), "Xiangqi 象棋 — zwei Spieler");
    assert_eq!(
        app.world().resource::<StatsModel>().columns,
        ["Partie", "Siege Rot", "Siege Schwarz", "Remis"]
    );
}

#[test]
fn the_chinese_panels_use_the_xiangqi_words() {
    let mut app = jieqi(false);
    set_language(&mut app, Language::Chinese);
    assert_eq!(hud(&app).status, "紅方走棋");
    command(&mut app, GameCommand::Resign(Side::Red));
    let card = hud(&app).result.unwrap();
    assert_eq!(card.headline, "黑方勝：紅方認輸");
    assert_eq!(card.players, "玩家一執紅，玩家二執黑");
}

#[test]
fn switching_the_language_speaks_the_new_one_at_once() {
    let mut app = xiangqi(false);
    click(&mut app, "b0");
    click(&mut app, "d1");
    assert_eq!(hud(&app).status, "Red to move");
    assert_eq!(
        hud(&app).hint.as_deref(),
        Some("the horse's leg is blocked")
    );
    app.world_mut().resource_mut::<Settings>().language = Language::German;
    app.update();
    assert_eq!(hud(&app).status, "Rot am Zug");
    assert_eq!(
        hud(&app).hint.as_deref(),
        Some("das Bein des Pferdes ist versperrt")
    );
    assert_eq!(
        app.world().resource::<Hint>().text.as_deref(),
        Some("das Bein des Pferdes ist versperrt")
    );
    assert_eq!(hud(&app).players[0].name, "Spieler 1 — Rot 紅");
}

/// Every text of every registered variant's own words (titles, options, reasons), in every
/// language.
fn variants_words() -> Vec<&'static str> {
    jieqi_variants::all()
        .flat_map(|variant| variant.words())
        .flat_map(|words| words.all())
        .collect()
}

/// Every variant speaks every language: its words are never blank, one line each, and (but
/// for a name) not the English in the other columns.
#[test]
fn every_variant_has_its_words_in_every_language() {
    for variant in jieqi_variants::all() {
        let words = variant.words();
        assert!(words.len() > 1, "{variant:?} lists its words");
        for w in words {
            for text in w.all() {
                assert!(!text.trim().is_empty() && !text.contains('\n'), "{w:?}");
            }
            assert!(
                w.chinese != w.english || w.english.chars().all(|c| c.is_ascii_digit()),
                "{variant:?}: {w:?} is not in Chinese"
            );
        }
    }
}

/// Every character the game may draw with the subset: the catalogue in all three languages,
/// the rules screen, both piece sets and the Chinese notation.
#[test]
fn the_font_subset_has_every_character_the_game_draws() {
    let font = FontRef::new(FONT_BYTES).expect("the subset is a font");
    let charmap = font.charmap();
    let mut texts: Vec<String> = Vec::new();
    for lang in Language::ALL {
        texts.extend(Text::ALL.iter().map(|t| t.get(lang).to_string()));
        for s in sections(lang) {
            texts.extend(s.title);
            texts.push(s.text);
        }
    }
    for side in Side::ALL {
        texts.extend(Role::ALL.map(|r| format!("{}{}", r.chinese(side), r.wxf_char())));
    }
    texts.push("楚河漢界".into());
    texts.extend(variants_words().into_iter().map(str::to_string));
    // A game with advances, retreats and traverses in Chinese notation.
    let mut app = xiangqi(false);
    for (from, to) in [
        ("h2", "e2"),
        ("h9", "g7"),
        ("b2", "b6"),
        ("i9", "h9"),
        ("b6", "b2"),
        ("b7", "b3"),
        ("a3", "a4"),
        ("b9", "c7"),
    ] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let view = shown(&app).view().cloned().unwrap();
    assert_eq!(view.moves.len(), 8, "the sample game was played");
    texts.extend(view.move_texts(Notation::Chinese));
    let missing: String = texts
        .iter()
        .flat_map(|t| t.chars())
        .filter(|c| !c.is_whitespace() && charmap.map(*c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "not in the font subset (run assets/fonts/make-subset.sh): {missing}"
    );
}

#[test]
fn the_rules_screen_speaks_every_language() {
    for lang in [Language::German, Language::Chinese] {
        let texts: Vec<String> = sections(lang)
            .into_iter()
            .flat_map(|s| s.title.into_iter().chain([s.text]))
            .collect();
        assert_no_english(&texts, lang, "rules");
    }
}

fn is_cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{2E80}'..='\u{9FFF}').contains(&c))
}

fn piece_texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&PieceText>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

#[test]
fn the_letters_piece_set_shows_no_chinese_character() {
    for mut app in [xiangqi(false), jieqi(false)] {
        assert!(piece_texts(&mut app).iter().any(|t| is_cjk(t)));
        app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::Letters;
        settle(&mut app);
        let texts = piece_texts(&mut app);
        assert_eq!(texts.len(), 32, "one letter a piece, no corner tags");
        assert!(texts.iter().all(|t| !is_cjk(t)), "{texts:?}");
        assert!(texts.iter().all(|t| "KAEHRCP".contains(t.as_str())));
    }
    // Captured pieces in the trays follow the set too.
    let mut app = xiangqi(false);
    app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::Letters;
    click(&mut app, "h2");
    click(&mut app, "h9");
    settle(&mut app);
    let h = hud(&app);
    assert_eq!(h.players[0].tray[0].label(h.piece_set), "H");
    // A hidden Jieqi piece's back shows the letter of the piece it moves as.
    let mut app = jieqi(false);
    app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::Letters;
    settle(&mut app);
    let down = pieces(&mut app)
        .into_iter()
        .filter(|p| matches!(p.face, Face::Down(_)))
        .count();
    assert_eq!(down, 30);
}

/// rules.md §10: the house rules in force, and every option's name, values and explanation,
/// are said in every language.
#[test]
fn house_rules_speak_every_language() {
    let rules = RuleSet::parse(
        Family::Jieqi,
        "captured=both, advisors=confined, no-capture-draw=60",
    )
    .unwrap();
    let config = GameConfig {
        rules: rules.values(),
        ..jieqi_config()
    };
    let mut app = app_with(config.new_game(), config, false);
    for lang in [Language::German, Language::Chinese] {
        set_language(&mut app, lang);
        let line = hud(&app).rules.expect("the house rules are shown");
        assert_no_english(std::slice::from_ref(&line), lang, "house rules line");
        for variant in Family::ALL {
            for option in RuleSet::options(variant) {
                let mut texts = vec![
                    jieqi_game::i18n::option_name(option).say(lang),
                    jieqi_game::i18n::option_about(option).say(lang),
                ];
                if let jieqi_rules::OptionKind::Choice(values) = option.kind {
                    texts.extend(
                        values
                            .iter()
                            .map(|c| jieqi_game::i18n::option_value(option, c.key).say(lang)),
                    );
                }
                assert_no_english(&texts, lang, option.key);
            }
        }
    }
    set_language(&mut app, Language::English);
    assert_eq!(
        hud(&app).rules.as_deref(),
        Some(
            "House rules: captured face-down pieces: both players, revealed advisors and \
             elephants: confined, draw without a capture: after 60 plies"
        )
    );
}

#[test]
fn the_abandon_question_and_the_face_down_refusal_speak_german_and_chinese() {
    for lang in [Language::German, Language::Chinese] {
        // Two players: the side to move's resignation.
        let mut app = xiangqi(false);
        set_language(&mut app, lang);
        click(&mut app, "h2");
        click(&mut app, "e2");
        command(&mut app, GameCommand::NewGame(xiangqi_config()));
        let h = hud(&app);
        assert!(h.abandon.is_some());
        assert_no_english(&h.texts(), lang, "abandon question");

        // Against the computer: the human's; and a take-back of a face-down capture the
        // human saw, refused by the settings.
        let config = GameConfig {
            variant: jieqi_variants::of_kind(Family::Jieqi),
            opponent: Opponent::Computer {
                level: Level::Beginner,
                human: Side::Red,
            },
            ..jieqi_config()
        };
        let mut game = config.new_game();
        for m in ["b2b9", "h9g7"] {
            game.play_text(m).unwrap();
        }
        let mut app = app_with(game, config, false);
        set_language(&mut app, lang);
        app.world_mut()
            .resource_mut::<Settings>()
            .face_down_takebacks = false;
        command(&mut app, GameCommand::RequestTakeBack(Side::Red));
        command(&mut app, GameCommand::NewGame(config));
        let h = hud(&app);
        assert!(h.hint.is_some() && h.abandon.is_some(), "{h:?}");
        assert_no_english(&h.texts(), lang, "abandon question, face-down refusal");
    }
}
