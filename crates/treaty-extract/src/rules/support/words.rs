//! The rule phrases of each language profile, with their patterns compiled once.

use std::ops::Deref;
use std::sync::OnceLock;

use regex::Regex;
use treaty_lang::patterns::pattern_alternation;
use treaty_lang::{Lang, LazyPerLang, Phrase, Profile, RuleWords, Script};
use treaty_numbers::gate::{gate_of, passes, Gate};

/// One language's rule phrases and their compiled patterns.
pub(crate) struct Words {
    /// The profile's phrases.
    pub(crate) list: &'static RuleWords,
    /// True for a language written in kanji and kana.
    pub(crate) japanese: bool,
    pub(crate) exemption: LazyRegex,
    pub(crate) residence_only: LazyRegex,
    pub(crate) resident_subject: LazyRegex,
    pub(crate) source_subject: LazyRegex,
    pub(crate) source_may_also_tax: LazyRegex,
    pub(crate) source_overrides: LazyRegex,
    pub(crate) conditions_list_lead: LazyRegex,
    pub(crate) residence_state_after: LazyRegex,
    pub(crate) paid_by_state: LazyRegex,
    pub(crate) either_basis: LazyRegex,
    /// Patterns with named groups, one regex per fragment (a name may not repeat in one regex).
    pub(crate) named_state_only: Vec<LazyRegex>,
    pub(crate) arising_in_named: Vec<LazyRegex>,
    pub(crate) paragraph_reference: Vec<LazyRegex>,
    pub(crate) replaced_tier: Vec<LazyRegex>,
    pub(crate) ordinal_period: Vec<LazyRegex>,
    pub(crate) lending_body: Vec<LazyRegex>,
    pub(crate) deleted_text: Vec<LazyRegex>,
    pub(crate) rate_by_reference: Vec<LazyRegex>,
    pub(crate) technical_fees_deemed_royalties: Vec<LazyRegex>,
}

static WORDS: LazyPerLang<Words> = LazyPerLang::new(compile);

/// The rule phrases of a language.
pub(crate) fn words(lang: Lang) -> &'static Words {
    &WORDS[lang]
}

/// Item and paragraph markers (`(a)`, `(1)`) that PDF extraction drops into the middle of
/// words, between any two characters of a [`Phrase::Spliced`] phrase.
const MARKER: &str = r"(?:\s*\((?:[a-z]{1,4}|[0-9]{1,2})\)\s*)*";

/// A spliced phrase as a pattern: markers may stand between any two of its characters, and
/// `[xy]` is either character.
fn spliced(phrase: &str) -> String {
    let mut units = Vec::new();
    let mut chars = phrase.chars();
    while let Some(c) = chars.next() {
        if c == '[' {
            let class: Vec<String> = chars
                .by_ref()
                .take_while(|&c| c != ']')
                .map(|c| regex::escape(&c.to_string()))
                .collect();
            units.push(format!("(?:{})", class.join("|")));
        } else {
            units.push(regex::escape(&c.to_string()));
        }
    }
    units.join(MARKER)
}

/// One regex of phrases; regex fragments case-insensitive when `ignore_case`.
fn phrases(list: &[Phrase], ignore_case: bool) -> LazyRegex {
    let parts: Vec<String> = list
        .iter()
        .map(|phrase| match phrase {
            Phrase::Regex(source) if ignore_case => format!("(?i:{source})"),
            Phrase::Regex(source) => source.to_string(),
            Phrase::Spliced(text) => spliced(text),
        })
        .collect();
    lazy(pattern_alternation(parts.iter().map(String::as_str)))
}

/// One case-insensitive regex of regex fragments.
fn fragments(list: &[&str]) -> LazyRegex {
    lazy(format!(
        "(?i:{})",
        pattern_alternation(list.iter().copied())
    ))
}

/// One regex per fragment, for fragments with named groups.
fn each(list: &[&str], ignore_case: bool) -> Vec<LazyRegex> {
    list.iter()
        .map(|source| {
            lazy(if ignore_case {
                format!("(?i:{source})")
            } else {
                source.to_string()
            })
        })
        .collect()
}

fn lazy(source: String) -> LazyRegex {
    LazyRegex {
        source,
        regex: OnceLock::new(),
        gate: OnceLock::new(),
    }
}

/// A rule pattern, compiled the first time a rule reads it: many rules read theirs only in a
/// paragraph that has their words (a protocol's replaced tier, a lending body), and compiling
/// every pattern of a language cost more than reading a whole treaty.
pub(crate) struct LazyRegex {
    source: String,
    regex: OnceLock<Regex>,
    /// The pattern without its Unicode word boundaries (see [`treaty_numbers::gate`]), when
    /// it has any; compiled the first time [`LazyRegex::may_match`] is asked.
    gate: OnceLock<Option<Gate>>,
}

impl LazyRegex {
    /// False only when the pattern has no match anywhere in `haystack`, told at the speed of
    /// the regex crate's automata on any text (a Unicode `\b` holds them to ASCII text).
    pub(crate) fn may_match(&self, haystack: &str) -> bool {
        let gate = self
            .gate
            .get_or_init(|| gate_of(&self.source).expect("a rule pattern's gate"));
        passes(gate.as_ref(), haystack)
    }
}

impl Deref for LazyRegex {
    type Target = Regex;

    fn deref(&self) -> &Regex {
        self.regex
            .get_or_init(|| Regex::new(&self.source).expect("rule pattern of a language profile"))
    }
}

fn compile(profile: &'static Profile) -> Words {
    let list = &profile.rules;
    Words {
        list,
        japanese: profile.script == Script::Japanese,
        exemption: phrases(list.exemption, true),
        residence_only: phrases(list.residence_only, true),
        resident_subject: fragments(list.resident_subject),
        source_subject: fragments(list.source_subject),
        source_may_also_tax: phrases(list.source_may_also_tax, false),
        source_overrides: fragments(list.source_overrides),
        conditions_list_lead: fragments(list.conditions_list_lead),
        residence_state_after: fragments(list.residence_state_after),
        paid_by_state: fragments(list.paid_by_state),
        either_basis: lazy(pattern_alternation(list.either_basis.iter().copied())),
        named_state_only: each(list.named_state_only, false),
        arising_in_named: each(list.arising_in_named, false),
        paragraph_reference: each(list.paragraph_reference, true),
        replaced_tier: each(list.replaced_tier, true),
        ordinal_period: each(list.ordinal_period, true),
        lending_body: each(list.lending_body, false),
        // Case-sensitive, so the regex engine can skip ahead to the literal words.
        deleted_text: each(list.deleted_text, false),
        rate_by_reference: each(list.rate_by_reference, true),
        technical_fees_deemed_royalties: each(list.technical_fees_deemed_royalties, true),
    }
}

/// True when `text` contains any of `words`.
pub(crate) fn contains_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|word| text.contains(word))
}

/// True when `text` starts with any of `words`.
pub(crate) fn starts_with_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|word| text.starts_with(word))
}

/// True when `text` ends with any of `words`.
pub(crate) fn ends_with_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|word| text.ends_with(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spliced_phrase_lets_markers_stand_inside_it() {
        let pattern = lazy(spliced("締約[国者]に"));
        assert!(pattern.is_match("締約者に"));
        assert!(pattern.is_match("締約国(a) (b) に"));
        assert!(!pattern.is_match("締約人に"));
    }

    #[test]
    fn every_profile_compiles() {
        for lang in Lang::all() {
            let words = words(lang);
            assert_eq!(words.japanese, lang.profile().script == Script::Japanese);
        }
        assert!(words(Lang::En)
            .exemption
            .is_match("shall be taxable only in that other State"));
    }
}
