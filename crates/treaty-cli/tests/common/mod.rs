//! Helpers shared by the integration tests: the real binary, run in a folder.

#![allow(dead_code)]

use std::collections::BTreeMap;
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

/// Every file below `dir`, by its path relative to `dir`.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, found: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                found.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut found = BTreeMap::new();
    walk(dir, dir, &mut found);
    found
}

/// `run.json` without what differs between any two runs: the process id, the times, and how
/// many OCR'd pages the cache already had (the pages read are compared).
pub fn deterministic_manifest(bytes: &[u8]) -> serde_json::Value {
    let mut manifest: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    for field in ["pid", "started", "ended"] {
        manifest.as_object_mut().unwrap().remove(field);
    }
    manifest["ocr"].as_object_mut().unwrap().remove("cached");
    manifest
}

/// Every file of `merged` is the one of `whole`, byte for byte (`run.json` but for its
/// process id and times), and no file is missing or added.
pub fn assert_same_output(whole: &Path, merged: &Path) {
    let (whole_files, merged_files) = (files(whole), files(merged));
    assert_eq!(
        whole_files.keys().collect::<Vec<_>>(),
        merged_files.keys().collect::<Vec<_>>(),
        "the merged folder holds other files than the whole run's"
    );
    for (name, bytes) in &whole_files {
        let merged_bytes = &merged_files[name];
        if name == Path::new("run.json") {
            assert_eq!(
                deterministic_manifest(bytes),
                deterministic_manifest(merged_bytes),
                "run.json"
            );
            continue;
        }
        assert!(
            bytes == merged_bytes,
            "{} differs:\n--- whole run\n{}\n--- merged\n{}",
            name.display(),
            text(bytes),
            text(merged_bytes)
        );
    }
}
