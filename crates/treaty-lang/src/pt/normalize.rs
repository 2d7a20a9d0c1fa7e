//! Portuguese: see [`crate::NormalizeWords`].

use crate::normalize::NormalizeWords;

pub(super) const NORMALIZE: NormalizeWords = NormalizeWords {
    ocr_language: "por",
    ocr_scripts: &["Latin"],
    ocr_keywords: &["artigo", "artigos"],
    ocr_number_units: &[r"por[ \t]cento", "dias", "meses", "anos"],
    page_words: &["Página", "Pág."],
    ..NormalizeWords::EMPTY
};
