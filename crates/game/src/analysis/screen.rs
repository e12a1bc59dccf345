//! The analysis screen: a full window below the top bar, over the table, drawn with egui
//! alone (it owns no entity of the main board). On the left the board of the variant shown
//! (points or squares as the variant describes them), its pieces as they were told, the
//! engine's arrows and an evaluation bar; on the right the variant, the engine's lines, the
//! editor, the move tree and the text box. Every click answers with a message.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, FontId, Pos2, Rect, Stroke, Vec2, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use jieqi_ai::Score;
use jieqi_analysis::{EditorPiece, Identity};
use jieqi_rules::Side;
use jieqi_rules::platform::{BoardShape, Grid, Look, Spot, Table};

use super::editor_tray::{self, EditCommand};
use super::engine_lines::{EngineCommand, EngineLines, MAX_LINES};
use super::model::{AnalysisBoard, BoardCommand, PendingTurn};
use super::reveal_worth::{AskRevealWorth, RevealWorth};
use super::transfer::{self, ImportPaste, TransferAnswer, TransferBox};
use super::tree_panel::{self, MoveLabels, TreeCommand};
use crate::hud::style::{self, c32};
use crate::hud::{AnalysisOpen, result_card};
use crate::i18n::{self, Language, Phrase, Text};
use crate::layout::Margins;
use crate::settings::{PieceSet, Settings};
use crate::theme;

/// The side column's width at most.
const SIDE_COLUMN: f32 = 400.0;
/// The evaluation bar's width.
const BAR: f32 = 14.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (screen, question).chain());
}

/// Every message the screen answers with.
#[derive(SystemParam)]
struct Outbox<'w> {
    board: MessageWriter<'w, BoardCommand>,
    tree: MessageWriter<'w, TreeCommand>,
    edit: MessageWriter<'w, EditCommand>,
    engine: MessageWriter<'w, EngineCommand>,
    paste: MessageWriter<'w, ImportPaste>,
    worth: MessageWriter<'w, AskRevealWorth>,
}

fn screen(
    mut contexts: EguiContexts,
    mut board: ResMut<AnalysisBoard>,
    (open, worth): (Res<AnalysisOpen>, Res<RevealWorth>),
    (engine, labels, settings, margins): (
        Res<EngineLines>,
        Res<MoveLabels>,
        Res<Settings>,
        Res<Margins>,
    ),
    mut transfer: ResMut<TransferBox>,
    mut out: Outbox,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let view = ctx.viewport_rect();
    let full = Rect::from_min_max(pos2(view.min.x, view.min.y + margins.top), view.max);
    let side_width = SIDE_COLUMN.min(full.width() * 0.42);
    let mut said = None;
    egui::Area::new("analysis-screen".into())
        .order(egui::Order::Middle)
        .fixed_pos(full.min)
        .constrain(false)
        .show(&ctx, |ui| {
            ui.painter().rect_filled(full, 0.0, style::WALNUT);
            // Take the whole screen, so that nothing under it is clicked.
            ui.allocate_rect(full, egui::Sense::click());
            let column =
                Rect::from_min_max(pos2(full.max.x - side_width, full.min.y), full.max).shrink(8.0);
            let left = Rect::from_min_max(full.min, pos2(column.min.x - 8.0, full.max.y));
            board_area(ui, left, &board, &engine, &settings, &mut out);
            let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(column));
            egui::ScrollArea::vertical()
                .id_salt("analysis-column")
                .auto_shrink([false, false])
                .show(&mut inner, |ui| {
                    let searches = Searches {
                        engine: &engine,
                        worth: &worth,
                    };
                    said = side_column(
                        ui,
                        &board,
                        &searches,
                        &labels,
                        &mut transfer,
                        &settings,
                        &mut out,
                    );
                });
        });
    if let Some(note) = said {
        board.say(note);
    }
    step_keys(&ctx, &mut out);
    Ok(())
}

/// Left / Right / Home / End step through the tree, as through the game's move list (not
/// while a text box has the keys: they move its cursor there).
fn step_keys(ctx: &egui::Context, out: &mut Outbox) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    for (key, command) in [
        (egui::Key::ArrowLeft, TreeCommand::Back),
        (egui::Key::ArrowRight, TreeCommand::Forward),
        (egui::Key::Home, TreeCommand::Start),
        (egui::Key::End, TreeCommand::End),
    ] {
        if ctx.input(|i| i.key_pressed(key)) {
            out.tree.write(command);
        }
    }
}

/// The board with the evaluation bar beside it.
fn board_area(
    ui: &mut egui::Ui,
    area: Rect,
    board: &AnalysisBoard,
    engine: &EngineLines,
    settings: &Settings,
    out: &mut Outbox,
) {
    let shape = board.variant().board();
    let geometry = Geometry::fit(shape, area.shrink(12.0), BAR + 10.0, board.flipped());
    if engine.is_on() || !engine.lines().is_empty() {
        evaluation_bar(ui.painter(), &geometry, engine.red_share(), board.flipped());
    }
    let response = ui.interact(
        geometry.frame,
        ui.id().with("analysis-board"),
        egui::Sense::click(),
    );
    draw_board(ui.painter(), &geometry, settings);
    let painter = ui.painter();
    match board.editor() {
        Some(state) => {
            for spot in shape.spots() {
                if let Some(piece) = state.editor.piece_at(spot) {
                    let (side, role) = match piece {
                        EditorPiece::Up { side, role } => (side, Some(role)),
                        EditorPiece::Down { side } => (side, None),
                    };
                    piece_disc(
                        painter,
                        &geometry,
                        spot,
                        Some(side),
                        role,
                        settings.piece_set,
                    );
                }
            }
            if let Some(spot) = board.selected() {
                ring(painter, &geometry, spot, theme::SELECTED, 3.0);
            }
        }
        None => {
            let table = board.tree().game().table(board.viewer());
            draw_table(painter, &geometry, &table, board, settings.piece_set);
            arrows(painter, &geometry, engine);
        }
    }
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
        && let Some(spot) = geometry.spot_at(at)
    {
        out.board.write(BoardCommand::Click(spot));
    }
    if response.secondary_clicked() {
        out.board.write(BoardCommand::Cancel);
    }
}

/// Where the board's places are on screen.
struct Geometry {
    shape: &'static BoardShape,
    /// The wooden panel.
    frame: Rect,
    /// The distance between two places.
    cell: f32,
    /// The first place's centre (column 0 of the shown bottom row's far side is derived).
    origin: Pos2,
    flipped: bool,
}

impl Geometry {
    /// The largest board that fits `area`, leaving `bar` on its left.
    fn fit(shape: &'static BoardShape, area: Rect, bar: f32, flipped: bool) -> Geometry {
        let (cols, rows) = (f32::from(shape.columns), f32::from(shape.rows));
        // Cells across, with the margin around the outer places.
        let (across, down, inset) = match shape.grid {
            Grid::Intersections => (cols - 1.0 + 1.4, rows - 1.0 + 1.4, 0.7),
            Grid::Squares => (cols + 0.6, rows + 0.6, 0.8),
        };
        let room = vec2((area.width() - bar).max(40.0), area.height().max(40.0));
        let cell = (room.x / across).min(room.y / down);
        let size = vec2(across * cell, down * cell);
        let min = pos2(
            area.min.x + bar + (room.x - size.x) / 2.0,
            area.min.y + (room.y - size.y) / 2.0,
        );
        let frame = Rect::from_min_size(min, size);
        Geometry {
            shape,
            frame,
            cell,
            origin: min + Vec2::splat(inset * cell),
            flipped,
        }
    }

    /// The centre of `spot` on screen.
    fn at(&self, spot: Spot) -> Pos2 {
        let (cols, rows) = (self.shape.columns, self.shape.rows);
        let (column, row) = if self.flipped {
            (cols - 1 - spot.column, spot.row)
        } else {
            (spot.column, rows - 1 - spot.row)
        };
        self.origin + vec2(f32::from(column), f32::from(row)) * self.cell
    }

    /// The place under `at`, if one is near.
    fn spot_at(&self, at: Pos2) -> Option<Spot> {
        self.shape
            .spots()
            .map(|s| (s, self.at(s).distance(at)))
            .filter(|(_, d)| *d < self.cell * 0.5)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
    }
}

fn draw_board(p: &egui::Painter, g: &Geometry, settings: &Settings) {
    p.rect_filled(g.frame.expand(g.cell * 0.12), 6.0, c32(theme::FRAME));
    p.rect_filled(g.frame, 2.0, c32(theme::WOOD));
    let line = Stroke::new((g.cell / 30.0).max(1.0), c32(theme::LINE));
    let shape = g.shape;
    let last = Spot::new(shape.columns - 1, shape.rows - 1);
    match shape.grid {
        Grid::Intersections => {
            for row in 0..shape.rows {
                p.line_segment(
                    [g.at(Spot::new(0, row)), g.at(Spot::new(last.column, row))],
                    line,
                );
            }
            for column in 0..shape.columns {
                let edge = column == 0 || column == last.column;
                let spans = match shape.river {
                    Some(river) if !edge => vec![(0, river - 1), (river, last.row)],
                    _ => vec![(0, last.row)],
                };
                for (a, b) in spans {
                    p.line_segment(
                        [g.at(Spot::new(column, a)), g.at(Spot::new(column, b))],
                        line,
                    );
                }
            }
            for zone in shape.palaces {
                let (a, b) = (zone.from, zone.to);
                p.line_segment([g.at(a), g.at(b)], line);
                p.line_segment(
                    [
                        g.at(Spot::new(a.column, b.row)),
                        g.at(Spot::new(b.column, a.row)),
                    ],
                    line,
                );
            }
            if let Some(river) = shape.river {
                river_words(p, g, river);
            }
        }
        Grid::Squares => {
            let half = Vec2::splat(g.cell / 2.0);
            let grid = Rect::from_two_pos(g.at(Spot::new(0, 0)), g.at(last)).expand2(half);
            for k in 0..=shape.columns {
                let x = grid.min.x + f32::from(k) * g.cell;
                p.line_segment([pos2(x, grid.min.y), pos2(x, grid.max.y)], line);
            }
            for k in 0..=shape.rows {
                let y = grid.min.y + f32::from(k) * g.cell;
                p.line_segment([pos2(grid.min.x, y), pos2(grid.max.x, y)], line);
            }
        }
    }
    if settings.coordinates {
        coordinates(p, g);
    }
}

/// 楚河 漢界 in the river, as on the main board.
fn river_words(p: &egui::Painter, g: &Geometry, river: u8) {
    let columns = g.shape.columns;
    let middle_y = (g.at(Spot::new(0, river - 1)).y + g.at(Spot::new(0, river)).y) / 2.0;
    let font = FontId::proportional(g.cell * 0.45);
    let colour = c32(theme::RIVER_TEXT);
    let quarter = g.at(Spot::new(columns / 4, 0)).x;
    let three_quarters = g.at(Spot::new(columns - 1 - columns / 4, 0)).x;
    let (left, right) = if g.flipped {
        ("漢界", "楚河")
    } else {
        ("楚河", "漢界")
    };
    p.text(
        pos2(quarter.min(three_quarters) + g.cell * 0.5, middle_y),
        Align2::CENTER_CENTER,
        left,
        font.clone(),
        colour,
    );
    p.text(
        pos2(quarter.max(three_quarters) - g.cell * 0.5, middle_y),
        Align2::CENTER_CENTER,
        right,
        font,
        colour,
    );
}

/// Column letters under the board and row numbers on its left, as the notation names them.
fn coordinates(p: &egui::Painter, g: &Geometry) {
    let font = FontId::proportional((g.cell * 0.24).max(9.0));
    let colour = c32(theme::COORD_TEXT);
    for column in 0..g.shape.columns {
        let bottom = if g.flipped { g.shape.rows - 1 } else { 0 };
        let at = g.at(Spot::new(column, bottom));
        let letter = char::from(b'a' + column).to_string();
        p.text(
            pos2(at.x, g.frame.max.y - g.cell * 0.16),
            Align2::CENTER_CENTER,
            letter,
            font.clone(),
            colour,
        );
    }
    for row in 0..g.shape.rows {
        let left = if g.flipped { g.shape.columns - 1 } else { 0 };
        let at = g.at(Spot::new(left, row));
        let name = (u32::from(row) + u32::from(g.shape.first_row)).to_string();
        p.text(
            pos2(g.frame.min.x + g.cell * 0.16, at.y),
            Align2::CENTER_CENTER,
            name,
            font.clone(),
            colour,
        );
    }
}

/// A piece: its face, or its back (in its side's colour where the back shows one).
fn piece_disc(
    p: &egui::Painter,
    g: &Geometry,
    spot: Spot,
    side: Option<Side>,
    role: Option<jieqi_rules::Role>,
    set: PieceSet,
) {
    let radius = g.cell * theme::PIECE_RADIUS;
    match side {
        Some(side) => result_card::disc(p, g.at(spot), radius, side, role, false, set),
        None => {
            p.circle_filled(g.at(spot), radius, c32(theme::BLANK_BACK_RING));
            p.circle_filled(g.at(spot), radius * 0.85, c32(theme::BLANK_BACK));
        }
    }
}

fn ring(p: &egui::Painter, g: &Geometry, spot: Spot, colour: Color, width: f32) {
    p.circle_stroke(g.at(spot), g.cell * 0.5, Stroke::new(width, c32(colour)));
}

/// The pieces as told, the last move, check, the pick and where it may go.
fn draw_table(
    p: &egui::Painter,
    g: &Geometry,
    table: &Table,
    board: &AnalysisBoard,
    set: PieceSet,
) {
    if let Some((from, to)) = table.last {
        ring(p, g, from, theme::LAST_MOVE, 2.0);
        if let Some(to) = to {
            ring(p, g, to, theme::LAST_MOVE, 2.0);
        }
    }
    if let Some(spot) = table.check {
        p.circle_filled(g.at(spot), g.cell * 0.55, c32(theme::CHECK_GLOW));
    }
    for &(spot, look) in &table.pieces {
        match look {
            Look::Up { side, role } => piece_disc(p, g, spot, Some(side), Some(role), set),
            Look::Down { side, .. } => piece_disc(p, g, spot, side, None, set),
        }
    }
    let Some(from) = board.selected() else {
        return;
    };
    ring(p, g, from, theme::SELECTED, 3.0);
    for turn in table.turns.iter().filter(|t| t.from == from) {
        let Some(to) = turn.to else { continue };
        if turn.capture {
            ring(p, g, to, theme::CAPTURE_RING, 3.0);
        } else {
            p.circle_filled(g.at(to), g.cell * 0.12, c32(theme::TARGET_DOT));
        }
    }
}

/// An arrow for each line's first move, the best the boldest.
fn arrows(p: &egui::Painter, g: &Geometry, engine: &EngineLines) {
    for (rank, line) in engine.lines().iter().enumerate().rev() {
        let (from, to) = line.first;
        let alpha = [0.85, 0.6, 0.45, 0.35, 0.3][rank.min(4)];
        let colour = c32(theme::HINT_ARROW.with_alpha(alpha));
        let width = g.cell * [0.14, 0.1, 0.08, 0.07, 0.06][rank.min(4)];
        match to {
            Some(to) => {
                let (a, b) = (g.at(from), g.at(to));
                let along = (b - a).normalized();
                let tip = b - along * g.cell * 0.2;
                p.line_segment([a, tip - along * g.cell * 0.2], Stroke::new(width, colour));
                let side = along.rot90() * g.cell * 0.18;
                p.add(egui::Shape::convex_polygon(
                    vec![
                        tip,
                        tip - along * g.cell * 0.32 + side,
                        tip - along * g.cell * 0.32 - side,
                    ],
                    colour,
                    Stroke::NONE,
                ));
            }
            None => {
                p.circle_stroke(g.at(from), g.cell * 0.5, Stroke::new(width, colour));
            }
        }
    }
}

/// Red's share from the bottom when Red is shown at the bottom.
fn evaluation_bar(p: &egui::Painter, g: &Geometry, red_share: Option<f32>, flipped: bool) {
    let bar = Rect::from_min_max(
        pos2(g.frame.min.x - BAR - 10.0, g.frame.min.y),
        pos2(g.frame.min.x - 10.0, g.frame.max.y),
    );
    let share = red_share.unwrap_or(0.5);
    let (bottom, top) = if flipped {
        (c32(theme::BLACK_BACK_RING), c32(theme::RED_BACK))
    } else {
        (c32(theme::RED_BACK), c32(theme::BLACK_BACK_RING))
    };
    let bottom_share = if flipped { 1.0 - share } else { share };
    let split = bar.max.y - bar.height() * bottom_share;
    p.rect_filled(
        Rect::from_min_max(bar.min, pos2(bar.max.x, split)),
        0.0,
        top,
    );
    p.rect_filled(
        Rect::from_min_max(pos2(bar.min.x, split), bar.max),
        0.0,
        bottom,
    );
    p.rect_stroke(
        bar,
        0.0,
        Stroke::new(1.0, style::GRAIN_LINE),
        egui::StrokeKind::Outside,
    );
}

/// What searches for the board: its lines, the value of each reveal.
struct Searches<'a> {
    engine: &'a EngineLines,
    worth: &'a RevealWorth,
}

/// The right-hand column; a note to say, if a button has one.
fn side_column(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    searches: &Searches,
    labels: &MoveLabels,
    transfer: &mut TransferBox,
    settings: &Settings,
    out: &mut Outbox,
) -> Option<super::model::Note> {
    let lang = settings.language;
    heading_row(ui, board, lang, out);
    status_line(ui, board, lang);
    ui.separator();
    engine_section(ui, searches, settings, out);
    ui.separator();
    editor_tray::show(ui, board, settings.piece_set, lang, &mut |c| {
        out.edit.write(c);
    });
    if board.editor().is_none() {
        ui.separator();
        ui.allocate_ui(vec2(ui.available_width(), 180.0), |ui| {
            tree_panel::show(ui, board, labels, lang, &mut |c| {
                out.tree.write(c);
            });
        });
    }
    ui.separator();
    match transfer::show(ui, board, transfer, lang)? {
        TransferAnswer::Import(text) => {
            out.paste.write(ImportPaste(text));
            None
        }
        TransferAnswer::Said(note) => Some(note),
    }
}

/// The title, the variant, flip and close.
fn heading_row(ui: &mut egui::Ui, board: &AnalysisBoard, lang: Language, out: &mut Outbox) {
    ui.horizontal_wrapped(|ui| {
        ui.heading(Text::AnalysisTitle.get(lang));
        let shown = i18n::variant_title(board.variant()).say(lang);
        egui::ComboBox::from_id_salt("analysis-variant")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for variant in jieqi_variants::all() {
                    let name = i18n::variant_title(variant).say(lang);
                    if ui
                        .selectable_label(variant == board.variant(), name)
                        .clicked()
                    {
                        out.board.write(BoardCommand::NewBoard(variant));
                    }
                }
            });
        if ui.button(Text::AnalysisFlip.get(lang)).clicked() {
            out.board.write(BoardCommand::Flip);
        }
        if ui.button(Text::AnalysisClose.get(lang)).clicked() {
            out.board.write(BoardCommand::Toggle);
        }
    });
}

/// Who is to move (or how the game ended), and the board's last word.
fn status_line(ui: &mut egui::Ui, board: &AnalysisBoard, lang: Language) {
    let game = board.tree().game();
    let status = match (board.editor(), game.outcome()) {
        (Some(state), _) => Phrase::new(Text::AnalysisToMove)
            .with("side", state.editor.turn())
            .say(lang),
        (None, Some(outcome)) => i18n::outcome(outcome).say(lang),
        (None, None) => Phrase::new(Text::AnalysisToMove)
            .with("side", game.turn())
            .say(lang),
    };
    ui.label(status);
    if let Some(note) = board.note() {
        ui.colored_label(style::AMBER, note.say(lang));
    }
}

/// Start/stop, how many lines, and the lines.
fn engine_section(ui: &mut egui::Ui, searches: &Searches, settings: &Settings, out: &mut Outbox) {
    let engine = searches.engine;
    let lang = settings.language;
    if engine.is_barred() {
        ui.colored_label(style::AMBER, Text::AnalysisEngineBarred.get(lang));
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let (text, command) = if engine.is_on() {
            (Text::AnalysisEngineStop, EngineCommand::Stop)
        } else {
            (Text::AnalysisEngineStart, EngineCommand::Start)
        };
        if ui.button(text.get(lang)).clicked() {
            out.engine.write(command);
        }
        ui.label(Text::AnalysisLines.get(lang));
        for n in 1..=MAX_LINES {
            if ui
                .selectable_label(engine.wanted == n, n.to_string())
                .clicked()
            {
                out.engine.write(EngineCommand::Lines(n));
            }
        }
        if engine.is_thinking() {
            ui.spinner();
        }
    });
    reveal_worth_lines(ui, searches.worth, settings, out);
    for (rank, line) in engine.lines().iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(format!("{}.", rank + 1)).color(style::PAPER_WEAK));
            ui.label(
                egui::RichText::new(pawns(line.score))
                    .strong()
                    .color(style::JADE),
            );
            ui.label(egui::RichText::new(format!("d{}", line.depth)).color(style::PAPER_WEAK));
            ui.label(engine.moves_text(line, settings.notation));
        });
    }
}

/// The value of each reveal: the button while the side to move has a face-down piece to
/// move, then each reveal and its value.
fn reveal_worth_lines(
    ui: &mut egui::Ui,
    worth: &RevealWorth,
    settings: &Settings,
    out: &mut Outbox,
) {
    let lang = settings.language;
    if worth.view().is_none() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(Text::RevealValuesAsk.get(lang)).clicked() {
            out.worth.write(AskRevealWorth);
        }
        if worth.is_thinking() {
            ui.spinner();
        }
    });
    for (text, value) in worth.lines(settings) {
        ui.horizontal(|ui| {
            ui.label(text);
            ui.label(egui::RichText::new(value).color(style::JADE));
        });
    }
}

/// A score for people: pawns with a sign for the side to move, or a mate in moves.
fn pawns(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// The question a click asked: what the face-down piece turned up, what the piece taken was.
fn question(
    mut contexts: EguiContexts,
    board: Res<AnalysisBoard>,
    open: Res<AnalysisOpen>,
    settings: Res<Settings>,
    mut out: MessageWriter<BoardCommand>,
) -> Result {
    let Some(pending) = board.pending().filter(|_| open.0) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    egui::Window::new(Text::AnalysisQuestionTitle.get(lang))
        .id(egui::Id::new("analysis-question"))
        .order(egui::Order::Foreground)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(&ctx, |ui| {
            ask(ui, pending, settings.piece_set, lang, &mut out)
        });
    Ok(())
}

fn ask(
    ui: &mut egui::Ui,
    pending: &PendingTurn,
    set: PieceSet,
    lang: Language,
    out: &mut MessageWriter<BoardCommand>,
) {
    if pending.asks_reveal() {
        ui.label(Text::AnalysisAskReveal.get(lang));
        let offered: Vec<Identity> = pending.question.reveals.iter().map(|(i, _)| *i).collect();
        if let Some(identity) = identity_row(ui, &offered, set) {
            out.write(BoardCommand::Reveal(identity));
        }
    } else if let Some(captures) = &pending.question.captures {
        ui.label(Text::AnalysisAskCaptured.get(lang));
        if let Some(identity) = identity_row(ui, captures, set) {
            out.write(BoardCommand::Captured(Some(identity)));
        }
        if ui.button(Text::AnalysisUnknown.get(lang)).clicked() {
            out.write(BoardCommand::Captured(None));
        }
    }
    if ui.button(Text::AnalysisCancel.get(lang)).clicked() {
        out.write(BoardCommand::Cancel);
    }
}

/// A disc for each identity offered; the one clicked.
fn identity_row(ui: &mut egui::Ui, offered: &[Identity], set: PieceSet) -> Option<Identity> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for &identity in offered {
            let (rect, response) = ui.allocate_exact_size(vec2(40.0, 40.0), egui::Sense::click());
            result_card::disc(
                ui.painter(),
                rect.center(),
                17.0,
                identity.side,
                Some(identity.role),
                false,
                set,
            );
            if response.hovered() {
                ui.painter()
                    .circle_stroke(rect.center(), 19.0, Stroke::new(2.0, style::BRASS));
            }
            if response.clicked() {
                chosen = Some(identity);
            }
        }
    });
    chosen
}
