//! `treaty run --stdin`: JSON lines or paths in, result rows out as JSON lines, failures on
//! standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use rayon::prelude::*;
use treaty_extract::schema::DocumentReport;
use treaty_extract::Settings;
use treaty_normalize::IngestConfig;

use super::outcome::{failure_of_report, Failure};
use super::process::process_guarded;
use super::{job_count, worker_pool, RunArgs, CHUNK};
use treaty_cli::dictionary::LazyTokenizer;

/// One line of pipe input.
#[derive(serde::Deserialize)]
struct PipeDocument {
    doc: String,
    text: String,
}

/// Standard output, whose write errors say so ("cannot write standard output: No space left
/// on device"), so that they have the exit status of an I/O error.
struct Stdout<W: Write>(W);

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes).map_err(on_stdout)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(on_stdout)
    }
}

/// An error writing standard output, saying so (the kind kept: a closed pipe ends quietly).
fn on_stdout(error: std::io::Error) -> std::io::Error {
    std::io::Error::new(
        error.kind(),
        format!("cannot write standard output: {error}"),
    )
}

/// What one line of pipe input gave.
enum LineResult {
    /// A processed document (its rows, or the "no rows" line) and its path.
    Done(Box<DocumentReport>, String),
    /// A blank line: no document.
    Blank,
    Failed(Failure),
}

/// The line written for an input line that gives no rows (a processed document without
/// rates or thresholds, or a blank line), so that every input line has output.
#[derive(serde::Serialize)]
struct NoRows<'a> {
    doc: &'a str,
    path: &'a str,
    /// The input line (from 1).
    line: usize,
    /// Why there are no rows.
    no_rows: String,
}

/// `treaty run --stdin`: a filter for batch engines (GNU parallel, Spark `pipe`, Beam, Ray).
/// Every input line gets output: its rows on standard output, or one "no rows" line there, or
/// one failure line on standard error. Lines are read as bytes, so one that is not UTF-8 is a
/// failure of that line alone.
pub(super) fn run_pipe(args: &RunArgs) -> anyhow::Result<ExitCode> {
    use std::io::BufRead;
    let pool = worker_pool(job_count(args.jobs))?;
    let settings = Settings {
        ingest: IngestConfig {
            max_bytes: args.max_bytes,
            ..IngestConfig::default()
        },
        tokenizers: Some(LazyTokenizer::shared()),
        amended_treaty: None,
    };
    let mut stdin = std::io::stdin().lock();
    let mut stdout = Stdout(std::io::BufWriter::new(std::io::stdout().lock()));
    let mut n_failed = 0;
    let mut number = 0;
    let mut finished = false;
    while !finished {
        let mut batch: Vec<(usize, Vec<u8>)> = Vec::with_capacity(CHUNK);
        while batch.len() < CHUNK {
            let mut line = Vec::new();
            if stdin
                .read_until(b'\n', &mut line)
                .context("cannot read standard input")?
                == 0
            {
                finished = true;
                break;
            }
            number += 1;
            if line.last() == Some(&b'\n') {
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
            }
            batch.push((number, line));
        }
        if number == 0 {
            // As `run` with nothing to process.
            eprintln!(
                "treaty: nothing to process: standard input is empty (`run --stdin` reads one \
                 document per line: a JSON line {{\"doc\": NAME, \"text\": TEXT}} or a path)"
            );
            return Ok(ExitCode::from(1));
        }
        if number == batch.len() {
            if let Some(looked_at) = looks_like_raw_text(&batch) {
                eprintln!("treaty: {}", raw_text_message(looked_at));
                return Ok(ExitCode::from(2));
            }
        }
        let results: Vec<(usize, LineResult)> = pool.install(|| {
            batch
                .par_iter()
                .map(|(number, line)| {
                    (
                        *number,
                        pipe_line(*number, line, &settings, Some(args.time_limit)),
                    )
                })
                .collect()
        });
        for (number, result) in results {
            let failure = match result {
                LineResult::Done(report, path) => {
                    let failure = failure_of_report(&report, &path);
                    if failure.is_none() {
                        for row in &report.rows {
                            serde_json::to_writer(&mut stdout, row)?;
                            stdout.write_all(b"\n")?;
                        }
                        if report.rows.is_empty() {
                            write_no_rows(
                                &mut stdout,
                                &report.doc,
                                &path,
                                number,
                                no_rows_reason(&report),
                            )?;
                        }
                    }
                    failure
                }
                LineResult::Blank => {
                    let path = format!("stdin line {number}");
                    write_no_rows(
                        &mut stdout,
                        "",
                        &path,
                        number,
                        "a blank line names no document".to_string(),
                    )?;
                    None
                }
                LineResult::Failed(failure) => Some(failure),
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

/// `treaty run --stdin-text NAME`: standard input is the text of one document, named NAME;
/// its rows go to standard output as JSON lines (or one "no rows" line), a failure to
/// standard error, as in `run --stdin`.
pub(super) fn run_stdin_text(args: &RunArgs, name: &str) -> anyhow::Result<ExitCode> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(args.max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    let path = "standard input";
    let fail = |error: String| -> anyhow::Result<ExitCode> {
        let failure = Failure {
            doc: name.to_string(),
            path: path.to_string(),
            severity: "error",
            error,
        };
        let mut line = serde_json::to_vec(&failure)?;
        line.push(b'\n');
        let _ = std::io::stderr().lock().write_all(&line);
        Ok(ExitCode::from(1))
    };
    if bytes.is_empty() {
        eprintln!("treaty: nothing to process: standard input is empty");
        return Ok(ExitCode::from(1));
    }
    if bytes.len() as u64 > args.max_bytes {
        return fail(format!(
            "too large: standard input holds more than {} bytes, the limit (--max-bytes)",
            args.max_bytes
        ));
    }
    let settings = Settings {
        ingest: IngestConfig {
            max_bytes: args.max_bytes,
            ..IngestConfig::default()
        },
        tokenizers: Some(LazyTokenizer::shared()),
        amended_treaty: None,
    };
    let report = match process_guarded(name, None, &bytes, &settings, Some(args.time_limit)) {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if let Some(failure) = failure_of_report(&report, path) {
        return fail(failure.error);
    }
    let mut stdout = Stdout(std::io::BufWriter::new(std::io::stdout().lock()));
    for row in &report.rows {
        serde_json::to_writer(&mut stdout, row)?;
        stdout.write_all(b"\n")?;
    }
    if report.rows.is_empty() {
        write_no_rows(&mut stdout, &report.doc, path, 1, no_rows_reason(&report))?;
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// How many of the first non-blank lines are looked at to tell a document's text, piped by
/// mistake, from lines naming documents.
const LINES_LOOKED_AT: usize = 5;

/// When standard input is the text of a document rather than lines naming documents (`cat
/// treaty.txt | treaty run --stdin`), the number of lines that tell so: none of the first
/// [`LINES_LOOKED_AT`] non-blank lines is a JSON object, names a file that exists, or ends in
/// the extension of a document (a path that cannot be read is still a document's failure).
fn looks_like_raw_text(batch: &[(usize, Vec<u8>)]) -> Option<usize> {
    let first: Vec<&[u8]> = batch
        .iter()
        .map(|(_, line)| line.as_slice())
        .filter(|line| !line.trim_ascii().is_empty())
        .take(LINES_LOOKED_AT)
        .collect();
    let names_a_document = |line: &[u8]| {
        let Ok(line) = std::str::from_utf8(line) else {
            // Not UTF-8: a failure of its own line, whatever it is.
            return true;
        };
        let line = line.trim();
        let path = std::path::Path::new(line);
        line.starts_with('{')
            || crate::inputs::has_extension(path, &crate::inputs::TEXT_EXTENSIONS)
            || std::fs::symlink_metadata(path).is_ok()
    };
    (!first.is_empty() && !first.iter().any(|line| names_a_document(line))).then_some(first.len())
}

/// What to do when standard input is a document's text (see [`looks_like_raw_text`]).
fn raw_text_message(looked_at: usize) -> String {
    let lines = if looked_at == 1 {
        "its first line is".to_string()
    } else {
        format!("none of its first {looked_at} lines is")
    };
    format!(
        "standard input looks like the text of a document, not lines naming documents: {lines} \
         a JSON line or the path of a file. `run --stdin` reads one document per line, either \
         a JSON line {{\"doc\": NAME, \"text\": TEXT}} or a path (`find texts/ -name '*.txt' | \
         treaty run --stdin`). To process one text, name its file (`treaty run treaty.txt`), \
         pipe it with a name (`cat treaty.txt | treaty run --stdin-text treaty`), or send it as \
         one JSON line: `jq -Rsc '{{doc: \"treaty\", text: .}}' treaty.txt | treaty run \
         --stdin`. Nothing was processed."
    )
}

fn write_no_rows<W: Write>(
    out: &mut W,
    doc: &str,
    path: &str,
    line: usize,
    no_rows: String,
) -> anyhow::Result<()> {
    serde_json::to_writer(
        &mut *out,
        &NoRows {
            doc,
            path,
            line,
            no_rows,
        },
    )?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Why a processed document has no rows: its warnings, else that none was found.
fn no_rows_reason(report: &DocumentReport) -> String {
    let warnings: Vec<&str> = report.warnings.iter().map(|w| w.message.as_str()).collect();
    if warnings.is_empty() {
        "no rate or threshold was found in the document".to_string()
    } else {
        format!("no rate or threshold was found: {}", warnings.join("; "))
    }
}

/// One line of pipe input: a blank line, a line that is not UTF-8 (a failure naming it), or
/// a document.
fn pipe_line(
    number: usize,
    line: &[u8],
    settings: &Settings<'static>,
    limit: Option<Duration>,
) -> LineResult {
    let Ok(line) = std::str::from_utf8(line) else {
        let valid = std::str::from_utf8(line).map_or_else(|e| e.valid_up_to(), |_| line.len());
        return LineResult::Failed(Failure {
            doc: String::new(),
            path: format!("stdin line {number}"),
            severity: "error",
            error: format!(
                "stdin line {number} is not valid UTF-8 (at byte {}): a line must be a JSON \
                 object or a path in UTF-8",
                valid + 1
            ),
        });
    };
    if line.trim().is_empty() {
        return LineResult::Blank;
    }
    match pipe_document(number, line, settings, limit) {
        Ok((report, path)) => LineResult::Done(Box::new(report), path),
        Err(failure) => LineResult::Failed(failure),
    }
}

/// Processes one line of pipe input: the report and the path (or `stdin line N`) it names.
fn pipe_document(
    number: usize,
    line: &str,
    settings: &Settings<'static>,
    limit: Option<Duration>,
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
        let bytes = crate::pdf::read_input_capped(
            &path,
            settings.ingest.max_bytes,
            limit
                .filter(|limit| !limit.is_zero())
                .map(|limit| std::time::Instant::now() + limit),
        )
        .map_err(|error| Failure {
            doc: crate::inputs::doc_name(&path),
            path: trimmed.to_string(),
            severity: "error",
            error,
        })?
        .bytes;
        (
            crate::inputs::doc_name(&path),
            trimmed.to_string(),
            Some(path),
            bytes,
        )
    };
    match process_guarded(&doc, file.as_deref(), &bytes, settings, limit) {
        Ok(report) => Ok((report, path)),
        Err(error) => Err(Failure {
            doc,
            path,
            severity: "error",
            error,
        }),
    }
}
