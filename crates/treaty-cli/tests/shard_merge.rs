//! `treaty run --shard K/N` and `treaty merge`: the shards of a run, merged, are byte for byte
//! what one run over all the inputs writes, a protocol and the convention it amends in
//! different shards included; merge refuses shards that would not give that, naming the
//! folder and the problem. And `--inputs-from`, an explicit list of inputs.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_same_output, text, treaty, workspace_root};

fn linked_data(name: &str) -> PathBuf {
    workspace_root()
        .join("crates/treaty-pipeline/tests/data/linked")
        .join(name)
}

/// Inputs beside the corpus: a protocol and the convention it amends, named so that they
/// sort next to each other (so they fall in different shards for every N above 1), an empty
/// file and a second document of one name (failures), a text that is no treaty (a failure of
/// severity `warning`) and an image (skipped as not text). The corpus has three more such pairs
/// (its US PDFs), and PDFs whose text the run keeps.
fn inputs(dir: &Path) {
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::copy(
        linked_data("norway-chile-2010-protocol.txt"),
        inputs.join("a-protocol.txt"),
    )
    .unwrap();
    std::fs::copy(
        linked_data("norway-chile-2001-convention.txt"),
        inputs.join("b-convention.txt"),
    )
    .unwrap();
    std::fs::write(inputs.join("d-empty.txt"), "").unwrap();
    // Processed, but no treaty: a failure with severity `warning`, rendered from its JSON.
    std::fs::write(
        inputs.join("c-notes.txt"),
        "Notes for the meeting of the committee on Tuesday. The minutes of the last meeting \
         were read and approved, and the members discussed the budget for the coming year.\n",
    )
    .unwrap();
    // A second document named `b-convention`, which fails in whichever shard it falls.
    std::fs::create_dir_all(inputs.join("dup")).unwrap();
    std::fs::copy(
        linked_data("norway-chile-2001-convention.txt"),
        inputs.join("dup/b-convention.txt"),
    )
    .unwrap();
    std::fs::write(inputs.join("x-image.png"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
}

fn run_ok(args: &[&str], dir: &Path) {
    let output = treaty(args, dir);
    // 1: the empty file failed and the image was skipped, as they should.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "treaty {args:?}: {}",
        text(&output.stderr)
    );
}

fn merge_ok(shards: &[&str], out: &str, dir: &Path) {
    let mut args = vec!["merge"];
    args.extend(shards);
    args.extend(["--out", out, "--quiet"]);
    let output = treaty(&args, dir);
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn merged_shards_are_byte_identical_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    inputs(dir);
    let corpus = workspace_root().join("corpus");
    let corpus = corpus.to_str().unwrap();
    run_ok(
        &["run", corpus, "in", "--out", "whole", "-q", "--report"],
        dir,
    );
    let whole_warnings = std::fs::read_to_string(dir.join("whole/warnings.jsonl")).unwrap();
    assert!(
        whole_warnings.contains(r#"{"doc":"a-protocol","code":"amended_treaty_in_batch""#),
        "the whole run links the protocol to its convention: {whole_warnings}"
    );
    assert!(dir.join("whole/text").is_dir() && dir.join("whole/report/index.html").is_file());
    let failures = std::fs::read_to_string(dir.join("whole/failures.jsonl")).unwrap();
    for expected in [
        r#""doc":"c-notes","path":"in/c-notes.txt","severity":"warning""#,
        r#""doc":"d-empty","path":"in/d-empty.txt","severity":"error""#,
        r#""doc":"b-convention","path":"in/dup/b-convention.txt","severity":"error""#,
        r#""doc":"x-image","path":"in/x-image.png","severity":"skipped""#,
    ] {
        assert!(failures.contains(expected), "{expected} not in {failures}");
    }

    // Two shards, their inputs named on the command line.
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let out = format!("half-{k}");
        run_ok(
            &[
                "run", corpus, "in", "--shard", &shard, "--out", &out, "-q", "--report",
            ],
            dir,
        );
    }
    let second_half: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("half-2/run.json")).unwrap()).unwrap();
    assert_eq!(second_half["shard"]["index"], 2);
    assert_eq!(second_half["shard"]["count"], 2);
    // The protocol's shard does not hold its convention: the merge must link them.
    let half_warnings = std::fs::read_to_string(dir.join("half-1/warnings.jsonl")).unwrap();
    assert!(
        !half_warnings.contains(r#"{"doc":"a-protocol","code":"amended_treaty_in_batch""#),
        "{half_warnings}"
    );
    merge_ok(&["half-2", "half-1"], "merged-2", dir);
    assert_same_output(&dir.join("whole"), &dir.join("merged-2"));

    // Three shards of the same inputs given as a list.
    std::fs::write(
        dir.join("list.txt"),
        format!("# every input\n{corpus}\n\nin\n"),
    )
    .unwrap();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let out = format!("third-{k}");
        run_ok(
            &[
                "run",
                "--inputs-from",
                "list.txt",
                "--shard",
                &shard,
                "--out",
                &out,
                "-q",
                "--report",
            ],
            dir,
        );
    }
    merge_ok(&["third-1", "third-2", "third-3"], "merged-3", dir);
    assert_same_output(&dir.join("whole"), &dir.join("merged-3"));
}

/// Two shards of the linked pair, in `dir/s1` and `dir/s2`.
fn small_shards(dir: &Path) {
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::copy(
        linked_data("norway-chile-2010-protocol.txt"),
        inputs.join("a-protocol.txt"),
    )
    .unwrap();
    std::fs::copy(
        linked_data("norway-chile-2001-convention.txt"),
        inputs.join("b-convention.txt"),
    )
    .unwrap();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let out = format!("s{k}");
        run_ok(&["run", "in", "--shard", &shard, "--out", &out, "-q"], dir);
    }
}

/// `treaty merge ARGS --out merged` fails with exit 2 and a message holding every one of
/// `expected`.
fn assert_refused(args: &[&str], expected: &[&str], dir: &Path) {
    let mut all = vec!["merge"];
    all.extend(args);
    all.extend(["--out", "merged"]);
    let output = treaty(&all, dir);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "{args:?}: {part:?} not in {stderr}");
    }
}

/// A copy of the folder `from` as `to`, with its run.json changed by `edit`.
fn edited_copy(dir: &Path, from: &str, to: &str, edit: impl Fn(&mut serde_json::Value)) {
    std::fs::create_dir_all(dir.join(to)).unwrap();
    for entry in std::fs::read_dir(dir.join(from)).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(to).join(path.file_name().unwrap())).unwrap();
        }
    }
    let manifest_path = dir.join(to).join("run.json");
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest_path).unwrap()).unwrap();
    edit(&mut manifest);
    std::fs::write(&manifest_path, serde_json::to_vec(&manifest).unwrap()).unwrap();
}

#[test]
fn merge_refuses_shards_that_would_not_make_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    small_shards(dir);

    assert_refused(&["s1", "nowhere"], &["nowhere", "no such folder"], dir);
    assert_refused(&["s1"], &["shard 2/2", "missing"], dir);
    assert_refused(&["s1", "s1", "s2"], &["s1", "given twice"], dir);

    edited_copy(dir, "s2", "s2-running", |m| m["status"] = "running".into());
    assert_refused(&["s1", "s2-running"], &["s2-running", "not finished"], dir);

    edited_copy(dir, "s2", "s2-other-build", |m| {
        m["rules_fingerprint"] = "another".into()
    });
    assert_refused(
        &["s1", "s2-other-build"],
        &["s2-other-build", "another build"],
        dir,
    );

    edited_copy(dir, "s1", "s1-copy", |_| {});
    assert_refused(
        &["s1", "s1-copy", "s2"],
        &["s1-copy", "a-protocol", "must not overlap"],
        dir,
    );

    let other = treaty(
        &[
            "run",
            "in",
            "--shard",
            "2/2",
            "--out",
            "s2-other-settings",
            "-q",
            "--max-bytes",
            "1000000",
        ],
        dir,
    );
    assert!(other.status.success(), "{}", text(&other.stderr));
    assert_refused(
        &["s1", "s2-other-settings"],
        &["s2-other-settings", "other settings", "--max-bytes 1000000"],
        dir,
    );

    std::fs::write(dir.join("in/c-more.txt"), "Article 1\n").unwrap();
    let more = treaty(
        &["run", "in", "--shard", "2/2", "--out", "s2-more", "-q"],
        dir,
    );
    assert!(more.status.code().is_some(), "{}", text(&more.stderr));
    assert_refused(&["s1", "s2-more"], &["s2-more", "another run"], dir);

    let whole = treaty(&["run", "in", "--out", "whole", "-q"], dir);
    assert!(whole.status.code().is_some(), "{}", text(&whole.stderr));
    assert_refused(&["whole"], &["whole", "--shard K/N"], dir);

    assert!(
        !dir.join("merged/rates.csv").exists(),
        "a refused merge writes no datasets"
    );
}

#[test]
fn bad_shards_are_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "x").unwrap();
    for (shard, expected) in [
        ("0/2", "counted from 1"),
        ("3/2", "only 2 shards"),
        ("1/0", "N is 0"),
        ("two", "K/N"),
        ("1/x", "`x` is not a whole number"),
    ] {
        let output = treaty(&["run", "a.txt", "--shard", shard], dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{shard}: {stderr}");
        assert!(stderr.contains(expected), "{shard}: {stderr}");
    }
}

#[test]
fn inputs_from_reads_a_list_relative_to_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    std::fs::create_dir_all(dir.join("texts")).unwrap();
    std::fs::create_dir_all(dir.join("lists")).unwrap();
    std::fs::copy(
        linked_data("norway-chile-2001-convention.txt"),
        dir.join("texts/convention.txt"),
    )
    .unwrap();
    std::fs::copy(
        linked_data("norway-chile-2010-protocol.txt"),
        dir.join("texts/protocol.txt"),
    )
    .unwrap();
    std::fs::write(
        dir.join("lists/list.txt"),
        "# the convention alone\n\n../texts/convention.txt\n",
    )
    .unwrap();
    let output = treaty(
        &[
            "run",
            "--inputs-from",
            "lists/list.txt",
            "--out",
            "out",
            "-q",
        ],
        dir,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(dir.join("out/convention.json").is_file());
    assert!(!dir.join("out/protocol.json").exists());

    std::fs::write(
        dir.join("lists/list.txt"),
        "../texts/convention.txt\n../texts/missing.txt\n",
    )
    .unwrap();
    let output = treaty(
        &[
            "run",
            "--inputs-from",
            "lists/list.txt",
            "--out",
            "out",
            "-q",
        ],
        dir,
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("lists/list.txt line 2") && stderr.contains("missing.txt"),
        "{stderr}"
    );
}
