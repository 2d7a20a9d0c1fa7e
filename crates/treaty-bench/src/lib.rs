//! Benchmark inputs: the corpus texts, named by file, read from the repository's `corpus/`.

use std::path::PathBuf;

/// One benchmark input.
pub struct Sample {
    /// File name in `corpus/`.
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// The repository's `corpus/` folder.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// Every `.txt` file of `corpus/`, sorted by name.
pub fn corpus_samples() -> Vec<Sample> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "txt"));
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            Some(Sample {
                name: path.file_name()?.to_string_lossy().into_owned(),
                bytes,
            })
        })
        .collect()
}
