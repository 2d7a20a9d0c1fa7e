//! Paragraph numbers and item labels that a PDF extractor put on lines of their own.
//!
//! Without its layout mode, a PDF text extractor often writes a paragraph number or an item
//! label as a block of its own (`1.` on one line, a blank line, then the paragraph), since
//! the number stands in its own column of the page. Every later stage looks for the number
//! before its text on one line, so the line breaks between them become one space. Counted as
//! whitespace fixes.

use std::sync::LazyLock;

use regex::Regex;

use crate::edits::Edits;
use crate::stats::FixStats;

/// At a line start: a line holding only a paragraph number (`1.`, `12.`) or an item label (`(a)`, `(iv)`,
/// `a)`, `(1)`), then line breaks (blank lines allowed) and a line that starts with a letter,
/// or a quotation mark (or, after an item label, a number and a word: `(a)` /
/// `5 percent`). Latin script only: Japanese text glues its labels by other rules.
static MARKER_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\A[ \t]*(?:\d{1,2}\.([ \t]*\n(?:[ \t]*\n)*[ \t]*)[\p{Latin}“\x22]|(?:\((?:[a-z]{1,2}|[ivxl]{1,5}|\d{1,2})\)|[a-z]\))([ \t]*\n(?:[ \t]*\n)*[ \t]*)(?:[\p{Latin}“\x22]|\d[\d.,]*[ \t]*\p{Latin}))",
    )
    .expect("marker line pattern")
});

pub(crate) fn fix_marker_lines(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !text.contains('\n') {
        return edits;
    }
    // The pattern has no literal to skip ahead with: it is tried only at the starts of the
    // short lines that can hold a marker alone.
    let mut line_start = 0;
    let bytes = text.as_bytes();
    let mut candidates = Vec::new();
    while line_start < bytes.len() {
        let line_end =
            memchr::memchr(b'\n', &bytes[line_start..]).map_or(bytes.len(), |i| line_start + i);
        let line = text[line_start..line_end].trim();
        if (2..=6).contains(&line.len()) && line.ends_with(['.', ')']) {
            candidates.push(line_start);
        }
        line_start = line_end + 1;
    }
    for at in candidates {
        let Some(captures) = MARKER_LINE.captures(&text[at..]) else {
            continue;
        };
        let gap = captures
            .get(1)
            .or_else(|| captures.get(2))
            .expect("one of the two gaps takes part");
        edits.replace(at + gap.start()..at + gap.end(), " ");
        stats.whitespace += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(text: &str) -> String {
        let mut stats = FixStats::default();
        fix_marker_lines(text, &mut stats).apply(text).0
    }

    #[test]
    fn numbers_and_labels_on_lines_of_their_own_join_their_text() {
        assert_eq!(
            fix("ARTICLE 10\n1.\n\nDividends paid by a company\n2.\nHowever, such dividends\n(a)\n\n5 percent of the gross amount\n"),
            "ARTICLE 10\n1. Dividends paid by a company\n2. However, such dividends\n(a) 5 percent of the gross amount\n"
        );
    }

    #[test]
    fn numbers_in_sentences_and_lists_of_numbers_stay() {
        let text = "the tax shall not exceed\n15.\n16.\n1. The term\nsee paragraph 2.\nThe next\n";
        assert_eq!(
            fix(text),
            "the tax shall not exceed\n15.\n16.\n1. The term\nsee paragraph 2.\nThe next\n"
        );
    }
}
