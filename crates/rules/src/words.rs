//! A variant's own words: its title, its options and their values, its reasons for refusing a
//! turn — in every language the front ends speak, so that no front end names a variant.

#![warn(missing_docs)]

/// One text in each language the front ends speak. A variant writes its words so; a front end
/// picks the one of its language ([`Words::english`], [`Words::german`], [`Words::chinese`]).
///
/// ```
/// use jieqi_rules::platform::Words;
///
/// const TITLE: Words = Words::new("Banqi 暗棋", "Banqi 暗棋", "暗棋");
/// assert_eq!(TITLE.english, "Banqi 暗棋");
/// assert_eq!(TITLE.to_string(), "Banqi 暗棋"); // English, for logs and the command line
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// In English: also what logs and the command line say.
    pub english: &'static str,
    /// In German.
    pub german: &'static str,
    /// In Chinese, in traditional characters as the pieces are.
    pub chinese: &'static str,
}

impl Words {
    /// The text in English, German and Chinese.
    pub const fn new(english: &'static str, german: &'static str, chinese: &'static str) -> Words {
        Words {
            english,
            german,
            chinese,
        }
    }

    /// The same text in every language (a name, a number).
    pub const fn same(text: &'static str) -> Words {
        Words::new(text, text, text)
    }

    /// Every language's text, English first.
    pub fn all(&self) -> [&'static str; 3] {
        [self.english, self.german, self.chinese]
    }
}

/// In English: what logs, the command line and a server's messages say.
impl std::fmt::Display for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.english)
    }
}
