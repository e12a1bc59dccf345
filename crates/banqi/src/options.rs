//! Banqi's house rules (rules.md §10): each option has a default that is the rule of §11.
//!
//! Written as text, the options list only what differs from the defaults, `key=value` joined
//! by `, ` (`chariot=slide, cannon=also-step`; the empty text is §11's rules), the same form
//! as the rules crate's rule sets, so a record's `[Rules "…"]` tag can hold it.

use std::fmt;
use std::str::FromStr;

use jieqi_rules::{OptionKind, OptionSpec, OptionValues, RuleSetError};

/// Banqi's options, in the order the text form writes them. The first value of each is its
/// default.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "chariot",
        kind: OptionKind::Choice(&["step", "slide"]),
        about: "the chariot moves one square, or any distance along an empty line, capturing \
                the first piece it meets there by rank",
    },
    OptionSpec {
        key: "soldier-takes-general",
        kind: OptionKind::Choice(&["on", "off"]),
        about: "a soldier may capture the general, or soldiers capture only soldiers",
    },
    OptionSpec {
        key: "general-takes-soldier",
        kind: OptionKind::Choice(&["off", "on"]),
        about: "the general may not capture a soldier, or it may",
    },
    OptionSpec {
        key: "cannon",
        kind: OptionKind::Choice(&["jump", "also-step"]),
        about: "a cannon captures only by jumping over one piece, or also by a plain step to a \
                neighbouring piece of equal or lower rank",
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
