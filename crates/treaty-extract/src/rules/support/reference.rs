//! Clauses that refer to another subparagraph, and rates stated as a share of another.

use treaty_numbers::Lang;
use treaty_segment::Paragraph;

use super::text::lower;
use super::words::{starts_with_any, words};

/// The text of the subparagraph a clause refers to, empty when it refers to none.
pub(crate) fn referenced_text(clause: &str, siblings: &[Paragraph], lang: Lang) -> String {
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

/// True when the words after a percentage make it a share of another rate ("50 per cent of
/// the rate", "da taxa"), not a rate of its own.
pub(crate) fn is_relative_rate(after: &str, lang: Lang) -> bool {
    let after = lower(after);
    starts_with_any(after.trim_start(), words(lang).list.relative_rate)
}
