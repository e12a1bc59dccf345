//! Banqi's house rules (rules.md §10): each option has a default that is the rule of §11.
//!
//! Written as text, the options list only what differs from the defaults, `key=value` joined
//! by `, ` (`chariot=slide, cannon=also-step`; the empty text is §11's rules), the same form
//! as the rules crate's rule sets, so a record's `[Rules "…"]` tag can hold it.

use std::fmt;
use std::str::FromStr;

use jieqi_rules::{OptionKind, OptionSpec};

use jieqi_rules::quote::quote;

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

/// Why an options text could not be read. Each message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("Banqi has no option '{key}' (it has: {known})")]
    UnknownOption { key: String, known: String },
    #[error("option {key} takes {allowed}, not '{value}'")]
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error("'{0}' is not an option setting; write key=value, e.g. chariot=slide")]
    Malformed(String),
}

impl Options {
    /// Whether every option is at its default.
    pub fn is_standard(&self) -> bool {
        *self == Options::default()
    }

    /// The index of each option's value in its [`OPTIONS`] choice list.
    fn values(&self) -> [usize; 4] {
        [
            usize::from(self.chariot == ChariotMove::Slide),
            usize::from(!self.soldier_takes_general),
            usize::from(self.general_takes_soldier),
            usize::from(self.cannon == CannonCapture::AlsoStep),
        ]
    }

    fn set_value(&mut self, option: usize, value: usize) {
        let on = value == 1;
        match option {
            0 => {
                self.chariot = if on {
                    ChariotMove::Slide
                } else {
                    ChariotMove::Step
                }
            }
            1 => self.soldier_takes_general = !on,
            2 => self.general_takes_soldier = on,
            _ => {
                self.cannon = if on {
                    CannonCapture::AlsoStep
                } else {
                    CannonCapture::Jump
                }
            }
        }
    }

    /// Reads the text form (`chariot=slide, cannon=also-step`; empty for the defaults). Keys
    /// and values are case-insensitive; settings are separated by commas or spaces; a later
    /// setting of the same key wins.
    pub fn parse(text: &str) -> Result<Options, OptionsError> {
        let mut options = Options::default();
        for setting in text.split([',', ' ']).filter(|s| !s.trim().is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| OptionsError::Malformed(quote(setting.trim())))?;
            options.set(key.trim(), value.trim())?;
        }
        Ok(options)
    }

    /// Sets one option by its key and a value in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        let (i, spec) = OPTIONS
            .iter()
            .enumerate()
            .find(|(_, s)| s.key.eq_ignore_ascii_case(key))
            .ok_or_else(|| OptionsError::UnknownOption {
                key: quote(key),
                known: OPTIONS.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
            })?;
        let OptionKind::Choice(words) = spec.kind else {
            // Every Banqi option is a choice (see OPTIONS).
            return Err(OptionsError::Malformed(quote(key)));
        };
        let v = words
            .iter()
            .position(|w| w.eq_ignore_ascii_case(value))
            .ok_or_else(|| OptionsError::BadValue {
                key: spec.key,
                value: quote(value),
                allowed: spec.allowed(),
            })?;
        self.set_value(i, v);
        Ok(())
    }

    /// The value of option `key` in words (`None`: Banqi has no such option).
    pub fn get(&self, key: &str) -> Option<&'static str> {
        let i = OPTIONS
            .iter()
            .position(|s| s.key.eq_ignore_ascii_case(key))?;
        match OPTIONS[i].kind {
            OptionKind::Choice(words) => words.get(self.values()[i]).copied(),
            OptionKind::Plies { .. } => None,
        }
    }
}

/// The options that differ from the defaults, `key=value` joined by `, ` (empty when none).
impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for ((spec, value), default) in OPTIONS
            .iter()
            .zip(self.values())
            .zip(Options::default().values())
        {
            if value != default
                && let OptionKind::Choice(words) = spec.kind
                && let Some(word) = words.get(value)
            {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{}={word}", spec.key)?;
                first = false;
            }
        }
        Ok(())
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
            assert_eq!(
                d.get(spec.key).map(str::to_string),
                Some(spec.default_text())
            );
        }
        assert_eq!(d.get("chariot"), Some("step"));
        assert_eq!(d.get("soldier-takes-general"), Some("on"));
        assert_eq!(d.get("general-takes-soldier"), Some("off"));
        assert_eq!(d.get("cannon"), Some("jump"));
        assert_eq!(d.get("nope"), None);
    }

    #[test]
    fn every_value_round_trips_rules_10() {
        for c in 0..2 {
            for s in 0..2 {
                for g in 0..2 {
                    for k in 0..2 {
                        let mut o = Options::default();
                        for (i, v) in [c, s, g, k].into_iter().enumerate() {
                            o.set_value(i, v);
                        }
                        assert_eq!(o.values(), [c, s, g, k]);
                        assert_eq!(Options::parse(&o.to_string()), Ok(o), "{o}");
                    }
                }
            }
        }
    }
}
