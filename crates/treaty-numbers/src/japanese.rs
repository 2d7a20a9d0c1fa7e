//! Finding quantities in Japanese text: `十五パーセント`, `十二箇月`, `百八十三日`, `百万円`.

use std::sync::LazyLock;

use regex::Regex;

use crate::digits::parse_digit_number;
use crate::kanji::parse_kanji_number;
use crate::quantity::{currency_code, Quantity, Unit};
use crate::Lang;

/// A run of numeral characters: ASCII digits (with `,`/`.` between them), kanji, or ASCII digits
/// followed by kanji (`2千`).
static NUMERAL_RUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9]+(?:[,.][0-9]+)*[〇零一二三四五六七八九十百千万億兆]*|[〇零一二三四五六七八九十百千万億兆]+")
        .expect("numeral regex is valid")
});

/// The unit after a number. PDF text sometimes puts a displaced subparagraph marker between the
/// number and its unit (`五十(d) パーセント`, or a paragraph marker in vertical text: `二(1)年`),
/// so one such marker is allowed there.
static UNIT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:\s?\((?:[a-z]{1,4}|[0-9]{1,2})\))?\s?(?P<unit>パーセント|%|箇月|か月|ヶ月|ケ月|カ月|ヵ月|箇年|か年|ヶ年|年間|課税年度|年|日間|日|アメリカ合衆国ドル|合衆国ドル|米ドル|ドル|ユーロ|クローネ|円)",
    )
    .expect("unit regex is valid")
});

/// A month right after `年`, which makes the `年` part of a date: `二千十七年十一月`.
static MONTH_AFTER_YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[0-9〇一二三四五六七八九十]+月").expect("month regex is valid"));

/// Era names that make the number after them a calendar year: `昭和二十三年`.
const ERA_NAMES: &[&str] = &["昭和", "平成", "令和", "大正", "明治", "西暦"];

/// The characters before `月` that make it a counted month (`箇月`) rather than a month name.
const MONTH_COUNTERS: &[char] = &['箇', 'か', 'ヶ', 'ケ', 'カ', 'ヵ'];

/// Every quantity in Japanese `text`.
pub(crate) fn find_japanese_quantities(text: &str) -> Vec<Quantity> {
    let mut res: Vec<Quantity> = Vec::new();
    let mut covered_until = 0;
    for run in NUMERAL_RUN.find_iter(text) {
        if run.start() < covered_until {
            continue;
        }
        let quantity = hundredths_at(text, run.start(), run.end())
            .or_else(|| decimal_at(text, run.start(), run.end()))
            .or_else(|| quantity_at(text, run.start(), run.end()));
        if let Some(quantity) = quantity {
            covered_until = quantity.span.end;
            res.push(quantity);
        }
    }
    res
}

/// A decimal written with `・` as the point (`十二・五パーセント`, 12.5 per cent): the digits
/// after the point are read one by one.
fn decimal_at(text: &str, run_start: usize, run_end: usize) -> Option<Quantity> {
    const DIGITS: &str = "〇一二三四五六七八九";
    let point = run_end;
    let fraction_start = point + text[point..].strip_prefix('・').map(|_| '・'.len_utf8())?;
    let fraction: Vec<u32> = text[fraction_start..]
        .chars()
        .map_while(|c| DIGITS.chars().position(|d| d == c).map(|p| p as u32))
        .collect();
    if fraction.is_empty() {
        return None;
    }
    let fraction_end = fraction_start + fraction.len() * '〇'.len_utf8();
    let whole = &text[run_start..run_end];
    let integer = if whole.bytes().all(|b| b.is_ascii_digit()) {
        whole.parse::<u64>().ok()?
    } else {
        parse_kanji_number(whole)?
    };
    // The unit and its checks are those of the digits right before it.
    let tail = quantity_at(text, fraction_start, fraction_end)?;
    // One division at the end keeps the shortest decimal form (`12.3`, not `12.299…`).
    let scale = 10u64.checked_pow(fraction.len() as u32)?;
    let digits = fraction.iter().try_fold(integer, |acc, d| {
        acc.checked_mul(10)?.checked_add(u64::from(*d))
    })?;
    let value = digits as f64 / scale as f64;
    Some(Quantity::new(value, tail.unit, run_start..tail.span.end))
}

/// A percentage written as hundredths, `百分の十五` (fifteen hundredths), as older texts do.
fn hundredths_at(text: &str, run_start: usize, run_end: usize) -> Option<Quantity> {
    const OF_HUNDRED: &str = "分の";
    if &text[run_start..run_end] != "百" || !text[run_end..].starts_with(OF_HUNDRED) {
        return None;
    }
    let numerator_start = run_end + OF_HUNDRED.len();
    let numerator = NUMERAL_RUN
        .find_at(text, numerator_start)
        .filter(|found| found.start() == numerator_start)?;
    let value = parse_kanji_number(numerator.as_str())?;
    Some(Quantity::new(
        value as f64,
        Unit::Percent,
        run_start..numerator.end(),
    ))
}

/// The quantity whose numeral is the run `run_start..run_end`, if a unit follows it and it is
/// not an ordinal, a reference or a date.
fn quantity_at(text: &str, run_start: usize, run_end: usize) -> Option<Quantity> {
    let before = &text[..run_start];
    let char_before = before.chars().next_back();
    // `第十条`, `第五年`: ordinals, article numbers.
    if char_before == Some('第') {
        return None;
    }
    let captures = UNIT_AFTER.captures(&text[run_end..])?;
    let unit_match = captures.name("unit")?;
    let unit_text = unit_match.as_str();
    let span_end = run_end + unit_match.end();
    let unit = unit_of(unit_text)?;
    let (number_start, value) = numeral_value(text, run_start, run_end, &unit)?;
    if number_start == run_start && text[run_start..run_end].bytes().all(|b| b.is_ascii()) {
        // `第二十一条7`: ASCII digits right after an article or item are a paragraph number.
        if matches!(char_before, Some('条' | '項' | '号')) {
            return None;
        }
    }
    if is_date_or_ordinal(text, run_start, span_end, unit_text, value) {
        return None;
    }
    Some(Quantity::new(value, unit, number_start..span_end))
}

/// Where the number in the run starts and its value.
///
/// Paragraph numbers are glued to the text after them, so `2十パーセント` is paragraph 2 and ten
/// per cent: ASCII digits count as part of a kanji numeral only before 百, 千, 万, 億 or 兆 (`2千`).
/// Of a run that does not read as one numeral (`十二三`), the longest tail that does is taken,
/// because the unit belongs to the end.
fn numeral_value(
    text: &str,
    run_start: usize,
    run_end: usize,
    unit: &Unit,
) -> Option<(usize, f64)> {
    let run = &text[run_start..run_end];
    let ascii_len = run.bytes().take_while(|b| b.is_ascii()).count();
    if ascii_len == run.len() {
        let is_money = matches!(unit, Unit::Currency(_));
        return Some((run_start, parse_digit_number(run, Lang::Ja, is_money)?));
    }
    let kanji_part = &run[ascii_len..];
    let ascii_multiplies = kanji_part.starts_with(['百', '千', '万', '億', '兆'])
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

/// Whether the number before the unit `unit_text` (ending at `span_end`) is a date or an ordinal.
fn is_date_or_ordinal(
    text: &str,
    run_start: usize,
    span_end: usize,
    unit_text: &str,
    value: f64,
) -> bool {
    let after = &text[span_end..];
    let before = &text[..run_start];
    // `三十日目`, `五年目`: the thirtieth day, the fifth year.
    if after.starts_with('目') {
        return true;
    }
    match unit_text {
        "日" | "日間" => {
            // `日本` (Japan) after a glued paragraph number, `日付け` (dated), `日曜` (Sunday).
            if unit_text == "日" && after.starts_with(['本', '付', '曜']) {
                return true;
            }
            // `十一月十一日`: a day of a named month.
            let mut chars_before = before.chars().rev();
            chars_before.next() == Some('月')
                && !chars_before
                    .next()
                    .is_some_and(|ch| MONTH_COUNTERS.contains(&ch))
        }
        "年" | "年間" => {
            value >= 1000.0
                || ERA_NAMES.iter().any(|era| before.ends_with(era))
                // `年度` fiscal year, `年金` pension, `年末` year end: not a count of years.
                || (unit_text == "年" && after.starts_with(['度', '金', '末']))
                || MONTH_AFTER_YEAR.is_match(after)
        }
        _ => false,
    }
}

/// Which [`Unit`] a Japanese unit word means.
fn unit_of(unit_text: &str) -> Option<Unit> {
    match unit_text {
        "パーセント" | "%" => Some(Unit::Percent),
        "日" | "日間" => Some(Unit::Days),
        "年" | "年間" | "箇年" | "か年" | "ヶ年" | "課税年度" => Some(Unit::Years),
        "アメリカ合衆国ドル" | "合衆国ドル" => {
            Some(Unit::Currency("USD".to_string()))
        }
        _ if unit_text.ends_with('月') => Some(Unit::Months),
        _ => currency_code(unit_text).map(|code| Unit::Currency(code.to_string())),
    }
}
