//! `treaty run`: many documents in parallel, datasets streamed to disk in a stable order.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use treaty_extract::schema::Warning;
use treaty_extract::schema::{
    DocumentReport, RateRow, ARTICLE_COLUMNS, RATE_COLUMNS, SCHEMA_VERSION,
};
use treaty_extract::{article_rows, process_document, sha256_hex, Settings};
use treaty_normalize::{BinaryReason, IngestConfig, IngestError, Markup};

use crate::inputs::{collect, markup_of, nothing_to_process, Input};
use crate::output::{write_atomic, AtomicFile};
use treaty_cli::dictionary::LazyTokenizer;

/// Arguments of `treaty run`.
#[derive(Args)]
pub struct RunArgs {
    /// Files or folders (folders are searched for .txt, .html, .htm and .xhtml files).
    /// Default: corpus/
    pub inputs: Vec<PathBuf>,
    /// Output folder.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Documents processed at once: 0 (or leaving it out) means all cores, one per core; at
    /// most 4 per core.
    #[arg(long, short)]
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
    /// run: delete that JSON (without --force such a folder is refused, since its datasets
    /// would leave those documents out).
    #[arg(long)]
    pub force: bool,
    /// Pipe mode: read JSON lines (`{"doc": NAME, "text": TEXT}`) or one path per line from
    /// standard input and write result rows to standard output as JSON lines, in input order.
    /// Failures (what `run` writes to failures.jsonl: errors, and documents processed with a
    /// warning) go to standard error as JSON lines; the exit status is 1 when there is one.
    /// Nothing is written to --out.
    #[arg(long, conflicts_with_all = ["inputs", "resume", "force"])]
    pub stdin: bool,
    /// Largest input accepted, in bytes.
    #[arg(long, default_value_t = 64 * 1024 * 1024)]
    pub max_bytes: u64,
}

/// Worker threads per core beyond which `--jobs` is capped: documents are CPU-bound, so more
/// threads only add memory (about 12 times the size of each document in flight).
const MAX_JOBS_PER_CORE: usize = 4;

/// The number of workers for `--jobs`: one per core for none or 0, capped (with a warning) at
/// [`MAX_JOBS_PER_CORE`] per core.
pub(crate) fn job_count(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match requested {
        None | Some(0) => cores,
        Some(jobs) if jobs > MAX_JOBS_PER_CORE * cores => {
            let cap = MAX_JOBS_PER_CORE * cores;
            eprintln!(
                "treaty: --jobs {jobs} is more than {MAX_JOBS_PER_CORE} per core; using {cap} ({cores} cores)"
            );
            cap
        }
        Some(jobs) => jobs,
    }
}

/// The rayon pool of `jobs` workers.
fn worker_pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start worker threads")
}

/// A document that could not be processed.
#[derive(serde::Serialize)]
struct Failure {
    doc: String,
    path: String,
    /// `error`: nothing was produced; `warning`: the document was processed but is not
    /// usable as a treaty (no articles, unsupported language).
    severity: &'static str,
    error: String,
}

/// Warnings that make a processed document a failure of the batch.
const FAILING_WARNINGS: [&str; 2] = ["no_articles", "unsupported_language"];

enum Outcome {
    /// The report, whether it was resumed from an earlier run, and the input path.
    Done(Box<DocumentReport>, bool, String),
    /// A processed document, its JSON written and its dataset lines rendered.
    Rendered(Box<Rendered>),
    Failed(Failure),
    /// Not started: the run was interrupted.
    Skipped,
}

/// The failure a processed document counts as, when one of its warnings makes it unusable as
/// a treaty (see [`FAILING_WARNINGS`]).
fn failure_of_report(report: &DocumentReport, path: &str) -> Option<Failure> {
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

/// What the main thread appends to the datasets for one document.
struct Rendered {
    resumed: bool,
    rates_csv: Vec<u8>,
    rates_jsonl: Vec<u8>,
    articles_csv: Vec<u8>,
    n_rows: usize,
    n_articles: usize,
    n_warnings: usize,
    /// A warning that makes the document a failure of the batch.
    failure: Option<Failure>,
}

/// Writes a processed document's JSON and renders its dataset lines (on a worker thread).
fn render(outcome: Outcome, out: &Path) -> Outcome {
    let Outcome::Done(report, resumed, path) = outcome else {
        return outcome;
    };
    let rendered = (|| -> anyhow::Result<Rendered> {
        if !resumed {
            let json = serde_json::to_vec(&report)?;
            write_atomic(&out.join(format!("{}.json", report.doc)), &json)?;
        }
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
        let failure = failure_of_report(&report, &path);
        Ok(Rendered {
            resumed,
            rates_csv: rates_csv.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?,
            rates_jsonl,
            articles_csv: articles_csv
                .into_inner()
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            n_rows: report.rows.len(),
            n_articles: articles.len(),
            n_warnings: report.warnings.len(),
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

fn write_header(file: &mut AtomicFile, columns: &[&str]) -> anyhow::Result<()> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(columns)?;
    file.writer()
        .write_all(&header.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)?;
    Ok(())
}

/// How many documents are processed before their results are streamed to disk; bounds memory.
const CHUNK: usize = 64;

/// Counts SIGINT/SIGTERM/SIGHUP. The first one stops the run after the documents in progress;
/// a second one ends the process at once.
#[derive(Clone, Default)]
struct Interrupt(Arc<AtomicUsize>);

impl Interrupt {
    /// Installs the signal handler (once per process; later calls share nothing and return
    /// an interrupt that never fires).
    fn install() -> Interrupt {
        let interrupt = Interrupt::default();
        let count = Arc::clone(&interrupt.0);
        let _ = ctrlc::set_handler(move || {
            if count.fetch_add(1, Ordering::SeqCst) > 0 {
                eprintln!(
                    "treaty: interrupted again: stopped at once; run the same command with --resume to continue"
                );
                std::process::exit(130);
            }
        });
        interrupt
    }

    fn fired(&self) -> bool {
        self.0.load(Ordering::SeqCst) > 0
    }
}

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    if args.stdin {
        return run_pipe(&args);
    }
    let started = Instant::now();
    let arguments = crate::default_inputs(args.inputs.clone());
    let collected = collect(&arguments);
    if collected.inputs.is_empty() {
        eprintln!(
            "treaty: {}",
            nothing_to_process(&arguments, &collected.skipped)
        );
        return Ok(ExitCode::from(1));
    }
    if !args.quiet {
        for skipped in collected.skipped.iter().filter(|s| s.format.is_some()) {
            eprintln!(
                "treaty: skipped {}: {}",
                skipped.path.display(),
                skipped.reason()
            );
        }
    }
    let inputs = collected.inputs;
    let jobs = job_count(args.jobs);
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create output folder {}", args.out.display()))?;
    remove_stale_temporary_files(&args.out);
    let run_docs: HashSet<String> = inputs.iter().map(Input::doc).collect();
    let others = other_documents(&args.out, &run_docs);
    if !others.is_empty() {
        if !args.force {
            eprintln!(
                "treaty: {} already holds the JSON of {} documents that are not inputs of this run ({}); \
                 the datasets of this run would leave them out. Use --force to delete their JSON, \
                 or another --out folder.",
                args.out.display(),
                others.len(),
                name_list(&others)
            );
            return Ok(ExitCode::from(2));
        }
        for doc in &others {
            let path = args.out.join(format!("{doc}.json"));
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
        if !args.quiet {
            eprintln!(
                "treaty: --force: removed from {} the JSON of {} documents that are not inputs of this run ({})",
                args.out.display(),
                others.len(),
                name_list(&others)
            );
        }
    }
    let pool = worker_pool(jobs)?;
    let total_bytes: u64 = inputs
        .iter()
        .map(|i| std::fs::metadata(i.path()).map_or(0, |m| m.len()))
        .sum();
    let progress = if args.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {binary_bytes}/{binary_total_bytes} {msg} (ETA {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    };
    let tokenizer = LazyTokenizer::default();
    let settings = Settings {
        ingest: IngestConfig {
            max_bytes: args.max_bytes,
            ..IngestConfig::default()
        },
        tokenizers: Some(&tokenizer),
    };

    let mut rates_csv = AtomicFile::create(&args.out.join("rates.csv"))?;
    let mut rates_jsonl = AtomicFile::create(&args.out.join("rates.jsonl"))?;
    let mut articles_csv = AtomicFile::create(&args.out.join("articles.csv"))?;
    let mut failures_jsonl = AtomicFile::create(&args.out.join("failures.jsonl"))?;
    write_header(&mut rates_csv, &RATE_COLUMNS)?;
    write_header(&mut articles_csv, &ARTICLE_COLUMNS)?;

    // Two inputs with one document name would write one JSON file: the later ones fail.
    let mut seen_docs = HashSet::new();
    let duplicate: Vec<bool> = inputs
        .iter()
        .map(|input| match input {
            Input::File { doc, .. } => !seen_docs.insert(doc.clone()),
            Input::Unreadable { .. } => false,
        })
        .collect();

    let interrupt = Interrupt::install();
    let (mut n_documents, mut n_failed, mut n_articles, mut n_rows, mut n_warnings, mut n_resumed) =
        (0, 0, 0, 0, 0, 0);
    // Documents whose JSON this run wrote or kept, and documents that failed: an earlier
    // run's JSON of a document that fails now is removed, so the folder agrees with the
    // datasets.
    let mut written_docs = HashSet::new();
    let mut failed_docs = Vec::new();
    for (chunk_index, chunk) in inputs.chunks(CHUNK).enumerate() {
        if interrupt.fired() {
            break;
        }
        // Workers process, serialize and write each document's JSON; the main thread only
        // appends the rendered dataset lines, in input order.
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .par_iter()
                .enumerate()
                .map(|(offset, input)| {
                    if interrupt.fired() {
                        return Outcome::Skipped;
                    }
                    let outcome = if duplicate[chunk_index * CHUNK + offset] {
                        Outcome::Failed(Failure {
                            doc: crate::inputs::doc_name(input.path()),
                            path: input.path().display().to_string(),
                            severity: "error",
                            error:
                                "another input has the same document name; the first one was kept"
                                    .to_string(),
                        })
                    } else {
                        render(
                            process_input(input, &args.out, &settings, args.resume),
                            &args.out,
                        )
                    };
                    progress.inc(std::fs::metadata(input.path()).map_or(0, |m| m.len()));
                    outcome
                })
                .collect()
        });
        for (offset, outcome) in outcomes.into_iter().enumerate() {
            let index = chunk_index * CHUNK + offset;
            if !matches!(outcome, Outcome::Skipped) {
                n_documents += 1;
            }
            progress.set_message(format!("{n_documents}/{} documents", inputs.len()));
            match outcome {
                Outcome::Rendered(rendered) => {
                    written_docs.insert(inputs[index].doc());
                    n_resumed += usize::from(rendered.resumed);
                    rates_csv.writer().write_all(&rendered.rates_csv)?;
                    rates_jsonl.writer().write_all(&rendered.rates_jsonl)?;
                    articles_csv.writer().write_all(&rendered.articles_csv)?;
                    n_rows += rendered.n_rows;
                    n_articles += rendered.n_articles;
                    n_warnings += rendered.n_warnings;
                    if let Some(failure) = rendered.failure {
                        n_failed += 1;
                        if !args.quiet {
                            progress.suspend(|| {
                                eprintln!("treaty: {}: {}", failure.path, failure.error)
                            });
                        }
                        write_failure(&mut failures_jsonl, &failure)?;
                    }
                }
                Outcome::Failed(failure) => {
                    n_failed += 1;
                    if !duplicate[index] {
                        failed_docs.push(failure.doc.clone());
                    }
                    progress.suspend(|| eprintln!("treaty: {}: {}", failure.path, failure.error));
                    write_failure(&mut failures_jsonl, &failure)?;
                }
                Outcome::Skipped => {}
                Outcome::Done(..) => {
                    unreachable!("render turns every processed document into Rendered")
                }
            }
        }
    }
    for doc in failed_docs
        .iter()
        .filter(|doc| !written_docs.contains(*doc))
    {
        // Best effort: the failure is in failures.jsonl either way.
        let _ = std::fs::remove_file(args.out.join(format!("{doc}.json")));
    }
    progress.finish_and_clear();
    if interrupt.fired() {
        // The datasets are not committed: their temporary files go when they are dropped.
        drop((rates_csv, rates_jsonl, articles_csv, failures_jsonl));
        eprintln!(
            "treaty: interrupted after {n_documents} of {} documents ({} with their JSON in {}); \
             the datasets were not written; run the same command with --resume to continue",
            inputs.len(),
            written_docs.len(),
            args.out.display()
        );
        return Ok(ExitCode::from(130));
    }
    rates_csv.commit()?;
    rates_jsonl.commit()?;
    articles_csv.commit()?;
    failures_jsonl.commit()?;
    if !args.quiet {
        eprintln!(
            "{} documents ({} resumed), {} articles, {} rows, {} warnings, {} failed in {:.2}s -> {}",
            n_documents, n_resumed, n_articles, n_rows, n_warnings, n_failed, started.elapsed().as_secs_f64(), args.out.display()
        );
    }
    Ok(if n_failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The documents whose JSON an earlier run left in `out` and that are not in `run_docs`
/// (files that are not per-document JSON of treaty are no concern of ours), sorted.
fn other_documents(out: &Path, run_docs: &HashSet<String>) -> Vec<String> {
    /// The fields that tell a per-document JSON of treaty.
    #[derive(serde::Deserialize)]
    struct Probe {
        doc: String,
        schema_version: String,
    }
    let Ok(entries) = std::fs::read_dir(out) else {
        return Vec::new();
    };
    let mut others: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_owned();
            let doc = name.strip_suffix(".json")?;
            if doc.starts_with('.') || run_docs.contains(doc) {
                return None;
            }
            let probe: Probe = serde_json::from_slice(&std::fs::read(entry.path()).ok()?).ok()?;
            (probe.doc == doc && !probe.schema_version.is_empty()).then(|| doc.to_owned())
        })
        .collect();
    others.sort();
    others
}

/// A few names, then how many more.
fn name_list(names: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut list = names
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        list.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    list
}

/// Removes the temporary files (`.<name>.<pid>.tmp`, see [`AtomicFile`]) that a killed run
/// left in the output folder: they are never complete and nothing else would remove them.
/// Files of a process that is still alive (another run into the same folder) are left alone
/// where that can be told (Linux `/proc`).
fn remove_stale_temporary_files(out: &Path) {
    let Ok(entries) = std::fs::read_dir(out) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(temporary_file_pid) else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists();
        if !alive && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            // Best effort: a file that cannot be removed only costs disk space.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process id in an [`AtomicFile`] temporary name, `.<name>.<pid>.tmp`.
fn temporary_file_pid(file_name: &str) -> Option<u32> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, pid) = inner.rsplit_once('.')?;
    if name.is_empty() || pid.is_empty() || !pid.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

fn write_failure(file: &mut AtomicFile, failure: &Failure) -> anyhow::Result<()> {
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
    ])?;
    Ok(())
}

/// Runs the pipeline on one document; a panic (a bug) becomes an error for this document
/// instead of ending the batch and losing the other documents' results.
///
/// `path` is the file the bytes came from, if any: it decides whether they are read as HTML
/// (by its extension) and names the file in the advice for a PDF or an image. Stray control
/// bytes removed from the text become a warning of the document.
pub(crate) fn process_guarded(
    doc: &str,
    path: Option<&Path>,
    bytes: &[u8],
    settings: &Settings<'_>,
) -> Result<DocumentReport, String> {
    let settings = Settings {
        ingest: IngestConfig {
            markup: path.map_or(Markup::Detect, markup_of),
            ..settings.ingest
        },
        ..*settings
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        process_document(doc, bytes, &settings)
    })) {
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
fn process_input(input: &Input, out: &Path, settings: &Settings<'_>, resume: bool) -> Outcome {
    let (path, doc) = match input {
        Input::File { path, doc } => (path, doc),
        Input::Unreadable { path, reason } => {
            return Outcome::Failed(Failure {
                doc: crate::inputs::doc_name(path),
                path: path.display().to_string(),
                severity: "error",
                error: reason.clone(),
            })
        }
    };
    let fail = |error: String| {
        Outcome::Failed(Failure {
            doc: doc.clone(),
            path: path.display().to_string(),
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
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => return fail(format!("cannot read: {error}")),
    };
    if resume {
        if let Some(report) = previous_report(out, doc, &bytes) {
            return Outcome::Done(Box::new(report), true, path.display().to_string());
        }
    }
    match process_guarded(doc, Some(path), &bytes, settings) {
        Ok(report) => Outcome::Done(Box::new(report), false, path.display().to_string()),
        Err(error) => fail(error),
    }
}

/// The report of an earlier run, if it is complete and made from the same bytes.
fn previous_report(out: &Path, doc: &str, bytes: &[u8]) -> Option<DocumentReport> {
    let text = std::fs::read(out.join(format!("{doc}.json"))).ok()?;
    let report: DocumentReport = serde_json::from_slice(&text).ok()?;
    (report.schema_version == SCHEMA_VERSION && report.sha256 == sha256_hex(bytes))
        .then_some(report)
}

/// One line of pipe input.
#[derive(serde::Deserialize)]
struct PipeDocument {
    doc: String,
    text: String,
}

/// `treaty run --stdin`: a filter for batch engines (GNU parallel, Spark `pipe`, Beam, Ray).
fn run_pipe(args: &RunArgs) -> anyhow::Result<ExitCode> {
    use std::io::BufRead;
    let pool = worker_pool(job_count(args.jobs))?;
    let tokenizer = LazyTokenizer::default();
    let settings = Settings {
        ingest: IngestConfig {
            max_bytes: args.max_bytes,
            ..IngestConfig::default()
        },
        tokenizers: Some(&tokenizer),
    };
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let mut n_failed = 0;
    let mut lines = stdin.lines().enumerate().peekable();
    while lines.peek().is_some() {
        let batch: Vec<(usize, String)> = lines
            .by_ref()
            .take(CHUNK)
            .map(|(i, line)| line.map(|l| (i + 1, l)))
            .collect::<Result<_, _>>()?;
        let results: Vec<Result<(DocumentReport, String), Failure>> = pool.install(|| {
            batch
                .par_iter()
                .filter(|(_, line)| !line.trim().is_empty())
                .map(|(number, line)| pipe_document(*number, line, &settings))
                .collect()
        });
        for result in results {
            let failure = match result {
                Ok((report, path)) => {
                    for row in &report.rows {
                        serde_json::to_writer(&mut stdout, row)?;
                        stdout.write_all(b"\n")?;
                    }
                    failure_of_report(&report, &path)
                }
                Err(failure) => Some(failure),
            };
            if let Some(failure) = failure {
                // The records failures.jsonl would hold, in input order.
                n_failed += 1;
                let mut line = serde_json::to_vec(&failure)?;
                line.push(b'\n');
                // Written whole, so lines of parallel filters sharing stderr do not interleave.
                let _ = std::io::stderr().lock().write_all(&line);
            }
        }
        stdout.flush()?;
    }
    Ok(if n_failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Processes one line of pipe input: the report and the path (or `stdin line N`) it names.
fn pipe_document(
    number: usize,
    line: &str,
    settings: &Settings<'_>,
) -> Result<(DocumentReport, String), Failure> {
    let trimmed = line.trim();
    let (doc, path, file, bytes) = if trimmed.starts_with('{') {
        let document: PipeDocument = serde_json::from_str(trimmed).map_err(|e| Failure {
            doc: String::new(),
            path: format!("stdin line {number}"),
            severity: "error",
            error: format!("not a {{\"doc\", \"text\"}} JSON line: {e}"),
        })?;
        (
            document.doc,
            format!("stdin line {number}"),
            None,
            document.text.into_bytes(),
        )
    } else {
        let path = PathBuf::from(trimmed);
        let bytes = std::fs::read(&path).map_err(|e| Failure {
            doc: crate::inputs::doc_name(&path),
            path: trimmed.to_string(),
            severity: "error",
            error: format!("cannot read: {e}"),
        })?;
        (
            crate::inputs::doc_name(&path),
            trimmed.to_string(),
            Some(path),
            bytes,
        )
    };
    match process_guarded(&doc, file.as_deref(), &bytes, settings) {
        Ok(report) => Ok((report, path)),
        Err(error) => Err(Failure {
            doc,
            path,
            severity: "error",
            error,
        }),
    }
}
