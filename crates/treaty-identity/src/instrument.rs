//! What kind of instrument a treaty is, and its title.

use std::ops::Range;

use treaty_lang::InstrumentKind;
use treaty_segment::{Treaty, Version};

use crate::words::GRAMMAR;

/// How far before the articles the title is looked for.
const TITLE_REACH: usize = 2500;
/// How far before the first party's name a title's instrument word may stand.
const TITLE_TO_NAMES: usize = 300;
/// How far into the text a note saying it is consolidated is looked for.
const NOTE_REACH: usize = 30_000;
/// The longest title kept.
const TITLE_LENGTH: usize = 400;

/// The instrument's kind and its title's range.
///
/// A text that discusses a treaty (the segmenter's `not_a_treaty`) is a technical
/// explanation; an instrument whose articles all amend another's is a protocol; a text that
/// calls itself consolidated is one; otherwise the first instrument word of the title before
/// the articles decides (`PROTOCOL AMENDING THE CONVENTION` is a protocol).
pub(crate) fn kind_and_title(
    text: &str,
    treaty: &Treaty,
    version: &Version,
    head: Range<usize>,
    names_at: Option<usize>,
    commentary: bool,
) -> (InstrumentKind, Option<Range<usize>>) {
    let grammar = &GRAMMAR[version.lang];
    // The title names the parties just after its instrument word (`PROTOCOL AMENDING THE
    // CONVENTION BETWEEN X AND Y`): look there first, then anywhere shortly before the
    // articles (a list of enclosures may name other instruments further back).
    let near_names = names_at
        .filter(|at| *at >= head.start)
        .map(|at| at.saturating_sub(TITLE_TO_NAMES).max(head.start)..at);
    let mut window_start = head.end.saturating_sub(TITLE_REACH).max(head.start);
    while !text.is_char_boundary(window_start) {
        window_start += 1;
    }
    let first_word_in = |range: Range<usize>| {
        let mut start = range.start;
        while !text.is_char_boundary(start) {
            start += 1;
        }
        let window = text.get(start..range.end.max(start)).unwrap_or("");
        grammar
            .instruments
            .iter()
            .filter_map(|(kind, regex)| regex.find(window).map(|m| (start + m.start(), *kind)))
            .min_by_key(|(at, _)| *at)
    };
    let first_word = near_names
        .and_then(first_word_in)
        .or_else(|| first_word_in(window_start..head.end));
    let title = first_word.map(|(at, _)| title_line(text, at));
    // A consolidated text says so in its title or in a note on its first pages.
    let mut note_end = (version.span.start.max(head.end) + NOTE_REACH).min(text.len());
    while !text.is_char_boundary(note_end) {
        note_end -= 1;
    }
    let opening = text.get(head.start..note_end).unwrap_or("");
    let says = |wanted: InstrumentKind| {
        grammar
            .instruments
            .iter()
            .any(|(kind, regex)| *kind == wanted && regex.is_match(opening))
    };
    let amending = treaty.versions.iter().all(|v| v.articles.is_empty())
        && version.protocol.iter().any(|a| !a.modifies.is_empty());
    let kind = if commentary {
        InstrumentKind::TechnicalExplanation
    } else if amending {
        InstrumentKind::Protocol
    } else if says(InstrumentKind::Consolidated) {
        InstrumentKind::Consolidated
    } else {
        match first_word {
            // A protocol's title word before articles that are the treaty's own: a convention
            // with its protocol printed first is rare, an amending protocol is `amending`.
            Some((_, kind)) if kind != InstrumentKind::TechnicalExplanation => kind,
            _ => InstrumentKind::Convention,
        }
    };
    (kind, title)
}

/// The line holding `at`, and the lines after it up to two blank lines in a row (a PDF's
/// title has one between its lines) or [`TITLE_LENGTH`] bytes, trimmed.
fn title_line(text: &str, at: usize) -> Range<usize> {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut end = start;
    let mut blank_run = 0;
    for line in text[start..].split_inclusive('\n') {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run == 2 {
                break;
            }
        } else {
            blank_run = 0;
        }
        if end + line.len() - start > TITLE_LENGTH {
            break;
        }
        end += line.len();
    }
    if end == start {
        end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        end = end.min(start + TITLE_LENGTH);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
    }
    let piece = &text[start..end];
    let trimmed_start = start + (piece.len() - piece.trim_start().len());
    let trimmed_end = start + piece.trim_end().len();
    trimmed_start..trimmed_end.max(trimmed_start)
}
