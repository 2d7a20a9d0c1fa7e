//! English: see [`crate::NumberWords`].

use crate::numbers::NumberWords;
use crate::numbers::{NumberWord, NumberWordKind::*};

const fn w(word: &'static str, value: u64, kind: crate::numbers::NumberWordKind) -> NumberWord {
    NumberWord { word, value, kind }
}

pub(super) const NUMBERS: NumberWords = NumberWords {
    words: &[
        w("zero", 0, Zero),
        w("one", 1, Ones),
        w("two", 2, Ones),
        w("three", 3, Ones),
        w("four", 4, Ones),
        w("five", 5, Ones),
        w("six", 6, Ones),
        w("seven", 7, Ones),
        w("eight", 8, Ones),
        w("nine", 9, Ones),
        w("ten", 10, Teens),
        w("eleven", 11, Teens),
        w("twelve", 12, Teens),
        w("thirteen", 13, Teens),
        w("fourteen", 14, Teens),
        w("fifteen", 15, Teens),
        w("sixteen", 16, Teens),
        w("seventeen", 17, Teens),
        w("eighteen", 18, Teens),
        w("nineteen", 19, Teens),
        w("twenty", 20, Tens),
        w("thirty", 30, Tens),
        w("forty", 40, Tens),
        w("fourty", 40, Tens),
        w("fifty", 50, Tens),
        w("sixty", 60, Tens),
        w("seventy", 70, Tens),
        w("eighty", 80, Tens),
        w("ninety", 90, Tens),
        w("hundred", 100, HundredMultiplier),
        w("thousand", 1000, Scale),
        w("million", 1_000_000, Scale),
        w("billion", 1_000_000_000, Scale),
    ],
    connector: "and",
    thousands_separator: ',',
    percent_units: &[r"per\s?-?\s?cent(?:um)?", "percent", r"p\.\s?c\."],
    // A period's words may stand between the number and the unit: "three consecutive
    // years", "five taxable years", "the five preceding years", "12 consecutive months"; so
    // may an open end, "eight or more taxable years", "30 or more days".
    day_units: &[r"(?:or\s+more\s+)?days?"],
    month_units: &[r"(?:or\s+more\s+)?(?:consecutive\s+)?months?"],
    year_units: &[
        r"(?:or\s+more\s+)?calendar\s+years?",
        r"(?:or\s+more\s+)?(?:(?:consecutive|taxable|fiscal|preceding|full)\s+){1,2}years?",
        r"(?:or\s+more\s+)?years?",
    ],
    currency_units: &[
        r"(?:United\s+States|U\.\s?S\.|US|American|Canadian|Australian|New\s+Zealand|Hong\s+Kong|Singapore)\s+dollars?",
        r"(?:Danish|Norwegian)\s+(?:kroner|krone|crowns?)",
        r"Swedish\s+(?:kronor|krona|crowns?)",
        r"Swiss\s+francs?",
        r"pounds?\s+sterling",
        r"euros?",
        r"dollars?",
        "yen",
        "kroner",
    ],
    currency_qualifiers: &[
        ("canad", "CAD"),
        ("austral", "AUD"),
        ("zealand", "NZD"),
        ("hong kong", "HKD"),
        ("singapore", "SGD"),
        ("danish", "DKK"),
        ("norwegian", "NOK"),
        ("swedish", "SEK"),
    ],
    currency_names: &[
        ("dollar", "USD"),
        ("euro", "EUR"),
        ("yen", "JPY"),
        ("kron", "DKK"),
        ("crown", "DKK"),
        ("franc", "CHF"),
        ("sterling", "GBP"),
    ],
    dollar_qualifiers: &[
        "Canadian",
        "Australian",
        r"United\s+States",
        "American",
        r"New\s+Zealand",
        r"Hong\s+Kong",
        "Singapore",
    ],
    dollar_words: &[r"dollars?"],
    reference_words: &[
        r"articles?",
        r"art\.",
        r"paragraphs?",
        r"sub-?paragraphs?",
        r"sections?",
        r"chapters?",
        r"decrees?",
        r"laws?",
        r"no\.",
    ],
    day_date_after: &[
        r"of\s+the\s+month",
        r"of\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)",
    ],
    percent_context_after: &[r"of\s+the\s+gross\s+amount"],
    half_words: &["and a half"],
    // A share of a time ("the last half of its taxable year", "half the days") is no share
    // of what is held or paid.
    share_words: &[(
        r"(?i)\b(?:(?P<not>first|last|second)\s+)?(?P<share>(?:one[- ])?half)\s+of\b",
        50,
    )],
    dotted_unit_ends: &["cent"],
    part_of_whole: &[r"of\s+the", r"out\s+of(?:\s+the)?"],
    ..NumberWords::EMPTY
};
