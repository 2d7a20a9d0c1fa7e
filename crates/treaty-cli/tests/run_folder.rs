//! The output folder of `treaty run` (issue 23, points 5, 6 and 10): CSV cells a spreadsheet
//! would read as a formula are neutralised, a second run into a folder in use is refused,
//! `run.json` says what the folder holds, and `--resume` trusts only JSON that the manifest
//! vouches for.

mod common;

use std::path::Path;

use common::{corpus, text, treaty};

/// A short treaty with rates, under a name a spreadsheet would read as a formula.
const FORMULA_DOC: &str = "=HYPERLINK(1)";

fn inputs_with(dir: &Path, doc: &str) {
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::copy(
        corpus("portugal-montenegro-2016-pt-en.txt"),
        inputs.join(format!("{doc}.txt")),
    )
    .unwrap();
}

fn csv_cells(path: &Path, column: usize) -> Vec<String> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    reader
        .records()
        .map(|record| record.unwrap()[column].to_string())
        .collect()
}

fn manifest(out: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(out.join("run.json")).expect("run.json is written"))
        .unwrap()
}

#[test]
fn formula_cells_are_neutralised_in_every_csv_unless_csv_raw() {
    let dir = tempfile::tempdir().unwrap();
    inputs_with(dir.path(), FORMULA_DOC);
    let run = treaty(&["run", "in", "--out", "out", "--quiet"], dir.path());
    assert!(run.status.success(), "{}", text(&run.stderr));
    let out = dir.path().join("out");
    let neutralised = format!("'{FORMULA_DOC}");
    for file in ["rates.csv", "articles.csv", "treaties.csv"] {
        let docs = csv_cells(&out.join(file), 0);
        assert!(!docs.is_empty(), "{file} has rows");
        assert!(
            docs.iter().all(|doc| *doc == neutralised),
            "{file}: {docs:?}"
        );
    }
    // The JSONL is never changed.
    let line = std::fs::read_to_string(out.join("rates.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(first["doc"], FORMULA_DOC);

    let raw = treaty(
        &["run", "in", "--out", "raw", "--quiet", "--csv-raw"],
        dir.path(),
    );
    assert!(raw.status.success(), "{}", text(&raw.stderr));
    let docs = csv_cells(&dir.path().join("raw/rates.csv"), 0);
    assert!(
        !docs.is_empty() && docs.iter().all(|doc| doc == FORMULA_DOC),
        "{docs:?}"
    );
}

#[test]
fn a_second_run_into_a_folder_in_use_fails_at_once_naming_the_folder_and_pid() {
    let dir = tempfile::tempdir().unwrap();
    inputs_with(dir.path(), "pm");
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    // This test holds the lock on the folder, as a first run would (a run locks the folder
    // itself), and its run.json says a run of pid 4242 is under way.
    let lock = std::fs::File::open(&out).unwrap();
    lock.try_lock().unwrap();
    std::fs::write(
        out.join("run.json"),
        r#"{"tool":"treaty","version":"0","schema_version":"1","rules_fingerprint":"x","status":"running","pid":4242,"started":"","ended":null,"counts":{"documents":0,"resumed":0,"articles":0,"rows":0,"warnings":0,"failed":0,"skipped":0},"inputs":[]}"#,
    )
    .unwrap();
    let started = std::time::Instant::now();
    let second = treaty(&["run", "in", "--out", "out"], dir.path());
    assert_eq!(second.status.code(), Some(2), "{}", text(&second.stderr));
    let stderr = text(&second.stderr);
    assert!(stderr.contains("pid 4242"), "{stderr}");
    assert!(stderr.contains("out"), "{stderr}");
    assert!(started.elapsed().as_secs() < 10, "refused at once");
    assert!(!out.join("rates.csv").exists() && !out.join("pm.json").exists());
    drop(lock);
    let third = treaty(&["run", "in", "--out", "out", "--quiet"], dir.path());
    assert!(third.status.success(), "{}", text(&third.stderr));
}

#[test]
fn run_json_describes_the_run_and_resume_trusts_only_what_it_vouches_for() {
    let dir = tempfile::tempdir().unwrap();
    inputs_with(dir.path(), "pm");
    let out = dir.path().join("out");
    let run = treaty(&["run", "in", "--out", "out", "--quiet"], dir.path());
    assert!(run.status.success(), "{}", text(&run.stderr));
    let first = manifest(&out);
    assert_eq!(first["status"], "complete");
    assert_eq!(first["tool"], "treaty");
    assert_eq!(first["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(first["rules_fingerprint"].as_str().unwrap().len(), 64);
    assert!(first["started"].as_str().unwrap().ends_with('Z'));
    assert!(first["ended"].as_str().unwrap() >= first["started"].as_str().unwrap());
    assert_eq!(first["counts"]["documents"], 1);
    // No scanned page: no OCR. The keys keep their order, `ocr` between counts and inputs.
    assert_eq!(first["ocr"], serde_json::json!({"pages": 0, "cached": 0}));
    let raw = std::fs::read_to_string(out.join("run.json")).unwrap();
    let places: Vec<usize> = [
        "\"tool\"",
        "\"rules_fingerprint\"",
        "\"settings\"",
        "\"status\"",
        "\"pid\"",
        "\"started\"",
        "\"ended\"",
        "\"counts\"",
        "\"ocr\"",
        "\"inputs\"",
    ]
    .iter()
    // Top-level keys: at the start of a line, indented once.
    .map(|key| {
        raw.find(&format!("\n  {key}"))
            .unwrap_or_else(|| panic!("{key} in {raw}"))
    })
    .collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]), "{raw}");
    let input = &first["inputs"][0];
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("pm.json")).unwrap()).unwrap();
    assert_eq!(input["doc"], "pm");
    assert_eq!(input["sha256"], json["sha256"]);
    assert_eq!(
        input["bytes"],
        std::fs::metadata(corpus("portugal-montenegro-2016-pt-en.txt"))
            .unwrap()
            .len()
    );
    assert_eq!(input["outcome"], "processed");
    assert_eq!(counted_rows(&out), first["counts"]["rows"]);

    // Unchanged: resumed.
    let resume = || {
        let run = treaty(
            &["run", "in", "--out", "out", "--quiet", "--resume"],
            dir.path(),
        );
        assert!(run.status.success(), "{}", text(&run.stderr));
        manifest(&out)["inputs"][0]["outcome"].clone()
    };
    assert_eq!(resume(), "resumed");
    // Hand-edited JSON (same content, other bytes): redone.
    std::fs::write(
        out.join("pm.json"),
        serde_json::to_vec_pretty(&json).unwrap(),
    )
    .unwrap();
    assert_eq!(resume(), "processed");
    assert_eq!(resume(), "resumed");
    // JSON of other rules (the manifest's fingerprint differs): redone.
    let mut other_rules = manifest(&out);
    other_rules["rules_fingerprint"] = serde_json::json!("0".repeat(64));
    std::fs::write(
        out.join("run.json"),
        serde_json::to_vec(&other_rules).unwrap(),
    )
    .unwrap();
    assert_eq!(resume(), "processed");
    // No manifest at all: nothing vouches for the JSON.
    std::fs::remove_file(out.join("run.json")).unwrap();
    assert_eq!(resume(), "processed");
    // A changed input is redone.
    let mut changed = std::fs::read(dir.path().join("in/pm.txt")).unwrap();
    changed.extend_from_slice(b"\n");
    std::fs::write(dir.path().join("in/pm.txt"), changed).unwrap();
    assert_eq!(resume(), "processed");
    // `treaty diff` reads the folder's JSON and passes over the manifest.
    let diff = treaty(&["diff", "out", "fixtures-that-do-not-exist"], dir.path());
    assert!(
        !text(&diff.stderr).contains("run.json"),
        "{}",
        text(&diff.stderr)
    );
}

fn counted_rows(out: &Path) -> serde_json::Value {
    let rows = std::fs::read_to_string(out.join("rates.jsonl"))
        .unwrap()
        .lines()
        .count();
    serde_json::json!(rows)
}

#[test]
fn a_document_named_run_fails_instead_of_overwriting_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    inputs_with(dir.path(), "run");
    inputs_with(dir.path(), "pm");
    let out = dir.path().join("out");
    let run = treaty(&["run", "in", "--out", "out", "--quiet"], dir.path());
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let failures = std::fs::read_to_string(out.join("failures.jsonl")).unwrap();
    assert!(
        failures.contains("\"doc\":\"run\"") && failures.contains("run manifest"),
        "{failures}"
    );
    let written = manifest(&out);
    assert_eq!(written["status"], "complete");
    let outcomes: Vec<(String, String)> = written["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["doc"].as_str().unwrap().to_string(),
                entry["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("pm".to_string(), "processed".to_string()),
            ("run".to_string(), "failed".to_string())
        ]
    );
}
