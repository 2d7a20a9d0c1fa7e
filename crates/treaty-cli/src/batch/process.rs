//! One document through the pipeline: read (or resumed from an earlier run's JSON), processed
//! with panics caught, and every problem turned into a failure naming the file.

use std::path::Path;
use std::time::{Duration, Instant};

use treaty_normalize::{BinaryReason, IngestConfig, IngestError, Markup};
use treaty_pipeline::{process_document, Settings};
use treaty_schema::sha256_hex;
use treaty_schema::{
    DocumentReport, ExtractedFrom, OcrReport, PageReading, Warning, SCHEMA_VERSION,
};

use super::deadline::{process_within, Overrun};
use super::outcome::{Failure, Outcome};
use crate::inputs::{markup_of, Input};
use treaty_cli::dictionary::LazyTokenizer;

/// The settings every command runs the pipeline with: inputs up to `max_bytes`, the
/// Japanese tokenizer loaded when a document needs it, no amended treaty (a protocol's
/// treaty is set per document where a batch links one).
pub(crate) fn pipeline_settings(max_bytes: u64) -> Settings<'static> {
    Settings {
        ingest: IngestConfig {
            max_bytes,
            ..IngestConfig::default()
        },
        tokenizers: Some(LazyTokenizer::shared()),
        amended_treaty: None,
    }
}

/// Runs the pipeline on one document; a panic (a bug) becomes an error for this document
/// instead of ending the batch and losing the other documents' results, and so does a
/// document still running after `limit` (`--time-limit`; `None` or zero: no limit).
///
/// `path` is the file the bytes came from, if any: it decides whether they are read as HTML
/// (by its extension) and names the file in the advice for a PDF or an image. Stray control
/// bytes removed from the text become a warning of the document.
pub(crate) fn process_guarded(
    doc: &str,
    path: Option<&Path>,
    bytes: &[u8],
    settings: &Settings<'static>,
    limit: Option<Duration>,
) -> Result<DocumentReport, String> {
    process_guarded_after(doc, path, bytes, settings, limit, Duration::ZERO)
}

/// [`process_guarded`] for a document that has already `spent` part of its time limit (on
/// reading a PDF's text and OCR): the pipeline gets what is left.
fn process_guarded_after(
    doc: &str,
    path: Option<&Path>,
    bytes: &[u8],
    settings: &Settings<'static>,
    limit: Option<Duration>,
    spent: Duration,
) -> Result<DocumentReport, String> {
    let settings = Settings {
        ingest: IngestConfig {
            markup: path.map_or(Markup::Detect, markup_of),
            ..settings.ingest
        },
        ..settings.clone()
    };
    let answer = match limit.filter(|limit| !limit.is_zero()) {
        None => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            process_document(doc, bytes, &settings)
        })),
        Some(limit) => match process_within(doc, bytes, &settings, limit.saturating_sub(spent)) {
            Ok(answer) => answer,
            Err(Overrun::TookTooLong) => {
                return Err(format!(
                    "took too long: still running after {} s (--time-limit), so it was left \
                     unfinished and the batch went on",
                    limit.as_secs_f64()
                ))
            }
            Err(Overrun::NoHelper(why)) => {
                return Err(format!("could not be processed: {why}"));
            }
        },
    };
    match answer {
        Ok(Ok(mut report)) => {
            warn_of_stray_bytes(&mut report);
            Ok(report)
        }
        Ok(Err(IngestError::Binary {
            reason: BinaryReason::Format { format },
        })) => {
            let shown = path.map_or_else(|| "FILE".to_string(), |p| p.display().to_string());
            Err(format!(
                "it is {}, not text; {}",
                format.description(),
                format.advice(&shown)
            ))
        }
        Ok(Err(error)) => Err(error.to_string()),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(format!(
                "internal error (a bug in treaty, please report it with this file): {message}"
            ))
        }
    }
}

/// Adds a warning to a document whose text had stray control bytes (normalization removed
/// them; their count is in the document's normalization counts).
fn warn_of_stray_bytes(report: &mut DocumentReport) {
    let stray = report
        .normalization
        .iter()
        .find(|count| count.fix == "stray_controls")
        .map_or(0, |count| count.count);
    if stray > 0 {
        report.warnings.push(Warning {
            code: "stray_control_bytes".to_string(),
            message: format!(
                "{stray} stray control bytes (NUL, ESC, DEL, ...) were removed from the text; \
                 the file may have been damaged on its way"
            ),
            start: None,
            end: None,
        });
    }
}

/// Reads and processes one input; every problem becomes a [`Failure`] naming the file.
pub(super) fn process_input(
    input: &Input,
    out: &Path,
    settings: &Settings<'static>,
    limit: Option<Duration>,
    resume: bool,
) -> Outcome {
    let (path, doc) = match input {
        Input::File { path, doc } => (path, doc),
        Input::Unreadable { path, reason } => {
            return Outcome::Failed(Failure {
                doc: crate::inputs::doc_name(path),
                path: crate::path_text::path_text(path),
                severity: "error",
                error: reason.clone(),
            })
        }
    };
    let fail = |error: String| {
        Outcome::Failed(Failure {
            doc: doc.clone(),
            path: crate::path_text::path_text(path),
            severity: "error",
            error,
        })
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() > settings.ingest.max_bytes => {
            return fail(format!(
                "file is {} bytes, over the limit of {} bytes (--max-bytes)",
                meta.len(),
                settings.ingest.max_bytes
            ))
        }
        Ok(_) => {}
        Err(error) => return fail(format!("cannot read: {error}")),
    }
    // The time limit covers the whole document: reading a PDF's text and OCR of its pages too.
    let started = Instant::now();
    let limit = limit.filter(|limit| !limit.is_zero());
    let deadline = limit.map(|limit| started + limit);
    let input = match crate::pdf::read_input_capped(path, settings.ingest.max_bytes, deadline) {
        Ok(input) => input,
        Err(error) => return fail(error),
    };
    // Time OCR'd pages were allowed (--ocr-page-time) is not taken from the pipeline's.
    let ocr_pages = input
        .pdf
        .as_ref()
        .and_then(|pdf| pdf.ocr.as_ref())
        .map_or(0, |ocr| ocr.run.pages.len());
    let allowance =
        crate::ocr::page_time().saturating_mul(u32::try_from(ocr_pages).unwrap_or(u32::MAX));
    let spent = started.elapsed().saturating_sub(allowance);
    if let Some(limit) = limit.filter(|&limit| spent >= limit) {
        return fail(format!(
            "took too long: reading the PDF used all of its {} s (--time-limit)",
            limit.as_secs_f64()
        ));
    }
    if resume {
        if let Some(report) = previous_report(out, doc, &input.bytes) {
            // The rows point into the kept text: one deleted or edited since is written again.
            if input.pdf.is_some() {
                if let Err(error) = keep_text(out, doc, &input.bytes) {
                    return fail(error);
                }
            }
            return Outcome::Done(Box::new(report), true, path.clone());
        }
    }
    match process_guarded_after(doc, Some(path), &input.bytes, settings, limit, spent) {
        Ok(mut report) => {
            if let Some(pdf) = &input.pdf {
                if let Err(error) = record_pdf(&mut report, out, doc, &input.bytes, pdf) {
                    return fail(error);
                }
            }
            Outcome::Done(Box::new(report), false, path.clone())
        }
        Err(error) => fail(error),
    }
}

/// What the report of a PDF's text says of the PDF: its extracted text kept in `out` (named
/// in the report), how it was extracted, the OCR of its pages.
fn record_pdf(
    report: &mut DocumentReport,
    out: &Path,
    doc: &str,
    bytes: &[u8],
    pdf: &crate::pdf::PdfOrigin,
) -> Result<(), String> {
    let text = keep_text(out, doc, bytes)?;
    if let Some(note) = &pdf.note {
        report.warnings.push(Warning {
            code: "pdf_builtin_extractor".to_string(),
            message: note.clone(),
            start: None,
            end: None,
        });
    }
    report.extracted_from = Some(ExtractedFrom {
        format: "pdf".to_string(),
        bytes: pdf.bytes,
        sha256: pdf.sha256.clone(),
        extractor: pdf.extractor.clone(),
        pages: pdf.pages,
        text,
        ocr: pdf.ocr.as_ref().map(|ocr| OcrReport {
            engine: ocr.run.engine.clone(),
            languages: ocr.run.languages.clone(),
            pages: ocr.run.pages.clone(),
            confidence: ocr.mean_confidence(),
        }),
        page_readings: pdf.readings.clone(),
    });
    if let Some(ocr) = &pdf.ocr {
        let text = String::from_utf8_lossy(bytes);
        note_ocr(report, ocr, &text);
    }
    Ok(())
}

/// Keeps a PDF's extracted text as `text/<doc>.txt` in `out`, unless that file already holds
/// exactly these bytes; returns its name relative to `out`.
fn keep_text(out: &Path, doc: &str, text: &[u8]) -> Result<String, String> {
    let name = crate::output::kept_text_name(doc);
    let path = out.join(&name);
    // Read only a regular file of the same size (never a FIFO put in its place).
    let same = std::fs::symlink_metadata(&path)
        .is_ok_and(|meta| meta.is_file() && meta.len() == text.len() as u64)
        && std::fs::read(&path).is_ok_and(|kept| kept == text);
    if same {
        return Ok(name);
    }
    std::fs::create_dir_all(out.join("text"))
        .map_err(anyhow::Error::from)
        .and_then(|()| crate::output::write_atomic(&path, text))
        .map_err(|error| format!("cannot keep the PDF's text in {name}: {error:#}"))?;
    Ok(name)
}

/// Rows on OCR'd pages carry the OCR's confidence in the words of their quote; a warning says
/// which pages were read by OCR, so a reviewer checks their numbers against the scan.
fn note_ocr(report: &mut DocumentReport, ocr: &crate::pdf::OcrOrigin, text: &str) {
    for row in &mut report.rows {
        let quote = quote_span(text, &row.quote, row.start..row.end);
        row.ocr_confidence = ocr
            .confidence_in(quote)
            .map(|c| (c * 100.0).round() / 100.0);
    }
    let pages = &ocr.run.pages;
    let total = report
        .extracted_from
        .as_ref()
        .map_or(pages.len() as u32, |e| e.pages);
    report.warnings.push(Warning {
        code: "ocr".to_string(),
        message: format!(
            "{} of its {total} pages were read by OCR ({}, {}), mean word confidence {:.2}: \
             check numbers against the scan",
            pages.len(),
            ocr.run.engine,
            ocr.run.languages,
            ocr.mean_confidence()
        ),
        start: None,
        end: None,
    });
    if let Some(warning) = low_confidence_pages(&ocr.readings) {
        report.warnings.push(warning);
    }
}

/// The OCR'd pages that read poorly (mean word confidence under the floor a right reading
/// passes), named with their confidence, so a reviewer knows which pages of the scan to check.
fn low_confidence_pages(readings: &[PageReading]) -> Option<Warning> {
    let floor = crate::ocr::GOOD_READING;
    let poor: Vec<String> = readings
        .iter()
        .filter_map(|reading| {
            let confidence = reading.confidence?;
            (confidence < floor).then(|| format!("{} ({confidence:.2})", reading.page))
        })
        .collect();
    if poor.is_empty() {
        return None;
    }
    Some(Warning {
        code: "ocr_low_confidence".to_string(),
        message: format!(
            "{} OCR'd page{} read with a mean word confidence under {floor:.2}: page{} {}; \
             their text may be wrong",
            poor.len(),
            if poor.len() == 1 { "" } else { "s" },
            if poor.len() == 1 { "" } else { "s" },
            poor.join(", ")
        ),
        start: None,
        end: None,
    })
}

/// Where a row's quote lies in `text`: the stretch that holds the number and whose characters,
/// whitespace aside, are the quote's; the number alone when the quote cannot be found there
/// (a long clause's quote is cut and marked `…`, and is matched on what it keeps).
fn quote_span(text: &str, quote: &str, number: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let wanted: Vec<char> = quote
        .trim_matches('\u{2026}')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let (Some(&first), true) = (wanted.first(), number.end <= text.len()) else {
        return number;
    };
    let mut from = number.start.saturating_sub(4 * quote.len());
    while !text.is_char_boundary(from) {
        from += 1;
    }
    for (offset, ch) in text[from..number.start.max(from)].char_indices() {
        if ch != first {
            continue;
        }
        let start = from + offset;
        let mut letters = text[start..]
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace());
        let mut end = start;
        let matched = wanted.iter().all(|w| match letters.next() {
            Some((at, c)) if c == *w => {
                end = start + at + c.len_utf8();
                true
            }
            _ => false,
        });
        if matched && end >= number.end {
            return start..end;
        }
    }
    number
}

/// The report of an earlier run, if it is complete and made from the same bytes.
fn previous_report(out: &Path, doc: &str, bytes: &[u8]) -> Option<DocumentReport> {
    let text = std::fs::read(crate::output::json_path(out, doc)).ok()?;
    let report: DocumentReport = serde_json::from_slice(&text).ok()?;
    (report.schema_version == SCHEMA_VERSION && report.sha256 == sha256_hex(bytes))
        .then_some(report)
}

#[cfg(test)]
mod tests {
    use super::{low_confidence_pages, quote_span};
    use treaty_schema::PageReading;

    fn reading(page: u32, confidence: Option<f32>) -> PageReading {
        PageReading {
            page,
            source: "ocr".to_string(),
            letter_spacing: "none".to_string(),
            spaces_removed: 0,
            ocr: Some("region 1 eng".to_string()),
            confidence,
        }
    }

    #[test]
    fn pages_read_poorly_are_named_with_their_confidence() {
        let readings = [
            reading(1, Some(0.91)),
            reading(2, Some(0.43)),
            reading(3, None),
            reading(4, Some(0.69)),
        ];
        let warning = low_confidence_pages(&readings).expect("a warning");
        assert_eq!(warning.code, "ocr_low_confidence");
        assert!(
            warning.message.contains("2 OCR'd pages")
                && warning.message.contains("pages 2 (0.43), 4 (0.69)"),
            "{}",
            warning.message
        );
        assert_eq!(low_confidence_pages(&readings[..1]), None);
    }

    #[test]
    fn a_quote_is_found_around_its_number_whatever_the_line_breaks() {
        let text = "Article 10\n2. The tax so charged\nshall not exceed 15 per cent of the gross\namount.\n";
        let number = text.find("15 per cent").unwrap();
        let span = quote_span(
            text,
            "2. The tax so charged shall not exceed 15 per cent of the gross amount.",
            number..number + 11,
        );
        assert_eq!(
            &text[span],
            "2. The tax so charged\nshall not exceed 15 per cent of the gross\namount."
        );
        // A quote that is not there leaves the number alone.
        assert_eq!(
            quote_span(text, "nothing like it", number..number + 2),
            number..number + 2
        );
    }
}
