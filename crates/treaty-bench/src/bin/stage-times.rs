//! `stage-times`: where the time of `treaty run` goes, stage by stage, on a folder of
//! documents such as the scale corpus.
//!
//! Usage: `cargo run --release -p treaty-bench --bin stage-times -- [DIR]` (default
//! `scale-corpus/`). One thread, one document at a time. For each document it times ingest
//! (encoding detection and decoding), normalize, segment, the whole of `process_document`
//! (whose remainder after the first three is extract and reconcile). What `treaty run`
//! spends beyond `process_document` (reading files, writing JSON and datasets) is its wall
//! time minus the `process` column. Documents are grouped by script when the folder has the
//! scale corpus manifest, so Latin-script and Japanese throughput show separately.
//!
//! Criterion (`cargo bench -p treaty-bench`) measures the same stages on the four corpus
//! texts; this binary measures them on the variety of a real batch (OCR noise, legacy
//! encodings, concatenated files), which changes which stage dominates.

#![allow(clippy::print_stdout, clippy::print_stderr)]

/// The allocator `treaty` runs with, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use treaty_cli::dictionary::LazyTokenizer;
use treaty_normalize::{decode, normalize, IngestConfig};
use treaty_pipeline::{process_document, Settings};
use treaty_segment::{segment, Config, TokenizerSource};
use treaty_testing::MANIFEST_NAME;

/// Time spent per stage over a group of documents.
#[derive(Default)]
struct StageTotals {
    documents: usize,
    refused: usize,
    bytes: u64,
    ingest: Duration,
    normalize: Duration,
    segment: Duration,
    process_document: Duration,
}

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("scale-corpus"), PathBuf::from);
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
            .collect(),
        Err(error) => {
            eprintln!("stage-times: cannot read {}: {error}", dir.display());
            return ExitCode::from(2);
        }
    };
    paths.sort();
    let groups = manifest_groups(&dir);

    let tokenizer = LazyTokenizer::default();
    let loading = Instant::now();
    if let Err(error) = tokenizer.japanese() {
        eprintln!("stage-times: no Japanese tokenizer: {error}");
    }
    println!(
        "Japanese dictionary loaded in {:.3}s (once per process, not counted below)",
        loading.elapsed().as_secs_f64()
    );
    let ingest_config = IngestConfig::default();
    let segment_config = Config {
        tokenizers: Some(&tokenizer),
        amended_treaty: None,
    };
    let settings = Settings {
        ingest: ingest_config,
        tokenizers: Some(&tokenizer),
        amended_treaty: None,
    };

    let mut totals: BTreeMap<String, StageTotals> = BTreeMap::new();
    for path in &paths {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let group = file_name
            .and_then(|name| groups.get(&name).cloned())
            .unwrap_or_else(|| "all".to_owned());
        let total = totals.entry(group).or_default();
        total.documents += 1;
        total.bytes += bytes.len() as u64;

        let started = Instant::now();
        let Ok(decoded) = decode(&bytes, &ingest_config) else {
            total.refused += 1;
            continue;
        };
        total.ingest += started.elapsed();
        let started = Instant::now();
        let normalized = normalize(&decoded);
        total.normalize += started.elapsed();
        let started = Instant::now();
        let structure = segment(&normalized.text, &segment_config);
        total.segment += started.elapsed();
        drop(structure);
        let started = Instant::now();
        let report = process_document("stage-times", &bytes, &settings);
        total.process_document += started.elapsed();
        drop(report);
    }

    println!(
        "{:<22} {:>5} {:>7} | {:>7} {:>7} {:>7} {:>7} | {:>8} {:>6}",
        "group", "docs", "MB", "ingest", "normal.", "segment", "extract", "process", "MB/s"
    );
    for (group, total) in &totals {
        let seconds = |duration: Duration| duration.as_secs_f64();
        let extract = total
            .process_document
            .saturating_sub(total.ingest + total.normalize + total.segment);
        let megabytes = total.bytes as f64 / 1e6;
        println!(
            "{:<22} {:>5} {:>7.1} | {:>6.2}s {:>6.2}s {:>6.2}s {:>6.2}s | {:>7.2}s {:>6.1}",
            group,
            total.documents,
            megabytes,
            seconds(total.ingest),
            seconds(total.normalize),
            seconds(total.segment),
            seconds(extract),
            seconds(total.process_document),
            megabytes / seconds(total.process_document).max(1e-9),
        );
        if total.refused > 0 {
            println!("{:<22} ({} refused at ingest)", "", total.refused);
        }
    }
    println!("MB = 10^6 bytes of input; MB/s = input / process, one thread.");
    ExitCode::SUCCESS
}

/// File name to group (`latin`, `japanese`, `mixed`, or script plus encoding) from the scale
/// corpus manifest, if the folder has one.
fn manifest_groups(dir: &Path) -> BTreeMap<String, String> {
    let Ok(manifest) = std::fs::read_to_string(dir.join(MANIFEST_NAME)) else {
        return BTreeMap::new();
    };
    let by_encoding = std::env::var_os("STAGE_TIMES_BY_ENCODING").is_some();
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let (file, script, encoding) = (columns.first()?, columns.get(3)?, columns.get(4)?);
            let group = if by_encoding {
                format!("{script}/{encoding}")
            } else {
                (*script).to_owned()
            };
            Some(((*file).to_owned(), group))
        })
        .collect()
}
