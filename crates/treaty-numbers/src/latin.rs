//! Finding quantities in text of a Latin-script language (Portuguese, English, ...).

use std::ops::ControlFlow;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::patterns::{literal_alternation, pattern_alternation, NEVER};
use treaty_lang::NumberWords;

use crate::digits::{digit_number_end, parse_digit_number};
use crate::gate::Gated;
use crate::quantity::{currency_code, unit_of, Quantity, Unit, ISO_CODES};
use crate::scan::find_byte;
use crate::words::{parse_number_words, scale_value};
use treaty_lang::Lang;
use treaty_lang::LazyPerLang;

/// How far back (in bytes) to look for a currency sign or a reference word before a number.
const LOOK_BEHIND_BYTES: usize = 24;

/// `alternation` made case-insensitive. One that never matches is left as it is: case-folding
/// its negated class would walk all of Unicode when the regex is compiled.
fn case_insensitive(alternation: String) -> String {
    if alternation == NEVER {
        alternation
    } else {
        format!("(?i:{alternation})")
    }
}

/// A phrase of number words of one language, joined by spaces, hyphens or the connector word.
fn number_phrase_regex(numbers: &NumberWords) -> Regex {
    if numbers.words.is_empty() {
        return Regex::new(NEVER).expect("the never pattern is valid");
    }
    // Longest first, so that no word stops at a shorter word it starts with.
    let alternation = literal_alternation(numbers.words.iter().map(|word| word.word));
    let connector = literal_alternation([numbers.connector]);
    // ASCII word boundaries keep the regex on the fast DFA engines (a Unicode `\b` is about a
    // hundred times slower on Portuguese text); the Unicode boundary is checked on each match.
    let pattern = format!(
        r"(?i)(?-u:\b){alternation}(?-u:\b)(?:(?:\s+{connector}\s+|\s*-\s*|\s+){alternation}(?-u:\b))*"
    );
    Regex::new(&pattern).expect("number phrase regex is valid")
}

static NUMBER_PHRASE: LazyPerLang<Regex> =
    LazyPerLang::new(|profile| number_phrase_regex(&profile.numbers));

/// Regex fragments of every profile's `field`, as one alternation: context words that are
/// read for every language, since treaties are printed bilingual.
fn every_language(field: impl Fn(&NumberWords) -> &'static [&'static str]) -> String {
    pattern_alternation(Lang::all().flat_map(|lang| field(&lang.profile().numbers).iter().copied()))
}

/// The scale words of every language, which may stand between digits and a currency:
/// `1 million euros`.
static SCALE_PATTERN: LazyLock<String> = LazyLock::new(|| {
    let scales = Lang::all()
        .flat_map(|lang| lang.profile().numbers.words)
        .filter(|word| {
            matches!(
                word.kind,
                treaty_lang::NumberWordKind::Scale | treaty_lang::NumberWordKind::LoneScale
            )
        })
        .map(|word| word.word);
    case_insensitive(literal_alternation(scales))
});

/// ISO codes written after or before an amount.
static CODE_PATTERN: LazyLock<String> =
    LazyLock::new(|| literal_alternation(ISO_CODES.iter().copied()));

/// What may follow a number: a parenthesised gloss `(ten)`, a scale word, then the unit, whose
/// kind is the name of the group that matched (`unit_percent`, `unit_days`, ...).
fn unit_after_regex(numbers: &NumberWords) -> Regex {
    let units =
        |fragments: &[&str]| case_insensitive(pattern_alternation(fragments.iter().copied()));
    let pattern = format!(
        r"^(?:\s*\((?P<gloss>[^()]{{1,40}})\))?(?:\s*-\s*|\s*)(?:(?P<scale>{scale})\s+)?(?P<unit>(?P<unit_percent>{percent}|%)|(?P<unit_days>{days})|(?P<unit_months>{months})|(?P<unit_years>{years})|(?P<unit_currency>{currency}|{codes}))",
        scale = *SCALE_PATTERN,
        percent = units(numbers.percent_units),
        days = units(numbers.day_units),
        months = units(numbers.month_units),
        years = units(numbers.year_units),
        currency = units(numbers.currency_units),
        codes = *CODE_PATTERN,
    );
    Regex::new(&pattern).expect("unit regex is valid")
}

static UNIT_AFTER: LazyPerLang<Regex> =
    LazyPerLang::new(|profile| unit_after_regex(&profile.numbers));

/// A currency sign or code right before a number: `US$ `, `US $`, `€ `, `EUR `. Signs and ISO
/// codes are international notation rather than words of a language, so they are not in the
/// profiles.
static CURRENCY_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    // tidy: not language (currency signs and ISO codes, international notation)
    let pattern = format!(
        r"(?:\bU\.?\s?S\.?\s?\$|\bU\$|\b(?:CAN?|Can|C|A|R|NZ|HK|S)\$|\B\$|€|£|¥|\b{codes})\s?$",
        codes = *CODE_PATTERN
    );
    Regex::new(&pattern).expect("currency regex is valid")
});

/// What may follow an amount that had its currency sign before it: a scale word, and a word
/// that says which dollars (`$10,000 Canadian`).
static AFTER_PREFIXED_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    let qualifiers = every_language(|numbers| numbers.dollar_qualifiers);
    let dollars = case_insensitive(every_language(|numbers| numbers.dollar_words));
    let pattern = format!(
        r"^(?:\s+(?P<scale>{scale})\b)?(?:\s+(?P<qualifier>{qualifiers})(?:\s+{dollars})?\b|\s+{dollars}\b)?",
        scale = *SCALE_PATTERN,
    );
    Regex::new(&pattern).expect("qualifier regex is valid")
});

/// A word before a number that makes it a reference, not a quantity: `Article 10`, `n.º 5`.
/// The word boundary before it is checked in code ([`is_reference_before`]): a Unicode `\b`
/// keeps the regex crate off its fast automata on text that is not ASCII, and this pattern is
/// tried before every number.
static REFERENCE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let words = case_insensitive(every_language(|numbers| numbers.reference_words));
    Regex::new(&format!(r"{words}\s*$")).expect("reference regex is valid")
});

/// Whether `before` ends with a reference word that starts at a word boundary at or after
/// `from`: what `\b` before [`REFERENCE_BEFORE`] would match. Each match that does not start
/// at a boundary is passed over for the next one to its right.
fn is_reference_before(before: &str, from: usize) -> bool {
    let mut from = from;
    while let Some(found) = REFERENCE_BEFORE.find_at(before, from) {
        if is_word_boundary(before, found.start()) {
            return true;
        }
        match before[found.start()..].chars().next() {
            Some(c) => from = found.start() + c.len_utf8(),
            None => return false,
        }
    }
    false
}

/// Whether `at` is a Unicode word boundary in `text`, as the regex crate's `\b` reads it: a
/// word character on one side only (the text's ends count as no word character).
fn is_word_boundary(text: &str, at: usize) -> bool {
    let is_word = |c: Option<char>| {
        c.is_some_and(|c| regex_syntax::try_is_word_character(c).unwrap_or(false))
    };
    is_word(text[..at].chars().next_back()) != is_word(text[at..].chars().next())
}

/// What follows `N days` when it is a date: `12 dias do mês de julho`, `1 day of January`.
static DATE_AFTER_DAY: LazyLock<Regex> = LazyLock::new(|| {
    let dates = case_insensitive(every_language(|numbers| numbers.day_date_after));
    Regex::new(&format!(r"^\s+{dates}\b")).expect("date regex is valid")
});

/// A parenthesised restatement after a quantity: `ten per cent (10%)`.
static RESTATEMENT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*\((?P<inner>[^()]{1,40})\)").expect("restatement regex is valid")
});

/// A number candidate: where it is, and whether it is written in words.
#[derive(Debug, Clone, Copy)]
struct NumberCandidate {
    start: usize,
    end: usize,
    is_words: bool,
}

/// The words after a rate whose unit the source lost.
static GROSS_AMOUNT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let contexts = every_language(|numbers| numbers.percent_context_after);
    Regex::new(&format!(r"^\s+{contexts}")).expect("percentage context regex is valid")
});

/// A part counted in a whole (`60 of the 120 months`): the words and the whole's number up
/// to its unit, which the part shares.
fn part_of_whole_regex(numbers: &NumberWords) -> Regex {
    if numbers.part_of_whole.is_empty() || numbers.words.is_empty() {
        return Regex::new(NEVER).expect("the never pattern is valid");
    }
    let words = literal_alternation(numbers.words.iter().map(|word| word.word));
    let pattern = format!(
        r"(?i)^\s+(?:{of})\s+(?:\d{{1,4}}|(?-u:\b)(?:{words})(?-u:\b)(?:[\s-]+(?:{words})(?-u:\b))*)",
        of = pattern_alternation(numbers.part_of_whole.iter().copied()),
    );
    Regex::new(&pattern).expect("part-of-whole regex is valid")
}

static PART_OF_WHOLE: LazyPerLang<Regex> =
    LazyPerLang::new(|profile| part_of_whole_regex(&profile.numbers));

/// The period unit of the whole a number is a part of, where one follows it (`60 of the 120
/// months`: months). Only periods: a part of a percentage or an amount is no such count.
fn unit_of_whole(after: &str, lang: Lang) -> Option<Unit> {
    let whole = PART_OF_WHOLE.get(lang).find(after)?;
    let captures = UNIT_AFTER.get(lang).captures(&after[whole.end()..])?;
    unit_of(&captures).filter(|unit| matches!(unit, Unit::Days | Unit::Months | Unit::Years))
}

/// A fraction right after a whole number: a fraction sign, digits, or a language's half words.
static FRACTION_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let halves = literal_alternation(
        Lang::all().flat_map(|lang| lang.profile().numbers.half_words.iter().copied()),
    );
    Regex::new(&format!(
        r"^(?:[ \t]?([½¼¾])|[ \t-]+(1/2|1/4|3/4)\b|\s+{halves}\b)"
    ))
    .expect("fraction regex is valid")
});

/// Every quantity in `text`, written in the Latin-script language `lang`.
pub(crate) fn find_latin_quantities(text: &str, lang: Lang) -> Vec<Quantity> {
    let mut candidates = digit_candidates(text);
    let phrase_regex = NUMBER_PHRASE.get(lang);
    candidates.extend(
        phrase_regex
            .find_iter(text)
            .filter(|found| is_whole_words(text, found.start(), found.end()))
            .map(|found| NumberCandidate {
                start: found.start(),
                end: found.end(),
                is_words: true,
            }),
    );
    candidates.sort_by_key(|candidate| candidate.start);

    let mut res: Vec<Quantity> = Vec::new();
    let mut covered_until = 0;
    for candidate in candidates {
        if candidate.start < covered_until {
            continue;
        }
        if let Some(quantity) = quantity_at(text, lang, candidate, covered_until) {
            covered_until = quantity.span.end;
            res.push(quantity);
        }
    }
    let shares = share_quantities(text, lang);
    if !shares.is_empty() {
        res.extend(shares);
        res.sort_by_key(|quantity| quantity.span.start);
    }
    res
}

/// The profile's share words as patterns, gated (they are tried on every paragraph, and
/// their word boundaries are Unicode's).
static SHARE_WORDS: LazyPerLang<Vec<(Gated, u32)>> = LazyPerLang::new(|profile| {
    profile
        .numbers
        .share_words
        .iter()
        .map(|(pattern, value)| {
            let gated = Gated::with_literal_test(pattern).expect("share word pattern");
            (gated, *value)
        })
        .collect()
});

/// "one-half of the total amount": a share of a whole written as a word, as a percentage.
fn share_quantities(text: &str, lang: Lang) -> Vec<Quantity> {
    SHARE_WORDS
        .get(lang)
        .iter()
        .filter(|(pattern, _)| pattern.may_match(text))
        .flat_map(|(pattern, value)| {
            pattern
                .regex()
                .captures_iter(text)
                .filter_map(move |captures| {
                    if captures.name("not").is_some() {
                        return None;
                    }
                    let share = captures.name("share")?;
                    Quantity::new(f64::from(*value), Unit::Percent, share.range())
                })
        })
        .collect()
}

/// Whether `start..end` is neither preceded nor followed by a letter or digit, so that `mil` is
/// not read out of `Milão` nor `um` out of `álbum`.
fn is_whole_words(text: &str, start: usize, end: usize) -> bool {
    let glued_before = text[..start]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    let glued_after = text[end..]
        .chars()
        .next()
        .is_some_and(char::is_alphanumeric);
    !glued_before && !glued_after
}

/// `121/2`, `71/4`, `23/4`: digits whose last is the numerator of `/2` or `/4` glued to them,
/// as (end of the whole number, the fraction, end of the fraction).
fn glued_fraction(text: &str, candidate: &NumberCandidate) -> Option<(usize, f64, usize)> {
    let digits = &text[candidate.start..candidate.end];
    if candidate.is_words || digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let after = &text[candidate.end..];
    let fraction = match (digits.as_bytes()[digits.len() - 1], after.get(..2)?) {
        (b'1', "/2") => 0.5,
        (b'1', "/4") => 0.25,
        (b'3', "/4") => 0.75,
        _ => return None,
    };
    if after[2..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some((candidate.end - 1, fraction, candidate.end + 2))
}

/// Where the first ASCII digit of `bytes` is: most of a paragraph is letters.
fn next_digit(bytes: &[u8]) -> Option<usize> {
    find_byte(bytes, 0, |byte| byte.is_ascii_digit())
}

/// Digit numbers that start a word: `4.000` in `US$ 4.000`, but not the `1` of `A1`.
fn digit_candidates(text: &str) -> Vec<NumberCandidate> {
    let bytes = text.as_bytes();
    let mut res = Vec::new();
    let mut byte_idx = 0;
    while let Some(offset) = next_digit(&bytes[byte_idx..]) {
        byte_idx += offset;
        let end = digit_number_end(text, byte_idx);
        // (The denominator of a fraction or the part of a date after a slash, `1/2`,
        // `10/2/1990`, is not a number of its own either.)
        let glued_to_word = text[..byte_idx]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
            || (text[..byte_idx].ends_with('/')
                && text[..byte_idx - 1].ends_with(|c: char| c.is_ascii_digit()));
        if !glued_to_word {
            res.push(NumberCandidate {
                start: byte_idx,
                end,
                is_words: false,
            });
        }
        byte_idx = end;
    }
    res
}

/// The quantity whose number is `candidate`, if a unit goes with it and it is not a reference,
/// a date or a year; `covered_until` is where the previous quantity ended.
fn quantity_at(
    text: &str,
    lang: Lang,
    candidate: NumberCandidate,
    covered_until: usize,
) -> Option<Quantity> {
    // Numbers in words are quantities only with a unit after them, or a fraction and then a
    // unit; most are articles (`um Estado`, `one of the States`), dropped before any other
    // test.
    if candidate.is_words {
        let after = &text[candidate.end..];
        if !UNIT_AFTER.get(lang).is_match(after)
            && !FRACTION_AFTER.is_match(after)
            && unit_of_whole(after, lang).is_none()
        {
            return None;
        }
    }
    let look_behind_start =
        floor_char_boundary(text, candidate.start.saturating_sub(LOOK_BEHIND_BYTES));
    let before = &text[..candidate.start];
    if is_reference_before(before, look_behind_start) {
        return None;
    }
    if !candidate.is_words {
        if let Some(currency) = CURRENCY_BEFORE.find_at(before, look_behind_start) {
            if currency.start() >= covered_until {
                if let Some(quantity) =
                    prefixed_amount(text, lang, candidate, currency.start(), currency.as_str())
                {
                    return Some(quantity);
                }
            }
        }
    }
    let (number_start, word_value) = if candidate.is_words {
        let (number_start, value) = words_value(text, candidate)?;
        (number_start, Some(value))
    } else {
        (candidate.start, None)
    };
    let unit_regex = UNIT_AFTER.get(lang);
    if let ControlFlow::Break(quantity) = glued_fraction_percent(text, lang, &candidate, unit_regex)
    {
        return quantity;
    }
    let (fraction, candidate) = fraction_after(text, candidate);
    let after = &text[candidate.end..];
    let Some(captures) = unit_regex.captures(after) else {
        let number = NumberRead {
            candidate,
            start: number_start,
            word_value,
            fraction,
        };
        return quantity_without_unit(text, lang, &number);
    };
    let unit_match = captures.name("unit")?;
    let mut span_end = candidate.end + unit_match.end();
    if ends_inside_word(text, span_end) {
        return None;
    }
    let unit = unit_of(&captures)?;
    let number = NumberRead {
        candidate,
        start: number_start,
        word_value,
        fraction,
    };
    let value = value_with_unit(text, lang, &number, &captures, &unit)?;
    if is_date_or_year(text, span_end, &unit, value, candidate.is_words) {
        return None;
    }
    if candidate.is_words
        && value == 1.0
        && names_a_period(text, lang, unit_match.as_str(), span_end)
    {
        return None;
    }
    if unit == Unit::Percent {
        span_end = extend_over_abbreviation_dot(text, lang, span_end);
    }
    span_end = extend_over_restatement(text, lang, span_end, value, &unit);
    Quantity::new(value, unit, number_start..span_end)
}

/// A number as [`quantity_at`] has read it so far.
struct NumberRead {
    /// The number, over its fraction if one follows it.
    candidate: NumberCandidate,
    /// Where the quantity starts (before the words of a number in words).
    start: usize,
    /// The value of a number in words.
    word_value: Option<f64>,
    /// The fraction after the whole number, or 0.
    fraction: f64,
}

/// `121/2 percent`: `12½` with the half sign spelled `1/2` by the text extraction and the
/// space before it lost. Read so only before a percentage (a rate of 121/2 = 60.5 per cent is
/// never meant; a count of days or money glued to a fraction is left alone). `Break` holds
/// [`quantity_at`]'s answer, `Continue` lets it read on.
fn glued_fraction_percent(
    text: &str,
    lang: Lang,
    candidate: &NumberCandidate,
    unit_regex: &Regex,
) -> ControlFlow<Option<Quantity>> {
    let Some((whole_end, fraction, end)) = glued_fraction(text, candidate) else {
        return ControlFlow::Continue(());
    };
    let percent_end = unit_regex.captures(&text[end..]).and_then(|captures| {
        let unit_end = end + captures.name("unit")?.end();
        (unit_of(&captures)? == Unit::Percent).then_some(unit_end)
    });
    if let Some(unit_end) = percent_end {
        let Some(whole) = parse_digit_number(&text[candidate.start..whole_end], lang, false) else {
            return ControlFlow::Break(None);
        };
        if whole + fraction < 100.0 && !ends_inside_word(text, unit_end) {
            return ControlFlow::Break(Quantity::new(
                whole + fraction,
                Unit::Percent,
                candidate.start..unit_end,
            ));
        }
    }
    ControlFlow::Continue(())
}

/// A fraction after the whole number (`7½`, `7 1/2`, `seven and a half`, `sete e meio`): its
/// value (0 without one) and the candidate extended over it.
fn fraction_after(text: &str, candidate: NumberCandidate) -> (f64, NumberCandidate) {
    match FRACTION_AFTER.captures(&text[candidate.end..]) {
        Some(found) => {
            // A sign or digits say which fraction; a language's half words are a half.
            let part = found.get(1).or(found.get(2)).map(|m| m.as_str());
            let value = match part {
                Some("¼" | "1/4") => 0.25,
                Some("¾" | "3/4") => 0.75,
                _ => 0.5,
            };
            (
                value,
                NumberCandidate {
                    end: candidate.end + found.get(0).map_or(0, |m| m.end()),
                    ..candidate
                },
            )
        }
        None => (0.0, candidate),
    }
}

/// The quantity of a number that no unit of the language follows: a count whose unit word is
/// a whole word after it, or a rate whose `per cent` the source lost.
fn quantity_without_unit(text: &str, lang: Lang, number: &NumberRead) -> Option<Quantity> {
    let candidate = number.candidate;
    let after = &text[candidate.end..];
    if let Some(unit) = unit_of_whole(after, lang).filter(|_| number.fraction == 0.0) {
        let value = match number.word_value {
            Some(value) => value,
            None => parse_digit_number(&text[candidate.start..candidate.end], lang, false)?,
        };
        // "one of the five years" (`cada uno de los cinco años`) picks a year, it counts
        // none.
        if value <= 1.0 {
            return None;
        }
        return Quantity::new(value, unit, number.start..candidate.end);
    }
    // `shall not exceed 10 of the gross amount`: the source lost `per cent`, and only a
    // percentage is "of the gross amount".
    if !candidate.is_words && GROSS_AMOUNT_AFTER.is_match(after) {
        let value = parse_digit_number(&text[candidate.start..candidate.end], lang, false)?;
        if value > 0.0 && value < 100.0 {
            let mut quantity = Quantity::new(
                value + number.fraction,
                Unit::Percent,
                candidate.start..candidate.end,
            )?;
            quantity.unit_inferred = true;
            return Some(quantity);
        }
    }
    None
}

/// The value of a number with its unit: its fraction, its scale word (`million`, money only)
/// and the number it glosses (`ten (10)`) read in.
fn value_with_unit(
    text: &str,
    lang: Lang,
    number: &NumberRead,
    captures: &regex::Captures<'_>,
    unit: &Unit,
) -> Option<f64> {
    let candidate = number.candidate;
    let is_money = matches!(unit, Unit::Currency(_));
    let scale = match captures.name("scale") {
        Some(_) if !is_money => return None,
        Some(scale_match) => scale_value(scale_match.as_str()),
        None => 1.0,
    };
    let number_value = match number.word_value {
        Some(word_value) => word_value,
        None => {
            let digits_end = if number.fraction > 0.0 {
                digit_number_end(text, candidate.start)
            } else {
                candidate.end
            };
            parse_digit_number(&text[candidate.start..digits_end], lang, is_money)?
        }
    } + number.fraction;
    let value = match captures.name("gloss") {
        Some(gloss) => reconcile_gloss(
            number_value,
            candidate.is_words,
            gloss.as_str(),
            lang,
            is_money,
        )?,
        None => number_value,
    } * scale;
    Some(value)
}

/// The quantity for an amount with its currency before it (`US$ 4.000`, `$10,000 Canadian`).
fn prefixed_amount(
    text: &str,
    lang: Lang,
    candidate: NumberCandidate,
    currency_start: usize,
    currency_text: &str,
) -> Option<Quantity> {
    let mut code = currency_code(currency_text.trim())?;
    let value = parse_digit_number(&text[candidate.start..candidate.end], lang, true)?;
    let mut span_end = candidate.end;
    let mut scale = 1.0;
    if let Some(captures) = AFTER_PREFIXED_AMOUNT.captures(&text[candidate.end..]) {
        let whole = captures.get(0).map_or(0, |whole| whole.end());
        if let Some(scale_match) = captures.name("scale") {
            scale = scale_value(scale_match.as_str());
        }
        // Only a bare `$` can be qualified: `US$ 100 Canadian` would contradict itself.
        if let Some(qualifier) = captures.name("qualifier") {
            if currency_text.trim() == "$" {
                code = currency_code(qualifier.as_str()).unwrap_or(code);
            }
        }
        span_end += whole;
    }
    Quantity::new(
        value * scale,
        Unit::Currency(code.to_string()),
        currency_start..span_end,
    )
}

/// The value of a number-word phrase and where the number starts within it.
///
/// The phrase regex can take in words that do not belong to the number (`one two years`), so
/// leading words are dropped until the rest reads as a number; the unit comes after the end.
fn words_value(text: &str, candidate: NumberCandidate) -> Option<(usize, f64)> {
    let phrase = &text[candidate.start..candidate.end];
    let mut token_starts = vec![0];
    for (byte_idx, ch) in phrase.char_indices() {
        if ch.is_whitespace() || ch == '-' {
            let next = byte_idx + ch.len_utf8();
            if next < phrase.len()
                && !phrase[next..].starts_with(|c: char| c.is_whitespace() || c == '-')
            {
                token_starts.push(next);
            }
        }
    }
    token_starts.into_iter().find_map(|token_start| {
        let value = parse_number_words(&phrase[token_start..])?;
        Some((candidate.start + token_start, value as f64))
    })
}

/// The value to keep when a number carries a gloss: `10 (ten) per cent`, `ten (10) per cent`.
///
/// The gloss must itself be a number, or the parenthesis is something else (`5 (a) per cent`
/// never occurs, but `(see paragraph 2)` might); when the two disagree the digits win, because
/// the words are the explanation of the digits.
fn reconcile_gloss(
    number_value: f64,
    number_is_words: bool,
    gloss: &str,
    lang: Lang,
    is_money: bool,
) -> Option<f64> {
    let gloss = gloss.trim();
    let gloss_is_digits = gloss.starts_with(|ch: char| ch.is_ascii_digit());
    let gloss_value = if gloss_is_digits {
        parse_digit_number(gloss, lang, is_money)?
    } else {
        parse_number_words(gloss)? as f64
    };
    Some(if number_is_words && gloss_is_digits {
        gloss_value
    } else {
        number_value
    })
}

/// Whether the number and unit ending at `span_end` are a date (`12 dias do mês de julho`)
/// or a year (`1974 years` never means a duration).
fn is_date_or_year(text: &str, span_end: usize, unit: &Unit, value: f64, is_words: bool) -> bool {
    match unit {
        Unit::Days => DATE_AFTER_DAY.is_match(&text[span_end..]),
        Unit::Years => !is_words && value >= 1000.0,
        _ => false,
    }
}

/// A named period in or after a unit, per language: `um ano civil`, `um ano-calendário`.
static PERIOD_NAME: LazyPerLang<(Regex, Regex)> = LazyPerLang::new(|profile| {
    let names = case_insensitive(pattern_alternation(
        profile.numbers.period_names.iter().copied(),
    ));
    let inside = Regex::new(&names).expect("period name regex is valid");
    let after = Regex::new(&format!(r"^\s*-?\s*{names}")).expect("period name regex is valid");
    (inside, after)
});

/// Whether the number one before the unit is the article of a named period rather than a
/// count: Portuguese uses `um ano civil` for "a calendar year", which counts nothing.
/// English has no such words in its profile, because `a` is never read as a number.
fn names_a_period(text: &str, lang: Lang, unit_text: &str, span_end: usize) -> bool {
    let (inside, after) = PERIOD_NAME.get(lang);
    inside.is_match(unit_text) || after.is_match(&text[span_end..])
}

/// Whether the unit ending at `end` continues into a longer word (`dias` in `diastole`).
fn ends_inside_word(text: &str, end: usize) -> bool {
    let last_is_alphanumeric = text[..end]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    let next_is_alphanumeric = text[end..]
        .chars()
        .next()
        .is_some_and(char::is_alphanumeric);
    last_is_alphanumeric && next_is_alphanumeric
}

/// Takes in the dot of `per cent.` when the sentence goes on (`15 per cent. of the gross amount`);
/// at the end of a sentence the dot is the full stop and stays out.
fn extend_over_abbreviation_dot(text: &str, lang: Lang, span_end: usize) -> usize {
    let after = &text[span_end..];
    let Some(after_dot) = after.strip_prefix('.') else {
        return span_end;
    };
    let unit_text_before = text[..span_end].trim_end();
    let unit_text_before = unit_text_before.to_lowercase();
    let dotted_ends = lang.profile().numbers.dotted_unit_ends;
    if !dotted_ends
        .iter()
        .any(|end| unit_text_before.ends_with(end))
    {
        return span_end;
    }
    let sentence_goes_on = after_dot
        .trim_start()
        .starts_with(|ch: char| ch.is_lowercase());
    if sentence_goes_on {
        span_end + 1
    } else {
        span_end
    }
}

/// Takes in a parenthesised restatement of the same quantity: `ten per cent (10%)`, so that the
/// restatement is not reported a second time.
fn extend_over_restatement(
    text: &str,
    lang: Lang,
    span_end: usize,
    value: f64,
    unit: &Unit,
) -> usize {
    let Some(captures) = RESTATEMENT_AFTER.captures(&text[span_end..]) else {
        return span_end;
    };
    let Some(inner) = captures.name("inner") else {
        return span_end;
    };
    let inner_text = inner.as_str().trim();
    let inner_quantities = find_latin_quantities(inner_text, lang);
    // An amount in figures restates one in words whatever its sign says: `five hundred
    // thousand Canadian dollars ($500,000)` is one amount, in the currency the words name.
    let same_unit = |inner: &Unit| {
        inner == unit || matches!((inner, unit), (Unit::Currency(_), Unit::Currency(_)))
    };
    let restates = match inner_quantities.as_slice() {
        [only] => {
            only.value.to_f64() == value
                && same_unit(&only.unit)
                && only.span == (0..inner_text.len())
        }
        _ => false,
    };
    if restates {
        span_end + captures.get(0).map_or(0, |whole| whole.end())
    } else {
        span_end
    }
}

/// The largest char boundary at or before `byte_idx`.
fn floor_char_boundary(text: &str, mut byte_idx: usize) -> usize {
    while !text.is_char_boundary(byte_idx) {
        byte_idx -= 1;
    }
    byte_idx
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunked scan finds the first digit wherever it stands: in the first chunk, at a
    /// chunk's edges, in the tail after the last whole chunk, or nowhere.
    #[test]
    fn the_next_digit_is_the_first_one() {
        let letters = "é".repeat(40);
        for at in 0..=letters.len() {
            for digit in ['0', '9'] {
                let text = format!("{}{digit}{}", &letters[..at - at % 2], "x9");
                let expected = text.bytes().position(|b| b.is_ascii_digit());
                assert_eq!(next_digit(text.as_bytes()), expected, "{text:?}");
            }
        }
        assert_eq!(next_digit(letters.as_bytes()), None);
        assert_eq!(next_digit(b"/:"), None);
        assert_eq!(next_digit(b""), None);
    }

    /// The boundary checked in code finds what the pattern with a leading Unicode `\b` finds,
    /// next to letters and digits in and out of ASCII, from every starting point.
    #[test]
    fn reference_words_start_at_the_boundaries_a_unicode_boundary_gives() {
        let words = case_insensitive(every_language(|numbers| numbers.reference_words));
        let with_boundary = Regex::new(&format!(r"\b{words}\s*$")).expect("valid");
        for before in [
            "under Article ",
            "under article",
            "particles ",
            "the sub-paragraph ",
            "ésub-paragraph ",
            "3sub-paragraph ",
            "nos termos do n.º ",
            "do artigo ",
            "doartigo ",
            "ãartigo ",
            "—artigo ",
            "ſections ",
            "xſections ",
            " ſections ",
            "Ley ",
            "según el artículo\n",
            "ARTÍCULO ",
            "de la ley",
            "",
            " ",
        ] {
            for from in (0..=before.len()).filter(|&i| before.is_char_boundary(i)) {
                assert_eq!(
                    is_reference_before(before, from),
                    with_boundary.find_at(before, from).is_some(),
                    "{before:?} from {from}"
                );
            }
        }
    }
}
