//! Numbered paragraphs (`1.`, `1 -`) and lettered subparagraphs (`(a)`, `ii)`) of an article.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::Script;
use treaty_numbers::Lang;

use super::displaced::JA_SUBPARAGRAPH;
use super::lines::{captures_from_digits, captures_in_lines, floor_char_boundary, line_prefix};
use super::vocabulary::GRAMMAR;
use crate::japanese_items::{japanese_subparagraphs, Placement};
use crate::model::{Paragraph, Subparagraph};

/// A paragraph number: `1.`, `1 -`, `1 —`, or `(1)` at a line start, followed by a capitalized
/// word (a list item of a subparagraph, `1. the income tax;`, starts in lower case).
/// A paragraph may open with its first subparagraph's label, on its line or the next
/// (`4. a) Notwithstanding`, `4.\n   a) Notwithstanding`).
const LATIN_PARAGRAPH_PATTERN: &str = r"(\d{1,2})(?:\.(?:[ \t]+|[ \t]*\r?\n[ \t]*)\(?[a-z]\)[ \t]|(?:\.|[ \t]?[-–—]|(?P<paren>\))|(?P<bare>))[ \t]+[\p{Lu}\(\x22“«])";
pub(super) static LATIN_PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(LATIN_PARAGRAPH_PATTERN).unwrap());
static SUBPARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    // A letter item at a line start (or after the previous item's `;`) may have lost the space
    // after its marker (`e)interest`).
    Regex::new(r"(?m)(?:^|[ \t])\(?([a-z]{1,2}|[ivx]{1,6}|[IVX]{1,6})\)[ \t]|(?:^|;[ \t]+)\(?([a-z]|[ivx]{2,6})\)\p{Ll}")
        .unwrap()
});

/// Subparagraph markers (`(a)`, `(ii)`) in a text, with their labels and byte ranges.
/// Japanese PDF text places them after their item's text, or inside words.
pub fn subparagraph_markers(text: &str) -> Vec<(String, Range<usize>)> {
    JA_SUBPARAGRAPH
        .captures_iter(text)
        .filter_map(|c| Some((c[1].to_string(), c.get(0)?.range())))
        .collect()
}

pub(crate) fn trim_end_offset(text: &str, range: Range<usize>) -> usize {
    range.start + text[range].trim_end().len()
}

pub(super) fn is_list_context(before: &str) -> bool {
    let before = before.trim_end();
    before.ends_with(':')
        || before.ends_with(';')
        || GRAMMAR
            .list_endings
            .iter()
            .any(|w| before.ends_with(w.as_str()))
}

/// True when the item numbered 1 at `start` is a paragraph rather than a list item: it runs
/// to a full stop before the line that opens item 2, as paragraphs do; a list's first item
/// ends with ";", "," or a joiner.
fn is_sentence_item(text: &str, start: usize, end: usize) -> bool {
    // Read no further than a paragraph reaches, so a body of many list-like lines costs
    // time linear in its length.
    let item = &text[start..floor_char_boundary(text, end.min(start + ITEM_REACH))];
    let Some(next) = NEXT_ITEM.find(item) else {
        return false;
    };
    item[..next.start()].trim_end().ends_with('.')
}

/// True when `range` (the paragraph before number `number`) has a line opening item
/// `number - 1` of a numbered list, which `number` continues (read back at most
/// [`ITEM_REACH`] bytes).
fn continues_numbered_list(text: &str, range: Range<usize>, number: u32) -> bool {
    let mut from = range.start.max(range.end.saturating_sub(ITEM_REACH));
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let previous = (number - 1).to_string();
    text[from..range.end].lines().skip(1).any(|line| {
        line.trim_start()
            .strip_prefix(previous.as_str())
            .is_some_and(|rest| rest.starts_with(['.', ')']))
    })
}

/// How far after item 1 the line that opens item 2 is looked for.
const ITEM_REACH: usize = 4000;

/// The line that opens item 2.
static NEXT_ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\n[ \t]*2(?:\.|[ \t]?[-–—])[ \t]+\p{Lu}").unwrap());

/// In text rebuilt from two interleaved columns, the words after a paragraph number often
/// belong to a wrapped line and start in lower case.
const LATIN_PARAGRAPH_ANY_CASE_PATTERN: &str =
    r"(\d{1,2})(?:\.|[ \t]?[-–—]|(?P<paren>\))|(?P<bare>))[ \t]+[\p{L}\(\x22“«]";

/// The paragraph number patterns anchored at their start, tried at each digit: they give
/// the regex engine no literal to skip ahead with.
static LATIN_PARAGRAPH_AT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"\A(?:{LATIN_PARAGRAPH_PATTERN})")).unwrap());
static LATIN_PARAGRAPH_ANY_CASE_AT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"\A(?:{LATIN_PARAGRAPH_ANY_CASE_PATTERN})")).unwrap());

/// Whether a paragraph number ([`LATIN_PARAGRAPH_PATTERN`], in either case) can start at the
/// digit `rest` starts with: one or two digits are followed by the full stop, space, tab,
/// dash or bracket of every form of it. A byte outside ASCII may be a dash or another digit:
/// the regex decides. Asked before the regex at every digit, most of which (years, amounts,
/// `10%`) it rejects.
fn may_open_paragraph_number(rest: &[u8]) -> bool {
    let opens =
        |byte: Option<&u8>| matches!(byte, Some(b'.' | b' ' | b'\t' | b'-' | b')' | 0x80..));
    if !rest.first().is_some_and(u8::is_ascii_digit) {
        return true;
    }
    match rest.get(1) {
        Some(second) if second.is_ascii_digit() => opens(rest.get(2)),
        next => opens(next),
    }
}

/// The text before positions on their line, for positions visited in order: each stretch of
/// text is scanned for line breaks once, and at most [`PREFIX_WINDOW`] bytes of a line are
/// returned, so a text whose line breaks were lost costs linear time.
pub(super) struct LineStarts<'t> {
    text: &'t str,
    scanned: usize,
    line_start: usize,
}

/// How much of a line before a position [`LineStarts::prefix`] returns.
pub(super) const PREFIX_WINDOW: usize = 240;

impl<'t> LineStarts<'t> {
    pub(super) fn new(text: &'t str, from: usize) -> LineStarts<'t> {
        LineStarts {
            text,
            scanned: from,
            line_start: text[..from].rfind('\n').map_or(0, |i| i + 1),
        }
    }

    /// The text of `at`'s line before `at` (its last [`PREFIX_WINDOW`] bytes); `at` must not
    /// be before an earlier call's position by more than the line it is on.
    pub(super) fn prefix(&mut self, at: usize) -> &'t str {
        if at >= self.scanned {
            if let Some(newline) = self.text[self.scanned..at].rfind('\n') {
                self.line_start = self.scanned + newline + 1;
            }
            self.scanned = at;
        } else if at < self.line_start {
            // Back on an earlier line (not done by the callers): look it up.
            self.line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
            self.scanned = at;
        }
        let mut window = self.line_start.max(at.saturating_sub(PREFIX_WINDOW));
        while !self.text.is_char_boundary(window) {
            window += 1;
        }
        &self.text[window..at]
    }
}

/// Numbered paragraphs in the body of an article, in sequence.
pub(super) fn latin_paragraphs(
    text: &str,
    body: Range<usize>,
    lang: Lang,
    interleaved: bool,
) -> Vec<Paragraph> {
    let markers = if interleaved {
        &*LATIN_PARAGRAPH_ANY_CASE_AT
    } else {
        &*LATIN_PARAGRAPH_AT
    };
    // The groups by index, looked up once: by name, each match would look them up again.
    let group = |name: &str| {
        markers
            .capture_names()
            .position(|group| group == Some(name))
            .expect("a group of the paragraph pattern")
    };
    let (paren, bare) = (group("paren"), group("bare"));
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1;
    let mut lines = LineStarts::new(text, body.start);
    for (offset, captures) in
        captures_from_digits(markers, &text[body.clone()], may_open_paragraph_number)
    {
        let whole = captures.get(0).unwrap();
        let mut start = body.start + offset + whole.start();
        let number: u32 = captures[1].parse().unwrap_or(0);
        let mut prefix = lines.prefix(start).trim_end();
        // `(1)` numbers paragraphs only at a line start (elsewhere it is a list item).
        if captures.get(paren).is_some() {
            if prefix.trim_start() != "(" {
                continue;
            }
            start -= 1;
            prefix = lines.prefix(start).trim_end();
        }
        // A number with no full stop (`2 However, such royalties`), as OCR sometimes leaves
        // it, is a paragraph only in sequence, mid-line, and before a word that can open one.
        if captures.get(bare).is_some()
            && !(number == expected && bare_number_opens(text, start, whole.as_str(), prefix))
        {
            continue;
        }
        let at_line_start = prefix.is_empty();
        let after_sentence = prefix.ends_with(['.', '"', '”', '»', ')']) || start == body.start;
        // OCR loses paragraph numbers. After a full stop, the number after next is taken as
        // the next paragraph, and the text before a first number of 2 or 3 as paragraph 1.
        let lost_number = number > expected
            && number <= expected + 2
            && (at_line_start || prefix.ends_with('.') || (interleaved && number == expected + 1))
            && (expected > 1 || text[body.start..start].trim().len() > 40);
        if number != expected && !lost_number {
            continue;
        }
        if lost_number && starts.is_empty() {
            starts.push((body.start, 1));
        }
        // Two-column OCR runs paragraphs into other fragments: there the next number followed by
        // a capitalized word will do, unless the word before makes it a reference.
        if !(at_line_start || after_sentence || !follows_reference_word(prefix)) {
            continue;
        }
        let number_at = NumberAt {
            start,
            number,
            at_line_start,
        };
        if is_list_item(text, &body, &number_at, number == expected, &starts) {
            continue;
        }
        starts.push((start, number));
        expected = number + 1;
    }
    build_paragraphs(text, body, &starts, lang)
}

/// A number without a full stop after it (`2 However, such royalties`), at `start`, whose
/// match is `matched`: a paragraph only mid-line, after no digit, and before a word that can
/// open one (not a month).
fn bare_number_opens(text: &str, start: usize, matched: &str, prefix: &str) -> bool {
    // The match ends with the first character of the next word.
    let last_char = matched.char_indices().last().map_or(0, |(i, _)| i);
    let next_word = text[start + last_char..]
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    let opens = !GRAMMAR
        .months
        .iter()
        .any(|m| next_word.eq_ignore_ascii_case(m));
    !prefix.is_empty() && opens && !prefix.ends_with(|c: char| c.is_ascii_digit())
}

/// Whether the word before a number (`prefix` ends with it) makes it a reference
/// (`paragraph 2`).
fn follows_reference_word(prefix: &str) -> bool {
    let previous_word = prefix
        .rsplit(char::is_whitespace)
        .next()
        .unwrap_or("")
        .to_lowercase();
    GRAMMAR
        .paragraph_reference_words
        .contains(&previous_word.trim_matches(|c: char| !c.is_alphanumeric()))
}

/// A paragraph number found in an article's body.
struct NumberAt {
    start: usize,
    number: u32,
    at_line_start: bool,
}

/// "1." after "in the case of that State:" or "...;" is an item of a list, not a paragraph,
/// unless it is the first number of a body whose unnumbered lead introduces numbered
/// paragraphs ("...conforme a las siguientes directrices:\n1. La autoridad ...").
/// So is the next number at a line start after a paragraph whose lettered list ended with ";"
/// ("...de este residente;\n2. En España ..."), unless the paragraph holds a numbered list
/// that it continues. `expected` says whether the number is the one expected next; `starts`
/// are the paragraphs found before.
fn is_list_item(
    text: &str,
    body: &Range<usize>,
    found: &NumberAt,
    expected: bool,
    starts: &[(usize, u32)],
) -> bool {
    let NumberAt {
        start,
        number,
        at_line_start,
    } = *found;
    let after_paragraph = |&(last, _): &(usize, u32)| {
        at_line_start && expected && !continues_numbered_list(text, last..start, number)
    };
    is_list_context(&text[body.start..start])
        && start != body.start
        && !(starts.is_empty() && at_line_start && is_sentence_item(text, start, body.end))
        && !starts.last().is_some_and(after_paragraph)
}

pub(crate) fn build_paragraphs(
    text: &str,
    body: Range<usize>,
    starts: &[(usize, u32)],
    lang: Lang,
) -> Vec<Paragraph> {
    let body_text = text[body.clone()].trim();
    // Finders give starts in text order inside the body; a start outside it or out of order
    // (damaged text) is dropped rather than sliced backwards.
    let mut ordered: Vec<(usize, u32)> = Vec::with_capacity(starts.len());
    for &(start, number) in starts {
        let in_body = body.start <= start && start <= body.end;
        if in_body && ordered.last().is_none_or(|last| last.0 < start) {
            ordered.push((start, number));
        }
    }
    if ordered.is_empty() {
        if body_text.is_empty() {
            return Vec::new();
        }
        let start = body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len());
        return vec![paragraph(
            text,
            start..trim_end_offset(text, body),
            "1",
            true,
            lang,
        )];
    }
    let mut paragraphs = Vec::new();
    for (index, &(start, number)) in ordered.iter().enumerate() {
        let end = ordered.get(index + 1).map_or(body.end, |next| next.0);
        // Text before paragraph 1 (an OCR'd fragment) is kept with paragraph 1.
        let start = if index == 0 {
            (body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len()))
                .min(end)
        } else {
            start
        };
        paragraphs.push(paragraph(
            text,
            start..trim_end_offset(text, start..end),
            &number.to_string(),
            false,
            lang,
        ));
    }
    paragraphs
}

pub(crate) fn paragraph(
    text: &str,
    span: Range<usize>,
    number: &str,
    unnumbered: bool,
    lang: Lang,
) -> Paragraph {
    let local = &text[span.clone()];
    Paragraph {
        number: number.to_string(),
        unnumbered,
        subparagraphs: subparagraphs(local, lang),
        span,
        text: String::new(),
        pieces: Default::default(),
        topic: None,
        modifies: Vec::new(),
    }
}

/// Subparagraph markers of a paragraph, each running to the next marker.
/// Whether text ends citing a paragraph, so that a label after it continues the citation
/// ("pursuant to paragraph 2", "the provisions of subparagraph").
fn ends_with_paragraph_number(text: &str) -> bool {
    let is_reference_word = |word: &str| {
        word.len() > 3
            && GRAMMAR
                .paragraph_reference_words
                .contains(&word.to_lowercase().as_str())
    };
    let mut words = text.split_whitespace().rev();
    match (words.next(), words.next()) {
        (Some(number), Some(word)) if number.chars().all(|c| c.is_ascii_digit()) => {
            is_reference_word(word)
        }
        (Some(word), _) => is_reference_word(word),
        _ => false,
    }
}

fn subparagraphs(local: &str, lang: Lang) -> Vec<Subparagraph> {
    let mut markers: Vec<(usize, usize, String)> = Vec::new(); // (marker start, text start, label)
    match lang.profile().script {
        // Where inline labels stand is told from the whole version's text: see
        // `segment_version`, which reads them again with it.
        Script::Japanese => return japanese_subparagraphs(local, Placement::After),
        _ => {
            // `(a)`, `a)`, `(i)`, `i)` at the start of a line or after a colon or semicolon.
            // Every marker holds a `)` and stays within its line.
            for (line_offset, captures) in captures_in_lines(&SUBPARAGRAPH, local, b')') {
                let Some(label) = captures.get(1).or(captures.get(2)) else {
                    continue;
                };
                let label_start = line_offset + label.start();
                let marker_start = label_start - usize::from(local[..label_start].ends_with('('));
                let prefix = line_prefix(local, marker_start).trim_end();
                let joined = GRAMMAR
                    .list_breaks
                    .iter()
                    .find_map(|w| prefix.strip_suffix(w.as_str()));
                // "under subparagraphs a), b), d), or f)": labels listed after labels are a
                // reference, not an item.
                let after_label = joined
                    .unwrap_or(prefix)
                    .trim_end()
                    .trim_end_matches(',')
                    .ends_with(')');
                let after_list_break =
                    (prefix.ends_with([':', ';', '.']) || joined.is_some()) && !after_label;
                // After a comma only a list's first item (`paragraph 2, (a) copyright ...`)
                // or the next one in sequence: a source that lost its line breaks.
                let label_text = label.as_str().to_lowercase();
                let in_sequence = match markers.last() {
                    None => label_text == "a" || label_text == "i",
                    Some((_, _, previous)) => {
                        previous.len() == 1
                            && label_text.len() == 1
                            && previous.as_bytes()[0] + 1 == label_text.as_bytes()[0]
                    }
                };
                let after_comma = prefix.ends_with(',') && in_sequence;
                // "pursuant to paragraph 2\na) of Article 10": a reference a wrap left at a
                // line start.
                let wrapped_reference =
                    prefix.is_empty() && ends_with_paragraph_number(&local[..marker_start]);
                if (prefix.is_empty() && !wrapped_reference) || after_list_break || after_comma {
                    markers.push((
                        marker_start,
                        line_offset + captures.get(0).unwrap().end(),
                        label.as_str().to_lowercase(),
                    ));
                }
            }
        }
    }
    let mut result = Vec::new();
    for (index, (start, _, label)) in markers.iter().enumerate() {
        let end = markers.get(index + 1).map_or(local.len(), |next| next.0);
        result.push(Subparagraph {
            label: label.clone(),
            local: *start..end,
        });
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every paragraph number the regex finds at the digits, found with the pre-test too.
    #[test]
    fn the_pre_test_passes_every_paragraph_number() {
        let pieces = [
            "1", "2", "12", "123", "2016", ".", " ", "\t", "-", "–", "—", ")", "(", "A", "a", "\"",
            "«", "\n", "é", "É", "١", "٢", "%", ",", "º", " a) ", "x",
        ];
        let mut found = 0;
        for text in crate::text_lines::piece_texts(&pieces, 14, 0x9E37_79B9_7F4A_7C15).take(4000) {
            for anchored in [&*LATIN_PARAGRAPH_AT, &*LATIN_PARAGRAPH_ANY_CASE_AT] {
                let spans = |pre_test: &dyn Fn(&[u8]) -> bool| -> Vec<(usize, usize)> {
                    captures_from_digits(anchored, &text, pre_test)
                        .map(|(offset, c)| {
                            let whole = c.get(0).unwrap();
                            (offset + whole.start(), offset + whole.end())
                        })
                        .collect()
                };
                let with = spans(&may_open_paragraph_number);
                assert_eq!(with, spans(&|_| true), "{text:?}");
                found += with.len();
            }
        }
        assert!(found > 500, "{found}");
    }
}
