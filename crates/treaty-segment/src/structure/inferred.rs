//! Articles of texts that print no headings, inferred from paragraph numbering restarts and
//! content.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::Lang;

use super::paragraphs::{build_paragraphs, is_list_context, trim_end_offset, LATIN_PARAGRAPH};
use crate::model::Article;
use crate::topic::{topic_from_content, Topic};

/// Lines longer than this mean the source lost its line breaks.
pub(super) const ONE_LINE_LENGTH: usize = 2000;

/// A provision or paragraph inside a line whose breaks were lost: after the end of a sentence,
/// a paragraph number or a capital letter.
static SENTENCE_START: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\D[.:;][ \t]+(?:\d{1,2}\.[ \t]+)?[\p{Lu}(]").unwrap());

/// The lines of `range`, as ranges; a line of more than [`ONE_LINE_LENGTH`] bytes is cut
/// where sentences end, so that numbering restarts can still be seen.
fn lines_or_sentences(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut line_start = range.start;
    for line in text[range].split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        if line.len() <= ONE_LINE_LENGTH {
            lines.push(start..line_start);
            continue;
        }
        let mut from = start;
        for found in SENTENCE_START.find_iter(line) {
            // The break goes after the punctuation and its spaces (not after the `2.` of a
            // paragraph number: the match starts with the character before the punctuation).
            let before_len = found.as_str().chars().next().map_or(0, char::len_utf8);
            let cut = start + found.start() + before_len + 1;
            let cut = cut + text[cut..].len() - text[cut..].trim_start_matches([' ', '\t']).len();
            if cut > from {
                lines.push(from..cut);
                from = cut;
            }
        }
        lines.push(from..line_start);
    }
    lines
}

/// Articles of a text that prints no headings: a paragraph `1.` after numbered paragraphs
/// starts a new article, and so does an unnumbered provision whose content is of another topic.
pub(super) fn inferred_articles(
    text: &str,
    range: Range<usize>,
    lang: Lang,
    fragment: bool,
) -> Vec<Article> {
    drafts(text, range)
        .into_iter()
        .enumerate()
        .map(|(index, draft)| {
            let body = draft.start..draft.end;
            let paragraphs = build_paragraphs(text, body.clone(), &draft.paragraphs, lang);
            let topic = topic_from_content(&text[body.clone()]).unwrap_or(Topic::Miscellaneous);
            Article {
                number: if fragment {
                    String::new()
                } else {
                    (index + 1).to_string()
                },
                printed: String::new(),
                title: String::new(),
                topic,
                inferred: true,
                span: body.start..trim_end_offset(text, body),
                paragraphs,
                modifies: Vec::new(),
            }
        })
        .collect()
}

/// An inferred article as it is read: its extent and its numbered paragraphs.
struct Draft {
    start: usize,
    end: usize,
    paragraphs: Vec<(usize, u32)>,
    numbered: bool,
}

impl Draft {
    fn new(start: usize, end: usize) -> Draft {
        Draft {
            start,
            end,
            paragraphs: Vec::new(),
            numbered: false,
        }
    }
}

/// The inferred articles of `range`, line by line (or sentence by sentence).
fn drafts(text: &str, range: Range<usize>) -> Vec<Draft> {
    let mut drafts: Vec<Draft> = Vec::new();
    let mut previous_line = "";
    let mut after_blank = true;
    for line_range in lines_or_sentences(text, range) {
        let start = line_range.start;
        let line_start = line_range.end;
        let content = text[line_range].trim();
        if content.is_empty() {
            after_blank = true;
            continue;
        }
        // A line continues the previous one's sentence unless a blank line or the end of a
        // sentence comes between (a source wrapped at 70 columns starts lines with
        // `Contracting State in respect of an employment ...`).
        let continues = !after_blank && !previous_line.ends_with(['.', ':', ';']);
        after_blank = false;
        let marker = LATIN_PARAGRAPH
            .captures(content)
            .filter(|c| c.get(0).unwrap().start() == 0);
        let number: Option<u32> = marker.and_then(|c| c[1].parse().ok());
        let list_context = is_list_context(previous_line);
        previous_line = content;
        let current = drafts.last_mut();
        match (number, current) {
            (Some(1), current)
                if !list_context
                    && current
                        .as_ref()
                        .is_none_or(|d| !d.paragraphs.is_empty() || !d.numbered) =>
            {
                drafts.push(Draft {
                    start,
                    end: line_start,
                    paragraphs: vec![(start, 1)],
                    numbered: true,
                });
            }
            (Some(n), Some(current))
                if !list_context
                    && current.numbered
                    && current.paragraphs.last().is_some_and(|p| p.1 + 1 == n) =>
            {
                current.paragraphs.push((start, n));
                current.end = line_start;
            }
            (None, current) => {
                let starts_provision = content.starts_with(|c: char| c.is_uppercase())
                    && !continues
                    && !list_context
                    && !content.starts_with('(');
                let new_article = match &current {
                    None => true,
                    Some(draft) => starts_provision && changes_topic(text, draft, content),
                };
                if new_article {
                    drafts.push(Draft::new(start, line_start));
                } else if let Some(current) = current {
                    current.end = line_start;
                }
            }
            (_, Some(current)) => current.end = line_start,
            (_, None) => drafts.push(Draft::new(start, line_start)),
        }
    }
    drafts
}

/// Whether a provision's `content` has a topic, other than the article read so far.
fn changes_topic(text: &str, draft: &Draft, content: &str) -> bool {
    let own = topic_from_content(content);
    let previous = topic_from_content(&text[draft.start..draft.end]);
    own.is_some() && own != previous
}
