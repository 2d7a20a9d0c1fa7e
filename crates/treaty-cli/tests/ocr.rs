//! Scanned PDFs (pages of pixels, no text layer) through OCR: three excerpts of corpus
//! treaties (Articles 10 to 12 in English, Portuguese and Japanese) printed as scans by
//! `tools/scan-print.py`, against the same excerpts as clean text; and a page of an official
//! printed collection scanned sideways (`data/scan-collection`). Needs Tesseract with its
//! English, Portuguese and Japanese languages, as `.ci/run` installs them.

mod common;

use common::*;

use std::collections::BTreeSet;
use std::path::Path;

/// A row's identity: what the core of the dataset says, without spans and quotes.
type Core = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
);

fn core_rows(out: &Path, strip: &str) -> BTreeSet<(String, Core)> {
    std::fs::read_to_string(out.join("rates.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .map(|row| {
            let field = |name: &str| row[name].as_str().unwrap_or_default().to_string();
            (
                field("doc").replace(strip, ""),
                (
                    field("topic"),
                    field("article"),
                    field("paragraph"),
                    field("subparagraph"),
                    field("kind"),
                    field("value"),
                    field("unit"),
                    field("condition"),
                ),
            )
        })
        .collect()
}

fn data(folder: &str) -> String {
    workspace_root()
        .join("crates/treaty-cli/tests/data")
        .join(folder)
        .display()
        .to_string()
}

/// `treaty ARGS` in `dir` with the OCR cache in `cache`.
fn treaty_with_cache(args: &[&str], dir: &Path, cache: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .env("TREATY_OCR_CACHE", cache)
        .output()
        .unwrap()
}

#[test]
fn scanned_pdfs_give_the_clean_texts_rows_with_pages_and_confidence_and_reruns_hit_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let scanned = data("scanned");
    let output = treaty_with_cache(&["run", &scanned, "--out", "ocr", "-q"], dir.path(), &cache);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let clean = treaty(&["run", &data("clean"), "--out", "clean", "-q"], dir.path());
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean.stderr));

    let expected = core_rows(&dir.path().join("clean"), "-clean");
    let found = core_rows(&dir.path().join("ocr"), "");
    assert!(
        expected.len() >= 27,
        "nine core rows in each excerpt: {expected:?}"
    );
    assert_eq!(
        found, expected,
        "OCR'd rows differ from the clean texts' rows"
    );

    for doc in [
        "en-articles-10-12",
        "pt-articles-10-12",
        "ja-articles-10-12",
    ] {
        let report: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.path().join("ocr").join(format!("{doc}.json"))).unwrap(),
        )
        .unwrap();
        let ocr = &report["extracted_from"]["ocr"];
        assert_eq!(ocr["pages"], serde_json::json!([1, 2, 3]), "{doc}");
        let languages = ocr["languages"].as_str().unwrap();
        if doc.starts_with("ja") {
            assert_eq!(languages, "jpn");
        } else {
            assert_eq!(
                languages, "por+eng",
                "a Latin-script scan is read with both languages"
            );
        }
        assert!(ocr["confidence"].as_f64().unwrap() > 0.8, "{doc}: {ocr}");
        for row in report["rows"].as_array().unwrap() {
            assert!(
                row["page"].as_u64().is_some_and(|p| (1..=3).contains(&p)),
                "{row}"
            );
            let confidence = row["ocr_confidence"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&confidence), "{row}");
        }
        let warning = report["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["code"] == "ocr")
            .unwrap_or_else(|| panic!("{doc}: an ocr warning"));
        // Whether pages came from the cache is the run's (run.json), not the document's: the
        // output does not depend on what the cache held.
        assert!(
            !warning["message"].as_str().unwrap().contains("cache"),
            "{warning}"
        );
    }
    assert_eq!(
        ocr_counts(&dir.path().join("ocr")),
        (9, 0),
        "run.json: 9 pages read, none from the empty cache"
    );

    // A second run reads every page from the cache and writes the same datasets.
    let again = treaty_with_cache(&["run", &scanned, "--out", "again"], dir.path(), &cache);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr)
            .contains("OCR (tesseract) of scanned pages: 9 pages, 9 of them from the cache"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(
        ocr_counts(&dir.path().join("again")),
        (9, 9),
        "run.json of the second run: every page a cache hit"
    );
    for file in [
        "rates.csv",
        "articles.csv",
        "warnings.jsonl",
        "en-articles-10-12.json",
        "text/ja-articles-10-12.txt",
    ] {
        assert_eq!(
            std::fs::read(dir.path().join("ocr").join(file)).unwrap(),
            std::fs::read(dir.path().join("again").join(file)).unwrap(),
            "{file}"
        );
    }
}

/// `run.json`'s `ocr`: pages read by OCR in the run, and how many came from the cache.
fn ocr_counts(out: &Path) -> (u64, u64) {
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap();
    let ocr = &manifest["ocr"];
    (
        ocr["pages"].as_u64().unwrap(),
        ocr["cached"].as_u64().unwrap(),
    )
}

/// `treaty ocr FILE --pages A-B` fills the cache under the keys a run reads: a run afterwards
/// finds those pages there, OCRs the others, and writes what a run on an empty cache writes.
#[test]
fn treaty_ocr_fills_the_cache_with_the_pages_a_run_then_reads_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = format!("{}/pt-articles-10-12.pdf", data("scanned"));
    let cold = treaty_with_cache(
        &["run", &pdf, "--out", "cold", "-q"],
        dir.path(),
        &dir.path().join("cold-cache"),
    );
    assert_eq!(cold.status.code(), Some(0), "{}", text(&cold.stderr));

    let cache = dir.path().join("cache");
    let filled = treaty_with_cache(&["ocr", &pdf, "--pages", "2-3"], dir.path(), &cache);
    assert_eq!(filled.status.code(), Some(0), "{}", text(&filled.stderr));
    let said: serde_json::Value = serde_json::from_slice(&filled.stdout).unwrap();
    assert_eq!(said["pages"], 2, "{said}");
    assert_eq!(said["cached"], 0, "{said}");
    assert_eq!(said["failed"], 0, "{said}");
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 2, "two entries");

    let warm = treaty_with_cache(&["run", &pdf, "--out", "warm", "-q"], dir.path(), &cache);
    assert_eq!(warm.status.code(), Some(0), "{}", text(&warm.stderr));
    assert_eq!(ocr_counts(&dir.path().join("warm")), (3, 2));
    for file in [
        "rates.csv",
        "warnings.jsonl",
        "pt-articles-10-12.json",
        "text/pt-articles-10-12.txt",
    ] {
        assert_eq!(
            std::fs::read(dir.path().join("cold").join(file)).unwrap(),
            std::fs::read(dir.path().join("warm").join(file)).unwrap(),
            "{file}"
        );
    }

    // Pages out of the PDF's range are none of its pages; a file that is no PDF is named.
    let none = treaty_with_cache(&["ocr", &pdf, "--pages", "7-9"], dir.path(), &cache);
    assert_eq!(none.status.code(), Some(0), "{}", text(&none.stderr));
    assert!(
        text(&none.stdout).contains(r#""pages":0"#),
        "{}",
        text(&none.stdout)
    );
    let text_file = dir.path().join("notes.pdf");
    std::fs::write(&text_file, "not a PDF").unwrap();
    let refused = treaty_with_cache(&["ocr", "notes.pdf"], dir.path(), &cache);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("cannot OCR notes.pdf: it is not a PDF"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn without_tesseract_or_with_ocr_off_a_scanned_pdf_fails_and_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = format!("{}/en-articles-10-12.pdf", data("scanned"));
    // Poppler's tools, but no Tesseract.
    let tools = dir.path().join("tools");
    std::fs::create_dir(&tools).unwrap();
    for tool in ["pdftotext", "pdftoppm"] {
        let found = which(tool).unwrap_or_else(|| panic!("{tool} is installed for the tests"));
        std::os::unix::fs::symlink(found, tools.join(tool)).unwrap();
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", &pdf, "--out", "out", "-q"])
        .current_dir(dir.path())
        .env("PATH", &tools)
        .env("TREATY_OCR_CACHE", dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let failures = std::fs::read_to_string(dir.path().join("out/failures.jsonl")).unwrap();
    assert!(
        failures.contains("Tesseract is not installed") && failures.contains("tesseract-ocr-jpn"),
        "{failures}"
    );

    let output = treaty(
        &["run", &pdf, "--ocr", "never", "--out", "never", "-q"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    let failures = std::fs::read_to_string(dir.path().join("never/failures.jsonl")).unwrap();
    assert!(
        failures.contains("no text layer") && failures.contains("--ocr"),
        "{failures}"
    );
}

/// A page of an official printed collection, scanned sideways: the Japanese text in vertical
/// lines above, the English text turned a quarter below (page 3 of
/// `sweden--sweden1983-jp-en.pdf`: the title and Articles 1 and 2). Each half is read upright
/// with its own model, and both language versions come out.
#[test]
fn a_sideways_bilingual_page_is_read_half_by_half_with_the_model_of_each() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let page = format!("{}/sweden1983-page3-jp-en.pdf", data("scan-collection"));
    let output = treaty_with_cache(&["run", &page, "--out", "out", "-q"], dir.path(), &cache);
    let out = dir.path().join("out");
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("sweden1983-page3-jp-en.json")).unwrap_or_else(|e| {
            panic!("no JSON ({e}): {}", text(&output.stderr));
        }),
    )
    .unwrap();
    let reading = &report["extracted_from"]["page_readings"][0];
    let how = reading["ocr"].as_str().unwrap();
    assert_eq!(reading["source"], "ocr");
    assert!(
        how.contains("region 1") && how.contains("region 2"),
        "{how}"
    );
    assert!(
        how.contains("vertical lines") && how.contains("jpn_vert"),
        "{how}"
    );
    assert!(how.contains("turned 270°") && how.contains("eng"), "{how}");
    assert!(reading["confidence"].as_f64().unwrap() > 0.8, "{reading}");
    let kept = std::fs::read_to_string(out.join("text/sweden1983-page3-jp-en.txt")).unwrap();
    assert!(kept.contains("Article 2"), "{kept}");
    assert!(kept.contains("第二条"), "{kept}");
    let languages: Vec<&str> = report["languages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["lang"].as_str())
        .collect();
    assert!(
        languages.contains(&"ja") && languages.contains(&"en"),
        "{languages:?}"
    );
}

/// The path of a command on `PATH`.
fn which(command: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(command))
        .find(|path| path.is_file())
}
