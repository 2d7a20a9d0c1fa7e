//! The English profile.

use crate::kanji::KanjiStructure;
use crate::profile::{Profile, Script};

mod ident;
mod identity;
mod names;
mod normalize;
mod numbers;
mod rules;
mod structure;
mod topics;

/// The English profile.
pub const PROFILE: Profile = Profile {
    code: "en",
    name: "English",
    script: Script::Latin,
    ident: ident::IDENT,
    numbers: numbers::NUMBERS,
    normalize: normalize::NORMALIZE,
    structure: structure::STRUCTURE,
    kanji: KanjiStructure::EMPTY,
    topics: topics::TOPICS,
    rules: rules::RULES,
    names: names::NAMES,
    identity: identity::IDENTITY,
};
