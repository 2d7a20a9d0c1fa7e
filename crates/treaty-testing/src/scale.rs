//! The scale corpus: thousands of documents built from the corpus texts, with the variation
//! real batches have (OCR damage, legacy encodings, partial and merged files), to measure
//! throughput and memory and to exercise interrupted runs.

use std::io::Write;
use std::path::Path;

use crate::corpus::corpus_dir;
use crate::encoding::TextEncoding;
use crate::noise::add_ocr_noise;
use crate::rng::SplitMix64;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaleConfig {
    /// Number of documents.
    pub documents: usize,
    /// The documents together are at least this many bytes (on disk, after encoding).
    pub min_total_bytes: u64,
    /// Same seed, same corpus, byte for byte.
    pub seed: u64,
}

impl Default for ScaleConfig {
    /// 2,000 documents, at least 150 MiB, seed 1: the corpus the throughput targets are
    /// measured on.
    fn default() -> ScaleConfig {
        ScaleConfig {
            documents: 2_000,
            min_total_bytes: 150 * 1024 * 1024,
            seed: 1,
        }
    }
}

/// How a generated document relates to its corpus texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One whole treaty text.
    Whole,
    /// The first half of a treaty text (cut at a line end), like a file that lost its end.
    FirstHalf,
    /// The second half of a treaty text, like a file that lost its beginning.
    SecondHalf,
    /// Two treaty texts in one file, like a gazette issue.
    Concatenated,
}

impl Shape {
    /// A short lowercase name, used in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Whole => "whole",
            Shape::FirstHalf => "first-half",
            Shape::SecondHalf => "second-half",
            Shape::Concatenated => "concatenated",
        }
    }
}

/// The script of a document's sources, which decides the encodings it may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Portuguese and English texts.
    Latin,
    /// Japanese texts.
    Japanese,
    /// A Latin-script text and a Japanese one in one file.
    Mixed,
}

impl Script {
    /// A short lowercase name, used in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Script::Latin => "latin",
            Script::Japanese => "japanese",
            Script::Mixed => "mixed",
        }
    }
}

/// One generated document.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleDocument {
    /// File name in the output folder: `scale-00001-<source>.txt`, sources joined by `+`.
    pub file_name: String,
    /// The corpus texts it was built from (file names without `.txt`).
    pub sources: Vec<String>,
    /// Whole, half or concatenated.
    pub shape: Shape,
    /// The script of its sources.
    pub script: Script,
    /// The encoding it is written in.
    pub encoding: TextEncoding,
    /// Share of characters damaged by OCR noise (0 for a clean document).
    pub noise_rate: f64,
    /// Runs of articles (or lines) of its first source appended to reach its size.
    pub repeated_runs: usize,
    /// Size on disk.
    pub bytes: u64,
}

/// What [`generate_scale_corpus`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleSummary {
    /// The documents, in file-name order.
    pub documents: Vec<ScaleDocument>,
    /// Their total size on disk.
    pub total_bytes: u64,
}

/// Documents are kept below this size (except the last one, if the total needs it), so the
/// corpus looks like a real batch rather than a few giant files.
const MAX_DOCUMENT_BYTES: u64 = 1024 * 1024;

/// The manifest written next to the documents; not a `.txt` file, so `treaty run` skips it.
pub const MANIFEST_NAME: &str = "manifest.tsv";

/// A corpus text prepared for cutting.
struct Source {
    stem: String,
    text: String,
    japanese: bool,
    /// Byte offsets where a run to repeat may start: article headings at the start of a
    /// line, or every line start when the text has too few (pages of the Japanese PDF text,
    /// paragraphs of the web text whose headings were stripped).
    run_starts: Vec<usize>,
}

/// Writes `config.documents` files `scale-00001-<source>.txt`, ... into `out_dir` (created
/// if missing; other `scale-*.txt` files there are removed, so the folder holds exactly this
/// corpus) and a [`MANIFEST_NAME`] describing each, and returns the same description.
///
/// Each document is one corpus text, half of one, or two concatenated; 60% get OCR noise
/// ([`add_ocr_noise`]) at a rate between 0.1% and 0.8%; Latin-script documents are written
/// in UTF-8 (70%), Windows-1252 (15%) or UTF-16LE with BOM (15%), Japanese ones in UTF-8
/// (60%), Shift_JIS (20%) or EUC-JP (20%), mixed ones in UTF-8 or UTF-16LE. Documents
/// smaller than their share of `config.min_total_bytes` get runs of their first source's
/// articles repeated, with some spread, below 1 MiB each.
///
/// The corpus texts are read from the repository's `corpus/` folder ([`corpus_dir`]).
pub fn generate_scale_corpus(
    out_dir: &Path,
    config: &ScaleConfig,
) -> std::io::Result<ScaleSummary> {
    let sources = load_sources(&corpus_dir())?;
    std::fs::create_dir_all(out_dir)?;
    remove_earlier_documents(out_dir)?;
    let mut rng = SplitMix64::new(config.seed);
    let mut documents = Vec::with_capacity(config.documents);
    let mut total_bytes = 0u64;
    for document_idx in 0..config.documents {
        let remaining_documents = (config.documents - document_idx) as u64;
        let fair_share = config
            .min_total_bytes
            .saturating_sub(total_bytes)
            .div_ceil(remaining_documents);
        let target_bytes = if remaining_documents == 1 {
            // The last document makes up whatever is missing.
            fair_share
        } else {
            // Spread sizes from 0.6 to 1.6 times the share; a mean above 1 keeps the total
            // ahead of the minimum, and later shares shrink when it is.
            let spread = 0.6 + rng.unit();
            ((fair_share as f64 * spread) as u64).min(MAX_DOCUMENT_BYTES)
        };
        let (document, bytes) =
            generate_document(document_idx + 1, &sources, target_bytes, &mut rng);
        std::fs::write(out_dir.join(&document.file_name), &bytes)?;
        total_bytes += document.bytes;
        documents.push(document);
    }
    write_manifest(out_dir, &documents)?;
    Ok(ScaleSummary {
        documents,
        total_bytes,
    })
}

fn generate_document(
    number: usize,
    sources: &[Source],
    target_bytes: u64,
    rng: &mut SplitMix64,
) -> (ScaleDocument, Vec<u8>) {
    let shape = match rng.below(10) {
        0..=4 => Shape::Whole,
        5 => Shape::FirstHalf,
        6 => Shape::SecondHalf,
        _ => Shape::Concatenated,
    };
    let first = &sources[rng.index(sources.len())];
    let mut parts = vec![first];
    let text = match shape {
        Shape::Whole => first.text.clone(),
        Shape::FirstHalf => first.text[..half_cut(&first.text)].to_owned(),
        Shape::SecondHalf => first.text[half_cut(&first.text)..].to_owned(),
        Shape::Concatenated => {
            let second = &sources[rng.index(sources.len())];
            parts.push(second);
            format!("{}\n\n\n{}", first.text.trim_end(), second.text)
        }
    };
    let script = if parts.iter().all(|s| s.japanese) {
        Script::Japanese
    } else if parts.iter().any(|s| s.japanese) {
        Script::Mixed
    } else {
        Script::Latin
    };
    let encoding = match (script, rng.below(20)) {
        (Script::Latin, 0..=13) | (Script::Japanese, 0..=11) | (Script::Mixed, 0..=15) => {
            TextEncoding::Utf8
        }
        (Script::Latin, 14..=16) => TextEncoding::Windows1252,
        (Script::Latin | Script::Mixed, _) => TextEncoding::Utf16LeWithBom,
        (Script::Japanese, 12..=15) => TextEncoding::ShiftJis,
        (Script::Japanese, _) => TextEncoding::EucJp,
    };
    let noise_rate = if rng.chance(0.6) {
        0.001 + 0.007 * rng.unit()
    } else {
        0.0
    };
    let mut bytes = encoding.preamble().to_vec();
    encoding.encode_into(&add_ocr_noise(&text, noise_rate, rng), &mut bytes);
    let mut repeated_runs = 0;
    while (bytes.len() as u64) < target_bytes && !first.run_starts.is_empty() {
        let run = pick_run(first, rng);
        encoding.encode_into("\n\n", &mut bytes);
        encoding.encode_into(&add_ocr_noise(run, noise_rate, rng), &mut bytes);
        repeated_runs += 1;
    }
    let stems: Vec<&str> = parts.iter().map(|s| s.stem.as_str()).collect();
    let document = ScaleDocument {
        file_name: format!("scale-{number:05}-{}.txt", stems.join("+")),
        sources: stems.iter().map(|s| (*s).to_owned()).collect(),
        shape,
        script,
        encoding,
        noise_rate,
        repeated_runs,
        bytes: bytes.len() as u64,
    };
    (document, bytes)
}

/// Where to cut a text in two: the first line end after the middle (or the middle itself,
/// moved to a character boundary, for a text without one).
fn half_cut(text: &str) -> usize {
    let mut middle = text.len() / 2;
    while !text.is_char_boundary(middle) {
        middle += 1;
    }
    text[middle..]
        .find('\n')
        .map_or(middle, |newline| middle + newline + 1)
}

/// One to four consecutive runs of `source`, from one run start to a later one (or the end).
fn pick_run<'a>(source: &'a Source, rng: &mut SplitMix64) -> &'a str {
    let first_idx = rng.index(source.run_starts.len());
    let end_idx = first_idx + rng.between(1, 4);
    let start = source.run_starts[first_idx];
    let end = source
        .run_starts
        .get(end_idx)
        .copied()
        .unwrap_or(source.text.len());
    &source.text[start..end]
}

fn load_sources(dir: &Path) -> std::io::Result<Vec<Source>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    let mut sources = Vec::new();
    for path in paths {
        let text = String::from_utf8_lossy(&std::fs::read(&path)?).into_owned();
        let stem = path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default();
        let kana = text
            .chars()
            .filter(|c| ('\u{3040}'..='\u{30FF}').contains(c))
            .count();
        sources.push(Source {
            run_starts: run_starts(&text),
            japanese: kana * 10 > text.chars().count(),
            stem,
            text,
        });
    }
    if sources.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no .txt corpus texts in {}", dir.display()),
        ));
    }
    Ok(sources)
}

/// Article headings need to start at least this many lines for runs to follow articles;
/// with fewer, runs follow lines.
const MIN_HEADINGS: usize = 8;

fn run_starts(text: &str) -> Vec<usize> {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(idx, _)| idx + 1))
        .filter(|&start| start < text.len() && !text[start..].starts_with('\n'))
        .collect();
    let headings: Vec<usize> = line_starts
        .iter()
        .copied()
        .filter(|&start| {
            let line = &text[start..];
            ["Article ", "ARTICLE ", "Artigo ", "ARTIGO "]
                .iter()
                .any(|heading| line.starts_with(heading))
        })
        .collect();
    if headings.len() >= MIN_HEADINGS {
        headings
    } else {
        line_starts
    }
}

fn remove_earlier_documents(out_dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(out_dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("scale-") && name.ends_with(".txt") && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

fn write_manifest(out_dir: &Path, documents: &[ScaleDocument]) -> std::io::Result<()> {
    let mut manifest = std::io::BufWriter::new(std::fs::File::create(out_dir.join(MANIFEST_NAME))?);
    writeln!(
        manifest,
        "file\tsources\tshape\tscript\tencoding\tnoise_rate\trepeated_runs\tbytes"
    )?;
    for document in documents {
        writeln!(
            manifest,
            "{}\t{}\t{}\t{}\t{}\t{:.4}\t{}\t{}",
            document.file_name,
            document.sources.join("+"),
            document.shape.name(),
            document.script.name(),
            document.encoding.name(),
            document.noise_rate,
            document.repeated_runs,
            document.bytes
        )?;
    }
    manifest.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_config(seed: u64) -> ScaleConfig {
        ScaleConfig {
            documents: 60,
            min_total_bytes: 6_000_000,
            seed,
        }
    }

    #[test]
    fn same_seed_same_corpus_and_the_minimum_is_met() {
        let first_temp = tempfile::tempdir().unwrap();
        let second_temp = tempfile::tempdir().unwrap();
        let (first_dir, second_dir) = (first_temp.path(), second_temp.path());
        let first = generate_scale_corpus(first_dir, &small_config(11)).unwrap();
        let second = generate_scale_corpus(second_dir, &small_config(11)).unwrap();
        assert_eq!(first, second);
        assert_eq!(first.documents.len(), 60);
        assert!(first.total_bytes >= 6_000_000, "{}", first.total_bytes);
        for document in &first.documents {
            let one = std::fs::read(first_dir.join(&document.file_name)).unwrap();
            let two = std::fs::read(second_dir.join(&document.file_name)).unwrap();
            assert_eq!(one.len() as u64, document.bytes);
            assert!(one == two, "{} differs", document.file_name);
        }
        let on_disk: u64 = first.documents.iter().map(|d| d.bytes).sum();
        assert_eq!(on_disk, first.total_bytes);
        let other_seed = generate_scale_corpus(second_dir, &small_config(12)).unwrap();
        assert_ne!(other_seed.documents, first.documents);
    }

    #[test]
    fn variety_covers_every_shape_encoding_and_noise() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path();
        let summary = generate_scale_corpus(
            dir,
            &ScaleConfig {
                documents: 300,
                min_total_bytes: 0,
                seed: 5,
            },
        )
        .unwrap();
        for shape in [
            Shape::Whole,
            Shape::FirstHalf,
            Shape::SecondHalf,
            Shape::Concatenated,
        ] {
            assert!(
                summary.documents.iter().any(|d| d.shape == shape),
                "{shape:?}"
            );
        }
        for encoding in [
            TextEncoding::Utf8,
            TextEncoding::Windows1252,
            TextEncoding::Utf16LeWithBom,
            TextEncoding::ShiftJis,
            TextEncoding::EucJp,
        ] {
            assert!(
                summary.documents.iter().any(|d| d.encoding == encoding),
                "{encoding:?}"
            );
        }
        assert!(summary.documents.iter().any(|d| d.noise_rate > 0.0));
        assert!(summary.documents.iter().any(|d| d.noise_rate == 0.0));
        let japanese_in_latin_encoding = summary
            .documents
            .iter()
            .any(|d| d.script != Script::Latin && d.encoding == TextEncoding::Windows1252);
        assert!(!japanese_in_latin_encoding);
        let shift_jis = summary
            .documents
            .iter()
            .find(|d| d.encoding == TextEncoding::ShiftJis)
            .unwrap();
        let bytes = std::fs::read(dir.join(&shift_jis.file_name)).unwrap();
        let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&bytes);
        assert!(!had_errors);
        assert!(text.contains("条"), "{}", shift_jis.file_name);
        let manifest = std::fs::read_to_string(dir.join(MANIFEST_NAME)).unwrap();
        assert_eq!(manifest.lines().count(), 301);
    }

    #[test]
    fn a_smaller_rerun_leaves_no_earlier_documents() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path();
        let config = ScaleConfig {
            documents: 12,
            min_total_bytes: 0,
            seed: 2,
        };
        generate_scale_corpus(dir, &config).unwrap();
        generate_scale_corpus(
            dir,
            &ScaleConfig {
                documents: 3,
                ..config
            },
        )
        .unwrap();
        let texts = std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "txt")
            })
            .count();
        assert_eq!(texts, 3);
    }

    #[test]
    fn a_large_minimum_is_reached_by_repeating_article_runs() {
        let temp = tempfile::tempdir().unwrap();
        let config = ScaleConfig {
            documents: 10,
            min_total_bytes: 5_000_000,
            seed: 4,
        };
        let summary = generate_scale_corpus(temp.path(), &config).unwrap();
        assert!(summary.total_bytes >= 5_000_000, "{}", summary.total_bytes);
        let padded = summary
            .documents
            .iter()
            .filter(|d| d.repeated_runs > 0)
            .count();
        assert!(padded >= 8, "{padded} of 10 padded");
        for document in &summary.documents[..9] {
            // The cap, plus at most the one run that crossed it.
            assert!(
                document.bytes < MAX_DOCUMENT_BYTES + 200_000,
                "{document:?}"
            );
        }
    }

    #[test]
    fn runs_start_at_article_headings_or_else_at_lines() {
        let articles: String = (1..=9)
            .map(|number| format!("Artigo {number}.º\nTexto do artigo.\n\n"))
            .collect();
        let starts = run_starts(&articles);
        assert_eq!(starts.len(), 9);
        assert!(starts
            .iter()
            .all(|&start| articles[start..].starts_with("Artigo ")));
        let few = "Article 1\nText.\n\nMore text.\n";
        assert_eq!(run_starts(few), vec![0, 10, 17]);
    }

    #[test]
    fn halves_cut_at_line_ends() {
        let text = "Artigo 1\numa\nduas\ntrês\n";
        let cut = half_cut(text);
        assert_eq!(&text[..cut], "Artigo 1\numa\n");
        assert_eq!(half_cut("日本国とデンマーク"), "日本国とデ".len());
    }
}
