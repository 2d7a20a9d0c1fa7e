//! The document page: outline, text with every extracted number highlighted, side lists.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use treaty_extract::schema::{ArticleReport, DocumentReport, RateRow};

use crate::escape::{attr, href_segment};
use crate::model::{
    article_id, paragraph_id, parts, quantity, row_place, row_title, version_id, CheckState, Model,
    Part,
};
use crate::source::{Source, FIX_KINDS};
use crate::stream::{render, Highlight, Placements};
use crate::{page_end, page_start, DocumentInput, Options};

/// A text stretch without article starts longer than this is split into sections of about
/// [`SECTION_BYTES`] at line ends, so the browser can skip laying out what is off screen.
const LONG_STRETCH: usize = 48 * 1024;
const SECTION_BYTES: usize = 24 * 1024;

/// The language's name in English, for headings.
pub(crate) fn language_name(lang: &str) -> &str {
    match lang {
        "pt" => "Portuguese",
        "en" => "English",
        "ja" => "Japanese",
        other => other,
    }
}

/// The classes of a row highlight, from the rows that share it.
fn highlight_classes(model: &Model<'_>, members: &[usize]) -> String {
    let rows = &model.report.rows;
    let head = &rows[members[0]];
    let mut classes = format!("h k-{}", class_word(head.kind.as_str()));
    let status = if members
        .iter()
        .any(|&m| rows[m].status == treaty_extract::schema::Status::Unmatched)
    {
        "unmatched"
    } else {
        head.status.as_str()
    };
    let _ = write!(
        classes,
        " st-{} src-{}",
        class_word(status),
        class_word(head.source.as_str())
    );
    for state in [CheckState::Unexpected, CheckState::Changed] {
        if members.iter().any(|&m| model.checks[m] == Some(state)) {
            let _ = write!(classes, " ck-{}", state.name());
        }
    }
    classes
}

/// A word safe in a class attribute: ASCII letters, digits, `_` and `-`, else `x`.
pub(crate) fn class_word(word: &str) -> String {
    let cleaned: String = word
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    if cleaned.is_empty() {
        "x".to_string()
    } else {
        cleaned
    }
}

/// Highlights for rows (grouped by span) and warnings with a place.
/// `rows` selects the rows to show; `with_ids` gives them ids (the main text) or not.
pub(crate) fn row_highlights(
    model: &Model<'_>,
    source: &Source,
    rows: &[usize],
    with_ids: bool,
) -> Vec<Highlight> {
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for &index in rows {
        groups.entry(model.group_of[index]).or_default().push(index);
    }
    groups
        .into_iter()
        .map(|(head, members)| {
            let row = &model.report.rows[head];
            let classes = highlight_classes(model, &members);
            let title = members
                .iter()
                .map(|&m| row_title(&model.report.rows[m], model.checks[m]))
                .collect::<Vec<_>>()
                .join("\n——\n");
            let span = source.span(row.start, row.end);
            let list = members
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            let id = if with_ids {
                format!(" id=\"r{head}\"")
            } else {
                String::new()
            };
            Highlight {
                start: span.start,
                end: span.end,
                open: format!(
                    "<mark class=\"{classes}\"{id} data-s=\"{}\" data-e=\"{}\" data-rows=\"{list}\" title=\"{}\">",
                    row.start,
                    row.end,
                    attr(&title)
                ),
                resume: format!("<mark class=\"{classes} cont\" title=\"{}\">", attr(&title)),
                close: "</mark>",
            }
        })
        .collect()
}

fn warning_highlights(model: &Model<'_>, source: &Source, page: usize) -> Vec<Highlight> {
    model
        .report
        .warnings
        .iter()
        .enumerate()
        .filter_map(|(index, warning)| {
            let start = warning.start?;
            if model.paging.page_of(start) != page {
                return None;
            }
            let span = source.span(start, warning.end.unwrap_or(start));
            let title = attr(&format!("warning {}: {}", warning.code, warning.message));
            Some(Highlight {
                start: span.start,
                end: span.end,
                open: format!("<mark class=\"w\" id=\"w{index}\" title=\"{title}\">"),
                resume: format!("<mark class=\"w cont\" title=\"{title}\">"),
                close: "</mark>",
            })
        })
        .collect()
}

/// The label shown in the text where an article starts.
fn article_label(lang: &str, part: Part, article: &ArticleReport) -> (String, &'static str) {
    let class = match part {
        Part::Article => "",
        Part::Protocol => " prot",
        Part::Mli => " mli",
    };
    (format!("{lang} {}", article.article), class)
}

/// Anchors (versions, articles, paragraphs) and section breaks for the text of page `page`.
fn structure_placements(
    model: &Model<'_>,
    source: &Source,
    page: usize,
    placements: &mut Placements,
) {
    let on_page = |offset: usize| model.paging.page_of(offset) == page;
    let mut starts = Vec::new();
    for treaty in &model.report.treaties {
        for (v, version) in treaty.versions.iter().enumerate() {
            let vid = version_id(treaty.treaty, v);
            if on_page(version.start) {
                placements.points.push((
                    source.to_display(version.start),
                    format!("<span id=\"{vid}\"></span>"),
                ));
            }
            for (part, index, article) in parts(version) {
                if !on_page(article.start) {
                    continue;
                }
                let id = article_id(treaty.treaty, v, part, index);
                let position = source.to_display(article.start);
                starts.push(position);
                let (label, class) = article_label(version.lang.as_str(), part, article);
                let title = format!(
                    "{} {} {}{}{}",
                    language_name(version.lang.as_str()),
                    article.printed,
                    article.title,
                    if article.topic.as_str().is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", article.topic.as_str())
                    },
                    if article.modifies.is_empty() {
                        String::new()
                    } else {
                        format!(" — modifies article {}", article.modifies)
                    }
                );
                placements.points.push((
                    position,
                    format!(
                        "<a class=\"an{class}\" id=\"{id}\" href=\"#o{id}\" title=\"{}\">{}</a>",
                        attr(&title),
                        attr(&label)
                    ),
                ));
                for (p, paragraph) in article.paragraphs.iter().enumerate() {
                    if !on_page(paragraph.start) {
                        continue;
                    }
                    placements.points.push((
                        source.to_display(paragraph.start),
                        format!("<span id=\"{}\"></span>", paragraph_id(&id, p)),
                    ));
                }
            }
        }
    }
    starts.sort_unstable();
    starts.dedup();
    // Long stretches without an article start are cut at line ends.
    let text = source.display.as_str();
    let range = model
        .paging
        .range(page, model.report.bytes.max(source.original_len()));
    let (window_start, window_end) = (source.to_display(range.start), source.to_display(range.end));
    let mut cuts = Vec::new();
    let mut previous = window_start;
    for &start in starts.iter().chain(std::iter::once(&window_end)) {
        let mut position = previous;
        while start.saturating_sub(position) > LONG_STRETCH {
            let mut target = (position + SECTION_BYTES).min(start);
            while !text.is_char_boundary(target) {
                target += 1;
            }
            match text.get(target..start).and_then(|rest| rest.find('\n')) {
                Some(newline) => {
                    position = target + newline + 1;
                    cuts.push(position);
                }
                None => break,
            }
        }
        previous = start;
    }
    starts.extend(cuts);
    starts.sort_unstable();
    starts.dedup();
    placements.breaks = starts
        .into_iter()
        .map(|position| (position, "<section class=\"s\">".to_string()))
        .collect();
}

/// The outline of page `page`: treaties, language versions, and the articles that start on the
/// page with the protocol points and MLI provisions that modify them; other pages' treaties as a
/// link each.
fn outline(model: &Model<'_>, page: usize, out: &mut String) {
    let report = model.report;
    out.push_str("<nav class=\"outline\" aria-label=\"Outline\"><h2>Outline</h2>");
    if model.paging.count() > 1 {
        pages_nav(model, page, out);
    }
    if report.treaties.is_empty() {
        out.push_str("<p class=\"empty\">No treaty found.</p>");
    }
    let mut rows_of: BTreeMap<(usize, &str, &str), usize> = BTreeMap::new();
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
            let item = |out: &mut String, part: Part, index: usize, article: &ArticleReport| {
                let id = article_id(treaty.treaty, v, part, index);
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
                let n = rows_of
                    .get(&(
                        treaty.treaty,
                        version.lang.as_str(),
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
                if let (Some(file), Part::Article | Part::Protocol) = (&versions_page, part) {
                    let _ = write!(
                        out,
                        " <a href=\"{file}#{}\" title=\"both language versions side by side\">⇄</a>",
                        crate::versions::pair_id(treaty.treaty, part, &article.article)
                    );
                }
            };
            // Protocol points and MLI provisions under the article they modify.
            let mut modifying: BTreeMap<&str, Vec<(Part, usize, &ArticleReport)>> = BTreeMap::new();
            for (part, index, point) in parts(version) {
                if part != Part::Article && on_page(point.start) {
                    modifying
                        .entry(point.modifies.as_str())
                        .or_default()
                        .push((part, index, point));
                }
            }
            let mut attached: BTreeSet<&str> = BTreeSet::new();
            for (index, article) in version.articles.iter().enumerate() {
                if !on_page(article.start) {
                    continue;
                }
                item(out, Part::Article, index, article);
                if attached.insert(article.article.as_str()) {
                    if let Some(points) = modifying.get(article.article.as_str()) {
                        out.push_str("<ol>");
                        for (part, index, point) in points {
                            item(out, *part, *index, point);
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
                    item(out, *part, *index, point);
                    out.push_str("</li>");
                }
                out.push_str("</ol></li>");
            }
            out.push_str("</ol>");
        }
    }
    out.push_str("</nav>");
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

/// The side list of the rows on `rows` (indices).
fn rows_list(model: &Model<'_>, rows: &[usize], out: &mut String) {
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
            attr(&row.modifies)
        )
    };
    let status_class = match row.status.as_str() {
        "agreed" => " b-ok",
        "unmatched" => " b-bad",
        _ => "",
    };
    let swatch = if row.kind == treaty_extract::schema::Kind::Rate {
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
fn warnings_list(model: &Model<'_>, page: usize, out: &mut String) {
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

fn normalization_table(report: &DocumentReport, source: &Source, out: &mut String) {
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

fn check_box(
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
    let score = crate::check::rate_score(comparison);
    out.push_str("<section><h2>Against the fixture</h2><p>");
    if crate::check::has_rates(comparison) {
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
            crate::check::doc_anchor(&model.report.doc)
        );
    }
    out.push_str("</p>");
    if !rates.missing.is_empty() {
        out.push_str("<h3>Missing (in the fixture, not found)</h3><ul>");
        for record in &rates.missing {
            let label = crate::check::record_label(record);
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
            let label = crate::check::record_label(record);
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

const LEGEND: &str = "<section><h2>Legend</h2><p><span class=\"sw rate\"></span>rate <span class=\"sw thr\"></span>threshold <span class=\"sw unm\"></span>not found in the other language version <span class=\"sw ck\"></span>differs from the fixture; <a class=\"an\">en 10</a> article start, <a class=\"an prot\">en P1</a> protocol point, <a class=\"an mli\">ja MLI8</a> MLI provision. Hover a number for its row.</p></section>";

/// The file name of a document's page inside `docs/`, from its name: path separators and
/// control characters are replaced so the page stays in the folder.
pub(crate) fn file_stem(doc: &str) -> String {
    let stem: String = doc
        .chars()
        .map(|c| {
            if c == '/' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    if stem.is_empty() {
        "_".to_string()
    } else {
        stem
    }
}

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
    if input.bytes.len() != report.bytes || treaty_extract::sha256_hex(input.bytes) != report.sha256
    {
        out.push_str("<p class=\"banner\">The original file is not the one this report was made from (its size or SHA-256 differs): highlights may be in the wrong places. Run <code>treaty run</code> again.</p>");
    }
    out.push_str("</header><div class=\"cols\">");
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
    check_box(model, input, options, page, &mut out);
    rows_list(model, &rows, &mut out);
    warnings_list(model, page, &mut out);
    normalization_table(report, source, &mut out);
    out.push_str(LEGEND);
    out.push_str("</aside></div>");
    page_end(&mut out, None);
    out
}
