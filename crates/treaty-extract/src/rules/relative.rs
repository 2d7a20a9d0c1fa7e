//! Rates stated relative to another rate, and clauses that refer to another subparagraph.

use treaty_numbers::{find_quantities, Lang, Unit};
use treaty_segment::Paragraph;

use super::holding::{is_comparison, is_holding};
use super::text::{lower, words_around};
use super::words::{starts_with_any, words};

/// The text of the subparagraph a clause refers to, empty when it refers to none.
pub(super) fn referenced_text(clause: &str, siblings: &[Paragraph], lang: Lang) -> String {
    let Some(captures) = words(lang)
        .paragraph_reference
        .iter()
        .filter_map(|pattern| pattern.captures(clause))
        .min_by_key(|captures| captures.get(0).map_or(usize::MAX, |m| m.start()))
    else {
        return String::new();
    };
    let label = captures
        .name("label")
        .map_or("", |m| m.as_str())
        .to_lowercase();
    let number = captures.name("paragraph").map_or("", |m| m.as_str());
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
pub(super) fn is_relative_rate(after: &str, lang: Lang) -> bool {
    let after = lower(after);
    starts_with_any(after.trim_start(), words(lang).list.relative_rate)
}

/// The rate (in per cent) of the subparagraph a clause refers to, when it states one.
pub(super) fn referenced_rate(clause: &str, siblings: &[Paragraph], lang: Lang) -> Option<f64> {
    let referenced = referenced_text(clause, siblings, lang);
    find_quantities(&referenced, lang)
        .into_iter()
        .find(|q| {
            q.unit == Unit::Percent && {
                let (before, after) = words_around(&referenced, q.span.clone());
                !is_holding(before, after, lang) && !is_comparison(before, after, lang)
            }
        })
        .map(|q| q.value)
}
