//! Helpers shared by the integration tests: the real binary, run in a folder.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

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

/// A PDF of `pages` blank pages of `size` x `size` points, with a correct cross-reference
/// table: no text layer, so every page goes to OCR.
pub fn blank_pdf(pages: usize, size: u32) -> Vec<u8> {
    let mut objects = vec![
        "<</Type/Catalog/Pages 2 0 R>>".to_string(),
        format!(
            "<</Type/Pages/Kids[{}]/Count {pages}>>",
            (0..pages)
                .map(|i| format!("{} 0 R", i + 3))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    ];
    for _ in 0..pages {
        objects.push(format!(
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 {size} {size}]>>"
        ));
    }
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (index, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj{object}endobj\n", index + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer<</Size {}/Root 1 0 R>>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// What a finished run printed.
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// Starts `treaty ARGS` in `dir`, its standard input `stdin` (closed when `None`), its
/// output into files of `dir`.
pub fn start(args: &[&str], dir: &Path, stdin: Option<&[u8]>) -> Child {
    let stdout = std::fs::File::create(dir.join(".stdout")).unwrap();
    let stderr = std::fs::File::create(dir.join(".stderr")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .env("TREATY_DICTIONARY_DIR", dir.join(".dictionary"))
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the treaty binary runs");
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        pipe.write_all(bytes).unwrap();
    }
    child
}

/// Waits for `child` at most `limit`; kills it and fails the test when it takes longer.
pub fn finish(mut child: Child, dir: &Path, limit: Duration) -> Finished {
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "treaty did not finish within {limit:?}; stderr so far:\n{}",
                text(&std::fs::read(dir.join(".stderr")).unwrap_or_default())
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Finished {
        status,
        stdout: text(&std::fs::read(dir.join(".stdout")).unwrap()),
        stderr: text(&std::fs::read(dir.join(".stderr")).unwrap()),
    }
}

/// Runs `treaty ARGS` in `dir` with a time limit of a minute.
pub fn run(args: &[&str], dir: &Path) -> Finished {
    finish(start(args, dir, None), dir, Duration::from_secs(60))
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
