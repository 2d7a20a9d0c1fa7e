//! The index page: one row per document, sortable and filterable with a small script, complete
//! without it. [`treaty_columns`] gives each document's treaties: parties, signature date and
//! headline rates.

mod treaty_columns;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use treaty_schema::DocumentReport;

use crate::comparison::{doc_anchor, has_rates, rate_score};
use crate::escape::{attr, href_segment};
use crate::frame::{page_end, page_start};
use crate::input::{IndexEntry, Options};
use crate::model::Model;
use crate::names::document_href;
use crate::style::INDEX_JS;
use treaty_columns::party_codes;

/// The status words of a document, for the status filter.
fn statuses(entry: &IndexEntry<'_>) -> Vec<&'static str> {
    let mut words = Vec::new();
    if entry.failure.is_some() {
        words.push("failed");
    }
    if let Some(report) = entry.report {
        if !report.warnings.is_empty() {
            words.push("warnings");
        }
        if report
            .rows
            .iter()
            .any(|r| r.status == treaty_schema::Status::Unmatched)
        {
            words.push("unmatched");
        }
        let incomplete = report.status == "incomplete";
        if incomplete {
            words.push("incomplete");
        }
        if entry.failure.is_none() && report.warnings.is_empty() && !incomplete {
            words.push("ok");
        }
    }
    if let Some(comparison) = entry.comparison {
        let rates = &comparison.rates;
        if rates.missing.is_empty() && rates.unexpected.is_empty() && rates.changed.is_empty() {
            words.push("matches-fixture");
        } else {
            words.push("differs-from-fixture");
        }
    }
    words
}

fn options_html(name: &str, label: &str, values: &BTreeSet<String>, out: &mut String) {
    let _ = write!(
        out,
        "<label>{label} <select name=\"{name}\"><option value=\"\">all</option>"
    );
    for value in values {
        let _ = write!(out, "<option>{}</option>", attr(value));
    }
    out.push_str("</select></label>");
}

/// A list for a `data-` attribute: words joined by spaces (words never hold spaces).
fn word_list<'a>(words: impl Iterator<Item = &'a str>) -> String {
    words
        .map(|w| w.replace(char::is_whitespace, "_"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Renders the index page.
pub(crate) fn render_page(entries: &[IndexEntry<'_>], options: &Options) -> String {
    let mut out = String::with_capacity(64 * 1024 + entries.len() * 1024);
    page_start(&mut out, "treaty report", "");
    out.push_str("<header class=\"top\"><nav>");
    if let Some(check) = &options.check_page {
        let _ = write!(
            out,
            "<a href=\"{}\">check against fixtures</a>",
            href_segment(check)
        );
    }
    let failed = entries.iter().filter(|e| e.failure.is_some()).count();
    let rows: usize = entries
        .iter()
        .filter_map(|e| e.report)
        .map(|r| r.rows.len())
        .sum();
    let warnings: usize = entries
        .iter()
        .filter_map(|e| e.report)
        .map(|r| r.warnings.len())
        .sum();
    let _ = write!(
        out,
        "</nav><h1>treaty report</h1><p class=\"meta\">{} documents · {} failed · {} rows · {} warnings. Open a document to see every extracted number highlighted in its clause.</p></header><div class=\"wrap\">",
        entries.len(),
        failed,
        rows,
        warnings
    );
    filters(entries, &mut out);
    let has_check = entries.iter().any(|e| e.comparison.is_some());
    out.push_str("<table id=\"docs\"><thead><tr><th>document</th>");
    out.push_str(treaty_columns::HEADINGS);
    out.push_str("<th>languages</th><th class=\"n\">treaties</th><th class=\"n\">articles</th><th class=\"n\">rows</th><th class=\"n\">warnings</th><th>status</th>");
    if has_check {
        out.push_str("<th class=\"n\">precision</th><th class=\"n\">recall</th><th class=\"n\">F1</th><th class=\"n\">missing</th><th class=\"n\">unexpected</th><th class=\"n\">changed</th>");
    }
    out.push_str("</tr></thead><tbody>");
    for (i, entry) in entries.iter().enumerate() {
        entry_row(i, entry, has_check, options, &mut out);
    }
    out.push_str("</tbody></table></div>");
    page_end(&mut out, Some(INDEX_JS));
    out
}

/// The filter form (shown by the script): language, topic with rows, party, status.
fn filters(entries: &[IndexEntry<'_>], out: &mut String) {
    let mut languages = BTreeSet::new();
    let mut topics = BTreeSet::new();
    let mut parties = BTreeSet::new();
    let mut all_statuses = BTreeSet::new();
    for entry in entries {
        if let Some(report) = entry.report {
            languages.extend(report.languages.iter().map(|l| l.lang.as_str().to_string()));
            topics.extend(report.rows.iter().map(|r| r.topic.as_str().to_string()));
            parties.extend(party_codes(report).into_iter().map(str::to_string));
        }
        all_statuses.extend(statuses(entry).into_iter().map(str::to_string));
    }
    out.push_str("<form id=\"filters\" class=\"filters\" hidden>");
    options_html("lang", "Language", &languages, out);
    options_html("topic", "Topic with rows", &topics, out);
    options_html("party", "Party", &parties, out);
    options_html("status", "Status", &all_statuses, out);
    out.push_str("<span id=\"shown\" class=\"mut\"></span></form>");
}

/// One document's row.
fn entry_row(
    i: usize,
    entry: &IndexEntry<'_>,
    has_check: bool,
    options: &Options,
    out: &mut String,
) {
    let status = statuses(entry);
    let (langs, topics, parties) = match entry.report {
        Some(report) => (
            word_list(report.languages.iter().map(|l| l.lang.as_str())),
            word_list(
                report
                    .rows
                    .iter()
                    .map(|r| r.topic.as_str())
                    .collect::<BTreeSet<_>>()
                    .into_iter(),
            ),
            word_list(party_codes(report).into_iter()),
        ),
        None => (String::new(), String::new(), String::new()),
    };
    let _ = write!(
        out,
        "<tr data-i=\"{i}\" data-langs=\"{}\" data-topics=\"{}\" data-parties=\"{}\" data-status=\"{}\">",
        attr(&langs),
        attr(&topics),
        attr(&parties),
        word_list(status.iter().copied())
    );
    match entry.report {
        Some(report) => document_cells(entry, report, options, out),
        None => {
            let _ = write!(
                out,
                "<td data-v=\"{}\">{}</td>{}<td></td><td class=\"n\" data-v=\"-1\">–</td><td class=\"n\" data-v=\"-1\">–</td><td class=\"n\" data-v=\"-1\">–</td><td class=\"n\" data-v=\"-1\">–</td>",
                attr(entry.doc),
                attr(entry.doc),
                treaty_columns::EMPTY
            );
        }
    }
    status_cell(entry, &status, out);
    if has_check {
        check_cells(entry, options, out);
    }
    out.push_str("</tr>");
}

/// The cells of a processed document: its name linked to its page, its treaties, languages and
/// counts.
fn document_cells(
    entry: &IndexEntry<'_>,
    report: &DocumentReport,
    options: &Options,
    out: &mut String,
) {
    let _ = write!(
        out,
        "<td data-v=\"{}\"><a href=\"{}\">{}</a></td>",
        attr(entry.doc),
        document_href(entry.doc),
        attr(entry.doc)
    );
    let model = Model::new(report, None, options.page_bytes);
    treaty_columns::treaty_cells(&model, out);
    let languages = report
        .languages
        .iter()
        .map(|l| format!("{} ({} KB)", l.lang, l.bytes.div_ceil(1024)))
        .collect::<Vec<_>>()
        .join(", ");
    let articles: usize = report
        .treaties
        .iter()
        .flat_map(|t| &t.versions)
        .map(|v| v.articles.len())
        .sum();
    let _ = write!(
        out,
        "<td class=\"nw\">{}</td><td class=\"n\">{}</td><td class=\"n\">{articles}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
        attr(&languages),
        report.treaties.len(),
        report.rows.len(),
        report.warnings.len()
    );
}

/// The status cell: failure, incomplete (with the reasons), warnings or ok, and unmatched
/// rows.
fn status_cell(entry: &IndexEntry<'_>, status: &[&str], out: &mut String) {
    out.push_str("<td>");
    let reasons = entry.report.map(|r| r.status_reasons.join("; "));
    match &entry.failure {
        None if status.contains(&"incomplete") => {
            let reasons = reasons.unwrap_or_default();
            let _ = write!(
                out,
                "<span class=\"badge b-bad\" title=\"{}\">incomplete</span> {}",
                attr(&reasons),
                attr(&reasons)
            );
        }
        Some(failure) => {
            let _ = write!(
                out,
                "<span class=\"badge b-bad\">{}</span> {}",
                attr(&failure.severity),
                attr(&failure.message)
            );
        }
        None if status.contains(&"warnings") => {
            out.push_str("<span class=\"badge b-warn\">warnings</span>");
        }
        None => out.push_str("<span class=\"badge b-ok\">ok</span>"),
    }
    if status.contains(&"unmatched") {
        out.push_str(" <span class=\"badge b-bad\" title=\"rows not found in the other language version\">unmatched rows</span>");
    }
    out.push_str("</td>");
}

/// The comparison cells: scores and counts, or why there are none.
fn check_cells(entry: &IndexEntry<'_>, options: &Options, out: &mut String) {
    match entry.comparison {
        Some(comparison) if !has_rates(comparison) => out.push_str(
            "<td class=\"n mut\" data-v=\"-1\">outline only</td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td>",
        ),
        Some(comparison) => {
            let score = rate_score(comparison);
            let link = options
                .check_page
                .as_ref()
                .map(|check| format!("{}#d-{}", href_segment(check), doc_anchor(entry.doc)));
            let f1 = match &link {
                Some(link) => format!("<a href=\"{link}\">{:.3}</a>", score.f1()),
                None => format!("{:.3}", score.f1()),
            };
            let _ = write!(
                out,
                "<td class=\"n\">{:.3}</td><td class=\"n\">{:.3}</td><td class=\"n\" data-v=\"{:.3}\">{f1}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                score.precision(),
                score.recall(),
                score.f1(),
                comparison.rates.missing.len(),
                comparison.rates.unexpected.len(),
                comparison.rates.changed.len()
            );
        }
        None => out.push_str(
            "<td class=\"n mut\" data-v=\"-1\">no fixture</td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td><td class=\"n\" data-v=\"-1\"></td>",
        ),
    }
}
