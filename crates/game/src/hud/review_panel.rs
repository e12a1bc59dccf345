//! The game review in the side panel (issue 21): what it shows ([`ReviewPanel`], built from
//! [`Review`] and the shown view) and how egui draws it — the button, the progress and
//! Cancel, the graph of Red's chances (in Jieqi one line per player's own view, since each
//! move is judged from what its player knew, and once the game is over a dashed hindsight
//! line, the positions searched knowing the deal), each side's marks, the verdict on the move
//! shown, and "where the game turned" one click away. Clicking the graph shows that position.

use bevy_egui::egui;
use jieqi_ai::Level;
use jieqi_ai::review::{Mark, PlyReview};
use jieqi_rules::{Notation, PlayerView, Side, write_move};

use crate::hud::move_list::move_number;
use crate::hud::style;
use crate::i18n::{self, Language, Phrase, Text, level_name};
use crate::review::{Review, ReviewCommand};
use crate::session::{BrowseTo, GameCommand, Shown};

/// Red's winning chances before a judged ply, as its mover saw them, or at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphPoint {
    /// The ply before which (the end: the number of plies) the chances stand.
    pub ply: usize,
    /// Red's chances in thousandths: −1000 lost … +1000 won.
    pub red: i16,
    /// Whose view: the mover's (`None`: the end, the same for both).
    pub seen_by: Option<Side>,
}

/// What the review section shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReviewPanel {
    /// "Review the game" may be pressed.
    pub can_start: bool,
    /// While it runs: "Reviewing: 34 of 100 moves" and the share done, in thousandths.
    pub progress: Option<(String, u16)>,
    pub points: Vec<GraphPoint>,
    /// The plies in the game (the graph's width).
    pub plies: usize,
    /// Jieqi: a line per player's view.
    pub two_views: bool,
    /// A finished Jieqi game: the hindsight line, Red's chances (thousandths) before each
    /// judged ply searched knowing the deal (the mean with the ply before, see [`panel`]),
    /// then the end; drawn dashed.
    pub hindsight: Vec<(usize, i16)>,
    /// What the dashed line is, when it is drawn.
    pub hindsight_legend: Option<String>,
    /// The marked moves: the ply after each, and its mark.
    pub marked: Vec<(usize, Mark)>,
    /// How to read the graph.
    pub legend: String,
    /// Each side's marks: "Red: 2 ?! 1 ? 0 ??".
    pub marks: Vec<String>,
    /// Where the game turned: the ply to show and the button's words.
    pub turning: Option<(usize, String)>,
    /// The marked move that led to the position shown: its mark and "Mistake: R2+3 —
    /// Better: C8=5".
    pub verdict: Option<(Mark, String)>,
    /// The depth and the marks' legend.
    pub note: String,
    /// The folded details' heading: "Marks and how to read them".
    pub title: String,
    /// The ply the board shows (a marker on the graph).
    pub shown_ply: usize,
    /// The position shown may be played on against the computer.
    pub can_play_on: bool,
    /// How playing on goes.
    pub play_on_note: String,
}

impl ReviewPanel {
    /// Every text it draws (for tests).
    pub fn texts(&self) -> Vec<String> {
        let mut out = Vec::new();
        out.extend(self.progress.as_ref().map(|(t, _)| t.clone()));
        out.push(self.title.clone());
        out.push(self.legend.clone());
        out.extend(self.hindsight_legend.clone());
        out.extend(self.marks.clone());
        out.extend(self.turning.as_ref().map(|(_, t)| t.clone()));
        out.extend(self.verdict.as_ref().map(|(_, t)| t.clone()));
        out.push(self.note.clone());
        if self.can_play_on {
            out.push(self.play_on_note.clone());
        }
        out
    }
}

/// The colour of a mark.
pub fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Inaccuracy => style::INACCURACY,
        Mark::Mistake => style::MISTAKE,
        Mark::Blunder => style::BLUNDER,
    }
}

/// The review section for the screen, when the game may be reviewed or a review exists.
pub fn panel(
    shown: &Shown,
    review: &Review,
    notation: Notation,
    shown_ply: usize,
    lang: Language,
) -> Option<ReviewPanel> {
    let view = shown.view()?;
    if !shown.can_review && review.plies().is_empty() && !review.is_running() {
        return None;
    }
    let plies = view.moves.len();
    let judged = review.plies();
    let mut points: Vec<GraphPoint> = judged
        .iter()
        .enumerate()
        .map(|(i, p)| GraphPoint {
            ply: i,
            red: thousandths(p.red_chances()),
            seen_by: Some(p.mover),
        })
        .collect();
    if review.is_done()
        && let Some(end) = review.end()
    {
        points.push(GraphPoint {
            ply: plies,
            red: thousandths(end),
            seen_by: None,
        });
    }
    let progress = review.progress().map(|(done, total)| {
        let text = Phrase::new(Text::ReviewProgress)
            .with("done", done.to_string())
            .with("total", total.to_string())
            .say(lang);
        (text, (done * 1000 / total.max(1)) as u16)
    });
    let marks = if review.is_done() {
        Side::ALL
            .into_iter()
            .map(|side| {
                let count = |mark| {
                    judged
                        .iter()
                        .filter(|p| p.mover == side && p.mark() == Some(mark))
                        .count()
                        .to_string()
                };
                Phrase::new(Text::ReviewMarks)
                    .with("side", side)
                    .with("inaccuracies", count(Mark::Inaccuracy))
                    .with("mistakes", count(Mark::Mistake))
                    .with("blunders", count(Mark::Blunder))
                    .say(lang)
            })
            .collect()
    } else {
        Vec::new()
    };
    let first = view.start.turn();
    let turning = review.turning_point().map(|i| {
        let ply = i + 1;
        let number = move_number(ply, first).number;
        let text = Phrase::new(Text::ReviewTurned)
            .with("number", number.to_string())
            .say(lang);
        (ply, text)
    });
    let two_views = shown.secrecy.has_secrets();
    // Each ply with the one before: a search favours the side to move in it, and the mean
    // of two plies cancels that (the players' own lines compare one side's views only).
    let seen = review.hindsight();
    let mut hindsight: Vec<(usize, i16)> = (0..seen.len())
        .map(|ply| {
            let before = seen[ply.saturating_sub(1)];
            (ply, thousandths((before + seen[ply]) / 2.0))
        })
        .collect();
    if let Some(end) = points.iter().find(|p| p.seen_by.is_none())
        && !hindsight.is_empty()
    {
        hindsight.push((end.ply, end.red));
    }
    let marked = judged
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i + 1, p.mark()?)))
        .collect();
    Some(ReviewPanel {
        can_start: shown.can_review && judged.is_empty() && !review.is_running(),
        progress,
        points,
        plies,
        two_views,
        hindsight_legend: (!hindsight.is_empty())
            .then(|| Text::ReviewHindsight.get(lang).to_string()),
        hindsight,
        marked,
        legend: if two_views {
            Text::ReviewTwoViews
        } else {
            Text::ReviewOneView
        }
        .get(lang)
        .to_string(),
        marks,
        turning,
        verdict: review
            .move_to(shown_ply)
            .and_then(|p| verdict(view, shown_ply - 1, p, notation, lang)),
        title: Text::ReviewDetails.get(lang).to_string(),
        note: Phrase::new(Text::ReviewLegend)
            .with("depth", review.depth().to_string())
            .say(lang),
        shown_ply,
        can_play_on: shown.can_play_on && review.is_done(),
        play_on_note: Text::PlayOnNote.get(lang).to_string(),
    })
}

fn thousandths(chances: f64) -> i16 {
    (chances.clamp(-1.0, 1.0) * 1000.0).round() as i16
}

/// "Mistake: R2+3 — Better: C8=5" for a marked move, its texts written in the position
/// before it (ply `before`) of `view`.
fn verdict(
    view: &PlayerView,
    before: usize,
    ply: &PlyReview,
    notation: Notation,
    lang: Language,
) -> Option<(Mark, String)> {
    let mark = ply.mark()?;
    let position = view.position_at(before)?;
    let revealed = view.moves.get(before).and_then(|m| m.revealed);
    let played = write_move(&position, ply.played, revealed, notation);
    let mut text = format!("{}: {played}", i18n::review_mark(mark).get(lang));
    if let Some(better) = ply.better() {
        let better = write_move(&position, better, None, notation);
        text.push_str(" — ");
        text.push_str(
            &Phrase::new(Text::ReviewBetter)
                .with("move", better)
                .say(lang),
        );
    }
    Some((mark, text))
}

/// Draws the section; its buttons answer with review commands and game commands (a step to
/// a position, playing on at `level`, the one chosen here).
pub fn show(
    ui: &mut egui::Ui,
    panel: &ReviewPanel,
    lang: Language,
    level: &mut Level,
    review: &mut impl FnMut(ReviewCommand),
    browse: &mut impl FnMut(GameCommand),
) {
    ui.separator();
    if panel.can_start && ui.button(Text::ReviewStart.get(lang)).clicked() {
        review(ReviewCommand::Start);
    }
    if let Some((text, done)) = &panel.progress {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(egui::RichText::new(text).small());
            if ui.small_button(Text::ReviewCancel.get(lang)).clicked() {
                review(ReviewCommand::Cancel);
            }
        });
        ui.add(egui::ProgressBar::new(f32::from(*done) / 1000.0).desired_height(6.0));
    }
    if !panel.points.is_empty()
        && let Some(ply) = graph(ui, panel)
    {
        browse(GameCommand::Browse(BrowseTo::Ply(ply)));
    }
    if panel.progress.is_none() && !panel.points.is_empty() {
        if let Some((ply, text)) = &panel.turning
            && ui.link(text).clicked()
        {
            browse(GameCommand::Browse(BrowseTo::Ply(*ply)));
        }
        if let Some((mark, text)) = &panel.verdict {
            ui.label(egui::RichText::new(text).color(mark_colour(*mark)).strong());
        }
        if panel.can_play_on {
            ui.horizontal_wrapped(|ui| {
                if ui.button(Text::PlayOn.get(lang)).clicked() {
                    browse(GameCommand::PlayOn(*level));
                }
                egui::ComboBox::from_id_salt("play-on-level")
                    .selected_text(level_name(*level).get(lang))
                    .show_ui(ui, |ui| {
                        for l in Level::ALL {
                            ui.selectable_value(level, l, level_name(l).get(lang));
                        }
                    });
            })
            .response
            .on_hover_text(&panel.play_on_note);
        }
        // How to read it, folded: the panel is short on a small window.
        egui::CollapsingHeader::new(egui::RichText::new(&panel.title).small())
            .id_salt("review-details")
            .show(ui, |ui| {
                ui.label(egui::RichText::new(&panel.legend).small().weak());
                if let Some(legend) = &panel.hindsight_legend {
                    ui.add(egui::Label::new(egui::RichText::new(legend).small().weak()).wrap());
                }
                for line in &panel.marks {
                    ui.label(egui::RichText::new(line).small().monospace());
                }
                ui.add(egui::Label::new(egui::RichText::new(&panel.note).small().weak()).wrap());
            });
    }
}

/// The graph of Red's chances over the game; a click answers the ply to show.
fn graph(ui: &mut egui::Ui, panel: &ReviewPanel) -> Option<usize> {
    let width = ui.available_width();
    // Shorter on a small window, so that the move list keeps some room.
    let height = (ui.ctx().viewport_rect().height() * 0.1).clamp(40.0, 72.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, style::WALNUT_DARK);
    painter.hline(
        rect.x_range(),
        rect.center().y,
        egui::Stroke::new(1.0, style::GRAIN_LINE),
    );
    let plies = panel.plies.max(1) as f32;
    let at = |ply: usize, red: i16| {
        egui::pos2(
            rect.left() + rect.width() * ply as f32 / plies,
            rect.center().y - rect.height() * 0.46 * f32::from(red) / 1000.0,
        )
    };
    // Where the board stands.
    let x = at(panel.shown_ply, 0).x;
    painter.vline(
        x,
        rect.y_range(),
        egui::Stroke::new(1.0, style::BRASS.gamma_multiply(0.6)),
    );
    let end = panel.points.iter().find(|p| p.seen_by.is_none());
    let lines: Vec<(Option<Side>, egui::Color32)> = if panel.two_views {
        vec![
            (Some(Side::Red), style::RED_SIDE),
            (Some(Side::Black), style::BLACK_SIDE),
        ]
    } else {
        vec![(None, style::PAPER)]
    };
    for (side, colour) in lines {
        let line: Vec<egui::Pos2> = panel
            .points
            .iter()
            .filter(|p| side.is_none() || p.seen_by == side)
            .chain(end.filter(|_| side.is_some()))
            .map(|p| at(p.ply, p.red))
            .collect();
        painter.add(egui::Shape::line(line, egui::Stroke::new(1.5, colour)));
    }
    // Hindsight, dashed and dim: what the positions were worth, the deal known.
    let hindsight: Vec<egui::Pos2> = panel.hindsight.iter().map(|&(p, r)| at(p, r)).collect();
    if hindsight.len() > 1 {
        painter.extend(egui::Shape::dashed_line(
            &hindsight,
            egui::Stroke::new(1.0, style::JADE),
            4.0,
            3.0,
        ));
    }
    for &(ply, mark) in &panel.marked {
        painter.circle_filled(
            at(ply, 0) + egui::vec2(0.0, rect.height() * 0.44),
            2.5,
            mark_colour(mark),
        );
    }
    if let Some((ply, _)) = panel.turning {
        let x = at(ply, 0).x;
        painter.vline(x, rect.y_range(), egui::Stroke::new(1.0, style::JADE));
    }
    // How to read it, under the pointer: which line is whose, and the dashed one.
    let response = response.on_hover_text(match &panel.hindsight_legend {
        Some(hindsight) => format!("{}\n{hindsight}", panel.legend),
        None => panel.legend.clone(),
    });
    let pointer = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    let ply = ((pointer.x - rect.left()) / rect.width() * plies).round();
    Some((ply.max(0.0) as usize).min(panel.plies))
}
