//! Regex search restricted to where a match can be.
//!
//! Patterns such as a paragraph number (`\d{1,2}\.`) or an item marker (`(a)`) give the regex
//! engine no literal to look for, so it runs its automaton over every byte of the text, at
//! a fraction of the speed of a byte search. When every match holds a byte of some kind (a
//! `)`) and stays within one line, only the lines holding such a byte are searched; when
//! every match starts with a digit, the pattern is tried at the digits only.

use std::ops::Range;

use regex::{Captures, Regex};

use crate::text_lines::find_byte;

/// The lines of `text` (without their line breaks) that hold the byte `needed`, in order.
pub(crate) fn lines_holding(text: &str, needed: u8) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        // memchr's vectorized search: this reads every paragraph of every article.
        let hit = from + memchr::memchr(needed, bytes.get(from..)?)?;
        let start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[hit..]).map_or(text.len(), |i| hit + i);
        from = end;
        Some(start..end)
    })
}

/// Every match of `regex` in `text` with its captures, and the offset in `text` of the line
/// it was found in (capture offsets are relative to that line).
///
/// The same matches as `regex.captures_iter(text)`, provided every match of `regex` holds the
/// byte `needed`, never spans a line break, and looks at nothing before its line but a line
/// start (`(?m)^`).
pub(crate) fn captures_in_lines<'t>(
    regex: &'t Regex,
    text: &'t str,
    needed: u8,
) -> impl Iterator<Item = (usize, Captures<'t>)> + 't {
    lines_holding(text, needed).flat_map(move |line| {
        regex
            .captures_iter(&text[line.clone()])
            .map(move |captures| (line.start, captures))
    })
}

/// Every match of a pattern whose matches start with a digit (`\d`, any script) and look at
/// nothing before their start, with its captures and its offset in `text` (capture offsets
/// are relative to it): the same matches as `captures_iter` over the whole text.
///
/// `anchored` is the pattern anchored at its start, `\A(?:...)`: it is tried at each digit
/// after the previous match, and the first that matches is the leftmost match. `may_match`
/// tells from the bytes at a digit whether the pattern can match there at all: false only
/// where it cannot (it is asked first because it is cheaper than the regex).
pub(crate) fn captures_from_digits<'t>(
    anchored: &'t Regex,
    text: &'t str,
    may_match: impl Fn(&[u8]) -> bool + 't,
) -> impl Iterator<Item = (usize, Captures<'t>)> + 't {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = next_numeric_start(bytes, from)?;
        let c = text[at..].chars().next()?;
        from = at + c.len_utf8();
        if !c.is_numeric() || !may_match(&bytes[at..]) {
            continue;
        }
        if let Some(captures) = anchored.captures(&text[at..]) {
            let end = captures.get(0).map_or(0, |whole| whole.end());
            from = at + end.max(c.len_utf8());
            return Some((at, captures));
        }
    })
}

/// Whether `byte` can start a numeric character: an ASCII digit, or the lead byte of a
/// character outside ASCII other than 0xC3, whose characters (U+00C0 to U+00FF, the accented
/// letters of Portuguese, Spanish and French text) are none numeric.
fn may_start_numeric(byte: u8) -> bool {
    // `|` and `&`, not `||` and `&&`: no branch, so that a block's test is vectorized.
    byte.is_ascii_digit() | ((byte >= 0xC0) & (byte != 0xC3))
}

/// The position of the first byte at or after `from` that [`may_start_numeric`].
fn next_numeric_start(bytes: &[u8], from: usize) -> Option<usize> {
    find_byte(bytes, from, may_start_numeric)
}

/// The text of `text` before `at` on `at`'s line.
pub(crate) fn line_prefix(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    &text[start..at]
}

/// The largest char boundary of `text` at or before `index` (clamped to its length).
pub(crate) fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_holding_a_byte() {
        let text = "no digits\nArticle 5\n\n(a) and 7\nend";
        let lines: Vec<&str> = lines_holding(text, b'e').map(|r| &text[r]).collect();
        assert_eq!(lines, ["Article 5", "end"]);
        assert_eq!(lines_holding("", b')').count(), 0);
        assert_eq!(
            lines_holding("x)", b')')
                .map(|r| r.start)
                .collect::<Vec<_>>(),
            [0]
        );
    }

    #[test]
    fn numeric_starts_are_found_from_every_position() {
        for c in '\u{C0}'..='\u{FF}' {
            assert_eq!(c.to_string().as_bytes()[0], 0xC3);
            assert!(!c.is_numeric(), "{c}");
        }
        let text = "Os lucros de uma empresa não são tributáveis; ver o n.º 3 do Artigo 12.º e \
                    o ¼ da parte, ١٢ e １２, nos termos da Convenção, até ao limite de 15 %.";
        let bytes = text.as_bytes();
        for from in 0..=bytes.len() + 1 {
            let naive = bytes
                .get(from..)
                .and_then(|rest| rest.iter().position(|&b| may_start_numeric(b)))
                .map(|offset| from + offset);
            assert_eq!(next_numeric_start(bytes, from), naive, "{from}");
        }
        // Every numeric character is found: none is led by a byte the search passes over.
        let found: Vec<usize> = std::iter::successors(next_numeric_start(bytes, 0), |&at| {
            next_numeric_start(bytes, at + 1)
        })
        .collect();
        for (at, c) in text.char_indices().filter(|(_, c)| c.is_numeric()) {
            assert!(found.contains(&at), "{c} at {at}");
        }
    }

    #[test]
    fn same_matches_as_the_whole_text() {
        let regex = Regex::new(r"(?m)(?:^|[ \t])\(?([a-z]{1,2})\)[ \t]").unwrap();
        let text = "(a) one; (b) two\nnone here\n  c) three (d)\n(e) \n";
        let whole: Vec<(usize, usize)> = regex
            .captures_iter(text)
            .map(|c| (c.get(0).unwrap().start(), c.get(1).unwrap().start()))
            .collect();
        let by_line: Vec<(usize, usize)> = captures_in_lines(&regex, text, b')')
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

    #[test]
    fn same_matches_from_the_digits_as_over_the_whole_text() {
        let pattern = r"(\d{1,2})(?:\.|[ \t]?[-–—]|(?P<bare>))[ \t]+[\p{Lu}\(\x22“«]";
        let regex = Regex::new(pattern).unwrap();
        let anchored = Regex::new(&format!(r"\A(?:{pattern})")).unwrap();
        let pieces = [
            "1", "2", "12", "123", ".", " ", "\t", "-", "—", "A", "a", "(", "\"", "«", "\n", "é",
            "É", "١", "１", "x", "Article ", "é 3",
        ];
        let mut found = 0;
        for text in crate::text_lines::piece_texts(&pieces, 16, 0x2545_F491_4F6C_DD1D).take(3000) {
            let whole: Vec<(usize, usize, Option<usize>)> = regex
                .captures_iter(&text)
                .map(|c| {
                    let m = c.get(0).unwrap();
                    (m.start(), m.end(), c.name("bare").map(|b| b.start()))
                })
                .collect();
            let from_digits: Vec<(usize, usize, Option<usize>)> =
                captures_from_digits(&anchored, &text, |_| true)
                    .map(|(offset, c)| {
                        let m = c.get(0).unwrap();
                        (
                            offset + m.start(),
                            offset + m.end(),
                            c.name("bare").map(|b| offset + b.start()),
                        )
                    })
                    .collect();
            assert_eq!(from_digits, whole, "{text:?}");
            found += whole.len();
        }
        assert!(found > 300, "{found}");
    }
}
