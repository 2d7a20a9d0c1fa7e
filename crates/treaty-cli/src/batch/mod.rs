//! `treaty run`: many documents in parallel, datasets streamed to disk in a stable order.
//!
//! This file holds the arguments, the worker pool and the run loop; the pieces it calls live
//! beside it: [`process`] (one document, guarded against panics), [`datasets`] (a document's
//! JSON and dataset lines), [`outcome`] (what became of a document), [`output_folder`]
//! (reused output folders), [`interrupt`] (Ctrl-C) and [`pipe`] (`run --stdin`).

mod args;
mod columnar;
mod dataset_files;
mod datasets;
mod deadline;
mod interrupt;
mod manifest;
mod merge;
mod outcome;
mod output_folder;
mod pipe;
pub(crate) mod process;
mod shard;

use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use treaty_pipeline::link::{self, LinkedTreaty};
use treaty_pipeline::Settings;

use crate::inputs::{collect_excluding, nothing_to_process, Input};

use crate::workers::{job_count, worker_pool, CHUNK};
pub use args::{DatasetFormat, RunArgs};
use dataset_files::{set_aside_previous, DatasetFiles, PREVIOUS_FOLDER, WARNINGS_FILE};
use datasets::render;
pub(crate) use deadline::parse_time_limit;
use interrupt::Interrupt;
use manifest::{
    file_sha256, lock_output, rules_fingerprint, trusted_entries, InputEntry, Journal, Manifest,
    OutputLock,
};
pub use merge::{merge, MergeArgs};
use outcome::{Failure, Outcome};
use output_folder::{name_list, other_documents, remove_stale_temporary_files};
use pipe::run_pipe;
use process::process_input;

/// The INPUT arguments of a run: those named, then those `--inputs-from` lists; `corpus/`
/// when there are none.
pub(crate) fn run_arguments(args: &RunArgs) -> anyhow::Result<Vec<PathBuf>> {
    run_arguments_of(&args.inputs, args.inputs_from.as_deref())
}

/// The INPUT arguments of `inputs` and the `--inputs-from` list (see [`run_arguments`]).
pub(crate) fn run_arguments_of(
    inputs: &[PathBuf],
    inputs_from: Option<&std::path::Path>,
) -> anyhow::Result<Vec<PathBuf>> {
    let mut arguments = inputs.to_vec();
    match inputs_from {
        Some(list) => {
            arguments.extend(shard::read_input_list(list)?);
            Ok(arguments)
        }
        None => Ok(crate::inputs::default_inputs(arguments)),
    }
}

/// The inputs a run reads: those of its arguments, cut to its `--shard`.
pub(crate) fn shard_inputs(args: &RunArgs) -> anyhow::Result<Vec<Input>> {
    let inputs = collect_excluding(&run_arguments(args)?, Some(&args.out)).inputs;
    Ok(match args.shard {
        None => inputs,
        Some(shard) => inputs
            .into_iter()
            .enumerate()
            .filter(|(position, _)| shard.holds(*position))
            .map(|(_, input)| input)
            .collect(),
    })
}

/// Two inputs with one document name would write one JSON file: the later ones fail; so does
/// a document named `run`, whose JSON would be the run manifest. Per input, why it fails.
fn name_conflicts(inputs: &[Input]) -> Vec<Option<&'static str>> {
    let mut seen_docs = HashSet::new();
    inputs
        .iter()
        .map(|input| match input {
            Input::File { doc, .. } if !seen_docs.insert(doc.clone()) => {
                Some("another input has the same document name; the first one was kept")
            }
            Input::File { doc, .. }
                if format!("{}.json", crate::output::output_stem(doc))
                    == manifest::MANIFEST_FILE =>
            {
                Some(
                    "its JSON would be run.json, the run manifest of the output folder; rename \
                     the file",
                )
            }
            _ => None,
        })
        .collect()
}

/// A document's failure on the terminal, above the progress bar.
fn print_failure(progress: &ProgressBar, failure: &Failure) {
    progress.suspend(|| {
        eprintln!(
            "treaty: {}: {}",
            crate::terminal::quote(&failure.path),
            crate::terminal::line(&failure.error)
        )
    });
}

/// How many documents the summary names per warning code.
const DOCS_PER_WARNING: usize = 3;

/// Warnings by code, most frequent first, each with the first documents that have it:
/// `3 unmatched (a, b, c), 1 no_rate_rows (d)`.
fn warning_summary(by_code: &BTreeMap<String, (usize, Vec<String>)>) -> String {
    let mut codes: Vec<(&String, &(usize, Vec<String>))> = by_code.iter().collect();
    codes.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
    codes
        .iter()
        .map(|(code, (count, docs))| {
            let mut named: Vec<String> = docs
                .iter()
                .take(DOCS_PER_WARNING)
                .map(|doc| crate::terminal::quote(doc).into_owned())
                .collect();
            if docs.len() > DOCS_PER_WARNING {
                named.push(format!("{} more", docs.len() - DOCS_PER_WARNING));
            }
            format!("{count} {code} ({})", named.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    if args.stdin {
        return run_pipe(&args);
    }
    if let Some(name) = &args.stdin_text {
        return pipe::run_stdin_text(&args, name);
    }
    // The output folder's lock is held out here, so that a run stopped by an error records
    // the stop in run.json before another run may take the folder.
    let mut lock = None;
    let result = run_folder(&args, &mut lock);
    if let (Err(error), Some(_)) = (&result, &lock) {
        manifest::record_stop(&args.out, error);
    }
    result
}

/// `treaty run` of files and folders into `--out`; `held` keeps the output folder's lock.
fn run_folder(args: &RunArgs, held: &mut Option<OutputLock>) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let arguments = run_arguments(args)?;
    // The output folder is never input, even where it sits inside an input folder (the
    // default `output/` of `treaty run .`).
    let collected = collect_excluding(&arguments, Some(&args.out));
    if collected.inputs.is_empty() {
        eprintln!(
            "treaty: {}",
            nothing_to_process(&arguments, &collected.skipped)
        );
        return Ok(ExitCode::from(1));
    }
    let RunInputs {
        inputs,
        conflict,
        unsupported,
        shard_entry,
    } = run_inputs(args, collected);
    let n_pdf_inputs = pdf_count(&inputs);
    let jobs = job_count(args.jobs);
    if let Some(code) = take_output_folder(args, &inputs, held)? {
        return Ok(code);
    }
    // The manifest of the earlier run (what --resume may trust), then this run's.
    let fingerprint = rules_fingerprint();
    let trusted = trusted_entries(&args.out, &fingerprint);
    let mut manifest = start_manifest(args, &inputs, &trusted, &fingerprint, shard_entry)?;
    let journal = Journal::create(&args.out, fingerprint.clone())?;
    let pool = worker_pool(jobs)?;
    let progress = progress_bar(args, &inputs);
    let settings = process::pipeline_settings(args.max_bytes);
    let set_aside = set_aside_earlier_datasets(args)?;
    let datasets = DatasetFiles::create(&args.out, args.format == DatasetFormat::Parquet)?;
    let interrupt = Interrupt::install();
    let mut tally = Tally::new(args, &inputs, &conflict, &progress, datasets);
    let work = Work {
        args,
        settings: &settings,
        trusted: &trusted,
        conflict: &conflict,
        journal: &journal,
        interrupt: &interrupt,
        progress: &progress,
    };
    let (known_treaties, deferred_outcomes) = work.process_inputs(&pool, &inputs, &mut tally)?;
    // Protocols whose treaty is another document: processed again with that treaty's article
    // topics, once every document's treaties are known, and written after the others.
    if !interrupt.fired() {
        let outcomes = work.process_deferred(&pool, &inputs, deferred_outcomes, &known_treaties);
        for (index, outcome) in outcomes {
            tally.handle(index, outcome)?;
        }
    }
    let Tally {
        datasets,
        entries,
        counts,
        written_docs,
        failed_docs,
        ..
    } = tally;
    for doc in failed_docs
        .iter()
        .filter(|doc| !written_docs.contains(*doc))
    {
        // Best effort: the failure is in failures.jsonl either way.
        let _ = std::fs::remove_file(crate::output::json_path(&args.out, doc));
    }
    progress.finish_and_clear();
    manifest.inputs = manifest_inputs(&inputs, entries);
    manifest.counts = counts.of_manifest(unsupported.len());
    manifest.ocr = manifest::OcrCounts::of_this_process();
    let finished = Finished {
        args,
        n_inputs: inputs.len(),
        set_aside,
        n_skipped: unsupported.len(),
    };
    if interrupt.fired() {
        return finished.interrupted(manifest, datasets, journal, &counts, written_docs.len());
    }
    finished.complete(manifest, datasets, journal, &unsupported)?;
    if !args.quiet {
        finished.print_summary(&counts, started, n_pdf_inputs);
    }
    let skipped_fail = finished.n_skipped > 0 && !args.skip_unsupported;
    Ok(if counts.failed > 0 || skipped_fail {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// How many of `inputs` are PDF files.
fn pdf_count(inputs: &[Input]) -> usize {
    inputs
        .iter()
        .filter(|input| {
            input
                .path()
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
        })
        .count()
}

/// The inputs of a run, as its arguments and `--shard` name them.
struct RunInputs {
    inputs: Vec<Input>,
    /// Per input, why it fails before it is read (see [`name_conflicts`]).
    conflict: Vec<Option<&'static str>>,
    /// Files of a format that is not text, with their lines for failures.jsonl.
    unsupported: Vec<(PathBuf, Failure)>,
    shard_entry: Option<manifest::ShardEntry>,
}

/// The inputs of a run from what its arguments collected, the files of a format that is not
/// text named on the terminal.
fn run_inputs(args: &RunArgs, collected: crate::inputs::Collected) -> RunInputs {
    if !args.quiet {
        for skipped in collected
            .skipped
            .iter()
            .filter(|s| s.format.is_some() || s.output_folder)
        {
            eprintln!(
                "treaty: skipped {}: {}",
                crate::terminal::path(&skipped.path),
                skipped.reason()
            );
        }
    }
    // Files of a format that is not text (a Word document, an image): named above, recorded
    // in failures.jsonl after the documents, counted in the summary and the exit status.
    // A shard's are recorded by shard 1 alone, so the merged run lists each once.
    let records_skipped = args.shard.is_none_or(|shard| shard.records_skipped());
    let unsupported_paths: Vec<PathBuf> = collected
        .skipped
        .iter()
        .filter(|s| s.format.is_some())
        .map(|s| s.path.clone())
        .collect();
    let unsupported: Vec<(PathBuf, Failure)> = collected
        .skipped
        .iter()
        .filter(|s| s.format.is_some() && records_skipped)
        .map(|s| {
            let failure = Failure {
                doc: crate::inputs::doc_name(&s.path),
                path: crate::path_text::path_text(&s.path),
                severity: "skipped",
                error: s.reason(),
            };
            (s.path.clone(), failure)
        })
        .collect();
    let inputs = collected.inputs;
    // Name conflicts are found in the whole list, so a shard fails the same inputs as the
    // whole run would.
    let conflict = name_conflicts(&inputs);
    let shard_entry = args.shard.map(|shard| manifest::ShardEntry {
        index: shard.index,
        count: shard.count,
        inputs: inputs.len(),
        inputs_sha256: shard::input_list_sha256(&inputs, &unsupported_paths),
    });
    let (inputs, conflict): (Vec<Input>, Vec<Option<&'static str>>) = match args.shard {
        None => (inputs, conflict),
        Some(shard) => inputs
            .into_iter()
            .zip(conflict)
            .enumerate()
            .filter(|(position, _)| shard.holds(*position))
            .map(|(_, pair)| pair)
            .unzip(),
    };
    RunInputs {
        inputs,
        conflict,
        unsupported,
        shard_entry,
    }
}

/// Creates and locks the output folder (the lock kept in `held`), and clears it of what this
/// run does not write; an exit code when the run cannot go on there.
fn take_output_folder(
    args: &RunArgs,
    inputs: &[Input],
    held: &mut Option<OutputLock>,
) -> anyhow::Result<Option<ExitCode>> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create output folder {}", args.out.display()))?;
    // Held until the run returns: a second run into this folder stops here.
    *held = match lock_output(&args.out)? {
        Ok(lock) => Some(lock),
        Err(message) => {
            eprintln!("treaty: {message}");
            return Ok(Some(ExitCode::from(2)));
        }
    };
    remove_stale_temporary_files(&args.out);
    let run_docs: HashSet<String> = inputs.iter().map(Input::doc).collect();
    let others = other_documents(&args.out, &run_docs);
    if others.is_empty() {
        return Ok(None);
    }
    if !args.force {
        eprintln!(
            "treaty: {} already holds the JSON of {} documents that are not inputs of this run ({}); \
             the datasets of this run would leave them out. Use --force to delete their JSON, \
             or another --out folder.",
            args.out.display(),
            others.len(),
            name_list(&others)
        );
        return Ok(Some(ExitCode::from(2)));
    }
    for doc in &others {
        let path = crate::output::json_path(&args.out, doc);
        std::fs::remove_file(&path).with_context(|| format!("cannot remove {}", path.display()))?;
    }
    if !args.quiet {
        eprintln!(
            "treaty: --force: removed from {} the JSON of {} documents that are not inputs of this run ({})",
            args.out.display(),
            others.len(),
            name_list(&others)
        );
    }
    Ok(None)
}

/// This run's manifest, written `running` until its end, so a run killed on the way leaves no
/// claim that the datasets are whole.
fn start_manifest(
    args: &RunArgs,
    inputs: &[Input],
    trusted: &std::collections::HashMap<String, InputEntry>,
    fingerprint: &str,
    shard_entry: Option<manifest::ShardEntry>,
) -> anyhow::Result<Manifest> {
    let mut manifest = Manifest::start(fingerprint.to_string());
    manifest.settings = Some(run_settings(args));
    manifest.shard = shard_entry;
    // What --resume may trust stays listed while this run is under way, so a run killed on
    // the way can be resumed as well.
    manifest.inputs = inputs
        .iter()
        .filter_map(|input| trusted.get(&input.doc()).cloned())
        .collect();
    manifest.write(&args.out).with_context(|| {
        format!(
            "cannot write {}",
            args.out.join(manifest::MANIFEST_FILE).display()
        )
    })?;
    manifest.inputs.clear();
    Ok(manifest)
}

/// The progress bar of a run over `inputs`, hidden when quiet or not on a terminal.
fn progress_bar(args: &RunArgs, inputs: &[Input]) -> ProgressBar {
    let total_bytes: u64 = inputs
        .iter()
        .map(|i| std::fs::metadata(i.path()).map_or(0, |m| m.len()))
        .sum();
    if args.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {binary_bytes}/{binary_total_bytes} {msg} (ETA {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        crate::ocr::show_progress_on(bar.clone());
        bar
    }
}

/// The earlier run's datasets are set aside, so a run that stops before its end leaves no
/// datasets that disagree with the JSON beside them; they go when this run commits. Returns
/// how many were set aside.
fn set_aside_earlier_datasets(args: &RunArgs) -> anyhow::Result<usize> {
    let set_aside = set_aside_previous(&args.out, args.force)?;
    if set_aside > 0 && !args.quiet {
        eprintln!(
            "treaty: the earlier run's datasets{} are in {} until this run completes",
            if args.force {
                " (with --force, its report/ and text/ too)"
            } else {
                ""
            },
            crate::terminal::path(&args.out.join(PREVIOUS_FOLDER))
        );
    }
    Ok(set_aside)
}

/// What a run counts, for its manifest and its summary.
#[derive(Default)]
struct RunCounts {
    documents: usize,
    failed: usize,
    articles: usize,
    rows: usize,
    warnings: usize,
    resumed: usize,
    /// Per warning code, how many and the documents that have one (for the summary).
    warnings_by_code: BTreeMap<String, (usize, Vec<String>)>,
}

impl RunCounts {
    /// The counts as the manifest records them, with `skipped` files of other formats.
    fn of_manifest(&self, skipped: usize) -> manifest::Counts {
        manifest::Counts {
            documents: self.documents,
            resumed: self.resumed,
            articles: self.articles,
            rows: self.rows,
            warnings: self.warnings,
            failed: self.failed,
            skipped,
        }
    }
}

/// What becomes of each document's outcome, in the order they are handed over: counted, its
/// dataset lines appended, its manifest entry kept.
struct Tally<'r> {
    args: &'r RunArgs,
    inputs: &'r [Input],
    conflict: &'r [Option<&'static str>],
    progress: &'r ProgressBar,
    datasets: DatasetFiles,
    /// Per input, its line in the manifest.
    entries: Vec<Option<InputEntry>>,
    counts: RunCounts,
    /// Documents whose JSON this run wrote or kept, and documents that failed: an earlier
    /// run's JSON of a document that fails now is removed, so the folder agrees with the
    /// datasets.
    written_docs: HashSet<String>,
    failed_docs: Vec<String>,
}

impl<'r> Tally<'r> {
    fn new(
        args: &'r RunArgs,
        inputs: &'r [Input],
        conflict: &'r [Option<&'static str>],
        progress: &'r ProgressBar,
        datasets: DatasetFiles,
    ) -> Tally<'r> {
        Tally {
            args,
            inputs,
            conflict,
            progress,
            datasets,
            entries: vec![None; inputs.len()],
            counts: RunCounts::default(),
            written_docs: HashSet::new(),
            failed_docs: Vec::new(),
        }
    }

    /// Takes the outcome of input `index`.
    fn handle(&mut self, index: usize, outcome: Outcome) -> anyhow::Result<()> {
        if !matches!(outcome, Outcome::Skipped) {
            self.counts.documents += 1;
        }
        self.progress.set_message(format!(
            "{}/{} documents",
            self.counts.documents,
            self.inputs.len()
        ));
        match outcome {
            Outcome::Rendered(rendered) => self.rendered(index, *rendered)?,
            Outcome::Failed(failure) => self.failed(index, failure)?,
            Outcome::Unwritable(error) => {
                // A full disk or a read-only folder is no fault of the document: the run
                // stops, as it would at the datasets, instead of failing every document.
                return Err(error.context(
                    "the run stopped and its datasets were not written (--resume continues it)",
                ));
            }
            Outcome::Skipped => {}
            Outcome::Done(..) => {
                unreachable!("render turns every processed document into Rendered")
            }
        }
        Ok(())
    }

    /// A document processed (or resumed) and rendered into dataset lines.
    fn rendered(&mut self, index: usize, rendered: outcome::Rendered) -> anyhow::Result<()> {
        let input = &self.inputs[index];
        self.written_docs.insert(input.doc());
        self.entries[index] = Some(InputEntry {
            doc: input.doc(),
            path: crate::path_text::path_text(input.path()),
            bytes: std::fs::metadata(input.path()).ok().map(|m| m.len()),
            sha256: Some(rendered.input_sha256.clone()),
            outcome: if rendered.resumed {
                "resumed"
            } else {
                "processed"
            }
            .to_string(),
            json_sha256: rendered.json_sha256.clone(),
        });
        let counts = &mut self.counts;
        counts.resumed += usize::from(rendered.resumed);
        self.datasets.append_document(&rendered)?;
        counts.rows += rendered.n_rows;
        counts.articles += rendered.n_articles;
        counts.warnings += rendered.n_warnings;
        for code in &rendered.warning_codes {
            let (count, docs) = counts.warnings_by_code.entry(code.clone()).or_default();
            *count += 1;
            let doc = input.doc();
            if docs.last() != Some(&doc) {
                docs.push(doc);
            }
        }
        if let Some(failure) = rendered.failure {
            counts.failed += 1;
            if !self.args.quiet {
                print_failure(self.progress, &failure);
            }
            self.datasets.append_failure(&failure)?;
        }
        Ok(())
    }

    /// A document that failed.
    fn failed(&mut self, index: usize, failure: Failure) -> anyhow::Result<()> {
        let input = &self.inputs[index];
        self.counts.failed += 1;
        self.entries[index] = Some(InputEntry {
            doc: failure.doc.clone(),
            path: failure.path.clone(),
            bytes: std::fs::metadata(input.path()).ok().map(|m| m.len()),
            sha256: file_sha256(input.path(), self.args.max_bytes),
            outcome: "failed".to_string(),
            json_sha256: None,
        });
        if self.conflict[index].is_none() {
            self.failed_docs.push(failure.doc.clone());
        }
        print_failure(self.progress, &failure);
        self.datasets.append_failure(&failure)
    }
}

/// The manifest's inputs: each input's entry, or what is known of one not reached.
fn manifest_inputs(inputs: &[Input], entries: Vec<Option<InputEntry>>) -> Vec<InputEntry> {
    inputs
        .iter()
        .zip(entries)
        .map(|(input, entry)| {
            entry.unwrap_or_else(|| InputEntry {
                doc: input.doc(),
                path: crate::path_text::path_text(input.path()),
                bytes: std::fs::metadata(input.path()).ok().map(|m| m.len()),
                sha256: None,
                outcome: "not_processed".to_string(),
                json_sha256: None,
            })
        })
        .collect()
}

/// The protocols held back for the batch's treaties: their places and first outcomes.
type Deferred = Vec<(usize, Outcome)>;

/// What the workers of a run share.
struct Work<'r> {
    args: &'r RunArgs,
    settings: &'r Settings<'static>,
    /// The earlier run's manifest entries that --resume may trust.
    trusted: &'r std::collections::HashMap<String, InputEntry>,
    conflict: &'r [Option<&'static str>],
    journal: &'r Journal,
    interrupt: &'r Interrupt,
    progress: &'r ProgressBar,
}

impl Work<'_> {
    /// Every input processed chunk by chunk and handed to `tally` in input order, until an
    /// interrupt; returns the treaties of the documents processed and the protocols waiting
    /// for them.
    fn process_inputs(
        &self,
        pool: &rayon::ThreadPool,
        inputs: &[Input],
        tally: &mut Tally<'_>,
    ) -> anyhow::Result<(Vec<LinkedTreaty>, Deferred)> {
        let mut known_treaties: Vec<LinkedTreaty> = Vec::new();
        let mut deferred_outcomes: Deferred = Vec::new();
        for (chunk_index, chunk) in inputs.chunks(CHUNK).enumerate() {
            if self.interrupt.fired() {
                break;
            }
            // Workers process, serialize and write each document's JSON; the main thread only
            // appends the rendered dataset lines, in input order.
            let outcomes: Vec<(Outcome, Vec<LinkedTreaty>, bool)> = pool.install(|| {
                chunk
                    .par_iter()
                    .enumerate()
                    .map(|(offset, input)| self.first_outcome(chunk_index * CHUNK + offset, input))
                    .collect()
            });
            for (offset, (outcome, treaties, deferred)) in outcomes.into_iter().enumerate() {
                let index = chunk_index * CHUNK + offset;
                known_treaties.extend(treaties);
                if deferred {
                    deferred_outcomes.push((index, outcome));
                    continue;
                }
                tally.handle(index, outcome)?;
            }
        }
        Ok((known_treaties, deferred_outcomes))
    }

    /// Input `index` processed (or resumed), with its treaties and whether it waits for
    /// another document's treaty.
    fn first_outcome(&self, index: usize, input: &Input) -> (Outcome, Vec<LinkedTreaty>, bool) {
        let args = self.args;
        if self.interrupt.fired() {
            return (Outcome::Skipped, Vec::new(), false);
        }
        let _working = self.interrupt.working(index, input.path());
        let outcome = if let Some(error) = self.conflict[index] {
            let failure = Failure {
                doc: crate::inputs::doc_name(input.path()),
                path: crate::path_text::path_text(input.path()),
                severity: "error",
                error: error.to_string(),
            };
            (Outcome::Failed(failure), Vec::new(), false)
        } else {
            let outcome = self.processed_or_resumed(input);
            let treaties = match &outcome {
                Outcome::Done(report, ..) => link::treaties_of(report),
                _ => Vec::new(),
            };
            match outcome {
                // A protocol whose treaty is not in it waits for the batch's.
                Outcome::Done(report, resumed, path) if link::wanted_treaty(&report).is_some() => {
                    (Outcome::Done(report, resumed, path), treaties, true)
                }
                outcome => (
                    render(outcome, &args.out, args.csv_raw, self.journal),
                    treaties,
                    false,
                ),
            }
        };
        self.progress.inc(
            std::fs::metadata(input.path())
                .map_or(0, |m| m.len())
                .saturating_sub(crate::ocr::take_progress(input.path())),
        );
        outcome
    }

    /// An input processed, or its earlier JSON resumed where --resume may trust it.
    fn processed_or_resumed(&self, input: &Input) -> Outcome {
        let args = self.args;
        // --resume trusts a document's JSON only when the earlier run's manifest is of these
        // rules and lists the same input and JSON hashes.
        let trusted = self.trusted.get(&input.doc()).filter(|_| args.resume);
        let outcome = process_input(
            input,
            &args.out,
            self.settings,
            Some(args.time_limit),
            trusted.is_some(),
        );
        match (outcome, trusted) {
            (Outcome::Done(report, true, path), Some(entry))
                if entry_matches(entry, &report, &args.out) =>
            {
                Outcome::Done(report, true, path)
            }
            (Outcome::Done(_, true, _), _) => process_input(
                input,
                &args.out,
                self.settings,
                Some(args.time_limit),
                false,
            ),
            (outcome, _) => outcome,
        }
    }

    /// The protocols that waited, processed again with the treaty they amend where another
    /// document holds it, and rendered.
    fn process_deferred(
        &self,
        pool: &rayon::ThreadPool,
        inputs: &[Input],
        deferred_outcomes: Deferred,
        known_treaties: &[LinkedTreaty],
    ) -> Vec<(usize, Outcome)> {
        let args = self.args;
        pool.install(|| {
            deferred_outcomes
                .into_par_iter()
                .map(|(index, outcome)| {
                    let linked = match &outcome {
                        Outcome::Done(report, ..) => link::amended_treaty(report, known_treaties),
                        _ => None,
                    };
                    let outcome = match linked {
                        Some(treaty) => process_input(
                            &inputs[index],
                            &args.out,
                            &Settings {
                                amended_treaty: Some(std::sync::Arc::new(treaty.clone())),
                                ..self.settings.clone()
                            },
                            Some(args.time_limit),
                            false,
                        ),
                        None => outcome,
                    };
                    (
                        index,
                        render(outcome, &args.out, args.csv_raw, self.journal),
                    )
                })
                .collect()
        })
    }
}

/// The end of a run whose documents are done (or interrupted).
struct Finished<'r> {
    args: &'r RunArgs,
    n_inputs: usize,
    /// How many of the earlier run's datasets were set aside.
    set_aside: usize,
    /// Files of a format that is not text.
    n_skipped: usize,
}

impl Finished<'_> {
    /// An interrupted run: its datasets are not committed, `run.json` says so.
    fn interrupted(
        &self,
        mut manifest: Manifest,
        datasets: DatasetFiles,
        journal: Journal,
        counts: &RunCounts,
        n_written: usize,
    ) -> anyhow::Result<ExitCode> {
        let args = self.args;
        let manifest_path = args.out.join(manifest::MANIFEST_FILE);
        // The datasets are not committed: their temporary files go when they are dropped.
        drop(datasets);
        manifest.finish("interrupted");
        manifest
            .write(&args.out)
            .with_context(|| format!("cannot write {}", manifest_path.display()))?;
        drop(journal);
        Journal::remove(&args.out);
        eprintln!(
            "treaty: interrupted after {} of {} documents ({} with their JSON in {}); \
             the datasets were not written{}; run the same command with --resume to continue",
            counts.documents,
            self.n_inputs,
            n_written,
            args.out.display(),
            if self.set_aside > 0 {
                format!(
                    " (the earlier run's are in {})",
                    args.out.join(PREVIOUS_FOLDER).display()
                )
            } else {
                String::new()
            }
        );
        Ok(ExitCode::from(130))
    }

    /// A complete run: the skipped files' failures added, the datasets committed, `run.json`
    /// written complete.
    fn complete(
        &self,
        mut manifest: Manifest,
        mut datasets: DatasetFiles,
        journal: Journal,
        unsupported: &[(PathBuf, Failure)],
    ) -> anyhow::Result<()> {
        let args = self.args;
        let manifest_path = args.out.join(manifest::MANIFEST_FILE);
        for (_, failure) in unsupported {
            datasets.append_failure(failure)?;
        }
        datasets.commit()?;
        for (path, failure) in unsupported {
            manifest.inputs.push(InputEntry {
                doc: failure.doc.clone(),
                path: failure.path.clone(),
                bytes: std::fs::metadata(path).ok().map(|m| m.len()),
                sha256: None,
                outcome: "skipped".to_string(),
                json_sha256: None,
            });
        }
        manifest.finish("complete");
        manifest
            .write(&args.out)
            .with_context(|| format!("cannot write {}", manifest_path.display()))?;
        drop(journal);
        Journal::remove(&args.out);
        Ok(())
    }

    /// The summary of a complete run on the terminal.
    fn print_summary(&self, counts: &RunCounts, started: Instant, n_pdf_inputs: usize) {
        let args = self.args;
        let n_skipped = self.n_skipped;
        eprintln!(
            "{} documents ({} resumed), {} articles, {} rows, {} warnings, {} failed, {} skipped in {:.2}s -> {}",
            counts.documents, counts.resumed, counts.articles, counts.rows, counts.warnings, counts.failed, n_skipped, started.elapsed().as_secs_f64(), args.out.display()
        );
        let (extractions, extraction) = crate::pdf::extraction_totals();
        if extractions > 0 {
            // A protocol processed again with its treaty is extracted again.
            let again = extractions.saturating_sub(n_pdf_inputs as u64);
            let again = if again > 0 {
                format!(" ({again} of them again, for protocols read with their treaty)")
            } else {
                String::new()
            };
            // The OCR of scanned pages runs inside a PDF's extraction: told apart here.
            eprintln!(
                "of which PDF text extraction (pdftotext): {extractions} PDFs{again}, {:.2}s \
                 summed over jobs; their text is in {}",
                extraction
                    .saturating_sub(crate::ocr::time_spent())
                    .as_secs_f64(),
                args.out.join("text").display()
            );
        }
        let (ocr_pages, ocr_cached) = crate::ocr::totals();
        if ocr_pages > 0 {
            eprintln!(
                "of which OCR (tesseract) of scanned pages: {ocr_pages} pages, {ocr_cached} of them \
                 from the cache, {:.2}s summed over jobs",
                crate::ocr::time_spent().as_secs_f64()
            );
        }
        if counts.warnings > 0 {
            eprintln!(
                "warnings: {}; one line each in {}",
                warning_summary(&counts.warnings_by_code),
                args.out.join(WARNINGS_FILE).display()
            );
        }
        if counts.failed + n_skipped > 0 {
            eprintln!(
                "failed and skipped: one line each in {}",
                args.out.join("failures.jsonl").display()
            );
        }
    }
}

/// The settings of a run, as `run.json` records them.
fn run_settings(args: &RunArgs) -> manifest::RunSettings {
    manifest::RunSettings {
        max_bytes: args.max_bytes,
        time_limit: args.time_limit.as_secs_f64(),
        ocr: crate::ocr::mode_name(crate::ocr::mode()),
        csv_raw: args.csv_raw,
        parquet: args.format == DatasetFormat::Parquet,
    }
}

/// Whether a document's JSON that `process_input` would resume is the one the earlier run's
/// manifest lists: made from the same input bytes and not changed since.
fn entry_matches(
    entry: &InputEntry,
    report: &treaty_schema::DocumentReport,
    out: &std::path::Path,
) -> bool {
    let input_sha256 = report
        .extracted_from
        .as_ref()
        .map_or(&report.sha256, |from| &from.sha256);
    let json_sha256 = std::fs::read(crate::output::json_path(out, &report.doc))
        .ok()
        .map(|json| treaty_schema::sha256_hex(&json));
    entry.sha256.as_ref() == Some(input_sha256) && entry.json_sha256 == json_sha256
}
