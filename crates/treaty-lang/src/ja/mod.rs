//! The Japanese profile.

use crate::profile::{Profile, Script};

mod ident;
mod identity;
mod kanji;
mod names;
mod normalize;
mod numbers;
mod rules;
mod structure;
mod topics;

/// The Japanese profile.
pub const PROFILE: Profile = Profile {
    code: "ja",
    name: "Japanese",
    script: Script::Japanese,
    ident: ident::IDENT,
    numbers: numbers::NUMBERS,
    normalize: normalize::NORMALIZE,
    structure: structure::STRUCTURE,
    kanji: kanji::KANJI,
    topics: topics::TOPICS,
    rules: rules::RULES,
    names: names::NAMES,
    identity: identity::IDENTITY,
};
