//! The Spanish profile.
//!
//! Written against the model conventions in Spanish (the OECD and UN models as Spain's and
//! Latin America's treaties print them) and checked on the conventions of Spain in `corpus/es`.
//! Built in but not core: it takes part only in documents where its own words show, so that it
//! changes nothing in the reading of Portuguese, English and Japanese documents.

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

/// The Spanish profile.
pub const PROFILE: Profile = Profile {
    code: "es",
    name: "Spanish",
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
