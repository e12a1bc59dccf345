//! The position editor's tray: every piece of both sides (in Jieqi a face-down one of each
//! side too) and an eraser; a click on the board puts the piece picked there, erases, or,
//! with nothing picked, moves a piece from one point to another. The side to move, a clear
//! board, the start position, and in Jieqi the pool of identities not yet seen (what the
//! set has left, kept by the editor). Every edit is checked by the rules: a refusal is their
//! one line, and the board keeps the last position they took. "Done" makes the position
//! the board's start.

use bevy::prelude::*;
use bevy_egui::egui;
use jieqi_analysis::{Editor, EditorPiece};
use jieqi_rules::{Family, Role, Side};

use super::model::AnalysisSet;
use super::model::{AnalysisBoard, TrayPick};
use crate::hud::result_card;
use crate::hud::style;
use crate::i18n::{self, Language, Text};
use crate::settings::PieceSet;

/// A change to the editor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// Opens the editor on the position shown.
    Open,
    /// The position becomes the board's start.
    Done,
    /// The editor closes, the board as it was.
    Cancel,
    Pick(Option<TrayPick>),
    SetTurn(Side),
    /// Only the generals.
    Clear,
    /// The variant's start.
    Reset,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EditCommand>()
        .add_systems(Update, apply_commands.in_set(AnalysisSet::Change));
}

fn apply_commands(mut commands: MessageReader<EditCommand>, mut board: ResMut<AnalysisBoard>) {
    for &command in commands.read() {
        match command {
            EditCommand::Open => board.open_editor(),
            EditCommand::Done => board.close_editor(true),
            EditCommand::Cancel => board.close_editor(false),
            EditCommand::Pick(pick) => board.pick(pick),
            EditCommand::SetTurn(side) => board.edit(|s| s.editor.set_turn(side)),
            EditCommand::Clear => board.edit(|s| s.editor.clear()),
            EditCommand::Reset => {
                let rules = board.tree().rules().to_string();
                board.edit(|s| {
                    s.editor = Editor::new(s.editor.variant(), &rules)?;
                    Ok(())
                });
            }
        }
    }
}

/// The tray and the editor's buttons, or the button that opens the editor.
pub fn show(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    set: PieceSet,
    lang: Language,
    send: &mut impl FnMut(EditCommand),
) {
    let Some(state) = board.editor() else {
        let can = board.variant().kind().is_some();
        if ui
            .add_enabled(can, egui::Button::new(Text::AnalysisEdit.get(lang)))
            .clicked()
        {
            send(EditCommand::Open);
        }
        return;
    };
    let editor = &state.editor;
    let jieqi = editor.variant().kind() == Some(Family::Jieqi);
    for side in Side::ALL {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 2.0;
            for role in Role::ALL {
                let piece = EditorPiece::Up { side, role };
                tray_disc(ui, state.pick, TrayPick::Piece(piece), set, send);
            }
            if jieqi {
                let piece = EditorPiece::Down { side };
                tray_disc(ui, state.pick, TrayPick::Piece(piece), set, send);
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let erasing = state.pick == Some(TrayPick::Eraser);
        if ui
            .selectable_label(erasing, Text::AnalysisEraser.get(lang))
            .clicked()
        {
            send(EditCommand::Pick((!erasing).then_some(TrayPick::Eraser)));
        }
        if ui
            .selectable_label(state.pick.is_none(), Text::AnalysisMovePieces.get(lang))
            .clicked()
        {
            send(EditCommand::Pick(None));
        }
        for side in Side::ALL {
            let label = i18n::side_name(side).get(lang);
            if ui.radio(editor.turn() == side, label).clicked() {
                send(EditCommand::SetTurn(side));
            }
        }
    });
    if jieqi {
        pool_line(ui, editor, set, lang);
    }
    ui.horizontal_wrapped(|ui| {
        for (text, command) in [
            (Text::AnalysisClear, EditCommand::Clear),
            (Text::AnalysisStartPosition, EditCommand::Reset),
            (Text::AnalysisEditDone, EditCommand::Done),
            (Text::AnalysisCancel, EditCommand::Cancel),
        ] {
            if ui.button(text.get(lang)).clicked() {
                send(command);
            }
        }
    });
}

/// One piece of the tray, ringed when picked; a click picks it (again: drops it).
fn tray_disc(
    ui: &mut egui::Ui,
    picked: Option<TrayPick>,
    pick: TrayPick,
    set: PieceSet,
    send: &mut impl FnMut(EditCommand),
) {
    let TrayPick::Piece(piece) = pick else {
        return;
    };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::click());
    let (side, role) = match piece {
        EditorPiece::Up { side, role } => (side, Some(role)),
        EditorPiece::Down { side } => (side, None),
    };
    result_card::disc(ui.painter(), rect.center(), 13.0, side, role, false, set);
    let chosen = picked == Some(pick);
    if chosen || response.hovered() {
        let colour = if chosen {
            style::CINNABAR
        } else {
            style::BRASS
        };
        ui.painter()
            .circle_stroke(rect.center(), 14.5, egui::Stroke::new(2.0, colour));
    }
    if response.clicked() {
        send(EditCommand::Pick((!chosen).then_some(pick)));
    }
}

/// Jieqi: what the face-down pieces may still be, each identity with its count.
fn pool_line(ui: &mut egui::Ui, editor: &Editor, set: PieceSet, lang: Language) {
    let pool = editor.pool();
    for side in Side::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(format!(
                    "{} {}:",
                    Text::AnalysisPool.get(lang),
                    i18n::side_name(side).get(lang)
                ))
                .color(style::PAPER_WEAK),
            );
            for role in Role::ALL {
                let n = pool.count(side, role);
                if n > 0 {
                    ui.label(format!("{}×{n}", set.glyph(role, side)));
                }
            }
        });
    }
}
