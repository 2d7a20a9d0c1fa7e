//! Full-width ASCII (U+FF01..U+FF5E) folded to ASCII: `（ａ）` becomes `(a)`, `１５` becomes `15`.
//!
//! Japanese documents use full-width digits and Latin letters; later stages read numbers and
//! subparagraph letters in ASCII only. The ideographic space U+3000 is handled by the
//! whitespace pass. Nothing else of NFKC is applied.

use crate::edits::Edits;
use crate::FixStats;

/// Folds full-width ASCII to ASCII, one edit per character (so the map stays exact).
pub(crate) fn fix_fullwidth(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    // U+FF01..U+FF5E is EF BC 81..EF BC BF and EF BD 80..EF BD 9E.
    for idx in memchr::memchr_iter(0xEF, bytes) {
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
    fn leaves_other_wide_characters() {
        let text = "十五パーセント　ｶﾀｶﾅ ￥ 10³";
        let (fixed, stats) = run(fix_fullwidth, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.fullwidth, 0);
    }
}
