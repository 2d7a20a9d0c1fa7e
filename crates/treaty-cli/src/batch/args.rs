//! The arguments of `treaty run` (clap), which the run loop, pipe mode and the report read.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::deadline::parse_time_limit;
use super::shard;
use crate::workers::parse_jobs;

/// Arguments of `treaty run`.
#[derive(Args)]
pub struct RunArgs {
    /// Files or folders. Folders are searched for text (.txt), HTML (.html, .htm, .xhtml),
    /// Markdown (.md, .markdown) and PDF (.pdf) files; a PDF's pages without a text layer are
    /// read by OCR (see --ocr). Default: corpus/
    pub inputs: Vec<PathBuf>,
    /// A file listing the inputs, one path per line, relative to the file's folder unless
    /// absolute; blank lines and lines starting with # are left out. Read besides any INPUT
    /// named; without INPUT, corpus/ is then not read.
    #[arg(long, value_name = "FILE")]
    pub inputs_from: Option<PathBuf>,
    /// Process only the K-th of N parts of the inputs (counted from 1: 1/3, 2/3, 3/3): the
    /// inputs at positions K-1, K-1+N, K-1+2N, ... of the whole sorted list. `treaty merge`
    /// puts the N output folders together into what one run writes.
    #[arg(long, value_name = "K/N", value_parser = shard::parse_shard)]
    pub shard: Option<shard::Shard>,
    /// Output folder.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Documents processed at once: 0 (or leaving it out) means all cores, one per core; at
    /// most 4 per core.
    #[arg(long, short, allow_negative_numbers = true, value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// No progress bar, no summary, and no line per document that was processed with a
    /// warning (failures.jsonl has them); errors are still printed.
    #[arg(long, short)]
    pub quiet: bool,
    /// Skip documents whose JSON in the output folder is complete and was made from the same
    /// input bytes (by SHA-256); their rows still go into the datasets. Continues a run that
    /// was interrupted.
    #[arg(long)]
    pub resume: bool,
    /// Reuse an output folder that holds the JSON of documents that are not inputs of this
    /// run: delete that JSON, and set aside the earlier run's report/ and text/ with its
    /// datasets (without --force such a folder is refused, since its datasets would leave
    /// those documents out).
    #[arg(long)]
    pub force: bool,
    /// Pipe mode: read JSON lines (`{"doc": NAME, "text": TEXT}`) or one path per line from
    /// standard input and write result rows to standard output as JSON lines, in input order,
    /// each line's as soon as it is done (a PDF's after a line with its extracted text, which
    /// the rows' offsets point into); a line longer than --max-bytes is a failure.
    /// Failures (what `run` writes to failures.jsonl: errors, and documents processed with a
    /// warning) go to standard error as JSON lines; the exit status is 1 when there is one.
    /// Nothing is written to --out.
    #[arg(long, conflicts_with_all = ["inputs", "resume", "force", "inputs_from", "shard"])]
    pub stdin: bool,
    /// Read standard input as the text of one document with this name (`cat treaty.txt |
    /// treaty run --stdin-text treaty`); its rows go to standard output as JSON lines, as with
    /// --stdin. Nothing is written to --out.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["inputs", "resume", "force", "stdin", "inputs_from", "shard"])]
    pub stdin_text: Option<String>,
    /// Largest input accepted, in bytes.
    #[arg(long, default_value_t = 64 * 1024 * 1024)]
    pub max_bytes: u64,
    /// Longest a document may take, in seconds (fractions allowed; 0: no limit). A document
    /// still running then is recorded in failures.jsonl as having taken too long and left
    /// unfinished, and the batch goes on. Time grows linearly with a document's size (about
    /// 10 MB a second on one core), so only a pathological input comes near the default.
    #[arg(long, value_name = "SECONDS", default_value = "120", value_parser = parse_time_limit)]
    pub time_limit: Duration,
    /// Files found in folders that are not text (a Word document, an image) are recorded in
    /// failures.jsonl with severity `skipped`, counted in the summary and, without this flag,
    /// make the exit status 1; with it, they leave the exit status alone.
    #[arg(long, conflicts_with = "stdin")]
    pub skip_unsupported: bool,
    /// Write CSV cells as they are. By default a cell that a spreadsheet would read as a
    /// formula (one starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
    /// leading `'` in rates.csv, articles.csv and treaties.csv (CSV injection); the JSON and
    /// JSONL files are never changed.
    #[arg(long)]
    pub csv_raw: bool,
    /// Dataset formats: `csv` (the default) writes the CSV and JSONL datasets; `parquet` also
    /// writes rates.parquet, articles.parquet and treaties.parquet beside them: the CSV
    /// files' columns, typed as the JSON Schema types the rows' fields (the CSV and JSONL are
    /// always written). `treaty merge` writes them when its shards did.
    #[arg(long, value_enum, default_value_t = DatasetFormat::Csv, conflicts_with_all = ["stdin", "stdin_text"])]
    pub format: DatasetFormat,
}

/// `--format`: the formats of a run's datasets.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatasetFormat {
    /// CSV and JSONL.
    Csv,
    /// CSV and JSONL, and Parquet beside them.
    Parquet,
}
