//! The workspace's crates and their Rust sources, found by listing folders.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted (none if `dir` cannot be read).
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A crate of the workspace.
#[derive(Debug, Clone)]
pub struct Crate {
    /// Its folder name under `crates/` (`treaty-cli`).
    pub name: String,
    /// Its folder.
    pub dir: PathBuf,
}

/// Every crate under `crates/` of the workspace at `root` (a folder with a `Cargo.toml`),
/// sorted by name.
pub fn crates(root: &Path) -> Vec<Crate> {
    let Ok(entries) = fs::read_dir(root.join("crates")) else {
        return Vec::new();
    };
    let mut found: Vec<Crate> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|dir| dir.join("Cargo.toml").is_file())
        .filter_map(|dir| {
            let name = dir.file_name()?.to_string_lossy().into_owned();
            Some(Crate { name, dir })
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

/// The Rust sources of `krate` under its folders `folders` (`src`, `benches`, ...): paths
/// relative to the crate, `/`-separated, to their text. Unreadable files are left out.
pub fn sources(krate: &Crate, folders: &[&str]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for folder in folders {
        for path in rust_files(&krate.dir.join(folder)) {
            let Ok(relative) = path.strip_prefix(&krate.dir) else {
                continue;
            };
            let relative = relative.to_string_lossy().replace('\\', "/");
            if let Ok(text) = fs::read_to_string(&path) {
                out.insert(relative, text);
            }
        }
    }
    out
}
