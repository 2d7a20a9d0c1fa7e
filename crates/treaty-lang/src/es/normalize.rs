//! Spanish: see [`crate::NormalizeWords`].

use crate::normalize::NormalizeWords;

pub(super) const NORMALIZE: NormalizeWords = NormalizeWords {
    // No Tesseract language: every Latin-script page is read with the languages of all the
    // profiles that name one, so `spa` would change the OCR of every Portuguese and English
    // scan (and fail where tesseract-ocr-spa is not installed); `por` reads Spanish letters.
    ocr_language: "",
    ocr_scripts: &["Latin"],
    ocr_keywords: &["articulo", "articulos"],
    ocr_number_units: &[r"por[ \t]ciento", "días", "años"],
    page_words: &["Página", "Pág."],
    ..NormalizeWords::EMPTY
};
