//! The `articles.csv` rows of a report.

use crate::model::{ArticleReport, ArticleRow, DocumentReport};

/// How many paragraphs an article has: the paragraphs found, or the highest paragraph number
/// printed when OCR lost the numbers (and the boundaries) of some paragraphs before it.
pub fn paragraph_count(article: &ArticleReport) -> usize {
    let highest = article
        .paragraphs
        .iter()
        .filter_map(|p| p.paragraph.parse::<usize>().ok())
        .max()
        .unwrap_or(0);
    // A paragraph interrupted by an MLI box comes in two pieces with one number.
    let distinct = article
        .paragraphs
        .iter()
        .enumerate()
        .filter(|(i, p)| i == &0 || article.paragraphs[i - 1].paragraph != p.paragraph)
        .count();
    distinct.max(highest)
}

/// The `articles.csv` rows of a report, in document order.
pub fn article_rows(report: &DocumentReport) -> Vec<ArticleRow> {
    let mut rows = Vec::new();
    for treaty in &report.treaties {
        for version in &treaty.versions {
            for article in version.articles.iter().chain(&version.protocol) {
                rows.push(ArticleRow {
                    doc: report.doc.clone(),
                    treaty: treaty.treaty,
                    lang: version.lang,
                    article: article.article.clone(),
                    title: article.title.clone(),
                    topic: article.topic,
                    inferred: article.inferred,
                    paragraphs: paragraph_count(article),
                    start: article.start,
                    end: article.end,
                    printed: article.printed.clone(),
                });
            }
        }
    }
    rows
}
