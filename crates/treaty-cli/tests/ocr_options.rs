//! What a user running OCR sees (issue 47): `--ocr-lang` chooses Tesseract's languages (and a
//! code Tesseract lacks is named with its package), and Ctrl-C is acknowledged at once and
//! stops OCR at the next page instead of after every page of the documents in progress. Needs
//! Tesseract with English, as `tools/test.sh` installs it.

mod common;

use common::{blank_pdf, text, workspace_root};

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn treaty_with_cache(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .env("TREATY_OCR_CACHE", dir.join("cache"))
        .output()
        .unwrap()
}

#[test]
fn ocr_lang_chooses_the_models_and_names_a_missing_one() {
    let dir = tempfile::tempdir().unwrap();
    let scan = workspace_root().join("crates/treaty-cli/tests/data/scanned/en-articles-10-12.pdf");
    let scan = scan.to_str().unwrap();
    let output = treaty_with_cache(
        &["run", scan, "--out", "out", "-q", "--ocr-lang", "eng"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join("out/en-articles-10-12.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["extracted_from"]["ocr"]["languages"], "eng", "{json}");
    let rows = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(rows.lines().count() > 3, "{rows}");

    let missing = treaty_with_cache(
        &[
            "run",
            scan,
            "--out",
            "missing",
            "-q",
            "--ocr-lang",
            "eng+xqz",
        ],
        dir.path(),
    );
    assert_eq!(missing.status.code(), Some(1), "{}", text(&missing.stderr));
    let failures = std::fs::read_to_string(dir.path().join("missing/failures.jsonl")).unwrap();
    assert!(
        failures.contains("Tesseract has no `xqz` language: install tesseract-ocr-xqz"),
        "{failures}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_is_acknowledged_at_once_and_stops_ocr_at_the_next_page() {
    let dir = tempfile::tempdir().unwrap();
    // 60 blank pages: each goes to OCR and takes a second or more.
    std::fs::write(dir.path().join("blank.pdf"), blank_pdf(60, 612)).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "blank.pdf", "--out", "out", "--jobs", "1"])
        .current_dir(dir.path())
        .env("TREATY_OCR_CACHE", dir.path().join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let interrupted = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let output = child.wait_with_output().unwrap();
    let stopped_after = interrupted.elapsed();
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("interrupted: no new document starts") && stderr.contains("OCR stops"),
        "{stderr}"
    );
    // The pages in progress finish, no other starts: far less than the 60 pages' minute.
    assert!(
        stopped_after < Duration::from_secs(30),
        "took {stopped_after:?} after Ctrl-C: {stderr}"
    );
    let failures =
        std::fs::read_to_string(dir.path().join("out/failures.jsonl")).unwrap_or_default();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("out/run.json")).unwrap()).unwrap();
    assert_eq!(manifest["status"], "interrupted", "{manifest}");
    assert!(
        failures.contains("interrupted during OCR") || stderr.contains("interrupted during OCR"),
        "failures: {failures}\nstderr: {stderr}"
    );
}
