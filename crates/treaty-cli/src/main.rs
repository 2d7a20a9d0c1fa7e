//! `treaty`: turns treaty texts into structured, checkable data.
//!
//! Entry points: `run` (batch over files and folders), `normalize` / `segment` / `extract`
//! (one stage on one file, to see what each stage does), and `diff` / `check` / `bless`
//! (golden fixtures for CI).

#![allow(clippy::print_stdout, clippy::print_stderr)]

/// mimalloc: the pipeline makes many small, short-lived strings and vectors per document.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod batch;
mod child;
mod engine;
mod fixture_compare;

mod golden;
mod inputs;
mod inspect;
mod ocr;
mod output;
mod page_image;
mod path_text;
mod pdf;
mod report;
mod run_command;
mod terminal;
mod word_boxes;
mod workers;

use std::path::Path;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Turn the messy text of tax-treaty PDFs into clean, structured, checkable data.
#[derive(Parser)]
#[command(name = "treaty", version, propagate_version = true, after_help = OUTPUTS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to OCR a PDF's pages with Tesseract: `auto` reads pages that have no text layer
    /// (scanned pages), `always` every page, `never` none (a scanned PDF then fails).
    #[arg(long, global = true, value_enum, default_value_t = ocr::OcrMode::Auto)]
    ocr: ocr::OcrMode,
    /// The most scanned pages OCR'd in one PDF; a PDF with more fails with that said.
    #[arg(long, global = true, default_value_t = ocr::DEFAULT_MAX_PAGES, value_name = "PAGES")]
    max_ocr_pages: usize,
    /// Seconds each scanned page to OCR adds to its document's --time-limit (fractions
    /// allowed; 0: OCR must fit in --time-limit itself).
    #[arg(long, global = true, default_value = "60", value_name = "SECONDS", value_parser = batch::parse_time_limit)]
    ocr_page_time: std::time::Duration,
    /// Tesseract languages OCR may use, joined by + (eng, por+eng, jpn+jpn_vert+eng,
    /// fra+eng). Each region of each page is read with those of the script Tesseract detects
    /// on it. Default: the languages of the installed profiles.
    #[arg(long, global = true, value_name = "LANGS")]
    ocr_lang: Option<String>,
}

/// What `treaty run` reads and writes, for `treaty --help`.
const OUTPUTS_HELP: &str = "\
Inputs: text (.txt), HTML (.html, .htm, .xhtml), Markdown (.md, .markdown) and PDF (.pdf; pages
without a text layer are read by OCR with Tesseract).

`treaty run` writes to its --out folder (default output/):
  <doc>.json        each document: its structure, rows and warnings, with byte spans
  rates.csv         one row per rate or threshold (also rates.jsonl)
  articles.csv      one row per article found
  treaties.csv      one row per treaty: parties, dates and the headline rates (also treaties.jsonl)
  warnings.jsonl    one line per warning about a document
  failures.jsonl    documents that failed, and files skipped
  run.json          the run: inputs with their hashes, counts, status, settings
  text/<doc>.txt    the text of each PDF that the rows' offsets point into
  *.parquet         rates, articles and treaties as Parquet, with --format parquet
  report/           the HTML review report, with --report

The dataset contract: docs/dataset-contract.md";

#[derive(Subcommand)]
enum Command {
    /// Process files and folders of treaty texts into per-document JSON and the datasets:
    /// rates.csv / rates.jsonl, articles.csv, treaties.csv / treaties.jsonl, warnings.jsonl,
    /// failures.jsonl and run.json (`treaty --help` lists what each holds).
    ///
    /// Example: treaty run corpus/ --out output/ --jobs 2 --report
    Run(run_command::RunWithReport),
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
    /// Put the output folders of the shards of one run (`treaty run --shard K/N`) together
    /// into what one run over all the inputs writes.
    ///
    /// Example: treaty merge out-1 out-2 out-3 --out output/
    Merge(batch::MergeArgs),
    /// Print the inputs of a run, exactly as `treaty run` with the same arguments takes them
    /// (sorted, folders walked), one per line: what a driver of many runs schedules.
    ///
    /// Example: treaty list corpus/ --json
    List(engine::ListArgs),
    /// OCR pages of a scanned PDF into the OCR cache ($TREATY_OCR_CACHE), so that a run of
    /// the document reads them from it; prints one JSON line of counts.
    ///
    /// Example: treaty ocr scans/long.pdf --pages 1-20
    Ocr(engine::OcrArgs),
    /// Print the JSON Schema of the per-document JSON (or of one rates.jsonl line).
    ///
    /// Example: treaty schema --rates
    Schema(inspect::SchemaArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some((name, kind, message)) = usage_problem(&cli.command) {
        let mut command = Cli::command();
        command.build();
        if let Some(subcommand) = command.find_subcommand_mut(name) {
            subcommand.error(kind, message).exit();
        }
    }
    ocr::set_mode(cli.ocr);
    ocr::set_max_pages(cli.max_ocr_pages);
    ocr::set_page_time(cli.ocr_page_time);
    ocr::set_languages(cli.ocr_lang);
    let result = match cli.command {
        Command::Run(args) => run_command::run(args),
        Command::Normalize(args) => inspect::normalize(args),
        Command::Segment(args) => inspect::segment(args),
        Command::Extract(args) => inspect::extract(args),
        Command::Diff(args) => golden::diff(args),
        Command::Check(args) => golden::check(args),
        Command::Bless(args) => golden::bless(args),
        Command::Report(args) => report::report(args),
        Command::Merge(args) => batch::merge(args),
        Command::Schema(args) => inspect::schema(args),
        Command::List(args) => engine::list(args),
        Command::Ocr(args) => engine::ocr(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            let io_kind = io_error_kind(&error);
            if io_kind == Some(std::io::ErrorKind::BrokenPipe) {
                return ExitCode::SUCCESS;
            }
            // Names in the message are the user's, and may hold control characters.
            eprintln!("treaty: {}", terminal::line(&format!("{error:#}")));
            if io_kind.is_some() {
                ExitCode::from(EXIT_IO)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

/// The exit status of an error reading or writing a file or folder (a full disk, a read-only
/// folder), whose message names the path; 2 is for usage errors.
const EXIT_IO: u8 = 3;

/// The kind of the I/O error an error comes from, if it comes from one. A write to a closed
/// pipe (`treaty extract --json FILE | head`) means the reader has all it wanted, so the
/// command ends quietly, as `cat` and ripgrep do.
fn io_error_kind(error: &anyhow::Error) -> Option<std::io::ErrorKind> {
    error.chain().find_map(|cause| {
        if let Some(io) = cause.downcast_ref::<std::io::Error>() {
            Some(io.kind())
        } else if let Some(json) = cause.downcast_ref::<serde_json::Error>() {
            json.io_error_kind()
        } else if let Some(csv) = cause.downcast_ref::<csv::Error>() {
            match csv.kind() {
                csv::ErrorKind::Io(io) => Some(io.kind()),
                _ => None,
            }
        } else {
            None
        }
    })
}

/// A usage error in the inputs of a subcommand, found before anything runs: its name, the
/// kind of error and the message. Two cases: no input is named and [`inputs::DEFAULT_INPUT`] is not
/// there (outside the repository), and a named input does not exist. Either is a usage error
/// (exit 2), not a failed document; for `report`, it also leaves an earlier report alone.
fn usage_problem(command: &Command) -> Option<(&'static str, clap::error::ErrorKind, String)> {
    let (name, inputs, what) = match command {
        Command::Run(args)
            if !args.run.stdin
                && args.run.stdin_text.is_none()
                && (args.run.inputs_from.is_none() || !args.run.inputs.is_empty()) =>
        {
            ("run", &args.run.inputs, "the files or folders to process")
        }
        Command::Check(args) => ("check", &args.inputs, "the files or folders to check"),
        Command::Report(args) => (
            "report",
            &args.inputs,
            "the files or folders that `treaty run` processed (`treaty report INPUT... --out DIR`)",
        ),
        Command::Bless(args) => ("bless", &args.inputs, "the files to bless"),
        Command::List(args) if args.inputs_from.is_none() || !args.inputs.is_empty() => {
            ("list", &args.inputs, "the files or folders to list")
        }
        _ => return None,
    };
    if inputs.is_empty() && !Path::new(inputs::DEFAULT_INPUT).is_dir() {
        return Some((
            name,
            clap::error::ErrorKind::MissingRequiredArgument,
            format!(
                "no input given, and there is no {}/ folder here to read by default: name {what}",
                inputs::DEFAULT_INPUT
            ),
        ));
    }
    let missing: Vec<String> = inputs
        .iter()
        .filter(|input| {
            std::fs::metadata(input).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
        })
        .map(|input| terminal::path(input))
        .collect();
    (!missing.is_empty()).then(|| {
        let (noun, verb) = if missing.len() == 1 {
            ("input", "does")
        } else {
            ("inputs", "do")
        };
        (
            name,
            clap::error::ErrorKind::InvalidValue,
            format!(
                "{noun} {} {verb} not exist (no such file or folder); nothing was run",
                missing.join(", ")
            ),
        )
    })
}
