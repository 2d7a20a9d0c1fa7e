//! The output folder of `treaty run` (issue 23, point 10): CSV cells a spreadsheet would read
//! as a formula are neutralised.

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
