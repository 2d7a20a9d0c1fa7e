//! Hostile inputs (issue 23): files that are not regular files, pipe lines that are not
//! UTF-8, names that are too long, collide or hold control characters, a full disk, a broken
//! dictionary cache, and signals. Every run here has a time limit, so a run that blocks fails
//! the test instead of hanging it.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{blank_pdf, corpus, finish, run, start, text};

/// The records of `failures.jsonl`.
fn failures(out: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(out.join("failures.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The failure record of `doc`.
fn failure_of<'a>(records: &'a [serde_json::Value], doc: &str) -> &'a serde_json::Value {
    records
        .iter()
        .find(|record| record["doc"] == doc)
        .unwrap_or_else(|| panic!("no failure for {doc:?} in {records:?}"))
}

/// A short English treaty with a dividend rate.
fn treaty_text() -> Vec<u8> {
    std::fs::read(corpus("portugal-montenegro-2016-pt-en.txt")).unwrap()
}

/// Text that takes the pipeline seconds in a debug build: `Article 1 ` over 8 MB of one line
/// (linear in its size since the fix, but far beyond the limits the test sets).
fn slow_text() -> Vec<u8> {
    "Article 1 ".repeat(800_000).into_bytes()
}

#[test]
fn a_document_over_the_time_limit_is_a_failure_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("a-slow.txt"), slow_text()).unwrap();
    std::fs::write(
        input.join("b-good.txt"),
        "Article 10\nDividends\n2. However, such dividends may also be taxed, but the tax so \
         charged shall not exceed 15 per cent of the gross amount of the dividends.\n",
    )
    .unwrap();
    // One worker: the slow document first, then the good one on a fresh helper thread.
    let finished = run(
        &[
            "run",
            "in",
            "--out",
            "out",
            "--jobs",
            "1",
            "--time-limit",
            "3",
        ],
        dir.path(),
    );
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    let records = failures(&dir.path().join("out"));
    assert_eq!(records.len(), 1, "{records:?}");
    let slow = failure_of(&records, "a-slow")["error"].as_str().unwrap();
    assert!(
        slow.contains("took too long") && slow.contains("3 s (--time-limit)"),
        "{slow}"
    );
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(
        rates
            .lines()
            .any(|l| l.starts_with("b-good,en,dividends,10,") && l.contains(",rate,15,percent,")),
        "{rates}"
    );
    assert!(!dir.path().join("out/a-slow.json").exists());

    // In pipe mode the line is a failure of its own, and the next line is answered.
    let mut lines = json_line("slow", &slow_text());
    lines.extend(json_line(
        "good",
        &std::fs::read(input.join("b-good.txt")).unwrap(),
    ));
    let child = start(
        &["run", "--stdin", "--jobs", "1", "--time-limit", "3"],
        dir.path(),
        Some(&lines),
    );
    let finished = finish(child, dir.path(), Duration::from_secs(60));
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    assert!(
        finished.stderr.contains("took too long"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stdout.contains("\"doc\":\"good\""),
        "{}",
        finished.stdout
    );
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_folder_is_a_failure_of_its_own_and_a_link_to_dev_zero_is_too_large() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("good.txt"), treaty_text()).unwrap();
    // No writer ever opens these: reading either would block the run for ever.
    mkfifo(&input.join("x.txt"));
    mkfifo(&input.join("y.bin"));
    std::os::unix::fs::symlink("/dev/zero", input.join("z.txt")).unwrap();

    let finished = run(&["run", "in", "--out", "out", "--jobs", "2"], dir.path());
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    let records = failures(&dir.path().join("out"));
    assert_eq!(records.len(), 2, "{records:?}");
    let fifo = failure_of(&records, "x")["error"].as_str().unwrap();
    assert!(
        fifo.contains("FIFO") && fifo.contains("not a regular file"),
        "{fifo}"
    );
    let zero = failure_of(&records, "z")["error"].as_str().unwrap();
    assert!(zero.contains("links to a device"), "{zero}");
    assert!(dir.path().join("out/good.json").exists());

    // Named, the link to /dev/zero is read, but only up to the limit.
    let finished = run(
        &["run", "in/z.txt", "--out", "named", "--max-bytes", "100000"],
        dir.path(),
    );
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    let records = failures(&dir.path().join("named"));
    let zero = failure_of(&records, "z")["error"].as_str().unwrap();
    assert!(
        zero.contains("too large") && zero.contains("more than 100000 bytes"),
        "{zero}"
    );

    // So is a path given on standard input in pipe mode.
    let child = start(
        &["run", "--stdin", "--max-bytes", "100000"],
        dir.path(),
        Some(b"in/z.txt\n"),
    );
    let finished = finish(child, dir.path(), Duration::from_secs(60));
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    assert!(finished.stderr.contains("too large"), "{}", finished.stderr);
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

#[test]
fn pipe_mode_gives_every_line_one_answer_and_a_line_that_is_not_utf8_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = json_line("one", &treaty_text());
    // Line 2: not UTF-8 (a Latin-1 text pasted into a JSON line).
    input.extend_from_slice(b"{\"doc\": \"bad\", \"text\": \"Artigo 1 \xe9\xe0\"}\n");
    // Line 3: articles, no rates.
    input.extend(json_line(
        "norates",
        b"Article 1\nPersons Covered\nThis Convention shall apply to persons.\n",
    ));
    // Line 4: blank.
    input.extend_from_slice(b"\n");
    // Line 5: after the bad line, still processed.
    input.extend(json_line("five", &treaty_text()));
    let child = start(&["run", "--stdin", "--jobs", "2"], dir.path(), Some(&input));
    let finished = finish(child, dir.path(), Duration::from_secs(120));
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);

    let failures: Vec<serde_json::Value> = finished
        .stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(failures.len(), 1, "{}", finished.stderr);
    assert_eq!(failures[0]["path"], "stdin line 2");
    let error = failures[0]["error"].as_str().unwrap();
    assert!(error.contains("line 2 is not valid UTF-8"), "{error}");

    // Standard output: the rows of line 1, one "no rows" line each for lines 3 and 4, the
    // rows of line 5, in that order.
    let lines: Vec<serde_json::Value> = finished
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut answers: Vec<String> = Vec::new();
    for line in &lines {
        let answer = match line.get("no_rows") {
            Some(_) => format!("no rows: line {}", line["line"]),
            None => format!("rows: {}", line["doc"].as_str().unwrap()),
        };
        if answers.last() != Some(&answer) {
            answers.push(answer);
        }
    }
    assert_eq!(
        answers,
        [
            "rows: one",
            "no rows: line 3",
            "no rows: line 4",
            "rows: five"
        ],
        "{}",
        finished.stdout
    );
    let no_rows = lines.iter().find(|l| l["line"] == 3).unwrap();
    assert_eq!(no_rows["doc"], "norates");
    assert!(
        no_rows["no_rows"]
            .as_str()
            .unwrap()
            .contains("no withholding rate"),
        "{no_rows}"
    );
}

#[test]
fn long_names_work_and_every_document_has_its_own_report_pages() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    let long = "a".repeat(246);
    for name in [long.as_str(), "a\nb", "a_b", "pm", "pm.versions"] {
        std::fs::write(input.join(format!("{name}.txt")), treaty_text()).unwrap();
    }
    let finished = run(
        &["run", "in", "--out", "out", "--report", "--jobs", "2"],
        dir.path(),
    );
    assert_eq!(finished.status.code(), Some(0), "{}", finished.stderr);
    let out = dir.path().join("out");
    assert!(out.join(format!("{long}.json")).exists());
    let rates = std::fs::read_to_string(out.join("rates.csv")).unwrap();
    assert!(rates.lines().any(|line| line.starts_with(&long)));

    // Five documents, each bilingual: ten pages, none shared, each titled with its document.
    let docs = out.join("report/docs");
    let pages: Vec<String> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".html"))
        .collect();
    assert_eq!(pages.len(), 10, "{pages:?}");
    let title_of = |page: &str| {
        let html = std::fs::read_to_string(docs.join(page)).unwrap();
        let start = html.find("<title>").unwrap() + "<title>".len();
        html[start..start + html[start..].find("</title>").unwrap()].to_string()
    };
    assert!(title_of("pm.versions.html").starts_with("pm "), "{pages:?}");
    assert!(title_of("pm%2Eversions.versions.html").starts_with("pm.versions "));
    assert!(title_of("a_b.html").starts_with("a_b "));
    let newline_page = pages.iter().find(|p| p.starts_with("a%0Ab.")).unwrap();
    assert!(!title_of(newline_page).starts_with("a_b "));
    // The index links each document to a page that exists.
    let index = std::fs::read_to_string(out.join("report/index.html")).unwrap();
    for page in &pages {
        let href = page.replace('%', "%25");
        if !page.contains(".versions.") {
            assert!(index.contains(&format!("docs/{href}")), "{page}");
        }
    }
}

#[test]
fn names_with_control_characters_are_quoted_on_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    // Empty: each fails, and its name is printed with the failure.
    std::fs::write(input.join("retitle\u{1b}]0;pwned\u{7}.txt"), b"").unwrap();
    std::fs::write(input.join("x\ntreaty: forged line.txt"), b"").unwrap();
    let finished = run(&["run", "in", "--out", "out"], dir.path());
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    assert!(!finished.stderr.contains('\u{1b}'), "{:?}", finished.stderr);
    assert!(!finished.stderr.contains('\u{7}'), "{:?}", finished.stderr);
    assert!(
        !finished
            .stderr
            .lines()
            .any(|line| line.starts_with("treaty: forged")),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .contains("in/x'$'\\n''treaty: forged line.txt'"),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .contains("'in/retitle'$'\\033'']0;pwned'$'\\007''.txt'"),
        "{}",
        finished.stderr
    );
}

#[cfg(unix)]
#[test]
fn an_output_that_cannot_be_written_is_named_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    // Pipe mode into a full disk.
    let input = json_line("one", &treaty_text());
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("cannot write standard output: No space left on device"),
        "{stderr}"
    );

    // A run whose files cannot grow past 2 KiB (as on a full disk): the JSON is named, and
    // the run stops instead of failing document after document.
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("good.txt"), treaty_text()).unwrap();
    std::fs::write(input.join("other.txt"), treaty_text()).unwrap();
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
    assert!(stderr.contains("cannot write out/good.json"), "{stderr}");
    assert!(stderr.contains("the run stopped"), "{stderr}");
    assert!(!dir.path().join("out/rates.csv").exists());
}

/// The Japanese text that needs the dictionary.
const JAPANESE: &str = "japan-denmark-2017-ja-pdf.txt";

#[test]
fn an_abandoned_dictionary_build_is_removed_and_a_damaged_cache_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(corpus(JAPANESE), dir.path().join("ja.txt")).unwrap();
    // What a build killed midway leaves: the scratch folder of a process that is gone
    // (above the largest process id Linux gives).
    let abandoned = dir.path().join(".dictionary/build-4194305/sources");
    std::fs::create_dir_all(&abandoned).unwrap();
    std::fs::write(abandoned.join("matrix.def"), b"half").unwrap();

    let first = run(&["run", "ja.txt", "--out", "first"], dir.path());
    assert_eq!(first.status.code(), Some(0), "{}", first.stderr);
    assert!(!dir.path().join(".dictionary/build-4194305").exists());
    let names: Vec<String> = std::fs::read_dir(dir.path().join(".dictionary"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let built = dir.path().join(".dictionary").join(&names[0]);
    let rates = std::fs::read(dir.path().join("first/rates.csv")).unwrap();

    // Damage the largest file without changing its size.
    let words = built.join("dict.words");
    let mut bytes = std::fs::read(&words).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0);
    std::fs::write(&words, &bytes).unwrap();

    let second = run(&["run", "ja.txt", "--out", "second"], dir.path());
    assert_eq!(second.status.code(), Some(0), "{}", second.stderr);
    assert!(
        second
            .stderr
            .contains("cannot be trusted (dict.words changed since it was built); rebuilding it"),
        "{}",
        second.stderr
    );
    assert_eq!(
        std::fs::read(dir.path().join("second/rates.csv")).unwrap(),
        rates
    );
    assert_ne!(std::fs::read(&words).unwrap(), bytes);

    // Rebuilt and trusted: a third run says nothing of it.
    let third = run(&["run", "ja.txt", "--out", "third"], dir.path());
    assert!(!third.stderr.contains("dictionary"), "{}", third.stderr);
}

/// Sends `signal` (`TERM`, `INT`) to `child`.
fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn sigterm_after_a_grace_period_and_a_second_ctrl_c_stop_at_once_and_resume_redoes() {
    let dir = tempfile::tempdir().unwrap();
    // One document that takes seconds (150 treaties in one file), and a small one.
    let big: Vec<u8> = treaty_text().repeat(150);
    std::fs::write(dir.path().join("big.txt"), &big).unwrap();
    std::fs::write(dir.path().join("small.txt"), treaty_text()).unwrap();
    let args = ["run", "big.txt", "small.txt", "--out", "out", "--jobs", "1"];

    for (signals, limit) in [(&["TERM"][..], 4.5), (&["INT", "INT"][..], 1.5)] {
        let child = start(&args, dir.path(), None);
        std::thread::sleep(Duration::from_millis(700));
        let mut sent = Instant::now();
        for name in signals {
            sent = Instant::now();
            signal(&child, name);
            std::thread::sleep(Duration::from_millis(200));
        }
        let finished = finish(child, dir.path(), Duration::from_secs(60));
        let took = sent.elapsed().as_secs_f64();
        assert_eq!(finished.status.code(), Some(130), "{}", finished.stderr);
        assert!(
            took < limit,
            "{signals:?}: stopped {took:.1} s after the signal"
        );
        assert!(
            finished
                .stderr
                .contains("big.txt: interrupted in progress (it has no JSON; --resume redoes it)"),
            "{}",
            finished.stderr
        );
        assert!(
            finished.stderr.contains("stopped at once"),
            "{}",
            finished.stderr
        );
        assert!(!dir.path().join("out/big.json").exists());
        assert!(!dir.path().join("out/rates.csv").exists());
    }

    // --resume redoes the interrupted document, and removes what the stops left.
    let resumed = run(
        &["run", "big.txt", "small.txt", "--out", "out", "--resume"],
        dir.path(),
    );
    assert_eq!(resumed.status.code(), Some(0), "{}", resumed.stderr);
    assert!(dir.path().join("out/big.json").exists());
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(rates.lines().any(|line| line.starts_with("big,")));
    for entry in std::fs::read_dir(dir.path().join("out")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(!name.ends_with(".tmp"), "{name}");
    }
}

/// PDFs that cannot be read say why, each failing alone (issue 44, the audit's F11 and F15):
/// an encrypted one, one without pages, a damaged one; a PDF whose header follows a
/// byte-order mark is read, as poppler reads it.
#[test]
fn unreadable_pdfs_say_why_and_a_header_after_a_byte_order_mark_is_read() {
    if !Command::new("pdftotext")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success() || !o.stderr.is_empty())
    {
        panic!("pdftotext is not installed: tools/test.sh installs poppler-utils");
    }
    let dir = tempfile::tempdir().unwrap();
    let data = common::workspace_root().join("crates/treaty-cli/tests/data/pdf-errors");
    let finished = run(
        &["run", data.to_str().unwrap(), "--out", "out", "-q"],
        dir.path(),
    );
    assert_eq!(finished.status.code(), Some(1), "{}", finished.stderr);
    let records = failures(&dir.path().join("out"));
    let error = |doc: &str| {
        failure_of(&records, doc)["error"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        error("enc-userpw").contains("encrypted"),
        "{}",
        error("enc-userpw")
    );
    assert!(
        error("zero-pages").contains("no pages"),
        "{}",
        error("zero-pages")
    );
    assert!(
        error("truncated-half").contains("damaged"),
        "{}",
        error("truncated-half")
    );
    assert!(
        !records.iter().any(|r| r["doc"] == "leading-junk"),
        "{records:?}"
    );
    let rows = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(rows.contains("leading-junk,"), "{rows}");
}

/// OCR has budgets (issue 44, the audit's F4): a PDF with more scanned pages than
/// `--max-ocr-pages` fails before any is read; a page too large to render within the pixel
/// limit is named with its size; a page OCR'd past `--time-limit` makes its document fail
/// at the limit (here without the time OCR'd pages add, `--ocr-page-time 0`), saying OCR ran
/// out of time, while the batch goes on.
#[test]
fn ocr_stops_at_its_page_pixel_and_time_budgets_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("many-pages.pdf"), blank_pdf(5, 612)).unwrap();
    std::fs::write(input.join("huge-page.pdf"), blank_pdf(1, 14400)).unwrap();
    // 4000 pt square: rendered at a lowered resolution, still seconds of Tesseract.
    std::fs::write(input.join("large-page.pdf"), blank_pdf(1, 4000)).unwrap();
    std::fs::write(input.join("good.txt"), treaty_text()).unwrap();
    let started = Instant::now();
    let cache = dir.path().join("ocr-cache");
    let mut child = Command::new(env!("CARGO_BIN_EXE_treaty"));
    child
        .args(["run", "in", "--out", "out", "-q", "--jobs", "1"])
        .args([
            "--max-ocr-pages",
            "4",
            "--time-limit",
            "3",
            "--ocr-page-time",
            "0",
        ])
        .env("TREATY_OCR_CACHE", &cache)
        .current_dir(dir.path());
    let output = child.output().unwrap();
    let elapsed = started.elapsed();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Three budgets of a second or less each, and a text: far from the minutes unbounded OCR took.
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
    let records = failures(&dir.path().join("out"));
    let error = |doc: &str| {
        failure_of(&records, doc)["error"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        error("many-pages")
            .contains("5 scanned pages to OCR, more than the limit of 4 (--max-ocr-pages)"),
        "{}",
        error("many-pages")
    );
    assert!(
        error("huge-page")
            .contains("page 1 was not read: it is 14400 x 14400 pt, too large to OCR"),
        "{}",
        error("huge-page")
    );
    assert!(
        error("large-page").contains("ran out during OCR")
            || error("large-page").contains("--time-limit"),
        "{}",
        error("large-page")
    );
    let rows = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(rows.contains("good,"), "{rows}");
}
