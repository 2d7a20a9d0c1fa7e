//! Numbers OCR read with letters before a unit: `l0 per cent`, `1O %`, `l83 days` become
//! `10 per cent`, `10 %`, `183 days`.
//!
//! A token counts only when it holds a digit and stands right before `%` or a unit of rates or
//! periods of a profile, where a word made of `l`, `I`, `O` and digits can only be a damaged
//! number.

use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::patterns::{pattern_alternation, NEVER};
use treaty_lang::Lang;

use crate::edits::Edits;
use crate::FixStats;

/// The pattern of a number before a unit, with `boundary` after the unit.
fn number_before_unit(boundary: &str) -> Regex {
    let units = pattern_alternation(
        Lang::all().flat_map(|lang| lang.profile().normalize.ocr_number_units.iter().copied()),
    );
    // Case-folding a never-matching class would walk all of Unicode at compile time.
    let units = if units == NEVER {
        units
    } else {
        format!("(?i:{units})")
    };
    // Case-insensitive only where it matters: `(?i)` on the whole pattern would case-fold the
    // Unicode letter and number classes, which makes compiling the regex cost more than running
    // it over a document. The letter classes spell out their other case instead.
    Regex::new(&format!(
        r"(?:^|[^\p{{L}}\p{{N}}])([0-9lIOLio|]{{1,3}}(?:[.,][0-9lOLo]{{1,2}})?)[ \t]?(?:%|{units}{boundary})"
    ))
    .expect("unit regex is valid")
}

/// The pattern without the word boundary after the unit, which is checked in code: a Unicode
/// `\b` keeps the regex off its fast engines on any text with a non-ASCII letter.
static NUMBER_BEFORE_UNIT: LazyLock<Regex> = LazyLock::new(|| number_before_unit(""));

/// The pattern with the word boundary, for the rare match whose unit runs on into a word: a
/// longer unit of the alternation may still end there (`tage` and `tagen`).
static NUMBER_BEFORE_UNIT_WORD: LazyLock<Regex> = LazyLock::new(|| number_before_unit(r"\b"));

/// The most bytes a match of [`NUMBER_BEFORE_UNIT`] can start before a digit of its number:
/// a character before the number (up to 4 bytes) and the number's 6 characters, less one.
const MAX_BYTES_BEFORE_DIGIT: usize = 4 + 5;

/// The largest character boundary at or before `index`.
fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Corrects letters read for digits in numbers before units; counts them in
/// `stats.ocr_keywords`.
pub(crate) fn fix_ocr_numbers(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !text.contains(['l', 'I', 'O', '|']) {
        return edits;
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    loop {
        // Only a number holding a digit is corrected (below), so the search skips to the next
        // digit, less the most a match can start before it: the character before the number
        // and the number's other characters. A match skipped this way holds no digit and
        // would have been passed over; none can hide a match that holds one.
        let Some(digit) = bytes[at..].iter().position(u8::is_ascii_digit) else {
            break;
        };
        at = at.max(floor_char_boundary(
            text,
            (at + digit).saturating_sub(MAX_BYTES_BEFORE_DIGIT),
        ));
        let Some(mut captures) = NUMBER_BEFORE_UNIT.captures_at(text, at) else {
            break;
        };
        let whole = captures.get(0).expect("the whole match always takes part");
        at = whole.end();
        let runs_on = !whole.as_str().ends_with('%')
            && text[whole.end()..].chars().next().is_some_and(is_word_char);
        if runs_on {
            match NUMBER_BEFORE_UNIT_WORD
                .captures_at(text, whole.start())
                .filter(|found| found.get(0).is_some_and(|m| m.start() == whole.start()))
            {
                Some(found) => {
                    at = found.get(0).map_or(at, |m| m.end());
                    captures = found;
                }
                None => continue,
            }
        }
        let token = captures.get(1).expect("the number group always takes part");
        let raw = token.as_str();
        let has_digit = raw.bytes().any(|b| b.is_ascii_digit());
        let has_letter = raw.bytes().any(|b| matches!(b, b'l' | b'I' | b'O' | b'|'));
        if !has_digit || !has_letter {
            continue;
        }
        let digits: String = raw
            .chars()
            .map(|c| match c {
                'l' | 'I' | '|' => '1',
                'O' => '0',
                other => other,
            })
            .collect();
        edits.replace(token.range(), &digits);
        stats.ocr_keywords += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn letters_read_for_digits_before_units() {
        let (fixed, stats) = run(
            fix_ocr_numbers,
            "shall not exceed l0 per cent of the gross amount; 1O % of it; l83 days; 1l,5 por cento",
        );
        assert_eq!(
            fixed,
            "shall not exceed 10 per cent of the gross amount; 10 % of it; 183 days; 11,5 por cento"
        );
        assert_eq!(stats.ocr_keywords, 4);
    }

    #[test]
    fn words_and_clean_numbers_stay() {
        let text = "Oil 10 per cent, I days, all OO months, 15 %, Article 1O of it";
        let (fixed, stats) = run(fix_ocr_numbers, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.ocr_keywords, 0);
    }

    #[test]
    fn numbers_far_apart_and_after_wide_characters() {
        let filler = "o Estado da fonte não tributa lO % ".repeat(40);
        let text = format!("{filler}—l0 % e «1O por cento»; {filler}l5 dias");
        let (fixed, stats) = run(fix_ocr_numbers, &text);
        assert_eq!(
            fixed,
            format!("{filler}—10 % e «10 por cento»; {filler}15 dias")
        );
        assert_eq!(stats.ocr_keywords, 3);
    }
}
