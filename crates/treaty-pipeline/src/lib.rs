//! The per-document pipeline: bytes in, a [`treaty_schema::DocumentReport`] out (structure,
//! rows, warnings), every span in original bytes.
//!
//! [`process_document`] is the one entry point the CLI needs: it runs ingest and normalize
//! (`treaty-normalize`), segment (`treaty-segment`), identify (`treaty-identity`) and extract
//! and reconcile (`treaty-extract`), and assembles the report of the dataset schema
//! (`treaty-schema`).
//!
//! ```
//! use treaty_pipeline::{process_document, Settings};
//! let text = b"Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n";
//! let report = process_document("example", text, &Settings::default()).unwrap();
//! let row = &report.rows[0];
//! assert_eq!((row.topic.as_str(), row.kind.as_str(), row.value.as_str()), ("royalties", "rate", "10"));
//! assert_eq!(&text[row.start..row.end], b"10 per cent");
//! ```

#![deny(missing_docs)]

mod completeness;
mod identity_report;
pub mod link;

use treaty_identity::Identity;
use treaty_normalize::{normalize_bytes, IngestConfig, IngestError, Normalized};
use treaty_schema::{
    self as schema, sha256_hex, ArticleReport, DocumentReport, FixCount, LanguageBytes,
    ParagraphReport, SubparagraphReport, TreatyReport, VersionReport, Warning,
};
use treaty_segment::{Article, Config as SegmentConfig, Document, TokenizerSource};

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
    let (rows, extraction_warnings) =
        treaty_extract::extract(doc, bytes, &normalized, &document, &identities);
    warnings.extend(extraction_warnings);
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
