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

/// Whether some character of `text` is a combining mark or may change under NFC.
///
/// Characters below U+0300 never do, and neither do the CJK ideographs, kana and CJK
/// punctuation of U+3000..U+9FFF other than the two combining kana voicing marks, so Japanese
/// text is checked without table lookups.
fn may_need_nfc(text: &str) -> bool {
    let bytes = text.as_bytes();
    // The kana voicing marks U+3099 and U+309A are E3 82 99 and E3 82 9A.
    if memchr::memmem::find(bytes, "\u{3099}".as_bytes()).is_some()
        || memchr::memmem::find(bytes, "\u{309A}".as_bytes()).is_some()
    {
        return true;
    }
    // Lead bytes E3..E9 start U+3000..U+9FFF, which are then known to be stable.
    let mut idx = 0;
    while let Some(offset) = bytes[idx..]
        .iter()
        .position(|&byte| byte >= 0xCC && !(0xE3..=0xE9).contains(&byte))
    {
        idx += offset;
        let Some(ch) = text[idx..].chars().next() else {
            return false;
        };
        if !is_stable_start(ch) {
            return true;
        }
        idx += ch.len_utf8();
    }
    false
}

/// Recomposes the pieces of `text` that are not in NFC; counts rewritten pieces.
pub(crate) fn fix_nfc(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !may_need_nfc(text) {
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
        let original =
            "Acordo de bitributação — Dinamarca — o imposto de renda do Estado; e dinamarquês";
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
