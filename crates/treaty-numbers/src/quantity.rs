//! The quantity types: what a number counts, its value and where it stands.

use std::ops::Range;
use std::sync::LazyLock;

use iso_currency::Currency;
use treaty_lang::Lang;

use crate::decimal::Decimal;

/// The unit of a [`Quantity`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A percentage: `15 per cent`, `25 por cento`, `十五パーセント`.
    Percent,
    /// A number of days: `183 days`, `183 dias`, `百八十三日`.
    Days,
    /// A number of months: `twelve months`, `doze meses`, `十二箇月`.
    Months,
    /// A number of years: `two years`, `três anos-calendário`, `五年`.
    Years,
    /// An amount of money, with its ISO 4217 code (`USD`, `EUR`, `JPY`, `DKK`, `CAD`, ...).
    Currency(String),
    /// An amount of money in a currency word as printed (`francs`), where neither the text nor
    /// the treaty's parties say which currency it is (the extraction stage decides this; the
    /// number finder gives codes only). Open, since it is the source's word.
    Printed(String),
}

impl Unit {
    /// The unit as written in the dataset: `percent`, `days`, `months`, `years`, the currency
    /// code, or the printed word.
    pub fn as_str(&self) -> &str {
        // tidy: not language (the dataset's unit codes)
        match self {
            Unit::Percent => "percent",
            Unit::Days => "days",
            Unit::Months => "months",
            Unit::Years => "years",
            Unit::Currency(text) | Unit::Printed(text) => text,
        }
    }

    /// Reads a dataset name: a known unit, three capitals as a currency code, else a word as
    /// printed.
    pub fn from_name(name: &str) -> Unit {
        // tidy: not language (the dataset's unit codes)
        match name {
            "percent" => Unit::Percent,
            "days" => Unit::Days,
            "months" => Unit::Months,
            "years" => Unit::Years,
            code if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) => {
                Unit::Currency(code.to_string())
            }
            word => Unit::Printed(word.to_string()),
        }
    }

    /// Whether this unit measures time (days, months or years).
    pub fn is_duration(&self) -> bool {
        matches!(self, Unit::Days | Unit::Months | Unit::Years)
    }
}

impl std::fmt::Display for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A number with its unit, found in text.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// The value as a canonical plain decimal: `4000` for `US$ 4.000`, `7.5` for `7,5 %`.
    pub value: Decimal,
    /// What the number counts.
    pub unit: Unit,
    /// Byte range in the searched text covering the number and its unit
    /// (`15 per cent`, `十五パーセント`, `US$ 4.000`).
    pub span: Range<usize>,
    /// True when the source printed no unit and it was inferred from the words after the
    /// number (`10 of the gross amount` is a percentage).
    pub unit_inferred: bool,
}

impl Quantity {
    /// A quantity of `value`, or `None` where the value is no plain decimal a float holds
    /// exactly (see [`Decimal::from_f64`]): such a number is not a quantity.
    pub(crate) fn new(value: f64, unit: Unit, span: Range<usize>) -> Option<Quantity> {
        Some(Quantity {
            value: Decimal::from_f64(value)?,
            unit,
            span,
            unit_inferred: false,
        })
    }
}

/// ISO 4217 code for a currency name, symbol or code as written (`Swiss francs`, `US$`, `€`).
///
/// The names are those of the profiles (`currency_qualifiers`, then `currency_names`). A bare
/// family word (`dollars`, `francs`) gets a provisional code (US dollars, Swiss francs):
/// `treaty-extract` reads it again from the treaty's parties, or leaves it as printed with a
/// warning.
pub(crate) fn currency_code(written: &str) -> Option<&'static str> {
    let compact: String = written
        .chars()
        .filter(|ch| !ch.is_whitespace() && *ch != '.')
        .collect();
    if let Some(code) = ISO_CODES.iter().find(|code| **code == compact) {
        return Some(code);
    }
    let lower = written.to_lowercase();
    // Qualified names first, of every language: `Canadian dollars` must not stop at `dollars`.
    let profiles = || Lang::all().map(|lang| &lang.profile().numbers);
    let qualifiers = profiles().flat_map(|numbers| numbers.currency_qualifiers);
    let names = profiles().flat_map(|numbers| numbers.currency_names);
    if let Some((_, code)) = qualifiers
        .chain(names)
        .find(|(keyword, _)| lower.contains(keyword))
    {
        return Some(code);
    }
    CURRENCY_SIGNS
        .iter()
        .find(|(symbol, _)| *symbol == compact)
        .map(|(_, code)| *code)
}

/// ISO 4217 codes read as written before or after an amount (international notation, not words
/// of a language): the codes of the currencies the profiles name (in words, as a party's
/// currency, by a sign), as `iso_currency` knows them ([`money_code`]); a profile that names
/// a currency brings its code. Not every ISO code: in OCR noise a real code turns up beside a
/// number (`5 VES` on a scanned page), and a treaty names the currencies it deals in.
pub(crate) static ISO_CODES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut named: Vec<&'static str> = CURRENCY_SIGNS.iter().map(|(_, code)| *code).collect();
    for lang in Lang::all() {
        let (numbers, names) = (&lang.profile().numbers, &lang.profile().names);
        let words = numbers
            .currency_names
            .iter()
            .chain(numbers.currency_qualifiers);
        named.extend(words.map(|(_, code)| *code));
        named.extend(names.currency_parties.iter().map(|party| party.code));
        named.extend(
            names
                .currency_families
                .iter()
                .map(|family| family.default_code),
        );
    }
    let mut codes: Vec<&'static str> = named
        .into_iter()
        .filter_map(|code| Currency::from_code(code).and_then(money_code))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
});

/// The code of a currency that amounts are paid in: not a fund code (`BOV`, `CHE`) or a
/// special unit (gold `XAU`, the IMF's `XDR`, the testing `XTS` and no-currency `XXX`). Codes
/// since superseded (`HRK`) stay: treaties outlive their currencies.
fn money_code(currency: Currency) -> Option<&'static str> {
    (!currency.is_fund() && !currency.is_special()).then(|| currency.code())
}

/// Currency signs and their codes (international notation, not words of a language).
// tidy: not language (currency signs and ISO 4217 codes)
const CURRENCY_SIGNS: &[(&str, &str)] = &[
    ("US$", "USD"),
    ("U$", "USD"),
    ("C$", "CAD"),
    ("CA$", "CAD"),
    ("CAN$", "CAD"),
    ("Can$", "CAD"),
    ("A$", "AUD"),
    ("R$", "BRL"),
    ("NZ$", "NZD"),
    ("HK$", "HKD"),
    ("S$", "SGD"),
    ("$", "USD"),
    ("€", "EUR"),
    ("£", "GBP"),
    ("¥", "JPY"),
];

/// Which [`Unit`] a unit regex (Latin or Japanese) found, by the name of the group that matched.
pub(crate) fn unit_of(captures: &regex::Captures<'_>) -> Option<Unit> {
    if captures.name("unit_percent").is_some() {
        Some(Unit::Percent)
    } else if captures.name("unit_days").is_some() {
        Some(Unit::Days)
    } else if captures.name("unit_months").is_some() {
        Some(Unit::Months)
    } else if captures.name("unit_years").is_some() {
        Some(Unit::Years)
    } else {
        let written = captures.name("unit_currency")?.as_str();
        currency_code(written).map(|code| Unit::Currency(code.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::{currency_code, Unit, ISO_CODES};

    #[test]
    fn codes_of_the_currencies_the_profiles_name_are_read_beside_an_amount() {
        // The 14 codes of the list written by hand, and those it lacked: the Icelandic and
        // Czech crowns, whose names the profiles know.
        for code in [
            "USD", "EUR", "DKK", "CAD", "JPY", "GBP", "CHF", "NOK", "SEK", "BRL", "AUD", "NZD",
            "HKD", "SGD", "ISK", "CZK",
        ] {
            assert!(ISO_CODES.contains(&code), "{code}");
        }
        // Every one is a code ISO 4217 lists (a profile's guilder, NLG, no longer is).
        assert!(ISO_CODES
            .iter()
            .all(|code| iso_currency::Currency::from_code(code).is_some()));
        assert!(!ISO_CODES.contains(&"NLG"));
        let text = "a fee of ISK 250,000 and of 1,000,000 CZK; OCR noise 5 VES is none";
        let found = crate::find_quantities(text, treaty_lang::Lang::En);
        let read: Vec<(&str, String)> = found
            .iter()
            .map(|q| (&text[q.span.clone()], q.unit.as_str().to_string()))
            .collect();
        assert_eq!(
            read,
            [
                ("ISK 250,000", "ISK".to_string()),
                ("1,000,000 CZK", "CZK".to_string())
            ]
        );
    }

    #[test]
    fn unit_names() {
        assert_eq!(Unit::Percent.as_str(), "percent");
        assert_eq!(Unit::Days.as_str(), "days");
        assert_eq!(Unit::Months.as_str(), "months");
        assert_eq!(Unit::Years.as_str(), "years");
        assert_eq!(Unit::Currency("DKK".to_string()).as_str(), "DKK");
        assert!(Unit::Months.is_duration());
        assert!(!Unit::Percent.is_duration());
    }

    #[test]
    fn currency_code_table() {
        let table: &[(&str, Option<&str>)] = &[
            ("US$", Some("USD")),
            ("US $", Some("USD")),
            ("U.S. $", Some("USD")),
            ("$", Some("USD")),
            ("C$", Some("CAD")),
            ("R$", Some("BRL")),
            ("€", Some("EUR")),
            ("EUR", Some("EUR")),
            ("euros", Some("EUR")),
            ("Canadian dollars", Some("CAD")),
            ("Canadian", Some("CAD")),
            ("United States dollars", Some("USD")),
            ("Danish kroner", Some("DKK")),
            ("coroas dinamarquesas", Some("DKK")),
            ("dólares dos Estados Unidos", Some("USD")),
            ("dólares canadenses", Some("CAD")),
            ("yen", Some("JPY")),
            ("円", Some("JPY")),
            ("pounds sterling", Some("GBP")),
            ("Cr$", None),
            ("days", None),
            // Codes the list of 14 lacked; no code of a currency no profile names (OCR noise
            // turns them up), no fund or special unit.
            ("ISK", Some("ISK")),
            ("CZK", Some("CZK")),
            ("VES", None),
            ("XXX", None),
            ("XAU", None),
            ("XDR", None),
            ("CHE", None),
        ];
        for &(input, expected) in table {
            assert_eq!(currency_code(input), expected, "input {input:?}");
        }
    }
}
