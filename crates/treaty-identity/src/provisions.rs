//! The clause that puts a treaty into force, with the date it states, if any (most state a
//! rule: "the thirtieth day after ...").

use std::ops::Range;

use treaty_lang::Lang;
use treaty_segment::{Topic, Version};

use crate::dates::{find_dates, Date};

/// The longest clause kept.
const CLAUSE_LENGTH: usize = 600;

/// A clause, and the date it states when it states one.
#[derive(Debug, Clone, PartialEq)]
pub struct Provision {
    /// The clause.
    pub range: Range<usize>,
    /// A calendar date the clause states.
    pub date: Option<Date>,
}

/// The sentence of the entry-into-force article that puts the treaty into force, with the
/// date it enters into force when the sentence states one; failing a date there, a statement
/// before the articles that it entered into force on a date (a publisher's heading).
pub(crate) fn entry_into_force(
    text: &str,
    version: &Version,
    head: Range<usize>,
) -> Option<Provision> {
    let phrases = version.lang.profile().identity.entry_into_force;
    let clause = clause_with(text, version, phrases).map(|mut provision| {
        provision.date = date_next_to(text, provision.range.clone(), phrases, version.lang);
        provision
    });
    if clause.as_ref().is_some_and(|p| p.date.is_some()) {
        return clause;
    }
    let statements = version.lang.profile().identity.entered_into_force;
    let stated = statement_in(text, head, statements, version.lang);
    stated.or(clause)
}

/// How far from its verb a date of entry into force may stand.
const DATE_NEAR_VERB: usize = 40;

/// The date that stands next to one of `phrases` in `range` (after it, or before it where
/// the language puts dates before verbs).
fn date_next_to(text: &str, range: Range<usize>, phrases: &[&str], lang: Lang) -> Option<Date> {
    let slice = text.get(range)?;
    let before = lang.profile().identity.date_before_verb;
    let verbs = phrase_ranges(slice, phrases);
    find_dates(slice, lang).into_iter().find_map(|found| {
        let near = verbs.iter().any(|verb| {
            let gap = if before {
                slice.get(found.range.end..verb.start)
            } else {
                slice.get(verb.end..found.range.start)
            };
            gap.is_some_and(|gap| folded_len(gap) <= DATE_NEAR_VERB)
        });
        near.then_some(found.date)
    })
}

/// The length of `text` with each run of whitespace counted as one byte (a layout may put a
/// date on the next line, far to the right).
fn folded_len(text: &str) -> usize {
    text.split_whitespace().map(|word| word.len() + 1).sum()
}

/// The first of `phrases` in `region` that a date follows (or precedes, see
/// [`date_next_to`]), as a provision from the phrase through the date.
fn statement_in(
    text: &str,
    region: Range<usize>,
    phrases: &[&str],
    lang: Lang,
) -> Option<Provision> {
    let date = date_next_to(text, region.clone(), phrases, lang)?;
    let slice = text.get(region.clone())?;
    let found = find_dates(slice, lang)
        .into_iter()
        .find(|f| f.date == date)?;
    let haystack = searchable(slice);
    let verb = phrases
        .iter()
        .filter(|p| !p.is_empty())
        .filter_map(|p| haystack[..found.range.start].rfind(&p.to_lowercase()))
        .max()
        .unwrap_or(found.range.start);
    Some(Provision {
        range: region.start + verb.min(found.range.start)..region.start + found.range.end,
        date: Some(date),
    })
}

/// The clause around the first of `phrases` in the version's entry-into-force article.
fn clause_with(text: &str, version: &Version, phrases: &[&str]) -> Option<Provision> {
    let article = version
        .articles
        .iter()
        .rev()
        .find(|a| a.topic == Topic::EntryIntoForce)?;
    let body = text.get(article.span.clone())?;
    let at = find_phrase(body, phrases)?;
    let range = clause_around(body, at);
    Some(Provision {
        range: article.span.start + range.start..article.span.start + range.end,
        date: None,
    })
}

/// Where the first of `phrases` stands in `text`, case-insensitively.
pub(crate) fn find_phrase(text: &str, phrases: &[&str]) -> Option<usize> {
    phrase_ranges(text, phrases)
        .first()
        .map(|range| range.start)
}

/// Every place of one of `phrases` in `text`, case-insensitively, in text order.
pub(crate) fn phrase_ranges(text: &str, phrases: &[&str]) -> Vec<Range<usize>> {
    let haystack = searchable(text);
    let mut ranges: Vec<Range<usize>> = phrases
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            haystack
                .match_indices(p.to_lowercase().as_str())
                .map(|(at, m)| at..at + m.len())
                .collect::<Vec<_>>()
        })
        .collect();
    ranges.sort_by_key(|range| (range.start, range.end));
    ranges
}

/// `text` lower-cased for case-insensitive search, where that keeps every offset (lower-casing
/// may change lengths; then `text` as it is).
fn searchable(text: &str) -> std::borrow::Cow<'_, str> {
    let lower = text.to_lowercase();
    if lower.len() == text.len() {
        std::borrow::Cow::Owned(lower)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// From the clause start before `at` (a sentence or clause end) to the clause end after it,
/// at most [`CLAUSE_LENGTH`] bytes.
pub(crate) fn clause_around(body: &str, at: usize) -> Range<usize> {
    let is_end = |c: char| matches!(c, '.' | ';' | ':') || c == '\u{3002}';
    let start = body[..at]
        .char_indices()
        .rev()
        .find(|(_, c)| is_end(*c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = body[at..]
        .char_indices()
        .find(|(_, c)| matches!(*c, '.' | ';') || *c == '\u{3002}')
        .map_or(body.len(), |(i, c)| at + i + c.len_utf8());
    let mut end = end.min(start + CLAUSE_LENGTH).max(at);
    while !body.is_char_boundary(end) {
        end -= 1;
    }
    let piece = &body[start..end];
    let trimmed = start + (piece.len() - piece.trim_start().len());
    trimmed..end
}
