//! Inputs that are not plain text, run through the real binary: folders with nothing to
//! process, PDFs and office documents, HTML and XHTML treaties, text with stray NUL bytes.

mod common;

use common::*;

use std::path::Path;

/// The start of a PDF file with a compressed stream.
const PDF: &[u8] = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Length 5/Filter/FlateDecode>>stream\nx\x9c\x00\x01\x02endstream";

/// The start of a DOCX file (a ZIP archive whose first entries are Word parts).
const DOCX: &[u8] = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\x13\x00[Content_Types].xml\x00\x00PK\x03\x04word/document.xml";

/// The start of a PNG file.
const PNG: &[u8] = b"\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR\x00\x00\x02\x00";

/// The dataset lines of a run, parsed: rates.jsonl rows and articles.csv records.
fn rows(out: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(out.join("rates.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A row without its byte offsets.
fn without_offsets(row: &serde_json::Value) -> serde_json::Value {
    let mut row = row.clone();
    let object = row.as_object_mut().unwrap();
    object.remove("start");
    object.remove("end");
    // The id ends with the start.
    object.remove("row_id");
    row
}

fn offsets(row: &serde_json::Value) -> (usize, usize) {
    (
        row["start"].as_u64().unwrap() as usize,
        row["end"].as_u64().unwrap() as usize,
    )
}

#[test]
fn a_folder_of_other_formats_is_an_error_that_names_what_was_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("docs");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("japan-denmark.docx"), DOCX).unwrap();
    std::fs::write(folder.join("scan.png"), PNG).unwrap();
    std::fs::write(folder.join("README.md"), "# Notes\n").unwrap();
    let output = treaty(&["run", "docs", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "nothing to process: docs holds no .txt, .html, .htm, .xhtml, .md, .markdown or .pdf files"
        ),
        "{stderr}"
    );
    for expected in [
        "docs/japan-denmark.docx: it is a Word document (DOCX), not text; extract its text first: \
         `pandoc --wrap=none -t plain docs/japan-denmark.docx -o docs/japan-denmark.txt`",
        "docs/scan.png: it is a PNG image, not text; run OCR on it first: `tesseract docs/scan.png docs/scan",
        "docs/README.md: a README, LICENSE or CHANGELOG file documents the folder",
    ] {
        assert!(stderr.contains(expected), "{expected}\nnot in:\n{stderr}");
    }
    assert!(!dir.path().join("out").exists(), "nothing was written");

    // An empty folder, too.
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let output = treaty(&["run", "empty", "--out", "out"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains(
            "empty holds no .txt, .html, .htm, .xhtml, .md, .markdown or .pdf files (it is empty)"
        ),
        "{}",
        text(&output.stderr)
    );

    // `check` says the same instead of comparing nothing.
    let output = treaty(&["check", "docs", "--fixtures", "docs"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("nothing to process"));
}

/// Whether poppler's pdftotext can be run here.
fn has_pdftotext() -> bool {
    std::process::Command::new("pdftotext")
        .arg("-v")
        .output()
        .is_ok()
}

/// The core rows of a run (rates of dividends, interest and royalties, PE months, 183 days),
/// as (treaty, article, paragraph, topic, kind, value).
fn core_rows(out: &Path) -> Vec<(String, String, String, String, String, String)> {
    let mut core: Vec<_> = rows(out)
        .iter()
        .filter(|row| {
            let condition = row["condition"].as_str().unwrap();
            (row["kind"] == "rate"
                && ["dividends", "interest", "royalties"].contains(&row["topic"].as_str().unwrap()))
                || condition.contains("pe_construction")
                || condition.contains("employment_days")
        })
        .map(|row| {
            let field = |name: &str| match &row[name] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (
                field("treaty"),
                field("article"),
                field("paragraph"),
                field("topic"),
                field("kind"),
                field("value"),
            )
        })
        .collect();
    core.sort();
    core
}

#[test]
fn pdfs_are_read_through_their_text_layer_with_pages_and_the_text_kept() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    let pdf = workspace_root().join("corpus/pdf/us-japan-2013-protocol-en.pdf");
    std::fs::copy(&pdf, inputs.join("protocol.pdf")).unwrap();
    // A folder mixing a PDF, a text and Markdown gives one dataset.
    std::fs::copy(
        corpus("canada-denmark-1997-en-web.txt"),
        inputs.join("canada.txt"),
    )
    .unwrap();
    std::fs::copy(
        workspace_root().join("corpus/md/tz-zambia-1968-en.md"),
        inputs.join("zambia.md"),
    )
    .unwrap();
    let output = treaty(&["run", "in", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("PDF text extraction"), "{stderr}");
    let out = dir.path().join("out");
    let kept = std::fs::read(out.join("text/protocol.txt")).unwrap();
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("protocol.json")).unwrap()).unwrap();
    let origin = &report["extracted_from"];
    assert_eq!(origin["format"], "pdf");
    assert_eq!(origin["text"], "text/protocol.txt");
    assert_eq!(
        origin["sha256"].as_str().unwrap(),
        treaty_schema::sha256_hex(&std::fs::read(&pdf).unwrap())
    );
    let expected_extractor = if has_pdftotext() {
        "pdftotext"
    } else {
        "pdf-extract"
    };
    assert!(
        origin["extractor"]
            .as_str()
            .unwrap()
            .starts_with(expected_extractor),
        "{origin}"
    );
    let docs: std::collections::BTreeSet<String> = rows(&out)
        .iter()
        .map(|row| row["doc"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(docs.len(), 3, "{docs:?}");
    let pdf_rows: Vec<serde_json::Value> = rows(&out)
        .into_iter()
        .filter(|row| row["doc"] == "protocol")
        .collect();
    assert!(pdf_rows.len() >= 3);
    for row in &pdf_rows {
        // Every number points into the kept text, on the page its form feeds say.
        let (start, end) = offsets(row);
        let printed = String::from_utf8_lossy(&kept[start..end]);
        assert!(
            !printed.trim().is_empty() && row["quote"].as_str().unwrap().len() > printed.len(),
            "{printed:?} {row}"
        );
        let page = kept[..start].iter().filter(|&&b| b == 0x0C).count() + 1;
        assert_eq!(row["page"].as_u64(), Some(page as u64), "{row}");
        // The amending protocol's rows modify the convention's articles.
        assert_eq!(row["source"], "protocol", "{row}");
        assert!(row["article"].as_str().unwrap().starts_with('P'), "{row}");
    }
    assert!(
        pdf_rows
            .iter()
            .any(|row| row["topic"] == "interest" && row["modifies"] == serde_json::json!(["11"])),
        "{pdf_rows:?}"
    );
    // Text inputs have no pages.
    assert!(rows(&out)
        .iter()
        .filter(|row| row["doc"] == "canada")
        .all(|row| row["page"].is_null()));
    let csv = std::fs::read_to_string(out.join("rates.csv")).unwrap();
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .ends_with(",modifies,page,ocr_confidence,row_id"));

    // Without pdftotext the built-in extractor reads the PDF, says so, and finds the same
    // core rows.
    let no_tools = dir.path().join("no-tools");
    std::fs::create_dir(&no_tools).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", "in/protocol.pdf", "--out", "out-builtin", "-q"])
        .current_dir(dir.path())
        .env("PATH", &no_tools)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let builtin = dir.path().join("out-builtin");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(builtin.join("protocol.json")).unwrap()).unwrap();
    assert!(report["extracted_from"]["extractor"]
        .as_str()
        .unwrap()
        .starts_with("pdf-extract"));
    assert!(report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["code"] == "pdf_builtin_extractor"
            && w["message"].as_str().unwrap().contains("poppler-utils")));
    let only_pdf = dir.path().join("only-pdf");
    let output = treaty(
        &["run", "in/protocol.pdf", "--out", "only-pdf", "-q"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(core_rows(&builtin), core_rows(&only_pdf));
    assert!(!core_rows(&builtin).is_empty());

    // A file that says it is a PDF and is broken is a failure of its own, naming the file.
    std::fs::write(inputs.join("broken.pdf"), PDF).unwrap();
    let output = treaty(&["run", "in", "--out", "out-broken", "-q"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let failures = std::fs::read_to_string(dir.path().join("out-broken/failures.jsonl")).unwrap();
    let failure: serde_json::Value = serde_json::from_str(failures.trim()).unwrap();
    assert_eq!(failure["doc"], "broken");
    assert_eq!(failure["severity"], "error");
    assert!(failure["path"].as_str().unwrap().ends_with("broken.pdf"));
    assert!(
        failure["error"].as_str().unwrap().contains("PDF"),
        "{failure}"
    );
    assert_eq!(rows(&dir.path().join("out-broken")).len(), rows(&out).len());
}

/// `text` as HTML: `&`, `<`, `>` escaped, curly quotes as character references, each
/// paragraph (text between blank lines) a `<p>` whose line breaks are `<br>`.
fn as_html(text: &str, xhtml: bool) -> String {
    let escape = |paragraph: &str| {
        paragraph
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('\u{2019}', "&#8217;")
            .replace('\u{201C}', "&ldquo;")
            .replace('\u{201D}', "&#x201D;")
            .replace('\n', if xhtml { "<br/>\n" } else { "<br>\n" })
    };
    let body: Vec<String> = text
        .split("\n\n")
        .map(|paragraph| format!("<p class=\"text\">{}</p>", escape(paragraph)))
        .collect();
    let prologue = if xhtml {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"
    } else {
        "<!DOCTYPE html>\n<html lang=\"en\">"
    };
    format!(
        "{prologue}\n<head>\n<meta charset=\"utf-8\"/>\n<title>Convention between Canada and Denmark, Article 10</title>\n\
         <style>\np.text {{ margin: 0 0 1em 0; }} /* 15 per cent */\n</style>\n\
         <script>var rate = \"<p>25 per cent</p>\";</script>\n</head>\n<body>\n\
         <!-- Saved from the web: Article 99 -->\n{}\n</body>\n</html>\n",
        body.join("\n")
    )
}

/// The text of an HTML fragment made by [`as_html`]: tags removed, its references decoded.
fn without_markup(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    text.replace("&#8217;", "\u{2019}")
        .replace("&ldquo;", "\u{201C}")
        .replace("&#x201D;", "\u{201D}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The words of a text, whatever the white space between them.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn html_and_xhtml_treaties_give_the_rows_of_the_text_with_spans_into_the_html() {
    let dir = tempfile::tempdir().unwrap();
    let name = "canada-denmark-1997-en-web";
    let original = std::fs::read_to_string(corpus(&format!("{name}.txt"))).unwrap();
    for (folder, file, contents) in [
        ("txt", format!("{name}.txt"), original.clone()),
        ("html", format!("{name}.html"), as_html(&original, false)),
        ("xhtml", format!("{name}.xhtml"), as_html(&original, true)),
    ] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::write(dir.path().join(folder).join(file), contents).unwrap();
        let out = format!("{folder}-out");
        let output = treaty(&["run", folder, "--out", &out, "-q"], dir.path());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    let text_rows = rows(&dir.path().join("txt-out"));
    assert!(text_rows.len() >= 20, "{}", text_rows.len());
    for format in ["html", "xhtml"] {
        let markup =
            std::fs::read(dir.path().join(format).join(format!("{name}.{format}"))).unwrap();
        let markup_rows = rows(&dir.path().join(format!("{format}-out")));
        assert_eq!(markup_rows.len(), text_rows.len(), "{format}");
        for (markup_row, text_row) in markup_rows.iter().zip(&text_rows) {
            assert_eq!(
                without_offsets(markup_row),
                without_offsets(text_row),
                "{format}"
            );
            // The span slices the HTML file to the number as printed, as it slices the text.
            let (start, end) = offsets(markup_row);
            let (text_start, text_end) = offsets(text_row);
            assert_eq!(
                String::from_utf8_lossy(&markup[start..end]),
                original[text_start..text_end],
                "{format}: {markup_row}"
            );
        }
        // Articles too: same outline, and each article's span covers the same text.
        let articles = |folder: &str| -> Vec<Vec<String>> {
            std::fs::read_to_string(dir.path().join(folder).join("articles.csv"))
                .unwrap()
                .lines()
                .map(|line| line.split(',').map(str::to_owned).collect())
                .collect()
        };
        let text_articles = articles("txt-out");
        let markup_articles = articles(&format!("{format}-out"));
        assert_eq!(markup_articles.len(), text_articles.len());
        for (markup_article, text_article) in markup_articles.iter().zip(&text_articles).skip(1) {
            assert_eq!(markup_article[..8], text_article[..8], "{format}");
            let span = |article: &[String]| -> (usize, usize) {
                (article[8].parse().unwrap(), article[9].parse().unwrap())
            };
            let (start, end) = span(markup_article);
            let (text_start, text_end) = span(text_article);
            assert_eq!(
                words(&without_markup(&String::from_utf8_lossy(
                    &markup[start..end]
                ))),
                words(&original[text_start..text_end]),
                "{format}: article {}",
                markup_article[3]
            );
        }
        let report: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.path().join(format!("{format}-out/{name}.json"))).unwrap(),
        )
        .unwrap();
        let markup_count = report["normalization"]
            .as_array()
            .unwrap()
            .iter()
            .find(|count| count["fix"] == "markup")
            .unwrap()["count"]
            .as_u64()
            .unwrap();
        assert!(markup_count > 300, "{markup_count}");
    }
}

#[test]
fn a_text_with_a_few_nul_bytes_gives_the_same_rows_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let name = "portugal-montenegro-2016-pt-en";
    let clean = std::fs::read(corpus(&format!("{name}.txt"))).unwrap();
    // Five stray bytes: at the start, in the middle of words, inside a rate ("1\0" + "0 %")
    // and before the last byte.
    let rate = clean
        .windows(b"10 % do montante".len())
        .position(|window| window == b"10 % do montante")
        .unwrap();
    let mut points = vec![0, 1000, clean.len() / 2, rate + 1, clean.len() - 1];
    for point in &mut points {
        while std::str::from_utf8(&clean[..*point]).is_err() {
            *point += 1;
        }
    }
    points.sort();
    let mut noisy = Vec::new();
    let mut copied = 0;
    for (idx, &point) in points.iter().enumerate() {
        noisy.extend_from_slice(&clean[copied..point]);
        noisy.push(if idx == 2 { 0x1B } else { 0 });
        copied = point;
    }
    noisy.extend_from_slice(&clean[copied..]);
    for (folder, bytes) in [("clean", &clean), ("noisy", &noisy)] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::write(dir.path().join(folder).join(format!("{name}.txt")), bytes).unwrap();
        let output = treaty(
            &["run", folder, "--out", &format!("{folder}-out")],
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    let clean_rows = rows(&dir.path().join("clean-out"));
    let noisy_rows = rows(&dir.path().join("noisy-out"));
    assert!(clean_rows.len() > 30);
    assert_eq!(noisy_rows.len(), clean_rows.len());
    let shifted = |offset: usize| offset + points.iter().filter(|&&point| point <= offset).count();
    let mut checked_rate = false;
    for (noisy_row, clean_row) in noisy_rows.iter().zip(&clean_rows) {
        assert_eq!(without_offsets(noisy_row), without_offsets(clean_row));
        let (start, end) = offsets(noisy_row);
        let (clean_start, clean_end) = offsets(clean_row);
        // The span points at the same original bytes, stray bytes inside it aside.
        assert_eq!(start, shifted(clean_start), "{noisy_row}");
        assert_eq!(end, shifted(clean_end - 1) + 1, "{noisy_row}");
        let without_stray: Vec<u8> = noisy[start..end]
            .iter()
            .copied()
            .filter(|&byte| byte != 0 && byte != 0x1B)
            .collect();
        assert_eq!(without_stray, clean[clean_start..clean_end]);
        checked_rate |= clean_start == rate;
    }
    assert!(
        checked_rate,
        "a row spans the rate with the NUL byte inside"
    );
    let report: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join(format!("noisy-out/{name}.json"))).unwrap(),
    )
    .unwrap();
    let warning = report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|warning| warning["code"] == "stray_control_bytes")
        .unwrap_or_else(|| panic!("{}", report["warnings"]));
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .starts_with("5 stray control bytes (NUL, ESC, DEL, ...) were removed"),
        "{warning}"
    );
    // Without stray bytes there is no such warning.
    let clean_report =
        std::fs::read_to_string(dir.path().join(format!("clean-out/{name}.json"))).unwrap();
    assert!(!clean_report.contains("stray_control_bytes"));
}
