//! `jieqi-cli`: the headless tool and the engine (see the library's documentation).

use std::process::ExitCode;

fn main() -> ExitCode {
    jieqi_cli::main_with(std::env::args_os().skip(1))
}
