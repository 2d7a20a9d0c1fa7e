//! Test support for the treaty workspace (dev-only, never published): inputs that are too
//! big or too varied to commit, generated on demand and the same for the same seed.
//!
//! - [`generate_scale_corpus`] writes thousands of documents built from the corpus texts
//!   ([`ScaleConfig`], [`ScaleSummary`]): OCR damage ([`add_ocr_noise`]), legacy encodings
//!   ([`TextEncoding`]), half treaties and two treaties in one file. The
//!   `make-scale-corpus` binary of `treaty-bench` (`cargo scale-corpus`) runs it.
//! - [`one_line_text`] builds one huge line of real treaty text.
//! - [`SplitMix64`] is the seeded generator behind both, for tests that need their own
//!   reproducible randomness (such as when to interrupt a run).
//! - [`invariants`] checks what each pipeline stage promises on one input; the fuzz targets
//!   (`fuzz/`) and the replay of their saved inputs in `cargo test` share it.
//!
//! ```
//! use treaty_testing::{generate_scale_corpus, ScaleConfig};
//! let dir = std::env::temp_dir().join(format!("treaty-testing-doc-{}", std::process::id()));
//! let config = ScaleConfig { documents: 5, min_total_bytes: 500_000, seed: 7 };
//! let summary = generate_scale_corpus(&dir, &config).unwrap();
//! assert_eq!(summary.documents.len(), 5);
//! assert!(summary.total_bytes >= 500_000);
//! assert!(summary.documents[0].file_name.starts_with("scale-00001-"));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

#![deny(missing_docs)]

mod corpus;
mod encoding;
pub mod invariants;
mod noise;
pub mod profiles;
mod rng;
mod scale;

pub use corpus::corpus_dir;
pub use encoding::TextEncoding;
pub use noise::add_ocr_noise;
pub use rng::SplitMix64;
pub use scale::{
    generate_scale_corpus, ScaleConfig, ScaleDocument, ScaleSummary, Script, Shape, MANIFEST_NAME,
};

/// Exactly `target_bytes` bytes of Portuguese and English treaty text in one line: the
/// Latin-script corpus texts with every run of whitespace folded into one space, repeated.
///
/// For inputs like a PDF extraction that lost every line break.
///
/// ```
/// let line = treaty_testing::one_line_text(100_000).unwrap();
/// assert_eq!(line.len(), 100_000);
/// assert!(!line.contains('\n') && line.contains("Contracting State"));
/// ```
pub fn one_line_text(target_bytes: usize) -> std::io::Result<String> {
    let mut folded = String::new();
    for name in [
        "portugal-montenegro-2016-pt-en.txt",
        "canada-denmark-1997-en-web.txt",
    ] {
        let text = std::fs::read_to_string(corpus_dir().join(name))?;
        for word in text.split_whitespace() {
            folded.push_str(word);
            folded.push(' ');
        }
    }
    let mut line = String::with_capacity(target_bytes + folded.len());
    while line.len() < target_bytes {
        line.push_str(&folded);
    }
    let mut cut = target_bytes;
    while !line.is_char_boundary(cut) {
        cut -= 1;
    }
    line.truncate(cut);
    // A cut inside a multi-byte character leaves a few bytes to fill.
    while line.len() < target_bytes {
        line.push(' ');
    }
    Ok(line)
}
