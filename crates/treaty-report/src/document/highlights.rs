//! Highlights laid over the text: extracted rows (grouped by span, classed by kind, status
//! and fixture check) and warnings with a place.

use std::fmt::Write as _;

use crate::escape::attr;
use crate::model::{row_title, CheckState, Model};
use crate::names::class_word;
use crate::source::Source;
use crate::stream::Highlight;

/// The classes of a row highlight, from the rows that share it.
fn highlight_classes(model: &Model<'_>, members: &[usize]) -> String {
    let rows = &model.report.rows;
    let head = &rows[members[0]];
    let mut classes = format!("h k-{}", class_word(head.kind.as_str()));
    let status = if members
        .iter()
        .any(|&m| rows[m].status == treaty_schema::Status::Unmatched)
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

pub(super) fn warning_highlights(
    model: &Model<'_>,
    source: &Source,
    page: usize,
) -> Vec<Highlight> {
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
