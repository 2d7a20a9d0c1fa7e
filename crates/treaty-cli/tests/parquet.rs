//! `--format parquet`: rates.parquet, articles.parquet and treaties.parquet hold the rows of the
//! CSV files, in their order, typed as the JSON Schema types the rows' fields; DuckDB reads them
//! (installed by tools/test.sh); the bytes are the same for any number of threads and for
//! shards merged; a later run without the option leaves no Parquet file of the earlier one.

mod common;

use std::path::Path;
use std::process::Command;

use common::{text, treaty, workspace_root};

const PARQUET: [&str; 3] = ["rates", "articles", "treaties"];

fn run_ok(args: &[&str], dir: &Path) {
    let output = treaty(args, dir);
    assert!(
        output.status.success(),
        "treaty {args:?}: {}",
        text(&output.stderr)
    );
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Inputs of two publishers and a protocol beside the convention it amends (so a merge must
/// process the protocol again when they fall in different shards).
fn inputs(dir: &Path) -> Vec<String> {
    let linked = workspace_root().join("crates/treaty-pipeline/tests/data/linked");
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    for (from, to) in [
        ("norway-chile-2010-protocol.txt", "a-protocol.txt"),
        ("norway-chile-2001-convention.txt", "b-convention.txt"),
    ] {
        std::fs::copy(linked.join(from), inputs.join(to)).unwrap();
    }
    let corpus = workspace_root().join("corpus");
    vec![
        corpus.join("en").to_str().unwrap().to_string(),
        corpus.join("md").to_str().unwrap().to_string(),
        "in".to_string(),
    ]
}

/// DuckDB reads each Parquet file, and every cell equals the CSV file's cell of the same row
/// and column (a list joined by `;`, a missing value empty, a real number within the CSV's two
/// decimals); the column types are the documented ones.
const DUCKDB_CHECK: &str = r#"
import csv, sys
import duckdb
out = sys.argv[1]
expected_types = {
    "rates": {"value": "DOUBLE", "start": "BIGINT", "confidence": "DOUBLE",
              "modifies": "VARCHAR[]", "page": "BIGINT", "ocr_confidence": "DOUBLE",
              "treaty": "BIGINT"},
    "articles": {"inferred": "BOOLEAN", "paragraphs": "BIGINT", "end": "BIGINT",
                 "title": "VARCHAR"},
    "treaties": {"doc": "VARCHAR"},
}
for table, types in expected_types.items():
    relation = duckdb.read_parquet(f"{out}/{table}.parquet")
    with open(f"{out}/{table}.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, rows = rows[0], rows[1:]
    assert relation.columns == header, (table, relation.columns, header)
    got = dict(zip(relation.columns, map(str, relation.types)))
    for column, expected in types.items():
        assert got[column] == expected, (table, column, got[column], expected)
    values = relation.fetchall()
    assert len(values) == len(rows) > 0, (table, len(values), len(rows))
    for number, (row, cells) in enumerate(zip(values, rows)):
        for column, value, cell in zip(header, row, cells):
            if value is None:
                ok = cell == ""
            elif isinstance(value, bool):
                ok = cell == str(value).lower()
            elif isinstance(value, float):
                ok = abs(value - float(cell)) <= 0.005
            elif isinstance(value, list):
                ok = cell == ";".join(value)
            else:
                ok = cell == str(value)
            assert ok, (table, number, column, value, cell)
print("checked", sum(1 for _ in expected_types))
"#;

#[test]
fn parquet_datasets_hold_the_csv_rows_typed_and_merge_byte_identically() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let inputs = inputs(dir);
    let run = |out: &str, extra: &[&str]| {
        let mut args = vec!["run"];
        args.extend(inputs.iter().map(String::as_str));
        args.extend(["--out", out, "-q", "--format", "parquet", "--csv-raw"]);
        args.extend(extra);
        run_ok(&args, dir);
    };
    run("whole", &["--jobs", "2"]);
    for table in PARQUET {
        let bytes = read(&dir.join(format!("whole/{table}.parquet")));
        assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
    }
    let manifest: serde_json::Value =
        serde_json::from_slice(&read(&dir.join("whole/run.json"))).unwrap();
    assert_eq!(manifest["settings"]["parquet"], true);

    // DuckDB reads them as the CSV files' rows.
    let python = Command::new("python3")
        .args(["-c", DUCKDB_CHECK, dir.join("whole").to_str().unwrap()])
        .output()
        .expect("python3 runs");
    assert!(
        python.status.success(),
        "DuckDB could not read the Parquet datasets as the CSV rows (is the duckdb Python \
         package installed? tools/test.sh installs it):\n{}",
        text(&python.stderr)
    );

    // One thread, and three shards merged: the same bytes.
    run("one-thread", &["--jobs", "1"]);
    for k in 1..=3 {
        run(&format!("shard-{k}"), &["--shard", &format!("{k}/3")]);
    }
    run_ok(
        &[
            "merge", "shard-3", "shard-1", "shard-2", "--out", "merged", "--quiet",
        ],
        dir,
    );
    for other in ["one-thread", "merged"] {
        for name in PARQUET
            .iter()
            .map(|table| format!("{table}.parquet"))
            .chain(["rates.csv".to_string(), "treaties.jsonl".to_string()])
        {
            assert!(
                read(&dir.join("whole").join(&name)) == read(&dir.join(other).join(&name)),
                "{other}/{name} differs from the whole run's"
            );
        }
    }

    // A run into the same folder without --format parquet leaves no Parquet file behind.
    let mut args = vec!["run"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend(["--out", "whole", "-q"]);
    run_ok(&args, dir);
    for table in PARQUET {
        let path = dir.join(format!("whole/{table}.parquet"));
        assert!(
            !path.exists(),
            "{} is left from the earlier run",
            path.display()
        );
    }
}
