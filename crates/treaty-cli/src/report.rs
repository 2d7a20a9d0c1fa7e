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

use crate::workers::parse_jobs;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use treaty_golden::{score_table, DocumentComparison};
use treaty_report::{
    check_page, document_pages, index_page, DocumentInput, Failure, IndexEntry, Options,
};
use treaty_schema::sha256_hex;
use treaty_schema::{DocumentReport, SCHEMA_VERSION};

use crate::inputs::{collect, collect_excluding, Input};
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
    #[arg(long, short, allow_negative_numbers = true, value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// No summary line.
    #[arg(long, short)]
    pub quiet: bool,
    /// The inputs, when they are not those of `inputs` (a run with `--inputs-from` or
    /// `--shard`, a merge of shards): not an option.
    #[arg(skip)]
    pub input_list: Option<Vec<Input>>,
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
    // A PDF's text as the run kept it (the same bytes pdftotext gives), else the file.
    let kept = crate::inputs::has_extension(path, &["pdf"])
        .then(|| std::fs::read(out.join(crate::output::kept_text_name(&doc))).ok())
        .flatten();
    let read = kept.map_or_else(|| crate::pdf::read_input(path).map(|i| i.bytes), Ok);
    let bytes = match read {
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
    let json = crate::output::json_path(out, &doc);
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
    if !args.out.is_dir() {
        anyhow::bail!(
            "{}: no such folder; run `treaty run --out {}` first",
            args.out.display(),
            args.out.display()
        );
    }
    // The inputs as `treaty run` collected them: its output folder left out.
    let inputs = match args.input_list {
        Some(list) => list,
        None => {
            collect_excluding(
                &crate::inputs::default_inputs(args.inputs.clone()),
                Some(&args.out),
            )
            .inputs
        }
    };
    let failures = read_failures(&args.out);
    let pool = pool(args.jobs)?;
    let names: Vec<String> = inputs
        .iter()
        .map(|input| match input {
            Input::File { doc, .. } => doc.clone(),
            Input::Unreadable { path, .. } => crate::inputs::doc_name(path.as_path()),
        })
        .collect();
    // Two inputs with one document name: the run kept the first.
    let mut seen = BTreeSet::new();
    let duplicate: Vec<bool> = inputs
        .iter()
        .map(|input| matches!(input, Input::File { doc, .. } if !seen.insert(doc.clone())))
        .collect();
    let load_one = |index: usize| {
        if duplicate[index] {
            return Loaded {
                doc: names[index].clone(),
                bytes: Vec::new(),
                report: None,
                failure: error(
                    "another input has the same document name; the first one was kept".into(),
                ),
            };
        }
        load(&inputs[index], &args.out, &failures)
    };
    let fixtures = args.fixtures.is_dir().then_some(args.fixtures.as_path());
    let (pages, failed) = write_site(
        &args.out.join("report"),
        &names,
        load_one,
        fixtures,
        &pool,
        SiteKind::Full,
    )?;
    if !args.quiet {
        eprintln!(
            "report: {} pages for {} documents in {:.2}s -> {}",
            pages,
            names.len(),
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
    for input in collect(inputs).inputs {
        if let Input::File { path, doc } = input {
            paths.entry(doc).or_insert(path);
        }
    }
    let names: Vec<String> = reports.iter().map(|r| r.doc.clone()).collect();
    let load_one = |index: usize| {
        let report = reports[index].clone();
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
    };
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
        &names,
        load_one,
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

/// How many documents are loaded and rendered at once; bounds memory on large inputs.
const CHUNK: usize = 64;

/// What the index and the check page keep of a document once its pages are written.
struct Kept {
    doc: String,
    report: Option<DocumentReport>,
    failure: Option<Failure>,
    comparison: Option<DocumentComparison>,
}

/// Drops what only the document pages need (paragraphs, quotes), keeping what the index shows.
fn slim(mut report: DocumentReport) -> DocumentReport {
    for version in report.treaties.iter_mut().flat_map(|t| &mut t.versions) {
        for article in version
            .articles
            .iter_mut()
            .chain(&mut version.protocol)
            .chain(&mut version.mli)
        {
            article.paragraphs = Vec::new();
        }
    }
    for row in &mut report.rows {
        row.quote = String::new();
    }
    report
}

/// Renders one document's pages and writes them; `Err` holds the message of a rendering bug
/// (a panic), which costs that document its page, not the report.
fn render_and_write(
    folder: &Path,
    input: &DocumentInput<'_>,
    options: &Options,
) -> anyhow::Result<Result<Vec<String>, String>> {
    let pages = match std::panic::catch_unwind(|| document_pages(input, options)) {
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
}

/// Loads (`load(i)` for each of `names`), compares with the fixtures, renders and writes every
/// page, in chunks so that only the index's summary of each document stays in memory; returns
/// how many pages were written and how many documents' pages could not be rendered.
fn write_site(
    folder: &Path,
    names: &[String],
    load: impl Fn(usize) -> Loaded + Sync,
    fixtures: Option<&Path>,
    pool: &rayon::ThreadPool,
    kind: SiteKind,
) -> anyhow::Result<(usize, usize)> {
    let docs_folder = folder.join("docs");
    std::fs::create_dir_all(&docs_folder)
        .with_context(|| format!("cannot create {}", docs_folder.display()))?;
    let has_fixtures =
        fixtures.is_some_and(|fixtures| names.iter().any(|doc| fixtures.join(doc).is_dir()));
    let options = Options {
        index: matches!(kind, SiteKind::Full),
        check_page: match &kind {
            SiteKind::Full => has_fixtures.then(|| "check.html".to_string()),
            SiteKind::Check(name) => Some(name.clone()),
        },
        ..Options::default()
    };
    let mut kept: Vec<Kept> = Vec::with_capacity(names.len());
    let mut written: BTreeSet<String> = BTreeSet::new();
    let mut failed = 0;
    let indices: Vec<usize> = (0..names.len()).collect();
    for chunk in indices.chunks(CHUNK) {
        let done: Vec<anyhow::Result<Done>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&index| render_document(load(index), folder, fixtures, &options))
                .collect()
        });
        for result in done {
            let (loaded, comparison, rendered) = result?;
            let Loaded {
                doc,
                report,
                mut failure,
                ..
            } = loaded;
            let report = match rendered {
                Ok(paths) => {
                    written.extend(paths);
                    report
                }
                Err(message) => {
                    eprintln!(
                        "treaty: {}: {}",
                        crate::terminal::quote(&doc),
                        crate::terminal::line(&message)
                    );
                    failed += 1;
                    failure = error(message);
                    None
                }
            };
            // The check page needs the whole report (paragraphs, quotes) of compared documents.
            let report = match comparison {
                Some(_) => report,
                None => report.map(slim),
            };
            kept.push(Kept {
                doc,
                report,
                failure,
                comparison,
            });
        }
    }
    let mut count = written.len();
    if options.index {
        remove_stale_pages(&docs_folder, &written);
    }
    count += write_summary_pages(folder, &kept, &options)?;
    Ok((count, failed))
}

/// A document loaded, its comparison with its fixture, and its pages written (or why they
/// could not be rendered).
type Done = (
    Loaded,
    Option<DocumentComparison>,
    Result<Vec<String>, String>,
);

/// A loaded document compared with its fixture (in `fixtures`) and its pages written into
/// `folder`.
fn render_document(
    loaded: Loaded,
    folder: &Path,
    fixtures: Option<&Path>,
    options: &Options,
) -> anyhow::Result<Done> {
    let comparison = match (&loaded.report, fixtures) {
        (Some(report), Some(fixtures)) => {
            crate::fixture_compare::compare_with_fixture(report, fixtures)?
        }
        _ => None,
    };
    let rendered = match &loaded.report {
        Some(report) => render_and_write(
            folder,
            &DocumentInput {
                report,
                bytes: &loaded.bytes,
                comparison: comparison.as_ref(),
            },
            options,
        )?,
        None => Ok(Vec::new()),
    };
    Ok((loaded, comparison, rendered))
}

/// The check page and the index, as `options` ask for them; returns how many were written.
fn write_summary_pages(folder: &Path, kept: &[Kept], options: &Options) -> anyhow::Result<usize> {
    let mut count = 0;
    if let Some(check) = &options.check_page {
        let compared: Vec<DocumentComparison> =
            kept.iter().filter_map(|k| k.comparison.clone()).collect();
        let table = score_table(&compared);
        let documents: Vec<DocumentInput<'_>> = kept
            .iter()
            .filter_map(|k| {
                Some(DocumentInput {
                    report: k.report.as_ref()?,
                    bytes: &[],
                    comparison: Some(k.comparison.as_ref()?),
                })
            })
            .collect();
        write_atomic(
            &folder.join(check),
            check_page(&documents, &table, options).as_bytes(),
        )?;
        count += 1;
    }
    if options.index {
        let entries: Vec<IndexEntry<'_>> = kept
            .iter()
            .map(|k| IndexEntry {
                doc: &k.doc,
                report: k.report.as_ref(),
                failure: k.failure.as_ref(),
                comparison: k.comparison.as_ref(),
            })
            .collect();
        write_atomic(
            &folder.join("index.html"),
            index_page(&entries, options).as_bytes(),
        )?;
        count += 1;
    }
    Ok(count)
}

/// Removes pages of `docs/` that this report did not write (documents no longer in the input),
/// so the folder holds one report. Only `.html` files are touched.
fn remove_stale_pages(docs_folder: &Path, written: &BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(docs_folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = format!("docs/{}", entry.file_name().to_string_lossy());
        if name.ends_with(".html")
            && !written.contains(&name)
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            // Best effort: a stale page that cannot be removed is only not linked.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
