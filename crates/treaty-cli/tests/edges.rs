//! The edges of the command line, on the real binary: pipe mode failures, Ctrl-C, reused
//! output folders, `--jobs`, `--quiet`, closed pipes, no input, the `extract` table.

mod common;

use common::*;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use treaty_testing::{generate_scale_corpus, ScaleConfig};

/// Japanese prose that is not a treaty: processed, but with no articles (a warning that makes
/// the document a failure of the batch).
const JAPANESE_PROSE: &str = "今朝は早くから雨が降っていた。駅前の喫茶店で古い友人と会い、夏休みの旅行について長い時間話し合った。\n\n\
友人は北の海辺の町に行きたいと言い、私は山の温泉に行きたいと言った。結局、二人とも譲らなかったので、次の週にもう一度会って決めることにした。\n\n\
帰り道、雨は少し弱くなっていた。本屋に寄って地図を一冊買い、家に帰ってから机の上に広げて、知らない町の名前を一つずつ声に出して読んだ。\n";

/// Runs `treaty ARGS` in `dir` with `input` on standard input.
fn treaty_with_stdin(args: &[&str], dir: &Path, input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn pipe_mode_reports_what_run_records_and_exits_alike() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("prose-ja.txt"), JAPANESE_PROSE).unwrap();
    let run = treaty(&["run", "prose-ja.txt", "--out", "out", "-q"], dir.path());
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let recorded = std::fs::read_to_string(dir.path().join("out/failures.jsonl")).unwrap();
    let record: serde_json::Value = serde_json::from_str(recorded.trim()).unwrap();
    assert_eq!(record["severity"], "warning", "{record}");

    let piped = treaty_with_stdin(&["run", "--stdin"], dir.path(), "prose-ja.txt\n");
    assert_eq!(piped.status.code(), Some(1), "{}", text(&piped.stderr));
    assert_eq!(text(&piped.stdout), "");
    let reported: Vec<serde_json::Value> = text(&piped.stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reported, [record], "pipe mode reports what run records");

    // A JSON line and a path that cannot be read, beside a good document: rows of the good one
    // on stdout, both failures on stderr in input order, exit 1.
    let good = corpus("canada-denmark-1997-en-web.txt");
    let input = format!(
        "{}\n{}\nmissing.txt\n",
        serde_json::json!({"doc": "prose", "text": JAPANESE_PROSE}),
        good.display()
    );
    let piped = treaty_with_stdin(&["run", "--stdin"], dir.path(), &input);
    assert_eq!(piped.status.code(), Some(1));
    let stderr: Vec<serde_json::Value> = text(&piped.stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(stderr.len(), 2, "{stderr:?}");
    assert_eq!(stderr[0]["doc"], "prose");
    assert_eq!(stderr[0]["severity"], "warning");
    assert_eq!(stderr[1]["path"], "missing.txt");
    assert_eq!(stderr[1]["severity"], "error");
    assert!(text(&piped.stdout).lines().count() > 20);

    // Only good documents: rows, nothing on stderr, exit 0.
    let piped = treaty_with_stdin(
        &["run", "--stdin"],
        dir.path(),
        &format!("{}\n", good.display()),
    );
    assert_eq!(piped.status.code(), Some(0));
    assert_eq!(text(&piped.stderr), "");
}

/// A temporary folder with `corpus/` holding a generated corpus of `documents` texts and at
/// least `mib` MiB.
fn scale_corpus(documents: usize, mib: u64, seed: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    generate_scale_corpus(
        &dir.path().join("corpus"),
        &ScaleConfig {
            documents,
            min_total_bytes: mib * 1024 * 1024,
            seed,
        },
    )
    .unwrap();
    dir
}

/// Sends Ctrl-C (SIGINT) to a run and waits for it: its exit status and standard error.
fn interrupt(mut child: std::process::Child) -> (std::process::ExitStatus, String) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap(), stderr)
}

/// Waits until `out` holds a per-document JSON file or the child ends.
fn wait_for_first_json(child: &mut std::process::Child, out: &Path) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        let found = std::fs::read_dir(out).is_ok_and(|entries| {
            entries.flatten().any(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                name.ends_with(".json") && !name.starts_with('.') && name != "run.json"
            })
        });
        if found {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn ctrl_c_says_what_was_finished_and_resume_continues() {
    let dir = scale_corpus(80, 3, 5);
    let reference = treaty(
        &["run", "corpus", "--out", "reference", "--jobs", "2", "-q"],
        dir.path(),
    );
    let reference_code = reference.status.code();
    assert!(matches!(reference_code, Some(0 | 1)));

    let out = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "corpus", "--out", "out", "--jobs", "1", "-q"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_first_json(&mut child, &out);
    let (status, stderr) = interrupt(child);
    assert_eq!(status.code(), Some(130), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("treaty: interrupted after ")
            && last.contains(" of 80 documents (")
            && last.contains("with their JSON in out); the datasets were not written; run the same command with --resume to continue"),
        "{stderr}"
    );
    // Only finished documents' JSON is left, and the run manifest (`interrupted`): no
    // datasets, no temporary files.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(manifest["status"], "interrupted");
    let names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "run.json")
        .collect();
    assert!(!names.is_empty());
    assert!(
        names
            .iter()
            .all(|name| name.ends_with(".json") && !name.starts_with('.')),
        "{names:?}"
    );
    assert!(
        names.len() < 80,
        "the run was stopped early: {}",
        names.len()
    );

    let resumed = treaty(
        &["run", "corpus", "--out", "out", "--jobs", "2", "--resume"],
        dir.path(),
    );
    let resumed_stderr = text(&resumed.stderr);
    assert_eq!(resumed.status.code(), reference_code, "{resumed_stderr}");
    assert!(
        resumed_stderr.contains(&format!("80 documents ({} resumed)", names.len())),
        "{resumed_stderr}"
    );
    for dataset in ["rates.csv", "rates.jsonl", "articles.csv", "failures.jsonl"] {
        assert!(
            std::fs::read(out.join(dataset)).unwrap()
                == std::fs::read(dir.path().join("reference").join(dataset)).unwrap(),
            "{dataset} differs after --resume"
        );
    }
}

#[test]
fn a_rerun_stopped_early_leaves_no_earlier_datasets_beside_its_json() {
    let dir = scale_corpus(40, 2, 7);
    let first = treaty(&["run", "corpus", "--out", "out", "-q"], dir.path());
    assert!(matches!(first.status.code(), Some(0 | 1)));
    let out = dir.path().join("out");
    let earlier_rates = std::fs::read(out.join("rates.csv")).unwrap();

    // The same inputs again, stopped once its first JSON is journalled.
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "corpus", "--out", "out", "--jobs", "1"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let journal = out.join(".treaty-journal.tmp");
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none()
        && Instant::now() < deadline
        && std::fs::metadata(&journal).map_or(true, |meta| meta.len() == 0)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    let (status, stderr) = interrupt(child);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(
        stderr
            .contains("the datasets were not written (the earlier run's are in out/previous-run)"),
        "{stderr}"
    );
    // The earlier datasets are set aside, not left beside JSON they no longer describe.
    for dataset in [
        "rates.csv",
        "rates.jsonl",
        "articles.csv",
        "treaties.csv",
        "warnings.jsonl",
    ] {
        assert!(
            !out.join(dataset).exists(),
            "{dataset} left beside the new JSON"
        );
        assert!(
            out.join("previous-run").join(dataset).is_file(),
            "{dataset} not set aside"
        );
    }
    assert_eq!(
        std::fs::read(out.join("previous-run/rates.csv")).unwrap(),
        earlier_rates
    );

    // Completing the run puts the datasets back in place and removes the earlier ones.
    let resumed = treaty(
        &["run", "corpus", "--out", "out", "--resume", "-q"],
        dir.path(),
    );
    assert_eq!(resumed.status.code(), first.status.code());
    assert_eq!(std::fs::read(out.join("rates.csv")).unwrap(), earlier_rates);
    assert!(!out.join("previous-run").exists());
}

/// The per-document JSON files of an output folder.
fn json_files(out: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json") && name != "run.json")
        .collect();
    names.sort();
    names
}

#[test]
fn a_reused_output_folder_is_refused_without_force_and_cleaned_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let canada = corpus("canada-denmark-1997-en-web.txt");
    let portugal = corpus("portugal-montenegro-2016-pt-en.txt");
    let first = treaty(
        &["run", canada.to_str().unwrap(), "--out", "out", "-q"],
        dir.path(),
    );
    assert_eq!(first.status.code(), Some(0));
    let rates_before = std::fs::read(dir.path().join("out/rates.csv")).unwrap();
    // A file of someone else's in the folder is none of treaty's business.
    std::fs::write(dir.path().join("out/notes.json"), b"{\"mine\": true}").unwrap();

    // The same inputs again: fine, everything is rewritten.
    let again = treaty(
        &["run", canada.to_str().unwrap(), "--out", "out", "-q"],
        dir.path(),
    );
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));

    // Other inputs: refused, nothing touched.
    let refused = treaty(
        &["run", portugal.to_str().unwrap(), "--out", "out"],
        dir.path(),
    );
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("out already holds the JSON of 1 documents that are not inputs of this run (canada-denmark-1997-en-web)")
            && stderr.contains("Use --force to delete their JSON, or another --out folder."),
        "{stderr}"
    );
    assert_eq!(
        json_files(&dir.path().join("out")),
        ["canada-denmark-1997-en-web.json", "notes.json"]
    );
    assert_eq!(
        std::fs::read(dir.path().join("out/rates.csv")).unwrap(),
        rates_before
    );

    // With --force: the other document's JSON goes, and the folder agrees with its datasets.
    let forced = treaty(
        &["run", portugal.to_str().unwrap(), "--out", "out", "--force"],
        dir.path(),
    );
    let stderr = text(&forced.stderr);
    assert_eq!(forced.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("--force: removed from out the JSON of 1 documents that are not inputs of this run (canada-denmark-1997-en-web)"),
        "{stderr}"
    );
    assert_eq!(
        json_files(&dir.path().join("out")),
        ["notes.json", "portugal-montenegro-2016-pt-en.json"]
    );
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(!rates.contains("canada-denmark"));

    // A document of this run that fails now loses the JSON an earlier run made of it.
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::copy(&canada, inputs.join("treaty.txt")).unwrap();
    let good = treaty(&["run", "in", "--out", "out2", "-q"], dir.path());
    assert_eq!(good.status.code(), Some(0));
    assert!(dir.path().join("out2/treaty.json").exists());
    std::fs::write(inputs.join("treaty.txt"), b"").unwrap();
    let failing = treaty(&["run", "in", "--out", "out2", "-q"], dir.path());
    assert_eq!(failing.status.code(), Some(1));
    assert!(!dir.path().join("out2/treaty.json").exists());
}

#[test]
fn jobs_are_capped_and_zero_means_every_core() {
    let dir = tempfile::tempdir().unwrap();
    let input = corpus("canada-denmark-1997-en-web.txt");
    let input = input.to_str().unwrap();
    let many = treaty(
        &["run", input, "--out", "out", "--jobs", "10000", "-q"],
        dir.path(),
    );
    let stderr = text(&many.stderr);
    assert_eq!(many.status.code(), Some(0), "{stderr}");
    let cores = std::thread::available_parallelism().unwrap().get();
    assert_eq!(
        stderr.trim(),
        format!(
            "treaty: --jobs 10000 is more than 4 per core; using {} ({cores} cores)",
            4 * cores
        )
    );
    let zero = treaty(
        &["run", input, "--out", "out0", "--jobs", "0", "-q"],
        dir.path(),
    );
    assert_eq!(zero.status.code(), Some(0));
    assert_eq!(text(&zero.stderr), "");
    assert_eq!(
        std::fs::read(dir.path().join("out/rates.csv")).unwrap(),
        std::fs::read(dir.path().join("out0/rates.csv")).unwrap()
    );
    let help = text(&treaty(&["run", "--help"], dir.path()).stdout);
    assert!(
        help.contains("0 (or leaving it out) means all cores"),
        "{help}"
    );
}

#[test]
fn quiet_silences_per_document_warnings_but_not_errors() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::write(inputs.join("prose-ja.txt"), JAPANESE_PROSE).unwrap();
    std::fs::copy(
        corpus("canada-denmark-1997-en-web.txt"),
        inputs.join("canada.txt"),
    )
    .unwrap();
    let loud = treaty(&["run", "in", "--out", "loud"], dir.path());
    assert_eq!(loud.status.code(), Some(1));
    assert!(
        text(&loud.stderr).contains("treaty: in/prose-ja.txt: "),
        "{}",
        text(&loud.stderr)
    );
    let quiet = treaty(&["run", "in", "--out", "quiet", "-q"], dir.path());
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(text(&quiet.stderr), "");
    let failures = std::fs::read_to_string(dir.path().join("quiet/failures.jsonl")).unwrap();
    assert!(failures.contains("\"doc\":\"prose-ja\""), "{failures}");
    assert!(failures.contains("\"severity\":\"warning\""), "{failures}");

    // Errors are still printed.
    std::fs::write(inputs.join("empty.txt"), b"").unwrap();
    let quiet = treaty(&["run", "in", "--out", "quiet2", "-q"], dir.path());
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(
        text(&quiet.stderr).trim(),
        "treaty: in/empty.txt: the input is empty"
    );
}

/// Runs `treaty ARGS` with standard output read for a few bytes and then closed, as
/// `treaty ARGS | head -c 100` does.
fn treaty_into_closed_pipe(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut head = [0u8; 100];
    stdout.read_exact(&mut head).unwrap();
    // Without a reader the next write fails, once the pipe buffer is full.
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    (output.status.code(), text(&output.stderr))
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    // Far more output than a pipe buffers, so the writes after the reader left fail.
    let portugal = std::fs::read_to_string(corpus("portugal-montenegro-2016-pt-en.txt")).unwrap();
    std::fs::write(dir.path().join("big.txt"), portugal.repeat(8)).unwrap();
    for args in [
        &["segment", "big.txt", "--json"][..],
        &["extract", "big.txt", "--json"],
        &["normalize", "big.txt"],
    ] {
        let (code, stderr) = treaty_into_closed_pipe(args, dir.path());
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[test]
fn run_without_input_outside_the_repository_shows_usage() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["run", "check"] {
        let output = treaty(&[command], dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr
                .contains("no input given, and there is no corpus/ folder here to read by default"),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!("Usage: treaty {command} [OPTIONS] [INPUTS]...")),
            "{stderr}"
        );
        assert!(!stderr.contains("documents"), "{stderr}");
    }
    assert!(!dir.path().join("output").exists(), "nothing was created");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A treaty text whose rows have long topics and long conditions.
const LONG_NAMES: &str = "Article 14\nIndependent Personal Services\n\
1. Income derived by a resident of a Contracting State in respect of professional services or other activities of an independent character shall be taxable only in that State unless he is present in the other Contracting State for a period or periods exceeding in the aggregate 183 days in any twelve-month period.\n\n\
Article 10\nDividends\n\
2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:\n\
(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 25 per cent of the capital of the company paying the dividends;\n\
(b) 15 per cent of the gross amount of the dividends in all other cases.\n";

#[test]
fn the_extract_table_keeps_its_columns_aligned() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("long.txt"), LONG_NAMES).unwrap();
    let file: PathBuf = dir.path().join("long.txt");
    for file in [file, corpus("portugal-montenegro-2016-pt-en.txt")] {
        let file = file.to_str().unwrap();
        let table = text(&treaty(&["extract", file], dir.path()).stdout);
        let rows: Vec<serde_json::Value> =
            serde_json::from_slice(&treaty(&["extract", file, "--json"], dir.path()).stdout)
                .unwrap();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), rows.len() + 1);
        let header = lines[0];
        let columns = [
            ("trty", "treaty"),
            ("lng", "lang"),
            ("topic", "topic"),
            ("art", "article"),
            ("¶", "paragraph"),
            ("sub", "subparagraph"),
            ("kind", "kind"),
            ("value", "value"),
            ("unit", "unit"),
            ("condition", "condition"),
            ("quote", "quote"),
        ];
        // Each value starts in the column of its header, counted in characters.
        let starts: Vec<usize> = columns
            .iter()
            .map(|(name, _)| {
                let byte = header.find(name).unwrap();
                header[..byte].chars().count()
            })
            .collect();
        assert!(starts.windows(2).all(|pair| pair[0] < pair[1]), "{header}");
        let mut long_topic = false;
        for (line, row) in lines[1..].iter().zip(&rows) {
            let chars: Vec<char> = line.chars().collect();
            for ((_, key), &start) in columns.iter().zip(&starts) {
                let value = match &row[key] {
                    serde_json::Value::String(value) => value.clone(),
                    other => other.to_string(),
                };
                let shown: String = chars[start..].iter().take(value.chars().count()).collect();
                if *key == "quote" {
                    let prefix: String = value.chars().take(20).collect();
                    assert!(shown.starts_with(&prefix), "{line}");
                } else {
                    assert_eq!(shown, value, "{key} in {line}");
                    assert!(start == 0 || chars[start - 1] == ' ', "{line}");
                }
            }
            long_topic |= row["topic"].as_str().unwrap().len() > 24;
        }
        if file.ends_with("long.txt") {
            assert!(long_topic, "{table}");
        }
    }
}
