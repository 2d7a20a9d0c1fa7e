//! Rendering a stretch of the document text with highlights, anchors and section breaks.
//!
//! Everything placed in the text is given in display offsets (see [`crate::source`]):
//! highlights are ranges that become elements around the text they cover, anchors are points,
//! section breaks split the text into `<section>` elements that the browser lays out lazily.
//! Ranges may nest, share a span or cross; an element is closed and continued where another
//! ends inside it or a section break falls, so the markup is always well formed.
//! Normalization sites are atomic: a range or anchor that falls inside one moves to its edge.

use crate::escape;
use crate::source::Source;

/// A highlight: the element that covers `start..end`.
pub(crate) struct Highlight {
    /// Display offsets.
    pub start: usize,
    /// Display offsets.
    pub end: usize,
    /// The opening tag.
    pub open: String,
    /// The opening tag of a continuation (after a crossing range or a section break).
    pub resume: String,
    /// The closing tag.
    pub close: &'static str,
}

/// What to place in a stretch of text.
#[derive(Default)]
pub(crate) struct Placements {
    /// Highlights, in any order.
    pub highlights: Vec<Highlight>,
    /// Markup placed at a display offset (anchors), in any order; at one offset they keep the
    /// order they were added in.
    pub points: Vec<(usize, String)>,
    /// Display offsets where a new section starts, with the section's opening tag.
    pub breaks: Vec<(usize, String)>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// Order at one offset: closes, then section breaks, then points, then opens.
    Close(usize),
    Break(usize),
    Point(usize),
    /// Opens sort outer (longer) ranges first: the key is (reversed end, index).
    Open(std::cmp::Reverse<usize>, usize),
}

/// Renders `window` of the source text into `out` with `placements`; section breaks are
/// emitted as `</section>` + the break's opening tag, so the caller opens the first section and
/// closes the last.
pub(crate) fn render(
    source: &Source,
    window: std::ops::Range<usize>,
    placements: &Placements,
    out: &mut String,
) {
    let text = source.display.as_str();
    let window =
        window.start.min(text.len())..window.end.min(text.len()).max(window.start.min(text.len()));
    let clamp = |position: usize| position.clamp(window.start, window.end);
    // Offsets inside a normalization site move to its start (or, for range ends, its end).
    let snap_start = |position: usize| match source.site_around(position) {
        Some(index) => source.sites[index].display.start,
        None => position,
    };
    let snap_end = |position: usize| match source.site_around(position) {
        Some(index) => source.sites[index].display.end,
        None => position,
    };
    let mut events: Vec<(usize, Event)> = Vec::new();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(placements.highlights.len());
    for (index, highlight) in placements.highlights.iter().enumerate() {
        let start = clamp(snap_start(highlight.start));
        let end = clamp(snap_end(highlight.end.max(highlight.start))).max(start);
        spans.push((start, end));
        events.push((start, Event::Open(std::cmp::Reverse(end), index)));
        events.push((end, Event::Close(index)));
    }
    for (index, (position, _)) in placements.points.iter().enumerate() {
        events.push((clamp(snap_start(*position)), Event::Point(index)));
    }
    for (index, (position, _)) in placements.breaks.iter().enumerate() {
        let position = clamp(snap_start(*position));
        if position > window.start && position < window.end {
            events.push((position, Event::Break(index)));
        }
    }
    events.sort();

    let mut open: Vec<usize> = Vec::new();
    let mut cursor = window.start;
    let mut previous_break: Option<usize> = None;
    for (position, event) in events {
        if position > cursor {
            text_into(source, cursor..position, out);
            cursor = position;
        }
        match event {
            Event::Open(_, index) => {
                let highlight = &placements.highlights[index];
                out.push_str(&highlight.open);
                if spans[index].1 == spans[index].0 {
                    out.push_str(highlight.close);
                } else {
                    open.push(index);
                }
            }
            Event::Close(index) => {
                if let Some(depth) = open.iter().rposition(|&o| o == index) {
                    for &above in open[depth..].iter().rev() {
                        out.push_str(placements.highlights[above].close);
                    }
                    open.remove(depth);
                    for &above in &open[depth..] {
                        out.push_str(&placements.highlights[above].resume);
                    }
                }
            }
            Event::Break(index) => {
                // Two breaks at one offset make one.
                if previous_break == Some(position) {
                    continue;
                }
                previous_break = Some(position);
                for &o in open.iter().rev() {
                    out.push_str(placements.highlights[o].close);
                }
                out.push_str("</section>");
                out.push_str(&placements.breaks[index].1);
                for &o in &open {
                    out.push_str(&placements.highlights[o].resume);
                }
            }
            Event::Point(index) => out.push_str(&placements.points[index].1),
        }
    }
    if window.end > cursor {
        text_into(source, cursor..window.end, out);
    }
    for &o in open.iter().rev() {
        out.push_str(placements.highlights[o].close);
    }
}

/// Writes display text `range`, with the normalization sites inside it shown as both versions.
fn text_into(source: &Source, range: std::ops::Range<usize>, out: &mut String) {
    let text = source.display.as_str();
    let mut cursor = range.start;
    let first = source
        .sites
        .partition_point(|site| site.display.end <= range.start);
    for site in &source.sites[first..] {
        if site.display.start >= range.end {
            break;
        }
        let start = site.display.start.max(cursor);
        escape::text_into(out, &text[cursor..start]);
        let end = site.display.end.min(range.end);
        site_into(site.kind, &text[start..end], &site.normalized, out);
        cursor = end;
    }
    if cursor < range.end {
        escape::text_into(out, &text[cursor..range.end]);
    }
}

/// One normalization site: `<del>` holds the original characters (shown on request),
/// `<ins>` what the pipeline read.
fn site_into(kind: usize, original: &str, normalized: &str, out: &mut String) {
    out.push_str("<span class=\"x k");
    out.push_str(&kind.to_string());
    out.push_str("\">");
    if !original.is_empty() {
        out.push_str("<del>");
        escape::text_into(out, original);
        out.push_str("</del>");
    }
    if !normalized.is_empty() {
        out.push_str("<ins>");
        escape::text_into(out, normalized);
        out.push_str("</ins>");
    }
    out.push_str("</span>");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn highlight(start: usize, end: usize, name: &str) -> Highlight {
        Highlight {
            start,
            end,
            open: format!("<{name}>"),
            resume: format!("<{name} c>"),
            close: if name == "a" { "</a>" } else { "</b>" },
        }
    }

    #[test]
    fn nested_crossing_and_empty_ranges_stay_well_formed() {
        let source = Source::new(b"0123456789");
        let placements = Placements {
            highlights: vec![
                highlight(2, 6, "a"),
                highlight(4, 8, "b"),
                highlight(9, 9, "a"),
            ],
            points: vec![(1, "|".into())],
            breaks: vec![(5, "<section>".into())],
        };
        let mut out = String::new();
        render(&source, 0..10, &placements, &mut out);
        assert_eq!(
            out,
            "0|1<a>23<b>4</b></a></section><section><a c><b c>5</b></a><b c>67</b>8<a></a>9"
        );
    }

    #[test]
    fn ranges_inside_a_normalization_site_move_to_its_edges() {
        let source = Source::new(b"x Articie 10 y");
        let placements = Placements {
            highlights: vec![highlight(4, 6, "a")],
            points: vec![],
            breaks: vec![],
        };
        let mut out = String::new();
        render(&source, 0..source.display.len(), &placements, &mut out);
        assert!(
            out.contains("<a><span class=\"x k9\"><del>Articie</del><ins>Article</ins></span></a>"),
            "{out}"
        );
    }

    #[test]
    fn windows_are_clamped() {
        let source = Source::new(b"abc");
        let mut out = String::new();
        render(&source, 2..99, &Placements::default(), &mut out);
        assert_eq!(out, "c");
    }
}
