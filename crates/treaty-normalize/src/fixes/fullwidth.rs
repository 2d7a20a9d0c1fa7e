//! Full-width ASCII (U+FF01..U+FF5E) folded to ASCII: `（ａ）` becomes `(a)`, `１５` becomes `15`.
//!
//! Japanese documents use full-width digits and Latin letters; later stages read numbers and
//! subparagraph letters in ASCII only. Half-width katakana (U+FF61..U+FF9F, `ﾊﾟｰｾﾝﾄ`) become
//! full-width (`パーセント`, NFKC of the run, which joins the separate voicing marks). The
//! ideographic space U+3000 is handled by the whitespace pass. Nothing else of NFKC is applied.

use unicode_normalization::UnicodeNormalization;

use crate::edits::Edits;
use crate::stats::FixStats;

/// Folds full-width ASCII to ASCII, one edit per character (so the map stays exact), and
/// half-width katakana to full-width.
pub(crate) fn fix_fullwidth(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    // Half-width katakana: U+FF61..U+FF9F is EF BD A1..EF BD BF and EF BE 80..EF BE 9F.
    let is_half_width_kana = |idx: usize| {
        matches!(
            bytes.get(idx..idx + 3),
            Some(&[0xEF, 0xBD, 0xA1..=0xBF] | &[0xEF, 0xBE, 0x80..=0x9F])
        )
    };
    // One pass in text order (edits are recorded in order).
    let mut done = 0;
    for idx in memchr::memchr_iter(0xEF, bytes) {
        if idx < done {
            continue;
        }
        if is_half_width_kana(idx) {
            // A run is folded as a whole: a voicing mark composes with the kana before it.
            let mut end = idx;
            while is_half_width_kana(end) {
                end += 3;
            }
            let folded: String = text[idx..end].nfkc().collect();
            edits.replace(idx..end, &folded);
            stats.fullwidth += 1;
            done = end;
            continue;
        }
        // U+FF01..U+FF5E is EF BC 81..EF BC BF and EF BD 80..EF BD 9E.
        let code = match bytes.get(idx + 1..idx + 3) {
            Some(&[0xBC, low @ 0x81..=0xBF]) => 0xFF00 + u32::from(low - 0x80),
            Some(&[0xBD, low @ 0x80..=0x9E]) => 0xFF40 + u32::from(low - 0x80),
            _ => continue,
        };
        if let Some(ascii) = char::from_u32(code - 0xFEE0) {
            edits.replace_char(idx..idx + 3, ascii);
            stats.fullwidth += 1;
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn folds_fullwidth_digits_letters_and_brackets() {
        // japan-denmark-2017-ja-pdf.txt, typeset with full-width characters.
        let (fixed, stats) = run(fix_fullwidth, "１０パーセント（ａ） 所得税（ｉ）～第１０条");
        assert_eq!(fixed, "10パーセント(a) 所得税(i)~第10条");
        assert_eq!(stats.fullwidth, 11);
    }

    #[test]
    fn folds_half_width_katakana_with_their_voicing_marks() {
        let (fixed, stats) = run(fix_fullwidth, "十ﾊﾟｰｾﾝﾄを超えない ｶﾞ");
        assert_eq!(fixed, "十パーセントを超えない ガ");
        assert_eq!(stats.fullwidth, 2);
    }

    #[test]
    fn leaves_other_wide_characters() {
        let text = "十五パーセント　カタカナ ￥ 10³";
        let (fixed, stats) = run(fix_fullwidth, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.fullwidth, 0);
    }
}
