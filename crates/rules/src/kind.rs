//! Which of the two built-in variants a game is: the name every module of this crate may
//! use without depending on views or rule sets.

use std::fmt;

/// The two variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Family {
    Xiangqi,
    Jieqi,
}

impl Family {
    pub const ALL: [Family; 2] = [Family::Xiangqi, Family::Jieqi];

    pub const fn name(self) -> &'static str {
        match self {
            Family::Xiangqi => "Xiangqi",
            Family::Jieqi => "Jieqi",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Family {
    type Err = UnknownFamily;
    fn from_str(s: &str) -> Result<Self, UnknownFamily> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xiangqi" | "chinese chess" => Ok(Family::Xiangqi),
            "jieqi" => Ok(Family::Jieqi),
            _ => Err(UnknownFamily(s.to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a variant (xiangqi or jieqi)")]
pub struct UnknownFamily(pub String);
