//! Paragraphs of a Japanese article: numbers at line starts, `(1)` markers of vertical text,
//! or numbers glued to the text.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::grammar::Grammar;
use crate::model::Paragraph;
use crate::structure::paragraphs::{build_paragraphs, paragraph, trim_end_offset};

/// Paragraphs of an article whose body is cut by MLI boxes: each piece is read on from the
/// numbers before it, and a piece that starts without a number continues the paragraph
/// before the box.
pub(super) fn paragraphs_of_pieces(
    g: &Grammar,
    text: &str,
    pieces: &[Range<usize>],
) -> Vec<Paragraph> {
    let mut result: Vec<Paragraph> = Vec::new();
    for piece in pieces {
        if text[piece.clone()].trim().is_empty() {
            continue;
        }
        let next_number = result
            .iter()
            .filter_map(|p| p.number.parse::<u32>().ok())
            .max()
            .map_or(1, |n| n + 1);
        let mut found = paragraphs_from(g, text, piece.clone(), next_number);
        if !result.is_empty() {
            if let Some(first) = found.first_mut() {
                if first.unnumbered {
                    // Continues the paragraph the box interrupted.
                    first.number = (next_number - 1).to_string();
                }
            }
        }
        result.extend(found);
    }
    result
}

/// Paragraphs of `body`, numbered from 1.
pub(crate) fn japanese_paragraphs(text: &str, body: Range<usize>) -> Vec<Paragraph> {
    paragraphs_from(Grammar::kanji(), text, body, 1)
}

/// Paragraphs of `body`, numbered from `first`.
pub(crate) fn paragraphs_from(
    g: &Grammar,
    text: &str,
    body: Range<usize>,
    first: u32,
) -> Vec<Paragraph> {
    let line_starts = line_start_paragraphs(g, text, body.clone(), first);
    // One number at a line start is not yet a layout: glued text may start a line too.
    let starts = if line_starts.len() >= 2 || (first > 1 && !line_starts.is_empty()) {
        line_starts
    } else if first == 1 {
        let bracketed = bracketed_paragraphs(g, text, body.clone());
        if bracketed.len() >= 2 {
            bracketed
        } else {
            glued_paragraphs(g, text, body.clone())
        }
    } else {
        Vec::new()
    };
    let mut paragraphs = build_paragraphs(text, body.clone(), &starts, g.lang);
    if starts
        .first()
        .is_some_and(|(at, _)| text[body.start..*at].trim().chars().count() > 0 && first > 1)
    {
        // Text before the first number in a later piece continues the interrupted paragraph.
        let lead_end = starts[0].0;
        let lead_start =
            body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len());
        if let Some(first_paragraph) = paragraphs.first_mut() {
            // Rebuilt, so that its subparagraphs are found in its shortened text.
            let number = first_paragraph.number.clone();
            let span = starts[0].0..first_paragraph.span.end;
            *first_paragraph = paragraph(text, span, &number, first_paragraph.unnumbered, g.lang);
        }
        paragraphs.insert(
            0,
            paragraph(
                text,
                lead_start..trim_end_offset(text, lead_start..lead_end),
                &(first - 1).to_string(),
                true,
                g.lang,
            ),
        );
    }
    paragraphs
}

/// Paragraph numbers at line starts (`2 1の配当に対しては`): the expected next number (or the
/// one after it, when a number was lost), followed by a space or a Japanese character that
/// does not make it a reference.
fn line_start_paragraphs(
    g: &Grammar,
    text: &str,
    body: Range<usize>,
    first: u32,
) -> Vec<(usize, u32)> {
    let mut starts = Vec::new();
    let mut expected = first;
    let mut line_start = body.start;
    while line_start < body.end {
        let line_end = text[line_start..body.end]
            .find('\n')
            .map_or(body.end, |i| line_start + i);
        let line = &text[line_start..line_end];
        // `...次の規定を協定した。1` / `条約第四条1の規定に関し...`: the number of the next
        // paragraph printed at the end of the line before its text.
        let trailing = line.bytes().rev().take_while(u8::is_ascii_digit).count();
        if trailing > 0
            && trailing <= 2
            && trailing < line.len()
            && line[..line.len() - trailing].ends_with(g.full_stop)
            && line[line.len() - trailing..].parse() == Ok(expected)
            && line_end < body.end
        {
            starts.push((line_end - trailing, expected));
            expected += 1;
        }
        let real_line_start = line_start == 0 || text[..line_start].ends_with('\n');
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        if real_line_start && digits > 0 && digits <= 2 {
            let number: u32 = line[..digits].parse().unwrap_or(0);
            let next = line[digits..].chars().next();
            // The number alone on its line (the text starts on the next) or before the text.
            let is_marker = next.is_none_or(|c| {
                c == ' '
                    || (!c.is_ascii()
                        && !g.reference_followers.contains(&c)
                        && !g.is_article_or_paragraph_mark(c))
            }) || opens_with_item(g, &line[digits..]);
            if is_marker && (number == expected || (number == expected + 1 && !starts.is_empty())) {
                starts.push((line_start, number));
                expected = number + 1;
            }
        }
        line_start = line_end + 1;
    }
    starts
}

/// A paragraph whose first words are its subparagraph (a)'s (`5(a) 一方の...`), unlike a
/// reference (`5(a)の規定`), which a particle follows.
pub(crate) fn opens_with_item(g: &Grammar, rest: &str) -> bool {
    let Some(inner) = rest.strip_prefix('(') else {
        return false;
    };
    let label = inner.bytes().take_while(u8::is_ascii_lowercase).count();
    if label == 0 || label > 4 || !inner[label..].starts_with(')') {
        return false;
    }
    inner[label + 1..]
        .chars()
        .next()
        .is_some_and(|c| c == ' ' || (!c.is_ascii() && !g.reference_followers.contains(&c)))
}

/// `(1)`, `(2)` paragraph markers of old treaties. In vertical text they stand after the
/// first column of their paragraph, so a paragraph starts after the sentence end or marker
/// before its marker.
fn bracketed_paragraphs(g: &Grammar, text: &str, body: Range<usize>) -> Vec<(usize, u32)> {
    static MARKER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\((\d{1,2})\)").unwrap());
    static ITEM: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\((?:[a-z]{1,2}|[ivx]{1,6})\)").unwrap());
    let local = &text[body.clone()];
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1;
    let mut previous_marker_end = 0;
    for captures in MARKER.captures_iter(local) {
        let whole = captures.get(0).unwrap();
        let number: u32 = captures[1].parse().unwrap_or(0);
        // `(6)(7)`: a marker right after the previous paragraph's is a reference displaced
        // with it (`(7)の規定`); the next paragraph's marker follows its own first line.
        let right_after_paragraph = expected > 1
            && previous_marker_end > 0
            && whole.start() == previous_marker_end
            && starts.last().is_some();
        if number != expected || right_after_paragraph {
            previous_marker_end = whole.end();
            continue;
        }
        let stands_first = whole.start() == 0 || local[..whole.start()].ends_with('\n');
        let start = if stands_first {
            whole.start()
        } else {
            let stop = g.full_stop.len_utf8();
            let sentence = local[..whole.start()]
                .rfind(g.full_stop)
                .map_or(0, |i| i + stop);
            // A sentence that ends right before the marker is the paragraph itself.
            let sentence = if sentence == whole.start() {
                local[..sentence - stop]
                    .rfind(g.full_stop)
                    .map_or(0, |i| i + stop)
            } else {
                sentence
            };
            // Items of the paragraph before, whose `(a)` markers also stand after their
            // text, end before it: `...もの(h)「恒久的施設」については、...(3)`.
            let last_item = ITEM
                .find_iter(&local[..whole.start()])
                .filter(|m| m.end() < whole.start())
                .last()
                .map_or(0, |m| m.end());
            sentence
                .max(previous_marker_end)
                .max(last_item)
                .min(whole.start())
        };
        let start = if expected == 1 { 0 } else { start };
        if starts
            .last()
            .is_some_and(|(at, _)| body.start + start <= *at)
        {
            previous_marker_end = whole.end();
            continue;
        }
        starts.push((body.start + start, number));
        expected += 1;
        previous_marker_end = whole.end();
    }
    starts
}

/// Paragraph numbers glued to the text (`第十条配当1一方の...`, `41及び3の規定` is paragraph 4
/// starting `1及び3`): the expected next number is searched for, not the first digit run.
fn glued_paragraphs(g: &Grammar, text: &str, body: Range<usize>) -> Vec<(usize, u32)> {
    // Numbers in Japanese treaty prose are written in kanji; ASCII digits are paragraph
    // numbers, references to paragraphs (`この2の規定`, `1及び3`) or page furniture (removed
    // by normalize). A reference is told by the character before or after it.
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1u32;
    let mut cursor = body.start;
    while cursor < body.end {
        let wanted = expected.to_string();
        let Some(found) = text[cursor..body.end].find(&wanted) else {
            break;
        };
        let at = cursor + found;
        cursor = at + wanted.len();
        let before = text[..at].chars().next_back();
        // A footnote's reference digit run into the number after a sentence end
        // (`とみなす。13条約第六条` is footnote 1, then point 3): a smaller number before it.
        let footnote_mark = {
            let head = text[..at].trim_end_matches(|c: char| c.is_ascii_digit());
            let mark = &text[head.len()..at];
            !mark.is_empty()
                && head.ends_with(g.full_stop)
                && mark.parse::<u32>().is_ok_and(|mark| mark < expected)
        };
        if before.is_some_and(|c| c.is_ascii_digit() || g.reference_before.contains(&c))
            && at != body.start
            && !footnote_mark
        {
            continue;
        }
        let rest = &text[at + wanted.len()..];
        let next = rest.chars().next();
        // `1条` is article 1, but `1条約第...` is a point opening with `条約` (the treaty).
        let article_reference = rest.starts_with(g.article_mark)
            && !g.article_mark_words.iter().any(|w| rest.starts_with(w));
        if article_reference
            || next.is_some_and(|c| {
                (g.reference_followers.contains(&c) && c != ' ' && c != '(')
                    || c == '.'
                    || c == '%'
                    || c == g.paragraph_mark
            })
        {
            continue;
        }
        starts.push((at, expected));
        expected += 1;
    }
    if starts
        .first()
        .is_some_and(|(at, number)| *at != body.start && *number == 1)
    {
        // Text before paragraph 1 belongs to it.
        starts[0].0 = body.start;
    }
    starts
}
