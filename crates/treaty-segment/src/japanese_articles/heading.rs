//! What a Japanese article heading is, shared by the search for headings and the reading of
//! damaged ones ([`super::damaged`]).

use treaty_numbers::parse_kanji_number;

use super::grammar::Grammar;

/// An article heading found in the text.
pub(super) struct Heading {
    pub start: usize,
    pub after: usize,
    pub number: u32,
    pub suffix: Option<String>,
    pub printed: String,
    /// Whether the number comes from the sequence, not from the printed heading.
    pub inferred: bool,
}

/// Largest forward step between consecutive headings: OCR may lose two headings in a row
/// (as in the Latin heading sequence).
pub(super) const MAX_STEP: u64 = 3;

/// Whether the text after a heading match at `after` lets it be a heading: a line end, a
/// title, paragraph 1 or the words a provision opens with, not a reference (`第十条の規定`).
pub(super) fn heading_follows(g: &Grammar, text: &str, after: usize) -> bool {
    // Spaces may stand between a heading and its title; a line end makes it a heading.
    let rest = text[after..].trim_start_matches([' ', '\t']);
    let next = rest.chars().next();
    let at_line_end = next.is_none_or(|c| c == '\n');
    // `第二十一条7` refers to paragraph 7 of Article 21, but in text without titles
    // paragraph 1 follows its heading directly (`第二条1この条約は`).
    let paragraph_one = rest.starts_with('1')
        && rest[1..].chars().next().is_some_and(|c| {
            !c.is_ascii()
                && !g.reference_followers.contains(&c)
                && !g.is_article_or_paragraph_mark(c)
        });
    // `第十七条もつぱら教育...`: the heading of an article opening with `もつぱら`, not a
    // reference followed by `も`.
    let opens_text = g.body_starts.iter().any(|w| rest.starts_with(w));
    at_line_end
        || paragraph_one
        || opens_text
        || next.is_some_and(|c| !c.is_ascii_digit() && !g.reference_followers.contains(&c))
}

/// Whether `numeral` is two or more kanji digits without a unit (`二二`, not `二十二` or `22`).
pub(super) fn is_digit_by_digit_kanji(numeral: &str) -> bool {
    numeral.chars().count() > 1
        && numeral.chars().all(|c| {
            !c.is_ascii() && parse_kanji_number(c.encode_utf8(&mut [0; 4])).is_some_and(|n| n < 10)
        })
}
