//! Command-line options: start a given game, or render it to a PNG, or measure frame times.
//! The flags are declared with clap (`Flags`), which gives `jieqi --help` and
//! `jieqi --completions SHELL`; their errors are the one-line messages the game always gave.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};
use clap_complete::Shell;

use jieqi_rules::clock::TimeControl;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Handicap, OptionValues, Seed, Side};

use jieqi_ai::Level;

use crate::session::{BrowseTo, DealChoice, GameCommand, GameConfig, Opponent, Session};
use crate::settings::SettingsOverrides;
use crate::storage::StorageDirs;

/// `--bench-frames` at most: half an hour at 60 frames a second; a larger number asks for
/// a run nobody waits for.
pub const MAX_BENCH_FRAMES: u32 = 100_000;

/// `--idle-report` at most: an hour.
pub const MAX_IDLE_SECONDS: u32 = 3600;

#[derive(Clone, Debug, PartialEq)]
pub struct LaunchOptions {
    /// `--variant`: a variant of the registry.
    pub variant: VariantRef,
    /// `--rules`: the house rules of the game to start (rules.md §10).
    pub rules: OptionValues,
    /// `--clock`: the time control of the game to start.
    pub clock: Option<TimeControl>,
    pub seed: Option<Seed>,
    pub handicap: Handicap,
    pub opponent: Opponent,
    pub moves: Vec<String>,
    pub view: Option<Side>,
    /// Pick this piece once the board is up (to show its targets in a screenshot).
    pub select: Option<jieqi_rules::Square>,
    /// `--hint`: press Hint once the board is up.
    pub hint: bool,
    pub cover: bool,
    pub resign: Option<Side>,
    /// `--browse`: the ply the board shows at start (analysis).
    pub browse: Option<usize>,
    /// `--ask-takeback`: a take-back request pending at start.
    pub ask_takeback: Option<Side>,
    /// `--ask-new-game`: Start pressed at start (a game in progress asks first).
    pub ask_new_game: bool,
    pub animations: bool,
    /// Multisampling: on, off, or auto (off on software renderers).
    pub msaa: crate::board::Multisample,
    pub table: bool,
    /// `--language`: this run's language (else the saved setting).
    pub language: Option<crate::i18n::Language>,
    /// `--letters-only` (else the saved setting).
    pub piece_set: Option<crate::settings::PieceSet>,
    /// `--odds`: the odds of a reveal shown (else the saved setting).
    pub odds: bool,
    /// `--reveal-values`: the odds shown and the value of each reveal asked for at start.
    pub reveal_values: bool,
    /// `--review`: the game reviewed from the start (a finished game, or Xiangqi).
    pub review: bool,
    /// `--duplicate`: the game is game 1 of a duplicate match.
    pub duplicate: bool,
    /// `--again`: "Again" is pressed at start.
    pub again: bool,
    /// `--then-resign`: after `--again`, this side resigns the next game.
    pub then_resign: Option<Side>,
    /// `--play-on`: play on from the position shown of a finished game, against the
    /// computer at this level.
    pub play_on: Option<Level>,
    /// `--open`: a window open from the start.
    pub open: Option<StartWindow>,
    /// `--online`: host, join or watch at start (with `--server`, `--code`).
    pub online: Option<OnlineStart>,
    /// `--name`: this run's name online (else the saved one).
    pub online_name: Option<String>,
    pub size: (u32, u32),
    pub screenshot: Option<PathBuf>,
    pub bench_frames: Option<u32>,
    /// `--idle-report`: count frames and CPU time for this many seconds, in the normal
    /// update mode.
    pub idle_report: Option<u32>,
    /// Where settings, the autosave and statistics live (`--config-dir`).
    pub config_dir: Option<PathBuf>,
    /// The command line named a game to start: no resume offer.
    pub names_game: bool,
    /// `--completions SHELL`: print the completion script and exit.
    pub completions: Option<Shell>,
    pub help: bool,
}

impl Default for LaunchOptions {
    fn default() -> Self {
        LaunchOptions {
            variant: GameConfig::default().variant,
            rules: GameConfig::default().rules,
            clock: None,
            seed: None,
            handicap: Handicap::None,
            opponent: Opponent::TwoPlayers,
            moves: Vec::new(),
            view: None,
            select: None,
            hint: false,
            cover: false,
            resign: None,
            browse: None,
            ask_takeback: None,
            ask_new_game: false,
            animations: true,
            msaa: crate::board::Multisample::Auto,
            table: false,
            language: None,
            piece_set: None,
            odds: false,
            reveal_values: false,
            review: false,
            duplicate: false,
            again: false,
            then_resign: None,
            play_on: None,
            open: None,
            online: None,
            online_name: None,
            size: (1280, 800),
            screenshot: None,
            bench_frames: None,
            idle_report: None,
            config_dir: None,
            names_game: false,
            completions: None,
            help: false,
        }
    }
}

/// A window `--open` opens at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartWindow {
    Rules,
    Settings,
    Stats,
    Record,
    HouseRules,
    NewGame,
    Online,
    /// The analysis board on the game shown, the engine thinking.
    Analysis,
}

/// `--online`: what to do online at start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineStart {
    /// Host the game the flags name, on this computer (`server` `None`) or on a server; this
    /// player's colour, or drawn.
    Host {
        server: Option<String>,
        colour: Option<Side>,
    },
    Join {
        server: String,
        code: String,
    },
    Watch {
        server: String,
        code: String,
    },
}

/// The command line as clap reads it: every flag, its value checked by its parser (whose
/// message is the error shown). [`LaunchOptions::parse`] makes [`LaunchOptions`] of it.
#[derive(Debug, Parser)]
#[command(
    name = "jieqi", // app name, not a variant
    about = "jieqi — Xiangqi and Jieqi for two players on one screen, or against the computer",
    disable_help_flag = true,
    disable_version_flag = true,
    args_override_self = true
)]
struct Flags {
    /// The game to start with (default xiangqi)
    #[arg(long, value_name = "xiangqi|jieqi")]
    variant: Option<String>,
    /// Jieqi: the deal's seed code (default: random)
    #[arg(long, value_name = "CODE", value_parser = seed)]
    seed: Option<Seed>,
    /// Xiangqi: odds given (default none)
    #[arg(long, value_name = "none|horse|horses")]
    handicap: Option<String>,
    /// House rules: the options that differ from the standard, e.g. chase=judged or
    /// captured=both,advisors=confined (jieqi-cli rules lists them)
    #[arg(long, value_name = "R")]
    rules: Option<String>,
    /// A time control, minutes + seconds a move (e.g. 5+3); untimed without
    #[arg(long, value_name = "MIN+SEC")]
    clock: Option<String>,
    /// Who gives the handicap (default red)
    #[arg(long, value_name = "red|black", value_parser = side)]
    giver: Option<Side>,
    /// Play against the computer: Beginner, Casual, Club, Advanced, Expert or Master
    #[arg(long, value_name = "LEVEL", value_parser = level("--computer"))]
    computer: Option<Level>,
    /// Against the computer: your colour (default red)
    #[arg(long, value_name = "red|black", value_parser = side)]
    human: Option<Side>,
    /// Play these moves first (ICCS, WXF or Chinese; each checked)
    #[arg(long, value_name = "\"M1 M2 …\"")]
    moves: Vec<String>,
    /// Whose view to show (default: the side to move)
    #[arg(long, value_name = "red|black", value_parser = side)]
    view: Option<Side>,
    /// Pick the piece on SQ (its targets show)
    #[arg(long, value_name = "SQ", value_parser = square)]
    select: Option<jieqi_rules::Square>,
    /// Press Hint at start (its arrow shows; a screenshot waits for it)
    #[arg(long)]
    hint: bool,
    /// Jieqi: show the handoff cover
    #[arg(long)]
    cover: bool,
    /// End the game by this side's resignation (shows the result card)
    #[arg(long, value_name = "red|black", value_parser = side)]
    resign: Option<Side>,
    /// Analysis: show the position after PLY moves (0: the start)
    #[arg(long, value_name = "PLY", allow_hyphen_values = true, value_parser = browse)]
    browse: Option<usize>,
    /// This side asks to take back (the request waits for an answer)
    #[arg(long, value_name = "red|black", value_parser = side)]
    ask_takeback: Option<Side>,
    /// Start is pressed in the new-game form: a game with a move played asks first whether
    /// to abandon it (the question waits)
    #[arg(long)]
    ask_new_game: bool,
    /// Jieqi: the game is game 1 of a duplicate match (the deal played twice, colours
    /// swapped); with --online host, a match held by the server
    #[arg(long)]
    duplicate: bool,
    /// Press "Again" at start (after a duplicate match's game 1: game 2)
    #[arg(long)]
    again: bool,
    /// After --again, this side resigns the next game
    #[arg(long, value_name = "red|black", value_parser = side)]
    then_resign: Option<Side>,
    /// Pieces jump instead of gliding
    #[arg(long)]
    no_animations: bool,
    /// Smooth edges by multisampling (auto: off on software renderers, where it would cost
    /// more than half of every frame)
    #[arg(long, value_name = "on|off|auto", value_parser = msaa)]
    msaa: Option<crate::board::Multisample>,
    /// Table mode: the top side's pieces face the player opposite
    #[arg(long)]
    table: bool,
    /// The interface's language (default en)
    #[arg(long, value_name = "en|de|zh", value_parser = language)]
    language: Option<crate::i18n::Language>,
    /// Pieces show Latin letters (K A E H R C P) only
    #[arg(long)]
    letters_only: bool,
    /// Jieqi: show what the face-down pieces may be (the odds of a reveal)
    #[arg(long)]
    odds: bool,
    /// Jieqi: --odds, and ask for the value of each reveal at start
    #[arg(long)]
    reveal_values: bool,
    /// Review the game at start (a finished game, or Xiangqi)
    #[arg(long)]
    review: bool,
    /// Play on from the position shown of a finished game (--browse), against the computer
    /// at LEVEL (Back to the review returns)
    #[arg(long, value_name = "LEVEL", value_parser = level("--play-on"))]
    play_on: Option<Level>,
    /// Open this window at start (e.g. for a screenshot): rules, stats, record, house-rules,
    /// settings, new-game, online, or analysis (the game shown, the engine thinking)
    #[arg(long, value_name = "WINDOW", value_parser = window)]
    open: Option<StartWindow>,
    /// Online at start: host the game the other flags name (your colour --human, else
    /// drawn) on this computer or on --server, join one (--server, --code: the invite) or
    /// watch one (--server, --code: the game's code)
    #[arg(long, value_name = "host|join|watch")]
    online: Option<String>,
    /// Online: the server's address (HOST:PORT)
    #[arg(long, value_name = "HOST:PORT")]
    server: Option<String>,
    /// Online: the invite to join with, or the code of the game to watch
    #[arg(long, value_name = "CODE")]
    code: Option<String>,
    /// Online: your name for this run (else the one saved)
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// Window size in pixels (default 1280x800)
    #[arg(long, value_name = "WxH", allow_hyphen_values = true, value_parser = size)]
    size: Option<(u32, u32)>,
    /// Render the position to FILE.png and exit
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Play moves with animations for N frames (at most 100000), print startup and frame
    /// times, and exit
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = bench_frames)]
    bench_frames: Option<u32>,
    /// Run as usual; from the moment the board is up, count for SECONDS (at most 3600) the
    /// frames drawn and the CPU time used, print them, and exit (nobody touching anything:
    /// what idling costs)
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true, value_parser = idle_seconds)]
    idle_report: Option<u32>,
    /// Keep settings, the autosaved game and statistics in DIR (default: the platform's
    /// folders; --screenshot, --bench-frames and --idle-report keep nothing unless this is
    /// given)
    #[arg(long, value_name = "DIR")]
    config_dir: Option<PathBuf>,
    /// Print a completion script for SHELL (bash, zsh, fish, elvish or powershell) and exit
    #[arg(long, value_name = "SHELL")]
    completions: Option<Shell>,
    /// This text
    #[arg(short = 'h', long)]
    help: bool,
}

impl Flags {
    /// Whether the flags name a game to start (then no resume offer): anything but the look,
    /// a window or a measuring run.
    fn name_a_game(&self) -> bool {
        self.variant.is_some()
            || self.rules.is_some()
            || self.clock.is_some()
            || self.seed.is_some()
            || self.handicap.is_some()
            || self.giver.is_some()
            || self.computer.is_some()
            || self.human.is_some()
            || !self.moves.is_empty()
            || self.view.is_some()
            || self.cover
            || self.resign.is_some()
            || self.browse.is_some()
            || self.ask_takeback.is_some()
            || self.ask_new_game
            || self.duplicate
            || self.again
            || self.then_resign.is_some()
            || self.online.is_some()
    }
}

/// `jieqi --help`: every flag with what it does.
pub fn help() -> String {
    Flags::command().render_help().to_string()
}

/// `jieqi --completions SHELL`: the completion script.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    let program = Flags::command().get_name().to_string();
    clap_complete::generate(shell, &mut Flags::command(), program, &mut script);
    script
}

fn side(s: &str) -> Result<Side, String> {
    match s.to_ascii_lowercase().as_str() {
        "red" | "r" => Ok(Side::Red),
        "black" | "b" => Ok(Side::Black),
        _ => Err(format!("'{s}' is not a side (red or black)")),
    }
}

fn seed(text: &str) -> Result<Seed, String> {
    text.parse::<Seed>()
        .map_err(|e| format!("--seed '{text}': {e}"))
}

/// A level's parser for `flag`.
fn level(flag: &'static str) -> impl Fn(&str) -> Result<Level, String> + Clone + Send + Sync {
    move |text| {
        Level::parse(text).ok_or_else(|| {
            format!("{flag} '{text}': Beginner, Casual, Club, Advanced, Expert or Master")
        })
    }
}

fn square(text: &str) -> Result<jieqi_rules::Square, String> {
    jieqi_rules::Square::parse(text)
        .ok_or_else(|| format!("--select '{text}' is not a point (a0 to i9)"))
}

fn browse(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("--browse '{text}': a number of moves (0 is the start)"))
}

fn msaa(text: &str) -> Result<crate::board::Multisample, String> {
    match text {
        "auto" => Ok(crate::board::Multisample::Auto),
        "on" => Ok(crate::board::Multisample::On),
        "off" => Ok(crate::board::Multisample::Off),
        _ => Err(format!("--msaa '{text}': on, off or auto")),
    }
}

fn language(text: &str) -> Result<crate::i18n::Language, String> {
    crate::i18n::Language::from_code(text)
        .ok_or_else(|| format!("--language '{text}': en, de or zh"))
}

fn window(text: &str) -> Result<StartWindow, String> {
    Ok(match text.to_ascii_lowercase().as_str() {
        "rules" => StartWindow::Rules,
        "stats" | "statistics" => StartWindow::Stats,
        "record" | "fen" => StartWindow::Record,
        "house-rules" => StartWindow::HouseRules,
        "settings" => StartWindow::Settings,
        "new-game" => StartWindow::NewGame,
        "online" => StartWindow::Online,
        "analysis" => StartWindow::Analysis,
        _ => {
            return Err(format!(
                "--open '{text}': rules, stats, record, house-rules, settings, new-game, online or analysis"
            ));
        }
    })
}

fn size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size '{text}': write it as WIDTHxHEIGHT, e.g. 1280x800");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (
        w.trim().parse::<u32>().map_err(|_| bad())?,
        h.trim().parse::<u32>().map_err(|_| bad())?,
    );
    if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err(format!("--size '{text}': from 320x240 to 8192x8192"));
    }
    Ok((w, h))
}

fn bench_frames(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_BENCH_FRAMES).contains(n))
        .ok_or_else(|| format!("--bench-frames '{text}': a number from 1 to {MAX_BENCH_FRAMES}"))
}

fn idle_seconds(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_IDLE_SECONDS).contains(n))
        .ok_or_else(|| {
            format!("--idle-report '{text}': a number of seconds from 1 to {MAX_IDLE_SECONDS}")
        })
}

/// `--online` with `--server` and `--code`, each checked.
fn online_start(flags: &Flags) -> Result<Option<OnlineStart>, String> {
    let server = flags.server.clone();
    let code = flags.code.clone();
    let Some(action) = flags.online.as_deref() else {
        if server.is_some() || code.is_some() {
            return Err("--server and --code go with --online host|join|watch".into());
        }
        return Ok(None);
    };
    let needs = |what: Option<String>, flag: &str| {
        what.ok_or_else(|| format!("--online {action} needs {flag}"))
    };
    Ok(Some(match action.to_ascii_lowercase().as_str() {
        "host" => OnlineStart::Host {
            server,
            colour: flags.human,
        },
        "join" => OnlineStart::Join {
            server: needs(server, "--server HOST:PORT")?,
            code: needs(code, "--code INVITE")?,
        },
        "watch" => OnlineStart::Watch {
            server: needs(server, "--server HOST:PORT")?,
            code: needs(code, "--code GAME")?,
        },
        other => return Err(format!("--online '{other}': host, join or watch")),
    }))
}

/// Why clap refused the arguments, in the words the game has always used.
fn refusal(error: &clap::Error) -> String {
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(", "),
        _ => String::new(),
    };
    let arg = context(ContextKind::InvalidArg);
    // `--open <WINDOW>`: the flag alone.
    let flag = arg.split_whitespace().next().unwrap_or_default();
    let value = context(ContextKind::InvalidValue);
    match error.kind() {
        ErrorKind::ValueValidation => match std::error::Error::source(error) {
            Some(why) => why.to_string(),
            None => error.to_string(),
        },
        ErrorKind::UnknownArgument => format!("unknown option '{arg}' (see --help)"),
        ErrorKind::InvalidValue if value.is_empty() => {
            format!("{flag} needs a value (see --help)")
        }
        ErrorKind::InvalidValue => {
            format!("{flag} '{value}': {}", context(ContextKind::ValidValue))
        }
        _ => {
            let rendered = error.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

impl LaunchOptions {
    /// [`LaunchOptions::parse`] for the arguments as the system hands them over: the one place
    /// they become text, where one that is not UTF-8 is refused (by its position: echoed,
    /// it would not be readable either).
    pub fn parse_os<I: IntoIterator<Item = OsString>>(args: I) -> Result<LaunchOptions, String> {
        let args = args
            .into_iter()
            .enumerate()
            .map(|(i, arg)| {
                arg.into_string()
                    .map_err(|_| format!("argument {} is not UTF-8 text", i + 1))
            })
            .collect::<Result<Vec<String>, String>>()?;
        LaunchOptions::parse(args)
    }

    /// Reads the arguments (without the program name). Errors are one line for the user.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<LaunchOptions, String> {
        let program = Flags::command().get_name().to_string();
        let flags =
            Flags::try_parse_from(std::iter::once(program).chain(args)).map_err(|e| refusal(&e))?;
        let online = online_start(&flags)?;
        let mut o = LaunchOptions {
            online,
            online_name: flags.name.clone(),
            names_game: flags.name_a_game(),
            moves: flags
                .moves
                .iter()
                .flat_map(|m| m.split_whitespace())
                .map(str::to_string)
                .collect(),
            view: flags.view,
            select: flags.select,
            hint: flags.hint,
            cover: flags.cover,
            resign: flags.resign,
            browse: flags.browse,
            ask_takeback: flags.ask_takeback,
            ask_new_game: flags.ask_new_game,
            animations: !flags.no_animations,
            msaa: flags.msaa.unwrap_or_default(),
            table: flags.table,
            language: flags.language,
            piece_set: flags
                .letters_only
                .then_some(crate::settings::PieceSet::Letters),
            odds: flags.odds || flags.reveal_values,
            reveal_values: flags.reveal_values,
            review: flags.review,
            duplicate: flags.duplicate,
            again: flags.again,
            then_resign: flags.then_resign,
            play_on: flags.play_on,
            open: flags.open,
            size: flags.size.unwrap_or((1280, 800)),
            screenshot: flags.screenshot,
            bench_frames: flags.bench_frames,
            idle_report: flags.idle_report,
            config_dir: flags.config_dir,
            completions: flags.completions,
            help: flags.help,
            ..LaunchOptions::default()
        };
        if let Some(name) = &flags.variant {
            o.variant = jieqi_variants::find(name)
                .map(VariantRef)
                .map_err(|e| e.to_string())?;
        }
        let giver = flags.giver.unwrap_or(Side::Red);
        let handicap = flags.handicap.as_deref().unwrap_or("none");
        o.handicap = match handicap.to_ascii_lowercase().as_str() {
            "none" => Handicap::None,
            "horse" | "one-horse" => Handicap::OneHorse { giver, left: false },
            "horses" | "both-horses" => Handicap::BothHorses { giver },
            other => return Err(format!("--handicap '{other}': none, horse or horses")),
        };
        if !o.variant.gives_handicaps() && o.handicap != Handicap::None {
            return Err("--handicap is for Xiangqi only".into());
        }
        if !o.variant.deals() && flags.seed.is_some() {
            return Err(format!(
                "--seed is for a variant that deals; {} does not (add --variant jieqi or banqi)",
                o.variant.name()
            ));
        }
        if o.duplicate && !o.variant.plays_duplicate() {
            return Err(format!(
                "--duplicate is for Jieqi (a deal each side knows apart); {} is not",
                o.variant.name()
            ));
        }
        o.seed = flags.seed;
        let rules = flags.rules.as_deref().unwrap_or("");
        o.rules = OptionValues::parse(o.variant.name(), o.variant.options(), rules)
            .map_err(|e| format!("--rules: {e}"))?;
        o.clock = match flags.clock.as_deref() {
            Some(text) => Some(text.parse().map_err(|e| format!("--clock: {e}"))?),
            None => None,
        };
        o.opponent = match (flags.computer, flags.human) {
            (Some(level), human) => Opponent::Computer {
                level,
                human: human.unwrap_or(Side::Red),
            },
            (None, Some(_)) if matches!(o.online, Some(OnlineStart::Host { .. })) => {
                Opponent::TwoPlayers
            }
            (None, Some(_)) => {
                return Err("--human goes with --computer LEVEL or --online host".into());
            }
            (None, None) => Opponent::TwoPlayers,
        };
        if o.screenshot.is_some() {
            // A still picture: nothing should be half-way through a move, and the time a
            // frame takes does not matter, so edges are smooth even on a software renderer.
            o.animations = false;
            if o.msaa == crate::board::Multisample::Auto {
                o.msaa = crate::board::Multisample::On;
            }
        }
        Ok(o)
    }

    /// The request `--online` makes at start, for the game these options name.
    pub fn online_command(&self) -> Option<crate::online::OnlineCommand> {
        use crate::online::OnlineCommand;
        Some(match self.online.clone()? {
            OnlineStart::Host { server, colour } => OnlineCommand::Host {
                address: server.unwrap_or_default(),
                config: self.config(),
                colour,
                duplicate: self.duplicate,
            },
            OnlineStart::Join { server, code } => OnlineCommand::Join {
                address: server,
                code,
            },
            OnlineStart::Watch { server, code } => OnlineCommand::Watch {
                address: server,
                code,
            },
        })
    }

    pub fn config(&self) -> GameConfig {
        GameConfig {
            variant: self.variant,
            handicap: self.handicap,
            deal: self.seed.map_or(DealChoice::Random, DealChoice::Seed),
            opponent: self.opponent,
            rules: self.rules,
            clock: self.clock,
        }
    }

    /// The settings given on the command line, which win over the saved ones for this run.
    pub fn settings_overrides(&self) -> SettingsOverrides {
        SettingsOverrides {
            animations: (!self.animations).then_some(false),
            table_mode: self.table.then_some(true),
            language: self.language,
            piece_set: self.piece_set,
            reveal_odds: self.odds.then_some(true),
        }
    }

    /// Where the game keeps its files: `--config-dir`, else the platform's folders — except
    /// for measuring runs, whose pictures and timings must not depend on the user's files.
    pub fn storage(&self) -> StorageDirs {
        match &self.config_dir {
            Some(dir) => StorageDirs::in_dir(dir),
            None if self.screenshot.is_some()
                || self.bench_frames.is_some()
                || self.idle_report.is_some() =>
            {
                StorageDirs::default()
            }
            None => StorageDirs::platform(),
        }
    }

    /// The session these options ask for, or why it cannot be set up.
    pub fn session(&self) -> Result<Session, String> {
        // Named on the command line, or the one a start without a game opens (Jieqi-first).
        let config = match self.names_game {
            true => self.config(),
            false => crate::autosave::fresh_config(&self.storage()),
        };
        let mut session = match self.duplicate {
            true => Session::duplicate(config),
            false => Session::new(config),
        };
        session.play_texts(self.moves.iter().map(String::as_str))?;
        if let Some(side) = self.view {
            session.set_viewer(side);
        }
        if let Some(side) = self.resign {
            session
                .resign_now(side)
                .map_err(|e| format!("--resign: {e}"))?;
        }
        if self.cover {
            session.cover();
        }
        if let Some(ply) = self.browse {
            let plies = self.moves.len();
            if ply >= plies {
                return Err(format!(
                    "--browse {ply}: the game has {plies} moves, so 0 to {} can be shown",
                    plies.saturating_sub(1)
                ));
            }
        }
        Ok(session)
    }

    /// What the players "do" at start (`--browse`, `--ask-takeback`, `--ask-new-game`): the
    /// same commands the panels send, so that they go through the same checks.
    pub fn start_commands(&self) -> Vec<GameCommand> {
        let browse = self
            .browse
            .map(|ply| GameCommand::Browse(BrowseTo::Ply(ply)));
        let ask = self.ask_takeback.map(GameCommand::RequestTakeBack);
        let start = self
            .ask_new_game
            .then(|| GameCommand::NewGame(self.config()));
        let again = self.again.then_some(GameCommand::Again);
        let resign = self.then_resign.map(GameCommand::Resign);
        browse
            .into_iter()
            .chain(ask)
            .chain(start)
            .chain(again)
            .chain(resign)
            .collect()
    }
}

/// An error for the terminal: one line of at most `MAX_ERROR_CHARS` characters, whatever
/// an argument held (a newline, a megabyte).
pub fn one_line(error: &str) -> String {
    let flat: String = error
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match flat.char_indices().nth(MAX_ERROR_CHARS) {
        Some((at, _)) => format!("{}…", &flat[..at]),
        None => flat,
    }
}

/// The longest error line printed.
const MAX_ERROR_CHARS: usize = 300;

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::Family;

    fn parse(s: &str) -> Result<LaunchOptions, String> {
        LaunchOptions::parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn reads_the_screenshot_command() {
        let o = LaunchOptions::parse(
            [
                "--variant",
                "jieqi",
                "--seed",
                "7",
                "--moves",
                "b2b9 h9g7",
                "--screenshot",
                "out.png",
                "--view",
                "black",
                "--size",
                "1024x768",
                "--language",
                "ZH",
                "--letters-only",
                "--hint",
            ]
            .map(String::from),
        )
        .unwrap();
        assert!(o.hint);
        assert_eq!(o.variant.kind(), Some(Family::Jieqi));
        assert_eq!(o.seed, Some(Seed(7)));
        assert_eq!(o.moves, vec!["b2b9", "h9g7"]);
        assert_eq!(o.view, Some(Side::Black));
        assert_eq!(o.size, (1024, 768));
        assert_eq!(o.language, Some(crate::i18n::Language::Chinese));
        assert_eq!(o.piece_set, Some(crate::settings::PieceSet::Letters));
        assert!(!o.animations);
        assert!(o.session().is_ok());
    }

    #[test]
    fn reads_the_computer_opponent() {
        let o = parse("--computer club --human black").unwrap();
        assert_eq!(
            o.opponent,
            Opponent::Computer {
                level: Level::Club,
                human: Side::Black
            }
        );
        assert_eq!(
            parse("--computer Master").unwrap().opponent.computer(),
            Some((Side::Black, Level::Master))
        );
        assert!(
            parse("--computer grandmaster")
                .unwrap_err()
                .contains("--computer 'grandmaster'")
        );
        assert!(parse("--human red").unwrap_err().contains("--computer"));
    }

    #[test]
    fn bad_input_is_an_error_in_words_not_a_panic() {
        assert!(
            parse("--variant chess")
                .unwrap_err()
                .contains("not a variant")
        );
        assert!(
            parse("--variant jieqi --seed 12U")
                .unwrap_err()
                .contains("--seed '12U'")
        );
        assert!(parse("--size big").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse("--size 10x10").is_err());
        assert!(parse("--bench-frames 0").is_err());
        assert!(
            parse("--frobnicate")
                .unwrap_err()
                .contains("unknown option")
        );
        assert!(parse("--moves").unwrap_err().contains("needs a value"));
        assert!(parse("--language fr").unwrap_err().contains("en, de or zh"));
        assert_eq!(
            parse("--browse x").unwrap_err(),
            "--browse 'x': a number of moves (0 is the start)"
        );
        let o = parse("--moves h2e2 --browse 0 --ask-takeback red").unwrap();
        assert_eq!(
            o.start_commands(),
            vec![
                GameCommand::Browse(BrowseTo::Ply(0)),
                GameCommand::RequestTakeBack(Side::Red)
            ]
        );
        // A duplicate match is Jieqi's; --again and --then-resign press the buttons in order.
        assert!(
            parse("--duplicate")
                .unwrap_err()
                .starts_with("--duplicate is for Jieqi")
        );
        assert!(parse("--variant banqi --duplicate").is_err());
        let o =
            parse("--variant jieqi --duplicate --resign black --again --then-resign red").unwrap();
        assert!(o.duplicate && o.names_game);
        assert!(o.session().unwrap().in_duplicate());
        assert_eq!(
            o.start_commands(),
            vec![GameCommand::Again, GameCommand::Resign(Side::Red)]
        );
        assert!(parse("--then-resign blue").is_err());
        let o = parse("--moves h2e2 --ask-new-game").unwrap();
        assert!(o.names_game);
        assert_eq!(o.start_commands(), vec![GameCommand::NewGame(o.config())]);
        assert!(
            parse("--moves h2e2 --browse 1")
                .unwrap()
                .session()
                .unwrap_err()
                .contains("0 to 0 can be shown")
        );
        assert_eq!(
            parse("--open preferences").unwrap_err(),
            "--open 'preferences': rules, stats, record, house-rules, settings, new-game, online or analysis"
        );
        assert_eq!(
            parse("--open analysis").unwrap().open,
            Some(StartWindow::Analysis)
        );
        // --online: each action with what it needs.
        assert!(parse("--online join").unwrap_err().contains("--server"));
        assert!(
            parse("--online watch --server 127.0.0.1:7878")
                .unwrap_err()
                .contains("--code")
        );
        assert_eq!(
            parse("--online dance").unwrap_err(),
            "--online 'dance': host, join or watch"
        );
        assert!(parse("--code abc").unwrap_err().contains("--online"));
        let host = parse("--online host --human black --clock 5+3").unwrap();
        assert!(host.names_game);
        let hosts_match = |o: &LaunchOptions| {
            matches!(
                o.online_command(),
                Some(crate::online::OnlineCommand::Host {
                    duplicate: true,
                    ..
                })
            )
        };
        assert!(!hosts_match(&host));
        assert!(hosts_match(
            &parse("--online host --variant jieqi --duplicate").unwrap()
        ));
        assert_eq!(
            host.online,
            Some(OnlineStart::Host {
                server: None,
                colour: Some(Side::Black)
            })
        );
        assert!(
            parse("--human black")
                .unwrap_err()
                .contains("--online host")
        );
        assert_eq!(
            parse("--open settings").unwrap().open,
            Some(StartWindow::Settings)
        );
        assert!(parse("--open").unwrap_err().contains("needs a value"));
        assert!(
            parse("--seed 7")
                .unwrap_err()
                .contains("a variant that deals")
        );
        let bad_move = parse("--moves h2e2 --moves h2e3")
            .unwrap()
            .session()
            .unwrap_err();
        assert!(bad_move.starts_with("move 2 (h2e3)"), "{bad_move}");
        let nonsense = parse("--moves zz").unwrap().session().unwrap_err();
        assert!(nonsense.starts_with("move 1 (zz)"), "{nonsense}");
    }

    #[test]
    fn hostile_arguments_are_refused_in_one_line() {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let args = ["--variant".into(), OsString::from_vec(vec![b'j', 0xff])];
            assert_eq!(
                LaunchOptions::parse_os(args).unwrap_err(),
                "argument 2 is not UTF-8 text"
            );
        }
        assert!(LaunchOptions::parse_os(["--table".into()]).unwrap().table);
        for n in ["4294967295", "100001", "99999999999999999999"] {
            assert_eq!(
                parse(&format!("--bench-frames {n}")).unwrap_err(),
                format!("--bench-frames '{n}': a number from 1 to 100000")
            );
        }
        assert_eq!(
            parse("--bench-frames 100000").unwrap().bench_frames,
            Some(100_000)
        );
        for n in ["0", "3601", "-1", "ten"] {
            assert_eq!(
                parse(&format!("--idle-report {n}")).unwrap_err(),
                format!("--idle-report '{n}': a number of seconds from 1 to 3600")
            );
        }
        let idle = parse("--idle-report 10").unwrap();
        assert_eq!(idle.idle_report, Some(10));
        assert_eq!(
            idle.storage(),
            StorageDirs::default(),
            "a measuring run keeps no files"
        );
        // A ply beyond the moves given is refused before any work.
        assert!(
            parse(&format!("--moves h2e2 --browse {}", usize::MAX))
                .unwrap()
                .session()
                .unwrap_err()
                .contains("0 to 0 can be shown")
        );
        assert!(parse("--size 100000x100000").is_err());
    }

    #[test]
    fn reads_the_window_to_open() {
        assert_eq!(parse("").unwrap().open, None);
        for (text, window) in [
            ("rules", StartWindow::Rules),
            ("Stats", StartWindow::Stats),
            ("record", StartWindow::Record),
        ] {
            let o = parse(&format!("--open {text} --screenshot a.png")).unwrap();
            assert_eq!(o.open, Some(window));
            assert!(
                !o.names_game,
                "a window names no game: the resume offer stays"
            );
        }
    }

    #[test]
    fn measuring_runs_keep_no_files_unless_given_a_folder() {
        assert_eq!(
            parse("--screenshot a.png").unwrap().storage(),
            StorageDirs::default()
        );
        assert_eq!(
            parse("--bench-frames 5 --config-dir /tmp/j")
                .unwrap()
                .storage(),
            StorageDirs::in_dir(std::path::Path::new("/tmp/j"))
        );
        assert!(!parse("--table --no-animations").unwrap().names_game);
        assert!(parse("--variant jieqi").unwrap().names_game);
        let overrides = parse("--table").unwrap().settings_overrides();
        assert_eq!(
            (overrides.animations, overrides.table_mode),
            (None, Some(true))
        );
    }

    #[test]
    fn every_flag_is_read() {
        Flags::command().debug_assert();
        let o = parse(
            "--variant xiangqi --handicap horses --giver black --rules chase=judged --select h2 \
             --cover --resign red --msaa off --odds --review --play-on club --no-animations",
        )
        .unwrap();
        assert_eq!(o.handicap, Handicap::BothHorses { giver: Side::Black });
        assert_ne!(o.rules, GameConfig::default().rules);
        assert_eq!(o.select, jieqi_rules::Square::parse("h2"));
        assert!(o.cover && o.odds && o.review && !o.animations && !o.reveal_values);
        assert_eq!(o.resign, Some(Side::Red));
        assert_eq!(o.msaa, crate::board::Multisample::Off);
        assert_eq!(o.play_on, Some(Level::Club));
        assert!(o.names_game);
        let o = parse("--reveal-values --handicap horse").unwrap();
        assert!(o.odds && o.reveal_values);
        assert_eq!(
            o.handicap,
            Handicap::OneHorse {
                giver: Side::Red,
                left: false
            }
        );
        assert!(parse("--select z9").unwrap_err().contains("--select 'z9'"));
        assert!(parse("--msaa 4x").unwrap_err().contains("on, off or auto"));
        assert!(
            parse("--play-on nobody")
                .unwrap_err()
                .contains("--play-on 'nobody'")
        );
        assert!(parse("--variant jieqi --handicap horse").is_err());
        assert!(
            parse("--handicap three")
                .unwrap_err()
                .contains("none, horse or horses")
        );
        assert!(
            parse("--rules nonsense=1")
                .unwrap_err()
                .starts_with("--rules: ")
        );
        // A value given twice: the last one counts, as it always did.
        assert_eq!(
            parse("--view red --view black").unwrap().view,
            Some(Side::Black)
        );
        assert!(
            parse("stray")
                .unwrap_err()
                .contains("unknown option 'stray'")
        );
    }

    #[test]
    fn help_names_every_flag_and_completions_are_printed() {
        for flags in ["-h", "--help", "--table --help"] {
            assert!(parse(flags).unwrap().help, "{flags}");
        }
        let text = help();
        for flag in [
            "--variant",
            "--seed",
            "--handicap",
            "--rules",
            "--clock",
            "--giver",
            "--computer",
            "--human",
            "--moves",
            "--view",
            "--select",
            "--hint",
            "--cover",
            "--resign",
            "--browse",
            "--ask-takeback",
            "--ask-new-game",
            "--duplicate",
            "--again",
            "--then-resign",
            "--no-animations",
            "--msaa",
            "--table",
            "--language",
            "--letters-only",
            "--odds",
            "--reveal-values",
            "--review",
            "--play-on",
            "--open",
            "--size",
            "--screenshot",
            "--bench-frames",
            "--idle-report",
            "--config-dir",
            "--completions",
            "--help",
        ] {
            assert!(text.contains(flag), "the help lacks {flag}: {text}");
        }
        assert_eq!(
            parse("--clock 5+3").unwrap().config().clock,
            Some(jieqi_rules::clock::TimeControl::minutes(5, 3))
        );
        assert!(parse("--clock 5").unwrap_err().contains("--clock"));
        let o = parse("--completions zsh").unwrap();
        assert_eq!(o.completions, Some(Shell::Zsh));
        assert!(!o.names_game);
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = String::from_utf8(completions(shell)).unwrap();
            assert!(
                script.contains("jieqi") && script.contains("screenshot"),
                "{shell}"
            );
        }
        assert_eq!(
            parse("--completions tcsh").unwrap_err(),
            "--completions 'tcsh': bash, elvish, fish, powershell, zsh"
        );
    }

    #[test]
    fn errors_are_one_short_line_whatever_the_arguments_held() {
        let err = parse(&format!("--handicap {}", "h".repeat(100_000))).unwrap_err();
        assert!(err.len() > 100_000, "the raw error quotes the argument");
        let flat = one_line(&err);
        assert_eq!(flat.chars().count(), MAX_ERROR_CHARS + 1);
        assert!(!one_line("one\ntwo").contains('\n'));
        assert_eq!(one_line("short"), "short");
    }
}
