//! Bare currency words ("4,000 kroner", "1,000 dollars") read as the currency of the treaty
//! party that uses a currency of that name, not as one fixed country's.
//!
//! `treaty-numbers` reads a qualified name (`Danish kroner`, `US$`) by itself. A bare word
//! names a family (krone, franc, dollar): the treaty's parties decide which member is meant.
//! The table of parties and currencies is data (`data/currencies.tsv`).

use std::sync::LazyLock;

use crate::schema::Unit;

/// (word of a party's name, ISO 4217 code, family).
static PARTY_CURRENCIES: LazyLock<Vec<(&'static str, &'static str, &'static str)>> =
    LazyLock::new(|| {
        include_str!("../data/currencies.tsv")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| {
                let mut fields = line.split('\t');
                Some((fields.next()?, fields.next()?, fields.next()?))
            })
            .collect()
    });

/// Family words, and the words that qualify them (a qualified name is read by
/// `treaty-numbers` and left alone here).
const FAMILIES: &[(&str, &[&str], &[&str])] = &[
    (
        "krone",
        &["kron", "crown", "coroa", "クローネ", "クローナ"],
        &[
            "danish",
            "norwegian",
            "swedish",
            "icelandic",
            "czech",
            "dinamarques",
            "norueg",
            "suec",
            "islandes",
            "chec",
            "デンマーク",
            "ノルウェー",
            "スウェーデン",
        ],
    ),
    (
        "franc",
        &["franc", "フラン"],
        &["swiss", "suíç", "suiç", "スイス"],
    ),
    (
        "dollar",
        &["dollar", "dólar", "dolar", "ドル"],
        &[
            "us ",
            "us$",
            "u.s.",
            "united states",
            "american",
            "canadian",
            "australian",
            "new zealand",
            "hong kong",
            "singapore",
            "estados unidos",
            "americanos",
            "eua",
            "canaden",
            "canadian",
            "australian",
            "合衆国",
            "米ドル",
            "カナダ",
            "オーストラリア",
            "ニュージーランド",
            "シンガポール",
            "香港",
        ],
    ),
];

/// How a bare currency word was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The unit: an ISO 4217 code, or the word as printed when the parties do not decide.
    pub unit: Unit,
    /// Why the unit was chosen, for a warning; `None` when one party decides it.
    pub warning: Option<String>,
}

/// The unit of an amount printed as `printed` (`4,000 kroner`) in a treaty between `parties`,
/// when the currency word is bare; `None` when it is qualified or not a family word.
pub fn read_bare_currency(printed: &str, parties: &[String]) -> Option<Reading> {
    let lower = printed.to_lowercase();
    let (family, word) = FAMILIES.iter().find_map(|(family, words, qualifiers)| {
        let word = words.iter().find(|w| lower.contains(*w))?;
        let qualified = qualifiers.iter().any(|q| lower.contains(q))
            || (*family == "dollar" && printed.contains('$') && !printed.contains(" $"));
        (!qualified).then_some((*family, *word))
    })?;
    let mut codes: Vec<&str> = parties
        .iter()
        .filter_map(|party| {
            let party = party.to_lowercase();
            PARTY_CURRENCIES
                .iter()
                .find(|(name, _, f)| *f == family && party.contains(name))
                .map(|(_, code, _)| *code)
        })
        .collect();
    codes.dedup();
    let as_printed = || {
        let word = printed
            .split_whitespace()
            .find(|token| token.to_lowercase().contains(word))
            .unwrap_or(word)
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_string();
        Unit::Printed(word)
    };
    match (codes.as_slice(), family) {
        ([code], _) => Some(Reading {
            unit: Unit::Currency((*code).to_string()),
            warning: None,
        }),
        ([], "dollar") => Some(Reading {
            unit: Unit::Currency("USD".to_string()),
            warning: Some(format!(
                "`{printed}` names no country and no party uses dollars: read as US dollars"
            )),
        }),
        ([], _) => Some(Reading {
            unit: as_printed(),
            warning: Some(format!(
                "`{printed}` names no country and no party of the treaty uses a {family}: the unit is left as printed"
            )),
        }),
        (_, _) => Some(Reading {
            unit: as_printed(),
            warning: Some(format!(
                "`{printed}` names no country and both parties use a {family}: the unit is left as printed"
            )),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parties(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_bare_word_takes_the_currency_of_the_party_that_uses_it() {
        let reading =
            read_bare_currency("4,000 kroner", &parties(&["Canada", "Kingdom of Norway"]));
        assert_eq!(reading.unwrap().unit.as_str(), "NOK");
        let reading = read_bare_currency("4.000 coroas", &parties(&["Brasil", "Dinamarca"]));
        assert_eq!(reading.unwrap().unit.as_str(), "DKK");
        let reading = read_bare_currency(
            "10,000 dollars",
            &parties(&["Canada", "Kingdom of Denmark"]),
        );
        assert_eq!(
            reading.unwrap(),
            Reading {
                unit: Unit::Currency("CAD".into()),
                warning: None
            }
        );
    }

    #[test]
    fn qualified_names_are_left_to_the_number_reader() {
        let both = parties(&["Canada", "Kingdom of Denmark"]);
        assert_eq!(read_bare_currency("4,000 Danish kroner", &both), None);
        assert_eq!(read_bare_currency("US$ 4,000", &both), None);
        assert_eq!(
            read_bare_currency("1,000 United States dollars", &both),
            None
        );
        assert_eq!(read_bare_currency("15 per cent", &both), None);
    }

    #[test]
    fn parties_that_do_not_decide_leave_the_word_with_a_warning() {
        let reading =
            read_bare_currency("500 francs", &parties(&["Japan", "Republic of Korea"])).unwrap();
        assert_eq!(reading.unit, Unit::Printed("francs".into()));
        assert!(reading.warning.is_some());
        let reading =
            read_bare_currency("500 dollars", &parties(&["Canada", "Australia"])).unwrap();
        assert_eq!(reading.unit, Unit::Printed("dollars".into()));
        let reading =
            read_bare_currency("500 dollars", &parties(&["Japan", "Kingdom of Spain"])).unwrap();
        assert_eq!(reading.unit.as_str(), "USD");
        assert!(reading.warning.is_some());
    }
}
