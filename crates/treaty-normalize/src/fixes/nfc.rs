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
use crate::stats::FixStats;

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
    // tidy: not language (combining marks of the script, which NFC composes)
    let has_kana = memchr::memchr(0xE3, bytes).is_some();
    if has_kana
        && (memchr::memmem::find(bytes, "\u{3099}".as_bytes()).is_some()
            || memchr::memmem::find(bytes, "\u{309A}".as_bytes()).is_some())
    {
        return true;
    }
    // Lead bytes E3..E9 start U+3000..U+9FFF, which are then known to be stable.
    let mut idx = 0;
    while let Some(offset) = find_high_lead(&bytes[idx..]) {
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

/// The first byte of at least 0xCC that is not E3..E9 (the leads of U+3000..U+9FFF).
fn find_high_lead(bytes: &[u8]) -> Option<usize> {
    use super::swar::lt;
    super::swar::find(
        bytes,
        |word| {
            // Bytes from 0xCC up, minus E3..=E9, as "not below 0xCC" tests on the bytes
            // shifted down by 0x80 (only bytes with the high bit set can pass).
            let high = word & 0x8080_8080_8080_8080;
            let low = word & 0x7F7F_7F7F_7F7F_7F7F;
            let at_least_cc = !lt(low, 0x4C);
            let in_cjk = !lt(low, 0x63) & lt(low, 0x6A);
            high & at_least_cc & !in_cjk
        },
        |byte| byte >= 0xCC && !(0xE3..=0xE9).contains(&byte),
    )
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
    fn find_high_lead_matches_a_plain_search() {
        let text = "Convenção — «sociedade» 第十条 e\u{301} ß ĀŸ 𝔸 ｶ 日本国 z";
        let bytes = text.as_bytes();
        for start in 0..bytes.len() {
            let plain = bytes[start..]
                .iter()
                .position(|&byte| byte >= 0xCC && !(0xE3..=0xE9).contains(&byte));
            assert_eq!(find_high_lead(&bytes[start..]), plain, "from {start}");
        }
    }

    #[test]
    fn never_applies_compatibility_folding() {
        let text = "10³ ½ ﬁ Ⅱ （a） ｶﾀｶﾅ 第十条配当";
        let (fixed, stats) = run(fix_nfc, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.nfc, 0);
    }
}
