//! Robustness of `treaty run` at batch scale: bad inputs fail alone and are named, a huge
//! one-line input completes, and a run killed at any point resumes to the same datasets.

mod common;

use common::*;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use treaty_testing::{corpus_dir, generate_scale_corpus, one_line_text, ScaleConfig, SplitMix64};

/// The datasets of an output folder, which must match byte for byte between runs.
const DATASETS: [&str; 4] = ["rates.csv", "rates.jsonl", "articles.csv", "failures.jsonl"];

fn read_json(path: &Path) -> serde_json::Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a dataset that belong to one document, in order.
fn lines_of_doc(dataset: &str, doc: &str) -> Vec<String> {
    let csv_prefix = format!("{doc},");
    let json_prefix = format!("{{\"doc\":\"{doc}\",");
    dataset
        .lines()
        .filter(|line| line.starts_with(&csv_prefix) || line.starts_with(&json_prefix))
        .map(str::to_owned)
        .collect()
}

/// The record of `failures.jsonl` for a document.
fn failure_of(failures: &[serde_json::Value], doc: &str) -> serde_json::Value {
    let matching: Vec<&serde_json::Value> = failures.iter().filter(|f| f["doc"] == doc).collect();
    assert_eq!(
        matching.len(),
        1,
        "one failure record for {doc}: {failures:#?}"
    );
    matching[0].clone()
}

/// The stderr line that names `name`.
fn stderr_line<'a>(stderr: &'a str, name: &str) -> &'a str {
    stderr
        .lines()
        .find(|line| line.contains(name))
        .unwrap_or_else(|| panic!("no line of stderr names {name}:\n{stderr}"))
}

/// A chapter of a novel: English prose, but no treaty.
const NOVEL: &str = "Chapter One

The rain had not stopped for three days when Margaret finally opened the letter. It lay on the kitchen table where her brother had left it, propped against the sugar bowl, its envelope softened by the damp that crept into everything in the old house by the harbour.

She read it standing up, still in her coat. Her aunt, it said, had died in the spring, and the cottage at Fenwick Cross was hers if she wanted it. There were conditions, of course; with Aunt Harriet there had always been conditions. The garden was to be kept as it was. The piano was not to be sold. And the blue room at the top of the stairs was to remain locked.

\"You'll go, then,\" said Thomas from the doorway. He had a way of appearing without a sound, as if the house itself had produced him.

\"I don't know,\" she said, though she did. She had known from the first line. She folded the letter twice and put it in her pocket, and for the rest of the evening she could feel it there, a small warm weight against her side, like a hand.

They ate supper in silence. Outside, the boats knocked against the quay and the gulls complained to one another about the weather. When the plates were cleared Thomas took down the old map from above the dresser and spread it on the table, weighting the corners with the salt cellar, the teapot and two of their mother's brass candlesticks.

\"Here,\" he said, and put his finger on a place where the roads thinned out into nothing. \"Fenwick Cross. Nobody goes there any more. Nobody has gone there for years.\"

Margaret looked at the map for a long time. Then she went upstairs and began, very slowly, to pack.
";

/// German prose: a language the tool does not support.
const GERMAN: &str = "Der Nebel lag noch über den Wiesen, als der alte Bauer das Tor zum Hof öffnete. Die Kühe standen schon ungeduldig im Stall, und aus dem Haus hörte man das Klappern der Töpfe, weil seine Frau wie jeden Morgen das Frühstück vorbereitete.

Er dachte an seinen Sohn, der vor zwei Jahren in die Stadt gezogen war, um dort zu studieren. Seitdem kamen nur selten Briefe, und wenn, dann waren sie kurz und sprachen von Prüfungen, von Freunden und von einer jungen Frau, deren Namen der Vater immer wieder vergaß.

Am Nachmittag zog ein Gewitter auf. Die Schwalben flogen tief über das Feld, und der Wind trug den Geruch von Regen heran, lange bevor der erste Tropfen fiel. Der Bauer brachte das Heu in die Scheune, so schnell er konnte, und als er endlich fertig war, setzte er sich auf die Bank vor dem Haus und sah zu, wie der Himmel dunkel wurde.

Seine Frau brachte ihm einen Becher Kaffee und setzte sich neben ihn. Eine Weile sagten beide nichts. Dann fragte sie, ob er nicht doch einmal in die Stadt fahren wolle, nur für ein Wochenende, um zu sehen, wie es dem Jungen gehe.
";

/// A clean treaty article, small enough to be obviously fine when it can be read.
const ROYALTIES_ARTICLE: &str = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n";

/// The one-line input is exactly the `--max-bytes` limit (accepted); the oversized one is a
/// byte more (refused).
const LIMIT: usize = 50_000_000;

#[test]
fn bad_inputs_are_named_in_failures_and_the_good_document_is_complete() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::copy(
        corpus_dir().join("portugal-montenegro-2016-pt-en.txt"),
        inputs.join("good.txt"),
    )
    .unwrap();
    std::fs::write(inputs.join("empty.txt"), b"").unwrap();
    let mut rng = SplitMix64::new(17);
    let binary: Vec<u8> = (0..4096).map(|_| rng.below(256) as u8).collect();
    std::fs::write(inputs.join("binary.txt"), binary).unwrap();
    // The Japanese text cut after the first byte of a three-byte character near its middle.
    let japanese = std::fs::read(corpus_dir().join("japan-denmark-2017-ja-pdf.txt")).unwrap();
    let mut cut = japanese.len() / 2;
    while japanese[cut] < 0xE0 {
        cut += 1;
    }
    let truncated = &japanese[..cut + 1];
    assert!(std::str::from_utf8(truncated).is_err());
    std::fs::write(inputs.join("truncated.txt"), truncated).unwrap();
    let line = one_line_text(LIMIT).unwrap();
    std::fs::write(inputs.join("one-line.txt"), &line).unwrap();
    std::fs::write(inputs.join("oversized.txt"), line + "\n").unwrap();
    std::fs::create_dir(inputs.join("loop")).unwrap();
    std::os::unix::fs::symlink("..", inputs.join("loop/up")).unwrap();
    std::os::unix::fs::symlink("self-loop.txt", inputs.join("self-loop.txt")).unwrap();
    std::os::unix::fs::symlink("missing.txt", inputs.join("dangling.txt")).unwrap();
    let locked = inputs.join("locked.txt");
    std::fs::write(&locked, ROYALTIES_ARTICLE).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads files whatever their mode, so the locked file is only unreadable for others.
    let locked_is_readable = std::fs::read(&locked).is_ok();
    std::fs::write(inputs.join("novel.txt"), NOVEL).unwrap();
    std::fs::write(inputs.join("german.txt"), GERMAN).unwrap();

    let limit = LIMIT.to_string();
    // No time limit: the 50 MB one-line document is read in full (the test builds are not
    // optimized, and take longer over it than the default limit allows a release build).
    let output = treaty(
        &[
            "run",
            "in",
            "--out",
            "out",
            "--max-bytes",
            &limit,
            "--time-limit",
            "0",
        ],
        dir.path(),
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    // Eleven inputs: the folder loop adds nothing (and no "another input is also named").
    assert!(stderr.contains("11 documents (0 resumed)"), "{stderr}");
    assert!(!stderr.contains("also named"), "{stderr}");
    assert!(!stderr.contains("loop/"), "{stderr}");

    let out = dir.path().join("out");
    let failures: Vec<serde_json::Value> = std::fs::read_to_string(out.join("failures.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut expected_failures = vec![
        ("empty", "error", "the input is empty"),
        ("binary", "error", "the input looks binary, not text"),
        (
            "oversized",
            "error",
            "over the limit of 50000000 bytes (--max-bytes)",
        ),
        ("self-loop", "error", "Too many levels of symbolic links"),
        ("dangling", "error", "No such file or directory"),
    ];
    if !locked_is_readable {
        expected_failures.push(("locked", "error", "Permission denied"));
    }
    for (doc, severity, reason) in &expected_failures {
        let failure = failure_of(&failures, doc);
        assert_eq!(failure["severity"], *severity, "{failure}");
        assert_eq!(failure["path"], format!("in/{doc}.txt"), "{failure}");
        let error = failure["error"].as_str().unwrap();
        assert!(error.contains(reason), "{doc}: {error}");
        let line = stderr_line(&stderr, &format!("in/{doc}.txt"));
        assert!(line.contains(reason), "{line}");
        assert!(!out.join(format!("{doc}.json")).exists(), "{doc}");
    }
    for (doc, reason) in [
        ("novel", "no treaty articles were found in the text"),
        (
            "german",
            "the text is not in a supported language (Portuguese, English, Japanese or Spanish)",
        ),
    ] {
        let failure = failure_of(&failures, doc);
        assert_eq!(failure["severity"], "warning", "{failure}");
        assert_eq!(failure["path"], format!("in/{doc}.txt"), "{failure}");
        assert!(
            failure["error"].as_str().unwrap().contains(reason),
            "{failure}"
        );
        let line = stderr_line(&stderr, &format!("treaty: in/{doc}.txt: "));
        assert!(line.contains(reason), "{line}");
        // The document was processed; the JSON says what was (not) found.
        assert_eq!(read_json(&out.join(format!("{doc}.json")))["doc"], doc);
    }
    assert_eq!(failures.len(), expected_failures.len() + 2, "{failures:#?}");

    if locked_is_readable {
        let report = read_json(&out.join("locked.json"));
        assert_eq!(report["rows"][0]["value"], 10, "{report}");
    }

    // The one-line document completes: processed in full, not refused and not cut.
    let one_line = read_json(&out.join("one-line.json"));
    assert_eq!(one_line["bytes"], LIMIT);
    assert!(!one_line["rows"].as_array().unwrap().is_empty());

    // The truncated document is decoded and processed, not refused: its rows are rows of the
    // whole Japanese text.
    let reference_dir = dir.path().join("reference");
    std::fs::create_dir(&reference_dir).unwrap();
    std::fs::copy(inputs.join("good.txt"), reference_dir.join("good.txt")).unwrap();
    std::fs::write(reference_dir.join("whole-japanese.txt"), &japanese).unwrap();
    let reference = treaty(
        &["run", "reference", "--out", "reference-out", "-q"],
        dir.path(),
    );
    assert_eq!(
        reference.status.code(),
        Some(0),
        "{}",
        text(&reference.stderr)
    );
    let reference_out = dir.path().join("reference-out");
    let identity = |row: &serde_json::Value| {
        [
            "lang",
            "topic",
            "article",
            "paragraph",
            "kind",
            "value",
            "unit",
        ]
        .map(|key| row[key].to_string())
    };
    let whole_rows: Vec<_> = read_json(&reference_out.join("whole-japanese.json"))["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(identity)
        .collect();
    let truncated_report = read_json(&out.join("truncated.json"));
    let truncated_rows = truncated_report["rows"].as_array().unwrap();
    assert!(truncated_rows.len() >= 10, "{truncated_report}");
    for row in truncated_rows {
        assert!(whole_rows.contains(&identity(row)), "{row}");
        assert!(
            row["end"].as_u64().unwrap() <= truncated.len() as u64,
            "{row}"
        );
    }
    // A UTF-8 file whose last character is cut stays UTF-8, and spans stay exact: the text
    // at a row's span is the number as printed.
    assert_eq!(truncated_report["encoding"], "UTF-8");
    for row in truncated_rows.iter().filter(|r| r["value"] != 0) {
        let (start, end) = (
            row["start"].as_u64().unwrap() as usize,
            row["end"].as_u64().unwrap() as usize,
        );
        let printed = String::from_utf8_lossy(&truncated[start..end]).into_owned();
        assert!(
            printed.chars().count() <= 12 && !printed.contains(' '),
            "row {row} spans {printed:?}"
        );
    }

    // The good document is complete: the same JSON and dataset rows as when run alone.
    assert_eq!(
        std::fs::read(out.join("good.json")).unwrap(),
        std::fs::read(reference_out.join("good.json")).unwrap()
    );
    for dataset in ["rates.csv", "rates.jsonl", "articles.csv"] {
        let batch = std::fs::read_to_string(out.join(dataset)).unwrap();
        let alone = std::fs::read_to_string(reference_out.join(dataset)).unwrap();
        let good_lines = lines_of_doc(&batch, "good");
        assert!(good_lines.len() > 30, "{dataset}: {}", good_lines.len());
        assert_eq!(good_lines, lines_of_doc(&alone, "good"), "{dataset}");
    }
    let rates = std::fs::read_to_string(out.join("rates.csv")).unwrap();
    assert!(rates
        .lines()
        .any(|l| l.starts_with("good,en,dividends,10,2,b,rate,10,percent,")));
}

#[test]
fn stale_temporary_files_of_a_killed_run_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // Above any Linux pid_max, so no live process owns it.
    let stale = [".rates.csv.4294967295.tmp", ".good.json.4194305.tmp"];
    let kept = [
        ".rates.csv.tmp",
        ".notes.abc.tmp",
        "rates.csv.12.tmp",
        ".keep",
    ];
    for name in stale.iter().chain(&kept) {
        std::fs::write(out.join(name), b"partial").unwrap();
    }
    let input = corpus_dir().join("canada-denmark-1997-en-web.txt");
    let output = treaty(
        &["run", input.to_str().unwrap(), "--out", "out", "-q"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in stale {
        assert!(!out.join(name).exists(), "{name} was left");
    }
    for name in kept {
        assert!(
            out.join(name).exists(),
            "{name} is not a temporary file of ours"
        );
    }
    assert!(out.join("canada-denmark-1997-en-web.json").exists());
}

/// The seed of the interruption point; `TREATY_INTERRUPTION_SEED=N` tries another.
const INTERRUPTION_SEED: u64 = 0x07EA_71E5;

/// Attempts at killing the run in the middle, each aiming earlier than the last.
const KILL_ATTEMPTS: u32 = 6;

#[test]
fn interrupted_run_resumes_to_identical_datasets() {
    let dir = tempfile::tempdir().unwrap();
    let summary = generate_scale_corpus(
        &dir.path().join("corpus"),
        &ScaleConfig {
            documents: 120,
            min_total_bytes: 4 * 1024 * 1024,
            seed: 20,
        },
    )
    .unwrap();
    assert_eq!(summary.documents.len(), 120);

    // The uninterrupted run: what the datasets must be, and how long a run takes.
    let started = Instant::now();
    let reference = treaty(
        &["run", "corpus", "--jobs", "2", "--out", "reference", "-q"],
        dir.path(),
    );
    let full_run = started.elapsed();
    let reference_code = reference.status.code();
    assert!(
        matches!(reference_code, Some(0 | 1)),
        "{}",
        text(&reference.stderr)
    );
    let reference_dir = dir.path().join("reference");
    let reference_jsons = json_names(&reference_dir);
    assert!(reference_jsons.len() >= 100, "{}", reference_jsons.len());

    let out = dir.path().join("interrupted");
    let seed = std::env::var("TREATY_INTERRUPTION_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(INTERRUPTION_SEED);
    let mut rng = SplitMix64::new(seed);
    let mut interrupted = false;
    for attempt in 0..KILL_ATTEMPTS {
        let _ = std::fs::remove_dir_all(&out);
        let spawned = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
            .args(["run", "corpus", "--jobs", "2", "--out", "interrupted", "-q"])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the first documents to be written, so the resumed run has some to skip,
        // then kill at a seeded point of the rest of the run.
        while json_names(&out).is_empty() && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(2));
        }
        let rest = full_run.saturating_sub(spawned.elapsed());
        let fraction = 0.9 * rng.unit() / f64::from(1 << attempt);
        std::thread::sleep(rest.mul_f64(fraction));
        let finished = child.try_wait().unwrap().is_some();
        child.kill().unwrap();
        child.wait().unwrap();
        // Killed mid-run: some output is still missing (else the kill came too late).
        let missing = DATASETS.iter().any(|name| !out.join(name).exists())
            || json_names(&out).len() < reference_jsons.len();
        if !finished && missing {
            interrupted = true;
            break;
        }
    }
    assert!(
        interrupted,
        "no kill landed mid-run in {KILL_ATTEMPTS} attempts"
    );

    // Whatever is visible is complete: written through a temporary file and a rename.
    let mut n_written = 0;
    let mut n_temporary = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            assert!(name.ends_with(".tmp"), "{name}");
            n_temporary += 1;
            continue;
        }
        if name == "run.json" {
            // The killed run's manifest: still `running`.
            let manifest: serde_json::Value =
                serde_json::from_slice(&std::fs::read(out.join(&name)).unwrap()).unwrap();
            assert_eq!(manifest["status"], "running");
            continue;
        }
        let written = std::fs::read(out.join(&name)).unwrap();
        assert!(
            written == std::fs::read(reference_dir.join(&name)).unwrap(),
            "{name} is incomplete or differs from the uninterrupted run"
        );
        if name.ends_with(".json") {
            serde_json::from_slice::<serde_json::Value>(&written).unwrap();
            n_written += 1;
        } else {
            assert!(DATASETS.contains(&name.as_str()), "{name}");
        }
    }
    assert!(
        n_written > 0 && n_written <= reference_jsons.len(),
        "{n_written}"
    );
    assert!(
        n_temporary > 0,
        "a killed run leaves its temporary dataset files"
    );

    let resumed = treaty(
        &[
            "run",
            "corpus",
            "--jobs",
            "2",
            "--out",
            "interrupted",
            "--resume",
        ],
        dir.path(),
    );
    let stderr = text(&resumed.stderr);
    assert_eq!(resumed.status.code(), reference_code, "{stderr}");
    assert!(
        stderr.contains(&format!("120 documents ({n_written} resumed)")),
        "{stderr}"
    );
    for name in DATASETS {
        assert!(
            std::fs::read(out.join(name)).unwrap()
                == std::fs::read(reference_dir.join(name)).unwrap(),
            "{name} differs after --resume"
        );
    }
    assert_eq!(json_names(&out), reference_jsons);
    let leftovers: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "stale temporary files: {leftovers:?}");
}

/// The per-document JSON files of an output folder, sorted (none if it does not exist).
fn json_names(out: &Path) -> Vec<PathBuf> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(out)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| PathBuf::from(entry.file_name())))
                .filter(|name| {
                    name.extension().is_some_and(|ext| ext == "json")
                        && !name.to_string_lossy().starts_with('.')
                        && name.as_os_str() != "run.json"
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
