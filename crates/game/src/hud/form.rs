//! The mode selector's choices: a variant of the registry, handicap (Xiangqi; and who gives
//! it), the deal of a variant that deals (random or a typed seed code), the house rules. A bad
//! code gives a clear error and leaves the game in progress alone.
//!
//! Whenever another game comes on the table (a new one, "Again", a loaded record or position,
//! a resumed save) the form follows it ([`ModeForm::follow`]), so that its choices are those
//! of the game in progress.

use bevy::prelude::*;
use jieqi_ai::Level;
use jieqi_rules::clock::TimeControl;
use jieqi_rules::platform::VariantRef;
use jieqi_rules::{Handicap, OptionValues, Seed, Side};

use crate::i18n::{self, Phrase, Text};
use crate::session::{DealChoice, GameCommand, GameConfig, Opponent, Session, standard_options};
use crate::states::GameSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HandicapChoice {
    #[default]
    None,
    OneHorse,
    BothHorses,
}

impl HandicapChoice {
    pub const ALL: [HandicapChoice; 3] = [
        HandicapChoice::None,
        HandicapChoice::OneHorse,
        HandicapChoice::BothHorses,
    ];

    pub fn label(self) -> Text {
        match self {
            HandicapChoice::None => Text::NoHandicap,
            HandicapChoice::OneHorse => Text::OneHorse,
            HandicapChoice::BothHorses => Text::BothHorses,
        }
    }
}

/// The time control chosen: none, one of the usual ones, or one typed ("5+3").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ClockChoice {
    #[default]
    None,
    Usual(TimeControl),
    Custom,
}

#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ModeForm {
    pub variant: VariantRef,
    pub handicap: HandicapChoice,
    pub giver: Side,
    /// A variant that deals: take the deal from `seed_text` rather than at random.
    pub from_seed: bool,
    pub seed_text: String,
    /// Play against the computer (else two players on one screen).
    pub vs_computer: bool,
    pub level: Level,
    /// The human's colour against the computer.
    pub human: Side,
    /// Why the last "New game" was refused.
    pub error: Option<Phrase>,
    /// The house rules chosen for each variant (rules.md §10), kept while another is picked.
    pub rules: Vec<OptionValues>,
    /// A duplicate match: the deal twice, the colours swapped (Jieqi).
    pub duplicate: bool,
    pub clock: ClockChoice,
    /// A custom time control as typed.
    pub clock_text: String,
}

impl Default for ModeForm {
    fn default() -> Self {
        ModeForm {
            variant: GameConfig::default().variant,
            handicap: HandicapChoice::None,
            giver: Side::Red,
            from_seed: false,
            seed_text: String::new(),
            vs_computer: false,
            level: Level::Beginner,
            human: Side::Red,
            error: None,
            rules: jieqi_variants::all().map(standard_options).collect(),
            duplicate: false,
            clock: ClockChoice::None,
            clock_text: String::new(),
        }
    }
}

impl ModeForm {
    /// The form as it stands for a running game of `config`.
    pub fn from_config(config: GameConfig) -> ModeForm {
        let (handicap, giver) = match config.handicap {
            Handicap::None => (HandicapChoice::None, Side::Red),
            Handicap::OneHorse { giver, .. } => (HandicapChoice::OneHorse, giver),
            Handicap::BothHorses { giver } => (HandicapChoice::BothHorses, giver),
        };
        let (clock, clock_text) = match config.clock {
            None => (ClockChoice::None, String::new()),
            Some(control) if TimeControl::USUAL.contains(&control) => {
                (ClockChoice::Usual(control), String::new())
            }
            Some(control) => (ClockChoice::Custom, control.to_string()),
        };
        ModeForm {
            clock,
            clock_text,
            variant: config.variant,
            handicap,
            giver,
            from_seed: matches!(config.deal, DealChoice::Seed(_)),
            vs_computer: config.opponent.computer().is_some(),
            level: config
                .opponent
                .computer()
                .map_or(Level::Beginner, |(_, level)| level),
            // An online table's seat is not a choice of this form.
            human: match config.opponent {
                Opponent::Computer { human, .. } => human,
                Opponent::TwoPlayers | Opponent::Online { .. } => Side::Red,
            },
            rules: jieqi_variants::all()
                .map(|v| match v == config.variant {
                    true => config.options(),
                    false => standard_options(v),
                })
                .collect(),
            // A seed is never written back into the form: it would give the deal away.
            ..default()
        }
    }

    /// Takes the choices of the game of `config` on the table: its variant, opponent, level
    /// and colour, handicap, kind of deal and house rules. What the game does not say is kept:
    /// a typed seed code (a seed is never written back into the form: it would give the deal
    /// away), another variant's house rules, the handicap while the game is not Xiangqi, the
    /// level and colour while it is for two players.
    pub fn follow(&mut self, config: GameConfig) {
        let mut next = ModeForm::from_config(config);
        next.seed_text = std::mem::take(&mut self.seed_text);
        if next.clock != ClockChoice::Custom {
            next.clock_text = std::mem::take(&mut self.clock_text);
        }
        let others = next
            .rules
            .iter_mut()
            .filter(|r| r.specs() != config.variant.options());
        for mine in others {
            if let Some(&theirs) = self.rules.iter().find(|r| r.specs() == mine.specs()) {
                *mine = theirs;
            }
        }
        if !config.variant.gives_handicaps() {
            next.handicap = self.handicap;
            next.giver = self.giver;
        }
        if config.opponent.computer().is_none() {
            next.level = self.level;
            next.human = self.human;
            next.vs_computer = self.vs_computer && config.opponent.is_online();
        }
        *self = next;
    }

    /// The Start button: the command for the game the form asks for, or `None` with the
    /// reason kept in [`ModeForm::error`]. The session asks before it abandons a game in
    /// progress.
    pub fn start(&mut self) -> Option<GameCommand> {
        match self.config() {
            Ok(config) if self.duplicate && self.offers_duplicate() => {
                self.error = None;
                Some(GameCommand::NewDuplicate(config))
            }
            Ok(config) => {
                self.error = None;
                Some(GameCommand::NewGame(config))
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    /// The house rules chosen for the variant picked.
    pub fn options(&self) -> OptionValues {
        let specs = self.variant.options();
        self.rules
            .iter()
            .copied()
            .find(|r| r.specs() == specs)
            .unwrap_or_else(|| standard_options(self.variant))
    }

    /// The house rules of the variant picked, to change.
    pub fn options_mut(&mut self) -> &mut OptionValues {
        let specs = self.variant.options();
        let i = match self.rules.iter().position(|r| r.specs() == specs) {
            Some(i) => i,
            None => {
                self.rules.push(standard_options(self.variant));
                self.rules.len() - 1
            }
        };
        &mut self.rules[i]
    }

    /// Whether the variant picked may be played as a duplicate match.
    pub fn offers_duplicate(&self) -> bool {
        self.variant.plays_duplicate()
    }

    /// The game the form asks for, or why it cannot be started.
    pub fn config(&self) -> Result<GameConfig, Phrase> {
        let handicap = match self.handicap {
            HandicapChoice::None => Handicap::None,
            HandicapChoice::OneHorse => Handicap::OneHorse {
                giver: self.giver,
                left: false,
            },
            HandicapChoice::BothHorses => Handicap::BothHorses { giver: self.giver },
        };
        let deal = if self.variant.deals() && self.from_seed {
            let seed: Seed = self.seed_text.parse().map_err(|e| i18n::seed_error(&e))?;
            DealChoice::Seed(seed)
        } else {
            DealChoice::Random
        };
        Ok(GameConfig {
            variant: self.variant,
            handicap: if self.variant.gives_handicaps() {
                handicap
            } else {
                Handicap::None
            },
            deal,
            clock: match self.clock {
                ClockChoice::None => None,
                ClockChoice::Usual(control) => Some(control),
                ClockChoice::Custom => Some(
                    self.clock_text
                        .parse()
                        .map_err(|_| Phrase::new(Text::BadClock))?,
                ),
            },
            opponent: if self.vs_computer {
                Opponent::Computer {
                    level: self.level,
                    human: self.human,
                }
            } else {
                Opponent::TwoPlayers
            },
            rules: self.options(),
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModeForm>()
        .add_systems(Update, follow_the_game.in_set(GameSet::View));
}

/// The form follows each game that comes on the table, once (a player's later changes to the
/// form stay until the next game).
fn follow_the_game(
    session: Res<Session>,
    mut form: ResMut<ModeForm>,
    mut seen: Local<Option<u32>>,
) {
    if !session.is_changed() {
        return;
    }
    let game = session.stamp().game_id;
    if *seen != Some(game) {
        *seen = Some(game);
        let mut next = form.clone();
        next.follow(session.config());
        next.duplicate = session.in_duplicate();
        form.set_if_neq(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use jieqi_rules::Family;

    fn jieqi() -> VariantRef {
        jieqi_variants::of_kind(Family::Jieqi)
    }

    #[test]
    fn a_bad_seed_code_is_refused_in_words() {
        let form = ModeForm {
            variant: jieqi(),
            from_seed: true,
            seed_text: "7U!".into(),
            ..default()
        };
        let err = form.config().unwrap_err().say(Language::English);
        assert!(err.starts_with("Seed code: "), "{err}");
        assert!(err.contains("'U'"), "{err}");
        let empty = ModeForm {
            seed_text: "  ".into(),
            ..form.clone()
        };
        assert_eq!(
            empty.config().unwrap_err().say(Language::German),
            "Code: der Code ist leer"
        );
    }

    #[test]
    fn good_forms_give_configs() {
        let form = ModeForm {
            variant: jieqi(),
            from_seed: true,
            seed_text: "1a".into(),
            ..default()
        };
        assert_eq!(form.config().unwrap().deal, DealChoice::Seed(Seed(42)));
        let hc = ModeForm {
            handicap: HandicapChoice::BothHorses,
            giver: Side::Black,
            ..default()
        };
        assert_eq!(
            hc.config().unwrap().handicap,
            Handicap::BothHorses { giver: Side::Black }
        );
        // Handicaps are for Xiangqi only.
        let jq = ModeForm {
            variant: jieqi(),
            ..hc
        };
        assert_eq!(jq.config().unwrap().handicap, Handicap::None);
    }

    #[test]
    fn each_variant_keeps_its_own_house_rules() {
        let mut form = ModeForm {
            variant: jieqi(),
            ..default()
        };
        form.options_mut().set("captured", "both").unwrap();
        form.variant = jieqi_variants::of_kind(Family::Xiangqi);
        assert!(form.config().unwrap().rules.is_standard());
        form.options_mut().set("chase", "judged").unwrap();
        form.variant = jieqi();
        let config = form.config().unwrap();
        assert_eq!(config.rules.to_string(), "captured=both");
        assert_eq!(ModeForm::from_config(config).options(), config.rules);
        // Banqi's own options, kept apart from the others'.
        form.variant = jieqi_variants::find("banqi").map(VariantRef).unwrap();
        form.options_mut().set("cannon", "also-step").unwrap();
        assert_eq!(form.config().unwrap().rules.to_string(), "cannon=also-step");
        form.variant = jieqi();
        assert_eq!(form.config().unwrap().rules.to_string(), "captured=both");
    }
}
