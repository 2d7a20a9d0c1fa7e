//! Article headings of Latin-script text (`Article 5`, `ARTIGO 10.º`, `Art. XII`) and the
//! titles that follow them.

use std::ops::Range;

use treaty_numbers::{parse_roman, Lang};

use super::paragraphs::latin_paragraphs;
use super::vocabulary::GRAMMAR;
use super::{line_prefix, trim_end_offset};
use crate::topic::{topic_from_content, topic_from_title, Topic};
use crate::Article;

/// A heading found in the text.
struct Heading {
    start: usize,
    /// Where the title (or the body) starts.
    after_number: usize,
    number: u32,
    suffix: String,
    printed: String,
}

fn latin_headings(text: &str, range: Range<usize>) -> Vec<Heading> {
    let mut headings: Vec<Heading> = Vec::new();
    let mut last: Option<u32> = None;
    for captures in GRAMMAR.latin_heading.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        let (number, printed) = if let Some(digits) = captures.get(1) {
            (
                digits.as_str().parse::<u32>().unwrap_or(0),
                whole
                    .as_str()
                    .split_once(char::is_whitespace)
                    .map_or("", |x| x.1)
                    .trim()
                    .to_string(),
            )
        } else {
            let roman = captures.get(3).unwrap().as_str();
            (parse_roman(roman).unwrap_or(0), roman.to_string())
        };
        if number == 0 {
            continue;
        }
        // A heading starts a line or follows the end of a sentence (OCR runs lines together).
        let prefix = line_prefix(text, start).trim_end();
        let at_boundary = prefix.is_empty()
            || prefix.ends_with(['.', ';', ':', '"', '”', '»', ')'])
            || prefix.chars().all(|c| !c.is_lowercase());
        let after = range.start + whole.end();
        let rest = text[after..range.end].trim_start_matches([' ', '\t']);
        // Two-column OCR glues headings to the end of the other column's fragment; there a
        // heading must be the next number and be followed by a capitalized title.
        let titled_next = last.map_or(number == 1, |previous| {
            number > previous && number <= previous + 2
        }) && (rest.starts_with(|c: char| c.is_uppercase())
            || rest.starts_with("1. ")
            || rest.starts_with("1 - "));
        if !at_boundary && !titled_next {
            continue;
        }
        // "Article 7 of this Convention", "Article 10, paragraph 2": references.
        let rest_lower: String = rest.chars().take(20).collect::<String>().to_lowercase();
        // A heading is followed by its title, a line break or a paragraph number; a word in
        // lower case continues a sentence ("Article 7 or Article 14, as the case may be").
        if rest.starts_with(',')
            || rest.starts_with(|c: char| c.is_lowercase())
            || GRAMMAR
                .heading_reference_followers
                .iter()
                .any(|w| rest_lower.starts_with(w))
        {
            continue;
        }
        let acceptable = match last {
            None => true,
            Some(previous) => number > previous && number <= previous + 3,
        };
        if !acceptable {
            continue;
        }
        let suffix = captures.get(2).map_or(String::new(), |s| {
            s.as_str().trim().trim_start_matches('-').to_string()
        });
        last = Some(number);
        headings.push(Heading {
            start,
            after_number: after,
            number,
            suffix,
            printed,
        });
    }
    headings
}

/// Splits what follows a heading number into title and the start of the body.
fn latin_title(text: &str, after_number: usize, end: usize) -> (String, usize) {
    let line_end = text[after_number..end]
        .find('\n')
        .map_or(end, |i| after_number + i);
    let rest = &text[after_number..line_end];
    let rest_trimmed = rest
        .trim()
        .trim_start_matches(['-', '–', '—', ':', '.'])
        .trim();
    if rest_trimmed.is_empty() {
        // Title on its own line below the heading, if the next line is short and not a sentence.
        let mut cursor = line_end;
        while cursor < end && text[cursor..].starts_with('\n') {
            cursor += 1;
        }
        let next_end = text[cursor..end].find('\n').map_or(end, |i| cursor + i);
        let next = text[cursor..next_end].trim();
        let words = next.split_whitespace().count();
        let looks_like_title = words > 0
            && words <= 14
            && !next.ends_with(['.', ';', ':', ','])
            && !next.starts_with(|c: char| c.is_ascii_digit())
            && !next.starts_with('(');
        if looks_like_title {
            return (next.to_string(), next_end);
        }
        return (String::new(), line_end);
    }
    // Inline title (OCR runs heading, title and text together): words up to a sentence start.
    let offset = after_number + (rest.len() - rest.trim_start().len());
    let mut title_end = offset;
    for (words, token) in text[offset..line_end]
        .split_inclusive(char::is_whitespace)
        .enumerate()
    {
        let word = token.trim();
        let key = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let starts_upper = word.chars().next().is_some_and(char::is_uppercase);
        let starts_digit = word
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '(');
        if starts_digit
            || (starts_upper
                && GRAMMAR.title_stop_words.contains(&key.as_str())
                && (words > 0 || GRAMMAR.sentence_openers.contains(&key.as_str())))
            || words >= 9
        {
            break;
        }
        title_end += token.len();

        if word.ends_with(['.', ':']) {
            break;
        }
    }
    let title = text[offset..title_end]
        .trim()
        .trim_end_matches(['.', ':'])
        .to_string();
    (title, title_end)
}

pub(super) fn latin_articles(
    text: &str,
    range: Range<usize>,
    lang: Lang,
    interleaved: bool,
) -> Vec<Article> {
    let headings = latin_headings(text, range.clone());
    let mut articles = Vec::new();
    for (index, heading) in headings.iter().enumerate() {
        let end = headings.get(index + 1).map_or(range.end, |next| next.start);
        let (title, body_start) = latin_title(text, heading.after_number, end);
        let body_start = body_start.min(end);
        let paragraphs = latin_paragraphs(text, body_start..end, lang, interleaved);
        let topic = topic_from_title(&title)
            .or_else(|| topic_from_content(&text[body_start..end]))
            .unwrap_or(Topic::Miscellaneous);
        articles.push(Article {
            number: format!("{}{}", heading.number, heading.suffix),
            printed: heading.printed.clone(),
            title,
            topic,
            inferred: false,
            span: heading.start..trim_end_offset(text, heading.start..end),
            paragraphs,
            modifies: String::new(),
        });
    }
    articles
}
