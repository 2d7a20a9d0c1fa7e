//! Page furniture: page-number pairs of Japanese PDF text and `Transcription` lines.
//!
//! In japan-denmark-2017-ja-pdf.txt every page starts with a line like `21 二〇...`: the PDF
//! page number, a space, and the printed page number in kanji digits (digit by digit:
//! 〇一二三四五六七八九), which is one less, glued to the first words of the page. The marker
//! and the line break before it are removed so the sentence cut by the page break reads on:
//! `であるこ(b) と\n\n29 二八当該報酬が` becomes `であるこ(b) と当該報酬が`.
//!
//! A line start counts as a page marker only when the kanji right after the number spell
//! exactly the number minus one (the text after them may itself start with a kanji numeral:
//! `12 一一51から` is page 12, printed 一一, then `51から`), and only when such markers go up
//! through the document, at least [`MIN_MARKERS`] of them: a paragraph that happens to start
//! with `2 一方の締約国` is left alone in a document without pages.
//!
//! The first page of such a document carries no kanji (`1 所得に対する...`, the title page).
//! Its bare `1 ` is removed only when a page-2 marker was found and exactly one line before it
//! starts with `1 ` and a non-ASCII character; the line break is kept there, since the title
//! starts a new block.
//!
//! A line that is just `Transcription` (a label some PDF tools add) is removed as well.

use crate::edits::Edits;
use crate::FixStats;

/// Page markers a document needs before any is removed.
const MIN_MARKERS: usize = 2;

const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// `number` written digit by digit in kanji (`20` is `二〇`).
fn kanji_digits(number: u64) -> String {
    number
        .to_string()
        .bytes()
        .map(|digit| KANJI_DIGITS[usize::from(digit - b'0')])
        .collect()
}

fn is_separator(ch: char) -> bool {
    ch == ' ' || ch == '\t' || ch == '\u{3000}'
}

/// A page-number pair: `start` is its line start, `end` ends the kanji.
struct Marker {
    number: u64,
    start: usize,
    end: usize,
}

/// Parses `N<separator>` at `line_start`; returns `N` and where the separator ends.
fn number_at(text: &str, line_start: usize) -> Option<(u64, usize)> {
    let rest = &text[line_start..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let number: u64 = rest[..digits].parse().ok()?;
    let separators: usize = rest[digits..]
        .chars()
        .take_while(|&ch| is_separator(ch))
        .map(char::len_utf8)
        .sum();
    if separators == 0 {
        return None;
    }
    Some((number, line_start + digits + separators))
}

/// Removes page-number pairs and `Transcription` lines; counts them in
/// `stats.page_furniture`.
pub(crate) fn fix_page_furniture(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let line_starts =
        std::iter::once(0).chain(memchr::memchr_iter(b'\n', bytes).map(|newline| newline + 1));

    let mut markers: Vec<Marker> = Vec::new();
    let mut removals: Vec<(usize, usize)> = Vec::new();
    let mut n_transcription = 0;
    for line_start in line_starts {
        let Some(&first) = bytes.get(line_start) else {
            continue;
        };
        if first.is_ascii_digit() {
            let Some((number, number_end)) = number_at(text, line_start) else {
                continue;
            };
            if number == 0 {
                continue;
            }
            let kanji = kanji_digits(number - 1);
            if text[number_end..].starts_with(&kanji) {
                let rising = markers.last().is_none_or(|last| number > last.number);
                if rising {
                    markers.push(Marker {
                        number,
                        start: line_start,
                        end: number_end + kanji.len(),
                    });
                }
            }
        } else if first == b'T' {
            let line_end = text[line_start..]
                .find('\n')
                .map_or(text.len(), |offset| line_start + offset + 1);
            if text[line_start..line_end].trim() == "Transcription" {
                removals.push((line_start, line_end));
                n_transcription += 1;
            }
        }
    }

    let mut n_markers = 0;
    if markers.len() >= MIN_MARKERS {
        for marker in &markers {
            // Take the line break (and spaces) before the marker, so the page reads on.
            let content_end = text[..marker.start]
                .trim_end_matches(['\n', '\r', ' ', '\t', '\u{3000}'])
                .len();
            removals.push((content_end, marker.end));
            n_markers += 1;
        }
        if let Some(page_two) = markers.iter().find(|marker| marker.number == 2) {
            if let Some(range) = bare_first_page(text, page_two.start) {
                removals.push(range);
                n_markers += 1;
            }
        }
    }
    stats.page_furniture += n_markers + n_transcription;

    removals.sort_unstable();
    let mut merged: Option<(usize, usize)> = None;
    for (start, end) in removals {
        match merged {
            Some((merged_start, merged_end)) if start <= merged_end => {
                merged = Some((merged_start, merged_end.max(end)));
            }
            _ => {
                if let Some((merged_start, merged_end)) = merged {
                    edits.delete(merged_start..merged_end);
                }
                merged = Some((start, end));
            }
        }
    }
    if let Some((merged_start, merged_end)) = merged {
        edits.delete(merged_start..merged_end);
    }
    edits
}

/// The bare `1 ` of the first page, if exactly one line before `page_two` starts with `1`, a
/// separator and a non-ASCII character.
fn bare_first_page(text: &str, page_two: usize) -> Option<(usize, usize)> {
    let head = &text[..page_two];
    let mut found = None;
    let line_starts = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', head.as_bytes()).map(|newline| newline + 1));
    for line_start in line_starts {
        let Some((1, number_end)) = number_at(head, line_start).filter(|_| line_start < head.len())
        else {
            continue;
        };
        let next = head[number_end..].chars().next();
        if next.is_some_and(|ch| !ch.is_ascii() && !KANJI_DIGITS.contains(&ch)) {
            if found.is_some() {
                return None;
            }
            found = Some((line_start, number_end));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn kanji_digits_are_digit_by_digit() {
        assert_eq!(kanji_digits(8), "八");
        assert_eq!(kanji_digits(20), "二〇");
        assert_eq!(kanji_digits(11), "一一");
    }

    #[test]
    fn removes_page_pairs_so_the_sentence_reads_on() {
        // japan-denmark-2017-ja-pdf.txt, pages 28 to 30.
        let text = "当該報酬に係る勤務が行われる期間であるこ(b) と\n\n29 二八当該報酬が当該他方の締約国\n\n30 二九において租税を課す";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "当該報酬に係る勤務が行われる期間であるこ(b) と当該報酬が当該他方の締約国において租税を課す"
        );
        assert_eq!(stats.page_furniture, 2);
    }

    #[test]
    fn kanji_prefix_must_equal_the_page_number_minus_one() {
        // Pages 3, 9 and 12: the kanji may be followed by text that starts with a numeral.
        let text =
            "課税上\n\n3 二存在しないもの\n\n9 八を含まない 21の規定\n\n12 一一51から4までの規定";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "課税上存在しないものを含まない 21の規定51から4までの規定"
        );
        assert_eq!(stats.page_furniture, 3);
    }

    #[test]
    fn numbers_that_fail_the_check_stay() {
        // "21 二二" is not page 21 (that would be 二〇); "5 - " is a paragraph number.
        let text =
            "前文\n\n7 六 権限のある当局\n\n21 二二締約国\n\n5 - A Convenção\n\n8 七に規定する";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "前文 権限のある当局\n\n21 二二締約国\n\n5 - A Convençãoに規定する"
        );
        assert_eq!(stats.page_furniture, 2);
    }

    #[test]
    fn a_single_paragraph_number_is_not_a_page() {
        let text = "第四条居住者\n2 一方の締約国の居住者";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.page_furniture, 0);
    }

    #[test]
    fn first_page_transcription_and_title() {
        // The start of japan-denmark-2017-ja-pdf.txt.
        let text = "一所得に対する租税に関する軽減(\n\nTranscription\n\n1 所得に対する租税に関する条約\n\n2 一所得に対する租税に関する二重課税\n\n3 二存在しない";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "一所得に対する租税に関する軽減(\n\n\n所得に対する租税に関する条約所得に対する租税に関する二重課税存在しない"
        );
        assert_eq!(stats.page_furniture, 4);
    }
}
