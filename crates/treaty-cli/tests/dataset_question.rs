//! The question a data user asks of the datasets ("which treaties have a dividend rate of 5 %
//! or less for a substantial holding?") is one filter in DuckDB, over `treaties.csv` and over
//! `treaties.jsonl`: the numbers are typed as numbers, what a treaty does not state is `null`,
//! the holding is a number and a basis, and each `_row` column is the `row_id` of a row of
//! `rates.*` (a plain join). The answer is checked against the headline fixtures, which were
//! written by reading the clauses.

mod common;

use std::process::Command;

use common::{text, treaty, workspace_root};

const QUESTION: &str = r#"
import csv, json, os, sys
import duckdb
out, fixtures = sys.argv[1], sys.argv[2]

# The answer the fixtures give: documents whose substantial-holding dividend rate is <= 5.
docs = sorted({row[0] for row in csv.reader(open(f"{out}/treaties.csv", encoding="utf-8"))} - {"doc"})
expected = set()
read = 0
for doc in docs:
    path = f"{fixtures}/{doc}/headline.csv"
    if not os.path.exists(path):
        continue
    read += 1
    for row in csv.DictReader(open(path, encoding="utf-8")):
        if row["field"] == "dividends_substantial" and row["value"] and float(row["value"]) <= 5:
            expected.add(doc)
assert read >= 10, ("too few documents with headline fixtures", read)
assert 0 < len(expected) < read, ("the question does not tell documents apart", expected)

# One filter, over the CSV and over the JSONL.
for reader in ("read_csv", "read_json"):
    table = f"{reader}('{out}/treaties.{'csv' if reader == 'read_csv' else 'jsonl'}')"
    got = {doc for (doc,) in duckdb.sql(
        f"SELECT DISTINCT doc FROM {table} WHERE dividends_substantial_rate <= 5").fetchall()}
    assert got == expected, (reader, sorted(got ^ expected))
    types = dict(zip(*[duckdb.sql(f"SELECT * FROM {table}").columns,
                       map(str, duckdb.sql(f"SELECT * FROM {table}").types)]))
    for column in ("dividends_substantial_rate", "dividends_substantial_min_holding_pct",
                   "interest_general_rate", "pe_construction_value", "employment_days"):
        assert types[column] in ("BIGINT", "DOUBLE", "DECIMAL(18,3)"), (reader, column, types[column])

# In the JSONL, a missing value is null, never "".
for line in open(f"{out}/treaties.jsonl", encoding="utf-8"):
    row = json.loads(line)
    empty = [key for key, value in row.items() if value == ""]
    assert not empty, (row["doc"], empty)
    holding = row["dividends_substantial_min_holding_pct"]
    assert holding is None or isinstance(holding, (int, float)), (row["doc"], holding)

# Each `_row` names one row of rates by its row_id, unique in the run, with the same value.
rates = f"read_json('{out}/rates.jsonl')"
(rows, ids) = duckdb.sql(f"SELECT count(*), count(DISTINCT row_id) FROM {rates}").fetchone()
assert rows == ids > 0, (rows, ids)
assert str(duckdb.sql(f"SELECT value FROM {rates}").types[0]) in ("BIGINT", "DOUBLE")
joined = duckdb.sql(f"""
    SELECT t.doc, t.dividends_substantial_rate, r.value, r.topic
    FROM read_csv('{out}/treaties.csv') t
    JOIN read_csv('{out}/rates.csv') r ON r.row_id = t.dividends_substantial_row
""").fetchall()
with_rate = duckdb.sql(f"""SELECT count(*) FROM read_csv('{out}/treaties.csv')
    WHERE dividends_substantial_rate IS NOT NULL""").fetchone()[0]
assert len(joined) == with_rate > 0, (len(joined), with_rate)
for doc, rate, value, topic in joined:
    assert float(rate) == float(value) and topic == "dividends", (doc, rate, value, topic)
print("answered", len(expected), "of", read)
"#;

#[test]
fn the_substantial_holding_question_is_one_filter_over_the_treaties_dataset() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = workspace_root().join("corpus");
    let out = dir.path().join("out");
    let output = treaty(
        &[
            "run",
            corpus.join("en").to_str().unwrap(),
            corpus.join("md").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let python = Command::new("python3")
        .args([
            "-c",
            QUESTION,
            out.to_str().unwrap(),
            workspace_root().join("fixtures").to_str().unwrap(),
        ])
        .output()
        .expect("python3 runs");
    assert!(
        python.status.success(),
        "DuckDB did not answer the question as the fixtures do (is the duckdb Python package \
         installed? tools/test.sh installs it):\n{}{}",
        text(&python.stdout),
        text(&python.stderr)
    );
}
