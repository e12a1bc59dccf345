//! `deal --seed S [--variant jieqi|banqi]`: the deal of a seed as its variant's full-knowledge
//! text (Jieqi: a hidden piece is `X`/`x` followed by its identity letter; Banqi: `?` followed
//! by it). A seed alone is Jieqi's.

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "deal",
    values: &["seed", "variant"],
    switches: &[],
    lists: &[],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let code = args
        .value("seed")
        .ok_or("'deal' needs --seed S (e.g. --seed 7 or --seed 1A)")?;
    let seed = super::parse_seed(code)?;
    let variant = match args.value("variant") {
        Some(name) => jieqi_variants::find(name).map_err(|e| e.to_string())?,
        None => jieqi_variants::dealing(),
    };
    let text = variant
        .deal_text(seed)
        .ok_or_else(|| format!("{} is not dealt from a seed", variant.name()))?;
    super::outln!("{text}");
    Ok(())
}
