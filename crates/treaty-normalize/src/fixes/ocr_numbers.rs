//! Numbers OCR read with letters before a unit: `l0 per cent`, `1O %`, `l83 days` become
//! `10 per cent`, `10 %`, `183 days`.
//!
//! A token counts only when it holds a digit and stands right before `%` or a unit of rates or
//! periods of a profile, where a word made of `l`, `I`, `O` and digits can only be a damaged
//! number.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::patterns::{pattern_alternation, NEVER};
use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// The pattern of a number before a unit: `lead` before the number, `boundary` after the
/// unit.
fn number_before_unit(lead: &str, boundary: &str) -> Regex {
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
        r"{lead}([0-9lIOLio|]{{1,3}}(?:[.,][0-9lOLo]{{1,2}})?)[ \t]?(?:%|{units}{boundary})"
    ))
    .expect("unit regex is valid")
}

/// What stands before the number: the start of the text or a character that is neither a
/// letter nor a digit.
const LEAD: &str = r"(?:^|[^\p{L}\p{N}])";

/// The pattern, anchored at the start of the text, without the word boundary after the unit
/// (checked in code: a Unicode `\b` keeps the regex off its fast engines on any text with a
/// non-ASCII letter).
static AT_TEXT_START: LazyLock<Regex> =
    LazyLock::new(|| number_before_unit(&format!(r"\A{LEAD}"), ""));

/// The same, anchored at the start of a slice that does not start the text: the number
/// follows a character that is neither a letter nor a digit.
static AFTER_CHARACTER: LazyLock<Regex> =
    LazyLock::new(|| number_before_unit(r"\A[^\p{L}\p{N}]", ""));

/// The pattern with the word boundary, for the rare match whose unit runs on into a word: a
/// longer unit of the alternation may still end there (`tage` and `tagen`).
static NUMBER_BEFORE_UNIT_WORD: LazyLock<Regex> = LazyLock::new(|| number_before_unit(LEAD, r"\b"));

/// The most bytes a match can start before a digit of its number: a character before the
/// number (up to 4 bytes) and the number's other characters (up to 5).
const MAX_BYTES_BEFORE_DIGIT: usize = 4 + 5;

/// The most bytes of a number on either side of one of its digits.
const MAX_NUMBER_BYTES_AROUND_DIGIT: usize = 5;

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

/// Whether a character of a number as the pattern reads it (digits, the letters OCR reads
/// for them, separators).
fn is_number_byte(byte: u8) -> bool {
    byte.is_ascii_digit()
        || matches!(
            byte,
            b'l' | b'I' | b'O' | b'L' | b'i' | b'o' | b'|' | b'.' | b','
        )
}

/// Whether a letter read for a digit stands in the run of number characters around the digit
/// at `digit`: only then can a number holding that digit need correcting.
fn misread_letter_around(bytes: &[u8], digit: usize) -> bool {
    let is_misread = |byte: &u8| matches!(byte, b'l' | b'I' | b'O' | b'|');
    let before = bytes[digit.saturating_sub(MAX_NUMBER_BYTES_AROUND_DIGIT)..digit]
        .iter()
        .rev()
        .take_while(|byte| is_number_byte(**byte));
    let after = bytes[digit + 1..(digit + 1 + MAX_NUMBER_BYTES_AROUND_DIGIT).min(bytes.len())]
        .iter()
        .take_while(|byte| is_number_byte(**byte));
    before.chain(after).any(is_misread)
}

/// The match starting at `start`, if any: the whole match and the number.
fn match_at(text: &str, start: usize) -> Option<(Range<usize>, Range<usize>)> {
    let captures = if start == 0 {
        AT_TEXT_START.captures(text)?
    } else {
        AFTER_CHARACTER.captures(&text[start..])?
    };
    let whole = captures.get(0)?.range();
    let number = captures.get(1)?.range();
    Some((
        start + whole.start..start + whole.end,
        start + number.start..start + number.end,
    ))
}

/// The first ASCII digit in `bytes`, eight bytes at a time: the search for digits runs over
/// every byte of every text.
fn find_digit(bytes: &[u8]) -> Option<usize> {
    use super::swar::{find, lt};
    find(
        bytes,
        |word| lt(word, b'9' + 1) & !lt(word, b'0'),
        |byte| byte.is_ascii_digit(),
    )
}

/// The digit OCR read as `letter`, if it reads that digit so.
fn digit_misread_as(letter: char) -> Option<char> {
    match letter {
        'l' | 'I' | '|' => Some('1'),
        'O' => Some('0'),
        _ => None,
    }
}

/// Corrects letters read for digits in numbers before units; counts them in
/// `stats.ocr_keywords`.
///
/// The matches are those a search of the whole text would find, one after another, but only
/// those that can need correcting are looked for: a number with a digit and a letter read
/// for a digit. The pattern gives the regex engine no literal to skip ahead with, so a
/// search of the whole text would run its automaton over every byte. A match without a digit
/// never covers the start of one with a digit, so skipping it changes nothing.
pub(crate) fn fix_ocr_numbers(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    // The end of the last match: the search goes on from there.
    let mut at = 0;
    let mut next_digit = 0;
    while let Some(offset) = find_digit(&bytes[next_digit..]) {
        let digit = next_digit + offset;
        next_digit = digit + 1;
        if digit < at || !misread_letter_around(bytes, digit) {
            continue;
        }
        // The leftmost match from where a number holding this digit can start.
        let mut from = at.max(floor_char_boundary(
            text,
            digit.saturating_sub(MAX_BYTES_BEFORE_DIGIT),
        ));
        while from <= digit {
            let Some((mut whole, mut number)) = (from..=digit)
                .filter(|&start| text.is_char_boundary(start))
                .find_map(|start| match_at(text, start))
            else {
                break;
            };
            at = whole.end;
            from = at;
            let runs_on = !text[whole.clone()].ends_with('%')
                && text[whole.end..].chars().next().is_some_and(is_word_char);
            if runs_on {
                match NUMBER_BEFORE_UNIT_WORD
                    .captures_at(text, whole.start)
                    .filter(|found| found.get(0).is_some_and(|m| m.start() == whole.start))
                {
                    Some(found) => {
                        whole = found.get(0).map_or(whole, |m| m.range());
                        number = found.get(1).map_or(number, |m| m.range());
                        at = whole.end;
                        from = at;
                    }
                    None => continue,
                }
            }
            let raw = &text[number.clone()];
            let has_digit = raw.bytes().any(|b| b.is_ascii_digit());
            let has_letter = raw.bytes().any(|b| matches!(b, b'l' | b'I' | b'O' | b'|'));
            if !has_digit || !has_letter {
                continue;
            }
            // One edit per misread letter, so the offset map stays exact for every digit: a
            // span inside the number (after a paragraph number glued to it, `l2.11`) maps
            // back to its own bytes, not to the whole number's.
            for (offset, letter) in raw.char_indices() {
                if let Some(digit) = digit_misread_as(letter) {
                    let at = number.start + offset;
                    edits.replace_char(at..at + letter.len_utf8(), digit);
                }
            }
            stats.ocr_keywords += 1;
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn digits_are_found_as_a_byte_by_byte_search_finds_them() {
        // Digits and the bytes on either side of their range ('/' and ':'), and bytes of
        // multi-byte characters, at every offset across the eight-byte words.
        let text = "l0 per cent: 1O% / Artigo 12.º, 9:30 — 183 dias; ½ é 0".as_bytes();
        for start in 0..text.len() {
            assert_eq!(
                find_digit(&text[start..]),
                text[start..].iter().position(u8::is_ascii_digit),
                "from {start}"
            );
        }
        assert_eq!(find_digit(b"/:/:/:/:/:/:/:/:/:"), None);
    }

    /// A number with the letters OCR reads for digits read as those digits.
    fn as_digits(raw: &str) -> String {
        raw.chars()
            .map(|c| digit_misread_as(c).unwrap_or(c))
            .collect()
    }

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

    /// The search over the whole text, one match after another, that [`fix_ocr_numbers`]
    /// must agree with.
    fn corrected_by_full_search(text: &str) -> Vec<(Range<usize>, String)> {
        let pattern = number_before_unit(LEAD, "");
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(mut captures) = pattern.captures_at(text, at) {
            let whole = captures.get(0).unwrap();
            at = whole.end();
            let runs_on = !whole.as_str().ends_with('%')
                && text[whole.end()..].chars().next().is_some_and(is_word_char);
            if runs_on {
                match NUMBER_BEFORE_UNIT_WORD
                    .captures_at(text, whole.start())
                    .filter(|found| found.get(0).is_some_and(|m| m.start() == whole.start()))
                {
                    Some(found) => {
                        at = found.get(0).unwrap().end();
                        captures = found;
                    }
                    None => continue,
                }
            }
            let token = captures.get(1).unwrap();
            let raw = token.as_str();
            if raw.bytes().any(|b| b.is_ascii_digit())
                && raw.bytes().any(|b| matches!(b, b'l' | b'I' | b'O' | b'|'))
            {
                out.push((token.range(), raw.to_string()));
            }
        }
        out
    }

    #[test]
    fn same_corrections_as_a_search_of_the_whole_text() {
        let pieces = [
            "l",
            "I",
            "O",
            "o",
            "i",
            "L",
            "|",
            "0",
            "1",
            "5",
            ".",
            ",",
            " ",
            "\t",
            "%",
            "\n",
            " per cent",
            " por cento",
            " dias",
            " days",
            "tage",
            "n",
            "é",
            "—",
            "Article ",
            "(",
            "x",
            "ã",
            "1O",
            "l0",
            "I5",
        ];
        // A fixed pseudo-random sequence, so the test is the same on every run.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut corrected = 0;
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..24 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                text.push_str(pieces[(state >> 33) as usize % pieces.len()]);
            }
            let mut stats = FixStats::default();
            fix_ocr_numbers(&text, &mut stats);
            let expected = corrected_by_full_search(&text);
            assert_eq!(stats.ocr_keywords as usize, expected.len(), "{text:?}");
            let (fixed, _) = run(fix_ocr_numbers, &text);
            let mut by_search = text.clone();
            for (range, raw) in expected.iter().rev() {
                by_search.replace_range(range.clone(), &as_digits(raw));
            }
            assert_eq!(fixed, by_search, "{text:?}");
            corrected += expected.len();
        }
        // The sequence exercises corrections, not only texts without any.
        assert!(corrected > 100, "{corrected}");
    }
}
