//! A document's comparison with its fixture as the pages show it (scores, row labels, its
//! section's id on the check page), shared by the check page, the index and the document page.

use std::fmt::Write as _;

use treaty_golden::{DocumentComparison, RateRecord, Score};

/// The rate score of one document (the scores are `treaty_golden`'s, so the page says what
/// `treaty check` says).
pub(crate) fn rate_score(comparison: &DocumentComparison) -> Score {
    treaty_golden::rate_score(&comparison.rates)
}

/// Whether the comparison has rate rows at all: a fixture without `rates.csv` is compared on
/// its outline only, and its rate scores mean nothing.
pub(crate) fn has_rates(comparison: &DocumentComparison) -> bool {
    let rates = &comparison.rates;
    !(rates.matched.is_empty()
        && rates.changed.is_empty()
        && rates.missing.is_empty()
        && rates.unexpected.is_empty())
}

/// The outline (articles) score of one document.
pub(crate) fn outline_score(comparison: &DocumentComparison) -> Score {
    treaty_golden::outline_score(&comparison.outline)
}

/// The id of a document's section on the check page.
pub(crate) fn doc_anchor(doc: &str) -> String {
    let mut id = String::new();
    for c in doc.chars() {
        if c.is_ascii_alphanumeric() || c == '-' {
            id.push(c);
        } else {
            let _ = write!(id, "_{:x}", u32::from(c));
        }
    }
    id
}

/// A fixture row as one line: `en art 10 ¶2 (a) dividends rate 5 percent [condition] — "quote"`.
pub(crate) fn record_label(record: &RateRecord) -> String {
    let mut label = format!(
        "{} art {} ¶{}",
        record.lang, record.article, record.paragraph
    );
    if !record.subparagraph.is_empty() {
        let _ = write!(label, " ({})", record.subparagraph);
    }
    let _ = write!(
        label,
        " {} {} {} {}",
        record.topic, record.kind, record.value, record.unit
    );
    if !record.condition.is_empty() {
        let _ = write!(label, " [{}]", record.condition);
    }
    if !record.quote.is_empty() {
        let quote: String = record.quote.chars().take(110).collect();
        let more = if record.quote.chars().count() > 110 {
            "…"
        } else {
            ""
        };
        let _ = write!(label, " — “{quote}{more}”");
    }
    label
}
