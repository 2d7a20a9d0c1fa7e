//! Japanese article headings whose number OCR damaged (`第大条` for `第六条`, `第二七条` for
//! `第十七条`, `第ニナ人条` for `第二十八条`) or whose ordinal mark it lost (`光条配当` for
//! `第十条配当`): shaped like a heading at a line start, but with no number the sequence can take.
//!
//! Such a heading takes a number only from the headings found around it: all the numbers of
//! the gap when the damaged headings fill it exactly, else the one number of the gap whose
//! spelling is within one edit of the printed one (after folding the profile's OCR numeral
//! lookalikes). A heading that fits neither way stays text.

use std::ops::Range;

use treaty_numbers::{kanji_numeral, parse_kanji_number};

use super::grammar::Grammar;
use super::heading::{heading_follows, is_digit_by_digit_kanji, Heading, MAX_STEP};
use super::titles::known_title_prefix;
use crate::mli::MliBox;

/// A line-start heading shape not (yet) in the sequence.
pub(super) struct Damaged {
    pub start: usize,
    after: usize,
    /// The characters printed where the number stands.
    numeral: String,
    printed: String,
}

/// Most characters OCR leaves of a heading number (`二十八` and one stray mark).
const MAX_NUMERAL_CHARS: usize = 4;

/// Most characters left of a number that lost its ordinal mark (`光` for `第十`).
const MAX_BARE_NUMERAL_CHARS: usize = 2;

/// Most edits between a printed number and the spelling of the number it takes.
const MAX_EDITS: usize = 1;

/// Line starts in `range` shaped like a heading: `第`, up to [`MAX_NUMERAL_CHARS`] characters
/// and `条` followed as a heading is; or, without `第`, a short number and `条` followed by a
/// model article's title (the title is what makes it a heading).
pub(super) fn candidates(
    g: &Grammar,
    text: &str,
    range: Range<usize>,
    boxes: &[MliBox],
) -> Vec<Damaged> {
    let mut found = Vec::new();
    if g.article_mark == '\0' {
        return found;
    }
    let mut line_start = range.start;
    for line in text[range.clone()].split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        let line = line.trim_end_matches('\n');
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let start = start + indent;
        let line = &line[indent..];
        let Some(mark_at) = line
            .char_indices()
            .take(MAX_NUMERAL_CHARS + 2)
            .find(|&(_, c)| c == g.article_mark)
            .map(|(at, _)| at)
        else {
            continue;
        };
        let (numeral, has_ordinal) = match line[..mark_at].strip_prefix(g.ordinal_mark) {
            Some(numeral) => (numeral, true),
            None => (&line[..mark_at], false),
        };
        let count = numeral.chars().count();
        let well_formed = numeral
            .chars()
            .all(|c| !c.is_whitespace() && c != g.ordinal_mark && c != g.comma && c != g.full_stop);
        // A number that reads as one is a heading of another sequence (a quoted article, an
        // MLI provision), not a damaged one; digits without units (`二七`) are damage.
        let reads_as_number =
            parse_kanji_number(numeral).is_some() && !is_digit_by_digit_kanji(numeral);
        if count == 0 || count > MAX_NUMERAL_CHARS || !well_formed || reads_as_number {
            continue;
        }
        let after = start + mark_at + g.article_mark.len_utf8();
        if g.article_mark_words
            .iter()
            .any(|w| text[after - g.article_mark.len_utf8()..].starts_with(w))
        {
            continue;
        }
        let rest = text[after..range.end].trim_start_matches([' ', '\t']);
        let titled = known_title_prefix(g, rest) > 0;
        let shaped = if has_ordinal {
            heading_follows(g, text, after)
        } else {
            // Hiragana is prose (`この条`), never a number.
            count <= MAX_BARE_NUMERAL_CHARS && titled && !numeral.chars().any(is_hiragana)
        };
        if !shaped
            || boxes.iter().any(|b| b.excludes_heading(start))
            || crate::text_lines::is_contents_line(text, start)
        {
            continue;
        }
        found.push(Damaged {
            start,
            after,
            numeral: numeral.to_string(),
            printed: text[start..after].to_string(),
        });
    }
    found
}

fn is_hiragana(c: char) -> bool {
    ('\u{3041}'..='\u{309F}').contains(&c)
}

/// Gives the damaged headings between the found `headings` their numbers, and puts them into
/// the sequence. A candidate that is a found heading is dropped.
pub(super) fn place(g: &Grammar, damaged: Vec<Damaged>, headings: &mut Vec<Heading>) {
    let damaged: Vec<Damaged> = damaged
        .into_iter()
        .filter(|d| headings.iter().all(|h| h.start != d.start))
        .collect();
    if damaged.is_empty() {
        return;
    }
    let mut placed = Vec::new();
    // The gaps: before the first heading, between two, after the last.
    for gap in 0..=headings.len() {
        let before = gap.checked_sub(1).map(|i| &headings[i]);
        let after = headings.get(gap);
        let from = before.map_or(0, |h| h.start);
        let to = after.map_or(usize::MAX, |h| h.start);
        let inside: Vec<&Damaged> = damaged
            .iter()
            .filter(|d| d.start > from && d.start < to)
            .collect();
        if inside.is_empty() {
            continue;
        }
        let low = before.map_or(1, |h| u64::from(h.number) + 1);
        let high = after.map(|h| u64::from(h.number));
        let numbers = match high {
            Some(high) if high.saturating_sub(low) == inside.len() as u64 => {
                (low..high).map(Some).collect()
            }
            _ => closest_numbers(g, &inside, low, high),
        };
        for (d, number) in inside.into_iter().zip(numbers) {
            let Some(number) = number else { continue };
            placed.push(Heading {
                start: d.start,
                after: d.after,
                number: number as u32,
                suffix: None,
                printed: d.printed.clone(),
                inferred: true,
            });
        }
    }
    headings.extend(placed);
    headings.sort_by_key(|h| h.start);
}

/// For each damaged heading in order, the number in `low..high` (above the one the previous
/// took) whose spelling is uniquely closest to the printed one, within [`MAX_EDITS`]. After the
/// last found heading (`high` is `None`), a number at most [`MAX_STEP`] above the previous one.
fn closest_numbers(
    g: &Grammar,
    inside: &[&Damaged],
    low: u64,
    high: Option<u64>,
) -> Vec<Option<u64>> {
    let lookalikes = g.lang.profile().numbers.ocr_numeral_lookalikes;
    let mut next = low;
    inside
        .iter()
        .map(|d| {
            let printed: Vec<char> = d
                .numeral
                .chars()
                .map(|c| {
                    lookalikes
                        .iter()
                        .find(|(seen, _)| *seen == c)
                        .map_or(c, |(_, meant)| *meant)
                })
                .collect();
            let mut scored: Vec<(usize, u64)> = (next..high.unwrap_or(next + MAX_STEP))
                .filter_map(|n| {
                    let spelled: Vec<char> = kanji_numeral(n)?.chars().collect();
                    Some((strsim::generic_levenshtein(&printed, &spelled), n))
                })
                .collect();
            scored.sort_unstable();
            let number = match scored.as_slice() {
                [(best, n), rest @ ..]
                    if *best <= MAX_EDITS && rest.first().is_none_or(|(d, _)| d > best) =>
                {
                    Some(*n)
                }
                _ => None,
            };
            if let Some(n) = number {
                next = n + 1;
            }
            number
        })
        .collect()
}
