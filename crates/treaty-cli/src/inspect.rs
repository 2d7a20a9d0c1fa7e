//! `treaty normalize`, `segment`, `extract`, `schema`: one stage on one file, for people.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use treaty_normalize::{normalize_bytes, unified_diff, IngestConfig};
use treaty_schema::{
    document_json_schema, rate_row_json_schema, treaty_row_json_schema, DocumentReport,
};

use crate::inputs::{doc_name, markup_of};

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
    #[arg(long, conflicts_with = "treaties")]
    pub rates: bool,
    /// The schema of one treaties.jsonl line instead of the per-document JSON.
    #[arg(long)]
    pub treaties: bool,
}

/// The file's bytes, or a PDF's text layer.
fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    crate::pdf::read_input(path)
        .map(|input| input.bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Decodes and normalizes a file (HTML by its extension or first tag).
fn normalized_file(path: &Path) -> anyhow::Result<(Vec<u8>, treaty_normalize::Normalized)> {
    let bytes = read(path)?;
    let config = IngestConfig {
        markup: markup_of(path),
        ..IngestConfig::default()
    };
    let normalized = normalize_bytes(&bytes, &config).map_err(|e| {
        let error = match e {
            treaty_normalize::IngestError::Binary {
                reason: treaty_normalize::BinaryReason::Format { format },
            } => format!(
                "it is {}, not text; {}",
                format.description(),
                format.advice(&path.display().to_string())
            ),
            other => other.to_string(),
        };
        anyhow::anyhow!("{}: {error}", path.display())
    })?;
    Ok((bytes, normalized))
}

pub fn normalize(args: NormalizeArgs) -> anyhow::Result<ExitCode> {
    let (bytes, normalized) = normalized_file(&args.file)?;
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
    let settings = crate::batch::process::pipeline_settings(IngestConfig::default().max_bytes);
    crate::batch::process::process_guarded(&doc_name(path), Some(path), &bytes, &settings, None)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn segment(args: SegmentArgs) -> anyhow::Result<ExitCode> {
    let mut stdout = std::io::stdout().lock();
    if args.streams {
        let (_, normalized) = normalized_file(&args.file)?;
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
                    article.topic.as_str(),
                    truncate(&article.title, 32),
                    treaty_schema::paragraph_count(article),
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
    let header = [
        "trty",
        "lng",
        "topic",
        "art",
        "¶",
        "sub",
        "kind",
        "value",
        "unit",
        "condition",
    ];
    let cells: Vec<[String; 10]> = report
        .rows
        .iter()
        .map(|row| {
            [
                row.treaty.to_string(),
                row.lang.to_string(),
                row.topic.as_str().to_string(),
                row.article.clone(),
                row.paragraph.clone(),
                row.subparagraph.clone(),
                row.kind.to_string(),
                row.value.to_string(),
                row.unit.to_string(),
                row.condition.clone(),
            ]
        })
        .collect();
    write!(
        stdout,
        "{}",
        aligned_table(
            &header,
            &cells,
            "quote",
            report.rows.iter().map(|row| truncate(&row.quote, 70))
        )
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A table of left-aligned columns as wide as their widest cell (in characters), one space
/// apart, then a last column of any width.
fn aligned_table(
    header: &[&str; 10],
    cells: &[[String; 10]],
    last_header: &str,
    last: impl Iterator<Item = String>,
) -> String {
    let mut widths = header.map(|name| name.chars().count());
    for row in cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |fields: &mut dyn Iterator<Item = &str>, last: &str| -> String {
        let mut out = String::new();
        for (field, width) in fields.zip(widths) {
            out.push_str(field);
            out.extend(std::iter::repeat_n(' ', width - field.chars().count() + 1));
        }
        out.push_str(last);
        out.push('\n');
        out
    };
    let mut out = line(&mut header.iter().copied(), last_header);
    for (row, last) in cells.iter().zip(last) {
        out.push_str(&line(&mut row.iter().map(String::as_str), &last));
    }
    out
}

pub fn schema(args: SchemaArgs) -> anyhow::Result<ExitCode> {
    let schema = if args.rates {
        rate_row_json_schema()
    } else if args.treaties {
        treaty_row_json_schema()
    } else {
        document_json_schema()
    };
    writeln!(std::io::stdout().lock(), "{schema}")?;
    Ok(ExitCode::SUCCESS)
}
