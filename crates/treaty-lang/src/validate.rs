//! Checking a profile's patterns when it is installed: every regex field compiles, and
//! carries the named groups the stages read, so a mistake in a new profile is an error that
//! names the field, not a panic at the first document.

use regex::Regex;

use crate::numbers::NumberWords;
use crate::profile::Profile;
use crate::rules::{Phrase, RuleWords};
use crate::structure::StructureWords;

/// A pattern of a profile that a stage could not use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    /// The profile's code (`es`).
    pub code: &'static str,
    /// The field, as `part.field` (`rules.deleted_text`).
    pub field: &'static str,
    /// The pattern as the profile writes it.
    pub pattern: String,
    /// What is wrong with it.
    pub reason: String,
}

impl std::fmt::Display for PatternError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "profile `{}`, {}: pattern `{}` {}",
            self.code, self.field, self.pattern, self.reason
        )
    }
}

/// A regex field: its name, its patterns, and the named groups each must have.
struct Field {
    name: &'static str,
    patterns: Vec<String>,
    groups: &'static [&'static str],
}

fn field(name: &'static str, patterns: &[&str], groups: &'static [&'static str]) -> Field {
    Field {
        name,
        patterns: patterns.iter().map(|p| p.to_string()).collect(),
        groups,
    }
}

/// The regex sources among a list of phrases (spliced phrases are literal).
fn phrase_patterns(phrases: &[Phrase]) -> Vec<&'static str> {
    phrases
        .iter()
        .filter_map(|phrase| match phrase {
            Phrase::Regex(source) => Some(*source),
            Phrase::Spliced(_) => None,
        })
        .collect()
}

/// Every regex field of a profile, with the groups the stage that reads it needs, part by
/// part.
fn fields(profile: &Profile) -> Vec<Field> {
    let mut fields = structure_fields(&profile.structure);
    fields.extend(rule_fields(&profile.rules));
    fields.extend(number_fields(&profile.numbers));
    fields.extend(identity_fields(profile));
    fields
}

fn structure_fields(s: &StructureWords) -> Vec<Field> {
    vec![
        field("structure.preamble_end", s.preamble_end, &[]),
        field("structure.preamble_part", s.preamble_part, &[]),
        field("structure.instrument_preamble", s.instrument_preamble, &[]),
        field("structure.protocol_preamble", s.protocol_preamble, &[]),
        field("structure.closing", s.closing, &[]),
        field("structure.article_reference", s.article_reference, &[]),
        field(
            "structure.article_reference_around",
            s.article_reference_around,
            &[],
        ),
        field(
            "structure.article_heading_around",
            s.article_heading_around,
            &[],
        ),
        field("structure.party", s.party, &[]),
        field("structure.amendment", s.amendment, &[]),
        field("structure.amended_article", s.amended_article, &["article"]),
        field("structure.commentary", s.commentary, &[]),
    ]
}

fn rule_fields(r: &RuleWords) -> Vec<Field> {
    vec![
        field("rules.exemption", &phrase_patterns(r.exemption), &[]),
        field(
            "rules.residence_only",
            &phrase_patterns(r.residence_only),
            &[],
        ),
        field(
            "rules.source_may_also_tax",
            &phrase_patterns(r.source_may_also_tax),
            &[],
        ),
        field("rules.resident_subject", r.resident_subject, &[]),
        field("rules.source_subject", r.source_subject, &[]),
        field("rules.paid_by_state", r.paid_by_state, &[]),
        field("rules.either_basis", r.either_basis, &[]),
        field("rules.named_state_only", r.named_state_only, &["state"]),
        field("rules.arising_in_named", r.arising_in_named, &["place"]),
        field(
            "rules.paragraph_reference",
            r.paragraph_reference,
            &["paragraph"],
        ),
        field("rules.replaced_tier", r.replaced_tier, &["article"]),
        field("rules.ordinal_period", r.ordinal_period, &["n"]),
        field("rules.lending_body", r.lending_body, &["body"]),
        field("rules.deleted_text", r.deleted_text, &["struck"]),
        field(
            "rules.rate_by_reference",
            r.rate_by_reference,
            &["paragraph"],
        ),
        field(
            "rules.technical_fees_deemed_royalties",
            r.technical_fees_deemed_royalties,
            &[],
        ),
    ]
}

fn number_fields(n: &NumberWords) -> Vec<Field> {
    vec![
        field("numbers.percent_units", n.percent_units, &[]),
        field("numbers.day_units", n.day_units, &[]),
        field("numbers.month_units", n.month_units, &[]),
        field("numbers.year_units", n.year_units, &[]),
        field("numbers.currency_units", n.currency_units, &[]),
        field("numbers.dollar_qualifiers", n.dollar_qualifiers, &[]),
        field("numbers.dollar_words", n.dollar_words, &[]),
        field("numbers.reference_words", n.reference_words, &[]),
        field("numbers.day_date_after", n.day_date_after, &[]),
        Field {
            name: "numbers.share_words",
            patterns: n.share_words.iter().map(|(p, _)| p.to_string()).collect(),
            groups: &["share"],
        },
        field(
            "numbers.percent_context_after",
            n.percent_context_after,
            &[],
        ),
        field("numbers.period_names", n.period_names, &[]),
        field("numbers.day_date_before", &[n.day_date_before], &[]),
        field("numbers.year_date_before", &[n.year_date_before], &[]),
        field("numbers.year_date_after", &[n.year_date_after], &[]),
    ]
}

/// The fields of normalization, topics and identity.
fn identity_fields(profile: &Profile) -> Vec<Field> {
    let i = &profile.identity;
    // The date placeholders are filled by the identity stage; any valid pattern stands in.
    let dates: Vec<String> = i
        .date_patterns
        .iter()
        .map(|p| {
            p.replace("{D}", "(?P<d>[0-9]+)")
                .replace("{M}", "(?P<m>[a-z]+)")
                .replace("{Y}", "(?P<y>[0-9]+)")
                .replace("{E}", "(?P<e>[a-z]+)")
        })
        .collect();
    vec![
        field(
            "normalize.ocr_number_units",
            profile.normalize.ocr_number_units,
            &[],
        ),
        field(
            "normalize.layout_heading",
            &[profile.normalize.layout_heading],
            &[],
        ),
        field("topics.asides", &[profile.topics.asides], &[]),
        Field {
            name: "identity.date_patterns",
            patterns: dates,
            groups: &[],
        },
        field("identity.signature", i.signature, &["place"]),
        field(
            "identity.signature_after_date",
            &[i.signature_after_date],
            &[],
        ),
        field("identity.signed_statement", i.signed_statement, &[]),
    ]
}

/// Every pattern of `profile` that does not compile, or lacks a named group its stage reads.
pub fn pattern_errors(profile: &Profile) -> Vec<PatternError> {
    let mut errors = Vec::new();
    for field in fields(profile) {
        for pattern in field.patterns.iter().filter(|p| !p.is_empty()) {
            let error = |reason: String| PatternError {
                code: profile.code,
                field: field.name,
                pattern: pattern.clone(),
                reason,
            };
            match Regex::new(pattern) {
                Err(compile) => errors.push(error(format!("does not compile: {compile}"))),
                Ok(regex) => {
                    let names: Vec<&str> = regex.capture_names().flatten().collect();
                    for group in field.groups {
                        if !names.contains(group) {
                            errors.push(error(format!("has no group named `{group}`")));
                        }
                    }
                }
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::BUILTIN;
    use crate::rules::RuleWords;

    #[test]
    fn the_built_in_profiles_are_valid() {
        for profile in &BUILTIN {
            assert_eq!(pattern_errors(profile), [], "{}", profile.code);
        }
    }

    #[test]
    fn a_broken_pattern_and_a_missing_group_are_named() {
        let mut profile = BUILTIN[0];
        profile.code = "xx";
        profile.rules = RuleWords {
            deleted_text: &[
                "the words “(?P<struck>[^”]+)” shall be deleted",
                "(unclosed",
            ],
            named_state_only: &["taxable only in (?P<place>[A-Z][a-z]+)"],
            ..profile.rules
        };
        let errors = pattern_errors(&profile);
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert!(
            lines[0].starts_with("profile `xx`, rules.named_state_only: pattern `taxable only in")
                && lines[0].ends_with("has no group named `state`"),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].starts_with(
                "profile `xx`, rules.deleted_text: pattern `(unclosed` does not compile"
            ),
            "{}",
            lines[1]
        );
    }
}
