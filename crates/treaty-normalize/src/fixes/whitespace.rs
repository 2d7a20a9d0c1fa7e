//! Whitespace: one space between words, one line break between lines, one blank line between
//! paragraphs.
//!
//! Tabs, no-break spaces, the ideographic space U+3000 and the other Unicode spaces become
//! a plain space; runs of spaces collapse to one; spaces at the start and end of lines go;
//! two or more line breaks (with only spaces between them) become one blank line; the text
//! starts with its first non-space character and ends with at most one line break.
//! U+2028 counts as a line break and U+2029 as a paragraph break.
//!
//! One exception: the gap between the two columns of a page printed in two columns and read
//! across (text extractors that keep the layout give `left column text      right column
//! text`) becomes one tab, and so does the indent of a line with text in the right column
//! only; segmentation splits the columns at the tab. Columns are recognised by position:
//! many lines whose text resumes, after a run of spaces, at the same column.

use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// A whitespace character at `idx`: its length and how many line breaks it stands for.
fn whitespace_at(bytes: &[u8], idx: usize) -> Option<(usize, usize)> {
    match bytes[idx..] {
        [b' ' | b'\t' | b'\r' | 0x0B, ..] => Some((1, 0)),
        [b'\n', ..] => Some((1, 1)),
        [0xC2, 0xA0, ..] => Some((2, 0)),
        // U+1680
        [0xE1, 0x9A, 0x80, ..] => Some((3, 0)),
        // U+2000..U+200A, U+202F
        [0xE2, 0x80, 0x80..=0x8A | 0xAF, ..] => Some((3, 0)),
        // U+2028, U+2029
        [0xE2, 0x80, 0xA8, ..] => Some((3, 1)),
        [0xE2, 0x80, 0xA9, ..] => Some((3, 2)),
        // U+205F
        [0xE2, 0x81, 0x9F, ..] => Some((3, 0)),
        // U+3000
        [0xE3, 0x80, 0x80, ..] => Some((3, 0)),
        _ => None,
    }
}

/// A whitespace character ending at `end`: its length and how many line breaks it stands for.
fn whitespace_before(bytes: &[u8], end: usize) -> Option<(usize, usize)> {
    for len in [1, 2, 3] {
        if let Some(start) = end.checked_sub(len) {
            if let Some(found @ (found_len, _)) = whitespace_at(&bytes[..end], start) {
                if found_len == len {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Offsets where a whitespace run may need a fix: every whitespace byte other than a plain
/// space, every double space, and the two ends of the text. A single space between two
/// words, by far the most common whitespace, is never visited: all searches are `memchr`.
fn candidates(bytes: &[u8]) -> Vec<usize> {
    let mut found: Vec<usize> = memchr::memchr3_iter(b'\n', b'\t', b'\r', bytes)
        .chain(memchr::memchr3_iter(0x0B, 0xC2, 0xE1, bytes))
        .chain(memchr::memmem::find_iter(bytes, b"  "))
        .collect();
    // E2 and E3 lead many non-space characters (dashes, quotes, kana): search for them only
    // when the text has one of their spaces.
    let has_e2_space =
        memchr::memchr_iter(0xE2, bytes).any(|idx| whitespace_at(bytes, idx).is_some());
    if has_e2_space {
        found.extend(memchr::memchr_iter(0xE2, bytes));
    }
    found.extend(memchr::memmem::find_iter(bytes, "\u{3000}".as_bytes()));
    found.push(0);
    found.push(bytes.len().saturating_sub(1));
    found.sort_unstable();
    found.dedup();
    found
}

/// A run of at least this many spaces may separate two columns.
const COLUMN_GAP: &[u8] = b"   ";

static GAP_FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(COLUMN_GAP));
/// The right column starts at least this many characters into the line.
const MIN_COLUMN: usize = 20;
/// Lines whose text resumes at (about) one column, needed to call a document two-column:
/// this many, and a sixth of its non-blank lines.
const MIN_COLUMN_LINES: usize = 20;

/// Byte offsets where the text of a right-hand column starts, after a run of spaces that is
/// a column gap or the indent of a line whose left column is empty. Empty unless many lines
/// resume at the same column (give or take two characters).
fn right_column_starts(text: &str) -> Vec<usize> {
    if memchr::memmem::find(text.as_bytes(), COLUMN_GAP).is_none() {
        return Vec::new();
    }
    // (byte offset of the text after the gap, its column in characters)
    let mut resumes: Vec<(usize, usize)> = Vec::new();
    let mut non_blank = 0;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        if line.trim().is_empty() {
            continue;
        }
        non_blank += 1;
        // One searcher for all lines: `str::contains` builds a substring searcher per line.
        if GAP_FINDER.find(line.as_bytes()).is_none() {
            continue;
        }
        let mut spaces = 0;
        for (column, (offset, ch)) in line.char_indices().enumerate() {
            if ch == ' ' || ch == '\t' {
                spaces += 1;
            } else if ch != '\n' && ch != '\r' {
                if spaces >= COLUMN_GAP.len() && column >= MIN_COLUMN {
                    resumes.push((start + offset, column));
                }
                spaces = 0;
            }
        }
    }
    let mut histogram = std::collections::BTreeMap::<usize, usize>::new();
    for &(_, column) in &resumes {
        *histogram.entry(column).or_default() += 1;
    }
    let near = |centre: usize| -> usize {
        (centre.saturating_sub(2)..=centre + 2)
            .map(|c| histogram.get(&c).copied().unwrap_or(0))
            .sum()
    };
    let Some((centre, count)) = histogram
        .keys()
        .map(|&c| (c, near(c)))
        .max_by_key(|&(c, n)| (n, std::cmp::Reverse(c)))
    else {
        return Vec::new();
    };
    if count < MIN_COLUMN_LINES || count * 6 < non_blank {
        return Vec::new();
    }
    resumes
        .into_iter()
        .filter(|&(_, column)| column.abs_diff(centre) <= 2)
        .map(|(offset, _)| offset)
        .collect()
}

/// A text is double-spaced when at least this many line ends are followed by one blank line...
const MIN_DOUBLE_SPACED_LINES: usize = 40;
/// ...and at most one line end in this many is not (a PDF printed double-spaced, read with
/// its layout kept: every line of text has a blank line after it).
const DOUBLE_SPACED_RATIO: usize = 5;

/// ...and at least one blank line in this many falls inside a sentence.
const RUN_ON_RATIO: usize = 4;

/// One run of whitespace: where it is and how many line breaks it holds.
struct Run {
    start: usize,
    end: usize,
    line_breaks: usize,
}

/// Normalizes whitespace; counts changed runs in `stats.whitespace`.
///
/// In a double-spaced text the blank line after each line is line spacing, not a paragraph
/// break: it becomes a line break, and two or more blank lines become one.
pub(crate) fn fix_whitespace(text: &str, stats: &mut FixStats) -> Edits {
    let bytes = text.as_bytes();
    let runs = whitespace_runs(bytes);
    let line_ends = |breaks: usize| {
        runs.iter()
            .filter(|run| run.line_breaks == breaks && run.end < bytes.len())
            .count()
    };
    let (single, double) = (line_ends(1), line_ends(2));
    // Sentences run on across the blank lines (`the\n\ncompany`), which a text with a blank
    // line after each paragraph (a web copy, Markdown) does not do.
    let runs_on = runs
        .iter()
        .filter(|run| run.line_breaks == 2 && run.start > 0 && run.end < bytes.len())
        .filter(|run| runs_on_across(bytes, run.start, run.end))
        .count();
    let double_spaced = double >= MIN_DOUBLE_SPACED_LINES
        && single * DOUBLE_SPACED_RATIO <= double
        && runs_on * RUN_ON_RATIO >= double;
    let columns = right_column_starts(text);
    let mut edits = Edits::default();
    for Run {
        start,
        end,
        line_breaks,
    } in runs
    {
        // A blank line inside a sentence of a print (`the\n\ncompany`, a PDF line's spacing
        // kept) is no paragraph break, in any text. (After a paragraph on one line it may be:
        // the closing words of a list stand on a line of their own, `...,\n\narising in`.)
        let inside_sentence = line_breaks == 2
            && columns.is_empty()
            && end < bytes.len()
            && blank_line_inside_sentence(bytes, start, end);
        let line_breaks = if double_spaced {
            line_breaks.saturating_sub(1).max(line_breaks.min(1))
        } else if inside_sentence {
            1
        } else {
            line_breaks
        };
        let column_gap = columns.binary_search(&end).is_ok();
        let wanted = if start == 0 {
            ""
        } else if column_gap {
            stats.column_gaps += 1;
            match line_breaks {
                0 => "\t",
                1 => "\n\t",
                _ => "\n\n\t",
            }
        } else if end == bytes.len() {
            if line_breaks > 0 {
                "\n"
            } else {
                ""
            }
        } else {
            match line_breaks {
                0 => " ",
                1 => "\n",
                _ => "\n\n",
            }
        };
        if &text[start..end] != wanted {
            edits.replace(start..end, wanted);
            stats.whitespace += 1;
        }
    }
    edits
}

/// A line of a print, wrapped at the page's width, is at least this long (a title or heading
/// line is shorter)...
const MIN_WRAPPED_LINE: usize = 50;
/// ...and at most this long (a web copy's line is a whole paragraph).
const MAX_WRAPPED_LINE: usize = 130;

/// Whether the blank line at `start..end` (plain spaces and line breaks) falls inside a
/// sentence: a line of a print that ends with a lower-case letter or a comma, and a line that
/// starts with a lower-case letter and is no item (`b)`, `iv.`).
fn blank_line_inside_sentence(bytes: &[u8], start: usize, end: usize) -> bool {
    if start == 0
        || !matches!(bytes[start - 1], b'a'..=b'z' | b',')
        || !bytes[end].is_ascii_lowercase()
        || !bytes[start..end]
            .iter()
            .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        return false;
    }
    // The line starts after the last line break: a line feed, or U+2028 / U+2029 (E2 80 A8,
    // E2 80 A9), which count as line breaks too.
    let line_start = memchr::memchr3_iter(b'\n', 0xA8, 0xA9, &bytes[..start])
        .rev()
        .find(|&at| bytes[at] == b'\n' || (at >= 2 && bytes[at - 2..at] == [0xE2, 0x80]))
        .map_or(0, |at| at + 1);
    let marker_len = bytes[end..]
        .iter()
        .take(5)
        .take_while(|b| b.is_ascii_lowercase())
        .count();
    let item = bytes
        .get(end + marker_len)
        .is_some_and(|b| matches!(b, b')' | b'.'))
        && marker_len <= 4;
    if item {
        return false;
    }
    let line = start - line_start;
    // A paragraph on one line (a web copy, Markdown) that a page break cut mid-sentence
    // (`...shall be\n\nexempt from tax`): it ends with a word, not a comma, and the word is
    // no list joiner (`and`, `or`), after which the closing words of a list follow an item.
    (MIN_WRAPPED_LINE..=MAX_WRAPPED_LINE).contains(&line)
        || (line > MAX_WRAPPED_LINE
            && bytes[start - 1] != b','
            && !ends_with_joiner(&bytes[..start]))
}

/// Whether `line` ends with a list joiner of any profile (`and`, `or`, `e`, `y`).
fn ends_with_joiner(line: &[u8]) -> bool {
    let word_start = line
        .iter()
        .rposition(|b| !b.is_ascii_alphabetic())
        .map_or(0, |at| at + 1);
    let word = &line[word_start..];
    Lang::all().any(|lang| {
        lang.profile()
            .structure
            .list_joiners
            .iter()
            .any(|joiner| joiner.as_bytes().eq_ignore_ascii_case(word))
    })
}

/// Whether the sentence runs on across the whitespace at `start..end`: a lower-case letter
/// or a comma before it, a lower-case letter after it.
fn runs_on_across(bytes: &[u8], start: usize, end: usize) -> bool {
    matches!(bytes[start - 1], b'a'..=b'z' | b',') && bytes[end].is_ascii_lowercase()
}

/// Every run of whitespace that may need a fix (see [`candidates`]), widened to the whole run.
fn whitespace_runs(bytes: &[u8]) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut consumed = 0;
    for candidate in candidates(bytes) {
        if candidate < consumed
            || candidate >= bytes.len()
            || whitespace_at(bytes, candidate).is_none()
        {
            continue;
        }
        // Widen to the whole run of whitespace around the candidate.
        let mut start = candidate;
        let mut line_breaks = 0;
        while start > consumed {
            match whitespace_before(bytes, start) {
                Some((len, breaks)) => {
                    start -= len;
                    line_breaks += breaks;
                }
                None => break,
            }
        }
        let mut end = candidate;
        while end < bytes.len() {
            match whitespace_at(bytes, end) {
                Some((len, breaks)) => {
                    end += len;
                    line_breaks += breaks;
                }
                None => break,
            }
        }
        consumed = end;
        runs.push(Run {
            start,
            end,
            line_breaks,
        });
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn tabs_and_odd_spaces_become_one_space() {
        // canada-denmark-1997-en-web.txt (tab-separated signature block).
        let (fixed, stats) = run(
            fix_whitespace,
            "FOR THE GOVERNMENT\tFOR THE GOVERNMENT\nOF CANADA:\tOF THE REPUBLIC OF\n\tICELAND:",
        );
        assert_eq!(
            fixed,
            "FOR THE GOVERNMENT FOR THE GOVERNMENT\nOF CANADA: OF THE REPUBLIC OF\nICELAND:"
        );
        assert_eq!(stats.whitespace, 3);
        let (fixed, _) = run(
            fix_whitespace,
            "Artigo\u{A0}10.º\u{2003} Dividendos  1\u{202F}- Os dividendos　日本国",
        );
        assert_eq!(fixed, "Artigo 10.º Dividendos 1 - Os dividendos 日本国");
    }

    #[test]
    fn trailing_spaces_and_blank_lines() {
        let (fixed, stats) = run(
            fix_whitespace,
            "\n\n  Artigo 2.º  \n\n\n\nImpostos visados \n \n1 - A presente Convenção\u{2029}b)\n\n\n",
        );
        assert_eq!(
            fixed,
            "Artigo 2.º\n\nImpostos visados\n\n1 - A presente Convenção\n\nb)\n"
        );
        assert_eq!(stats.whitespace, 5);
    }

    #[test]
    fn a_double_spaced_print_keeps_its_lines_and_loses_the_blank_lines_between_them() {
        // A PDF printed double-spaced, read with `pdftotext -layout`: a blank line after every
        // line, sentences running on across them; two blank lines are one paragraph break.
        let mut text = String::new();
        for article in 1..=15 {
            text.push_str(&format!("ARTICLE {article}\n\n\n"));
            text.push_str("1. Dividends paid by a company which is a resident of a\n\n");
            text.push_str("Contracting State to a resident of the other Contracting\n\n");
            text.push_str("State may be taxed in that other State, but the tax so\n\n");
            text.push_str("charged shall not exceed 15 percent.\n\n\n");
        }
        let (fixed, _) = run(fix_whitespace, &text);
        assert!(
            fixed.starts_with("ARTICLE 1\n\n1. Dividends paid by a company which is a resident of a\nContracting State to a resident of the other Contracting\nState may be taxed in that other State, but the tax so\ncharged shall not exceed 15 percent.\n\nARTICLE 2\n"),
            "{fixed}"
        );
        // A web copy with a blank line after each paragraph keeps them: no sentence runs on.
        let mut paragraphs = String::new();
        for article in 1..=50 {
            paragraphs.push_str(&format!(
                "Article {article}\n\n1. The tax so charged shall not exceed 15 percent.\n\n"
            ));
        }
        let (fixed, _) = run(fix_whitespace, &paragraphs);
        assert_eq!(fixed, format!("{}\n", paragraphs.trim_end()));
    }

    #[test]
    fn a_blank_line_between_two_words_of_a_wrapped_sentence_is_line_spacing() {
        let (fixed, _) = run(
            fix_whitespace,
            "(a) 5 percent of the gross amount of the dividends if the beneficial owner is a\n\ncompany that owns at least 10 percent;\n\n(b) 10 percent.\n",
        );
        assert_eq!(
            fixed,
            "(a) 5 percent of the gross amount of the dividends if the beneficial owner is a\ncompany that owns at least 10 percent;\n\n(b) 10 percent.\n"
        );
        // A paragraph on one line (Markdown, a web copy) cut by a page break mid-sentence.
        let long = "1. Any royalty or rent received by a resident of one of the Contracting States by virtue of the use in the other Contracting State of any patent, design or trade mark shall be";
        let (fixed, _) = run(
            fix_whitespace,
            &format!("{long}\n\nexempt from tax in the first-mentioned Contracting State.\n"),
        );
        assert_eq!(
            fixed,
            format!("{long}\nexempt from tax in the first-mentioned Contracting State.\n")
        );
        // A short title line, a web copy's paragraph on one line before the closing words of
        // a list (after a comma or a list joiner), and an item keep their blank line.
        let joined = format!(
            "{} and\n\nderived by a resident of the other State.\n",
            &long[..150]
        );
        for kept in [
            joined.as_str(),
            "Title of the convention\n\nlinha 0 do texto\n",
            "(b) royalties for the use of, or the right to use, computer software or any patent or for information concerning industrial, commercial or scientific experiences (but not including any such information provided under a rental or franchise agreement),\n\narising in a Contracting State shall be taxable only there.\n",
            "the tax so charged shall not exceed the following percentages of the gross amount\n\nb) 10 per cent\n",
        ] {
            let (fixed, _) = run(fix_whitespace, kept);
            assert_eq!(fixed, kept);
        }
    }

    /// The same rules, written plainly over characters.
    fn reference(text: &str) -> String {
        let is_space = |ch: char| {
            matches!(
                ch,
                ' ' | '\t'
                    | '\r'
                    | '\u{0B}'
                    | '\n'
                    | '\u{A0}'
                    | '\u{1680}'
                    | '\u{202F}'
                    | '\u{205F}'
                    | '\u{3000}'
                    | '\u{2028}'
                    | '\u{2029}'
            ) || ('\u{2000}'..='\u{200A}').contains(&ch)
        };
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        let mut at_start = true;
        while let Some(ch) = chars.next() {
            if !is_space(ch) {
                out.push(ch);
                at_start = false;
                continue;
            }
            let mut breaks = match ch {
                '\n' | '\u{2028}' => 1,
                '\u{2029}' => 2,
                _ => 0,
            };
            while let Some(&next) = chars.peek().filter(|&&next| is_space(next)) {
                breaks += match next {
                    '\n' | '\u{2028}' => 1,
                    '\u{2029}' => 2,
                    _ => 0,
                };
                chars.next();
            }
            let at_end = chars.peek().is_none();
            out.push_str(match (at_start, at_end, breaks) {
                (true, _, _) => "",
                (_, true, 0) => "",
                (_, true, _) => "\n",
                (_, _, 0) => " ",
                (_, _, 1) => "\n",
                _ => "\n\n",
            });
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_the_plain_rules(text in "[ a\t\n\r\u{A0}\u{2003}\u{2028}\u{2029}\u{3000}—“ã第]{0,40}") {
            let (fixed, _) = run(fix_whitespace, &text);
            proptest::prop_assert_eq!(fixed, reference(&text));
        }
    }

    #[test]
    fn the_gap_between_two_columns_becomes_a_tab() {
        let mut text = String::from("Title of the convention\n\n");
        for i in 0..30 {
            let left = format!("linha {i} do texto português");
            match i % 10 {
                // The right column alone: its indent is the gap.
                3 => text.push_str(&format!("{:<40}   line {i} of the English\n", "")),
                // The left column alone.
                7 => text.push_str(&format!("{left}\n")),
                _ => text.push_str(&format!("{left:<40}   line {i} of the English\n")),
            }
        }
        let (fixed, stats) = run(fix_whitespace, &text);
        assert!(
            fixed.starts_with(
                "Title of the convention\n\nlinha 0 do texto português\tline 0 of the English\n"
            ),
            "{fixed}"
        );
        assert!(fixed.contains("\n\tline 3 of the English\n"), "{fixed}");
        assert!(fixed.contains("\nlinha 7 do texto português\n"), "{fixed}");
        assert_eq!(stats.column_gaps, 27);
    }

    #[test]
    fn wide_spaces_that_are_not_columns_collapse() {
        // Paragraph numbers followed by three spaces (the English corpus texts) and a few
        // wide gaps at varying places are not a column layout.
        let mut text = String::new();
        for i in 0..40 {
            text.push_str(&format!(
                "{}.   Payments which a student{}   receives\n",
                i,
                " x".repeat(i % 7)
            ));
        }
        let (fixed, stats) = run(fix_whitespace, &text);
        assert!(!fixed.contains('\t'));
        assert_eq!(stats.column_gaps, 0);
    }

    #[test]
    fn clean_text_is_left_alone() {
        let text = "Artigo 2.º\n\nImpostos visados\n\n1 - A presente Convenção aplica-se.\n";
        let (fixed, stats) = run(fix_whitespace, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.whitespace, 0);
    }
}
