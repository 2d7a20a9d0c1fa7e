//! Unit words of an unspaced script that OCR damaged right after a number: `十ペーセント`,
//! `十五ポペーセント` become `十パーセント`, `十五パーセント`.
//!
//! Tesseract's Japanese models confuse the voiced and semi-voiced forms of a katakana letter
//! (`パ`, `バ`, `ペ`, `ポ`) and add or drop a stroke-sized letter; a per cent that OCR damaged so
//! is no longer read as a rate. A run of katakana right after a numeral (the profiles'
//! numerals, ASCII digits) that is not a glued unit word of a profile but within
//! [`MAX_DISTANCE`] edits of one (`glued_percent_units`) is that unit word. A katakana word
//! after a number is a unit or a counter; one that close to a unit word is a damaged one.
//! Counted with the OCR keyword repairs.

use std::sync::LazyLock;

use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// How many letters may be wrong, missing or extra.
const MAX_DISTANCE: usize = 2;

/// The unit words (as characters) and the numerals of the profiles.
struct UnitWords {
    units: Vec<Vec<char>>,
    numerals: Vec<char>,
}

static WORDS: LazyLock<UnitWords> = LazyLock::new(|| {
    let numbers = || Lang::all().map(|lang| &lang.profile().numbers);
    UnitWords {
        units: numbers()
            .flat_map(|n| n.glued_percent_units.iter())
            // Only a unit long enough that two edits leave most of it.
            .filter(|unit| unit.chars().count() > 2 * MAX_DISTANCE)
            .map(|unit| unit.chars().collect())
            .collect(),
        numerals: numbers()
            .flat_map(|n| n.numerals.iter().map(|numeral| numeral.ch))
            .collect(),
    }
});

/// Katakana letters and the prolonged sound mark, without the middle dot (a decimal point
/// between numerals).
pub(super) fn is_katakana(c: char) -> bool {
    let code = u32::from(c);
    (0x30A1..=0x30FA).contains(&code) || code == 0x30FC
}

fn is_numeral(c: char) -> bool {
    c.is_ascii_digit() || WORDS.numerals.contains(&c)
}

/// The glued unit word of a profile that `word` is, or is within [`MAX_DISTANCE`] edits of.
fn close_unit(word: &[char]) -> Option<&'static Vec<char>> {
    WORDS.units.iter().find(|unit| {
        word.len() + MAX_DISTANCE >= unit.len()
            && strsim::generic_levenshtein(&word.to_vec(), *unit) <= MAX_DISTANCE
    })
}

/// Whether `word` is a glued unit word of a profile or within [`MAX_DISTANCE`] edits of one.
pub(super) fn is_unit_word(word: &[char]) -> bool {
    close_unit(word).is_some()
}

pub(crate) fn fix_ocr_unit_words(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    // Katakana lies in U+30A0..U+30FF, whose UTF-8 starts with the byte 0xE3.
    if WORDS.units.is_empty() || !text.as_bytes().contains(&0xE3) {
        return edits;
    }
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let after_numeral = previous.is_some_and(is_numeral);
        previous = Some(c);
        if !after_numeral || !is_katakana(c) {
            continue;
        }
        let mut run = vec![c];
        let mut end = start + c.len_utf8();
        while let Some(&(at, next)) = chars.peek() {
            if !is_katakana(next) {
                break;
            }
            run.push(next);
            end = at + next.len_utf8();
            previous = Some(next);
            chars.next();
        }
        if let Some(unit) = close_unit(&run).filter(|unit| **unit != run) {
            edits.replace(start..end, &unit.iter().collect::<String>());
            stats.ocr_keywords += 1;
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fixed(text: &str) -> (String, u64) {
        let (text, stats) = run(fix_ocr_unit_words, text);
        (text, stats.ocr_keywords)
    }

    #[test]
    fn damaged_per_cent_after_a_number_is_repaired() {
        let unit: String = WORDS.units[0].iter().collect();
        // The unit with one letter voiced instead of semi-voiced, and with a letter added.
        let voiced: String = unit.replacen('\u{30D1}', "\u{30DA}", 1);
        let added = format!("\u{30DD}{voiced}");
        let number = "\u{5341}\u{4E94}";
        for damaged in [&voiced, &added] {
            let text = format!("{number}{damaged}を超えない");
            assert_eq!(
                fixed(&text),
                (format!("{number}{unit}を超えない"), 1),
                "{damaged}"
            );
        }
        // With digits and a decimal point between numerals.
        let text = format!("12\u{30FB}5{voiced}");
        assert_eq!(fixed(&text), (format!("12\u{30FB}5{unit}"), 1));
    }

    #[test]
    fn words_that_are_not_after_a_number_or_not_close_are_left() {
        let unit: String = WORDS.units[0].iter().collect();
        let voiced: String = unit.replacen('\u{30D1}', "\u{30DA}", 1);
        for text in [
            unit.clone(),
            format!("\u{5341}{unit}"),
            // No numeral before it.
            format!("\u{984D}\u{306E}{voiced}"),
            // A different katakana word after a number.
            "\u{5341}\u{30C8}\u{30F3}".to_string(),
            "Article 10 per cent".to_string(),
        ] {
            assert_eq!(fixed(&text), (text.clone(), 0), "{text}");
        }
    }
}
