//! Stray control bytes: NUL and the other C0 controls that have no place in a text.
//!
//! A text copied through a broken pipeline can carry a NUL byte here and there, or an escape
//! sequence's ESC. Ingest refuses input where such bytes are common (it is binary); where they
//! are rare, this pass removes them, and the count tells the caller that the input had them.
//! Ingest runs it on the decoded text, before HTML markup is read and before every other fix.
//! Tab, line feed, carriage return and form feed are text and stay (the next pass turns CR and
//! FF into line breaks); DEL goes too.
//!
//! Removed bytes are deletions in the edit list, so the characters around them keep their
//! original offsets.

use crate::edits::Edits;
use crate::stats::FixStats;

/// Whether `byte` is a stray control byte.
fn is_stray(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0C)) || byte == 0x7F
}

/// [`is_stray`] for eight bytes at once.
#[inline]
fn stray_bytes(word: u64) -> u64 {
    use super::swar::{eq, lt};
    (lt(word, 0x20) & !eq(word, b'\t') & !eq(word, b'\n') & !eq(word, b'\r') & !eq(word, 0x0C))
        | eq(word, 0x7F)
}

/// Removes stray control bytes, each run as one deletion.
pub(crate) fn fix_stray_controls(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let mut idx = 0;
    while let Some(offset) = super::swar::find(&bytes[idx..], stray_bytes, is_stray) {
        let start = idx + offset;
        let run = bytes[start..]
            .iter()
            .take_while(|&&byte| is_stray(byte))
            .count();
        // Control bytes are ASCII, so the run starts and ends on character boundaries.
        edits.delete(start..start + run);
        stats.stray_controls += run as u64;
        idx = start + run;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn removes_nul_and_escape_bytes_and_counts_them() {
        // portugal-montenegro-2016-pt-en.txt with stray bytes, one a run of three.
        let (fixed, stats) = run(
            fix_stray_controls,
            "b) 10 % do mon\u{0}tante bruto\u{1B}\u{0}\u{7F} dos dividendos\u{0}",
        );
        assert_eq!(fixed, "b) 10 % do montante bruto dos dividendos");
        assert_eq!(stats.stray_controls, 5);
    }

    #[test]
    fn keeps_tabs_line_breaks_and_form_feeds() {
        let text = "FOR THE GOVERNMENT\tFOR THE GOVERNMENT\r\nOF CANADA:\u{0C}\n";
        let (fixed, stats) = run(fix_stray_controls, text);
        assert_eq!(fixed, text);
        assert_eq!(stats, FixStats::default());
    }

    #[test]
    fn every_byte_agrees_with_the_word_test() {
        for byte in 0..=u8::MAX {
            let word = u64::from_le_bytes([b'a', b'b', byte, b'c', b'd', b'e', b'f', b'g']);
            assert_eq!(stray_bytes(word) != 0, is_stray(byte), "{byte:#x}");
        }
    }
}
