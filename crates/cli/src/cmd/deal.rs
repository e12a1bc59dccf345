//! `deal --seed S [--variant jieqi|banqi]`: the deal of a seed as its variant's full-knowledge
//! text (Jieqi: a hidden piece is `X`/`x` followed by its identity letter; Banqi: `?` followed
//! by it). A seed alone is Jieqi's.

/// `deal --seed S [--variant jieqi|banqi]`.
#[derive(Debug, clap::Args)]
pub struct DealArgs {
    /// The deal's seed code (Crockford base 32, e.g. 7 or 1A)
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// jieqi (default) or banqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
}

pub fn run(args: DealArgs) -> Result<(), String> {
    let code = args
        .seed
        .as_deref()
        .ok_or("'deal' needs --seed S (e.g. --seed 7 or --seed 1A)")?;
    let seed = super::parse_seed(code)?;
    let variant = match args.variant.as_deref() {
        Some(name) => jieqi_variants::find(name).map_err(|e| e.to_string())?,
        None => jieqi_variants::dealing(),
    };
    let text = variant
        .deal_text(seed)
        .ok_or_else(|| format!("{} is not dealt from a seed", variant.name()))?;
    super::outln!("{text}");
    Ok(())
}
