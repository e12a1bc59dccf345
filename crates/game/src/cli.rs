//! Command-line options: start a given game, or render it to a PNG, or measure frame times.

use std::ffi::OsString;
use std::path::PathBuf;

use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Family, Handicap, OptionValues, Seed, Side};

use jieqi_ai::Level;

use crate::session::{BrowseTo, DealChoice, GameCommand, GameConfig, Opponent, Session};
use crate::settings::SettingsOverrides;
use crate::storage::StorageDirs;

pub const USAGE: &str = "\
jieqi — Xiangqi and Jieqi for two players on one screen, or against the computer

usage: jieqi [OPTIONS]

  --variant xiangqi|jieqi   the game to start with (default xiangqi)
  --seed CODE               Jieqi: the deal's seed code (default: random)
  --handicap none|horse|horses   Xiangqi: odds given (default none)
  --rules R                 house rules: the options that differ from the standard, e.g.
                            chase=judged or captured=both,advisors=confined (jieqi-cli rules
                            lists them)
  --giver red|black         who gives the handicap (default red)
  --computer LEVEL          play against the computer: Beginner, Casual, Club, Advanced,
                            Expert or Master
  --human red|black         against the computer: your colour (default red)
  --moves \"M1 M2 …\"         play these moves first (ICCS, WXF or Chinese; each checked)
  --view red|black          whose view to show (default: the side to move)
  --select SQ               pick the piece on SQ (its targets show)
  --hint                    press Hint at start (its arrow shows; a screenshot waits for it)
  --cover                   Jieqi: show the handoff cover
  --resign red|black        end the game by this side's resignation (shows the result card)
  --browse PLY              analysis: show the position after PLY moves (0: the start)
  --ask-takeback red|black  this side asks to take back (the request waits for an answer)
  --ask-new-game            Start is pressed in the new-game form: a game with a move played
                            asks first whether to abandon it (the question waits)
  --duplicate               Jieqi: the game is game 1 of a duplicate match (the deal played
                            twice, colours swapped)
  --again                   press \"Again\" at start (after a duplicate match's game 1: game 2)
  --then-resign red|black   after --again, this side resigns the next game
  --no-animations           pieces jump instead of gliding
  --msaa on|off|auto        smooth edges by multisampling (auto: off on software renderers,
                            where it would cost more than half of every frame)
  --table                   table mode: the top side's pieces face the player opposite
  --language en|de|zh       the interface's language (default en)
  --letters-only            pieces show Latin letters (K A E H R C P) only
  --odds                    Jieqi: show what the face-down pieces may be (the odds of a reveal)
  --reveal-values           Jieqi: --odds, and ask for the value of each reveal at start
  --review                  review the game at start (a finished game, or Xiangqi)
  --play-on LEVEL           play on from the position shown of a finished game (--browse),
                            against the computer at LEVEL (Back to the review returns)
  --open WINDOW             open this window at start (e.g. for a screenshot): rules, stats,
                            record, house-rules, settings or new-game
  --size WxH                window size in pixels (default 1280x800)
  --screenshot FILE.png     render the position to FILE.png and exit
  --bench-frames N          play moves with animations for N frames (at most 100000), print
                            startup and frame times, and exit
  --idle-report SECONDS     run as usual; from the moment the board is up, count for SECONDS
                            (at most 3600) the frames drawn and the CPU time used, print
                            them, and exit (nobody touching anything: what idling costs)
  --config-dir DIR          keep settings, the autosaved game and statistics in DIR (default:
                            the platform's folders; --screenshot, --bench-frames and
                            --idle-report keep nothing unless this is given)
  -h, --help                this text
";

/// `--bench-frames` at most: half an hour at 60 frames a second; a larger number asks for
/// a run nobody waits for.
pub const MAX_BENCH_FRAMES: u32 = 100_000;

/// `--idle-report` at most: an hour.
pub const MAX_IDLE_SECONDS: u32 = 3600;

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// `--variant`: a variant of the registry.
    pub variant: VariantRef,
    /// `--rules`: the house rules of the game to start (rules.md §10).
    pub rules: OptionValues,
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
    pub help: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: GameConfig::default().variant,
            rules: GameConfig::default().rules,
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
            size: (1280, 800),
            screenshot: None,
            bench_frames: None,
            idle_report: None,
            config_dir: None,
            names_game: false,
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
}

fn side(s: &str) -> Result<Side, String> {
    match s.to_ascii_lowercase().as_str() {
        "red" | "r" => Ok(Side::Red),
        "black" | "b" => Ok(Side::Black),
        _ => Err(format!("'{s}' is not a side (red or black)")),
    }
}

impl Options {
    /// [`Options::parse`] for the arguments as the system hands them over: the one place
    /// they become text, where one that is not UTF-8 is refused (by its position: echoed,
    /// it would not be readable either).
    pub fn parse_os<I: IntoIterator<Item = OsString>>(args: I) -> Result<Options, String> {
        let args = args
            .into_iter()
            .enumerate()
            .map(|(i, arg)| {
                arg.into_string()
                    .map_err(|_| format!("argument {} is not UTF-8 text", i + 1))
            })
            .collect::<Result<Vec<String>, String>>()?;
        Options::parse(args)
    }

    /// Reads the arguments (without the program name). Errors are one line for the user.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Options, String> {
        let mut o = Options::default();
        let mut args = args.into_iter();
        let mut handicap = "none".to_string();
        let mut giver = Side::Red;
        let mut seed = None;
        let mut computer = None;
        let mut human = None;
        let mut rules = String::new();
        while let Some(arg) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .ok_or_else(|| format!("{name} needs a value (see --help)"))
            };
            const NAMING_A_GAME: [&str; 17] = [
                "--duplicate",
                "--again",
                "--then-resign",
                "--variant",
                "--rules",
                "--seed",
                "--handicap",
                "--giver",
                "--computer",
                "--human",
                "--moves",
                "--view",
                "--cover",
                "--resign",
                "--browse",
                "--ask-takeback",
                "--ask-new-game",
            ];
            o.names_game |= NAMING_A_GAME.contains(&arg.as_str());
            match arg.as_str() {
                "-h" | "--help" => o.help = true,
                "--variant" => {
                    o.variant = jieqi_variants::find(&value("--variant")?)
                        .map(VariantRef)
                        .map_err(|e| e.to_string())?;
                }
                "--seed" => {
                    let text = value("--seed")?;
                    seed = Some(
                        text.parse::<Seed>()
                            .map_err(|e| format!("--seed '{text}': {e}"))?,
                    );
                }
                "--handicap" => handicap = value("--handicap")?,
                "--rules" => rules = value("--rules")?,
                "--giver" => giver = side(&value("--giver")?)?,
                "--computer" => {
                    let text = value("--computer")?;
                    computer = Some(Level::parse(&text).ok_or_else(|| {
                        format!("--computer '{text}': Beginner, Casual, Club, Advanced, Expert or Master")
                    })?);
                }
                "--human" => human = Some(side(&value("--human")?)?),
                "--moves" => o
                    .moves
                    .extend(value("--moves")?.split_whitespace().map(str::to_string)),
                "--view" => o.view = Some(side(&value("--view")?)?),
                "--select" => {
                    let text = value("--select")?;
                    o.select =
                        Some(jieqi_rules::Square::parse(&text).ok_or_else(|| {
                            format!("--select '{text}' is not a point (a0 to i9)")
                        })?);
                }
                "--cover" => o.cover = true,
                "--resign" => o.resign = Some(side(&value("--resign")?)?),
                "--browse" => {
                    let text = value("--browse")?;
                    o.browse = Some(text.parse().map_err(|_| {
                        format!("--browse '{text}': a number of moves (0 is the start)")
                    })?);
                }
                "--ask-takeback" => o.ask_takeback = Some(side(&value("--ask-takeback")?)?),
                "--ask-new-game" => o.ask_new_game = true,
                "--no-animations" => o.animations = false,
                "--msaa" => {
                    let text = value("--msaa")?;
                    o.msaa = match text.as_str() {
                        "auto" => crate::board::Multisample::Auto,
                        "on" => crate::board::Multisample::On,
                        "off" => crate::board::Multisample::Off,
                        _ => return Err(format!("--msaa '{text}': on, off or auto")),
                    };
                }
                "--table" => o.table = true,
                "--hint" => o.hint = true,
                "--language" => {
                    let text = value("--language")?;
                    o.language = crate::i18n::Language::from_code(&text)
                        .map(Some)
                        .ok_or_else(|| format!("--language '{text}': en, de or zh"))?;
                }
                "--letters-only" => o.piece_set = Some(crate::settings::PieceSet::Letters),
                "--odds" => o.odds = true,
                "--review" => o.review = true,
                "--duplicate" => o.duplicate = true,
                "--again" => o.again = true,
                "--then-resign" => o.then_resign = Some(side(&value("--then-resign")?)?),
                "--play-on" => {
                    let text = value("--play-on")?;
                    o.play_on = Some(Level::parse(&text).ok_or_else(|| {
                        format!(
                            "--play-on '{text}': Beginner, Casual, Club, Advanced, Expert or Master"
                        )
                    })?);
                }
                "--reveal-values" => {
                    o.odds = true;
                    o.reveal_values = true;
                }
                "--open" => {
                    let text = value("--open")?;
                    o.open = Some(match text.to_ascii_lowercase().as_str() {
                        "rules" => StartWindow::Rules,
                        "stats" | "statistics" => StartWindow::Stats,
                        "record" | "fen" => StartWindow::Record,
                        "house-rules" => StartWindow::HouseRules,
                        "settings" => StartWindow::Settings,
                        "new-game" => StartWindow::NewGame,
                        _ => {
                            return Err(format!(
                                "--open '{text}': rules, stats, record, house-rules, settings or new-game"
                            ));
                        }
                    });
                }
                "--size" => {
                    let text = value("--size")?;
                    let bad =
                        || format!("--size '{text}': write it as WIDTHxHEIGHT, e.g. 1280x800");
                    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
                    let (w, h) = (
                        w.trim().parse::<u32>().map_err(|_| bad())?,
                        h.trim().parse::<u32>().map_err(|_| bad())?,
                    );
                    if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
                        return Err(format!("--size '{text}': from 320x240 to 8192x8192"));
                    }
                    o.size = (w, h);
                }
                "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--bench-frames" => {
                    let text = value("--bench-frames")?;
                    let n = text
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_BENCH_FRAMES).contains(n))
                        .ok_or_else(|| {
                            format!(
                                "--bench-frames '{text}': a number from 1 to {MAX_BENCH_FRAMES}"
                            )
                        })?;
                    o.bench_frames = Some(n);
                }
                "--idle-report" => {
                    let text = value("--idle-report")?;
                    let n = text
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_IDLE_SECONDS).contains(n))
                        .ok_or_else(|| {
                            format!(
                                "--idle-report '{text}': a number of seconds from 1 to {MAX_IDLE_SECONDS}"
                            )
                        })?;
                    o.idle_report = Some(n);
                }
                "--config-dir" => o.config_dir = Some(PathBuf::from(value("--config-dir")?)),
                other => return Err(format!("unknown option '{other}' (see --help)")),
            }
        }
        o.handicap = match handicap.to_ascii_lowercase().as_str() {
            "none" => Handicap::None,
            "horse" | "one-horse" => Handicap::OneHorse { giver, left: false },
            "horses" | "both-horses" => Handicap::BothHorses { giver },
            other => return Err(format!("--handicap '{other}': none, horse or horses")),
        };
        if o.variant.kind() != Some(Family::Xiangqi) && o.handicap != Handicap::None {
            return Err("--handicap is for Xiangqi only".into());
        }
        if !o.variant.deals() && seed.is_some() {
            return Err(format!(
                "--seed is for a variant that deals; {} does not (add --variant jieqi or banqi)",
                o.variant.name()
            ));
        }
        if o.duplicate && !crate::session::offers_duplicate(o.variant) {
            return Err(format!(
                "--duplicate is for Jieqi (a deal each side knows apart); {} is not",
                o.variant.name()
            ));
        }
        o.seed = seed;
        o.rules = OptionValues::parse(o.variant.name(), o.variant.options(), &rules)
            .map_err(|e| format!("--rules: {e}"))?;
        o.opponent = match (computer, human) {
            (Some(level), human) => Opponent::Computer {
                level,
                human: human.unwrap_or(Side::Red),
            },
            (None, Some(_)) => return Err("--human goes with --computer LEVEL".into()),
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

    pub fn config(&self) -> GameConfig {
        GameConfig {
            variant: self.variant,
            handicap: self.handicap,
            deal: self.seed.map_or(DealChoice::Random, DealChoice::Seed),
            opponent: self.opponent,
            rules: self.rules,
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
        let mut session = match self.duplicate {
            true => Session::duplicate(self.config()),
            false => Session::new(self.config()),
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

/// An error for the terminal: one line of at most [`MAX_ERROR_CHARS`] characters, whatever
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

    fn parse(s: &str) -> Result<Options, String> {
        Options::parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn reads_the_screenshot_command() {
        let o = Options::parse(
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
            "--open 'preferences': rules, stats, record, house-rules, settings or new-game"
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
                Options::parse_os(args).unwrap_err(),
                "argument 2 is not UTF-8 text"
            );
        }
        assert!(Options::parse_os(["--table".into()]).unwrap().table);
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
    fn errors_are_one_short_line_whatever_the_arguments_held() {
        let err = parse(&format!("--handicap {}", "h".repeat(100_000))).unwrap_err();
        assert!(err.len() > 100_000, "the raw error quotes the argument");
        let flat = one_line(&err);
        assert_eq!(flat.chars().count(), MAX_ERROR_CHARS + 1);
        assert!(!one_line("one\ntwo").contains('\n'));
        assert_eq!(one_line("short"), "short");
    }
}
