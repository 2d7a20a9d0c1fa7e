//! Regex search restricted to the lines that can hold a match.
//!
//! Patterns such as a paragraph number (`\d{1,2}\.`) or an item marker (`(a)`) give the regex
//! engine no literal to look for, so it runs its automaton over every byte of the text, at
//! a fraction of the speed of a byte search. When every match holds a byte of some kind (a
//! digit, a `)`) and stays within one line, only the lines holding such a byte are searched.

use std::ops::Range;

use regex::{Captures, Regex};

/// The lines of `text` (without their line breaks) that hold a byte for which `needed` is
/// true, in order.
pub(crate) fn lines_holding<'t>(
    text: &'t str,
    needed: impl Fn(u8) -> bool + 't,
) -> impl Iterator<Item = Range<usize>> + 't {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        let hit = from + bytes.get(from..)?.iter().position(|&byte| needed(byte))?;
        let start = text[..hit].rfind('\n').map_or(0, |i| i + 1);
        let end = text[hit..].find('\n').map_or(text.len(), |i| hit + i);
        from = end;
        Some(start..end)
    })
}

/// Every match of `regex` in `text` with its captures, and the offset in `text` of the line
/// it was found in (capture offsets are relative to that line).
///
/// The same matches as `regex.captures_iter(text)`, provided every match of `regex` holds a
/// byte for which `needed` is true, never spans a line break, and looks at nothing before its
/// line but a line start (`(?m)^`).
pub(crate) fn captures_in_lines<'t>(
    regex: &'t Regex,
    text: &'t str,
    needed: impl Fn(u8) -> bool + 't,
) -> impl Iterator<Item = (usize, Captures<'t>)> + 't {
    lines_holding(text, needed).flat_map(move |line| {
        regex
            .captures_iter(&text[line.clone()])
            .map(move |captures| (line.start, captures))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_holding_a_byte() {
        let text = "no digits\nArticle 5\n\n(a) and 7\nend";
        let lines: Vec<&str> = lines_holding(text, |b| b.is_ascii_digit())
            .map(|r| &text[r])
            .collect();
        assert_eq!(lines, ["Article 5", "(a) and 7"]);
        assert_eq!(lines_holding("", |b| b == b')').count(), 0);
        assert_eq!(
            lines_holding("x)", |b| b == b')')
                .map(|r| r.start)
                .collect::<Vec<_>>(),
            [0]
        );
    }

    #[test]
    fn same_matches_as_the_whole_text() {
        let regex = Regex::new(r"(?m)(?:^|[ \t])\(?([a-z]{1,2})\)[ \t]").unwrap();
        let text = "(a) one; (b) two\nnone here\n  c) three (d)\n(e) \n";
        let whole: Vec<(usize, usize)> = regex
            .captures_iter(text)
            .map(|c| (c.get(0).unwrap().start(), c.get(1).unwrap().start()))
            .collect();
        let by_line: Vec<(usize, usize)> = captures_in_lines(&regex, text, |b| b == b')')
            .map(|(offset, c)| {
                (
                    offset + c.get(0).unwrap().start(),
                    offset + c.get(1).unwrap().start(),
                )
            })
            .collect();
        assert_eq!(whole.len(), 4);
        assert_eq!(by_line, whole);
    }
}
