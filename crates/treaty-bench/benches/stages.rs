//! Throughput per stage and end to end, per corpus text, in bytes of original input per
//! second (criterion reports MB/s with `Throughput::Bytes`).
//!
//! Run with `cargo bench -p treaty-bench`; compare runs with `--save-baseline NAME` and critcmp.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

/// The allocator `treaty` runs with, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use treaty_bench::corpus_samples;
use treaty_cli::dictionary::LazyTokenizer;
use treaty_normalize::{normalize_bytes, IngestConfig};
use treaty_pipeline::{process_document, Settings};
use treaty_segment::{segment, Config, TokenizerSource};

fn stages(criterion: &mut Criterion) {
    let tokenizer = LazyTokenizer::default();
    for sample in corpus_samples() {
        let mut group = criterion.benchmark_group(sample.name.trim_end_matches(".txt").to_string());
        group.throughput(Throughput::Bytes(sample.bytes.len() as u64));
        group.sample_size(20);
        group.bench_function("normalize", |b| {
            b.iter(|| normalize_bytes(black_box(&sample.bytes), &IngestConfig::default()).unwrap())
        });
        let normalized = normalize_bytes(&sample.bytes, &IngestConfig::default()).unwrap();
        let config = Config {
            tokenizers: Some(&tokenizer),
            amended_treaty: None,
        };
        group.bench_function("segment", |b| {
            b.iter(|| segment(black_box(&normalized.text), &config))
        });
        // Extraction alone: the rules over every paragraph of the segmented document.
        let (document, _) = segment(&normalized.text, &config);
        group.bench_function("extract", |b| {
            b.iter(|| {
                let mut n_findings = 0;
                for treaty in &document.treaties {
                    for version in &treaty.versions {
                        for article in version.articles.iter().chain(&version.protocol) {
                            for paragraph in &article.paragraphs {
                                n_findings += treaty_extract::rules::paragraph_findings(
                                    paragraph,
                                    &article.paragraphs,
                                    article.topic,
                                    version.lang,
                                )
                                .len();
                            }
                        }
                    }
                }
                black_box(n_findings)
            })
        });
        let settings = Settings {
            ingest: IngestConfig::default(),
            tokenizers: Some(&tokenizer),
            amended_treaty: None,
        };
        group.bench_function("end_to_end", |b| {
            b.iter(|| process_document("bench", black_box(&sample.bytes), &settings).unwrap())
        });
        if normalized
            .text
            .chars()
            .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c))
        {
            // lindera alone on the whole text: the bound on Japanese throughput.
            let japanese = tokenizer
                .japanese()
                .expect("the Japanese dictionary builds");
            group.bench_function("lindera_tokenize", |b| {
                b.iter(|| japanese.tokenize(black_box(&normalized.text)))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, stages);
criterion_main!(benches);
