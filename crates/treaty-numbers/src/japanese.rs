//! Finding quantities in text of a language that writes numbers in characters and glues units
//! to them (Japanese): `十五パーセント`, `十二箇月`, `百八十三日`, `百万円`.
//!
//! The numerals, units and the marks of ordinals, references and dates come from the profile.

use regex::Regex;
use treaty_lang::patterns::literal_alternation;
use treaty_lang::NumberWords;

use crate::digits::parse_digit_number;
use crate::kanji::{character_digit, is_hundred_or_larger_unit, parse_kanji_number};
use crate::quantity::{unit_of, Quantity, Unit};
use treaty_lang::Lang;
use treaty_lang::LazyPerLang;

/// A language's compiled patterns for numbers glued to their units.
struct Patterns {
    /// A run of numeral characters: ASCII digits (with `,`/`.` between them), numeral
    /// characters, or ASCII digits followed by numeral characters (`2千`).
    numeral_run: Regex,
    /// The unit after a number; the name of the group that matched is the kind of unit.
    unit_after: Regex,
    day_date_before: Regex,
    year_date_before: Regex,
    year_date_after: Regex,
}

fn patterns(numbers: &NumberWords) -> Patterns {
    let mut class = String::new();
    for numeral in numbers.numerals {
        class.push_str(&regex::escape(&numeral.ch.to_string()));
    }
    let numeral_run = if class.is_empty() {
        "[0-9]+(?:[,.][0-9]+)*".to_string()
    } else {
        format!("[0-9]+(?:[,.][0-9]+)*[{class}]*|[{class}]+")
    };
    let units = |words: &[&str]| literal_alternation(words.iter().copied());
    // PDF text sometimes puts a displaced subparagraph marker between the number and its unit
    // (`五十(d) パーセント`, or a paragraph marker in vertical text: `二(1)年`), so one such
    // marker is allowed there.
    let unit_after = format!(
        r"^(?:\s?\((?:[a-z]{{1,4}}|[0-9]{{1,2}})\))?\s?(?P<unit>(?P<unit_percent>{percent}|%)|(?P<unit_months>{months})|(?P<unit_years>{years})|(?P<unit_days>{days})|(?P<unit_currency>{currency}))",
        percent = units(numbers.glued_percent_units),
        months = units(numbers.glued_month_units),
        years = units(numbers.glued_year_units),
        days = units(numbers.glued_day_units),
        currency = units(numbers.glued_currency_units),
    );
    let compile = |pattern: &str| Regex::new(pattern).expect("profile number pattern is valid");
    Patterns {
        numeral_run: compile(&numeral_run),
        unit_after: compile(&unit_after),
        day_date_before: compile(numbers.day_date_before),
        year_date_before: compile(numbers.year_date_before),
        year_date_after: compile(numbers.year_date_after),
    }
}

static PATTERNS: LazyPerLang<Patterns> = LazyPerLang::new(|profile| patterns(&profile.numbers));

/// How far back (in bytes) the date patterns look before a number.
const LOOK_BEHIND_BYTES: usize = 24;

/// Every quantity in `text`, written in the language `lang` that writes numbers in characters.
pub(crate) fn find_japanese_quantities(text: &str, lang: Lang) -> Vec<Quantity> {
    let patterns = PATTERNS.get(lang);
    let numbers = &lang.profile().numbers;
    let mut res: Vec<Quantity> = Vec::new();
    let mut covered_until = 0;
    for run in patterns.numeral_run.find_iter(text) {
        // `十二|・五パーセント`: digits after a decimal point no number stands before (a
        // decimal's fraction is read with its number) are the fraction of a number OCR broke.
        if run.start() < covered_until
            || ends_with_any(&text[..run.start()], numbers.decimal_points)
        {
            continue;
        }
        let found = Found {
            text,
            lang,
            numbers,
            patterns,
        };
        let quantity = found
            .hundredths_at(run.start(), run.end())
            .or_else(|| found.decimal_at(run.start(), run.end()))
            .or_else(|| found.quantity_at(run.start(), run.end()));
        if let Some(quantity) = quantity {
            covered_until = quantity.span.end;
            res.push(quantity);
        }
    }
    res
}

/// The text being searched with its language's words and patterns.
struct Found<'a> {
    text: &'a str,
    lang: Lang,
    numbers: &'static NumberWords,
    patterns: &'static Patterns,
}

impl Found<'_> {
    /// A decimal written with a decimal-point mark (`十二・五パーセント`, 12.5 per cent): the
    /// digits after the point are read one by one.
    fn decimal_at(&self, run_start: usize, run_end: usize) -> Option<Quantity> {
        let text = self.text;
        let point = run_end;
        let point_len = self
            .numbers
            .decimal_points
            .iter()
            .find(|mark| text[point..].starts_with(*mark))?
            .len();
        let fraction_start = point + point_len;
        let mut fraction: Vec<u64> = Vec::new();
        let mut fraction_end = fraction_start;
        for ch in text[fraction_start..].chars() {
            let Some(digit) = character_digit(ch) else {
                break;
            };
            fraction.push(digit);
            fraction_end += ch.len_utf8();
        }
        if fraction.is_empty() {
            return None;
        }
        let whole = &text[run_start..run_end];
        let integer = if whole.bytes().all(|b| b.is_ascii_digit()) {
            whole.parse::<u64>().ok()?
        } else {
            parse_kanji_number(whole)?
        };
        // The unit and its checks are those of the digits right before it.
        let tail = self.quantity_at(fraction_start, fraction_end)?;
        // One division at the end keeps the shortest decimal form (`12.3`, not `12.299…`).
        let scale = 10u64.checked_pow(fraction.len() as u32)?;
        let digits = fraction
            .iter()
            .try_fold(integer, |acc, d| acc.checked_mul(10)?.checked_add(*d))?;
        let value = digits as f64 / scale as f64;
        Quantity::new(value, tail.unit, run_start..tail.span.end)
    }

    /// A percentage written as hundredths, `百分の十五` (fifteen hundredths), as older texts do.
    fn hundredths_at(&self, run_start: usize, run_end: usize) -> Option<Quantity> {
        let text = self.text;
        let prefix = self.numbers.hundredths.iter().find(|prefix| {
            text[run_start..].starts_with(*prefix) && run_end <= run_start + prefix.len()
        })?;
        let numerator_start = run_start + prefix.len();
        let numerator = self
            .patterns
            .numeral_run
            .find_at(text, numerator_start)
            .filter(|found| found.start() == numerator_start)?;
        let value = parse_kanji_number(numerator.as_str())?;
        Quantity::new(value as f64, Unit::Percent, run_start..numerator.end())
    }

    /// The quantity whose numeral is the run `run_start..run_end`, if a unit follows it and it
    /// is not an ordinal, a reference or a date.
    fn quantity_at(&self, run_start: usize, run_end: usize) -> Option<Quantity> {
        let text = self.text;
        let before = &text[..run_start];
        // `第十条`, `第五年`: ordinals, article numbers.
        if ends_with_any(before, self.numbers.ordinal_prefixes) {
            return None;
        }
        let captures = self.patterns.unit_after.captures(&text[run_end..])?;
        let unit_match = captures.name("unit")?;
        let span_end = run_end + unit_match.end();
        let unit = unit_of(&captures)?;
        let (number_start, value) = self.numeral_value(run_start, run_end, &unit)?;
        // `第二十一条7`: ASCII digits right after an article or item are a paragraph number.
        if number_start == run_start
            && text[run_start..run_end].bytes().all(|b| b.is_ascii())
            && ends_with_any(before, self.numbers.reference_ends)
        {
            return None;
        }
        let unit_start = run_end + unit_match.start();
        if self.is_date_or_ordinal(run_start, unit_start, span_end, &unit, value) {
            return None;
        }
        Quantity::new(value, unit, number_start..span_end)
    }

    /// Where the number in the run starts and its value.
    ///
    /// Paragraph numbers are glued to the text after them, so `2十パーセント` is paragraph 2 and
    /// ten per cent: ASCII digits count as part of a numeral only before a unit of a hundred or
    /// more (`2千`). Of a run that does not read as one numeral (`十二三`), the longest tail that
    /// does is taken, because the unit belongs to the end.
    fn numeral_value(&self, run_start: usize, run_end: usize, unit: &Unit) -> Option<(usize, f64)> {
        let text = self.text;
        let run = &text[run_start..run_end];
        let ascii_len = run.bytes().take_while(|b| b.is_ascii()).count();
        if ascii_len == run.len() {
            let is_money = matches!(unit, Unit::Currency(_));
            return Some((run_start, parse_digit_number(run, self.lang, is_money)?));
        }
        let kanji_part = &run[ascii_len..];
        let ascii_multiplies = kanji_part
            .chars()
            .next()
            .is_some_and(is_hundred_or_larger_unit)
            && run[..ascii_len].bytes().all(|b| b.is_ascii_digit());
        let mut number_start = if ascii_multiplies || ascii_len == 0 {
            run_start
        } else {
            run_start + ascii_len
        };
        while number_start < run_end {
            if let Some(value) = parse_kanji_number(&text[number_start..run_end]) {
                return Some((number_start, value as f64));
            }
            number_start += text[number_start..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
        None
    }

    /// Whether the number before the unit (`unit_start..span_end`) is a date or an ordinal.
    fn is_date_or_ordinal(
        &self,
        run_start: usize,
        unit_start: usize,
        span_end: usize,
        unit: &Unit,
        value: f64,
    ) -> bool {
        let text = self.text;
        let after = &text[span_end..];
        // `三十日目`, `五年目`: the thirtieth day, the fifth year.
        if starts_with_any(after, self.numbers.ordinal_suffixes) {
            return true;
        }
        // `日本` (the name of the country) after a glued paragraph number, `年金` (pension): other words.
        if starts_with_any(&text[unit_start..], self.numbers.unit_lookalikes) {
            return true;
        }
        let look_behind = floor_char_boundary(text, run_start.saturating_sub(LOOK_BEHIND_BYTES));
        let before = &text[..run_start];
        match unit {
            // `十一月十一日`: a day of a named month.
            Unit::Days => self
                .patterns
                .day_date_before
                .find_at(before, look_behind)
                .is_some(),
            // `二千十七年`, `昭和二十三年`, `二千十七年十一月`: calendar years.
            Unit::Years => {
                value >= 1000.0
                    || self
                        .patterns
                        .year_date_before
                        .find_at(before, look_behind)
                        .is_some()
                    || self.patterns.year_date_after.is_match(after)
            }
            _ => false,
        }
    }
}

fn starts_with_any(text: &str, marks: &[&str]) -> bool {
    marks.iter().any(|mark| text.starts_with(mark))
}

fn ends_with_any(text: &str, marks: &[&str]) -> bool {
    marks.iter().any(|mark| text.ends_with(mark))
}

/// The largest char boundary at or before `byte_idx`.
fn floor_char_boundary(text: &str, mut byte_idx: usize) -> usize {
    while !text.is_char_boundary(byte_idx) {
        byte_idx -= 1;
    }
    byte_idx
}
