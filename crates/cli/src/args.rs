//! A small, strict argument reader: every command lists the flags it knows, and anything else
//! is an error that names the problem (the CLI never guesses).

use std::collections::HashMap;

use crate::limits::{self, Range};
use crate::text::excerpt;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArgError {
    #[error("unknown flag '{}' for '{command}'", excerpt(.flag))]
    UnknownFlag { command: String, flag: String },
    #[error("flag '{}' needs a value", excerpt(.0))]
    MissingValue(String),
    #[error("unexpected argument '{}'", excerpt(.0))]
    Unexpected(String),
}

/// How a command's flags are shaped: `value` flags take the next argument, `switch` ones don't.
#[derive(Debug)]
pub struct Spec<'a> {
    pub command: &'a str,
    pub values: &'a [&'a str],
    pub switches: &'a [&'a str],
    /// Flags that may be given several times, each with one or more following values
    /// (up to the next flag).
    pub lists: &'a [&'a str],
}

#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    values: HashMap<String, String>,
    switches: Vec<String>,
    lists: HashMap<String, Vec<String>>,
}

impl Args {
    pub fn parse(spec: &Spec, raw: &[String]) -> Result<Args, ArgError> {
        let mut args = Args::default();
        let mut i = 0;
        while i < raw.len() {
            let a = &raw[i];
            if let Some(flag) = a.strip_prefix("--") {
                let (flag, inline) = match flag.split_once('=') {
                    Some((f, v)) => (f, Some(v.to_string())),
                    None => (flag, None),
                };
                if spec.values.contains(&flag) {
                    let v = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            raw.get(i)
                                .cloned()
                                .ok_or_else(|| ArgError::MissingValue(a.clone()))?
                        }
                    };
                    args.values.insert(flag.to_string(), v);
                } else if spec.switches.contains(&flag) && inline.is_none() {
                    args.switches.push(flag.to_string());
                } else if spec.lists.contains(&flag) {
                    let list = args.lists.entry(flag.to_string()).or_default();
                    list.extend(inline);
                    while raw.get(i + 1).is_some_and(|n| !n.starts_with("--")) {
                        i += 1;
                        list.extend(raw[i].split_whitespace().map(str::to_string));
                    }
                } else {
                    return Err(ArgError::UnknownFlag {
                        command: spec.command.into(),
                        flag: a.clone(),
                    });
                }
            } else {
                args.positional.push(a.clone());
            }
            i += 1;
        }
        Ok(args)
    }

    pub fn value(&self, flag: &str) -> Option<&str> {
        self.values.get(flag).map(String::as_str)
    }

    pub fn switch(&self, flag: &str) -> bool {
        self.switches.iter().any(|s| s == flag)
    }

    pub fn list(&self, flag: &str) -> &[String] {
        self.lists.get(flag).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The values of a list flag if it was given at all, even with none.
    pub fn list_given(&self, flag: &str) -> Option<&[String]> {
        self.lists.get(flag).map(Vec::as_slice)
    }

    /// The number given to `--flag`, if any, checked against its `range`.
    pub fn number<T: TryFrom<u64>>(&self, flag: &str, range: &Range) -> Result<Option<T>, String> {
        self.value(flag)
            .map(|v| limits::parse(&format!("--{flag}"), v, range))
            .transpose()
    }

    /// At most `n` positional arguments.
    pub fn at_most(&self, n: usize) -> Result<(), ArgError> {
        match self.positional.get(n) {
            Some(extra) => Err(ArgError::Unexpected(extra.clone())),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        command: "perft",
        values: &["fen"],
        switches: &["divide"],
        lists: &["moves"],
    };

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_values_switches_and_lists() {
        let a = Args::parse(
            &SPEC,
            &strings(&[
                "3",
                "--fen",
                "x y",
                "--divide",
                "--moves",
                "h2e2 h9g7",
                "b0c2",
            ]),
        )
        .unwrap();
        assert_eq!(a.positional, vec!["3"]);
        assert_eq!(a.value("fen"), Some("x y"));
        assert!(a.switch("divide"));
        assert_eq!(a.list("moves"), ["h2e2", "h9g7", "b0c2"]);
    }

    #[test]
    fn numbers_are_checked_against_their_range() {
        const RUNS: Spec = Spec {
            command: "bench-perft",
            values: &["runs"],
            switches: &[],
            lists: &[],
        };
        let runs = |v: &str| {
            Args::parse(&RUNS, &strings(&["--runs", v]))
                .unwrap()
                .number::<usize>("runs", &(1..=1000))
        };
        assert_eq!(runs("5"), Ok(Some(5)));
        assert!(runs("0").unwrap_err().contains("--runs 0 is out of range"));
        assert!(runs("x").is_err());
        let none = Args::parse(&RUNS, &[]).unwrap();
        assert_eq!(none.number::<usize>("runs", &(1..=1000)), Ok(None));
    }

    #[test]
    fn rejects_unknown_and_incomplete_flags() {
        assert!(matches!(
            Args::parse(&SPEC, &strings(&["--depth"])),
            Err(ArgError::UnknownFlag { .. })
        ));
        assert_eq!(
            Args::parse(&SPEC, &strings(&["--fen"])).unwrap_err(),
            ArgError::MissingValue("--fen".into())
        );
        let long = format!("--{}", "x".repeat(100_000));
        let err = Args::parse(&SPEC, &strings(&[&long])).unwrap_err();
        assert!(err.to_string().len() < 200);
    }
}
