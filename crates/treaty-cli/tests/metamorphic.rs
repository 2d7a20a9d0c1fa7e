//! Metamorphic tests: damaged variants of the corpus texts must give the same core rows.
//!
//! Each variant is derived in code from a clean corpus text the way PDF extraction, OCR and
//! copying damage real treaties: one character per line, hard line breaks, full-width digits,
//! page markers, re-wrapping, line-end hyphens, CRLF with a byte-order mark, lost line breaks,
//! OCR letter confusions in headings, and two language columns read across.
//! The core rows are the rates of dividends, interest and royalties, the construction-PE
//! duration and the 183-day rule, compared by language, topic, article, kind, value, unit and
//! condition.
//!
//! A variant the pipeline cannot yet handle is listed in [`KNOWN_FAILURES`] with the reason;
//! the test fails if a listed variant starts to pass (so the list only shrinks) or if any
//! other variant loses or gains a core row.

use std::collections::BTreeSet;
use std::path::Path;

use treaty_cli::dictionary::LazyTokenizer;
use treaty_extract::{process_document, Settings};
use treaty_normalize::IngestConfig;

mod common;
use common::workspace_root;

/// (document, variant): why the variant does not give the clean text's core rows yet.
const KNOWN_FAILURES: &[(&str, &str, &str)] = &[
    (
        "hong-kong--synthesizedtextforjapan-hongkong-jp",
        "one-char-per-line",
        "one character per line glues each page-marker line (# Page 12) to the paragraph number after it and loses every line start: the interest article's paragraphs merge, so its list items read as standing after their text and the exempted tiers' beneficiaries shift",
    ),
    (
        "mexico--synthesizedtextforjapan-mexico-jp",
        "one-char-per-line",
        "one character per line glues each page-marker line (# Page 12) to the paragraph number after it and loses every line start: the dividends and interest articles' paragraphs merge, so list tiers take the conditions of their neighbours",
    ),
    (
        "nl-malawi-en",
        "hyphenated",
        "a beneficiary named in a word hyphenated at the end of a line inside a list item is not recognised",
    ),
    (
        "australia--synthesizedtextforjapan-australia-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "netherlands--synthesisedtextforjapan-netherlands-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "new-zealand--synthesizedtextforjapan-newzealand-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "portugal-montenegro-2016-pt-en",
        "two-columns",
        "every rate is found in both languages, but clauses rebuilt from two columns lose their item boundaries: royalty classes, some exempted beneficiaries, and the Portuguese PE and 183-day clauses",
    ),
    (
        "nl-estonia-en",
        "rewrapped-55",
        "re-wrapped at 55 columns, a wrapped line that starts with a list item's words is read as part of the previous item, so the item's beneficiary or income class is lost",
    ),
    (
        "canada-denmark-1997-en-web",
        "rewrapped-55",
        "the text prints no article headings; re-wrapping moves the numbering restarts and list context the article boundaries are inferred from",
    ),
    (
        "canada-denmark-1997-en-web",
        "rewrapped-70",
        "the text prints no article headings; re-wrapping moves the numbering restarts and list context the article boundaries are inferred from",
    ),
    (
        "canada-denmark-1997-en-web",
        "hyphenated",
        "the text prints no article headings; re-wrapping moves the numbering restarts and list context the article boundaries are inferred from",
    ),
    (
        "canada-denmark-1997-en-web",
        "one-line",
        "the text prints no article headings; without line breaks no paragraph numbering restart is left to infer articles from",
    ),
    (
        "canada--synthesizedtextforjapan-canada-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "france--synthesizedtextforjapan-france-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "indonesia--synthesizedtextforjapan-indonesia-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "kuwait--sy220217ku-a",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "philippines--philippines-st-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "sweden--synthesizedtextforjapan-swedenjp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
    (
        "united-kingdom--synthesizedtextforjapan-unitedkingdom-jp",
        "one-char-per-line",
        "one character per line loses every line start: list items then read as standing after their text, as vertical PDF text prints them, so the conditions of list tiers shift",
    ),
];

type Core = BTreeSet<(String, String, String, String, String, String, String)>;

fn core_rows(doc: &str, bytes: &[u8], tokenizer: &LazyTokenizer) -> Core {
    let settings = Settings {
        ingest: IngestConfig::default(),
        tokenizers: Some(tokenizer),
    };
    let Ok(report) = process_document(doc, bytes, &settings) else {
        return Core::new();
    };
    report
        .rows
        .iter()
        .filter(|row| {
            (row.kind == "rate"
                && ["dividends", "interest", "royalties"].contains(&row.topic.as_str()))
                || row.condition == "measure=pe_construction"
                || row.condition == "measure=employment_days"
        })
        .map(|row| {
            (
                row.lang.clone(),
                row.topic.clone(),
                row.article.clone(),
                row.kind.clone(),
                row.value.clone(),
                row.unit.clone(),
                row.condition.clone(),
            )
        })
        .collect()
}

// ---- Japanese variants -------------------------------------------------------------------

/// Every character on a line of its own, as vertical PDF text comes out.
fn one_character_per_line(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        out.push(c);
        out.push('\n');
    }
    out
}

/// Each line cut every `width` characters.
fn hard_breaks(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let chars: Vec<char> = line.chars().collect();
        for chunk in chars.chunks(width.max(1)) {
            out.extend(chunk);
            out.push('\n');
        }
        if chars.is_empty() {
            out.push('\n');
        }
    }
    out
}

/// ASCII digits as full-width digits.
fn full_width_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '0'..='9' => char::from_u32(c as u32 - '0' as u32 + '０' as u32).unwrap(),
            other => other,
        })
        .collect()
}

/// A page marker and a page-number line every 40 lines.
fn page_markers(text: &str) -> String {
    let mut out = String::new();
    let mut page = 1;
    for (index, line) in text.lines().enumerate() {
        if index % 40 == 0 {
            out.push_str(&format!("\n# Page {page}\n{page} \n \n"));
            page += 1;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

// ---- Latin variants ----------------------------------------------------------------------

/// Paragraphs re-wrapped at `width` columns (a blank line still separates blocks).
fn rewrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut column = 0;
        for word in line.split_whitespace() {
            if column > 0 && column + 1 + word.chars().count() > width {
                out.push('\n');
                column = 0;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += word.chars().count();
        }
        out.push('\n');
    }
    out
}

/// Re-wrapped at 62 columns, long words hyphenated at line ends (`conven-\ntion`).
fn hyphenated(text: &str) -> String {
    let mut out = String::new();
    for line in rewrap(text, 62).lines() {
        let mut words: Vec<&str> = line.split(' ').collect();
        let last = words.pop().unwrap_or("");
        out.push_str(&words.join(" "));
        if !words.is_empty() {
            out.push(' ');
        }
        let letters = last.chars().count();
        if letters >= 9 && last.chars().all(char::is_alphabetic) {
            let cut: usize = last.char_indices().nth(letters / 2).map_or(0, |(i, _)| i);
            out.push_str(&last[..cut]);
            out.push_str("-\n");
            out.push_str(&last[cut..]);
            out.push(' ');
        } else {
            out.push_str(last);
            out.push('\n');
        }
    }
    out
}

/// A running header, a footer and a page number every 40 lines.
fn headers_and_footers(text: &str) -> String {
    let mut out = String::new();
    let mut page = 1;
    for (index, line) in text.lines().enumerate() {
        if index > 0 && index % 40 == 0 {
            out.push_str(&format!("\n- {page} -\n\nTAX CONVENTION\n\n"));
            page += 1;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Windows line ends and a UTF-8 byte-order mark.
fn crlf_with_bom(text: &str) -> String {
    format!("\u{feff}{}", text.replace('\n', "\r\n"))
}

/// Every line break replaced by a space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// OCR letter confusions in headings: `Articie`, `ARTlCLE`, `Artigo l0`.
fn ocr_headings(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line
                .replacen("Article ", "Articie ", 1)
                .replacen("ARTICLE ", "ARTlCLE ", 1);
            match line.strip_prefix("Artigo 1") {
                Some(rest) => format!("Artigo l{rest}"),
                None => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn variants_latin(text: &str) -> Vec<(&'static str, String)> {
    vec![
        ("rewrapped-55", rewrap(text, 55)),
        ("rewrapped-70", rewrap(text, 70)),
        ("hyphenated", hyphenated(text)),
        ("headers-footers", headers_and_footers(text)),
        ("crlf-bom", crlf_with_bom(text)),
        ("one-line", one_line(text)),
        ("ocr-headings", ocr_headings(text)),
    ]
}

fn variants_japanese(text: &str) -> Vec<(&'static str, String)> {
    vec![
        ("one-char-per-line", one_character_per_line(text)),
        ("hard-breaks-30", hard_breaks(text, 30)),
        ("full-width-digits", full_width_digits(text)),
        ("page-markers", page_markers(text)),
    ]
}

fn texts_in(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

/// Runs every variant and checks it against the clean text and the known failures.
fn check(docs: &[(String, String)], variants: fn(&str) -> Vec<(&'static str, String)>) {
    let tokenizer = LazyTokenizer::default();
    let mut unexpected = Vec::new();
    let mut now_passing = Vec::new();
    for (doc, text) in docs {
        let clean = core_rows(doc, text.as_bytes(), &tokenizer);
        assert!(
            !clean.is_empty(),
            "{doc}: the clean text gives no core rows"
        );
        for (name, variant) in variants(text) {
            let got = core_rows(doc, variant.as_bytes(), &tokenizer);
            let known = KNOWN_FAILURES
                .iter()
                .any(|(d, v, _)| d == doc && *v == name);
            let passes = got == clean;
            if !passes && !known {
                let lost: Vec<_> = clean.difference(&got).take(3).collect();
                let gained: Vec<_> = got.difference(&clean).take(3).collect();
                unexpected.push(format!("{doc} {name}: lost {lost:?}, gained {gained:?}"));
            }
            if passes && known {
                now_passing.push(format!("{doc} {name}"));
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "variants that lose or gain core rows:\n{}",
        unexpected.join("\n")
    );
    assert!(
        now_passing.is_empty(),
        "listed as known failures but now pass (remove them from KNOWN_FAILURES):\n{}",
        now_passing.join("\n")
    );
}

/// The two language versions of a bilingual document set in two columns of `width` and read
/// across, line by line, as OCR of a two-column print gives them.
fn two_columns(text: &str, versions: &[(usize, usize)], width: usize) -> String {
    let column = |range: &(usize, usize)| -> Vec<String> {
        rewrap(&text[range.0..range.1], width)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let left = column(&versions[0]);
    let right = column(&versions[1]);
    let mut out = text[..versions[0].0].to_string();
    for index in 0..left.len().max(right.len()) {
        let l = left.get(index).map_or("", String::as_str);
        let r = right.get(index).map_or("", String::as_str);
        out.push_str(&format!("{l:<width$}   {r}\n", width = width));
    }
    out
}

#[test]
fn bilingual_text_read_across_two_columns_keeps_its_core_rows() {
    let root = workspace_root();
    let doc = "portugal-montenegro-2016-pt-en";
    let text = std::fs::read_to_string(root.join(format!("corpus/{doc}.txt"))).unwrap();
    let tokenizer = LazyTokenizer::default();
    let settings = Settings {
        ingest: IngestConfig::default(),
        tokenizers: Some(&tokenizer),
    };
    let report = process_document(doc, text.as_bytes(), &settings).unwrap();
    let versions: Vec<(usize, usize)> = report.treaties[0]
        .versions
        .iter()
        .map(|v| (v.start, v.end))
        .collect();
    assert_eq!(versions.len(), 2, "Portuguese and English versions");
    let clean = core_rows(doc, text.as_bytes(), &tokenizer);
    let variant = two_columns(&text, &versions, 48);
    let got = core_rows(doc, variant.as_bytes(), &tokenizer);
    let lost: Vec<_> = clean.difference(&got).collect();
    let gained: Vec<_> = got.difference(&clean).collect();
    let known = KNOWN_FAILURES
        .iter()
        .any(|(d, v, _)| *d == doc && *v == "two-columns");
    if known {
        assert!(
            !(lost.is_empty() && gained.is_empty()),
            "{doc} two-columns now passes: remove it from KNOWN_FAILURES"
        );
        // What already holds: every rate of the three articles is found in both languages.
        let values = |rows: &Core| -> BTreeSet<(String, String, String)> {
            rows.iter()
                .map(|r| (r.0.clone(), r.1.clone(), r.4.clone()))
                .collect()
        };
        let rate_values = |rows: &Core| -> BTreeSet<(String, String, String)> {
            values(rows)
                .into_iter()
                .filter(|(_, topic, _)| {
                    ["dividends", "interest", "royalties"].contains(&topic.as_str())
                })
                .collect()
        };
        assert_eq!(rate_values(&got), rate_values(&clean));
    } else {
        assert!(
            lost.is_empty() && gained.is_empty(),
            "two-column interleave: lost {lost:?}, gained {gained:?}"
        );
    }
}

#[test]
fn japanese_variants_keep_their_core_rows() {
    let root = workspace_root();
    let mut docs = texts_in(&root.join("corpus/ja"));
    docs.extend(
        texts_in(&root.join("corpus"))
            .into_iter()
            .filter(|(doc, _)| doc.contains("-ja-")),
    );
    check(&docs, variants_japanese);
}

#[test]
fn english_and_portuguese_variants_keep_their_core_rows() {
    let root = workspace_root();
    let mut docs = texts_in(&root.join("corpus/en"));
    docs.extend(
        texts_in(&root.join("corpus"))
            .into_iter()
            .filter(|(doc, _)| {
                doc.starts_with("portugal-montenegro") || doc.starts_with("canada-denmark")
            }),
    );
    check(&docs, variants_latin);
}
