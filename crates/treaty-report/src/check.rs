//! The check page: per document the missing, unexpected and changed rows, each linked to its
//! place in the document page, and per document, language and topic precision, recall and F1
//! of found rows and of exact rows, with the agreement of found rows field by field.

use std::fmt::Write as _;

use treaty_golden::{
    Change, DocumentComparison, OutlineComparison, OutlineRecord, RateRecord, Score, ScoreTable,
};

use crate::comparison::{doc_anchor, has_rates, outline_score, rate_score, record_label};
use crate::escape::attr;
use crate::frame::{page_end, page_start};
use crate::input::{DocumentInput, Options};
use crate::model::Model;
use crate::names::document_href;

fn outline_label(record: &OutlineRecord) -> String {
    format!(
        "{} art {} {} ({} paragraphs)",
        record.lang, record.article, record.topic, record.paragraphs
    )
}

/// Appends the score cells of one line of a table: label cell(s) done by the caller.
fn score_cells(score: &Score, out: &mut String) {
    let _ = write!(
        out,
        "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.3}</td><td class=\"n\">{:.3}</td><td class=\"n\"><b>{:.3}</b></td><td class=\"n\">{:.3}</td><td class=\"n\">{:.3}</td><td class=\"n\"><b>{:.3}</b></td>",
        score.expected,
        score.actual,
        score.found,
        score.exact,
        score.precision(),
        score.recall(),
        score.f1(),
        score.exact_precision(),
        score.exact_recall(),
        score.exact_f1()
    );
    for (_, tally) in score.agreement_by_field() {
        match tally.share() {
            Some(share) => {
                let _ = write!(
                    out,
                    "<td class=\"n\" title=\"{} of {}\">{share:.3}</td>",
                    tally.agree, tally.compared
                );
            }
            None => out.push_str("<td class=\"n mut\" title=\"not compared\">-</td>"),
        }
    }
}

/// How many cells [`score_cells`] writes.
const SCORE_CELLS: usize = 14;

const SCORE_HEAD: &str = "<th class=\"n\" title=\"rows the fixture expects\">expected</th><th class=\"n\" title=\"rows produced\">produced</th><th class=\"n\" title=\"expected rows found: the value in its place, exactly or changed\">found</th><th class=\"n\" title=\"expected rows found with every compared field equal\">exact</th><th class=\"n\">precision</th><th class=\"n\">recall</th><th class=\"n\">F1</th><th class=\"n\" title=\"exact / produced\">exact precision</th><th class=\"n\" title=\"exact / expected\">exact recall</th><th class=\"n\" title=\"what --min-exact gates on\">exact F1</th><th class=\"n\" title=\"share of found rows with the fixture's subparagraph\">subparagraph</th><th class=\"n\" title=\"share of found rows with the fixture's condition\">condition</th><th class=\"n\" title=\"share of found rows with the fixture's source, where it has one\">source</th><th class=\"n\" title=\"share of found rows with the fixture's modifies, where it has one\">modifies</th>";

fn score_table_html(title: &str, first: &str, lines: &[(String, Score)], out: &mut String) {
    let _ = write!(
        out,
        "<h2>{title}</h2><table><thead><tr><th>{first}</th>{SCORE_HEAD}</tr></thead><tbody>"
    );
    for (name, score) in lines {
        let _ = write!(out, "<tr><td>{}</td>", attr(name));
        score_cells(score, out);
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

/// Renders the check page. `documents` are all documents; those with a comparison are shown.
pub(crate) fn render_page(
    documents: &[DocumentInput<'_>],
    table: &ScoreTable,
    options: &Options,
) -> String {
    let mut out = String::with_capacity(256 * 1024);
    page_start(&mut out, "Check against fixtures — treaty report", "");
    out.push_str("<header class=\"top\"><nav>");
    if options.index {
        out.push_str("<a href=\"index.html\">← all documents</a>");
    }
    let compared: Vec<(&DocumentInput<'_>, &DocumentComparison)> = documents
        .iter()
        .filter_map(|document| Some((document, document.comparison?)))
        .collect();
    let _ = write!(
        out,
        "</nav><h1>Check against fixtures</h1><p class=\"meta\">{} documents compared · rate rows precision <b>{:.3}</b> recall <b>{:.3}</b> F1 <b>{:.3}</b> · exact rows precision <b>{:.3}</b> recall <b>{:.3}</b> F1 <b>{:.3}</b> · articles F1 <b>{:.3}</b></p></header><div class=\"wrap\">",
        compared.len(),
        table.overall.precision(),
        table.overall.recall(),
        table.overall.f1(),
        table.overall.exact_precision(),
        table.overall.exact_recall(),
        table.overall.exact_f1(),
        table.outline_overall.f1()
    );
    document_table(&compared, &mut out);
    score_table_html("Per language", "language", &table.per_language, &mut out);
    score_table_html("Per topic", "topic", &table.per_topic, &mut out);
    let overall = [("rate rows".to_owned(), table.overall)];
    score_table_html("Overall", "scope", &overall, &mut out);
    for (document, comparison) in compared {
        document_section(document, comparison, options, &mut out);
    }
    out.push_str("</div>");
    page_end(&mut out, None);
    out
}

/// The per-document table, with the counts that need reading.
fn document_table(compared: &[(&DocumentInput<'_>, &DocumentComparison)], out: &mut String) {
    let _ = write!(
        out,
        "<h2>Per document</h2><p class=\"mut\">Rate rows; a fixture without rates.csv is compared on its articles only.</p><table><thead><tr><th>document</th>{SCORE_HEAD}<th class=\"n\">missing</th><th class=\"n\">unexpected</th><th class=\"n\">changed</th><th class=\"n\">articles F1</th></tr></thead><tbody>"
    );
    for (_, comparison) in compared {
        let _ = write!(
            out,
            "<tr><td><a href=\"#d-{}\">{}</a></td>",
            doc_anchor(&comparison.doc),
            attr(&comparison.doc)
        );
        if has_rates(comparison) {
            score_cells(&rate_score(comparison), out);
            let _ = write!(
                out,
                "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                comparison.rates.missing.len(),
                comparison.rates.unexpected.len(),
                comparison.rates.changed.len()
            );
        } else {
            let _ = write!(
                out,
                "<td colspan=\"{}\" class=\"mut\">outline only</td>",
                SCORE_CELLS + 3
            );
        }
        let _ = write!(
            out,
            "<td class=\"n\">{:.3}</td></tr>",
            outline_score(comparison).f1()
        );
    }
    out.push_str("</tbody></table>");
}

/// One document's section: its scores, then its rows missing, unexpected and changed, each
/// linked to its place in the document page, then its article differences.
fn document_section(
    document: &DocumentInput<'_>,
    comparison: &DocumentComparison,
    options: &Options,
    out: &mut String,
) {
    let model = Model::new(document.report, Some(comparison), options.page_bytes);
    let page = document_href(&document.report.doc);
    let score = rate_score(comparison);
    let rates = &comparison.rates;
    let _ = write!(
        out,
        "<section id=\"d-{}\"><h2>{} <a href=\"{page}\">document page</a></h2>",
        doc_anchor(&comparison.doc),
        attr(&comparison.doc),
    );
    if has_rates(comparison) {
        let _ = write!(
            out,
            "<p>rate rows: precision {:.3} · recall {:.3} · F1 {:.3} · exact F1 {:.3} — {} matched, {} changed, {} missing, {} unexpected</p>",
            score.precision(),
            score.recall(),
            score.f1(),
            score.exact_f1(),
            rates.matched.len(),
            rates.changed.len(),
            rates.missing.len(),
            rates.unexpected.len()
        );
    } else {
        out.push_str("<p>The fixture has no rates.csv: compared on its articles only.</p>");
    }
    missing_list(&model, &rates.missing, out);
    unexpected_list(&model, &rates.unexpected, out);
    changed_list(&model, &rates.changed, out);
    outline_details(&comparison.outline, out);
    out.push_str("</section>");
}

fn missing_list(model: &Model<'_>, missing: &[RateRecord], out: &mut String) {
    if missing.is_empty() {
        return;
    }
    let _ = write!(out, "<h3>Missing ({})</h3><ul class=\"rr\">", missing.len());
    for record in missing {
        let label = attr(&record_label(record));
        match model.place_link(record, None) {
            Some(link) => {
                let _ = write!(out, "<li><a href=\"{link}\">{label}</a></li>");
            }
            None => {
                let _ = write!(
                    out,
                    "<li>{label} <span class=\"mut\">(no such place in the document)</span></li>"
                );
            }
        }
    }
    out.push_str("</ul>");
}

fn unexpected_list(model: &Model<'_>, unexpected: &[RateRecord], out: &mut String) {
    if unexpected.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<h3>Unexpected ({})</h3><ul class=\"rr\">",
        unexpected.len()
    );
    for (record, row) in unexpected.iter().zip(&model.unexpected_rows) {
        let label = attr(&record_label(record));
        match row {
            Some(index) => {
                let _ = write!(
                    out,
                    "<li><a href=\"{}\">{label}</a></li>",
                    model.row_link(*index, None)
                );
            }
            None => {
                let _ = write!(out, "<li>{label}</li>");
            }
        }
    }
    out.push_str("</ul>");
}

fn changed_list(model: &Model<'_>, changed: &[Change], out: &mut String) {
    if changed.is_empty() {
        return;
    }
    let _ = write!(out, "<h3>Changed ({})</h3><ul class=\"rr\">", changed.len());
    for (change, row) in changed.iter().zip(&model.changed_rows) {
        let label = attr(&record_label(&change.expected));
        let link = match row {
            Some(index) => {
                format!("<a href=\"{}\">{label}</a>", model.row_link(*index, None))
            }
            None => label,
        };
        let _ = write!(
            out,
            "<li>{link}<br><span class=\"mut\">{}</span></li>",
            attr(&change_text(change))
        );
    }
    out.push_str("</ul>");
}

/// `value: 10 → 15; condition: (empty) → income=copyright`.
fn change_text(change: &Change) -> String {
    let show = |value: &str| {
        if value.is_empty() {
            "(empty)".to_owned()
        } else {
            value.to_owned()
        }
    };
    change
        .fields
        .iter()
        .map(|field| {
            let (expected, actual) = change.values(field);
            format!("{field}: {} → {}", show(expected), show(actual))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn outline_details(outline: &OutlineComparison, out: &mut String) {
    if outline.missing.is_empty() && outline.unexpected.is_empty() && outline.changed.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<details><summary>Articles: {} changed, {} missing, {} unexpected</summary><ul>",
        outline.changed.len(),
        outline.missing.len(),
        outline.unexpected.len()
    );
    for change in &outline.changed {
        let _ = write!(
            out,
            "<li>changed: {} → {}</li>",
            attr(&outline_label(&change.expected)),
            attr(&outline_label(&change.actual))
        );
    }
    for record in &outline.missing {
        let _ = write!(out, "<li>missing: {}</li>", attr(&outline_label(record)));
    }
    for record in &outline.unexpected {
        let _ = write!(out, "<li>unexpected: {}</li>", attr(&outline_label(record)));
    }
    out.push_str("</ul></details>");
}
