//! Treaty grammar: preamble, closing and party formulas, article and protocol headings,
//! paragraph and subparagraph context, months, reference words.
//!
//! Read by `treaty-segment`'s `structure` module. Where a Latin-script text is read, the
//! words of every Latin-script profile count (OCR mixes the columns of bilingual prints).

/// Treaty grammar of one language.
#[derive(Debug, Clone, Copy)]
pub struct StructureWords {
    /// Regex fragments, matched case-insensitively, of the formula that ends the preamble
    /// ("have agreed as follows"); `\s+` between words survives line wrapping.
    pub preamble_end: &'static [&'static str],
    /// Parts of that formula, which open a treaty on a line that also has a
    /// [`StructureWords::preamble_context`] word (OCR breaks the full formula).
    pub preamble_part: &'static [&'static str],
    /// Words naming the treaty or the governments, as a preamble does (case-insensitive).
    pub preamble_context: &'static [&'static str],
    /// Regex fragments, case-insensitive, of a preamble that concludes an instrument of its own
    /// beside the treaty ("desiring to conclude a Protocol"): the "have agreed as follows"
    /// after it opens a treaty of the file even where no Article 1 heading follows (a later
    /// protocol of numbered points printed after the convention).
    pub instrument_preamble: &'static [&'static str],
    /// Regex fragments, case-insensitive, of the opening of a protocol signed with the treaty
    /// ("At the signing of the Convention ..., the undersigned have agreed upon the following
    /// provisions"): on a line of its own after the closing formula, it opens the protocol
    /// where its heading was lost (OCR, or a heading set among the other language's lines).
    pub protocol_preamble: &'static [&'static str],
    /// Regex fragments, case-insensitive, of the formula before the signatures
    /// ("in witness whereof"): it ends the articles.
    pub closing: &'static [&'static str],
    /// Article heading words as printed ("Article", "ARTICLE", "Art."), before the number.
    pub article_heading: &'static [&'static str],
    /// OCR misreadings of a heading word ("Articie"), accepted when looking for Article 1.
    pub article_heading_misread: &'static [&'static str],
    /// Suffixes of inserted articles ("bis", "ter" in `Article 10 bis`).
    pub article_suffix: &'static [&'static str],
    /// What follows a heading number when it is a reference and not a heading (lower case,
    /// a prefix of the text after the number: "of ", "shall").
    pub heading_reference_followers: &'static [&'static str],
    /// Regex fragments naming an article in a reference ("Articles?", "Art\."), before its
    /// number in digits.
    pub article_reference: &'static [&'static str],
    /// Regex fragments of a reference written around a kanji or digit number (`第(…)条`), with
    /// one capture group for the number.
    pub article_reference_around: &'static [&'static str],
    /// Regex fragments of an article heading in a script whose headings enclose their number
    /// (`第(…)条`), with one capture group for the number, for finding Article 1.
    pub article_heading_around: &'static [&'static str],
    /// Protocol heading words, as printed at a line start ("Protocol", "PROTOCOL").
    pub protocol_heading: &'static [&'static str],
    /// A protocol word that may stand anywhere (scripts without spaces), with the characters
    /// that mark it as a noun in a sentence when they follow it or precede it.
    pub protocol_word: Option<ProtocolWord>,
    /// Words that open a protocol point on an article ("Ad" in "Ad Article 10").
    pub protocol_point_prefix: &'static [&'static str],
    /// Regexes naming a party in the preamble, the name in capture group 1.
    pub party: &'static [&'static str],
    /// "Contracting State" as printed: a text that says it often is a treaty.
    pub contracting_state: &'static [&'static str],
    /// Words (lower case) that open a provision and never a title.
    pub sentence_openers: &'static [&'static str],
    /// Words (lower case) that, capitalized after the first word, end an inline title.
    pub title_stop_words: &'static [&'static str],
    /// Month names, after which a bare number is a date, not a paragraph.
    pub months: &'static [&'static str],
    /// Words (lower case) after which a number is a reference, not a paragraph number.
    pub paragraph_reference_words: &'static [&'static str],
    /// Conjunctions ending a list item after `;` ("and", "or").
    pub list_joiners: &'static [&'static str],
    /// Conjunctions ending a list item after `,`.
    pub list_joiners_after_comma: &'static [&'static str],
    /// Words that follow a subparagraph marker when it is a reference (`(a)又は(b)の規定`),
    /// in scripts where markers are glued to the text.
    pub item_reference_followers: &'static [&'static str],
    /// Words that can close a list item in scripts without line structure (`パーセント`).
    pub item_closing_words: &'static [&'static str],
    /// Characters that continue a clause and never open an item (conjunctions).
    pub item_continuation_chars: &'static str,
    /// Characters (kana) that can open an item (`この`, `その`).
    pub item_opening_chars: &'static str,
    /// Regexes of the phrases by which a provision amends another instrument ("shall be
    /// deleted and replaced by the following").
    pub amendment: &'static [&'static str],
    /// Regexes of a reference to an article of the instrument being amended ("paragraph 3 of
    /// Article X (Dividends) of the Convention"), with named groups `article` (digits or a
    /// Roman numeral), and where printed `suffix`, `paragraph`, `sub` and `called` (the
    /// article's title).
    pub amended_article: &'static [&'static str],
    /// Regexes of the phrases by which a text discusses a treaty's provisions instead of
    /// stating them ("This article provides", "Paragraph 2 limits"), as a technical
    /// explanation or a commentary does at the start of each article.
    pub commentary: &'static [&'static str],
}

/// A protocol word of a script without spaces, and the characters around it that make it a
/// noun of a sentence (`この議定書に署名`) rather than a heading.
#[derive(Debug, Clone, Copy)]
pub struct ProtocolWord {
    /// The word.
    pub word: &'static str,
    /// Characters after the word that make it a noun in a sentence (particles).
    pub not_followed_by: &'static str,
    /// Characters before the word that make it a noun in a sentence.
    pub not_preceded_by: &'static str,
}

impl StructureWords {
    /// A profile part with nothing in it, to build a new profile from with
    /// `..StructureWords::EMPTY`.
    pub const EMPTY: StructureWords = StructureWords {
        preamble_end: &[],
        preamble_part: &[],
        preamble_context: &[],
        instrument_preamble: &[],
        protocol_preamble: &[],
        closing: &[],
        article_heading: &[],
        article_heading_misread: &[],
        article_suffix: &[],
        heading_reference_followers: &[],
        article_reference: &[],
        article_reference_around: &[],
        article_heading_around: &[],
        protocol_heading: &[],
        protocol_word: None,
        protocol_point_prefix: &[],
        party: &[],
        contracting_state: &[],
        sentence_openers: &[],
        title_stop_words: &[],
        months: &[],
        paragraph_reference_words: &[],
        list_joiners: &[],
        list_joiners_after_comma: &[],
        item_reference_followers: &[],
        item_closing_words: &[],
        item_continuation_chars: "",
        item_opening_chars: "",
        amendment: &[],
        amended_article: &[],
        commentary: &[],
    };
}
