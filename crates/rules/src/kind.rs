//! Which of the two built-in variants a game is: the name every module of this crate may
//! use without depending on views or rule sets.

use std::fmt;

/// The two variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum VariantKind {
    Xiangqi,
    Jieqi,
}

impl VariantKind {
    pub const ALL: [VariantKind; 2] = [VariantKind::Xiangqi, VariantKind::Jieqi];

    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Xiangqi => "Xiangqi",
            VariantKind::Jieqi => "Jieqi",
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for VariantKind {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xiangqi" | "chinese chess" => Ok(VariantKind::Xiangqi),
            "jieqi" => Ok(VariantKind::Jieqi),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a variant (xiangqi or jieqi)")]
pub struct UnknownVariant(pub String);
