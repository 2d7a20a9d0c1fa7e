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

mod currency;
mod effective;
mod headline;
mod identity_report;
pub mod reconcile;
pub mod rules;
pub mod schema;

pub use headline::treaty_rows;
use sha2::{Digest, Sha256};
use treaty_identity::Identity;
use treaty_normalize::{normalize_bytes, IngestConfig, IngestError, Normalized};
use treaty_segment::{Article, Config as SegmentConfig, Document, TokenizerSource};

use schema::{
    ArticleReport, DocumentReport, FixCount, LanguageBytes, ParagraphReport, RateRow, Source,
    Status, SubparagraphReport, TreatyReport, Unit, VersionReport, Warning,
};

/// Settings for processing documents.
#[derive(Default, Clone, Copy)]
pub struct Settings<'a> {
    /// Input limits.
    pub ingest: IngestConfig,
    /// Source of the Japanese tokenizer, loaded only when a document needs it.
    pub tokenizers: Option<&'a dyn TokenizerSource>,
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
    let (mut rows, inferred) = extract_rows(doc, bytes, &normalized, &document);
    warnings.extend(inferred);
    let paragraph_texts: std::collections::HashMap<reconcile::ParagraphKey, String> = document
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
        .collect();
    warnings.extend(reconcile::reconcile(&mut rows, &paragraph_texts));
    // A treaty with articles and not one rate says so: rows are never lost in silence.
    let has_structure = document
        .treaties
        .iter()
        .flat_map(|t| &t.versions)
        .any(|v| !v.articles.is_empty() || !v.protocol.is_empty());
    if has_structure && !rows.iter().any(|row| row.kind == schema::Kind::Rate) {
        warnings.push(Warning {
            code: "no_rate_rows".to_string(),
            message: "articles were found but no withholding rate in any of them: the rate \
                      clauses may be worded in a way the rules do not know, or the structure \
                      may be damaged; check the text"
                .to_string(),
            start: None,
            end: None,
        });
    }
    Ok(DocumentReport {
        schema_version: schema::SCHEMA_VERSION.to_string(),
        doc: doc.to_string(),
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
        languages: document
            .languages
            .iter()
            .map(|l| LanguageBytes {
                lang: l.lang,
                bytes: l.bytes,
            })
            .collect(),
        treaties: structure_report(&normalized, &document, &identities),
        rows,
        warnings,
    })
}

/// Hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The quote of a clause: whitespace folded, long clauses cut around the number.
fn quote_of(clause: &str, number_at: usize) -> String {
    const LIMIT: usize = 400;
    let folded: String = clause.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() <= LIMIT {
        return folded;
    }
    // Keep a window of the clause that holds the number.
    let at_char = clause[..number_at.min(clause.len())].chars().count();
    let start = at_char.saturating_sub(LIMIT / 2);
    let window: String = clause.chars().skip(start).take(LIMIT).collect();
    let window = window.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{}{}…", if start > 0 { "…" } else { "" }, window)
}

/// The rows of a document, and a warning for each row whose unit the source lost.
fn extract_rows(
    doc: &str,
    bytes: &[u8],
    normalized: &Normalized,
    document: &Document,
) -> (Vec<RateRow>, Vec<Warning>) {
    let pages = page_starts(bytes);
    let mut rows = Vec::new();
    let mut warnings = Vec::new();
    let mut replacing = Vec::new();
    for treaty in &document.treaties {
        let facts = rules::TreatyFacts::of(treaty);
        for version in &treaty.versions {
            let single = treaty.versions.len() == 1;
            let layers = version
                .articles
                .iter()
                .map(|a| (a, Source::Treaty))
                .chain(version.protocol.iter().map(|a| (a, Source::Protocol)))
                .chain(version.mli.iter().map(|a| (a, Source::Mli)));
            for (article, source) in layers {
                for paragraph in &article.paragraphs {
                    for finding in rules::paragraph_findings_in(
                        paragraph,
                        &article.paragraphs,
                        article.topic,
                        version.lang,
                        facts,
                    ) {
                        let normalized_span =
                            paragraph.pieces.range_to_normalized(finding.local.clone());
                        let original = normalized.map.span_to_original(normalized_span);
                        // The quote shows the whole number, even where the clause ends
                        // inside it (`五十(d) パーセント`: a displaced subparagraph marker).
                        let clause_range = finding.clause.start.min(finding.local.start)
                            ..finding.clause.end.max(finding.local.end);
                        let clause = &paragraph.text[clause_range.clone()];
                        let number_at = finding.local.start - clause_range.start;
                        if let Some(derivation) = &finding.derived {
                            warnings.push(Warning {
                                code: "rate_derived".to_string(),
                                message: format!(
                                    "{} article {} paragraph {}: the rate {} is derived: {}",
                                    version.lang.as_str(),
                                    article.number,
                                    paragraph.number,
                                    finding.value,
                                    derivation
                                ),
                                start: Some(original.start),
                                end: Some(original.end),
                            });
                        }
                        if finding.unit_inferred {
                            warnings.push(Warning {
                                code: "unit_inferred".to_string(),
                                message: format!(
                                    "{} article {} paragraph {}: `{}` has no unit in the text; read as {} per cent because it is \"of the gross amount\"",
                                    version.lang.as_str(),
                                    article.number,
                                    paragraph.number,
                                    &paragraph.text[finding.local.clone()],
                                    finding.value
                                ),
                                start: Some(original.start),
                                end: Some(original.end),
                            });
                        }
                        // A bare currency word (`dollars`): the parties say which.
                        let mut unit = finding.unit.clone();
                        let is_currency = matches!(&unit, Unit::Currency(code)
                            if code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase()));
                        if let Some(reading) = is_currency
                            .then(|| {
                                currency::read_bare_currency(
                                    &paragraph.text[finding.local.clone()],
                                    &treaty.parties,
                                )
                            })
                            .flatten()
                        {
                            if let Some(why) = reading.warning {
                                warnings.push(Warning {
                                    code: "currency_bare".to_string(),
                                    message: format!(
                                        "{} article {} paragraph {}: {why}",
                                        version.lang.as_str(),
                                        article.number,
                                        paragraph.number
                                    ),
                                    start: Some(original.start),
                                    end: Some(original.end),
                                });
                            }
                            unit = reading.unit;
                        }
                        // A cap above the whole income is no cap: kept for a reviewer, flagged.
                        let implausible = finding.kind == schema::Kind::Rate
                            && unit == schema::Unit::Percent
                            && finding.value.parse::<f64>().is_ok_and(|v| v > 100.0);
                        if implausible {
                            warnings.push(Warning {
                                code: "implausible_rate".to_string(),
                                message: format!(
                                    "{} article {} paragraph {}: a rate of {} per cent is more \
                                     than the income it taxes; kept with confidence {IMPLAUSIBLE_CONFIDENCE}",
                                    version.lang.as_str(),
                                    article.number,
                                    paragraph.number,
                                    finding.value
                                ),
                                start: Some(original.start),
                                end: Some(original.end),
                            });
                        }
                        // A protocol or MLI rate that replaces a tier of the treaty's article.
                        if source != Source::Treaty && finding.kind == schema::Kind::Rate {
                            let tiers = rules::replaced_tiers(
                                &paragraph.text,
                                finding.local.start,
                                version.lang,
                            );
                            if !tiers.is_empty() {
                                replacing.push((rows.len(), tiers));
                            }
                        }
                        rows.push(RateRow {
                            doc: doc.to_string(),
                            lang: version.lang,
                            topic: finding.topic,
                            article: article.number.clone(),
                            paragraph: paragraph.number.clone(),
                            subparagraph: finding.subparagraph.clone(),
                            kind: finding.kind,
                            value: finding.value.clone(),
                            unit,
                            condition: finding.conditions.flatten(),
                            quote: quote_of(clause, number_at),
                            treaty: treaty.index,
                            start: original.start,
                            end: original.end,
                            confidence: if implausible {
                                IMPLAUSIBLE_CONFIDENCE
                            } else {
                                finding.confidence
                            },
                            // Until reconciliation finds a twin in the other version.
                            status: if single {
                                Status::Single
                            } else {
                                Status::Unmatched
                            },
                            source,
                            modifies: article.modifies.clone(),
                            page: page_at(pages.as_deref(), original.start),
                            ocr_confidence: None,
                            superseded_by: None,
                            effective_rate: None,
                            conditions: finding.conditions,
                        });
                    }
                }
            }
        }
    }
    effective::apply(&mut rows, &replacing);
    (rows, warnings)
}

/// The confidence of a rate above 100 per cent.
const IMPLAUSIBLE_CONFIDENCE: f32 = 0.1;

/// Where the pages of a text start (after each form feed), when it has any.
fn page_starts(bytes: &[u8]) -> Option<Vec<usize>> {
    let starts: Vec<usize> = memchr::memchr_iter(0x0C, bytes).map(|at| at + 1).collect();
    (!starts.is_empty()).then_some(starts)
}

/// The page of byte `at`: 1 + the form feeds before it.
fn page_at(page_starts: Option<&[usize]>, at: usize) -> Option<u32> {
    let before = page_starts?.partition_point(|&start| start <= at);
    Some(u32::try_from(before + 1).unwrap_or(u32::MAX))
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
            entry_into_force: None,
            effective_withholding: None,
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
