//! The side column: the comparison with the fixture, the list of rows, the warnings, the
//! normalization counts with their toggles, and the legend.

use std::fmt::Write as _;

use treaty_schema::{DocumentReport, RateRow};

use crate::escape::{attr, href_segment};
use crate::input::{DocumentInput, Options};
use crate::model::{quantity, row_place, CheckState, Model};
use crate::names::class_word;
use crate::source::{Source, FIX_KINDS};

/// The side list of the rows on `rows` (indices).
pub(super) fn rows_list(model: &Model<'_>, rows: &[usize], out: &mut String) {
    let _ = write!(out, "<section><h2>Rows ({})</h2>", rows.len());
    if rows.is_empty() {
        out.push_str("<p class=\"empty\">No rate or threshold extracted here.</p></section>");
        return;
    }
    out.push_str("<ol class=\"rl\">");
    for &index in rows {
        row_item(model, index, &model.report.rows[index], out);
    }
    out.push_str("</ol></section>");
}

/// One row of the side list: value, place and status, then topic, condition and source.
fn row_item(model: &Model<'_>, index: usize, row: &RateRow, out: &mut String) {
    let check = model.checks[index]
        .map(|c| {
            let class = if c == CheckState::Matched {
                "b-ok"
            } else {
                "b-bad"
            };
            format!(
                " <span class=\"badge {class}\">fixture: {}</span>",
                c.name()
            )
        })
        .unwrap_or_default();
    let source = if row.modifies.is_empty() {
        attr(row.source.as_str())
    } else {
        format!(
            "{} → art {}",
            attr(row.source.as_str()),
            attr(&row.modifies.join(", "))
        )
    };
    let status_class = match row.status.as_str() {
        "agreed" => " b-ok",
        "unmatched" => " b-bad",
        _ => "",
    };
    let swatch = if row.kind == treaty_schema::Kind::Rate {
        "rate"
    } else {
        "thr"
    };
    let _ = write!(
        out,
        "<li class=\"st-{}\" title=\"{}\"><a href=\"#{}\"><span class=\"sw {swatch}\"></span><b>{}</b> {} {}</a> <span class=\"badge{status_class}\">{}</span>{check}<br><span class=\"mut\">{} {} · {} · {source}</span></li>",
        class_word(row.status.as_str()),
        attr(&row.quote),
        model.row_anchor(index),
        attr(&quantity(row)),
        attr(row.lang.as_str()),
        attr(&row_place(row)),
        attr(row.status.as_str()),
        attr(row.topic.as_str()),
        attr(row.kind.as_str()),
        if row.condition.is_empty() {
            "no condition".to_string()
        } else {
            attr(&row.condition)
        },
    );
}

/// Every warning of the document, linked to its place (on whichever page).
pub(super) fn warnings_list(model: &Model<'_>, page: usize, out: &mut String) {
    let report = model.report;
    let _ = write!(
        out,
        "<section><h2>Warnings ({})</h2>",
        report.warnings.len()
    );
    if report.warnings.is_empty() {
        out.push_str("<p class=\"empty\">None.</p></section>");
        return;
    }
    out.push_str("<ol class=\"warn\">");
    for (index, warning) in report.warnings.iter().enumerate() {
        out.push_str("<li>");
        if let Some(start) = warning.start {
            let _ = write!(
                out,
                "<a href=\"{}\">{}</a>",
                model.link(start, &format!("w{index}"), Some(page)),
                attr(&warning.code)
            );
        } else {
            let _ = write!(out, "<b>{}</b>", attr(&warning.code));
        }
        let _ = write!(out, ": {}</li>", attr(&warning.message));
    }
    out.push_str("</ol></section>");
}

pub(super) fn normalization_table(report: &DocumentReport, source: &Source, out: &mut String) {
    out.push_str("<section><h2>Normalization</h2>");
    if let Some(problem) = &source.problem {
        let _ = write!(out, "<p class=\"banner\">{}</p>", attr(problem));
    }
    let counts = source.site_counts();
    let counted = |name: &str| {
        report
            .normalization
            .iter()
            .find(|f| f.fix == name)
            .map_or(0, |f| f.count)
    };
    let mut lines = Vec::new();
    for (kind, name) in FIX_KINDS.iter().enumerate() {
        if counts[kind] > 0 || counted(name) > 0 {
            lines.push((Some(kind), name.to_string(), counts[kind], counted(name)));
        }
    }
    for fix in &report.normalization {
        if fix.count > 0 && !FIX_KINDS.contains(&fix.fix.as_str()) {
            lines.push((None, fix.fix.clone(), 0, fix.count));
        }
    }
    if lines.is_empty() {
        out.push_str("<p class=\"empty\">The text needed no fix.</p></section>");
        return;
    }
    out.push_str("<p class=\"mut\">The text is shown as the pipeline read it. Tick a fix to see the original characters it replaced (yellow).</p>");
    out.push_str("<p><label><input type=\"checkbox\" id=\"o-all\"> show the original text at every fix</label></p>");
    out.push_str("<table><thead><tr><th>fix</th><th class=\"n\" title=\"places marked in this text\">places</th><th class=\"n\" title=\"as counted by the pipeline\">counted</th></tr></thead><tbody>");
    for (kind, name, marked, counted) in lines {
        match kind {
            Some(kind) if marked > 0 => {
                let _ = write!(
                    out,
                    "<tr><td><label><input type=\"checkbox\" id=\"o-k{kind}\"> {}</label></td><td class=\"n\">{marked}</td><td class=\"n\">{counted}</td></tr>",
                    attr(&name)
                );
            }
            _ => {
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td class=\"n\">{marked}</td><td class=\"n\">{counted}</td></tr>",
                    attr(&name)
                );
            }
        }
    }
    out.push_str("</tbody></table></section>");
}

pub(super) fn check_box(
    model: &Model<'_>,
    input: &DocumentInput<'_>,
    options: &Options,
    page: usize,
    out: &mut String,
) {
    let Some(comparison) = input.comparison else {
        return;
    };
    let rates = &comparison.rates;
    let score = crate::comparison::rate_score(comparison);
    out.push_str("<section><h2>Against the fixture</h2><p>");
    if crate::comparison::has_rates(comparison) {
        let _ = write!(
            out,
            "precision <b>{:.3}</b> · recall <b>{:.3}</b> · F1 <b>{:.3}</b><br>",
            score.precision(),
            score.recall(),
            score.f1(),
        );
    } else {
        out.push_str("The fixture has no rates.csv: articles only.<br>");
    }
    let _ = write!(
        out,
        "<span class=\"mut\">{} matched, {} changed, {} missing, {} unexpected rows; articles: {} changed, {} missing, {} unexpected</span>",
        rates.matched.len(),
        rates.changed.len(),
        rates.missing.len(),
        rates.unexpected.len(),
        comparison.outline.changed.len(),
        comparison.outline.missing.len(),
        comparison.outline.unexpected.len(),
    );
    if let Some(check) = &options.check_page {
        let _ = write!(
            out,
            " · <a href=\"../{}#d-{}\">check page</a>",
            href_segment(check),
            crate::comparison::doc_anchor(&model.report.doc)
        );
    }
    out.push_str("</p>");
    if !rates.missing.is_empty() {
        out.push_str("<h3>Missing (in the fixture, not found)</h3><ul>");
        for record in &rates.missing {
            let label = crate::comparison::record_label(record);
            match model.place_link(record, Some(page)) {
                Some(link) => {
                    let _ = write!(out, "<li><a href=\"{link}\">{}</a></li>", attr(&label));
                }
                None => {
                    let _ = write!(out, "<li>{}</li>", attr(&label));
                }
            }
        }
        out.push_str("</ul>");
    }
    for (heading, records, rows) in [
        (
            "Unexpected (found, not in the fixture)",
            rates.unexpected.iter().collect::<Vec<_>>(),
            &model.unexpected_rows,
        ),
        (
            "Changed (found with other details)",
            rates.changed.iter().map(|c| &c.actual).collect(),
            &model.changed_rows,
        ),
    ] {
        if records.is_empty() {
            continue;
        }
        let _ = write!(out, "<h3>{heading}</h3><ul>");
        for (record, row) in records.iter().zip(rows) {
            let label = crate::comparison::record_label(record);
            match row {
                Some(index) => {
                    let _ = write!(
                        out,
                        "<li><a href=\"{}\">{}</a></li>",
                        model.row_link(*index, Some(page)),
                        attr(&label)
                    );
                }
                None => {
                    let _ = write!(out, "<li>{}</li>", attr(&label));
                }
            }
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
}

pub(super) const LEGEND: &str = "<section><h2>Legend</h2><p><span class=\"sw rate\"></span>rate <span class=\"sw thr\"></span>threshold <span class=\"sw unm\"></span>not found in the other language version <span class=\"sw ck\"></span>differs from the fixture; <a class=\"an\">en 10</a> article start, <a class=\"an prot\">en P1</a> protocol point, <a class=\"an mli\">ja MLI8</a> MLI provision. Hover a number for its row.</p></section>";
