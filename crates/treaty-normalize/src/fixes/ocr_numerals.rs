//! Numerals of an unspaced script that OCR read as lookalike letters before a unit word:
//! `額のナパーセント` becomes `額の十パーセント`, `五士パーセント` `五十パーセント`.
//!
//! Tesseract's Japanese models read `十` as katakana `ナ`, a plus sign or `士` (the profile's
//! `ocr_numeral_lookalikes`), and a per cent whose numeral was so read is no longer a rate.
//! Right before a per cent unit word (or a word within [`MAX_DISTANCE`] edits of one, which
//! [`super::ocr_unit_words`] then repairs) only a numeral can stand, so a run of numerals and
//! lookalikes there is read as a numeral when it makes a well-formed per cent (1 to 100, units
//! in falling order, no two digits side by side); `+ナ` (`十十`) is read `十` when `ナ` can open
//! the unit word (`+ナペーセント`), and left as printed otherwise. The run
//! must start after a character that is no katakana or Latin letter, so the end of a katakana word is not
//! taken for a numeral. Counted with the OCR keyword repairs.

use std::sync::LazyLock;

use treaty_lang::{Lang, Numeral, NumeralKind};

use super::ocr_unit_words::{is_katakana, is_unit_word};
use crate::edits::Edits;
use crate::stats::FixStats;

/// The longest run of numerals read before a unit (`九十九`, with room for damage).
const MAX_RUN: usize = 6;

/// The numerals and their lookalikes of the profiles.
struct NumeralLookalikes {
    numerals: Vec<Numeral>,
    lookalikes: Vec<(char, char)>,
}

static LOOKALIKES: LazyLock<NumeralLookalikes> = LazyLock::new(|| {
    let numbers = || Lang::all().map(|lang| &lang.profile().numbers);
    NumeralLookalikes {
        numerals: numbers().flat_map(|n| n.numerals.iter().copied()).collect(),
        lookalikes: numbers()
            .flat_map(|n| n.ocr_numeral_lookalikes.iter().copied())
            .collect(),
    }
});

fn numeral(c: char) -> Option<Numeral> {
    LOOKALIKES.numerals.iter().find(|n| n.ch == c).copied()
}

fn lookalike(c: char) -> Option<char> {
    LOOKALIKES
        .lookalikes
        .iter()
        .find(|(seen, _)| *seen == c)
        .map(|(_, meant)| *meant)
}

/// Whether `numerals` make a well-formed per cent: digits never side by side, units falling,
/// no large unit, a value from 1 to 100.
fn is_percent(numerals: &[Numeral]) -> bool {
    let (mut total, mut digit, mut last_unit) = (0u64, None::<u64>, u64::MAX);
    for n in numerals {
        match n.kind {
            NumeralKind::Digit if digit.is_none() => digit = Some(n.value),
            NumeralKind::SmallUnit if n.value < last_unit && digit != Some(0) => {
                total += digit.take().unwrap_or(1) * n.value;
                last_unit = n.value;
            }
            _ => return false,
        }
    }
    total += digit.unwrap_or(0);
    (1..=100).contains(&total)
}

pub(crate) fn fix_ocr_numerals(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    // Katakana lies in U+30A0..U+30FF, whose UTF-8 starts with the byte 0xE3.
    if LOOKALIKES.lookalikes.is_empty() || !text.as_bytes().contains(&0xE3) {
        return edits;
    }
    let in_run = |c: char| numeral(c).is_some() || lookalike(c).is_some();
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let starts_run = in_run(c)
            && previous.is_none_or(|before| {
                !(in_run(before) || is_katakana(before) || before.is_ascii_alphanumeric())
            });
        previous = Some(c);
        if !starts_run {
            continue;
        }
        // The run (at most MAX_RUN characters), then the katakana word after it.
        let mut run = vec![(at, c)];
        while let Some(&(offset, next)) = chars.peek() {
            if run.len() == MAX_RUN || !in_run(next) {
                break;
            }
            run.push((offset, next));
            previous = Some(next);
            chars.next();
        }
        let mut unit = Vec::new();
        while let Some(&(_, next)) = chars.peek() {
            if !is_katakana(next) {
                break;
            }
            unit.push(next);
            previous = Some(next);
            chars.next();
        }
        if let Some(numerals) = numeral_before_unit(&run, &unit) {
            for &(offset, c) in numerals {
                if let (None, Some(meant)) = (numeral(c), lookalike(c)) {
                    edits.replace_char(offset..offset + c.len_utf8(), meant);
                }
            }
            stats.ocr_keywords += 1;
        }
    }
    edits
}

/// The part of `run` that is the numeral of a per cent whose unit word `unit` follows: the
/// whole run, or, when that makes no per cent, the run without its last lookalikes that are
/// katakana (`ナ`), which are then the first letters of a damaged unit word: `+ナペーセント`
/// is `十` and a unit word within two edits of `パーセント`, where `十十` is no numeral.
fn numeral_before_unit<'a>(run: &'a [(usize, char)], unit: &[char]) -> Option<&'a [(usize, char)]> {
    let as_percent = |numerals: &[(usize, char)], unit: &[char]| {
        let read: Option<Vec<Numeral>> = numerals
            .iter()
            .map(|&(_, c)| numeral(c).or_else(|| lookalike(c).and_then(numeral)))
            .collect();
        let has_lookalike = numerals.iter().any(|&(_, c)| numeral(c).is_none());
        has_lookalike && is_unit_word(unit) && read.as_deref().is_some_and(is_percent)
    };
    if as_percent(run, unit) {
        return Some(run);
    }
    (1..run.len())
        .rev()
        .take_while(|&cut| is_katakana(run[cut].1))
        .find(|&cut| {
            let longer: Vec<char> = run[cut..]
                .iter()
                .map(|&(_, c)| c)
                .chain(unit.iter().copied())
                .collect();
            as_percent(&run[..cut], &longer)
        })
        .map(|cut| &run[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fixed(text: &str) -> (String, u64) {
        let (text, stats) = run(fix_ocr_numerals, text);
        (text, stats.ocr_keywords)
    }

    /// The profile's lookalike of `meant`.
    fn seen(meant: char) -> char {
        LOOKALIKES
            .lookalikes
            .iter()
            .find(|(_, m)| *m == meant)
            .map(|(s, _)| *s)
            .unwrap()
    }

    const TEN: char = '\u{5341}';
    const FIVE: char = '\u{4E94}';
    const UNIT: &str = "\u{30D1}\u{30FC}\u{30BB}\u{30F3}\u{30C8}";
    /// `額の` ("of the amount"), what stands before a rate.
    const BEFORE: &str = "\u{984D}\u{306E}";

    #[test]
    fn a_lookalike_before_per_cent_is_the_numeral() {
        let ten = seen(TEN);
        // `十` alone, and as the tens of fifty.
        assert_eq!(
            fixed(&format!("{BEFORE}{ten}{UNIT}")),
            (format!("{BEFORE}{TEN}{UNIT}"), 1)
        );
        assert_eq!(
            fixed(&format!("{BEFORE}{FIVE}{ten}{UNIT}")),
            (format!("{BEFORE}{FIVE}{TEN}{UNIT}"), 1)
        );
        // Every lookalike of the profile, before a unit that OCR damaged too (repaired after).
        let voiced = UNIT.replacen('\u{30D1}', "\u{30DA}", 1);
        for &(lookalike, meant) in &LOOKALIKES.lookalikes {
            let text = format!("{BEFORE}{lookalike}{voiced}");
            assert_eq!(
                fixed(&text),
                (format!("{BEFORE}{meant}{voiced}"), 1),
                "{text}"
            );
        }
    }

    #[test]
    fn runs_that_make_no_per_cent_or_end_a_word_are_left() {
        let ten = seen(TEN);
        for text in [
            // `十十`: no numeral, and `士` (no kana) cannot open the unit word.
            format!("{BEFORE}+\u{58EB}{UNIT}"),
            // A katakana word whose last letter is a lookalike.
            format!("{BEFORE}\u{30AD}{ten}{UNIT}"),
            // Not before a unit.
            format!("{BEFORE}{ten}\u{30C8}\u{30F3}"),
            format!("{ten}{BEFORE}"),
            // Numerals alone: nothing to repair.
            format!("{BEFORE}{TEN}{FIVE}{UNIT}"),
            "1+1 per cent".to_string(),
        ] {
            assert_eq!(fixed(&text), (text.clone(), 0), "{text}");
        }
    }

    #[test]
    fn a_katakana_lookalike_after_the_numeral_may_open_a_damaged_unit_word() {
        // `+ナペーセント`: the plus sign is `十`, and `ナペーセント` a unit word within two
        // edits (a stray kana before a voiced first letter), repaired after this fix.
        let katakana_ten = '\u{30CA}';
        let voiced = UNIT.replacen('\u{30D1}', "\u{30DA}", 1);
        assert_eq!(
            fixed(&format!("{BEFORE}+{katakana_ten}{voiced}")),
            (format!("{BEFORE}{TEN}{katakana_ten}{voiced}"), 1)
        );
        // Where the whole run makes a per cent (`五ナ`, fifty), it stays the numeral.
        assert_eq!(
            fixed(&format!("{BEFORE}{FIVE}{katakana_ten}{UNIT}")),
            (format!("{BEFORE}{FIVE}{TEN}{UNIT}"), 1)
        );
    }

    #[test]
    fn a_per_cent_is_one_to_a_hundred_with_falling_units() {
        let read = |s: &str| s.chars().map(|c| numeral(c).unwrap()).collect::<Vec<_>>();
        for good in [
            "\u{5341}",
            "\u{4E94}",
            "\u{4E8C}\u{5341}\u{4E94}",
            "\u{767E}",
        ] {
            assert!(is_percent(&read(good)), "{good}");
        }
        // 十十, 五五, 百十百 (units not falling), 千 (over a hundred), 〇.
        for bad in [
            "\u{5341}\u{5341}",
            "\u{4E94}\u{4E94}",
            "\u{767E}\u{5341}\u{767E}",
            "\u{5343}",
            "\u{3007}",
        ] {
            assert!(!is_percent(&read(bad)), "{bad}");
        }
    }
}
