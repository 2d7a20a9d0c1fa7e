//! The rows of a document: each rule finding placed in its treaty, language version,
//! article and paragraph, its span mapped back to the original bytes, with the warnings a
//! reviewer needs (a derived rate, an inferred unit, a bare currency word, an implausible
//! rate).

use std::ops::Range;

use treaty_identity::Identity;
use treaty_normalize::Normalized;
use treaty_segment::{Article, Document, Paragraph, Treaty, Version};

use crate::rules::{self, Finding, ReplacedTier};
use crate::{currency, effective};
use treaty_schema::{self as schema, RateRow, Source, Status, Unit, Warning};

/// The rows of a document, and the warnings about them.
pub(crate) fn extract_rows(
    doc: &str,
    bytes: &[u8],
    normalized: &Normalized,
    document: &Document,
    identities: &[Identity],
) -> (Vec<RateRow>, Vec<Warning>) {
    let pages = page_starts(bytes);
    let mut rows = Vec::new();
    let mut warnings = Vec::new();
    // Rows of a protocol or MLI that replace tiers of the treaty, by index into `rows`.
    let mut replacing = Vec::new();
    for treaty in &document.treaties {
        let facts = rules::TreatyFacts::of(treaty);
        // The parties as identified (the signature block's where the preamble names none),
        // else as the segmenter read the preamble: a bare currency word is theirs.
        let identified: Vec<String> = identities
            .iter()
            .find(|identity| identity.treaty == treaty.index)
            .map(|identity| identity.parties.iter().map(|p| p.printed.clone()).collect())
            .unwrap_or_default();
        let parties = if identified.is_empty() {
            &treaty.parties
        } else {
            &identified
        };
        for version in &treaty.versions {
            let layers = version
                .articles
                .iter()
                .map(|a| (a, Source::Treaty))
                .chain(version.protocol.iter().map(|a| (a, Source::Protocol)))
                .chain(version.mli.iter().map(|a| (a, Source::Mli)));
            for (article, source) in layers {
                for paragraph in &article.paragraphs {
                    let place = RowPlace {
                        doc,
                        treaty,
                        parties,
                        version,
                        article,
                        paragraph,
                        source,
                        normalized,
                        pages: pages.as_deref(),
                    };
                    for finding in rules::paragraph_findings_in(
                        paragraph,
                        &article.paragraphs,
                        paragraph.topic.unwrap_or(article.topic),
                        version.lang,
                        facts,
                        source,
                    ) {
                        if let Some(tiers) = place.replaced_tiers(&finding) {
                            replacing.push((rows.len(), tiers));
                        }
                        rows.push(place.row(finding, &mut warnings));
                    }
                }
            }
        }
    }
    effective::apply(&mut rows, &replacing);
    effective::link_former_wording(&mut rows);
    (rows, warnings)
}

/// Where a finding stands: the paragraph of an article of one language version of a treaty.
struct RowPlace<'a> {
    doc: &'a str,
    treaty: &'a Treaty,
    parties: &'a [String],
    version: &'a Version,
    article: &'a Article,
    paragraph: &'a Paragraph,
    source: Source,
    normalized: &'a Normalized,
    pages: Option<&'a [usize]>,
}

impl RowPlace<'_> {
    /// A warning about the number at `original`, named by its language, article and
    /// paragraph.
    fn warning(&self, code: &str, what: String, original: &std::ops::Range<usize>) -> Warning {
        Warning {
            code: code.to_string(),
            message: format!(
                "{} article {} paragraph {}: {what}",
                self.version.lang.as_str(),
                self.article.number,
                self.paragraph.number
            ),
            start: Some(original.start),
            end: Some(original.end),
        }
    }

    /// The tiers of the treaty's article that a protocol or MLI rate replaces.
    fn replaced_tiers(&self, finding: &Finding) -> Option<Vec<ReplacedTier>> {
        if self.source == Source::Treaty || finding.kind != schema::Kind::Rate || finding.struck {
            return None;
        }
        let tiers =
            rules::replaced_tiers(&self.paragraph.text, finding.local.start, self.version.lang);
        (!tiers.is_empty()).then_some(tiers)
    }

    /// The unit of a finding: a bare currency word (`dollars`) is the currency of the parties
    /// that use it, or is left as printed, with a warning either way.
    fn unit(
        &self,
        finding: &Finding,
        original: &std::ops::Range<usize>,
        warnings: &mut Vec<Warning>,
    ) -> Unit {
        let is_currency = matches!(&finding.unit, Unit::Currency(code)
            if code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase()));
        let reading = is_currency
            .then(|| {
                currency::read_bare_currency(
                    &self.paragraph.text[finding.local.clone()],
                    self.parties,
                )
            })
            .flatten();
        match reading {
            Some(reading) => {
                if let Some(why) = reading.warning {
                    warnings.push(self.warning("currency_bare", why, original));
                }
                reading.unit
            }
            None => finding.unit.clone(),
        }
    }

    /// The row of a finding, and its warnings.
    fn row(&self, finding: Finding, warnings: &mut Vec<Warning>) -> RateRow {
        let paragraph = self.paragraph;
        let normalized_span = paragraph.pieces.range_to_normalized(finding.local.clone());
        let original = self.normalized.map.span_to_original(normalized_span);
        // The quote shows the whole number, even where the clause ends inside it
        // (`五十(d) パーセント`: a displaced subparagraph marker).
        let clause_range = finding.clause.start.min(finding.local.start)
            ..finding.clause.end.max(finding.local.end);
        let clause = &paragraph.text[clause_range.clone()];
        let number_at = finding.local.start - clause_range.start;
        // tidy: not language (warnings for the reader, in the datasets' English)
        if let Some(derivation) = &finding.derived {
            let what = format!("the rate {} is derived: {derivation}", finding.value);
            warnings.push(self.warning("rate_derived", what, &original));
        }
        // tidy: not language (warnings for the reader, in the datasets' English)
        if finding.unit_inferred {
            let what = format!(
                "`{}` has no unit in the text; read as {} per cent because it is \"of the gross amount\"",
                &paragraph.text[finding.local.clone()],
                finding.value
            );
            warnings.push(self.warning("unit_inferred", what, &original));
        }
        let unit = self.unit(&finding, &original, warnings);
        // A cap above the whole income is no cap: kept for a reviewer, flagged.
        let implausible = finding.kind == schema::Kind::Rate
            && unit == Unit::Percent
            && finding.value.to_f64() > 100.0;
        // tidy: not language (warnings for the reader, in the datasets' English)
        if implausible {
            let what = format!(
                "a rate of {} per cent is more than the income it taxes; kept with confidence \
                 {IMPLAUSIBLE_CONFIDENCE}",
                finding.value
            );
            warnings.push(self.warning("implausible_rate", what, &original));
        }
        RateRow {
            rule: finding.rule.to_string(),
            doc: self.doc.to_string(),
            lang: self.version.lang,
            topic: finding.topic,
            article: self.article.number.clone(),
            paragraph: paragraph.number.clone(),
            subparagraph: finding.subparagraph.clone(),
            kind: finding.kind,
            value: finding.value.clone(),
            unit,
            condition: finding.conditions.flatten(),
            quote: quote_of(clause, number_at..number_at + finding.local.len()),
            treaty: self.treaty.index,
            start: original.start,
            end: original.end,
            confidence: if implausible {
                IMPLAUSIBLE_CONFIDENCE
            } else {
                finding.confidence
            },
            // Until reconciliation finds a twin in the other version; the former wording an
            // amendment replaces is history in every version.
            status: if finding.struck {
                Status::Superseded
            } else if self.treaty.versions.len() == 1 {
                Status::Single
            } else {
                Status::Unmatched
            },
            source: self.source,
            // A transitional rate names the rate article it sets a rate of for a first
            // period, in the treaty's own final provisions too; other treaty rows modify
            // nothing (the dataset contract).
            modifies: if !finding.modifies.is_empty() {
                finding.modifies.clone()
            } else if self.paragraph.modifies.is_empty() {
                self.article.modifies.clone()
            } else {
                self.paragraph.modifies.clone()
            },
            page: page_at(self.pages, original.start),
            ocr_confidence: None,
            superseded_by: None,
            effective_rate: None,
            conditions: finding.conditions,
            row_id: String::new(),
        }
    }
}

/// The quote of a clause: whitespace folded, long clauses cut around the number (at `number`
/// in the clause).
fn quote_of(clause: &str, number: Range<usize>) -> String {
    const LIMIT: usize = 400;
    let folded: String = clause.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() <= LIMIT {
        return folded;
    }
    // Keep a window of the clause that holds the number, the whole of it however long.
    let chars_to = |at: usize| {
        clause
            .get(..at.min(clause.len()))
            .map_or(0, |s| s.chars().count())
    };
    let start = chars_to(number.start).saturating_sub(LIMIT / 2);
    let length = LIMIT.max(chars_to(number.end) - start);
    let window: String = clause.chars().skip(start).take(length).collect();
    let window = window.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{}{}…", if start > 0 { "…" } else { "" }, window)
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
