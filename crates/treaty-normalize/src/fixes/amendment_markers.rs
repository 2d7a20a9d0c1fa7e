//! Amendment markers of consolidated texts.
//!
//! A consolidated text (a treaty printed as amended by later protocols) marks each amended
//! passage with a footnote number glued to a bracket around the operative words:
//! `1[15] per cent`, `2[10 per cent of the gross amount]`; the footnote says what the passage
//! replaced. Read as printed, the marker runs into the number (`1[15]` is no `15`), so the
//! marker and the brackets are taken out and the operative words stay. A bracket that spans
//! lines, or holds brackets, is left as printed: its extent is not sure.

use std::sync::LazyLock;

use regex::Regex;

use crate::edits::Edits;
use crate::stats::FixStats;

/// A footnote number of one or two digits, standing on its own (after a line start, a space or
/// an opening mark), glued to a bracket that closes on the same line.
static MARKER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?m)(?:^|[ \t(“"‘'])(?P<open>\d{1,2}\[)(?P<body>[^\[\]\n]{1,400})(?P<close>\])"#)
        .expect("amendment marker pattern")
});

pub(crate) fn fix_amendment_markers(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !text.contains('[') {
        return edits;
    }
    for captures in MARKER.captures_iter(text) {
        let (Some(open), Some(body), Some(close)) = (
            captures.name("open"),
            captures.name("body"),
            captures.name("close"),
        ) else {
            continue;
        };
        // An empty or blank bracket is an omission mark of its own, not amended words.
        if body.as_str().trim().is_empty() {
            continue;
        }
        edits.delete(open.range());
        edits.delete(close.range());
        stats.amendment_markers += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(text: &str) -> (String, u64) {
        let mut stats = FixStats::default();
        let fixed = fix_amendment_markers(text, &mut stats).apply(text).0;
        (fixed, stats.amendment_markers)
    }

    #[test]
    fn the_operative_words_stay_without_their_marker() {
        assert_eq!(
            fix("shall not exceed 1[15] per cent of the gross amount"),
            (
                "shall not exceed 15 per cent of the gross amount".to_string(),
                1
            )
        );
        assert_eq!(
            fix("(a) 2[10 per cent of the gross amount of the dividends] if the beneficial owner"),
            (
                "(a) 10 per cent of the gross amount of the dividends if the beneficial owner"
                    .to_string(),
                1
            )
        );
        assert_eq!(
            fix("the tax so charged shall not exceed 12[7.5] per cent and 13[5%]"),
            (
                "the tax so charged shall not exceed 7.5 per cent and 5%".to_string(),
                2
            )
        );
    }

    #[test]
    fn brackets_that_are_no_amendment_stay() {
        for text in [
            // A citation, a formula, an omission, a bracket over lines.
            "see note [1] of the Model",
            "A = 100[B]",
            "1[ ] per cent",
            "1[the term \"royalties\"\nmeans payments]",
            "paragraph 2 [as amended]",
            "1[a [b] c]",
        ] {
            assert_eq!(fix(text), (text.to_string(), 0), "{text}");
        }
    }
}
