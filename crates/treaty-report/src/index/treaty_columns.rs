//! The index's treaty columns: per document, one line per treaty with its parties (alpha-3
//! codes), signature date and headline dividend, interest and royalty rates, each linked to its
//! place in the document page.
//!
//! A document is one row of the index (sorting and filtering work per document), and the
//! treaties of a multi-instrument document (a convention and its protocols) each get a line in
//! these cells, in the same order in every column, so no treaty is hidden behind the first.

use std::fmt::Write as _;

use treaty_schema::{DocumentReport, TreatyReport, TreatyRow};

use crate::escape::attr;
use crate::headline::{holding_words, number, period_words, text};
use crate::model::{identity_id, Mention, Model};

/// The column headings of the treaty columns.
pub(super) const HEADINGS: &str = "<th title=\"parties as ISO 3166 alpha-3 codes, one line per treaty\">parties</th><th>signed</th><th class=\"n\" title=\"per cent: the rate for a substantial holding / the rate in all other cases\">dividends</th><th class=\"n\" title=\"general rate, per cent\">interest</th><th class=\"n\" title=\"general rate, per cent\">royalties</th>";

/// The empty treaty cells of a document that was not processed.
pub(super) const EMPTY: &str = "<td></td><td></td><td class=\"n\" data-v=\"-1\">–</td><td class=\"n\" data-v=\"-1\">–</td><td class=\"n\" data-v=\"-1\">–</td>";

/// The alpha-3 codes of a document's parties, each once, in the order of the treaties.
pub(super) fn party_codes(report: &DocumentReport) -> Vec<&str> {
    let mut codes: Vec<&str> = Vec::new();
    for state in report.treaties.iter().flat_map(|t| &t.states) {
        if !state.alpha3.is_empty() && !codes.contains(&state.alpha3.as_str()) {
            codes.push(&state.alpha3);
        }
    }
    codes
}

/// One line of a cell: a link to `id` at `offset` showing `label`, or `–` when it is empty.
fn line(model: &Model<'_>, label: &str, title: &str, target: Option<(usize, String)>) -> String {
    let title = match title {
        "" => String::new(),
        title => format!(" title=\"{}\"", attr(title)),
    };
    match (label.is_empty(), target) {
        (true, _) => "<div class=\"mut\">–</div>".to_string(),
        (false, Some((offset, id))) => format!(
            "<div><a href=\"{}\"{title}>{}</a></div>",
            model.link(offset, &id, None),
            attr(label)
        ),
        (false, None) => format!("<div{title}>{}</div>", attr(label)),
    }
}

/// The target of a headline figure: its row's highlight.
fn row_target(model: &Model<'_>, treaty: usize, reference: &str) -> Option<(usize, String)> {
    let index = model.row_by_reference(treaty, reference)?;
    Some((model.row_offset(index), model.row_anchor(index)))
}

/// The dividend line: `lowest / general` (one of them when the other is missing or the same).
fn dividends(model: &Model<'_>, treaty: usize, row: &TreatyRow) -> String {
    let (lowest, general) = (
        number(&row.dividends_substantial_rate),
        number(&row.dividends_general_rate),
    );
    let mut title = String::new();
    if !lowest.is_empty() {
        let _ = write!(title, "substantial holding {lowest} %");
        let conditions: Vec<String> = [
            holding_words(
                &row.dividends_substantial_min_holding_pct,
                &row.dividends_substantial_holding_basis,
            ),
            period_words(
                &row.dividends_substantial_holding_period_value,
                &row.dividends_substantial_holding_period_unit,
            ),
        ]
        .into_iter()
        .filter(|c| !c.is_empty())
        .collect();
        if !conditions.is_empty() {
            let _ = write!(title, " ({})", conditions.join(", "));
        }
    }
    if !general.is_empty() {
        let _ = write!(title, "; other cases {general} %");
    }
    let same = row.dividends_substantial_row == row.dividends_general_row;
    let (label, reference) = match (lowest.is_empty(), general.is_empty()) {
        (false, false) if !same => (
            format!("{lowest} / {general}"),
            &row.dividends_substantial_row,
        ),
        (_, false) => (general.clone(), &row.dividends_general_row),
        (false, true) => (lowest.clone(), &row.dividends_substantial_row),
        (true, true) => (String::new(), &row.dividends_general_row),
    };
    let title = title.trim_start_matches("; ").to_string();
    line(
        model,
        &label,
        &title,
        row_target(model, treaty, text(reference)),
    )
}

/// The parties line of a treaty: `JPN · DNK`, linked to where the text names the first.
fn parties(model: &Model<'_>, treaty: &TreatyReport) -> String {
    let label = treaty
        .states
        .iter()
        .map(|s| s.alpha3.as_str())
        .collect::<Vec<_>>()
        .join(" · ");
    let title = treaty
        .states
        .iter()
        .map(|s| format!("{} ({})", s.name, s.printed))
        .collect::<Vec<_>>()
        .join(" · ");
    let target = treaty
        .states
        .first()
        .map(|s| (s.start, identity_id(treaty.treaty, Mention::Party(0))));
    line(model, &label, &title, target)
}

/// The signature line of a treaty: its date, linked to the formula.
fn signed(model: &Model<'_>, treaty: &TreatyReport) -> String {
    let Some(signed) = &treaty.signed else {
        return line(model, "", "", None);
    };
    let label = signed.date.clone().unwrap_or_default();
    let title = match signed.place.as_str() {
        "" => signed.quote.clone(),
        place => format!("{place}: {}", signed.quote),
    };
    let target = (signed.start, identity_id(treaty.treaty, Mention::Signed));
    line(model, &label, &title, Some(target))
}

/// A cell: its lines, sorted on the first line's `sort` value.
fn cell(class: &str, sort: &str, lines: &[String], out: &mut String) {
    let _ = write!(out, "<td class=\"{class}\" data-v=\"{}\">", attr(sort));
    for line in lines {
        out.push_str(line);
    }
    out.push_str("</td>");
}

/// The treaty cells of a processed document. A cell sorts on its first treaty that states the
/// value (numbers on `-1` when none does).
pub(super) fn treaty_cells(model: &Model<'_>, out: &mut String) {
    let report = model.report;
    let rows = treaty_schema::treaty_rows(report);
    let treaties: Vec<(&TreatyReport, &TreatyRow)> = report.treaties.iter().zip(&rows).collect();
    let collect = |f: &dyn Fn(&TreatyReport, &TreatyRow) -> String| -> Vec<String> {
        treaties.iter().map(|(t, r)| f(t, r)).collect()
    };
    let sort_on = |f: &dyn Fn(&TreatyRow) -> String, missing: &str| -> String {
        rows.iter()
            .map(f)
            .find(|v| !v.trim().is_empty())
            .unwrap_or_else(|| missing.to_string())
    };
    let codes = sort_on(
        &|r| format!("{} {}", text(&r.party1_alpha3), text(&r.party2_alpha3)),
        "",
    );
    cell(
        "parties nw",
        codes.trim(),
        &collect(&|t, _| parties(model, t)),
        out,
    );
    let date = sort_on(&|r| text(&r.signed).to_string(), "");
    cell("nw", &date, &collect(&|t, _| signed(model, t)), out);
    let general = sort_on(
        &|r| {
            number(
                &r.dividends_general_rate
                    .clone()
                    .or_else(|| r.dividends_substantial_rate.clone()),
            )
        },
        "-1",
    );
    let rates = collect(&|t, r| dividends(model, t.treaty, r));
    cell("n rate", &general, &rates, out);
    let interest = collect(&|t, r| {
        let target = row_target(model, t.treaty, text(&r.interest_general_row));
        let title = match text(&r.interest_exempt) {
            "" => String::new(),
            list => format!("exempt: {}", list.replace(';', ", ").replace('_', " ")),
        };
        line(model, &number(&r.interest_general_rate), &title, target)
    });
    let rate = sort_on(&|r| number(&r.interest_general_rate), "-1");
    cell("n rate", &rate, &interest, out);
    let royalties = collect(&|t, r| {
        let target = row_target(model, t.treaty, text(&r.royalties_general_row));
        line(model, &number(&r.royalties_general_rate), "", target)
    });
    let rate = sort_on(&|r| number(&r.royalties_general_rate), "-1");
    cell("n rate", &rate, &royalties, out);
}
