//! Roman numerals, as used for subparagraph markers such as `(iv)`.

/// Values of the Roman digits, largest first, including the subtractive pairs.
const ROMAN_PARTS: &[(&str, u32)] = &[
    ("m", 1000),
    ("cm", 900),
    ("d", 500),
    ("cd", 400),
    ("c", 100),
    ("xc", 90),
    ("l", 50),
    ("xl", 40),
    ("x", 10),
    ("ix", 9),
    ("v", 5),
    ("iv", 4),
    ("i", 1),
];

/// Value of a Roman numeral from `I` to `MMMCMXCIX` (case-insensitive).
///
/// Only the canonical spelling is accepted, so `IIII`, `VX` and `IC` are `None`:
/// subparagraph markers are always canonical, and a loose reader would also accept
/// OCR debris and many more ordinary words.
///
/// ```
/// assert_eq!(treaty_numbers::parse_roman("iv"), Some(4));
/// assert_eq!(treaty_numbers::parse_roman("XIV"), Some(14));
/// assert_eq!(treaty_numbers::parse_roman("IIII"), None);
/// ```
pub fn parse_roman(s: &str) -> Option<u32> {
    let lower = s.to_ascii_lowercase();
    if lower.is_empty() || lower.len() > 15 {
        return None;
    }
    let mut rest = lower.as_str();
    let mut total = 0;
    for &(part, value) in ROMAN_PARTS {
        // Canonical numerals repeat a one-letter digit at most three times and a pair once.
        let max_repeats = if part.len() == 1 { 3 } else { 1 };
        let mut n_repeats = 0;
        while n_repeats < max_repeats && rest.starts_with(part) {
            rest = &rest[part.len()..];
            total += value;
            n_repeats += 1;
        }
    }
    if !rest.is_empty() || total == 0 {
        return None;
    }
    // The greedy pass accepts a few non-canonical orders such as `IXI`; writing the value
    // back out and comparing rejects them.
    (to_roman(total) == lower).then_some(total)
}

/// Canonical lower-case Roman spelling of `value` (1..=3999).
fn to_roman(mut value: u32) -> String {
    let mut res = String::new();
    for &(part, part_value) in ROMAN_PARTS {
        while value >= part_value {
            res.push_str(part);
            value -= part_value;
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::parse_roman;

    #[test]
    fn roman_table() {
        let table: &[(&str, Option<u32>)] = &[
            ("i", Some(1)),
            ("I", Some(1)),
            ("ii", Some(2)),
            ("iii", Some(3)),
            ("iv", Some(4)),
            ("V", Some(5)),
            ("vi", Some(6)),
            ("ix", Some(9)),
            ("x", Some(10)),
            ("xiv", Some(14)),
            ("xix", Some(19)),
            ("XL", Some(40)),
            ("xc", Some(90)),
            ("CD", Some(400)),
            ("mcmxcvii", Some(1997)),
            ("MMM", Some(3000)),
            ("MMMCMXCIX", Some(3999)),
            ("", None),
            ("iiii", None),
            ("vx", None),
            ("ic", None),
            ("ixi", None),
            ("mmmm", None),
            ("mix2", None),
            ("a", None),
            ("did", None),
            ("ii)", None),
        ];
        for &(input, expected) in table {
            assert_eq!(parse_roman(input), expected, "input {input:?}");
        }
    }
}
