//! `treaty run --stdin`: JSON lines or paths in, result rows out as JSON lines, failures on
//! standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use treaty_pipeline::Settings;
use treaty_schema::DocumentReport;

use super::args::RunArgs;
use super::outcome::{failure_of_report, Failure};
use super::process::{pipeline_settings, process_guarded};
use crate::workers::{job_count, worker_pool};

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
    /// A processed document (its rows, or the "no rows" line), its path, and for a PDF the
    /// text its rows' offsets point into.
    Done(Box<DocumentReport>, String, Option<String>),
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

/// The line written before the rows of a PDF named on an input line: the text extracted from
/// it (by pdftotext, or OCR), which pipe mode keeps nowhere else and the rows' `start` and
/// `end` point into.
#[derive(serde::Serialize)]
struct PdfText<'a> {
    doc: &'a str,
    path: &'a str,
    /// The input line (from 1).
    line: usize,
    pdf_text: &'a str,
}

/// One line of standard input as read.
enum PipeLine {
    Whole(Vec<u8>),
    /// Longer than `--max-bytes`: only its first bytes were kept (to tell a document's text
    /// piped by mistake), the rest skipped unread into memory.
    TooLong {
        prefix: Vec<u8>,
        length: u64,
    },
}

impl PipeLine {
    fn bytes(&self) -> &[u8] {
        match self {
            PipeLine::Whole(bytes) | PipeLine::TooLong { prefix: bytes, .. } => bytes,
        }
    }
}

/// How many bytes of a line over the limit are kept.
const TOO_LONG_PREFIX: usize = 256;

/// Reads one line (without its `\n` or `\r\n`) holding at most `cap` bytes of it in memory;
/// a longer line is read to its end and skipped. `None` at the end of input.
fn read_line_capped<R: std::io::BufRead>(
    reader: &mut R,
    cap: u64,
) -> std::io::Result<Option<PipeLine>> {
    let mut line = Vec::new();
    let mut length: u64 = 0;
    let mut too_long = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if length == 0 && !too_long {
                return Ok(None);
            }
            break;
        }
        let (taken, ended) = match memchr::memchr(b'\n', buffer) {
            Some(at) => (at, true),
            None => (buffer.len(), false),
        };
        length += taken as u64;
        if !too_long {
            if length > cap {
                too_long = true;
                line.truncate(TOO_LONG_PREFIX);
                line.shrink_to_fit();
            } else {
                line.extend_from_slice(&buffer[..taken]);
            }
        }
        reader.consume(taken + usize::from(ended));
        if ended {
            break;
        }
    }
    if too_long {
        return Ok(Some(PipeLine::TooLong {
            prefix: line,
            length,
        }));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(PipeLine::Whole(line)))
}

/// What the pipe's threads tell its main thread.
enum Event {
    /// A line read (numbered from 1).
    Line(usize, PipeLine),
    /// A line's answer, from a worker.
    Answer(usize, LineResult),
    /// The end of standard input, or an error reading it.
    End(std::io::Result<()>),
}

/// `treaty run --stdin`: a filter for batch engines (GNU parallel, Spark `pipe`, Beam, Ray).
/// The thread that reads standard input line by line into `events`, taking a slot of `slots`
/// before each line.
fn spawn_stdin_reader(
    events: std::sync::mpsc::Sender<Event>,
    slots: std::sync::mpsc::SyncSender<()>,
    max_bytes: u64,
) -> anyhow::Result<()> {
    std::thread::Builder::new()
        .name("stdin".to_string())
        .spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut number = 0;
            loop {
                if slots.send(()).is_err() {
                    return;
                }
                match read_line_capped(&mut stdin, max_bytes) {
                    Ok(Some(line)) => {
                        number += 1;
                        if events.send(Event::Line(number, line)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => {
                        let _ = events.send(Event::End(Ok(())));
                        return;
                    }
                    Err(error) => {
                        let _ = events.send(Event::End(Err(error)));
                        return;
                    }
                }
            }
        })
        .context("cannot start the thread reading standard input")?;
    Ok(())
}

/// The failure of line `number`, `length` bytes or more, longer than `--max-bytes`.
fn too_long(number: usize, length: u64, max_bytes: u64) -> LineResult {
    LineResult::Failed(Failure {
        doc: String::new(),
        path: format!("stdin line {number}"),
        severity: "error",
        error: format!(
            "stdin line {number} is too long: {length} bytes or more, the limit is \
             {max_bytes} bytes (--max-bytes); it was skipped"
        ),
    })
}

/// At the end of standard input after `n_lines` lines: the lines still `held` are sent to
/// work (`dispatch`), unless they are a document's text piped by mistake; an exit code when
/// the run ends here.
fn end_of_input(
    n_lines: usize,
    held: Option<Vec<(usize, PipeLine)>>,
    dispatch: &dyn Fn(usize, PipeLine),
) -> Option<ExitCode> {
    if n_lines == 0 {
        // As `run` with nothing to process.
        eprintln!(
            "treaty: nothing to process: standard input is empty (`run --stdin` \
             reads one document per line: a JSON line {{\"doc\": NAME, \"text\": \
             TEXT}} or a path)"
        );
        return Some(ExitCode::from(1));
    }
    if let Some(lines) = held {
        if let Some(looked_at) = looks_like_raw_text(&lines).raw_text(true) {
            eprintln!("treaty: {}", raw_text_message(looked_at));
            return Some(ExitCode::from(2));
        }
        for (number, line) in lines {
            dispatch(number, line);
        }
    }
    None
}

/// Every input line gets output: its rows on standard output, or one "no rows" line there, or
/// one failure line on standard error. Lines are read as bytes, so one that is not UTF-8 is a
/// failure of that line alone, and at most `--max-bytes` of a line are held, so a longer one
/// is a failure of its own. Each line is answered as soon as it and the lines before it are
/// done, standard output flushed, so a client that sends one line and waits gets its answer.
pub(super) fn run_pipe(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let jobs = job_count(args.jobs);
    let pool = worker_pool(jobs)?;
    let settings = std::sync::Arc::new(pipeline_settings(args.max_bytes));
    // Lines read ahead of their answers: enough to keep every worker busy, few enough that
    // memory stays a small multiple of --max-bytes per worker.
    let window = 2 * jobs;
    let (events, received) = std::sync::mpsc::channel::<Event>();
    // The reader takes a slot before each line and the main thread gives one back per answer
    // written, so reading never runs more than `window` lines ahead.
    let (slots, freed) = std::sync::mpsc::sync_channel::<()>(window);
    let max_bytes = args.max_bytes;
    spawn_stdin_reader(events.clone(), slots, max_bytes)?;
    let dispatch = |number: usize, line: PipeLine| {
        let events = events.clone();
        let settings = settings.clone();
        let limit = args.time_limit;
        pool.spawn(move || {
            let result = match line {
                PipeLine::Whole(line) => pipe_line(number, &line, &settings, Some(limit)),
                PipeLine::TooLong { length, .. } => too_long(number, length, max_bytes),
            };
            let _ = events.send(Event::Answer(number, result));
        });
    };
    let mut stdout = Stdout(std::io::BufWriter::new(std::io::stdout().lock()));
    let mut n_failed = 0;
    // Lines held until the first ones tell lines naming documents from a document's text.
    let mut held: Option<Vec<(usize, PipeLine)>> = Some(Vec::new());
    let mut answers: std::collections::BTreeMap<usize, LineResult> = Default::default();
    let mut next = 1;
    let mut n_lines = 0;
    let mut ended = false;
    // The last line whose slot was given back while it was held.
    let mut given_back = 0;
    while !ended || next <= n_lines {
        let event = received
            .recv()
            .context("the threads of `run --stdin` stopped")?;
        match event {
            Event::Line(number, line) => {
                n_lines = number;
                match &mut held {
                    None => dispatch(number, line),
                    Some(lines) => {
                        lines.push((number, line));
                        // Held lines are at most the first few that are not blank (and the
                        // blank ones between): the reader goes on past the window for them.
                        let _ = freed.try_recv();
                        given_back = number;
                        let verdict = looks_like_raw_text(lines);
                        if let Some(looked_at) = verdict.raw_text(false) {
                            eprintln!("treaty: {}", raw_text_message(looked_at));
                            return Ok(ExitCode::from(2));
                        }
                        if verdict.decided(false) {
                            for (number, line) in held.take().unwrap_or_default() {
                                dispatch(number, line);
                            }
                        }
                    }
                }
            }
            Event::Answer(number, result) => {
                answers.insert(number, result);
                while let Some(result) = answers.remove(&next) {
                    n_failed += usize::from(write_answer(&mut stdout, next, result)?);
                    stdout.flush()?;
                    // The reader may be gone (at the end of input): nothing to give back.
                    if next > given_back {
                        let _ = freed.try_recv();
                    }
                    next += 1;
                }
            }
            Event::End(result) => {
                result.context("cannot read standard input")?;
                ended = true;
                if let Some(code) = end_of_input(n_lines, held.take(), &dispatch) {
                    return Ok(code);
                }
            }
        }
    }
    Ok(if n_failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes one line's answer: its rows (after the extracted text of a PDF) or a "no rows"
/// line on standard output, or its failure on standard error. Whether it failed.
fn write_answer<W: Write>(
    stdout: &mut W,
    number: usize,
    result: LineResult,
) -> anyhow::Result<bool> {
    let failure = match result {
        LineResult::Done(report, path, pdf_text) => {
            let failure = failure_of_report(&report, &path);
            if failure.is_none() {
                if let Some(pdf_text) = &pdf_text {
                    serde_json::to_writer(
                        &mut *stdout,
                        &PdfText {
                            doc: &report.doc,
                            path: &path,
                            line: number,
                            pdf_text,
                        },
                    )?;
                    stdout.write_all(b"\n")?;
                }
                for row in &report.rows {
                    serde_json::to_writer(&mut *stdout, row)?;
                    stdout.write_all(b"\n")?;
                }
                if report.rows.is_empty() {
                    write_no_rows(stdout, &report.doc, &path, number, no_rows_reason(&report))?;
                }
            }
            failure
        }
        LineResult::Blank => {
            let path = format!("stdin line {number}");
            write_no_rows(
                stdout,
                "",
                &path,
                number,
                "a blank line names no document".to_string(),
            )?;
            None
        }
        LineResult::Failed(failure) => Some(failure),
    };
    let Some(failure) = failure else {
        return Ok(false);
    };
    // The records failures.jsonl would hold, in input order.
    let mut line = serde_json::to_vec(&failure)?;
    line.push(b'\n');
    // Written whole, so lines of parallel filters sharing stderr do not interleave.
    let _ = std::io::stderr().lock().write_all(&line);
    Ok(true)
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
    let settings = pipeline_settings(args.max_bytes);
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

/// What the first lines of standard input say so far: whether they name documents.
struct RawTextVerdict {
    /// Non-blank lines looked at.
    looked_at: usize,
    /// Whether one of them names a document.
    names_a_document: bool,
}

impl RawTextVerdict {
    /// The number of lines that tell standard input is a document's text, once that is
    /// known; `at_end`: no more lines will be looked at.
    fn raw_text(&self, at_end: bool) -> Option<usize> {
        (!self.names_a_document
            && self.looked_at > 0
            && (at_end || self.looked_at >= LINES_LOOKED_AT))
            .then_some(self.looked_at)
    }

    /// Whether the lines can be processed: one names a document, or no more will be
    /// looked at.
    fn decided(&self, at_end: bool) -> bool {
        self.names_a_document || at_end || self.looked_at >= LINES_LOOKED_AT
    }
}

/// When standard input is the text of a document rather than lines naming documents (`cat
/// treaty.txt | treaty run --stdin`), the first lines tell so: none of the first
/// [`LINES_LOOKED_AT`] non-blank lines is a JSON object, names a file that exists, or ends in
/// the extension of a document (a path that cannot be read is still a document's failure).
fn looks_like_raw_text(lines: &[(usize, PipeLine)]) -> RawTextVerdict {
    let first: Vec<&[u8]> = lines
        .iter()
        .map(|(_, line)| line.bytes())
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
    RawTextVerdict {
        looked_at: first.len(),
        names_a_document: first.iter().any(|line| names_a_document(line)),
    }
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
        Ok((report, path, pdf_text)) => LineResult::Done(Box::new(report), path, pdf_text),
        Err(failure) => LineResult::Failed(failure),
    }
}

/// Processes one line of pipe input: the report, the path (or `stdin line N`) it names and,
/// for a PDF, the text extracted from it.
fn pipe_document(
    number: usize,
    line: &str,
    settings: &Settings<'static>,
    limit: Option<Duration>,
) -> Result<(DocumentReport, String, Option<String>), Failure> {
    let trimmed = line.trim();
    let (doc, path, file, bytes, is_pdf) = if trimmed.starts_with('{') {
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
            false,
        )
    } else {
        let path = PathBuf::from(trimmed);
        let input = crate::pdf::read_input_capped(
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
        })?;
        (
            crate::inputs::doc_name(&path),
            trimmed.to_string(),
            Some(path),
            input.bytes,
            input.pdf.is_some(),
        )
    };
    match process_guarded(&doc, file.as_deref(), &bytes, settings, limit) {
        // A PDF's rows point into its extracted text, which goes with them (UTF-8, as
        // pdftotext, Tesseract and the built-in extractor all write it, so offsets hold).
        Ok(report) => {
            let pdf_text = is_pdf.then(|| String::from_utf8_lossy(&bytes).into_owned());
            Ok((report, path, pdf_text))
        }
        Err(error) => Err(Failure {
            doc,
            path,
            severity: "error",
            error,
        }),
    }
}
