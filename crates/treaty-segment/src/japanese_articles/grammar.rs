//! The kanji grammar of a profile ([`KanjiStructure`]), its patterns compiled once per language.

use std::ops::Deref;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::patterns::NEVER;
use treaty_lang::{KanjiStructure, LazyPerLang, Profile, Script};
use treaty_numbers::Lang;

/// A language's [`KanjiStructure`] with its regexes compiled; derefs to the words.
pub(crate) struct Grammar {
    /// The language it is the grammar of.
    pub lang: Lang,
    /// Article headings and references (`第十条`): number in group 1, suffix in group 2.
    pub heading: Regex,
    /// The note that opens an MLI box: number in group 1, article or part mark in group 2.
    pub mli_note: Regex,
    /// A treaty article named in a note or a provision (see [`KanjiStructure::treaty_reference`]).
    pub treaty_reference: Regex,
    /// A note's words naming one sentence of the MLI provision, anchored.
    pub mli_one_sentence: Regex,
    words: &'static KanjiStructure,
}

static GRAMMARS: LazyPerLang<Grammar> = LazyPerLang::new(Grammar::new);

impl Grammar {
    fn new(profile: &'static Profile) -> Grammar {
        let words = &profile.kanji;
        // A language without the pattern finds nothing with it (an empty regex finds all).
        let compile = |source: &str| {
            Regex::new(if source.is_empty() { NEVER } else { source })
                .expect("kanji profile pattern")
        };
        Grammar {
            lang: Lang::from_code(profile.code).expect("a profile's code names its language"),
            heading: compile(words.heading),
            mli_note: compile(words.mli_note),
            treaty_reference: compile(words.treaty_reference),
            mli_one_sentence: compile(words.mli_one_sentence),
            words,
        }
    }

    /// The grammar of `lang`.
    pub(crate) fn of(lang: Lang) -> &'static Grammar {
        &GRAMMARS[lang]
    }

    /// The grammar the Japanese modules read where their callers pass no language: that of
    /// the first kanji-script profile.
    pub(crate) fn kanji() -> &'static Grammar {
        static LANG: LazyLock<Lang> = LazyLock::new(|| {
            Lang::all()
                .find(|lang| lang.profile().script == Script::Japanese)
                .expect("a kanji-script profile is built in")
        });
        Grammar::of(*LANG)
    }

    /// Whether `c` is the mark after an article's or a paragraph's number (`条`, `項`).
    pub(crate) fn is_article_or_paragraph_mark(&self, c: char) -> bool {
        c == self.article_mark || c == self.paragraph_mark
    }
}

impl Deref for Grammar {
    type Target = KanjiStructure;
    fn deref(&self) -> &KanjiStructure {
        self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_grammar_is_the_japanese_profile_and_others_find_nothing() {
        let grammar = Grammar::kanji();
        assert_eq!(grammar.lang.profile().script, Script::Japanese);
        let heading = "\u{7b2c}\u{5341}\u{6761}"; // 第十条
        let found = grammar.heading.captures(heading).expect("a heading");
        assert_eq!(&found[1], "\u{5341}");
        for lang in Lang::all().filter(|l| l.profile().script != Script::Japanese) {
            assert!(!Grammar::of(lang).heading.is_match(heading));
            assert!(!Grammar::of(lang).heading.is_match("Article 10"));
        }
    }
}
