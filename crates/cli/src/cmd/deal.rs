//! `deal --seed S`: the deal of a seed, as a full-knowledge FEN (a hidden piece is `X`/`x`
//! followed by its identity letter).

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "deal",
    values: &["seed"],
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
    super::outln!("{}", jieqi_rules::Deal::from_seed(seed).to_full_fen());
    Ok(())
}
