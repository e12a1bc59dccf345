//! The game names no variant (issue 56; docs/adding-a-variant.md): its words, options and
//! refusals come from the variants themselves, so a new variant needs no change here. The
//! check reads the game's sources (tests and `#[cfg(test)]` modules aside) for a registered
//! variant's id as a string literal.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the game's sources are there") {
        let path = entry.expect("a readable folder").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of a source before its test module, each with its number; a line marked
/// `// app name, not a variant` is the application's name, which the project shares with a
/// variant.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .filter(|(_, line)| !line.contains("// app name, not a variant"))
        .map(|(i, line)| (i + 1, line))
}

/// The places where `code` names a variant's id as a string literal.
fn named_variants(file: &str, code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in code_lines(code) {
        for variant in jieqi_variants::all() {
            let literal = format!("\"{}\"", variant.id());
            if line.to_ascii_lowercase().contains(&literal) {
                found.push(format!("{file}:{number} names {literal}"));
            }
        }
    }
    found
}

#[test]
fn the_games_sources_name_no_variant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 20, "the sources were found");
    let found: Vec<String> = files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).expect("a source is text");
            named_variants(&path.display().to_string(), &text)
        })
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check finds what it looks for: a literal id in code, not one in a test module.
#[test]
fn the_check_catches_a_named_variant() {
    let code = "fn title(id: &str) -> &str {\n    match id { \"banqi\" => \"B\", _ => \"?\" }\n}\n\
                #[cfg(test)]\nmod tests { const X: &str = \"jieqi\"; }\n";
    assert_eq!(
        named_variants("x.rs", code),
        vec!["x.rs:2 names \"banqi\"".to_string()]
    );
    let marked = "const APP: &str = \"jieqi\"; // app name, not a variant\n";
    assert!(named_variants("x.rs", marked).is_empty());
}
