//! Helpers shared by the CLI's integration tests.

#![allow(dead_code)]

use std::process::{Command, Output};

pub mod engine;

/// Runs the built `jieqi-cli` with `args` to the end and collects what it printed.
pub fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jieqi-cli"))
        .args(args)
        .output()
        .expect("runs")
}
