//! The pages read back through an HTML parser: every row highlighted at its span, every article
//! anchored, every link resolving, input text escaped, output deterministic.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use treaty_golden::{compare_document, score_table, RateRecord};
use treaty_pipeline::{process_document, Settings};
use treaty_report::{
    check_page, document_pages, index_page, DocumentInput, Failure, IndexEntry, Options, Page,
};
use treaty_schema::{DocumentReport, PartyReport, ProvisionReport, SignatureReport, Status};

fn process(doc: &str, bytes: &[u8]) -> DocumentReport {
    process_document(doc, bytes, &Settings::default()).expect("the document is text")
}

fn options() -> Options {
    Options {
        index: true,
        check_page: Some("check.html".to_string()),
        ..Options::default()
    }
}

/// Checks one document's pages; returns them.
fn check_document(report: &DocumentReport, bytes: &[u8], decoded: &str) -> Vec<Page> {
    check_document_with(report, bytes, decoded, &options())
}

fn check_document_with(
    report: &DocumentReport,
    bytes: &[u8],
    decoded: &str,
    options: &Options,
) -> Vec<Page> {
    let input = DocumentInput {
        report,
        bytes,
        comparison: None,
    };
    let pages = document_pages(&input, options);
    let parsed: BTreeMap<String, scraper::Html> = pages
        .iter()
        .map(|p| {
            (
                p.path.trim_start_matches("docs/").to_string(),
                parse(&p.html),
            )
        })
        .collect();
    // The text pages in order (the side-by-side pages aside).
    let text_pages: Vec<&scraper::Html> = pages
        .iter()
        .filter(|p| !p.path.ends_with(".versions.html"))
        .map(|p| &parsed[p.path.trim_start_matches("docs/")])
        .collect();

    // Every row is a highlight with its span, on exactly one page, showing exactly the bytes of
    // that span.
    let mut mark_of_row: BTreeMap<usize, (scraper::ElementRef<'_>, BTreeSet<String>)> =
        BTreeMap::new();
    let mut all_ids = BTreeSet::new();
    for page in &text_pages {
        let page_ids = ids(page);
        // Ids of places in the text are on one page only (the toggles, `o-…`, on every page).
        for id in page_ids.iter().filter(|id| !id.starts_with("o-")) {
            assert!(
                all_ids.insert(id.clone()),
                "{}: id {id} on two pages",
                report.doc
            );
        }
        for mark in select(page, "main mark.h[data-rows]") {
            for row in mark.value().attr("data-rows").unwrap_or("").split(' ') {
                let row: usize = row.parse().expect("row indices");
                assert!(
                    mark_of_row.insert(row, (mark, page_ids.clone())).is_none(),
                    "row {row} highlighted twice"
                );
            }
        }
    }
    assert_eq!(mark_of_row.len(), report.rows.len(), "{}", report.doc);
    for (index, row) in report.rows.iter().enumerate() {
        let (mark, page_ids) = &mark_of_row[&index];
        let attr = |name: &str| mark.value().attr(name).unwrap_or_default().to_string();
        assert_eq!(
            attr("data-s"),
            row.start.to_string(),
            "{} row {index}",
            report.doc
        );
        assert_eq!(
            attr("data-e"),
            row.end.to_string(),
            "{} row {index}",
            report.doc
        );
        let expected = decoded_span(bytes, decoded, row.start, row.end);
        assert_eq!(
            original_text(*mark).replace('\r', ""),
            expected.replace('\r', ""),
            "{} row {index}",
            report.doc
        );
        let title = attr("title");
        for field in [
            row.topic.as_str(),
            row.kind.as_str(),
            row.value.as_str(),
            row.unit.as_str(),
            row.status.as_str(),
            row.source.as_str(),
        ] {
            assert!(title.contains(field), "{title} lacks {field}");
        }
        if !row.condition.is_empty() {
            assert!(title.contains(&row.condition));
        }
        assert!(page_ids.contains(mark.value().attr("id").unwrap_or_default()));
        let class = attr("class");
        assert!(class.contains(&format!("k-{}", row.kind)), "{class}");
    }

    // Every article, protocol point and MLI provision has an anchor and an outline entry on
    // its page.
    for treaty in &report.treaties {
        for (v, version) in treaty.versions.iter().enumerate() {
            assert!(all_ids.contains(&format!("t{}v{v}", treaty.treaty)));
            for (letter, list) in [
                ('a', &version.articles),
                ('p', &version.protocol),
                ('m', &version.mli),
            ] {
                for index in 0..list.len() {
                    let id = format!("t{}v{v}{letter}{index}", treaty.treaty);
                    let page = text_pages
                        .iter()
                        .find(|p| ids(p).contains(&id))
                        .unwrap_or_else(|| panic!("{}: no anchor {id}", report.doc));
                    assert!(
                        ids(page).contains(&format!("o{id}")),
                        "no outline entry {id}"
                    );
                }
            }
        }
    }

    // Every link of every page resolves to a page of the document (or the index / check page
    // beside docs/) and to an element of it.
    for (name, page) in &parsed {
        for href in hrefs(page) {
            let (file, fragment) = href.split_once('#').unwrap_or((href.as_str(), ""));
            let file = percent_decode(file);
            if file == "../index.html" || file == "../check.html" {
                continue;
            }
            let target = if file.is_empty() {
                name.clone()
            } else {
                file.clone()
            };
            let target_page = parsed
                .get(&target)
                .unwrap_or_else(|| panic!("{name}: link {href} to a page that is not written"));
            if !fragment.is_empty() {
                assert!(
                    ids(target_page).contains(fragment),
                    "{name}: link {href} to a missing element"
                );
            }
        }
    }

    // The pages show the whole text, in order, with the original text of every fix kept.
    let shown: String = text_pages
        .iter()
        .map(|page| original_text(select(page, "main").remove(0)))
        .collect();
    assert_eq!(shown.replace('\r', ""), decoded.replace('\r', ""));
    pages
}

#[test]
fn large_documents_are_split_into_pages_that_link_to_each_other() {
    // Three documents in one file: three treaties, one of them bilingual.
    let mut text = String::new();
    for name in [
        "canada-denmark-1997-en-web.txt",
        "portugal-montenegro-2016-pt-en.txt",
        "en/nl-kenya-en.txt",
    ] {
        text.push_str(&std::fs::read_to_string(corpus(name)).expect("corpus"));
        text.push('\n');
    }
    let report = process("three", text.as_bytes());
    assert!(
        report.treaties.len() >= 3,
        "{} treaties",
        report.treaties.len()
    );
    let options = Options {
        page_bytes: 40_000,
        ..options()
    };
    let pages = check_document_with(&report, text.as_bytes(), &text, &options);
    let paths: Vec<&str> = pages.iter().map(|p| p.path.as_str()).collect();
    assert!(paths.len() >= 6, "{paths:?}");
    assert_eq!(paths[0], "docs/three.html");
    assert!(paths.contains(&"docs/three.2.html"));
    assert!(paths.iter().any(|p| p.ends_with(".versions.html")));

    // The check page links rows and places to the page they are on.
    let actual: Vec<RateRecord> = report.rows.iter().map(RateRecord::from).collect();
    let mut expected = actual.clone();
    let last = expected.pop().expect("rows");
    expected.remove(0);
    // Another value and another condition: no longer the same provision, so one missing and
    // one unexpected row (a value alone would be a changed row).
    expected.push(RateRecord {
        value: "99".into(),
        condition: "beneficial_owner=nobody".into(),
        ..last
    });
    let comparison = compare_document("three", &actual, &expected, &[], &[]);
    assert_eq!(comparison.rates.unexpected.len(), 2);
    assert_eq!(comparison.rates.missing.len(), 1);
    let table = score_table(std::slice::from_ref(&comparison));
    let input = DocumentInput {
        report: &report,
        bytes: text.as_bytes(),
        comparison: Some(&comparison),
    };
    let check = parse(&check_page(&[input], &table, &options));
    let parsed: BTreeMap<String, scraper::Html> = pages
        .iter()
        .map(|p| (p.path.clone(), parse(&p.html)))
        .collect();
    let links: Vec<String> = select(&check, "ul.rr a")
        .iter()
        .filter_map(|a| a.value().attr("href").map(str::to_string))
        .collect();
    assert_eq!(links.len(), 3, "{links:?}");
    assert!(
        links.iter().any(|l| !l.starts_with("docs/three.html#")),
        "{links:?}"
    );
    for link in links {
        let (file, id) = link.split_once('#').expect("a fragment");
        assert!(ids(&parsed[file]).contains(id), "{link}");
    }
}

fn decoded_span(bytes: &[u8], decoded: &str, start: usize, end: usize) -> String {
    if decoded.as_bytes() == bytes {
        decoded[start..end].to_string()
    } else {
        let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes[start..end]);
        text.into_owned()
    }
}

#[test]
fn every_row_is_highlighted_at_its_span_and_every_article_anchored() {
    for name in [
        "portugal-montenegro-2016-pt-en.txt",
        "brazil-denmark-1974-pt-en-ocr.txt",
        "canada-denmark-1997-en-web.txt",
        "en/nl-kenya-en.txt",
    ] {
        let bytes = std::fs::read(corpus(name)).expect("corpus file");
        let report = process(name, &bytes);
        assert!(!report.rows.is_empty());
        let decoded = String::from_utf8(bytes.clone()).expect("UTF-8 corpus");
        let pages = check_document(&report, &bytes, &decoded);
        let bilingual = report
            .treaties
            .iter()
            .any(|t| t.versions.iter().filter(|v| !v.articles.is_empty()).count() > 1);
        assert_eq!(pages.len(), if bilingual { 2 } else { 1 }, "{name}");
    }
}

#[test]
fn legacy_encodings_are_shown_decoded_with_spans_in_place() {
    let text =
        std::fs::read_to_string(corpus("portugal-montenegro-2016-pt-en.txt")).expect("corpus");
    let (bytes, _, lossy) = encoding_rs::WINDOWS_1252.encode(&text);
    assert!(!lossy);
    let report = process("pm-1252", &bytes);
    assert_eq!(report.encoding, "windows-1252");
    assert!(report.rows.len() > 30);
    check_document(&report, &bytes, &text);
}

#[test]
fn side_by_side_page_marks_agreed_and_unmatched_rows() {
    let bytes = std::fs::read(corpus("brazil-denmark-1974-pt-en-ocr.txt")).expect("corpus");
    let report = process("brazil-denmark-1974-pt-en-ocr", &bytes);
    let pages = document_pages(
        &DocumentInput {
            report: &report,
            bytes: &bytes,
            comparison: None,
        },
        &options(),
    );
    assert_eq!(
        pages[1].path,
        "docs/brazil-denmark-1974-pt-en-ocr.versions.html"
    );
    let page = parse(&pages[1].html);
    // Article 10 has both versions in one row of the page.
    let pair = select(&page, "#t1a-10").remove(0);
    let cells: Vec<_> = pair
        .children()
        .filter_map(scraper::ElementRef::wrap)
        .collect();
    assert_eq!(cells.len(), 2);
    let unmatched = report
        .rows
        .iter()
        .filter(|r| r.status == Status::Unmatched)
        .count();
    assert!(unmatched > 0);
    assert_eq!(select(&page, "li.st-unmatched").len(), unmatched);
    assert_eq!(
        select(&page, "li.st-agreed").len(),
        report
            .rows
            .iter()
            .filter(|r| r.status == Status::Agreed)
            .count()
    );
    assert!(!select(&page, "mark.h.st-unmatched").is_empty());
}

/// A treaty text with markup, ampersands, quotation marks and bidi controls in it.
const HOSTILE: &str = "Convention <script>alert('x')</script> & \"quotes\" 'single' \u{202e}evil\u{202c} \u{2066}isolate\u{2069}\n\nArticle 10\nDividends <img src=x onerror=alert(1)>\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed, but the tax so charged shall not exceed 15 per cent of the gross amount of the dividends & \"more\" \u{202e}.\n";

#[test]
fn input_text_is_escaped_everywhere() {
    let doc = "<b>\"x\"&'y'\u{202e}";
    let bytes = HOSTILE.as_bytes();
    let mut report = process(doc, bytes);
    assert!(!report.rows.is_empty());
    report.warnings.push(treaty_schema::Warning {
        code: "<i>code</i>".into(),
        message: "message with <script>alert(2)</script> \u{202e}".into(),
        start: Some(0),
        end: Some(10),
    });
    // Hostile identity: codes, names, title, signature and clause.
    let treaty = &mut report.treaties[0];
    treaty.title = "<script>alert(6)</script>\u{202e}".into();
    treaty.states = vec![PartyReport {
        alpha2: "<i>".into(),
        alpha3: "\"><script>alert(7)</script>".into(),
        former: Some("\u{202e}".into()),
        name: "<img src=x onerror=alert(8)>".into(),
        printed: "\u{2066}x".into(),
        start: 0,
        end: 5,
    }];
    treaty.signed = Some(SignatureReport {
        date: Some("<b>2017</b>".into()),
        place: "<script>alert(9)</script>".into(),
        quote: "\u{202e}\"'".into(),
        start: 10,
        end: 20,
    });
    treaty.entry_into_force = Some(ProvisionReport {
        date: None,
        quote: "<img src=y onerror=alert(10)>".into(),
        start: 30,
        end: 40,
    });
    let hostile_record = RateRecord {
        treaty: 1,
        lang: "en".into(),
        topic: "dividends".into(),
        article: "10".into(),
        paragraph: "9".into(),
        subparagraph: String::new(),
        kind: "rate".into(),
        value: "5".into(),
        unit: "percent".into(),
        condition: "<script>".into(),
        quote: "\u{202e}</li><script>alert(3)</script>".into(),
        source: None,
        modifies: None,
    };
    let comparison = compare_document(doc, &[], &[hostile_record], &[], &[]);
    let table = score_table(std::slice::from_ref(&comparison));
    let input = DocumentInput {
        report: &report,
        bytes,
        comparison: Some(&comparison),
    };
    let failure = Failure {
        severity: "error".into(),
        message: "<script>alert(4)</script>\u{202e}".into(),
    };
    let mut html = document_pages(&input, &options())
        .into_iter()
        .map(|p| p.html)
        .collect::<Vec<_>>();
    html.push(check_page(&[input], &table, &options()));
    let index = index_page(
        &[
            IndexEntry {
                doc,
                report: Some(&report),
                failure: None,
                comparison: Some(&comparison),
            },
            IndexEntry {
                doc: "<script>alert(5)</script>",
                report: None,
                failure: Some(&failure),
                comparison: None,
            },
        ],
        &options(),
    );
    html.push(index.clone());
    for page_html in &html {
        let page = parse(page_html);
        // The only script is the index's own.
        let scripts = select(&page, "script");
        assert!(scripts.len() <= 1);
        for script in scripts {
            assert!(!script.inner_html().contains("alert"));
        }
        assert!(select(&page, "img").is_empty());
        for string in all_strings(&page) {
            assert!(
                !string.chars().any(is_bidi_or_invisible),
                "a bidi or invisible character reached the page: {string:?}"
            );
        }
    }
    let title = select(&parse(&html[0]), "title")
        .remove(0)
        .text()
        .collect::<String>();
    assert_eq!(title, "<b>\"x\"&'y'⟨U+202E⟩ — treaty report");
    // The text shows the markup as text, and the controls as visible placeholders.
    let page = parse(&html[0]);
    let main = normalized_text(select(&page, "main").remove(0));
    assert!(main.contains("<script>alert('x')</script> & \"quotes\" 'single' "));
    assert!(main.contains("<img src=x onerror=alert(1)>"));
    assert_eq!(select(&page, "main .cc[data-c=RLO]").len(), 2);
    assert_eq!(select(&page, "main .cc[data-c=LRI]").len(), 1);
    assert_eq!(
        select(&page, "h1").remove(0).text().collect::<String>(),
        "<b>\"x\"&'y'⟨U+202E⟩"
    );
    // The hostile quote of a fixture row is text on the check page.
    let check = parse(&html[html.len() - 2]);
    assert!(check
        .root_element()
        .text()
        .any(|t| t.contains("</li><script>alert(3)</script>")));
    let index = parse(&index);
    assert!(index
        .root_element()
        .text()
        .any(|t| t.contains("<script>alert(4)</script>⟨U+202E⟩")));
    assert!(index
        .root_element()
        .text()
        .any(|t| t.contains("\"><script>alert(7)</script>")));
    let panel: String = select(&parse(&html[0]), "aside section.treaty")
        .remove(0)
        .text()
        .collect();
    for shown in [
        "<script>alert(6)</script>⟨U+202E⟩",
        "<img src=x onerror=alert(8)>",
        "<b>2017</b>, <script>alert(9)</script>",
        "<img src=y onerror=alert(10)>",
    ] {
        assert!(panel.contains(shown), "{panel}");
    }
    // The document link percent-encodes the name.
    assert!(hrefs(&index).contains(&"docs/%3Cb%3E%22x%22%26%27y%27%E2%80%AE.html".to_string()));
}

#[test]
fn pages_are_deterministic() {
    let bytes = std::fs::read(corpus("portugal-montenegro-2016-pt-en.txt")).expect("corpus");
    let report = process("portugal-montenegro-2016-pt-en", &bytes);
    let input = DocumentInput {
        report: &report,
        bytes: &bytes,
        comparison: None,
    };
    let first = document_pages(&input, &options());
    let second = std::thread::scope(|scope| {
        scope
            .spawn(|| document_pages(&input, &options()))
            .join()
            .expect("renders")
    });
    assert_eq!(first, second);
}

#[test]
fn bad_spans_and_changed_bytes_do_not_panic() {
    let bytes = std::fs::read(corpus("canada-denmark-1997-en-web.txt")).expect("corpus");
    let mut report = process("canada", &bytes);
    // Spans past the end, reversed, inside characters; a file shorter than the report says.
    report.rows[0].start = usize::MAX;
    report.rows[1].start = 50;
    report.rows[1].end = 10;
    report.warnings.push(treaty_schema::Warning {
        code: "x".into(),
        message: "y".into(),
        start: Some(bytes.len() * 2),
        end: None,
    });
    report.treaties[0].versions[0].articles[0].start = usize::MAX - 1;
    if let Some(state) = report.treaties[0].states.first_mut() {
        state.start = usize::MAX;
    }
    if let Some(signed) = report.treaties[0].signed.as_mut() {
        (signed.start, signed.end) = (50, 10);
    }
    for bytes in [&bytes[..], &bytes[..100], &[][..], &[0xff, 0xfe, 0x00][..]] {
        let pages = document_pages(
            &DocumentInput {
                report: &report,
                bytes,
                comparison: None,
            },
            &options(),
        );
        let page = parse(&pages[0].html);
        assert_eq!(select(&page, "mark.h[data-rows]").len(), {
            let mut spans: Vec<(usize, usize)> =
                report.rows.iter().map(|r| (r.start, r.end)).collect();
            spans.sort_unstable();
            spans.dedup();
            spans.len()
        });
        for id in ["t1s0", "t1s1", "t1sg"] {
            assert_eq!(select(&page, &format!("main mark#{id}")).len(), 1, "{id}");
        }
        if bytes.len() != report.bytes {
            assert_eq!(select(&page, "header .banner").len(), 1);
        }
    }
}

#[test]
fn check_page_shows_found_and_exact_scores_and_field_agreement() {
    let name = "portugal-montenegro-2016-pt-en.txt";
    let bytes = std::fs::read(corpus(name)).expect("corpus file");
    let report = process(name, &bytes);
    let actual: Vec<RateRecord> = report
        .rows
        .iter()
        .map(|row| RateRecord {
            source: None,
            modifies: None,
            ..RateRecord::from(row)
        })
        .collect();
    // The fixture wants another condition on one row: every row is found, one is not exact.
    let mut expected = actual.clone();
    expected[0].condition = "beneficial_owner=nobody".into();
    let n = actual.len();
    let comparison = compare_document(&report.doc, &actual, &expected, &[], &[]);
    assert_eq!(comparison.rates.changed.len(), 1);
    let table = score_table(std::slice::from_ref(&comparison));
    let input = DocumentInput {
        report: &report,
        bytes: &bytes,
        comparison: Some(&comparison),
    };
    let page = parse(&check_page(&[input], &table, &options()));
    let headers: Vec<String> = select(&page, "thead th")
        .iter()
        .map(|th| th.text().collect())
        .collect();
    for header in ["F1", "exact F1", "condition", "source", "modifies"] {
        assert!(headers.iter().any(|h| h == header), "{headers:?}");
    }
    let overall_row: Vec<String> = select(&page, "tbody tr")
        .iter()
        .find(|tr| tr.text().next() == Some("rate rows"))
        .expect("the overall line")
        .select(&scraper::Selector::parse("td").unwrap())
        .map(|td| td.text().collect())
        .collect();
    let exact_f1 = format!("{:.3}", (n - 1) as f64 / n as f64);
    let condition_share = format!("{:.3}", (n - 1) as f64 / n as f64);
    assert_eq!(
        overall_row[1..],
        [
            n.to_string(),
            n.to_string(),
            n.to_string(),
            (n - 1).to_string(),
            "1.000".into(),
            "1.000".into(),
            "1.000".into(),
            exact_f1.clone(),
            exact_f1.clone(),
            exact_f1,
            "1.000".into(),
            condition_share,
            "-".into(),
            "-".into(),
        ],
        "{overall_row:?}"
    );
}

/// The treaty panel of a document page: parties, signature and headline numbers, each linked
/// to a highlight of its place in the text.
#[test]
fn document_pages_show_parties_dates_and_headline_numbers_linked_to_the_text() {
    let bytes = std::fs::read(corpus("japan-denmark-2017-ja-pdf.txt")).expect("corpus");
    let report = process("japan-denmark-2017-ja-pdf", &bytes);
    let decoded = String::from_utf8(bytes.clone()).expect("UTF-8 corpus");
    // Every link resolves to an element of a written page (checked inside).
    let pages = check_document(&report, &bytes, &decoded);
    let page = parse(&pages[0].html);
    let panels = select(&page, "aside section.treaty");
    assert_eq!(panels.len(), report.treaties.len());
    let panel = panels[0];
    let text: String = panel.text().collect();
    for expected in ["JPN", "DNK", "Japan", "Denmark", "2017-10-11", "東京"] {
        assert!(
            text.contains(expected),
            "the panel lacks {expected}: {text}"
        );
    }
    let panel_links: Vec<String> = select(&page, "aside section.treaty a[href]")
        .into_iter()
        .filter_map(|a| a.value().attr("href").map(str::to_string))
        .collect();
    // The party codes and the signature link to highlights of exactly their spans.
    let treaty = &report.treaties[0];
    let signed = treaty.signed.as_ref().expect("a signature");
    let mut places: Vec<(String, usize, usize)> = treaty
        .states
        .iter()
        .enumerate()
        .map(|(index, state)| (format!("t1s{index}"), state.start, state.end))
        .collect();
    places.push(("t1sg".to_string(), signed.start, signed.end));
    assert_eq!(places.len(), 3);
    for (id, start, end) in places {
        assert!(panel_links.contains(&format!("#{id}")), "no link to {id}");
        let mark = select(&page, &format!("main mark#{id}")).remove(0);
        assert_eq!(
            original_text(mark),
            decoded_span(&bytes, &decoded, start, end)
        );
    }
    assert_eq!(
        original_text(select(&page, "main mark#t1s0").remove(0)),
        "日本国"
    );
    // Each headline number links to the highlight of the row its `_row` names.
    let headline = &treaty_schema::treaty_rows(&report)[0];
    let reference = headline.dividends_general_row.as_deref().expect("a row");
    let start: usize = reference
        .rsplit_once('@')
        .expect("a row")
        .1
        .parse()
        .expect("a start");
    let numbers = select(&page, "aside section.treaty a.hl");
    assert!(numbers.len() >= 4, "{}", numbers.len());
    let dividends = numbers
        .iter()
        .find(|a| a.value().attr("title") == Some(&format!("row {reference}")))
        .expect("the dividend rate");
    assert_eq!(
        dividends.text().collect::<String>(),
        format!(
            "{} %",
            headline.dividends_general_rate.as_ref().expect("a rate")
        )
    );
    let id = dividends
        .value()
        .attr("href")
        .unwrap_or_default()
        .trim_start_matches('#');
    let mark = select(&page, &format!("main mark#{id}")).remove(0);
    assert_eq!(
        mark.value().attr("data-s"),
        Some(start.to_string().as_str())
    );
}

/// Index entries of processed documents without fixtures.
fn index_entries<'a>(
    reports: impl IntoIterator<Item = (&'a str, &'a DocumentReport)>,
) -> Vec<IndexEntry<'a>> {
    reports
        .into_iter()
        .map(|(doc, report)| IndexEntry {
            doc,
            report: Some(report),
            failure: None,
            comparison: None,
        })
        .collect()
}

/// The index shows each treaty's parties as alpha-3 codes, its signature date and the headline
/// dividend, interest and royalty rates, one line per treaty, and filters by party.
#[test]
fn the_index_shows_parties_signature_dates_and_headline_rates() {
    let mut entries_data = Vec::new();
    for name in [
        "japan-denmark-2017-ja-pdf.txt",
        "canada-denmark-1997-en-web.txt",
    ] {
        let bytes = std::fs::read(corpus(name)).expect("corpus");
        let doc = name.trim_end_matches(".txt").to_string();
        let report = process(&doc, &bytes);
        entries_data.push((doc, report));
    }
    let entries = index_entries(
        entries_data
            .iter()
            .map(|(doc, report)| (doc.as_str(), report)),
    );
    let html = index_page(&entries, &options());
    let page = parse(&html);
    let rows = select(&page, "#docs tbody tr");
    assert_eq!(rows.len(), 2);
    let japan: String = rows[0].text().collect();
    for expected in ["JPN", "DNK", "2017-10-11"] {
        assert!(japan.contains(expected), "{japan}");
    }
    assert!(rows[0]
        .value()
        .attr("data-parties")
        .is_some_and(|p| p.split(' ').any(|c| c == "DNK")));
    let headline = &treaty_schema::treaty_rows(&entries_data[0].1)[0];
    let number =
        |value: &Option<treaty_schema::Decimal>| value.as_ref().expect("a rate").to_string();
    let cells: Vec<String> = select(&page, "#docs tbody tr:first-child td.rate")
        .into_iter()
        .map(|td| td.text().collect())
        .collect();
    assert_eq!(
        cells,
        [
            format!(
                "{} / {}",
                number(&headline.dividends_substantial_rate),
                number(&headline.dividends_general_rate)
            ),
            number(&headline.interest_general_rate),
            number(&headline.royalties_general_rate)
        ]
    );
    // A document with two treaties has a line per treaty in each column.
    let canada = &entries_data[1].1;
    assert_eq!(canada.treaties.len(), 2);
    let parties = select(&page, "#docs tbody tr:nth-child(2) td.parties div");
    assert_eq!(parties.len(), 2);
    // The party filter offers every code.
    let codes: Vec<String> = select(&page, "select[name=party] option")
        .into_iter()
        .map(|o| o.text().collect())
        .collect();
    for code in ["CAN", "DNK", "JPN"] {
        assert!(codes.iter().any(|c| c == code), "{codes:?}");
    }
}

/// A convention cut before its dividend article is `incomplete` in the index, with the
/// reasons, never `ok`; the whole convention is not.
#[test]
fn the_index_calls_an_incomplete_document_incomplete_with_its_reasons() {
    let bytes = std::fs::read(corpus("en/nl-kenya-en.txt")).expect("corpus");
    let whole = process("whole", &bytes);
    let cut_at = whole.treaties[0].versions[0]
        .articles
        .iter()
        .find(|article| article.article == "10")
        .expect("article 10")
        .start;
    let cut = process("cut", &bytes[..cut_at]);
    assert_eq!(cut.status, "incomplete");
    let entries = index_entries([("whole", &whole), ("cut", &cut)]);
    let page = parse(&index_page(&entries, &options()));
    let rows = select(&page, "#docs tbody tr");
    let status =
        |row: &scraper::ElementRef| row.value().attr("data-status").unwrap_or("").to_string();
    assert!(
        !status(&rows[0]).split(' ').any(|w| w == "incomplete"),
        "{}",
        status(&rows[0])
    );
    let cut_status = status(&rows[1]);
    assert!(
        cut_status.split(' ').any(|w| w == "incomplete"),
        "{cut_status}"
    );
    assert!(!cut_status.split(' ').any(|w| w == "ok"), "{cut_status}");
    let cell: String = rows[1].text().collect();
    assert!(
        cell.contains("incomplete") && cell.contains("no dividends rate found"),
        "{cell}"
    );
}
