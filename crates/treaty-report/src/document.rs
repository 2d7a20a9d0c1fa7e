//! The document page: outline, text with every extracted number highlighted, side lists.

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

/// Whether a treaty of the document has two language versions with articles: the document
/// then has a side-by-side page.
pub(crate) fn has_versions_page(report: &DocumentReport) -> bool {
    report.treaties.iter().any(|treaty| {
        treaty
            .versions
            .iter()
            .filter(|v| !v.articles.is_empty() || !v.protocol.is_empty())
            .count()
            >= 2
    })
}

/// The classes of a row highlight, from the rows that share it.
fn highlight_classes(model: &Model<'_>, members: &[usize]) -> String {
    let rows = &model.report.rows;
    let head = &rows[members[0]];
    let mut classes = format!("h k-{}", class_word(&head.kind));
    let status = if members.iter().any(|&m| rows[m].status == "unmatched") {
        "unmatched"
    } else {
        head.status.as_str()
    };
    let _ = write!(
        classes,
        " st-{} src-{}",
        class_word(status),
        class_word(&head.source)
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

fn warning_highlights(report: &DocumentReport, source: &Source) -> Vec<Highlight> {
    report
        .warnings
        .iter()
        .enumerate()
        .filter_map(|(index, warning)| {
            let start = warning.start?;
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

/// Anchors (versions, articles, paragraphs) and section breaks for the main text.
fn structure_placements(report: &DocumentReport, source: &Source, placements: &mut Placements) {
    let mut starts = Vec::new();
    for treaty in &report.treaties {
        for (v, version) in treaty.versions.iter().enumerate() {
            let vid = version_id(treaty.treaty, v);
            placements.points.push((
                source.to_display(version.start),
                format!("<span id=\"{vid}\"></span>"),
            ));
            for (part, index, article) in parts(version) {
                let id = article_id(treaty.treaty, v, part, index);
                let position = source.to_display(article.start);
                starts.push(position);
                let (label, class) = article_label(&version.lang, part, article);
                let title = format!(
                    "{} {} {}{}{}",
                    language_name(&version.lang),
                    article.printed,
                    article.title,
                    if article.topic.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", article.topic)
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
    let mut cuts = Vec::new();
    let mut previous = 0;
    for &start in starts.iter().chain(std::iter::once(&text.len())) {
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

/// The outline: treaties, language versions, articles with the protocol points and MLI
/// provisions that modify them.
fn outline(report: &DocumentReport, versions_page: Option<&str>, out: &mut String) {
    out.push_str("<nav class=\"outline\" aria-label=\"Outline\"><h2>Outline</h2>");
    if report.treaties.is_empty() {
        out.push_str("<p class=\"empty\">No treaty found.</p>");
    }
    let rows_of = |treaty: usize, lang: &str, article: &str| {
        report
            .rows
            .iter()
            .filter(|r| r.treaty == treaty && r.lang == lang && r.article == article)
            .count()
    };
    for treaty in &report.treaties {
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
        for (v, version) in treaty.versions.iter().enumerate() {
            let _ = write!(
                out,
                "<p><a href=\"#{}\"><b>{}</b></a> <span class=\"mut\">{} articles, {} protocol points, {} MLI provisions</span></p><ol>",
                version_id(treaty.treaty, v),
                attr(language_name(&version.lang)),
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
                if !article.topic.is_empty() {
                    let _ = write!(
                        out,
                        " <span class=\"tp\">{kind}{}</span>",
                        attr(&article.topic)
                    );
                }
                if article.inferred {
                    out.push_str(" <span class=\"inf\" title=\"number or boundary inferred, not read from a heading\">inferred</span>");
                }
                let n = rows_of(treaty.treaty, &version.lang, &article.article);
                if n > 0 {
                    let _ = write!(
                        out,
                        " <span class=\"badge\">{n} row{}</span>",
                        if n == 1 { "" } else { "s" }
                    );
                }
                if let (Some(page), Part::Article | Part::Protocol) = (versions_page, part) {
                    let _ = write!(
                        out,
                        " <a href=\"{page}#{}\" title=\"both language versions side by side\">⇄</a>",
                        crate::versions::pair_id(treaty.treaty, part, &article.article)
                    );
                }
            };
            for (index, article) in version.articles.iter().enumerate() {
                item(out, Part::Article, index, article);
                let mods: Vec<_> = parts(version)
                    .filter(|(part, _, a)| *part != Part::Article && a.modifies == article.article)
                    .collect();
                if !mods.is_empty() {
                    out.push_str("<ol>");
                    for (part, index, point) in mods {
                        item(out, part, index, point);
                        out.push_str("</li>");
                    }
                    out.push_str("</ol>");
                }
                out.push_str("</li>");
            }
            // Protocol points and MLI provisions attached to no article of this version.
            let numbers: Vec<&str> = version
                .articles
                .iter()
                .map(|a| a.article.as_str())
                .collect();
            for (part, heading) in [(Part::Protocol, "Protocol"), (Part::Mli, "MLI provisions")] {
                let loose: Vec<_> = parts(version)
                    .filter(|(p, _, a)| *p == part && !numbers.contains(&a.modifies.as_str()))
                    .collect();
                if loose.is_empty() {
                    continue;
                }
                let _ = write!(out, "<li><span class=\"mut\">{heading}</span><ol>");
                for (part, index, point) in loose {
                    item(out, part, index, point);
                    out.push_str("</li>");
                }
                out.push_str("</ol></li>");
            }
            out.push_str("</ol>");
        }
    }
    out.push_str("</nav>");
}

/// The side list of rows.
fn rows_list(model: &Model<'_>, out: &mut String) {
    let rows = &model.report.rows;
    let _ = write!(out, "<section><h2>Rows ({})</h2>", rows.len());
    if rows.is_empty() {
        out.push_str("<p class=\"empty\">No rate or threshold extracted.</p></section>");
        return;
    }
    out.push_str("<ol class=\"rl\">");
    for (index, row) in rows.iter().enumerate() {
        row_item(model, index, row, out);
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
        attr(&row.source)
    } else {
        format!("{} → art {}", attr(&row.source), attr(&row.modifies))
    };
    let status_class = match row.status.as_str() {
        "agreed" => " b-ok",
        "unmatched" => " b-bad",
        _ => "",
    };
    let swatch = if row.kind == "rate" { "rate" } else { "thr" };
    let _ = write!(
        out,
        "<li class=\"st-{}\" title=\"{}\"><a href=\"#{}\"><span class=\"sw {swatch}\"></span><b>{}</b> {} {}</a> <span class=\"badge{status_class}\">{}</span>{check}<br><span class=\"mut\">{} {} · {} · {source}</span></li>",
        class_word(&row.status),
        attr(&row.quote),
        model.row_anchor(index),
        attr(&quantity(row)),
        attr(&row.lang),
        attr(&row_place(row)),
        attr(&row.status),
        attr(&row.topic),
        attr(&row.kind),
        if row.condition.is_empty() {
            "no condition".to_string()
        } else {
            attr(&row.condition)
        },
    );
}

fn warnings_list(report: &DocumentReport, out: &mut String) {
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
        if warning.start.is_some() {
            let _ = write!(out, "<a href=\"#w{index}\">{}</a>", attr(&warning.code));
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

fn check_box(model: &Model<'_>, input: &DocumentInput<'_>, options: &Options, out: &mut String) {
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
            match model.place_of(record) {
                Some(id) => {
                    let _ = write!(out, "<li><a href=\"#{id}\">{}</a></li>", attr(&label));
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
                        "<li><a href=\"#{}\">{}</a></li>",
                        model.row_anchor(*index),
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

/// Renders the document page.
pub(crate) fn render_page(
    input: &DocumentInput<'_>,
    model: &Model<'_>,
    source: &Source,
    options: &Options,
    versions_page: Option<&str>,
) -> String {
    let report = input.report;
    let mut out = String::with_capacity(source.display.len() * 2 + 64 * 1024);
    page_start(
        &mut out,
        &format!("{} — treaty report", report.doc),
        &toggle_css(source),
    );
    out.push_str("<header class=\"top\"><nav>");
    if options.index {
        out.push_str("<a href=\"../index.html\">← all documents</a>");
    }
    if let Some(check) = &options.check_page {
        let _ = write!(out, "<a href=\"../{}\">check</a>", href_segment(check));
    }
    if let Some(page) = versions_page {
        let _ = write!(out, "<a href=\"{page}\">versions side by side</a>");
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
    if input.bytes.len() != report.bytes || treaty_extract::sha256_hex(input.bytes) != report.sha256
    {
        out.push_str("<p class=\"banner\">The original file is not the one this report was made from (its size or SHA-256 differs): highlights may be in the wrong places. Run <code>treaty run</code> again.</p>");
    }
    out.push_str("</header><div class=\"cols\">");
    outline(report, versions_page, &mut out);

    let mut placements = Placements::default();
    let all_rows: Vec<usize> = (0..report.rows.len()).collect();
    placements.highlights = warning_highlights(report, source);
    placements
        .highlights
        .extend(row_highlights(model, source, &all_rows, true));
    structure_placements(report, source, &mut placements);
    out.push_str("<main class=\"doc\" lang=\"");
    let dominant = report
        .languages
        .iter()
        .max_by_key(|l| l.bytes)
        .map_or("", |l| l.lang.as_str());
    out.push_str(&class_word(dominant));
    out.push_str("\"><section class=\"s\">");
    render(source, 0..source.display.len(), &placements, &mut out);
    out.push_str("</section></main><aside class=\"side\">");
    check_box(model, input, options, &mut out);
    rows_list(model, &mut out);
    warnings_list(report, &mut out);
    normalization_table(report, source, &mut out);
    out.push_str(LEGEND);
    out.push_str("</aside></div>");
    page_end(&mut out, None);
    out
}
