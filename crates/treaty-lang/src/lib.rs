//! Language profiles: everything the pipeline knows about one language, as data.
//!
//! A [`Profile`] holds the words, phrases and pattern sources of one language, grouped by the
//! stage that reads them ([`NumberWords`] for `treaty-numbers`, [`NormalizeWords`] for
//! `treaty-normalize`, [`Identification`], [`StructureWords`] and [`TopicWords`] for
//! `treaty-segment`, [`RuleWords`] for `treaty-extract`).
//! No other crate's `src/` holds language-specific words (the tidy test in `tests/tidy.rs`
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

mod ident;
mod identity;
mod kanji;
mod lookalike;
mod names;
mod normalize;
mod numbers;
pub mod patterns;
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
pub use registry::{
    install, install_core_and, InstallError, Lang, LazyPerLang, PerLang, MAX_LANGUAGES,
};
pub use rules::{IncomeWords, NamedClasses, OwnerWords, Phrase, RuleWords};
pub use structure::{ProtocolWord, StructureWords};
pub use topics::TopicWords;
pub use validate::{pattern_errors, PatternError};

/// How a language is written, which decides the segmentation algorithm that reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Latin letters, words separated by spaces, `Article 5` headings and `1.` paragraphs.
    Latin,
    /// Kanji and kana: no spaces, `第五条` headings, numbers glued to the text.
    Japanese,
}

/// Everything the pipeline knows about one language.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    /// The code written in the datasets' `lang` column (`pt`, `en`, `ja`).
    pub code: &'static str,
    /// The language's English name, for messages.
    pub name: &'static str,
    /// How the language is written.
    pub script: Script,
    /// Words and cues that tell this language from the others.
    pub ident: Identification,
    /// Number words, separators and units.
    pub numbers: NumberWords,
    /// OCR and layout repairs that depend on the language's words.
    pub normalize: NormalizeWords,
    /// Treaty, article, paragraph and protocol grammar.
    pub structure: StructureWords,
    /// Grammar of kanji-script treaties (empty for other scripts).
    pub kanji: KanjiStructure,
    /// Title and content lexicons that give an article its topic.
    pub topics: TopicWords,
    /// Phrases of the rate rules.
    pub rules: RuleWords,
    /// Names of states and their currencies, as this language prints them.
    pub names: Names,
    /// Titles, signature formulas, dates and entry into force.
    pub identity: IdentityWords,
}

/// The core profiles, in the order of their [`Lang`] values: they take part in reading every
/// document, all at once (the languages of bilingual prints are told apart among them).
pub(crate) const CORE: [Profile; 3] = [pt::PROFILE, en::PROFILE, ja::PROFILE];

/// The built-in profiles, in the order of their [`Lang`] values: the core ones, then those
/// installed by default that take part only in documents whose words show them (Spanish), as
/// a profile added with [`install`] does, so that they change nothing in the reading of the
/// core languages' documents.
pub(crate) const BUILTIN: [Profile; 4] = [pt::PROFILE, en::PROFILE, ja::PROFILE, es::PROFILE];
