//! The conditions of a rate tier: beneficiary, holding, holding period, income classes, trigger.

use std::ops::Range;

use treaty_numbers::{Lang, Unit};
use treaty_segment::Topic;

use super::holding::{holding_basis_around, is_ceiling, is_holding};
use super::income::income_classes;
use super::owner::beneficial_owners;
use super::technical::is_initial_period;
use super::text::{lower, offset_in, quantities_within, words_around};
use super::words::{contains_any, words};
use treaty_schema::{Basis, Conditions, Holding, Income, Period};

#[allow(clippy::too_many_arguments)]
pub(super) fn fill_rate_conditions(
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

/// A most-favoured-nation clause: a rate that applies only if a State agrees a lower one with
/// a third State ("if ... agrees in a convention with a third State to a lower rate").
pub(super) fn is_most_favoured_nation(clause: &str, lang: Lang) -> bool {
    let lowered = lower(clause);
    let list = words(lang).list;
    contains_any(&lowered, list.third_state) && contains_any(&lowered, list.lower_rate)
}
