//! `treaty normalize`, `segment`, `extract`, `schema`: one stage on one file, for people.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use treaty_extract::schema::{document_json_schema, rate_row_json_schema, DocumentReport};
use treaty_extract::{process_document, Settings};
use treaty_normalize::{normalize_bytes, unified_diff, IngestConfig};

use crate::inputs::doc_name;
use treaty_cli::dictionary::LazyTokenizer;

/// Arguments of `treaty normalize`.
#[derive(Args)]
pub struct NormalizeArgs {
    /// The file.
    pub file: PathBuf,
    /// Show a unified diff of the original against the normalized text instead.
    #[arg(long)]
    pub diff: bool,
    /// Show how many times each fix applied instead.
    #[arg(long)]
    pub stats: bool,
}

/// Arguments of `treaty segment`.
#[derive(Args)]
pub struct SegmentArgs {
    /// The file.
    pub file: PathBuf,
    /// Print the structure as JSON.
    #[arg(long)]
    pub json: bool,
    /// Print the text of each language stream instead (two-column OCR is separated here).
    #[arg(long)]
    pub streams: bool,
}

/// Arguments of `treaty extract`.
#[derive(Args)]
pub struct ExtractArgs {
    /// The file.
    pub file: PathBuf,
    /// Print the rows as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `treaty schema`.
#[derive(Args)]
pub struct SchemaArgs {
    /// The schema of one rates.jsonl line instead of the per-document JSON.
    #[arg(long)]
    pub rates: bool,
}

fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
}

pub fn normalize(args: NormalizeArgs) -> anyhow::Result<ExitCode> {
    let bytes = read(&args.file)?;
    let normalized = normalize_bytes(&bytes, &IngestConfig::default())
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let mut stdout = std::io::stdout().lock();
    if args.stats {
        writeln!(stdout, "encoding\t{}", normalized.encoding)?;
        for (fix, count) in normalized.stats.entries() {
            writeln!(stdout, "{fix}\t{count}")?;
        }
    } else if args.diff {
        let original = String::from_utf8_lossy(&bytes);
        stdout.write_all(unified_diff(&original, &normalized.text).as_bytes())?;
    } else {
        stdout.write_all(normalized.text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn report_of(path: &Path) -> anyhow::Result<DocumentReport> {
    let bytes = read(path)?;
    let tokenizer = LazyTokenizer::default();
    let settings = Settings {
        ingest: IngestConfig::default(),
        tokenizers: Some(&tokenizer),
    };
    process_document(&doc_name(path), &bytes, &settings)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn segment(args: SegmentArgs) -> anyhow::Result<ExitCode> {
    let mut stdout = std::io::stdout().lock();
    if args.streams {
        let bytes = read(&args.file)?;
        let normalized = normalize_bytes(&bytes, &IngestConfig::default())
            .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
        for stream in treaty_segment::stream::split_by_language(&normalized.text) {
            writeln!(
                stdout,
                "=== {} ({} bytes)",
                stream.lang.as_str(),
                stream.text.len()
            )?;
            stdout.write_all(stream.text.as_bytes())?;
            writeln!(stdout)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let report = report_of(&args.file)?;
    if args.json {
        serde_json::to_writer_pretty(&mut stdout, &report.treaties)?;
        writeln!(stdout)?;
        return Ok(ExitCode::SUCCESS);
    }
    for treaty in &report.treaties {
        let parties = if treaty.parties.is_empty() {
            "parties not named".to_string()
        } else {
            treaty.parties.join(" / ")
        };
        writeln!(
            stdout,
            "treaty {}: {}{}",
            treaty.treaty,
            parties,
            if treaty.fragment { " (fragment)" } else { "" }
        )?;
        for version in &treaty.versions {
            writeln!(
                stdout,
                "  {} version, bytes {}..{}: {} articles, {} protocol points",
                version.lang,
                version.start,
                version.end,
                version.articles.len(),
                version.protocol.len()
            )?;
            for article in version.articles.iter().chain(&version.protocol) {
                writeln!(
                    stdout,
                    "    {:>4}  {:<30} {:<32} {:>2} ¶{}",
                    if article.article.is_empty() {
                        "?"
                    } else {
                        &article.article
                    },
                    article.topic,
                    truncate(&article.title, 32),
                    treaty_extract::paragraph_count(article),
                    if article.inferred { "  (inferred)" } else { "" },
                )?;
            }
        }
    }
    for warning in &report.warnings {
        writeln!(stdout, "warning: {}", warning.message)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn truncate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(width - 1).collect::<String>())
    }
}

pub fn extract(args: ExtractArgs) -> anyhow::Result<ExitCode> {
    let report = report_of(&args.file)?;
    let mut stdout = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut stdout, &report.rows)?;
        writeln!(stdout)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        stdout,
        "{:<4} {:<3} {:<24} {:>4} {:>3} {:<4} {:<9} {:>7} {:<8} {:<48} quote",
        "trty", "lng", "topic", "art", "¶", "sub", "kind", "value", "unit", "condition"
    )?;
    for row in &report.rows {
        writeln!(
            stdout,
            "{:<4} {:<3} {:<24} {:>4} {:>3} {:<4} {:<9} {:>7} {:<8} {:<48} {}",
            row.treaty,
            row.lang,
            row.topic,
            row.article,
            row.paragraph,
            row.subparagraph,
            row.kind,
            row.value,
            row.unit,
            row.condition,
            truncate(&row.quote, 70),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn schema(args: SchemaArgs) -> anyhow::Result<ExitCode> {
    let schema = if args.rates {
        rate_row_json_schema()
    } else {
        document_json_schema()
    };
    println!("{schema}");
    Ok(ExitCode::SUCCESS)
}
