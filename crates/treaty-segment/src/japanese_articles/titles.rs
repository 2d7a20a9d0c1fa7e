//! The title of a Japanese article where it runs together with the text after the heading
//! (`第十条配当1一方の...`).

use std::ops::Range;

use super::grammar::Grammar;
use crate::topic::title_phrases;

/// The title run together with the text after a heading, and where the text starts. A title
/// is a short noun phrase: a candidate with a comma or a full stop is the text itself, and
/// one that starts with a digit is paragraph 1's number (`第十一条1一方の...`).
pub(super) fn glued_title(
    g: &Grammar,
    text: &str,
    rest: Range<usize>,
    tokenizer: Option<&crate::japanese::JapaneseTokenizer>,
) -> (String, usize) {
    let title_len = japanese_title_len(g, &text[rest.clone()], tokenizer);
    let title = text[rest.start..rest.start + title_len].trim();
    // A title is a noun phrase; one ending in a particle (`ブラジルの居住者が`) is the
    // provision's first words, one starting with a digit paragraph 1's number.
    let ends_in_particle = title.ends_with(g.particles);
    if title.contains([g.comma, g.full_stop, ','])
        || title.chars().count() > 20
        || title.starts_with(|c: char| c == g.ordinal_mark || c.is_ascii_digit())
        || ends_in_particle
    {
        return (String::new(), rest.start);
    }
    (title.to_string(), rest.start + title_len)
}

/// Length of the title at the start of a Japanese article (`配当1一方の...` -> `配当`).
fn japanese_title_len(
    g: &Grammar,
    rest: &str,
    tokenizer: Option<&crate::japanese::JapaneseTokenizer>,
) -> usize {
    let window: usize = rest.char_indices().nth(40).map_or(rest.len(), |(i, _)| i);
    // No title at all: paragraph 1 (`第十条1一方の...`) or the provision's first words
    // (`第十五条一方の締約国の...`) follow the heading directly, as in texts that print
    // titles beside the articles (vertical text) or not at all.
    let paragraph_one = rest.starts_with('1')
        && rest[1..]
            .chars()
            .next()
            .is_some_and(|c| !c.is_ascii() && !g.reference_followers.contains(&c));
    if paragraph_one || g.body_starts.iter().any(|w| rest.starts_with(w)) {
        return 0;
    }
    // Paragraph 1 ends the title when the article has numbered paragraphs.
    if let Some(at) = rest[..window].find(|c: char| c == '1' || c.is_whitespace()) {
        if at > 0
            && rest[..at].chars().count() <= 25
            && !rest[..at].contains(|c: char| c.is_ascii_digit())
        {
            return at;
        }
    }
    // A single-paragraph article: the title is a known title phrase (joined by 及び), or
    // ends where the words a provision starts with begin, on a token boundary when the
    // tokenizer is there to tell where tokens end.
    let known = known_title_prefix(g, &rest[..window]);
    if known > 0 {
        return known;
    }
    let boundaries: Vec<usize> = match tokenizer {
        Some(tokenizer) => tokenizer
            .tokenize(&rest[..window])
            .into_iter()
            .map(|t| t.span.start)
            .collect(),
        None => rest[..window].char_indices().map(|(i, _)| i).collect(),
    };
    for boundary in boundaries.into_iter().filter(|b| *b > 0) {
        if g.body_starts
            .iter()
            .any(|w| rest[boundary..].starts_with(w))
        {
            return boundary;
        }
    }
    0
}

/// Length of the longest run of known Japanese title phrases at the start of `text`
/// (`外交使節団及び領事機関`), 0 when none.
pub(super) fn known_title_prefix(g: &Grammar, text: &str) -> usize {
    let mut end = 0;
    loop {
        let rest = &text[end..];
        let Some(phrase) = title_phrases(g.lang)
            .filter(|p| rest.starts_with(p))
            .max_by_key(|p| p.len())
        else {
            break;
        };
        end += phrase.len();
        let rest = &text[end..];
        match g
            .title_joiners
            .iter()
            .find(|joiner| rest.starts_with(**joiner))
        {
            Some(joiner) if title_phrases(g.lang).any(|p| rest[joiner.len()..].starts_with(p)) => {
                end += joiner.len()
            }
            _ => break,
        }
    }
    end
}
