//! Grammar of treaties written in kanji and kana: heading and paragraph forms, item labels,
//! multilateral-instrument boxes. Read by the segmentation of [`crate::Script::Japanese`] texts.
//!
//! The texts are normalized first: full-width digits, letters and brackets are folded to ASCII,
//! so the patterns here see `第10条`, `(a)` and `(注)`.

/// Grammar of a kanji-script treaty.
#[derive(Debug, Clone, Copy)]
pub struct KanjiStructure {
    /// Regex source of an article heading or reference (`第十条`, `第二十一条のA`, `第十条の二`):
    /// group 1 is the number (kanji numerals or ASCII digits), group 2 the suffix of an inserted
    /// article (an ASCII capital or a kanji numeral).
    pub heading: &'static str,
    /// The mark that opens an ordinal (`第`), before an article's number.
    pub ordinal_mark: char,
    /// The mark after an article's number (`条`).
    pub article_mark: char,
    /// The mark after a paragraph's number (`項`).
    pub paragraph_mark: char,
    /// The mark after an item's number (`号`).
    pub item_mark: char,
    /// Words that start with [`Self::article_mark`] without being one (`条約`, the treaty).
    pub article_mark_words: &'static [&'static str],
    /// The full stop that ends a sentence (`。`).
    pub full_stop: char,
    /// The comma inside a sentence (`、`).
    pub comma: char,
    /// Words an article's text starts with: a title run together with the text ends where
    /// one of them begins (`この条約`, `一方の`, `もつぱら`).
    pub body_starts: &'static [&'static str],
    /// Characters after `第N条` or after a number glued to the text that make it a reference
    /// rather than a heading or a paragraph's number (particles, conjunctions' first
    /// characters, punctuation).
    pub reference_followers: &'static [char],
    /// Characters before a number glued to the text that make it a reference (`第十条2`,
    /// `1及び3`), not a paragraph's number.
    pub reference_before: &'static [char],
    /// Particles a title does not end with: a candidate title that ends with one is the
    /// provision's first words (`ブラジルの居住者が`).
    pub particles: &'static [char],
    /// Words that join title phrases into one title (`外交使節団及び領事機関`).
    pub title_joiners: &'static [&'static str],
    /// What ends a clause or an item (full-width forms and the ASCII they fold to).
    pub clause_ends: &'static [char],
    /// What no item starts with but a phrase cut by a column end may continue with (`を`,
    /// `て`, an inflection): an item label followed by one stands after its item.
    pub phrase_continuations: &'static [char],
    /// Words after an item label that make it a reference to the item (`(a)の規定`,
    /// `(a)から(c)まで`, `(a)又は(b)`).
    pub item_reference_followers: &'static [&'static str],
    /// Brackets that open an aside inside a sentence (`(`, `（`, `「`); a full stop inside
    /// one does not end the sentence.
    pub open_brackets: &'static [char],
    /// Brackets that close an aside (`)`, `）`, `」`).
    pub close_brackets: &'static [char],
    /// Regex source of the note that opens a boxed provision of the multilateral instrument in
    /// a consolidated text (`(注)次のBEPS防止措置実施条約第八条`): group 1 is the MLI article's
    /// or part's number, group 2 the mark after it ([`Self::article_mark`] or
    /// [`Self::mli_part_mark`]).
    pub mli_note: &'static str,
    /// The mark after the number of a part of the MLI (`部`) in a note.
    pub mli_part_mark: &'static str,
    /// Regex source of a treaty article named in a note or a provision (`条約第十条`,
    /// `協定第二十一条のA`): group 1 matches when it is the MLI's own article (`実施条約第十六条`),
    /// group 2 is the number, group 3 the suffix of an inserted article.
    pub treaty_reference: &'static str,
    /// Regex source, anchored, of the words right after a note's MLI article number when the
    /// note names a single sentence of the provision (`1の第一文の規定は`).
    pub mli_one_sentence: &'static str,
}

impl KanjiStructure {
    /// A profile part with nothing in it, for languages not written in kanji (its marks are
    /// `'\0'`, which no text holds).
    pub const EMPTY: KanjiStructure = KanjiStructure {
        heading: "",
        ordinal_mark: '\0',
        article_mark: '\0',
        paragraph_mark: '\0',
        item_mark: '\0',
        article_mark_words: &[],
        full_stop: '\0',
        comma: '\0',
        body_starts: &[],
        reference_followers: &[],
        reference_before: &[],
        particles: &[],
        title_joiners: &[],
        clause_ends: &[],
        phrase_continuations: &[],
        item_reference_followers: &[],
        open_brackets: &[],
        close_brackets: &[],
        mli_note: "",
        mli_part_mark: "",
        treaty_reference: "",
        mli_one_sentence: "",
    };
}

#[cfg(test)]
mod tests {
    use crate::builtin::BUILTIN;
    use crate::profile::Script;

    #[test]
    fn kanji_grammar_belongs_to_kanji_script_profiles() {
        for profile in BUILTIN {
            let kanji = profile.kanji;
            if profile.script == Script::Japanese {
                assert!(!kanji.heading.is_empty() && !kanji.mli_note.is_empty());
                assert!(!kanji.body_starts.is_empty() && !kanji.particles.is_empty());
                assert_ne!(kanji.full_stop, '\0');
                // Where an MLI note names a part, its mark is one the note pattern captures.
                assert!(kanji.mli_note.contains(kanji.mli_part_mark));
            } else {
                assert!(kanji.heading.is_empty() && kanji.body_starts.is_empty());
            }
        }
    }
}
