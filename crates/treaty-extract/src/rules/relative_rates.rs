//! `relative_rates`: a rate stated as a share of another ("50 per cent of the rate of
//! subparagraph a)"), derived from the rate it refers to (a threshold `relative_rate` where
//! that rate cannot be found), and a cap stated as another paragraph's rate ("at a rate
//! exceeding the rate specified in paragraph 2 a)").
//!
//! The Japanese profile has no words for either, so the rule serves the other languages.

use treaty_numbers::{find_quantities, Decimal, Lang, Unit};
use treaty_schema::{Conditions, Income, Kind, Measure};
use treaty_segment::Paragraph;

use super::support::conditions::is_branch_clause;
use super::support::context::ParagraphCtx;
use super::support::finding::{Finding, Order, Pass};
use super::support::holding::{is_comparison, is_holding};
use super::support::reading::{Claim, Number, Numbers, RateForm, RateReading, Role};
use super::support::reference::referenced_text;
use super::support::text::words_around;

/// The rule's name.
pub(crate) const NAME: &str = "relative_rates";

/// The rows of the relative rates of a paragraph, and of its caps stated as another
/// paragraph's rate (in an article whose words may set its rates).
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let numbers = ctx.numbers();
    let mut findings = Vec::new();
    for number in numbers.iter() {
        if let Role::Rate(rate) = &number.role {
            if rate.form == RateForm::Relative {
                findings.extend(relative_findings(ctx, numbers, number, rate));
            }
        }
    }
    if ctx.worded_rates_apply() {
        findings.extend(rates_by_reference(ctx));
    }
    findings
}

/// "50 per cent of the rate mentioned in subparagraph a) of paragraph 2": its value derived
/// from the rate referred to, or, where that cannot be found, a threshold of its own.
fn relative_findings(
    ctx: &ParagraphCtx<'_>,
    numbers: &Numbers<'_>,
    number: &Number<'_>,
    rate: &RateReading,
) -> Vec<Finding> {
    let quantity = numbers.quantity(number);
    let derived =
        referenced_rate(number.place.clause_text, ctx.siblings, ctx.lang).and_then(|base| {
            Some((
                plain_decimal(base)?,
                plain_decimal(quantity.value.to_f64() * base / 100.0)?,
            ))
        });
    match derived {
        Some((base, product)) => {
            let claim = Claim {
                kind: Kind::Rate,
                value: product,
                // tidy: not language (the note for the reader, in the datasets' English)
                derived: Some(format!(
                    "{} per cent of the {base} per cent rate the clause refers to",
                    quantity.value
                )),
                modifies: rate.transitional.clone(),
            };
            let variants = numbers.tier_variants(number, rate).to_vec();
            numbers.findings(number, NAME, claim, variants)
        }
        None => {
            let claim = Claim {
                kind: Kind::Threshold,
                value: quantity.value.clone(),
                derived: None,
                modifies: rate.transitional.clone(),
            };
            let conditions = Conditions {
                measure: Some(Measure::RelativeRate),
                ..Conditions::default()
            };
            numbers.findings(number, NAME, claim, vec![conditions])
        }
    }
}

/// A derived value as the dataset prints it (`2.5`, `10`), to four decimals; `None` where it
/// is no plain decimal (not finite, negative, or beyond a float's exact digits).
fn plain_decimal(value: f64) -> Option<Decimal> {
    Decimal::from_f64((value * 10_000.0).round() / 10_000.0)
}

/// The rate (in per cent) of the subparagraph a clause refers to, when it states one.
fn referenced_rate(clause: &str, siblings: &[Paragraph], lang: Lang) -> Option<f64> {
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
fn rates_by_reference(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let (text, siblings, lang) = (ctx.text, ctx.siblings, ctx.lang);
    let mut findings = Vec::new();
    for pattern in &ctx.words.rate_by_reference {
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
            let (subparagraph, clause) = ctx.clause_at(whole.start());
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
                rule: NAME,
                subparagraph,
                kind: Kind::Rate,
                value: value.clone(),
                unit: treaty_schema::Unit::Percent,
                conditions,
                local: whole.range(),
                clause,
                confidence: 0.8,
                unit_inferred: false,
                topic: ctx.topic,
                derived: Some(format!(
                    "the {} per cent of paragraph {number}{} the clause refers to",
                    value,
                    label.as_deref().map_or(String::new(), |l| format!(" {l})"))
                )),
                modifies: Vec::new(),
                struck: false,
                order: Order::new(Pass::References, findings.len(), 0),
            });
        }
    }
    findings
}
