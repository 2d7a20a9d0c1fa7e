//! `Decimal`: the value of a quantity as the dataset writes it, a canonical plain decimal.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The most significant digits a value may have.
///
/// Up to 15, the shortest text that reads back as an `f64` is the number as printed, exactly;
/// beyond that a float cannot hold it (`18446744073709551616` would read back as
/// `18446744073709552000`, 400 nines as `inf`), and no treaty states a rate, period or amount
/// with more digits.
pub const MAX_SIGNIFICANT_DIGITS: usize = 15;

/// A non-negative number as a canonical plain decimal: no sign, no exponent, no leading zero
/// before other digits, no trailing zero after the point, no point without digits after it
/// (`15`, `7.5`, `0.25`, `4000`), at most [`MAX_SIGNIFICANT_DIGITS`] significant digits.
/// Two values are equal when their texts are, and they order by the numbers they write.
///
/// ```
/// use treaty_numbers::Decimal;
///
/// let rate: Decimal = "7.5".parse().unwrap();
/// assert_eq!(rate.as_str(), "7.5");
/// assert_eq!(Decimal::from_f64(7.5), Some(rate.clone()));
/// assert!(rate < "10".parse().unwrap());
/// assert!("07.50".parse::<Decimal>().is_err());
/// assert_eq!(Decimal::from_f64(f64::INFINITY), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Decimal {
    text: String,
}

/// Why a text is not a canonical plain decimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalError {
    text: String,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a plain decimal of at most {MAX_SIGNIFICANT_DIGITS} significant digits \
             (digits, optionally a point and digits not ending in 0: 15, 7.5, 0.25)",
            self.text
        )
    }
}

impl std::error::Error for DecimalError {}

impl Decimal {
    /// The decimal that `value` is, or `None` for a value that is negative, not finite, at or
    /// above 2^53 (where a float stops holding every whole number, so `1e234` may stand for
    /// 234 nines), or with more significant digits than a float holds exactly.
    pub fn from_f64(value: f64) -> Option<Decimal> {
        const EXACT_WHOLE_NUMBERS: f64 = 9_007_199_254_740_992.0; // 2^53
        if !value.is_finite() || !(0.0..EXACT_WHOLE_NUMBERS).contains(&value) {
            return None;
        }
        // `Display` for f64 prints the shortest text that reads back as the same value and
        // never adds `.0` or an exponent: the canonical form. `+ 0.0` turns -0 into 0.
        format!("{}", value + 0.0).parse().ok()
    }

    /// 0.
    pub fn zero() -> Decimal {
        Decimal {
            text: "0".to_string(),
        }
    }

    /// A whole number, or `None` beyond a float's exact digits.
    pub fn from_whole(value: u64) -> Option<Decimal> {
        value.to_string().parse().ok()
    }

    /// The canonical text (`15`, `7.5`).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The number, exactly (it has at most 15 significant digits).
    pub fn to_f64(&self) -> f64 {
        // Canonical text always parses.
        self.text.parse().unwrap_or(0.0)
    }

    /// Whether the value is 0 (an exemption, for a rate).
    pub fn is_zero(&self) -> bool {
        self.text == "0"
    }
}

impl FromStr for Decimal {
    type Err = DecimalError;

    fn from_str(text: &str) -> Result<Decimal, DecimalError> {
        let error = || DecimalError {
            text: text.to_string(),
        };
        let (whole, fraction) = match text.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (text, None),
        };
        let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || (whole.len() > 1 && whole.starts_with('0')) {
            return Err(error());
        }
        if let Some(fraction) = fraction {
            if !digits(fraction) || fraction.ends_with('0') {
                return Err(error());
            }
        }
        let all: String = text.chars().filter(char::is_ascii_digit).collect();
        let significant = all.trim_start_matches('0');
        let significant = if fraction.is_some() {
            significant
        } else {
            significant.trim_end_matches('0')
        };
        if significant.len() > MAX_SIGNIFICANT_DIGITS {
            return Err(error());
        }
        Ok(Decimal {
            text: text.to_string(),
        })
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Decimal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Decimal {
    /// By the numbers written: both hold exactly in an f64, and equal numbers have equal
    /// canonical texts, so this agrees with `Eq`.
    fn cmp(&self, other: &Decimal) -> Ordering {
        self.to_f64().total_cmp(&other.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_texts_parse_and_others_do_not() {
        for good in ["0", "15", "7.5", "0.25", "4000", "183", "999999999999999"] {
            assert_eq!(good.parse::<Decimal>().unwrap().as_str(), good);
        }
        for bad in [
            "",
            "07",
            "7.",
            ".5",
            "7.50",
            "-1",
            "+1",
            "1e3",
            "inf",
            "NaN",
            "1,5",
            " 1",
            "1.2.3",
            "1000000000000001",
        ] {
            assert!(bad.parse::<Decimal>().is_err(), "{bad:?}");
        }
        // Trailing zeros of a whole number are not significant digits.
        assert!("1000000000000000000000".parse::<Decimal>().is_ok());
    }

    #[test]
    fn floats_become_their_shortest_text_or_nothing() {
        assert_eq!(Decimal::from_f64(4000.0).unwrap().as_str(), "4000");
        assert_eq!(Decimal::from_f64(7.5).unwrap().as_str(), "7.5");
        assert_eq!(Decimal::from_f64(-0.0).unwrap().as_str(), "0");
        assert_eq!(Decimal::from_f64(18446744073709551616.0), None);
        // 234 nines read as a float become 1e234, whose text is 1 and zeros: not the number.
        assert_eq!(Decimal::from_f64("9".repeat(234).parse().unwrap()), None);
        assert_eq!(Decimal::from_f64(9_007_199_254_740_992.0), None);
        assert_eq!(Decimal::from_f64(f64::NAN), None);
        assert_eq!(Decimal::from_f64(-5.0), None);
    }

    #[test]
    fn values_order_by_number_not_by_text() {
        let mut values: Vec<Decimal> = ["15", "7.5", "100", "0", "10"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        values.sort();
        let texts: Vec<&str> = values.iter().map(Decimal::as_str).collect();
        assert_eq!(texts, ["0", "7.5", "10", "15", "100"]);
        assert!(Decimal::from_f64(0.0).unwrap().is_zero());
    }
}
