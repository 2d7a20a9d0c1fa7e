//! Clauses and the words around a number: sentence and item boundaries, lower-casing, list items.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::Lang;
use treaty_segment::{subparagraph_markers, Paragraph};

use super::words::words;

/// The quantities of a paragraph (in text order, as `find_quantities` gives them) that lie
/// wholly inside `range` of its text: found by binary search, so that reading a clause costs
/// the same in a paragraph of thousands of numbers as in one of three.
pub(crate) fn quantities_within(
    quantities: &[treaty_numbers::Quantity],
    range: Range<usize>,
) -> &[treaty_numbers::Quantity] {
    let first = quantities.partition_point(|q| q.span.start < range.start);
    let rest = &quantities[first..];
    let count = rest.partition_point(|q| q.span.end <= range.end);
    &rest[..count]
}

/// Where `part`, a slice of `text`, starts in it; `None` for a string that is not a slice of
/// `text` (the comparison is of addresses, not of contents: a clause repeated earlier in the
/// paragraph is not taken for this one).
pub(crate) fn offset_in(text: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (start + part.len() <= text.len()).then_some(start)
}

/// Texts lowered recently, kept per thread: the rules that read one finding lower the same
/// clause one after another (rate, owner, income, threshold and branch rules each take it).
const LOWERED_KEPT: usize = 4;

/// Below this length lowering costs less than looking the text up.
const LOWERED_MIN_LEN: usize = 64;

thread_local! {
    static LOWERED: RefCell<VecDeque<(String, String)>> =
        RefCell::new(VecDeque::with_capacity(LOWERED_KEPT));
}

/// Lower case with every run of whitespace as one space, so a phrase matches across the
/// source's line wrapping.
pub(crate) fn lower(text: &str) -> String {
    if text.len() < LOWERED_MIN_LEN {
        return lower_anew(text);
    }
    LOWERED.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((_, lowered)) = kept.iter().find(|(original, _)| original == text) {
            return lowered.clone();
        }
        let lowered = lower_anew(text);
        if kept.len() == LOWERED_KEPT {
            kept.pop_back();
        }
        kept.push_front((text.to_string(), lowered.clone()));
        lowered
    })
}

/// [`lower`], computed.
fn lower_anew(text: &str) -> String {
    // Bytes, not chars: most treaty text is ASCII and this runs on every clause several
    // times. Non-ASCII characters are case-mapped as characters.
    let mut out: Vec<u8> = Vec::with_capacity(text.len());
    let mut space = false;
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest.bytes().take_while(u8::is_ascii).count();
        for &byte in &rest.as_bytes()[..ascii] {
            if matches!(byte, b'\t'..=b'\r' | b' ') {
                space = true;
                continue;
            }
            if space && !out.is_empty() {
                out.push(b' ');
            }
            space = false;
            out.push(byte.to_ascii_lowercase());
        }
        rest = &rest[ascii..];
        let Some(c) = rest.chars().next() else {
            break;
        };
        rest = &rest[c.len_utf8()..];
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(b' ');
        }
        space = false;
        let mut buffer = [0; 4];
        for lower in c.to_lowercase() {
            out.extend_from_slice(lower.encode_utf8(&mut buffer).as_bytes());
        }
    }
    if space {
        out.push(b' ');
    }
    String::from_utf8(out).expect("ASCII bytes and whole characters are UTF-8")
}

/// How far a clause reaches on either side of its number. Treaty clauses are far shorter;
/// the bound keeps text without sentence ends (damaged, or hostile) from making every number's
/// clause the whole paragraph, which would cost time growing with the square of its length.
const CLAUSE_REACH: usize = 2000;

/// How a paragraph's text is cut into clauses, prepared once for the paragraph: every rule
/// asks it for the clause of a number or a phrase.
pub(crate) struct Clauses<'a> {
    text: &'a str,
    paragraph: &'a Paragraph,
    japanese: bool,
    /// Where a sentence of its own starts after the paragraph's list (see
    /// [`sentence_after_list`]); Japanese clauses do not ask.
    after_list: Option<usize>,
}

impl<'a> Clauses<'a> {
    /// The clauses of `paragraph`, in the language `lang`.
    pub(crate) fn of(paragraph: &'a Paragraph, lang: Lang) -> Clauses<'a> {
        let text = paragraph.text.as_str();
        let japanese = words(lang).japanese;
        Clauses {
            text,
            paragraph,
            japanese,
            after_list: if japanese {
                None
            } else {
                sentence_after_list(text, paragraph)
            },
        }
    }

    /// The clause around a local offset: the subparagraph if any, else the sentence, within
    /// [`CLAUSE_REACH`] bytes of it; with the subparagraph's label, empty when none.
    pub(crate) fn around(&self, at: usize) -> (String, Range<usize>) {
        let text = self.text;
        let mut lo = at.saturating_sub(CLAUSE_REACH);
        while !text.is_char_boundary(lo) {
            lo += 1;
        }
        let mut hi = (at + CLAUSE_REACH).min(text.len());
        while !text.is_char_boundary(hi) {
            hi -= 1;
        }
        let (label, clause) = self.unbounded_around(&text[..hi], at, lo);
        (
            label,
            clause.start.max(lo)..clause.end.min(hi).max(clause.start.max(lo)),
        )
    }

    /// [`Clauses::around`] in `text` (cut at the reach after the number), looking back no
    /// further than `lo`. (The sentence after the list is read in the whole paragraph: where
    /// it starts beyond the cut, it starts after the number too.)
    fn unbounded_around(&self, text: &str, at: usize, lo: usize) -> (String, Range<usize>) {
        let japanese = self.japanese;
        if let Some(sub) = self
            .paragraph
            .subparagraphs
            .iter()
            .rev()
            .find(|s| s.local.start <= at && at < s.local.end.max(s.local.start + 1))
            .filter(|_| self.after_list.is_none_or(|start| at < start))
        {
            let item = sub.local.start.max(lo)..sub.local.end.min(text.len());
            if japanese {
                return (sub.label.clone(), japanese_sentence_in_item(text, item, at));
            }
            return (sub.label.clone(), item);
        }
        (String::new(), sentence_around(text, at, lo, japanese))
    }
}

/// A Japanese item may hold two sentences with a tier each (`...十五パーセントを超える率の租
/// 税を課することができない。ただし、...十パーセント...`): the sentence of the item `item`
/// that holds `at`.
fn japanese_sentence_in_item(text: &str, item: Range<usize>, at: usize) -> Range<usize> {
    let is_stop =
        |i: usize, c: char| c == '。' && !text[i + c.len_utf8()..].starts_with([')', '」', '）']);
    let start = text[item.start..at]
        .char_indices()
        .rev()
        .find(|(i, c)| is_stop(item.start + i, *c))
        .map_or(item.start, |(i, c)| item.start + i + c.len_utf8());
    let end = text[at..item.end]
        .char_indices()
        .find(|(i, c)| is_stop(at + i, *c))
        .map_or(item.end, |(i, _)| at + i);
    start..end
}

/// The sentence of `text` around `at`, looking back no further than `lo`.
fn sentence_around(text: &str, at: usize, lo: usize, japanese: bool) -> Range<usize> {
    let stops: &[char] = if japanese { &['。', '\n'] } else { &['\n'] };
    // A full stop that closes a bracketed aside (`(以下「その他の所得」という。)`) does not
    // end the sentence.
    let ends_sentence = |i: usize, c: char| {
        stops.contains(&c)
            && !(c == '。' && text[i + c.len_utf8()..].starts_with([')', '」', '）']))
    };
    // Other languages' sentences are read from their stops and line breaks below, so the
    // text before the number is not walked character by character for them.
    let sentence_start = if japanese {
        text[lo..at]
            .char_indices()
            .rev()
            .find(|(i, c)| ends_sentence(lo + *i, *c))
            .map(|(i, c)| lo + i + c.len_utf8())
            .unwrap_or(lo)
    } else {
        // A line break inside a sentence is the source's wrapping, not a clause end.
        let line_start = text[lo..at]
            .match_indices('\n')
            .rev()
            .find(|(i, _)| is_clause_break(text, lo + *i))
            .map_or(lo, |(i, _)| lo + i + 1);
        text[lo..at]
            .rfind(". ")
            .map_or(line_start, |i| (lo + i + 2).max(line_start))
    };
    let end = if japanese {
        text[at..]
            .char_indices()
            .find(|(i, c)| ends_sentence(at + i, *c))
            .map_or(text.len(), |(i, _)| at + i)
    } else {
        let line_end = text[at..]
            .match_indices('\n')
            .find(|(i, _)| is_clause_break(text, at + i))
            .map_or(text.len(), |(i, _)| at + i);
        text[at..]
            .find(". ")
            .map_or(line_end, |i| (at + i + 1).min(line_end))
    };
    sentence_start..end
}

/// Whether a sentence ends between two spans of a paragraph's `text` (in either order): a
/// full stop after a word, a number or a closing bracket, then a capital letter. An
/// abbreviation's stop (`U.S. dollars`) is followed by a lower-case word, and `Art. 5` by a
/// number, so neither counts.
pub(crate) fn sentence_ends_between(text: &str, a: &Range<usize>, b: &Range<usize>) -> bool {
    let (from, to) = if a.start <= b.start {
        (a.end, b.start)
    } else {
        (b.end, a.start)
    };
    let Some(between) = text.get(from.min(to)..to) else {
        return false;
    };
    let bytes = between.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'.'
            && i > 0
            && (bytes[i - 1].is_ascii_lowercase()
                || bytes[i - 1].is_ascii_digit()
                || matches!(bytes[i - 1], b')' | b']' | b'"'))
            && between[i + 1..]
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c == '“')
            && between[i + 1..].starts_with(char::is_whitespace)
    })
}

/// Where a sentence of its own starts after the last item of a list that completes the
/// paragraph's lead ("...no excederá:\na) ...;\nb) ... en todos los demás casos.\nNo obstante
/// ..., considerará exentos ..."; "...shall not exceed:\n(a) ...;\n(b) ... in all other
/// cases.\nThis paragraph shall not affect ..."): the last item ends with a full stop at a line
/// end and the next line opens with a capital letter. The segmenter keeps that sentence in the
/// last item's span; it belongs to the paragraph.
pub(crate) fn sentence_after_list(text: &str, paragraph: &Paragraph) -> Option<usize> {
    let first = paragraph.subparagraphs.first()?;
    let last = paragraph.subparagraphs.last()?;
    if !text.get(..first.local.start)?.trim_end().ends_with(':') {
        return None;
    }
    let item = text.get(last.local.start..last.local.end.min(text.len()))?;
    item.match_indices('\n').find_map(|(i, _)| {
        let next = item[i + 1..].trim_start_matches([' ', '\t']);
        let closes = item[..i].trim_end().ends_with('.')
            && next.chars().next().is_some_and(char::is_uppercase)
            && !is_clause_marker(next);
        closes.then(|| last.local.start + i + 1 + (item.len() - i - 1 - next.len()))
    })
}

/// Whether a line opens with an item marker (`a)`, `(b)`, `IV.`, `2.`).
fn is_clause_marker(line: &str) -> bool {
    let marker_len = line
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    line.starts_with('(')
        || (marker_len > 0 && marker_len <= 4 && line[marker_len..].starts_with([')', '.']))
}

/// Whether the line break at `at` ends a clause: after `.`, `;` or `:`, at a blank line, or
/// before an item marker (`(a)`, `b)`, `2.`); any other break is where the source wrapped.
pub(crate) fn is_clause_break(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches([' ', '\t']);
    let after = text[at + 1..].trim_start_matches([' ', '\t']);
    if before.is_empty() || before.ends_with(['.', ';', ':', '\n']) || after.starts_with('\n') {
        return true;
    }
    let marker_len = after
        .bytes()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        .count();
    // `a)`, `iv)`, `2.`, `iv.`, `b.` open an item; a wrapped word such as `fund.` does not.
    let marker = &after[..marker_len];
    let dotted_marker = marker.len() == 1
        || marker.bytes().all(|b| b.is_ascii_digit())
        || marker.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'));
    after.starts_with('(')
        || (marker_len > 0 && marker_len <= 4 && after[marker_len..].starts_with(')'))
        || (marker_len > 0
            && marker_len <= 4
            && dotted_marker
            && after[marker_len..].starts_with('.'))
        || (marker_len > 0
            && after.as_bytes()[0].is_ascii_digit()
            && after[marker_len..].starts_with(" -"))
}

/// About forty characters of text on each side of a span, where the words that tell a
/// holding from a rate stand.
pub(crate) fn words_around(text: &str, span: Range<usize>) -> (&str, &str) {
    let before_start = text[..span.start]
        .char_indices()
        .rev()
        .nth(40)
        .map_or(0, |(i, _)| i);
    let after_end = text[span.end..]
        .char_indices()
        .nth(40)
        .map_or(text.len(), |(i, _)| span.end + i);
    (&text[before_start..span.start], &text[span.end..after_end])
}

/// `(a)`, `(1)` dropped into the middle of a Japanese word by PDF extraction.
pub(crate) static MARKER_IN_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\((?:[a-z]{1,4}|[0-9]{1,2})\)").unwrap());

pub(crate) static PARENTHETICAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\([^()]{0,200}\)").unwrap());

/// The items of a list nested in the subparagraph `clause` (roman numerals after a
/// lettered item: `a) ... paid to: (i) ...; (ii) ...`), as ranges of the paragraph's text.
pub(crate) fn nested_items(
    paragraph: &Paragraph,
    clause: &Range<usize>,
    text: &str,
) -> Vec<Range<usize>> {
    let subs = &paragraph.subparagraphs;
    let Some(index) = subs.iter().position(|s| s.local.start == clause.start) else {
        return Vec::new();
    };
    let is_roman =
        |label: &str| !label.is_empty() && label.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'));
    if is_roman(&subs[index].label) {
        return Vec::new();
    }
    subs[index + 1..]
        .iter()
        .take_while(|s| is_roman(&s.label))
        .map(|s| s.local.start..s.local.end.min(text.len()))
        .collect()
}

/// The text of each listed item after `from`, for labels whose markers stand after their
/// item's text (Japanese PDF text): the last `(b)` ends item (b), which starts after the
/// marker before it; item (a) runs from `from` to the start of item (b).
pub(crate) fn japanese_list_items(
    text: &str,
    from: usize,
    labels: &[String],
) -> Vec<(String, Range<usize>)> {
    let markers: Vec<(String, Range<usize>)> = subparagraph_markers(&text[from..])
        .into_iter()
        .map(|(label, range)| (label, from + range.start..from + range.end))
        .collect();
    let mut items = Vec::new();
    let mut end = text.len();
    for (index, label) in labels.iter().enumerate().rev() {
        let Some(position) = markers
            .iter()
            .rposition(|(l, r)| l == label && r.start < end)
        else {
            continue;
        };
        // The last item ends at its marker; an earlier one runs up to where the next begins.
        let item_end = if index + 1 == labels.len() {
            markers[position].1.start
        } else {
            end
        };
        let start = if index == 0 {
            from
        } else {
            markers[..position].last().map_or(from, |(_, r)| r.end)
        };
        if start < item_end {
            items.push((label.clone(), start..item_end));
        }
        end = start;
    }
    items.reverse();
    items
}

/// Whether a list label is a roman numeral (`i`, `iv`, `xii`).
fn is_roman_label(label: &str) -> bool {
    !label.is_empty() && label.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'))
}

/// The label of the outermost list level each subparagraph of a paragraph belongs to, which
/// is how a provision is cited ("subparagraph (c) of paragraph 1"): items of a list inside an
/// item (`(c) a company, if: (i) ...; (ii) ...`, `c) ... aa) ...`) belong to the item. The
/// paragraph's first label sets the outer level: letters, or roman numerals when it is `i`
/// (a letter list starts at `a`). In a letter list a letter is an item of it in sequence
/// (`(h)`, `(i)`; a letter not roman-looking may skip one that a scan lost) or when it starts
/// the list again (`(a)`); a label out of sequence is a
/// reference a line break left at a line start ("as described in subparagraph\n(f) of
/// paragraph 1"), and double letters (`aa`) are a level below.
pub(crate) fn outer_labels(paragraph: &Paragraph) -> Vec<String> {
    let subs = &paragraph.subparagraphs;
    let roman_outer =
        subs.first().is_some_and(|s| s.label == "i") && subs.get(1).is_none_or(|s| s.label != "j");
    let mut outer: Option<&str> = None;
    subs.iter()
        .enumerate()
        .map(|(index, sub)| {
            let label = sub.label.as_str();
            let is_outer = if roman_outer {
                is_roman_label(label)
            } else {
                let previous = outer.map(|p| p.as_bytes()[0]);
                let letter = label.len() == 1 && label.as_bytes()[0].is_ascii_lowercase();
                let at = label.as_bytes()[0];
                letter
                    && match previous {
                        None => true,
                        Some(previous) if is_roman_label(label) => previous + 1 == at,
                        // One item OCR or a line break lost may lie between.
                        // `a` restarts the list, unless the item after the outer one follows
                        // the items it opens: a list quoted inside an item (`(d) ... shall be
                        // read as follows: (a) ... (b) ...` and then `(e)`).
                        Some(previous) => {
                            (previous + 1..=previous + 2).contains(&at)
                                || (label == "a"
                                    && !(subs[0].label == "a"
                                        && subs[index + 1..]
                                            .iter()
                                            .any(|later| later.label.as_bytes() == [previous + 1])))
                        }
                    }
            };
            if is_outer || outer.is_none() {
                outer = Some(label);
            }
            outer.unwrap_or(label).to_string()
        })
        .collect()
}
