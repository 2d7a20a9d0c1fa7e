//! The normalization fixes and the order they run in.
//!
//! Each fix is a function from the current text to an edit list, with its own module and unit
//! tests. The order matters:
//! 1. stray control bytes (NUL, ESC, ...) are removed during ingest, before HTML markup is
//!    read and before any fix, so a NUL inside a tag or a damaged word changes nothing; they
//!    are counted apart because they say something about the input;
//! 2. mojibake, because its damaged characters include C1 controls and soft hyphens that the
//!    next pass would remove (`Ã` + U+00AD is `í`); it runs again while it finds more (text
//!    that was mis-decoded twice);
//! 3. control characters, line endings, soft hyphens, so later passes see `\n` only;
//! 4. NFC, then full-width folding, so later passes see one spelling of each character;
//! 5. quotation-mark damage, page furniture (glued page pairs, then page lines), Japanese
//!    layout (vertical text, hard line ends; it needs the page lines gone), page markers the
//!    layout fix left run into the text, OCR numerals and unit words, OCR keywords, Roman numerals, amendment markers of
//!    consolidated texts;
//! 6. line-break hyphens, which count the words of the repaired text;
//! 7. paragraph numbers and item labels on lines of their own joined to their text;
//! 8. whitespace last, to tidy up what the removals left.

mod amendment_markers;
mod controls;
mod dehyphenate;
mod fullwidth;
mod japanese_layout;
mod marker_lines;
mod mojibake;
mod nfc;
mod ocr_keywords;
mod ocr_numbers;
mod ocr_numerals;
mod ocr_unit_words;
mod page_furniture;
mod page_lines;
mod quote_damage;
mod roman_numerals;
mod stray_controls;
mod swar;
mod whitespace;
mod words;

use crate::edits::Edits;
use crate::stats::FixStats;
pub(crate) use japanese_layout::is_unspaced_character;

/// A fix: reads the text, counts what it fixes, returns its edits.
pub(crate) type Fix = fn(&str, &mut FixStats) -> Edits;

/// How many times the mojibake repair may run (each run undoes one layer of mis-decoding).
pub(crate) const MOJIBAKE_ROUNDS: usize = 3;

/// The removal of stray control bytes (run by ingest, before markup is read).
pub(crate) const STRAY_CONTROLS: Fix = stray_controls::fix_stray_controls;

/// The mojibake repair (run up to [`MOJIBAKE_ROUNDS`] times).
pub(crate) const MOJIBAKE: Fix = mojibake::fix_mojibake;

/// The other fixes, in order.
pub(crate) const FIXES: [Fix; 17] = [
    controls::fix_controls,
    nfc::fix_nfc,
    fullwidth::fix_fullwidth,
    quote_damage::fix_quote_damage,
    page_furniture::fix_page_furniture,
    page_lines::fix_page_lines,
    japanese_layout::fix_japanese_layout,
    ocr_numerals::fix_ocr_numerals,
    ocr_unit_words::fix_ocr_unit_words,
    page_lines::fix_glued_page_markers,
    ocr_keywords::fix_ocr_keywords,
    ocr_numbers::fix_ocr_numbers,
    roman_numerals::fix_roman_numerals,
    amendment_markers::fix_amendment_markers,
    dehyphenate::fix_dehyphenation,
    marker_lines::fix_marker_lines,
    whitespace::fix_whitespace,
];
