//! A processed document's JSON and its lines of the datasets (`rates.csv`, `rates.jsonl`,
//! `articles.csv`, `treaties.csv`, `treaties.jsonl`, `warnings.jsonl`, `failures.jsonl`),
//! rendered on worker threads and appended in input order.

use std::io::Write;
use std::path::Path;

use treaty_extract::schema::RateRow;
use treaty_extract::{article_rows, treaty_rows};

use super::outcome::{failure_of_report, Failure, Outcome};
use crate::output::{write_atomic, AtomicFile};

/// What the main thread appends to the datasets for one document.
pub(super) struct Rendered {
    pub(super) resumed: bool,
    pub(super) rates_csv: Vec<u8>,
    pub(super) rates_jsonl: Vec<u8>,
    pub(super) articles_csv: Vec<u8>,
    pub(super) treaties_csv: Vec<u8>,
    pub(super) treaties_jsonl: Vec<u8>,
    pub(super) n_rows: usize,
    pub(super) n_articles: usize,
    pub(super) n_warnings: usize,
    /// `warnings.jsonl` lines: one per warning of the document.
    pub(super) warnings_jsonl: Vec<u8>,
    /// The code of each warning, in order.
    pub(super) warning_codes: Vec<String>,
    /// A warning that makes the document a failure of the batch.
    pub(super) failure: Option<Failure>,
}

/// One line of `warnings.jsonl`: a warning of a document, with its place in the original
/// bytes when it has one (`null` otherwise).
#[derive(serde::Serialize)]
struct WarningLine<'a> {
    doc: &'a str,
    code: &'a str,
    message: &'a str,
    start: Option<usize>,
    end: Option<usize>,
}

/// Writes a processed document's JSON and renders its dataset lines (on a worker thread).
pub(super) fn render(outcome: Outcome, out: &Path) -> Outcome {
    let Outcome::Done(report, resumed, path) = outcome else {
        return outcome;
    };
    if !resumed {
        let written = serde_json::to_vec(&report)
            .map_err(anyhow::Error::from)
            .and_then(|json| write_atomic(&out.join(format!("{}.json", report.doc)), &json));
        match written {
            Ok(()) => {}
            Err(error) if error.chain().any(|cause| cause.is::<std::io::Error>()) => {
                return Outcome::Unwritable(error)
            }
            Err(error) => {
                return Outcome::Failed(Failure {
                    doc: report.doc.clone(),
                    path,
                    severity: "error",
                    error: format!("cannot write its output: {error:#}"),
                })
            }
        }
    }
    let rendered = (|| -> anyhow::Result<Rendered> {
        let mut rates_csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        let mut rates_jsonl = Vec::new();
        for row in &report.rows {
            write_rate_csv(&mut rates_csv, row)?;
            serde_json::to_writer(&mut rates_jsonl, row)?;
            rates_jsonl.push(b'\n');
        }
        let mut articles_csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        let articles = article_rows(&report);
        for article in &articles {
            articles_csv.write_record([
                article.doc.as_str(),
                &article.treaty.to_string(),
                article.lang.as_str(),
                &article.article,
                &article.title,
                article.topic.as_str(),
                &article.inferred.to_string(),
                &article.paragraphs.to_string(),
                &article.start.to_string(),
                &article.end.to_string(),
                &article.printed,
            ])?;
        }
        let mut treaties_csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        let mut treaties_jsonl = Vec::new();
        for treaty in treaty_rows(&report) {
            treaties_csv.write_record(treaty.cells())?;
            serde_json::to_writer(&mut treaties_jsonl, &treaty)?;
            treaties_jsonl.push(b'\n');
        }
        let mut warnings_jsonl = Vec::new();
        for warning in &report.warnings {
            serde_json::to_writer(
                &mut warnings_jsonl,
                &WarningLine {
                    doc: &report.doc,
                    code: &warning.code,
                    message: &warning.message,
                    start: warning.start,
                    end: warning.end,
                },
            )?;
            warnings_jsonl.push(b'\n');
        }
        let failure = failure_of_report(&report, &path);
        Ok(Rendered {
            resumed,
            rates_csv: rates_csv.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?,
            rates_jsonl,
            articles_csv: articles_csv
                .into_inner()
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            treaties_csv: treaties_csv
                .into_inner()
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            treaties_jsonl,
            n_rows: report.rows.len(),
            n_articles: articles.len(),
            n_warnings: report.warnings.len(),
            warnings_jsonl,
            warning_codes: report.warnings.iter().map(|w| w.code.clone()).collect(),
            failure,
        })
    })();
    match rendered {
        Ok(rendered) => Outcome::Rendered(Box::new(rendered)),
        Err(error) => Outcome::Failed(Failure {
            doc: report.doc.clone(),
            path,
            severity: "error",
            error: format!("cannot write its output: {error:#}"),
        }),
    }
}

pub(super) fn write_header(file: &mut AtomicFile, columns: &[&str]) -> anyhow::Result<()> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(columns)?;
    file.writer()
        .write_all(&header.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)?;
    Ok(())
}

pub(super) fn write_failure(file: &mut AtomicFile, failure: &Failure) -> anyhow::Result<()> {
    serde_json::to_writer(file.writer(), failure)?;
    file.writer().write_all(b"\n")?;
    Ok(())
}

fn write_rate_csv<W: Write>(writer: &mut csv::Writer<W>, row: &RateRow) -> anyhow::Result<()> {
    writer.write_record([
        row.doc.as_str(),
        row.lang.as_str(),
        row.topic.as_str(),
        &row.article,
        &row.paragraph,
        &row.subparagraph,
        row.kind.as_str(),
        &row.value,
        row.unit.as_str(),
        &row.condition,
        &row.quote,
        &row.treaty.to_string(),
        &row.start.to_string(),
        &row.end.to_string(),
        &format!("{:.2}", row.confidence),
        row.status.as_str(),
        row.source.as_str(),
        &row.modifies,
        &row.page.map_or(String::new(), |page| page.to_string()),
        &row.ocr_confidence
            .map_or(String::new(), |confidence| format!("{confidence:.2}")),
    ])?;
    Ok(())
}
