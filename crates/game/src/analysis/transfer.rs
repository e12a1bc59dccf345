//! Import and export on the analysis board: a text box to paste a position or a game in
//! (its format guessed by `jieqi_analysis::import`: our records, JieqiBox's notation and
//! FENs, pychess-variants' export, UCI move lists, bare moves), and the board's tree written
//! out, variations included, as our record or as JieqiBox's notation (copied, and shown in
//! the box); the box is saved to a file or filled from one, as the Record window's is. A paste
//! that does not read says why in one line and changes nothing.

use bevy::prelude::*;
use bevy_egui::egui;
use jieqi_analysis::{Tree, export_jieqibox, export_record, import};

use super::model::AnalysisSet;
use super::model::{AnalysisBoard, Note};
use crate::i18n::{Language, Phrase, Text};

/// Reads the text into the board, replacing its tree.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ImportPaste(pub String);

/// The text box, and the file it is saved to or filled from.
#[derive(Resource, Debug, Default)]
pub struct TransferBox {
    pub text: String,
    /// A file's path, typed.
    pub path: String,
    /// What the last save or open did.
    pub message: Option<Phrase>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ImportPaste>()
        .init_resource::<TransferBox>()
        .add_systems(Update, read_pastes.in_set(AnalysisSet::Change));
}

fn read_pastes(mut pastes: MessageReader<ImportPaste>, mut board: ResMut<AnalysisBoard>) {
    for ImportPaste(text) in pastes.read() {
        match import(text) {
            Ok(tree) => {
                board.replace_tree(tree);
                board.say(Note::Said(Phrase::new(Text::AnalysisImported)));
            }
            Err(e) => board.refuse(e),
        }
    }
}

/// What a button asked that the board must do.
#[derive(Debug)]
pub enum TransferAnswer {
    Import(String),
    /// An export was copied (or why it could not be written).
    Said(Note),
}

/// The box and its buttons.
pub fn show(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    transfer: &mut TransferBox,
    lang: Language,
) -> Option<TransferAnswer> {
    let mut answer = None;
    ui.add(
        egui::TextEdit::multiline(&mut transfer.text)
            .hint_text(Text::AnalysisPasteHint.get(lang))
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .code_editor(),
    );
    // A game or position saved from elsewhere opens into the box, to be read like a paste;
    // the box (an export, say) is saved the same way.
    if let Some(request) = crate::hud::record_window::file_row(ui, &mut transfer.path, lang) {
        let TransferBox { path, text, .. } = transfer;
        transfer.message = Some(crate::records::box_file(request, path, text));
    }
    if let Some(message) = &transfer.message {
        ui.colored_label(crate::hud::style::AMBER, message.say(lang));
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(Text::AnalysisImport.get(lang)).clicked() {
            answer = Some(TransferAnswer::Import(transfer.text.clone()));
        }
        let exports: [(Text, Export); 2] = [
            (Text::AnalysisCopyRecord, as_record),
            (Text::AnalysisCopyJieqiBox, as_jieqibox),
        ];
        for (label, export) in exports {
            if !ui.button(label.get(lang)).clicked() {
                continue;
            }
            answer = Some(TransferAnswer::Said(match export(board.tree()) {
                Ok(text) => {
                    ui.ctx().copy_text(text.clone());
                    transfer.text = text;
                    Note::Said(Phrase::new(Text::AnalysisCopied))
                }
                Err(why) => Note::Refused(why),
            }));
        }
    });
    answer
}

/// A way to write the tree out.
type Export = fn(&Tree) -> Result<String, String>;

fn as_record(tree: &Tree) -> Result<String, String> {
    Ok(export_record(tree))
}

fn as_jieqibox(tree: &Tree) -> Result<String, String> {
    export_jieqibox(tree).map_err(|e| e.to_string())
}
