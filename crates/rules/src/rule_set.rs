//! Rule sets (rules.md §10): a game is played under its variant plus named options, each with
//! a default that is the rule of §1–§9. The rule set is part of the game: chosen before the
//! start, kept in saves and records, public to both players, and what a replay and the engine
//! judge by.
//!
//! Written as text, a rule set lists only the options that differ from the defaults:
//! `chase=judged, move-limit=off` (the empty text is the variant's own rules). That is the
//! form of a record's `[Rules "…"]` tag, a save's `rules` field and the command line's
//! `--rules`.

use std::fmt;

use crate::kind::Family;
use crate::position::{MoveRules, PositionError};
use crate::quote::quote;
use crate::repetition::{NO_CAPTURE_PLIES, RepetitionRules};
use crate::words::Words;

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// One of these values; the first is the default.
    Choice(&'static [Choice]),
    /// A number of plies in a range.
    Plies { default: u32, min: u32, max: u32 },
}

/// One value of a [`OptionKind::Choice`]: the word rule sets write, and what a screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// As rule sets write it: `judged`.
    pub key: &'static str,
    /// As a screen shows it: "loses".
    pub words: Words,
}

impl Choice {
    pub const fn new(key: &'static str, words: Words) -> Choice {
        Choice { key, words }
    }
}

/// One option of a variant, as the command line lists it and the game's form offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionSpec {
    /// As rule sets write it: `chase`.
    pub key: &'static str,
    pub kind: OptionKind,
    /// Its name on a screen: "perpetual chase".
    pub name: Words,
    /// What its values change, said after its name: "only warned, or it loses …".
    pub about: Words,
}

impl OptionSpec {
    /// The default value, as stored.
    fn default_value(&self) -> u32 {
        match self.kind {
            OptionKind::Choice(_) => 0,
            OptionKind::Plies { default, .. } => default,
        }
    }

    /// A stored value written as text.
    fn write(&self, value: u32) -> String {
        match self.kind {
            OptionKind::Choice(choices) => choices[value as usize].key.to_string(),
            OptionKind::Plies { .. } => value.to_string(),
        }
    }

    /// Reads a value, or says what the option takes.
    fn read(&self, text: &str) -> Result<u32, RuleSetError> {
        let bad = || RuleSetError::BadValue {
            key: self.key,
            value: quote(text),
            allowed: self.allowed(),
        };
        match self.kind {
            OptionKind::Choice(choices) => choices
                .iter()
                .position(|c| c.key.eq_ignore_ascii_case(text))
                .map(|i| i as u32)
                .ok_or_else(bad),
            OptionKind::Plies { min, max, .. } => text
                .parse::<u32>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(bad),
        }
    }

    /// The values it takes, in words: `warned or judged`, `20 to 400`.
    pub fn allowed(&self) -> String {
        match self.kind {
            OptionKind::Choice(choices) => choices
                .iter()
                .map(|c| c.key)
                .collect::<Vec<_>>()
                .join(" or "),
            OptionKind::Plies { min, max, .. } => format!("{min} to {max} plies"),
        }
    }

    /// The default in words.
    pub fn default_text(&self) -> String {
        self.write(self.default_value())
    }
}

/// `on` or `off`, in that order: an option that turns a rule on or off.
pub const ON_OFF: &[Choice] = &[
    Choice::new("on", Words::new("on", "an", "開")),
    Choice::new("off", Words::new("off", "aus", "關")),
];

const XIANGQI_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "chase",
        kind: OptionKind::Choice(&[
            Choice::new(
                "warned",
                Words::new("only warned", "nur angemahnt", "只警告"),
            ),
            Choice::new("judged", Words::new("loses", "verliert", "判負")),
        ]),
        name: Words::new("perpetual chase", "Dauerjagd", "長捉"),
        about: Words::new(
            "only warned, or it loses at the third occurrence as in the Asian rules",
            "wird nur angemahnt, oder sie verliert beim dritten Mal wie nach den asiatischen Regeln",
            "只提出警告，或如亞洲規則在第三次重複時判負",
        ),
    },
    OptionSpec {
        key: "no-capture",
        kind: OptionKind::Choice(&[
            Choice::new("hint", Words::new("a hint", "ein Hinweis", "提示")),
            Choice::new("draw", Words::new("a draw", "Remis", "和棋")),
        ]),
        name: Words::new(
            "60 moves without a capture",
            "60 Züge ohne Schlagen",
            "六十回合未吃子",
        ),
        about: Words::new(
            "bring a hint that a draw may be agreed, or end the game in a draw",
            "bringen einen Hinweis auf ein mögliches Remis, oder beenden die Partie remis",
            "只提示可以議和，或直接判和",
        ),
    },
    OptionSpec {
        key: "move-limit",
        kind: OptionKind::Choice(ON_OFF),
        name: Words::new("400-ply limit", "Grenze von 400 Halbzügen", "四百步限制"),
        about: Words::new(
            "400 plies end the game in a draw, or the game may go on",
            "400 Halbzüge beenden die Partie remis, oder die Partie geht weiter",
            "雙方合計走滿四百步判和，或對局繼續",
        ),
    },
];

const JIEQI_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "captured",
        kind: OptionKind::Choice(&[
            Choice::new(
                "capturer",
                Words::new("capturer only", "nur dem Schlagenden", "只給吃子方"),
            ),
            Choice::new(
                "both",
                Words::new("both players", "beiden Spielern", "雙方"),
            ),
            Choice::new(
                "nobody",
                Words::new(
                    "nobody until the end",
                    "niemandem bis zum Ende",
                    "對局結束前誰都不給看",
                ),
            ),
        ]),
        name: Words::new(
            "captured face-down pieces",
            "geschlagene verdeckte Steine",
            "被吃的暗子",
        ),
        about: Words::new(
            "a face-down piece that is captured is shown to its capturer only, to both players, or to nobody until the game ends",
            "ein geschlagener verdeckter Stein wird nur dem Schlagenden gezeigt, beiden Spielern, oder niemandem bis zum Ende der Partie",
            "被吃掉的暗子只給吃子的一方看，給雙方看，或對局結束前誰都不給看",
        ),
    },
    OptionSpec {
        key: "advisors",
        kind: OptionKind::Choice(&[
            Choice::new("free", Words::new("free", "frei", "自由")),
            Choice::new("confined", Words::new("confined", "gebunden", "受限")),
        ]),
        name: Words::new(
            "revealed advisors and elephants",
            "aufgedeckte Berater und Elefanten",
            "翻開的士和象",
        ),
        about: Words::new(
            "move anywhere, or keep to the palace and their own side of the river",
            "ziehen überall hin, oder bleiben im Palast und auf ihrer Seite des Flusses",
            "可走遍全盤，或只能在九宮和本方河界內",
        ),
    },
    OptionSpec {
        key: "no-capture-draw",
        kind: OptionKind::Plies {
            default: NO_CAPTURE_PLIES,
            min: 20,
            max: 400,
        },
        name: Words::new(
            "draw without a capture",
            "Remis ohne Schlagen",
            "未吃子判和",
        ),
        about: Words::new(
            "the number of plies without a capture that end the game in a draw",
            "so viele Halbzüge ohne Schlagen beenden die Partie remis",
            "雙方合計多少步未吃子即判和",
        ),
    },
];

/// The most options a variant has.
pub const MAX_OPTIONS: usize = 4;

/// The values of one variant's options (rules.md §10), for any variant: what the text form
/// `key=value, …` reads into. [`RuleSet`] holds Xiangqi's and Jieqi's; another variant reads
/// its own from it (Banqi's `Options`), and the game's new-game form sets them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OptionValues {
    /// The variant's name, for errors.
    owner: &'static str,
    specs: &'static [OptionSpec],
    /// By the index of the option in `specs`: a choice's index, or a number.
    values: [u32; MAX_OPTIONS],
}

/// Why a rule set could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    #[error("{variant} has no option '{key}' (it has: {known})")]
    UnknownOption {
        variant: &'static str,
        key: String,
        known: String,
    },
    #[error("option {key} takes {allowed}, not '{value}'")]
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error("'{setting}' is not an option setting; write key=value, e.g. {example}")]
    Malformed { setting: String, example: String },
    #[error("the rules are {wanted}'s, but the game is {game}")]
    WrongVariant { wanted: Family, game: Family },
    #[error("the rules of a game are chosen before its first move")]
    AlreadyStarted,
    #[error("under these rules the start is illegal: {0}")]
    Start(#[from] PositionError),
}

impl OptionValues {
    /// Every option of `specs` at its default. A variant has at most [`MAX_OPTIONS`]
    /// (its registration's tests check it); any beyond are not kept.
    pub fn standard(owner: &'static str, specs: &'static [OptionSpec]) -> OptionValues {
        let mut values = [0; MAX_OPTIONS];
        for (value, spec) in values.iter_mut().zip(specs) {
            *value = spec.default_value();
        }
        OptionValues {
            owner,
            specs,
            values,
        }
    }

    /// Reads the text form (`chase=judged, move-limit=off`; empty for the defaults). Keys and
    /// values are case-insensitive; settings are separated by commas or spaces; a later
    /// setting of the same key wins.
    pub fn parse(
        owner: &'static str,
        specs: &'static [OptionSpec],
        text: &str,
    ) -> Result<OptionValues, RuleSetError> {
        let mut values = OptionValues::standard(owner, specs);
        for setting in text.split([',', ' ']).filter(|s| !s.trim().is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| RuleSetError::Malformed {
                    setting: quote(setting.trim()),
                    example: values.example(),
                })?;
            values.set(key.trim(), value.trim())?;
        }
        Ok(values)
    }

    /// A setting to show in an error: the first option at its second value.
    fn example(&self) -> String {
        self.specs.first().map_or_else(String::new, |spec| {
            let value = match spec.kind {
                OptionKind::Choice(choices) => choices.get(1).unwrap_or(&choices[0]).key.into(),
                OptionKind::Plies { max, .. } => max.to_string(),
            };
            format!("{}={value}", spec.key)
        })
    }

    /// The options, in order.
    pub fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    /// The name of the variant they are of.
    pub fn owner(&self) -> &'static str {
        self.owner
    }

    /// Sets one option by its key and a value in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        let specs = self.specs;
        let (i, spec) = specs
            .iter()
            .enumerate()
            .take(MAX_OPTIONS)
            .find(|(_, s)| s.key.eq_ignore_ascii_case(key))
            .ok_or_else(|| RuleSetError::UnknownOption {
                variant: self.owner,
                key: quote(key),
                known: specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
            })?;
        self.values[i] = spec.read(value)?;
        Ok(())
    }

    /// The value of option `key` in words (`None`: no such option).
    pub fn get(&self, key: &str) -> Option<String> {
        let i = self.index(key)?;
        Some(self.specs[i].write(self.values[i]))
    }

    /// The stored value of option `key`: a choice's index, or a number (`None`: no such
    /// option).
    pub fn value(&self, key: &str) -> Option<u32> {
        self.index(key).map(|i| self.values[i])
    }

    fn index(&self, key: &str) -> Option<usize> {
        self.specs
            .iter()
            .take(MAX_OPTIONS)
            .position(|s| s.key.eq_ignore_ascii_case(key))
    }

    /// Whether every option is at its default.
    pub fn is_standard(&self) -> bool {
        *self == OptionValues::standard(self.owner, self.specs)
    }
}

/// The options that differ from the defaults, `key=value` joined by `, ` (empty when none).
impl fmt::Display for OptionValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (spec, &value) in self.specs.iter().zip(&self.values) {
            if value != spec.default_value() {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{}={}", spec.key, spec.write(value))?;
                first = false;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for OptionValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OptionValues({} \"{self}\")", self.owner)
    }
}

/// A variant and the values of its options.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    variant: Family,
    values: OptionValues,
}

impl RuleSet {
    /// The variant's own rules: every option at its default.
    pub fn standard(variant: Family) -> RuleSet {
        RuleSet {
            variant,
            values: OptionValues::standard(variant.name(), Self::options(variant)),
        }
    }

    /// The options `variant` offers.
    pub fn options(variant: Family) -> &'static [OptionSpec] {
        match variant {
            Family::Xiangqi => XIANGQI_OPTIONS,
            Family::Jieqi => JIEQI_OPTIONS,
        }
    }

    pub fn variant(&self) -> Family {
        self.variant
    }

    /// The options' values, as any variant's are held.
    pub fn values(&self) -> OptionValues {
        self.values
    }

    /// The rule set of `variant` with these values; `None` when they are another variant's.
    pub fn of_values(variant: Family, values: OptionValues) -> Option<RuleSet> {
        (values.specs == Self::options(variant)).then_some(RuleSet { variant, values })
    }

    /// Reads the text form (`chase=judged, move-limit=off`; empty for the defaults).
    pub fn parse(variant: Family, text: &str) -> Result<RuleSet, RuleSetError> {
        let values = OptionValues::parse(variant.name(), Self::options(variant), text)?;
        Ok(RuleSet { variant, values })
    }

    /// Sets one option by its key and a value in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        self.values.set(key, value)
    }

    /// The value of option `key` in words (`None`: the variant has no such option).
    pub fn get(&self, key: &str) -> Option<String> {
        self.values.get(key)
    }

    /// Whether every option is at its default.
    pub fn is_standard(&self) -> bool {
        self.values.is_standard()
    }

    fn value(&self, key: &str) -> u32 {
        self.values.value(key).unwrap_or(0)
    }

    /// How pieces move under these rules (rules.md §7, §10).
    pub fn move_rules(&self) -> MoveRules {
        match self.variant {
            Family::Xiangqi => MoveRules::XIANGQI,
            Family::Jieqi => MoveRules {
                free_advisors_elephants: self.value("advisors") == 0,
            },
        }
    }

    /// How repetition and long games are judged (rules.md §5, §6, §10).
    pub fn repetition(&self) -> RepetitionRules {
        match self.variant {
            Family::Xiangqi => RepetitionRules {
                chase_loses: self.value("chase") == 1,
                no_capture_draws: self.value("no-capture") == 1,
                move_limit: self.value("move-limit") == 0,
                ..RepetitionRules::XIANGQI
            },
            Family::Jieqi => RepetitionRules {
                no_capture_plies: self.value("no-capture-draw"),
                ..RepetitionRules::JIEQI
            },
        }
    }

    /// Jieqi: whether a captured face-down piece is shown to both players, not only to its
    /// capturer (rules.md §10). Public either way.
    pub fn captured_shown_to_both(&self) -> bool {
        self.variant == Family::Jieqi && self.value("captured") == 1
    }

    /// Jieqi: whether the capturer of a face-down piece learns what it was (the default, and
    /// under `captured=both`); under `captured=nobody` nobody learns it before the end
    /// (rules.md §10).
    pub fn captured_shown_to_capturer(&self) -> bool {
        self.variant == Family::Jieqi && self.value("captured") != 2
    }
}

/// The options that differ from the defaults, `key=value` joined by `, ` (empty when none).
impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.values, f)
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RuleSet({} \"{self}\")", self.variant)
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::standard(Family::Xiangqi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_lists_only_what_differs_and_reads_back_rules_10() {
        for variant in Family::ALL {
            let standard = RuleSet::standard(variant);
            assert!(standard.is_standard());
            assert_eq!(standard.to_string(), "");
            assert_eq!(RuleSet::parse(variant, "").unwrap(), standard);
        }
        let rules = RuleSet::parse(Family::Xiangqi, "chase=judged, move-limit=off").unwrap();
        assert_eq!(rules.to_string(), "chase=judged, move-limit=off");
        assert_eq!(rules.get("no-capture").as_deref(), Some("hint"));
        assert_eq!(
            RuleSet::parse(Family::Xiangqi, &rules.to_string()),
            Ok(rules)
        );
        let jieqi = RuleSet::parse(Family::Jieqi, "no-capture-draw=200 captured=both").unwrap();
        assert_eq!(jieqi.to_string(), "captured=both, no-capture-draw=200");
        assert!(jieqi.captured_shown_to_both());
        assert_eq!(jieqi.repetition().no_capture_plies, 200);
    }

    #[test]
    fn bad_settings_are_named_rules_10() {
        let err = |v, t: &str| RuleSet::parse(v, t).unwrap_err().to_string();
        assert_eq!(
            err(Family::Xiangqi, "captured=both"),
            "Xiangqi has no option 'captured' (it has: chase, no-capture, move-limit)"
        );
        assert_eq!(
            err(Family::Xiangqi, "chase=sometimes"),
            "option chase takes warned or judged, not 'sometimes'"
        );
        assert_eq!(
            err(Family::Jieqi, "no-capture-draw=7"),
            "option no-capture-draw takes 20 to 400 plies, not '7'"
        );
        assert!(err(Family::Jieqi, "both").contains("key=value"));
    }

    #[test]
    fn options_set_the_rules_they_name_rules_10() {
        let x = |t| RuleSet::parse(Family::Xiangqi, t).unwrap().repetition();
        assert_eq!(x(""), RepetitionRules::XIANGQI);
        assert!(x("chase=judged").chase_loses);
        assert!(x("no-capture=draw").no_capture_draws);
        assert!(!x("move-limit=off").move_limit);
        let j = |t| RuleSet::parse(Family::Jieqi, t).unwrap();
        assert_eq!(j("").repetition(), RepetitionRules::JIEQI);
        assert_eq!(j("").move_rules(), MoveRules::JIEQI);
        assert_eq!(j("advisors=confined").move_rules(), MoveRules::XIANGQI);
    }
}
