//! The outline column: treaties, language versions, articles with the protocol points and
//! MLI provisions that modify them, and links to the other pages of a large document.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use treaty_schema::{ArticleReport, VersionReport};

use crate::escape::attr;
use crate::model::{article_id, parts, version_id, Model, Part};
use crate::names::language_name;

/// Rows per (treaty, language, article).
type RowCounts<'r> = BTreeMap<(usize, &'r str, &'r str), usize>;

/// The outline of page `page`: treaties, language versions, and the articles that start on the
/// page with the protocol points and MLI provisions that modify them; other pages' treaties as a
/// link each.
pub(super) fn outline(model: &Model<'_>, page: usize, out: &mut String) {
    let report = model.report;
    out.push_str("<nav class=\"outline\" aria-label=\"Outline\"><h2>Outline</h2>");
    if model.paging.count() > 1 {
        pages_nav(model, page, out);
    }
    if report.treaties.is_empty() {
        out.push_str("<p class=\"empty\">No treaty found.</p>");
    }
    let mut rows_of: RowCounts<'_> = BTreeMap::new();
    for row in &report.rows {
        *rows_of
            .entry((row.treaty, row.lang.as_str(), row.article.as_str()))
            .or_default() += 1;
    }
    let on_page = |offset: usize| model.paging.page_of(offset) == page;
    for treaty in &report.treaties {
        let shown = treaty
            .versions
            .iter()
            .any(|v| on_page(v.start) || parts(v).any(|(_, _, a)| on_page(a.start)));
        if !shown {
            let start = treaty.versions.iter().map(|v| v.start).min().unwrap_or(0);
            let _ = write!(
                out,
                "<p class=\"mut\"><a href=\"{}\">Treaty {}</a> {}</p>",
                model.link(start, &version_id(treaty.treaty, 0), Some(page)),
                treaty.treaty,
                attr(&treaty.parties.join(" · "))
            );
            continue;
        }
        let _ = write!(out, "<h3>Treaty {}", treaty.treaty);
        if treaty.fragment {
            out.push_str(" <span class=\"badge b-warn\">fragment</span>");
        }
        out.push_str("</h3>");
        if !treaty.parties.is_empty() {
            let _ = write!(
                out,
                "<p class=\"mut\">{}</p>",
                attr(&treaty.parties.join(" · "))
            );
        }
        let treaty_start = treaty.versions.iter().map(|v| v.start).min().unwrap_or(0);
        let versions_page = crate::versions::has_pair(treaty)
            .then(|| model.versions_file(model.paging.page_of(treaty_start)));
        for (v, version) in treaty.versions.iter().enumerate() {
            let _ = write!(
                out,
                "<p><a href=\"{}\"><b>{}</b></a> <span class=\"mut\">{} articles, {} protocol points, {} MLI provisions</span></p><ol>",
                model.link(version.start, &version_id(treaty.treaty, v), Some(page)),
                attr(language_name(version.lang.as_str())),
                version.articles.len(),
                version.protocol.len(),
                version.mli.len()
            );
            let items = Items {
                treaty: treaty.treaty,
                version_index: v,
                version,
                rows_of: &rows_of,
                versions_page: versions_page.as_deref(),
            };
            items.list(&on_page, out);
            out.push_str("</ol>");
        }
    }
    out.push_str("</nav>");
}

/// The items of one language version in the outline.
struct Items<'a> {
    treaty: usize,
    version_index: usize,
    version: &'a VersionReport,
    rows_of: &'a RowCounts<'a>,
    /// The side-by-side page of the treaty's versions, if it has one.
    versions_page: Option<&'a str>,
}

impl Items<'_> {
    /// The articles that start on the page, each with the protocol points and MLI
    /// provisions that modify it, then those that modify no article shown.
    fn list(&self, on_page: &dyn Fn(usize) -> bool, out: &mut String) {
        let version = self.version;
        // Protocol points and MLI provisions under the article they modify (the first, for
        // one that modifies several).
        let mut modifying: BTreeMap<&str, Vec<(Part, usize, &ArticleReport)>> = BTreeMap::new();
        for (part, index, point) in parts(version) {
            if part != Part::Article && on_page(point.start) {
                modifying
                    .entry(point.modifies.first().map_or("", String::as_str))
                    .or_default()
                    .push((part, index, point));
            }
        }
        let mut attached: BTreeSet<&str> = BTreeSet::new();
        for (index, article) in version.articles.iter().enumerate() {
            if !on_page(article.start) {
                continue;
            }
            self.item(out, Part::Article, index, article);
            if attached.insert(article.article.as_str()) {
                if let Some(points) = modifying.get(article.article.as_str()) {
                    out.push_str("<ol>");
                    for (part, index, point) in points {
                        self.item(out, *part, *index, point);
                        out.push_str("</li>");
                    }
                    out.push_str("</ol>");
                }
            }
            out.push_str("</li>");
        }
        // Protocol points and MLI provisions attached to no article shown here.
        for (part, heading) in [(Part::Protocol, "Protocol"), (Part::Mli, "MLI provisions")] {
            let loose: Vec<_> = modifying
                .iter()
                .filter(|(target, _)| !attached.contains(*target))
                .flat_map(|(_, points)| points)
                .filter(|(p, _, _)| *p == part)
                .collect();
            if loose.is_empty() {
                continue;
            }
            let _ = write!(out, "<li><span class=\"mut\">{heading}</span><ol>");
            for (part, index, point) in loose {
                self.item(out, *part, *index, point);
                out.push_str("</li>");
            }
            out.push_str("</ol></li>");
        }
    }

    /// One article, protocol point or MLI provision, its `<li>` left open.
    fn item(&self, out: &mut String, part: Part, index: usize, article: &ArticleReport) {
        let id = article_id(self.treaty, self.version_index, part, index);
        let kind = match part {
            Part::Article => "",
            Part::Protocol => "protocol ",
            Part::Mli => "MLI ",
        };
        let _ = write!(
            out,
            "<li id=\"o{id}\"><a href=\"#{id}\"><span class=\"num\">{}</span>{}</a>",
            attr(&article.article),
            attr(&article.title)
        );
        if !article.topic.as_str().is_empty() {
            let _ = write!(
                out,
                " <span class=\"tp\">{kind}{}</span>",
                attr(article.topic.as_str())
            );
        }
        if article.inferred {
            out.push_str(" <span class=\"inf\" title=\"number or boundary inferred, not read from a heading\">inferred</span>");
        }
        let n = self
            .rows_of
            .get(&(
                self.treaty,
                self.version.lang.as_str(),
                article.article.as_str(),
            ))
            .copied()
            .unwrap_or(0);
        if n > 0 {
            let _ = write!(
                out,
                " <span class=\"badge\">{n} row{}</span>",
                if n == 1 { "" } else { "s" }
            );
        }
        if let (Some(file), Part::Article | Part::Protocol) = (self.versions_page, part) {
            let _ = write!(
                out,
                " <a href=\"{file}#{}\" title=\"both language versions side by side\">⇄</a>",
                crate::versions::pair_id(self.treaty, part, &article.article)
            );
        }
    }
}

/// Links to the pages of a document split into pages.
fn pages_nav(model: &Model<'_>, page: usize, out: &mut String) {
    out.push_str("<p>Pages: ");
    for other in 0..model.paging.count() {
        if other == page {
            let _ = write!(out, "<b>{}</b> ", other + 1);
        } else {
            let _ = write!(
                out,
                "<a href=\"{}\">{}</a> ",
                model.page_file(other),
                other + 1
            );
        }
    }
    out.push_str("</p>");
}
