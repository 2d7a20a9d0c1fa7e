//! Texts that discuss a treaty rather than state it: technical explanations, commentaries,
//! explanatory memoranda. They follow the treaty article by article (`ARTICLE 10 Dividends`)
//! but each article opens by describing its provisions ("This article provides ...",
//! "Paragraph 2 limits ..."), which a treaty's own articles never do.

use super::vocabulary::GRAMMAR;
use crate::model::Article;

/// How far into an article the describing phrase is looked for.
const OPENING: usize = 600;

/// Share of articles (in tenths) that must open by describing, and how many at least.
const MIN_TENTHS: usize = 6;
const MIN_ARTICLES: usize = 3;

/// Whether the articles found in `text` are those of a commentary on a treaty.
pub(super) fn is_commentary(text: &str, articles: &[Article]) -> bool {
    if articles.len() < MIN_ARTICLES {
        return false;
    }
    let describing = articles
        .iter()
        .filter(|article| {
            let body = &text[article.span.clone()];
            let mut end = body.len().min(OPENING);
            while !body.is_char_boundary(end) {
                end -= 1;
            }
            let opening = &body[..end];
            GRAMMAR.commentary.may_match(opening) && GRAMMAR.commentary.regex().is_match(opening)
        })
        .count();
    describing >= MIN_ARTICLES && describing * 10 >= articles.len() * MIN_TENTHS
}
