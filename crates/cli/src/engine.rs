//! `jieqi-engine`: the engine alone, for GUIs that start an engine without arguments
//! (VinXiangQi and others). It speaks UCI or UCCI, whichever the GUI's first command (`uci` or
//! `ucci`) names — the same engine as `jieqi-cli uci`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match jieqi_cli::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(message) => return jieqi_cli::fail(&message),
    };
    if !args.is_empty() {
        return jieqi_cli::fail(
            "jieqi-engine takes no arguments: it speaks UCI or UCCI on stdin and stdout \
             (send 'uci' or 'ucci'); the other commands are jieqi-cli's",
        );
    }
    match jieqi_cli::cmd::uci::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => jieqi_cli::fail(&message),
    }
}
