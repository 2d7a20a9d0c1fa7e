//! Words and spelling cues that tell a language from the others.
//!
//! Read by `treaty-segment`'s `lang` module, which scores every word against every profile.
//! A word in the lexicon of exactly one Latin-script profile is strong evidence for it; a word
//! outside all lexicons gets weaker evidence from its letters and ending. Kanji-script
//! profiles are told by script alone.

/// How a language is identified.
#[derive(Debug, Clone, Copy)]
pub struct Identification {
    /// Function words and frequent treaty words, lower case.
    pub lexicon: &'static [&'static str],
    /// Letters (lower case) that only this language among the profiles writes (accents).
    pub marked_letters: &'static str,
    /// Word endings typical of the language.
    pub endings: &'static [&'static str],
    /// Letter sequences typical of the language, anywhere in a word.
    pub letter_groups: &'static [&'static str],
    /// Letter sequences typical of the language at the end of a word.
    pub final_letter_groups: &'static [&'static str],
    /// Heading keywords (lower case) that are certain evidence before a number, even in a
    /// line of the other column (`Artigo Article 2`).
    pub heading_keywords: &'static [&'static str],
}

impl Identification {
    /// A profile part with nothing in it, to build a new profile from with
    /// `..Identification::EMPTY`.
    pub const EMPTY: Identification = Identification {
        lexicon: &[],
        marked_letters: "",
        endings: &[],
        letter_groups: &[],
        final_letter_groups: &[],
        heading_keywords: &[],
    };
}
