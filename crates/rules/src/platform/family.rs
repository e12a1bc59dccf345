//! Xiangqi and Jieqi as the platform drives them: one implementation for the two variants of
//! this crate, since they share the board, the pieces and the notation.
//!
//! A position comes from a seed (a Jieqi deal), a full-knowledge Jieqi FEN (a deal whose reveals
//! the moves follow), or a public FEN (Xiangqi, or Jieqi without identities: a face-down piece
//! then moves as the piece of its start point, and the reveal a move names is checked against
//! nothing).

use crate::deal::{Deal, Seed};
use crate::jieqi::Jieqi;
use crate::notation::{Notation, parse_move, write_move};
use crate::outcome::Outcome;
use crate::position::{MoveRules, Position};
use crate::quote::quote;
use crate::record::{Record, RecordResult};
use crate::rule_set::{OptionSpec, RuleSet};
use crate::save::SavedGame;
use crate::setup::Setup;
use crate::types::{Side, Square};
use crate::variant::Variant;
use crate::view::{PlayerView, SeenPiece, VariantKind};

use super::{Information, PlayedGame, Replay, VariantDef};

/// Xiangqi or Jieqi, registered.
#[derive(Debug)]
pub struct FamilyDef {
    variant: VariantKind,
}

/// Standard Xiangqi (rules.md §1–§6).
pub static XIANGQI: FamilyDef = FamilyDef {
    variant: VariantKind::Xiangqi,
};

/// Jieqi (rules.md §7).
pub static JIEQI: FamilyDef = FamilyDef {
    variant: VariantKind::Jieqi,
};

impl FamilyDef {
    /// The registered one of this variant (a game names its variant for as long as it lives).
    fn registered(&self) -> &'static FamilyDef {
        match self.variant {
            VariantKind::Xiangqi => &XIANGQI,
            VariantKind::Jieqi => &JIEQI,
        }
    }

    fn rule_set(&self, rules: &str) -> Result<RuleSet, String> {
        RuleSet::parse(self.variant, rules).map_err(|e| format!("--rules: {e}"))
    }
}

impl VariantDef for FamilyDef {
    fn id(&self) -> &'static str {
        match self.variant {
            VariantKind::Xiangqi => "xiangqi",
            VariantKind::Jieqi => "jieqi",
        }
    }

    fn name(&self) -> &'static str {
        self.variant.name()
    }

    fn options(&self) -> &'static [OptionSpec] {
        RuleSet::options(self.variant)
    }

    fn information(&self) -> Information {
        match self.variant {
            VariantKind::Xiangqi => Information::Open,
            VariantKind::Jieqi => Information::PerSide,
        }
    }

    fn deals(&self) -> bool {
        self.variant == VariantKind::Jieqi
    }

    /// Jieqi claims a FEN with face-down pieces (`X`/`x`) or a pool field.
    fn claims(&self, text: &str) -> bool {
        let placement = text.split_whitespace().next().unwrap_or("");
        self.variant == VariantKind::Jieqi
            && (placement.contains(['x', 'X'])
                || Setup::parse_fen(text).is_ok_and(|s| s.pool.is_some()))
    }

    fn start(&self, seed: Option<Seed>, rules: &str) -> Result<Box<dyn PlayedGame>, String> {
        let rules = self.rule_set(rules)?;
        match (self.variant, seed) {
            (VariantKind::Jieqi, Some(seed)) => {
                FamilyGame::dealt(self.registered(), Jieqi::from_seed(seed), rules)
            }
            (VariantKind::Jieqi, None) => {
                Err("a Jieqi game is dealt from a seed: give one, or a Jieqi FEN".into())
            }
            (VariantKind::Xiangqi, Some(_)) => {
                Err("a seed deals a Jieqi game; Xiangqi has none".into())
            }
            (VariantKind::Xiangqi, None) => {
                let setup = Setup::start(Default::default());
                FamilyGame::public(self.registered(), &setup, rules)
            }
        }
    }

    fn position(&self, fen: &str, rules: &str) -> Result<Box<dyn PlayedGame>, String> {
        let rules = self.rule_set(rules)?;
        let placement = fen.split_whitespace().next().unwrap_or("");
        let hidden = placement.contains(['x', 'X']);
        if hidden && self.variant == VariantKind::Xiangqi {
            return Err("a FEN with hidden pieces is Jieqi, not Xiangqi".into());
        }
        let public = Setup::parse_fen(fen);
        if hidden {
            // A full-knowledge FEN writes an identity after each X: it is one when it reads as
            // one, and what went wrong with it is the error when it reads as neither.
            match Jieqi::from_full_fen(fen) {
                Ok(game) => return FamilyGame::dealt(self.registered(), game, rules),
                Err(e) if public.is_err() => return Err(e.to_string()),
                Err(_) => {}
            }
        }
        let setup = public.map_err(|e| format!("bad FEN: {e}"))?;
        setup
            .check_pool()
            .map_err(|e| format!("impossible pool: {e}"))?;
        FamilyGame::public(self.registered(), &setup, rules)
    }

    fn deal_text(&self, seed: Seed) -> Option<String> {
        (self.variant == VariantKind::Jieqi).then(|| Deal::from_seed(seed).to_full_fen())
    }

    /// Either variant's save or record (the record's tags say which). A Jieqi record without
    /// its seed replays as its players saw it.
    fn replay(&self, text: &str, notation: Notation) -> Result<Replay, String> {
        if text.trim_start().starts_with('{') {
            let game = SavedGame::from_json(text)
                .and_then(|saved| saved.restore())
                .map_err(|e| e.to_string())?;
            // The owner's own file: the move list is still the public one.
            let end = match game.outcome() {
                Some(outcome) => outcome.to_string(),
                None => format!("game in progress, {} to move", game.turn()),
            };
            return Ok(Replay {
                turns: game.view(Side::Red).move_texts(notation),
                end,
            });
        }
        // The one record loader: the deal's reveals for a seeded Jieqi record, the pool's
        // arithmetic for one without its seed, the game's end, the Result tag.
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let seedless_jieqi = record.rules().map_err(|e| e.to_string())? == MoveRules::JIEQI
            && record.tag("Seed").is_none();
        let (turns, result) = if seedless_jieqi {
            let seen = record.replay_seen().map_err(|e| e.to_string())?;
            let result = seen
                .outcome
                .map_or(record.result, |o| RecordResult::of(Some(o)));
            (seen.move_texts(notation), result)
        } else {
            let game = record.game().map_err(|e| e.to_string())?;
            let turns = game.view(Side::Red).move_texts(notation);
            (turns, RecordResult::of(game.outcome()))
        };
        Ok(Replay {
            turns,
            end: format!("result {result}"),
        })
    }
}

/// A position of Xiangqi or Jieqi, and — for a seed or a full-knowledge FEN — the Jieqi game
/// that knows the identities, so that reveals follow the deal.
#[derive(Clone)]
struct FamilyGame {
    def: &'static FamilyDef,
    position: Position,
    jieqi: Option<Jieqi>,
}

impl FamilyGame {
    fn dealt(
        def: &'static FamilyDef,
        game: Jieqi,
        rules: RuleSet,
    ) -> Result<Box<dyn PlayedGame>, String> {
        let game = game.under(rules).map_err(|e| format!("--rules: {e}"))?;
        Ok(Box::new(FamilyGame {
            def,
            position: game.position().clone(),
            jieqi: Some(game),
        }))
    }

    fn public(
        def: &'static FamilyDef,
        setup: &Setup,
        rules: RuleSet,
    ) -> Result<Box<dyn PlayedGame>, String> {
        let position = Position::from_setup(setup, rules.move_rules())
            .map_err(|e| format!("illegal position: {e}"))?;
        Ok(Box::new(FamilyGame {
            def,
            position,
            jieqi: None,
        }))
    }
}

impl PlayedGame for FamilyGame {
    fn variant(&self) -> &'static dyn VariantDef {
        self.def
    }

    fn turn(&self) -> Side {
        self.position.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.jieqi.as_ref().and_then(Variant::outcome)
    }

    /// Sorted by their ICCS text; a reveal is not known before the move, so none is named.
    fn legal_texts(&self, notation: Notation) -> Vec<String> {
        let mut moves: Vec<_> = self.position.legal_moves().iter().copied().collect();
        moves.sort_by_key(|m| m.to_string());
        moves
            .into_iter()
            .map(|m| write_move(&self.position, m, None, notation))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        let parsed = parse_move(&self.position, text).map_err(|e| e.to_string())?;
        match &mut self.jieqi {
            Some(game) => {
                game.play(parsed.mv).map_err(|e| e.to_string())?;
                let shown = game.view(Side::Red).moves.last().and_then(|m| m.revealed);
                if parsed.revealed.is_some() && parsed.revealed != shown {
                    return Err(format!(
                        "'{}' names a reveal the deal does not make",
                        quote(text)
                    ));
                }
                self.position = game.position().clone();
            }
            None => {
                self.position.play_unchecked(parsed.mv);
            }
        }
        Ok(())
    }

    fn perft(&self, depth: u32) -> u64 {
        match &self.jieqi {
            Some(game) => game.perft(depth),
            None => self.position.perft(depth),
        }
    }

    fn boxed(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }

    fn view_text(&self, viewer: Side, notation: Notation) -> Result<String, String> {
        let game = self.jieqi.as_ref().ok_or(
            "a view needs a Jieqi deal: a seed, or a full-knowledge FEN (X followed by the \
             identity)",
        )?;
        Ok(render(&game.view(viewer), notation))
    }
}

/// A captured tray: WXF letters, `?` for an identity the viewer never saw.
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

/// A view for a terminal: the board, the trays, the unseen pool, the moves, the notices, and
/// the viewer's FEN last.
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
