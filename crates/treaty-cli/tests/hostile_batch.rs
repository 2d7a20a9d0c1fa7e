//! Hostile inputs, round 2 (issue 44): names the file system refuses or that are not UTF-8,
//! pipe lines too long to hold and clients that wait for each answer, PDFs in pipe mode,
//! kept texts changed before `--resume`, `--force` into an older folder, and Markdown whose
//! offset maps grew far beyond its size. Every run here has a time limit, so a run that
//! blocks fails the test instead of hanging it.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{corpus, finish, run, start, text};

/// A short English treaty with a dividend rate.
fn treaty_text() -> Vec<u8> {
    std::fs::read(corpus("portugal-montenegro-2016-pt-en.txt")).unwrap()
}

/// A JSON line of pipe input.
fn json_line(doc: &str, text: &[u8]) -> Vec<u8> {
    let mut line = serde_json::to_vec(&serde_json::json!({
        "doc": doc,
        "text": String::from_utf8_lossy(text),
    }))
    .unwrap();
    line.push(b'\n');
    line
}

/// `out/run.json`.
fn manifest(out: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap()
}

/// The documents named in `out/rates.csv`, in order, each once.
fn rate_docs(out: &Path) -> Vec<String> {
    let mut reader = csv::Reader::from_path(out.join("rates.csv")).unwrap();
    let mut docs: Vec<String> = Vec::new();
    for record in reader.records() {
        let doc = record.unwrap()[0].to_string();
        if docs.last() != Some(&doc) {
            docs.push(doc);
        }
    }
    docs
}

#[test]
fn a_255_byte_file_name_gets_a_short_output_name_and_the_batch_and_resume_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    // 255 bytes: its `<doc>.json` would be 256.
    let long = "a".repeat(251);
    std::fs::write(input.join(format!("{long}.txt")), treaty_text()).unwrap();
    std::fs::write(input.join("b.txt"), treaty_text()).unwrap();
    for resume in [false, true] {
        let mut args = vec!["run", "in", "--out", "out", "--jobs", "1"];
        if resume {
            args.push("--resume");
        }
        let finished = run(&args, dir.path());
        assert_eq!(finished.status.code(), Some(0), "{}", finished.stderr);
        let out = dir.path().join("out");
        assert_eq!(rate_docs(&out), [long.clone(), "b".to_string()]);
        // The JSON is under a shortened name and holds the whole one.
        let jsons: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".json") && name != "run.json")
            .collect();
        let short = jsons.iter().find(|name| name.starts_with("aaa")).unwrap();
        assert!(short.len() <= 255 && short.contains('~'), "{jsons:?}");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(short)).unwrap()).unwrap();
        assert_eq!(json["doc"], long.as_str());
        let manifest = manifest(&out);
        assert_eq!(manifest["status"], "complete");
        assert_eq!(manifest["inputs"][0]["doc"], long.as_str());
        let expected = if resume { "resumed" } else { "processed" };
        assert_eq!(manifest["inputs"][0]["outcome"], expected, "{manifest}");
        assert_eq!(manifest["inputs"][1]["outcome"], expected, "{manifest}");
    }
}

#[cfg(unix)]
#[test]
fn a_run_stopped_by_an_unwritable_output_records_the_stop_in_run_json() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("good.txt"), treaty_text()).unwrap();
    // Files cannot grow past 4 KiB (as on a full disk): the JSON cannot be written.
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 4; trap '' XFSZ; exec '{}' run in --out out --jobs 1",
            env!("CARGO_BIN_EXE_treaty")
        ))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    let manifest = manifest(&dir.path().join("out"));
    assert_eq!(manifest["status"], "stopped", "{manifest}");
    assert!(manifest["ended"].is_string(), "{manifest}");
    let error = manifest["error"].as_str().unwrap();
    assert!(error.contains("cannot write out/good.json"), "{error}");
}

/// `text` with the escapes treaty writes in names that are not UTF-8 (`\xNN`, `\\`) read
/// back into bytes.
#[cfg(unix)]
fn unescaped(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match (bytes[at], bytes.get(at + 1)) {
            (b'\\', Some(b'\\')) => {
                out.push(b'\\');
                at += 2;
            }
            (b'\\', Some(b'x')) => {
                out.push(u8::from_str_radix(&text[at + 2..at + 4], 16).unwrap());
                at += 4;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    out
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_are_recorded_apart_and_read_back_to_their_files() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    // Both were recorded as `in/�.txt`: one is a treaty, the other empty (a failure).
    std::fs::write(input.join(OsStr::from_bytes(b"\xff.txt")), treaty_text()).unwrap();
    std::fs::write(input.join(OsStr::from_bytes(b"\xfe.txt")), b"").unwrap();
    let finished = run(&["run", "in", "--out", "out", "--jobs", "1"], dir.path());
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    let out = dir.path().join("out");
    let manifest = manifest(&out);
    let inputs = manifest["inputs"].as_array().unwrap();
    let paths: Vec<&str> = inputs.iter().map(|i| i["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["in/\\xFE.txt", "in/\\xFF.txt"], "{manifest}");
    assert_eq!(inputs[0]["doc"], "\\xFE");
    assert_eq!(inputs[1]["doc"], "\\xFF");
    assert_eq!(inputs[1]["outcome"], "processed");
    assert_eq!(inputs[1]["bytes"], treaty_text().len());
    // Every recorded path reads back to its file.
    for path in &paths {
        let path = dir.path().join(OsStr::from_bytes(&unescaped(path)));
        assert!(path.is_file(), "{}", path.display());
    }
    let failures = std::fs::read_to_string(out.join("failures.jsonl")).unwrap();
    let failure: serde_json::Value =
        serde_json::from_str(failures.lines().next().unwrap()).unwrap();
    assert_eq!(failure["path"], "in/\\xFE.txt", "{failures}");
    assert_eq!(rate_docs(&out), ["\\xFF"]);
    // A file name with a backslash, not a path from the root.
    let json_name = std::ffi::OsString::from("\\xFF.json");
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join(json_name)).unwrap()).unwrap();
    assert_eq!(json["doc"], "\\xFF");
    // The terminal shows the two apart too.
    assert!(
        finished.stderr.contains("in/\\xFE.txt"),
        "{}",
        finished.stderr
    );
}

/// Reads standard output of `child` line by line on a thread of its own.
fn stdout_lines(child: &mut Child) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if lines.send(line).is_err() {
                return;
            }
        }
    });
    received
}

#[test]
fn pipe_mode_answers_a_line_while_standard_input_stays_open() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "--stdin", "--jobs", "1"])
        .current_dir(dir.path())
        .env("TREATY_DICTIONARY_DIR", dir.path().join(".dictionary"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = stdout_lines(&mut child);
    // Standard input stays open: each answer must come without its end.
    let mut answer_to = |doc: &str| -> serde_json::Value {
        stdin.write_all(&json_line(doc, &treaty_text())).unwrap();
        stdin.flush().unwrap();
        loop {
            let Ok(line) = lines.recv_timeout(Duration::from_secs(20)) else {
                panic!("no answer to {doc} while standard input is open");
            };
            let answer: serde_json::Value = serde_json::from_str(&line).unwrap();
            // The rest of an earlier answer comes first.
            if answer["doc"] == doc {
                return answer;
            }
        }
    };
    assert!(answer_to("first")["value"].is_number());
    assert!(answer_to("second")["value"].is_number());
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn a_pipe_line_over_max_bytes_is_answered_as_a_failure_without_being_held() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("first.jsonl"),
        json_line("first", &treaty_text()),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("third.jsonl"),
        json_line("third", &treaty_text()),
    )
    .unwrap();
    // Line 2 is 1 GB of `a`: read whole it needs more memory than the limit allows (it
    // ended the process with "memory allocation ... failed" before a line was answered).
    let script = format!(
        "ulimit -v {VIRTUAL_KIB}; (cat first.jsonl; head -c 1000000000 /dev/zero | tr '\\0' a; \
         echo; cat third.jsonl) | '{}' run --stdin --jobs 1 --max-bytes 1000000",
        env!("CARGO_BIN_EXE_treaty")
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir.path())
        .env("TREATY_DICTIONARY_DIR", dir.path().join(".dictionary"))
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let failures: Vec<serde_json::Value> = stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(failures.len(), 1, "{stderr}");
    assert_eq!(failures[0]["path"], "stdin line 2");
    let error = failures[0]["error"].as_str().unwrap();
    assert!(error.contains("is too long"), "{error}");
    assert!(error.contains("--max-bytes"), "{error}");
    let docs: Vec<String> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["doc"].to_string())
        .collect();
    assert!(
        docs.first().is_some_and(|doc| doc == "\"first\""),
        "{docs:?}"
    );
    assert!(
        docs.last().is_some_and(|doc| doc == "\"third\""),
        "{docs:?}"
    );
}

/// The virtual memory the process is allowed in the test of a long pipe line, in KiB:
/// enough for the binary, its threads and a document, not for a line of 1 GB.
const VIRTUAL_KIB: u64 = 1_500_000;

/// A small PDF with a text layer and a dividend rate (BOM and a line before its header).
fn small_pdf() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf-errors/leading-junk.pdf")
}

#[test]
fn a_pdf_named_in_pipe_mode_is_answered_with_the_text_its_offsets_point_into() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(small_pdf(), dir.path().join("a.pdf")).unwrap();
    let child = start(
        &["run", "--stdin", "--jobs", "1"],
        dir.path(),
        Some(b"a.pdf\n"),
    );
    let finished = finish(child, dir.path(), Duration::from_secs(60));
    assert_eq!(finished.status.code(), Some(0), "{}", finished.stderr);
    let lines: Vec<serde_json::Value> = finished
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let pdf_text = lines[0]["pdf_text"].as_str().expect("the text comes first");
    assert_eq!(lines[0]["doc"], "a");
    assert_eq!(lines[0]["line"], 1);
    assert!(pdf_text.contains("Article 10"), "{pdf_text}");
    let rows = &lines[1..];
    assert!(!rows.is_empty(), "{}", finished.stdout);
    for row in rows {
        let (start, end) = (
            row["start"].as_u64().unwrap() as usize,
            row["end"].as_u64().unwrap() as usize,
        );
        let value = row["value"].to_string();
        if value != "0" {
            assert!(pdf_text[start..end].contains(&value), "{row}");
        }
    }
}

#[test]
fn resume_rewrites_a_kept_pdf_text_that_was_deleted_or_edited() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::copy(small_pdf(), input.join("a.pdf")).unwrap();
    let finished = run(&["run", "in", "--out", "out", "--jobs", "1"], dir.path());
    assert_eq!(finished.status.code(), Some(0), "{}", finished.stderr);
    let kept = dir.path().join("out/text/a.txt");
    let original = std::fs::read_to_string(&kept).unwrap();
    assert!(original.contains("15 per cent"), "{original}");
    let edited = original.replace("15 per cent", "95 per cent");
    for damage in ["delete", "edit"] {
        match damage {
            "delete" => std::fs::remove_file(&kept).unwrap(),
            _ => std::fs::write(&kept, &edited).unwrap(),
        }
        let finished = run(
            &["run", "in", "--out", "out", "--jobs", "1", "--resume"],
            dir.path(),
        );
        assert_eq!(finished.status.code(), Some(0), "{}", finished.stderr);
        assert_eq!(
            manifest(&dir.path().join("out"))["inputs"][0]["outcome"],
            "resumed"
        );
        assert_eq!(
            std::fs::read_to_string(&kept).unwrap(),
            original,
            "{damage}"
        );
    }
}

#[test]
fn force_sets_aside_the_earlier_report_and_kept_texts() {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["in1", "in2"] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::write(dir.path().join(folder).join("b.txt"), treaty_text()).unwrap();
    }
    std::fs::copy(small_pdf(), dir.path().join("in1/a.pdf")).unwrap();
    let first = run(
        &["run", "in1", "--out", "out", "--jobs", "1", "--report"],
        dir.path(),
    );
    assert_eq!(first.status.code(), Some(0), "{}", first.stderr);
    let out = dir.path().join("out");
    assert!(out.join("text/a.txt").is_file());
    assert!(out.join("report/docs/a.html").is_file());

    let second = run(
        &["run", "in2", "--out", "out", "--jobs", "1", "--force"],
        dir.path(),
    );
    assert_eq!(second.status.code(), Some(0), "{}", second.stderr);
    assert!(!out.join("a.json").exists());
    assert!(!out.join("text").exists(), "a.pdf's text stayed");
    assert!(!out.join("report").exists(), "the report of a.pdf stayed");
    assert!(!out.join("previous-run").exists());
    assert_eq!(rate_docs(&out), ["b"]);

    // With --report, the new report has only the new run's documents.
    let third = run(
        &[
            "run", "in1", "--out", "out", "--jobs", "1", "--force", "--report",
        ],
        dir.path(),
    );
    assert_eq!(third.status.code(), Some(0), "{}", third.stderr);
    let fourth = run(
        &[
            "run", "in2", "--out", "out", "--jobs", "1", "--force", "--report",
        ],
        dir.path(),
    );
    assert_eq!(fourth.status.code(), Some(0), "{}", fourth.stderr);
    assert!(out.join("report/docs/b.html").is_file());
    assert!(!out.join("report/docs/a.html").exists());
}
