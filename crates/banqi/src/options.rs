//! Banqi's house rules (rules.md §10): each option has a default that is the rule of §11.
//!
//! Written as text, the options list only what differs from the defaults, `key=value` joined
//! by `, ` (`chariot=slide, cannon=also-step`; the empty text is §11's rules), the same form
//! as the rules crate's rule sets, so a record's `[Rules "…"]` tag can hold it.

use std::fmt;
use std::str::FromStr;

use jieqi_rules::{Choice, ON_OFF, OptionKind, OptionSpec, OptionValues, RuleSetError, Words};

/// Banqi's options, in the order the text form writes them. The first value of each is its
/// default.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "chariot",
        kind: OptionKind::Choice(&[
            Choice::new("step", Words::new("one square", "ein Feld", "一格")),
            Choice::new("slide", Words::new("slides", "fährt", "直行")),
        ]),
        name: Words::new("chariot", "Wagen", "車"),
        about: Words::new(
            "moves one square, or slides along an empty line and takes the first piece it meets by rank",
            "zieht ein Feld, oder fährt über eine freie Linie und schlägt den ersten Stein nach Rang",
            "只走一格，或沿空線直行並按等級吃掉遇到的第一個子",
        ),
    },
    OptionSpec {
        key: "soldier-takes-general",
        kind: OptionKind::Choice(ON_OFF),
        name: Words::new(
            "soldier takes general",
            "Soldat schlägt General",
            "兵卒吃將帥",
        ),
        about: Words::new(
            "a soldier may capture the general, or soldiers capture only soldiers",
            "ein Soldat darf den General schlagen, oder Soldaten schlagen nur Soldaten",
            "兵卒可吃將帥，或兵卒只能吃兵卒",
        ),
    },
    OptionSpec {
        key: "general-takes-soldier",
        kind: OptionKind::Choice(&[ON_OFF[1], ON_OFF[0]]),
        name: Words::new(
            "general takes soldier",
            "General schlägt Soldat",
            "將帥吃兵卒",
        ),
        about: Words::new(
            "the general may not capture a soldier, or it may",
            "der General darf keinen Soldaten schlagen, oder er darf es",
            "將帥不可吃兵卒，或可以吃",
        ),
    },
    OptionSpec {
        key: "cannon",
        kind: OptionKind::Choice(&[
            Choice::new(
                "jump",
                Words::new("jumps only", "nur im Sprung", "只隔子打"),
            ),
            Choice::new(
                "also-step",
                Words::new("also steps", "auch Schritt", "也可走吃"),
            ),
        ]),
        name: Words::new("cannon", "Kanone", "炮"),
        about: Words::new(
            "captures only by jumping over one piece, or also by a step to a neighbour of equal or lower rank",
            "schlägt nur im Sprung über einen Stein, oder auch mit einem Schritt auf einen Nachbarn gleichen oder niedrigeren Rangs",
            "只能隔一子打，或也可吃相鄰的同級或低級子",
        ),
    },
];

/// How a chariot moves (option `chariot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ChariotMove {
    /// One square, like every piece (§11).
    #[default]
    Step,
    /// Any distance along an empty row or column, capturing the first piece it meets by rank.
    Slide,
}

/// How a cannon captures (option `cannon`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CannonCapture {
    /// Only by jumping over exactly one piece (§11).
    #[default]
    Jump,
    /// Also a neighbouring face-up enemy of equal or lower rank (a cannon or a soldier).
    AlsoStep,
}

/// The options a Banqi game is played under. [`Default`] is rules.md §11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub chariot: ChariotMove,
    /// A soldier may capture the general (default `true`); if not, soldiers take only soldiers.
    pub soldier_takes_general: bool,
    /// The general may capture a soldier (default `false`).
    pub general_takes_soldier: bool,
    pub cannon: CannonCapture,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            chariot: ChariotMove::Step,
            soldier_takes_general: true,
            general_takes_soldier: false,
            cannon: CannonCapture::Jump,
        }
    }
}

/// Why an options text could not be read: the rules crate's errors for every variant's
/// options. Each message is one line.
pub type OptionsError = RuleSetError;

impl Options {
    /// Whether every option is at its default.
    pub fn is_standard(&self) -> bool {
        *self == Options::default()
    }

    /// The options as any variant's are held (the text form, the game's form).
    pub fn values(&self) -> OptionValues {
        let mut values = OptionValues::standard("Banqi", OPTIONS);
        let words = [
            (
                "chariot",
                if self.chariot == ChariotMove::Slide {
                    "slide"
                } else {
                    "step"
                },
            ),
            (
                "soldier-takes-general",
                if self.soldier_takes_general {
                    "on"
                } else {
                    "off"
                },
            ),
            (
                "general-takes-soldier",
                if self.general_takes_soldier {
                    "on"
                } else {
                    "off"
                },
            ),
            (
                "cannon",
                if self.cannon == CannonCapture::AlsoStep {
                    "also-step"
                } else {
                    "jump"
                },
            ),
        ];
        for (key, word) in words {
            // Every key and word is one of OPTIONS'.
            let _ = values.set(key, word);
        }
        values
    }

    /// The options these values give; `None` when they are another variant's.
    pub fn of_values(values: &OptionValues) -> Option<Options> {
        if values.specs() != OPTIONS {
            return None;
        }
        let on = |key| values.value(key) == Some(1);
        Some(Options {
            chariot: if on("chariot") {
                ChariotMove::Slide
            } else {
                ChariotMove::Step
            },
            soldier_takes_general: !on("soldier-takes-general"),
            general_takes_soldier: on("general-takes-soldier"),
            cannon: if on("cannon") {
                CannonCapture::AlsoStep
            } else {
                CannonCapture::Jump
            },
        })
    }

    /// Reads the text form (`chariot=slide, cannon=also-step`; empty for the defaults). Keys
    /// and values are case-insensitive; settings are separated by commas or spaces; a later
    /// setting of the same key wins.
    pub fn parse(text: &str) -> Result<Options, OptionsError> {
        let values = OptionValues::parse("Banqi", OPTIONS, text)?;
        Ok(Options::of_values(&values).unwrap_or_default())
    }

    /// Sets one option by its key and a value in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        let mut values = self.values();
        values.set(key, value)?;
        *self = Options::of_values(&values).unwrap_or(*self);
        Ok(())
    }

    /// The value of option `key` in words (`None`: Banqi has no such option).
    pub fn get(&self, key: &str) -> Option<String> {
        self.values().get(key)
    }
}

/// The options that differ from the defaults, `key=value` joined by `, ` (empty when none).
impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.values(), f)
    }
}

impl FromStr for Options {
    type Err = OptionsError;
    fn from_str(s: &str) -> Result<Options, OptionsError> {
        Options::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_first_values_rules_10() {
        let d = Options::default();
        for spec in OPTIONS {
            assert_eq!(d.get(spec.key), Some(spec.default_text()));
        }
        assert_eq!(d.get("chariot").as_deref(), Some("step"));
        assert_eq!(d.get("soldier-takes-general").as_deref(), Some("on"));
        assert_eq!(d.get("general-takes-soldier").as_deref(), Some("off"));
        assert_eq!(d.get("cannon").as_deref(), Some("jump"));
        assert_eq!(d.get("nope"), None);
        assert!(d.values().is_standard());
    }

    #[test]
    fn every_value_round_trips_rules_10() {
        let words = [
            ["step", "slide"],
            ["on", "off"],
            ["off", "on"],
            ["jump", "also-step"],
        ];
        for bits in 0..16u32 {
            let mut o = Options::default();
            for (i, spec) in OPTIONS.iter().enumerate() {
                o.set(spec.key, words[i][(bits >> i & 1) as usize]).unwrap();
            }
            for (i, spec) in OPTIONS.iter().enumerate() {
                assert_eq!(o.values().value(spec.key), Some(bits >> i & 1), "{o}");
            }
            assert_eq!(Options::parse(&o.to_string()), Ok(o), "{o}");
            assert_eq!(Options::of_values(&o.values()), Some(o));
        }
    }
}
