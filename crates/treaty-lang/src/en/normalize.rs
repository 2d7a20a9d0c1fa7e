//! English: see [`crate::NormalizeWords`].

use crate::normalize::NormalizeWords;

pub(super) const NORMALIZE: NormalizeWords = NormalizeWords {
    ocr_language: "eng",
    ocr_scripts: &["Latin"],
    ocr_keywords: &["article", "articles"],
    ocr_number_units: &[r"per[ \t]?cent", r"days?", r"months?", r"years?"],
    page_words: &["Page", "PAGE", "page"],
    tool_labels: &["Transcription"],
    ..NormalizeWords::EMPTY
};
