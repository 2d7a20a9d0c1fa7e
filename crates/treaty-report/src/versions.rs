//! The side-by-side page of a bilingual treaty: each article in every language version, next to
//! each other, with its rows marked agreed or unmatched.

use std::fmt::Write as _;

use treaty_schema::TreatyReport;

use crate::document::highlights::row_highlights;
use crate::escape::attr;
use crate::frame::{page_end, page_start};
use crate::model::{article_id, parts, quantity, row_place, Model, Part};
use crate::names::{class_word, language_name};
use crate::source::Source;
use crate::stream::{render, Placements};

/// The id of the row of the side-by-side page that shows article `number` of `treaty`
/// (`part` tells articles from protocol points and MLI provisions).
pub(crate) fn pair_id(treaty: usize, part: Part, number: &str) -> String {
    let mut id = format!("t{treaty}{}-", part.letter());
    for c in number.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else {
            let _ = write!(id, "_{:x}", u32::from(c));
        }
    }
    id
}

/// Whether a treaty has two language versions with articles (or protocol points) to show side
/// by side.
pub(crate) fn has_pair(treaty: &TreatyReport) -> bool {
    bilingual(treaty).len() >= 2
}

/// The treaties with a pair of versions that start on page `page` of the document: they are on
/// that page's side-by-side page.
pub(crate) fn treaties_on<'m>(
    model: &'m Model<'_>,
    page: usize,
) -> impl Iterator<Item = &'m TreatyReport> + 'm {
    model.report.treaties.iter().filter(move |treaty| {
        let start = treaty.versions.iter().map(|v| v.start).min().unwrap_or(0);
        has_pair(treaty) && model.paging.page_of(start) == page
    })
}

/// The versions shown: those with articles or protocol points.
fn bilingual(treaty: &TreatyReport) -> Vec<usize> {
    treaty
        .versions
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.articles.is_empty() || !v.protocol.is_empty())
        .map(|(index, _)| index)
        .collect()
}

/// Renders the side-by-side page of the treaties that start on page `page` of the document.
pub(crate) fn render_page(model: &Model<'_>, source: &Source, page: usize, index: bool) -> String {
    let document_page = model.page_file(page);
    let report = model.report;
    let mut out = String::with_capacity(source.display.len() * 2 + 32 * 1024);
    page_start(
        &mut out,
        &format!("{} — language versions side by side", report.doc),
        "",
    );
    out.push_str("<header class=\"top\"><nav>");
    if index {
        out.push_str("<a href=\"../index.html\">← all documents</a>");
    }
    let _ = write!(
        out,
        "<a href=\"{document_page}\">document page</a></nav><h1>{} <span class=\"mut\">— language versions side by side</span></h1>",
        attr(&report.doc)
    );
    out.push_str("<p class=\"meta\">Each article next to the same article of the other language version. <span class=\"badge b-ok\">agreed</span> the other version states the same number in the same article and paragraph; <span class=\"badge b-bad\">unmatched</span> it does not (see the document's warnings).</p></header><div class=\"wrap\">");
    for treaty in treaties_on(model, page) {
        let shown = bilingual(treaty);
        let _ = write!(out, "<h2>Treaty {}</h2>", treaty.treaty);
        for part in [Part::Article, Part::Protocol, Part::Mli] {
            // Article numbers in order of first appearance across the versions.
            let mut numbers: Vec<&str> = Vec::new();
            for &v in &shown {
                for (p, _, article) in parts(&treaty.versions[v]) {
                    if p == part && !numbers.contains(&article.article.as_str()) {
                        numbers.push(&article.article);
                    }
                }
            }
            if numbers.is_empty() {
                continue;
            }
            if part == Part::Protocol {
                out.push_str("<h2>Protocol</h2>");
            } else if part == Part::Mli {
                out.push_str("<h2>MLI provisions</h2>");
            }
            for number in numbers {
                let _ = write!(
                    out,
                    "<div class=\"pair\" style=\"--n:{}\" id=\"{}\">",
                    shown.len(),
                    pair_id(treaty.treaty, part, number)
                );
                for &v in &shown {
                    cell(model, source, treaty, v, part, number, &mut out);
                }
                out.push_str("</div>");
            }
        }
    }
    out.push_str("</div>");
    page_end(&mut out, None);
    out
}

/// One version's article in a row of the page.
#[allow(clippy::too_many_arguments)]
fn cell(
    model: &Model<'_>,
    source: &Source,
    treaty: &TreatyReport,
    v: usize,
    part: Part,
    number: &str,
    out: &mut String,
) {
    let version = &treaty.versions[v];
    out.push_str("<div>");
    let articles: Vec<_> = parts(version)
        .filter(|(p, _, a)| *p == part && a.article == number)
        .collect();
    if articles.is_empty() {
        let _ = write!(
            out,
            "<p class=\"empty\">The {} version has no {} {}.</p></div>",
            attr(language_name(version.lang.as_str())),
            if part == Part::Article {
                "article"
            } else {
                "point"
            },
            attr(number)
        );
        return;
    }
    for (_, index, article) in articles {
        let id = article_id(treaty.treaty, v, part, index);
        let _ = write!(
            out,
            "<h3><a href=\"{}\">{} {}</a> {}",
            model.file_link(article.start, &id),
            attr(version.lang.as_str()),
            attr(&article.printed),
            attr(&article.title)
        );
        if !article.topic.as_str().is_empty() {
            let _ = write!(
                out,
                " <span class=\"tp\">{}</span>",
                attr(article.topic.as_str())
            );
        }
        out.push_str("</h3>");
        let rows: Vec<usize> = model
            .report
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.treaty == treaty.treaty
                    && r.lang == version.lang
                    && r.article == article.article
                    && r.start >= article.start
                    && r.end <= article.end
            })
            .map(|(i, _)| i)
            .collect();
        if !rows.is_empty() {
            out.push_str("<ul>");
            for &i in &rows {
                let row = &model.report.rows[i];
                let badge = match row.status.as_str() {
                    "agreed" => " b-ok",
                    "unmatched" => " b-bad",
                    _ => "",
                };
                let _ = write!(
                    out,
                    "<li class=\"st-{}\"><span class=\"badge{badge}\">{}</span> <a href=\"{}\">{}</a> {} <b>{}</b> {}</li>",
                    class_word(row.status.as_str()),
                    attr(row.status.as_str()),
                    model.file_link(model.row_offset(i), &model.row_anchor(i)),
                    attr(&row_place(row)),
                    attr(row.kind.as_str()),
                    attr(&quantity(row)),
                    attr(&row.condition)
                );
            }
            out.push_str("</ul>");
        }
        let mut placements = Placements {
            highlights: row_highlights(model, source, &rows, false),
            ..Placements::default()
        };
        placements.highlights.sort_by_key(|h| h.start);
        let window = source.span(article.start, article.end);
        let lang = class_word(version.lang.as_str());
        let _ = write!(out, "<div class=\"tx\" lang=\"{lang}\">");
        render(source, window, &placements, out);
        out.push_str("</div>");
    }
    out.push_str("</div>");
}
