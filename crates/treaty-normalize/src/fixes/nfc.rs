//! Unicode NFC, only where the text is not already NFC.
//!
//! Characters below U+0300 are always NFC and never combine with what precedes them, so text
//! without a byte of 0xCC or above (the UTF-8 lead bytes from U+0300 up) is left at once;
//! otherwise the quick check of `unicode-normalization` usually says "yes" for the whole text.
//! Only when it does not is the text split into short pieces that start at a stable
//! character (canonical combining class 0 and NFC quick check "yes"), and only the pieces
//! whose NFC form differs are rewritten.
//!
//! This is NFC, never NFKC: compatibility characters such as `³` in `10³` stay.

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::edits::Edits;
use crate::FixStats;

/// Whether no character before `ch` can combine with it or anything after it.
fn is_stable_start(ch: char) -> bool {
    ch.is_ascii()
        || (canonical_combining_class(ch) == 0
            && is_nfc_quick(std::iter::once(ch)) == IsNormalized::Yes)
}

/// Recomposes the pieces of `text` that are not in NFC; counts rewritten pieces.
pub(crate) fn fix_nfc(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !text.bytes().any(|byte| byte >= 0xCC) || is_nfc_quick(text.chars()) == IsNormalized::Yes
    {
        return edits;
    }
    let mut piece_start = 0;
    let mut composed = String::new();
    let mut flush = |start: usize, end: usize, edits: &mut Edits, stats: &mut FixStats| {
        let piece = &text[start..end];
        if piece.len() <= 1 || is_nfc_quick(piece.chars()) == IsNormalized::Yes {
            return;
        }
        composed.clear();
        composed.extend(piece.nfc());
        if composed != piece {
            edits.replace(start..end, &composed);
            stats.nfc += 1;
        }
    };
    for (idx, ch) in text.char_indices() {
        if idx > piece_start && is_stable_start(ch) {
            flush(piece_start, idx, &mut edits, stats);
            piece_start = idx;
        }
    }
    flush(piece_start, text.len(), &mut edits, stats);
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn recomposes_decomposed_portuguese() {
        // brazil-denmark-1974-pt-en-ocr.txt, as a Mac file system or PDF tool may decompose it.
        let original = "Acordo de bitributação — Dinamarca — o imposto de renda do Estado; e dinamarquês";
        let decomposed: String = original.nfd().collect();
        assert_ne!(decomposed, original);
        let (fixed, stats) = run(fix_nfc, &decomposed);
        assert_eq!(fixed, original);
        assert_eq!(stats.nfc, 3);
    }

    #[test]
    fn recomposes_japanese_voiced_marks() {
        // japan-denmark-2017-ja-pdf.txt: "デンマーク" with combining voiced sound marks.
        let original = "デンマーク王国の全ての領域";
        let decomposed: String = original.nfd().collect();
        let (fixed, stats) = run(fix_nfc, &decomposed);
        assert_eq!(fixed, original);
        assert_eq!(stats.nfc, 1);
    }

    #[test]
    fn never_applies_compatibility_folding() {
        let text = "10³ ½ ﬁ Ⅱ （a） ｶﾀｶﾅ 第十条配当";
        let (fixed, stats) = run(fix_nfc, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.nfc, 0);
    }
}
