//! Calendar dates as treaties print them: `this 19th day of June 1997`, `em 12 de julho de
//! 2016`, `平成二十九年一月三十日`, `2017年1月30日`.

use std::fmt;
use std::ops::Range;

use treaty_lang::{Lang, Script};
use treaty_numbers::{parse_kanji_number, parse_number_words};

use crate::words::GRAMMAR;

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year (Gregorian; era years converted).
    pub year: u32,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date found in a text, with its byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundDate {
    /// The date.
    pub date: Date,
    /// Where it is printed.
    pub range: Range<usize>,
}

/// Every date of `lang`'s grammar in `text`, in text order, without overlaps.
pub fn find_dates(text: &str, lang: Lang) -> Vec<FoundDate> {
    let grammar = &GRAMMAR[lang];
    let mut found: Vec<FoundDate> = Vec::new();
    for regex in &grammar.dates {
        for captures in regex.captures_iter(text) {
            let whole = captures.get(0).expect("group 0");
            if found
                .iter()
                .any(|f| f.range.start < whole.end() && whole.start() < f.range.end)
            {
                continue;
            }
            // Group names are the stage's own (see `words::date_parts`).
            let day = captures.name("d").map(|m| m.as_str());
            let month = captures.name("m").map(|m| m.as_str());
            let year = captures.name("y").map(|m| m.as_str());
            let era = captures.name("e").map(|m| m.as_str());
            if let Some(date) = read_date(lang, day, month, year, era) {
                found.push(FoundDate {
                    date,
                    range: whole.range(),
                });
            }
        }
    }
    found.sort_by_key(|f| f.range.start);
    found
}

/// The date the parts of a match name, if it is a real calendar date.
fn read_date(
    lang: Lang,
    day: Option<&str>,
    month: Option<&str>,
    year: Option<&str>,
    era: Option<&str>,
) -> Option<Date> {
    let profile = lang.profile();
    let day = number(lang, day?)?;
    let month = match profile.script {
        Script::Latin => {
            let month = month?.to_lowercase();
            let index = profile
                .structure
                .months
                .iter()
                .position(|m| m.to_lowercase() == month)?;
            index as u32 + 1
        }
        Script::Japanese => number(lang, month?)?,
    };
    let year_text = year?;
    let mut year = if year_text == profile.identity.era_first_year {
        1
    } else {
        number(lang, year_text)?
    };
    if let Some(era) = era.filter(|e| !e.is_empty()) {
        let (_, base) = profile
            .identity
            .eras
            .iter()
            .find(|(name, _)| *name == era)?;
        year += base;
    }
    let date = Date { year, month, day };
    ((1800..=2200).contains(&year) && date.exists()).then_some(date)
}

impl Date {
    /// Whether the Gregorian calendar has this day (no 31 June, no 29 February 1900).
    pub fn exists(&self) -> bool {
        let (Ok(year), Ok(month), Ok(day)) = (
            i16::try_from(self.year),
            i8::try_from(self.month),
            i8::try_from(self.day),
        ) else {
            return false;
        };
        jiff::civil::Date::new(year, month, day).is_ok()
    }
}

/// A day, month or year as digits, kanji numerals, number words or ordinal words.
fn number(lang: Lang, text: &str) -> Option<u32> {
    let text = text.trim();
    if let Ok(value) = text.parse::<u32>() {
        return Some(value);
    }
    // Digits OCR printed as letters beside real ones (`l0`, `l986`, `1O`).
    if text.bytes().any(|b| b.is_ascii_digit())
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b"lIO".contains(&b))
    {
        let digits: String = text
            .chars()
            .map(|c| match c {
                'l' | 'I' => '1',
                'O' => '0',
                other => other,
            })
            .collect();
        return digits.parse().ok();
    }
    let profile = lang.profile();
    if profile.script == Script::Japanese {
        return parse_kanji_number(text).and_then(|v| u32::try_from(v).ok());
    }
    let lower = text.to_lowercase();
    if let Some(value) = number_words(lang, &lower) {
        return Some(value);
    }
    // Words written together (`twentyseventh`, `nineteen hundred and seventynine`).
    let apart = split_glued_words(lang, &lower)?;
    number_words(lang, &apart)
}

/// Cardinal number words, or an ordinal alone or after tens (`twenty-sixth`), in lower case.
fn number_words(lang: Lang, lower: &str) -> Option<u32> {
    let profile = lang.profile();
    if let Some(value) = parse_number_words(lower) {
        return u32::try_from(value).ok();
    }
    let ordinals = profile.identity.ordinals;
    ordinals.iter().find_map(|(word, value)| {
        let head = lower.strip_suffix(word)?;
        let head = head.trim_end_matches([' ', '-']);
        if head.is_empty() {
            return Some(*value);
        }
        let tens = parse_number_words(head)?;
        u32::try_from(tens).ok().map(|t| t + value)
    })
}

/// `lower` with each word that is several number words of `lang` written together split
/// into them (`seventynine` is `seventy nine`); `None` when a word is none or can be split
/// in no way.
fn split_glued_words(lang: Lang, lower: &str) -> Option<String> {
    let profile = lang.profile();
    let mut known: Vec<&str> = profile.numbers.words.iter().map(|w| w.word).collect();
    known.extend(profile.identity.ordinals.iter().map(|(word, _)| *word));
    known.push(profile.numbers.connector);
    let mut parts: Vec<String> = Vec::new();
    let mut split_any = false;
    for word in lower.split(|c: char| c.is_whitespace() || c == '-') {
        if word.is_empty() || known.contains(&word) {
            parts.push(word.to_string());
            continue;
        }
        parts.extend(split_word(word, &known)?.into_iter().map(str::to_string));
        split_any = true;
    }
    split_any.then(|| parts.join(" "))
}

/// `word` as a sequence of `known` words, the longest first at each point (backtracking when
/// a longer one leaves a rest that splits in no way).
fn split_word<'w>(word: &'w str, known: &[&str]) -> Option<Vec<&'w str>> {
    if word.is_empty() {
        return Some(Vec::new());
    }
    let mut heads: Vec<usize> = known
        .iter()
        .filter(|k| !k.is_empty() && word.starts_with(**k))
        .map(|k| k.len())
        .collect();
    heads.sort_unstable_by(|a, b| b.cmp(a));
    heads.into_iter().find_map(|len| {
        let mut rest = split_word(&word[len..], known)?;
        rest.insert(0, &word[..len]);
        Some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dates(text: &str, lang: Lang) -> Vec<String> {
        find_dates(text, lang)
            .iter()
            .map(|f| format!("{} {}", f.date, &text[f.range.clone()]))
            .collect()
    }

    #[test]
    fn digits_printed_as_letters_by_ocr_are_read_back() {
        assert_eq!(
            dates(
                "Done at Beijing on the l0th day of May, 1986, in duplicate",
                Lang::En
            ),
            ["1986-05-10 l0th day of May, 1986"]
        );
        assert_eq!(
            dates("signed on 1O May l986", Lang::En),
            ["1986-05-10 1O May l986"]
        );
        // A word is no number: letters alone are not digits.
        assert_eq!(
            dates("on the lO day of May, 1986", Lang::En),
            Vec::<String>::new()
        );
    }

    #[test]
    fn english_dates_in_three_orders_with_words() {
        assert_eq!(
            dates(
                "Done at Oslo, this 19th day of June 1997, in duplicate",
                Lang::En
            ),
            ["1997-06-19 19th day of June 1997"]
        );
        assert_eq!(
            dates("this twenty-sixth day of September, 1980.", Lang::En),
            ["1980-09-26 twenty-sixth day of September, 1980"]
        );
        assert_eq!(
            dates("on 31 January 2008 at", Lang::En),
            ["2008-01-31 31 January 2008"]
        );
        assert_eq!(
            dates("signed at Washington on November 6, 2003", Lang::En),
            ["2003-11-06 November 6, 2003"]
        );
        // Not dates: a month without a year, a day 32.
        assert!(dates("the first day of January next following", Lang::En).is_empty());
        assert!(dates("32 June 1997", Lang::En).is_empty());
    }

    #[test]
    fn days_the_calendar_does_not_have_are_no_dates() {
        // A day of 31 passed for every month before: 31 February, 31 June, and 29 February of
        // a year that is not a leap year (1900 is not; 2000, divisible by 400, is).
        assert!(dates("on 31 February 2001", Lang::En).is_empty());
        assert!(dates("on 31 June 1997", Lang::En).is_empty());
        assert!(dates("on 29 February 1900", Lang::En).is_empty());
        assert!(dates("on 29 February 2001", Lang::En).is_empty());
        assert_eq!(
            dates("on 29 February 2000", Lang::En),
            ["2000-02-29 29 February 2000"]
        );
        assert_eq!(
            dates("on 29 February 2016", Lang::En),
            ["2016-02-29 29 February 2016"]
        );
        assert_eq!(dates("2001年2月29日に", Lang::Ja), Vec::<String>::new());
        assert!(!Date {
            year: 2001,
            month: 2,
            day: 29
        }
        .exists());
        assert!(Date {
            year: 2000,
            month: 2,
            day: 29
        }
        .exists());
        assert!(!Date {
            year: 2000,
            month: 13,
            day: 1
        }
        .exists());
        assert!(!Date {
            year: 2000,
            month: 1,
            day: 0
        }
        .exists());
        assert!(!Date {
            year: 70_000,
            month: 1,
            day: 1
        }
        .exists());
    }

    #[test]
    fn number_words_written_together_are_read() {
        assert_eq!(
            dates(
                "DONE at Tokyo this twentyseventh day of June, nineteen hundred and seventynine",
                Lang::En
            ),
            ["1979-06-27 twentyseventh day of June, nineteen hundred and seventynine"]
        );
        assert_eq!(
            dates("on the thirtyfirst day of May 1984", Lang::En),
            ["1984-05-31 thirtyfirst day of May 1984"]
        );
        // A run that is no number words stays no date.
        assert!(dates("the someday of June 1979", Lang::En).is_empty());
    }

    #[test]
    fn ocr_damage_of_an_ordinal_suffix_keeps_the_day() {
        assert_eq!(
            dates("Done at London this 22\" day of February 1978", Lang::En),
            ["1978-02-22 22\" day of February 1978"]
        );
        assert_eq!(
            dates("this 3 rd day of May, 1990", Lang::En),
            ["1990-05-03 3 rd day of May, 1990"]
        );
    }

    #[test]
    fn portuguese_dates_with_words() {
        assert_eq!(
            dates(
                "Feito em Lisboa, em 12 de julho de 2016, em dois originais",
                Lang::Pt
            ),
            ["2016-07-12 12 de julho de 2016"]
        );
        assert_eq!(
            dates(
                "aos vinte e sete dias do mês de agosto de mil novecentos e setenta e quatro",
                Lang::Pt
            ),
            ["1974-08-27 vinte e sete dias do mês de agosto de mil novecentos e setenta e quatro"]
        );
    }

    #[test]
    fn japanese_dates_with_eras_and_digits() {
        assert_eq!(
            dates("平成二十九年一月三十日に東京で", Lang::Ja),
            ["2017-01-30 平成二十九年一月三十日"]
        );
        assert_eq!(
            dates("2017年1月30日に", Lang::Ja),
            ["2017-01-30 2017年1月30日"]
        );
        assert_eq!(
            dates("2018 年 9 月 26 日に", Lang::Ja),
            ["2018-09-26 2018 年 9 月 26 日"]
        );
        assert_eq!(
            dates("千九百六十九年三月二十日にキャンベラで", Lang::Ja),
            ["1969-03-20 千九百六十九年三月二十日"]
        );
        assert_eq!(
            dates("平成元年五月一日", Lang::Ja),
            ["1989-05-01 平成元年五月一日"]
        );
    }
}
