//! What a new user hits (issue 25): output folders read as input, a report that replaces a
//! good one with a failure page, treaty text piped to `--stdin`, skipped files that count
//! nowhere, warnings nowhere to be read, missing inputs, word salad mined for rows, a silent
//! dictionary build, and `bless` rewriting hand-written quotes.

mod common;

use common::*;

use std::path::Path;

/// A small English treaty of the corpus.
const ENGLISH: &str = "canada-denmark-1997-en-web.txt";

fn copy_corpus(name: &str, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    std::fs::copy(corpus(name), to.join(name)).unwrap();
}

#[test]
fn the_default_output_folder_inside_the_input_is_never_read_as_input() {
    let dir = tempfile::tempdir().unwrap();
    let mydir = dir.path().join("mydir");
    copy_corpus(ENGLISH, &mydir);
    let first = treaty(&["run", ".", "--report"], &mydir);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let rates = std::fs::read(mydir.join("output/rates.csv")).unwrap();
    assert!(mydir.join("output/report/index.html").is_file());

    let second = treaty(&["run", ".", "--report"], &mydir);
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("treaty: skipped ./output: it is an output folder of `treaty run`"),
        "{stderr}"
    );
    assert!(stderr.starts_with("treaty: skipped ./output"), "{stderr}");
    assert!(stderr.contains("1 documents"), "{stderr}");
    assert_eq!(
        std::fs::read(mydir.join("output/rates.csv")).unwrap(),
        rates,
        "the second run gives the first run's rows"
    );
    assert_eq!(
        std::fs::read_to_string(mydir.join("output/failures.jsonl")).unwrap(),
        ""
    );

    // An output folder elsewhere under the input (another --out) is left out too.
    let other = treaty(&["run", ".", "--out", "elsewhere", "-q"], &mydir);
    assert_eq!(other.status.code(), Some(0), "{}", text(&other.stderr));
    let again = treaty(&["run", ".", "--out", "third", "-q"], &mydir);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(std::fs::read(mydir.join("third/rates.csv")).unwrap(), rates);
}

#[test]
fn report_without_inputs_outside_the_repository_is_a_usage_error_that_keeps_the_report() {
    let dir = tempfile::tempdir().unwrap();
    copy_corpus(ENGLISH, dir.path());
    let run = treaty(&["run", ENGLISH, "--report", "-q"], dir.path());
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let index = dir.path().join("output/report/index.html");
    let good = std::fs::read(&index).unwrap();

    let output = treaty(&["report"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no input given, and there is no corpus/ folder here"),
        "{stderr}"
    );
    assert!(
        stderr.contains("`treaty report INPUT... --out DIR`"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&index).unwrap(), good, "the report is kept");

    // Named, the same input gives the same report.
    let output = treaty(&["report", ENGLISH, "-q"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(std::fs::read(&index).unwrap(), good);
}

#[test]
fn missing_inputs_are_usage_errors_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    copy_corpus(ENGLISH, dir.path());
    for args in [
        &["run", "/no/such/dir"][..],
        &["run", ENGLISH, "no-such.txt"],
        &["report", "/no/such/dir"],
        &["check", "/no/such/dir"],
        &["bless", "/no/such/dir", "--yes"],
    ] {
        let output = treaty(args, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let named = args[1..]
            .iter()
            .find(|arg| arg.contains("no"))
            .unwrap()
            .to_string();
        assert!(
            stderr.contains(&format!("input {named} does not exist")),
            "{args:?}: {stderr}"
        );
        assert!(!dir.path().join("output").exists(), "{args:?}: nothing ran");
    }
}

/// Runs `treaty ARGS` in `dir` with `input` on standard input.
fn treaty_with_stdin(args: &[&str], dir: &Path, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The child may stop reading early; a broken pipe here is its answer, not a failure.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn a_treaty_piped_to_stdin_is_told_the_line_forms_and_empty_input_is_nothing_to_process() {
    let dir = tempfile::tempdir().unwrap();
    let treaty_text = std::fs::read(corpus(ENGLISH)).unwrap();
    let output = treaty_with_stdin(&["run", "--stdin"], dir.path(), &treaty_text);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(text(&output.stdout), "", "no rows, no failure lines");
    assert_eq!(stderr.lines().count(), 1, "said once: {stderr}");
    for expected in [
        "standard input looks like the text of a document",
        "none of its first 5 lines is a JSON line or the path of a file",
        r#"{"doc": NAME, "text": TEXT}"#,
        "treaty run treaty.txt",
        r#"jq -Rsc '{doc: "treaty", text: .}' treaty.txt | treaty run --stdin"#,
    ] {
        assert!(stderr.contains(expected), "{expected}\nnot in:\n{stderr}");
    }

    // The form the message gives works.
    let mut line = serde_json::to_vec(&serde_json::json!({
        "doc": "treaty",
        "text": String::from_utf8_lossy(&treaty_text),
    }))
    .unwrap();
    line.push(b'\n');
    let output = treaty_with_stdin(&["run", "--stdin"], dir.path(), &line);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).lines().count() > 20);

    // Paths that cannot be read are still failures of their own lines, not raw text.
    let output = treaty_with_stdin(&["run", "--stdin"], dir.path(), b"missing.txt\n");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("\"path\":\"missing.txt\""));

    // Empty standard input is nothing to process, as a folder with nothing in it.
    let output = treaty_with_stdin(&["run", "--stdin"], dir.path(), b"");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("nothing to process: standard input is empty"),
        "{stderr}"
    );
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let output = treaty(&["run", "empty"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("nothing to process"));
}

/// The start of a DOCX file (a ZIP archive whose first entries are Word parts).
const DOCX: &[u8] = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\x13\x00[Content_Types].xml\x00\x00PK\x03\x04word/document.xml";

fn failures(out: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(out.join("failures.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn a_skipped_file_counts_in_the_summary_failures_and_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    copy_corpus(ENGLISH, &inputs);
    std::fs::write(inputs.join("japan-denmark.docx"), DOCX).unwrap();
    // Documentation and files of other kinds are not documents: they do not count.
    std::fs::write(inputs.join("README.md"), "# Notes\n").unwrap();
    std::fs::write(inputs.join("list.csv"), "a,b\n").unwrap();

    let output = treaty(&["run", "in", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("treaty: skipped in/japan-denmark.docx: it is a Word document (DOCX)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 documents (0 resumed), ")
            && stderr.contains(", 0 failed, 1 skipped in "),
        "{stderr}"
    );
    let recorded = failures(&dir.path().join("out"));
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    assert_eq!(recorded[0]["doc"], "japan-denmark");
    assert_eq!(recorded[0]["path"], "in/japan-denmark.docx");
    assert_eq!(recorded[0]["severity"], "skipped");
    assert!(recorded[0]["error"]
        .as_str()
        .unwrap()
        .contains("pandoc --wrap=none -t plain in/japan-denmark.docx"));
    // The document itself was processed.
    assert!(dir
        .path()
        .join("out")
        .join("canada-denmark-1997-en-web.json")
        .is_file());

    // --skip-unsupported: still recorded and counted, but the exit status is the documents'.
    let output = treaty(
        &["run", "in", "--out", "out", "--skip-unsupported"],
        dir.path(),
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(", 1 skipped in "), "{stderr}");
    assert_eq!(failures(&dir.path().join("out")), recorded);
}

#[test]
fn the_summary_says_where_the_warnings_are_and_warnings_jsonl_lists_them() {
    const OCR: &str = "brazil-denmark-1974-pt-en-ocr";
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    copy_corpus(&format!("{OCR}.txt"), &inputs);
    copy_corpus(ENGLISH, &inputs);
    let output = treaty(&["run", "in", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");

    // Every warning of every document's JSON is one line, in input order.
    let out = dir.path().join("out");
    let mut expected = Vec::new();
    for doc in [
        "brazil-denmark-1974-pt-en-ocr",
        "canada-denmark-1997-en-web",
    ] {
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(format!("{doc}.json"))).unwrap())
                .unwrap();
        for warning in report["warnings"].as_array().unwrap() {
            expected.push(serde_json::json!({
                "doc": doc,
                "code": warning["code"],
                "message": warning["message"],
                "start": warning.get("start").cloned().unwrap_or(serde_json::Value::Null),
                "end": warning.get("end").cloned().unwrap_or(serde_json::Value::Null),
            }));
        }
    }
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(out.join("warnings.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(!lines.is_empty(), "the OCR text has warnings");
    assert_eq!(lines, expected);

    // The summary counts them and says where they are, by code with their documents.
    assert!(
        stderr.contains(&format!("{} warnings, ", lines.len())),
        "{stderr}"
    );
    let codes: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| l["code"].as_str().unwrap()).collect();
    let summary = stderr
        .lines()
        .find(|line| line.starts_with("warnings: "))
        .unwrap_or_else(|| panic!("no warnings line in {stderr}"));
    for code in codes {
        let count = lines.iter().filter(|l| l["code"] == code).count();
        assert!(
            summary.contains(&format!("{count} {code} ({OCR})")),
            "{code}: {summary}"
        );
    }
    assert!(
        summary.ends_with("; one line each in out/warnings.jsonl"),
        "{summary}"
    );

    // A run without warnings writes the file empty and no such line.
    let output = treaty(
        &["run", &format!("in/{ENGLISH}"), "--out", "clean"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("clean/warnings.jsonl")).unwrap(),
        ""
    );
    assert!(!text(&output.stderr).contains("warnings: "));
}

/// Runs `treaty ARGS` in `dir` with the Japanese dictionary cached in `dictionary`.
fn treaty_with_dictionary(args: &[&str], dir: &Path, dictionary: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .env("TREATY_DICTIONARY_DIR", dictionary)
        .output()
        .unwrap()
}

#[test]
fn the_first_japanese_document_says_once_that_the_dictionary_is_being_built() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    copy_corpus("japan-denmark-2017-ja-pdf.txt", &inputs);
    std::fs::copy(
        corpus("japan-denmark-2017-ja-pdf.txt"),
        inputs.join("copy.txt"),
    )
    .unwrap();
    let dictionary = dir.path().join("dictionary");
    let first = treaty_with_dictionary(
        &["run", "in", "--out", "first", "--jobs", "2"],
        dir.path(),
        &dictionary,
    );
    let stderr = text(&first.stderr);
    assert_eq!(first.status.code(), Some(0), "{stderr}");
    let building: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("building the Japanese dictionary"))
        .collect();
    assert_eq!(building.len(), 1, "said once: {stderr}");
    assert!(
        building[0].starts_with("treaty: building the Japanese dictionary")
            && building[0].contains("once on this machine, about 3 s; cached in"),
        "{stderr}"
    );
    let built = stderr
        .lines()
        .find(|line| line.starts_with("treaty: Japanese dictionary built in "))
        .unwrap_or_else(|| panic!("how long it took: {stderr}"));
    assert!(
        built.ends_with(" s; later runs load it from the cache"),
        "{built}"
    );

    // Cached: a later run says nothing of it.
    let second = treaty_with_dictionary(&["run", "in", "--out", "second"], dir.path(), &dictionary);
    assert_eq!(second.status.code(), Some(0));
    assert!(
        !text(&second.stderr).contains("dictionary"),
        "{}",
        text(&second.stderr)
    );
}

/// `check` on Japanese documents while the dictionary is not built yet: every document
/// waits for the dictionary, and the dictionary's builder needs worker threads of its own.
#[test]
fn check_builds_the_dictionary_while_its_workers_wait_for_it_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    copy_corpus("japan-denmark-2017-ja-pdf.txt", &inputs);
    for copy in ["copy-1.txt", "copy-2.txt", "copy-3.txt"] {
        std::fs::copy(corpus("japan-denmark-2017-ja-pdf.txt"), inputs.join(copy)).unwrap();
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["check", "in", "--fixtures", "fixtures"])
        .current_dir(dir.path())
        .env("TREATY_DICTIONARY_DIR", dir.path().join("dictionary"))
        // Two global workers, both busy with documents, as on a two-core machine.
        .env("RAYON_NUM_THREADS", "2")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(600) {
            child.kill().unwrap();
            panic!("`treaty check` still running after 600 s: the dictionary build hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    // No fixtures for these names: nothing compared is an error, after every document ran.
    assert!(
        stderr.contains("Japanese dictionary built in "),
        "{status}: {stderr}"
    );
}

#[test]
fn bless_keeps_the_quotes_of_unchanged_rows_so_its_diff_shows_only_real_changes() {
    let dir = tempfile::tempdir().unwrap();
    copy_corpus(ENGLISH, dir.path());
    let doc = ENGLISH.trim_end_matches(".txt");
    let first = treaty(&["bless", ENGLISH, "--fixtures", "fx", "--yes"], dir.path());
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let fixture = dir.path().join("fx").join(doc).join("rates.csv");

    // A reviewer writes every quote by hand, and one value is wrong in the fixture.
    let mut rows =
        treaty_golden::parse_rates_csv(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    assert!(rows.len() > 5);
    for (index, row) in rows.iter_mut().enumerate() {
        row.quote = format!("hand-written quote {index}");
    }
    let changed = rows
        .iter()
        .position(|row| row.kind == "rate" && row.topic == "dividends")
        .unwrap();
    let real_value = std::mem::replace(&mut rows[changed].value, "99".to_string());
    std::fs::write(&fixture, treaty_golden::write_rates_csv(&rows)).unwrap();

    let second = treaty(&["bless", ENGLISH, "--fixtures", "fx", "--yes"], dir.path());
    assert_eq!(second.status.code(), Some(0), "{}", text(&second.stderr));
    let diff = text(&second.stdout);
    let removed: Vec<&str> = diff
        .lines()
        .filter(|line| line.starts_with('-') && !line.starts_with("---"))
        .collect();
    let added: Vec<&str> = diff
        .lines()
        .filter(|line| line.starts_with('+') && !line.starts_with("+++"))
        .collect();
    assert_eq!(removed.len(), 1, "only the changed row: {diff}");
    assert_eq!(added.len(), 1, "only the changed row: {diff}");
    assert!(
        removed[0].contains(&format!("hand-written quote {changed}")),
        "{diff}"
    );
    assert!(
        !added[0].contains("hand-written"),
        "a new row gets the program's quote: {diff}"
    );

    let blessed =
        treaty_golden::parse_rates_csv(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    assert_eq!(blessed.len(), rows.len());
    for (index, row) in blessed.iter().enumerate() {
        if row.value == "99" || (index == changed && row.value == real_value) {
            continue;
        }
        assert!(row.quote.starts_with("hand-written quote "), "{row:?}");
    }
    assert_eq!(
        blessed
            .iter()
            .filter(|row| row.quote.starts_with("hand-written"))
            .count(),
        rows.len() - 1
    );
}

/// About `bytes` bytes of the words of `source` in random order, 6 to 16 to a line: a treaty's
/// vocabulary (numbers, "per cent", "Contracting State", "Article") without its structure.
fn word_salad(source: &str, bytes: usize, seed: u64) -> String {
    let words: Vec<&str> = source.split_whitespace().collect();
    let mut state = seed;
    let mut next = move |below: usize| {
        // A 64-bit linear congruential generator (Knuth's MMIX constants).
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % below
    };
    let mut salad = String::with_capacity(bytes + 200);
    while salad.len() < bytes {
        let n = 6 + next(11);
        let line: Vec<&str> = (0..n).map(|_| words[next(words.len())]).collect();
        salad.push_str(&line.join(" "));
        salad.push('\n');
    }
    salad
}

#[test]
fn a_word_salad_of_treaty_words_is_not_a_treaty_and_gives_no_rows() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    for (name, source, seed) in [
        ("salad-en", ENGLISH, 7),
        ("salad-pt-en", "portugal-montenegro-2016-pt-en.txt", 11),
    ] {
        let text = std::fs::read_to_string(corpus(source)).unwrap();
        std::fs::write(
            inputs.join(format!("{name}.txt")),
            word_salad(&text, 1_500_000, seed),
        )
        .unwrap();
    }
    let output = treaty(&["run", "in", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert_eq!(
        rates.lines().count(),
        1,
        "no rows, only the header:\n{rates}"
    );
    let recorded = failures(&dir.path().join("out"));
    assert_eq!(recorded.len(), 2, "{recorded:?}");
    for failure in &recorded {
        assert_eq!(failure["severity"], "warning", "{failure}");
        let error = failure["error"].as_str().unwrap();
        assert!(
            error.contains("text: its words are in random order, not a treaty's sentences"),
            "{error}"
        );
        assert!(
            error.contains("so it is not read as a treaty and no rows are given"),
            "{error}"
        );
    }
    let warnings = std::fs::read_to_string(dir.path().join("out/warnings.jsonl")).unwrap();
    assert!(
        warnings.contains("\"code\":\"not_a_treaty_random_words\""),
        "{warnings}"
    );

    // The treaty the words came from is one.
    let output = treaty(
        &["run", corpus(ENGLISH).to_str().unwrap(), "--out", "real"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let rates = std::fs::read_to_string(dir.path().join("real/rates.csv")).unwrap();
    assert!(rates.lines().count() > 20);
}

#[test]
fn one_document_piped_with_stdin_text_gives_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let treaty_text = std::fs::read(corpus(ENGLISH)).unwrap();
    let output = treaty_with_stdin(&["run", "--stdin-text", "piped"], dir.path(), &treaty_text);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let rows: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(rows.len() > 20, "{} rows", rows.len());
    assert!(rows.iter().all(|row| row["doc"] == "piped"));
    // The same rows as the file named on the command line.
    let named = treaty(
        &[
            "run",
            corpus(ENGLISH).to_str().unwrap(),
            "--out",
            "out",
            "-q",
        ],
        dir.path(),
    );
    assert_eq!(named.status.code(), Some(0));
    let file_rows = std::fs::read_to_string(dir.path().join("out/rates.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(rows.len(), file_rows);
    // Empty input is nothing to process; the message for raw text on --stdin names the option.
    let empty = treaty_with_stdin(&["run", "--stdin-text", "piped"], dir.path(), b"");
    assert_eq!(empty.status.code(), Some(1));
    assert!(text(&empty.stderr).contains("nothing to process"));
    let raw = treaty_with_stdin(&["run", "--stdin"], dir.path(), &treaty_text);
    assert!(text(&raw.stderr).contains("treaty run --stdin-text treaty"));
}

#[test]
fn help_lists_every_input_kind_and_every_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let help = |args: &[&str]| {
        let output = treaty(args, dir.path());
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    let run_help = help(&["run", "--help"]);
    let top_help = help(&["--help"]);
    // Every extension a folder is searched for (inputs.rs, TEXT_EXTENSIONS).
    for extension in [
        ".txt",
        ".html",
        ".htm",
        ".xhtml",
        ".md",
        ".markdown",
        ".pdf",
    ] {
        assert!(
            run_help.contains(extension),
            "run --help: {extension}\n{run_help}"
        );
        assert!(
            top_help.contains(extension),
            "--help: {extension}\n{top_help}"
        );
    }
    assert!(run_help.contains("OCR"), "{run_help}");
    for output in [
        "rates.csv",
        "rates.jsonl",
        "articles.csv",
        "treaties.csv",
        "treaties.jsonl",
        "warnings.jsonl",
        "failures.jsonl",
        "run.json",
        "text/<doc>.txt",
        ".parquet",
        "report/",
    ] {
        assert!(top_help.contains(output), "--help: {output}\n{top_help}");
    }
    assert!(run_help.contains("treaties.csv") && run_help.contains("parquet"));
}

#[test]
fn bless_writes_every_fixture_file_check_reads_and_check_names_the_missing_ones() {
    let dir = tempfile::tempdir().unwrap();
    copy_corpus(ENGLISH, dir.path());
    let doc = ENGLISH.trim_end_matches(".txt");
    let blessed = treaty(&["bless", ENGLISH, "--fixtures", "fx", "--yes"], dir.path());
    assert_eq!(blessed.status.code(), Some(0), "{}", text(&blessed.stderr));
    let folder = dir.path().join("fx").join(doc);
    for name in ["rates.csv", "outline.csv", "treaty.csv", "headline.csv"] {
        assert!(folder.join(name).is_file(), "bless did not write {name}");
    }
    let identity = treaty_golden::parse_treaty_csv(
        &std::fs::read_to_string(folder.join("treaty.csv")).unwrap(),
    )
    .unwrap();
    assert!(
        identity
            .iter()
            .any(|t| t.parties.contains("CAN") && t.parties.contains("DNK")),
        "{identity:?}"
    );
    let headline = treaty_golden::parse_headline_csv(
        &std::fs::read_to_string(folder.join("headline.csv")).unwrap(),
    )
    .unwrap();
    // A filled field says where it stands and quotes its clause.
    let dividends = headline
        .iter()
        .find(|h| h.field == "dividends_general" && !h.value.is_empty())
        .expect("a general dividend rate");
    assert_eq!(dividends.article, "10");
    assert!(dividends.quote.contains(&dividends.value), "{dividends:?}");

    let check = |extra: &[&str]| {
        let mut args = vec!["check", ENGLISH, "--fixtures", "fx", "--quiet"];
        args.extend(extra);
        treaty(&args, dir.path())
    };
    let all = check(&["--min-identity", "1", "--min-headline", "1"]);
    let stderr = text(&all.stderr);
    assert_eq!(all.status.code(), Some(0), "{stderr}");
    assert!(
        !stderr.contains("0/0") && !stderr.contains("not checked"),
        "{stderr}"
    );

    // Without treaty.csv and headline.csv: said, and a gate on them fails.
    std::fs::remove_file(folder.join("treaty.csv")).unwrap();
    std::fs::remove_file(folder.join("headline.csv")).unwrap();
    let ungated = check(&[]);
    let stderr = text(&ungated.stderr);
    assert_eq!(ungated.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("treaty identity: not checked"), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "1 of 1 documents have no headline.csv, so their headline rates were not checked: {doc}"
        )),
        "{stderr}"
    );
    let gated = check(&["--min-identity", "0.9"]);
    assert_eq!(gated.status.code(), Some(1), "{}", text(&gated.stderr));
    assert!(text(&gated.stderr).contains("--min-identity 0.900 gates treaty.csv fixtures"));
}
