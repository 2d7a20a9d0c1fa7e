//! Rates stated relative to another rate, and clauses that refer to another subparagraph.

use treaty_numbers::{find_quantities, Decimal, Lang, Unit};
use treaty_segment::Paragraph;

use super::branch::is_branch_clause;
use super::holding::{is_comparison, is_holding};
use super::text::clause_around;
use super::text::{lower, words_around};
use super::words::{starts_with_any, words};
use super::Finding;
use treaty_schema::{Conditions, Income, Kind};
use treaty_segment::Topic;

/// The text of the subparagraph a clause refers to, empty when it refers to none.
pub(super) fn referenced_text(clause: &str, siblings: &[Paragraph], lang: Lang) -> String {
    let Some(captures) = words(lang)
        .paragraph_reference
        .iter()
        .filter_map(|pattern| pattern.captures(clause))
        .min_by_key(|captures| captures.get(0).map_or(usize::MAX, |m| m.start()))
    else {
        return String::new();
    };
    let label = captures
        .name("label")
        .map_or("", |m| m.as_str())
        .to_lowercase();
    let number = captures.name("paragraph").map_or("", |m| m.as_str());
    siblings
        .iter()
        .find(|p| p.number == number)
        .and_then(|p| {
            p.subparagraphs
                .iter()
                .find(|sub| sub.label == label)
                .map(|sub| p.text[sub.local.start..sub.local.end.min(p.text.len())].to_string())
        })
        .unwrap_or_default()
}

/// A derived value as the dataset prints it (`2.5`, `10`), to four decimals; `None` where it
/// is no plain decimal (not finite, negative, or beyond a float's exact digits).
pub(super) fn plain_decimal(value: f64) -> Option<Decimal> {
    Decimal::from_f64((value * 10_000.0).round() / 10_000.0)
}

/// True when the words after a percentage make it a share of another rate ("50 per cent of
/// the rate", "da taxa"), not a rate of its own.
pub(super) fn is_relative_rate(after: &str, lang: Lang) -> bool {
    let after = lower(after);
    starts_with_any(after.trim_start(), words(lang).list.relative_rate)
}

/// The rate (in per cent) of the subparagraph a clause refers to, when it states one.
pub(super) fn referenced_rate(clause: &str, siblings: &[Paragraph], lang: Lang) -> Option<f64> {
    first_rate(&referenced_text(clause, siblings, lang), lang)
}

/// The first percentage of `referenced` that is a rate (not a holding or a comparison).
fn first_rate(referenced: &str, lang: Lang) -> Option<f64> {
    find_quantities(referenced, lang)
        .into_iter()
        .find(|q| {
            q.unit == Unit::Percent && {
                let (before, after) = words_around(referenced, q.span.clone());
                !is_holding(before, after, lang) && !is_comparison(before, after, lang)
            }
        })
        .map(|q| q.value.to_f64())
}

/// Caps stated as another paragraph's rate without a number of their own ("the tax referred
/// to in paragraph 8 shall not be imposed at a rate exceeding the rate specified in paragraph
/// 2 a)", a branch-profits tax): a rate row with the referred rate, its span the reference.
pub(super) fn rates_by_reference(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    for pattern in &words(lang).rate_by_reference {
        for captures in pattern.captures_iter(text) {
            let whole = captures.get(0).expect("group 0 always takes part");
            let number = captures.name("paragraph").map_or("", |m| m.as_str());
            let label = captures
                .name("label")
                .or_else(|| captures.name("item"))
                .map(|m| m.as_str().to_lowercase());
            let Some(referred) = siblings.iter().find(|p| p.number == number) else {
                continue;
            };
            let referenced = match &label {
                Some(label) => referred
                    .subparagraphs
                    .iter()
                    .find(|sub| &sub.label == label)
                    .map(|sub| {
                        &referred.text[sub.local.start..sub.local.end.min(referred.text.len())]
                    }),
                None => Some(referred.text.as_str()),
            };
            let Some(base) = referenced.and_then(|r| first_rate(r, lang)) else {
                continue;
            };
            let (subparagraph, clause) = clause_around(text, paragraph, whole.start(), lang);
            // A branch-profits tax: the clause says so, or names the paragraph that levies it
            // ("The tax referred to in paragraph 8 shall not be imposed at a rate ...").
            let before = &text[clause.start..whole.start()];
            let names_branch_paragraph = before
                .split(|c: char| !c.is_ascii_digit())
                .filter(|digits| !digits.is_empty() && digits.len() <= 2)
                .filter_map(|digits| siblings.iter().find(|p| p.number == digits))
                .any(|p| is_branch_clause(&p.text, lang));
            let mut conditions = Conditions::default();
            if is_branch_clause(&text[clause.clone()], lang) || names_branch_paragraph {
                conditions.income.push(Income::BranchProfits);
            }
            let Some(value) = plain_decimal(base) else {
                continue;
            };
            findings.push(Finding {
                subparagraph,
                kind: Kind::Rate,
                value: value.clone(),
                unit: treaty_schema::Unit::Percent,
                conditions,
                local: whole.range(),
                clause,
                confidence: 0.8,
                unit_inferred: false,
                topic,
                derived: Some(format!(
                    "the {} per cent of paragraph {number}{} the clause refers to",
                    value,
                    label.as_deref().map_or(String::new(), |l| format!(" {l})"))
                )),
                modifies: Vec::new(),
                struck: false,
            });
        }
    }
    findings
}
