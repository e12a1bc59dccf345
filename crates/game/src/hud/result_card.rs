//! What the result card shows: the final position drawn small beside the key facts (who won
//! and how, how long, what each side took, the deal's seed), and below them, folded, every
//! piece that was still face down and the moves.

use bevy_egui::egui::{self, Align2, FontId, Pos2, Stroke, vec2};
use jieqi_rules::Side;
use jieqi_rules::platform::{Grid, Spot};

use crate::hud::model::{FinalBoard, ResultCard, TrayItem};
use crate::hud::style::{self, c32};
use crate::i18n::{Language, Phrase, Text};
use crate::settings::PieceSet;
use crate::theme;

/// What the player chose on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardAnswer {
    Again,
    /// Review the game: the card closes and the review starts.
    Review,
    LookAtBoard,
}

/// The card's contents; `room` is the width the card may take.
pub fn contents(
    ui: &mut egui::Ui,
    card: &ResultCard,
    lang: Language,
    set: PieceSet,
    room: f32,
) -> Option<CardAnswer> {
    let headline = egui::RichText::new(&card.headline).size(22.0).strong();
    ui.label(match card.winner {
        Some(Side::Red) => headline.color(style::RED_SIDE),
        Some(Side::Black) => headline.color(style::BLACK_SIDE),
        None => headline.color(style::BRASS),
    });
    ui.label(egui::RichText::new(&card.players).color(style::PAPER_WEAK));
    // A duplicate match: the score, then what follows.
    if let Some((score, rest)) = card.match_lines.split_first() {
        ui.label(
            egui::RichText::new(score)
                .size(18.0)
                .strong()
                .color(style::BRASS),
        );
        for line in rest {
            ui.add(egui::Label::new(line.as_str()).wrap());
        }
    }
    ui.add_space(4.0);
    // The board takes about 40% of the card, its points at least 15 px apart.
    let cell = ((room * 0.4) / f32::from(card.board.shape.columns)).clamp(15.0, 24.0);
    ui.horizontal_top(|ui| {
        final_board(ui, &card.board, cell, set);
        ui.vertical(|ui| facts(ui, card, lang, set));
    });
    if !card.reveal.is_empty() {
        egui::CollapsingHeader::new(Text::EveryHiddenPiece.get(lang))
            .id_salt("card-hidden")
            .show(ui, |ui| {
                for line in &card.reveal {
                    ui.label(line);
                }
            });
    }
    egui::CollapsingHeader::new(Text::Moves.get(lang))
        .id_salt("card-moves")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(150.0)
                .show(ui, |ui| {
                    for line in &card.moves {
                        ui.monospace(line);
                    }
                });
        });
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let again = card.again.as_ref().map(|again| {
            egui::Button::new(egui::RichText::new(again).strong()).fill(style::CINNABAR)
        });
        if again.is_some_and(|again| ui.add(again).clicked()) {
            Some(CardAnswer::Again)
        } else if card.can_review && ui.button(Text::ReviewStart.get(lang)).clicked() {
            Some(CardAnswer::Review)
        } else if ui.button(Text::LookAtBoard.get(lang)).clicked() {
            Some(CardAnswer::LookAtBoard)
        } else {
            None
        }
    })
    .inner
}

/// The key facts, one under the other.
fn facts(ui: &mut egui::Ui, card: &ResultCard, lang: Language, set: PieceSet) {
    ui.label(egui::RichText::new(&card.length).strong());
    ui.add_space(4.0);
    for (label, items) in &card.took {
        ui.label(label);
        if items.is_empty() {
            ui.weak("—");
        } else {
            tray(ui, items, set);
        }
        ui.add_space(2.0);
    }
    if card
        .board
        .pieces
        .iter()
        .any(|p| p.was_down && p.role.is_some())
    {
        ui.add(
            egui::Label::new(
                egui::RichText::new(Text::CardRinged.get(lang))
                    .small()
                    .weak(),
            )
            .wrap(),
        );
    }
    if let Some(seed) = &card.seed {
        ui.add_space(4.0);
        // One text: CJK punctuation takes no gap after it.
        let seed = Phrase::new(Text::DealSeed)
            .with("seed", seed.clone())
            .say(lang);
        ui.label(egui::RichText::new(seed).strong());
    }
}

/// Captured pieces, small.
fn tray(ui: &mut egui::Ui, items: &[TrayItem], set: PieceSet) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = vec2(1.0, 1.0);
        for item in items {
            let (rect, _) = ui.allocate_exact_size(vec2(20.0, 20.0), egui::Sense::hover());
            disc(
                ui.painter(),
                rect.center(),
                9.5,
                item.side,
                item.role,
                false,
                set,
            );
        }
    });
}

/// The final position on a small board, seen from the side at the bottom of the big one.
fn final_board(ui: &mut egui::Ui, board: &FinalBoard, cell: f32, set: PieceSet) {
    let shape = board.shape;
    let (columns, rows) = (f32::from(shape.columns), f32::from(shape.rows));
    let margin = cell * 0.6;
    // Points sit on the lines' crossings; squares hold their piece inside.
    let (span_x, span_y) = match shape.grid {
        Grid::Intersections => ((columns - 1.0) * cell, (rows - 1.0) * cell),
        Grid::Squares => (columns * cell, rows * cell),
    };
    let size = vec2(span_x + 2.0 * margin, span_y + 2.0 * margin);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 4.0, c32(theme::WOOD));
    p.rect_stroke(
        rect,
        4.0,
        Stroke::new(2.0, c32(theme::FRAME)),
        egui::StrokeKind::Inside,
    );
    let origin = rect.min + vec2(margin, margin);
    let flip = board.bottom == Side::Black;
    // Where a column and row (in the variant's numbers, row 0 at Red's bottom) are drawn.
    let at = |column: f32, row: f32| -> Pos2 {
        let (c, r) = if flip {
            (columns - 1.0 - column, row)
        } else {
            (column, rows - 1.0 - row)
        };
        match shape.grid {
            Grid::Intersections => origin + vec2(c * cell, r * cell),
            Grid::Squares => origin + vec2((c + 0.5) * cell, (r + 0.5) * cell),
        }
    };
    let line = Stroke::new(1.0, c32(theme::LINE));
    match shape.grid {
        Grid::Intersections => {
            for row in 0..shape.rows {
                let row = f32::from(row);
                p.line_segment([at(0.0, row), at(columns - 1.0, row)], line);
            }
            for column in 0..shape.columns {
                let c = f32::from(column);
                let edge = column == 0 || column + 1 == shape.columns;
                match shape.river {
                    // The inner lines stop at the river.
                    Some(river) if !edge => {
                        let river = f32::from(river);
                        p.line_segment([at(c, 0.0), at(c, river - 1.0)], line);
                        p.line_segment([at(c, river), at(c, rows - 1.0)], line);
                    }
                    _ => {
                        p.line_segment([at(c, 0.0), at(c, rows - 1.0)], line);
                    }
                }
            }
            for palace in shape.palaces {
                let (a, b) = (palace.from, palace.to);
                let corner = |s: Spot| at(f32::from(s.column), f32::from(s.row));
                p.line_segment([corner(a), corner(b)], line);
                p.line_segment(
                    [
                        corner(Spot::new(a.column, b.row)),
                        corner(Spot::new(b.column, a.row)),
                    ],
                    line,
                );
            }
        }
        Grid::Squares => {
            let min = origin;
            for column in 0..=shape.columns {
                let x = min.x + f32::from(column) * cell;
                p.line_segment([Pos2::new(x, min.y), Pos2::new(x, min.y + span_y)], line);
            }
            for row in 0..=shape.rows {
                let y = min.y + f32::from(row) * cell;
                p.line_segment([Pos2::new(min.x, y), Pos2::new(min.x + span_x, y)], line);
            }
        }
    }
    for piece in &board.pieces {
        let centre = at(f32::from(piece.spot.column), f32::from(piece.spot.row));
        match piece.side {
            Some(side) => disc(
                &p,
                centre,
                cell * 0.46,
                side,
                piece.role,
                piece.was_down,
                set,
            ),
            None => {
                p.circle_filled(centre, cell * 0.46, c32(theme::BLANK_BACK_RING));
                p.circle_filled(centre, cell * 0.40, c32(theme::BLANK_BACK));
            }
        }
    }
}

/// A piece: its face, or its back where nobody knows it. A piece that was still face down
/// at the end shows its face inside a ring of its back's colour.
pub fn disc(
    p: &egui::Painter,
    centre: Pos2,
    radius: f32,
    side: Side,
    role: Option<jieqi_rules::Role>,
    was_down: bool,
    set: PieceSet,
) {
    let (back, ring) = theme::back(side);
    match role {
        Some(role) => {
            let edge = if was_down { back } else { theme::DISC_EDGE };
            p.circle_filled(centre, radius, c32(edge));
            let inner = if was_down { 0.78 } else { 0.88 };
            p.circle_filled(centre, radius * inner, c32(theme::DISC));
            p.text(
                centre,
                Align2::CENTER_CENTER,
                set.glyph(role, side),
                // Proportional falls back on the CJK font for these characters.
                FontId::proportional(radius * 1.3),
                c32(theme::ink(side)),
            );
        }
        None => {
            p.circle_filled(centre, radius, c32(ring));
            p.circle_filled(centre, radius * 0.85, c32(back));
            p.text(
                centre,
                Align2::CENTER_CENTER,
                "?",
                FontId::proportional(radius * 1.1),
                style::PAPER,
            );
        }
    }
}
