//! Every string and tray the panels show, built from [`Shown`] alone. The egui panels only
//! lay this out, so tests can read exactly what a player would see.

use bevy::prelude::*;
use jieqi_rules::platform::{BoardShape, Look, Spot, Table, family};
use jieqi_rules::{Outcome, PlayerView, Role, Side};

use crate::clocks::ClockTick;
use crate::computer::Computer;
use crate::hud::move_list::{self, MoveRow, move_number, move_rows, numbered};
use crate::hud::online_lines;
use crate::hud::review_panel::{self, ReviewPanel};
use crate::i18n::{self, Language, Phrase, Text, Word, side_label};
use crate::online::Online;
use crate::reveal_values::{self, RevealValues};
use crate::review::Review;
use crate::session::{Hint, MatchResult, MatchShown, Secrecy, Shown, points_text, takeback};
use crate::settings::{PieceSet, Settings};
use crate::states::ViewSync;
use crate::suggestion::Suggestion;

/// A captured piece in a tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayItem {
    pub side: Side,
    /// `None`: a face-down piece someone else captured; the viewer never saw what it was.
    pub role: Option<Role>,
}

impl TrayItem {
    pub fn label(&self, set: PieceSet) -> String {
        match self.role {
            Some(role) => set.glyph(role, self.side).to_string(),
            None => "?".to_string(),
        }
    }

    pub fn letter(&self) -> String {
        self.role
            .map(|r| r.wxf_char().to_string())
            .unwrap_or_default()
    }
}

/// One player's line in the player bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// The side (in Banqi the seat: Red stands for the first player).
    pub side: Side,
    /// The colour they play (in Banqi `None` until the first flip decides).
    pub colour: Option<Side>,
    /// "Player 1 — Red 紅"
    pub name: String,
    pub to_move: bool,
    pub in_check: bool,
    /// What this player took, as the viewer knows it.
    pub tray: Vec<TrayItem>,
    /// Their clock, in a game with a time control.
    pub clock: Option<ClockFace>,
}

/// A clock as the player bar shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    /// `4:59`, `9.4` when low.
    pub reading: String,
    pub running: bool,
    /// Under ten seconds.
    pub low: bool,
}

/// A piece of the final position on the result card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalPiece {
    pub spot: Spot,
    /// `None`: a back that shows no colour (a Banqi piece never turned).
    pub side: Option<Side>,
    /// `None`: never shown to anyone (a Banqi piece never turned).
    pub role: Option<Role>,
    /// It was still face down when the game ended (Jieqi): its identity is the deal's.
    pub was_down: bool,
}

/// The final position, drawn small on the result card: every piece as the game's end shows
/// it (in Jieqi the deal is public then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalBoard {
    pub shape: &'static BoardShape,
    /// The side drawn at the bottom, as on the big board.
    pub bottom: Side,
    pub pieces: Vec<FinalPiece>,
}

/// The result card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultCard {
    /// Outcome's own words: "Red wins: checkmate (chariot mate)".
    pub headline: String,
    /// The colour that won (`None`: a draw).
    pub winner: Option<Side>,
    pub board: FinalBoard,
    /// "Moves: 23": moves, not plies, as the move list counts them.
    pub length: String,
    /// What each colour took, Red's first: "Red took" and the pieces.
    pub took: Vec<(String, Vec<TrayItem>)>,
    /// Who was who: "Player 1 played Red".
    pub players: String,
    /// The whole game in WXF.
    pub moves: Vec<String>,
    /// Jieqi: every piece that was still face-down, "b9 車", by side.
    pub reveal: Vec<String>,
    /// Jieqi: the deal's seed code.
    pub seed: Option<String>,
    /// The game may be reviewed (Xiangqi and Jieqi).
    pub can_review: bool,
    /// A duplicate match: the score, then what follows ("Game 2 deals the same pieces
    /// again…") or who won the match.
    pub match_lines: Vec<String>,
    /// The first button: "Again — swap colours", "Play game 2 — swap colours" or "New match
    /// — swap colours".
    /// `None` for a spectator, who has no next game to start (but follows a duplicate
    /// match's players to game 2: "Watch game 2").
    pub again: Option<String>,
}

/// What one side's face-down pieces may be, as the player looking knows it: each is any of
/// the identities that player has not seen, all alike (the deal is a fair shuffle, and a
/// face-down piece shows nothing of which it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealOdds {
    pub side: Side,
    /// Face-down pieces of this side on the board.
    pub face_down: u32,
    /// Identities of this side the viewer has not seen (on the board face down, and taken
    /// face down by the other player unseen): the denominator.
    pub unseen: u32,
    /// Each identity still possible and how many of it are unseen, strongest first.
    pub chances: Vec<(Role, u8)>,
    /// "Black: 13 face down, each one of these 14:"
    pub line: String,
}

/// The odds of every face-down piece on the board of `view`, the viewer's own side first:
/// read from the view alone (its pool), so two deals that differ only in what the viewer has
/// not seen give the same odds.
pub fn reveal_odds(view: &PlayerView, lang: Language) -> Vec<RevealOdds> {
    let own = view.viewer;
    [own, own.other()]
        .into_iter()
        .filter_map(|side| {
            let face_down = view
                .position
                .board()
                .pieces()
                .filter(|(_, p)| p.is_hidden() && p.side() == side)
                .count() as u32;
            let unseen = view.pool.total(side);
            if face_down == 0 || unseen == 0 {
                return None;
            }
            let chances = [
                Role::Chariot,
                Role::Cannon,
                Role::Horse,
                Role::Elephant,
                Role::Advisor,
                Role::Soldier,
            ]
            .into_iter()
            .map(|role| (role, view.pool.count(side, role)))
            .filter(|&(_, n)| n > 0)
            .collect();
            let line = Phrase::new(Text::OddsLine)
                .with("side", side)
                .with("count", face_down.to_string())
                .with("unseen", unseen.to_string())
                .say(lang);
            Some(RevealOdds {
                side,
                face_down,
                unseen,
                chances,
                line,
            })
        })
        .collect()
}

/// What the panels show.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct HudModel {
    /// While the handoff cover is up: the only thing on screen.
    pub cover: Option<String>,
    pub title: String,
    /// The house rules in force, when they differ from the standard (rules.md §10).
    pub rules: Option<String>,
    /// Red's line, then Black's.
    pub players: Vec<PlayerLine>,
    /// "Red to move", or the result.
    pub status: String,
    /// Whose eyes only (Jieqi): "Black's view".
    pub viewer: Option<String>,
    /// The rules' warnings and hints, and the last refusal.
    pub notices: Vec<String>,
    pub hint: Option<String>,
    /// Numbered move pairs: "1. C2=5  H8+7".
    pub moves: Vec<String>,
    /// At an online table: where, the connection's trouble, the claim.
    pub online: Option<crate::hud::online_lines::OnlineLines>,
    /// A draw offer the player looking may answer: "Red offers a draw".
    pub draw_offer: Option<String>,
    /// The side that may resign or offer a draw from this screen.
    pub actor: Option<Side>,
    /// How the actor's buttons name them: "Red 紅", or "Player 1" in Banqi.
    pub actor_label: Option<String>,
    pub result: Option<ResultCard>,
    /// "Computer is thinking…" (or the Hint's "Looking for a move…") while it is.
    pub thinking: Option<String>,
    /// Against the computer (no draw offers).
    pub vs_computer: bool,
    /// The Hint button may be pressed (the player to move is looking).
    pub can_hint: bool,
    /// The move list as clickable moves, in the notation chosen.
    pub move_rows: Vec<MoveRow>,
    /// The ply whose position the board shows (the live one unless browsing); its move is
    /// highlighted.
    pub shown_ply: usize,
    /// Analysis: "Position after move 3 of 10 — End returns to the game".
    pub browsing: Option<String>,
    /// A take-back request the player looking may answer.
    pub takeback_request: Option<String>,
    /// The take-back buttons this screen offers: who asks, and the label.
    pub take_back: Vec<(Side, String)>,
    /// A new game waits for the players to agree to abandon this one: the question ("Abandon
    /// the game in progress? It counts as a resignation by Red in the statistics.").
    pub abandon: Option<String>,
    /// How the trays draw their pieces.
    pub piece_set: PieceSet,
    /// Jieqi, when the player asked for them: what the face-down pieces of the position shown
    /// may be.
    pub odds: Vec<RevealOdds>,
    /// The position shown has face-down pieces: the odds may be asked for.
    pub can_show_odds: bool,
    /// The odds are shown and the player to move has face-down pieces: the value of each
    /// reveal may be asked for.
    pub can_value_reveals: bool,
    /// The values asked for, best first: the move and its value ("C2+7", "+0.35").
    pub reveal_values: Vec<(String, String)>,
    /// "Weighing the reveals…" while the engine does.
    pub reveal_values_thinking: Option<String>,
    /// The game review's section, when the game may be reviewed or has been.
    pub review: Option<ReviewPanel>,
    /// Playing on from a reviewed game: the way back to it.
    pub back_to_review: bool,
    /// A duplicate match: "Duplicate match, game 2 of 2", and below it once a game is over
    /// "Player 1 1 – 0 Player 2".
    pub match_line: Option<String>,
}

impl HudModel {
    /// Every text the panels would draw (for tests).
    pub fn texts(&self) -> Vec<String> {
        let mut out = Vec::new();
        out.extend(self.cover.clone());
        out.push(self.title.clone());
        out.extend(self.rules.clone());
        for p in &self.players {
            out.push(p.name.clone());
            for t in &p.tray {
                out.push(t.label(self.piece_set));
                out.push(t.letter());
            }
        }
        out.push(self.status.clone());
        out.extend(self.thinking.clone());
        out.extend(self.viewer.clone());
        out.extend(self.notices.clone());
        out.extend(self.hint.clone());
        out.extend(self.moves.clone());
        out.extend(self.draw_offer.clone());
        out.extend(self.browsing.clone());
        out.extend(self.takeback_request.clone());
        out.extend(self.take_back.iter().map(|(_, label)| label.clone()));
        out.extend(self.abandon.clone());
        out.extend(self.match_line.clone());
        if let Some(r) = &self.result {
            out.extend(r.match_lines.clone());
            out.extend(r.again.clone());
            out.push(r.headline.clone());
            out.push(r.length.clone());
            for (label, items) in &r.took {
                out.push(label.clone());
                out.extend(items.iter().map(|t| t.label(self.piece_set)));
            }
            out.push(r.players.clone());
            out.extend(r.moves.clone());
            out.extend(r.reveal.clone());
            out.extend(r.seed.clone());
        }
        for odds in &self.odds {
            out.push(odds.line.clone());
        }
        for (text, worth) in &self.reveal_values {
            out.push(format!("{text} {worth}"));
        }
        out.extend(self.reveal_values_thinking.clone());
        if let Some(review) = &self.review {
            out.extend(review.texts());
        }
        out
    }
}

pub(in crate::hud) fn plugin(app: &mut App) {
    app.init_resource::<HudModel>()
        .add_systems(Update, build.in_set(ViewSync));
}

/// What `capturer` took, as the table's player knows it.
fn tray(table: &Table, capturer: Side) -> Vec<TrayItem> {
    table.captured[capturer.index()]
        .iter()
        .filter_map(|&look| match look {
            Look::Up { side, role } => Some(TrayItem {
                side,
                role: Some(role),
            }),
            Look::Down { side, .. } => Some(TrayItem {
                side: side?,
                role: None,
            }),
        })
        .collect()
}

/// The take-back buttons the session allows on this screen: against the computer the
/// human's, on a shared Xiangqi board both players', in Jieqi the device holder's (under the
/// cover, the one who just moved).
fn take_back_buttons(shown: &Shown, lang: Language) -> Vec<(Side, String)> {
    shown
        .take_back
        .iter()
        .map(|&(side, plies)| {
            let label = takeback::button_label(shown.names, side, plies);
            (side, label.say(lang))
        })
        .collect()
}

/// A take-back request, for the player who answers it (in hot-seat Jieqi, once they hold the
/// device).
fn takeback_request(shown: &Shown, lang: Language) -> Option<String> {
    let request = shown.takeback_request?;
    let answerer_looks = shown
        .live
        .as_ref()
        .is_some_and(|t| shown.secrecy != Secrecy::HotSeat || t.viewer == request.by.other());
    answerer_looks.then(|| takeback::request_text(shown.names, request.by, request.plies).say(lang))
}

/// Analysis: where the board stands, counted as the move list counts ("Position after 7…
/// H8+7 (ply 14 of 16)"); `texts` are the moves' texts as the list shows them.
fn browsing_text(ply: usize, texts: &[String], first: Side, lang: Language) -> String {
    let plies = texts.len().to_string();
    let Some(text) = ply.checked_sub(1).and_then(|i| texts.get(i)) else {
        return Phrase::new(Text::BrowsingStart)
            .with("plies", plies)
            .say(lang);
    };
    let number = move_number(ply, first);
    let dots = if number.second { "…" } else { "." };
    Phrase::new(Text::Browsing)
        .with("number", number.number.to_string())
        .with("dots", dots.to_string())
        .with("move", text.clone())
        .with("ply", ply.to_string())
        .with("plies", plies)
        .say(lang)
}

/// The card at the end of a game: the final position, what was taken, the moves, and the
/// way on (again, the next game of a match).
fn result_card(
    shown: &Shown,
    live: &Table,
    moves: &[String],
    outcome: Outcome,
    settings: &Settings,
) -> ResultCard {
    let lang = settings.language;
    let winner = outcome
        .winner()
        .map(|seat| live.colours[seat.index()].unwrap_or(seat));
    ResultCard {
        headline: i18n::outcome(outcome).say(lang),
        winner,
        board: final_board(shown, live),
        length: match move_rows(moves, live.first).len() {
            1 => Text::CardOneMove.get(lang).to_string(),
            n => Phrase::new(Text::CardLength)
                .with("moves", n.to_string())
                .say(lang),
        },
        took: taken_by_colour(live, lang),
        players: who_played(shown, live, lang),
        moves: numbered(moves, live.first),
        reveal: still_face_down(shown, settings.piece_set, lang),
        seed: live.seed.map(|s| s.to_string()),
        can_review: shown.can_review,
        match_lines: match_lines(shown, &table_name(shown), lang),
        again: match (&shown.duplicate, shown.watching) {
            (Some(m), true) if m.round == 1 => Some(Text::WatchGameTwo),
            (_, true) => None,
            (Some(m), false) if m.decided => Some(Text::NewMatch),
            (Some(_), false) => Some(Text::PlayGameTwo),
            (None, false) => Some(Text::Again),
        }
        .map(|again| again.get(lang).to_string()),
    }
}

/// Jieqi: the identities that were still face down at the end, one line per side, named by
/// point ("b9 車"); Banqi shows them on the board instead.
fn still_face_down(shown: &Shown, set: PieceSet, lang: Language) -> Vec<String> {
    let Some((view, reveal)) = shown
        .view()
        .and_then(|view| Some((view, view.reveal.as_ref()?)))
    else {
        return Vec::new();
    };
    Side::ALL
        .iter()
        .filter_map(|&side| {
            let items: Vec<String> = reveal
                .hidden
                .iter()
                .filter(|(sq, _)| {
                    view.position
                        .piece_at(*sq)
                        .is_some_and(|p| p.side() == side)
                })
                .map(|(sq, role)| format!("{sq} {}", set.glyph(*role, side)))
                .collect();
            (!items.is_empty()).then(|| {
                Phrase::new(Text::RevealLine)
                    .with("side", side)
                    .with("pieces", items.join(", "))
                    .say(lang)
            })
        })
        .collect()
}

/// The final position, every piece face up, those that were face down marked as such.
fn final_board(shown: &Shown, live: &Table) -> FinalBoard {
    // Jieqi: what was still face down, by place (the table shows it face up by now).
    let was_down = |spot: Spot| {
        shown
            .view()
            .and_then(|view| view.reveal.as_ref())
            .and_then(|r| r.hidden.iter().find(|(sq, _)| family::spot(*sq) == spot))
            .map(|&(_, role)| role)
    };
    let pieces = live
        .pieces
        .iter()
        .map(|&(spot, look)| {
            let down = was_down(spot);
            let (side, role) = match look {
                Look::Up { side, role } => (Some(side), Some(role)),
                Look::Down { side, .. } => (side, down),
            };
            FinalPiece {
                spot,
                side,
                role,
                was_down: down.is_some(),
            }
        })
        .collect();
    FinalBoard {
        shape: shown.board,
        bottom: shown.bottom,
        pieces,
    }
}

/// What each colour took, Red's first: in Banqi the seats' trays, under the colour each
/// seat played.
fn taken_by_colour(live: &Table, lang: Language) -> Vec<(String, Vec<TrayItem>)> {
    Side::ALL
        .into_iter()
        .filter_map(|colour| {
            let seat = Side::ALL
                .into_iter()
                .find(|s| live.colours[s.index()] == Some(colour))?;
            Some((
                Phrase::new(Text::CardTook).with("side", colour).say(lang),
                tray(live, seat),
            ))
        })
        .collect()
}

/// "Player 1 played Red": in Banqi the first flip decided who played which colour.
fn who_played(shown: &Shown, live: &Table, lang: Language) -> String {
    let playing = |colour: Side| {
        let seat = Side::ALL
            .into_iter()
            .find(|s| live.colours[s.index()] == Some(colour))
            .unwrap_or(colour);
        shown.player(seat)
    };
    Phrase::new(Text::WhoPlayed)
        .with("red", playing(Side::Red))
        .with("black", playing(Side::Black))
        .say(lang)
}

/// How a match's lines name its players: "Player 1", "You", or online a spectator's names.
type PlayerName<'a> = &'a dyn Fn(Side) -> Word;

/// A duplicate match: the score, then what follows (the second game, or who won the match).
fn match_lines(shown: &Shown, name: PlayerName, lang: Language) -> Vec<String> {
    let Some(m) = &shown.duplicate else {
        return Vec::new();
    };
    let next = match m.result() {
        None => Phrase::new(Text::MatchNext),
        Some(MatchResult::Even) => Phrase::new(Text::MatchIsEven),
        Some(won) => {
            let player_one = won == MatchResult::PlayerOne;
            let winner = match player_one {
                true => shown.player_one,
                false => shown.player_one.other(),
            };
            Phrase::new(Text::MatchWon).with("player", name(winner))
        }
    };
    vec![match_score(shown, m, name, lang), next.say(lang)]
}

/// "Player 1 1½ – ½ Player 2": the match's points so far, player 1's first.
fn match_score(shown: &Shown, m: &MatchShown, name: PlayerName, lang: Language) -> String {
    let [one, two] = m.half_points;
    Phrase::new(Text::MatchScore)
        .with("one", name(shown.player_one))
        .with("two", name(shown.player_one.other()))
        .with("p1", points_text(one))
        .with("p2", points_text(two))
        .say(lang)
}

/// The side panel's line: which game of the match this is, and the score once a game is
/// over.
fn match_line(shown: &Shown, name: PlayerName, lang: Language) -> Option<String> {
    let m = shown.duplicate.as_ref()?;
    let round = Phrase::new(Text::MatchRound)
        .with("round", m.round.to_string())
        .say(lang);
    Some(match m.first.is_some() || m.decided {
        true => format!("{round}\n{}", match_score(shown, m, name, lang)),
        false => round,
    })
}

/// The players as the table names them ("Player 1", "You", "Opponent").
fn table_name(shown: &Shown) -> impl Fn(Side) -> Word + '_ {
    |side| shown.player(side).into()
}

/// Builds the model from what is shown.
pub fn model(shown: &Shown, settings: &Settings, hint: &Hint) -> HudModel {
    let lang = settings.language;
    let title = i18n::variant_title(shown.variant).say(lang);
    let Some(live) = shown.live.as_ref() else {
        return covered(shown, settings, title);
    };
    // Analysis: the position on the board speaks for itself — its side to move, its check,
    // the captures as the viewer knew them then (the browsed table is made from the
    // viewer's view as it stood). The buttons still act on the live game.
    let at = match shown.browsed_ply {
        Some(_) => shown.table.as_ref().unwrap_or(live),
        None => live,
    };
    let running = live.outcome.is_none();
    // The check of the position on the board; the rules' notices of the live game.
    let in_check = at.check.is_some();
    let view = shown.view();
    let odds_view = odds_view(shown);
    // The Xiangqi family's notations are its own (WXF, Chinese): its view writes the move
    // list in the notation chosen; other variants in their own.
    let move_texts = match view {
        Some(view) => view.move_texts(settings.notation),
        None => live.history.clone(),
    };
    let actor = actor(shown, live);
    HudModel {
        cover: None,
        title,
        rules: i18n::house_rules(shown.options).map(|p| p.say(lang)),
        players: player_lines(shown, at, in_check, lang),
        status: status(shown, at, in_check, lang),
        // A spectator's view is everyone's: no one's eyes only.
        viewer: (shown.secrecy.has_secrets() && running && !shown.watching).then(|| {
            Phrase::new(Text::ViewOf)
                .with("side", live.viewer)
                .say(lang)
        }),
        notices: live
            .notices
            .iter()
            .map(|&n| i18n::notice(n).say(lang))
            .collect(),
        hint: hint.phrase.as_ref().map(|p| p.say(lang)),
        moves: numbered(&move_texts, live.first),
        move_rows: move_rows(&move_texts, live.first),
        // Filled in by `build`, which knows the connection.
        online: None,
        shown_ply: shown.browsed_ply.unwrap_or(live.history.len()),
        browsing: shown
            .browsed_ply
            .map(|ply| browsing_text(ply, &move_texts, live.first, lang)),
        takeback_request: takeback_request(shown, lang),
        take_back: take_back_buttons(shown, lang),
        abandon: shown.abandon.map(|q| q.text(shown.names).say(lang)),
        draw_offer: draw_offer(shown, live, lang),
        actor,
        actor_label: actor.map(|side| shown.names.label(side).say(lang)),
        result: live
            .outcome
            .map(|o| result_card(shown, live, &move_texts, o, settings)),
        thinking: None,
        vs_computer: shown.computer.is_some(),
        // The hint is the Xiangqi and Jieqi engine's.
        can_hint: shown.can_move() && shown.live.is_some() && shown.engine_help,
        piece_set: settings.piece_set,
        odds: match odds_view {
            Some(view) if settings.reveal_odds => reveal_odds(view, lang),
            _ => Vec::new(),
        },
        can_show_odds: odds_view
            .is_some_and(|v| v.position.board().pieces().any(|(_, p)| p.is_hidden())),
        // Filled in by `build`, which knows the searches.
        can_value_reveals: false,
        reveal_values: Vec::new(),
        reveal_values_thinking: None,
        review: None,
        back_to_review: shown.can_return,
        match_line: match_line(shown, &table_name(shown), lang),
    }
}

/// While the handoff cover is up: only whom to pass the device to (and a take-back asked
/// for meanwhile), and the take-back buttons.
fn covered(shown: &Shown, settings: &Settings, title: String) -> HudModel {
    let lang = settings.language;
    let cover = shown.pass_to.map(|side| {
        let pass = Phrase::new(Text::PassTo)
            .with("side", side)
            .with("player", shown.player(side))
            .say(lang);
        match shown.takeback_request.map(|r| r.by) {
            Some(by) => format!(
                "{pass}\n{}",
                Phrase::new(Text::TakeBackAsked).with("side", by).say(lang)
            ),
            None => pass,
        }
    });
    HudModel {
        cover,
        title,
        take_back: take_back_buttons(shown, lang),
        piece_set: settings.piece_set,
        ..default()
    }
}

/// Each seat's line, Red's first, for the table `at` (the browsed one during analysis).
fn player_lines(shown: &Shown, at: &Table, in_check: bool, lang: Language) -> Vec<PlayerLine> {
    Side::ALL
        .iter()
        .map(|&side| {
            let colour = at.colours[side.index()];
            let side_words = match colour {
                Some(colour) => side_label(colour),
                None => Text::ColourNotYet,
            };
            PlayerLine {
                side,
                colour,
                name: Phrase::new(Text::PlayerLine)
                    .with("player", shown.player(side))
                    .with("side", side_words)
                    .say(lang),
                to_move: at.outcome.is_none() && at.turn == side,
                in_check: in_check && at.turn == side,
                tray: tray(at, side),
                clock: clock_face(shown, side),
            }
        })
        .collect()
}

/// `side`'s clock as it reads now.
fn clock_face(shown: &Shown, side: Side) -> Option<ClockFace> {
    let clocks = shown.clocks.as_ref()?;
    let left = clocks.left_ms(std::time::Instant::now())[side.index()];
    Some(ClockFace {
        reading: crate::clocks::reading(left),
        running: clocks.running() == Some(side),
        low: crate::clocks::is_low(left),
    })
}

/// "Red to move", "Red to move — in check", or the result, for the table `at`.
fn status(shown: &Shown, at: &Table, in_check: bool, lang: Language) -> String {
    let turn = at.turn;
    // A side that is its colour (Xiangqi, Jieqi) is named by colour; a Banqi seat by player.
    let by_colour = at.colours[turn.index()] == Some(turn);
    match at.outcome {
        Some(outcome) => i18n::outcome(outcome).say(lang),
        None if in_check => Phrase::new(Text::ToMoveCheck).with("side", turn).say(lang),
        None if by_colour => Phrase::new(Text::ToMove).with("side", turn).say(lang),
        None => Phrase::new(Text::PlayerToMove)
            .with("player", shown.player(turn))
            .say(lang),
    }
}

/// The side that may resign or offer a draw from this screen: the human against the
/// computer, online this screen's seat (a spectator none), in hot-seat Jieqi the device holder
/// on their turn, else the side to move.
fn actor(shown: &Shown, live: &Table) -> Option<Side> {
    if live.outcome.is_some() || shown.watching {
        None
    } else if let Some(remote) = shown.names.remote {
        Some(remote.other())
    } else if let Some(computer) = shown.computer {
        Some(computer.other())
    } else if shown.secrecy == Secrecy::HotSeat {
        (live.turn == live.viewer).then_some(live.viewer)
    } else {
        Some(live.turn)
    }
}

/// A draw offer, for the player who may answer it: on one shared screen the other player at
/// once; in Jieqi once they hold the device; online the seat offered it.
fn draw_offer(shown: &Shown, live: &Table, lang: Language) -> Option<String> {
    let by = shown.draw_offer?;
    let answerer = by.other();
    let hot_seat = shown.secrecy == Secrecy::HotSeat;
    // Online only this screen's seat answers, never a spectator.
    let here = !shown.watching && shown.names.remote != Some(answerer);
    let may_answer = live.outcome.is_none()
        && shown.computer.is_none()
        && here
        && (!hot_seat || live.viewer == answerer);
    may_answer.then(|| {
        Phrase::new(Text::DrawOfferQuestion)
            .with("by", shown.names.word(by))
            .with("answerer", shown.names.word(answerer))
            .say(lang)
    })
}

/// The view whose face-down pieces the odds are of: the position the board shows (the
/// browsed one during analysis), while the game runs.
fn odds_view(shown: &Shown) -> Option<&PlayerView> {
    shown
        .board_view()
        .filter(|v| v.outcome.is_none() || shown.browsed_ply.is_some())
}

#[derive(bevy::ecs::system::SystemParam)]
struct Searches<'w> {
    computer: Res<'w, Computer>,
    suggestion: Res<'w, Suggestion>,
    values: Res<'w, RevealValues>,
    review: Res<'w, Review>,
}

fn build(
    shown: Res<Shown>,
    settings: Res<Settings>,
    hint: Res<Hint>,
    searches: Searches,
    clock: Res<ClockTick>,
    online: Res<Online>,
    mut hud: ResMut<HudModel>,
) {
    let Searches {
        computer,
        suggestion,
        values,
        review,
    } = searches;
    if shown.is_changed()
        || clock.is_changed()
        || settings.is_changed()
        || hint.is_changed()
        || computer.is_changed()
        || suggestion.is_changed()
        || values.is_changed()
        || review.is_changed()
        || online.is_changed()
    {
        let mut next = model(&shown, settings.as_ref(), &hint);
        next.online = online_lines::lines(&online, &shown, settings.language);
        if next.online.is_some() {
            if let (Some(card), Some(live)) = (next.result.as_mut(), shown.live.as_ref())
                && let Some(who) =
                    online_lines::who_played(&online, live.colours, settings.language)
            {
                card.players = who;
            }
            for line in &mut next.players {
                let name =
                    online_lines::player_name(&online, line.side, line.colour, settings.language);
                if let Some(name) = name {
                    line.name = name;
                }
            }
            // A spectator's match score names the players ("Ann 1 – 0 Bo"): there is no
            // "You" to say.
            if online.seat.is_none() && online.players.iter().all(Option::is_some) {
                let name = |side: Side| -> Word {
                    online.players[side.index()]
                        .as_ref()
                        .map_or_else(String::new, |p| p.name.clone())
                        .into()
                };
                let lang = settings.language;
                next.match_line = match_line(&shown, &name, lang);
                if let Some(card) = next.result.as_mut() {
                    card.match_lines = match_lines(&shown, &name, lang);
                }
            }
        }
        // The computer's search, or the Hint's: the spinner says that something works.
        let thinking = if computer.is_thinking() {
            Some(Text::Thinking)
        } else if suggestion.is_thinking() {
            Some(Text::HintThinking)
        } else {
            None
        };
        next.thinking = thinking.map(|t| t.get(settings.language).to_string());
        // The value of each reveal: only beside the odds, for the player to move.
        let view = shown
            .view()
            .filter(|_| shown.can_move() && !next.odds.is_empty());
        next.can_value_reveals = shown.engine_help
            && view.is_some_and(|v| v.legal_moves.iter().any(|m| reveal_values::turns_up(v, m)));
        if let Some(view) = view {
            next.reveal_values = values
                .found()
                .unwrap_or_default()
                .iter()
                .map(|v| reveal_values::describe(view, v, settings.notation))
                .collect();
        }
        next.reveal_values_thinking = values.is_thinking().then(|| {
            Text::RevealValuesThinking
                .get(settings.language)
                .to_string()
        });
        next.review = review_panel::panel(
            &shown,
            &review,
            settings.notation,
            next.shown_ply,
            settings.language,
        );
        move_list::mark_moves(&mut next.move_rows, &review);
        hud.set_if_neq(next);
    }
}
