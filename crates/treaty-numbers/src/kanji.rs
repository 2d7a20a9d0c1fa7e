//! Kanji numerals: `十五`, `三百六十五`, `二千十七`, the digit-by-digit `二〇一一`, and mixed `2千`.
//!
//! The numeral characters and their values come from the profiles (`NumberWords::numerals`).

use std::sync::LazyLock;

use treaty_lang::NumeralKind;

use treaty_lang::Lang;

/// What one character contributes to a kanji numeral.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumeralChar {
    /// A digit 0-9, written as a kanji (`五`, `〇`) or in ASCII.
    Digit { value: u64, is_ascii: bool },
    /// A unit below ten thousand (十, 百, 千): multiplies the digit before it and adds up within a
    /// group of four places.
    SmallUnit(u64),
    /// A unit of ten thousand or more (万, 億, 兆): multiplies everything before it since the
    /// previous large unit.
    LargeUnit(u64),
}

/// Longest run of numeral characters looked at; no real numeral comes near it, and the cap keeps
/// the prefix search linear in the length of the text.
const MAX_NUMERAL_CHARS: usize = 24;

/// The numeral characters of every profile (first profile wins on a clash), sorted for lookup.
static NUMERALS: LazyLock<Vec<(char, NumeralChar)>> = LazyLock::new(|| {
    let mut numerals: Vec<(char, NumeralChar)> = Vec::new();
    for numeral in Lang::all().flat_map(|lang| lang.profile().numbers.numerals) {
        if numerals.iter().any(|(ch, _)| *ch == numeral.ch) {
            continue;
        }
        let class = match numeral.kind {
            NumeralKind::Digit => NumeralChar::Digit {
                value: numeral.value,
                is_ascii: false,
            },
            NumeralKind::SmallUnit => NumeralChar::SmallUnit(numeral.value),
            NumeralKind::LargeUnit => NumeralChar::LargeUnit(numeral.value),
        };
        numerals.push((numeral.ch, class));
    }
    numerals.sort_unstable_by_key(|(ch, _)| *ch);
    numerals
});

/// What `ch` contributes to a numeral: an ASCII digit, or a numeral character of a profile.
fn classify(ch: char) -> Option<NumeralChar> {
    if ch.is_ascii_digit() {
        return Some(NumeralChar::Digit {
            value: u64::from(ch as u8 - b'0'),
            is_ascii: true,
        });
    }
    if ch.is_ascii() {
        return None;
    }
    let numerals = &*NUMERALS;
    numerals
        .binary_search_by_key(&ch, |(numeral, _)| *numeral)
        .ok()
        .map(|index| numerals[index].1)
}

/// The value of `ch` as a digit written in characters (`五` is 5), not ASCII.
pub(crate) fn character_digit(ch: char) -> Option<u64> {
    match classify(ch) {
        Some(NumeralChar::Digit {
            value,
            is_ascii: false,
        }) => Some(value),
        _ => None,
    }
}

/// Whether `ch` is a unit of a hundred or more (`百`, `千`, `万`): ASCII digits before one
/// multiply it (`2千`).
pub(crate) fn is_hundred_or_larger_unit(ch: char) -> bool {
    match classify(ch) {
        Some(NumeralChar::SmallUnit(value)) => value >= 100,
        Some(NumeralChar::LargeUnit(_)) => true,
        _ => false,
    }
}

/// Whether `ch` can appear in a kanji numeral (kanji digits, 十百千万億兆, or an ASCII digit).
pub(crate) fn is_numeral_char(ch: char) -> bool {
    classify(ch).is_some()
}

/// Value of a kanji numeral.
///
/// Accepts the ordinary forms (`五` = 5, `十五` = 15, `五十` = 50, `百八十三` = 183,
/// `三百六十五` = 365, `二千十七` = 2017, `一万` = 10000), the digit-by-digit forms used for
/// years and page numbers (`二〇` = 20, `二〇一一` = 2011), and ASCII digits mixed with units
/// (`2千` = 2000, `10万` = 100000).
/// ASCII digits alone are numerals too (`10` = 10), so a caller can read `第10条` and `第十条` alike.
/// Returns `None` when any character is not part of a numeral or the units are out of order
/// (`十十`, `百千`, `十二三`).
///
/// ```
/// assert_eq!(treaty_numbers::parse_kanji_number("三百六十五"), Some(365));
/// assert_eq!(treaty_numbers::parse_kanji_number("二〇一一"), Some(2011));
/// assert_eq!(treaty_numbers::parse_kanji_number("条"), None);
/// ```
pub fn parse_kanji_number(s: &str) -> Option<u64> {
    let mut numeral_chars = Vec::new();
    for ch in s.chars() {
        numeral_chars.push(classify(ch)?);
        if numeral_chars.len() > MAX_NUMERAL_CHARS {
            return None;
        }
    }
    if numeral_chars.is_empty() {
        return None;
    }
    let has_units = numeral_chars
        .iter()
        .any(|c| !matches!(c, NumeralChar::Digit { .. }));
    if has_units {
        parse_with_units(&numeral_chars)
    } else {
        parse_positional(&numeral_chars)
    }
}

/// Reads `二〇一一` or `2011`: every character is a digit, read left to right.
fn parse_positional(numeral_chars: &[NumeralChar]) -> Option<u64> {
    let mut value: u64 = 0;
    for numeral_char in numeral_chars {
        let NumeralChar::Digit { value: digit, .. } = *numeral_char else {
            return None;
        };
        value = value.checked_mul(10)?.checked_add(digit)?;
    }
    Some(value)
}

/// Reads `三百六十五`, `二千十七`, `一万`, `2千`: digits multiplied by the unit after them.
fn parse_with_units(numeral_chars: &[NumeralChar]) -> Option<u64> {
    let mut total: u64 = 0;
    // The part below the current large unit (万, 億, 兆), e.g. `三千` in `三千万`.
    let mut group: u64 = 0;
    // Digits read since the last unit, with how many there were and whether all were ASCII.
    let mut pending: Option<(u64, usize, bool)> = None;
    let mut last_small_unit = u64::MAX;
    let mut last_large_unit = u64::MAX;
    for &numeral_char in numeral_chars {
        match numeral_char {
            NumeralChar::Digit { value, is_ascii } => {
                pending = match pending {
                    None => Some((value, 1, is_ascii)),
                    // Several digits in a row only make sense in ASCII (`10万`); `二三十` is a
                    // range ("twenty or thirty"), not a number.
                    Some((so_far, n_digits, true)) if is_ascii => Some((
                        so_far.checked_mul(10)?.checked_add(value)?,
                        n_digits + 1,
                        true,
                    )),
                    Some(_) => return None,
                };
            }
            NumeralChar::SmallUnit(unit) => {
                if unit >= last_small_unit {
                    return None;
                }
                let multiplier = match pending.take() {
                    None => 1,
                    Some((0, _, _)) => return None,
                    Some((digit, 1, _)) => digit,
                    Some(_) => return None,
                };
                group = group.checked_add(multiplier.checked_mul(unit)?)?;
                last_small_unit = unit;
            }
            NumeralChar::LargeUnit(unit) => {
                if unit >= last_large_unit {
                    return None;
                }
                group = add_pending(group, pending.take(), last_small_unit)?;
                // A bare `万` means one 万.
                let multiplier = if group == 0 { 1 } else { group };
                total = total.checked_add(multiplier.checked_mul(unit)?)?;
                group = 0;
                last_small_unit = u64::MAX;
                last_large_unit = unit;
            }
        }
    }
    group = add_pending(group, pending, last_small_unit)?;
    total.checked_add(group)
}

/// Adds the digits left after the last small unit (`七` in `二千十七`), which must be smaller
/// than that unit: `十15` is not a number.
fn add_pending(
    group: u64,
    pending: Option<(u64, usize, bool)>,
    last_small_unit: u64,
) -> Option<u64> {
    match pending {
        None => Some(group),
        Some((value, _, _)) if value < last_small_unit => group.checked_add(value),
        Some(_) => None,
    }
}

/// Length in bytes of the longest prefix of `s` that [`parse_kanji_number`] accepts (0 if none).
///
/// `十二箇月` gives 6 (`十二`), `二十一条7` gives 9 (`二十一`), `条` gives 0.
/// Like [`parse_kanji_number`], a run of ASCII digits counts: `7パーセント` gives 1.
///
/// ```
/// assert_eq!(treaty_numbers::kanji_number_prefix_len("十二箇月"), "十二".len());
/// assert_eq!(treaty_numbers::kanji_number_prefix_len("条"), 0);
/// ```
pub fn kanji_number_prefix_len(s: &str) -> usize {
    let mut run_ends = Vec::new();
    for (byte_idx, ch) in s.char_indices() {
        if !is_numeral_char(ch) || run_ends.len() == MAX_NUMERAL_CHARS {
            break;
        }
        run_ends.push(byte_idx + ch.len_utf8());
    }
    // Try the longest candidate first, so `十二三` falls back to `十二` rather than to `十`.
    run_ends
        .into_iter()
        .rev()
        .find(|&end| parse_kanji_number(&s[..end]).is_some())
        .unwrap_or(0)
}

/// The first profile's character for a digit (1-9) or a small unit (10, 100, 1000), in profile
/// order: the spelling a text prints.
fn numeral_char_of(class: NumeralChar) -> Option<char> {
    Lang::all()
        .flat_map(|lang| lang.profile().numbers.numerals)
        .find(|numeral| {
            let this = match numeral.kind {
                NumeralKind::Digit => NumeralChar::Digit {
                    value: numeral.value,
                    is_ascii: false,
                },
                NumeralKind::SmallUnit => NumeralChar::SmallUnit(numeral.value),
                NumeralKind::LargeUnit => NumeralChar::LargeUnit(numeral.value),
            };
            this == class
        })
        .map(|numeral| numeral.ch)
}

/// How a kanji text spells `n` (1 to 9999) with units: `十七`, `二十四`, `百八十三`. The
/// inverse of [`parse_kanji_number`] on such numbers; `None` outside that range.
///
/// ```
/// assert_eq!(treaty_numbers::kanji_numeral(17).as_deref(), Some("十七"));
/// assert_eq!(treaty_numbers::kanji_numeral(24).as_deref(), Some("二十四"));
/// ```
pub fn kanji_numeral(n: u64) -> Option<String> {
    if !(1..=9999).contains(&n) {
        return None;
    }
    let mut spelled = String::new();
    for unit in [1000, 100, 10, 1] {
        let digit = n / unit % 10;
        if digit == 0 {
            continue;
        }
        // `十七`, not `一十七`: a one before a unit is not written.
        if digit > 1 || unit == 1 {
            spelled.push(numeral_char_of(NumeralChar::Digit {
                value: digit,
                is_ascii: false,
            })?);
        }
        if unit > 1 {
            spelled.push(numeral_char_of(NumeralChar::SmallUnit(unit))?);
        }
    }
    Some(spelled)
}

#[cfg(test)]
mod tests {
    use super::{kanji_number_prefix_len, kanji_numeral, parse_kanji_number};

    #[test]
    fn kanji_numerals_read_back_as_their_numbers() {
        for n in 1..=9999 {
            let spelled = kanji_numeral(n).expect("in range");
            assert_eq!(parse_kanji_number(&spelled), Some(n), "{spelled}");
        }
        assert_eq!(kanji_numeral(0), None);
        assert_eq!(kanji_numeral(110).as_deref(), Some("百十"));
    }

    #[test]
    fn kanji_number_table() {
        let table: &[(&str, Option<u64>)] = &[
            ("〇", Some(0)),
            ("零", Some(0)),
            ("一", Some(1)),
            ("五", Some(5)),
            ("十", Some(10)),
            ("十五", Some(15)),
            ("二十", Some(20)),
            ("五十", Some(50)),
            ("七十五", Some(75)),
            ("百", Some(100)),
            ("百八十三", Some(183)),
            ("三百六十五", Some(365)),
            ("千", Some(1000)),
            ("二千十七", Some(2017)),
            ("二千十四", Some(2014)),
            ("千九百六十八", Some(1968)),
            ("一万", Some(10_000)),
            ("万", Some(10_000)),
            ("十万", Some(100_000)),
            ("百万", Some(1_000_000)),
            ("二百万", Some(2_000_000)),
            ("三千五百万", Some(35_000_000)),
            ("一億二千万", Some(120_000_000)),
            ("一万五", Some(10_005)),
            ("二〇", Some(20)),
            ("二〇一一", Some(2011)),
            ("六一", Some(61)),
            ("2千", Some(2000)),
            ("10万", Some(100_000)),
            ("1万5千", Some(15_000)),
            ("10", Some(10)),
            ("183", Some(183)),
            ("", None),
            ("条", None),
            ("十二条", None),
            ("十十", None),
            ("百千", None),
            ("十二三", None),
            ("二三十", None),
            ("〇十", None),
            ("十15", None),
            ("20百", None),
            ("万万", None),
            ("万億", None),
            ("五.", None),
        ];
        for &(input, expected) in table {
            assert_eq!(parse_kanji_number(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn kanji_prefix_table() {
        let table: &[(&str, &str)] = &[
            ("十二箇月", "十二"),
            ("二十一条7", "二十一"),
            ("百八十三日を超えない", "百八十三"),
            ("十二三", "十二"),
            ("7パーセント", "7"),
            ("2千円", "2千"),
            ("条", ""),
            ("", ""),
            ("パーセント十", ""),
        ];
        for &(input, expected_prefix) in table {
            assert_eq!(
                kanji_number_prefix_len(input),
                expected_prefix.len(),
                "input {input:?}"
            );
        }
    }
}
