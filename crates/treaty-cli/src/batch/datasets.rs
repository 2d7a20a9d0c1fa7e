//! A processed document's JSON and its lines of the datasets (`rates.csv`, `rates.jsonl`,
//! `articles.csv`, `treaties.csv`, `treaties.jsonl`, `warnings.jsonl`, `failures.jsonl`),
//! rendered on worker threads and appended in input order.

use std::borrow::Cow;
use std::io::Write;
use std::path::Path;

use treaty_schema::{article_rows, sha256_hex, treaty_rows};
use treaty_schema::{cells, DocumentReport, ARTICLE_TABLE, RATE_TABLE};

use super::manifest::{InputEntry, Journal};
use super::outcome::{failure_of_report, Failure, Outcome, Rendered};
use crate::output::{write_atomic, AtomicFile};

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
///
/// CSV cells a spreadsheet would read as a formula are neutralised (see [`neutralise`])
/// unless `csv_raw`; the JSON and JSONL are never changed.
///
/// A JSON written is first recorded in the run's `journal`, so a killed run can be resumed.
pub(super) fn render(outcome: Outcome, out: &Path, csv_raw: bool, journal: &Journal) -> Outcome {
    let Outcome::Done(report, resumed, file) = outcome else {
        return outcome;
    };
    let path = crate::path_text::path_text(&file);
    let json_path = crate::output::json_path(out, &report.doc);
    let json_sha256 = if resumed {
        std::fs::read(&json_path).ok().map(|json| sha256_hex(&json))
    } else {
        match write_json(&report, &file, &json_path, journal) {
            Ok(hash) => Some(hash),
            // A name the file system refuses (on one that takes fewer bytes than
            // `output_stem` allows) is this document's problem; other I/O errors stop the run.
            Err(error) if error.chain().any(|cause| cause.is::<std::io::Error>()) => {
                if !error.chain().any(|cause| {
                    cause
                        .downcast_ref::<std::io::Error>()
                        .is_some_and(|io| io.kind() == std::io::ErrorKind::InvalidFilename)
                }) {
                    return Outcome::Unwritable(error);
                }
                return Outcome::Failed(Failure {
                    doc: report.doc.clone(),
                    path,
                    severity: "error",
                    error: format!("cannot write its output: {error:#}"),
                });
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
    };
    match rendered_lines(&report, &path, resumed, json_sha256, csv_raw) {
        Ok(rendered) => Outcome::Rendered(Box::new(rendered)),
        Err(error) => Outcome::Failed(Failure {
            doc: report.doc.clone(),
            path,
            severity: "error",
            error: format!("cannot write its output: {error:#}"),
        }),
    }
}

/// Writes a document's JSON to `json_path`, recorded first in the run's `journal`; returns
/// its hash.
fn write_json(
    report: &DocumentReport,
    file: &Path,
    json_path: &Path,
    journal: &Journal,
) -> anyhow::Result<String> {
    let json = serde_json::to_vec(report)?;
    let hash = sha256_hex(&json);
    journal.record(&InputEntry {
        doc: report.doc.clone(),
        path: crate::path_text::path_text(file),
        bytes: std::fs::metadata(file).ok().map(|meta| meta.len()),
        sha256: Some(input_sha256(report)),
        outcome: "processed".to_string(),
        json_sha256: Some(hash.clone()),
    })?;
    write_atomic(json_path, &json)?;
    Ok(hash)
}

/// A document's lines of every dataset, rendered.
fn rendered_lines(
    report: &DocumentReport,
    path: &str,
    resumed: bool,
    json_sha256: Option<String>,
    csv_raw: bool,
) -> anyhow::Result<Rendered> {
    let mut rates_csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut rates_jsonl = Vec::new();
    for row in &report.rows {
        write_cells(&mut rates_csv, cells(&RATE_TABLE, row), csv_raw)?;
        serde_json::to_writer(&mut rates_jsonl, row)?;
        rates_jsonl.push(b'\n');
    }
    let mut articles_csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut articles_jsonl = Vec::new();
    let articles = article_rows(report);
    for article in &articles {
        write_cells(&mut articles_csv, cells(&ARTICLE_TABLE, article), csv_raw)?;
        serde_json::to_writer(&mut articles_jsonl, article)?;
        articles_jsonl.push(b'\n');
    }
    let mut treaties_csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut treaties_jsonl = Vec::new();
    for treaty in treaty_rows(report) {
        write_cells(&mut treaties_csv, treaty.cells(), csv_raw)?;
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
    let failure = failure_of_report(report, path);
    Ok(Rendered {
        resumed,
        rates_csv: rates_csv.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?,
        rates_jsonl,
        articles_csv: articles_csv
            .into_inner()
            .map_err(|e| anyhow::anyhow!("{e}"))?,
        articles_jsonl,
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
        input_sha256: input_sha256(report),
        json_sha256,
    })
}

/// SHA-256 of a document's input bytes: of the PDF for a PDF, else of the text file.
pub(super) fn input_sha256(report: &treaty_schema::DocumentReport) -> String {
    report
        .extracted_from
        .as_ref()
        .map_or_else(|| report.sha256.clone(), |from| from.sha256.clone())
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

/// The characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as
/// a formula, or that some of them strip before doing so.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV cell as written by default: one that a spreadsheet would read as a formula (it
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, the OWASP
/// advice against CSV injection, so a quote or title from a hostile input cannot run in the
/// reader's spreadsheet. Other cells are unchanged. `--csv-raw` writes every cell as it is.
pub(super) fn neutralise(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Writes one CSV record, its cells neutralised unless `raw`.
fn write_cells<W: Write, I, S>(
    writer: &mut csv::Writer<W>,
    cells: I,
    raw: bool,
) -> anyhow::Result<()>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    if raw {
        writer.write_record(cells.into_iter().map(|cell| cell.as_ref().to_owned()))?;
    } else {
        writer.write_record(
            cells
                .into_iter()
                .map(|cell| neutralise(cell.as_ref()).into_owned()),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::neutralise;

    #[test]
    fn formula_cells_get_a_leading_quote_and_others_stay() {
        for cell in ["=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(neutralise(cell), format!("'{cell}"), "{cell:?}");
        }
        for cell in ["10", "dividends", "", "a=b", "'=already", " =x"] {
            assert_eq!(neutralise(cell), cell, "{cell:?}");
        }
    }
}
