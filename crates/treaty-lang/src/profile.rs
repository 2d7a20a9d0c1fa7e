//! [`Profile`], everything the pipeline knows about one language, and its [`Script`].

use crate::ident::Identification;
use crate::identity::IdentityWords;
use crate::kanji::KanjiStructure;
use crate::names::Names;
use crate::normalize::NormalizeWords;
use crate::numbers::NumberWords;
use crate::rules::RuleWords;
use crate::structure::StructureWords;
use crate::topics::TopicWords;

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
