//! `rules [--variant V]`: the options each registered variant's rule set offers (rules.md
//! §10), with their values (the default first) and what they change. `--rules
//! key=value,…` on `perft`, `moves`, `view` and `match` sets them.

/// `rules [--variant V]`.
#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// Only this variant's options: xiangqi, jieqi or banqi
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
}

pub fn run(args: RulesArgs) -> Result<(), String> {
    let variants = match args.variant.as_deref() {
        Some(name) => vec![jieqi_variants::find(name).map_err(|e| e.to_string())?],
        // Every variant, those registered at run time too.
        None => jieqi_variants::all().map(|v| v.0).collect(),
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
