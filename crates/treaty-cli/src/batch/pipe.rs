//! `treaty run --stdin`: JSON lines or paths in, result rows out as JSON lines, failures on
//! standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

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

/// `treaty run --stdin`: a filter for batch engines (GNU parallel, Spark `pipe`, Beam, Ray).
pub(super) fn run_pipe(args: &RunArgs) -> anyhow::Result<ExitCode> {
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
        let bytes = crate::pdf::read_input(&path)
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
