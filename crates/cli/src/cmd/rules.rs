//! `rules [--variant V]`: the options each registered variant's rule set offers (rules.md
//! §10), with their values (the default first) and what they change. `--rules
//! key=value,…` on `perft`, `moves`, `view` and `match` sets them.

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "rules",
    values: &["variant"],
    switches: &[],
    lists: &[],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let variants = match args.value("variant") {
        Some(name) => vec![jieqi_variants::find(name).map_err(|e| e.to_string())?],
        None => jieqi_variants::VARIANTS.to_vec(),
    };
    for variant in variants {
        super::outln!("{}:", variant.name());
        for option in variant.options() {
            super::outln!(
                "  {}: {} (default {})",
                option.key,
                option.allowed(),
                option.default_text()
            );
            super::outln!("      {}", option.about);
        }
    }
    Ok(())
}
