//! `treaty report`, `treaty run --report`, `treaty check --html`: the HTML review report.
//!
//! The pages come from `treaty_report` (pure: JSON, original bytes and fixture comparison in,
//! HTML out); this module finds the inputs, reads what `treaty run` wrote, compares with the
//! fixtures and writes the pages atomically:
//!
//! ```text
//! <out>/report/index.html              one row per document
//! <out>/report/check.html              when fixtures exist
//! <out>/report/docs/<doc>.html         one page per document
//! <out>/report/docs/<doc>.versions.html  bilingual treaties, versions side by side
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use treaty_extract::schema::{DocumentReport, SCHEMA_VERSION};
use treaty_extract::sha256_hex;
use treaty_golden::{score_table, DocumentComparison};
use treaty_report::{
    check_page, document_pages, index_page, DocumentInput, Failure, IndexEntry, Options,
};

use crate::inputs::{collect, Input};
use crate::output::write_atomic;

/// Arguments of `treaty report`.
#[derive(Args)]
pub struct ReportArgs {
    /// The files or folders `treaty run` processed (their bytes are shown). Default: corpus/
    pub inputs: Vec<PathBuf>,
    /// The output folder of `treaty run`; the report is written to <OUT>/report/.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Fixtures to compare with (check.html and the index's check columns); skipped when the
    /// folder does not exist.
    #[arg(long, default_value = "fixtures")]
    pub fixtures: PathBuf,
    /// Documents rendered at once (default: one per core).
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// No summary line.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `treaty run`, with `--report`.
#[derive(Args)]
pub struct RunWithReport {
    #[command(flatten)]
    pub run: crate::batch::RunArgs,
    /// Also write the HTML review report to <OUT>/report/ (index.html, a page per document,
    /// check.html when fixtures/ exists); open <OUT>/report/index.html in a browser.
    #[arg(long, conflicts_with = "stdin")]
    pub report: bool,
}

/// `treaty run [--report]`: the exit status is the run's, or 1 when a page of the report could
/// not be rendered.
pub fn run(args: RunWithReport) -> anyhow::Result<ExitCode> {
    let then_report = args.report.then(|| ReportArgs {
        inputs: args.run.inputs.clone(),
        out: args.run.out.clone(),
        fixtures: PathBuf::from("fixtures"),
        jobs: args.run.jobs,
        quiet: args.run.quiet,
    });
    let code = crate::batch::run(args.run)?;
    match then_report {
        Some(report_args) => {
            let report_code = report(report_args)?;
            Ok(if report_code == ExitCode::SUCCESS {
                code
            } else {
                report_code
            })
        }
        None => Ok(code),
    }
}

/// A document as read back from the output folder.
struct Loaded {
    doc: String,
    bytes: Vec<u8>,
    report: Option<DocumentReport>,
    failure: Option<Failure>,
}

/// The failures `treaty run` recorded, by document (the first one of each).
fn read_failures(out: &Path) -> BTreeMap<String, Failure> {
    #[derive(serde::Deserialize)]
    struct Line {
        doc: String,
        severity: String,
        error: String,
    }
    let mut failures = BTreeMap::new();
    let Ok(text) = std::fs::read_to_string(out.join("failures.jsonl")) else {
        return failures;
    };
    for line in text.lines() {
        if let Ok(line) = serde_json::from_str::<Line>(line) {
            failures.entry(line.doc).or_insert(Failure {
                severity: line.severity,
                message: line.error,
            });
        }
    }
    failures
}

fn error(message: String) -> Option<Failure> {
    Some(Failure {
        severity: "error".to_string(),
        message,
    })
}

/// Reads one input and its JSON from the output folder.
fn load(input: &Input, out: &Path, failures: &BTreeMap<String, Failure>) -> Loaded {
    let (path, doc) = match input {
        Input::File { path, doc } => (path, doc.clone()),
        Input::Unreadable { path, reason } => {
            return Loaded {
                doc: crate::inputs::doc_name(path),
                bytes: Vec::new(),
                report: None,
                failure: error(reason.clone()),
            }
        }
    };
    let recorded = failures.get(&doc).cloned();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            return Loaded {
                doc,
                bytes: Vec::new(),
                report: None,
                failure: recorded.or_else(|| error(format!("cannot read {}: {e}", path.display()))),
            }
        }
    };
    let json = out.join(format!("{doc}.json"));
    let report = std::fs::read(&json)
        .ok()
        .and_then(|text| serde_json::from_slice::<DocumentReport>(&text).ok());
    match report {
        Some(report) if report.sha256 == sha256_hex(&bytes) && report.doc == doc => Loaded {
            doc,
            bytes,
            report: Some(report),
            failure: recorded,
        },
        Some(_) => Loaded {
            doc,
            bytes: Vec::new(),
            report: None,
            failure: error(format!(
                "{} was made from other bytes than {} (changed since the run?): run `treaty run` again",
                json.display(),
                path.display()
            )),
        },
        None => Loaded {
            doc,
            bytes: Vec::new(),
            report: None,
            failure: recorded.or_else(|| {
                error(format!(
                    "no result in {} (schema {SCHEMA_VERSION}): run `treaty run` first",
                    json.display()
                ))
            }),
        },
    }
}

/// The rayon pool for `--jobs` (default: one thread per core).
fn pool(jobs: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start worker threads")
}

/// `treaty report`: the report of an earlier `treaty run`.
pub fn report(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let inputs = collect(&crate::default_inputs(args.inputs.clone()));
    let failures = read_failures(&args.out);
    let pool = pool(args.jobs)?;
    let mut seen = BTreeSet::new();
    let mut loaded: Vec<Loaded> = pool.install(|| {
        inputs
            .par_iter()
            .map(|input| load(input, &args.out, &failures))
            .collect()
    });
    // Two inputs with one document name: the run kept the first.
    for document in &mut loaded {
        if !seen.insert(document.doc.clone()) {
            document.report = None;
            document.failure =
                error("another input has the same document name; the first one was kept".into());
        }
    }
    let fixtures = args.fixtures.is_dir().then_some(args.fixtures.as_path());
    let (pages, failed) = write_site(
        &args.out.join("report"),
        &loaded,
        fixtures,
        &pool,
        SiteKind::Full,
    )?;
    if !args.quiet {
        eprintln!(
            "report: {} pages for {} documents in {:.2}s -> {}",
            pages,
            loaded.len(),
            started.elapsed().as_secs_f64(),
            args.out.join("report").join("index.html").display()
        );
    }
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `treaty check --html FILE`: the check page at `file`, the document pages in `docs/` beside
/// it.
pub(crate) fn write_check_html(
    file: &Path,
    inputs: &[PathBuf],
    reports: Vec<DocumentReport>,
    fixtures: &Path,
) -> anyhow::Result<()> {
    let mut paths: BTreeMap<String, PathBuf> = BTreeMap::new();
    for input in collect(inputs) {
        if let Input::File { path, doc } = input {
            paths.entry(doc).or_insert(path);
        }
    }
    let loaded: Vec<Loaded> = reports
        .into_iter()
        .map(|report| {
            let bytes = paths
                .get(&report.doc)
                .and_then(|path| std::fs::read(path).ok())
                .unwrap_or_default();
            Loaded {
                doc: report.doc.clone(),
                bytes,
                report: Some(report),
                failure: None,
            }
        })
        .collect();
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .context("--html needs a file name")?;
    let folder = match file.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let pool = pool(None)?;
    write_site(
        &folder,
        &loaded,
        Some(fixtures),
        &pool,
        SiteKind::Check(name),
    )?;
    Ok(())
}

/// Which pages a site has besides the document pages.
enum SiteKind {
    /// index.html, and check.html when there are comparisons.
    Full,
    /// Only the check page, under this file name.
    Check(String),
}

/// Compares with the fixtures, renders and writes every page; returns how many were written
/// and how many documents' pages could not be rendered.
fn write_site(
    folder: &Path,
    loaded: &[Loaded],
    fixtures: Option<&Path>,
    pool: &rayon::ThreadPool,
    kind: SiteKind,
) -> anyhow::Result<(usize, usize)> {
    let docs_folder = folder.join("docs");
    std::fs::create_dir_all(&docs_folder)
        .with_context(|| format!("cannot create {}", docs_folder.display()))?;
    let comparisons: Vec<Option<DocumentComparison>> = pool.install(|| {
        loaded
            .par_iter()
            .map(|document| match (&document.report, fixtures) {
                (Some(report), Some(fixtures)) => {
                    crate::golden::compare_with_fixture(report, fixtures)
                }
                _ => Ok(None),
            })
            .collect::<anyhow::Result<_>>()
    })?;
    let compared: Vec<DocumentComparison> = comparisons.iter().flatten().cloned().collect();
    let options = Options {
        index: matches!(kind, SiteKind::Full),
        check_page: match &kind {
            SiteKind::Full => (!compared.is_empty()).then(|| "check.html".to_string()),
            SiteKind::Check(name) => Some(name.clone()),
        },
        ..Options::default()
    };
    let inputs: Vec<(usize, DocumentInput<'_>)> = loaded
        .iter()
        .enumerate()
        .filter_map(|(index, document)| {
            document.report.as_ref().map(|report| {
                (
                    index,
                    DocumentInput {
                        report,
                        bytes: &document.bytes,
                        comparison: comparisons[index].as_ref(),
                    },
                )
            })
        })
        .collect();
    // Document pages are rendered and written on the workers; only their paths come back. A
    // panic (a bug) costs that document its page, not the report.
    let rendered: Vec<Result<Vec<String>, String>> = pool.install(|| {
        inputs
            .par_iter()
            .map(|(_, input)| -> anyhow::Result<Result<Vec<String>, String>> {
                let pages = match std::panic::catch_unwind(|| document_pages(input, &options)) {
                    Ok(pages) => pages,
                    Err(panic) => {
                        let message = panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        return Ok(Err(format!(
                            "internal error rendering its page (a bug in treaty, please report it with this file): {message}"
                        )));
                    }
                };
                let mut paths = Vec::new();
                for page in pages {
                    write_atomic(&folder.join(&page.path), page.html.as_bytes())?;
                    paths.push(page.path);
                }
                Ok(Ok(paths))
            })
            .collect::<anyhow::Result<_>>()
    })?;
    let mut render_failures: BTreeMap<usize, Failure> = BTreeMap::new();
    let mut written: Vec<Vec<String>> = Vec::new();
    for ((index, input), result) in inputs.iter().zip(rendered) {
        match result {
            Ok(paths) => written.push(paths),
            Err(message) => {
                eprintln!("treaty: {}: {message}", input.report.doc);
                render_failures.insert(
                    *index,
                    Failure {
                        severity: "error".to_string(),
                        message,
                    },
                );
            }
        }
    }
    let mut count: usize = written.iter().map(Vec::len).sum();
    if options.index {
        remove_stale_pages(&docs_folder, &written);
    }
    let documents: Vec<DocumentInput<'_>> = inputs.iter().map(|(_, input)| *input).collect();
    if let Some(check) = &options.check_page {
        let table = score_table(&compared);
        write_atomic(
            &folder.join(check),
            check_page(&documents, &table, &options).as_bytes(),
        )?;
        count += 1;
    }
    if options.index {
        let entries: Vec<IndexEntry<'_>> = loaded
            .iter()
            .enumerate()
            .map(|(index, document)| match render_failures.get(&index) {
                Some(failure) => IndexEntry {
                    doc: &document.doc,
                    report: None,
                    failure: Some(failure),
                    comparison: None,
                },
                None => IndexEntry {
                    doc: &document.doc,
                    report: document.report.as_ref(),
                    failure: document.failure.as_ref(),
                    comparison: comparisons[index].as_ref(),
                },
            })
            .collect();
        write_atomic(
            &folder.join("index.html"),
            index_page(&entries, &options).as_bytes(),
        )?;
        count += 1;
    }
    Ok((count, render_failures.len()))
}

/// Removes pages of `docs/` that this report did not write (documents no longer in the input),
/// so the folder holds one report. Only `.html` files are touched.
fn remove_stale_pages(docs_folder: &Path, written: &[Vec<String>]) {
    let keep: BTreeSet<String> = written
        .iter()
        .flatten()
        .filter_map(|path| path.strip_prefix("docs/").map(str::to_string))
        .collect();
    let Ok(entries) = std::fs::read_dir(docs_folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".html")
            && !keep.contains(&name)
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            // Best effort: a stale page that cannot be removed is only not linked.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
