//! Bilingual reconciliation: where a treaty is in two languages, the rows of one version are
//! compared with those of the other, article by article.
//!
//! A row with a twin (same article, paragraph, kind, value and unit) in the other version is
//! `agreed`. A row without one is `unmatched`, and a warning names both clauses: the other
//! version's row in the same article and paragraph that states another number, or, when the
//! other version's paragraph states no number at all, says the number was lost there (OCR).
//! Nothing is ever copied into the damaged version.

use std::cell::LazyCell;
use std::collections::HashMap;

use treaty_lang::Lang;

use treaty_schema::{Kind, RateRow, Status, Unit, Warning};

/// A paragraph of one language version: (treaty, language, article, paragraph).
pub type ParagraphKey = (usize, Lang, String, String);

fn key(row: &RateRow) -> (usize, &str, &str, Kind, &str, &Unit) {
    (
        row.treaty,
        row.article.as_str(),
        row.paragraph.as_str(),
        row.kind,
        row.value.as_str(),
        &row.unit,
    )
}

/// Sets `status` on rows of multi-language treaties and returns the disagreements.
///
/// `paragraphs` gives the text of every paragraph, to tell a number the other version
/// states differently from one it lost; it is called only when versions disagree (most
/// documents' versions agree, and the texts are a copy of the whole document).
pub fn reconcile(
    rows: &mut [RateRow],
    paragraphs: impl FnOnce() -> HashMap<ParagraphKey, String>,
) -> Vec<Warning> {
    let texts = LazyCell::new(paragraphs);
    let mut warnings = Vec::new();
    let mut statuses: Vec<Option<Status>> = Vec::with_capacity(rows.len());
    for row in rows.iter() {
        if matches!(row.status, Status::Single | Status::Superseded) {
            statuses.push(None);
            continue;
        }
        let other_versions: Vec<&RateRow> = rows
            .iter()
            .filter(|other| {
                other.treaty == row.treaty
                    && other.lang != row.lang
                    && other.status != Status::Superseded
            })
            .collect();
        let twin = other_versions.iter().any(|other| key(other) == key(row));
        let status = if twin {
            Status::Agreed
        } else if other_versions.is_empty() {
            Status::Single
        } else {
            warnings.push(mismatch_warning(row, &other_versions, &texts));
            Status::Unmatched
        };
        statuses.push(Some(status));
    }
    for (row, status) in rows.iter_mut().zip(statuses) {
        if let Some(status) = status {
            row.status = status;
        }
    }
    warnings
}

/// True when a text states any quantity in `unit` (`percent`, `days`, `USD`, ...).
fn states_unit(text: &str, lang: Lang, unit: &Unit) -> bool {
    treaty_numbers::find_quantities(text, lang)
        .iter()
        .any(|q| q.unit.as_str() == unit.as_str())
}

fn clip(text: &str) -> String {
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() > 120 {
        format!("{}…", folded.chars().take(119).collect::<String>())
    } else {
        folded
    }
}

fn mismatch_warning(
    row: &RateRow,
    other_versions: &[&RateRow],
    paragraphs: &HashMap<ParagraphKey, String>,
) -> Warning {
    // tidy: not language (warnings for the reader, in the datasets' English)
    let here = format!(
        "{} {} {} in article {} paragraph {} ({}: \"{}\")",
        row.kind,
        row.value,
        row.unit,
        row.article,
        row.paragraph,
        row.lang,
        clip(&row.quote)
    );
    let differing = other_versions.iter().find(|other| {
        other.article == row.article
            && other.paragraph == row.paragraph
            && other.kind == row.kind
            && other.unit == row.unit
    });
    let (code, message) = match differing {
        Some(other) => (
            "version_disagreement",
            format!(
                "{here} disagrees with the {} version, which states {} {} (\"{}\")",
                other.lang,
                other.value,
                other.unit,
                clip(&other.quote)
            ),
        ),
        None => {
            let other_lang = other_versions[0].lang;
            let other_text = paragraphs.get(&(
                row.treaty,
                other_lang,
                row.article.clone(),
                row.paragraph.clone(),
            ));
            match other_text {
                Some(text) if !states_unit(text, other_lang, &row.unit) && !row.value.is_zero() => (
                    "number_lost",
                    format!("{here}: the {other_lang} version's paragraph states no quantity in {}, as if OCR lost it (\"{}\")", row.unit, clip(text)),
                ),
                Some(text) => ("version_mismatch", format!("{here} has no counterpart in the {other_lang} version (\"{}\")", clip(text))),
                None => ("version_mismatch", format!("{here}: the {other_lang} version has no article {} paragraph {}", row.article, row.paragraph)),
            }
        }
    };
    Warning {
        code: code.to_string(),
        message,
        start: Some(row.start),
        end: Some(row.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use treaty_schema::{Conditions, Source};
    use treaty_segment::Topic;

    fn row(lang: &str, paragraph: &str, value: &str, quote: &str) -> RateRow {
        RateRow {
            doc: "d".into(),
            lang: Lang::from_code(lang).unwrap(),
            topic: Topic::Dividends,
            article: "10".into(),
            paragraph: paragraph.into(),
            subparagraph: String::new(),
            kind: Kind::Rate,
            value: value.parse().unwrap(),
            unit: Unit::Percent,
            condition: String::new(),
            quote: quote.into(),
            treaty: 1,
            start: 0,
            end: 0,
            confidence: 0.9,
            status: Status::Unmatched,
            source: Source::Treaty,
            modifies: Vec::new(),
            page: None,
            ocr_confidence: None,
            superseded_by: None,
            effective_rate: None,
            conditions: Conditions::default(),
            row_id: String::new(),
            rule: "rate_tiers".into(),
        }
    }

    #[test]
    fn agreement_disagreement_and_a_number_lost_by_ocr() {
        let mut rows = vec![
            row("pt", "2", "15", "15 por cento do montante bruto"),
            row("en", "2", "15", "15 per cent of the gross amount"),
            row("pt", "3", "10", "10 por cento"),
            row("en", "3", "12", "12 per cent"),
            row("pt", "5", "25", "25 por cento dos lucros"),
        ];
        let paragraphs: HashMap<ParagraphKey, String> = [(
            (1, Lang::En, "10".to_string(), "5".to_string()),
            "5. Where a company resident of Denm at source in accordance with exceed".to_string(),
        )]
        .into_iter()
        .collect();
        let warnings = reconcile(&mut rows, || paragraphs);
        let statuses: Vec<&str> = rows.iter().map(|r| r.status.as_str()).collect();
        assert_eq!(
            statuses,
            ["agreed", "agreed", "unmatched", "unmatched", "unmatched"]
        );
        let codes: Vec<&str> = warnings.iter().map(|w| w.code.as_str()).collect();
        assert_eq!(
            codes,
            [
                "version_disagreement",
                "version_disagreement",
                "number_lost"
            ]
        );
        assert!(
            warnings[0]
                .message
                .contains("en version, which states 12 percent"),
            "{}",
            warnings[0].message
        );
    }
}
