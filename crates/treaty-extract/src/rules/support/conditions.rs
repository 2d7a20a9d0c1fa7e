//! What a rate tier's clause says of it: its beneficiary, holding, holding period and income
//! classes, whether it taxes a branch's profits, whether a duration in it counts the treaty's
//! first years.

use std::ops::Range;

use treaty_numbers::{Lang, Unit};
use treaty_segment::Topic;

use super::holding::{holding_basis_around, is_ceiling, is_holding};
use super::income::income_classes;
use super::owner::beneficial_owners;
use super::text::{lower, offset_in, quantities_within, words_around};
use super::words::{contains_any, starts_with_any, words};
use treaty_schema::{Basis, Conditions, Holding, Income, Period};

/// Topics whose percentages are withholding-rate caps.
pub fn is_rate_topic(topic: Topic) -> bool {
    matches!(
        topic,
        Topic::Dividends
            | Topic::Interest
            | Topic::Royalties
            | Topic::TechnicalServices
            | Topic::OtherIncome
    )
}

/// The conditions of the rate at `rate_span` of `paragraph_text`, read in its `clause`: its
/// beneficiary, the holding and holding period of the same clause, the income classes it (or
/// the subparagraph it refers to, `referenced`) names; a branch's profits alone where the
/// clause taxes them (`branch`); nothing in a clause "in all other cases". `quantities` are
/// the paragraph's.
#[allow(clippy::too_many_arguments)]
pub(crate) fn fill_rate_conditions(
    conditions: &mut Conditions,
    clause: &str,
    referenced: &str,
    paragraph_text: &str,
    topic: Topic,
    branch: bool,
    quantities: &[treaty_numbers::Quantity],
    rate_span: Range<usize>,
    lang: Lang,
) {
    let lowered = lower(clause);
    let list = words(lang).list;
    if branch {
        conditions.income.push(Income::BranchProfits);
        return;
    }
    if contains_any(&lowered, list.all_other_cases) {
        return;
    }
    let owners = beneficial_owners(clause, lang);
    if topic == Topic::Dividends || contains_any(&lowered, list.beneficial_owner) {
        conditions.beneficial_owner = owners.first().copied();
    }
    // A holding percentage in the same clause conditions this rate.
    let clause_start = offset_in(paragraph_text, clause)
        .or_else(|| paragraph_text.find(clause))
        .unwrap_or(0);
    let in_clause = quantities_within(quantities, clause_start..clause_start + clause.len());
    for other in in_clause {
        if other.span == rate_span || other.unit != Unit::Percent {
            continue;
        }
        let (before, after) = words_around(paragraph_text, other.span.clone());
        if is_holding(before, after, lang) {
            let holding = Holding {
                percent: other.value.to_string(),
                basis: holding_basis_around(before, after, lang),
            };
            if is_ceiling(paragraph_text, other.span.clone(), lang) {
                conditions.max_holding = Some(holding);
            } else if conditions.min_holding.is_none() {
                conditions.min_holding = Some(holding);
            }
        }
    }
    // "at least 10 per cent but less than 25 per cent of the capital": one basis for both.
    if let (Some(min), Some(max)) = (&mut conditions.min_holding, &conditions.max_holding) {
        if min.basis == Basis::Shares {
            min.basis = max.basis;
        }
    }
    for other in in_clause {
        if other.unit.is_duration()
            && !is_initial_period_at(topic, paragraph_text, other.span.clone(), lang)
        {
            conditions.holding_period = Period::new(other.value.as_str(), &other.unit);
        }
    }
    // Classes named in the clause, or in the paragraph the clause refers to.
    let mut classes = income_classes(clause, topic, lang);
    if classes.is_empty() && !referenced.is_empty() {
        classes = income_classes(referenced, topic, lang);
    }
    conditions.income = classes;
}

/// A duration at `span` that counts the first years of the treaty, not a holding period.
fn is_initial_period_at(
    topic: Topic,
    paragraph_text: &str,
    span: Range<usize>,
    lang: Lang,
) -> bool {
    let (before, after) = words_around(paragraph_text, span);
    is_initial_period(topic, before, after, lang)
}

/// True when a rate caps the tax on the profits of a permanent establishment (a branch
/// profits tax) rather than on dividends, interest or royalties.
pub(crate) fn is_branch_clause(clause: &str, lang: Lang) -> bool {
    let lowered = lower(clause);
    let list = words(lang).list;
    contains_any(&lowered, list.establishment) && !contains_any(&lowered, list.distribution_amount)
}

/// A duration in a tier of a royalties or technical-services article that counts the first
/// years of the treaty's application ("during the first five years for which this Convention
/// has effect ... and thereafter 15 per cent"), not how long a holding lasted.
pub(crate) fn is_initial_period(topic: Topic, before: &str, after: &str, lang: Lang) -> bool {
    if !matches!(topic, Topic::Royalties | Topic::TechnicalServices) {
        return false;
    }
    let list = words(lang).list;
    let before = lower(before);
    let after = lower(after);
    contains_any(&before, list.initial_period_before)
        || starts_with_any(after.trim_start(), list.initial_period_after)
}
