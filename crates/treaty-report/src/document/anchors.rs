//! The structure laid over the text: anchors and labels of language versions, articles and
//! paragraphs, and the section breaks that let the browser skip what is off screen.

use treaty_schema::ArticleReport;

use crate::escape::attr;
use crate::model::{article_id, paragraph_id, parts, version_id, Model, Part};
use crate::names::language_name;
use crate::source::Source;
use crate::stream::Placements;

/// A text stretch without article starts longer than this is split into sections of about
/// [`SECTION_BYTES`] at line ends, so the browser can skip laying out what is off screen.
const LONG_STRETCH: usize = 48 * 1024;
const SECTION_BYTES: usize = 24 * 1024;

/// The label shown in the text where an article starts.
fn article_label(lang: &str, part: Part, article: &ArticleReport) -> (String, &'static str) {
    let class = match part {
        Part::Article => "",
        Part::Protocol => " prot",
        Part::Mli => " mli",
    };
    (format!("{lang} {}", article.article), class)
}

/// Anchors a reader can guess for an article, besides its positional id: `art-10` (protocol
/// point 3: `p-3`; MLI provision: `mli-7`) for the first language version of the first treaty,
/// `en-art-10` for each language version of the first treaty, `t2-en-art-10` for later
/// treaties. Made of the normalized number's letters and digits only; a number that has none
/// (an inferred article) gives none. Where two articles would share one, the first keeps it.
pub(crate) fn readable_ids(
    treaty: usize,
    version: usize,
    lang: &str,
    part: Part,
    article: &ArticleReport,
) -> Vec<String> {
    let number: String = article
        .article
        .trim_start_matches(|c| part == Part::Protocol && c == 'P')
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if number.is_empty() {
        return Vec::new();
    }
    let kind = match part {
        Part::Article => "art",
        Part::Protocol => "p",
        Part::Mli => "mli",
    };
    let base = format!("{kind}-{number}");
    let lang: String = lang.chars().filter(char::is_ascii_alphanumeric).collect();
    if treaty == 1 {
        let mut ids = Vec::with_capacity(2);
        if version == 0 {
            ids.push(base.clone());
        }
        ids.push(format!("{lang}-{base}"));
        ids
    } else {
        vec![format!("t{treaty}-{lang}-{base}")]
    }
}

/// Anchors (versions, articles, paragraphs) and section breaks for the text of page `page`.
pub(super) fn structure_placements(
    model: &Model<'_>,
    source: &Source,
    page: usize,
    placements: &mut Placements,
) {
    let on_page = |offset: usize| model.paging.page_of(offset) == page;
    let mut starts = Vec::new();
    let mut readable = std::collections::HashSet::new();
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
                let title = anchor_title(version.lang.as_str(), article);
                let aliases: String =
                    readable_ids(treaty.treaty, v, version.lang.as_str(), part, article)
                        .into_iter()
                        .filter(|alias| readable.insert(alias.clone()))
                        .map(|alias| format!("<span id=\"{alias}\"></span>"))
                        .collect();
                placements.points.push((
                    position,
                    format!(
                        "{aliases}<a class=\"an{class}\" id=\"{id}\" href=\"#o{id}\" title=\"{}\">{}</a>",
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
    let cuts = stretch_cuts(model, source, page, &starts);
    starts.extend(cuts);
    starts.sort_unstable();
    starts.dedup();
    placements.breaks = starts
        .into_iter()
        .map(|position| (position, "<section class=\"s\">".to_string()))
        .collect();
}

/// The title of an article's anchor: language, number, title, topic and what it modifies.
fn anchor_title(lang: &str, article: &ArticleReport) -> String {
    format!(
        "{} {} {}{}{}",
        language_name(lang),
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
            format!(" — modifies article {}", article.modifies.join(", "))
        }
    )
}

/// Where long stretches of page `page` without an article start (`starts`, sorted, in
/// display offsets) are cut, at line ends.
fn stretch_cuts(model: &Model<'_>, source: &Source, page: usize, starts: &[usize]) -> Vec<usize> {
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
    cuts
}
