//! `jieqi`: the desktop game. `jieqi --help` lists the options.

use std::process::ExitCode;

use bevy::app::AppExit;
use jieqi_game::cli::{completions, help, one_line};
use jieqi_game::{LaunchOptions, build_app};

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let options = match LaunchOptions::parse_os(std::env::args_os().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("jieqi: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    if options.help {
        print!("{}", help());
        return ExitCode::SUCCESS;
    }
    if let Some(shell) = options.completions {
        use std::io::Write as _;
        // A closed pipe is not an error worth reporting for a script.
        let _ = std::io::stdout().write_all(&completions(shell));
        return ExitCode::SUCCESS;
    }
    let mut app = match build_app(&options, started) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("jieqi: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
