//! The two commands a distributed engine's driver (`engine/ray_driver.py`) asks the binary,
//! so that it reimplements nothing of the run:
//!
//! - `treaty list INPUT...`: the inputs exactly as `treaty run INPUT...` takes them (the same
//!   arguments, `--inputs-from` and `--out` read the same way, the same walk of folders and
//!   the same sort), one per line, or as JSON lines with `--json`. Input `i` of this list is
//!   what `treaty run INPUT... --shard K/N` gives to shard `i % N + 1`.
//! - `treaty ocr FILE --pages A-B`: OCR of the pages of a PDF that `treaty run` would OCR,
//!   into the OCR cache (`$TREATY_OCR_CACHE`) under the very keys a run reads, so that a run
//!   of the document afterwards finds them there. Many such commands on page ranges of one
//!   long scan, on many workers, fill the cache in parallel.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::batch::run_arguments_of;
use crate::inputs::{collect_excluding, doc_name, Input};
use crate::path_text::path_text;

/// Arguments of `treaty list`.
#[derive(Args)]
pub struct ListArgs {
    /// Files or folders, as `treaty run` takes them. Default: corpus/
    pub inputs: Vec<PathBuf>,
    /// A file listing the inputs, as `treaty run --inputs-from` reads it.
    #[arg(long, value_name = "FILE")]
    pub inputs_from: Option<PathBuf>,
    /// The output folder of the run (`treaty run --out`), which is never input.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// One JSON line per input: `{"doc": NAME, "path": PATH, "bytes": SIZE}` (`bytes` is
    /// `null` where the file cannot be read).
    #[arg(long)]
    pub json: bool,
}

/// `treaty list`: prints the run's inputs in the run's order.
pub fn list(args: ListArgs) -> anyhow::Result<ExitCode> {
    let arguments = run_arguments_of(&args.inputs, args.inputs_from.as_deref())?;
    let collected = collect_excluding(&arguments, Some(&args.out));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for input in &collected.inputs {
        let path = path_text(input.path());
        if args.json {
            let doc = match input {
                Input::File { doc, .. } => doc.clone(),
                Input::Unreadable { path, .. } => doc_name(path),
            };
            let bytes = std::fs::metadata(input.path())
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|meta| meta.len());
            let line = serde_json::json!({ "doc": doc, "path": path, "bytes": bytes });
            serde_json::to_writer(&mut out, &line)?;
            std::io::Write::write_all(&mut out, b"\n")?;
        } else {
            std::io::Write::write_all(&mut out, format!("{path}\n").as_bytes())?;
        }
    }
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `treaty ocr`.
#[derive(Args)]
pub struct OcrArgs {
    /// The PDF.
    pub file: PathBuf,
    /// The pages to read, counted from 1: `A-B`, or one page `N` (default: every page). Of
    /// these, only the pages `treaty run` would OCR are read (with `--ocr auto`, those with
    /// no text layer).
    #[arg(long, value_name = "A-B", value_parser = parse_pages)]
    pub pages: Option<(u32, u32)>,
    /// Largest PDF (and text layer) read, in bytes, as `treaty run --max-bytes`.
    #[arg(long, default_value_t = 64 * 1024 * 1024)]
    pub max_bytes: u64,
}

/// `A-B` or `N`: pages counted from 1, A at most B.
fn parse_pages(value: &str) -> Result<(u32, u32), String> {
    let number = |text: &str| {
        text.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                format!("`{value}`: `{text}` is no page number (pages are counted from 1)")
            })
    };
    let (first, last) = match value.split_once('-') {
        Some((first, last)) => (number(first)?, number(last)?),
        None => {
            let page = number(value)?;
            (page, page)
        }
    };
    if first > last {
        return Err(format!(
            "`{value}`: the range ends before it starts (give A-B with A at most B)"
        ));
    }
    Ok((first, last))
}

/// `treaty ocr`: reads the pages into the OCR cache and prints one JSON line, `{"file",
/// "pages" (the pages read by OCR), "cached" (how many the cache already had), "failed"
/// (pages that could not be read, which are not cached)}`. A file that is not a PDF, or that
/// cannot be read, is an error naming it.
pub fn ocr(args: OcrArgs) -> anyhow::Result<ExitCode> {
    let file = &args.file;
    let scanned = crate::pdf::pages_to_ocr(file, args.max_bytes)
        .map_err(|why| anyhow::anyhow!("cannot OCR {}: {why}", crate::terminal::path(file)))?;
    let pages: Vec<u32> = scanned
        .into_iter()
        .filter(|page| args.pages.is_none_or(|(a, b)| (a..=b).contains(page)))
        .collect();
    let (read, cached, failed) = if pages.is_empty() {
        (0, 0, Vec::new())
    } else {
        let (texts, run) = crate::ocr::read_pages(file, &pages, crate::ocr::Budget::default())
            .map_err(|why| anyhow::anyhow!("cannot OCR {}: {why}", crate::terminal::path(file)))?;
        let failed: Vec<String> = pages
            .iter()
            .zip(&texts)
            .filter_map(|(page, text)| Some(format!("page {page}: {}", text.failed.as_ref()?)))
            .collect();
        (run.pages.len(), run.cached, failed)
    };
    for why in &failed {
        eprintln!(
            "treaty: {}: {}",
            crate::terminal::path(file),
            crate::terminal::line(why)
        );
    }
    println!(
        "{}",
        serde_json::json!({
            "file": path_text(file),
            "pages": read,
            "cached": cached,
            "failed": failed.len(),
        })
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::parse_pages;

    #[test]
    fn page_ranges_are_parsed_and_bad_ones_named() {
        assert_eq!(parse_pages("3-7"), Ok((3, 7)));
        assert_eq!(parse_pages("4"), Ok((4, 4)));
        assert!(parse_pages("0-2").unwrap_err().contains("counted from 1"));
        assert!(parse_pages("5-2").unwrap_err().contains("ends before"));
        assert!(parse_pages("a-2").unwrap_err().contains("`a`"));
    }
}
