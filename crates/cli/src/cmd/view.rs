//! `view [--fen FEN | --seed S] [--variant V] --side red|black [--moves M ...]`: what one
//! side (in Banqi one seat: first or second) knows, drawn by the variant. The last line is that
//! side's position text (in Jieqi its viewer-relative FEN).

use jieqi_rules::Notation;

use crate::args::PositionArgs;

/// `view [POSITION] --side red|black [--notation iccs|wxf|chinese]`.
#[derive(Debug, clap::Args)]
pub struct ViewArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Whose view: red or black (Banqi: first or second)
    #[arg(long)]
    pub side: Option<String>,
    /// wxf (default), iccs or chinese
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
}

pub fn run(args: ViewArgs) -> Result<(), String> {
    let side = super::parse_side(
        args.side
            .as_deref()
            .ok_or("'view' needs --side red|black (Banqi: first|second)")?,
    )?;
    let notation = super::parse_notation(args.notation.as_deref(), Notation::Wxf)?;
    let mut subject = super::subject(&args.position)?;
    super::play_moves(subject.as_mut(), &args.position)?;
    super::outln!("{}", subject.view_text(side, notation).trim_end());
    Ok(())
}
