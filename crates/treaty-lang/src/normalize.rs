//! Words the normalizer repairs: OCR confusions of treaty keywords, page furniture, layout markers.
//!
//! Read by `treaty-normalize`. Normalization runs before the language of a text is known, so
//! every field is read for all profiles at once: a repair finds the words of any language.

/// Words the normalizer repairs: OCR confusions of treaty keywords, page furniture, layout markers.
#[derive(Debug, Clone, Copy)]
pub struct NormalizeWords {
    /// Structural keywords in lower-case ASCII (`article`, `artigos`) that OCR damages by
    /// reading `i` or `l` as a look-alike (`Articie 10`); repaired only before a number.
    pub ocr_keywords: &'static [&'static str],
    /// Regex fragments of units (`per cent`, `dias`) before which a token of digits and the
    /// letters OCR reads for them (`l0`, `1O`) is a damaged number.
    pub ocr_number_units: &'static [&'static str],
    /// Words of the page markers that PDF text extractors write (`Page 12`, `# Página 3`), as
    /// spelled there.
    pub page_words: &'static [&'static str],
    /// Labels that PDF tools put on a line of their own (`Transcription`); such a line is not
    /// treaty text.
    pub tool_labels: &'static [&'static str],
    /// A regex matched against a whole line (spaces trimmed) that is an article heading in a
    /// language written without spaces (`第十条`, `第十条 配当`): the layout repair keeps the
    /// line breaks around it.
    pub layout_heading: &'static str,
    /// Punctuation and brackets of a language written without spaces (`、`, `「`): spaces next
    /// to them are the extractor's.
    pub unspaced_punctuation: &'static [char],
    /// Marks that end a sentence in a language written without spaces (`。`): a line break
    /// after one is kept.
    pub sentence_ends: &'static [char],
    /// The Tesseract language that reads this language (`por`, `eng`, `jpn`: Debian's
    /// `tesseract-ocr-<code>`), for scanned PDFs; empty when there is none.
    pub ocr_language: &'static str,
    /// The Tesseract language that reads this language printed in vertical lines (`jpn_vert`:
    /// Debian's `tesseract-ocr-jpn-vert`); empty for a language printed only horizontally.
    pub ocr_vertical_language: &'static str,
    /// The names Tesseract's orientation and script detection gives this language's script
    /// (`Latin`; Japanese text is named by any of its scripts).
    pub ocr_scripts: &'static [&'static str],
    /// Characters OCR reads for a katakana letter (a kanji `厶` for `ム`), with the letter;
    /// replaced when katakana stands next to them.
    pub katakana_look_alikes: &'static [(char, char)],
}

impl NormalizeWords {
    /// A profile part with nothing in it, to build a new profile from with `..NormalizeWords::EMPTY`.
    pub const EMPTY: NormalizeWords = NormalizeWords {
        ocr_keywords: &[],
        ocr_number_units: &[],
        page_words: &[],
        tool_labels: &[],
        layout_heading: crate::patterns::NEVER,
        unspaced_punctuation: &[],
        sentence_ends: &[],
        ocr_language: "",
        ocr_vertical_language: "",
        ocr_scripts: &[],
        katakana_look_alikes: &[],
    };
}
