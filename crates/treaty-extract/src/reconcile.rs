//! Bilingual reconciliation: where a treaty is in two languages, the rows of one version are
//! compared with those of the other, article by article.
//!
//! A row with a twin (same article, paragraph, kind, value and unit) in the other version is
//! `agreed`. A row without one is `unmatched`, and a warning names the clause; when the other
//! version's paragraph is there but has no number at all (OCR lost it), the warning says so.
//! Nothing is ever copied into the damaged version.

use crate::schema::{RateRow, Warning};

fn key(row: &RateRow) -> (usize, &str, &str, &str, &str, &str) {
    (
        row.treaty,
        row.article.as_str(),
        row.paragraph.as_str(),
        row.kind.as_str(),
        row.value.as_str(),
        row.unit.as_str(),
    )
}

/// Sets `status` on rows of multi-language treaties and returns the disagreements.
pub fn reconcile(rows: &mut [RateRow]) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let statuses: Vec<Option<String>> = rows
        .iter()
        .map(|row| {
            if row.status == "single" {
                return None;
            }
            let twin = rows
                .iter()
                .any(|other| other.lang != row.lang && key(other) == key(row));
            let other_lang_present = rows
                .iter()
                .any(|other| other.treaty == row.treaty && other.lang != row.lang);
            Some(if twin {
                "agreed".to_string()
            } else if other_lang_present {
                "unmatched".to_string()
            } else {
                "single".to_string()
            })
        })
        .collect();
    for (row, status) in rows.iter_mut().zip(statuses) {
        if let Some(status) = status {
            if status == "unmatched" {
                warnings.push(Warning {
                    code: "version_mismatch".to_string(),
                    message: format!(
                        "{} {} {} in article {} paragraph {} ({}) has no counterpart in the other language version: the other text states another number or the number was lost",
                        row.kind, row.value, row.unit, row.article, row.paragraph, row.lang
                    ),
                    start: Some(row.start),
                    end: Some(row.end),
                });
            }
            row.status = status;
        }
    }
    warnings
}
