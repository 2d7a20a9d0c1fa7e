//! The HTML review report, end to end: `treaty run --report`, `treaty report`,
//! `treaty check --html`, read back through an HTML parser.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::*;
use scraper::{ElementRef, Html, Node, Selector};

fn parse_file(path: &Path) -> Html {
    let html = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let page = Html::parse_document(&html);
    assert!(
        page.errors.is_empty(),
        "{}: {:?}",
        path.display(),
        page.errors
    );
    page
}

fn select<'a>(page: &'a Html, selector: &str) -> Vec<ElementRef<'a>> {
    page.select(&Selector::parse(selector).unwrap()).collect()
}

fn ids(page: &Html) -> BTreeSet<String> {
    select(page, "[id]")
        .iter()
        .filter_map(|e| e.value().attr("id").map(str::to_string))
        .collect()
}

/// The text of an element as the original file has it (normalization replacements and article
/// labels left out).
fn original_text(element: ElementRef<'_>, out: &mut String) {
    for child in element.children() {
        match child.value() {
            Node::Text(text) => out.push_str(text),
            Node::Element(inner) if inner.name() == "ins" || inner.classes().any(|c| c == "an") => {
            }
            Node::Element(_) => original_text(ElementRef::wrap(child).unwrap(), out),
            _ => {}
        }
    }
}

fn percent_decode(text: &str) -> String {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], text.get(i + 1..i + 3)) {
            (b'%', Some(hex)) if u8::from_str_radix(hex, 16).is_ok() => {
                out.push(u8::from_str_radix(hex, 16).unwrap());
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap()
}

/// Every page under `folder`, by path.
fn pages(folder: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(folder).unwrap().to_path_buf();
                found.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    found
}

/// Every link of every page under `folder` leads to a file that exists and, with a fragment,
/// to an element of it; no link leaves the folder or the machine.
fn assert_links_resolve(folder: &Path) -> usize {
    let mut parsed: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut checked = 0;
    for relative in pages(folder).keys() {
        let path = folder.join(relative);
        let page = parse_file(&path);
        for link in select(&page, "a[href]") {
            let href = link.value().attr("href").unwrap();
            assert!(
                !href.contains("://"),
                "{}: external link {href}",
                path.display()
            );
            let (file, fragment) = href.split_once('#').unwrap_or((href, ""));
            let target = if file.is_empty() {
                path.clone()
            } else {
                path.parent().unwrap().join(percent_decode(file))
            };
            let target = target
                .canonicalize()
                .unwrap_or_else(|_| panic!("{}: link {href} to a missing file", path.display()));
            assert!(target.starts_with(folder.canonicalize().unwrap()));
            if !fragment.is_empty() {
                let target_ids = parsed
                    .entry(target.clone())
                    .or_insert_with(|| ids(&parse_file(&target)));
                assert!(
                    target_ids.contains(fragment),
                    "{}: link {href}: no element with that id",
                    path.display()
                );
            }
            checked += 1;
        }
        // Self-contained: no external stylesheet, script, image or font.
        assert!(select(&page, "link, img, script[src], iframe").is_empty());
    }
    checked
}

#[test]
fn run_report_shows_every_row_at_its_span_and_is_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let root = workspace_root();
    // The corpus, an empty file (a failure), and the fixtures in the working folder.
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    let corpus_dir = root.join("corpus");
    let mut originals: BTreeMap<String, PathBuf> = BTreeMap::new();
    for entry in walk(&corpus_dir) {
        if entry.extension().is_some_and(|e| e == "txt") {
            let name = entry.file_name().unwrap().to_owned();
            std::fs::copy(&entry, inputs.join(&name)).unwrap();
            originals.insert(
                entry.file_stem().unwrap().to_string_lossy().into_owned(),
                inputs.join(name),
            );
        }
    }
    std::fs::write(inputs.join("empty.txt"), b"").unwrap();
    copy_dir(&root.join("fixtures"), &dir.path().join("fixtures"));

    let output = treaty(
        &[
            "run", "in", "--out", "out", "--quiet", "--jobs", "2", "--report",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let out = dir.path().join("out");
    let report = out.join("report");
    assert!(report.join("index.html").is_file());
    assert!(report.join("check.html").is_file());

    // Every row of rates.csv is a highlight with its span, showing the bytes of that span.
    let mut rows = csv::Reader::from_path(out.join("rates.csv")).unwrap();
    let mut marks_by_doc: BTreeMap<String, BTreeMap<(String, String), String>> = BTreeMap::new();
    let mut n_rows = 0;
    for record in rows.records() {
        let record = record.unwrap();
        let (doc, start, end) = (&record[0], &record[12], &record[13]);
        let marks = marks_by_doc.entry(doc.to_string()).or_insert_with(|| {
            let page = parse_file(&report.join("docs").join(format!("{doc}.html")));
            select(&page, "main mark.h[data-s]")
                .into_iter()
                .map(|mark| {
                    let attr = |name| mark.value().attr(name).unwrap().to_string();
                    let mut shown = String::new();
                    original_text(mark, &mut shown);
                    ((attr("data-s"), attr("data-e")), shown)
                })
                .collect()
        });
        let shown = marks
            .get(&(start.to_string(), end.to_string()))
            .unwrap_or_else(|| panic!("{doc}: no highlight at {start}..{end}"));
        let bytes = std::fs::read(&originals[doc]).unwrap();
        let (start, end): (usize, usize) = (start.parse().unwrap(), end.parse().unwrap());
        assert_eq!(
            shown,
            &String::from_utf8_lossy(&bytes[start..end]),
            "{doc} {start}..{end}"
        );
        n_rows += 1;
    }
    assert!(n_rows > 1000, "{n_rows} rows");

    // Every article, protocol point and MLI provision of every document has an anchor.
    for doc in originals.keys() {
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(format!("{doc}.json"))).unwrap())
                .unwrap();
        let page_ids = ids(&parse_file(
            &report.join("docs").join(format!("{doc}.html")),
        ));
        for treaty in json["treaties"].as_array().unwrap() {
            let t = &treaty["treaty"];
            for (v, version) in treaty["versions"].as_array().unwrap().iter().enumerate() {
                for (letter, list) in [('a', "articles"), ('p', "protocol"), ('m', "mli")] {
                    let n = version[list].as_array().map_or(0, Vec::len);
                    for i in 0..n {
                        let id = format!("t{t}v{v}{letter}{i}");
                        assert!(page_ids.contains(&id), "{doc}: no anchor {id}");
                    }
                }
            }
        }
    }

    // The index has a row per input, the failure with its message.
    let index = parse_file(&report.join("index.html"));
    let lines = select(&index, "#docs tbody tr");
    assert_eq!(lines.len(), originals.len() + 1);
    let empty = lines
        .iter()
        .find(|tr| tr.text().any(|t| t == "empty"))
        .expect("the failed document is listed");
    assert!(empty.text().collect::<String>().contains("empty"));
    assert!(empty
        .value()
        .attr("data-status")
        .unwrap()
        .contains("failed"));
    assert_eq!(select(&index, "form#filters[hidden]").len(), 1);

    assert!(assert_links_resolve(&report) > 5000);

    // Byte-identical: the same report from `treaty report` on one thread, and from another run.
    let first = pages(&report);
    let output = treaty(
        &["report", "in", "--out", "out", "--jobs", "1", "-q"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        first,
        pages(&report),
        "treaty report --jobs 1 differs from run --jobs 2"
    );
    let output = treaty(
        &[
            "run", "in", "--out", "again", "--quiet", "--jobs", "1", "--report",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(first, pages(&dir.path().join("again").join("report")));
    // Nothing but the pages: no temporary files left behind.
    assert!(first
        .keys()
        .all(|p| p.extension().is_some_and(|e| e == "html")));
}

#[test]
fn check_html_links_each_difference_to_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let root = workspace_root();
    let doc = "brazil-denmark-1974-pt-en-ocr";
    let output = treaty(
        &[
            "check",
            root.join("corpus")
                .join(format!("{doc}.txt"))
                .to_str()
                .unwrap(),
            "--fixtures",
            root.join("fixtures").to_str().unwrap(),
            "--quiet",
            "--html",
            "html/check.html",
        ],
        dir.path(),
    );
    assert!(output.status.code().is_some(), "{}", text(&output.stderr));
    let folder = dir.path().join("html");
    let page = parse_file(&folder.join("check.html"));
    assert!(folder.join("docs").join(format!("{doc}.html")).is_file());
    assert!(folder
        .join("docs")
        .join(format!("{doc}.versions.html"))
        .is_file());
    assert!(!folder.join("index.html").exists());
    // Every missing, unexpected and changed row is a link into the document page.
    let section = select(&page, &format!("section#d-{doc}")).remove(0);
    let items: Vec<_> = section
        .select(&Selector::parse("ul.rr > li").unwrap())
        .collect();
    assert!(!items.is_empty());
    for item in items {
        let link = item
            .select(&Selector::parse("a").unwrap())
            .next()
            .unwrap_or_else(|| panic!("no link: {}", item.html()));
        assert!(link
            .value()
            .attr("href")
            .unwrap()
            .starts_with(&format!("docs/{doc}.html#")));
    }
    // Score tables per document, language and topic.
    let headings: Vec<String> = select(&page, "h2")
        .iter()
        .map(|h| h.text().collect())
        .collect();
    for heading in ["Per document", "Per language", "Per topic"] {
        assert!(headings.iter().any(|h| h == heading), "{headings:?}");
    }
    assert!(assert_links_resolve(&folder) > 100);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn copy_dir(from: &Path, to: &Path) {
    for file in walk(from) {
        let target = to.join(file.strip_prefix(from).unwrap());
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(&file, target).unwrap();
    }
}

/// Articles have anchors a reader can guess (`art-10`, `en-art-10`, `t2-en-art-10`), each
/// right before the article's label, and no id appears twice on a page.
#[test]
fn articles_have_readable_anchors() {
    let dir = tempfile::tempdir().unwrap();
    let montenegro = corpus("portugal-montenegro-2016-pt-en.txt");
    let canada = corpus("canada-denmark-1997-en-web.txt");
    let output = treaty(
        &[
            "run",
            montenegro.to_str().unwrap(),
            canada.to_str().unwrap(),
            "--out",
            "out",
            "-q",
            "--report",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let docs = dir.path().join("out/report/docs");
    for (doc, anchors) in [
        (
            "portugal-montenegro-2016-pt-en",
            &["art-10", "pt-art-10", "en-art-10", "en-art-12"][..],
        ),
        (
            "canada-denmark-1997-en-web",
            &["t2-en-art-10", "t2-en-art-11"][..],
        ),
    ] {
        let path = docs.join(format!("{doc}.html"));
        let html = std::fs::read_to_string(&path).unwrap();
        let page = parse_file(&path);
        let all_ids: Vec<String> = select(&page, "[id]")
            .iter()
            .filter_map(|e| e.value().attr("id").map(str::to_string))
            .collect();
        assert_eq!(
            all_ids.len(),
            ids(&page).len(),
            "{doc}: an id appears twice"
        );
        for anchor in anchors {
            let at = html
                .find(&format!("<span id=\"{anchor}\"></span>"))
                .unwrap_or_else(|| panic!("{doc}: no anchor {anchor}"));
            let label_at = at + html[at..].find("<a class=\"an").unwrap();
            assert!(
                html[at..label_at].chars().all(|c| c != '\n'),
                "{doc}: {anchor} is not at its article's label"
            );
            let label = &html[label_at..label_at + html[label_at..].find("</a>").unwrap()];
            let number = anchor.rsplit('-').next().unwrap();
            assert!(
                label.ends_with(&format!(" {number}")),
                "{doc} {anchor}: {label}"
            );
        }
    }
}
