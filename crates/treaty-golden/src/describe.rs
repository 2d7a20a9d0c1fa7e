//! One-line descriptions of rows, shared by the text, JUnit and regression reports.
//!
//! A rate row reads `en art 10 ¶2 (a) dividends rate 5 percent [condition] — "quote…"`: the
//! treaty number is shown only when it is not 1, the subparagraph, condition and quote only
//! when present.

use crate::compare::{Change, OutlineChange};
use crate::records::{OutlineRecord, RateRecord};

/// How many characters of a quote a description shows before cutting it with `…`.
const QUOTE_CHARS: usize = 80;

/// Describes a rate row, with its quote when `with_quote` is set.
pub(crate) fn describe_rate(row: &RateRecord, with_quote: bool) -> String {
    let mut text = describe_place(row.treaty, &row.lang, &row.article);
    text.push_str(&format!(" ¶{}", row.paragraph));
    if !row.subparagraph.is_empty() {
        text.push_str(&format!(" ({})", row.subparagraph));
    }
    text.push_str(&format!(
        " {} {} {} {}",
        row.topic, row.kind, row.value, row.unit
    ));
    if !row.condition.is_empty() {
        text.push_str(&format!(" [{}]", row.condition));
    }
    if with_quote && !row.quote.is_empty() {
        text.push_str(&format!(" — \"{}\"", cut_quote(&row.quote)));
    }
    text
}

/// Describes an outline row: place, topic, paragraph count and title.
pub(crate) fn describe_outline(row: &OutlineRecord) -> String {
    let mut text = describe_place(row.treaty, &row.lang, &row.article);
    let noun = if row.paragraphs == 1 {
        "paragraph"
    } else {
        "paragraphs"
    };
    text.push_str(&format!(" {}, {} {}", row.topic, row.paragraphs, noun));
    if !row.title.is_empty() {
        text.push_str(&format!(" — \"{}\"", cut_quote(&row.title)));
    }
    text
}

/// `condition: a -> b; subparagraph: x -> y`.
pub(crate) fn describe_change(change: &Change) -> String {
    change
        .fields
        .iter()
        .map(|field| {
            let (expected, actual) = change.values(field);
            format!(
                "{field}: {} -> {}",
                show_field(expected),
                show_field(actual)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `topic: a -> b; paragraphs: 5 -> 4`.
pub(crate) fn describe_outline_change(change: &OutlineChange) -> String {
    change
        .fields
        .iter()
        .map(|field| {
            let (expected, actual) = outline_changed_values(change, field);
            format!(
                "{field}: {} -> {}",
                show_field(&expected),
                show_field(&actual)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The expected and actual text of one changed outline field.
pub(crate) fn outline_changed_values(change: &OutlineChange, field: &str) -> (String, String) {
    match field {
        "paragraphs" => (
            change.expected.paragraphs.to_string(),
            change.actual.paragraphs.to_string(),
        ),
        _ => (change.expected.topic.clone(), change.actual.topic.clone()),
    }
}

/// `treaty 2 en art 10`, with `art ?` for an article whose number is unknown.
fn describe_place(treaty: usize, lang: &str, article: &str) -> String {
    let treaty_prefix = if treaty == 1 {
        String::new()
    } else {
        format!("treaty {treaty} ")
    };
    let article = if article.is_empty() { "?" } else { article };
    format!("{treaty_prefix}{lang} art {article}")
}

/// Shows an empty field as `(empty)` so that a change to or from nothing is visible.
pub(crate) fn show_field(value: &str) -> &str {
    if value.is_empty() {
        "(empty)"
    } else {
        value
    }
}

/// The quote on one line, cut to [`QUOTE_CHARS`] characters.
fn cut_quote(quote: &str) -> String {
    let one_line: String = quote.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= QUOTE_CHARS {
        return one_line;
    }
    let mut cut: String = one_line.chars().take(QUOTE_CHARS).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> RateRecord {
        RateRecord {
            treaty: 1,
            lang: "en".to_owned(),
            topic: "dividends".to_owned(),
            article: "10".to_owned(),
            paragraph: "2".to_owned(),
            subparagraph: "a".to_owned(),
            kind: "rate".to_owned(),
            value: "5".to_owned(),
            unit: "percent".to_owned(),
            condition: "beneficial_owner=company".to_owned(),
            quote: "5 per cent of the gross amount".to_owned(),
            source: None,
            modifies: None,
        }
    }

    #[test]
    fn rate_description_has_all_parts() {
        assert_eq!(
            describe_rate(&row(), true),
            "en art 10 ¶2 (a) dividends rate 5 percent [beneficial_owner=company] — \"5 per cent of the gross amount\""
        );
        let mut bare = row();
        bare.treaty = 2;
        bare.article = String::new();
        bare.subparagraph = String::new();
        bare.condition = String::new();
        assert_eq!(
            describe_rate(&bare, true),
            "treaty 2 en art ? ¶2 dividends rate 5 percent — \"5 per cent of the gross amount\""
        );
        assert_eq!(
            describe_rate(&bare, false),
            "treaty 2 en art ? ¶2 dividends rate 5 percent"
        );
    }

    #[test]
    fn long_quotes_are_cut_by_characters() {
        let mut long = row();
        long.quote = "当".repeat(100);
        let description = describe_rate(&long, true);
        assert!(
            description.ends_with(&format!("\"{}…\"", "当".repeat(80))),
            "{description}"
        );
    }
}
