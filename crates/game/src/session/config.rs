//! What kind of game to start and who sits at the table: the variant, the handicap or the
//! deal, the opponent, and what follows from them for who may see what ([`Secrecy`]).

use std::fmt;
use std::hash::{BuildHasher, Hasher};

use jieqi_ai::Level;
use jieqi_rules::platform::{PlayedGame, VariantRef};

use crate::i18n::{Text, Word, side_label};
use jieqi_rules::clock::TimeControl;
use jieqi_rules::{AnyGame, Handicap, Information, OptionValues, RuleSet, Seed, Side, Xiangqi};

/// How a Jieqi deal is chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DealChoice {
    /// A fresh random seed for every game.
    Random,
    /// This seed ("replay this deal").
    Seed(Seed),
}

impl DealChoice {
    /// The seed to deal from: the one chosen, or a fresh one.
    pub(crate) fn draw(self) -> Seed {
        match self {
            DealChoice::Random => random_seed(),
            DealChoice::Seed(seed) => seed,
        }
    }
}

impl fmt::Debug for DealChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealChoice::Random => f.write_str("Random"),
            // A typed seed is the player's own input; Seed's Debug hides it anyway.
            DealChoice::Seed(_) => f.write_str("Seed(..)"),
        }
    }
}

/// What kind of game to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// A variant of the registry.
    pub variant: VariantRef,
    /// Xiangqi only.
    pub handicap: Handicap,
    /// For a variant that deals.
    pub deal: DealChoice,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The house rules (rules.md §10); those of another variant stand for this variant's
    /// standard rules, see [`GameConfig::options`].
    pub rules: OptionValues,
    /// The time control: a clock a side, or none (game.md, "Clocks").
    pub clock: Option<TimeControl>,
}

impl Default for GameConfig {
    fn default() -> Self {
        let variant = jieqi_variants::default_variant();
        GameConfig {
            variant: VariantRef(variant),
            handicap: Handicap::None,
            deal: DealChoice::Random,
            opponent: Opponent::TwoPlayers,
            rules: standard_options(VariantRef(variant)),
            clock: None,
        }
    }
}

/// A variant's options, each at its default.
pub fn standard_options(variant: VariantRef) -> OptionValues {
    OptionValues::standard(variant.name(), variant.options())
}

impl GameConfig {
    /// The house rules the game is played under: the config's, if they are its variant's.
    pub fn options(&self) -> OptionValues {
        if self.rules.specs() == self.variant.options() {
            self.rules
        } else {
            standard_options(self.variant)
        }
    }

    /// The same as a rule set, for Xiangqi and Jieqi.
    pub fn rule_set(&self) -> Option<RuleSet> {
        let kind = self.variant.kind()?;
        RuleSet::of_values(kind, self.options()).or(Some(RuleSet::standard(kind)))
    }

    /// A fresh game: a new deal unless a seed was chosen, a handicap in Xiangqi.
    pub fn new_game(&self) -> Box<dyn PlayedGame> {
        let rules = self.options().to_string();
        let seed = self.variant.deals().then(|| self.deal.draw());
        let started = match self.handicap {
            Handicap::None => self.variant.start(seed, &rules),
            handicap => self.variant.start_handicapped(handicap, &rules),
        };
        // The form offers only the variant's own options and handicaps; should a start still
        // be refused, the standard one of the variant, or of the default variant.
        started
            .or_else(|_| self.variant.start(seed, ""))
            .or_else(|_| jieqi_variants::default_variant().start(None, ""))
            .unwrap_or_else(|_| AnyGame::from(Xiangqi::default()).into())
    }
}

/// Two players on one screen, one player against the computer, or a game on a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opponent {
    #[default]
    TwoPlayers,
    Computer {
        level: Level,
        /// The human's colour.
        human: Side,
    },
    /// A game held by a server (spec/online.md): this screen plays `seat` (`None`: it
    /// watches), and the other side is played elsewhere, its turns coming from the server.
    Online { seat: Option<Side> },
}

impl Opponent {
    /// The computer's side and level, if the computer plays.
    pub fn computer(self) -> Option<(Side, Level)> {
        match self {
            Opponent::Computer { level, human } => Some((human.other(), level)),
            Opponent::TwoPlayers | Opponent::Online { .. } => None,
        }
    }

    /// The colour played on this screen alone: the human's against the computer, the seat's
    /// online.
    pub fn human(self) -> Option<Side> {
        match self {
            Opponent::Computer { human, .. } => Some(human),
            Opponent::Online { seat } => seat,
            Opponent::TwoPlayers => None,
        }
    }

    /// Whether the game is held by a server.
    pub fn is_online(self) -> bool {
        matches!(self, Opponent::Online { .. })
    }

    /// The side played elsewhere, online: the seat's opponent.
    pub fn remote(self) -> Option<Side> {
        match self {
            Opponent::Online { seat } => seat.map(Side::other),
            Opponent::TwoPlayers | Opponent::Computer { .. } => None,
        }
    }
}

/// How the table names the two sides: by colour where a side is a colour (Xiangqi, Jieqi),
/// by player where it is a seat whose colour the game decides (Banqi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideNames {
    pub by_colour: bool,
    /// The computer's side, when it plays.
    pub computer: Option<Side>,
    /// The side played elsewhere, online.
    pub remote: Option<Side>,
    /// Player 1's side.
    pub player_one: Side,
}

impl SideNames {
    /// "Player 1" or "Player 2" for the player of `side` ("You" or "Computer" against the
    /// computer, "You" or "Opponent" online).
    pub fn player(&self, side: Side) -> Text {
        match (self.computer, self.remote) {
            (Some(computer), _) if side == computer => Text::Computer,
            (_, Some(remote)) if side == remote => Text::Opponent,
            (Some(_), _) | (_, Some(_)) => Text::You,
            _ if side == self.player_one => Text::PlayerOne,
            _ => Text::PlayerTwo,
        }
    }

    /// `side` in a sentence: "Red", or "Player 1".
    pub fn word(&self, side: Side) -> Word {
        if self.by_colour {
            side.into()
        } else {
            self.player(side).into()
        }
    }

    /// `side` on a button: "Red 紅", or "Player 1".
    pub fn label(&self, side: Side) -> Word {
        if self.by_colour {
            side_label(side).into()
        } else {
            self.player(side).into()
        }
    }
}

/// Who may see what at the table: the variant's information model together with the
/// seating. The session decides it once ([`Secrecy::of`]); the screen and the commands ask
/// it, never the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secrecy {
    /// Nothing is hidden (Xiangqi): both players may look at the one screen.
    Open,
    /// Each side knows things the other does not, and the screen is one player's (against
    /// the computer, or online) or a spectator's: it shows that view only.
    Private,
    /// Each side knows things the other does not, and two players share the screen: it
    /// shows the view of the player holding the device, which passes under a cover.
    HotSeat,
}

impl Secrecy {
    /// The variant's information model at this seating: only a variant where each side
    /// knows things the other does not (Jieqi, rules.md §7) has secrets; Banqi's face-down
    /// pieces are unknown to both alike (§11).
    pub fn of(information: Information, opponent: Opponent) -> Secrecy {
        let secrets = information.needs_cover();
        match (secrets, opponent) {
            (false, _) => Secrecy::Open,
            (true, Opponent::Computer { .. } | Opponent::Online { .. }) => Secrecy::Private,
            (true, Opponent::TwoPlayers) => Secrecy::HotSeat,
        }
    }

    /// Whether each side knows things the other must not see.
    pub fn has_secrets(self) -> bool {
        self != Secrecy::Open
    }
}

/// A seed nobody can guess from the screen: the standard library's randomly keyed hasher
/// over the clock.
pub(crate) fn random_seed() -> Seed {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    Seed(h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_two_players_sharing_a_screen_with_secrets_need_the_cover() {
        let computer = Opponent::Computer {
            level: Level::Club,
            human: Side::Black,
        };
        for open in [Information::Open, Information::Shared] {
            assert_eq!(Secrecy::of(open, Opponent::TwoPlayers), Secrecy::Open);
            assert_eq!(Secrecy::of(open, computer), Secrecy::Open);
        }
        assert_eq!(
            Secrecy::of(Information::PerSide, computer),
            Secrecy::Private
        );
        assert_eq!(
            Secrecy::of(Information::PerSide, Opponent::TwoPlayers),
            Secrecy::HotSeat
        );
        assert_eq!(computer.human(), Some(Side::Black));
        assert_eq!(Opponent::TwoPlayers.human(), None);
    }
}
