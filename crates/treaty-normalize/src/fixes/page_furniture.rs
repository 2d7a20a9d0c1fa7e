//! Page furniture glued into the text at page boundaries, and label lines of PDF tools.
//!
//! Some PDF text extractors start every page on a new line with the page's furniture: the PDF
//! page number, a space, and the number printed on the page, glued to the page's first words
//! (`21 二〇...`: PDF page 21, printed page 二〇, 20). The marker and the line break before it
//! are removed so the sentence cut by the page break reads on:
//! `であるこ(b) と\n\n29 二八当該報酬が` becomes `であるこ(b) と当該報酬が`.
//!
//! The furniture is told by its position and its repetition, not by one document's formula:
//! - a candidate is a line start with a number `N`, a separator, and a run of digits of a
//!   digit system other than ASCII (the numeral digits of the profiles, read digit by digit)
//!   glued to what follows; the printed number is some prefix of that run, since the page's
//!   text may itself start with a digit (`12 一一51から` is page 12, printed 一一);
//! - the candidates that are furniture form a sequence through the document: `N` goes up by
//!   one to three from one to the next (pages may be missing) and the printed number keeps the
//!   same distance to `N` throughout (the pages before the first printed one, such as a title
//!   page, make the distance), at least [`MIN_MARKERS`] of them; the longest such sequence is
//!   taken. A paragraph that happens to start like a candidate (`2 一方の締約国`) does not
//!   repeat with rising numbers through the document and stays.
//!
//! The page just before the first marker of the sequence may carry no printed number (a title
//! page: `1 所得に対する...` before `2 一所得に...`). Its bare number is removed only when
//! exactly one line before the first marker starts with that number, a separator and a
//! non-ASCII character that is no digit; the line break is kept there, since the title starts
//! a new block.
//!
//! A line that is just a label PDF tools add (the `tool_labels` of the profiles, such as
//! `Transcription`) is removed as well.

use std::sync::LazyLock;

use treaty_lang::{Lang, NumeralKind};

use crate::edits::Edits;
use crate::stats::FixStats;

/// Page markers a sequence needs before any is removed. With the distance learned from the
/// document rather than fixed, two coincidences are too easy (`2 一方の...` then `3 二以上の...`
/// in one article); three rising ones are not.
const MIN_MARKERS: usize = 3;

/// The longest printed page number read, in digits.
const MAX_PRINTED_DIGITS: usize = 6;

/// The digits of the profiles' numeral systems other than ASCII (`〇` to `九`), with their values.
static DIGITS: LazyLock<Vec<(char, u64)>> = LazyLock::new(|| {
    Lang::all()
        .flat_map(|lang| lang.profile().numbers.numerals)
        .filter(|numeral| numeral.kind == NumeralKind::Digit && !numeral.ch.is_ascii())
        .map(|numeral| (numeral.ch, numeral.value))
        .collect()
});

/// The labels of the profiles that PDF tools put on lines of their own.
static LABELS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    Lang::all()
        .flat_map(|lang| lang.profile().normalize.tool_labels.iter().copied())
        .collect()
});

fn digit_value(ch: char) -> Option<u64> {
    DIGITS
        .iter()
        .find(|(digit, _)| *digit == ch)
        .map(|(_, value)| *value)
}

fn is_separator(ch: char) -> bool {
    ch == ' ' || ch == '\t' || ch == '\u{3000}'
}

/// A line start that may be page furniture: `N<separator>` and a glued run of digits.
struct Candidate {
    number: u64,
    /// Where the line starts.
    start: usize,
    /// The values of the prefixes of the digit run (`一一5` gives 1, 11) and where each ends.
    prefixes: Vec<(u64, usize)>,
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

/// The candidate at `line_start`, if the line starts with a number and glued digits.
fn candidate_at(text: &str, line_start: usize) -> Option<Candidate> {
    let (number, digits_start) = number_at(text, line_start)?;
    if number == 0 {
        return None;
    }
    let mut prefixes = Vec::new();
    let mut value = 0u64;
    let mut end = digits_start;
    for ch in text[digits_start..].chars().take(MAX_PRINTED_DIGITS) {
        let Some(digit) = digit_value(ch) else {
            break;
        };
        value = value * 10 + digit;
        end += ch.len_utf8();
        prefixes.push((value, end));
    }
    (!prefixes.is_empty()).then_some(Candidate {
        number,
        start: line_start,
        prefixes,
    })
}

/// The longest sequence of candidates whose page numbers rise and that keep one distance
/// between page number and printed number: (candidate index, furniture end) pairs.
///
/// The candidates are grouped by distance in one pass, and each group's longest rising run is
/// found in `n log n`, so a hostile text of many candidate lines stays cheap.
fn longest_sequence(candidates: &[Candidate]) -> Vec<(usize, usize)> {
    let mut by_distance: std::collections::BTreeMap<i64, Vec<(usize, usize)>> =
        std::collections::BTreeMap::new();
    for (index, candidate) in candidates.iter().enumerate() {
        let Ok(number) = i64::try_from(candidate.number) else {
            continue;
        };
        let mut seen: Vec<i64> = Vec::new();
        for &(value, end) in &candidate.prefixes {
            let Ok(value) = i64::try_from(value) else {
                continue;
            };
            let distance = number - value;
            // One prefix per distance: the shortest, as `一〇一方` is page 一〇 before `一方`.
            if !seen.contains(&distance) {
                seen.push(distance);
                by_distance.entry(distance).or_default().push((index, end));
            }
        }
    }
    let mut best: Vec<(usize, usize)> = Vec::new();
    for fits in by_distance.values() {
        if fits.len() <= best.len() {
            continue;
        }
        let run = longest_rising_run(fits, |&(index, _)| candidates[index].number);
        if run.len() > best.len() {
            best = run;
        }
    }
    best
}

/// The longest subsequence of `items` (in order) whose `key` strictly rises; of several, the
/// one that ends with the latest items.
fn longest_rising_run<T: Copy>(items: &[T], key: impl Fn(&T) -> u64) -> Vec<T> {
    // `tails[k]`: the item ending the best run of length k + 1 found so far (the smallest key).
    let mut tails: Vec<usize> = Vec::new();
    let mut previous: Vec<Option<usize>> = vec![None; items.len()];
    for (position, item) in items.iter().enumerate() {
        let value = key(item);
        let length = tails.partition_point(|&tail| key(&items[tail]) < value);
        previous[position] = length.checked_sub(1).map(|k| tails[k]);
        if length == tails.len() {
            tails.push(position);
        } else {
            tails[length] = position;
        }
    }
    let mut run = Vec::with_capacity(tails.len());
    let mut at = tails.last().copied();
    while let Some(position) = at {
        run.push(items[position]);
        at = previous[position];
    }
    run.reverse();
    run
}

/// Removes page furniture and tool label lines; counts them in `stats.page_furniture`.
pub(crate) fn fix_page_furniture(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let line_starts =
        std::iter::once(0).chain(memchr::memchr_iter(b'\n', bytes).map(|newline| newline + 1));
    let labels = &*LABELS;
    let longest_label = labels.iter().map(|label| label.len()).max().unwrap_or(0);

    let mut candidates: Vec<Candidate> = Vec::new();
    let mut removals: Vec<(usize, usize)> = Vec::new();
    let mut n_labels = 0;
    for line_start in line_starts {
        let Some(&first) = bytes.get(line_start) else {
            continue;
        };
        if first.is_ascii_digit() {
            candidates.extend(candidate_at(text, line_start));
        } else if longest_label > 0 {
            let line_end = memchr::memchr(b'\n', &bytes[line_start..])
                .map_or(text.len(), |offset| line_start + offset + 1);
            let line = &text[line_start..line_end];
            if line.len() <= longest_label + 8 && labels.contains(&line.trim()) {
                removals.push((line_start, line_end));
                n_labels += 1;
            }
        }
    }

    let mut n_markers = 0;
    let sequence = longest_sequence(&candidates);
    if sequence.len() >= MIN_MARKERS {
        for &(index, end) in &sequence {
            let marker = &candidates[index];
            // Take the line break (and spaces) before the marker, so the page reads on.
            let content_end = text[..marker.start]
                .trim_end_matches(['\n', '\r', ' ', '\t', '\u{3000}'])
                .len();
            removals.push((content_end, end));
            n_markers += 1;
        }
        let first = &candidates[sequence[0].0];
        if let Some(range) = bare_page_before(text, first) {
            removals.push(range);
            n_markers += 1;
        }
    }
    stats.page_furniture += n_markers + n_labels;

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

/// The bare number of the page before the first marker (`1 ` of a title page), if exactly one
/// line before the marker starts with that number, a separator and a non-ASCII character that
/// is no digit.
fn bare_page_before(text: &str, first: &Candidate) -> Option<(usize, usize)> {
    let previous = first.number.checked_sub(1).filter(|&number| number > 0)?;
    let head = &text[..first.start];
    let mut found = None;
    let line_starts = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', head.as_bytes()).map(|newline| newline + 1));
    for line_start in line_starts {
        if line_start >= head.len() {
            continue;
        }
        let Some((number, number_end)) = number_at(head, line_start) else {
            continue;
        };
        if number != previous {
            continue;
        }
        let next = head[number_end..].chars().next();
        if next.is_some_and(|ch| !ch.is_ascii() && digit_value(ch).is_none()) {
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
    fn candidates_read_every_prefix_of_the_glued_digits() {
        let text = "12 一一51から";
        let candidate = candidate_at(text, 0).expect("a candidate");
        assert_eq!(candidate.number, 12);
        let values: Vec<u64> = candidate.prefixes.iter().map(|(value, _)| *value).collect();
        assert_eq!(values, [1, 11]);
        assert!(candidate_at("5 - A Convenção", 0).is_none());
        assert!(candidate_at("0 一", 0).is_none());
    }

    #[test]
    fn longest_rising_run_prefers_the_latest_start() {
        let items = [5, 2, 3, 1, 2, 3, 4, 9];
        assert_eq!(longest_rising_run(&items, |&x| x), [1, 2, 3, 4, 9]);
        assert_eq!(longest_rising_run(&[] as &[u64], |&x| x), [] as [u64; 0]);
    }

    #[test]
    fn removes_page_pairs_so_the_sentence_reads_on() {
        // japan-denmark-2017-ja-pdf.txt, pages 28 to 31.
        let text = "当該報酬に係る勤務が行われる期間であるこ(b) と\n\n29 二八当該報酬が当該他方の締約国\n\n30 二九において租税を課す\n\n31 三〇ことができる";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "当該報酬に係る勤務が行われる期間であるこ(b) と当該報酬が当該他方の締約国において租税を課すことができる"
        );
        assert_eq!(stats.page_furniture, 3);
    }

    #[test]
    fn the_printed_number_may_be_followed_by_digits_of_the_text() {
        // Pages 10 to 12: the text of page 12 starts with a numeral (`51から`, `一方`).
        let text =
            "課税上\n\n10 九存在しないもの\n\n11 一〇一方の締約国\n\n12 一一51から4までの規定";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(fixed, "課税上存在しないもの一方の締約国51から4までの規定");
        assert_eq!(stats.page_furniture, 3);
    }

    #[test]
    fn the_distance_to_the_printed_number_is_the_documents_own() {
        // Two pages before the first printed one, and a page left out (7).
        let text = "前文\n\n5 三権限のある\n\n6 四当局\n\n8 六締約国\n\n9 八に規定する";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(fixed, "前文権限のある当局締約国\n\n9 八に規定する");
        assert_eq!(stats.page_furniture, 3);
    }

    #[test]
    fn numbers_out_of_the_sequence_stay() {
        // "21 二二" is not page 21 (that would be 二〇); "5 - " is a paragraph number.
        let text = "前文\n\n7 六 権限のある当局\n\n21 二二締約国\n\n5 - A Convenção\n\n8 七に規定する\n\n9 八場合";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "前文 権限のある当局\n\n21 二二締約国\n\n5 - A Convençãoに規定する場合"
        );
        assert_eq!(stats.page_furniture, 3);
    }

    #[test]
    fn paragraph_numbers_are_not_pages() {
        // Paragraphs that start like a page pair restart with each article and do not repeat.
        let text = "第四条居住者\n2 一方の締約国の居住者\n第五条\n2 一方の締約国\n3 二以上の場合";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.page_furniture, 0);
    }

    #[test]
    fn first_page_tool_label_and_title() {
        // The start of japan-denmark-2017-ja-pdf.txt.
        let text = "一所得に対する租税に関する軽減(\n\nTranscription\n\n1 所得に対する租税に関する条約\n\n2 一所得に対する租税に関する二重課税\n\n3 二存在しない\n\n4 三法人税";
        let (fixed, stats) = run(fix_page_furniture, text);
        assert_eq!(
            fixed,
            "一所得に対する租税に関する軽減(\n\n\n所得に対する租税に関する条約所得に対する租税に関する二重課税存在しない法人税"
        );
        assert_eq!(stats.page_furniture, 5);
    }
}
