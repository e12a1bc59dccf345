//! The languages the game speaks. Every visible string comes from one catalogue.

use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    German,
    Chinese,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::German, Language::Chinese];

    /// The language's own name, as a language menu shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
            Language::Chinese => "中文",
        }
    }
}
