//! Every extraction rule: what it recognises, the modules that implement it, the languages it
//! serves and where its examples are.
//!
//! The registry is data, for people and tests: "where are Japanese dividend exemptions
//! recognised?" is answered by the `exemptions` entry (its modules) and its examples
//! (`tests/rule_examples/exemptions/ja.txt`, with the rows they give in `ja.snap` beside it).
//! The words each rule reads are in each language profile's `RuleWords`
//! (`crates/treaty-lang/src/<code>/rules.rs`), compiled by `rules/words.rs`.
//!
//! `tests/rule_examples.rs` runs every rule's examples in every language it serves through
//! [`crate::process_document`] and compares the rows with the snapshots.

// tidy: file is not language (the descriptions are documentation for people, in English, and
// the module paths file names; no rule reads them)

/// One extraction rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// A short name, also the name of its examples folder and of its test.
    pub name: &'static str,
    /// What it recognises, in one line.
    pub description: &'static str,
    /// The files that implement it, relative to the crate's `src/` (`rules/exemption.rs`);
    /// the first is where to start reading.
    pub modules: &'static [&'static str],
    /// The profile codes (`treaty_lang::Lang::as_str`) of the languages it serves, each with
    /// an example file; the examples of a language whose profile a build does not install are
    /// kept and not run.
    pub languages: &'static [&'static str],
    /// The folder of its examples, relative to the crate: `<lang>.txt` holds the clauses,
    /// `<lang>.snap` the rows they give.
    pub examples: &'static str,
}

/// The languages every rule serves: the profiles with rule words.
const ALL: &[&str] = &["pt", "en", "ja", "es"];

/// Every rule, in the order a paragraph meets them.
pub const RULES: &[Rule] = &[
    Rule {
        name: "rate_tiers",
        description: "a percentage of the gross amount in a dividends, interest, royalties or \
                      other-income article is a withholding-rate cap; one row per tier \
                      (subparagraph, nested item or alternative), numbers in deleted text skipped",
        modules: &[
            "rules/quantity.rs",
            "rules/rate.rs",
            "rules/text.rs",
            "rules/mod.rs",
            "rules/words.rs",
        ],
        languages: ALL,
        examples: "tests/rule_examples/rate_tiers",
    },
    Rule {
        name: "exemptions",
        description: "a clause that leaves the source State no right to tax (\"shall be \
                      taxable only in\", \"shall be exempt\") is a rate of 0, with the \
                      beneficiaries, holdings and income classes it names",
        modules: &["rules/exemption.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/exemptions",
    },
    Rule {
        name: "holdings",
        description: "a percentage of the capital, voting power or shares held is a holding: \
                      a threshold row (min_holding, max_holding) and the condition of the tier \
                      it qualifies, never a rate",
        modules: &[
            "rules/holding.rs",
            "rules/quantity.rs",
            "rules/rate.rs",
            "rules/words.rs",
        ],
        languages: ALL,
        examples: "tests/rule_examples/holdings",
    },
    Rule {
        name: "holding_periods",
        description: "a duration in a rate tier is how long the holding must last: a \
                      holding_period condition and a threshold row, except a first period of \
                      the treaty after which a rate changes",
        modules: &[
            "rules/rate.rs",
            "rules/threshold.rs",
            "rules/technical.rs",
            "rules/words.rs",
        ],
        languages: ALL,
        examples: "tests/rule_examples/holding_periods",
    },
    Rule {
        name: "beneficial_owners",
        description: "who must beneficially own the income (company, individual, pension fund, \
                      government, central bank, bank, ...): the beneficial_owner condition, \
                      one row per alternative",
        modules: &["rules/owner.rs", "rules/rate.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/beneficial_owners",
    },
    Rule {
        name: "relative_rates",
        description: "a rate stated as a share of another (\"50 per cent of the rate of \
                      subparagraph a)\") or as another paragraph's rate, derived from the rate \
                      it refers to",
        modules: &["rules/relative.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/relative_rates",
    },
    Rule {
        name: "thresholds",
        description: "a number that is not a rate is a threshold with what it measures: \
                      permanent-establishment months, 183 days, land-rich shares and \
                      look-backs, stays, time limits, entry into force and termination periods \
                      (ordinal days included)",
        modules: &[
            "rules/threshold.rs",
            "rules/quantity.rs",
            "rules/mod.rs",
            "rules/words.rs",
        ],
        languages: ALL,
        examples: "tests/rule_examples/thresholds",
    },
    Rule {
        name: "branch_tax",
        description: "a rate on the profits of a permanent establishment (branch profits tax) \
                      is a rate with income=branch_profits, in whatever article it stands",
        modules: &["rules/branch.rs", "rules/rate.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/branch_tax",
    },
    Rule {
        name: "technical_fees",
        description: "tiers for fees for technical services get their own topic \
                      (technical_services), in an article of their own or in a royalties \
                      article that names them; income classes a tier names",
        modules: &["rules/technical.rs", "rules/income.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/technical_fees",
    },
    Rule {
        name: "most_favoured_nation",
        description: "a rate that applies only if a State agrees a lower rate with a third \
                      State carries trigger=most_favoured_nation",
        modules: &["rules/rate.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/most_favoured_nation",
    },
    Rule {
        name: "protocol_changes",
        description: "a rate in a protocol point or an amending article is a protocol row \
                      with the article it modifies; the tier it replaces takes it as its \
                      effective rate",
        modules: &["rules/mod.rs", "rows.rs", "effective.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/protocol_changes",
    },
    Rule {
        name: "money_thresholds",
        description: "an amount of money (a student's allowance, an artiste's earnings) is a \
                      threshold in its currency, a bare currency word read from the parties",
        modules: &["rules/threshold.rs", "currency.rs", "rules/words.rs"],
        languages: ALL,
        examples: "tests/rule_examples/money_thresholds",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn crate_path(relative: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
    }

    #[test]
    fn every_rule_module_is_named_by_a_rule() {
        let mut modules: Vec<String> = std::fs::read_dir(crate_path("src/rules"))
            .expect("src/rules")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.ends_with(".rs") && name != "tests.rs" && name != "registry.rs")
            .map(|name| format!("rules/{name}"))
            .collect();
        modules.sort();
        let unnamed: Vec<&String> = modules
            .iter()
            .filter(|m| !RULES.iter().any(|r| r.modules.contains(&m.as_str())))
            .collect();
        assert!(unnamed.is_empty(), "modules no rule names: {unnamed:?}");
    }

    #[test]
    fn every_named_module_and_example_file_exists() {
        for rule in RULES {
            for module in rule.modules {
                assert!(
                    crate_path(&format!("src/{module}")).is_file(),
                    "{}: no module {module}",
                    rule.name
                );
            }
            for lang in rule.languages {
                for ext in ["txt", "snap"] {
                    let path = crate_path(&format!("{}/{lang}.{ext}", rule.examples));
                    assert!(path.is_file(), "{}: no {}", rule.name, path.display());
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_fit_a_folder() {
        let mut names: Vec<&str> = RULES.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RULES.len());
        for rule in RULES {
            assert!(rule
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_'));
            assert_eq!(rule.examples, format!("tests/rule_examples/{}", rule.name));
        }
    }
}
