//! End-to-end tests of the `treaty` binary on temporary folders.

mod common;

use common::*;

#[test]
fn bad_inputs_fail_alone_and_good_ones_are_complete() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::copy(
        corpus("portugal-montenegro-2016-pt-en.txt"),
        inputs.join("good.txt"),
    )
    .unwrap();
    std::fs::write(inputs.join("empty.txt"), b"").unwrap();
    std::fs::write(
        inputs.join("binary.txt"),
        [0u8, 1, 2, 3, 0, 0, 255, 254, 0, 7].repeat(50),
    )
    .unwrap();
    let output = treaty(&["run", "in", "--out", "out", "--quiet"], dir.path());
    assert_eq!(
        output.status.code(),
        Some(1),
        "stderr: {}",
        text(&output.stderr)
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("empty.txt") && stderr.contains("empty"),
        "{stderr}"
    );
    assert!(
        stderr.contains("binary.txt") && stderr.contains("binary"),
        "{stderr}"
    );

    let out = dir.path().join("out");
    let failures = std::fs::read_to_string(out.join("failures.jsonl")).unwrap();
    assert_eq!(failures.lines().count(), 2, "{failures}");
    assert!(!out.join("empty.json").exists());
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("good.json")).unwrap()).unwrap();
    assert_eq!(report["doc"], "good");
    let versions = report["treaties"][0]["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 2, "Portuguese and English versions");
    assert!(versions
        .iter()
        .all(|v| v["articles"].as_array().unwrap().len() >= 25));
    let rates = std::fs::read_to_string(out.join("rates.csv")).unwrap();
    assert!(rates.starts_with(
        "doc,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote,"
    ));
    assert!(
        rates
            .lines()
            .any(|l| l.starts_with("good,en,dividends,10,2,b,rate,10,percent,")),
        "{rates}"
    );
    let articles = std::fs::read_to_string(out.join("articles.csv")).unwrap();
    assert!(articles.lines().count() > 50);
    assert_eq!(
        std::fs::read_to_string(out.join("rates.jsonl"))
            .unwrap()
            .lines()
            .count(),
        rates.lines().count() - 1
    );
}

#[test]
fn spans_point_back_to_the_original_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let output = treaty(
        &[
            "run",
            corpus("canada-denmark-1997-en-web.txt").to_str().unwrap(),
            "--out",
            "out",
            "-q",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let original = std::fs::read(corpus("canada-denmark-1997-en-web.txt")).unwrap();
    let jsonl = std::fs::read_to_string(dir.path().join("out/rates.jsonl")).unwrap();
    let mut checked = 0;
    for line in jsonl.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let (start, end) = (
            row["start"].as_u64().unwrap() as usize,
            row["end"].as_u64().unwrap() as usize,
        );
        let quoted = String::from_utf8_lossy(&original[start..end]).to_string();
        if row["value"] != 0 {
            let value = &row["value"].to_string();
            assert!(
                quoted.to_lowercase().contains(value) || quoted.chars().any(|c| c.is_alphabetic()),
                "row {line} spans {quoted:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 10);
}

#[test]
fn datasets_are_identical_across_runs_and_job_counts() {
    let dir = tempfile::tempdir().unwrap();
    let corpus_dir = workspace_root().join("corpus");
    let corpus_dir = corpus_dir.to_str().unwrap();
    for (out, jobs) in [("one", "1"), ("two", "2"), ("again", "2")] {
        let output = treaty(
            &["run", corpus_dir, "--out", out, "--jobs", jobs, "-q"],
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    for file in [
        "rates.csv",
        "rates.jsonl",
        "articles.csv",
        "treaties.csv",
        "treaties.jsonl",
        "japan-denmark-2017-ja-pdf.json",
    ] {
        let one = std::fs::read(dir.path().join("one").join(file)).unwrap();
        assert!(!one.is_empty());
        assert_eq!(
            one,
            std::fs::read(dir.path().join("two").join(file)).unwrap(),
            "{file} differs between --jobs 1 and 2"
        );
        assert_eq!(
            one,
            std::fs::read(dir.path().join("again").join(file)).unwrap(),
            "{file} differs between runs"
        );
    }
}

#[test]
fn corpus_output_validates_against_the_committed_json_schema() {
    let root = workspace_root();
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("schema/document.schema.json")).unwrap(),
    )
    .unwrap();
    let printed = treaty(&["schema"], &root);
    let generated: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(committed, generated, "schema/document.schema.json is stale: regenerate it with `treaty schema > schema/document.schema.json`");
    let validator = jsonschema::validator_for(&committed).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let output = treaty(
        &[
            "run",
            root.join("corpus").to_str().unwrap(),
            "--out",
            "out",
            "-q",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    let mut validated = 0;
    for entry in std::fs::read_dir(dir.path().join("out")).unwrap() {
        let path = entry.unwrap().path();
        // Every JSON file but the run's manifest is a document.
        if path.extension().is_some_and(|e| e == "json")
            && path.file_name().is_some_and(|name| name != "run.json")
        {
            let document: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&document)
                .map(|e| e.to_string())
                .take(3)
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            validated += 1;
        }
    }
    // Every corpus text, seeds and real treaties in sub-folders alike.
    fn count_texts(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .map(|path| {
                if path.is_dir() {
                    count_texts(&path)
                } else {
                    let document = path
                        .extension()
                        .is_some_and(|e| e == "txt" || e == "md" || e == "pdf");
                    let readme = path
                        .file_stem()
                        .is_some_and(|s| s.eq_ignore_ascii_case("readme"));
                    usize::from(document && !readme)
                }
            })
            .sum()
    }
    let expected = count_texts(&root.join("corpus"));
    assert!(expected >= 55, "the corpus has its 55 texts");
    assert_eq!(validated, expected);

    // One treaties.jsonl line per treaty, each valid against its committed schema, and the
    // CSV with the same rows under its header.
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("schema/treaty-row.schema.json")).unwrap(),
    )
    .unwrap();
    let generated: serde_json::Value =
        serde_json::from_slice(&treaty(&["schema", "--treaties"], &root).stdout).unwrap();
    assert_eq!(committed, generated, "schema/treaty-row.schema.json is stale: regenerate it with `treaty schema --treaties > schema/treaty-row.schema.json`");
    let validator = jsonschema::validator_for(&committed).unwrap();
    let lines = std::fs::read_to_string(dir.path().join("out/treaties.jsonl")).unwrap();
    let mut treaties = 0;
    for line in lines.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(validator.is_valid(&row), "{line}");
        treaties += 1;
    }
    assert!(
        treaties >= expected,
        "every document has at least one treaty row"
    );
    let csv_rows = std::fs::read_to_string(dir.path().join("out/treaties.csv")).unwrap();
    assert_eq!(csv_rows.lines().count(), treaties + 1);
    assert!(csv_rows.starts_with("doc,treaty,instrument,party1_alpha2,party1_alpha3,"));
}

#[test]
fn check_compares_parties_and_dates_with_the_treaty_fixtures() {
    let root = workspace_root();
    let output = treaty(
        &["check", "corpus/en", "--quiet", "--min-identity", "1"],
        &root,
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("treaty identity: parties 10/10, instrument 10/10, signed 10/10"),
        "{stderr}"
    );
    // The Netherlands' database states one date of entry into force, in Dutch: not read.
    assert!(stderr.contains("in_force 9/10"), "{stderr}");
    assert_eq!(
        output.status.code(),
        Some(1),
        "agreement below 1 fails the gate"
    );
}

#[test]
fn stage_commands_show_each_stage() {
    let root = workspace_root();
    let file = corpus("japan-denmark-2017-ja-pdf.txt");
    let file = file.to_str().unwrap();
    let normalized = treaty(&["normalize", file], &root);
    assert!(text(&normalized.stdout).contains("第十条配当1"));
    assert!(!text(&normalized.stdout).contains("Transcription"));
    let outline = text(&treaty(&["segment", file], &root).stdout);
    assert!(
        outline.contains("dividends") && outline.contains("配当"),
        "{outline}"
    );
    let rows = text(&treaty(&["extract", file, "--json"], &root).stdout);
    let rows: serde_json::Value = serde_json::from_str(&rows).unwrap();
    assert!(rows
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["topic"] == "dividends" && r["value"] == 15 && r["kind"] == "rate"));
    let usage = treaty(&["run", "--no-such-flag"], &root);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn a_negative_number_of_jobs_is_told_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    for command in [
        &["run", "--jobs", "-1"][..],
        &["report", "--jobs", "-1"][..],
    ] {
        let output = treaty(command, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("give 0 (one per core, the default) or a whole number above 0"),
            "{stderr}"
        );
        assert!(
            !stderr.contains("-- -1"),
            "clap's tip does not apply here: {stderr}"
        );
    }
}
