//! The one list of the platform's variants (architecture.md, "Variants are plug-ins"): the
//! command line (and in time the game and the engine's match runner) find every variant here
//! and never name one. A variant joins with one line in [`VARIANTS`]; what it implements is in
//! `docs/adding-a-variant.md`.
//!
//! A variant that is no part of the product (a test's fixture, a plug-in loaded by a program
//! of its own) joins at run time instead, with [`register`]: every lookup here ([`all`],
//! [`find`], [`reading`], [`dealing`], [`replay`], [`load_save`]) consults those after
//! [`VARIANTS`], so the front ends play it without naming it, and the product's list stays
//! as it is.

use std::sync::{PoisonError, RwLock};

use jieqi_rules::platform::{
    JIEQI, LoadError, PlayedGame, Replay, SaveSettings, Variant, VariantRef, XIANGQI,
};
use jieqi_rules::{Family, Notation, RecordText, read_envelope};

/// Every variant, in the order the front ends list them. The first is the default; the first
/// that deals is the one a seed alone names.
pub static VARIANTS: &[&dyn Variant] = &[&XIANGQI, &JIEQI, &jieqi_banqi::BANQI];

/// The variants [`register`]ed at run time, in the order they came.
static REGISTERED: RwLock<Vec<&'static dyn Variant>> = RwLock::new(Vec::new());

/// Why a variant could not be registered: another has its id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("another variant has the id '{0}'")]
pub struct IdTaken(pub &'static str);

/// Registers `variant` for the rest of the process, after [`VARIANTS`] and any registered
/// before it: for a test's fixture or a plug-in that is no part of the product's list. The
/// front ends then find it as they find the others. An id already known (built in or
/// registered) is refused, changing nothing: a fixture that several tests register registers
/// once (e.g. under a `std::sync::Once`).
pub fn register(variant: &'static dyn Variant) -> Result<(), IdTaken> {
    let mut registered = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
    if VARIANTS
        .iter()
        .chain(registered.iter())
        .any(|v| v.id() == variant.id())
    {
        return Err(IdTaken(variant.id()));
    }
    registered.push(variant);
    Ok(())
}

/// Every variant: [`VARIANTS`], then the [`register`]ed ones.
fn every() -> Vec<&'static dyn Variant> {
    let registered = REGISTERED.read().unwrap_or_else(PoisonError::into_inner);
    VARIANTS.iter().chain(registered.iter()).copied().collect()
}

/// Why a name is not a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{name}' is not a variant ({known})")]
pub struct UnknownVariant {
    name: String,
    known: String,
}

/// The variant with this id or name (any case); `chinese chess` is Xiangqi.
pub fn find(name: &str) -> Result<&'static dyn Variant, UnknownVariant> {
    let wanted = name.trim().to_ascii_lowercase();
    let wanted = if wanted == "chinese chess" {
        "xiangqi"
    } else {
        wanted.as_str()
    };
    let every = every();
    every
        .iter()
        .copied()
        .find(|v| v.id() == wanted || v.name().eq_ignore_ascii_case(wanted))
        .ok_or_else(|| UnknownVariant {
            name: jieqi_rules::quote::quote(name),
            known: every.iter().map(|v| v.id()).collect::<Vec<_>>().join(", "),
        })
}

/// The variant of a kind of the rules crate (Xiangqi or Jieqi).
pub fn of_kind(kind: Family) -> VariantRef {
    VariantRef(match kind {
        Family::Xiangqi => &XIANGQI,
        Family::Jieqi => &JIEQI,
    })
}

/// Every variant, as values: [`VARIANTS`], then the [`register`]ed ones.
pub fn all() -> impl Iterator<Item = VariantRef> {
    every().into_iter().map(VariantRef)
}

/// The default variant (the first).
pub fn default_variant() -> &'static dyn Variant {
    VARIANTS[0]
}

/// The variant whose text form `text` is, when no variant is named: the first that claims
/// it, else the default.
pub fn reading(text: &str) -> &'static dyn Variant {
    every()
        .into_iter()
        .find(|v| v.claims(text))
        .unwrap_or_else(default_variant)
}

/// The variant a seed alone names: the first that deals.
pub fn dealing() -> &'static dyn Variant {
    every()
        .into_iter()
        .find(|v| v.deals())
        .unwrap_or_else(default_variant)
}

/// Replays a save or a record of any variant, every turn checked: the save's `variant` field
/// or the record's `FamilyGame` tag names it. One without a name, or with a name no variant has,
/// is read as Xiangqi's, whose reader tells Xiangqi from Jieqi by the position and names a
/// bad tag or field.
pub fn replay(text: &str, notation: Notation) -> Result<Replay, LoadError> {
    let named = if text.trim_start().starts_with('{') {
        let save = read_envelope(text).map_err(|e| LoadError::Save(e.into()))?;
        save.get("variant")
            .and_then(|v| v.as_str())
            .map(str::to_string)
    } else {
        RecordText::leading_tag(text, "Variant").map_err(|e| LoadError::Record(e.into()))?
    };
    let variant = named
        .and_then(|name| find(&name).ok())
        .unwrap_or_else(default_variant);
    variant.replay(text, notation)
}

/// The game an app's save holds, every turn re-checked, and the app's settings in it: the
/// save's `variant` field names the variant (one without it, or with a name no variant has,
/// is read as Xiangqi's, whose reader names the bad field).
pub fn load_save(text: &str) -> Result<(Box<dyn PlayedGame>, SaveSettings), LoadError> {
    let save = read_envelope(text).map_err(|e| LoadError::Save(e.into()))?;
    let variant = save
        .get("variant")
        .and_then(|v| v.as_str())
        .and_then(|name| find(name).ok())
        .unwrap_or_else(default_variant);
    variant.load_save(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_found_by_its_id_and_name() {
        for v in VARIANTS {
            assert_eq!(find(v.id()).unwrap().id(), v.id());
            assert_eq!(find(&v.name().to_uppercase()).unwrap().id(), v.id());
        }
        assert_eq!(find("Chinese Chess").unwrap().id(), "xiangqi");
        assert_eq!(
            find("chess").unwrap_err().to_string(),
            "'chess' is not a variant (xiangqi, jieqi, banqi)"
        );
        let ids: Vec<_> = VARIANTS.iter().map(|v| v.id()).collect();
        let mut unique = ids.clone();
        unique.dedup();
        assert_eq!(ids, unique, "ids are unique");
    }

    #[test]
    fn texts_and_seeds_name_their_variant() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(reading(start).id(), "xiangqi");
        let jieqi = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";
        assert_eq!(reading(jieqi).id(), "jieqi");
        assert_eq!(
            reading("????????/????????/????????/???????? f - 0 1").id(),
            "banqi"
        );
        assert_eq!(dealing().id(), "jieqi");
    }

    #[test]
    fn a_known_id_cannot_be_registered_again() {
        assert_eq!(
            register(&jieqi_banqi::BANQI),
            Err(IdTaken("banqi")),
            "a built-in id"
        );
        assert_eq!(all().count(), VARIANTS.len(), "nothing was added");
        assert_eq!(
            IdTaken("banqi").to_string(),
            "another variant has the id 'banqi'"
        );
    }
}
