//! Where the repository's corpus texts are.

use std::path::PathBuf;

/// The repository's `corpus/` folder, found from this crate's manifest directory, so it
/// works whatever the current directory of a test or binary is.
pub fn corpus_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    dir.canonicalize().unwrap_or(dir)
}
