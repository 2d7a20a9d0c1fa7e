//! Time against size for the two inputs a hostile-input audit found quadratic (issue 23):
//! one rate phrase repeated with no full stop (one endless clause), and `Article 1 ` repeated
//! on one line (endless heading candidates), from 37 KB to 5 MB, end to end through
//! `process_document`. Linear time shows as the same MB/s at every size.
//!
//! Run with `cargo bench -p treaty-bench --bench hostile_shapes`.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

/// The allocator `treaty` runs with, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use treaty_normalize::IngestConfig;
use treaty_pipeline::{process_document, Settings};

/// Sizes in bytes: the audit's 37 KB, 148 KB, then 1.2 MB and 5 MB.
const SIZES: [usize; 4] = [37_000, 148_000, 1_200_000, 5_000_000];

/// `unit` repeated after `head` up to `size` bytes.
fn shape(head: &str, unit: &str, size: usize) -> Vec<u8> {
    let mut text = head.to_string();
    while text.len() < size {
        text.push_str(unit);
    }
    text.into_bytes()
}

fn hostile_shapes(criterion: &mut Criterion) {
    let settings = Settings {
        ingest: IngestConfig::default(),
        tokenizers: None,
        amended_treaty: None,
    };
    let shapes: [(&str, &str, &str); 2] = [
        (
            "rate_phrase_without_full_stop",
            "Article 10\nDividends\n",
            "the tax shall not exceed 10 per cent ",
        ),
        ("heading_repeated_on_one_line", "", "Article 1 "),
    ];
    for (name, head, unit) in shapes {
        let mut group = criterion.benchmark_group(name);
        // One run per sample: a 5 MB sample takes seconds, and linear sampling would run
        // it 55 times.
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        for size in SIZES {
            let bytes = shape(head, unit, size);
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_with_input(BenchmarkId::from_parameter(size), &bytes, |b, bytes| {
                b.iter(|| process_document("bench", black_box(bytes), &settings).unwrap())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hostile_shapes);
criterion_main!(benches);
