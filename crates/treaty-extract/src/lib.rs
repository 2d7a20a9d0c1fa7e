//! Extraction: withholding-rate caps and thresholds, typed, with provenance; plus the
//! per-document pipeline that runs every stage and the dataset schema it writes.
//!
//! [`process_document`] is the one entry point the CLI needs: bytes in, a
//! [`schema::DocumentReport`] out (structure, rows, warnings), every span in original bytes.
//!
//! ```
//! use treaty_extract::{process_document, Settings};
//! let text = b"Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n";
//! let report = process_document("example", text, &Settings::default()).unwrap();
//! let row = &report.rows[0];
//! assert_eq!((row.topic.as_str(), row.kind.as_str(), row.value.as_str()), ("royalties", "rate", "10"));
//! assert_eq!(&text[row.start..row.end], b"10 per cent");
//! ```

#![deny(missing_docs)]

mod completeness;
mod currency;
mod effective;
mod headline;
mod identity_report;
pub mod link;
pub mod reconcile;
mod rows;
pub mod rules;
pub mod schema;

pub use headline::treaty_rows;
use std::collections::HashMap;

use rows::extract_rows;
use sha2::{Digest, Sha256};
use treaty_identity::Identity;
use treaty_normalize::{normalize_bytes, IngestConfig, IngestError, Normalized};
use treaty_segment::{Article, Config as SegmentConfig, Document, TokenizerSource};

use schema::{
    ArticleReport, DocumentReport, FixCount, LanguageBytes, ParagraphReport, RateRow,
    SubparagraphReport, TreatyReport, VersionReport, Warning,
};

/// Settings for processing documents.
#[derive(Default, Clone)]
pub struct Settings<'a> {
    /// Input limits.
    pub ingest: IngestConfig,
    /// Source of the Japanese tokenizer, loaded only when a document needs it.
    pub tokenizers: Option<&'a dyn TokenizerSource>,
    /// The treaty, from another document, that this document's amending protocols amend
    /// (see [`link`]).
    pub amended_treaty: Option<std::sync::Arc<link::LinkedTreaty>>,
}

/// Runs ingest, normalize, segment, extract and reconcile on one document.
///
/// Fails only when the input cannot be read as text (empty, binary, too large); a text with
/// no recognizable treaty structure is a report with warnings, not an error.
pub fn process_document(
    doc: &str,
    bytes: &[u8],
    settings: &Settings<'_>,
) -> Result<DocumentReport, IngestError> {
    let normalized = normalize_bytes(bytes, &settings.ingest)?;
    let segment_config = SegmentConfig {
        tokenizers: settings.tokenizers,
        amended_treaty: settings.amended_treaty.as_deref().map(|t| &t.topics),
    };
    let (document, diagnostics) = treaty_segment::segment(&normalized.text, &segment_config);
    let identities = treaty_identity::identify(&normalized.text, &document, &diagnostics);
    let to_original = |range: std::ops::Range<usize>| normalized.map.span_to_original(range);
    let mut warnings: Vec<Warning> = diagnostics
        .into_iter()
        .map(|d| {
            let span = d.span.map(to_original);
            Warning {
                code: d.code.to_string(),
                message: d.message,
                start: span.as_ref().map(|s| s.start),
                end: span.map(|s| s.end),
            }
        })
        .collect();
    let (mut rows, inferred) = extract_rows(doc, bytes, &normalized, &document, &identities);
    warnings.extend(inferred);
    warnings.extend(reconcile::reconcile(&mut rows, || {
        paragraph_texts(&document)
    }));
    warnings.extend(no_rate_rows(&document, &rows));
    effective::assign_row_ids(doc, &mut rows);
    warnings.extend(settings.amended_treaty.as_deref().map(link::linked_warning));
    let mut report = DocumentReport {
        schema_version: schema::SCHEMA_VERSION.to_string(),
        doc: doc.to_string(),
        status: String::new(),
        status_reasons: Vec::new(),
        bytes: bytes.len(),
        sha256: sha256_hex(bytes),
        encoding: normalized.encoding.to_string(),
        extracted_from: None,
        normalization: normalized
            .stats
            .entries()
            .into_iter()
            .map(|(fix, count)| FixCount {
                fix: fix.to_string(),
                count,
            })
            .collect(),
        languages: reported_languages(&document.languages),
        treaties: structure_report(&normalized, &document, &identities),
        rows,
        warnings,
    };
    let unknown = link::unknown_amended_topics(&report, settings.amended_treaty.is_some());
    report.warnings.extend(unknown);
    report.status_reasons = completeness::incomplete_reasons(&report);
    report.status = if report.status_reasons.is_empty() {
        "complete"
    } else {
        "incomplete"
    }
    .to_string();
    Ok(report)
}

/// A language holding less than this share of a document's text (and less than
/// [`LANGUAGE_FLOOR_BYTES`]) is a few stray words (a name, a quoted term), not a language of
/// the document.
const LANGUAGE_FLOOR_SHARE: f64 = 0.02;

/// See [`LANGUAGE_FLOOR_SHARE`].
const LANGUAGE_FLOOR_BYTES: usize = 256;

/// The document's languages, the largest always, the others when they hold enough of its
/// text to be a language of it ([`LANGUAGE_FLOOR_SHARE`]).
fn reported_languages(languages: &[treaty_segment::LanguageShare]) -> Vec<LanguageBytes> {
    let total: usize = languages.iter().map(|l| l.bytes).sum();
    let largest = languages.iter().map(|l| l.bytes).max().unwrap_or(0);
    languages
        .iter()
        .filter(|l| {
            l.bytes == largest
                || (l.bytes >= LANGUAGE_FLOOR_BYTES
                    && l.bytes as f64 >= LANGUAGE_FLOOR_SHARE * total as f64)
        })
        .map(|l| LanguageBytes {
            lang: l.lang,
            bytes: l.bytes,
        })
        .collect()
}

/// Hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
    (has_structure && !rows.iter().any(|row| row.kind == schema::Kind::Rate)).then(|| Warning {
        code: "no_rate_rows".to_string(),
        message: "articles were found but no withholding rate in any of them: the rate \
                  clauses may be worded in a way the rules do not know, or the structure \
                  may be damaged; check the text"
            .to_string(),
        start: None,
        end: None,
    })
}

fn structure_report(
    normalized: &Normalized,
    document: &Document,
    identities: &[Identity],
) -> Vec<TreatyReport> {
    let article_report = |article: &Article| {
        let span = normalized.map.span_to_original(article.span.clone());
        ArticleReport {
            article: article.number.clone(),
            printed: article.printed.clone(),
            title: article.title.clone(),
            topic: article.topic,
            inferred: article.inferred,
            start: span.start,
            end: span.end,
            modifies: article.modifies.clone(),
            paragraphs: article
                .paragraphs
                .iter()
                .map(|paragraph| {
                    let span = normalized.map.span_to_original(paragraph.span.clone());
                    ParagraphReport {
                        paragraph: paragraph.number.clone(),
                        unnumbered: paragraph.unnumbered,
                        start: span.start,
                        end: span.end,
                        subparagraphs: paragraph
                            .subparagraphs
                            .iter()
                            .map(|sub| {
                                let span = normalized.map.span_to_original(
                                    paragraph.pieces.range_to_normalized(sub.local.clone()),
                                );
                                SubparagraphReport {
                                    label: sub.label.clone(),
                                    start: span.start,
                                    end: span.end,
                                }
                            })
                            .collect(),
                    }
                })
                .collect(),
        }
    };
    document
        .treaties
        .iter()
        .map(|treaty| TreatyReport {
            treaty: treaty.index,
            parties: treaty.parties.clone(),
            states: Vec::new(),
            instrument: schema::Instrument::Convention,
            title: String::new(),
            signed: None,
            amends: None,
            entry_into_force: None,
            effective_withholding: None,
            effective: Vec::new(),
            fragment: treaty.fragment,
            versions: treaty
                .versions
                .iter()
                .map(|version| {
                    let span = normalized.map.span_to_original(version.span.clone());
                    VersionReport {
                        lang: version.lang,
                        start: span.start,
                        end: span.end,
                        articles: version.articles.iter().map(article_report).collect(),
                        protocol: version.protocol.iter().map(article_report).collect(),
                        mli: version.mli.iter().map(article_report).collect(),
                    }
                })
                .collect(),
        })
        .map(|mut report| {
            if let Some(identity) = identities.iter().find(|i| i.treaty == report.treaty) {
                identity_report::fill(&mut report, identity, normalized);
            }
            report
        })
        .collect()
}

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
pub fn article_rows(report: &DocumentReport) -> Vec<schema::ArticleRow> {
    let mut rows = Vec::new();
    for treaty in &report.treaties {
        for version in &treaty.versions {
            for article in version.articles.iter().chain(&version.protocol) {
                rows.push(schema::ArticleRow {
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

#[cfg(test)]
mod language_floor_tests {
    use super::reported_languages;
    use treaty_lang::Lang;
    use treaty_segment::LanguageShare;

    fn shares(list: &[(Lang, usize)]) -> Vec<(Lang, usize)> {
        let input: Vec<LanguageShare> = list
            .iter()
            .map(|&(lang, bytes)| LanguageShare { lang, bytes })
            .collect();
        reported_languages(&input)
            .iter()
            .map(|l| (l.lang, l.bytes))
            .collect()
    }

    #[test]
    fn a_few_stray_words_are_no_language_of_the_document() {
        // An English treaty with a Portuguese name or two in it.
        assert_eq!(
            shares(&[(Lang::En, 48_000), (Lang::Pt, 45)]),
            [(Lang::En, 48_000)]
        );
        // A bilingual treaty keeps both; so does a short appendix over the floor.
        assert_eq!(
            shares(&[(Lang::Pt, 30_000), (Lang::En, 28_000)]),
            [(Lang::Pt, 30_000), (Lang::En, 28_000)]
        );
        assert_eq!(
            shares(&[(Lang::Ja, 40_000), (Lang::En, 1_200)]),
            [(Lang::Ja, 40_000), (Lang::En, 1_200)]
        );
        // A tiny document keeps its largest language.
        assert_eq!(shares(&[(Lang::Ja, 10), (Lang::En, 5)]), [(Lang::Ja, 10)]);
    }
}
