//! Numbers written in digits, with the thousands and decimal separators of each language.

use crate::decimal::Decimal;
use treaty_lang::Lang;

/// The separator that groups thousands in `lang` when it stands alone before three digits.
fn thousands_separator(lang: Lang) -> char {
    lang.profile().numbers.thousands_separator
}

/// End (in bytes) of the digit number starting at `start`, which must be an ASCII digit.
///
/// Takes a run of digits, then groups of exactly three digits after `.`, `,` or a space
/// (`4.000`, `1,000,000`, `10 000`), then a decimal part after `.` or `,` (`7,5`).
/// A space only groups when the first run has at most three digits, so `1974 100` stays two
/// numbers; a group of four digits (`1,2345`) is read as a decimal part instead.
pub(crate) fn digit_number_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let digits_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut end = digits_end(start);
    let first_run_len = end - start;
    let mut group_separators: Vec<u8> = Vec::new();
    if first_run_len <= 3 {
        while end + 4 <= bytes.len() && matches!(bytes[end], b'.' | b',' | b' ') {
            let group_end = digits_end(end + 1);
            if group_end - (end + 1) != 3 {
                break;
            }
            // Mixing `.` and `,` as group separators (`1.000,000`) means the second is decimal.
            let separator = bytes[end];
            if separator != b' '
                && group_separators
                    .iter()
                    .any(|&seen| seen != b' ' && seen != separator)
            {
                break;
            }
            group_separators.push(separator);
            end = group_end;
        }
    }
    if end + 1 < bytes.len() && matches!(bytes[end], b'.' | b',') && bytes[end + 1].is_ascii_digit()
    {
        let separator = bytes[end];
        let only_grouped_by_same =
            !group_separators.is_empty() && group_separators.iter().all(|&seen| seen == separator);
        // `1.000.5` is not a number; stop before the odd part rather than misread it.
        if !only_grouped_by_same {
            end = digits_end(end + 1);
        }
    }
    end
}

/// Value of a digit number found by [`digit_number_end`].
///
/// Decides which separator is the decimal one: with both `.` and `,` the last is decimal;
/// a separator repeated or followed by a space group is for thousands; a single separator before
/// exactly three digits is for thousands when it is the language's thousands separator (from
/// its profile: pt `.`, en `,`), and also for money, which never has three decimals (`US$ 4,000` in a pt text);
/// otherwise it is decimal (`7,5`, `7.5`).
pub(crate) fn parse_digit_number(raw: &str, lang: Lang, is_money: bool) -> Option<f64> {
    // Split into runs of digits and the separators between them.
    let mut digit_runs: Vec<&str> = Vec::new();
    let mut separators: Vec<char> = Vec::new();
    let mut run_start = 0;
    for (byte_idx, ch) in raw.char_indices() {
        match ch {
            '0'..='9' => {}
            '.' | ',' | ' ' => {
                digit_runs.push(&raw[run_start..byte_idx]);
                separators.push(ch);
                run_start = byte_idx + 1;
            }
            _ => return None,
        }
    }
    digit_runs.push(&raw[run_start..]);
    if digit_runs.iter().any(|run| run.is_empty()) {
        return None;
    }
    let decimal_separator_idx = decimal_separator_idx(&separators, &digit_runs, lang, is_money);
    let n_integer_runs = decimal_separator_idx.map_or(digit_runs.len(), |idx| idx + 1);
    let mut plain = digit_runs[..n_integer_runs].concat();
    if n_integer_runs < digit_runs.len() {
        plain.push('.');
        plain.push_str(digit_runs[n_integer_runs]);
    }
    let value: f64 = plain.parse().ok()?;
    // Only a number the float holds exactly, digit for digit as printed: 234 nines parse as
    // 1e234, and 0.1000000000000000001 as 0.1.
    let exact = Decimal::from_f64(value)?;
    (exact.as_str() == canonical(&plain)).then_some(value)
}

/// `digits[.digits]` without leading zeros of the whole part or trailing zeros of the fraction.
fn canonical(plain: &str) -> String {
    let (whole, fraction) = plain.split_once('.').unwrap_or((plain, ""));
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{fraction}")
    }
}

/// Index of the separator that marks the decimal part, if any.
fn decimal_separator_idx(
    separators: &[char],
    digit_runs: &[&str],
    lang: Lang,
    is_money: bool,
) -> Option<usize> {
    let last_idx = separators.len().checked_sub(1)?;
    let last = separators[last_idx];
    if last == ' ' {
        return None;
    }
    let earlier = &separators[..last_idx];
    if earlier
        .iter()
        .any(|&separator| separator != ' ' && separator != last)
    {
        return Some(last_idx);
    }
    if earlier.contains(&last) || (!earlier.is_empty() && digit_runs[last_idx + 1].len() == 3) {
        return None;
    }
    if !earlier.is_empty() || digit_runs[last_idx + 1].len() != 3 {
        return Some(last_idx);
    }
    let is_thousands = last == thousands_separator(lang) || is_money;
    (!is_thousands).then_some(last_idx)
}

#[cfg(test)]
mod tests {
    use super::{digit_number_end, parse_digit_number};
    use crate::Lang;

    #[test]
    fn digit_number_extent_table() {
        // The input, and the part of it that is one number.
        let table: &[(&str, &str)] = &[
            ("4000 euros", "4000"),
            ("4.000.", "4.000"),
            ("4,000 yen", "4,000"),
            ("1,000,000 yen", "1,000,000"),
            ("10 000 euros", "10 000"),
            ("7,5 %", "7,5"),
            ("7.5 per cent", "7.5"),
            ("10.000,50", "10.000,50"),
            ("1,000.5", "1,000.5"),
            ("1974 100", "1974"),
            ("183 days", "183"),
            ("1st day", "1"),
            ("10.º", "10"),
            ("75.106", "75.106"),
            ("1,2345", "1,2345"),
            ("1.000.5", "1.000"),
            ("5, 10", "5"),
            ("12months", "12"),
            ("2 1000", "2"),
        ];
        for &(input, expected) in table {
            assert_eq!(
                &input[..digit_number_end(input, 0)],
                expected,
                "input {input:?}"
            );
        }
    }

    #[test]
    fn digit_number_value_table() {
        // The number, the language, whether it is an amount of money, and its value.
        let table: &[(&str, Lang, bool, f64)] = &[
            ("4000", Lang::Pt, false, 4000.0),
            ("4.000", Lang::Pt, false, 4000.0),
            ("4.000", Lang::Pt, true, 4000.0),
            ("4,000", Lang::En, false, 4000.0),
            ("4,000", Lang::En, true, 4000.0),
            ("4,000", Lang::Pt, true, 4000.0),
            ("4.000", Lang::En, true, 4000.0),
            ("4.000", Lang::En, false, 4.0),
            ("4,000", Lang::Pt, false, 4.0),
            ("7,5", Lang::Pt, false, 7.5),
            ("7.5", Lang::En, false, 7.5),
            ("7.5", Lang::Pt, false, 7.5),
            ("0,25", Lang::Pt, false, 0.25),
            ("10 000", Lang::Pt, true, 10_000.0),
            ("10 000", Lang::En, false, 10_000.0),
            ("1,000,000", Lang::En, true, 1_000_000.0),
            ("1.000.000", Lang::En, true, 1_000_000.0),
            ("1.000.000", Lang::Pt, false, 1_000_000.0),
            ("10.000,50", Lang::Pt, true, 10_000.5),
            ("10,000.50", Lang::En, true, 10_000.5),
            ("10,000.50", Lang::Pt, true, 10_000.5),
            ("1 000,5", Lang::Pt, false, 1000.5),
            ("1,000", Lang::Ja, true, 1000.0),
            ("183", Lang::En, false, 183.0),
        ];
        for &(input, lang, is_money, expected) in table {
            assert_eq!(
                parse_digit_number(input, lang, is_money),
                Some(expected),
                "input {input:?} {lang:?}"
            );
        }
    }
}
