//! Time and peak memory against size for the hostile shapes of the second input audit
//! (issue 44): one-line Markdown of emphasis markers, open brackets, `<a` and `![`, a line of
//! backslash escapes, and dense rate phrases (one endless clause of the dividend article),
//! at 1, 2, 4 and 8 MB, end to end: `process_document` and then the per-treaty headline step
//! (`treaty_schema::treaty_rows`), as `treaty run` does for each document.
//!
//! Linear time shows as the same seconds per MB at every size; bounded memory as the same
//! peak bytes per input byte. The peak is the process's peak resident size during the run
//! above its resident size before (Linux's `VmHWM`, reset through `/proc/self/clear_refs`),
//! the input itself included.
//!
//! Run with `cargo bench -p treaty-bench --bench hostile_sizes` (`-- quick` for 1 and 2 MB).

// A benchmark report is printed as a table on standard output.
#![allow(missing_docs, clippy::print_stdout)]

use std::hint::black_box;
use std::time::Instant;

use treaty_normalize::{IngestConfig, Markup};
use treaty_pipeline::{process_document, Settings};
use treaty_schema::treaty_rows;

/// The allocator `treaty` runs with, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A field of `/proc/self/status` in bytes (`VmRSS`, `VmHWM`).
fn status_bytes(field: &str) -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<usize>()
                .ok()
        })
        .map_or(0, |kb| kb * 1024)
}

/// Resets the process's peak resident size to its current one (Linux 4.0 and later), and
/// returns the current one.
fn reset_peak() -> usize {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    status_bytes("VmRSS")
}

const MB: usize = 1 << 20;

/// `unit` repeated after `head` up to `size` bytes.
fn shape(head: &str, unit: &str, size: usize) -> Vec<u8> {
    let mut text = String::with_capacity(size + unit.len() + head.len());
    text.push_str(head);
    while text.len() < size {
        text.push_str(unit);
    }
    text.into_bytes()
}

fn main() {
    let quick = std::env::args().any(|arg| arg == "quick");
    let sizes: &[usize] = if quick {
        &[MB, 2 * MB]
    } else {
        &[MB, 2 * MB, 4 * MB, 8 * MB]
    };
    // (name, markup, head, unit): the audit's shapes (its F2, F3 and F12).
    let shapes: [(&str, Markup, &str, &str); 6] = [
        ("markdown_emphasis", Markup::Markdown, "", "x* "),
        ("markdown_brackets", Markup::Markdown, "", "["),
        ("markdown_html_open", Markup::Markdown, "", "<a"),
        ("markdown_images", Markup::Markdown, "", "!["),
        ("markdown_escapes", Markup::Markdown, "", "\\*"),
        (
            "dense_rate_phrases",
            Markup::Plain,
            "Article 10\nDividends\n",
            "the tax shall not exceed 5 per cent ",
        ),
    ];
    println!("| shape | MB | seconds | s/MB | rows | peak MB | peak bytes per input byte |");
    println!("|---|---|---|---|---|---|---|");
    for (name, markup, head, unit) in shapes {
        let settings = Settings {
            ingest: IngestConfig {
                markup,
                ..IngestConfig::default()
            },
            tokenizers: None,
            amended_treaty: None,
        };
        for &size in sizes {
            let bytes = shape(head, unit, size);
            let before = reset_peak();
            let started = Instant::now();
            let rows = match process_document("bench", black_box(&bytes), &settings) {
                Ok(report) => {
                    let treaty_rows = treaty_rows(&report);
                    black_box(&treaty_rows);
                    report.rows.len()
                }
                // Refused input (none of these is) still counts its time.
                Err(_) => 0,
            };
            let seconds = started.elapsed().as_secs_f64();
            let peak = status_bytes("VmHWM").saturating_sub(before);
            let megabytes = bytes.len() as f64 / MB as f64;
            println!(
                "| {name} | {megabytes:.0} | {seconds:.2} | {:.2} | {rows} | {:.0} | {:.1} |",
                seconds / megabytes,
                peak as f64 / MB as f64,
                peak as f64 / bytes.len() as f64
            );
        }
    }
}
