//! The move tree beside the analysis board: the main line with its variations in brackets,
//! each move in the notation chosen in the settings; a click goes to a move, the steps go
//! back and forward as in the game's move list, and the move shown can be promoted (one
//! place towards the main line) or deleted with every move after it.

use bevy::prelude::*;
use bevy_egui::egui;
use jieqi_analysis::{NodeId, Tree};
use jieqi_rules::platform::{PlayedGame, Receiver};
use jieqi_rules::{Notation, PlayerView, Side, parse_move, write_move};

use super::model::AnalysisBoard;
use super::model::AnalysisSet;
use crate::hud::style;
use crate::i18n::{Language, Text};
use crate::settings::Settings;

/// A step through the tree, or a change to it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeCommand {
    Start,
    Back,
    Forward,
    End,
    GoTo(NodeId),
    /// One place up among its siblings: towards the main line.
    Promote(NodeId),
    /// The move and every move after it.
    Delete(NodeId),
}

/// Each move's text in the chosen notation, made once per change of the tree.
#[derive(Resource, Debug, Default)]
pub struct MoveLabels {
    made_for: Option<(u64, Notation)>,
    labels: Vec<(NodeId, String)>,
    /// Who moved at each node.
    movers: Vec<(NodeId, Side)>,
}

impl MoveLabels {
    pub fn label(&self, id: NodeId) -> Option<&str> {
        self.labels
            .iter()
            .find(|(n, _)| *n == id)
            .map(|(_, t)| t.as_str())
    }

    fn mover(&self, id: NodeId) -> Option<Side> {
        self.movers.iter().find(|(n, _)| *n == id).map(|(_, s)| *s)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TreeCommand>()
        .init_resource::<MoveLabels>()
        .add_systems(Update, apply_commands.in_set(AnalysisSet::Change))
        .add_systems(Update, make_labels.in_set(AnalysisSet::Follow));
}

fn apply_commands(mut commands: MessageReader<TreeCommand>, mut board: ResMut<AnalysisBoard>) {
    for &command in commands.read() {
        if board.editor().is_some() || board.pending().is_some() {
            continue;
        }
        let tree = board.tree_mut();
        let done = match command {
            TreeCommand::Start => {
                tree.go_to_start();
                Ok(())
            }
            TreeCommand::Back => {
                tree.go_back();
                Ok(())
            }
            TreeCommand::Forward => {
                tree.go_forward();
                Ok(())
            }
            TreeCommand::End => {
                tree.go_to_end();
                Ok(())
            }
            TreeCommand::GoTo(id) => tree.go_to(id),
            TreeCommand::Promote(id) => tree.promote(id).map(drop),
            TreeCommand::Delete(id) => tree.delete(id),
        };
        match done {
            Ok(()) => board.changed(),
            Err(e) => board.refuse(e),
        }
    }
}

fn make_labels(board: Res<AnalysisBoard>, settings: Res<Settings>, mut labels: ResMut<MoveLabels>) {
    let key = (board.revision(), settings.notation);
    if labels.made_for == Some(key) {
        return;
    }
    let tree = board.tree();
    let mut made = MoveLabels {
        made_for: Some(key),
        ..default()
    };
    if let Ok(root) = tree.game_at(tree.root()) {
        label_below(tree, tree.root(), root, settings.notation, &mut made);
    }
    *labels = made;
}

/// Labels every move below `id`, whose game is `game`.
fn label_below(
    tree: &Tree,
    id: NodeId,
    game: Box<dyn PlayedGame>,
    notation: Notation,
    out: &mut MoveLabels,
) {
    for &child in tree.children(id) {
        let Some(turn) = tree.turn(child) else {
            continue;
        };
        let mover = game.turn();
        out.labels
            .push((child, written(&*game, &turn.text, notation)));
        out.movers.push((child, mover));
        let mut next = game.boxed();
        if next.play_known(turn).is_ok() {
            label_below(tree, child, next, notation, out);
        }
    }
}

/// A turn of `game` in `notation` where the variant has notations (else as it was told).
fn written(game: &dyn PlayedGame, text: &str, notation: Notation) -> String {
    if game.variant().kind().is_none() || notation == Notation::Iccs {
        return text.to_string();
    }
    let position = game.knowledge(Receiver::Player(game.turn())).position;
    let Ok(view) = PlayerView::from_text(&position, &[]) else {
        return text.to_string();
    };
    match parse_move(&view.position, text) {
        Ok(parsed) => write_move(&view.position, parsed.mv, parsed.revealed, notation),
        Err(_) => text.to_string(),
    }
}

/// What the tree panel shows, in reading order.
enum Item {
    Move(NodeId),
    Open,
    Close,
}

fn items(tree: &Tree) -> Vec<Item> {
    let mut out = Vec::new();
    line_items(tree, tree.root(), &mut out);
    out
}

/// The line from `parent` on: each first child, its siblings' lines in brackets after it.
fn line_items(tree: &Tree, parent: NodeId, out: &mut Vec<Item>) {
    let mut at = parent;
    while let Some((&main, others)) = tree.children(at).split_first() {
        out.push(Item::Move(main));
        for &variation in others {
            out.push(Item::Open);
            out.push(Item::Move(variation));
            line_items(tree, variation, out);
            out.push(Item::Close);
        }
        at = main;
    }
}

/// The steps and the tree; clicks answer with [`TreeCommand`]s.
pub fn show(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    labels: &MoveLabels,
    lang: Language,
    send: &mut impl FnMut(TreeCommand),
) {
    let tree = board.tree();
    let current = tree.current();
    let is_move = current != tree.root();
    ui.horizontal(|ui| {
        for (text, command) in [
            ("|◀", TreeCommand::Start),
            ("◀", TreeCommand::Back),
            ("▶", TreeCommand::Forward),
            ("▶|", TreeCommand::End),
        ] {
            if ui.button(text).clicked() {
                send(command);
            }
        }
        ui.separator();
        if ui
            .add_enabled(is_move, egui::Button::new(Text::AnalysisPromote.get(lang)))
            .clicked()
        {
            send(TreeCommand::Promote(current));
        }
        if ui
            .add_enabled(is_move, egui::Button::new(Text::AnalysisDelete.get(lang)))
            .clicked()
        {
            send(TreeCommand::Delete(current));
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("analysis-tree")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                let mut open = true;
                for item in items(tree) {
                    match item {
                        Item::Open => {
                            ui.label(egui::RichText::new("(").color(style::PAPER_WEAK));
                            open = true;
                        }
                        Item::Close => {
                            ui.label(egui::RichText::new(")").color(style::PAPER_WEAK));
                            open = true;
                        }
                        Item::Move(id) => {
                            move_item(ui, tree, labels, id, open, send);
                            open = false;
                        }
                    }
                }
            });
        });
}

/// One move: its number where a line needs one, its text, chosen when it is shown.
fn move_item(
    ui: &mut egui::Ui,
    tree: &Tree,
    labels: &MoveLabels,
    id: NodeId,
    line_start: bool,
    send: &mut impl FnMut(TreeCommand),
) {
    let ply = tree.path(id).map_or(0, |p| p.len());
    let mover = labels.mover(id);
    let number = ply.div_ceil(2);
    let prefix = match mover {
        Some(Side::Black) if line_start => format!("{number}…"),
        Some(Side::Black) => String::new(),
        _ => format!("{number}."),
    };
    if !prefix.is_empty() {
        ui.label(egui::RichText::new(prefix).color(style::PAPER_WEAK));
    }
    let text = labels.label(id).unwrap_or("?");
    let in_main = tree.is_main_line(id);
    let mut rich = egui::RichText::new(text);
    if !in_main {
        rich = rich.color(style::JADE);
    }
    if ui.selectable_label(tree.current() == id, rich).clicked() {
        send(TreeCommand::GoTo(id));
    }
}
