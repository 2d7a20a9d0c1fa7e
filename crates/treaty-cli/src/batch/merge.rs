//! `treaty merge`: the output folders of the shards of one run (`treaty run --shard K/N`) put
//! together into what one `treaty run` over all the inputs writes, byte for byte.
//!
//! The datasets are rendered again from the shards' per-document JSON with the run's own
//! rendering ([`render`], as `--resume` renders the documents it keeps), in the order of one
//! run: the inputs in the whole list's order, the protocols held back for the batch's treaties
//! after the others, the files skipped as not text last. `treaties.csv` is per document (each
//! JSON's treaties, `treaty_schema::treaty_rows`), so it needs nothing from other shards.
//! What does cross shards is a protocol's link to the treaty it amends in another document
//! (`treaty_pipeline::link`): a held-back protocol whose shard gave it another treaty than the
//! whole run would (none, where the treaty is in another shard) is processed again here, from
//! its input file, with the whole run's treaty; that needs the shards' build of treaty.
//!
//! Refused, naming the folder and the problem: a folder that is missing or not a shard's, a
//! run not finished, shards of another build, other settings or another input list, a shard
//! missing or given twice, a document in two shards, JSON changed since its run.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use treaty_normalize::IngestConfig;
use treaty_pipeline::link::{self, LinkedTreaty};
use treaty_pipeline::Settings;
use treaty_schema::sha256_hex;
use treaty_schema::DocumentReport;

use super::dataset_files::{set_aside_previous, DatasetFiles};
use super::datasets::render;
use super::manifest::{
    lock_output, rules_fingerprint, Counts, InputEntry, Journal, Manifest, OcrCounts, ShardEntry,
    MANIFEST_FILE,
};
use super::outcome::{Failure, Outcome};
use super::output_folder::{name_list, other_documents, remove_stale_temporary_files};
use super::process::process_input;
use crate::inputs::Input;
use crate::output::write_atomic;
use crate::workers::{job_count, parse_jobs, worker_pool, CHUNK};

/// Arguments of `treaty merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The output folders of the shards of one run (`treaty run --shard K/N --out DIR`), all N
    /// of them, in any order.
    #[arg(required = true, value_name = "SHARD_OUT")]
    pub shards: Vec<PathBuf>,
    /// The folder to write the merged output to (not one of the shards).
    #[arg(long)]
    pub out: PathBuf,
    /// Documents rendered at once (default: one per core).
    #[arg(long, short, allow_negative_numbers = true, value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// No summary line.
    #[arg(long, short)]
    pub quiet: bool,
    /// Delete the JSON of documents that are not in the shards from the --out folder (without
    /// it such a folder is refused).
    #[arg(long)]
    pub force: bool,
}

/// A shard's output folder, as read for the merge.
struct ShardFolder {
    folder: PathBuf,
    manifest: Manifest,
    shard: ShardEntry,
    /// Whether the shard's run wrote the HTML report.
    report: bool,
    /// Its `failures.jsonl` lines of documents that failed, by input path, in order.
    failures: HashMap<String, VecDeque<Failure>>,
    /// Its `failures.jsonl` lines of files skipped as not text.
    skipped: Vec<Failure>,
}

/// One line of `failures.jsonl`, as read back.
#[derive(serde::Deserialize)]
struct FailureLine {
    doc: String,
    path: String,
    severity: String,
    error: String,
}

/// "cannot merge FOLDER: PROBLEM". Formatted, not chained, so a refusal exits 2 as a usage
/// error does, never 3 as an unwritable folder.
fn refuse(folder: &Path, problem: impl Display) -> anyhow::Error {
    anyhow::anyhow!("cannot merge {}: {problem}", folder.display())
}

fn read_shard(folder: &Path) -> anyhow::Result<ShardFolder> {
    if !folder.is_dir() {
        return Err(refuse(
            folder,
            "no such folder (give the --out folder of each `treaty run --shard K/N`)",
        ));
    }
    let bytes = std::fs::read(folder.join(MANIFEST_FILE)).map_err(|e| {
        refuse(
            folder,
            format!(
                "cannot read its {MANIFEST_FILE} ({e}): it is no output folder of `treaty run`"
            ),
        )
    })?;
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| {
        refuse(
            folder,
            format!("its {MANIFEST_FILE} is no run manifest of treaty ({e})"),
        )
    })?;
    if manifest.status != "complete" {
        return Err(refuse(
            folder,
            format!(
                "its run is not finished ({MANIFEST_FILE} says `{}`); finish it first (the same \
                 command with --resume)",
                manifest.status
            ),
        ));
    }
    let Some(shard) = manifest.shard.clone() else {
        return Err(refuse(
            folder,
            "it is no shard's output (its run was not given --shard K/N)",
        ));
    };
    if shard.index == 0 || shard.index > shard.count {
        return Err(refuse(
            folder,
            format!(
                "its {MANIFEST_FILE} names shard {}/{}, which no run writes",
                shard.index, shard.count
            ),
        ));
    }
    let text = std::fs::read_to_string(folder.join("failures.jsonl"))
        .map_err(|e| refuse(folder, format!("cannot read its failures.jsonl ({e})")))?;
    let mut failures: HashMap<String, VecDeque<Failure>> = HashMap::new();
    let mut skipped = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line: FailureLine = serde_json::from_str(line)
            .map_err(|e| refuse(folder, format!("failures.jsonl line {}: {e}", number + 1)))?;
        let severity = match line.severity.as_str() {
            "error" => "error",
            "skipped" => "skipped",
            // A document processed with a failing warning: rendered again from its JSON.
            "warning" => continue,
            other => {
                return Err(refuse(
                    folder,
                    format!(
                        "failures.jsonl line {}: unknown severity `{other}`",
                        number + 1
                    ),
                ))
            }
        };
        let failure = Failure {
            doc: line.doc,
            path: line.path,
            severity,
            error: line.error,
        };
        if severity == "skipped" {
            skipped.push(failure);
        } else {
            failures
                .entry(failure.path.clone())
                .or_default()
                .push_back(failure);
        }
    }
    Ok(ShardFolder {
        folder: folder.to_path_buf(),
        report: folder.join("report").join("index.html").is_file(),
        manifest,
        shard,
        failures,
        skipped,
    })
}

/// Shards of one build, one set of settings and one input list, alike in having a report.
fn check_alike(shards: &[ShardFolder]) -> anyhow::Result<()> {
    let first = &shards[0];
    let (a, a_settings) = (&first.manifest, first.manifest.settings.as_ref());
    for other in &shards[1..] {
        let b = &other.manifest;
        if (&a.tool, &a.version, &a.schema_version, &a.rules_fingerprint)
            != (&b.tool, &b.version, &b.schema_version, &b.rules_fingerprint)
        {
            return Err(refuse(
                &other.folder,
                format!(
                    "it was written by another build of treaty than {} ({} {}, schema {}, rules \
                     fingerprint {} against {} {}, schema {}, {}); run every shard with one binary",
                    first.folder.display(),
                    b.tool,
                    b.version,
                    b.schema_version,
                    b.rules_fingerprint,
                    a.tool,
                    a.version,
                    a.schema_version,
                    a.rules_fingerprint
                ),
            ));
        }
        if b.settings.as_ref() != a_settings {
            let options = |settings: Option<&super::manifest::RunSettings>| {
                settings.map_or_else(|| "none recorded".to_string(), |s| s.options())
            };
            return Err(refuse(
                &other.folder,
                format!(
                    "its run had other settings than {}'s ({} against {}); run every shard with \
                     the same options",
                    first.folder.display(),
                    options(b.settings.as_ref()),
                    options(a_settings)
                ),
            ));
        }
        if (other.shard.count, &other.shard.inputs_sha256)
            != (first.shard.count, &first.shard.inputs_sha256)
        {
            return Err(refuse(
                &other.folder,
                format!(
                    "it is shard {}/{} of another run than {} (shard {}/{}): its input list \
                     ({} inputs) is not the same ({} inputs); merge the shards of one run",
                    other.shard.index,
                    other.shard.count,
                    first.folder.display(),
                    first.shard.index,
                    first.shard.count,
                    other.shard.inputs,
                    first.shard.inputs
                ),
            ));
        }
        if other.report != first.report {
            let (with, without) = if other.report {
                (&other.folder, &first.folder)
            } else {
                (&first.folder, &other.folder)
            };
            return Err(refuse(
                &other.folder,
                format!(
                    "{} has an HTML report and {} has none; run every shard alike, with or \
                     without --report",
                    with.display(),
                    without.display()
                ),
            ));
        }
    }
    Ok(())
}

/// No document's JSON in two shards, and every shard of the run given once.
fn check_partition(shards: &[ShardFolder]) -> anyhow::Result<()> {
    let mut owner: HashMap<&str, &Path> = HashMap::new();
    for shard in shards {
        for entry in shard.manifest.inputs.iter() {
            if entry.json_sha256.is_none() {
                continue;
            }
            if let Some(earlier) = owner.insert(&entry.doc, &shard.folder) {
                return Err(refuse(
                    &shard.folder,
                    format!(
                        "document `{}` is also in {}: shards must not overlap",
                        entry.doc,
                        earlier.display()
                    ),
                ));
            }
        }
    }
    let count = shards[0].shard.count;
    let mut given: Vec<Option<&Path>> = vec![None; count];
    for shard in shards {
        if let Some(earlier) = given[shard.shard.index - 1] {
            return Err(refuse(
                &shard.folder,
                format!(
                    "it is shard {}/{count}, and so is {}",
                    shard.shard.index,
                    earlier.display()
                ),
            ));
        }
        given[shard.shard.index - 1] = Some(&shard.folder);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|index| given[index - 1].is_none())
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !missing.is_empty() {
        anyhow::bail!(
            "cannot merge: shard {} of the run is missing; give the output folders of all {count} \
             shards",
            missing.join(", ")
        );
    }
    Ok(())
}

/// An input of the whole run: its shard and its line in that shard's `run.json`.
struct Placed {
    shard: usize,
    entry: InputEntry,
}

/// Every shard's inputs at their places in the whole run's list: the j-th input of shard K of
/// N was at place `j * N + K - 1` (see [`super::shard::Shard::holds`]).
fn whole_list(shards: &[ShardFolder]) -> anyhow::Result<Vec<Placed>> {
    let total = shards[0].shard.inputs;
    let mut places: Vec<Option<Placed>> = (0..total).map(|_| None).collect();
    for (index, shard) in shards.iter().enumerate() {
        let entries = shard
            .manifest
            .inputs
            .iter()
            .filter(|entry| entry.outcome != "skipped");
        for (line, entry) in entries.enumerate() {
            let place = line * shard.shard.count + shard.shard.index - 1;
            match places.get_mut(place) {
                Some(slot @ None) => {
                    *slot = Some(Placed {
                        shard: index,
                        entry: entry.clone(),
                    })
                }
                _ => {
                    return Err(refuse(
                        &shard.folder,
                        format!(
                        "its {MANIFEST_FILE} lists more inputs than shard {}/{} of {} inputs has",
                        shard.shard.index, shard.shard.count, total
                    ),
                    ))
                }
            }
        }
    }
    places
        .into_iter()
        .enumerate()
        .map(|(place, slot)| {
            slot.ok_or_else(|| {
                let shard = shards
                    .iter()
                    .find(|s| s.shard.index - 1 == place % s.shard.count)
                    .map_or(shards[0].folder.as_path(), |s| s.folder.as_path());
                refuse(
                    shard,
                    format!("its {MANIFEST_FILE} lists fewer inputs than its shard of the run has"),
                )
            })
        })
        .collect()
}

/// A document's JSON as its shard wrote it, checked against the hash its `run.json` lists.
fn shard_json(shard: &ShardFolder, entry: &InputEntry) -> anyhow::Result<Vec<u8>> {
    let path = crate::output::json_path(&shard.folder, &entry.doc);
    let json = std::fs::read(&path).map_err(|e| {
        refuse(
            &shard.folder,
            format!("cannot read {} ({e})", path.display()),
        )
    })?;
    if Some(sha256_hex(&json)) != entry.json_sha256 {
        return Err(refuse(
            &shard.folder,
            format!(
                "{} is not the JSON its {MANIFEST_FILE} lists (changed since its run?)",
                path.display()
            ),
        ));
    }
    Ok(json)
}

fn parse_report(shard: &ShardFolder, doc: &str, json: &[u8]) -> anyhow::Result<DocumentReport> {
    serde_json::from_slice(json)
        .map_err(|e| refuse(&shard.folder, format!("{doc}.json cannot be read ({e})")))
}

/// What the first pass keeps of a document with JSON.
struct Known {
    /// The treaties it offers protocols elsewhere ([`link::treaties_of`]).
    treaties: Vec<LinkedTreaty>,
    /// A protocol held back for the batch's treaties: its report.
    held_back: Option<Box<DocumentReport>>,
}

/// `treaty merge`: the shards of one run put back together into the output of the whole run.
pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let (mut shards, seen) = read_shards(&args.shards)?;
    let placed = whole_list(&shards)?;
    let out = &args.out;
    let _lock = take_merge_folder(out, &seen, &placed, args.force)?;
    let pool = worker_pool(job_count(args.jobs))?;
    let Linking { again, held_back } = linking(&pool, &shards, &placed)?;
    let settings = shards[0].manifest.settings.clone();
    if !again.is_empty() {
        check_can_process_again(&shards[0], &placed, &again)?;
    }
    // The order of a run: the documents in input order, the held-back protocols after them.
    let order: Vec<usize> = (0..placed.len())
        .filter(|place| !held_back.contains(place))
        .chain((0..placed.len()).filter(|place| held_back.contains(place)))
        .collect();
    let failure_of = failures_of(&mut shards, &placed)?;
    let mut manifest = merged_manifest(&shards, out)?;
    let first = &shards[0].manifest;
    let journal = Journal::create(out, first.rules_fingerprint.clone())?;
    // What an earlier run or merge left there, report and kept texts too (as `--force`).
    set_aside_previous(out, true)?;
    let parquet = settings.as_ref().is_some_and(|s| s.parquet);
    let mut datasets = DatasetFiles::create(out, parquet)?;
    let work = MergeWork {
        shards: &shards,
        placed: &placed,
        failure_of: &failure_of,
        again: &again,
        out,
        csv_raw: settings.as_ref().is_some_and(|s| s.csv_raw),
        process_settings: super::process::pipeline_settings(
            settings
                .as_ref()
                .map_or(IngestConfig::default().max_bytes, |s| s.max_bytes),
        ),
        time_limit: Duration::from_secs_f64(settings.as_ref().map_or(0.0, |s| s.time_limit)),
        journal: &journal,
    };
    let mut entries: Vec<Option<InputEntry>> = (0..placed.len()).map(|_| None).collect();
    let mut counts = Counts::default();
    for chunk in order.chunks(CHUNK) {
        let outcomes: Vec<(usize, anyhow::Result<Outcome>)> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&place| (place, work.outcome(place)))
                .collect()
        });
        for (place, outcome) in outcomes {
            counts.documents += 1;
            entries[place] = Some(work.take(place, outcome?, &mut counts, &mut datasets)?);
        }
    }
    for shard in &shards {
        for failure in &shard.skipped {
            datasets.append_failure(failure)?;
        }
    }
    datasets.commit()?;
    finish_merged_manifest(&mut manifest, &shards, entries, &mut counts);
    manifest
        .write(out)
        .with_context(|| format!("cannot write {}", out.join(MANIFEST_FILE).display()))?;
    drop(journal);
    Journal::remove(out);
    if !args.quiet {
        eprintln!(
            "merged {} shards: {} documents, {} articles, {} rows, {} warnings, {} failed, {} skipped \
             ({} protocols processed again with a treaty of another shard) in {:.2}s -> {}",
            shards.len(),
            counts.documents,
            counts.articles,
            counts.rows,
            counts.warnings,
            counts.failed,
            counts.skipped,
            again.len(),
            started.elapsed().as_secs_f64(),
            out.display()
        );
    }
    if shards[0].report {
        let report = crate::report::ReportArgs {
            inputs: Vec::new(),
            out: out.clone(),
            fixtures: PathBuf::from("fixtures"),
            jobs: args.jobs,
            quiet: args.quiet,
            input_list: Some(report_inputs(&placed, &failure_of)),
        };
        return crate::report::report(report);
    }
    Ok(ExitCode::SUCCESS)
}

/// The shards' folders read and checked to be the shards of one run, in shard order, with
/// the canonical paths of the folders given.
fn read_shards(folders: &[PathBuf]) -> anyhow::Result<(Vec<ShardFolder>, HashSet<PathBuf>)> {
    let mut seen = HashSet::new();
    for folder in folders {
        let canonical = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.clone());
        if !seen.insert(canonical) {
            return Err(refuse(folder, "it is given twice"));
        }
    }
    let mut shards = folders
        .iter()
        .map(|folder| read_shard(folder))
        .collect::<anyhow::Result<Vec<_>>>()?;
    check_alike(&shards)?;
    check_partition(&shards)?;
    shards.sort_by_key(|shard| shard.shard.index);
    Ok((shards, seen))
}

/// The merge's output folder `out` (none of the shards, `seen`), created, locked and cleared of
/// the JSON of documents in no shard (with `force`); the lock is held while it is kept.
fn take_merge_folder(
    out: &Path,
    seen: &HashSet<PathBuf>,
    placed: &[Placed],
    force: bool,
) -> anyhow::Result<super::manifest::OutputLock> {
    if let Ok(canonical) = std::fs::canonicalize(out) {
        if seen.contains(&canonical) {
            anyhow::bail!(
                "cannot merge into {}: it is one of the shards; give another --out folder",
                out.display()
            );
        }
    }
    std::fs::create_dir_all(out)
        .with_context(|| format!("cannot create output folder {}", out.display()))?;
    let lock = match lock_output(out)? {
        Ok(lock) => lock,
        Err(message) => anyhow::bail!(message),
    };
    remove_stale_temporary_files(out);
    let docs: HashSet<String> = placed.iter().map(|p| p.entry.doc.clone()).collect();
    let others = other_documents(out, &docs);
    if !others.is_empty() {
        if !force {
            anyhow::bail!(
                "{} already holds the JSON of {} documents that are in no shard ({}); use --force \
                 to delete their JSON, or another --out folder",
                out.display(),
                others.len(),
                name_list(&others)
            );
        }
        for doc in &others {
            let path = crate::output::json_path(out, doc);
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    Ok(lock)
}

/// How the merge links protocols to the treaties they amend.
struct Linking {
    /// The held-back protocols processed again, with the treaty the whole run links them to.
    again: HashMap<usize, Option<LinkedTreaty>>,
    /// The places of the protocols held back for the batch's treaties.
    held_back: HashSet<usize>,
}

/// The treaties every document offers and the protocols held back for them; a held-back
/// protocol is processed again where its shard linked it otherwise than the whole run does
/// (the treaty it amends was in another shard).
fn linking(
    pool: &rayon::ThreadPool,
    shards: &[ShardFolder],
    placed: &[Placed],
) -> anyhow::Result<Linking> {
    // First pass: the treaties every document offers, and the protocols held back for them.
    let known: Vec<Option<Known>> = pool.install(|| {
        placed
            .par_iter()
            .map(|p| -> anyhow::Result<Option<Known>> {
                if p.entry.json_sha256.is_none() {
                    return Ok(None);
                }
                let shard = &shards[p.shard];
                let report = parse_report(shard, &p.entry.doc, &shard_json(shard, &p.entry)?)?;
                Ok(Some(Known {
                    treaties: link::treaties_of(&report),
                    held_back: link::wanted_treaty(&report)
                        .is_some()
                        .then(|| Box::new(report)),
                }))
            })
            .collect::<anyhow::Result<Vec<_>>>()
    })?;
    // The treaties a whole run knows, and those each shard knew, in input order.
    let whole_known: Vec<LinkedTreaty> = known
        .iter()
        .flatten()
        .flat_map(|k| k.treaties.iter().cloned())
        .collect();
    let shard_known: Vec<Vec<LinkedTreaty>> = (0..shards.len())
        .map(|index| {
            placed
                .iter()
                .zip(&known)
                .filter(|(p, _)| p.shard == index)
                .filter_map(|(_, k)| k.as_ref())
                .flat_map(|k| k.treaties.iter().cloned())
                .collect()
        })
        .collect();
    let mut again: HashMap<usize, Option<LinkedTreaty>> = HashMap::new();
    for (place, (p, k)) in placed.iter().zip(&known).enumerate() {
        let Some(report) = k.as_ref().and_then(|k| k.held_back.as_deref()) else {
            continue;
        };
        let whole = link::amended_treaty(report, &whole_known);
        if link::amended_treaty(report, &shard_known[p.shard]) != whole {
            again.insert(place, whole.cloned());
        }
    }
    let held_back: HashSet<usize> = known
        .iter()
        .enumerate()
        .filter(|(_, k)| k.as_ref().is_some_and(|k| k.held_back.is_some()))
        .map(|(place, _)| place)
        .collect();
    Ok(Linking { again, held_back })
}

/// Each failed input's line of its shard's failures.jsonl, in order.
fn failures_of(
    shards: &mut [ShardFolder],
    placed: &[Placed],
) -> anyhow::Result<HashMap<usize, Failure>> {
    let mut failure_of: HashMap<usize, Failure> = HashMap::new();
    for (place, p) in placed.iter().enumerate() {
        if p.entry.outcome != "failed" {
            continue;
        }
        let failure = shards[p.shard]
            .failures
            .get_mut(&p.entry.path)
            .and_then(VecDeque::pop_front)
            .ok_or_else(|| {
                refuse(
                    &shards[p.shard].folder,
                    format!(
                        "its failures.jsonl has no line for {}, which its {MANIFEST_FILE} lists as failed",
                        p.entry.path
                    ),
                )
            })?;
        failure_of.insert(place, failure);
    }
    Ok(failure_of)
}

/// The merged run's manifest, written: `running` until the datasets are in place.
fn merged_manifest(shards: &[ShardFolder], out: &Path) -> anyhow::Result<Manifest> {
    let first = &shards[0].manifest;
    let mut manifest = first.clone();
    manifest.shard = None;
    manifest.pid = std::process::id();
    manifest.status = "running".to_string();
    manifest.ended = None;
    manifest.counts = Counts::default();
    manifest.inputs = Vec::new();
    // A run of all the inputs would span the shards' runs.
    manifest.started = shards
        .iter()
        .map(|s| s.manifest.started.clone())
        .min()
        .unwrap_or_default();
    manifest
        .write(out)
        .with_context(|| format!("cannot write {}", out.join(MANIFEST_FILE).display()))?;
    Ok(manifest)
}

/// The merged manifest made complete: its inputs (the skipped files last), counts and OCR.
fn finish_merged_manifest(
    manifest: &mut Manifest,
    shards: &[ShardFolder],
    entries: Vec<Option<InputEntry>>,
    counts: &mut Counts,
) {
    manifest.inputs = entries.into_iter().flatten().collect();
    for shard in shards {
        let skipped = shard
            .manifest
            .inputs
            .iter()
            .filter(|entry| entry.outcome == "skipped");
        manifest.inputs.extend(skipped.cloned());
    }
    counts.skipped = shards.iter().map(|s| s.skipped.len()).sum();
    manifest.counts = counts.clone();
    // The shards' OCR, and the merge's own (a protocol processed again here).
    manifest.ocr = shards
        .iter()
        .fold(OcrCounts::of_this_process(), |sum, s| sum + s.manifest.ocr);
    manifest.status = "complete".to_string();
    manifest.ended = shards.iter().filter_map(|s| s.manifest.ended.clone()).max();
}

/// What the merge's workers share.
struct MergeWork<'m> {
    shards: &'m [ShardFolder],
    placed: &'m [Placed],
    failure_of: &'m HashMap<usize, Failure>,
    again: &'m HashMap<usize, Option<LinkedTreaty>>,
    out: &'m Path,
    csv_raw: bool,
    process_settings: Settings<'static>,
    time_limit: Duration,
    journal: &'m Journal,
}

impl MergeWork<'_> {
    /// The outcome of the input at `place`: its failure again, the protocol processed again
    /// with the treaty of another shard, or its JSON copied from its shard; rendered.
    fn outcome(&self, place: usize) -> anyhow::Result<Outcome> {
        let p = &self.placed[place];
        let (out, csv_raw, journal) = (self.out, self.csv_raw, self.journal);
        if let Some(failure) = self.failure_of.get(&place) {
            Ok(Outcome::Failed(Failure {
                doc: failure.doc.clone(),
                path: failure.path.clone(),
                severity: failure.severity,
                error: failure.error.clone(),
            }))
        } else if let Some(linked) = self.again.get(&place) {
            let settings = Settings {
                amended_treaty: linked.clone().map(std::sync::Arc::new),
                ..self.process_settings.clone()
            };
            let input = Input::File {
                path: PathBuf::from(&p.entry.path),
                doc: p.entry.doc.clone(),
            };
            let outcome = process_input(&input, out, &settings, Some(self.time_limit), false);
            Ok(render(outcome, out, csv_raw, journal))
        } else {
            copy_document(&self.shards[p.shard], &p.entry, out)
                .map(|outcome| render(outcome, out, csv_raw, journal))
        }
    }

    /// The outcome of the input at `place` counted and added to the datasets; its manifest
    /// entry.
    fn take(
        &self,
        place: usize,
        outcome: Outcome,
        counts: &mut Counts,
        datasets: &mut DatasetFiles,
    ) -> anyhow::Result<InputEntry> {
        let p = &self.placed[place];
        match outcome {
            Outcome::Rendered(rendered) => {
                let entry = if self.again.contains_key(&place) {
                    if Some(&rendered.input_sha256) != p.entry.sha256.as_ref() {
                        return Err(refuse(
                            &self.shards[p.shard].folder,
                            format!(
                                "{} changed since the shard read it, and the protocol it holds \
                                 must be processed again with the treaty of another shard; run \
                                 the shards again",
                                p.entry.path
                            ),
                        ));
                    }
                    InputEntry {
                        outcome: "processed".to_string(),
                        json_sha256: rendered.json_sha256.clone(),
                        ..p.entry.clone()
                    }
                } else {
                    p.entry.clone()
                };
                counts.resumed += usize::from(entry.outcome == "resumed");
                counts.articles += rendered.n_articles;
                counts.rows += rendered.n_rows;
                counts.warnings += rendered.n_warnings;
                datasets.append_document(&rendered)?;
                if let Some(failure) = &rendered.failure {
                    counts.failed += 1;
                    datasets.append_failure(failure)?;
                }
                Ok(entry)
            }
            Outcome::Failed(failure) if self.failure_of.contains_key(&place) => {
                counts.failed += 1;
                datasets.append_failure(&failure)?;
                Ok(p.entry.clone())
            }
            Outcome::Failed(failure) => Err(refuse(
                &self.shards[p.shard].folder,
                format!("{}: {}", failure.path, failure.error),
            )),
            Outcome::Unwritable(error) => {
                Err(error.context("the merge stopped and its datasets were not written"))
            }
            Outcome::Done(..) | Outcome::Skipped => {
                unreachable!("render turns every processed document into Rendered")
            }
        }
    }
}

/// A document processed again needs the build that ran the shards (a protocol's rows are the
/// rules'), the shards' OCR mode, and its input file.
fn check_can_process_again(
    shard: &ShardFolder,
    placed: &[Placed],
    again: &HashMap<usize, Option<LinkedTreaty>>,
) -> anyhow::Result<()> {
    let mut names: Vec<&str> = again
        .keys()
        .map(|&place| placed[place].entry.doc.as_str())
        .collect();
    names.sort();
    let why = format!(
        "{} amend a treaty in another shard, so the merge processes them again with it",
        names.join(", ")
    );
    if shard.manifest.rules_fingerprint != rules_fingerprint() {
        anyhow::bail!(
            "cannot merge: {why}, which needs the build of treaty that ran the shards (rules \
             fingerprint {}); this one is another",
            shard.manifest.rules_fingerprint
        );
    }
    if let Some(settings) = &shard.manifest.settings {
        let mode = crate::ocr::mode_name(crate::ocr::mode());
        if settings.ocr != mode {
            anyhow::bail!(
                "cannot merge: {why}, and the shards ran with --ocr {}: give `treaty merge --ocr {}`",
                settings.ocr,
                settings.ocr
            );
        }
    }
    for &place in again.keys() {
        let path = Path::new(&placed[place].entry.path);
        if !path.is_file() {
            anyhow::bail!(
                "cannot merge: {why}, and its input {} is not there to read",
                path.display()
            );
        }
    }
    Ok(())
}

/// A document's JSON (and, for a PDF, its kept text) copied from its shard into `out`, as a
/// resumed document for [`render`].
fn copy_document(shard: &ShardFolder, entry: &InputEntry, out: &Path) -> anyhow::Result<Outcome> {
    let json = shard_json(shard, entry)?;
    let report = parse_report(shard, &entry.doc, &json)?;
    write_atomic(&crate::output::json_path(out, &entry.doc), &json)?;
    if let Some(from) = &report.extracted_from {
        let kept = shard.folder.join(&from.text);
        let text = std::fs::read(&kept).map_err(|e| {
            refuse(
                &shard.folder,
                format!("cannot read {} ({e})", kept.display()),
            )
        })?;
        let destination = out.join(&from.text);
        if let Some(folder) = destination.parent() {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
        }
        write_atomic(&destination, &text)?;
    }
    Ok(Outcome::Done(
        Box::new(report),
        true,
        std::path::PathBuf::from(&entry.path),
    ))
}

/// The inputs as a run collects them, for its report: an input that was no regular file (a
/// FIFO in a folder) is unreadable, with the reason its failure gives.
fn report_inputs(placed: &[Placed], failure_of: &HashMap<usize, Failure>) -> Vec<Input> {
    placed
        .iter()
        .enumerate()
        .map(|(place, p)| {
            let path = PathBuf::from(&p.entry.path);
            match failure_of.get(&place) {
                Some(failure) if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) => {
                    Input::Unreadable {
                        path,
                        reason: failure.error.clone(),
                    }
                }
                _ => Input::File {
                    path,
                    doc: p.entry.doc.clone(),
                },
            }
        })
        .collect()
}
