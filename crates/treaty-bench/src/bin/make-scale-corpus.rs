//! `make-scale-corpus`: writes the scale corpus (by default 2,000 documents, at least
//! 150 MiB) that throughput, memory and interruption are measured on.
//!
//! Run it with the cargo alias: `cargo scale-corpus` (same as
//! `cargo run --release -p treaty-bench --bin make-scale-corpus --`), then
//! `treaty run scale-corpus --out /tmp/scale-out --quiet`.
//!
//! Options: `--out DIR` (default `scale-corpus/`, git-ignored), `--documents N`,
//! `--min-mb M` (mebibytes, total size on disk), `--seed S`. The corpus is never committed:
//! the same options always give the same bytes.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use treaty_testing::{generate_scale_corpus, ScaleConfig, Script, MANIFEST_NAME};

const USAGE: &str = "usage: make-scale-corpus [--out DIR] [--documents N] [--min-mb M] [--seed S]";

fn main() -> ExitCode {
    match parse_arguments(std::env::args().skip(1)) {
        Ok(Some((out_dir, config))) => generate(&out_dir, &config),
        Ok(None) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("make-scale-corpus: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn generate(out_dir: &Path, config: &ScaleConfig) -> ExitCode {
    let started = Instant::now();
    let summary = match generate_scale_corpus(out_dir, config) {
        Ok(summary) => summary,
        Err(error) => {
            eprintln!(
                "make-scale-corpus: cannot write {}: {error}",
                out_dir.display()
            );
            return ExitCode::from(2);
        }
    };
    let bytes_of = |script: Script| -> (usize, u64) {
        let matching = summary.documents.iter().filter(|d| d.script == script);
        (matching.clone().count(), matching.map(|d| d.bytes).sum())
    };
    let mebibytes = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
    println!(
        "{} documents, {:.1} MiB in {:.1}s -> {} (see {MANIFEST_NAME})",
        summary.documents.len(),
        mebibytes(summary.total_bytes),
        started.elapsed().as_secs_f64(),
        out_dir.display()
    );
    for script in [Script::Latin, Script::Japanese, Script::Mixed] {
        let (count, bytes) = bytes_of(script);
        println!(
            "  {:<8} {count:>5} documents, {:>7.1} MiB",
            script.name(),
            mebibytes(bytes)
        );
    }
    ExitCode::SUCCESS
}

/// The options, or `None` for `--help`.
fn parse_arguments(
    mut arguments: impl Iterator<Item = String>,
) -> Result<Option<(PathBuf, ScaleConfig)>, String> {
    let mut out_dir = PathBuf::from("scale-corpus");
    let mut config = ScaleConfig::default();
    while let Some(flag) = arguments.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = arguments
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} needs a whole number, not {value:?}"))
        };
        match flag.as_str() {
            "--out" => out_dir = PathBuf::from(&value),
            "--documents" => {
                config.documents = usize::try_from(number()?).map_err(|e| e.to_string())?
            }
            "--min-mb" => config.min_total_bytes = number()? * 1024 * 1024,
            "--seed" => config.seed = number()?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(Some((out_dir, config)))
}
