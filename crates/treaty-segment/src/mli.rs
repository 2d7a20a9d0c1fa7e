//! Boxed provisions of the multilateral instrument (MLI) in consolidated Japanese texts.
//!
//! A consolidated text (統合条文) prints, inside the treaty, the MLI provisions that modify it:
//! a note (`(注)次のBEPS防止措置実施条約第八条1の規定は、条約第十条2(a)に規定する配当について
//! 適用される。`), the MLI article's own heading (`第八条 配当を移転する取引`) and its text.
//! These are not treaty articles: their headings are out of the treaty's sequence and their
//! numbers are the MLI's. A box is found from its note; it ends where the treaty resumes: the
//! next treaty heading, the next note, or a paragraph number that continues the treaty
//! article rather than the MLI provision.

use std::ops::Range;

use treaty_numbers::parse_kanji_number;

use crate::japanese_articles::grammar::Grammar;
use crate::japanese_articles::paragraphs::{opens_with_item, paragraphs_from};
use crate::model::Article;
use crate::topic::{topic_from_content, Topic};

/// One boxed MLI provision.
#[derive(Debug, Clone)]
pub(crate) struct MliBox {
    /// Where the note starts.
    pub start: usize,
    /// Where the note's sentence ends.
    pub note_end: usize,
    /// The MLI article (or part) number the note names.
    pub number: u32,
    /// True when the note names a part (`第六部`) of several articles.
    pub part: bool,
    /// The MLI heading right after the note.
    pub heading: Option<Range<usize>>,
    /// The treaty article the note names, if it names one.
    pub note_modifies: Option<String>,
    /// True when the note names a single sentence of the MLI provision (`第十六条1の第一文の
    /// 規定は`): the box holds that sentence, and the treaty's text resumes after it.
    pub one_sentence: bool,
    /// Where the box ends (set by [`close_boxes`]).
    pub end: usize,
}

impl MliBox {
    /// Whether a heading at `at` belongs to this box's note or MLI heading.
    pub(crate) fn excludes_heading(&self, at: usize) -> bool {
        let region_end = self.heading.as_ref().map_or(self.note_end, |h| h.end);
        at >= self.start && at < region_end
    }

    /// The provision as an article numbered `MLI8`, with the topic of the treaty article it
    /// modifies (the one its note names, else the one it stands in).
    pub(crate) fn to_article(&self, g: &Grammar, text: &str, articles: &[Article]) -> Article {
        let body_start = self.heading.as_ref().map_or(self.note_end, |h| h.end);
        let body = body_start.min(self.end)..self.end;
        let enclosing = articles
            .iter()
            .rev()
            .find(|a| a.span.start <= self.start)
            .map(|a| a.number.clone());
        let named = self
            .note_modifies
            .clone()
            .or_else(|| treaty_reference(g, &text[body.clone()]));
        let topic_of = |number: &str| {
            articles
                .iter()
                .find(|a| a.number == number)
                .map(|a| a.topic)
        };
        // A provision that names no article takes the topic of what it says; the article it
        // stands in is only where it was printed.
        let topic = match &named {
            Some(number) => topic_of(number),
            None => topic_from_content(&text[body.clone()])
                .or_else(|| enclosing.as_deref().and_then(topic_of)),
        }
        .unwrap_or(Topic::Miscellaneous);
        let modifies = named.or(enclosing).into_iter().collect();
        let (printed, title) = match &self.heading {
            Some(heading) => {
                let line = text[heading.clone()].trim();
                let number_end = g.heading.find(line).map_or(0, |m| m.end());
                (
                    line[..number_end].to_string(),
                    line[number_end..].trim().to_string(),
                )
            }
            None => (String::new(), String::new()),
        };
        Article {
            number: format!("MLI{}", self.number),
            printed,
            title,
            topic,
            inferred: false,
            span: self.start..self.end,
            paragraphs: paragraphs_from(g, text, body, 1),
            modifies,
        }
    }
}

/// The first treaty article named in `text`, normalized (`10`, `21A`).
fn treaty_reference(g: &Grammar, text: &str) -> Option<String> {
    let captures = g
        .treaty_reference
        .captures_iter(text)
        .find(|c| c.get(1).is_none())?;
    let number = parse_kanji_number(&captures[2])?;
    Some(format!(
        "{number}{}",
        captures.get(3).map_or("", |m| m.as_str())
    ))
}

/// The MLI boxes in `range`, their ends still open (see [`close_boxes`]).
pub(crate) fn boxes(g: &Grammar, text: &str, range: Range<usize>) -> Vec<MliBox> {
    let mut result = Vec::new();
    for captures in g.mli_note.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        let Some(number) = parse_kanji_number(&captures[1]) else {
            continue;
        };
        let part = &captures[2] == g.mli_part_mark;
        let note_end = text[start..range.end]
            .find(g.full_stop)
            .map_or(range.end, |i| start + i + g.full_stop.len_utf8());
        let note_modifies = treaty_reference(g, &text[start..note_end]);
        let one_sentence = g
            .mli_one_sentence
            .is_match(&text[whole.end() + range.start..note_end]);
        // The MLI heading stands on one of the next lines.
        let window_end = text[note_end..range.end]
            .char_indices()
            .nth(60)
            .map_or(range.end, |(i, _)| note_end + i);
        let heading = g
            .heading
            .find(&text[note_end..window_end])
            .map(|m| note_end + m.start()..note_end + m.end())
            .filter(|h| text[..h.start].ends_with('\n'))
            .map(|h| {
                let line_end = text[h.end..range.end]
                    .find('\n')
                    .map_or(range.end, |i| h.end + i);
                h.start..line_end
            });
        result.push(MliBox {
            start,
            note_end,
            number: number as u32,
            part,
            heading,
            note_modifies,
            one_sentence,
            end: range.end,
        });
    }
    result
}

/// Headings inside a box that names a part of the MLI: the part's own articles, told by
/// standing after the note and before the treaty's next heading, each numbered below the
/// treaty's next article, or equal to it when the treaty's own heading of that number
/// follows.
#[allow(clippy::too_many_arguments)] // the grammar, then where the heading stands among the others
pub(crate) fn is_part_heading(
    g: &Grammar,
    text: &str,
    boxes: &[MliBox],
    at: usize,
    number: u64,
    treaty_next: u64,
    range_end: usize,
    last_treaty_heading: usize,
) -> bool {
    let in_part = boxes
        .iter()
        .any(|b| b.part && b.start < at && b.start > last_treaty_heading);
    if !in_part || !text[..at].ends_with('\n') {
        return false;
    }
    if number < treaty_next {
        return true;
    }
    if number == treaty_next {
        let next_char = at + text[at..].chars().next().map_or(0, char::len_utf8);
        let after = &text[next_char.min(range_end)..range_end];
        return g.heading.captures_iter(after).any(|c| {
            let start = c.get(0).unwrap().start();
            after[..start].ends_with('\n')
                && parse_kanji_number(&c[1]) == Some(number)
                && c.get(2).is_none()
        });
    }
    false
}

/// Sets where each box ends: at the next note, the next treaty heading, or a line that starts
/// with the number of the treaty article's next paragraph when that is not the MLI
/// provision's next paragraph.
pub(crate) fn close_boxes(
    g: &Grammar,
    text: &str,
    boxes: &mut [MliBox],
    headings: &[usize],
    range_end: usize,
) {
    let starts: Vec<usize> = boxes.iter().map(|b| b.start).collect();
    for (index, mli_box) in boxes.iter_mut().enumerate() {
        let next_note = starts.get(index + 1).copied().unwrap_or(range_end);
        let next_heading = headings
            .iter()
            .copied()
            .find(|h| *h > mli_box.start)
            .unwrap_or(range_end);
        let mut end = next_note.min(next_heading);
        // Paragraph numbers at line starts: the treaty article's so far, the box's since.
        let enclosing = headings
            .iter()
            .copied()
            .filter(|h| *h < mli_box.start)
            .max()
            .unwrap_or(mli_box.start);
        let treaty_last = last_line_number(g, text, enclosing..mli_box.start);
        let body_start = mli_box.heading.as_ref().map_or(mli_box.note_end, |h| h.end);
        let mut mli_last = 0;
        let mut line_start = body_start;
        while line_start < end {
            let line_end = text[line_start..end]
                .find('\n')
                .map_or(end, |i| line_start + i);
            if let Some(n) = line_number(g, &text[line_start..line_end]) {
                if n == mli_last + 1 && !(n == treaty_last + 1 && mli_box.heading.is_none()) {
                    mli_last = n;
                } else if n == treaty_last + 1 {
                    end = line_start;
                    break;
                }
            }
            line_start = line_end + 1;
        }
        // A heading that runs past where the box must end leaves no body to cut.
        if mli_box.one_sentence && body_start < end {
            // The provision's one sentence; what follows is the treaty article again (its
            // next sentence, or its next paragraph).
            if let Some(stop) = sentence_end(g, text, body_start..end) {
                end = stop;
            }
        }
        mli_box.end = end.max(mli_box.note_end.min(end));
    }
}

/// The end of the first sentence in `range` (after its `。`), not counting a full stop inside
/// brackets (`(以下「協定」という。)`).
fn sentence_end(g: &Grammar, text: &str, range: Range<usize>) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in text[range.clone()].char_indices() {
        if g.open_brackets.contains(&c) {
            depth += 1;
        } else if g.close_brackets.contains(&c) {
            depth = (depth - 1).max(0);
        } else if c == g.full_stop && depth == 0 {
            return Some(range.start + i + c.len_utf8());
        }
    }
    None
}

/// The paragraph number a line starts with (`3 この条において`), if any.
fn line_number(g: &Grammar, line: &str) -> Option<u32> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0
        || digits > 2
        || !(line[digits..].starts_with(' ') || opens_with_item(g, &line[digits..]))
    {
        return None;
    }
    line[..digits].parse().ok()
}

/// The highest paragraph number at a line start in `range` (0 when none).
fn last_line_number(g: &Grammar, text: &str, range: Range<usize>) -> u32 {
    text[range]
        .split('\n')
        .filter_map(|line| line_number(g, line))
        .max()
        .unwrap_or(0)
}

/// The parts of `range` outside every box.
pub(crate) fn outside_boxes(range: Range<usize>, boxes: &[MliBox]) -> Vec<Range<usize>> {
    let mut pieces = Vec::new();
    let mut cursor = range.start;
    for mli_box in boxes {
        if mli_box.end <= cursor || mli_box.start >= range.end {
            continue;
        }
        if mli_box.start > cursor {
            pieces.push(cursor..mli_box.start);
        }
        cursor = cursor.max(mli_box.end);
    }
    if cursor < range.end {
        pieces.push(cursor..range.end);
    }
    pieces
}
