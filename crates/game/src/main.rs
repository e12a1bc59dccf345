//! `jieqi`: the desktop game. `jieqi --help` lists the options.

use std::process::ExitCode;

use bevy::app::AppExit;
use jieqi_game::{Options, build_app, cli::USAGE};

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("jieqi: {e}");
            return ExitCode::from(2);
        }
    };
    if options.help {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut app = match build_app(&options, started) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("jieqi: {e}");
            return ExitCode::from(2);
        }
    };
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
