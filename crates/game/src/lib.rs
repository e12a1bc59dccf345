//! The desktop game: Xiangqi and Jieqi for two players on one screen or against the computer,
//! built with Bevy.
//!
//! One plugin per feature file, composed here. [`logic_plugin`] holds everything that needs
//! no window (the session, turn phases, input rules, pieces as entities, animations, the
//! panels' model): tests run it with `MinimalPlugins`. [`render_plugin`] adds what draws
//! (camera, board, meshes, font, mouse, egui panels). [`build_app`] puts a whole app
//! together from command-line [`LaunchOptions`].
//!
//! Hidden information: only [`session::Session`] holds the game (and so a Jieqi deal). It
//! publishes [`session::Shown`] — one player's `PlayerView`, or nothing while the handoff
//! cover is up — and every system that shows something reads that alone.
//!
//! Arrows point down: the session knows nothing of input, records, animation or panels; they
//! send it messages and read what it publishes. docs/architecture.md draws the
//! layout and says where a new screen, command or rule goes.

// An application: its modules' docs point at the private systems and types they explain.
#![allow(rustdoc::private_intra_doc_links)]

pub mod analysis;
pub mod autosave;
pub mod board;
pub mod cli;
pub mod clocks;
pub mod computer;
pub mod font;
pub mod frames;
pub mod hud;
pub mod i18n;
pub mod input;
pub mod layout;
pub mod online;
pub mod persist_ui;
pub mod pieces;
pub mod records;
pub mod reveal;
pub mod reveal_values;
pub mod review;
pub mod search_job;
pub mod session;
pub mod settings;
pub mod sound;
pub mod states;
pub mod stats;
pub mod storage;
pub mod suggestion;
pub mod theme;
pub mod tools;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::{PresentMode, WindowResolution};
use bevy::winit::WinitSettings;

pub use cli::LaunchOptions;
use cli::StartWindow;

/// The game's logic: no window, no GPU.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        states::plugin,
        settings::plugin,
        session::plugin,
        layout::plugin,
        input::plugin,
        pieces::plugin,
        hud::plugin,
        computer::plugin,
        suggestion::plugin,
        records::plugin,
        storage::plugin,
        autosave::plugin,
        stats::plugin,
    ))
    .add_plugins((
        reveal::plugin,
        reveal_values::plugin,
        review::plugin,
        sound::plugin,
        frames::plugin,
        clocks::plugin,
        online::plugin,
        analysis::plugin,
    ));
}

/// What draws and what reads the mouse (needs `DefaultPlugins`).
pub fn render_plugin(app: &mut App) {
    app.add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins((
            font::plugin,
            board::plugin,
            pieces::art::render_plugin,
            input::pointer_plugin,
            hud::ui::plugin,
            hud::rules::plugin,
            hud::settings_window::plugin,
            hud::house_rules::plugin,
            hud::record_window::plugin,
            persist_ui::plugin,
            tools::plugin,
            sound::render_plugin,
            frames::render_plugin,
        ))
        .add_plugins((
            hud::new_game_window::plugin,
            hud::online_window::plugin,
            analysis::render_plugin,
        ));
}

/// The whole app for `options`; `started` is when the process started (for `--bench-frames`).
pub fn build_app(options: &LaunchOptions, started: std::time::Instant) -> Result<App, String> {
    let session = options.session()?;
    let measuring = options.screenshot.is_some() || options.bench_frames.is_some();
    let mut app = App::new();
    let window = Window {
        title: i18n::Text::WindowTitle
            .get(options.language.unwrap_or_default())
            .into(),
        resolution: WindowResolution::new(options.size.0, options.size.1),
        // Test modes run under Xvfb without focus or vsync.
        present_mode: if measuring {
            PresentMode::AutoNoVsync
        } else {
            PresentMode::AutoVsync
        },
        ..default()
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            .set(RenderPlugin {
                // A picture or a timing must not catch shaders still compiling, and an app
                // that draws only when something changes must not either: no later frame
                // would come to show what was missing.
                synchronous_pipeline_compilation: true,
                ..default()
            }),
    );
    // Measuring runs draw frame after frame; a normal run only when something changes.
    app.insert_resource(if measuring {
        WinitSettings::continuous()
    } else {
        frames::reactive()
    });
    app.set_up(options, session);
    app.insert_resource(tools::ProcessStart(started));
    app.insert_resource(options.msaa);
    if let Some(path) = &options.screenshot {
        app.insert_resource(tools::ScreenshotPlan::new(path.clone()));
    }
    if let Some(at) = options.select {
        app.insert_resource(input::Preselect(jieqi_rules::platform::family::spot(at)));
    }
    if options.hint {
        app.insert_resource(tools::AskAtStart(suggestion::AskHint));
    }
    if options.reveal_values {
        app.insert_resource(tools::AskAtStart(reveal_values::AskRevealValues));
    }
    if options.review {
        app.insert_resource(tools::AskAtStart(review::ReviewCommand::Start));
    }
    if let Some(level) = options.play_on {
        app.insert_resource(tools::AskAtStart(session::GameCommand::PlayOn(level)));
    }
    if let Some(command) = options.online_command() {
        app.insert_resource(tools::AskAtStart(command));
        // A script that starts a host reads the address and the invite from stdout.
        app.insert_resource(online::AnnounceInvite);
    }
    if let Some(name) = &options.online_name {
        app.insert_resource(online::RunName(name.clone()));
    }
    if let Some(frames) = options.bench_frames {
        app.insert_resource(tools::BenchPlan::new(frames));
    }
    if let Some(seconds) = options.idle_report {
        app.insert_resource(tools::IdlePlan::new(seconds));
    }
    app.add_plugins((logic_plugin, render_plugin));
    Ok(app)
}

trait SetUp {
    fn set_up(&mut self, options: &LaunchOptions, session: session::Session);
}

impl SetUp for App {
    /// The session, the settings, the files kept and the mode selector as the options say.
    fn set_up(&mut self, options: &LaunchOptions, session: session::Session) {
        let form = hud::form::ModeForm::from_config(session.config());
        self.insert_resource(session);
        self.insert_resource(form);
        self.insert_resource(options.settings_overrides());
        self.insert_resource(options.storage());
        self.insert_resource(autosave::OfferResume(!options.names_game));
        self.insert_resource(session::StartCommands(options.start_commands()));
        match options.open {
            Some(StartWindow::Rules) => {
                self.insert_resource(hud::rules::RulesPanel { open: true });
            }
            Some(StartWindow::NewGame) => {
                self.insert_resource(hud::new_game_window::NewGamePanel { open: true });
            }
            Some(StartWindow::Settings) => {
                self.insert_resource(hud::settings_window::SettingsPanel { open: true });
            }
            Some(StartWindow::Stats) => {
                self.insert_resource(stats::StatsPanel { open: true });
            }
            Some(StartWindow::Record) => {
                self.insert_resource(records::RecordBox {
                    open: true,
                    ..default()
                });
            }
            Some(StartWindow::HouseRules) => {
                self.insert_resource(hud::house_rules::HouseRulesPanel { open: true });
            }
            Some(StartWindow::Online) => {
                self.insert_resource(hud::online_window::OnlinePanel {
                    open: true,
                    ..default()
                });
            }
            Some(StartWindow::Analysis) => analysis::open_at_start(self),
            None => {}
        }
    }
}
