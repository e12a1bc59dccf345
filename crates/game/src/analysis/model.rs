//! What the analysis board holds and how a click changes it: the move tree (with the game at
//! its current node), the editor while it is open, the point picked, the question a click
//! asks (what a face-down piece turned up, what a taken one was), and the last refusal.
//!
//! Every change goes through the rules (`jieqi_analysis`): a refused click or edit leaves
//! the board as it was and says why in one line. The board never holds a deal: its game is
//! a told game, so it shows exactly what was told.

use bevy::prelude::*;
use jieqi_analysis::{Editor, EditorPiece, Identity, Question, Tree};
use jieqi_rules::platform::{KnownTurn, Spot, TableTurn, VariantRef};
use jieqi_rules::{Record, Side};

use crate::hud::AnalysisOpen;
use crate::i18n::{self, Phrase, Text};
use crate::session::Shown;

/// The order of the board's systems in a frame: what changes the board, then what follows
/// it (the engine, the move list's texts).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnalysisSet {
    Change,
    Follow,
}

/// A click on the analysis board, or an answer to what it asked.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum BoardCommand {
    /// Opens or closes the analysis screen.
    Toggle,
    /// A point of the board was clicked (in the editor: an edit).
    Click(Spot),
    /// The moving face-down piece turned up as this.
    Reveal(Identity),
    /// The face-down piece taken was this (`None`: not known).
    Captured(Option<Identity>),
    /// The question is dropped: nothing is played.
    Cancel,
    /// Shows the board from the other side.
    Flip,
    /// A fresh board of this variant at its start.
    NewBoard(VariantRef),
}

/// What the editor's tray puts on a click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayPick {
    Piece(EditorPiece),
    Eraser,
}

/// The position editor, while it is open: the position being set up and what the tray holds.
#[derive(Clone, Debug)]
pub struct EditorState {
    pub editor: Editor,
    pub pick: Option<TrayPick>,
}

/// A click that needs told what it turned up or took, until answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingTurn {
    pub from: Spot,
    pub to: Option<Spot>,
    pub question: Question,
    /// The reveal already told, while the capture is asked.
    pub reveal: Option<Identity>,
}

impl PendingTurn {
    /// Whether the reveal is still to be told.
    pub fn asks_reveal(&self) -> bool {
        !self.question.reveals.is_empty() && self.reveal.is_none()
    }
}

/// The last thing the board has to say: a refusal, or what an action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// In the game's words.
    Said(Phrase),
    /// The rules' own one line (they speak English), after "Refused:".
    Refused(String),
}

impl Note {
    pub fn say(&self, lang: i18n::Language) -> String {
        match self {
            Note::Said(phrase) => phrase.say(lang),
            Note::Refused(why) => Phrase::new(Text::AnalysisRefused)
                .with("reason", why.clone())
                .say(lang),
        }
    }
}

/// The analysis board.
#[derive(Resource, Debug)]
pub struct AnalysisBoard {
    tree: Tree,
    editor: Option<EditorState>,
    selected: Option<Spot>,
    pending: Option<PendingTurn>,
    flipped: bool,
    note: Option<Note>,
    /// Counts changes of the position shown (a move, a step, a new tree, an edit): the
    /// engine restarts when it moves on.
    revision: u64,
}

impl Default for AnalysisBoard {
    fn default() -> Self {
        let variant = jieqi_variants::all()
            .next()
            .expect("at least one variant is registered");
        AnalysisBoard::new(fresh_tree(variant).expect("every variant tells its start"))
    }
}

/// A tree at `variant`'s start, or the rules' reason why not.
fn fresh_tree(variant: VariantRef) -> Result<Tree, String> {
    Tree::new(variant, None, "").map_err(|e| e.to_string())
}

impl AnalysisBoard {
    pub fn new(tree: Tree) -> AnalysisBoard {
        AnalysisBoard {
            tree,
            editor: None,
            selected: None,
            pending: None,
            flipped: false,
            note: None,
            revision: 0,
        }
    }

    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    pub fn editor(&self) -> Option<&EditorState> {
        self.editor.as_ref()
    }

    pub fn selected(&self) -> Option<Spot> {
        self.selected
    }

    pub fn pending(&self) -> Option<&PendingTurn> {
        self.pending.as_ref()
    }

    pub fn flipped(&self) -> bool {
        self.flipped
    }

    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn variant(&self) -> VariantRef {
        self.editor
            .as_ref()
            .map_or(self.tree.variant(), |e| e.editor.variant())
    }

    /// Who the board's picture is of: the side to move (both sides are told alike; only a
    /// capture's identity differs, and that is the teller's).
    pub fn viewer(&self) -> Side {
        self.tree.game().turn()
    }

    /// The legal turns from `spot` at the current node.
    pub fn turns_from(&self, spot: Spot) -> Vec<TableTurn> {
        self.tree
            .game()
            .table(self.viewer())
            .turns
            .into_iter()
            .filter(|t| t.from == spot)
            .collect()
    }

    pub fn say(&mut self, note: Note) {
        self.note = Some(note);
    }

    pub fn refuse(&mut self, why: impl ToString) {
        self.note = Some(Note::Refused(why.to_string()));
    }

    /// Something changed the position shown: the pick, the question and the last word go.
    pub fn changed(&mut self) {
        self.selected = None;
        self.pending = None;
        self.note = None;
        self.revision += 1;
    }

    /// Puts `tree` on the board (an import, the editor's position): the editor closes.
    pub fn replace_tree(&mut self, tree: Tree) {
        self.tree = tree;
        self.editor = None;
        self.changed();
    }

    /// The tree to change, for the move tree's steps; call [`Self::changed`] after.
    pub fn tree_mut(&mut self) -> &mut Tree {
        &mut self.tree
    }

    /// Opens the editor on the position shown; the rules' reason when it cannot.
    pub fn open_editor(&mut self) {
        let tree = &self.tree;
        match Editor::from_text(tree.variant(), &tree.position_text(), tree.rules()) {
            Ok(editor) => {
                self.editor = Some(EditorState { editor, pick: None });
                self.changed();
            }
            Err(e) => self.refuse(e),
        }
    }

    /// Closes the editor; `keep`: its position becomes the board's start.
    pub fn close_editor(&mut self, keep: bool) {
        let Some(state) = self.editor.take() else {
            return;
        };
        if keep {
            match state.editor.tree() {
                Ok(tree) => self.tree = tree,
                Err(e) => {
                    self.editor = Some(state);
                    self.refuse(e);
                    return;
                }
            }
        }
        self.changed();
    }

    /// The editor to change, and afterwards whether the rules took it.
    pub fn edit(
        &mut self,
        change: impl FnOnce(&mut EditorState) -> Result<(), jieqi_analysis::TreeError>,
    ) {
        let Some(state) = self.editor.as_mut() else {
            return;
        };
        match change(state) {
            Ok(()) => self.changed(),
            Err(e) => self.refuse(e),
        }
    }

    /// What the editor's tray puts on the next click (no change to the position).
    pub fn pick(&mut self, pick: Option<TrayPick>) {
        if let Some(state) = self.editor.as_mut() {
            state.pick = pick;
            self.selected = None;
        }
    }

    /// A click on `spot`: in the editor an edit, else a pick or a move.
    pub fn click(&mut self, spot: Spot) {
        if self.pending.is_some() {
            return;
        }
        if self.editor.is_some() {
            self.click_editor(spot);
            return;
        }
        let here = self.turns_from(spot);
        match self.selected {
            Some(from) if from == spot => {
                if here.iter().any(|t| t.to.is_none()) {
                    self.play(spot, None);
                } else {
                    self.selected = None;
                }
            }
            Some(from) if self.turns_from(from).iter().any(|t| t.to == Some(spot)) => {
                self.play(from, Some(spot));
            }
            Some(from) if here.is_empty() => {
                // The rules say why the piece cannot go there.
                let mut probe = self.tree.game().boxed();
                if let Err(e) = probe.play_turn(from, Some(spot)) {
                    self.note = Some(Note::Said(i18n::turn_error(&e)));
                }
                self.selected = None;
            }
            _ if here.is_empty() => {}
            // A piece that can only turn over in place (a Banqi flip) does so at once.
            _ if here.iter().all(|t| t.to.is_none()) => self.play(spot, None),
            _ => {
                self.selected = Some(spot);
                self.note = None;
            }
        }
    }

    /// Plays the click `from` → `to`, or asks what it needs told first.
    fn play(&mut self, from: Spot, to: Option<Spot>) {
        let question = match self.tree.ask(from, to) {
            Ok(q) => q,
            Err(e) => return self.refuse(e),
        };
        if question.is_plain() {
            self.play_told(&question, None, None);
        } else {
            self.selected = Some(from);
            self.pending = Some(PendingTurn {
                from,
                to,
                question,
                reveal: None,
            });
        }
    }

    fn play_told(
        &mut self,
        question: &Question,
        reveal: Option<Identity>,
        taken: Option<Identity>,
    ) {
        let played = question
            .turn(reveal, taken)
            .and_then(|turn: KnownTurn| self.tree.play_known(&turn));
        match played {
            Ok(_) => self.changed(),
            Err(e) => {
                self.pending = None;
                self.refuse(e);
            }
        }
    }

    /// The answer "it turned up as `identity`".
    pub fn reveal(&mut self, identity: Identity) {
        let Some(pending) = self.pending.as_mut().filter(|p| p.asks_reveal()) else {
            return;
        };
        pending.reveal = Some(identity);
        if pending.question.captures.is_none() {
            let (question, reveal) = (pending.question.clone(), pending.reveal);
            self.play_told(&question, reveal, None);
        }
    }

    /// The answer "the piece taken was `identity`" (`None`: not known).
    pub fn captured(&mut self, identity: Option<Identity>) {
        let Some(pending) = self.pending.as_ref().filter(|p| !p.asks_reveal()) else {
            return;
        };
        let (question, reveal) = (pending.question.clone(), pending.reveal);
        self.play_told(&question, reveal, identity);
    }

    pub fn cancel(&mut self) {
        self.pending = None;
        self.selected = None;
    }

    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    fn click_editor(&mut self, spot: Spot) {
        let Some(state) = self.editor.as_ref() else {
            return;
        };
        match (state.pick, self.selected) {
            (Some(TrayPick::Piece(piece)), _) => self.edit(|s| s.editor.place(spot, piece)),
            (Some(TrayPick::Eraser), _) => self.edit(|s| s.editor.remove(spot)),
            (None, Some(from)) if from != spot => self.edit(|s| s.editor.move_piece(from, spot)),
            (None, Some(_)) => self.selected = None,
            (None, None) if state.editor.piece_at(spot).is_some() => self.selected = Some(spot),
            (None, None) => {}
        }
    }

    /// A fresh board of `variant`.
    pub fn new_board(&mut self, variant: VariantRef) {
        match fresh_tree(variant) {
            Ok(tree) => self.replace_tree(tree),
            Err(e) => self.refuse(e),
        }
    }

    /// Whether nothing has been played or set up yet (a fresh board).
    pub fn is_fresh(&self) -> bool {
        self.editor.is_none()
            && self.tree.start().is_none()
            && self.tree.children(self.tree.root()).is_empty()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisBoard>()
        .add_message::<BoardCommand>()
        .configure_sets(Update, (AnalysisSet::Change, AnalysisSet::Follow).chain())
        .add_systems(
            Update,
            (apply_commands, when_opened)
                .chain()
                .in_set(AnalysisSet::Change),
        );
}

fn apply_commands(
    mut commands: MessageReader<BoardCommand>,
    mut board: ResMut<AnalysisBoard>,
    mut open: ResMut<AnalysisOpen>,
) {
    for command in commands.read() {
        match command {
            BoardCommand::Toggle => open.0 = !open.0,
            BoardCommand::Click(spot) => board.click(*spot),
            BoardCommand::Reveal(identity) => board.reveal(*identity),
            BoardCommand::Captured(identity) => board.captured(*identity),
            BoardCommand::Cancel => board.cancel(),
            BoardCommand::Flip => board.flip(),
            BoardCommand::NewBoard(variant) => board.new_board(*variant),
        }
    }
}

/// The screen just opened (the top bar's button, or its Toggle): a fresh board takes the
/// game on the table.
fn when_opened(
    mut board: ResMut<AnalysisBoard>,
    open: Res<AnalysisOpen>,
    shown: Res<Shown>,
    mut was_open: Local<bool>,
) {
    let open = open.0;
    if open && !*was_open && board.is_fresh() && !open_on_the_table(&mut board, &shown) {
        // Nothing published yet (the app is starting): the next frame tries again.
        return;
    }
    *was_open = open;
}

/// A fresh board opens on the game on the table as its viewer knows it: the record the
/// viewer may keep (never the deal), read back as a told game.
/// `false` while nothing is published.
fn open_on_the_table(board: &mut AnalysisBoard, shown: &Shown) -> bool {
    let record = match shown.view() {
        Some(view) => Record::of_view(view).write(jieqi_rules::Notation::Iccs),
        None => match &shown.own_texts {
            Some(texts) => texts.record.clone(),
            None => return false,
        },
    };
    if let Ok(tree) = jieqi_analysis::import(&record) {
        board.replace_tree(tree);
    }
    true
}
