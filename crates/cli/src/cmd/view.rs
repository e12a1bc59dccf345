//! `view (--fen FULL_FEN | --seed S) --side red|black [--moves M ...]`: what one side knows.
//! The last line is that side's viewer-relative FEN.

use jieqi_rules::{Notation, PlayerView, SeenPiece, Side, Square, Variant};

use crate::args::{Args, Spec};

const SPEC: Spec = Spec {
    command: "view",
    values: &["fen", "seed", "side", "notation", "rules"],
    switches: &[],
    lists: &["moves"],
};

pub fn run(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(&SPEC, raw).map_err(|e| e.to_string())?;
    args.at_most(0).map_err(|e| e.to_string())?;
    let side = super::parse_side(args.value("side").ok_or("'view' needs --side red|black")?)?;
    let notation = super::parse_notation(args.value("notation"), Notation::Wxf)?;
    let mut subject = super::Subject::from_args(&args)?;
    subject.play_moves(&args)?;
    let game = subject
        .jieqi
        .ok_or("'view' needs a Jieqi deal: --seed S or a full-knowledge --fen (X followed by the identity)")?;
    super::outln!("{}", render(&game.view(side), notation).trim_end());
    Ok(())
}

fn tray(pieces: &[SeenPiece]) -> String {
    if pieces.is_empty() {
        return "-".into();
    }
    pieces
        .iter()
        .map(|p| match p.role() {
            Some(role) => role.wxf_char().to_string(),
            None => "?".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn render(view: &PlayerView, notation: Notation) -> String {
    let mut out = String::new();
    let status = match view.outcome {
        Some(outcome) => outcome.to_string(),
        None => format!("{} to move", view.turn()),
    };
    out.push_str(&format!(
        "{}'s view of {}: {status}\n",
        view.viewer, view.variant
    ));
    for rank in (0..10).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9 {
            let c = Square::new(file, rank)
                .and_then(|sq| view.position.piece_at(sq))
                .map_or('.', |p| p.fen_char());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h i\n");
    for side in Side::ALL {
        out.push_str(&format!(
            "captured by {side}: {}\n",
            tray(&view.captured_by(side))
        ));
    }
    out.push_str(&format!("unseen identities: {}\n", view.pool));
    if let Some(seed) = view.reveal.as_ref().and_then(|r| r.seed) {
        out.push_str(&format!("seed: {seed}\n"));
    }
    let texts = view.move_texts(notation);
    if !texts.is_empty() {
        out.push_str(&format!("moves: {}\n", texts.join(" ")));
    }
    for notice in &view.notices {
        out.push_str(&format!("notice: {notice}\n"));
    }
    out.push_str(&view.to_fen());
    out.push('\n');
    out
}
