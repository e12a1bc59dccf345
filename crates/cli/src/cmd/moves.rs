//! `moves [--fen FEN | --seed S] [--variant V] [--rules R] [--moves M ...] [--notation …]`: the
//! legal moves (turns) of any registered variant, one per line: Xiangqi and Jieqi in the order
//! of their ICCS strings sorted as text, Banqi in its own order.

use jieqi_rules::Notation;

use crate::args::PositionArgs;

/// `moves [POSITION] [--notation iccs|wxf|chinese]`.
#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// iccs (default), wxf or chinese
    #[arg(long, value_name = "N")]
    pub notation: Option<String>,
}

pub fn run(args: MovesArgs) -> Result<(), String> {
    let notation = super::parse_notation(args.notation.as_deref(), Notation::Iccs)?;
    let mut subject = super::subject(&args.position)?;
    super::play_moves(subject.as_mut(), &args.position)?;
    // A reveal is not known before the move: the list names none.
    for text in subject.legal_texts(notation) {
        super::outln!("{text}");
    }
    Ok(())
}
