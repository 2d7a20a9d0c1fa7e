//! Every extraction rule, as a value that runs: its name, what it recognises, the languages it
//! serves, where its examples are, and the function that gives its rows.
//!
//! "Where are Japanese dividend exemptions recognised?" is answered by the `exemptions`
//! entry: its file, `rules/exemptions.rs` (every rule is the file named after it), and its
//! examples, `tests/rule_examples/exemptions/ja.txt`, with the rows they give in `ja.snap`
//! beside it. The words each rule reads are in each language profile's `RuleWords`
//! (`crates/treaty-lang/src/<code>/rules.rs`), compiled by `rules/support/words.rs`.
//!
//! `rules::paragraph_findings_in` runs the rules on each paragraph in the order of [`RULES`];
//! every row names the rule that gives it. Most rules find rows in the paragraph; a few
//! (`protocol_changes`, `technical_fees`, `most_favoured_nation`) take rows the rules before
//! them gave and give them back as their own, changed: a row is named by the last rule that
//! had a say in it. `tests/rule_examples.rs` runs every rule's examples in every language it
//! serves through the pipeline and compares the rule's rows with the snapshots.

// tidy: file is not language (the descriptions are documentation for people, in English; no
// rule reads them)

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::{
    beneficial_owners, branch_tax, exemptions, holding_periods, holdings, money_thresholds,
    most_favoured_nation, protocol_changes, rate_tiers, relative_rates, technical_fees, thresholds,
};

/// One extraction rule.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// A short name: the name of its file (`rules/<name>.rs`), of its examples folder and of
    /// its test, and the `rule` of the rows it gives.
    pub name: &'static str,
    /// What it recognises, in one line.
    pub description: &'static str,
    /// The profile codes (`treaty_lang::Lang::as_str`) of the languages it serves, each with
    /// an example file; the examples of a language whose profile a build does not install are
    /// kept and not run.
    pub languages: &'static [&'static str],
    /// The folder of its examples, relative to the crate: `<lang>.txt` holds the clauses,
    /// `<lang>.snap` the rule's rows they give.
    pub examples: &'static str,
    /// Its rows in one paragraph (those it finds, and those it takes from the rules before
    /// it, changed).
    pub apply: fn(&ParagraphCtx<'_>) -> Vec<Finding>,
}

/// The languages every rule serves: the profiles with rule words.
const ALL: &[&str] = &["pt", "en", "ja", "es"];

/// Every rule, in the order they run on a paragraph.
pub const RULES: &[Rule] = &[
    Rule {
        name: rate_tiers::NAME,
        description: "a percentage of the gross amount in a dividends, interest, royalties or \
                      other-income article is a withholding-rate cap; one row per tier \
                      (subparagraph, nested item or alternative), numbers in deleted text \
                      marked; a tier that names who must own the income is beneficial_owners'",
        languages: ALL,
        examples: "tests/rule_examples/rate_tiers",
        apply: rate_tiers::apply,
    },
    Rule {
        name: beneficial_owners::NAME,
        description: "who must beneficially own the income (company, individual, pension fund, \
                      government, central bank, bank, ...): a rate tier with the beneficial_owner \
                      condition, one row per alternative",
        languages: ALL,
        examples: "tests/rule_examples/beneficial_owners",
        apply: beneficial_owners::apply,
    },
    Rule {
        name: relative_rates::NAME,
        description: "a rate stated as a share of another (\"50 per cent of the rate of \
                      subparagraph a)\") or as another paragraph's rate, derived from the rate \
                      it refers to",
        // The Japanese profile has no words for relative rates.
        languages: &["pt", "en", "es"],
        examples: "tests/rule_examples/relative_rates",
        apply: relative_rates::apply,
    },
    Rule {
        name: exemptions::NAME,
        description: "a clause that leaves the source State no right to tax (\"shall be \
                      taxable only in\", \"shall be exempt\") is a rate of 0, with the \
                      beneficiaries, holdings and income classes it names",
        languages: ALL,
        examples: "tests/rule_examples/exemptions",
        apply: exemptions::apply,
    },
    Rule {
        name: holdings::NAME,
        description: "a percentage of the capital, voting power or shares held is a holding: \
                      a threshold row (min_holding, max_holding) and the condition of the tier \
                      it qualifies, never a rate",
        languages: ALL,
        examples: "tests/rule_examples/holdings",
        apply: holdings::apply,
    },
    Rule {
        name: holding_periods::NAME,
        description: "a duration in a rate tier is how long the holding must last: a \
                      holding_period condition and a threshold row, except a first period of \
                      the treaty after which a rate changes",
        languages: ALL,
        examples: "tests/rule_examples/holding_periods",
        apply: holding_periods::apply,
    },
    Rule {
        name: money_thresholds::NAME,
        description: "an amount of money (a student's allowance, an artiste's earnings) is a \
                      threshold in its currency, a bare currency word read from the parties",
        languages: ALL,
        examples: "tests/rule_examples/money_thresholds",
        apply: money_thresholds::apply,
    },
    Rule {
        name: thresholds::NAME,
        description: "a number that is not a rate is a threshold with what it measures: \
                      permanent-establishment months, 183 days, land-rich shares and \
                      look-backs, stays, time limits, entry into force and termination periods \
                      (ordinal days included); holdings, holding periods and money aside",
        languages: ALL,
        examples: "tests/rule_examples/thresholds",
        apply: thresholds::apply,
    },
    Rule {
        name: protocol_changes::NAME,
        description: "a row of a protocol point, an amending protocol or an MLI provision is a \
                      protocol (or mli) row with the articles it modifies; a rate that replaces \
                      a tier of the treaty is that tier's effective rate",
        languages: ALL,
        examples: "tests/rule_examples/protocol_changes",
        apply: protocol_changes::apply,
    },
    Rule {
        name: branch_tax::NAME,
        description: "a rate on the profits of a permanent establishment (branch profits tax) \
                      is a rate with income=branch_profits, in whatever article or instrument \
                      it stands",
        languages: ALL,
        examples: "tests/rule_examples/branch_tax",
        apply: branch_tax::apply,
    },
    Rule {
        name: technical_fees::NAME,
        description: "tiers for fees for technical services get their own topic \
                      (technical_services), in an article of their own or in a royalties \
                      article that names them or a treaty that makes them royalties",
        languages: ALL,
        examples: "tests/rule_examples/technical_fees",
        apply: technical_fees::apply,
    },
    Rule {
        name: most_favoured_nation::NAME,
        description: "a rate that applies only if a State agrees a lower rate with a third \
                      State carries trigger=most_favoured_nation",
        languages: ALL,
        examples: "tests/rule_examples/most_favoured_nation",
        apply: most_favoured_nation::apply,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn crate_path(relative: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
    }

    /// The files directly under `src/rules/`, without `.rs`.
    fn rule_files() -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(crate_path("src/rules"))
            .expect("src/rules")
            .map(|entry| entry.expect("entry").path())
            .filter(|path| path.is_file())
            .filter_map(|path| {
                let name = path.file_name()?.to_str()?;
                name.strip_suffix(".rs").map(str::to_string)
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn every_rule_is_the_file_named_after_it_and_every_file_a_rule() {
        let files = rule_files();
        let mut names: Vec<String> = RULES.iter().map(|r| r.name.to_string()).collect();
        names.extend(["mod", "registry", "tests"].map(String::from));
        names.sort();
        assert_eq!(
            files, names,
            "files under src/rules/ (shared code goes to src/rules/support/)"
        );
    }

    #[test]
    fn every_example_file_exists() {
        for rule in RULES {
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
