//! Helpers shared by the integration tests: the real binary, run in a folder.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A corpus file.
pub fn corpus(name: &str) -> PathBuf {
    workspace_root().join("corpus").join(name)
}

/// Runs `treaty ARGS` in `dir`.
pub fn treaty(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the treaty binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
