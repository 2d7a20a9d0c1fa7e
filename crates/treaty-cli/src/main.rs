//! `treaty`: turns treaty texts into structured, checkable data.
//!
//! Entry points: `run` (batch over files and folders), `normalize` / `segment` / `extract`
//! (one stage on one file, to see what each stage does), and `diff` / `check` / `bless`
//! (golden fixtures for CI).

#![allow(clippy::print_stdout, clippy::print_stderr)]

mod batch;

mod golden;
mod inputs;
mod inspect;
mod output;
mod report;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Turn the messy text of tax-treaty PDFs into clean, structured, checkable data.
#[derive(Parser)]
#[command(name = "treaty", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Process files and folders of treaty texts into per-document JSON and the
    /// rates.csv / rates.jsonl / articles.csv datasets.
    ///
    /// Example: treaty run corpus/ --out output/ --jobs 2 --report
    Run(report::RunWithReport),
    /// Print the normalized text of one file (or what changed, or the counts per fix).
    ///
    /// Example: treaty normalize corpus/brazil-denmark-1974-pt-en-ocr.txt --stats
    Normalize(inspect::NormalizeArgs),
    /// Print the structure of one file: treaties, language versions, articles.
    ///
    /// Example: treaty segment corpus/japan-denmark-2017-ja-pdf.txt
    Segment(inspect::SegmentArgs),
    /// Print the rates and thresholds extracted from one file.
    ///
    /// Example: treaty extract corpus/portugal-montenegro-2016-pt-en.txt --json
    Extract(inspect::ExtractArgs),
    /// Compare results (an output folder or per-document JSON files) with fixtures.
    ///
    /// Example: treaty diff output/ fixtures/ --junit report.xml
    Diff(golden::DiffArgs),
    /// Run the pipeline and compare with fixtures in one step: the CI gate.
    ///
    /// Example: treaty check corpus/ --fixtures fixtures/ --min-f1 0.8
    Check(golden::CheckArgs),
    /// Rewrite fixtures from the current output for the documents named (asks first).
    ///
    /// Example: treaty bless corpus/new-treaty.txt --fixtures fixtures/
    Bless(golden::BlessArgs),
    /// Write the HTML review report of an earlier run: <OUT>/report/index.html and a page per
    /// document showing every extracted number highlighted in its clause.
    ///
    /// Example: treaty report corpus/ --out output/
    Report(report::ReportArgs),
    /// Print the JSON Schema of the per-document JSON (or of one rates.jsonl line).
    ///
    /// Example: treaty schema --rates
    Schema(inspect::SchemaArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => report::run(args),
        Command::Normalize(args) => inspect::normalize(args),
        Command::Segment(args) => inspect::segment(args),
        Command::Extract(args) => inspect::extract(args),
        Command::Diff(args) => golden::diff(args),
        Command::Check(args) => golden::check(args),
        Command::Bless(args) => golden::bless(args),
        Command::Report(args) => report::report(args),
        Command::Schema(args) => inspect::schema(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            if is_broken_pipe(&error) {
                return ExitCode::SUCCESS;
            }
            eprintln!("treaty: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The default input when none is named.
fn default_inputs(inputs: Vec<PathBuf>) -> Vec<PathBuf> {
    if inputs.is_empty() {
        vec![PathBuf::from("corpus")]
    } else {
        inputs
    }
}
