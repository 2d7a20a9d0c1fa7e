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
    row
}

fn offsets(row: &serde_json::Value) -> (usize, usize) {
    (
        row["start"].as_u64().unwrap() as usize,
        row["end"].as_u64().unwrap() as usize,
    )
}

#[test]
fn a_folder_of_pdfs_is_an_error_that_names_what_was_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let pdfs = dir.path().join("pdfs");
    std::fs::create_dir(&pdfs).unwrap();
    std::fs::write(pdfs.join("canada-denmark.pdf"), PDF).unwrap();
    std::fs::write(pdfs.join("japan-denmark.docx"), DOCX).unwrap();
    std::fs::write(pdfs.join("scan.png"), PNG).unwrap();
    std::fs::write(pdfs.join("notes.md"), "# Notes\n").unwrap();
    let output = treaty(&["run", "pdfs", "--out", "out"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("nothing to process: pdfs holds no .txt, .html, .htm or .xhtml files"),
        "{stderr}"
    );
    for expected in [
        "pdfs/canada-denmark.pdf: it is a PDF document, not text; extract its text first: \
         `pdftotext -layout pdfs/canada-denmark.pdf pdfs/canada-denmark.txt` \
         (Debian/Ubuntu: apt-get install poppler-utils)",
        "pdfs/japan-denmark.docx: it is a Word document (DOCX), not text; extract its text first: \
         `pandoc --wrap=none -t plain pdfs/japan-denmark.docx -o pdfs/japan-denmark.txt`",
        "pdfs/scan.png: it is a PNG image, not text; run OCR on it first: `tesseract pdfs/scan.png pdfs/scan",
        "pdfs/notes.md: only .txt, .html, .htm or .xhtml files are read from folders",
    ] {
        assert!(stderr.contains(expected), "{expected}\nnot in:\n{stderr}");
    }
    assert!(!dir.path().join("out").exists(), "nothing was written");

    // An empty folder, too.
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let output = treaty(&["run", "empty", "--out", "out"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .contains("empty holds no .txt, .html, .htm or .xhtml files (it is empty)"),
        "{}",
        text(&output.stderr)
    );

    // `check` says the same instead of comparing nothing.
    let output = treaty(&["check", "pdfs", "--fixtures", "pdfs"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("nothing to process"));
}

#[test]
fn a_pdf_named_directly_fails_with_the_command_that_extracts_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::write(inputs.join("treaty.pdf"), PDF).unwrap();
    let output = treaty(&["run", "in/treaty.pdf", "--out", "out", "-q"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let expected = "in/treaty.pdf: it is a PDF document, not text; extract its text first: \
                    `pdftotext -layout in/treaty.pdf in/treaty.txt` (Debian/Ubuntu: apt-get install poppler-utils)";
    assert!(stderr.contains(expected), "{stderr}");
    assert!(!stderr.contains("NUL byte"), "{stderr}");
    let failure: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(dir.path().join("out/failures.jsonl"))
            .unwrap()
            .trim(),
    )
    .unwrap();
    assert_eq!(failure["severity"], "error");
    assert!(failure["error"]
        .as_str()
        .unwrap()
        .contains("pdftotext -layout in/treaty.pdf in/treaty.txt"));

    // Beside a text, the PDF in a folder is skipped with a note and the text is processed.
    std::fs::copy(
        corpus("canada-denmark-1997-en-web.txt"),
        inputs.join("canada.txt"),
    )
    .unwrap();
    let output = treaty(&["run", "in", "--out", "out2"], dir.path());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("treaty: skipped in/treaty.pdf: it is a PDF document, not text;"),
        "{stderr}"
    );
    assert!(stderr.contains("1 documents (0 resumed)"), "{stderr}");
    let quiet = treaty(&["run", "in", "--out", "out3", "-q"], dir.path());
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(text(&quiet.stderr), "");
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
