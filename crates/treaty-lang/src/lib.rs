//! Language profiles: everything the pipeline knows about one language, as data.
//!
//! A [`Profile`] holds the words, phrases and pattern sources of one language, grouped by the
//! stage that reads them ([`NumberWords`] for `treaty-numbers`, [`NormalizeWords`] for
//! `treaty-normalize`, [`Identification`], [`StructureWords`] and [`TopicWords`] for
//! `treaty-segment`, [`RuleWords`] for `treaty-extract`).
//! No other crate's `src/` holds language-specific words (the tidy test of `treaty-tidy`
//! checks it), so adding a language means adding one profile: see ARCHITECTURE.md,
//! "Adding a language".
//!
//! Profiles are plain `'static` data. Each stage compiles what it needs once (regexes,
//! Aho-Corasick automata) per language, when that language is first read, with
//! [`LazyPerLang`] (or with [`PerLang::build`] when every language is read anyway):
//!
//! ```text
//! static HEADING: LazyPerLang<Regex> =
//!     LazyPerLang::new(|p| Regex::new(p.structure.heading).expect("profile pattern"));
//! ```
//!
//! Conventions for profile parts:
//! - a field is a regex source (`&'static str`), a word or phrase list (`&'static [&str]`), or a
//!   table of small structs; its doc comment says what it matches and where it is read;
//! - a language that does not use a field leaves it empty (`""` or `&[]`), and the code that
//!   reads it must then find nothing ([`patterns::NEVER`], [`patterns::literal_alternation`]);
//! - code branches on [`Profile::script`], never on a particular language.

mod builtin;
mod ident;
mod identity;
mod kanji;
mod lookalike;
mod names;
mod normalize;
mod numbers;
pub mod patterns;
mod profile;
mod registry;
pub(crate) mod rules;
mod structure;
mod topics;
mod validate;

mod en;
mod es;
mod ja;
mod pt;

pub use ident::Identification;
pub use identity::{IdentityWords, InstrumentKind, InstrumentWords};
pub use kanji::KanjiStructure;
pub use lookalike::{Lookalike, LOOKALIKES, MAX_LOOKALIKES};
pub use names::{CurrencyFamily, CurrencyParty, Names};
pub use normalize::NormalizeWords;
pub use numbers::{NumberWord, NumberWordKind, NumberWords, Numeral, NumeralKind};
pub use profile::{Profile, Script};
pub use registry::{
    install, install_core_and, InstallError, Lang, LazyPerLang, PerLang, MAX_LANGUAGES,
};
pub use rules::{IncomeWords, NamedClasses, OwnerWords, Phrase, RuleWords};
pub use structure::{ProtocolWord, StructureWords};
pub use topics::TopicWords;
pub use validate::{pattern_errors, PatternError};
