//! Rates stated relative to another rate, and clauses that refer to another subparagraph.

use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::{find_quantities, Lang, Unit};
use treaty_segment::Paragraph;

use super::holding::{is_comparison, is_holding};
use super::text::{lower, words_around};

pub(super) static PARAGRAPH_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)subparagraph\s+\(?([a-z])\)?\s+of\s+paragraph\s+(\d+)|alínea\s+\(?([a-z])\)?\s+do\s+(?:n\.º|parágrafo|número|n\.o)\s*(\d+)").unwrap()
});

/// The text of the subparagraph a clause refers to, empty when it refers to none.
pub(super) fn referenced_text(clause: &str, siblings: &[Paragraph]) -> String {
    let Some(captures) = PARAGRAPH_REFERENCE.captures(clause) else {
        return String::new();
    };
    let label = captures
        .get(1)
        .or(captures.get(3))
        .map_or("", |m| m.as_str())
        .to_lowercase();
    let number = captures
        .get(2)
        .or(captures.get(4))
        .map_or("", |m| m.as_str());
    siblings
        .iter()
        .find(|p| p.number == number)
        .and_then(|p| {
            p.subparagraphs
                .iter()
                .find(|sub| sub.label == label)
                .map(|sub| p.text[sub.local.start..sub.local.end.min(p.text.len())].to_string())
        })
        .unwrap_or_default()
}

/// A value as the dataset prints it: `2.5`, `10`.
pub(super) fn plain_decimal(value: f64) -> String {
    format!("{}", (value * 10_000.0).round() / 10_000.0)
}

/// True when the words after a percentage make it a share of another rate ("50 per cent of
/// the rate", "da taxa"), not a rate of its own.
pub(super) fn is_relative_rate(after: &str) -> bool {
    let after = lower(after);
    let after = after.trim_start();
    [
        "of the percentage",
        "of the rate",
        "of the tax rate",
        "da taxa",
        "da percentagem",
        "do percentual",
    ]
    .iter()
    .any(|p| after.starts_with(p))
}

/// The rate (in per cent) of the subparagraph a clause refers to, when it states one.
pub(super) fn referenced_rate(clause: &str, siblings: &[Paragraph], lang: Lang) -> Option<f64> {
    let referenced = referenced_text(clause, siblings);
    find_quantities(&referenced, lang)
        .into_iter()
        .find(|q| {
            q.unit == Unit::Percent && {
                let (before, after) = words_around(&referenced, q.span.clone());
                !is_holding(before, after) && !is_comparison(before, after)
            }
        })
        .map(|q| q.value)
}
