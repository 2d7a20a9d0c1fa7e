//! What became of one document in a run: processed, rendered (its dataset lines, made by
//! `datasets.rs`), failed or skipped, and which warnings make a processed document a failure
//! of the batch.

use treaty_schema::DocumentReport;

/// A document that could not be processed.
#[derive(serde::Serialize)]
pub(super) struct Failure {
    pub(super) doc: String,
    pub(super) path: String,
    /// `error`: nothing was produced; `warning`: the document was processed but is not
    /// usable as a treaty (no articles, unsupported language); `skipped`: a file found in a
    /// folder that is not text (a Word document, an image), not read.
    pub(super) severity: &'static str,
    pub(super) error: String,
}

/// What the main thread appends to the datasets for one document.
pub(super) struct Rendered {
    pub(super) resumed: bool,
    pub(super) rates_csv: Vec<u8>,
    pub(super) rates_jsonl: Vec<u8>,
    pub(super) articles_csv: Vec<u8>,
    /// The articles as JSON lines, for `articles.parquet`.
    pub(super) articles_jsonl: Vec<u8>,
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
    /// SHA-256 of the input's bytes (of the PDF, for a PDF), for the run manifest.
    pub(super) input_sha256: String,
    /// SHA-256 of the document's JSON as written or kept, for the run manifest.
    pub(super) json_sha256: Option<String>,
}

/// Warnings that make a processed document a failure of the batch.
const FAILING_WARNINGS: [&str; 3] = [
    "no_articles",
    "unsupported_language",
    "not_a_treaty_random_words",
];

pub(super) enum Outcome {
    /// The report, whether it was resumed from an earlier run, and the input file.
    Done(Box<DocumentReport>, bool, std::path::PathBuf),
    /// A processed document, its JSON written and its dataset lines rendered.
    Rendered(Box<Rendered>),
    Failed(Failure),
    /// The document's output could not be written (a full disk, a read-only folder): an
    /// I/O error of the run, not a failure of the document.
    Unwritable(anyhow::Error),
    /// Not started: the run was interrupted.
    Skipped,
}

/// The failure a processed document counts as, when one of its warnings makes it unusable as
/// a treaty (see [`FAILING_WARNINGS`]).
pub(super) fn failure_of_report(report: &DocumentReport, path: &str) -> Option<Failure> {
    let failing: Vec<&str> = report
        .warnings
        .iter()
        .filter(|w| FAILING_WARNINGS.contains(&w.code.as_str()))
        .map(|w| w.message.as_str())
        .collect();
    (!failing.is_empty()).then(|| Failure {
        doc: report.doc.clone(),
        path: path.to_string(),
        severity: "warning",
        error: failing.join("; "),
    })
}
