//! The document page: outline, text with every extracted number highlighted, side lists.
//!
//! This file holds the page's header and columns (names and the page head are in
//! [`crate::names`] and [`crate::frame`]);
//! the parts of the page live beside it: [`highlights`] (rows and warnings marked in the
//! text), [`anchors`] (article and paragraph anchors, section breaks), [`outline`] (the
//! outline column), [`treaty_panel`] (parties, dates and headline numbers of each treaty, and
//! their places in the text) and [`side_column`] (fixture comparison, rows, warnings,
//! normalization).

mod anchors;
pub(crate) mod highlights;
mod outline;
mod side_column;
mod treaty_panel;

use std::fmt::Write as _;

use crate::escape::{attr, href_segment};
use crate::frame::{page_end, page_start};
use crate::input::{DocumentInput, Options};
use crate::model::Model;
use crate::names::class_word;
use crate::source::Source;
use crate::stream::{render, Placements};

use anchors::structure_placements;
use highlights::row_highlights;
use highlights::warning_highlights;
use outline::outline;
use side_column::{check_box, normalization_table, rows_list, warnings_list, LEGEND};
use treaty_panel::{identity_highlights, treaty_panels};

/// CSS rules for the toggles of the fix kinds present, so each toggle shows its own kind.
fn toggle_css(source: &Source) -> String {
    let mut css = String::new();
    for (kind, count) in source.site_counts().iter().enumerate() {
        if *count > 0 {
            let _ = write!(
                css,
                "body:has(#o-k{kind}:checked) .k{kind} del{{display:inline;background:var(--orig)}}body:has(#o-k{kind}:checked) .k{kind} ins{{display:none}}"
            );
        }
    }
    css
}

/// Renders page `page` of the document (most documents have one).
pub(crate) fn render_page(
    input: &DocumentInput<'_>,
    model: &Model<'_>,
    source: &Source,
    options: &Options,
    page: usize,
) -> String {
    let report = input.report;
    let range = model
        .paging
        .range(page, report.bytes.max(source.original_len()));
    let window = source.to_display(range.start)..source.to_display(range.end);
    let mut out = String::with_capacity((window.end - window.start) * 2 + 64 * 1024);
    let title = if model.paging.count() > 1 {
        format!(
            "{} (page {} of {}) — treaty report",
            report.doc,
            page + 1,
            model.paging.count()
        )
    } else {
        format!("{} — treaty report", report.doc)
    };
    page_start(&mut out, &title, &toggle_css(source));
    header(input, model, options, page, &range, &mut out);
    out.push_str("<div class=\"cols\">");
    outline(model, page, &mut out);

    let rows: Vec<usize> = (0..report.rows.len())
        .filter(|&i| model.paging.page_of(model.row_offset(i)) == page)
        .collect();
    let mut placements = Placements {
        highlights: warning_highlights(model, source, page),
        ..Placements::default()
    };
    placements
        .highlights
        .extend(row_highlights(model, source, &rows, true));
    placements
        .highlights
        .extend(identity_highlights(model, source, page));
    structure_placements(model, source, page, &mut placements);
    out.push_str("<main class=\"doc\" lang=\"");
    let dominant = report
        .languages
        .iter()
        .max_by_key(|l| l.bytes)
        .map_or("", |l| l.lang.as_str());
    out.push_str(&class_word(dominant));
    out.push_str("\"><section class=\"s\">");
    render(source, window, &placements, &mut out);
    out.push_str("</section></main><aside class=\"side\">");
    treaty_panels(model, page, &mut out);
    check_box(model, input, options, page, &mut out);
    rows_list(model, &rows, &mut out);
    warnings_list(model, page, &mut out);
    normalization_table(report, source, &mut out);
    out.push_str(LEGEND);
    out.push_str("</aside></div>");
    page_end(&mut out, None);
    out
}

/// The page's header: links to the other pages, the document's name and counts, and a banner
/// when the file is not the one the report was made from.
fn header(
    input: &DocumentInput<'_>,
    model: &Model<'_>,
    options: &Options,
    page: usize,
    range: &std::ops::Range<usize>,
    out: &mut String,
) {
    let report = input.report;
    out.push_str("<header class=\"top\"><nav>");
    if options.index {
        out.push_str("<a href=\"../index.html\">← all documents</a>");
    }
    if let Some(check) = &options.check_page {
        let _ = write!(out, "<a href=\"../{}\">check</a>", href_segment(check));
    }
    if crate::versions::treaties_on(model, page).next().is_some() {
        let _ = write!(
            out,
            "<a href=\"{}\">versions side by side</a>",
            model.versions_file(page)
        );
    }
    let _ = write!(out, "</nav><h1>{}</h1>", attr(&report.doc));
    let articles: usize = report
        .treaties
        .iter()
        .flat_map(|t| &t.versions)
        .map(|v| v.articles.len() + v.protocol.len() + v.mli.len())
        .sum();
    let languages = report
        .languages
        .iter()
        .map(|l| format!("{} {} bytes", l.lang, l.bytes))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = write!(
        out,
        "<p class=\"meta\">{} · {} bytes · {} · {} treat{} · {} articles · {} rows · {} warnings</p>",
        attr(&report.encoding),
        report.bytes,
        attr(&languages),
        report.treaties.len(),
        if report.treaties.len() == 1 { "y" } else { "ies" },
        articles,
        report.rows.len(),
        report.warnings.len()
    );
    if model.paging.count() > 1 {
        let _ = write!(
            out,
            "<p class=\"meta\">A large document: page {} of {}, bytes {} to {} of the file.</p>",
            page + 1,
            model.paging.count(),
            range.start,
            range.end
        );
    }
    if input.bytes.len() != report.bytes || treaty_schema::sha256_hex(input.bytes) != report.sha256
    {
        out.push_str("<p class=\"banner\">The original file is not the one this report was made from (its size or SHA-256 differs): highlights may be in the wrong places. Run <code>treaty run</code> again.</p>");
    }
    out.push_str("</header>");
}
