//! The rules screen: how each piece moves and what Jieqi changes (rules.md §3–§7), each piece
//! with a small board whose dots are the rules crate's own legal moves, so a picture can never
//! disagree with the game; then the table's rules for take-backs (what a face-down capture
//! changes) and for abandoning a game. Texts come from the catalogue.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use jieqi_rules::{FILES, MoveRules, Piece, Position, RANKS, Role, Setup, Side, Square};

use crate::hud::style::{WINDOW_POS, c32};
use crate::i18n::{Language, Phrase, Text, role_name};
use crate::session::Shown;
use crate::settings::{PieceSet, Settings};
use crate::theme;

/// A position and the pieces whose moves it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub pieces: Vec<(Square, Piece)>,
    /// Free points the shown pieces may go to.
    pub targets: Vec<Square>,
    /// Enemy pieces they may capture.
    pub captures: Vec<Square>,
}

impl Diagram {
    /// The legal moves of the pieces on `from` in `fen` (Red to move) under `rules`.
    fn new(fen: &str, from: &[&str], rules: MoveRules) -> Diagram {
        // The FENs below are fixed and tested; a broken one is a bug in this file.
        let setup = Setup::parse_fen(fen).expect("a rules diagram's FEN parses");
        let position = Position::from_setup(&setup, rules).expect("a rules diagram is legal");
        let from: Vec<Square> = from
            .iter()
            .map(|s| Square::parse(s).expect("a rules diagram's square"))
            .collect();
        let (captures, targets) = position
            .legal_moves()
            .iter()
            .filter(|m| from.contains(&m.from))
            .map(|m| m.to)
            .partition(|to| position.piece_at(*to).is_some());
        Diagram {
            pieces: Square::all()
                .filter_map(|sq| position.piece_at(sq).map(|p| (sq, p)))
                .collect(),
            targets,
            captures,
        }
    }
}

/// One part of the rules screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: Option<String>,
    pub text: String,
    pub diagram: Option<Diagram>,
}

/// Each role's text and its picture: the Red piece in question, the kings out of the way.
fn piece_diagram(role: Role) -> (Text, Diagram) {
    let x = MoveRules::XIANGQI;
    match role {
        // f1 would face the black general: the picture shows that rule too.
        Role::General => (
            Text::RulesGeneral,
            Diagram::new("5k3/9/9/9/9/9/9/9/4K4/9 w", &["e1"], x),
        ),
        Role::Advisor => (
            Text::RulesAdvisor,
            Diagram::new("5k3/9/9/9/9/9/9/9/4A4/4K4 w", &["e1"], x),
        ),
        Role::Elephant => (
            Text::RulesElephant,
            Diagram::new("5k3/9/9/9/9/9/5n3/4B4/9/3K5 w", &["e2"], x),
        ),
        Role::Horse => (
            Text::RulesHorse,
            Diagram::new("5k3/9/9/9/4P4/4N4/9/9/9/3K5 w", &["e4"], x),
        ),
        Role::Chariot => (
            Text::RulesChariot,
            Diagram::new("5k3/9/4n4/9/9/4R4/9/9/9/3K5 w", &["e4"], x),
        ),
        Role::Cannon => (
            Text::RulesCannon,
            Diagram::new("5k3/9/4n4/9/4P4/9/9/4C4/9/3K5 w", &["e2"], x),
        ),
        Role::Soldier => (
            Text::RulesSoldier,
            Diagram::new("5k3/9/9/6P2/9/9/2P6/9/9/3K5 w", &["c3", "g6"], x),
        ),
    }
}

/// "Chariot 俥 車 · R".
fn piece_title(role: Role, lang: Language) -> String {
    let name = role_name(role).get(lang);
    let mut chars = name.chars();
    let name: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let glyphs = format!(
        "{} {} · {}",
        role.chinese(Side::Red),
        role.chinese(Side::Black),
        role.wxf_char()
    );
    Phrase::new(Text::RulesPieceTitle)
        .with("name", name)
        .with("chars", glyphs)
        .say(lang)
}

/// The whole rules screen in `lang`.
pub fn sections(lang: Language) -> Vec<Section> {
    let mut out = vec![Section {
        title: None,
        text: Text::RulesBoard.get(lang).to_string(),
        diagram: None,
    }];
    out.extend(Role::ALL.map(|role| {
        let (text, diagram) = piece_diagram(role);
        Section {
            title: Some(piece_title(role, lang)),
            text: text.get(lang).to_string(),
            diagram: Some(diagram),
        }
    }));
    out.push(Section {
        title: None,
        text: Text::RulesWinning.get(lang).to_string(),
        diagram: None,
    });
    out.push(Section {
        title: Some(Text::RulesJieqiTitle.get(lang).to_string()),
        text: Text::RulesJieqi.get(lang).to_string(),
        // A hidden piece on a chariot corner moves like a chariot (until the one on a soldier
        // point), a revealed advisor anywhere.
        diagram: Some(Diagram::new(
            "5k3/9/9/9/4A4/9/X8/9/9/X3K4 w",
            &["a0", "e5"],
            MoveRules::JIEQI,
        )),
    });
    out.push(Section {
        title: Some(Text::RulesTakeBacksTitle.get(lang).to_string()),
        text: Text::RulesTakeBacks.get(lang).to_string(),
        diagram: None,
    });
    out
}

const CELL: f32 = 17.0;
const MARGIN: f32 = 10.0;

/// A small board with the diagram's pieces, dots and rings.
fn draw_diagram(ui: &mut egui::Ui, diagram: &Diagram, set: PieceSet) {
    let size = egui::vec2(
        (FILES as f32 - 1.0) * CELL + 2.0 * MARGIN,
        (RANKS as f32 - 1.0) * CELL + 2.0 * MARGIN,
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let p = ui.painter_at(rect);
    let at = |file: f32, rank: f32| {
        rect.left_top() + egui::vec2(MARGIN + file * CELL, MARGIN + (9.0 - rank) * CELL)
    };
    let point = |sq: Square| at(sq.file() as f32, sq.rank() as f32);
    p.rect_filled(rect, 3.0, c32(theme::WOOD));
    let line = egui::Stroke::new(1.0, c32(theme::LINE));
    for rank in 0..RANKS {
        p.line_segment([at(0.0, rank as f32), at(8.0, rank as f32)], line);
    }
    for file in 0..FILES {
        let f = file as f32;
        if file == 0 || file == FILES - 1 {
            p.line_segment([at(f, 0.0), at(f, 9.0)], line);
        } else {
            // The river cuts the inner files.
            p.line_segment([at(f, 0.0), at(f, 4.0)], line);
            p.line_segment([at(f, 5.0), at(f, 9.0)], line);
        }
    }
    for (low, high) in [(0.0, 2.0), (7.0, 9.0)] {
        p.line_segment([at(3.0, low), at(5.0, high)], line);
        p.line_segment([at(5.0, low), at(3.0, high)], line);
    }
    let r = CELL * 0.45;
    for &(sq, piece) in &diagram.pieces {
        let c = point(sq);
        let side = piece.side();
        if piece.is_hidden() {
            let (back, ring) = theme::back(side);
            p.circle_filled(c, r, c32(ring));
            p.circle_filled(c, r - 1.5, c32(back));
        } else {
            p.circle_filled(c, r, c32(theme::DISC_EDGE));
            p.circle_filled(c, r - 1.0, c32(theme::DISC));
            p.text(
                c,
                egui::Align2::CENTER_CENTER,
                set.glyph(piece.role(), side),
                egui::FontId::proportional(CELL * 0.6),
                c32(theme::ink(side)),
            );
        }
    }
    for &sq in &diagram.targets {
        p.circle_filled(point(sq), CELL * 0.16, c32(theme::TARGET_DOT));
    }
    for &sq in &diagram.captures {
        p.circle_stroke(
            point(sq),
            r + 1.5,
            egui::Stroke::new(2.0, c32(theme::CAPTURE_RING)),
        );
    }
}

/// Whether the rules window is open (the top bar's button, or `--open rules`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesPanel {
    pub open: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RulesPanel>()
        .add_systems(EguiPrimaryContextPass, window);
}

/// The rules window, while open.
fn window(
    mut contexts: EguiContexts,
    mut panel: ResMut<RulesPanel>,
    settings: Res<Settings>,
    shown: Res<Shown>,
) -> Result {
    // Never over the handoff cover.
    if !panel.open || shown.live.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    egui::Window::new(Text::Rules.get(lang))
        .id(egui::Id::new("rules"))
        // Below the top bar, over the board.
        .default_pos(WINDOW_POS)
        .open(&mut panel.open)
        .default_width(560.0)
        .default_height(560.0)
        .show(&ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for section in sections(lang) {
                    if let Some(title) = &section.title {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new(title).size(18.0).strong());
                    }
                    match &section.diagram {
                        Some(diagram) => {
                            ui.horizontal_top(|ui| {
                                draw_diagram(ui, diagram, settings.piece_set);
                                ui.add(egui::Label::new(&section.text).wrap());
                            });
                        }
                        None => {
                            ui.add(egui::Label::new(&section.text).wrap());
                        }
                    }
                    ui.separator();
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(squares: &[Square]) -> Vec<String> {
        let mut v: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    /// The pictures show what the rules say: blocked legs and eyes, the facing generals, the
    /// cannon's screen, the soldier before and after the river, Jieqi's freed advisor.
    #[test]
    fn diagrams_show_the_rules() {
        let d = |role| piece_diagram(role).1;
        assert_eq!(named(&d(Role::General).targets), ["d1", "e0", "e2"]);
        assert_eq!(named(&d(Role::Advisor).targets), ["d0", "d2", "f0", "f2"]);
        assert_eq!(named(&d(Role::Elephant).targets), ["c0", "c4", "g0"]);
        assert_eq!(
            named(&d(Role::Horse).targets),
            ["c3", "c5", "d2", "f2", "g3", "g5"]
        );
        assert_eq!(named(&d(Role::Chariot).captures), ["e7"]);
        assert_eq!(d(Role::Chariot).targets.len(), 14);
        let cannon = d(Role::Cannon);
        assert_eq!(named(&cannon.captures), ["e7"]);
        assert!(!cannon.targets.iter().any(|s| s.to_string() == "e6"));
        assert_eq!(named(&d(Role::Soldier).targets), ["c4", "f6", "g7", "h6"]);
        let jieqi = sections(Language::English)
            .into_iter()
            .find(|s| s.title.as_deref() == Some(Text::RulesJieqiTitle.get(Language::English)))
            .and_then(|s| s.diagram)
            .unwrap();
        assert_eq!(
            named(&jieqi.targets),
            ["a1", "a2", "b0", "c0", "d0", "d4", "d6", "f4", "f6"]
        );
    }

    #[test]
    fn every_piece_has_a_section_in_every_language() {
        for lang in Language::ALL {
            let s = sections(lang);
            assert_eq!(s.iter().filter(|s| s.diagram.is_some()).count(), 8);
            assert!(s.iter().all(|s| !s.text.is_empty()));
        }
        assert_eq!(
            piece_title(Role::Chariot, Language::English),
            "Chariot 俥 車 · R"
        );
        assert_eq!(
            piece_title(Role::Chariot, Language::German),
            "Wagen 俥 車 · R"
        );
        assert_eq!(piece_title(Role::Chariot, Language::Chinese), "俥 車 · R");
    }

    #[test]
    fn the_rules_screen_says_how_take_backs_and_abandoned_games_count() {
        let last = sections(Language::English).pop().unwrap();
        assert_eq!(
            last.title.as_deref(),
            Some("Take-backs and unfinished games")
        );
        for words in [
            "take-backs after a face-down capture",
            "with take-backs",
            "is refused",
            "counts as a resignation",
        ] {
            assert!(last.text.contains(words), "{words}");
        }
    }
}
