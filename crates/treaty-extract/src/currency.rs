//! Bare currency words ("4,000 <crowns>", "1,000 dollars") read as the currency of the treaty
//! party that uses a currency of that name, not as one fixed country's.
//!
//! `treaty-numbers` reads a qualified name (`US dollars`, `US$`) by itself. A bare word
//! names a family (dollar, and the crowns and pesos of several states): the treaty's parties decide which member is meant.
//! The words of the families and the names of the parties that use them are profile data
//! ([`treaty_lang::Names`]); every profile's are read, since a document may name its
//! parties and currencies in any of its languages.

use std::sync::LazyLock;

use treaty_lang::{CurrencyParty, Lang};

use treaty_schema::Unit;

/// A currency family with the words and qualifiers of every profile.
struct Family {
    name: &'static str,
    words: Vec<&'static str>,
    qualifiers: Vec<&'static str>,
    symbol: &'static str,
    default_code: &'static str,
}

/// The families in the order the profiles first list them.
static FAMILIES: LazyLock<Vec<Family>> = LazyLock::new(|| {
    let mut families: Vec<Family> = Vec::new();
    for lang in Lang::all() {
        for family in lang.profile().names.currency_families {
            let index = match families.iter().position(|f| f.name == family.family) {
                Some(index) => index,
                None => {
                    families.push(Family {
                        name: family.family,
                        words: Vec::new(),
                        qualifiers: Vec::new(),
                        symbol: "",
                        default_code: "",
                    });
                    families.len() - 1
                }
            };
            families[index].words.extend(family.words);
            let entry = &mut families[index];
            entry.qualifiers.extend(family.qualifiers);
            if entry.symbol.is_empty() {
                entry.symbol = family.symbol;
            }
            if entry.default_code.is_empty() {
                entry.default_code = family.default_code;
            }
        }
    }
    families
});

/// Every profile's parties.
static PARTIES: LazyLock<Vec<&'static CurrencyParty>> = LazyLock::new(|| {
    Lang::all()
        .flat_map(|lang| lang.profile().names.currency_parties)
        .collect()
});

/// How a bare currency word was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The unit: an ISO 4217 code, or the word as printed when the parties do not decide.
    pub unit: Unit,
    /// Why the unit was chosen, for a warning; `None` when one party decides it.
    pub warning: Option<String>,
}

/// The unit of an amount printed as `printed` (`4,000 dollars`) in a treaty between `parties`,
/// when the currency word is bare; `None` when it is qualified or not a family word.
pub fn read_bare_currency(printed: &str, parties: &[String]) -> Option<Reading> {
    let lower = printed.to_lowercase();
    let (family, word) = FAMILIES.iter().find_map(|family| {
        let word = family.words.iter().find(|w| lower.contains(*w))?;
        let sign = family.symbol;
        // A sign in brackets restates the amount in figures (`ten thousand dollars ($10,000)`):
        // it qualifies the word no more than the word itself does.
        let by_symbol = !sign.is_empty()
            && printed.contains(sign)
            && !printed.contains(&format!(" {sign}"))
            && !printed.contains(&format!("({sign}"));
        let qualified = family.qualifiers.iter().any(|q| lower.contains(q)) || by_symbol;
        (!qualified).then_some((family, *word))
    })?;
    let mut codes: Vec<&str> = parties
        .iter()
        .filter_map(|party| {
            let party = party.to_lowercase();
            PARTIES
                .iter()
                .find(|p| p.family == family.name && party.contains(p.name_word))
                .map(|p| p.code)
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
    let default = Some(family.default_code).filter(|code| !code.is_empty());
    let family = family.name;
    match (codes.as_slice(), default) {
        ([code], _) => Some(Reading {
            unit: Unit::Currency((*code).to_string()),
            warning: None,
        }),
        ([], Some(code)) => Some(Reading {
            unit: Unit::Currency(code.to_string()),
            warning: Some(format!(
                "`{printed}` names no country and no party uses a {family}: read as {code}"
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
        // Figures in brackets restate the words; they do not say whose dollars.
        let reading = read_bare_currency(
            "ten thousand dollars ($10,000)",
            &parties(&["United States", "Canada"]),
        )
        .unwrap();
        assert_eq!(reading.unit, Unit::Printed("dollars".into()));
        let reading =
            read_bare_currency("500 dollars", &parties(&["Japan", "Kingdom of Spain"])).unwrap();
        assert_eq!(reading.unit.as_str(), "USD");
        assert!(reading.warning.is_some());
    }
}
