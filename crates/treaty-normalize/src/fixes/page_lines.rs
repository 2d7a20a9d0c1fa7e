//! Page furniture on lines of its own: page markers a PDF text extractor writes (`# Page 12`,
//! `Page 12`, `- 12 -`, with the page words of every profile) and printed page numbers standing alone on a line.
//!
//! A line counts only by its shape and its place in a sequence, never by one document's
//! formula:
//! - marker lines (a page word or dashes around a number) are removed when the document has
//!   at least [`MIN_PAGES`] of them;
//! - a bare number line is removed when it repeats the number of the marker just before it
//!   (extractors write `# Page 10` then the printed `10`), or, in a text without markers,
//!   when it belongs to a rising run of at least [`MIN_PAGES`] numbers, each one to three
//!   more than the last, at least [`MIN_PAGE_LINES`] lines apart: paragraph numbers on lines
//!   of their own restart with each article and stand close together, pages do neither.
//!   A one-digit line between one-character lines is not counted: in vertical text extracted
//!   one character per line every digit of the text stands alone like that.
//!
//! Running headers and editorial lines (a database's status line repeated under every
//! heading) are told by repetition: a line of at least [`MIN_REPEATED_CHARS`] characters
//! that stands alone, word for word, at least [`MIN_REPEATS`] times is not treaty text.
//!
//! A marker run into the text (`十#Page16パーセント`, `スティアーズ#Page3030議定書`), as text
//! extracted one character per line gives it once its lines are joined, is removed by
//! [`fix_glued_page_markers`] after the Japanese layout fix, with the printed number that
//! repeats it; the digits that follow are the page number only as far as the pages' sequence
//! says (`#Page162一方` on page 16 keeps paragraph number `2`).
//!
//! The blank lines around removed furniture go with it, so a sentence cut by a page break is
//! left with one line break, which the layout fix can then judge like any other.

use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// The page words of every profile (`Page`, `Página`), as extractors spell them.
fn page_words() -> impl Iterator<Item = &'static str> {
    Lang::all().flat_map(|lang| lang.profile().normalize.page_words.iter().copied())
}

/// Page lines a document needs before any is removed.
const MIN_PAGES: usize = 3;
/// Times a line must repeat to count as a running header or an editorial line.
const MIN_REPEATS: usize = 6;
/// Characters such a line has at the least (`削除`, `(a)` or `Deleted` may well repeat).
const MIN_REPEATED_CHARS: usize = 12;

/// Lines that separate two bare page numbers at the least.
const MIN_PAGE_LINES: usize = 8;

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// `# Page 12`, `Page 12`, `- 12 -`.
    Marker(u64),
    /// `12` alone.
    Bare(u64),
}

/// The shape of a trimmed line, if it is a page line.
fn shape(line: &str) -> Option<Shape> {
    let line = line.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\u{3000}' || c == '\r');
    let dashes = ['-', '–', '—'];
    // Every shape ends with its number's digits (and whitespace) or with a dash: most lines
    // are told apart here, before the page words are tried.
    if !(line.trim_end().ends_with(|c: char| c.is_ascii_digit()) || line.ends_with(dashes)) {
        return None;
    }
    let number = |text: &str| -> Option<u64> {
        let text = text.trim();
        (!text.is_empty() && text.len() <= 4 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse().ok())
            .flatten()
    };
    if let Some(value) = number(line) {
        return Some(Shape::Bare(value));
    }
    let without_hashes = line.trim_start_matches('#').trim_start();
    for word in page_words() {
        if let Some(rest) = without_hashes.strip_prefix(word) {
            if let Some(value) = number(rest) {
                return Some(Shape::Marker(value));
            }
        }
    }
    if let Some(inner) = line
        .strip_prefix(dashes)
        .and_then(|rest| rest.strip_suffix(dashes))
    {
        if let Some(value) = number(inner) {
            return Some(Shape::Marker(value));
        }
    }
    None
}

struct Line {
    start: usize,
    /// After the line break.
    end: usize,
    shape: Option<Shape>,
    blank: bool,
}

/// Removes page-marker and page-number lines; counts them in `stats.page_furniture`.
pub(crate) fn fix_page_lines(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let lines = page_lines_of(text);
    let n_markers = lines
        .iter()
        .filter(|line| matches!(line.shape, Some(Shape::Marker(_))))
        .count();
    let mut remove = vec![false; lines.len()];
    if n_markers >= MIN_PAGES {
        mark_marked_pages(&lines, &mut remove);
    } else {
        mark_bare_page_numbers(text, &lines, &mut remove);
    }
    let repeated = mark_repeated_lines(text, &lines, &mut remove);
    stats.page_furniture += delete_removed(text, &lines, &remove, &repeated, &mut edits);
    edits
}

/// The lines of `text`, each with its page shape and whether it is blank.
fn page_lines_of(text: &str) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = text[start..]
            .find('\n')
            .map_or(text.len(), |offset| start + offset + 1);
        let body = &text[start..end];
        lines.push(Line {
            start,
            end,
            shape: shape(body.trim_end_matches('\n')),
            blank: body.trim().is_empty(),
        });
        start = end;
    }
    lines
}

/// A text with page markers: every marker goes, and a bare number that repeats the marker
/// before it with only blank lines between.
fn mark_marked_pages(lines: &[Line], remove: &mut [bool]) {
    let mut last_marker: Option<(usize, u64)> = None;
    for (index, line) in lines.iter().enumerate() {
        match line.shape {
            Some(Shape::Marker(value)) => {
                remove[index] = true;
                last_marker = Some((index, value));
            }
            Some(Shape::Bare(value)) => {
                if let Some((at, marker)) = last_marker {
                    let between_blank = lines[at + 1..index].iter().all(|l| l.blank);
                    if marker == value && between_blank {
                        remove[index] = true;
                    }
                }
            }
            None => {}
        }
    }
}

/// A text without page markers: the bare numbers of the longest rising run of page numbers,
/// if it is long enough.
fn mark_bare_page_numbers(text: &str, lines: &[Line], remove: &mut [bool]) {
    let one_character = |index: usize| {
        lines
            .get(index)
            .is_some_and(|line| text[line.start..line.end].trim().chars().count() == 1)
    };
    let bare: Vec<(usize, u64)> = lines
        .iter()
        .enumerate()
        .filter_map(|(index, line)| match line.shape {
            Some(Shape::Bare(value)) => Some((index, value)),
            _ => None,
        })
        .filter(|&(index, _)| {
            !(one_character(index)
                && index > 0
                && one_character(index - 1)
                && one_character(index + 1))
        })
        .collect();
    // The longest rising run, chosen greedily from each possible start.
    let mut best: Vec<usize> = Vec::new();
    for first in 0..bare.len() {
        if bare.len() - first <= best.len() {
            break;
        }
        let mut chain = vec![first];
        for next in first + 1..bare.len() {
            let (last_index, last_value) = bare[*chain.last().unwrap()];
            let (index, value) = bare[next];
            if value > last_value && value <= last_value + 3 && index >= last_index + MIN_PAGE_LINES
            {
                chain.push(next);
            }
        }
        if chain.len() > best.len() {
            best = chain;
        }
    }
    if best.len() >= MIN_PAGES {
        for position in best {
            remove[bare[position].0] = true;
        }
    }
}

/// Running headers and editorial lines: lines that repeat far more often than the
/// document's typical line are marked in `remove`; returns which lines were so marked.
fn mark_repeated_lines(text: &str, lines: &[Line], remove: &mut [bool]) -> Vec<bool> {
    let mut repeated = vec![false; lines.len()];
    // Each distinct line that may repeat gets a slot, and each line remembers its slot, so a
    // line is hashed once.
    let mut slots: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    let mut repeats: Vec<usize> = Vec::new();
    let slot_of_line: Vec<Option<usize>> = lines
        .iter()
        .map(|line| {
            let body = text[line.start..line.end].trim();
            // A line in lower case continues a sentence the source wrapped (`other State.`
            // ends many a clause); headers, footers and editorial lines do not start that way.
            if !has_at_least_chars(body, MIN_REPEATED_CHARS) || body.starts_with(char::is_lowercase)
            {
                return None;
            }
            let slot = *slots.entry(body).or_insert_with(|| {
                repeats.push(0);
                repeats.len() - 1
            });
            repeats[slot] += 1;
            Some(slot)
        })
        .collect();
    // A document pasted several times over repeats every line: a furniture line repeats far
    // more often than the document's typical line.
    let mut counts = repeats.clone();
    counts.sort_unstable();
    let typical = counts.get(counts.len() / 2).copied().unwrap_or(1);
    let threshold = MIN_REPEATS.max(3 * typical);
    for (index, slot) in slot_of_line.iter().enumerate() {
        if !remove[index] && slot.is_some_and(|slot| repeats[slot] >= threshold) {
            remove[index] = true;
            repeated[index] = true;
        }
    }
    repeated
}

/// Deletes the marked lines with the blank lines around them; returns how many marked lines
/// went.
fn delete_removed(
    text: &str,
    lines: &[Line],
    remove: &[bool],
    repeated: &[bool],
    edits: &mut Edits,
) -> u64 {
    let mut count = 0;
    let mut index = 0;
    while index < lines.len() {
        if !remove[index] {
            index += 1;
            continue;
        }
        // Take a page line with the blank lines before and after it, so the text cut by the
        // page break reads on; a repeated line only with the blank lines after it, so the
        // blocks around it stay apart.
        let mut first = index;
        while !repeated[index] && first > 0 && lines[first - 1].blank {
            first -= 1;
        }
        let mut last = index;
        loop {
            if remove[last] {
                count += 1;
            }
            if last + 1 < lines.len() && (lines[last + 1].blank || remove[last + 1]) {
                last += 1;
            } else {
                break;
            }
        }
        let from = lines[first].start;
        let to = if last + 1 < lines.len() {
            lines[last].end
        } else {
            text.len()
        };
        // Keep the line break that ended the content before, if any.
        if from < to {
            edits.delete(from..to);
        }
        index = last + 1;
    }
    count
}

/// Whether `text` has at least `count` characters, counted only when its length in bytes
/// does not tell (a character is one to four bytes).
fn has_at_least_chars(text: &str, count: usize) -> bool {
    text.len() >= 4 * count || (text.len() >= count && text.chars().count() >= count)
}

/// `#Page` (or `# Page `) and its digits at `at`: where the digits start and end.
fn glued_marker_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let rest = text[at..].strip_prefix('#')?;
    let rest_trimmed = rest.trim_start_matches([' ', '\t']);
    let word = page_words().find(|w| rest_trimmed.starts_with(*w))?;
    let after_word = &rest_trimmed[word.len()..];
    let digits_at = text.len() - after_word.trim_start_matches([' ', '\t']).len();
    let digits = text[digits_at..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    (1..=8)
        .contains(&digits)
        .then_some((digits_at, digits_at + digits))
}

/// How many of `digits` are the page number (and its printed repetition), after the page
/// `previous`, and the page number.
fn page_digits(digits: &str, previous: u64) -> (usize, u64) {
    // The next page of the sequence, once or twice; what follows is text.
    for len in (1..=digits.len().min(4)).rev() {
        let value: u64 = digits[..len].parse().unwrap_or(0);
        if value > previous && value <= previous + 3 {
            let repeated = digits[len..].starts_with(&digits[..len]);
            return (if repeated { 2 * len } else { len }, value);
        }
    }
    // Out of sequence: the marker's number and the printed number run together (`1616`), or
    // the number alone.
    let half = digits.len() / 2;
    if digits.len().is_multiple_of(2) && digits[..half] == digits[half..] {
        return (digits.len(), digits[..half].parse().unwrap_or(previous));
    }
    let len = digits.len().min(4);
    (len, digits[..len].parse().unwrap_or(previous))
}

/// Removes extractor page markers run into the text (see the module documentation); counts
/// them in `stats.page_furniture`.
pub(crate) fn fix_glued_page_markers(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !text.contains('#') {
        return edits;
    }
    let mut found: Vec<(usize, usize, usize)> = Vec::new(); // (marker, digits start, end)
    for (at, _) in text.match_indices('#') {
        let Some((digits_start, digits_end)) = glued_marker_at(text, at) else {
            continue;
        };
        // A marker alone on its line is the line fix's business.
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[digits_end..]
            .find('\n')
            .map_or(text.len(), |i| digits_end + i);
        let glued = !text[line_start..at].trim().is_empty()
            || !text[digits_end..line_end].trim().is_empty();
        if glued {
            found.push((at, digits_start, digits_end));
        }
    }
    if found.len() < MIN_PAGES {
        return edits;
    }
    let mut previous = 0;
    for (at, digits_start, digits_end) in found {
        let (len, page) = page_digits(&text[digits_start..digits_end], previous);
        previous = page;
        edits.delete(at..digits_start + len);
        stats.page_furniture += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn characters_are_counted_where_the_length_does_not_tell() {
        for text in [
            "",
            "abc",
            "ação ação",
            "条約条約条約",
            "𝐀𝐁𝐂𝐃𝐄𝐅",
            "Convenção entre",
        ] {
            for count in 0..20 {
                assert_eq!(
                    has_at_least_chars(text, count),
                    text.chars().count() >= count,
                    "{text:?} {count}"
                );
            }
        }
    }

    #[test]
    fn extractor_markers_and_the_printed_number_after_them() {
        let text = "において\n\n# Page 10\n10 \n \n課された租税\n# Page 11\n11\n第十一条\n# Page 12\n12\n１ 一方";
        let (fixed, stats) = run(fix_page_lines, text);
        assert_eq!(fixed, "において\n課された租税\n第十一条\n１ 一方");
        assert_eq!(stats.page_furniture, 6);
    }

    #[test]
    fn bare_numbers_need_a_rising_run_far_apart() {
        let mut text = String::new();
        for page in 1..=4 {
            for line in 0..9 {
                text.push_str(&format!("text {page} {line}\n"));
            }
            text.push_str(&format!("{page}\n"));
        }
        let (fixed, stats) = run(fix_page_lines, &text);
        assert_eq!(stats.page_furniture, 4);
        assert!(!fixed.lines().any(|line| line.trim().parse::<u32>().is_ok()));
        // Paragraph numbers alone on lines, close together, stay.
        let paragraphs = "Article 1\n1\nText.\n2\nText.\nArticle 2\n1\nText.\n";
        let (fixed, stats) = run(fix_page_lines, paragraphs);
        assert_eq!(fixed, paragraphs);
        assert_eq!(stats.page_furniture, 0);
    }

    #[test]
    fn digits_of_vertical_text_are_not_page_numbers() {
        // Text extracted one character per line: `第十条１一方の...２１の配当...`.
        let body = "第十条1一方の締約国の居住者である法人が支払う配当に対しては、租税を課することができる。21の配当に対しては、課することができる。3この条において、4第七条の規定を適用する。5一方の締約国の居住者である法人が取得する場合には、6租税を課することができない。";
        let text: String = body.chars().map(|c| format!("{c}\n")).collect();
        let (fixed, stats) = run(fix_page_lines, &text);
        assert_eq!(fixed, text);
        assert_eq!(stats.page_furniture, 0);
    }

    #[test]
    fn repeated_editorial_lines_and_running_headers() {
        let mut text = String::new();
        for article in 1..=7 {
            text.push_str(&format!(
                "Article {article}\n\nTitle {article}\n\nTreedt in werking per 31-08-2014\n\nThe text of article {article}, long enough to count.\n\n"
            ));
        }
        let (fixed, stats) = run(fix_page_lines, &text);
        assert!(!fixed.contains("Treedt"));
        assert!(fixed.contains("Title 7\n\nThe text of article 7"));
        assert_eq!(stats.page_furniture, 7);
        // A document pasted several times over keeps its lines (they repeat as often as
        // every other line); its status line still goes.
        let pasted = text.repeat(4);
        let (fixed, _) = run(fix_page_lines, &pasted);
        assert_eq!(fixed.matches("Title 7").count(), 4);
        assert!(!fixed.contains("Treedt"));
        // A wrapped clause end repeats too, in lower case: it stays.
        let wrapped = "Article 1\nIncome shall be taxable only in that\nother State.\n".repeat(8);
        let (fixed, _) = run(fix_page_lines, &wrapped);
        assert_eq!(fixed, wrapped);
        // Short repeated lines stay.
        let deleted = "P1\n削除\nP2\n削除\nP3\n削除\nP4\n削除\nP5\n削除\nP6\n削除\nP7\n削除\n";
        assert_eq!(run(fix_page_lines, deleted).0, deleted);
    }

    #[test]
    fn markers_run_into_the_text() {
        let text = "約#Page11「税源の額の十#Page2パーセント支払者#Page33及び#Page44第十条#Page52一方の締約国#Page1717に";
        let (fixed, stats) = run(fix_glued_page_markers, text);
        assert_eq!(
            fixed,
            "約「税源の額の十パーセント支払者及び第十条2一方の締約国に"
        );
        assert_eq!(stats.page_furniture, 6);
        // A marker on its own line, and fewer than three glued ones, stay.
        let few = "十#Page16パーセント\n# Page 17\n";
        assert_eq!(run(fix_glued_page_markers, few).0, few);
    }

    #[test]
    fn dashes_and_page_words() {
        assert!(matches!(shape("- 12 -"), Some(Shape::Marker(12))));
        assert!(matches!(shape("# Page 3"), Some(Shape::Marker(3))));
        assert!(shape("Page 3 of the text").is_none());
        assert!(matches!(shape("2017"), Some(Shape::Bare(2017))));
        assert!(shape("12345").is_none());
    }
}
