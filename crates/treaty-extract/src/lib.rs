//! Extraction: withholding-rate caps and thresholds from a segmented treaty, typed, with
//! provenance (the rows of the dataset schema, `treaty-schema`).
//!
//! [`extract`] takes a normalized, segmented and identified document and gives its rate rows
//! (reconciled across language versions, layered where a protocol replaces a tier, each with
//! its `row_id`) and the warnings extraction raises. The rules are in [`rules`], listed in
//! [`rules::registry`]; `treaty-pipeline` runs the stages before it.

#![deny(missing_docs)]

mod currency;
mod effective;
pub mod reconcile;
mod rows;
pub mod rules;

use std::collections::HashMap;

use treaty_identity::Identity;
use treaty_normalize::Normalized;
use treaty_schema::{row_id, Kind, RateRow, Warning};
use treaty_segment::Document;

/// The rate rows of a document and the warnings extraction raises: rows in document order,
/// reconciled across language versions, the former wording of replaced tiers linked, each
/// with its `row_id`; a treaty with articles and no rate says so.
pub fn extract(
    doc: &str,
    bytes: &[u8],
    normalized: &Normalized,
    document: &Document,
    identities: &[Identity],
) -> (Vec<RateRow>, Vec<Warning>) {
    let (mut rows, mut warnings) = rows::extract_rows(doc, bytes, normalized, document, identities);
    warnings.extend(reconcile::reconcile(&mut rows, || {
        paragraph_texts(document)
    }));
    warnings.extend(no_rate_rows(document, &rows));
    row_id::assign_row_ids(doc, &mut rows);
    (rows, warnings)
}

/// Every paragraph's text by treaty, language, article and paragraph, for reconciling the
/// language versions.
fn paragraph_texts(document: &Document) -> HashMap<reconcile::ParagraphKey, String> {
    document
        .treaties
        .iter()
        .flat_map(|treaty| {
            treaty
                .versions
                .iter()
                .map(move |version| (treaty.index, version))
        })
        .flat_map(|(treaty, version)| {
            version
                .articles
                .iter()
                .chain(&version.protocol)
                .chain(&version.mli)
                .flat_map(move |article| {
                    article.paragraphs.iter().map(move |paragraph| {
                        (
                            (
                                treaty,
                                version.lang,
                                article.number.clone(),
                                paragraph.number.clone(),
                            ),
                            paragraph.text.clone(),
                        )
                    })
                })
        })
        .collect()
}

/// A treaty with articles and not one rate says so: rows are never lost in silence.
fn no_rate_rows(document: &Document, rows: &[RateRow]) -> Option<Warning> {
    let has_structure = document
        .treaties
        .iter()
        .flat_map(|t| &t.versions)
        .any(|v| !v.articles.is_empty() || !v.protocol.is_empty());
    (has_structure && !rows.iter().any(|row| row.kind == Kind::Rate)).then(|| Warning {
        code: "no_rate_rows".to_string(),
        message: "articles were found but no withholding rate in any of them: the rate \
                  clauses may be worded in a way the rules do not know, or the structure \
                  may be damaged; check the text"
            .to_string(),
        start: None,
        end: None,
    })
}
