//! Amending protocols: instruments whose articles amend the articles of another treaty
//! ("Paragraph 2 of Article X (Dividends) of the Convention shall be deleted and replaced by
//! the following: ...").
//!
//! Such an instrument is told by its articles, not by its title: when most of them name an
//! article of the amended treaty and use an amending phrase, its articles become protocol
//! articles `P<n>` that record the treaty article they modify, take that article's topic from
//! the bracketed title of the reference, and number their paragraphs as the amended article
//! does where the amending instruction names the paragraph.

use treaty_numbers::parse_roman;

use super::vocabulary::GRAMMAR;
use crate::model::Article;
use crate::topic::topic_from_title;

/// Where the instruction naming the amended article may start in a paragraph, after its
/// number.
const INSTRUCTION_WINDOW: usize = 12;

/// A reference to an article of the amended treaty.
struct AmendedArticle {
    /// The article number in Arabic digits, with its suffix (`10`, `29A`).
    article: String,
    paragraph: Option<String>,
    title: Option<String>,
    /// Where the reference starts in the searched text.
    start: usize,
}

fn first_reference(text: &str) -> Option<AmendedArticle> {
    GRAMMAR
        .amended_article
        .iter()
        .filter_map(|pattern| pattern.captures(text))
        .min_by_key(|c| c.get(0).map_or(usize::MAX, |m| m.start()))
        .and_then(|captures| {
            let printed = captures.name("article")?.as_str();
            let number = printed
                .parse::<u32>()
                .ok()
                .or_else(|| parse_roman(printed))?;
            let suffix = captures.name("suffix").map_or("", |s| s.as_str());
            Some(AmendedArticle {
                article: format!("{number}{suffix}"),
                paragraph: captures.name("paragraph").map(|p| p.as_str().to_string()),
                title: captures.name("called").map(|t| t.as_str().to_string()),
                start: captures.get(0)?.start(),
            })
        })
}

/// Turns the articles of an amending instrument into protocol articles; returns false (and
/// leaves them as they are) when they do not amend another treaty.
pub(super) fn amending_articles(text: &str, articles: &mut [Article]) -> bool {
    if GRAMMAR.amended_article.is_empty() || articles.len() < 2 {
        return false;
    }
    // An amending instrument amends from its first articles on; a treaty's first articles
    // (persons, taxes, definitions) never do, so two of them settle it cheaply.
    let reference_of = |article: &Article| {
        let body = &text[article.span.clone()];
        if GRAMMAR.amendment.is_match(body) {
            first_reference(body)
        } else {
            None
        }
    };
    if articles.iter().take(2).all(|a| reference_of(a).is_none()) {
        return false;
    }
    let references: Vec<Option<AmendedArticle>> = articles.iter().map(reference_of).collect();
    let amending = references.iter().filter(|r| r.is_some()).count();
    if amending < 2 || amending * 2 < articles.len() {
        return false;
    }
    for (article, reference) in articles.iter_mut().zip(references) {
        article.number = format!("P{}", article.number);
        // The line under an amending article's heading is its first instruction, not a title.
        if first_reference(&article.title).is_some() || GRAMMAR.amendment.is_match(&article.title) {
            article.title.clear();
        }
        let Some(reference) = reference else {
            continue;
        };
        article.modifies = vec![reference.article.clone()];
        if let Some(topic) = reference.title.as_deref().and_then(topic_from_title) {
            article.topic = topic;
        }
        for paragraph in &mut article.paragraphs {
            let body = &text[paragraph.span.clone()];
            let after_number = body
                .trim_start()
                .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '(' | ')'));
            let Some(instruction) = first_reference(after_number) else {
                continue;
            };
            if instruction.start <= INSTRUCTION_WINDOW && instruction.article == reference.article {
                if let Some(number) = instruction.paragraph {
                    paragraph.number = number;
                }
            }
        }
    }
    true
}
