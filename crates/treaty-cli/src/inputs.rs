//! Turning INPUT arguments (files and folders) into a sorted list of documents.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A document to process, or a path that could not be listed.
#[derive(Debug, Clone)]
pub enum Input {
    /// A file to read; `doc` is its name without extension.
    File {
        /// Path as given or found.
        path: PathBuf,
        /// Document name.
        doc: String,
    },
    /// A path that could not be read as a file or folder.
    Unreadable {
        /// Path.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl Input {
    /// The path.
    pub fn path(&self) -> &Path {
        match self {
            Input::File { path, .. } | Input::Unreadable { path, .. } => path,
        }
    }
}

/// The document name of a path: its file name without the extension.
pub fn doc_name(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// Collects the files named or found under the folders named (`.txt` files in folders),
/// sorted by path so runs are deterministic. Folder loops (symlinks) are visited once.
pub fn collect(arguments: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut seen_dirs = HashSet::new();
    for argument in arguments {
        match std::fs::metadata(argument) {
            Ok(meta) if meta.is_dir() => walk(argument, &mut inputs, &mut seen_dirs),
            Ok(_) => inputs.push(Input::File {
                path: argument.clone(),
                doc: doc_name(argument),
            }),
            Err(error) => inputs.push(Input::Unreadable {
                path: argument.clone(),
                reason: error.to_string(),
            }),
        }
    }
    inputs.sort_by(|a, b| a.path().cmp(b.path()));
    inputs
}

fn walk(dir: &Path, inputs: &mut Vec<Input>, seen_dirs: &mut HashSet<PathBuf>) {
    let canonical = match std::fs::canonicalize(dir) {
        Ok(path) => path,
        Err(error) => {
            inputs.push(Input::Unreadable {
                path: dir.to_path_buf(),
                reason: error.to_string(),
            });
            return;
        }
    };
    if !seen_dirs.insert(canonical) {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            inputs.push(Input::Unreadable {
                path: dir.to_path_buf(),
                reason: error.to_string(),
            });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, inputs, seen_dirs),
            Ok(_) if path.extension().is_some_and(|e| e == "txt") => {
                inputs.push(Input::File {
                    doc: doc_name(&path),
                    path,
                });
            }
            Ok(_) => {}
            Err(error) => inputs.push(Input::Unreadable {
                path,
                reason: error.to_string(),
            }),
        }
    }
}
