//! What the game keeps between runs, headless, each test in a fresh temporary folder: the
//! autosaved game and its resume offer, settings.json, stats.json, and damaged files —
//! hostile ones too: pipes and folders where a file should be, huge files and values.

use std::path::{Path, PathBuf};

mod common;
use common::*;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use jieqi_ai::Level;
use jieqi_game::autosave::{AnswerResume, OfferResume, ResumeOffer};
use jieqi_game::i18n::Language;
use jieqi_game::session::{GameCommand, GameConfig, Opponent, Session};
use jieqi_game::settings::{Settings, SettingsOverrides};
use jieqi_game::states::Phase;
use jieqi_game::stats::{ResetStats, Stats, StatsModel, Tally};
use jieqi_game::storage::{DiskWriter, StorageDirs, StorageNotices};
use jieqi_rules::{
    AnyGame, Family, FamilyGame, Jieqi, Move, Notation, Role, SavedGame, Seed, Setup, Side, Xiangqi,
};

/// A headless app keeping its files in `dir`, around `session`; `extra` adds resources
/// (what the command line would) before the plugins.
fn app_in(dir: &Path, session: Session, extra: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ));
    app.insert_resource(StorageDirs::in_dir(dir));
    app.insert_resource(session);
    extra(&mut app);
    app.add_plugins(jieqi_game::logic_plugin);
    settle(&mut app);
    app
}

fn fresh_app(dir: &Path) -> App {
    app_in(dir, Session::default(), |_| {})
}

fn play(app: &mut App, iccs: &str) {
    command(
        app,
        GameCommand::Move(Move::parse_iccs(iccs).unwrap().into()),
    );
    settle_long(app);
}

fn flush(app: &App) {
    app.world().resource::<DiskWriter>().flush();
}

fn autosave(dir: &Path) -> PathBuf {
    dir.join("autosave.json")
}

/// The resume offer's preview, in English.
fn preview(app: &App) -> Option<String> {
    app.world()
        .resource::<ResumeOffer>()
        .preview()
        .map(|p| p.say(Language::English))
}

/// The notices about files, in English.
fn notices(app: &App) -> Vec<String> {
    let notices = app.world().resource::<StorageNotices>();
    notices
        .messages
        .iter()
        .map(|m| m.say(Language::English))
        .collect()
}

fn answer(app: &mut App, resume: bool) {
    app.world_mut().write_message(AnswerResume { resume });
    settle_long(app);
}

/// The files in `dir` whose names start with `prefix`.
fn files_starting(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .collect()
}

fn jieqi_session(game: Jieqi) -> Session {
    Session::from_game(AnyGame::from(game), jieqi_config())
}

#[test]
fn a_move_writes_a_loadable_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    // Nothing has happened yet: nothing is written.
    flush(&app);
    assert!(!autosave(dir.path()).exists());
    play(&mut app, "h2e2");
    flush(&app);
    let (saved, game) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert_eq!(saved.moves, vec!["h2e2"]);
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn resuming_restores_the_same_position_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    play(&mut app, "h2e2");
    play(&mut app, "h9g7");
    let before = shown(&app).view().cloned().unwrap();
    drop(app);

    let mut app = fresh_app(dir.path());
    assert_eq!(
        preview(&app).as_deref(),
        Some("Xiangqi 象棋 — two players — 2 moves played")
    );
    // The fresh board is on the table until the player answers.
    assert_eq!(view_plies(&app), 0);
    answer(&mut app, true);
    assert_eq!(preview(&app), None);
    let after = shown(&app).view().cloned().unwrap();
    assert_eq!(after.moves, before.moves);
    assert_eq!(after.position.to_fen(), before.position.to_fen());
    assert_eq!(phase(&app), Phase::AwaitInput);
    // And play goes on, saved as before.
    play(&mut app, "h0g2");
    flush(&app);
    let (saved, _) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert_eq!(saved.moves, vec!["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn a_resumed_game_against_the_computer_keeps_its_table() {
    let dir = tempfile::tempdir().unwrap();
    let config = GameConfig {
        opponent: Opponent::Computer {
            level: Level::Beginner,
            human: Side::Red,
        },
        ..xiangqi_config()
    };
    // Resigned at once: the computer never gets to think, and the game is over.
    let mut session = Session::new(config);
    session.play_texts(["h2e2"]).unwrap();
    let mut app = app_in(dir.path(), session, |_| {});
    command(&mut app, GameCommand::Resign(Side::Red));
    flush(&app);
    let (saved, game) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert!(game.is_over());
    assert_eq!(saved.settings["table"]["computer"], "Beginner");
    drop(app);
    // A finished game is not offered.
    let app = fresh_app(dir.path());
    assert_eq!(preview(&app), None);
}

#[test]
fn a_resumed_jieqi_game_on_one_screen_comes_up_covered() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in(dir.path(), jieqi_session(Jieqi::from_seed(Seed(7))), |_| {});
    play(&mut app, "h2e2");
    drop(app);

    let mut app = fresh_app(dir.path());
    assert_eq!(
        preview(&app).as_deref(),
        Some("Jieqi 揭棋 — two players — 1 move played")
    );
    answer(&mut app, true);
    assert_eq!(phase(&app), Phase::Handoff);
    assert_eq!(shown(&app).view(), None);
    assert_eq!(shown(&app).pass_to, Some(Side::Black));
    command(&mut app, GameCommand::Ready);
    let view = shown(&app).view().cloned().unwrap();
    assert_eq!(view.viewer, Side::Black);
    assert_eq!(view.moves.len(), 1);
}

/// Seed 7's deal with the identities of Red's first two differing hidden pieces on rank 0
/// swapped: the same public board, one hidden difference.
fn swapped_deal() -> (Jieqi, Jieqi) {
    let original = Jieqi::from_seed(Seed(7));
    let fen = original.start_full_fen();
    let (placement, rest) = fen.split_once(' ').unwrap();
    let (upper, rank0) = placement.rsplit_once('/').unwrap();
    let mut cells: Vec<char> = rank0.chars().collect();
    let hidden: Vec<usize> = (0..cells.len() - 1)
        .filter(|&i| cells[i] == 'X' && cells[i + 1].is_ascii_uppercase())
        .map(|i| i + 1)
        .collect();
    let first = hidden[0];
    let other = *hidden[1..]
        .iter()
        .find(|&&i| cells[i] != cells[first])
        .unwrap();
    cells.swap(first, other);
    let rank0: String = cells.into_iter().collect();
    let swapped = Jieqi::from_full_fen(&format!("{upper}/{rank0} {rest}")).unwrap();
    let original = Jieqi::from_full_fen(&fen).unwrap();
    (original, swapped)
}

#[test]
fn the_resume_preview_shows_nothing_of_the_deal() {
    let (a, b) = swapped_deal();
    assert_ne!(a.start_full_fen(), b.start_full_fen());
    let previews: Vec<(String, String)> = [a, b]
        .into_iter()
        .map(|game| {
            let dir = tempfile::tempdir().unwrap();
            let mut app = app_in(dir.path(), jieqi_session(game), |_| {});
            play(&mut app, "h2e2");
            drop(app);
            let app = fresh_app(dir.path());
            let debug = format!("{:?}", app.world().resource::<ResumeOffer>());
            (preview(&app).unwrap(), debug)
        })
        .collect();
    assert_eq!(previews[0], previews[1]);
    for (preview, debug) in &previews {
        for side in Side::ALL {
            for role in Role::ALL {
                assert!(!preview.contains(role.chinese(side)), "{preview}");
                assert!(!debug.contains(role.chinese(side)), "{debug}");
            }
        }
        assert!(!debug.contains("XR") && !debug.contains("seed"), "{debug}");
    }
}

#[test]
fn a_damaged_autosave_is_reported_set_aside_and_a_fresh_game_starts() {
    let mut valid = Session::default();
    valid.play_texts(["h2e2"]).unwrap();
    let valid = jieqi_game::autosave::record(&valid).unwrap();
    let damaged = [
        ("empty", String::new()),
        ("truncated", valid[..valid.len() / 2].to_string()),
        ("not JSON", "this is not a saved game".to_string()),
        (
            "wrong version",
            valid.replace("\"version\": 1,", "\"version\": 99,"),
        ),
        ("illegal move", valid.replace("h2e2", "h2h8")),
        (
            "table damaged",
            valid.replace("\"player_one\": \"red\"", "\"player_one\": \"green\""),
        ),
        ("no table", valid.replace("\"table\"", "\"tablet\"")),
    ];
    for (what, bytes) in damaged {
        assert_ne!(bytes, valid, "{what}: the damage must change the file");
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(autosave(dir.path()), &bytes).unwrap();
        let mut app = fresh_app(dir.path());
        let messages = notices(&app);
        assert_eq!(messages.len(), 1, "{what}: {messages:?}");
        assert!(
            messages[0].starts_with("autosave.json is damaged (")
                && messages[0].contains("kept as autosave.damaged-")
                && messages[0].ends_with("A new game starts."),
            "{what}: {}",
            messages[0]
        );
        assert!(!autosave(dir.path()).exists(), "{what}");
        let aside = files_starting(dir.path(), "autosave.damaged-");
        assert_eq!(aside.len(), 1, "{what}");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), bytes, "{what}");
        assert_eq!(preview(&app), None, "{what}");
        assert_eq!(phase(&app), Phase::AwaitInput, "{what}");
        assert_eq!(view_plies(&app), 0, "{what}");
        // The new game is saved as usual, beside the damaged file.
        play(&mut app, "b2e2");
        flush(&app);
        assert!(SavedGame::load(&autosave(dir.path())).is_ok(), "{what}");
        assert_eq!(files_starting(dir.path(), "autosave.damaged-"), aside);
    }
}

#[test]
fn a_game_named_on_the_command_line_keeps_the_saved_game_until_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    play(&mut app, "h2e2");
    drop(app);
    let kept = std::fs::read_to_string(autosave(dir.path())).unwrap();

    // `jieqi --variant jieqi`: that game starts, no offer.
    let jieqi = || jieqi_session(Jieqi::from_seed(Seed(7)));
    let app = app_in(dir.path(), jieqi(), |app| {
        app.insert_resource(OfferResume(false));
    });
    assert_eq!(preview(&app), None);
    assert_eq!(shown(&app).variant.kind(), Some(Family::Jieqi));
    drop(app);
    assert_eq!(std::fs::read_to_string(autosave(dir.path())).unwrap(), kept);

    // Declining the offer, even starting another game, keeps it until a move is made.
    let mut app = fresh_app(dir.path());
    answer(&mut app, false);
    command(&mut app, GameCommand::NewGame(jieqi_config()));
    flush(&app);
    assert_eq!(std::fs::read_to_string(autosave(dir.path())).unwrap(), kept);
    play(&mut app, "h2e2");
    flush(&app);
    let (saved, _) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert_eq!(saved.variant, Family::Jieqi);
}

#[test]
fn a_move_on_the_fresh_board_declines_the_offer() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    play(&mut app, "h2e2");
    drop(app);
    let mut app = fresh_app(dir.path());
    assert!(preview(&app).is_some());
    play(&mut app, "b2e2");
    assert_eq!(preview(&app), None);
    flush(&app);
    let (saved, _) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert_eq!(saved.moves, vec!["b2e2"]);
}

#[test]
fn settings_round_trip_through_their_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.coordinates = false;
        settings.notation = Notation::Iccs;
        settings.takeback_consent = false;
    }
    settle(&mut app);
    let changed = app.world().resource::<Settings>().clone();
    drop(app);
    assert!(dir.path().join("settings.json").exists());

    // `--no-animations` wins for the run, but is not written back.
    let mut app = app_in(dir.path(), Session::default(), |app| {
        app.insert_resource(SettingsOverrides {
            animations: Some(false),
            ..SettingsOverrides::default()
        });
    });
    let loaded = app.world().resource::<Settings>().clone();
    assert_eq!(
        loaded,
        Settings {
            animations: false,
            ..changed.clone()
        }
    );
    app.world_mut().resource_mut::<Settings>().letters = false;
    settle(&mut app);
    drop(app);
    let app = fresh_app(dir.path());
    assert_eq!(
        *app.world().resource::<Settings>(),
        Settings {
            letters: false,
            ..changed
        }
    );
    assert!(notices(&app).is_empty());
}

#[test]
fn a_damaged_settings_file_gives_the_defaults_and_a_message() {
    for bytes in ["", "{\"animations\": \"yes\"}", "{not json"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, bytes).unwrap();
        let app = fresh_app(dir.path());
        assert_eq!(*app.world().resource::<Settings>(), Settings::default());
        let messages = notices(&app);
        assert_eq!(messages.len(), 1, "{bytes}: {messages:?}");
        assert!(
            messages[0].starts_with("settings.json is damaged (")
                && messages[0].ends_with("The game starts with the default settings."),
            "{}",
            messages[0]
        );
        let aside = files_starting(dir.path(), "settings.damaged-");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), bytes);
    }
}

fn stats(app: &App) -> &Stats {
    app.world().resource::<Stats>()
}

fn won(red_wins: u32, black_wins: u32, draws: u32) -> Tally {
    Tally {
        red_wins,
        black_wins,
        draws,
    }
}

#[test]
fn a_finished_game_counts_once_per_variant_and_opponent_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = fresh_app(dir.path());
    command(&mut app, GameCommand::Resign(Side::Red));
    settle_long(&mut app);
    let xiangqi = (jieqi_variants::of_kind(Family::Xiangqi), None);
    assert_eq!(stats(&app).tally(xiangqi), won(0, 1, 0));
    // Another game against the computer, resigned by the computer's opponent.
    let config = GameConfig {
        variant: jieqi_variants::of_kind(Family::Jieqi),
        opponent: Opponent::Computer {
            level: Level::Casual,
            human: Side::Red,
        },
        ..jieqi_config()
    };
    command(&mut app, GameCommand::NewGame(config));
    command(&mut app, GameCommand::Resign(Side::Red));
    settle_long(&mut app);
    let jieqi_casual = (jieqi_variants::of_kind(Family::Jieqi), Some(Level::Casual));
    assert_eq!(stats(&app).tally(jieqi_casual), won(0, 1, 0));
    assert_eq!(stats(&app).tally(xiangqi), won(0, 1, 0));
    let model = app.world().resource::<StatsModel>().clone();
    assert_eq!(model.lines.len(), 2);
    assert!(
        model
            .lines
            .iter()
            .any(|l| l.label == "Jieqi 揭棋 — computer (Casual)" && l.tally == won(0, 1, 0))
    );
    drop(app);

    // After a restart: the counts are back, and the finished game on disk is not counted
    // again, nor when it is put on the table again from the command line.
    let mut finished = Session::default();
    finished.resign_now(Side::Black).unwrap();
    let app = app_in(dir.path(), finished, |_| {});
    assert_eq!(stats(&app).tally(xiangqi), won(0, 1, 0));
    assert_eq!(stats(&app).tally(jieqi_casual), won(0, 1, 0));
    assert_eq!(*app.world().resource::<StatsModel>(), model);
    drop(app);

    // Reset clears them, in the file too.
    let mut app = fresh_app(dir.path());
    app.world_mut().write_message(ResetStats);
    settle(&mut app);
    assert_eq!(*stats(&app), Stats::default());
    drop(app);
    let app = fresh_app(dir.path());
    assert_eq!(*stats(&app), Stats::default());
    assert!(app.world().resource::<StatsModel>().empty.is_some());
}

#[test]
fn a_result_taken_back_is_not_counted_but_the_final_one_is() {
    let dir = tempfile::tempdir().unwrap();
    // Red mates in one with the chariot: b0 to b9.
    let setup = Setup::parse_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
    let game: AnyGame = Xiangqi::from_setup(&setup).unwrap().into();
    let config = GameConfig {
        opponent: Opponent::Computer {
            level: Level::Beginner,
            human: Side::Red,
        },
        ..GameConfig::default()
    };
    let mut app = app_in(dir.path(), Session::from_game(game, config), |_| {});
    let kind = (
        jieqi_variants::of_kind(Family::Xiangqi),
        Some(Level::Beginner),
    );
    command(
        &mut app,
        GameCommand::Move(Move::new(sq("b0"), sq("b9")).into()),
    );
    settle_long(&mut app);
    assert_eq!(stats(&app).tally(kind), won(1, 0, 0));
    // Against the computer a take-back after the end is allowed: the mate is not final.
    command(&mut app, GameCommand::RequestTakeBack(Side::Red));
    settle_long(&mut app);
    assert_eq!(stats(&app).tally(kind), won(0, 0, 0));
    command(&mut app, GameCommand::Resign(Side::Red));
    settle_long(&mut app);
    assert_eq!(stats(&app).tally(kind), won(0, 1, 0));
}

#[test]
fn a_damaged_stats_file_is_reported_and_counting_starts_from_zero() {
    for bytes in ["[1, 2", "{\"version\": 2, \"rows\": []}", "\u{0}\u{1}"] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("stats.json"), bytes).unwrap();
        let mut app = fresh_app(dir.path());
        assert_eq!(*stats(&app), Stats::default());
        let messages = notices(&app);
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].ends_with("The counts start again from zero."));
        let aside = files_starting(dir.path(), "stats.damaged-");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), bytes);
        command(&mut app, GameCommand::Resign(Side::Black));
        drop(app);
        let app = fresh_app(dir.path());
        assert_eq!(
            stats(&app).tally((jieqi_variants::of_kind(Family::Xiangqi), None)),
            won(1, 0, 0)
        );
        assert!(notices(&app).is_empty());
    }
}

/// `f`'s answer, or a failure if it takes longer than `secs`: a regression that opens a pipe
/// fails the test instead of hanging it (the stuck thread ends with the test process). An
/// app in `f` runs its systems [`on_this_thread`], so that none is stuck on the task pool
/// every test shares.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(f()));
    answer
        .recv_timeout(std::time::Duration::from_secs(secs))
        .expect("it hung (opened a pipe?)")
}

/// Runs the schedules that read and write files on the thread that updates the app.
fn on_this_thread(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    app.edit_schedule(Startup, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
    app.edit_schedule(Update, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
}

/// [`fresh_app`], [`on_this_thread`].
fn fresh_app_alone(dir: &Path) -> App {
    app_in(dir, Session::default(), on_this_thread)
}

/// A named pipe at `path`, made by the system's `mkfifo`; the tests never open it.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.unwrap().success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(unix)]
#[test]
fn a_pipe_where_a_file_should_be_is_reported_left_alone_and_never_opened() {
    for (name, fallback) in [
        ("autosave.json", "A new game starts."),
        (
            "settings.json",
            "The game starts with the default settings.",
        ),
        ("stats.json", "The counts start again from zero."),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        mkfifo(&path);
        let root = dir.path().to_path_buf();
        let (messages, settings, stats, preview) = within(60, move || {
            let app = fresh_app_alone(&root);
            (
                notices(&app),
                app.world().resource::<Settings>().clone(),
                stats(&app).clone(),
                preview(&app),
            )
        });
        assert_eq!(
            messages,
            [format!(
                "{name} is not a file the game can read (a named pipe); it was left as it \
                 is. {fallback}"
            )]
        );
        assert_eq!(
            (settings, stats, preview),
            (Settings::default(), Stats::default(), None)
        );
        assert!(is_fifo(&path), "{name} is left where it is");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "{name}");
    }
    // The next save replaces the pipe by a rename, which never opens it.
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&autosave(dir.path()));
    let root = dir.path().to_path_buf();
    within(60, move || {
        let mut app = fresh_app_alone(&root);
        play(&mut app, "h2e2");
        flush(&app);
    });
    let (saved, _) = SavedGame::load(&autosave(dir.path())).unwrap();
    assert_eq!(saved.moves, vec!["h2e2"]);
}

#[cfg(unix)]
#[test]
fn a_link_to_an_endless_device_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let root = dir.path().to_path_buf();
    let messages = within(60, move || notices(&fresh_app_alone(&root)));
    assert_eq!(
        messages,
        [
            "stats.json is not a file the game can read (a device); it was left as it is. The \
          counts start again from zero."
        ]
    );
    assert!(std::fs::symlink_metadata(&path).unwrap().is_symlink());
}

#[cfg(unix)]
#[test]
fn a_pipe_with_the_temporary_name_does_not_stall_the_writer() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&dir.path().join("autosave.json.tmp"));
    let root = dir.path().to_path_buf();
    let messages = within(60, move || {
        let mut app = fresh_app_alone(&root);
        play(&mut app, "h2e2");
        flush(&app);
        settle(&mut app);
        notices(&app)
    });
    assert!(messages.is_empty(), "{messages:?}");
    assert!(SavedGame::load(&autosave(dir.path())).is_ok());
    assert!(!dir.path().join("autosave.json.tmp").exists());
}

#[cfg(unix)]
#[test]
fn the_record_window_does_not_open_a_pipe() {
    use jieqi_game::records::{RecordBox, RecordFile};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    mkfifo(&path);
    let typed = path.to_string_lossy().into_owned();
    let message = within(60, move || {
        let mut app = xiangqi(false);
        on_this_thread(&mut app);
        app.world_mut().resource_mut::<RecordBox>().path = typed;
        app.world_mut().write_message(RecordFile::Open);
        settle(&mut app);
        let record_box = app.world().resource::<RecordBox>();
        record_box
            .message
            .as_ref()
            .map(|m| m.say(Language::English))
    });
    assert_eq!(
        message,
        Some(format!(
            "Could not read {}: not a regular file (a named pipe)",
            path.display()
        ))
    );
}

#[test]
fn a_folder_where_the_save_goes_is_reported_and_a_failing_save_said_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(autosave(dir.path())).unwrap();
    let mut app = fresh_app(dir.path());
    assert_eq!(
        notices(&app),
        [
            "autosave.json is not a file the game can read (a folder); it was left as it is. \
          A new game starts."
        ]
    );
    play(&mut app, "h2e2");
    play(&mut app, "h9g7");
    flush(&app);
    settle(&mut app);
    let messages = notices(&app);
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[1].starts_with("Could not save autosave.json: "));
    assert!(autosave(dir.path()).is_dir());
}

/// `{"language": "XXX…"}` with `chars` X's.
fn long_language(chars: usize) -> String {
    format!("{{\"language\": \"{}\"}}", "X".repeat(chars))
}

/// A headless start (four frames) in `dir`: its notices and how long it took.
fn timed_start(dir: &Path) -> (Vec<String>, std::time::Duration) {
    let root = dir.to_path_buf();
    within(60, move || {
        let started = std::time::Instant::now();
        let app = fresh_app(&root);
        (notices(&app), started.elapsed())
    })
}

#[test]
fn a_long_value_in_a_file_gives_a_short_notice_and_a_quick_start() {
    // 3,000 characters, and nearly as much as a file may hold: the parser quotes the value,
    // the notice keeps its start and end.
    for chars in [3_000, 4_000_000] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("settings.json"), long_language(chars)).unwrap();
        let (messages, took) = timed_start(dir.path());
        assert_eq!(messages.len(), 1);
        let notice = &messages[0];
        assert!(notice.chars().count() < 400, "{chars}: {notice}");
        assert!(
            notice.starts_with("settings.json is damaged (unknown variant `XXX")
                && notice.contains("X…X")
                && notice.contains("expected one of `English`, `German`, `Chinese`")
                && notice.ends_with("The game starts with the default settings."),
            "{notice}"
        );
        assert!(took.as_millis() < 1000, "{chars} characters: {took:?}");
        let aside = files_starting(dir.path(), "settings.damaged-");
        assert_eq!(
            std::fs::metadata(&aside[0]).unwrap().len() as usize,
            chars + 16
        );
    }
}

#[test]
fn a_file_over_the_size_cap_is_set_aside_unread() {
    let cap = jieqi_game::storage::MAX_FILE_BYTES as usize;
    for name in ["settings.json", "autosave.json", "stats.json"] {
        let dir = tempfile::tempdir().unwrap();
        // 10 MB: valid JSON, but no file of the game's is that large.
        let bytes = long_language(10_000_000);
        std::fs::write(dir.path().join(name), &bytes).unwrap();
        let (messages, took) = timed_start(dir.path());
        assert_eq!(messages.len(), 1, "{name}: {messages:?}");
        let size = bytes.len();
        assert!(
            messages[0].starts_with(&format!(
                "{name} is damaged (too large: {size} bytes, more than the {cap} it may hold)"
            )),
            "{}",
            messages[0]
        );
        assert!(took.as_millis() < 1000, "{name}: {took:?}");
        let stem = name.trim_end_matches(".json");
        let aside = files_starting(dir.path(), &format!("{stem}.damaged-"));
        assert_eq!(std::fs::metadata(&aside[0]).unwrap().len() as usize, size);
    }
    // At the cap exactly, a file is still read.
    let dir = tempfile::tempdir().unwrap();
    let padded = format!("{{\"coordinates\": false{}}}", " ".repeat(cap - 22));
    assert_eq!(padded.len(), cap);
    std::fs::write(dir.path().join("settings.json"), padded).unwrap();
    let app = fresh_app(dir.path());
    assert!(notices(&app).is_empty());
    assert!(!app.world().resource::<Settings>().coordinates);
}

#[test]
fn counts_stop_at_the_largest_number_instead_of_wrapping() {
    let dir = tempfile::tempdir().unwrap();
    let row = |red_wins: u32, draws: u32| {
        format!(
            "{{\"variant\": \"xiangqi\", \"computer\": null, \"red_wins\": {red_wins}, \
             \"black_wins\": 0, \"draws\": {draws}}}"
        )
    };
    // Two rows of one kind (the game never writes that) add up beyond 2³² − 1.
    let file = format!(
        "{{\"version\": 1, \"rows\": [{}, {}]}}",
        row(4_000_000_000, u32::MAX),
        row(4_000_000_000, 1)
    );
    std::fs::write(dir.path().join("stats.json"), file).unwrap();
    let mut app = fresh_app(dir.path());
    assert!(notices(&app).is_empty());
    let xiangqi = (jieqi_variants::of_kind(Family::Xiangqi), None);
    assert_eq!(stats(&app).tally(xiangqi), won(u32::MAX, 0, u32::MAX));
    command(&mut app, GameCommand::Resign(Side::Black));
    settle_long(&mut app);
    assert_eq!(stats(&app).tally(xiangqi), won(u32::MAX, 0, u32::MAX));
    drop(app);
    let app = fresh_app(dir.path());
    assert_eq!(stats(&app).tally(xiangqi), won(u32::MAX, 0, u32::MAX));
}
