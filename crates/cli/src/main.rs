//! `jieqi-cli`: the headless tool for people and scripts — perft, legal moves, benchmarks.
//!
//! Every error is one line on stderr naming the problem, with exit status 2.

mod args;
mod cmd;

use std::process::ExitCode;

const USAGE: &str = "\
jieqi-cli: Xiangqi and Jieqi from the command line

USAGE:
  jieqi-cli perft <depth> [--fen FEN] [--moves M ...] [--divide]
  jieqi-cli moves [--fen FEN] [--moves M ...] [--notation iccs|wxf|chinese]
  jieqi-cli bench-perft [--runs N]
  jieqi-cli help
";

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = raw.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => cmd::perft::run(rest),
        "moves" => cmd::moves::run(rest),
        "bench-perft" => cmd::bench::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}' (try 'jieqi-cli help')")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
